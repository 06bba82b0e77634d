"""What a game's panel says and does for a player, run on the midend in CPython (the fake page of
tests/fake_page.py; Solve's worker is the worker's own job loop run in this process): Solve's answer in
place, the counter and the chart while it plays, no solution and Huarong's comparison of equivalences, an
answer worked out ahead, a board solved by the solver after a reload in both languages, playback held while
the page or the game's tab is hidden, a win by hand and its records over reloads and their reset, Share's
link and a reload, ``gameHandler.move``'s answer and the pieces' and tiles' names, what takes a refused
paste's alert away, the sliding editor's live parity, and the state map's panel (its line, name and table
while made and drawn, Stop, a new map for a new board or metric, a pick and its undo) with a stand-in for
static/map.js that runs the worker's map job here."""

import asyncio
import json
import re
from unittest import mock

import pytest

import fake_page
from app.i18n import t
from test_midend_play import alert, choose, click, make_view, paste, status, switch_language

pytestmark = pytest.mark.waits  # on clocks, sockets or other processes more than it computes (tests/conftest.py)

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
    """LeetCode 773's example ``[[4,1,2],[5,0,3]]`` at speed 40: "Solved: 5 moves", played on the board to
    the goal in 5 moves."""
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


# ----------------------------------------------------------------- the console's handler, the pieces' names
def test_gamehandler_move_answers_whether_the_piece_moved_and_its_name_follows(page):
    """Huarong's ``gameHandler.move``: soldier 10 to the left moves (true), 曹操 down does not (false,
    nothing changes); the soldier's accessible name says where it is now (row 5, column 3)."""
    async def body():
        view = make_view("huarong")
        move = view.handler_methods()[0]["move"]
        assert move(10, "left") is True
        assert move(1, "down") is False and view.session.cursor == 1
        assert view.piece_els[10].getAttribute("aria-label").startswith("Soldier (piece 10), row 5, column 3")

    asyncio.run(body())


def test_the_sliding_tiles_are_named_in_chinese_under_zh_and_follow_a_language_switch(page):
    """Under ``lang=zh`` each tile's name is Chinese, with its row and column counted from 1 (``数字 5，第 2 行第
    1 列``); after the switch to English, English."""
    async def body():
        view = make_view("sliding", {"board": "2x3-412503"}, "zh")
        assert view.tiles[5].getAttribute("aria-label").startswith("数字 5，"), view.tiles[5].getAttribute("aria-label")
        assert "第 2 行第 1 列" in view.tiles[5].getAttribute("aria-label")
        switch_language(view, "en")
        assert view.tiles[5].getAttribute("aria-label").startswith("Tile 5,"), view.tiles[5].getAttribute("aria-label")

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


# ----------------------------------------------------------------- a win by hand and its records
SLIDING_WIN = (5, 4, 1, 2, 3)  # the default 2 × 3 board, solved by hand in its fewest moves


def open_with_records(page: object, game: str, params: "dict | None" = None) -> object:
    """The game's view as a page start makes it: the records read from the page's storage, and written
    back there (the shell's ``save_records``); ``shell.view(name)`` answers it for every game."""
    records = fake_page.page_module("app.records")
    view = make_view(game, params)
    store = page.window.safeStorage
    view.shell.records = records.Records.load(store.get(records.STORE_KEY))
    view.shell.save_records.side_effect = lambda: store.set(records.STORE_KEY, view.shell.records.dump())
    view.shell.view.side_effect = lambda name: view
    view.records.records_changed()
    return view


def texts_under(node: object) -> list:
    return [str(e.textContent) for e in node.walk() if str(e.textContent)]


def size_option(view: object) -> str:
    return next(str(o.textContent) for o in view.size_select.children if o.getAttribute("value") == "2x3")


