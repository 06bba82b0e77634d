"""The midend run in CPython: a game's real view, its parts and the Session, on a fake page
(tests/fake_page.py stands in for ``pyscript``: timers a test fires, storage in a dict). Checked here
without a browser: the move path (a move in, the session's news, the redraw, the save), the
playback's rules (a player's move stops it, its own moves do not, speed 0 plays in batches each in a
timer of its own) and the lifecycle (a reload keeps the moves; who played them is saved once)."""

import asyncio
import json

import pytest

import fake_page
from helpers import NASTY
from puzzles.games import GAMES

pytestmark = pytest.mark.waits  # on clocks, sockets or other processes more than it computes (tests/conftest.py)


@pytest.fixture
def page():
    fake = fake_page.install()
    yield fake
    fake_page.uninstall()


def make_view(game: str, params: "dict | None" = None) -> object:
    """The game's real view, built and opened as the shell does (``View(...)`` then ``start()``)."""
    from unittest import mock

    spec = GAMES[game]
    module = fake_page.page_module(spec.view)
    shell = mock.MagicMock(name="shell")
    shell.game, shell.params, shell.lang = game, dict(params or {}), "en"
    shell.t.side_effect = lambda key, **values: key
    shell.records = fake_page.page_module("app.records").Records()
    view = module.View(shell, fake_page.Element(), spec)
    view.start()
    return view


def legal(view: object) -> object:
    """A move the player could make on the board (one tile next to the blank, in the sliding puzzle)."""
    state = view.session.state
    return next(t for t in range(1, len(state.cells)) if state.line_to_blank(t) == [t])


def run(coro_fn: object) -> None:
    asyncio.run(coro_fn())


def saved(page: object, game: str) -> dict:
    page.window.timers.fire(ignore_delay=True)
    return json.loads(page.window.safeStorage.get("bfs-puzzles." + game))


def test_a_players_move_goes_through_the_session_which_announces_it_once(page):
    async def body():
        view = make_view("sliding")
        heard = []
        view.session.subscribe(heard.append)
        move = legal(view)
        assert view.play(move)
        assert heard == ["moved"]
        assert view.frame.counter.textContent == "moves" and view.undo_btn.disabled is False
        assert not view.play(99) and heard == ["moved"]  # refused: nothing changes, nothing said
        assert saved(page, "sliding")["moves"] == [move] and saved(page, "sliding")["cursor"] == 1
        view.undo()
        assert heard == ["moved", "travelled"] and view.session.cursor == 0

    run(body)


def _solution(view: object) -> list:
    from puzzles.sliding import solver

    return list(solver.solve(view.session.state).moves)


def test_a_playbacks_own_moves_leave_it_playing_and_a_players_move_stops_it(page):
    async def body():
        view = make_view("sliding", {"speed": "1"})
        moves = _solution(view)
        assert len(moves) > 3
        view.player.start(moves)
        await fake_page.drive(page.window, lambda: view.session.cursor >= 2)
        assert view.player.playing and view.session.by == "solver"  # its own moves: it goes on
        made = view.session.cursor
        view.play(legal(view))  # the player takes the board
        assert view.player.playback is None and view.session.by is None
        assert view.session.cursor == made + 1 and view.session.helped  # its moves stay made; no record
        await asyncio.sleep(0.02)
        assert view.session.cursor == made + 1  # and nothing more is played

    run(body)


def test_an_illegal_players_move_stops_a_playback_too(page):
    async def body():
        view = make_view("sliding", {"speed": "1"})
        view.player.start(_solution(view))
        await fake_page.drive(page.window, lambda: view.session.cursor >= 1)
        assert not view.play(99)
        assert view.player.playback is None

    run(body)


def test_speed_0_plays_in_batches_each_in_a_timer_of_its_own(page, monkeypatch):
    async def body():
        view = make_view("sliding", {"speed": "0"})
        monkeypatch.setattr(fake_page.page_module("app.playback"), "BATCH_MS", -1)  # one move a batch
        moves = _solution(view)
        heard = []
        view.session.subscribe(heard.append)
        view.player.start(moves)
        await fake_page.drive(page.window, lambda: view.player._batching is not None)
        assert view.session.cursor == 0  # nothing played outside a timer
        batch = view.player._batch_timer
        for i in range(1, 3):
            assert [t[2] for t in page.window.timers.queue].count(batch) == 1
            page.window.timers.fire(ignore_delay=True)
            assert view.session.cursor == i  # one batch, one timer
        await fake_page.drive(page.window, lambda: view.player.playback is None)
        assert view.session.cursor == len(moves) and view.session.state.is_solved()
        assert heard == []  # a helper's moves are the playback's, not news of the player's
        assert view.session.solver_solved()

    run(body)


