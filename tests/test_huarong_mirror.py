"""The left-right mirror of the Huarong search: the reflection is computed
right (checked against boards reflected cell by cell), the searches with and
without it find the same optimum (and the brute force of
``test_huarong_engine`` agrees with the mirrored one), every solution replays
to the goal, and a symmetric layout costs about half the positions."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import drain_with_progress
from puzzles.huarong import Board, count_steps
from puzzles.huarong.layouts import LAYOUTS, PAPER_SIX, find_layout
from puzzles.huarong.solver import _Space, search, solve
from test_huarong_engine import brute_force, replay, small_boards

# The paper's six with the steps pinned in the layout table (cell, piece); None: no solution.
PINNED = {
    "勇闯五关": (46, 34),
    "水泄不通": (114, 79),
    "横刀立马": (116, 81),
    "小燕出巢": (134, 103),
    "近在咫尺": (124, 98),
    "走投无路": (None, None),
}


def reflect(board: Board) -> Board:
    """The board seen in a mirror, built from its grid (not from the search's encoding)."""
    return Board.from_grid([list(reversed(row)) for row in board.grid()])


def test_paper_six_in_both_metrics_replay_to_the_goal():
    assert set(PINNED) == set(PAPER_SIX)
    for name, (cell, piece) in PINNED.items():
        board = find_layout(name).board
        for metric, steps in (("cell", cell), ("piece", piece)):
            sol = solve(board, metric)
            assert sol.steps == steps, (name, metric)
            if steps is None:
                assert sol.status == "unsolvable" and sol.moves == []
            else:
                assert replay(board, sol.moves).is_solved()
                assert count_steps(sol.moves, metric) == steps


@pytest.mark.parametrize("equivalence", [True, False])
@settings(max_examples=60, deadline=None)
@given(board=small_boards())
def test_mirror_key_is_the_reflected_board(equivalence, board):
    if board is None:
        return
    space = _Space(board, equivalence)
    key = space.encode(board)
    assert space.mirror(key) == space.encode(reflect(board))
    assert space.mirror(space.mirror(key)) == key
    assert space.canon(key) == min(key, space.encode(reflect(board)))


@settings(max_examples=100, deadline=None)
@given(small_boards(), st.sampled_from(["cell", "piece"]), st.booleans())
def test_mirror_on_and_off_agree(board, metric, equivalence):
    if board is None:
        return
    plain = solve(board, metric, equivalence, mirror=False)
    halved = solve(board, metric, equivalence)
    assert (halved.status, halved.steps) == (plain.status, plain.steps)
    assert halved.positions <= plain.positions
    for sol in (plain, halved):
        if sol.status == "solved":
            assert replay(board, sol.moves).is_solved()
            assert count_steps(sol.moves, metric) == sol.steps
    if plain.status == "unsolvable":
        # the whole component, each position with its reflection kept once: at least half as many
        assert 2 * halved.positions >= plain.positions


@settings(max_examples=60, deadline=None)
@given(small_boards(), st.sampled_from(["cell", "piece"]))
def test_a_board_and_its_reflection_are_as_far_from_the_goal(board, metric):
    if board is None:
        return
    expected = brute_force(board, metric)
    assert solve(reflect(board), metric).steps == expected == solve(board, metric).steps


def test_symmetric_layout_explores_about_half():
    board = find_layout("横刀立马").board
    space = _Space(board)
    assert space.encode(reflect(board)) == space.encode(board), "the same up to equal pieces swapped"
    for metric in ("cell", "piece"):
        plain = solve(board, metric, mirror=False)
        halved = solve(board, metric)
        assert halved.steps == plain.steps
        assert 0.45 * plain.positions < halved.positions < 0.55 * plain.positions, metric


def test_every_layout_solves_from_its_reflection():
    """Path reconstruction never hands back a reflected move: a reflected layout's
    solution replays on the reflected board, with the layout's par."""
    for lay in LAYOUTS[:12]:
        board = reflect(lay.board)
        sol = solve(board, "piece")
        assert sol.steps == lay.par["piece"]
        if sol.status == "solved":
            assert replay(board, sol.moves).is_solved()


def test_progress_counts_what_is_kept():
    gen = search(find_layout("横刀立马").board, "cell", chunk=256)
    seen, result = drain_with_progress(gen, "positions")
    assert seen == sorted(seen) and seen[-1] <= result.positions
    assert sum(result.stats["levels"]) == result.positions