def test_a_win_by_hand_is_recorded_kept_over_a_reload_and_reset_from_the_records_panel(page):
    """The default sliding board won by hand in 5: the result says the moves, that par 5 is matched, and
    that it is the first win here; after a reload the best line and the size's ✓ say it; the records panel
    lists it and erases every record on a second press, after which (and after another reload) no best
    line and no ✓ remain."""
    async def body():
        view = open_with_records(page, "sliding")
        for tile in SLIDING_WIN:
            assert view.play(tile)
        assert status(view) == "Solved in 5 moves!"
        await fake_page.drive(page.window, lambda: view.records.result.get("par") != "wait", 30)
        said = texts_under(view.records.result_el)
        assert any("You: 5 moves" in text for text in said), said
        by_kind = {e.getAttribute("data-result"): str(e.textContent) for e in view.records.result_el.walk()}
        assert by_kind["par"] == "Par 5: you matched it!"
        assert by_kind["record"] == "First win here: this is your record."
        view.life.flush()
        again = open_with_records(page, "sliding")
        assert re.fullmatch(r"Best: 5 moves · 0:\d\d", str(again.records.best_el.textContent))
        assert not again.records.best_el.hasAttribute("hidden") and size_option(again) == "2 × 3 ✓"
        panel_module = fake_page.page_module("app.records_panel")
        button = fake_page.Element("button")
        panel = panel_module.RecordsPanel(again.shell, fake_page.Element(), button)
        click(button)
        row = next(e for e in panel.body.walk() if e.tagName == "TR" and texts_under(e)[0].startswith("2 × 3"))
        assert any("5 moves" in text for text in texts_under(row)), texts_under(row)
        assert str(panel.reset_btn.textContent) == "Reset all records"
        click(panel.reset_btn)
        assert str(panel.reset_btn.textContent) == "Press again to erase every record"
        click(panel.reset_btn)
        assert "No records yet" in " ".join(texts_under(panel.body))
        assert again.records.best_el.hasAttribute("hidden") and size_option(again) == "2 × 3"
        third = open_with_records(page, "sliding")
        assert third.records.best_el.hasAttribute("hidden")

    asyncio.run(body())


# ----------------------------------------------------------------- Share, a reload
def test_a_huarong_layouts_share_link_opens_it_elsewhere_and_a_reload_keeps_a_move(page):
    """勇闯五关 chosen, Share: the link names the game and the board, and opens that board in another
    browser; a move made, the page left and opened again: the board and its one move are kept."""
    from urllib.parse import parse_qsl, urlsplit

    from puzzles.huarong.layouts import find_layout

    async def body():
        view = make_view("huarong")
        layout = find_layout("勇闯五关")
        choose(view.layout_select, str(layout.index))
        view.life.share_button(None)  # Share's click
        params = dict(parse_qsl(urlsplit(str(view.frame.share_link)).query))
        assert params["game"] == "huarong" and "board" in params
        stored = dict(page.window.safeStorage.data)
        page.window.safeStorage.data.clear()  # another browser
        assert make_view("huarong", params).session.state.grid() == layout.board.grid()
        page.window.safeStorage.data.clear()
        page.window.safeStorage.data.update(stored)
        assert view.play(layout.board.legal_moves()[0])
        after = view.session.state
        view.life.flush()
        again = make_view("huarong")
        assert again.session.state == after and again.session.cursor == 1

    asyncio.run(body())


# ----------------------------------------------------------------- what takes an alert away
def labelled(view: object, key: str) -> object:
    """The element the page labelled with the text ``key`` (``shell.text``), the latest if several."""
    return [call.args[0] for call in view.shell.text.call_args_list if call.args[1] == key][-1]


def act(page: object, node: object, kind: str = "click", **fields: object) -> None:
    """A click (or a change) on ``node`` as the page dispatches it: the document's capturing listeners
    first (the frame's, which takes the last action's alert away), then the node's own and, bubbling,
    those of the elements it is in (a board listens once for all its cells)."""
    event = mock.MagicMock(name=kind, **fields)  # a key's ``key``, for one
    event.type, event.target = kind, node
    for call in page.document.addEventListener.call_args_list:
        if call.args[0] == kind and len(call.args) > 2 and call.args[2] is True:
            call.args[1](event)
    while isinstance(node, fake_page.Element):
        for listener in node.listeners.get(kind, []):
            listener(event)
        node = node.parentNode


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_refused_pastes_alert_goes_with_the_next_action(page, lang):
    """A failed paste's alert (quoting the text) never stands beside "Board loaded."; Share, Map, Records, a
    move or a Load each take it away; LeetCode's example text, copied whole, loads its board."""
    i18n = fake_page.page_module("app.i18n")

    async def body():
        view = make_view("sliding", {}, lang)
        await asyncio.wait_for(view.build_later(), 10)  # the Map button
        loaded = i18n.t("loaded", lang)
        bad = "Input: board = [[3,2,4],[1,5]]"
        paste(view, "[[4,1,2],[5,0,3]]")
        assert status(view) == loaded
        records_button = fake_page.Element("button")
        records_button.setAttribute("id", "records-button")
        for action in ("share", "map", "records", "move", "load"):
            paste(view, bad)
            assert "[[3,2,4],[1,5]]" in alert(view) and status(view) != loaded
            if action == "share":
                act(page, labelled(view, "share"))
            elif action == "map":
                act(page, view.map.button)
            elif action == "records":
                act(page, records_button)
            elif action == "move":
                assert view.play(view.session.state.grid()[1][0])
            else:
                paste(view, "Example 1:\nInput: board = [[1,2,3],[4,0,5]]\nOutput: 1\nExplanation: Swap 0 and 5.")
                assert view.session.state.grid() == [[1, 2, 3], [4, 0, 5]] and status(view) == loaded
            await asyncio.sleep(0)
            assert alert(view) == "", action

    asyncio.run(body())


