"""Link-up engine: connect() checked by an independent validator and an
independent shortest-path search; the solver against brute force; codecs."""

import hashlib
import heapq
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import drain_with_progress, linkup_clearable
from helpers import linkup_joins as joins
from puzzles import Rng, linkup, run
from puzzles.linkup import (
    PRESETS,
    Board,
    BoardError,
    _Grid,
    _joinable,
    connect,
    generate,
    has_joinable_pair,
    joinable_pairs,
    layout_steps,
    turns,
)
from puzzles.linkup.solver import rounds, shuffle, solve


def check_path(board: Board, path: list, r1: int, c1: int, r2: int, c2: int) -> None:
    """An independent validator: endpoints, adjacency, bounds, emptiness, at most two turns."""
    assert path[0] == [r1, c1] and path[-1] == [r2, c2]
    for (ra, ca), (rb, cb) in zip(path, path[1:]):
        assert abs(ra - rb) + abs(ca - cb) == 1
    assert len({tuple(p) for p in path}) == len(path)
    for r, c in path[1:-1]:
        assert -1 <= r <= board.rows and -1 <= c <= board.cols
        inside = 0 <= r < board.rows and 0 <= c < board.cols
        assert not inside or board.cells[r * board.cols + c] == 0
    assert turns([tuple(p) for p in path]) <= 2


def best_path_cost(board: Board, r1: int, c1: int, r2: int, c2: int):
    """Dijkstra over (cell, direction) minimising (turns, cells): no line sweeps."""
    rows, cols = board.rows, board.cols

    def free(r, c):
        if (r, c) == (r2, c2):
            return True
        if not (-1 <= r <= rows and -1 <= c <= cols):
            return False
        return not (0 <= r < rows and 0 <= c < cols) or board.cells[r * cols + c] == 0

    heap = [((0, 1), r1, c1, None)]
    seen = set()
    while heap:
        (t, n), r, c, d = heapq.heappop(heap)
        if (r, c) == (r2, c2):
            return (t, n)
        if (r, c, d) in seen:
            continue
        seen.add((r, c, d))
        for nd in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            nr, nc = r + nd[0], c + nd[1]
            nt = t + (d is not None and nd != d)
            if nt <= 2 and free(nr, nc):
                heapq.heappush(heap, ((nt, n + 1), nr, nc, nd))
    return None


COURSE = Board.from_grid([[1, 2, 3, 1], [4, 0, 0, 3], [4, 2, 5, 5]])


@pytest.mark.parametrize(
    "r1, c1, r2, c2, expected",
    [
        (2, 2, 2, 3, [[2, 2], [2, 3]]),  # neighbours: straight
        (1, 0, 2, 0, [[1, 0], [2, 0]]),
        (0, 1, 2, 1, [[0, 1], [1, 1], [2, 1]]),  # straight through an empty cell
        (0, 2, 1, 3, [[0, 2], [1, 2], [1, 3]]),  # one turn through the empty middle
    ],
)
def test_connect_known_paths(r1, c1, r2, c2, expected):
    path = connect(COURSE, r1, c1, r2, c2)
    assert path == expected
    check_path(COURSE, path, r1, c1, r2, c2)
    assert (turns([tuple(p) for p in path]), len(path)) == best_path_cost(COURSE, r1, c1, r2, c2)


def test_connect_through_the_ring_and_refusals():
    path = connect(COURSE, 0, 0, 0, 3)  # both 1s, row between them full: over the top ring
    assert path == [[0, 0], [-1, 0], [-1, 1], [-1, 2], [-1, 3], [0, 3]]
    assert connect(COURSE, 0, 0, 0, 0) == []  # the same cell
    assert connect(COURSE, 0, 0, 0, 1) == []  # different kinds
    assert connect(COURSE, 1, 1, 1, 2) == []  # empty cells
    assert connect(COURSE, 0, 0, 5, 5) == []  # off the board
    assert connect(COURSE.grid(), 2, 2, 2, 3) == [[2, 2], [2, 3]]  # the course's list form works too


def test_three_turns_are_refused():
    board = Board.from_grid([[1, 2, 2], [3, 3, 1], [4, 4, 0]])
    # the two 1s would need a path with three turns
    assert best_path_cost(board, 0, 0, 1, 2) is None
    assert connect(board, 0, 0, 1, 2) == []


@st.composite
def random_boards(draw, max_side=6):
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    kinds = draw(st.integers(1, 4))
    cells = draw(st.lists(st.integers(0, kinds), min_size=rows * cols, max_size=rows * cols))
    counts = {}
    for i, v in enumerate(cells):
        if v:
            counts.setdefault(v, []).append(i)
    for group in counts.values():
        if len(group) % 2:
            cells[group[-1]] = 0
    return Board(rows, cols, cells)


