"""Link-up: the pairing test (a kind of four that cannot clear whichever way its tiles pair up) checked
against an independent exhaustive search on boards small enough to enumerate (hypothesis-generated
4 x 4, 4 x 5, 3 x 6 boards of kinds of four, full or with holes); every "cleared" answer replayed."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import drain_with_progress, replays
from helpers import linkup_clearable as clearable
from helpers import linkup_positions as descendants
from puzzles import Rng, run
from puzzles.linkup import Board, by_kind, joinable_pairs
from puzzles.linkup import solver as linkup_solver
from puzzles.linkup.solver import rounds, solve
from puzzles.linkup.solver.pairings import pairing_dead, pairing_search, stuck


def board_of(shape: int, kinds: int, seed: int) -> Board:
    rows, cols = ((4, 4), (4, 5), (3, 6))[shape]
    kinds = min(kinds, rows * cols // 4)
    cells = [i // 4 + 1 for i in range(kinds * 4)] + [0] * (rows * cols - kinds * 4)
    Rng(seed).shuffle(cells)
    return Board(rows, cols, cells)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2), st.integers(3, 5), st.integers(0, 10**6))
def test_pairing_dead_only_on_positions_that_cannot_clear(shape, kinds, seed):
    for b in descendants(board_of(shape, kinds, seed), 30):
        cells = list(b.cells)
        groups = by_kind(cells)
        opts = joinable_pairs(b)
        if not groups or not opts:
            continue
        record: list = []
        plain = stuck(b.rows, b.cols, cells, groups, opts, record=record)
        for hint in (None, record):
            if pairing_dead(b.rows, b.cols, cells, groups, opts, hint):
                assert not clearable(b.rows, b.cols, tuple(cells)), b
        if plain and any(len(g) == 4 for g in groups.values()):  # stuck() with any pairing too
            assert pairing_dead(b.rows, b.cols, cells, groups, opts)


def relabel(cells: list, pair: tuple) -> list:
    """The position with one pair of a kind given a label of its own (no kind has 99)."""
    out = list(cells)
    out[pair[0]] = out[pair[1]] = 99
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2), st.integers(3, 5), st.integers(0, 10**6))
def test_a_pairing_stuck_rejects_cannot_clear_and_the_three_pairings_are_every_way(shape, kinds, seed):
    """The argument of pairing_dead, step by step, against the exhaustive search: a position clears iff one
    of a kind's three pairings (its first tile's pair relabelled) clears; stuck() on a relabelled position
    is never wrong."""
    checked = 0
    for b in descendants(board_of(shape, kinds, seed), 12):
        cells = list(b.cells)
        for group in by_kind(cells).values():
            if len(group) != 4:
                continue
            a, rest = group[0], group[1:]
            ways = []
            for u in rest:
                trial = relabel(cells, (a, u))
                ok = clearable(b.rows, b.cols, tuple(trial))
                ways.append(ok)
                tb = Board(b.rows, b.cols, trial)
                opts = [p for p in joinable_pairs(Board(b.rows, b.cols, cells)) if trial[p[0]] == trial[p[1]]]
                if stuck(b.rows, b.cols, trial, by_kind(trial), opts):
                    assert not ok, tb
                checked += 1
            assert any(ways) == clearable(b.rows, b.cols, tuple(cells)), b


@pytest.mark.heavy
def test_pairing_dead_finds_what_stuck_misses():
    """stuck() lets one tile free each of its kind's other three; with the pairs fixed it cannot. A 4 x 4
    position of that kind (sampled), the truth by exhaustive search; and the 8 x 18 boards of the
    bench's kind whose start it proves dead where stuck() does not (seeds 88, 165, 168, 184 of 200)."""
    b = Board.parse("1.4x4.0324314204130043.qP")
    cells, opts = list(b.cells), joinable_pairs(b)
    groups = by_kind(cells)
    assert not stuck(4, 4, cells, groups, opts)
    assert pairing_dead(4, 4, cells, groups, opts)
    assert not clearable(4, 4, tuple(cells))
    assert solve(b).status == "unsolvable"
    more = 0
    for seed in range(200):
        kinds = [i // 4 + 1 for i in range(144)]
        Rng(seed).shuffle(kinds)
        big = Board(8, 18, kinds)
        cells, opts = list(big.cells), joinable_pairs(big)
        groups = by_kind(cells)
        if not stuck(8, 18, cells, groups, opts) and pairing_dead(8, 18, cells, groups, opts):
            more += 1
            assert solve(big, budget=3000).status == "unsolvable"
    assert more > 0


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2), st.integers(3, 5), st.integers(0, 10**6))
def test_solver_agrees_with_exhaustive_search_and_replays(shape, kinds, seed):
    board = board_of(shape, kinds, seed)
    truth = clearable(board.rows, board.cols, tuple(board.cells))
    res = solve(board)
    assert res.status == ("solved" if truth else "unsolvable"), board
    if truth:
        assert replays(board, res.moves), board


