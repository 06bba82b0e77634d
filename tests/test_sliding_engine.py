"""The sliding-puzzle engine against truth it does not compute itself:
LeetCode 773's examples, breadth-first searches written here, a plain
Manhattan-distance IDA* written here, and Korf's published optimal lengths."""

import itertools
import json
import pathlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import sliding
from puzzles.__main__ import main
from puzzles.sliding import Board, BoardError, MoveError, solvable
from puzzles.sliding import solver as sliding_solver
from puzzles.sliding.solver import sliding_puzzle, solve

SAMPLES = pathlib.Path(__file__).resolve().parent / "data" / "korf-instances.json"


# ------------------------------------------------------------ independent truth
def _near(rows: int, cols: int, p: int) -> list:
    r, c = divmod(p, cols)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            out.append((r + dr) * cols + c + dc)
    return out


def bfs_from_goal(rows: int, cols: int) -> dict:
    """Every position reachable from the goal, with its distance (moves are reversible)."""
    goal = tuple(range(1, rows * cols)) + (0,)
    dist = {goal: 0}
    frontier = [goal]
    while frontier:
        nxt = []
        for s in frontier:
            z = s.index(0)
            for p in _near(rows, cols, z):
                t = list(s)
                t[z], t[p] = t[p], 0
                t = tuple(t)
                if t not in dist:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    return dist


def manhattan_ida(rows: int, cols: int, cells: tuple) -> int:
    """Fewest moves by a plain recursive IDA* with the Manhattan distance."""

    def md(s: list) -> int:
        return sum(abs(p // cols - (v - 1) // cols) + abs(p % cols - (v - 1) % cols) for p, v in enumerate(s) if v)

    s = list(cells)
    found = []

    def dfs(z: int, prev: int, g: int, bound: int) -> int:
        h = md(s)
        if g + h > bound:
            return g + h
        if h == 0:
            found.append(g)
            return -1
        least = 10**9
        for p in _near(rows, cols, z):
            if p == prev:
                continue
            s[z], s[p] = s[p], 0
            r = dfs(p, z, g + 1, bound)
            s[p], s[z] = s[z], 0
            if r == -1:
                return -1
            least = min(least, r)
        return least

    z0 = s.index(0)
    bound = md(s)
    while True:
        result = dfs(z0, -1, 0, bound)
        if result == -1:
            return found[0]
        bound = result


def random_walk(rows: int, cols: int, steps: int, rng: random.Random) -> Board:
    board = Board.goal(rows, cols)
    prev = None
    for _ in range(steps):
        options = [t for t in board.movable() if t != prev]
        prev = rng.choice(options)
        board = board.slide(prev)
    return board


def replays(board: Board, moves: list) -> bool:
    return board.play(moves).is_solved()


# ------------------------------------------------------------ LeetCode 773
@pytest.mark.parametrize(
    "grid,answer",
    [
        ([[1, 2, 3], [4, 0, 5]], 1),
        ([[1, 2, 3], [5, 4, 0]], -1),
        ([[4, 1, 2], [5, 0, 3]], 5),
        ([[3, 2, 4], [1, 5, 0]], 14),
        ([[1, 2, 3], [4, 5, 0]], 0),
    ],
)
def test_leetcode_examples(grid: list, answer: int) -> None:
    assert sliding_puzzle(grid) == answer


def test_every_2x3_position() -> None:
    dist = bfs_from_goal(2, 3)
    assert len(dist) == 360
    assert max(dist.values()) == 21
    for perm in itertools.permutations(range(6)):
        grid = [list(perm[:3]), list(perm[3:])]
        assert sliding_puzzle(grid) == dist.get(perm, -1), grid


@pytest.fixture(scope="module")
def dist3x3() -> dict:
    return bfs_from_goal(3, 3)


def test_3x3_count_farthest_and_parity(dist3x3: dict) -> None:
    assert len(dist3x3) == 181_440
    assert max(dist3x3.values()) == 31
    for perm in itertools.permutations(range(9)):
        assert solvable(3, 3, perm) == (perm in dist3x3)


def test_3x3_solver_is_optimal(dist3x3: dict) -> None:
    rng = random.Random(773)
    positions = rng.sample(sorted(dist3x3), 150)
    positions += [s for s, d in dist3x3.items() if d == 31]  # the two farthest
    for cells in positions:
        board = Board(3, 3, cells)
        sol = solve(board)
        assert sol.optimal and len(sol.moves) == dist3x3[cells], cells
        assert replays(board, sol.moves)


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)])
def test_parity_rule_matches_reachability(rows: int, cols: int) -> None:
    reach = bfs_from_goal(rows, cols)
    n = rows * cols
    total = 0
    for perm in itertools.permutations(range(n)):
        total += 1
        assert solvable(rows, cols, perm) == (perm in reach)
    assert len(reach) * 2 == total


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 4), (4, 2), (2, 5), (5, 2)])
def test_small_shapes_bfs_optimal(rows: int, cols: int) -> None:
    rng = random.Random(rows * 10 + cols)
    reach = bfs_from_goal(rows, cols) if rows * cols <= 8 else None
    for _ in range(20):
        board = random_walk(rows, cols, 40, rng)
        sol = solve(board)
        assert replays(board, sol.moves)
        if reach is not None:
            assert len(sol.moves) == reach[board.cells]
        else:
            assert len(sol.moves) == manhattan_ida(rows, cols, board.cells)


