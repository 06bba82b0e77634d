"""What a game's panel says and does for a player, run on the midend in CPython (the fake page of
tests/fake_page.py; Solve's worker is the worker's own job loop run in this process): Solve's answer in
place and the status and counter while it plays, an answer worked out ahead, a board solved by the solver
after a reload in both languages, playback held while the page or the game's tab is hidden, a win by hand
and its records over reloads and their reset, Share's link and a reload, what takes a refused paste's
alert away, the state map's panel (its name, numbers, table, Stop, a pick and its undo)."""

import asyncio
import json
import re
from unittest import mock

import pytest

import fake_page
from puzzles.games import GAMES
from test_midend_play import alert, choose, click, make_view, paste, status, switch_language

COURSE = [[3, 1, 1, 4], [3, 1, 1, 4], [5, 2, 2, 6], [5, 7, 8, 6], [9, 0, 0, 10]]
ORDER = ("huarong", "linkup", "sliding")


@pytest.fixture
def page():
    fake = fake_page.install()
    yield fake
    fake_page.uninstall()


async def solve_to_the_end(page: object, view: object, limit_s: float = 30) -> None:
    """Press Solve and run the page until the answer is played (or the search has ended with none)."""
    view.shell.solving.reset_mock()
    click(view.solve_btn)
    await fake_page.drive(page.window, lambda: view.jobs.job is None and view.player.playback is None
                          and view.shell.solving.call_args == mock.call(False), limit_s)


async def settle(page: object, seconds: float) -> None:
    """Let the page run ``seconds``: its timers and tasks."""
    end = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < end:
        page.window.timers.fire()
        await asyncio.sleep(0.01)


def counter(view: object) -> str:
    return str(view.frame.counter.textContent)


# ----------------------------------------------------------------- Solve in place
def test_huarong_solve_plays_the_course_board_to_the_goal_in_either_metric(page):
    """Solve at speed 0 on 横刀立马 under the link's cell metric: "Solved: 116 moves", the board at the goal,
    116 one-cell moves counted; Reset, the piece metric chosen, Solve again: "Solved: 81 moves", the counter
    in pieces."""
    async def body():
        view = make_view("huarong", {"speed": "0", "metric": "cell"})
        for metric, steps in (("cell", 116), ("piece", 81)):
            if metric == "piece":
                click(view.reset_btn)
                choose(view.metric_select, metric)
            assert view.session.state.grid() == COURSE
            await solve_to_the_end(page, view)
            assert status(view) == "Solved: %d moves" % steps
            assert view.session.state.is_solved() and counter(view) == "Moves: %d" % steps
            if metric == "cell":
                assert view.session.cursor == 116

    asyncio.run(body())


def test_the_leetcode_example_is_solved_in_place_in_5_moves(page):
    async def body():
        view = make_view("sliding", {"board": "[[4,1,2],[5,0,3]]", "speed": "40"})
        await solve_to_the_end(page, view)
        assert status(view) == "Solved: 5 moves"
        assert view.session.state.grid() == [[1, 2, 3], [4, 5, 0]] and view.session.cursor == 5

    asyncio.run(body())


def test_while_a_solution_plays_the_counter_keeps_one_unit_and_the_chart_has_axes(page):
    """Huarong under the piece metric: while the answer plays, the counter says "Moves: n · Playing n / 81"
    (pieces moved, not cells); the search's chart has its axes, a title per bar counting its new positions,
    and its name carries the count of positions the progress line says were searched."""
    async def body():
        view = make_view("huarong", {"metric": "piece", "speed": "40"})
        await view.build_own_later()
        click(view.solve_btn)
        await fake_page.drive(page.window, lambda: view.player.playing and view.session.cursor >= 3, 30)
        playing = view.frame.counter.getAttribute("data-playing")
        assert re.fullmatch(r"\d+/81", playing), playing
        assert re.fullmatch(r"Moves: (\d+) · Playing \1 / 81", counter(view)), counter(view)
        chart = view.chart
        texts = [str(e.textContent) for e in chart.node.walk()]
        assert "BFS depth" in " ".join(texts) and "new positions" in " ".join(texts), texts
        assert str(chart.parts["xlab"].children[0].textContent) == "0"  # the depth axis starts at 0
        titles = {}  # each bar's title, as the page's drawBars puts it on the bar
        for call in page.window.drawBars.call_args_list:
            titles.update((i, title) for i, _, title in json.loads(call.args[2]))
        assert titles[0] == "depth 0: 1 new position"
        assert re.fullmatch(r"depth 1: \d+ new positions?", titles[1]), titles[1]
        progress = str(view.frame.progress_text.textContent)
        explored = re.search(r"([\d,]+) positions searched", progress).group(1)
        assert "," in explored and explored in chart.node.getAttribute("aria-label"), progress

    asyncio.run(body())