# ----------------------------------------------------------------- the state map's panel
class FakeMap:
    """``window.bfsMap`` for one game, as static/map.js and its drawing worker answer the panel: ``start``
    runs the worker's ``map`` job in this process and sends its events (progress, computed, the drawing's
    steps, ready with the numbers the drawing worker counts, drawn); ``locate`` finds a position by its
    cells; ``pick`` sends it back; ``cancel`` stops the job. Each event's line and name are kept in
    ``seen``, as the panel drew them."""

    def __init__(self, page: object) -> None:
        self.page = page
        self.started = 0
        self.cancelled = False
        self.map = None
        self.paused = False  # while set, a job started waits before its first slice
        self.seen: list = []  # (event, the map's line, the figure's name, its description) after each event
        page.window.bfsMap.attach.side_effect = self.attach

    def attach(self, figure: object, canvas: object, preview: object, send: object) -> object:
        self.figure, self.send = figure, send
        return self

    def emit(self, kind: str, data: dict) -> None:
        self.send(kind, json.dumps(data))
        panel_line = self.figure.parentNode.parentNode.children[0].children[1]
        focus = self.figure.parentNode.children[1].by_id(self.figure.getAttribute("aria-describedby").split()[0])
        self.seen.append((kind, str(panel_line.textContent), self.figure.getAttribute("aria-label"),
                          str(focus.textContent)))

    def start(self, worker: object, game: str, request: str) -> None:
        self.started += 1
        self.cancelled = False
        asyncio.get_running_loop().create_task(self._run(game, request))

    def cancel(self) -> None:
        self.cancelled = True

    def waveOff(self) -> None:  # noqa: N802 (map.js's name)
        """The search's wavefront goes: nothing drawn here."""

    async def _run(self, game: str, request: str) -> None:
        while self.paused:
            await asyncio.sleep(0.002)
        await self._made(game, request)

    async def _made(self, game: str, request: str) -> None:
        import base64
        from array import array

        result = await fake_page.run_job_here(game, request, lambda p: self.emit("progress", p),
                                              lambda: self.cancelled, lambda job: None)
        if result["status"] == "cancelled":
            self.emit("cancelled", {})
            return
        found = result["map"]
        self.emit("computed", {})
        n, size = found["n"], found["rows"] * found["cols"]
        dist = array("h", base64.b64decode(found["dist"]))
        cells = base64.b64decode(found["cells"])
        index = {cells[i * size : (i + 1) * size]: i for i in range(n)}  # the drawing worker's keys
        self.map = {"n": n, "size": size, "dist": dist, "cells": cells, "shape": (found["rows"], found["cols"]),
                    "index": index}
        self.emit("drawing", {"step": "read", "n": n, "e": found["e"]})
        self.emit("drawing", {"step": "layout", "n": n, "e": found["e"]})
        hist = [0] * (max(dist) + 1)
        for d in dist:
            hist[d] += 1
        self.emit("ready", {"n": n, "e": found["e"], "goals": found["goals"], "farthest": found["farthest"],
                            "max_dist": found["max_dist"], "merged_digits": None, "merges": False,
                            "truncated": found["truncated"], "limit": found["limit"], "rows": found["rows"],
                            "cols": found["cols"], "ids": found.get("ids"), "hist": hist, "unreachable": 0,
                            "dead_ends": 0, "start_dist": dist[0], "metric": None, "seconds": 0.01})
        self.emit("drawing", {"step": "paint", "n": n, "e": found["e"]})
        self.emit("drawn", {"ms": 12})

    def locate(self, text: str) -> None:
        """Answered in a task of its own, after the picture is drawn (the drawing worker indexes the
        positions meanwhile)."""
        asyncio.get_running_loop().call_later(0.005, self._located, text)

    def _located(self, text: str) -> None:
        board = json.loads(text)
        m, want = self.map, bytes(board["cells"])
        index = -1  # a board of another shape is on no position of the map
        if (board["rows"], board["cols"]) == m["shape"]:
            index = m["index"].get(want, -1)
        self.emit("located", {"index": index, "dist": m["dist"][index] if index >= 0 else None})

    def pick(self, index: int) -> None:
        m = self.map
        self.emit("pick", {"index": index, "dist": m["dist"][index],
                           "grid": list(m["cells"][index * m["size"] : (index + 1) * m["size"]])})


