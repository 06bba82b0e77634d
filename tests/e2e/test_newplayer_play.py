"""A new player's playback, lifecycle and solver-job defects (issues #20 and #21), in every game.

Each test does what the issue's steps do, as a player would: Solve, Pause, a move by hand,
a reload, an option changed while a solution plays, a language switch, a slow line."""

import json
import random
import re

import pytest
from pages import BIG
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from puzzles.games import NAMES
from puzzles.huarong import Board as HuarongBoard
from puzzles.linkup import Board as LinkupBoard
from puzzles.linkup import joinable_pairs
from puzzles.sliding import Board as SlidingBoard

pytestmark = pytest.mark.e2e

# a board per game whose solution is long enough to pause in: 横刀立马 (116 moves), a 31-move 3 × 3, and
# Link-up's default board
QUERY = {
    "huarong": "?game=huarong&lang=en&speed=%d",
    "sliding": "?game=sliding&lang=en&speed=%d&board=3x3-867254301",
    "linkup": "?game=linkup&lang=en&speed=%d",
}
GAMES = tuple(QUERY)  # this order seeds the fuzz below
assert set(GAMES) == set(NAMES), "a board for every game of the registry"


def each_game(open_game, speed: int, lang: str = "en"):
    """``(game, page)`` for every game in one page: the first opened by its link of :data:`QUERY`, each
    other by its tab, with the board of its link pasted and the playback speed chosen, as the link has them."""
    first = open_game((QUERY[GAMES[0]] % speed).replace("lang=en", "lang=" + lang))
    yield GAMES[0], first
    for game in GAMES[1:]:
        page = first.show(game)
        board = re.search(r"board=([^&]+)", QUERY[game])
        if board:
            page.paste_board(board.group(1))
        page.set_speed(speed)
        yield game, page