def mixed_board(shape: int, sizes: list, seed: int) -> Board:
    """A small board of kinds of the given even sizes (2 to 8 tiles), shuffled with holes."""
    rows, cols = ((4, 4), (4, 5), (3, 6))[shape]
    cells: list = []
    for k, n in enumerate(sizes):
        if len(cells) + n <= rows * cols:
            cells.extend([k + 1] * n)
    cells.extend([0] * (rows * cols - len(cells)))
    Rng(seed).shuffle(cells)
    return Board(rows, cols, cells)


def pairing_answer(b: Board, budget: int = 10**6) -> tuple:
    return run(pairing_search(b.rows, b.cols, list(b.cells), budget, [0]))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2), st.integers(3, 5), st.integers(0, 10**6))
def test_pairing_search_agrees_with_exhaustive_search_and_replays(shape, kinds, seed):
    """The search over pairings on kinds of four, from the start and from positions along the way:
    "unsolvable" exactly when no order clears; a clearing order replays to the empty board."""
    for b in descendants(board_of(shape, kinds, seed), 8):
        status, moves = pairing_answer(b)
        truth = clearable(b.rows, b.cols, tuple(b.cells))
        assert status == ("solved" if truth else "unsolvable"), b
        if truth:
            assert replays(b, moves), b


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2), st.lists(st.sampled_from((2, 4, 6, 8)), min_size=2, max_size=6), st.integers(0, 10**6))
def test_pairing_search_on_kinds_of_two_to_eight_tiles(shape, sizes, seed):
    """Kinds of six and eight tiles branch on one tile's mate at a time (a kind left with two open tiles is
    matched at once); kinds of two are matched from the start. Against the exhaustive search."""
    b = mixed_board(shape, sizes, seed)
    status, moves = pairing_answer(b)
    truth = clearable(b.rows, b.cols, tuple(b.cells))
    assert status == ("solved" if truth else "unsolvable"), b
    if truth:
        assert replays(b, moves), b
    assert solve(b).status == status, b


# A uniformly shuffled 8 x 18 board (random.Random(424242), the 16th shuffle) that cannot be cleared:
# the rounds of moves alone left it "unknown" at 30,000 positions (CPython, 50 s); the search over
# pairings proves it in a few hundred.
PAIRINGS_PROVE = (
    "1.8x18.5orf8h8tg94jkeflod8Ajyd6p2au6tb1pky4mntw79sp4umm7wvn26nrfqera5Aczsj3gowal"
    "qxwygxuodrnxz2zieAvkhdjc515h3ub3ciistla94gbb69syi1fxqpeAk28lzhqm717v3cv.4U"
)


def test_the_search_over_pairings_proves_a_board_the_rounds_of_moves_could_not():
    board = Board.parse(PAIRINGS_PROVE)
    progress, res = drain_with_progress(linkup_solver.search(board, budget=3000), "positions")
    assert res.status == "unsolvable" and res.moves == []
    assert len(progress) > res.positions // 4, "it yields after every position or two of the pairing search"
    assert progress == sorted(progress)
    status, _ = pairing_answer(board, 3000)
    assert status == "unsolvable"


def test_the_search_over_pairings_gives_up_at_the_budget():
    board = Board.parse(PAIRINGS_PROVE)
    res = run(linkup_solver.search(board, budget=170))  # it takes 179
    assert res.status == "unknown" and res.moves == [] and res.positions == 171
    count = [0]
    status, moves = run(pairing_search(8, 18, list(board.cells), 40, count))
    assert (status, moves, count[0]) == ("unknown", [], 41)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2), st.integers(3, 5), st.integers(0, 10**6))
def test_rounds_and_pairings_taking_turns_agree_with_exhaustive_search(shape, kinds, seed):
    """Rounds of one position each, so the rounds of moves and the search over pairings take turns and
    share what they prove dead (each way): the answer still agrees with the exhaustive search."""
    board = board_of(shape, kinds, seed)
    truth = clearable(board.rows, board.cols, tuple(board.cells))
    saved = rounds.FIRST_ROUND, rounds.ROUND_UNIT
    rounds.FIRST_ROUND = rounds.ROUND_UNIT = 1
    try:
        res = solve(board)
    finally:
        rounds.FIRST_ROUND, rounds.ROUND_UNIT = saved
    assert res.status == ("solved" if truth else "unsolvable"), board
    if truth:
        assert replays(board, res.moves), board