@settings(max_examples=300, deadline=None)
@given(random_boards(), st.data())
def test_connect_is_valid_and_optimal(board, data):
    n = board.rows * board.cols
    a = data.draw(st.integers(0, n - 1))
    b = data.draw(st.integers(0, n - 1))
    r1, c1, r2, c2 = a // board.cols, a % board.cols, b // board.cols, b % board.cols
    path = connect(board, r1, c1, r2, c2)
    same = a != b and board.cells[a] and board.cells[a] == board.cells[b]
    expected = best_path_cost(board, r1, c1, r2, c2) if same else None
    if expected is None:
        assert path == []
    else:
        check_path(board, path, r1, c1, r2, c2)
        assert (turns([tuple(p) for p in path]), len(path)) == expected


def brute_clearable(board: Board) -> bool:
    """The exhaustive search (tests/helpers.py, its own walk for the rule): whether ``board`` clears."""
    return linkup_clearable(board.rows, board.cols, tuple(board.cells))


@settings(max_examples=150, deadline=None)
@given(random_boards(max_side=4))
def test_solver_agrees_with_brute_force(board):
    result = solve(board)
    assert result.status in ("solved", "unsolvable")
    assert (result.status == "solved") == brute_clearable(board)
    if result.status == "solved":
        b = board
        for a, c in result.moves:
            assert connect(b, a // b.cols, a % b.cols, c // b.cols, c % b.cols)
            b = b.remove(a, c)
        assert b.is_cleared()


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_boards_are_always_cleared(name, seed):
    rows, cols, kinds, per = PRESETS[name]
    board = generate(rows, cols, kinds, per, seed)
    assert board.tiles() == rows * cols
    assert generate(rows, cols, kinds, per, seed) == board, "the same seed gives the same board"
    result = solve(board)
    assert result.status == "solved" and len(result.moves) == rows * cols // 2


def test_seeded_boards_are_stable_across_versions():
    # pinned: a link made today must open the same board tomorrow
    assert Rng(42).next() == Rng(42).next()
    assert generate(4, 6, 6, 4, 1).to_code() == generate(4, 6, 6, 4, 1).to_code()
    assert [Rng(7).below(1000) for _ in range(1)] == [Rng(7).below(1000)]
    assert generate(4, 6, 6, 4, 1).to_code() == GENERATED_4x6_SEED_1


GENERATED_4x6_SEED_1 = "1.4x6.363663451152414146535222.aj"


def test_a_seed_stands_for_the_same_layouts_in_four_sizes():
    """Seeds 0-19 of the four presets' sizes, hashed: the digest of the layouts links have always
    stood for (the layouts, not only one board, are what a link's seed stands for)."""
    digest = hashlib.sha1()
    for rows, cols in ((4, 6), (6, 8), (8, 18), (10, 20)):
        for seed in range(20):
            digest.update(repr(run(layout_steps(rows, cols, seed))).encode())
    assert digest.hexdigest() == "f0e7e35423f13a705033c1981e1fa5557981ab13"


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 10**6), st.integers(0, 100))
def test_the_generators_partners_are_the_cells_a_route_reaches(rows, cols, seed, full):
    """The generator's partners of an empty cell, against the independent walk of the solver's tests: every
    empty cell that a tile there could be joined to if both were filled, and no other."""
    rng = Rng(seed)
    cells = [1 if rng.below(100) < full else 0 for _ in range(rows * cols)]
    empty = [i for i, v in enumerate(cells) if not v]
    if not empty:
        return
    a = empty[rng.below(len(empty))]
    free = 0
    for r in range(-1, rows + 1):
        for c in range(-1, cols + 1):
            if not (0 <= r < rows and 0 <= c < cols and cells[r * cols + c]):
                free |= 1 << ((r + 1) * (cols + 3) + c + 1)
    inside = sum(1 << linkup._bit(cols, i) for i in range(rows * cols))
    got = linkup._cells(cols, linkup._partners(cols, free, a) & inside)
    want = []
    for b in empty:
        if b != a:
            both = list(cells)
            both[a] = both[b] = 2
            if joins(tuple(both), rows, cols, a, b):
                want.append(b)
    assert got == want, (rows, cols, cells, a)


def test_unclearable_board_is_stuck():
    board = Board.from_grid([[1, 2], [2, 1]])
    assert joinable_pairs(board) == [] and solve(board).status == "unsolvable"
    crossed = Board.from_grid([[1, 2, 0], [2, 1, 0]]).remove(2, 5)
    assert solve(crossed).status == ("solved" if brute_clearable(crossed) else "unsolvable")
    dead = Board.from_grid([[1, 2, 3, 3, 2, 1]])  # only the 3s join; then 2s, then 1s: clears
    assert solve(dead).status == "solved"
    blocked = Board.from_grid([[0, 0, 0], [0, 0, 0]])
    assert solve(blocked).status == "solved"


