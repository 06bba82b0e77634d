"""Link-up solver's cuts, each checked against an independent exhaustive search
on many small seeded boards (some cannot be cleared): the kind that clears by
itself, the stuck-tile test, restarts; every answer replayed through connect."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import linkup_clearable, replays
from helpers import linkup_joins as joins
from helpers import linkup_positions as positions
from puzzles import Rng, run
from puzzles.linkup import Board, by_kind, joinable_pairs
from puzzles.linkup import solver as linkup_solver
from puzzles.linkup.solver import rounds, solve
from puzzles.linkup.solver.bits import Bits
from puzzles.linkup.solver.pairings import clears_alone, stuck
from puzzles.linkup.solver.rounds import luby


def clearable(board: Board) -> bool:
    """The exhaustive search (tests/helpers.py): whether ``board`` clears."""
    return linkup_clearable(board.rows, board.cols, tuple(board.cells))


def seeded(seed: int) -> Board:
    """Small boards, full or with holes: kinds of four tiles (the bench's
    shape: on boards this small nearly all clear), of two (many cannot), and
    both mixed."""
    shapes = [(3, 4, 3, 0), (4, 4, 4, 0), (4, 5, 5, 0), (6, 6, 9, 0), (4, 4, 0, 8), (5, 5, 0, 12), (4, 6, 0, 12)]
    shapes += [(5, 5, 3, 6), (4, 6, 4, 4)]
    rows, cols, fours, twos = shapes[seed % len(shapes)]
    cells = [i // 4 + 1 for i in range(fours * 4)] + [fours + 1 + i // 2 for i in range(twos * 2)]
    cells += [0] * (rows * cols - len(cells))
    Rng(seed).shuffle(cells)
    return Board(rows, cols, cells)


SEEDS = range(270)


@pytest.fixture(scope="module")
def truth() -> dict:
    return {seed: clearable(seeded(seed)) for seed in SEEDS}


def test_the_sample_has_both_answers(truth):
    assert 10 <= sum(1 for v in truth.values() if not v) <= len(truth) - 10


def test_solver_agrees_with_exhaustive_search_and_replays(truth):
    for seed in SEEDS:
        board = seeded(seed)
        res = solve(board)
        assert res.status == ("solved" if truth[seed] else "unsolvable"), seed
        if truth[seed]:
            assert replays(board, res.moves), seed


def test_many_short_rounds_agree_too(truth, monkeypatch):
    """Restarts with the random order, a round of one or two positions: the
    dead positions shared between rounds never hide a clearing order."""
    monkeypatch.setattr(rounds, "FIRST_ROUND", 1)
    monkeypatch.setattr(rounds, "ROUND_UNIT", 1)
    for seed in SEEDS:
        board = seeded(seed)
        res = solve(board)
        assert res.status == ("solved" if truth[seed] else "unsolvable"), seed
        if truth[seed]:
            assert replays(board, res.moves), seed


def test_stuck_never_calls_a_clearable_position_dead(truth):
    found = 0
    for seed in list(SEEDS)[:120]:
        for b in positions(seeded(seed), 12):
            cells = list(b.cells)
            groups = by_kind(cells)
            if not groups:
                continue
            if stuck(b.rows, b.cols, cells, groups, joinable_pairs(b)):
                found += 1
                assert not clearable(b), b
    assert found > 0, "the test never fired on the sample"


def test_a_parents_joins_as_a_hint_never_change_the_answer():
    """stuck() of a child with its parent's recorded joins as the hint = stuck() without: the free tiles
    are a closure, whatever order finds them (on 8 x 18 boards of the bench's kind, parents and children
    along random clearing attempts, dead children included)."""
    checked = dead = 0
    for seed in range(12):
        kinds = [i // 4 + 1 for i in range(144)]
        Rng(seed).shuffle(kinds)
        cells = kinds
        rng = Rng(100 + seed)
        while True:
            b = Board(8, 18, cells)
            groups = by_kind(cells)
            opts = joinable_pairs(b)
            record: list = []
            if not opts or stuck(8, 18, list(cells), groups, opts, record=record):
                break
            for a, c in opts:
                child = list(cells)
                child[a] = child[c] = 0
                cb = Board(8, 18, child)
                sub, copts = by_kind(child), joinable_pairs(cb)
                if not sub or not copts:
                    continue
                plain = stuck(8, 18, list(child), sub, copts)
                assert stuck(8, 18, list(child), sub, copts, hint=record) == plain
                checked += 1
                dead += plain
            a, c = opts[rng.below(len(opts))]
            cells = list(cells)
            cells[a] = cells[c] = 0
    assert checked > 500 and dead > 0, (checked, dead)


def test_stuck_finds_the_crossed_pairs():
    crossed = Board.from_grid([[0, 0, 0, 0], [0, 1, 2, 0], [0, 2, 1, 0], [0, 0, 0, 0]])
    # 1s and 2s can each only join through the other kind's tiles
    assert stuck(4, 4, list(crossed.cells), by_kind(crossed.cells), joinable_pairs(crossed))
    assert not clearable(crossed) and solve(crossed).status == "unsolvable"
    open_board = Board.from_grid([[1, 2], [0, 0], [2, 1]])
    assert not stuck(3, 2, list(open_board.cells), by_kind(open_board.cells), joinable_pairs(open_board))


def test_a_kind_that_clears_by_itself_never_loses_a_clearing_order():
    checked = 0
    for seed in SEEDS:
        for b in positions(seeded(seed), 8):
            g = Bits(b.rows, b.cols, b.cells)
            opts = set(joinable_pairs(b))
            for group in by_kind(b.cells).values():
                order = clears_alone(g, b.cols, group, opts)
                if order is None:
                    continue
                checked += 1
                after = b
                for a, c in order:  # the order is legal with no other tile moved
                    assert joins(after.cells, b.rows, b.cols, a, c)
                    after = after.remove(a, c)
                assert sorted(x for p in order for x in p) == sorted(group)
                assert clearable(after) == clearable(b), b
    assert checked > 100


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6))
def test_hint_is_the_first_pair_of_solve(seed):
    board = seeded(seed)
    res = solve(board)
    hint = run(linkup_solver._hint_job(board, {}, {}))
    assert hint.status == res.status and hint.moves == res.moves[:1]


def test_luby_sequence():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 24), st.integers(1, 24), st.integers(0, 10**6), st.integers(0, 100))
def test_a_board_of_one_kind_always_clears_and_replays(rows, cols, seed, holes):
    """Every tile of one kind (any even number, anywhere): cleared with no search, each pair joined in turn
    by the independent walk of :func:`joins` on the board as it is then."""
    rng = Rng(seed)
    cells = [1] * (rows * cols)
    for _ in range(holes * rows * cols // 100):
        cells[rng.below(rows * cols)] = 0
    if sum(cells) % 2:
        cells[cells.index(1)] = 0
    if not any(cells):
        return
    res = solve(Board(rows, cols, cells))
    assert res.status == "solved" and res.positions == 1 and len(res.moves) == sum(cells) // 2
    for a, b in res.moves:
        assert cells[a] == cells[b] == 1 and joins(tuple(cells), rows, cols, a, b), (a, b)
        cells[a] = cells[b] = 0
    assert not any(cells)