# ------------------------------------------------------------ 4×4
def test_4x4_answers_replay_and_are_optimal() -> None:
    heur = sliding_solver.heuristic_for(4, 4)
    rng = random.Random(15)
    for steps in (12, 18, 24, 30, 36):
        for _ in range(4):
            board = random_walk(4, 4, steps, rng)
            sol = solve(board)
            assert sol.method == "ida*" and sol.optimal
            assert replays(board, sol.moves)
            fewest = manhattan_ida(4, 4, board.cells)
            assert len(sol.moves) == fewest, board
            assert heur.value(board.cells) <= fewest  # admissible


def test_4x4_deep_answers_replay() -> None:
    rng = random.Random(16)
    for _ in range(4):
        board = sliding.shuffled(4, 4, rng.randrange(2**32))
        sol = solve(board)
        assert sol.optimal and replays(board, sol.moves)
        assert len(sol.moves) >= sliding_solver.heuristic_for(4, 4).value(board.cells)


def test_4x4_uses_the_shipped_tables() -> None:
    heur = sliding_solver.heuristic_for(4, 4)
    assert heur.groups == sliding_solver.GROUPS_4X4
    assert heur.mirror is not None
    # the three-tile table is small enough to rebuild here: the shipped one must equal it
    small = sliding_solver.GROUPS_4X4.index(min(sliding_solver.GROUPS_4X4, key=len))
    rebuilt = sliding_solver.build_table(4, 4, sliding_solver.GROUPS_4X4[small])
    assert all(heur.tables[small][i] == v for i, v in enumerate(rebuilt) if v != 255)
    assert heur.value(Board.goal(4, 4).cells) == 0
    rng = random.Random(7)
    for _ in range(200):
        board = random_walk(4, 4, rng.randrange(1, 120), rng)
        assert (heur.value(board.cells) == 0) == board.is_solved()


@pytest.mark.parametrize("korf_id", [1, 2, 3, 4, 5])
def test_korf_instances_published_optimum(korf_id: int) -> None:
    instance = next(i for i in json.loads(SAMPLES.read_text())["instances"] if i["korf_id"] == korf_id)
    board = Board.from_grid(instance["board"])
    sol = solve(board)
    assert len(sol.moves) == instance["optimal"]
    assert replays(board, sol.moves)


# ------------------------------------------------------------ pattern tables
def table_by_blank_walks(rows: int, cols: int, tiles: list) -> bytearray:
    """The same table by a 0-1 search over (placement, blank cell): blank
    steps onto non-group cells cost 0, a group tile stepping into the blank costs 1."""
    n = rows * cols
    k = len(tiles)
    goal = tuple(t - 1 for t in tiles)
    dist = {}
    from collections import deque

    todo = deque()
    for z in range(n):
        if z not in goal:
            dist[(goal, z)] = 0
            todo.append((goal, z))
    while todo:
        pos, z = todo.popleft()
        d = dist[(pos, z)]
        for q in _near(rows, cols, z):
            if q in pos:
                i = pos.index(q)
                new = (pos[:i] + (z,) + pos[i + 1 :], q)
                cost = 1
            else:
                new = (pos, q)
                cost = 0
            if new not in dist or dist[new] > d + cost:
                dist[new] = d + cost
                (todo.appendleft if cost == 0 else todo.append)(new)
    table = bytearray([255]) * (n**k)
    for (pos, _z), d in dist.items():
        idx = sum(p * n**i for i, p in enumerate(pos))
        table[idx] = min(table[idx], d)
    return table