def test_budget_gives_unknown():
    k = [i // 4 + 1 for i in range(144)]
    Rng(39).shuffle(k)
    assert solve(Board(8, 18, k), budget=5).status == "unknown"


def test_shuffle_keeps_tiles_and_leaves_a_move():
    board = generate(8, 18, 36, 4, 5)
    for a, b in solve(board).moves[:30]:
        board = board.remove(a, b)
    mixed = shuffle(board, 9)
    assert sorted(mixed.cells) == sorted(board.cells)
    assert [bool(v) for v in mixed.cells] == [bool(v) for v in board.cells]
    assert joinable_pairs(mixed)


@pytest.mark.parametrize(
    "text, message",
    [
        ("[[1,1],[2]]", "ragged rows"),
        ("[[1,2]]", "kind 1 appears once; every kind needs an even count"),
        ("[[1,1,1,0]]", "kind 1 appears 3 times; every kind needs an even count"),
        ('[[1,"a"]]', "is not an integer kind"),
        ("[[1,99,99,1]]", "outside 0–61"),
        (json.dumps([[0] * 25]), "largest allowed is 24 × 24"),
        ("2.1x2.11.00", "share format 2"),
        ("hello", "not a Link-up board: paste its JSON form"),
        ("1.1x2.11.zz", "checksum does not match"),
        ("", "empty"),
    ],
)
def test_bad_boards_and_codes(text, message):
    with pytest.raises(BoardError) as err:
        Board.parse(text)
    assert message in str(err.value)


def test_truncated_and_tampered_codes_are_refused():
    code = generate(8, 18, 36, 4, 3).to_code()
    for bad in (code[:-5], code.replace("1", "2", 3), code[:-1]):
        with pytest.raises(BoardError):
            Board.parse(bad)


@given(random_boards())
def test_codecs_round_trip(board):
    assert Board.parse(board.to_code()) == board
    assert Board.parse(board.to_json()) == board


@settings(max_examples=300, deadline=None)
@given(random_boards(), st.data())
def test_the_solvers_fast_join_test_matches_connect(board, data):
    from puzzles.linkup import _Grid, _joinable

    n = board.rows * board.cols
    a = data.draw(st.integers(0, n - 1))
    b = data.draw(st.integers(0, n - 1))
    if a == b or not board.cells[a] or board.cells[a] != board.cells[b]:
        return
    g = _Grid(board.rows, board.cols, board.cells)
    r1, c1, r2, c2 = a // board.cols, a % board.cols, b // board.cols, b % board.cols
    assert _joinable(g, board.cols, a, b) == bool(connect(board, r1, c1, r2, c2))


# ------------------------------------------------------------ every setting the page offers
def offered_settings() -> list:
    """(rows, cols, kinds, tiles of each) for every size preset and every kinds
    count the page offers: 1–61 kinds that divide the cells into even counts."""
    out = []
    for rows, cols, _kinds, _per in PRESETS.values():
        cells = rows * cols
        for kinds in range(1, 62):
            if cells % kinds == 0 and (cells // kinds) % 2 == 0:
                out.append((rows, cols, kinds, cells // kinds))
    return out


def clears_in_reverse(rows: int, cols: int, placed: list) -> bool:
    """Whether removing the pairs last placed first clears the full board,
    each pair joinable when its turn comes (kinds aside: equal by construction)."""
    cells = [1] * (rows * cols)
    g = _Grid(rows, cols, cells)
    for a, b in reversed(placed):
        if not cells[a] or not cells[b] or not _joinable(g, cols, a, b):
            return False
        cells[a] = cells[b] = 0
        g = g.without(a, b, cols)
    return not any(cells)


def test_the_page_offers_25_settings():
    settings_ = offered_settings()
    assert len(settings_) == 25 and (10, 20, 10, 20) in settings_ and (8, 18, 12, 12) in settings_


# The page draws a board's seed from 0-999,999 (or takes the one typed): 50 seeds drawn afresh at each run for
# each size (Hypothesis prints a failing one, and replays it first on the next run), each layout checked in
# every kinds-and-tiles setting the page offers for that size.
@pytest.mark.parametrize("rows, cols", sorted({(r, c) for r, c, _k, _p in offered_settings()}))
def test_every_offered_setting_builds_for_seeds_drawn_at_random(rows, cols):
    settings_ = [s for s in offered_settings() if s[:2] == (rows, cols)]

    @settings(max_examples=50, deadline=None)
    @given(st.integers(0, 999_999))
    def builds(seed):
        perm, placed = run(layout_steps(rows, cols, seed))
        assert sorted(x for pair in placed for x in pair) == list(range(rows * cols))
        assert sorted(perm) == list(range(rows * cols // 2))
        assert clears_in_reverse(rows, cols, placed), (rows, cols, seed)
        for _r, _c, kinds, per in settings_:
            board = generate(rows, cols, kinds, per, seed)  # the layout again, from the cache
            assert (board.rows, board.cols, board.tiles()) == (rows, cols, rows * cols)
            counts = {}
            for v in board.cells:
                counts[v] = counts.get(v, 0) + 1
            assert counts == {k: per for k in range(1, kinds + 1)}, (kinds, seed)
            assert all(board.cells[a] == board.cells[b] for a, b in placed)

    builds()


def test_generate_is_the_same_board_with_or_without_the_cache():
    for rows, cols, kinds, per in ((4, 6, 6, 4), (8, 18, 12, 12), (10, 20, 5, 40)):
        for seed in (0, 7, 199):
            cached = generate(rows, cols, kinds, per, seed)
            linkup._layouts.clear()
            assert generate(rows, cols, kinds, per, seed) == cached


@pytest.mark.parametrize("rows, cols", [(4, 6), (8, 18), (10, 20), (1, 2), (2, 1), (3, 4), (7, 2), (1, 24), (24, 24)])
def test_the_fallback_construction_never_fails(monkeypatch, rows, cols):
    """With no random tries left, the matched fill (a domino tiling of the
    empty cells kept up to date) builds every board, clearable."""
    monkeypatch.setattr(linkup, "ATTEMPTS", 0)
    monkeypatch.setattr(linkup, "_layouts", {})
    for seed in range(40 if rows * cols <= 200 else 3):
        perm, placed = run(layout_steps(rows, cols, seed))
        assert sorted(x for pair in placed for x in pair) == list(range(rows * cols))
        assert clears_in_reverse(rows, cols, placed), (rows, cols, seed)
    board = generate(rows, cols, 1, rows * cols, 3)
    assert solve(board).status == "solved"


def test_generate_steps_reports_pairs_placed():
    linkup._layouts.clear()
    progress, board = drain_with_progress(linkup.generate_steps(8, 18, 36, 4, 11), "positions")
    assert progress == list(range(1, len(progress) + 1)) and len(progress) >= 72
    assert board == generate(8, 18, 36, 4, 11)


# ------------------------------------------------------------ sweeps and pair tests agree
def pairs_by_testing(board: Board) -> list:
    g = _Grid(board.rows, board.cols, board.cells)
    out = []
    for group in linkup.by_kind(board.cells).values():
        out.extend(linkup._pairs(g, board.cols, group))
    return out


@settings(max_examples=300, deadline=None)
@given(random_boards(max_side=9))
def test_sweeps_find_exactly_the_joinable_pairs(board):
    expected = pairs_by_testing(board)
    saved = linkup.SWEEP_GROUP
    try:
        for sweep in (0, saved, 10**6):  # every kind swept, the mix, every kind tested pair by pair
            linkup.SWEEP_GROUP = sweep
            assert joinable_pairs(board) == expected
    finally:
        linkup.SWEEP_GROUP = saved
    assert has_joinable_pair(board) == bool(expected)


@settings(max_examples=100, deadline=None)
@given(random_boards(max_side=4))
def test_solver_with_every_kind_swept_agrees_with_brute_force(board):
    saved = rounds.SWEEP_GROUP  # the rounds' sweep of each kind's tiles
    rounds.SWEEP_GROUP = 0
    try:
        result = solve(board)
    finally:
        rounds.SWEEP_GROUP = saved
    assert (result.status == "solved") == brute_clearable(board)
    b = board
    for a, c in result.moves:
        assert connect(b, a // b.cols, a % b.cols, c // b.cols, c % b.cols)
        b = b.remove(a, c)
    assert b.is_cleared() == (result.status == "solved")


def test_one_kind_full_board():
    board = Board(24, 24, [1] * 576)
    pairs = joinable_pairs(board)
    # every two neighbours, and every two tiles of one outer side (through the ring; 23 of those are neighbours)
    assert len(pairs) == 2 * 24 * 23 + 4 * (24 * 23 // 2) - 4 * 23
    assert pairs == pairs_by_testing(board)
    assert connect(board, 0, 0, 0, 23) == [[0, 0]] + [[-1, c] for c in range(24)] + [[0, 23]]
    assert connect(board, 5, 5, 18, 18) == []