def hand_moves(game, g):
    """The JS calls of every legal move a player could make on grid ``g`` of ``game``."""
    if game == "huarong":
        board = HuarongBoard.parse(json.dumps(g))
        return ["gameHandler.move(%d, %s)" % (pid, json.dumps(d)) for pid, d in board.legal_moves()]
    if game == "sliding":
        board = SlidingBoard.parse(json.dumps(g))
        z, cols = board.blank(), board.cols
        near = [p for p in (z - cols, z + cols) if 0 <= p < len(board.cells)]
        near += [p for p in (z - 1, z + 1) if 0 <= p < len(board.cells) and p // cols == z // cols]
        return ["gameHandler.move(%d)" % board.cells[p] for p in near]
    board = LinkupBoard.parse(json.dumps(g))
    out = []
    for a, b in joinable_pairs(board):
        cols = board.cols
        out.append("gameHandler.connect(%d, %d, %d, %d)" % (a // cols, a % cols, b // cols, b % cols))
    return out


# One JS task: the first of ``calls`` (worked out from an earlier grid) that is still legal on the board
# now. A playback runs between two page.evaluate calls, so a move chosen from a grid read before may have
# been taken (Link-up: a tile gone) or blocked meanwhile; inside one task nothing else moves.
MOVE_IF_STILL_LEGAL = """([game, calls]) => {
  const g = gameHandler.getBoard(), R = g.length, C = g[0].length;
  const at = (r, c) => (r >= 0 && r < R && c >= 0 && c < C ? g[r][c] : null);
  const still = (a) => {
    if (game === 'linkup') return g[a[0]][a[1]] !== 0 && g[a[0]][a[1]] === g[a[2]][a[3]];
    const cells = [];
    for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) if (g[r][c] === a[0]) cells.push([r, c]);
    if (game === 'sliding')
      return cells.some(([r, c]) => [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dr, dc]) => at(r + dr, c + dc) === 0));
    const [dr, dc] = {up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1]}[a[1]];
    return cells.every(([r, c]) => [0, a[0]].includes(at(r + dr, c + dc)));
  };
  for (const [name, args] of calls) if (still(args)) return gameHandler[name](...args);
  return 'none still legal';
}"""


def as_calls(moves):
    """``[name, args]`` of each JS call ``hand_moves`` wrote (``gameHandler.move(10, "left")``)."""
    out = []
    for call in moves:
        name, args = call[len("gameHandler.") :].split("(", 1)
        out.append([name, json.loads("[" + args[:-1] + "]")])
    return out


# ----------------------------------------------------------------- #20.2: a reload keeps played moves
def test_a_reload_keeps_the_moves_made_after_solve_started(open_game):
    """In each game (横刀立马 first): one move, Solve, Pause part-way, one move by hand; then one reload:
    every move of every game is still made."""
    kept = {}
    for game, page in each_game(open_game, 120):
        first = hand_moves(game, page.board())[0]
        assert page.evaluate(first) not in (False, [])
        page.solve_and_pause_at(15 if game == "huarong" else 4)
        move = hand_moves(game, page.board())[0]
        assert page.evaluate(move) not in (False, [])
        kept[game] = page.move_count(), page.board()
        assert kept[game][0] > 5, game
    page.reload()
    for game in GAMES:
        page = page.show(game)
        assert (page.move_count(), page.board()) == kept[game], game
        expect(page.button("Undo")).to_be_enabled()


@pytest.mark.parametrize("game", GAMES)
def test_a_reload_during_playback_keeps_the_moves_played(open_game, game):
    page = open_game(QUERY[game] % 120)
    page.solve()
    page.wait_playing(4)
    before = page.move_count()
    page.reload()
    assert page.move_count() >= before >= 3


@pytest.mark.parametrize("game", ["huarong", "sliding"])
def test_a_burst_of_console_moves_then_an_immediate_reload_keeps_them_all(open_game, game):
    """Saving is debounced (one write per burst), so the moves not yet written are written when
    the page is left: 301 console moves, then a reload at once."""
    page = open_game(QUERY[game] % 0, solver=False)
    # back and forth: Huarong's soldier 10 left and right; on the 3 × 3 board tile 1 beside the blank
    call = {"huarong": "gameHandler.move(10, i % 2 ? 'right' : 'left')", "sliding": "gameHandler.move(1)"}[game]
    made = page.evaluate("() => { let n = 0; for (let i = 0; i < 301; i++) n += %s ? 1 : 0; return n; }" % call)
    board = page.board()
    assert made == 301 and page.move_count() == 301
    page.reload()
    assert page.move_count() == 301 and page.board() == board


# ----------------------------------------------------------------- #21.3: a move during playback stops it
@pytest.mark.parametrize("paused", [False, True], ids=["playing", "paused"])
def test_a_players_move_during_playback_stops_it_and_the_status_tells_the_board(open_game, paused):
    for game, page in each_game(open_game, 120):
        if paused:
            page.solve_and_pause_at(3)
        else:
            page.solve()
            page.wait_playing()
        moves = hand_moves(game, page.board())
        assert page.evaluate(MOVE_IF_STILL_LEGAL, [game, as_calls(moves)]) not in (False, [], "none still legal")
        made = page.move_count()
        expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
        expect(page.button("Pause")).to_be_disabled()
        page.wait_for_timeout(700)  # the playback would have made several moves by now
        assert page.move_count() == made, game
        assert not page.is_solved(), game
        expect(page.status()).not_to_contain_text(re.compile("Solved|Cleared"))


def test_redo_with_nothing_to_redo_during_playback_stops_it_cleanly(open_game):
    """r (redo) while a solution plays: nothing to redo, but the player took the board — the playback
    stops, and the counter, Pause and the status say so (they kept saying "playing" before)."""
    for game, page in each_game(open_game, 120):
        page.solve()
        page.wait_playing()
        page.keyboard.press("r")
        made = page.move_count()
        expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
        expect(page.button("Pause")).to_be_disabled()
        expect(page.status()).not_to_contain_text(re.compile("Solved|Cleared"))
        page.wait_for_timeout(700)  # the playback would have made several moves by now
        assert page.move_count() == made, game


def test_huarong_keys_and_drags_during_playback_stop_it(open_game):
    """Arrow keys on a piece, and a drag, while 横刀立马's solution plays (paused too)."""
    page = open_game(QUERY["huarong"] % 120)
    page.solve_and_pause_at(5)
    board = HuarongBoard.parse(json.dumps(page.board()))
    pid, d = board.legal_moves()[0]
    key = {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight"}[d]
    page.locator('.hr-piece[data-pid="%d"]' % pid).press(key)
    expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
    expect(page.status()).not_to_contain_text("Solved")
    # and a drag while it plays: the piece is taken while the playback is paused (a piece the playback
    # moves would slip from under a pointer aimed at it on a loaded machine), then it plays on under the drag
    page.solve_and_pause_at(2)
    made = page.move_count()
    board = HuarongBoard.parse(json.dumps(page.board()))
    pid, d = board.legal_moves()[0]
    piece = page.locator('.hr-piece[data-pid="%d"]' % pid)
    box = piece.bounding_box()
    cell = page.locator("#hr-board").bounding_box()["width"] / board.cols
    dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[d]
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.button("Resume").press("Enter")
    page.wait_playing(3)
    page.mouse.move(x + dx * cell * 0.8, y + dy * cell * 0.8, steps=4)
    page.mouse.up()
    expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
    page.wait_for_timeout(500)
    count = page.move_count()
    assert count > made
    page.wait_for_timeout(500)
    assert page.move_count() == count
    expect(page.status()).not_to_contain_text("Solved")


# ----------------------------------------------------------------- #21.3: seeded fuzz, every game
STATUS_CLAIMS = re.compile(r"^(Solved|Cleared)")


def test_moves_interleaved_with_playback_fuzz(open_game):
    """In each game (by its tab, one page): a seeded mix of Solve, Pause, Step and moves (legal or not)
    by the console while a solution plays: after each, a status that claims the board solved is true of
    the board on screen (or the solution is still playing towards it), and a move by hand leaves no
    playback running."""
    for game, page in each_game(open_game, 40):
        _fuzz(page, game, random.Random(20_21 + GAMES.index(game)))


def _fuzz(page, game: str, rng: random.Random) -> None:
    for _ in range(40):
        r = rng.random()
        if r < 0.25:
            if page.is_solved():
                page.undo()
            page.solve()
            page.wait_for_timeout(rng.choice([50, 200, 400]))
        elif r < 0.35:
            _press_if_enabled(page.button(re.compile("Pause|Resume")))
        elif r < 0.42:
            _press_if_enabled(page.button("Step"))
        else:
            moves = hand_moves(game, page.board())
            call = rng.choice(moves) if moves and rng.random() < 0.8 else _illegal(game)
            page.evaluate(call)
            assert page.playing() is None, "a move by hand left the playback running: " + call
        page.wait_for_timeout(rng.choice([0, 30, 120]))
        text = page.status().text_content()
        if STATUS_CLAIMS.match(text) and page.playing() is None and page.move_count():
            page.wait_for_timeout(100)  # a playback's last move and its redraw
            text = page.status().text_content()
            if STATUS_CLAIMS.match(text) and page.playing() is None:
                assert page.is_solved(), "status %r on an unsolved board" % text


def _press_if_enabled(button) -> None:
    """Press ``button`` if it can be pressed. A playback that ends between a look and a press disables it
    (Playwright then waits for it in vain): that is no failure, as long as the button is disabled."""
    if not button.is_enabled():
        return
    try:
        button.click(timeout=3_000)
    except PlaywrightTimeoutError:
        assert not button.is_enabled(), "an enabled button took no click"


def _illegal(game):
    return {
        "huarong": "gameHandler.move(1, 'up')",
        "sliding": "gameHandler.move(99)",
        "linkup": "gameHandler.connect(0, 0, 0, 0)",
    }[game]


# ----------------------------------------------------------------- #20.3: an option changed mid-way
@pytest.mark.parametrize("game,change", [("huarong", "metric"), ("sliding", "mode"), ("linkup", "new")])
def test_an_option_changed_during_playback_stops_it_cleanly(open_game, game, change):
    page = open_game(QUERY[game] % 120)
    panel = page.panel
    page.solve()
    page.wait_playing()
    if change == "metric":
        panel.get_by_label("Count").select_option("piece")
    elif change == "mode":
        panel.get_by_label("Solve for").select_option("fast")
    else:
        panel.get_by_role("button", name="New board").click()
    expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
    made = page.move_count()
    page.wait_for_timeout(700)
    assert page.move_count() == made
    expect(page.button("Pause")).to_be_disabled()
    expect(page.status()).not_to_contain_text(re.compile("Solved|Cleared"))
    # Solve again works under the new option, to the end
    page.solve()
    page.wait_solved()
    expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
    expect(page.status()).to_contain_text(re.compile("Solved|Cleared"))


def test_an_option_changed_during_a_search_cancels_it(open_game):
    """A Huarong search that takes long (an 8 × 8 board with few pieces): the metric switched
    while it runs stops it, and no solution of the old metric is played afterwards."""
    page = open_game("?game=huarong&lang=en&speed=0")
    page.paste_board(json.dumps(BIG))
    page.solve()
    expect(page.locator("html")).to_have_attribute("data-solver-state", "solving")
    page.panel.get_by_label("Count").select_option("piece")
    expect(page.locator("html")).to_have_attribute("data-solver-state", "idle", timeout=10_000)
    expect(page.button("Solve")).to_be_enabled()
    assert page.board() == BIG
    # the search cancelled does not cancel the next one (a stale Cancel once answered every later
    # Solve and Hint with "cancelled" for the rest of the visit)
    page.choose_layout("兵分三路")
    page.hint()
    expect(page.status()).to_contain_text("Hint:")
    page.solve()
    expect(page.status()).to_contain_text("Solved:")


# ----------------------------------------------------------------- #20.6: what Solve is doing, from the first frame
FIRST_TEXT = """() => {
  window.__firstProgress = null;
  const box = document.querySelector('[role=tabpanel]:not([hidden]) .progress');
  new MutationObserver((records, obs) => {
    if (box.hidden) return;
    window.__firstProgress = box.querySelector('.progress-text').textContent;
    obs.disconnect();
  }).observe(box, {attributes: true, attributeFilter: ['hidden']});
}"""


@pytest.mark.parametrize("game", GAMES)
def test_solve_says_what_it_does_from_the_first_frame(open_game, game):
    """Solve pressed right after a cold open (the solver may still be loading): the progress box
    never shows empty, it says it waits for the solver or starts the search."""
    page = open_game(QUERY[game] % 0, "phone", solver=False)
    page.evaluate(FIRST_TEXT)
    page.solve()
    page.wait_for_function("window.__firstProgress !== null")
    first = page.evaluate("window.__firstProgress")
    # the solver may have come up meanwhile and be working this board out ahead: Solve then adopts
    # that search and shows its count at once (or its answer, ready before the click)
    said = re.compile(r"Waiting for the solver to start…|Starting the search…|[\d,]+ positions explored|Ready before")
    assert first and said.match(first), first
    page.wait_solved()


# ------------------------------------------- #20.10: ready ahead, solved by the solver, a win's moment
def test_an_answer_worked_out_ahead_says_so(open_game):
    page = open_game("?game=sliding&lang=en&speed=0")
    panel = page.panel
    page.wait_ahead("solve")  # the look-ahead works the 5-move board out meanwhile
    page.solve()
    expect(page.status()).to_have_text("Solved: 5 moves", timeout=30_000)
    assert page.status().get_attribute("data-answer") == "ready"
    text = panel.locator(".progress-text").text_content()
    assert "before you clicked" in text and not re.search(r"\d\.\d\d s", text), text


def test_a_board_solved_by_the_solver_says_so_after_a_reload(open_game):
    """Every game solved in one page, then one reload: each game's status says so, in both languages."""
    for _game, page in each_game(open_game, 0):
        page.solve()
        page.wait_solved()
        expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
    page.reload()
    for lang in ("en", "zh"):
        if lang == "zh":
            page.switch_language()
        for game in GAMES:
            status = page.show(game).status()
            expect(status).to_contain_text(re.compile("(Solved|Cleared) by the solver" if lang == "en" else "由求解器"))


def _sliding_solution(code):
    from puzzles.sliding.solver import solve

    return solve(SlidingBoard.parse(code)).moves


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_win_by_hand_gets_a_moment(open_game, motion):
    page = open_game.blank()
    page.emulate_media(reduced_motion=motion)
    page = page.open("?game=sliding&lang=en", solver=False)
    panel = page.panel
    moves = _sliding_solution("2x3-412503")
    for tile in moves[:-1]:
        assert page.evaluate("gameHandler.move(%d)" % tile)
    assert panel.get_attribute("data-celebrated") is None
    assert page.evaluate("gameHandler.move(%d)" % moves[-1])
    expect(panel).to_have_attribute("data-celebrated", "1")
    expect(panel).to_have_class(re.compile("celebrating"))
    animation = page.evaluate("getComputedStyle(document.querySelector('#sp-board')).animationName")
    assert animation == ("none" if motion == "reduce" else "celebrate")
    expect(panel).not_to_have_class(re.compile("celebrating"), timeout=5_000)


def test_share_opens_the_system_share_sheet_where_there_is_one(open_game):
    page = open_game("?game=sliding&lang=en", "phone", solver=False)
    page.evaluate("() => { navigator.share = async (d) => { window.__shared = d; }; }")
    page.button("Share").click()
    page.wait_for_function("window.__shared !== undefined")
    shared = page.evaluate("window.__shared")
    assert "game=sliding" in shared["url"] and "board=" in shared["url"], shared
    expect(page.status()).to_have_text("Shared.")


def test_share_from_a_refused_draft_opens_no_sheet_with_an_older_link(open_game):
    """A link was shared; then the editor's draft has no 曹操: Share refuses the draft, and must not
    hand the system sheet the link made before."""
    page = open_game("?game=huarong&lang=en", "phone", solver=False)
    page.evaluate("() => { window.__shared = []; navigator.share = async (d) => { window.__shared.push(d.url); }; }")
    page.button("Share").click()
    page.wait_for_function("window.__shared.length === 1")
    page.button("Edit").click()
    page.locator("#hr-edit-board .hr-piece.boss").click()
    page.keyboard.press("Delete")
    page.button("Share").click()
    expect(page.alert()).to_have_text(re.compile("no piece 1"))
    page.wait_for_timeout(300)
    assert page.evaluate("window.__shared.length") == 1


def test_share_falls_back_to_the_box_when_the_sheet_fails(open_game):
    page = open_game("?game=huarong&lang=en", "phone", solver=False)
    page.evaluate("() => { navigator.share = () => Promise.reject(new DOMException('no', 'NotAllowedError')); }")
    page.button("Share").click()
    expect(page.panel.get_by_role("textbox", name="Link to this board")).to_have_value(re.compile("game=huarong"))


# ----------------------------------------------------------------- #20.9: a language switch redraws every word
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
ENGLISH_WORDS = re.compile(r"[A-Za-z]{3,}(?:\s+[A-Za-z]{2,}){2,}")  # three English words in a row: a sentence
PANEL_TEXT = """() => {
  const panel = document.querySelector('[role=tabpanel]:not([hidden])');
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === 3) { parts.push(node.textContent); return; }
    if (node.nodeType !== 1 || node.hidden || node.matches('.lu-board, select, option, textarea')) return;
    for (const child of node.childNodes) walk(child);
  };
  walk(panel);
  for (const a of panel.querySelectorAll('[aria-label], [placeholder], [title]'))
    if (!a.closest('[hidden]'))
      for (const name of ['aria-label', 'placeholder', 'title'])
        if (a.getAttribute(name)) parts.push(a.getAttribute(name));
  parts.push(document.getElementById('solver-note').textContent);
  return parts.map(s => s.trim()).filter(Boolean);
}"""


def _leftovers(page, lang):
    texts = page.evaluate(PANEL_TEXT)
    if lang == "en":
        return [s for s in texts if CJK.search(s)]
    return [s for s in texts if ENGLISH_WORDS.search(s)]


def test_a_language_switch_leaves_no_word_behind(open_game):
    """In each game: Solve, undo a few moves, ask a hint; then each switch redraws every text of the
    panel: no CJK character left in English, no English sentence left in 中文."""
    for game, page in each_game(open_game, 0, "zh"):
        page.button("求解").click()
        page.wait_solved()
        expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
        for lang in ("en", "zh"):
            page.switch_language()
            assert _leftovers(page, lang) == [], (game, lang)
        page.button("撤销").click()
        page.button("撤销").click()
        page.button("提示").click()
        expect(page.status()).not_to_have_text(re.compile("正在计算提示"), timeout=30_000)
        for lang in ("en", "zh", "en", "zh"):  # ends in 中文, as the next game starts
            page.switch_language()
            assert _leftovers(page, lang) == [], (game, lang)


# ----------------------------------------------------------------- #21.4: a slow download of the pattern tables
@pytest.fixture
def slow_tables():
    """A server on this machine that sends the 4 × 4 tables file in 64 KiB pieces, 4 a second:
    about 12 s for its 3.1 MB (a 2 Mbit/s line), longer than the page's 10 s watchdog."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    from pathlib import Path
    from time import sleep

    data = (Path(__file__).resolve().parents[2] / "static/data/sliding-4x4.pdb").read_bytes()
    served = []

    class Slow(BaseHTTPRequestHandler):
        def do_GET(self):
            served.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Access-Control-Allow-Origin", "*")
            self.end_headers()
            try:
                for i in range(0, len(data), 65536):
                    self.wfile.write(data[i : i + 65536])
                    self.wfile.flush()
                    sleep(0.25)
            except OSError:  # the page aborted the download
                pass

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/sliding-4x4.pdb" % server.server_address[1], served
    server.shutdown()


NEAR_4X4 = SlidingBoard.goal(4, 4).play([12, 8, 4, 3])  # four moves from the goal: a search that needs the tables
WORKERS = "document.querySelectorAll('script[type=py][worker]').length"


def test_a_slow_tables_download_is_progress_not_a_dead_solver(open_game, slow_tables):
    url, served = slow_tables
    page = open_game.blank()
    page.route("**/sliding-4x4.pdb", lambda route: route.continue_(url=url))
    page = page.open("?game=sliding&lang=en&speed=0&board=" + NEAR_4X4.to_code())
    panel = page.panel
    page.solve()
    progress = panel.locator(".progress-text")
    expect(progress).to_have_text(re.compile(r"Downloading the pattern tables: [0-9.]+ of 3\.\d MB \(\d+ %\)"))
    page.wait_for_function(
        "() => { const m = /\\((\\d+) %\\)/.exec(document.querySelector('#panel-sliding .progress-text').textContent);"
        " return m && +m[1] >= 50; }",
        timeout=30_000,
    )
    expect(page.status()).to_have_text("Solved: 4 moves", timeout=60_000)
    expect(page.locator("#sliding-alert")).to_have_text("")
    assert page.evaluate(WORKERS) == 1  # never declared dead and restarted
    assert len(served) == 1


def test_cancel_stops_a_tables_download_and_a_later_solve_tries_again(open_game, slow_tables):
    url, served = slow_tables
    page = open_game.blank()
    page.route("**/sliding-4x4.pdb", lambda route: route.continue_(url=url))
    page = page.open("?game=sliding&lang=en&speed=0&board=" + NEAR_4X4.to_code())
    panel = page.panel
    page.solve()
    expect(panel.locator(".progress-text")).to_contain_text("Downloading the pattern tables")
    page.button("Cancel").click()
    expect(page.status()).to_have_text("Solve cancelled; the board is as it was.")
    expect(page.locator("html")).to_have_attribute("data-solver-state", "idle")
    page.wait_for_timeout(11_000)  # past the watchdog: the worker is the same, and still answers
    assert page.evaluate(WORKERS) == 1
    expect(page.status()).to_have_text("Solve cancelled; the board is as it was.")
    page.solve()
    expect(page.status()).to_have_text("Solved: 4 moves", timeout=60_000)
    expect(page.locator("#sliding-alert")).to_have_text("")
    assert len(served) == 2 and page.evaluate(WORKERS) == 1


@pytest.mark.parametrize(
    "path,block,provoked",
    [
        # the 404, and the worker's failure
        (
            "**/worker_jobs.py",
            lambda route: route.fulfill(status=404, body="gone"),
            ["/py/worker_jobs.py", "console error: MessageEvent"],
        ),
        ("**/worker.py", "abort", ["console error: Failed to load resource: net::ERR_FAILED"]),  # the aborted load
    ],
    ids=["missing", "blocked"],
)
def test_a_solver_that_never_started_promises_no_new_one(open_game, path, block, provoked):
    """Blocked worker files: the header says it failed to start; Solve says so too (no "a new
    one is starting" that never starts), in words (not a runtime's tuple), and the page is left
    with no uncaught error."""
    errors = []
    open_game.allow += provoked
    page = open_game.blank()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route(path, (lambda route: route.abort()) if block == "abort" else block)
    page = page.open("?game=huarong&lang=en", solver=False)
    expect(page.locator("#solver-note")).to_contain_text("failed to start", timeout=60_000)
    for _ in range(2):
        page.solve()
        expect(page.status()).to_contain_text("The solver could not start")
        expect(page.status()).not_to_contain_text("new one")
    assert "JsProxy" not in page.locator("#solver-note").text_content()
    assert page.evaluate(WORKERS) == 1
    assert page.evaluate("gameHandler.move(10, 'left')") is True
    page.wait_for_timeout(500)
    assert errors == []


# ----------------------------------------------------------------- #20.10: LeetCode's own form
def test_leetcodes_board_form_pastes_and_a_bad_paste_names_the_json_form(open_game):
    """(The Chinese message names the JSON form too: tests/test_sliding_engine.py.)"""
    page = open_game("?game=sliding&lang=en", solver=False)
    before = page.board()
    page.paste_board("hello")
    expect(page.alert()).to_contain_text("JSON form")
    assert page.board() == before, "a refused paste leaves the board as it was"
    page.paste_board("board = [[1,2,3],[4,0,5]]")
    expect(page.locator("#sliding-alert")).to_have_text("")  # the refusal is gone
    assert page.board() == [[1, 2, 3], [4, 0, 5]]
