"""Playing the games through the midend in CPython, on the fake page of tests/fake_page.py: the rules a
player meets in play checked without a browser. Playback (a move, Redo, Pause, a new board or an option
during a playback or a search, a reload after them, a seeded fuzz); pasted boards and move scripts, a
link's bad board and its alert; Solve, Hint and Shuffle answered; Share's links; Link-up's pickers and
New board; the clock, par and the solved mark. The buttons are pressed through their own listeners;
Solve's worker is the worker's own job loop (``worker_jobs``) run in this process; every status and
alert is read as the page writes it, in its language (``app.i18n``)."""

import asyncio
import json
import random
import re
from unittest import mock

import pytest

import fake_page
from puzzles.games import GAMES

pytestmark = pytest.mark.waits  # on clocks, sockets or other processes more than it computes (tests/conftest.py)

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
    shell.solver.run = fake_page.run_job_here
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


async def every_timer(page: object, rounds: int = 5) -> None:
    """Every timer queued runs, as if its delay had passed, and the tasks they start; ``rounds`` times over."""
    for _ in range(rounds):
        page.window.timers.fire(ignore_delay=True)
        await asyncio.sleep(0.002)


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
        await settle(page, 0.15)  # the playback would have made several moves by now
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
        await settle(page, 0.15)
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
        view = open_board(game, 10)  # the page's fuzz plays at 40 ms a move; its waits are scaled with it
        for _ in range(40):
            r = rng.random()
            if r < 0.25:
                if view.session.state.is_solved():
                    view.undo()
                click(view.solve_btn)
                await settle(page, rng.choice([0.0125, 0.05, 0.1]))
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
            await settle(page, rng.choice([0, 0.0075, 0.03]))
            if CLAIMS_SOLVED.match(status(view)) and view.player.playback is None and view.session.cursor:
                assert view.session.state.is_solved(), "status %r on an unsolved board" % status(view)
        no_fault(view)

    asyncio.run(body())


# ----------------------------------------------------------------- pasted boards and scripts, a link's bad board
def paste(view: object, text: str) -> None:
    """Text typed into the paste box, then its Load pressed."""
    view.life.board_input[1].value = text
    click(view.life.load_btn)


def _set(node: object, value: str, kind: str) -> None:
    """``node``'s value set as a person sets it: the value, then its ``kind`` listeners."""
    node.value = value
    event = mock.MagicMock(name=kind)
    event.target.value = value
    for listener in node.listeners[kind]:
        listener(event)


def type_into(node: object, text: str) -> None:
    """Text typed into a box."""
    _set(node, text, "input")


def choose(select: object, value: str) -> None:
    """A choice in a picker."""
    _set(select, value, "change")


def play_script(view: object, script: str) -> None:
    """Huarong's move-script box: the script typed, then Play script pressed."""
    type_into(view.script_input, script)
    box = view.script_input.parentNode.parentNode
    click(next(e for e in box.walk() if e.tagName == "BUTTON"))


def test_a_bad_pasted_board_and_a_bad_move_script_are_named_and_change_nothing(page):
    """Huarong: a pasted board with ragged rows, and a move script whose second line is illegal: each is
    named in the alert (the script by its line), and the board, its moves and the playback stay as they were."""
    async def body():
        view = make_view("huarong")
        paste(view, "[[1,1,0],[1,1]]")
        assert "ragged rows" in alert(view)
        assert view.session.state.grid() == COURSE
        play_script(view, "gameHandler.move(10, 'left')\ngameHandler.move(1, 'down')")
        assert "line 2: piece 1 cannot move down" in alert(view)
        assert view.session.state.grid() == COURSE and view.session.cursor == 0 and view.player.playback is None

    asyncio.run(body())


