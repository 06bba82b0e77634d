"""The sliding puzzle's optimal search: Korf's 100 instances as published, the move-pruning
automaton's rules, the search answering in slices, every answer checked against truth it does not compute:
Korf's published optimal lengths (tests/data/korf-instances.json, converted from his table, not typed here),
breadth-first distances over the whole 3 × 3 space, and each answer replayed to the goal."""

import json
import random

import pytest

from helpers import drain_with_progress
from puzzles import run, sliding
from puzzles.sliding import Board
from puzzles.sliding import solver as sliding_solver
from test_sliding_engine import SAMPLES, bfs_from_goal, random_walk, replays

KORF = json.loads(SAMPLES.read_text())["instances"]


def korf(korf_id: int) -> dict:
    return next(i for i in KORF if i["korf_id"] == korf_id)


def test_korf_table_holds_all_100_instances_converted_to_this_goal():
    """Korf's table: instances 1-100, mean optimal length 53.05; each board is his, turned 180 degrees with
    tile t renamed 16 - t (his goal has the blank first), which keeps every distance to the goal."""
    assert [i["korf_id"] for i in KORF] == list(range(1, 101))
    assert sum(i["optimal"] for i in KORF) == 5305
    for inst in KORF:
        his = inst["korf_board"]
        assert sorted(his) == list(range(16))
        ours = [0 if t == 0 else 16 - t for t in reversed(his)]
        assert [v for row in inst["board"] for v in row] == ours
        board = Board.from_grid(inst["board"])
        assert board.solvable()
        # a lower bound no optimal length may beat: the tables' estimate
        assert sliding_solver.heuristic_for(4, 4).value(board.cells) <= inst["optimal"]


# the instances Korf's own Manhattan-distance search solved with fewest nodes: quick here too
QUICK = [i["korf_id"] for i in sorted(KORF, key=lambda i: i["korf_ida_nodes"])[:12]]


@pytest.mark.parametrize("korf_id", QUICK)
def test_korf_instances_fewest_moves_are_the_published_ones(korf_id: int):
    inst = korf(korf_id)
    board = Board.from_grid(inst["board"])
    sol = sliding_solver.solve(board)
    assert sol.optimal and len(sol.moves) == inst["optimal"]
    assert replays(board, sol.moves)


def _runs(steps: list) -> list:
    """The lengths of the runs of moves around one 2 × 2 block (each a turn the same way as the one before)."""
    cw = {1: 4, 4: -1, -1: -4, -4: 1}
    out, run_len, way = [], 1, 0
    for a, b in zip(steps, steps[1:]):
        w = 1 if cw[a] == b else -1 if cw[b] == a else 0
        run_len = run_len + 1 if w and w == way else (2 if w else 1)
        way = w
        out.append(run_len)
    return out


def _walks(z: int, length: int) -> list:
    """Every walk of the blank on a 4 × 4 board from cell ``z``, ``length`` moves, never straight back."""
    walks = [([z], [])]
    for _ in range(length):
        nxt = []
        for cells, steps in walks:
            here = cells[-1]
            r, c = divmod(here, 4)
            for d, ok in ((1, c < 3), (-1, c > 0), (4, r < 3), (-4, r > 0)):
                if ok and not (steps and steps[-1] == -d):
                    nxt.append((cells + [here + d], steps + [d]))
        walks = nxt
    return walks


@pytest.mark.parametrize("z", [0, 5, 15])
def test_the_move_automaton_of_depth_7_prunes_the_runs_around_one_block(z: int):
    """Built from walks of up to 7 moves, the automaton accepts exactly the walks with no 7 moves around one
    block and, of the two 6-move runs around a block from one cell, only the one whose first step is the smaller:
    the rules worked out by hand (12 moves around a block rotate its three tiles back)."""
    children, roots = sliding_solver._moves(4, 4, 7)
    pruned = 0
    for cells, steps in _walks(z, 9):
        state, accepted = roots[z], True
        for there in cells[1:]:
            kids = {p: nxt for p, _d, nxt in children[state]}
            if there not in kids:
                accepted = False
                break
            state = kids[there]
        runs = _runs(steps)
        expect = True
        for i, length in enumerate(runs):
            if length >= 7:
                expect = False
            elif length == 6 and steps[i - 4] > steps[i - 3]:  # the run's first two steps
                expect = False
        assert accepted == expect, steps
        pruned += not accepted
    assert pruned > 0