async def map_view(page: object, game: str, params: dict, lang: str = "en", worker: str = "worker") -> tuple:
    """The game's view with its Map built, the solver's worker a stand-in (``worker``, what the solver's
    ``get`` answers): (view, fake map)."""
    view = make_view(game, params, lang)

    async def get() -> str:
        return worker

    view.shell.solver.get = get
    fake = FakeMap(page)
    await asyncio.wait_for(view.build_later(), 10)
    return view, fake


async def open_map(page: object, game: str, params: dict, lang: str = "en") -> tuple:
    """The game's view with its Map built (the solver's worker a stand-in) and opened: (view, fake map)."""
    view, fake = await map_view(page, game, params, lang)
    click(view.map.button)
    await fake_page.drive(page.window, lambda: "located" in [kind for kind, *_ in fake.seen]
                          or view.map.error is not None, 10)
    return view, fake


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_maps_line_says_what_it_does_and_its_name_the_boards_distance_from_its_first_picture(page, lang):
    """While the map is made and drawn its line says what it does (placing, then painting the positions
    and moves), in the page's language; from the moment it is drawn its name and its description say the
    board's distance to the goal; its table counts every position once, one row per distance."""
    async def body():
        view, fake = await open_map(page, "sliding", {"board": "2x3-412503"}, lang)
        lines = [line for _, line, _, _ in fake.seen]
        placing = {"en": "Drawing the map… placing 360 positions", "zh": "正在绘制状态图……排布 360 个局面"}[lang]
        painting = {"en": r"Drawing the map… painting 360 positions and 420 moves",
                    "zh": r"正在绘制状态图……画出 360 个局面和 420 步走法"}[lang]
        assert placing in lines and any(re.fullmatch(painting, line) for line in lines), lines
        far = {"en": "5 moves from the goal", "zh": "离目标 5 步"}[lang]
        drawn = fake.seen[[kind for kind, *_ in fake.seen].index("drawn"):]
        assert drawn
        for _, _, name, said in drawn:
            assert re.search("360 .*" + far, name) and far in said, (name, said)
        rows = [[str(c.textContent) for c in tr.children] for tr in view.map.tbody.children]
        assert sum(int(count) for _, count in rows) == 360 and rows[0] == ["0", "1"] and len(rows) == 22

    asyncio.run(body())


def test_stop_says_the_map_is_stopped_and_opening_it_again_or_a_new_board_makes_one(page):
    """Stop while the map is made: its line says it stopped, its name that no map is made, the button
    stays open; closed and opened again, the map is made; a board of another shape pasted: a new map is
    made for it, named with that board's distance."""
    async def body():
        view, fake = await map_view(page, "sliding", {"board": "2x3-412503"})
        panel = view.map
        fake.paused = True
        click(panel.button)
        await fake_page.drive(page.window, lambda: fake.started == 1)
        click(panel.stop_btn)
        fake.paused = False
        await fake_page.drive(page.window, lambda: panel.error is not None, 10)
        assert str(panel.line.textContent) == "Map stopped."
        assert panel.figure.getAttribute("aria-label") == "State map, not made yet"
        assert panel.button.getAttribute("aria-expanded") == "true" and fake.started == 1
        click(panel.button)
        assert panel.button.getAttribute("aria-expanded") == "false"
        click(panel.button)
        await fake_page.drive(page.window, lambda: panel.info is not None, 10)
        assert fake.started == 2 and re.match(r"State map of 360 positions", panel.figure.getAttribute("aria-label"))
        paste(view, "[[1,2],[3,4],[0,5]]")  # 3 rows of 2: not a position of the 2 × 3 map
        await fake_page.drive(page.window, lambda: fake.started == 3 and panel.info is not None, 10)
        assert re.fullmatch(r"State map of 360 positions; .* 1 moves? from the goal\.?",
                            panel.figure.getAttribute("aria-label")), panel.figure.getAttribute("aria-label")

    asyncio.run(body())


