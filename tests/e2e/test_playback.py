"""Playback as a player meets it, in every game: a reload keeps the moves played, a move by hand
(or a key, a drag, Redo) stops a playback, an option changed mid-way stops it or cancels the search;
and a seeded fuzz of moves interleaved with playback."""

import ast
import json
import random
import re

import pytest
from pages import BIG, GAME_ORDER, GAME_QUERIES, each_game
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from puzzles.games import GAMES
from puzzles.huarong import Board as HuarongBoard

pytestmark = pytest.mark.e2e


def hand_moves(game, g):
    """The console lines (``gameHandler.move(10, 'left')``, ``gameHandler.connect(0, 0, 0, 2)``) of every legal
    move a player could make on grid ``g`` of ``game``: its spec's ``legal_moves``, as ``format_move`` writes them."""
    spec = GAMES[game]
    board = spec.board.parse(json.dumps(g))
    return [spec.format_move(board, m) for m in spec.legal_moves(board)]


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
        out.append([name, ast.literal_eval("[" + args[:-1] + "]")])
    return out


# ----------------------------------------------------------------- a reload keeps played moves
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
    for game in GAME_ORDER:
        page = page.show(game)
        assert (page.move_count(), page.board()) == kept[game], game
        expect(page.button("Undo")).to_be_enabled()


def test_a_reload_during_playback_keeps_the_moves_played(open_game):
    """Huarong: Solve, then a reload while the solution plays: every move it played is still made (the
    page's pagehide writes them). Each game's flush on leaving mid-playback is tests/test_midend_page.py's."""
    page = open_game(GAME_QUERIES["huarong"] % 120)
    page.solve()
    page.wait_playing(4)
    before = page.move_count()
    page.reload()
    assert page.move_count() >= before >= 3


def test_a_burst_of_console_moves_then_an_immediate_reload_keeps_them_all(open_game):
    """Saving is debounced (one write per burst), so the moves not yet written are written when
    the page is left: 301 console moves (Huarong's soldier 10 left and right), then a reload at once."""
    page = open_game(GAME_QUERIES["huarong"] % 0, solver=False)
    made = page.evaluate("() => { let n = 0; for (let i = 0; i < 301; i++) "
                         "n += gameHandler.move(10, i % 2 ? 'right' : 'left') ? 1 : 0; return n; }")
    board = page.board()
    assert made == 301 and page.move_count() == 301
    page.reload()
    assert page.move_count() == 301 and page.board() == board


# ----------------------------------------------------------------- a move during playback stops it
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
    page = open_game(GAME_QUERIES["huarong"] % 120)
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


# ----------------------------------------------------------------- seeded fuzz, every game
STATUS_CLAIMS = re.compile(r"^(Solved|Cleared)")


def test_moves_interleaved_with_playback_fuzz(open_game):
    """In each game (by its tab, one page): a seeded mix of Solve, Pause, Step and moves (legal or not)
    by the console while a solution plays: after each, a status that claims the board solved is true of
    the board on screen (or the solution is still playing towards it), and a move by hand leaves no
    playback running."""
    for game, page in each_game(open_game, 40):
        _fuzz(page, game, random.Random(20_21 + GAME_ORDER.index(game)))


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


# ----------------------------------------------------------------- an option changed mid-way
# An option's select stopping a playback is the midend's (tests/test_midend_page.py: the sliding puzzle's mode,
# Huarong's metric; a solve under Huarong's piece metric is tests/e2e/test_player.py's counter test); here
# through the page, with the solve after it: Link-up's New board (a job of the worker's).
@pytest.mark.parametrize("game,change", [("linkup", "new")])
def test_an_option_changed_during_playback_stops_it_cleanly(open_game, game, change):
    page = open_game(GAME_QUERIES[game] % 120)
    panel = page.panel
    page.solve()
    page.wait_playing()
    assert change == "new"
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