def test_a_pasted_board_and_the_courses_script_play_to_the_goal(page):
    """勇闯五关 pasted in the course's JSON form, then its solution as the course prints it, played at
    speed 0: the board reaches the goal and the status says the escape in 46 moves."""
    from puzzles.huarong import format_script
    from puzzles.huarong.layouts import find_layout
    from puzzles.huarong.solver import solve

    async def body():
        view = make_view("huarong", {"speed": "0"})
        board = find_layout("勇闯五关").board
        paste(view, board.to_json())
        assert view.session.state.grid() == board.grid() and alert(view) == ""
        play_script(view, format_script(solve(board, "cell").moves))
        await fake_page.drive(page.window, lambda: view.player.playback is None and view.session.cursor)
        assert view.session.state.is_solved()
        assert "escaped in 46 moves" in status(view)
        no_fault(view)

    asyncio.run(body())


def test_an_unsolvable_sliding_board_is_answered_minus_one_at_once_without_the_worker(page):
    """The parity rule answers on the page's own thread: no job, the solver never busy, the board kept."""
    async def body():
        view = make_view("sliding", {"board": "[[1,2,3],[5,4,0]]"})
        view.shell.solver.run = mock.MagicMock(side_effect=AssertionError("the worker was asked"))
        click(view.solve_btn)
        await fake_page.drive(page.window, lambda: status(view) == view.shell.t("sp_unsolvable"), 2)
        assert view.session.state.grid() == [[1, 2, 3], [5, 4, 0]]
        assert mock.call(True) not in view.shell.solving.call_args_list and view.jobs.job is None
        no_fault(view)

    asyncio.run(body())


def test_leetcodes_board_form_pastes_and_a_bad_paste_names_the_json_form(page):
    """(The Chinese message names the JSON form too: tests/test_sliding_engine.py.)"""
    async def body():
        view = make_view("sliding")
        before = view.session.state
        paste(view, "hello")
        assert "JSON form" in alert(view)
        assert view.session.state == before, "a refused paste leaves the board as it was"
        paste(view, "board = [[1,2,3],[4,0,5]]")
        assert alert(view) == ""  # the refusal is gone
        assert view.session.state.grid() == [[1, 2, 3], [4, 0, 5]]

    asyncio.run(body())


def test_a_bad_sliding_paste_and_a_bad_link_keep_the_board(page):
    """A pasted board with two blanks is named in the alert and the board stays; a link whose board holds a
    tile too large is named in the alert and the default board opens."""
    async def body():
        view = make_view("sliding", {"board": "[[4,1,2],[5,0,3]]"})
        paste(view, "[[1,2,3],[4,0,0]]")
        assert "0 appears twice" in alert(view)
        assert view.session.state.grid() == [[4, 1, 2], [5, 0, 3]]
        page.window.safeStorage.data.clear()  # a first visit
        view = make_view("sliding", {"board": "[[1,2],[3,9]]"})
        assert "holds 9" in alert(view)
        assert view.session.state.grid() == [[4, 1, 2], [5, 0, 3]]

    asyncio.run(body())


def test_a_linkup_bad_link_and_bad_paste_show_messages(page):
    """A link whose board code was tampered with (its checksum off) opens the default board with the reason in
    the alert; a pasted board with a kind that appears once is named and the board stays."""
    from puzzles.linkup import Board, generate

    async def body():
        code = generate(4, 6, 6, 4, 2).to_code()
        tampered = code[:8] + ("2" if code[8] != "2" else "3") + code[9:]
        view = make_view("linkup", {"board": tampered})
        assert "checksum does not match" in alert(view)
        default = view.session.state.grid()
        assert default == generate(4, 6, 6, 4, 1).grid()
        paste(view, "[[1,2,2]]")
        assert "kind 1 appears once" in alert(view)
        assert view.session.state.grid() == default
        assert Board.parse(code).tiles() == 24

    asyncio.run(body())


# ----------------------------------------------------------------- Link-up's buttons and pickers
def test_shuffle_is_off_once_the_linkup_board_is_cleared(page):
    """A cleared board has nothing to rearrange: Shuffle goes off, and comes back with the tiles (Undo)."""
    async def body():
        view = make_view("linkup", {"speed": "0"})
        paste(view, "[[1,1],[2,2]]")
        assert view.shuffle_btn.disabled is False
        click(view.solve_btn)
        await fake_page.drive(page.window, lambda: view.session.state.is_solved() and view.player.playback is None)
        assert status(view).startswith("Cleared")
        assert view.shuffle_btn.disabled is True
        click(view.undo_btn)
        assert view.shuffle_btn.disabled is False
        no_fault(view)

    asyncio.run(body())