def test_a_board_with_no_solution_keeps_its_board_and_the_comparison_counts_both_equivalences(page):
    """走投无路 solved: "No solution — 3731 positions explored", the board as it was, the chart drawn; then
    勇闯五关's "What equivalence buys": both equivalences need 46 moves, the same-shape one over fewer positions."""
    from puzzles.huarong.layouts import find_layout

    async def body():
        view = make_view("huarong")
        await view.build_own_later()
        dead = find_layout("走投无路")
        choose(view.layout_select, str(dead.index))
        assert view.session.state.grid() == dead.board.grid()
        await solve_to_the_end(page, view)
        assert status(view) == "No solution — 3731 positions explored"
        assert view.session.state.grid() == dead.board.grid() and view.session.cursor == 0
        assert view.chart.levels and page.window.drawBars.called
        choose(view.layout_select, str(find_layout("勇闯五关").index))
        comparison = view.comparison
        click(comparison.run_btn)
        await fake_page.drive(page.window, lambda: comparison.running is None and comparison.shown
                              and "result" in comparison.shown, 60)
        rows = [e for e in comparison.out.walk() if e.tagName == "TR"]
        texts = {" ".join(str(c.textContent) for c in row.children): row for row in rows}
        equal = next(text for text in texts if "same-shape pieces equal" in text)
        distinct = next(text for text in texts if "all pieces distinct" in text)
        assert "46" in equal.split() and "46" in distinct.split(), texts
        assert "fewer positions" in " ".join(str(e.textContent) for e in comparison.out.walk())

    asyncio.run(body())


# ----------------------------------------------------------------- answers ahead, and by the solver
def test_an_answer_worked_out_ahead_says_so(page):
    """The look-ahead works the resting board out before Solve is pressed: Solve answers from it at once,
    marks the answer ``ready`` and says it was ready before the click, with no seconds of waiting."""
    async def body():
        view = make_view("sliding", {"speed": "0"})
        view.jobs.solver_ready()
        await fake_page.drive(page.window, lambda: "solve" in str(view.frame.status.getAttribute("data-ahead")))
        await solve_to_the_end(page, view)
        assert status(view) == "Solved: 5 moves"
        assert view.frame.status.getAttribute("data-answer") == "ready"
        text = str(view.frame.progress_text.textContent)
        assert "before you clicked" in text and not re.search(r"\d\.\d\d s", text), text

    asyncio.run(body())


@pytest.mark.parametrize("game", ORDER)
def test_a_board_solved_by_the_solver_says_so_after_a_reload_in_either_language(page, game):
    """Solve played to the end, the page left and opened again: the status says the solver solved (or
    cleared) it, in English and, after the language switch, in 中文; no playback is left counting."""
    async def body():
        view = make_view(game, {"speed": "0"})
        await solve_to_the_end(page, view)
        assert view.session.state.is_solved()
        assert view.frame.counter.getAttribute("data-playing") is None
        view.life.flush()  # the page's pagehide
        again = make_view(game)
        assert again.session.state.is_solved()
        assert re.search("(Solved|Cleared) by the solver", status(again)), status(again)
        switch_language(again, "zh")
        assert "由求解器" in status(again), status(again)

    asyncio.run(body())


# ----------------------------------------------------------------- the page's attention
def test_playback_is_held_while_the_page_or_the_games_tab_is_hidden(page):
    """A solution playing: the page hidden (the shell's visibilitychange asks each game to sync), it plays
    at most the move under way; shown again, it goes on; the game's tab left (``set_shown(False)``), its
    progress stands still."""
    async def body():
        view = make_view("huarong", {"speed": "30"})
        view.set_shown(True)
        click(view.solve_btn)
        await fake_page.drive(page.window, lambda: view.session.cursor > 3, 30)
        page.document.visibilityState = "hidden"
        view.sync_activity()
        held = view.session.cursor
        await settle(page, 0.4)
        assert view.session.cursor <= held + 1
        page.document.visibilityState = "visible"
        view.sync_activity()
        await fake_page.drive(page.window, lambda: view.session.cursor > held + 3, 10)
        view.set_shown(False)
        held = view.frame.counter.getAttribute("data-playing")
        await settle(page, 0.4)
        assert view.frame.counter.getAttribute("data-playing") == held

    asyncio.run(body())