@pytest.mark.parametrize(
    "rows,cols,tiles",
    [(2, 3, [1, 2, 3]), (3, 3, [1, 2, 4, 5]), (3, 3, [6, 8]), (3, 4, [9, 10, 11]), (4, 4, [13, 14, 15])],
)
def test_build_table_matches_a_blank_walk_search(rows: int, cols: int, tiles: list) -> None:
    assert sliding_solver.build_table(rows, cols, tiles) == table_by_blank_walks(rows, cols, tiles)


def test_3x3_heuristic_is_admissible_everywhere(dist3x3: dict) -> None:
    heur = sliding_solver.Heuristic(3, 3, sliding_solver.default_groups(3, 3))
    for cells, d in dist3x3.items():
        assert heur.value(cells) <= d


def test_tables_round_trip_through_the_shipped_form() -> None:
    groups = [[1, 2, 3], [4, 5]]
    tables = [sliding_solver.build_table(2, 3, g) for g in groups]
    heur = sliding_solver.install_tables(sliding_solver.encode_tables(2, 3, groups, tables))
    try:
        assert heur.groups == groups
        for a, b in zip(heur.tables, tables):
            assert isinstance(a, bytearray) and len(a) == len(b)
            assert all(a[i] == v for i, v in enumerate(b) if v != 255)
    finally:
        sliding_solver._heuristics.pop((2, 3), None)


# ------------------------------------------------------------ fast mode
@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_fast_mode_solves_every_shape(rows: int, cols: int, seed: int) -> None:
    board = sliding.shuffled(rows, cols, seed)
    assert board.solvable() and not board.is_solved()
    sol = solve(board, "fast")
    assert sol.status == "solved" and not sol.optimal
    assert replays(board, sol.moves)


def test_fast_mode_on_5x5_is_reasonable() -> None:
    lengths = [len(solve(sliding.shuffled(5, 5, seed), "fast").moves) for seed in range(20)]
    assert max(lengths) < 500


def test_unsolvable_is_answered_without_search() -> None:
    board = Board.from_grid([[2, 1, 3], [4, 5, 0]])
    sol = solve(board)
    assert (sol.status, sol.positions, sol.steps) == ("unsolvable", 0, -1)
    assert solve(board, "fast").status == "unsolvable"