def test_new_board_with_chosen_size_kinds_and_seed(page):
    """Size, kinds and a seed chosen, then New board: the status names the seed and the board is the one that
    seed makes with those kinds."""
    from puzzles.linkup import generate

    async def body():
        view = make_view("linkup")
        choose(view.preset_select, "small")
        choose(view.kinds_select, "12")
        type_into(view.seed_input, "5")
        click(view.new_btn)
        await fake_page.drive(page.window, lambda: status(view) == "New board: seed 5.")
        assert view.session.state.grid() == generate(4, 6, 12, 2, 5).grid()
        no_fault(view)

    asyncio.run(body())


def test_new_board_is_a_new_board_each_press_and_a_typed_seed_reproduces_one(page):
    """Each press of 新棋盘 opens a board not seen before, made by the seed it shows (in the status and the
    seed box); a seed typed on purpose reproduces its board once; an emptied box gives random boards."""
    from puzzles.linkup import generate

    page.window.Math.random.side_effect = random.Random(7).random

    async def press(view: object) -> tuple:
        before = status(view)
        click(view.new_btn)
        await fake_page.drive(page.window, lambda: status(view) != before)
        said = re.fullmatch(r"新棋盘：种子 (\d+)。", status(view))
        assert said, status(view)
        return int(said.group(1)), view.session.state.grid()

    async def body():
        view = make_view("linkup", lang="zh")
        seen = [view.session.state.grid()]
        seeds = []
        for _ in range(3):
            seed, board = await press(view)
            assert board == generate(4, 6, 6, 4, seed).grid(), "the seed shown makes the board shown"
            assert str(view.seed_input.value) == str(seed)  # shown, so it can be reproduced
            assert board not in seen, "each press gives a board not seen before"
            seen.append(board)
            seeds.append(seed)
        type_into(view.seed_input, str(seeds[0]))
        assert await press(view) == (seeds[0], seen[1])
        seed, board = await press(view)
        assert seed != seeds[0] and board != seen[1]
        type_into(view.seed_input, "")
        _, first = await press(view)
        _, second = await press(view)
        assert second != first
        no_fault(view)

    asyncio.run(body())


def test_link_up_sizes_are_named_by_their_dimensions_in_either_language(page):
    """The size picker names each size by its rows × columns, in English and after a switch to 中文."""
    async def body():
        view = make_view("linkup")
        for lang in ("en", "zh"):
            switch_language(view, lang)
            texts = [str(o.textContent).strip() for o in view.preset_select.children]
            assert texts == ["4 × 6", "8 × 18", "10 × 20"], lang

    asyncio.run(body())


# ----------------------------------------------------------------- Share
def test_huarong_share_can_link_the_position_now(page):
    """Share, then "Link to the position now" ticked: the link opens on the board as it is, one move made."""
    from urllib.parse import parse_qsl, urlsplit

    async def body():
        view = make_view("huarong")
        assert view.handler_methods()[0]["move"](10, "left")
        view.life.share_button(None)  # Share's click
        ticked = mock.MagicMock(name="change")
        ticked.target.checked = True
        for listener in view.frame.share_progress.listeners["change"]:
            listener(ticked)
        link = str(view.frame.share_link)
        params = dict(parse_qsl(urlsplit(link).query))
        assert params["game"] == "huarong" and "board" in params
        page.window.safeStorage.data.clear()  # opened elsewhere: another browser
        other = make_view("huarong", params)
        assert other.session.state.grid()[4] == [9, 0, 10, 0]

    asyncio.run(body())


