"""Playing the games through the midend in CPython, on the fake page of tests/fake_page.py: the rules a
player meets in play (a move, Redo or Pause during a playback, a reload after moves and playback, a
pasted board or move script, a link's bad board and its alert, Solve's answers) checked without a
browser. The buttons are pressed through their own click listeners; Solve's worker is the worker's own
job loop (``worker_jobs``) run in this process; every status and alert is read as the page writes it,
in its language (``app.i18n``)."""

import asyncio
import json
import random
import re
from unittest import mock

import pytest

import fake_page
from puzzles.games import GAMES

# A board per game whose solution is long enough to pause in (tests/e2e/pages.py's GAME_QUERIES).
BOARDS = {"huarong": None, "sliding": "3x3-867254301", "linkup": None}
ORDER = ("huarong", "sliding", "linkup")
COURSE = [[3, 1, 1, 4], [3, 1, 1, 4], [5, 2, 2, 6], [5, 7, 8, 6], [9, 0, 0, 10]]
CLAIMS_SOLVED = re.compile(r"^(Solved|Cleared)")


@pytest.fixture
def page():
    fake = fake_page.install()
    yield fake
    fake_page.uninstall()


async def in_process_worker(game: str, request: str, progress: object, cancelled: object, started: object) -> dict:
    """``shell.solver.run``: the worker's protocol (start, then steps in slices, Cancel honoured) run by
    ``worker_jobs`` in this process, one slice per turn of the loop, as the page's loop steps the worker."""
    import worker_jobs

    answer = json.loads(worker_jobs.start(game, request))
    if answer.get("error") is not None:
        return {"status": "error", "moves": [], "stats": {}, "error": answer["error"]}
    job = answer["job"]
    started(job)
    while True:
        if cancelled():
            worker_jobs.cancel(job)
            return {"status": "cancelled", "moves": [], "stats": {}}
        out = json.loads(worker_jobs.step(job, 20))
        if out["done"]:
            if out.get("error") is not None:
                return {"status": "error", "moves": [], "stats": {}, "error": out["error"]}
            return out["result"]
        progress(out["progress"])
        await asyncio.sleep(0)


def make_view(game: str, params: "dict | None" = None, lang: str = "en") -> object:
    """The game's real view, built and opened as the shell does, its words in ``lang`` (the page's
    translation), Solve's worker the in-process one."""
    i18n = fake_page.page_module("app.i18n")
    spec = GAMES[game]
    module = fake_page.page_module(spec.view)
    shell = mock.MagicMock(name="shell")
    shell.game, shell.params, shell.lang = game, dict(params or {}), lang
    shell.t.side_effect = lambda key, **values: i18n.t(key, shell.lang, **values)
    shell.records = fake_page.page_module("app.records").Records()
    shell.solver.run = in_process_worker
    view = module.View(shell, fake_page.Element(), spec)
    view.start()
    return view


def open_board(game: str, speed: int, lang: str = "en") -> object:
    params = {"speed": str(speed)}
    if BOARDS[game]:
        params["board"] = BOARDS[game]
    return make_view(game, params, lang)


def click(node: object) -> None:
    """A click on ``node``: its click listeners, in order (an async one runs as a task, as guarded)."""
    for listener in node.listeners["click"]:
        listener(mock.MagicMock(name="click"))


def switch_language(view: object, lang: str) -> None:
    """The header's language switch: the shell's language changes and it calls every game's relabel."""
    view.shell.lang = lang
    for call in view.shell.on_lang.call_args_list:
        call.args[0]()


def status(view: object) -> str:
    return str(view.frame.status.textContent)


def alert(view: object) -> str:
    return str(view.frame.alert.textContent)


def hand_moves(view: object) -> list:
    """Every move a player could make on the board now (the game's ``legal_moves``)."""
    return list(view.spec.legal_moves(view.session.state))


def saved_now(page: object, game: str) -> dict:
    page.window.timers.fire(ignore_delay=True)
    return json.loads(page.window.safeStorage.get("bfs-puzzles." + game))


async def solve_until_playing(page: object, view: object, at: int) -> None:
    """Press Solve and run the page until its playback has played ``at`` moves of its answer."""
    start = view.session.cursor
    click(view.solve_btn)
    await fake_page.drive(page.window, lambda: view.player.playing and view.session.cursor >= start + at, 60)


async def settle(page: object, seconds: float) -> None:
    """Let the page run ``seconds``: its timers and tasks (a playback would go on meanwhile)."""
    end = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < end:
        page.window.timers.fire()
        await asyncio.sleep(0.01)


def no_fault(view: object) -> None:
    """Nothing raised inside a handler (the frame would say ``internal_error`` in the alert)."""
    assert view.frame.alert_error is None or view.frame.alert_error[0] != "internal_error", view.frame.alert_error


