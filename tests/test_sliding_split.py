"""The sliding puzzle's fewest-moves search split among workers (puzzles.sliding.SplitSearch, the worker's
``share`` pieces): the shares are disjoint and cover the search, and the merged answer of 2 and 3 shares,
with the pieces finishing in any order, is as short as the whole search's and replays to the goal."""

import random

from puzzles import run
from puzzles.sliding import SPEC, Board, manhattan
from puzzles.sliding import solver as sliding_solver
from test_sliding_engine import random_walk, replays

RULE = SPEC.split
OPTIMAL = {"mode": "optimal"}


def request(board: Board, action: str = "solve") -> dict:
    return {"action": action, "board": board.to_code(), "options": dict(OPTIMAL)}


def piece(board: Board, req: dict, index: int, n: int) -> dict:
    """Piece ``index`` of ``n`` shares run as the worker runs it, answered in the protocol's shape."""
    res = run(sliding_solver.JOBS["solve"](board, OPTIMAL, RULE.piece(req, index, n)))
    return res.to_dict(SPEC.encode_move)


def split_solve(board: Board, n: int, rng: random.Random, action: str = "solve") -> dict:
    """The page's runner in miniature: ``n`` workers each take the next piece still needed as soon as they are
    free; pieces take random times, so they finish in any order; a piece no longer needed is cancelled; the
    answer is the rule's merge."""
    req = request(board, action)
    done: dict = {}
    running: dict = {}  # index -> (finish time, answer)
    now, nxt, positions = 0.0, 0, 0
    while True:
        for i in [i for i in running if not RULE.needed(i, n, done)]:
            del running[i]  # cancelled
        while len(running) < n and RULE.needed(nxt, n, done):
            running[nxt] = (now + rng.random(), piece(board, req, nxt, n))
            nxt += 1
        assert running, "nothing left to run and no answer"
        i = min(running, key=lambda j: running[j][0])
        now, answer = running.pop(i)
        done[i] = answer
        positions += answer["stats"]["positions"]
        final = RULE.merge(req, n, done, positions)
        if final is not None:
            return final


def test_the_shares_are_disjoint_and_cover_every_position_at_their_depth():
    """The frontier holds each position the pruned search reaches at its depth once (the automaton keeps a
    shortest walk to each, so every position exactly that far, by breadth-first search, is there); dealt
    round-robin, n shares take every node once."""
    rng = random.Random()
    board = random_walk(4, 4, 80, rng)
    heur = sliding_solver.heuristic_for(4, 4)
    succ, roots = sliding_solver._moves(4, 4)
    depth = 6
    nodes = sliding_solver.split_roots(board, heur, succ, roots, depth)
    positions = [tuple(node[0]) for node in nodes]
    assert len(set(positions)) == len(positions) > 20
    for node in nodes:  # each node's cells are its walk's from the board
        assert tuple(Board(4, 4, list(board.cells)).play(
            sliding_solver._path_tiles(board.cells, [board.blank()] + node[9])).cells) == tuple(node[0])
    layer, seen = {tuple(board.cells)}, {tuple(board.cells)}
    for _ in range(depth):
        layer = {tuple(Board(4, 4, list(c)).slide(t).cells) for c in layer for t in Board(4, 4, list(c)).movable()}
        layer -= seen
        seen |= layer
    assert layer <= set(positions)
    for n in (2, 3):
        shares = [list(range(len(nodes)))[k::n] for k in range(n)]
        assert sorted(i for s in shares for i in s) == list(range(len(nodes)))