def test_a_reload_keeps_the_moves_and_who_played_them(page):
    async def body():
        view = make_view("sliding", {"speed": "0"})
        view.player.start(_solution(view))
        await fake_page.drive(page.window, lambda: view.player.playback is None)
        data = saved(page, "sliding")
        assert data["by"] == "solver" and data["clock"]["assisted"] is True
        again = make_view("sliding")
        assert again.session.state == view.session.state and again.session.cursor == view.session.cursor
        assert again.session.solver_solved() and again.session.helped
        assert again.frame.status_key[0] == view.TEXT["by_solver"]
        again.undo()
        assert "by" not in saved(page, "sliding") and saved(page, "sliding")["clock"]["assisted"] is True

    run(body)


def test_a_players_win_by_hand_is_not_the_solvers(page):
    async def body():
        view = make_view("sliding")
        for move in _solution(view):
            assert view.play(move)
        data = saved(page, "sliding")
        assert "by" not in data and data["clock"]["assisted"] is False
        assert not view.session.solver_solved() and view.frame.status_key[0] == view.won_key()
        assert view.records.result["moves"]  # a win by hand: its result, with the moves counted

    run(body)


def test_each_write_is_a_timer_of_its_own_and_a_burst_writes_once(page):
    async def body():
        view = make_view("sliding")
        page.window.timers.fire(ignore_delay=True)
        store = page.window.safeStorage
        writes = []
        real_set = store.set
        store.set = lambda key, value: (writes.append(key), real_set(key, value))
        for _ in range(4):
            assert view.play(legal(view))
        assert writes == []  # debounced: not in the move's task
        assert page.window.timers.fire(ignore_delay=True) >= 1
        assert writes == ["bfs-puzzles.sliding"]

    run(body)


def test_a_bad_save_is_set_aside_and_the_default_board_opens(page):
    async def body():
        page.window.safeStorage.set("bfs-puzzles.sliding", '{"v": 2, "start": "nonsense", "moves": []}')
        view = make_view("sliding")
        assert view.session.start == GAMES["sliding"].default() and view.session.cursor == 0
        assert view.frame.alert_error is not None

    run(body)


# Saved games a page may find (storage written by hand, another version, a fault): each opens the game's
# default board, which then plays. tests/e2e/test_hostile_saves.py opens one in Chromium, among built games.
CORRUPT_OR_OLD_SAVES = [
    '{"start":5}',
    '{"start":null}',
    '{"start":[1]}',
    '{"start":true}',
    "not json",
    '{"v":2,"start":"x","moves":[]}',
    '{"v":2,"start":"3114/3114/5226/5786/900a","moves":[1e400]}',
    '{"v":2,"start":"3114/3114/5226/5786/900a","moves":[[]]}',
    '{"start":"3114/3114/5226/5786/900a","moves":[[10,"left"]]}',  # the older format (no "v")
]


@pytest.mark.parametrize("saved", CORRUPT_OR_OLD_SAVES)
def test_a_corrupt_or_old_saved_game_opens_the_default_board_which_plays(page, saved):
    async def body():
        page.window.safeStorage.set("bfs-puzzles.huarong", saved)
        view = make_view("huarong")
        assert view.session.state == GAMES["huarong"].default() and view.session.cursor == 0
        assert view.play((10, "left")) and view.session.cursor == 1

    run(body)


def _solution_of(view: object, game: str) -> list:
    if game == "huarong":
        from puzzles.huarong import solver

        return list(solver.solve(view.session.state, "cell").moves)
    return _solution(view)


@pytest.mark.parametrize("game, name, value", [("sliding", "mode", "fast"), ("huarong", "metric", "piece")])
def test_an_option_changed_during_playback_stops_it_and_its_moves_stay(page, game, name, value):
    """The option's select calls ``set_option``: the playback stops where it is (the counter drops its
    "playing", Pause is off), plays nothing more, and the option is the new one."""
    async def body():
        params = {"speed": "120", "board": "3x3-867254301"} if game == "sliding" else {"speed": "120"}
        view = make_view(game, params)
        view.player.start(_solution_of(view, game))
        await fake_page.drive(page.window, lambda: view.session.cursor >= 2)
        assert view.frame.counter.getAttribute("data-playing") and view.frame.pause_btn.disabled is False
        view.life.set_option(name, value)
        made = view.session.cursor
        assert view.player.playback is None and view.session.options[name] == value
        assert view.frame.counter.getAttribute("data-playing") is None and view.frame.pause_btn.disabled
        for _ in range(5):  # the playback's next moves were due by now
            await asyncio.sleep(0.15)
            page.window.timers.fire()
        assert view.session.cursor == made >= 2 and not view.session.state.is_solved()

    run(body)


