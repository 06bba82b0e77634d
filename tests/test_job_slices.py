"""Nothing freezes: every worker job is a generator that yields
progress dicts with ``positions`` (work done so far) in short slices, answers
one :class:`puzzles.Result`, and past its budget says ``unknown`` honestly.

The jobs are driven here as the worker drives them (``JOBS[action](board,
options, request)``, then ``next()`` until ``StopIteration``), with small
budgets. Nothing here is timed: :func:`longest_slices` measures the longest
single ``next()`` of each job on the hard inputs below, for a person to
run (``python -c "import test_job_slices as t; print(t.longest_slices())"``
from ``tests/`` with ``py/`` on the path); the tests only count and check.
"""

import json
import statistics
import time
import types
import zlib

import pytest

from helpers import drain_with_progress
from puzzles import PuzzleError, Result, linkup, run
from puzzles.games import GAMES
from puzzles.huarong import solver as huarong_solver
from puzzles.linkup import Board as LinkupBoard
from puzzles.linkup import connect, generate
from puzzles.linkup import solver as linkup_solver
from puzzles.linkup.solver import rounds as linkup_rounds
from puzzles.sliding import solver as sliding_solver

# Hard inputs: unsliced, each would take seconds (or all the memory) in one next().
HUARONG_TALL = "000/001/001/001/001/001/400/000"
HUARONG_WIDE = json.dumps([[0, 0, 0, 0, 0, 121, 0, 0], [0, 0, 58, 1, 1, 1, 1, 0], [0, 0, 58, 1, 1, 1, 1, 0],
                           [0, 0, 0, 1, 1, 1, 1, 0]])
