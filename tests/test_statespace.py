"""The state map's engine: :func:`puzzles.statespace.map_job`.

Truth not typed in: every edge is replayed through the games' own moves
(``Board.move`` / ``Board.slide``), every distance is compared with a
breadth-first search written here (no code shared with statespace.py: its
own neighbour rules, tuples instead of integer keys), "merged" with a
labelled search that tells every piece apart. The only figures typed in are
the published ones: 25,955 positions and 116 moves for 横刀立马 (cell
metric), 181,440 / 20,160 / 360 / 12 positions for the 3 × 3, 2 × 4, 2 × 3
and 2 × 2 sliding puzzles (n!/2).
"""

import base64
import itertools
import json
import math
from array import array
from collections import Counter, deque

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import worker_jobs
from helpers import step_to_end
from puzzles import Result, huarong, run, sliding, statespace
from puzzles.huarong.space import HuarongSpace
from puzzles.statespace import PermGroup, map_job

COURSE = huarong.DEFAULT  # 横刀立马
SMALL = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------ helpers
class Map:
    """A map result decoded the way the page decodes it (base64 → typed arrays)."""

    def __init__(self, result: Result) -> None:
        assert isinstance(result, Result) and result.status == "solved"
        m = result.map
        self.raw = m
        self.n, self.rows, self.cols, self.e = m["n"], m["rows"], m["cols"], m["e"]
        self.cells = base64.b64decode(m["cells"])
        self.dist = array("h")
        self.dist.frombytes(base64.b64decode(m["dist"]))
        self.edges = array("I")
        self.edges.frombytes(base64.b64decode(m["edges"]))
        assert len(self.cells) == self.n * self.rows * self.cols
        assert len(self.dist) == self.n and len(self.edges) == 2 * self.e
        assert result.positions == self.n and result.edges == self.e
        top = max(self.dist)
        assert (m["max_dist"], m["farthest"]) == (top, list(self.dist).index(top))
        assert (min(self.dist) < 0) == (top < 0)  # a map is connected: every position reaches a goal, or none
        # levels: the nodes are numbered in breadth-first order from node 0, level by level
        near: dict = {}
        for i, j in self.pairs():
            near.setdefault(i, []).append(j)
            near.setdefault(j, []).append(i)
        depth = [0] + [-1] * (self.n - 1)
        queue = deque([0])
        while queue:
            i = queue.popleft()
            for j in near.get(i, ()):
                if depth[j] < 0:
                    depth[j] = depth[i] + 1
                    queue.append(j)
        assert depth == sorted(depth) and min(depth) == 0
        assert m["levels"] == [count for _, count in sorted(Counter(depth).items())]

    def grid(self, i: int) -> list:
        """Position ``i``'s grid of ids, as the page reads it (Huarong's cells are indexes into ``ids``)."""
        a = self.rows * self.cols
        cells = list(self.cells[i * a : i * a + a])
        ids = self.raw.get("ids")
        return [ids[v] for v in cells] if ids is not None else cells

    def pairs(self) -> list:
        return list(zip(self.edges[0::2], self.edges[1::2]))


def build(board: object, metric: str = "cell", **request: object) -> Map:
    return Map(run(map_job(board, {"metric": metric}, dict(request, action="map"))))


def huarong_board(cells: list, rows: int, cols: int) -> huarong.Board:
    return huarong.Board(rows, cols, cells)


def canon(board: huarong.Board) -> tuple:
    """The same-shape equivalence, written here: each cell holds its piece's
    shape (piece 1 apart), so swapping equal pieces changes nothing."""
    shape = {pid: (pid == 1, p.height, p.width) for pid, p in board.pieces().items()}
    return tuple(shape[v] if v else None for v in board.cells)


def huarong_component(board: huarong.Board, labelled: bool = False) -> dict:
    """Every position reachable from ``board`` (by ``canon``, or exact boards
    when ``labelled``) → the Board, by the game's own ``legal_moves``/``move``."""
    key = (lambda b: b.cells) if labelled else canon
    seen = {key(board): board}
    queue = deque([board])
    while queue:
        b = queue.popleft()
        for pid, d in b.legal_moves():
            nb = b.move(pid, d)
            k = key(nb)
            if k not in seen:
                seen[k] = nb
                queue.append(nb)
    return seen