def test_the_maps_worker_dying_is_said_and_handed_to_the_solver_as_that_worker(page):
    """The map's job sees its worker die: its line says the map could not be made, and the solver is told
    which worker died (the one the job ran on), so that it replaces that worker only if no other job has."""
    async def body():
        view, fake = await map_view(page, "sliding", {"board": "2x3-412503"}, worker="the map's worker")
        fake.paused = True
        click(view.map.button)
        await fake_page.drive(page.window, lambda: fake.started == 1)
        fake.emit("died", {"text": "no answer"})
        assert view.shell.solver.died.call_args_list == [mock.call("the map's worker")]
        assert str(view.map.line.textContent).startswith(t("map_failed", "en", msg=""))
        fake.cancelled, fake.paused = True, False
        await fake_page.drive(page.window, lambda: not view.map.computing, 10)

    asyncio.run(body())


def test_a_worker_seen_dying_by_two_jobs_is_replaced_once(page):
    """Two jobs on one worker (the look-ahead's search and the map's) both see it die: the first replaces
    it with a fresh worker; the second, finding it already replaced, starts none (a second restart would
    end the fresh worker as it starts)."""
    from app.solver import Solver

    async def body():
        page.window.solverWorkers = mock.MagicMock()
        solver = Solver(mock.MagicMock())
        dead = object()
        solver.worker = dead
        solver.connect = mock.AsyncMock()
        solver.died(dead)
        solver.died(dead)
        solver.died(None)  # a job that never had a worker
        assert page.window.solverWorkers.end.call_args_list == [mock.call("solver")]
        assert solver.generation == 1 and solver.connect.call_args_list == [mock.call("solver-1")]
        await asyncio.sleep(0)

    asyncio.run(body())


def test_a_position_picked_on_the_map_goes_onto_the_board_as_one_undoable_step(page):
    """A neighbour picked on the map (Enter, a click, a tap): the board shows it, the status says its
    distance, the map's name follows; no move is counted, and Undo brings the board back, the name too."""
    async def body():
        view, fake = await open_map(page, "sliding", {}, "en")
        panel = view.map
        before, start = view.session.state, panel.here[1]
        neighbour = view.spec.apply(before, view.spec.legal_moves(before)[0])
        index = fake.map["index"][bytes(neighbour.map_cells())]
        said = fake.map["dist"][index]
        fake.pick(index)
        await fake_page.drive(page.window, lambda: panel.here[0] == index)
        assert view.session.state == neighbour
        assert status(view) == "Put on the board from the map: %d moves from the goal." % said
        assert abs(said - start) <= 1 and view.session.cursor == 1 and counter(view) == "Moves: 0"
        assert re.search(r"\b%d moves from the goal" % said, panel.figure.getAttribute("aria-label"))
        view.undo()
        await fake_page.drive(page.window, lambda: panel.here[0] == 0)
        assert view.session.state == before
        assert re.search(r"\b%d moves from the goal" % start, panel.figure.getAttribute("aria-label"))

    asyncio.run(body())


def test_a_change_of_huarong_metric_makes_a_new_map_measured_in_it(page):
    """The map made under the piece metric names 25,955 positions and the board 81 moves from the goal; the
    metric changed to cells, a new map is made and names 116."""
    async def body():
        view, fake = await open_map(page, "huarong", {"metric": "piece"})
        label = view.map.figure.getAttribute
        assert re.search(r"25,955 .*\b81 moves from the goal", label("aria-label")), label("aria-label")
        choose(view.metric_select, "cell")
        await fake_page.drive(page.window, lambda: fake.started == 2 and view.map.info is not None, 10)
        assert re.search(r"25,955 .*\b116 moves from the goal", label("aria-label")), label("aria-label")

    asyncio.run(body())