# ----------------------------------------------------------------- an option changed mid-way
def test_a_new_linkup_board_during_playback_stops_it_and_solve_then_plays_the_new_one(page):
    """New board (an option of the board, made on the page) while a solution plays: the playback stops, plays
    nothing more, the controls and the status say so; Solve then clears the new board to the end."""
    async def body():
        view = open_board("linkup", 20)
        await solve_until_playing(page, view, 2)
        click(view.new_btn)
        await fake_page.drive(page.window, lambda: view.session.cursor == 0)
        assert view.frame.counter.getAttribute("data-playing") is None
        await settle(page, 0.15)
        assert view.session.cursor == 0 and view.player.playback is None
        assert view.frame.pause_btn.disabled and not CLAIMS_SOLVED.match(status(view))
        click(view.solve_btn)
        await fake_page.drive(page.window, lambda: view.session.state.is_solved() and view.player.playback is None,
                              60)
        assert view.frame.counter.getAttribute("data-playing") is None
        assert status(view).startswith("Cleared")
        no_fault(view)

    asyncio.run(body())


# An 8 × 8 Huarong board with few pieces: far too many positions to solve quickly (tests/e2e/pages.py's BIG).
BIG = [[0] * 8 for _ in range(8)]
for _r, _c in [(0, 3), (0, 4), (1, 3), (1, 4)]:
    BIG[_r][_c] = 1
for _i, (_r, _c) in enumerate([(r, c) for r in (3, 5, 7) for c in range(0, 8, 2)] + [(2, 7), (4, 3), (6, 5)]):
    BIG[_r][_c] = 7 + _i


def test_an_option_changed_during_a_search_cancels_it_and_not_the_next_one(page):
    """A Huarong search that takes long: the metric switched while it runs stops it (the solver idle, Solve
    on again, the board as it was); the next Hint and Solve, on 兵分三路, are answered."""
    from puzzles.huarong.layouts import find_layout

    async def body():
        view = make_view("huarong", {"speed": "0"})
        paste(view, json.dumps(BIG))
        click(view.solve_btn)
        await fake_page.drive(page.window, lambda: view.jobs.job is not None and view.jobs.job >= 0)
        assert view.shell.solving.call_args == mock.call(True)
        choose(view.metric_select, "piece")
        await fake_page.drive(page.window, lambda: view.jobs.job is None)
        assert view.shell.solving.call_args == mock.call(False)
        assert status(view) == "Solve cancelled; the board is as it was."
        assert view.solve_btn.disabled is False and view.session.options["metric"] == "piece"
        assert view.session.state.grid() == BIG and view.session.cursor == 0
        choose(view.layout_select, str(find_layout("兵分三路").index))
        click(view.hint_btn)
        await fake_page.drive(page.window, lambda: status(view).startswith("Hint:"), 60)
        click(view.solve_btn)
        await fake_page.drive(page.window, lambda: status(view).startswith("Solved:"), 60)
        no_fault(view)

    asyncio.run(body())


# ----------------------------------------------------------------- the clock, records and par
class PageClock:
    """``performance.now()`` a test moves on by hand (ms)."""

    def __init__(self, page: object) -> None:
        self.ms = 1_000.0
        page.window.performance.now.side_effect = lambda: self.ms

    def wait(self, view: object, ms: float) -> None:
        """``ms`` pass, then the shell's tick shows the open game's clock."""
        self.ms += ms
        view.records.tick()


def test_a_huarong_win_against_par_and_the_solved_mark(page):
    """The clock waits for the first move; 横刀立马 won by hand in 116 moves: the status says so, the result
    matches the layout's par, the layout is marked ✓ in its menu; under the piece metric the record is
    the same win counted piece by piece (99)."""
    from puzzles.huarong import Board
    from puzzles.huarong.layouts import find_layout
    from puzzles.huarong.solver import solve

    async def body():
        clock = PageClock(page)
        view = make_view("huarong")
        assert str(view.records.clock_el.textContent) == "Time: 0:00"
        clock.wait(view, 1200)
        assert str(view.records.clock_el.textContent) == "Time: 0:00", "the clock waits for the first move"
        move = view.handler_methods()[0]["move"]
        for pid, d in solve(Board.from_grid(COURSE), "cell").moves:
            assert move(pid, d)
        assert status(view) == "Cao Cao escaped in 116 moves!"
        par = [e for e in view.records.result_el.walk() if e.getAttribute("data-result") == "par"]
        assert [str(e.textContent) for e in par] == ["Par 116: you matched it!"]
        lay = find_layout("横刀立马")
        option = next(o for o in view.layout_select.children if o.getAttribute("value") == str(lay.index))
        assert str(option.textContent).endswith("✓")
        choose(view.metric_select, "piece")
        assert not view.records.best_el.hasAttribute("hidden")
        assert str(view.records.best_el.textContent).startswith("Best: 99 moves · ")
        no_fault(view)

    asyncio.run(body())