def piece_slides(board: huarong.Board) -> dict:
    """canon → Board of every position one piece move (any distance) away."""
    out = {}
    for pid in board.pieces():
        seen = {board.cells}
        stack = [board]
        while stack:
            b = stack.pop()
            for d in huarong.DIRECTIONS:
                if b.can_move(pid, d):
                    nb = b.move(pid, d)
                    if nb.cells not in seen:
                        seen.add(nb.cells)
                        out[canon(nb)] = nb
                        stack.append(nb)
    return out


def huarong_distances(component: dict, metric: str) -> dict:
    """Multi-source BFS from every solved position, over ``component`` (canon → Board)."""
    dist = {k: 0 for k, b in component.items() if b.is_solved()}
    queue = deque(dist)
    while queue:
        k = queue.popleft()
        b = component[k]
        if metric == "cell":
            near = [canon(b.move(pid, d)) for pid, d in b.legal_moves()]
        else:
            near = list(piece_slides(b))
        for nk in near:
            if nk not in dist:
                dist[nk] = dist[k] + 1
                queue.append(nk)
    return dist


def sliding_distances(rows: int, cols: int) -> dict:
    """Every position reachable from the solved one → its distance: a BFS on
    tuples with the blank's neighbours worked out here."""
    n = rows * cols
    goal = tuple(range(1, n)) + (0,)
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        z = s.index(0)
        r, c = divmod(z, cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < rows and 0 <= cc < cols:
                p = rr * cols + cc
                t = list(s)
                t[z], t[p] = t[p], 0
                t = tuple(t)
                if t not in dist:
                    dist[t] = dist[s] + 1
                    queue.append(t)
    return dist


def check_cell_graph(m: Map, boards: list) -> None:
    """:func:`check_graph` for Huarong's cell metric: one ``legal_moves`` move."""
    def near(i: int) -> list:
        return [canon(boards[i].move(p, d)) for p, d in boards[i].legal_moves()]

    check_graph(m, near, lambda i: canon(boards[i]))


def check_graph(m: Map, neighbour_keys: object, key: object) -> None:
    """Every edge joins two positions one legal move apart (``neighbour_keys(i)``
    by the game's own moves), distances differ by at most one along it, the
    positions are distinct, the edges too, and the goals have distance 0."""
    keys = [key(i) for i in range(m.n)]
    assert len(set(keys)) == m.n
    pairs = m.pairs()
    assert len(set(pairs)) == m.e
    for i, j in pairs:
        assert 0 <= i < j < m.n
        assert abs(m.dist[i] - m.dist[j]) <= 1 or (m.dist[i] < 0 and m.dist[j] < 0)
    near = {}
    for i, j in pairs:
        near.setdefault(i, set()).add(j)
        near.setdefault(j, set()).add(i)
    index = {k: i for i, k in enumerate(keys)}
    for i in range(m.n):
        if m.raw["truncated"]:
            assert near.get(i, set()) <= {index[k] for k in neighbour_keys(i) if k in index}
        else:
            assert near.get(i, set()) == {index[k] for k in neighbour_keys(i)}, i


# ------------------------------------------------------------- 横刀立马
@pytest.fixture(scope="module")
def course_cell() -> Map:
    return build(huarong.Board.parse(COURSE), "cell")


def test_course_published_figures(course_cell):
    m = course_cell
    assert (m.n, m.dist[0], m.raw["truncated"]) == (25955, 116, False)
    assert m.grid(0) == list(huarong.Board.parse(COURSE).cells)  # node 0 is the board itself, ids included
    top = max(m.dist)
    assert m.raw["max_dist"] == top and m.raw["farthest"] == list(m.dist).index(top)


def test_course_matches_an_independent_search(course_cell):
    m = course_cell
    board = huarong.Board.parse(COURSE)
    component = huarong_component(board)
    assert len(component) == m.n
    dist = huarong_distances(component, "cell")
    goals = 0
    for i in range(m.n):
        b = huarong_board(m.grid(i), m.rows, m.cols)
        assert dist[canon(b)] == m.dist[i]
        goals += b.is_solved()
        assert (m.dist[i] == 0) == b.is_solved()
    assert m.raw["goals"] == goals


def test_map_cells_find_every_relabelling_of_every_node(course_cell):
    """The page locates the board by ``Board.map_cells()`` alone (the drawing worker compares grids, it
    knows no game): each node's grid is that of its board, whatever same-shape pieces are swapped or
    however the pieces are numbered."""
    import random

    m = course_cell
    rnd = random.Random(22)
    a = m.rows * m.cols
    raw = {bytes(m.cells[i * a : i * a + a]): i for i in range(m.n)}
    assert len(raw) == m.n  # one grid per position
    for i in range(0, m.n, 7):
        b = huarong_board(m.grid(i), m.rows, m.cols)
        assert bytes(b.map_cells()) == bytes(m.cells[i * a : i * a + a])
        by_shape: dict = {}
        for pid, p in b.pieces().items():
            by_shape.setdefault((pid == 1, p.height, p.width), []).append(pid)
        rename = {0: 0}
        for shape, ids in by_shape.items():
            new = list(ids)
            rnd.shuffle(new)
            for old, to in zip(ids, new):
                rename[old] = to if shape[0] else to + 20  # piece 1 stays 1; the others get new numbers
        swapped = huarong_board([rename[v] for v in b.cells], m.rows, m.cols)
        assert raw[bytes(swapped.map_cells())] == i


def test_one_position_key_for_the_solver_and_the_map():
    """The searches and the map share one key (puzzles.huarong.position_key)."""
    from puzzles.huarong import solver as huarong_solver

    board = huarong.Board.parse(COURSE)
    space = HuarongSpace(board, "cell")
    assert huarong_solver._Space(board).encode(board) == space.encode(board) == space.start
    swapped = huarong.Board(board.rows, board.cols, [{3: 4, 4: 3}.get(v, v) for v in board.cells])
    assert huarong.position_key(swapped, huarong.shape_classes(swapped)) == space.start
    assert huarong_solver._Space(board, equivalence=False).encode(swapped) != huarong_solver._Space(
        board, equivalence=False
    ).encode(board)


def test_course_edges_replay_through_the_game(course_cell):
    m = course_cell
    boards = [huarong_board(m.grid(i), m.rows, m.cols) for i in range(m.n)]
    check_cell_graph(m, boards)


def test_one_move_along_a_shortest_path_is_115(course_cell):
    m = course_cell
    board = huarong.Board.parse(COURSE)
    j = next(j for i, j in m.pairs() if i == 0 and m.dist[j] == 115)
    target = canon(huarong_board(m.grid(j), m.rows, m.cols))
    after = next(board.move(p, d) for p, d in board.legal_moves() if canon(board.move(p, d)) == target)
    m2 = build(after, "cell")
    assert (m2.n, m2.dist[0]) == (25955, 115)
    assert m2.grid(0) == list(after.cells)


def test_one_move_along_the_hint_is_115():
    """The Hint job's move (the solver's own distance table) lowers the map's distance by one."""
    req = {"action": "hint", "board": COURSE, "options": {"metric": "cell"}}
    job = json.loads(worker_jobs.start("huarong", json.dumps(req)))["job"]
    answer = step_to_end(job, 1000)[0]
    assert answer["result"]["stats"]["distance"] == 116
    after = huarong.Board.parse(COURSE).play([tuple(m) for m in answer["result"]["moves"]])
    assert build(after, "cell").dist[0] == 115


def test_course_piece_metric():
    board = huarong.Board.parse(COURSE)
    m = build(board, "piece")
    assert (m.n, m.dist[0]) == (25955, 81)  # the piece metric's 81 steps (the module docstring of huarong.py)
    boards = [huarong_board(m.grid(i), m.rows, m.cols) for i in range(m.n)]
    keys = [canon(b) for b in boards]
    index = {k: i for i, k in enumerate(keys)}
    pairs = m.pairs()
    for i, j in pairs[:: max(1, len(pairs) // 1500)]:  # a sample: each replays a whole slide search
        assert keys[j] in piece_slides(boards[i])
        assert abs(m.dist[i] - m.dist[j]) <= 1
    degree = [0] * m.n
    for i, j in pairs:
        degree[i] += 1
        degree[j] += 1
    for i in range(0, m.n, 97):
        assert degree[i] == len(piece_slides(boards[i])), i
        assert all(k in index for k in piece_slides(boards[i]))


def test_course_merged_is_every_relabelling(course_cell):
    # four vertical bars and four soldiers: 4! * 4! labellings of each position, all reachable
    assert course_cell.raw["merged"] == 25955 * 24 * 24
    assert course_cell.raw["merged_digits"] == "14950080"


# ------------------------------------------------------------------ sliding
@pytest.mark.parametrize(
    "code, n",
    [
        ("2x2-1230", 12),
        ("2x3-412503", 360),
        ("2x4-12345670", 20160),
        ("4x2-12345670", 20160),
        ("3x3-123456780", 181440),
    ],
)
def test_sliding_counts_and_distances(code, n):
    board = sliding.Board.parse(code)
    m = build(board)
    assert (m.n, m.raw["truncated"], m.raw["merged"], m.raw["goals"]) == (n, False, None, 1)
    assert m.grid(0) == list(board.cells)
    truth = sliding_distances(board.rows, board.cols)
    assert len(truth) == n
    for i in range(m.n):
        assert truth[tuple(m.grid(i))] == m.dist[i]
    assert m.raw["max_dist"] == max(truth.values())


@pytest.mark.parametrize("code", ["2x3-412503", "2x4-72316540"])
def test_sliding_edges_replay_through_the_game(code):
    m = build(sliding.Board.parse(code))
    boards = [sliding.Board(m.rows, m.cols, m.grid(i)) for i in range(m.n)]
    check_graph(m, lambda i: [boards[i].slide(t).cells for t in boards[i].movable()], lambda i: boards[i].cells)


@SMALL
@given(st.sampled_from([(2, 2), (2, 3), (3, 2)]), st.randoms(use_true_random=False))
def test_sliding_any_board(shape, rnd):
    rows, cols = shape
    cells = list(range(rows * cols))
    rnd.shuffle(cells)
    board = sliding.Board(rows, cols, cells)
    m = build(board)
    truth = sliding_distances(rows, cols)
    assert m.n == len(truth)  # half of all arrangements, solvable or not
    for i in range(m.n):
        assert truth.get(tuple(m.grid(i)), -1) == m.dist[i]
    assert (m.dist[0] >= 0) == board.solvable()


# ------------------------------------------------------- small random Huarong
@st.composite
def small_boards(draw) -> huarong.Board:
    """A small board: piece 1 (its width leaves the exit centred) and a few
    1 × 1, 1 × 2 and 2 × 1 pieces where they fit."""
    rows = draw(st.integers(2, 4))
    cols = draw(st.integers(2, 3 if rows == 4 else 4))
    w = draw(st.sampled_from([w for w in (1, 2) if (cols - w) % 2 == 0 and w <= cols]))
    h = draw(st.integers(1, min(2, rows)))
    cells = [0] * (rows * cols)
    r0 = draw(st.integers(0, rows - h))
    c0 = draw(st.integers(0, cols - w))
    for r in range(r0, r0 + h):
        for c in range(c0, c0 + w):
            cells[r * cols + c] = 1
    pid = 2
    for _ in range(draw(st.integers(0, 6))):
        ph, pw = draw(st.sampled_from([(1, 1), (1, 1), (1, 2), (2, 1)]))
        r = draw(st.integers(0, rows - 1))
        c = draw(st.integers(0, cols - 1))
        spot = [(rr, cc) for rr in range(r, r + ph) for cc in range(c, c + pw)]
        if all(rr < rows and cc < cols and not cells[rr * cols + cc] for rr, cc in spot):
            for rr, cc in spot:
                cells[rr * cols + cc] = pid
            pid += 1
    return huarong.Board.from_grid([cells[r * cols : r * cols + cols] for r in range(rows)])


@SMALL
@given(small_boards(), st.sampled_from(["cell", "piece"]))
def test_small_huarong_boards(board, metric):
    m = build(board, metric)
    component = huarong_component(board)
    assert m.n == len(component)
    dist = huarong_distances(component, metric)
    boards = [huarong_board(m.grid(i), m.rows, m.cols) for i in range(m.n)]
    assert boards[0].cells == board.cells
    for i, b in enumerate(boards):
        assert dist.get(canon(b), -1) == m.dist[i]
    if metric == "cell":
        check_cell_graph(m, boards)
    else:
        check_graph(m, lambda i: list(piece_slides(boards[i])), lambda i: canon(boards[i]))
    most = 1  # labellings of one position: the factorials of the same-shape classes' sizes
    for size in Counter((p.height, p.width, pid == 1) for pid, p in board.pieces().items()).values():
        most *= math.factorial(size)
    assert m.raw["merged"] % m.n == 0 and most % (m.raw["merged"] // m.n) == 0
    if m.n * most <= 20000:  # small enough to search with every piece told apart
        assert m.raw["merged"] == len(huarong_component(board, labelled=True))
    if not dist:
        assert (m.raw["max_dist"], m.raw["farthest"], set(m.dist)) == (-1, 0, {-1})


@pytest.mark.parametrize(
    "code, group",
    [
        ("0230/1111", 1),  # two soldiers in a corridor never pass each other
        ("11/32/40", 3),  # three soldiers turning round a loop: only the rotations
        ("0114/5110/3220", 2),
        ("00/25/11/34", 4),
        ("3304/5004/5611/0622", 6),
    ],
)
def test_merged_when_relabelling_is_partial(code, group):
    board = huarong.Board.parse(code)
    m = build(board)
    assert m.raw["merged"] == m.n * group == len(huarong_component(board, labelled=True))


# --------------------------------------------------------------- the group
@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6).flatmap(lambda k: st.lists(st.permutations(list(range(k))), min_size=1, max_size=4)))
def test_perm_group_order_matches_closure(gens):
    m = len(gens[0])
    group = PermGroup(m)
    for g in gens:
        group.add(tuple(g))
    seen = {tuple(range(m))}
    todo = list(seen)
    while todo:
        p = todo.pop()
        for g in gens:
            q = tuple(g[x] for x in p)
            if q not in seen:
                seen.add(q)
                todo.append(q)
    assert group.order() == len(seen)


def test_perm_group_products_and_parity():
    g = PermGroup(7)
    g.add((1, 2, 3, 0, 4, 5, 6))  # a 4-cycle
    g.add((1, 0, 2, 3, 4, 5, 6))
    g.add((0, 1, 2, 3, 5, 6, 4))  # a 3-cycle on the rest
    assert g.order() == 24 * 3
    h = PermGroup(5)
    for a, b, c in itertools.permutations(range(5), 3):
        p = list(range(5))
        p[a], p[b], p[c] = b, c, a
        h.add(tuple(p))
    assert h.order() == 60  # 3-cycles generate the alternating group


def test_perm_group_yields_in_slices():
    m = 24
    group = PermGroup(m)
    slices = []
    for i in range(m - 1):  # adjacent transpositions: the whole symmetric group, 24!
        p = list(range(m))
        p[i], p[i + 1] = i + 1, i
        slices.extend(group.add_steps(tuple(p)))
    assert group.order() == math.factorial(m)
    assert slices and max(slices) <= 8 * statespace.WORK + 2 * m * m * m


# --------------------------------------------------------------- layout
@pytest.mark.parametrize("code", ["3114/3114/5226/5786/900a", "0230/1111"])
def test_rings_layout(code):
    board = huarong.Board.parse(code)
    assert "layout" not in build(board).raw  # only when asked
    m = build(board, layout="rings")
    xy = array("f")
    xy.frombytes(base64.b64decode(m.raw["layout"]))
    assert len(xy) == 2 * m.n
    top = max(m.dist)
    seen = set()
    for i in range(m.n):
        x, y = xy[2 * i], xy[2 * i + 1]
        ring = m.dist[i] if top >= 0 else None
        if ring is not None:  # the goals innermost, one circle per distance
            assert math.hypot(x, y) == pytest.approx((ring + 1) / (top + 1), abs=1e-5)
        assert (round(x, 5), round(y, 5)) not in seen  # no two positions on one spot
        seen.add((round(x, 5), round(y, 5)))


def test_rings_layout_without_a_goal():
    m = build(huarong.Board.parse(COURSE), limit=300, layout="rings")  # no goal this close: rings by depth
    xy = array("f")
    xy.frombytes(base64.b64decode(m.raw["layout"]))
    depth = [d for d, size in enumerate(m.raw["levels"]) for _ in range(size)]
    for i in range(m.n):
        assert math.hypot(xy[2 * i], xy[2 * i + 1]) == pytest.approx((depth[i] + 1) / len(m.raw["levels"]), abs=1e-5)


# --------------------------------------------------------------- the cap
def test_truncated_map_is_honest():
    board = huarong.Board.parse(COURSE)
    m = build(board, "cell", limit=1000)
    assert m.n == 1000 and m.raw["truncated"] and m.raw["limit"] == 1000
    assert m.grid(0) == list(board.cells)
    boards = [huarong_board(m.grid(i), m.rows, m.cols) for i in range(m.n)]
    check_cell_graph(m, boards)
    # the first 1000 of the breadth-first order: distances from node 0 never decrease along the numbering
    depth = [0] + [-1] * (m.n - 1)
    near = {}
    for i, j in m.pairs():
        near.setdefault(i, []).append(j)
        near.setdefault(j, []).append(i)
    queue = deque([0])
    while queue:
        i = queue.popleft()
        for j in near.get(i, ()):
            if depth[j] < 0:
                depth[j] = depth[i] + 1
                queue.append(j)
    assert depth == sorted(depth) and min(depth) == 0
    assert set(m.dist) == {-1} and m.raw["max_dist"] == -1  # no goal this close to the start
    assert m.raw["merged"] in (None, 1000 * 576)


def test_edge_cap(monkeypatch):
    monkeypatch.setattr(statespace, "EDGE_LIMIT", 500)
    m = build(sliding.Board.parse("3x3-123456780"))
    assert m.raw["truncated"] and 500 <= m.e < 504 and m.n < 1000
    assert m.dist[0] == 0 and all(d >= 0 for d in m.dist)  # the goal is node 0: every position reaches it inside


def test_bigger_sliding_shapes_are_cut():
    m = build(sliding.Board.parse("2x5-1234567890"), limit=5000)
    assert m.n == 5000 and m.raw["truncated"]
    assert statespace._limit({"limit": 10**9}) == statespace.LIMIT >= 500_000
    assert statespace._limit({"limit": True}) == statespace._limit({}) == statespace.LIMIT


# ------------------------------------------------------- through the protocol
class Clock:
    """A clock that advances one unit a call: ``step(job, 1500)`` then runs
    exactly one slice (one ``next()``), whatever the machine's speed."""

    def __init__(self) -> None:
        self.t = 0.0

    def perf_counter(self) -> float:
        self.t += 1.0
        return self.t


@pytest.mark.parametrize(
    "game, board, options",
    [
        ("huarong", COURSE, {"metric": "cell"}),
        ("huarong", COURSE, {"metric": "piece"}),
        ("sliding", "3x3-123456780", {}),
    ],
)
def test_protocol_slices_stay_short(monkeypatch, game, board, options):
    monkeypatch.setattr(worker_jobs, "time", Clock())
    job = json.loads(worker_jobs.start(game, json.dumps({"action": "map", "board": board, "options": options})))["job"]
    answer, seen = step_to_end(job, 1500)
    slices, last, phases = len(seen), 0, []
    for progress in seen:
        assert set(progress) == {"positions", "phase"} and progress["phase"] in ("explore", "distance", "pack")
        if not phases or phases[-1] != progress["phase"]:
            phases.append(progress["phase"])
        # a slice explores at most WORK positions' worth of work
        assert progress["positions"] - last <= statespace.WORK + 64
        last = progress["positions"]
    assert phases == ["explore", "distance", "pack"]
    result = answer["result"]
    m = result["map"]
    n, e = m["n"], m["e"]
    # every slice did at most about WORK units: positions, edge ends and cells all had to be got through
    assert slices >= (n + 2 * e) / statespace.WORK + n * m["rows"] * m["cols"] / (40 * statespace.WORK)
    assert result["status"] == "solved" and result["moves"] == [] and result["stats"]["positions"] == n
    assert set(m) - {"ids"} == {"n", "truncated", "limit", "rows", "cols", "cells", "dist", "edges", "e", "goals",
                               "farthest", "max_dist", "merged", "merged_digits", "levels", "preview",
                               "merges"}
    assert ("ids" in m) == (game == "huarong")  # Huarong's grids hold indexes into ids
    # how the drawing shows a position is the game's space's word: Huarong's pieces by shape, numbered tiles
    assert m["preview"] == {"huarong": "pieces", "sliding": "tiles"}[game]
    assert m["merges"] == (game == "huarong")  # only Huarong's map counts positions told apart


def test_protocol_cancel_and_bad_requests():
    job = json.loads(worker_jobs.start("sliding", json.dumps({"action": "map", "board": "3x3-123456780"})))["job"]
    assert json.loads(worker_jobs.step(job, 1))["done"] is False
    assert json.loads(worker_jobs.cancel(job)) == {"cancelled": True}
    assert json.loads(worker_jobs.step(job, 1)) == {"done": True, "result": worker_jobs.CANCELLED}
    assert "error" in json.loads(worker_jobs.start("huarong", json.dumps({"action": "map", "board": "nonsense"})))
    # an unknown metric falls back to the default, as every job's options do
    req = {"action": "map", "board": "100/100", "options": {"metric": 3}}
    job = json.loads(worker_jobs.start("huarong", json.dumps(req)))["job"]
    answer = json.loads(worker_jobs.step(job, 10000))
    assert answer["done"] and answer["result"]["map"]["n"] == 3 and answer["result"]["stats"]["metric"] == "cell"


def test_the_registry_says_which_games_have_a_map():
    """``GameSpec.map`` (the page's Map button) holds exactly when the game's solver has the ``map`` job."""
    import importlib

    from puzzles.games import GAMES

    for name, spec in GAMES.items():
        jobs = importlib.import_module(spec.solver).JOBS
        assert spec.map == ("map" in jobs), name
    assert sorted(n for n, s in GAMES.items() if s.map) == ["huarong", "sliding"]


# ------------------------------------------------------------- Huarong's map: any positive id
def test_the_map_takes_piece_ids_of_256_and_more():
    """The contract allows any positive id; the map's byte grids hold small indexes ("byte must be in
    range(0, 256)" must never reach the page)."""
    from puzzles import run
    from puzzles.statespace import map_job

    grid = [[300, 1, 1, 70000], [300, 1, 1, 70000], [0, 256, 256, 0], [999999999, 0, 0, 7]]
    board = huarong.Board.from_grid(grid)
    m = run(map_job(board, {"metric": "cell"}, {"action": "map"})).map
    ids = m["ids"]
    assert ids[1] == 1 and sorted(ids[1:]) == sorted(board.pieces())
    import base64

    cells = base64.b64decode(m["cells"])
    area = board.rows * board.cols
    assert [ids[v] for v in cells[:area]] == list(board.cells)  # node 0, back to its ids
    for i in range(m["n"]):  # every position read back is a board of the same game
        b = huarong.Board(board.rows, board.cols, [ids[v] for v in cells[i * area : i * area + area]])
        assert huarong.SPEC.shape(b) == huarong.SPEC.shape(board)


# ------------------------------------------------------------------ the size alone
@pytest.mark.parametrize("game, code, limit", [
    (huarong, COURSE, None),
    (sliding, "2x3-412503", None),
    (sliding, "3x3-123456780", 5000),  # cut: "more than"
])
def test_a_count_request_answers_the_maps_sizes_and_draws_nothing(game, code, limit):
    """``"count": true`` (the Code panel's "the whole search of this board meets …") answers the sizes the
    full map finds, stopped before distances and drawing."""
    board = game.Board.parse(code)
    extra = {"limit": limit} if limit else {}
    full = build(board, **extra)
    result = run(map_job(board, {"metric": "cell"}, dict(extra, action="map", count=True)))
    assert result.map is None and result.moves == []
    assert result.positions == full.n
    assert result.truncated is full.raw["truncated"] is (limit is not None)
    assert result.merges is full.raw["merges"]
    assert result.merged_digits == full.raw["merged_digits"]
    assert "distance" not in result.stats