# ------------------------------------------------------------ board, moves, codecs
def test_moves_and_lines() -> None:
    board = Board.from_grid([[4, 1, 2], [5, 0, 3]])
    assert sorted(board.movable()) == [1, 3, 5]
    assert board.slide(1).grid() == [[4, 0, 2], [5, 1, 3]]
    with pytest.raises(MoveError, match="tile '4' is not next to the blank"):
        board.slide(4)
    wide = Board.from_grid([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]])
    assert wide.line_to_blank(13) == [15, 14, 13]
    assert wide.line_to_blank(4) == [12, 8, 4]
    assert wide.line_to_blank(6) == []


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty"),
        ("[[1,2,3],[4,0]]", "ragged rows"),
        ("[[1,2,3],[4,0,'x']]", "not valid JSON"),
        ('[[1,2,3],[4,0,"x"]]', "is not a whole number"),
        ("[[1,2,3],[4,0,0]]", "0 appears twice"),
        ("[[1,2,3],[4,0,6]]", "holds 6; a 2 × 3 board holds 0 to 5"),
        ("[[1,0]]", "each side must be 2 to 5"),
        (json.dumps([list(range(i * 6, i * 6 + 6)) for i in range(6)]), "6 × 6"),
        ("3x3-12345678", "has 8 cells for a 3 × 3 board"),
        ("2x3-41250z", "holds 35"),
        ("2x3-4125!3", "'!' is not a tile character"),
        ("412503", "not a sliding-puzzle board: paste its JSON form"),
        ("[[true,1],[2,0]]", "is not a whole number"),
    ],
)
def test_bad_boards_are_named(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        Board.parse(text)


@st.composite
def boards(draw: object) -> Board:
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    cells = draw(st.permutations(list(range(rows * cols))))
    return Board(rows, cols, cells)


@given(boards())
def test_codecs_round_trip(board: Board) -> None:
    assert Board.parse(board.to_json()) == board
    assert Board.parse(board.to_code()) == board
    assert Board.from_code(board.to_code()).to_code() == board.to_code()


@given(boards())
def test_whatever_parses_can_be_played(board: Board) -> None:
    for t in board.movable():
        after = board.slide(t)
        assert after.slide(t) == board
        assert after.solvable() == board.solvable()


def test_shuffle_is_seeded_and_solvable() -> None:
    assert sliding.shuffled(4, 4, 99) == sliding.shuffled(4, 4, 99)
    assert sliding.shuffled(4, 4, 99) != sliding.shuffled(4, 4, 100)
    for seed in range(50):
        assert sliding.shuffled(3, 4, seed).solvable()


def test_cli(capsys: pytest.CaptureFixture) -> None:
    assert main(["sliding", "[[4,1,2],[5,0,3]]"]) == 0
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert captured.err.startswith("// 5 moves (mode optimal)")
    moves = [int(line[len("gameHandler.move(") : -1]) for line in out]
    assert Board.parse("[[4,1,2],[5,0,3]]").play(moves).is_solved()
    assert main(["sliding", "[[1,2,3],[5,4,0]]"]) == 1
    assert capsys.readouterr().err.startswith("// unsolvable")
    assert main(["sliding", "[[1,2,3],[4,0]]"]) == 2


@pytest.mark.parametrize(
    "text",
    [
        "board = [[1,2,3],[4,0,5]]",
        "board=[[1, 2, 3], [4, 0, 5]]",
        "  board  =\n[[1,2,3],[4,0,5]] ",
        "b_2 = [[1,2,3],[4,0,5]]",
    ],
)
def test_leetcodes_board_assignment_is_read_as_its_json(text):
    """LeetCode writes its examples as ``board = [[1,2,3],[4,0,5]]``: the name and ``=`` are dropped."""
    assert Board.parse(text) == Board.parse("[[1,2,3],[4,0,5]]")


@pytest.mark.parametrize("text", ["= [[1,2,3],[4,0,5]]", "1b = [[1,2,3],[4,0,5]]", "board = 2x3-123405", "a b = [[1]]"])
def test_only_a_name_and_a_json_board_make_an_assignment(text):
    with pytest.raises(BoardError) as e:
        Board.parse(text)
    assert e.value.code == "sliding_not_code" and "JSON form" in str(e.value) and "JSON 形式" in e.value.text("zh")


@pytest.mark.parametrize(
    "text",
    [
        "Input: board = [[1,2,3],[4,0,5]]",
        "Input: board = [[1,2,3],[4,0,5]]\nOutput: 1",
        "Example 1:\n\nInput: board = [[1,2,3],[4,0,5]]\nOutput: 1\nExplanation: Swap the 0 and the 5 in one move.",
        "input : [[1,2,3],[4,0,5]]   OUTPUT:1",
        "board = [[1,2,3],[4,0,5]]\nOutput: 1",
        "示例 1：\n输入：board = [[1,2,3],[4,0,5]]\n输出：1\n解释：交换 0 和 5 ，1 步完成",
        "输入：board = [[1,2,3],[4,0,5]]\u3000输出：1",
    ],
)
def test_leetcodes_example_text_is_read_as_its_board(text):
    """A LeetCode example copied whole (its ``Example``, ``Input:`` and ``Output:`` lines, English or 中文)."""
    assert Board.parse(text) == Board.parse("[[1,2,3],[4,0,5]]")


@pytest.mark.parametrize(
    "text, code",
    [
        ("Input: board = [[1,2,3],[4,0]]\nOutput: 1", "grid_ragged"),  # the board is still checked
        ("Output: [[1,2,3],[4,0,5]]", "sliding_not_code"),  # an answer is not a board
        ("x Input: board = [[1,2,3],[4,0,5]]", "sliding_not_code"),
        ("board = [[1,2,3],[4,0,5]] Outputs 1", "json_invalid"),  # no label: the text stays the board's
    ],
)
def test_leetcodes_labels_only_frame_a_board(text, code):
    with pytest.raises(BoardError) as e:
        Board.parse(text)
    assert e.value.code == code, str(e.value)