def test_linkup_clock_and_pickers_follow_the_board(page):
    """The clock waits for the first join (a refused one is no move); a reload keeps its time and the
    pickers (size, kinds, seed) of the board in play."""
    async def body():
        clock = PageClock(page)
        view = make_view("linkup")
        clock.wait(view, 1200)
        assert str(view.records.clock_el.textContent) == "Time: 0:00"
        choose(view.kinds_select, "12")
        type_into(view.seed_input, "5")
        click(view.new_btn)
        await fake_page.drive(page.window, lambda: status(view) == "New board: seed 5.")
        connect = view.handler_methods()[0]["connect"]
        assert json.loads(connect(0, 0, 0, 0)) == []  # refused: no move, no clock
        clock.wait(view, 1200)
        assert str(view.records.clock_el.textContent) == "Time: 0:00"
        assert json.loads(connect(0, 0, 0, 2)) != []
        clock.wait(view, 2100)
        assert str(view.records.clock_el.textContent) == "Time: 0:02"
        view.life.flush()  # the page's pagehide
        again = make_view("linkup")
        assert str(again.seed_input.value) == "5"
        assert str(again.kinds_select.value) == "12" and str(again.preset_select.value) == "small"
        assert str(again.records.clock_el.textContent) == "Time: 0:02"
        no_fault(again)

    asyncio.run(body())


# ----------------------------------------------------------------- the sliding puzzle's sizes and Shuffle
def test_sliding_sizes_shuffle_share_and_fast_mode(page):
    """A size chosen deals a board of that size; Shuffle deals another, solvable and not solved, in the
    size's default mode (5 × 5: fast); Share's link opens the same board elsewhere; at speed 0 the fast
    mode solves it in place and says it is not the fewest, with no count of positions searched."""
    from urllib.parse import parse_qsl, urlsplit

    from puzzles.sliding import Board

    async def body():
        view = make_view("sliding")
        choose(view.size_select, "3x4")
        assert (view.session.state.rows, view.session.state.cols) == (3, 4)
        choose(view.size_select, "5x5")
        before = view.session.state
        view._on_shuffle(None)  # Shuffle's click
        board = view.session.state
        assert board != before and (board.rows, board.cols) == (5, 5)
        assert Board.from_grid(board.grid()).solvable() and not board.is_solved()
        assert str(view.mode_select.value) == "fast"
        view.life.share_button(None)  # Share's click
        params = dict(parse_qsl(urlsplit(str(view.frame.share_link)).query))
        stored = dict(page.window.safeStorage.data)
        page.window.safeStorage.data.clear()  # opened in another browser
        assert make_view("sliding", params).session.state == board
        page.window.safeStorage.data.update(stored)
        choose(view.frame.speed_select, "0")
        click(view.solve_btn)
        await fake_page.drive(page.window, lambda: view.player.playback is None and view.session.cursor, 60)
        assert re.fullmatch(r"Solved: \d+ moves \(fast mode, not the fewest\)", status(view)), status(view)
        assert view.session.state.is_solved()
        assert re.fullmatch(r"Worked out in [\d.]+ s|Ready before you clicked: worked out ahead",
                            str(view.frame.progress_text.textContent)), view.frame.progress_text.textContent
        no_fault(view)

    asyncio.run(body())


# ----------------------------------------------------------------- more of Link-up and the sliding puzzle
def test_linkup_share_opens_the_same_board(page):
    """A pasted board's Share link, opened in another browser, opens that board."""
    from urllib.parse import parse_qsl, urlsplit

    from puzzles.linkup import generate

    async def body():
        view = make_view("linkup")
        board = generate(4, 6, 6, 4, 9)
        paste(view, board.to_code())
        view.life.share_button(None)  # Share's click
        params = dict(parse_qsl(urlsplit(str(view.frame.share_link)).query))
        assert params["game"] == "linkup"
        page.window.safeStorage.data.clear()  # another browser
        assert make_view("linkup", params).session.state.grid() == board.grid()

    asyncio.run(body())