HUARONG_ROOMY = json.dumps([[1, 1, 0, 0, 0, 0, 0, 0]] + [[0] * 8 for _ in range(6)] + [[0, 0, 0, 0, 0, 0, 0, 2]])
LINKUP_ONE_KIND = LinkupBoard(24, 24, [1] * 576)
LINKUP_TWO_KINDS = LinkupBoard(24, 24, [1 + (i * 7 // 3) % 2 for i in range(576)])  # 288 of each, mixed
SLIDING_5X5 = "5x5-dlbi1526o4a7ec3h0jfkm9n8g"


def job(game: str, action: str, board: "object | None", request: "dict | None" = None, **options: object):
    """The generator the worker would run: the same arguments ``worker_jobs.start`` passes."""
    spec = GAMES[game]
    if isinstance(board, str):
        board = spec.board.parse(board)
    opts = spec.check_options(options, board if board is not None else spec.default())
    solver = __import__(spec.solver, None, None, ["JOBS"])
    return solver.JOBS[action](board, opts, dict(request or {}, action=action))


def drive(gen, most: "int | None" = None) -> tuple:
    """``(progress dicts, result)``: every progress checked to be a dict with
    a whole, positive ``positions``, the answer a :class:`Result`."""
    seen, result = drain_with_progress(gen)
    for progress in seen:
        assert isinstance(progress, dict) and type(progress["positions"]) is int, progress
        assert progress["positions"] > 0, progress
    assert most is None or len(seen) <= most, "more slices than expected"
    assert isinstance(result, Result)
    return seen, result


def longest_next(gen) -> tuple:
    """``(longest single next() in ms, slices, result)``: for measuring, not for asserting."""
    longest, slices = 0.0, 0
    while True:
        t0 = time.perf_counter()
        try:
            next(gen)
        except StopIteration as stop:
            return max(longest, time.perf_counter() - t0) * 1000, slices, stop.value
        longest = max(longest, time.perf_counter() - t0)
        slices += 1


def hard_jobs() -> dict:
    """name -> a function making a fresh generator of that job on its hard input."""
    data = _table_bytes()
    big = generate(10, 20, 50, 4, 305)
    return {
        "huarong hint cell, tall": lambda: job("huarong", "hint", HUARONG_TALL, metric="cell"),
        "huarong hint piece, tall": lambda: job("huarong", "hint", HUARONG_TALL, metric="piece"),
        "huarong hint piece, wide": lambda: job("huarong", "hint", HUARONG_WIDE, metric="piece"),
        "huarong hint piece, roomy 8x8": lambda: job("huarong", "hint", HUARONG_ROOMY, metric="piece"),
        "huarong hint cell, roomy 8x8": lambda: job("huarong", "hint", HUARONG_ROOMY, metric="cell"),
        "huarong solve piece, roomy 8x8": lambda: job("huarong", "solve", HUARONG_ROOMY, metric="piece"),
        "huarong compare piece, wide": lambda: job("huarong", "compare", HUARONG_WIDE, metric="piece"),
        "linkup solve, 24x24 one kind": lambda: job("linkup", "solve", LINKUP_ONE_KIND),
        "linkup hint, 24x24 one kind": lambda: job("linkup", "hint", LINKUP_ONE_KIND),
        "linkup solve, 24x24 two kinds": lambda: job("linkup", "solve", LINKUP_TWO_KINDS),
        "linkup generate, 10x20 seeds 0-19": lambda: _chain(
            job("linkup", "generate", None, {"rows": 10, "cols": 20, "kinds": 50, "per_kind": 4, "seed": s})
            for s in range(20)
        ),
        "linkup shuffle, 10x20": lambda: job("linkup", "shuffle", big, {"seed": 5}),
        "sliding solve optimal 5x5 (to 3M positions)": lambda: _fresh_tables(
            lambda: sliding_solver.search(sliding_solver.Board.parse(SLIDING_5X5), budget=3_000_000)
        ),
        "sliding tables": lambda: job("sliding", "tables", None, {"data": data}),
    }


def longest_slices(runs: int = 3) -> dict:
    """name -> (median, maximum) over ``runs`` of the longest single next(), in ms."""
    out = {}
    for name, make in hard_jobs().items():
        figures = []
        for _ in range(runs):
            huarong_solver._tables.clear()  # no run answers from the cache of the one before
            linkup._layouts.clear()
            figures.append(longest_next(make())[0])
        out[name] = (statistics.median(figures), max(figures))
    return out


def _chain(gens):
    result = None
    for gen in gens:
        result = yield from gen
    return result


def _fresh_tables(make):
    sliding_solver._heuristics.pop((5, 5), None)
    return (yield from make())


def _table_bytes() -> bytes:
    with open(sliding_solver.table_path(), "rb") as f:
        return f.read()


# ------------------------------------------------------------------- Huarong
def test_huarong_hint_on_the_hard_boards_answers_in_many_slices():
    for text, metric in ((HUARONG_WIDE, "piece"), (HUARONG_ROOMY, "piece"), (HUARONG_ROOMY, "cell")):
        huarong_solver._tables.clear()
        progress, res = drive(job("huarong", "hint", text, metric=metric))
        assert res.status == "solved" and res.moves and len(progress) >= 3
        board = GAMES["huarong"].board.parse(text)
        table = huarong_solver.DistanceTable(board, metric)
        assert res.distance == table.distance(board) and res.positions == table.component
        after = board.play(res.moves)
        assert table.distance(after) == res.distance - 1


def _largest_table(gen) -> int:
    """The most entries any one dict or set holds among what the running
    generator ``gen`` (and every generator it delegates to) keeps: its
    locals, the lists among them and the attributes of the objects among
    them (a search's space, a table being built), and the generators among
    them (a job that steps a search itself)."""
    largest = 0

    def look(value, depth: int) -> None:
        nonlocal largest
        if depth and isinstance(value, types.GeneratorType):
            frames(value)
        elif isinstance(value, (dict, set, frozenset)):
            largest = max(largest, len(value))
        if depth and isinstance(value, (dict, list, tuple)) and len(value) < 256:
            for item in value.values() if isinstance(value, dict) else value:
                look(item, depth - 1)
        elif depth and hasattr(value, "__dict__") and not isinstance(value, type):
            look(vars(value), depth - 1)

    def frames(gen) -> None:
        while gen is not None and getattr(gen, "gi_frame", None) is not None:
            for value in gen.gi_frame.f_locals.values():
                look(value, 2)
            gen = gen.gi_yieldfrom

    frames(gen)
    return largest


HUARONG_6X6 = json.dumps([[0, 0, 1, 1, 0, 0], [0, 0, 1, 1, 0, 0], [2, 3, 0, 0, 6, 7], [0] * 6,
                          [8, 9, 0, 0, 12, 13], [0] * 6])


@pytest.mark.parametrize(
    ("action", "board", "limit"),
    [
        ("hint", HUARONG_6X6, "LIMIT"),
        ("compare", "3114/3114/5226/5786/900a", "COMPARE_LIMIT"),
        ("map", HUARONG_6X6, ""),
    ],
)
@pytest.mark.heavy
def test_huarong_searches_grow_no_table_past_a_bounded_size(monkeypatch, action, board, limit):
    """A dict grows by copying everything it holds in one go, so a
    search keeping its millions of positions in one dict would pause 180-360 ms
    inside one slice at each growth (the 6 x 6 hint runs to the 3,000,000
    limit; the distinct side of "what equivalence buys" to 1,000,000; the
    state map to 500,000). The positions are spread over many dicts instead:
    at 200,000 positions none holds more than 10,000, so no growth copies
    more. Each search (the distance table's, the solver's, the map's) stops
    at that limit here."""
    huarong_solver._tables.clear()
    if limit:
        monkeypatch.setattr(huarong_solver, limit, 200_000)
    gen = job("huarong", action, board, {"limit": 200_000} if action == "map" else None, metric="cell")
    tables = []
    seen, res = drain_with_progress(gen, "positions", each=lambda _progress: tables.append(_largest_table(gen)))
    positions, largest = max(seen), max(tables)
    assert positions >= 190_000
    if action != "map":
        side = {"status": res.status, "positions": res.positions} if action == "hint" else res.sides["distinct"]
        assert side["status"] == "unknown" and side["positions"] > 200_000
    assert 0 < largest <= 10_000, largest


def test_huarong_hint_past_its_budget_is_unknown(monkeypatch):
    huarong_solver._tables.clear()
    monkeypatch.setattr(huarong_solver, "LIMIT", 1000)
    progress, res = drive(job("huarong", "hint", "3114/3114/5226/5786/900a", metric="cell"))
    assert res.status == "unknown" and res.moves == [] and res.distance is None
    assert 1000 < res.positions < 25955
    assert not huarong_solver._tables, "an unfinished table is not kept"


def test_huarong_distance_table_in_slices_matches_the_plain_one():
    board = GAMES["huarong"].board.parse("3114/3114/5226/5786/900a")
    gen = huarong_solver.DistanceTable.steps(board, "piece", chunk=512)
    phases, table = drain_with_progress(gen, "phase")
    assert phases[0] == "component" and phases[-1] == "distances" and phases == sorted(phases)
    assert table.complete and table.dist == huarong_solver.DistanceTable(board, "piece").dist
    with pytest.raises(PuzzleError) as err:
        huarong_solver.DistanceTable(board, "cell", limit=100)
    assert err.value.code == "space_too_large"


def test_huarong_solve_and_compare_slice_and_replay():
    board = GAMES["huarong"].board.parse(HUARONG_WIDE)
    for metric in ("cell", "piece"):
        progress, res = drive(job("huarong", "solve", HUARONG_WIDE, metric=metric))
        assert res.status == "solved" and board.play(res.moves).is_solved()
        assert res.steps == huarong_solver.solve(board, metric).steps
    progress, res = drive(job("huarong", "compare", "1100/1100/0000/0023", metric="cell"))
    assert all(p["side"] in ("equal", "distinct") for p in progress)
    assert res.sides["equal"]["steps"] == res.sides["distinct"]["steps"]


def test_huarong_roomy_board_turns_sparse_with_the_same_answers():
    board = GAMES["huarong"].board.parse(HUARONG_ROOMY)
    spaces = []
    real = huarong_solver._Space.__init__

    def remember(self, *args):
        real(self, *args)
        spaces.append(self)

    huarong_solver._Space.__init__ = remember
    try:
        piece = huarong_solver.solve(board, "piece")
        table = huarong_solver.DistanceTable(board, "piece")
    finally:
        huarong_solver._Space.__init__ = real
    assert spaces[-1].sparse, "a board this roomy is searched without the dense tables"
    assert table.component == 3472 and piece.status == "solved"
    assert piece.steps == table.distance(board) and board.play(piece.moves).is_solved()


# ------------------------------------------------------------------- Link-up
def test_linkup_generate_job_builds_the_board_generate_builds():
    linkup._layouts.clear()
    req = {"rows": 8, "cols": 18, "kinds": 36, "per_kind": 4, "seed": 3}
    progress, res = drive(job("linkup", "generate", None, req))
    assert res.status == "made" and res.moves == [] and len(progress) >= 72
    assert res.positions == progress[-1]["positions"] >= 72
    linkup._layouts.clear()
    assert res.board == generate(8, 18, 36, 4, 3).to_code()
    progress, again = drive(job("linkup", "generate", None, dict(req, kinds=12, per_kind=12)))
    assert progress == [] and again.positions == 0, "the same size and seed: the layout is reused"
    assert sorted(LinkupBoard.parse(again.board).cells) == sorted(k for k in range(1, 13) for _ in range(12))


@pytest.mark.parametrize(
    "req, code",
    [
        ({"rows": 8, "cols": 18, "kinds": 36, "per_kind": 4}, "not_whole_number"),  # no seed
        ({"rows": 8.0, "cols": 18, "kinds": 36, "per_kind": 4, "seed": 1}, "not_whole_number"),
        ({"rows": 8, "cols": 18, "kinds": True, "per_kind": 4, "seed": 1}, "not_whole_number"),
        ({"rows": "8", "cols": 18, "kinds": 36, "per_kind": 4, "seed": 1}, "not_whole_number"),
        ({"rows": 8, "cols": 18, "kinds": 36, "per_kind": 5, "seed": 1}, "generate_no_fit"),
        ({"rows": 8, "cols": 18, "kinds": 0, "per_kind": 4, "seed": 1}, "generate_no_fit"),
        ({"rows": 30, "cols": 30, "kinds": 30, "per_kind": 30, "seed": 1}, "linkup_too_big"),
        ({"rows": -2, "cols": -2, "kinds": 1, "per_kind": 4, "seed": 1}, "linkup_too_big"),
    ],
)
def test_linkup_generate_job_refuses_bad_requests_with_a_code(req, code):
    with pytest.raises(PuzzleError) as err:
        drive(job("linkup", "generate", None, req))
    assert err.value.code == code


def test_linkup_shuffle_job_keeps_the_tiles_and_slices():
    board = generate(8, 18, 36, 4, 5)
    for a, b in linkup_solver.solve(board).moves[:30]:
        board = board.remove(a, b)
    progress, res = drive(job("linkup", "shuffle", board, {"seed": 9}))
    mixed = LinkupBoard.parse(res.board)
    assert res.status == "made" and sorted(mixed.cells) == sorted(board.cells) and mixed != board
    assert mixed == linkup_solver.shuffle(board, 9)
    assert all(p["positions"] <= res.positions for p in progress)
    with pytest.raises(PuzzleError):
        drive(job("linkup", "shuffle", board, {"seed": "5"}))


def test_linkup_shuffle_of_a_full_large_board_tries_in_slices(monkeypatch):
    monkeypatch.setattr(linkup_solver, "SHUFFLE_TRIES", 2)
    board = generate(10, 20, 50, 4, 305)
    progress, res = drive(job("linkup", "shuffle", board, {"seed": 5}))
    assert len(progress) > 10 and res.positions == progress[-1]["positions"] > 100
    mixed = LinkupBoard.parse(res.board)
    assert sorted(mixed.cells) == sorted(board.cells) and linkup_solver.solve(mixed).status == "solved"


def test_linkup_two_big_kinds_24x24_yield_within_positions():
    """Kinds of hundreds of tiles have tens of thousands of joinable pairs: the search yields inside a
    position, not only every ``chunk`` positions."""
    progress, res = drive(linkup_solver.search(LINKUP_TWO_KINDS, budget=20))
    assert res.status == "unknown" and res.positions == 21
    assert len(progress) > res.positions, "it yields inside positions, not only every 200"


def test_linkup_one_kind_24x24_clears_pair_by_pair_in_slices():
    progress, res = drive(job("linkup", "solve", LINKUP_ONE_KIND))
    assert res.status == "solved" and len(res.moves) == 288 and res.positions == 1
    assert len(progress) >= 288 // linkup_rounds.ONE_KIND_YIELD
    board = LINKUP_ONE_KIND
    for a, b in res.moves:
        assert connect(board, a // 24, a % 24, b // 24, b % 24)
        board = board.remove(a, b)
    assert board.is_cleared()
    _, hint = drive(job("linkup", "hint", LINKUP_ONE_KIND))
    assert hint.status == "solved" and hint.moves == res.moves[:1]


def test_linkup_budget_is_unknown_with_the_positions_given_up_after():
    board = generate(8, 18, 36, 4, 5)
    res = run(linkup_solver.search(board, budget=7))
    assert res.status == "unknown" and res.moves == [] and res.positions == 8  # 7 expanded, and the start
    progress, hint = drive(linkup_solver._hint_job(board, {}, {}))
    assert hint.status == "solved"
    unknown = run(linkup_solver.search(LINKUP_TWO_KINDS, budget=3))
    assert unknown.status == "unknown" and unknown.positions == 4
    assert run(linkup_solver.search(LINKUP_ONE_KIND, budget=0)).status == "solved"  # no search to give up on


# ------------------------------------------------------------------- sliding
def test_sliding_tables_job_installs_in_slices():
    data = _table_bytes()
    progress, res = drive(job("sliding", "tables", None, {"data": data}))
    assert res.status == "loaded" and res.groups == sliding_solver.GROUPS_4X4 and res.positions == 0
    assert len(progress) > 100 and res.seconds > 0
    assert progress[-1]["positions"] == sum(16 ** len(g) for g in sliding_solver.GROUPS_4X4)
    assert sliding_solver.heuristic_for(4, 4).tables[2] == bytearray(run(sliding_solver.install_steps(data)).tables[2])


def _damaged(data: bytes) -> list:
    head, _, packed = data.partition(b"\n")
    return [
        (data[: len(data) // 2], "tables_damaged"),
        (data[:-1], "tables_damaged"),
        (data + b"x", "tables_damaged"),
        (data[:300] + bytes([data[300] ^ 0xFF]) + data[301:], "tables_damaged"),
        (head + b"\n" + zlib.compress(zlib.decompress(packed)[:-7]), "tables_damaged"),
        (head + b"\n" + zlib.compress(zlib.decompress(packed) + b"\0"), "tables_damaged"),
        (b"junk", "tables_bad_header"),
        (b"", "tables_bad_header"),
        (b'{"rows": 4, "cols": 4, "groups": []}\n', "tables_bad_header"),
        (data.replace(b"excess/2", b"excess/3", 1), "tables_bad_header"),
        (b'{"rows": 9, "cols": 9, "groups": [[1]], "encoding": "excess/2"}\n', "tables_bad_header"),
        (b"\xff\xfe\n", "tables_bad_header"),
    ]


@pytest.mark.heavy
def test_damaged_tables_raise_a_coded_error_never_a_zlib_error():
    data = _table_bytes()
    for n, (bad, code) in enumerate(_damaged(data)):
        for through_the_job in (False, True) if n % 3 == 0 else (False,):
            with pytest.raises(PuzzleError) as err:
                if through_the_job:
                    drive(job("sliding", "tables", None, {"data": bad}))
                else:
                    sliding_solver.install_tables(bad)
            assert err.value.code == code, (bad[:40], err.value)
            assert err.value.text("zh") != str(err.value)
    with pytest.raises(PuzzleError):
        drive(job("sliding", "tables", None, {"data": "not bytes"}))


def test_small_tables_build_in_slices_when_the_4x4_file_cannot_be_read(monkeypatch):
    monkeypatch.setattr(sliding_solver, "table_path", lambda name="": "/nonexistent/sliding-4x4.pdb")
    saved = sliding_solver._heuristics.pop((4, 4), None)
    try:
        gen = sliding_solver.heuristic_steps(4, 4)
        progress, heur = drain_with_progress(gen)
        assert heur.groups == sliding_solver.default_groups(4, 4) and len(progress) > 5
        assert all(p["method"] == "tables" for p in progress)
        board = sliding_solver.Board.parse("4x4-123456789abc0def")
        assert sliding_solver.solve(board).steps == 3
    finally:
        sliding_solver._heuristics.pop((4, 4), None)
        if saved is not None:
            sliding_solver._heuristics[(4, 4)] = saved


@pytest.mark.heavy
def test_sliding_5x5_optimal_gives_up_honestly_at_its_budget():
    progress, res = drive(sliding_solver.search(sliding_solver.Board.parse(SLIDING_5X5), budget=50_000))
    assert res.status == "unknown" and res.moves == [] and not res.optimal and res.steps == -1
    assert 50_000 < res.positions <= 55_000
    assert any(p.get("method") == "tables" for p in progress) or (5, 5) in sliding_solver._heuristics
    assert any("bound" in p for p in progress)


def test_sliding_hint_job_says_unknown_past_the_budget(monkeypatch):
    monkeypatch.setattr(sliding_solver, "BUDGET", 20_000)
    progress, res = drive(job("sliding", "hint", SLIDING_5X5, mode="optimal"))
    assert res.status == "unknown" and res.moves == [] and res.distance is None
    progress, res = drive(job("sliding", "hint", "3x3-123456780"))
    assert res.status == "solved" and res.distance == 0
    progress, res = drive(job("sliding", "hint", "3x3-123405786"))
    assert res.status == "solved" and res.distance == 2 and res.moves == [5]


def test_every_job_has_a_generator_and_no_actions_are_left():
    for game, spec in GAMES.items():
        solver = __import__(spec.solver, None, None, ["JOBS"])
        assert not hasattr(solver, "ACTIONS"), game
        assert {"solve", "hint"} <= set(solver.JOBS)
    assert set(linkup_solver.JOBS) == {"solve", "hint", "generate", "shuffle", "cases"}
    assert set(sliding_solver.JOBS) == {"solve", "hint", "tables", "map", "cases"}


# ------------------------------------------------------------- a hint that gives up frees its memory in slices
def test_a_hint_past_its_limit_frees_its_positions_a_slice_at_a_time():
    """The positions a giving-up table found are released between yields (3,000,000 freed at once when
    the job ends would make one long step), and the table keeps none of them."""
    from puzzles import huarong

    grid = [[0, 0, 1, 1, 0, 0], [0, 0, 1, 1, 0, 0], [2, 3, 0, 0, 6, 7], [0] * 6, [8, 9, 0, 0, 12, 13], [0] * 6]
    gen = huarong_solver.DistanceTable.steps(huarong.Board.from_grid(grid), "cell", limit=200_000)
    sizes = []

    def look(_progress):
        frame = gen.gi_frame
        inner = frame.f_locals.get("table") if frame is not None else None
        members = getattr(inner, "_members", "?")
        sizes.append(None if members is None else "kept")

    table = drain_with_progress(gen, each=look)[1]
    assert not table.complete and table._members is None
    assert sizes.count(None) >= 6  # yields after the table let go of its positions: the release's slices