def test_the_options_a_link_always_carries_are_the_specs_word(page):
    """Huarong's metric goes into the address whenever it changes (its spec links it); the sliding
    puzzle's mode only when the link named it."""
    async def body():
        view = make_view("huarong")
        view.shell.set_url.reset_mock()
        view.life.set_option("metric", "piece")
        view.shell.set_url.assert_called_with(metric="piece")
        view = make_view("sliding")
        view.shell.set_url.reset_mock()
        view.shell.params = {}
        view.life.set_option("mode", "fast")
        assert view.session.options["mode"] == "fast" and not view.shell.set_url.called

    run(body)


@pytest.mark.parametrize("game, said", [("linkup", "lu_cleared_already"), ("sliding", "solved_already")])
def test_solve_on_the_goal_says_so_in_the_games_words_without_the_worker(page, game, said):
    async def body():
        view = make_view(game, {"board": "2x3-123450"} if game == "sliding" else {})
        if game == "linkup":
            goal = view.session.state
            while not goal.is_solved():  # the board cleared pair by pair, as the solver would
                goal = view.spec.apply(goal, view.spec.legal_moves(goal)[0])
            view.life.load(goal)
        assert view.session.state.is_solved()
        await view.jobs.solve(view.say_ready, lambda moves, steps: pytest.fail("nothing to play"))
        assert view.frame.status_key[0] == said
        assert not view.shell.solver.run.called  # answered without the worker

    run(body)


def test_a_win_finished_by_hand_after_the_solvers_answer_is_no_record(page):
    """The solver's answer played to the goal, its last move undone and made again by hand: the board is
    won with help, so the result box says so (``res_assisted``) and no record is kept."""
    async def body():
        view = make_view("sliding", {"speed": "0"})
        moves = _solution(view)
        view.player.start(moves)
        await fake_page.drive(page.window, lambda: view.player.playback is None)
        view.undo()
        assert not view.session.state.is_solved()
        assert view.play(moves[-1]) and view.session.state.is_solved()
        assert view.records.result == {"assisted": True}
        box = view.records.result_el
        assert box.getAttribute("hidden") is None and [p.textContent for p in box.children] == ["res_assisted"]
        assert view.shell.records.count() == 0

    run(body)


@pytest.mark.parametrize("game, board, said", [("huarong", "2233/4567/89ab/0110/0110", "hr_at_goal"),
                                               ("sliding", "2x3-123450", "sp_at_goal")])
def test_a_link_to_a_board_at_its_goal_says_so_in_the_games_words(page, game, board, said):
    """A link to a board already at its goal opens on it, not won by anyone (no move, no result), and the
    status says it is at the goal in the game's own words."""
    async def body():
        view = make_view(game, {"board": board})
        assert view.session.state == GAMES[game].board.parse(board) and view.session.state.is_solved()
        assert view.session.cursor == 0 and view.records.result is None
        assert view.frame.status_key[0] == said

    run(body)


def test_a_pasted_linkup_board_with_no_pair_to_join_says_so(page):
    """Load of a Link-up board on which no pair can be joined: the board opens and the status says no pair
    can be joined (shuffle or undo), not that the board loaded."""
    async def body():
        view = make_view("linkup")
        view.life.board_input[1].value = "[[1,2],[2,1]]"
        view.life.load_btn.listeners["click"][0](None)
        assert view.session.state == GAMES["linkup"].board.parse("[[1,2],[2,1]]") and view.session.cursor == 0
        assert view.frame.status_key[0] == "lu_no_pair"
        view.life.board_input[1].value = "[[1,1],[2,2]]"  # a pair to join: the ordinary word
        view.life.load_btn.listeners["click"][0](None)
        assert view.frame.status_key[0] == "loaded"

    run(body)


@pytest.mark.parametrize("code, said", [
    ("x" * 20001, ("code_link_too_long", {"n": 20001, "max": 20000})),  # over the panel's MAX_CODE
    ("", None),  # an empty code is no code
    ("def slidingPuzzle(board):\n    return 0  # the link's\n", ("code_from_link_draft", {})),
], ids=["too-long", "empty", "draft"])
def test_a_links_code_in_the_query_opens_as_a_draft_or_is_refused_and_the_saved_code_stays(page, code, said):
    """A link of the older form (``?code=``): the Code panel takes its code as a draft beside the learner's
    saved code, or says why it cannot (too long) or takes nothing (empty); the saved code is never touched."""
    mine = "def slidingPuzzle(board):\n    return -1  # mine\n"
    page.window.location.hash = ""
    page.window.safeStorage.set("bfs-puzzles.code.sliding", mine)
    view = make_view("sliding", {"code": code})
    code_panel = fake_page.page_module("app.code_panel")
    panel = code_panel.CodePanel(view.shell, view.spec, view.session, view.frame, view.player, view.jobs)
    assert panel.link_said == said
    if said == ("code_from_link_draft", {}):
        assert panel.text == code and panel.draft == mine
    else:
        assert panel.text == mine and panel.draft is None
    assert page.window.safeStorage.get("bfs-puzzles.code.sliding") == mine