# ----------------------------------------------------------------- a reload keeps played moves
@pytest.mark.parametrize("game", ORDER)
def test_a_reload_keeps_the_moves_made_before_during_and_after_a_paused_solve(page, game):
    """One move by hand, Solve, Pause part-way, one move by hand; the page left and opened again: every
    move is still made, the board is the same, and Undo is on."""
    async def body():
        view = open_board(game, 20)
        assert view.play(hand_moves(view)[0])
        await solve_until_playing(page, view, 4)
        click(view.frame.pause_btn)
        assert view.player.playback.paused and status(view)  # Resume shows: paused, not stopped
        assert view.frame.pause_btn.textContent == "Resume"
        assert view.play(hand_moves(view)[0])
        made, board = view.session.cursor, view.session.state
        assert made > 5
        view.life.flush()  # the page's pagehide
        again = open_board(game, 20)
        assert (again.session.cursor, again.session.state) == (made, board)
        assert again.undo_btn.disabled is False
        no_fault(view)

    asyncio.run(body())


def test_a_burst_of_console_moves_left_at_once_keeps_them_all(page):
    """301 moves by ``gameHandler.move`` (Huarong's soldier 10 left and right), then the page left
    before the debounced write is due: leaving writes them, and the game opened again has all 301."""
    async def body():
        view = open_board("huarong", 0)
        move = view.handler_methods()[0]["move"]
        made = sum(1 for i in range(301) if move(10, "right" if i % 2 else "left"))
        assert made == 301 and len(view.session.made) == 301
        assert page.window.safeStorage.get("bfs-puzzles.huarong") is None  # nothing written yet
        view.life.flush()
        again = open_board("huarong", 0)
        assert len(again.session.made) == 301 and again.session.state == view.session.state

    asyncio.run(body())


# ----------------------------------------------------------------- a move during playback stops it
def assert_stopped_for_the_player(page: object, view: object) -> None:
    assert view.player.playback is None
    assert view.frame.counter.getAttribute("data-playing") is None
    assert view.frame.pause_btn.disabled and view.frame.step_btn.disabled
    assert not CLAIMS_SOLVED.match(status(view)), status(view)


@pytest.mark.parametrize("paused", [False, True], ids=["playing", "paused"])
@pytest.mark.parametrize("game", ORDER)
def test_a_players_move_during_playback_stops_it_and_the_status_tells_the_board(page, game, paused):
    """A move by hand while a solution plays (or is paused): the playback stops where it is, the counter
    drops its "playing", Pause and Step go off, the status no longer claims the solve, and nothing more
    is played."""
    async def body():
        view = open_board(game, 20)
        await solve_until_playing(page, view, 3)
        assert view.frame.counter.getAttribute("data-playing") and CLAIMS_SOLVED.match(status(view))
        if paused:
            click(view.frame.pause_btn)
        assert view.play(hand_moves(view)[0])
        made = view.session.cursor
        assert_stopped_for_the_player(page, view)
        await settle(page, 0.3)  # the playback would have made several moves by now
        assert view.session.cursor == made and not view.session.state.is_solved()
        no_fault(view)

    asyncio.run(body())


class Key:
    """A key event as the shell hands it to the open game."""

    def __init__(self, key: str) -> None:
        self.key, self.ctrlKey, self.metaKey, self.shiftKey, self.altKey = key, False, False, False, False
        self.prevented = False

    def preventDefault(self) -> None:
        self.prevented = True


@pytest.mark.parametrize("game", ORDER)
def test_redo_with_nothing_to_redo_during_playback_stops_it_cleanly(page, game):
    """r (redo) while a solution plays: nothing to redo, but the player took the board: the playback
    stops, and the counter, Pause and the status say so."""
    async def body():
        view = open_board(game, 20)
        await solve_until_playing(page, view, 2)
        assert not view.session.can_redo()
        key = Key("r")
        view.shortcut(key)
        assert key.prevented
        made = view.session.cursor
        assert_stopped_for_the_player(page, view)
        await settle(page, 0.3)
        assert view.session.cursor == made
        no_fault(view)

    asyncio.run(body())


# ----------------------------------------------------------------- seeded fuzz, every game
def illegal(game: str) -> object:
    return {"huarong": (1, "up"), "sliding": 99, "linkup": (0, 0)}[game]


@pytest.mark.parametrize("game", ORDER)
def test_moves_interleaved_with_playback_fuzz(page, game):
    """A seeded mix of Solve, Pause, Step and moves (legal or not) by hand while a solution plays: after
    each, a status that claims the board solved is true of the board (or the solution is still playing
    towards it), and a move by hand leaves no playback running."""
    rng = random.Random(20_21 + ORDER.index(game))

    async def body():
        view = open_board(game, 40)
        for _ in range(40):
            r = rng.random()
            if r < 0.25:
                if view.session.state.is_solved():
                    view.undo()
                click(view.solve_btn)
                await settle(page, rng.choice([0.05, 0.2, 0.4]))
            elif r < 0.35:
                if not view.frame.pause_btn.disabled:
                    click(view.frame.pause_btn)
            elif r < 0.42:
                if not view.frame.step_btn.disabled:
                    click(view.frame.step_btn)
            else:
                moves = hand_moves(view)
                move = rng.choice(moves) if moves and rng.random() < 0.8 else illegal(game)
                view.play(move)
                assert view.player.playback is None, "a move by hand left the playback running: %r" % (move,)
            await settle(page, rng.choice([0, 0.03, 0.12]))
            if CLAIMS_SOLVED.match(status(view)) and view.player.playback is None and view.session.cursor:
                assert view.session.state.is_solved(), "status %r on an unsolved board" % status(view)
        no_fault(view)

    asyncio.run(body())
