"""Link-up: the solver's grid of bit sets (puzzles.linkup.solver.nogood.Bits) and what it answers, each
checked against tests/helpers.py's independent walk for the rule: whether two tiles join (``joinable``,
``joins``), the route ``joins`` gives (the two still join with every other cell filled), the blockers it
gives (the two still cannot join with only those tiles on the board), and the fewest tiles on a route
(``route_cost``, against a search of its own over every path of at most two turns)."""

import heapq
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import linkup_joins
from puzzles.linkup.solver.bits import Bits, joinable, joins, route_cost

DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def grid_case(seed: int) -> tuple:
    """A random board (1-8 x 1-12, any density) as cells, its Bits grid with some tiles then emptied
    through ``clear`` (and ``without``), the cells after those, and a dozen pairs of cells to test."""
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 8), rng.randint(1, 12)
    dense = rng.random()
    cells = [1 if rng.random() < dense else 0 for _ in range(rows * cols)]
    g = Bits(rows, cols, cells)
    for _ in range(rng.randint(0, 3)):
        a, b = rng.randrange(rows * cols), rng.randrange(rows * cols)
        if rng.random() < 0.5:
            g = g.without(a, b)
            cells[a] = cells[b] = 0
        else:
            g.clear(a)
            cells[a] = 0
    pairs = [(rng.randrange(rows * cols), rng.randrange(rows * cols)) for _ in range(12)]
    return rows, cols, cells, g, [(a, b) for a, b in pairs if a != b]


def cells_of(g: Bits, rows: int, cols: int, cellset: int) -> list:
    """The board cells (indexes) in a cell set; the ring's cells are left out."""
    return [t for t in range(rows * cols) if cellset >> (g.pr[t] * g.w + g.pc[t]) & 1]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9))
def test_route_tests_agree_with_the_independent_walk(seed):
    rows, cols, cells, g, pairs = grid_case(seed)
    n = rows * cols
    for a, b in pairs:
        truth = linkup_joins(tuple(cells), rows, cols, a, b)
        got = joins(g, a, b)
        assert joinable(g, a, b) == truth == (got >= 0), (rows, cols, cells, a, b)
        if got >= 0:  # a route: through empty cells only, and enough for a join on its own
            on = cells_of(g, rows, cols, got)
            assert not any(cells[t] for t in on) and a not in on and b not in on
            full = [0 if t in on else 1 for t in range(n)]
            full[a], full[b] = cells[a], cells[b]
            assert linkup_joins(tuple(full), rows, cols, a, b), (rows, cols, cells, a, b)
        else:  # blockers: tiles now, and enough to keep the two apart on their own
            kept = cells_of(g, rows, cols, ~got)
            assert ~got == sum(1 << (g.pr[t] * g.w + g.pc[t]) for t in kept), "a blocker off the board"
            assert all(cells[t] for t in kept) and a not in kept and b not in kept
            only = [1 if t in kept else 0 for t in range(n)]
            only[a], only[b] = cells[a], cells[b]
            assert not linkup_joins(tuple(only), rows, cols, a, b), (rows, cols, cells, a, b)


def fewest_tiles(cells: list, rows: int, cols: int, a: int, b: int) -> int:
    """The fewest tiles (ends not counted) on a path of at most two turns from ``a`` to ``b`` over the
    board and its ring, tiles allowed: Dijkstra over (cell, direction, turns), never turning back."""
    r2, c2 = divmod(b, cols)

    def tile(r: int, c: int) -> int:
        return 1 if 0 <= r < rows and 0 <= c < cols and cells[r * cols + c] and (r, c) != (r2, c2) else 0

    r1, c1 = divmod(a, cols)
    todo = [(0, r1, c1, d, 0) for d in range(4)]
    seen = set()
    while todo:
        cost, r, c, d, turns = heapq.heappop(todo)
        if (r, c) == (r2, c2):
            return cost
        if (r, c, d, turns) in seen:
            continue
        seen.add((r, c, d, turns))
        for e in range(4):
            if e == (d + 2) % 4 or turns + (e != d) > 2:
                continue
            nr, nc = r + DIRS[e][0], c + DIRS[e][1]
            if -1 <= nr <= rows and -1 <= nc <= cols:
                heapq.heappush(todo, (cost + tile(nr, nc), nr, nc, e, turns + (e != d)))
    raise AssertionError("no path at all")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9))
def test_route_cost_is_the_fewest_tiles_on_a_path_of_two_turns(seed):
    rows, cols, cells, g, pairs = grid_case(seed)
    for a, b in pairs[:6]:
        assert route_cost(g, a, b) == fewest_tiles(cells, rows, cols, a, b), (rows, cols, cells, a, b)


def test_a_copy_and_a_snapshot_are_grids_of_their_own():
    g = Bits(3, 4, [1] * 12)
    h = g.copy()
    h.clear(5)
    assert joinable(h, 5, 6) and not joins(g, 0, 11) >= 0
    assert g.gone == 0 and h.gone == 1 << (2 * 6 + 2)
    snap = h.snap()
    k = g.copy(snap)
    k.clear(6)
    assert h.gone != k.gone and Bits(3, 4, [1] * 12).copy(snap).gone == h.gone