def _walk(view: object, n: int) -> list:
    """``n`` moves a player could make one after another from the board now (each game's ``legal_moves``)."""
    spec, board, moves = view.spec, view.session.state, []
    for _ in range(n):
        move = spec.legal_moves(board)[0]
        moves.append(move)
        board = spec.apply(board, move)
    return moves


@pytest.mark.parametrize("game", ["huarong", "linkup", "sliding"])
def test_leaving_the_page_mid_playback_keeps_every_move_played(page, game):
    """The page left (or reloaded) while a playback plays: what leaving does (``flush``, which the shell's
    pagehide calls) writes every move played so far, and the game opened again has them all."""
    async def body():
        view = make_view(game, {"speed": "1"})
        view.player.start(_walk(view, 8))
        await fake_page.drive(page.window, lambda: view.session.cursor >= 3)
        assert view.player.playback is not None
        played, board = view.session.cursor, view.session.state
        view.life.flush()
        again = make_view(game)
        assert again.session.cursor == played and again.session.state == board

    run(body)


def test_a_burst_of_moves_is_written_when_the_page_is_left_before_its_timer(page):
    """301 moves at once, then the page left before the debounced write is due: leaving writes them, and
    the game opened again has all 301 and their board."""
    async def body():
        view = make_view("sliding")
        for _ in range(301):
            assert view.play(legal(view))
        assert page.window.safeStorage.get("bfs-puzzles.sliding") is None  # nothing written yet
        view.life.flush()
        again = make_view("sliding")
        assert again.session.cursor == 301 and again.session.state == view.session.state

    run(body)


LINK_TEXTS = [NASTY[0], "%00\u202e💥<b>x</b>"]  # a 10,000-character board, and characters a URL escapes


@pytest.mark.parametrize("text", LINK_TEXTS, ids=["deep", "escaped"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_links_bad_board_opens_the_default_board_with_the_reason_in_the_alert(page, game, text):
    """A link's ``board`` that does not parse: the game's default board opens, no move made, and the alert
    says the link's board was not loaded, with the parser's reason (a coded message, so it follows the
    page's language)."""
    async def body():
        view = make_view(game, {"board": text})
        assert view.session.state == GAMES[game].default() and view.session.cursor == 0
        code, values, fallback, prefix, near = view.frame.alert_error
        assert prefix == "bad_url_board" and code and fallback
        assert near == "" and view.frame.near == ""  # about the link: no paste box says it too
        assert page.window.safeStorage.get("bfs-puzzles." + game) is None  # nothing saved over

    run(body)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_refused_paste_is_said_under_its_box_until_the_alert_goes(page, game):
    """The paste box's note says the alert about its text (the text area marked invalid), says it again
    on a language switch, and goes with the alert."""
    async def body():
        view = make_view(game)
        frame, life = view.frame, view.life
        note, area = frame.notes[game + "-board-input"]
        life.board_input[1].value = "not a board"
        life._on_load(None)
        said = str(frame.alert.textContent)
        assert said and str(note.textContent) == said and not note.hidden
        assert area.getAttribute("aria-invalid") == "true"
        note.textContent = ""  # a language switch writes it again, from the frame's state
        frame.relabel()
        assert str(note.textContent) == str(frame.alert.textContent) == said
        frame.clear_alert()
        assert note.hidden and str(note.textContent) == "" and area.getAttribute("aria-invalid") is None

    run(body)


@pytest.mark.parametrize("outcome", ["shared", "refused"])
def test_the_share_sheets_answer_is_handled_in_the_click_itself(page, outcome):
    """Share hands the link to the system sheet and attaches both outcomes to its promise before the
    click returns: a refusal handled only later, in a task, is an unhandled rejection meanwhile. The
    sheet's success is said; its refusal leaves the link in the box, unsaid."""
    attached = []

    class Promise:
        def then(self, on_done, on_failed):
            attached.append((on_done, on_failed))

    async def body():
        view = make_view("sliding")
        page.window.navigator.share.side_effect = lambda data: Promise()
        view.life.share_button(None)
        assert len(attached) == 1, "both outcomes attached in the click"
        assert "board=" in str(view.frame.share_link)
        page.window.navigator.share.assert_called_once()
        assert view.frame.status_key[0] == "share_done"
        done, failed = attached[0]
        (done if outcome == "shared" else failed)(None)
        assert view.frame.status_key[0] == ("shared" if outcome == "shared" else "share_done")

    run(body)