def test_the_deeper_automaton_prunes_more_and_keeps_a_shortest_walk_to_every_effect():
    """Depth 10 on 4 × 4 (what the searches use): it tries fewer walks than depth 7, and every board reachable
    from the goal in up to 10 moves is still reached as soon as breadth-first search reaches it."""
    shallow, deep = sliding_solver._moves(4, 4, 7), sliding_solver._moves(4, 4, 10)
    assert sliding_solver.prune_depth(4, 4) == 10

    def walks(auto: tuple, z: int, length: int) -> int:
        children, roots = auto
        states = [roots[z]]
        for _ in range(length):
            states = [nxt for s in states for _p, _d, nxt in children[s]]
        return len(states)

    assert walks(deep, 15, 10) < walks(shallow, 15, 10)
    goal = tuple(Board.goal(4, 4).cells)
    children, roots = deep
    best = {goal: 0}
    frontier = [(goal, roots[15])]
    for depth in range(1, 11):  # the automaton's walks, breadth first, one entry per (board, state)
        nxt = []
        for cells, state in frontier:
            z = cells.index(0)
            for p, _d, after in children[state]:
                moved = list(cells)
                moved[z], moved[p] = moved[p], 0
                moved = tuple(moved)
                best.setdefault(moved, depth)
                nxt.append((moved, after))
        frontier = list(dict.fromkeys(nxt))
    dist = {goal: 0}
    layer = [goal]
    for depth in range(1, 11):
        nxt = []
        for cells in layer:
            z = cells.index(0)
            for p in sliding.neighbours(4, 4)[z]:
                moved = list(cells)
                moved[z], moved[p] = moved[p], 0
                moved = tuple(moved)
                if moved not in dist:
                    dist[moved] = depth
                    nxt.append(moved)
        layer = nxt
    assert best == dist


def test_the_pruned_search_keeps_the_fewest_moves_on_3x3_against_bfs():
    """3 × 3 boards go through the same IDA* (with small tables): every distance equals breadth-first search's."""
    dist = bfs_from_goal(3, 3)
    rng = random.Random(2024)
    positions = rng.sample(sorted(dist), 150)
    for cells in positions:
        board = Board(3, 3, list(cells))
        sol = sliding_solver.solve(board)
        assert len(sol.moves) == dist[cells], cells
        assert replays(board, sol.moves)


def test_a_search_in_small_slices_gives_the_same_answer():
    """Pausing every few positions and going back down the same path finds the same moves."""
    rng = random.Random(11)
    for _ in range(3):
        board = random_walk(4, 4, 60, rng)
        whole = run(sliding_solver.search(board, chunk=10**9))
        yields, sliced = drain_with_progress(sliding_solver.search(board, chunk=37))
        slices = len(yields)
        assert sliced.moves == whole.moves and replays(board, sliced.moves)
        assert slices > 2


def test_the_automaton_is_built_in_slices_to_its_end():
    """The build yields every few hundred walks while it enumerates them and every few hundred states while it
    links them (a page's look-ahead builds it in the worker: one long step held a worker call for 0.6 s)."""
    sliding_solver._automata.pop((4, 4, 10), None)
    gen = sliding_solver.move_steps(4, 4, 10, chunk=300)
    seen, (children, roots) = drain_with_progress(gen, "positions")
    walks = 0  # the walks it enumerated: those the automaton accepts, 1 to 10 moves, from every cell
    for root in roots:
        states = [root]
        for _ in range(10):
            states = [nxt for s in states for _p, _d, nxt in children[s]]
            walks += len(states)
    assert max(seen) > walks  # it also reported while linking its states
    assert walks + len(children) - max(seen) < 300