def test_a_linkup_shuffle_while_a_hint_is_worked_out_keeps_its_own_word(page):
    """Hint on a hard board (a long search), Shuffle before the hint comes: the status says the shuffle,
    and still says so when the solver is idle (the hint's answer for the board gone is dropped)."""
    from test_linkup_nogoods import HARD_IMPOSSIBLE

    async def body():
        view = make_view("linkup")
        paste(view, HARD_IMPOSSIBLE[1])
        click(view.hint_btn)
        await fake_page.drive(page.window, lambda: view.jobs.job is not None and view.jobs.job >= 0)
        assert status(view) == "Working out a hint…"
        click(view.shuffle_btn)
        await fake_page.drive(page.window, lambda: status(view) == "Shuffled.", 30)
        await fake_page.drive(page.window, lambda: view.shell.solving.call_args == mock.call(False)
                              and view.jobs.job is None, 30)
        await every_timer(page)
        await settle(page, 0.1)
        assert status(view) == "Shuffled."
        no_fault(view)

    asyncio.run(body())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_bad_board_links_alert_stays_until_the_next_action(page, lang):
    """A link's bad board: its alert stays (no timer takes it), a language switch says it again in the
    other language, and a move takes it away."""
    async def body():
        view = make_view("sliding", {"board": "[[1,2]]"}, lang)
        said = alert(view)
        assert "[[1,2]]" in said
        await every_timer(page)
        assert alert(view) == said
        switch_language(view, "zh" if lang == "en" else "en")
        assert "[[1,2]]" in alert(view) and alert(view) != said
        assert view.play(5)
        assert alert(view) == ""

    asyncio.run(body())


# ----------------------------------------------------------------- Hint
def test_a_huarong_hint_is_the_first_move_of_a_fewest_moves_solution(page):
    """After one move: Hint says the distance to the goal, marks one piece with its direction, and that
    move brings the board one move nearer the goal."""
    from puzzles.huarong import Board
    from puzzles.huarong.solver import DistanceTable

    async def body():
        view = make_view("huarong")
        move = view.handler_methods()[0]["move"]
        assert move(10, "left")
        table = DistanceTable(Board.from_grid(COURSE), "cell")
        d = table.distance(view.session.state)
        click(view.hint_btn)
        await fake_page.drive(page.window, lambda: "moves to go" in status(view), 60)
        assert "%d moves to go" % d in status(view)
        pieces = view.piece_els.items()
        hinted = [(pid, b.getAttribute("data-hint")) for pid, b in pieces if b.hasAttribute("data-hint")]
        assert len(hinted) == 1
        assert move(*hinted[0]) is True
        assert table.distance(view.session.state) == d - 1
        no_fault(view)

    asyncio.run(body())


def hinted_tiles(view: object) -> list:
    """The sliding puzzle's tiles drawn last with the ``hinted`` class."""
    out = []
    for tile, b in view.tiles.items():
        marks = [c.args[1] for c in b.classList.toggle.call_args_list if c.args[0] == "hinted"]
        if marks and marks[-1]:
            out.append(tile)
    return out


def test_a_sliding_hint_points_at_the_first_move_of_a_fewest_moves_solution(page):
    """Hint names the tile to slide and the distance left, and marks that tile; a move drops the mark; the
    next Hint is one move nearer."""
    async def body():
        view = make_view("sliding", {"board": "[[4,1,2],[5,0,3]]"})
        click(view.hint_btn)
        await fake_page.drive(page.window, lambda: status(view).startswith("Hint:"), 60)
        assert status(view) == "Hint: slide 5 — 5 moves to go"
        assert hinted_tiles(view) == [5]
        assert view.play(5)
        assert hinted_tiles(view) == []
        click(view.hint_btn)
        await fake_page.drive(page.window, lambda: status(view).startswith("Hint: slide 4"), 60)
        assert status(view) == "Hint: slide 4 — 4 moves to go"
        no_fault(view)

    asyncio.run(body())
