"""The sliding puzzle's larger shapes: 3 × 5's shipped pattern
tables, and boards taller than wide solved turned on their diagonal
(5 × 3 with the 3 × 5 tables, 4 × 3 with 3 × 4's, 5 × 2 with 2 × 5's).

Truth not typed in: a plain Manhattan-distance IDA* written in the other test
file (an independent search), every answer replayed to the goal, the
shipped table's small group rebuilt here."""

import random

import pytest

from helpers import step_to_end
from puzzles import run, sliding
from puzzles.sliding import Board, table_shape
from puzzles.sliding import solver as sliding_solver
from puzzles.sliding.solver import GROUPS_3X5, solve, transposed
from test_sliding_engine import manhattan_ida, random_walk, replays


@pytest.mark.parametrize("rows, cols", [(5, 3), (4, 3), (5, 2), (3, 2), (4, 2), (5, 4), (5, 5)])
def test_transposed_goal_is_the_goal_and_positions_keep_their_parity(rows, cols):
    goal, back = transposed(Board.goal(rows, cols))
    assert goal == Board.goal(cols, rows)
    assert sorted(back[1:]) == list(range(1, rows * cols))
    rng = random.Random(rows * 10 + cols)
    for _ in range(30):
        board = random_walk(rows, cols, rng.randrange(1, 60), rng)
        turned, back = transposed(board)
        assert turned.solvable() and turned.rows == cols and turned.cols == rows
        # a slide of tile t in the turned board is a slide of back[t] here, and back again
        for t in turned.movable():
            assert transposed(board.slide(back[t]))[0] == turned.slide(t)


@pytest.mark.parametrize("rows, cols, steps", [(5, 3, 30), (4, 3, 34), (5, 2, 30), (3, 5, 30)])
def test_turned_and_3x5_answers_replay_and_are_optimal(rows, cols, steps):
    rng = random.Random(rows * 100 + cols)
    for _ in range(3):
        board = random_walk(rows, cols, steps, rng)
        sol = solve(board)
        assert sol.status == "solved" and sol.optimal and replays(board, sol.moves)
        assert len(sol.moves) == manhattan_ida(rows, cols, board.cells), board


def test_a_random_5x3_board_and_it_turned_replay_and_agree():
    """A random board (not a walk): 5 × 3's answer replays, and so does the same answer, tile for tile, on
    the board turned into a 3 × 5 (5 × 3 is solved turned: solving the turned board again would repeat the
    very same search, so the answer is carried over instead). Seed 11's board is answered in a fraction of a
    second (some take seconds: how long 5 × 3 searches take is the benchmarks', tools/bench_sliding.py)."""
    board = sliding.shuffled(5, 3, 11)
    sol = solve(board)
    assert sol.optimal and replays(board, sol.moves)
    turned, back = transposed(board)
    name = {t: u for u, t in enumerate(back) if t}
    assert replays(turned, [name[t] for t in sol.moves])


def test_3x5_uses_the_shipped_tables():
    heur = sliding_solver.heuristic_for(3, 5)
    assert heur.groups == GROUPS_3X5 and table_shape(5, 3) == (3, 5)
    small = GROUPS_3X5.index(min(GROUPS_3X5, key=len))
    rebuilt = sliding_solver.build_table(3, 5, GROUPS_3X5[small])
    assert all(heur.tables[small][i] == v for i, v in enumerate(rebuilt) if v != 255)
    assert heur.value(Board.goal(3, 5).cells) == 0
    rng = random.Random(35)
    for _ in range(300):  # admissible: never above the walk's length, an upper bound of the distance
        steps = rng.randrange(1, 40)
        board = random_walk(3, 5, steps, rng)
        assert heur.value(board.cells) <= steps
        assert (heur.value(board.cells) == 0) == board.is_solved()


def test_5x3_in_the_worker_protocol_loads_its_tables_from_the_3x5_file():
    import json

    import worker_jobs

    with open(sliding_solver.table_path(sliding_solver.SHIPPED[(3, 5)]), "rb") as f:
        data = f.read()
    started = json.loads(worker_jobs.start("sliding", {"action": "tables", "data": data}))
    answer = step_to_end(started["job"], 40)[0]
    assert answer["result"]["stats"]["groups"] == GROUPS_3X5
    board = sliding.shuffled(5, 3, 5)
    res = run(sliding_solver.search(board))
    assert res.optimal and replays(board, res.moves)