# ----------------------------------------------------------------- the sliding puzzle's editor
def test_the_sliding_editor_says_live_whether_the_position_is_solvable_and_plays_it(page):
    """Edit on the goal says so; each swap of two cells (one tap on each) says again whether the goal can
    be reached (one swap of two tiles: unsolvable, marked on the draft; a swap with the blank keeps the
    parity; another swap of two tiles: solvable again); Solve from the editor plays the position drawn to
    the goal, and Reset brings that position back."""
    async def body():
        view = make_view("sliding", {"board": "3x3-123456780", "speed": "0"})
        editor = view.editor
        click(editor.edit_btn)
        assert "this is the goal" in status(view), status(view)

        def tap(name: str) -> None:
            cell = next(b for b in editor.edit_el.children if b.getAttribute("aria-label").startswith(name))
            act(page, cell)

        def marked_unsolvable() -> bool:
            return editor.edit_el.classList.toggle.call_args_list[-1] == mock.call("unsolvable", True)

        tap("Tile 1,")
        tap("Tile 2,")
        assert "unsolvable" in status(view) and marked_unsolvable()
        tap("Tile 8,")
        tap("Blank,")
        assert "unsolvable" in status(view) and marked_unsolvable(), "one slide keeps the parity"
        tap("Tile 3,")
        tap("Tile 4,")
        assert "solvable: Play" in status(view) and not marked_unsolvable()
        await solve_to_the_end(page, view)
        assert re.fullmatch(r"Solved: \d+ moves", status(view)) and view.session.state.is_solved()
        click(view.reset_btn)
        assert view.session.state.grid() == [[2, 1, 4], [3, 5, 6], [7, 0, 8]]

    asyncio.run(body())


# ----------------------------------------------------------------- Huarong's board editor
def test_the_huarong_editor_builds_the_classic_board_refuses_what_would_not_play_and_solves_it(page):
    """The classic board built piece by piece on a cleared grid (each refusal said: a second 曹操, an
    overlap, a piece off the board), solved from the editor in 116 moves, its pieces numbered as the course
    numbers them (Reset shows the course's grid, named as its layout); then the editor moves a piece by a
    key (refused: an overlap) and deletes it, refuses to play a board with no piece 1 (the alert, still
    editing), says before Play that a 2-wide 曹操 cannot pass a 5-column exit, and Share from the editor
    opens the board and links it."""
    from urllib.parse import parse_qsl, urlsplit

    from puzzles.huarong.layouts import find_layout

    async def body():
        view = make_view("huarong", {"speed": "0"})
        await view.build_own_later()
        ed, editor = view.board_editor, view.editor
        click(editor.edit_btn)
        click(labelled(view, "ed_clear"))
        assert "not playable yet: there is no piece 1" in status(view), status(view)

        def cell(r: int, c: int) -> object:
            return next(e for e in ed.node.children
                        if e.getAttribute("data-r") == str(r) and e.getAttribute("data-c") == str(c))

        def place(tool: str, r: int, c: int) -> None:
            click(ed.tool_btns[tool])
            act(page, cell(r, c))

        for tool, r, c in [("vbar", 0, 0), ("boss", 0, 1), ("vbar", 0, 3), ("vbar", 2, 0), ("hbar", 2, 1),
                           ("vbar", 2, 3), ("soldier", 3, 1), ("soldier", 3, 2), ("soldier", 4, 0), ("soldier", 4, 3)]:
            place(tool, r, c)
        assert status(view) == "Editing — the board is valid: Play, Solve or Share it."
        place("boss", 4, 1)
        assert status(view) == "There is only one 曹操 (Cao Cao): move or delete him first."
        place("hbar", 4, 2)
        assert status(view) == "That would overlap another piece."
        place("vbar", 4, 1)
        assert status(view) == "That does not fit on the board."
        await solve_to_the_end(page, view)
        assert status(view) == "Solved: 116 moves" and view.session.state.is_solved()
        click(view.reset_btn)
        assert view.session.state.grid() == COURSE, "the pieces are numbered as the course numbers them"
        assert str(view.layout_select.value) == str(find_layout("横刀立马").index)
        # the editor moves, deletes and refuses an unplayable board
        click(editor.edit_btn)

        def boss() -> object:
            return next(e for e in ed.node.children if "boss" in str(e.className).split())

        act(page, boss())  # selected
        act(page, boss(), "keydown", key="ArrowLeft")
        assert status(view) == "That would overlap another piece."
        act(page, boss(), "keydown", key="Delete")
        assert not [e for e in ed.node.children if "boss" in str(e.className).split()]
        click(labelled(view, "ed_play"))
        assert alert(view).startswith("This board cannot be played yet: there is no piece 1"), alert(view)
        assert editor.editing
        place("boss", 0, 1)
        choose(ed.cols, "5")
        assert "not playable yet: piece 1 has width 2 and cannot pass" in status(view), status(view)
        choose(ed.cols, "4")
        assert "the board is valid" in status(view)
        act(page, labelled(view, "share"))  # Share from the editor opens the board and links it
        params = dict(parse_qsl(urlsplit(str(view.frame.share_link)).query))
        assert params["board"] == "3114/3114/5226/5786/900a" and not editor.editing
        assert view.session.state.grid() == COURSE

    asyncio.run(body())