def test_split_answers_are_as_short_as_the_whole_search_and_replay():
    """Random solvable 3 × 3 and 4 × 4 boards (drawn now), 2 and 3 shares, pieces finishing in random
    order: the same number of moves as the one-worker search, moves that reach the goal."""
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    boards = [random_walk(3, 3, rng.randrange(20, 200), rng) for _ in range(25)]
    boards += [random_walk(4, 4, rng.randrange(30, 70), rng) for _ in range(6)]
    for board in boards:
        if board.is_solved():
            continue
        whole = sliding_solver.solve(board)
        for n in (2, 3):
            for action in ("solve", "hint"):
                final = split_solve(board, n, rng, action)
                if action == "hint":
                    assert final["stats"]["distance"] == len(whole.moves), (seed, board)
                    assert final["moves"] == [] or board.can_slide(final["moves"][0])
                    continue
                assert final["status"] == "solved" and final["stats"]["optimal"], (seed, board)
                assert len(final["moves"]) == len(whole.moves), (seed, board, n)
                assert replays(board, final["moves"]), (seed, board, n)


def test_a_longer_answer_that_comes_first_waits_for_the_earlier_iterations():
    """A share that finds a solution at a later iteration while a piece of an earlier one still runs: the
    merge waits, and the earlier piece's shorter answer is the one given."""
    rng = random.Random()
    for _ in range(40):
        board = random_walk(4, 4, rng.randrange(30, 60), rng)
        if board.is_solved():
            continue
        whole = sliding_solver.solve(board)
        req, n = request(board), 2
        pieces = {}
        i = 0
        while not any(a["status"] == "solved" for a in pieces.values()):
            pieces[i] = piece(board, req, i, n)
            i += 1
        first = min(j for j, a in pieces.items() if a["status"] == "solved")
        other = first + 1 if first % n == 0 else first - 1  # the other share, same iteration
        same = piece(board, req, other, n)  # the other share, same iteration: no solution that short
        later = piece(board, req, other + n, n)  # the other share, one iteration on: a longer one
        if same["status"] == "solved" or later["status"] != "solved":
            continue
        assert len(later["moves"]) == len(whole.moves) + 2
        done = {j: a for j, a in pieces.items() if j != first}
        done[other] = same
        done[other + n] = later
        assert RULE.merge(req, n, done, 0) is None  # the shorter one's piece has not answered
        done[first] = pieces[first]
        final = RULE.merge(req, n, done, 0)
        assert len(final["moves"]) == len(whole.moves) and replays(board, final["moves"])
        return
    raise AssertionError("no board of 40 had a longer answer in another share")


def test_only_large_boards_far_from_home_in_fewest_moves_mode_are_split():
    far = Board.from_grid([[15, 14, 13, 12], [11, 10, 9, 8], [7, 6, 5, 4], [3, 1, 2, 0]])
    assert manhattan(4, 4, far.cells) >= 30 and far.solvable()
    assert RULE.splits(request(far), far)
    assert RULE.splits(request(far, "hint"), far)
    assert not RULE.splits(dict(request(far), options={"mode": "fast"}), far)
    assert not RULE.splits(dict(request(far), action="map"), far)
    near = Board.goal(4, 4).play([12, 8, 4, 3])
    assert not RULE.splits(request(near), near)
    # loading the tables for a search that is split starts the helper beside it; for another search, not
    tables = dict(request(far), action="tables", url="static/data/sliding-4x4.pdb")
    assert RULE.prepares(tables, far) and not RULE.prepares(dict(tables, board=near.to_code()), near)
    assert not RULE.prepares(request(far), far)
    small = random_walk(3, 3, 101, random.Random())
    assert not RULE.splits(request(small), small)


def test_an_answer_for_the_whole_board_ends_the_split_search():
    """A board that cannot be solved is answered by its first piece, as the whole search would."""
    board = Board.from_grid([[2, 1, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]])
    req = request(board)
    done = {0: piece(board, req, 0, 2)}
    assert not RULE.needed(1, 2, done)
    assert RULE.merge(req, 2, done, 0)["status"] == "unsolvable"


def test_past_the_budget_the_split_search_answers_unknown():
    board = random_walk(4, 4, 60, random.Random())
    final = RULE.merge(request(board), 2, {}, sliding_solver.BUDGET + 1)
    assert final["status"] == "unknown" and final["stats"]["positions"] == sliding_solver.BUDGET + 1
