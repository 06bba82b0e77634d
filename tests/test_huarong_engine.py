"""The Huarong engine against truths it did not compute itself: published
optimal counts, a known component size, an independent brute force, and
replays of every solution on the board model."""

import json
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.__main__ import main
from puzzles.huarong import (
    Board,
    BoardError,
    MoveError,
    ScriptError,
    check_script,
    count_steps,
    format_script,
    parse_script,
)
from puzzles.huarong.layouts import COURSE_BOARD, LAYOUTS, PAPER_SIX, find_layout
from puzzles.huarong.solver import DistanceTable, solve

COURSE = Board.from_grid(COURSE_BOARD)

# The paper's table (seed 003): fewest steps in the piece metric, None = no solution.
PAPER = {"勇闯五关": 34, "水泄不通": 79, "横刀立马": 81, "小燕出巢": 103, "近在咫尺": 98, "走投无路": None}


def replay(board: Board, moves: list) -> Board:
    for pid, d in moves:
        assert board.can_move(pid, d), (pid, d)
        board = board.move(pid, d)
    return board


# ------------------------------------------------------------------ the model
def test_course_board_moves_like_game_handler():
    assert COURSE.goal() == (3, 1)
    assert not COURSE.is_solved()
    assert sorted(COURSE.legal_moves()) == [(7, "down"), (8, "down"), (9, "right"), (10, "left")]
    after = COURSE.move(10, "left")
    assert after.grid()[4] == [9, 0, 10, 0]
    assert COURSE.grid()[4] == [9, 0, 0, 10], "moves never change the board they start from"
    with pytest.raises(MoveError, match="piece 1 cannot move down"):
        COURSE.move(1, "down")
    assert not COURSE.can_move(42, "up") and not COURSE.can_move(1, "sideways")


def test_solved_position():
    b = Board.parse("3224/3564/0110/0110")
    assert b.goal() == (2, 1) and b.is_solved()


# -------------------------------------------------------------- the two metrics
def test_course_board_in_both_metrics():
    cell = solve(COURSE, "cell")
    piece = solve(COURSE, "piece")
    assert (cell.status, cell.steps) == ("solved", 116)
    assert (piece.status, piece.steps) == ("solved", 81)
    assert replay(COURSE, cell.moves).is_solved()
    assert replay(COURSE, piece.moves).is_solved()
    assert count_steps(piece.moves, "piece") == 81


def test_paper_six_match_the_published_table():
    assert set(PAPER) == set(PAPER_SIX)
    for name, steps in PAPER.items():
        sol = solve(find_layout(name).board, "piece")
        assert sol.steps == steps, name
        assert sol.status == ("unsolvable" if steps is None else "solved")


def test_dead_end_explores_its_whole_component():
    sol = solve(find_layout("走投无路").board, "cell", mirror=False)
    assert sol.status == "unsolvable" and sol.moves == []
    table = DistanceTable(find_layout("走投无路").board)
    assert sol.positions == table.component == 7462
    # A position and its reflection are kept once; none of these 7462 is its own reflection.
    halved = solve(find_layout("走投无路").board, "cell")
    assert halved.status == "unsolvable" and halved.positions == 7462 // 2


def test_course_board_component_size():
    # 25,955 positions: the size of 横刀立马's connected component with equal
    # pieces merged, as counted by Klotski enumerations published since the 1990s.
    assert DistanceTable(COURSE).component == 25955


@pytest.mark.parametrize("lay", LAYOUTS, ids=[lay.en for lay in LAYOUTS])
def test_every_layout_par_replays_and_matches_published(lay):
    assert len(LAYOUTS) >= 40
    for metric in ("cell", "piece"):
        sol = solve(lay.board, metric)
        assert sol.steps == lay.par[metric]
        if sol.status == "solved":
            assert replay(lay.board, sol.moves).is_solved()
            assert count_steps(sol.moves, metric) == sol.steps
    assert lay.par["piece"] == lay.published


def test_equivalence_off_finds_the_same_optimum_with_more_positions():
    board = find_layout("勇闯五关").board
    equal = solve(board, "cell", equivalence=True)
    distinct = solve(board, "cell", equivalence=False)
    assert equal.steps == distinct.steps
    assert distinct.positions > 3 * equal.positions
    assert replay(board, distinct.moves).is_solved()


def test_search_yields_progress_and_limit_gives_unknown():
    from puzzles.huarong.solver import search

    gen = search(COURSE, "cell", chunk=256)
    first = next(gen)
    assert first["positions"] > 1 and first["levels"][0] == 1
    assert solve(COURSE, "cell", limit=500).status == "unknown"


# ------------------------------------------------------- independent brute force
def brute_force(board: Board, metric: str) -> "int | None":
    """Plain BFS over whole boards with every piece distinct: no encoding, no equivalence."""

    def neighbours(b):
        if metric == "cell":
            return [b.move(p, d) for p, d in b.legal_moves()]
        out = []
        for pid in b.pieces():
            seen, todo = {b}, [b]
            while todo:
                cur = todo.pop()
                for d in ("up", "down", "left", "right"):
                    if cur.can_move(pid, d):
                        nb = cur.move(pid, d)
                        if nb not in seen:
                            seen.add(nb)
                            todo.append(nb)
                            out.append(nb)
        return out

    dist = {board: 0}
    queue = deque([board])
    while queue:
        b = queue.popleft()
        if b.is_solved():
            return dist[b]
        for nb in neighbours(b):
            if nb not in dist:
                dist[nb] = dist[b] + 1
                queue.append(nb)
    return None


@st.composite
def small_boards(draw):
    rows = draw(st.integers(3, 4))
    cols = draw(st.sampled_from([2, 3, 4]))
    th, tw = draw(st.sampled_from([(1, 1), (2, 2), (1, 2), (2, 1)]).filter(lambda s: (cols - s[1]) % 2 == 0))
    grid = [[0] * cols for _ in range(rows)]
    pid = 1
    # at most three pieces besides piece 1, so the brute force (every piece distinct) stays small
    shapes = [(th, tw)] + draw(st.lists(st.sampled_from([(1, 1), (1, 2), (2, 1)]), min_size=1, max_size=3))
    for h, w in shapes:
        spots = [
            (r, c)
            for r in range(rows - h + 1)
            for c in range(cols - w + 1)
            if all(grid[r + i][c + j] == 0 for i in range(h) for j in range(w))
        ]
        if not spots:
            if pid == 1:
                return None
            continue
        r, c = draw(st.sampled_from(spots))
        for i in range(h):
            for j in range(w):
                grid[r + i][c + j] = pid
        pid += 1
    if sum(v == 0 for row in grid for v in row) == 0:
        return None
    return Board.from_grid(grid)


@settings(max_examples=120, deadline=None)
@given(small_boards(), st.sampled_from(["cell", "piece"]))
def test_solver_agrees_with_brute_force_on_small_boards(board, metric):
    if board is None:
        return
    expected = brute_force(board, metric)
    sol = solve(board, metric)
    assert sol.steps == expected
    if expected is not None:
        assert replay(board, sol.moves).is_solved()
        assert count_steps(sol.moves, metric) == expected
    else:
        assert sol.status == "unsolvable"


@settings(max_examples=80, deadline=None)
@given(small_boards(), st.sampled_from(["cell", "piece"]))
def test_sparse_and_dense_moves_agree(board, metric):
    """The two ways of finding a position's moves (tables per empty set, or
    each piece's moves checked) give the same searches and the same tables."""
    if board is None:
        return
    from puzzles.huarong import solver as huarong_solver

    dense_table = DistanceTable(board, metric)
    dense = solve(board, metric)
    real = huarong_solver._Space.__init__

    def sparse_from_the_start(self, *args):
        real(self, *args)
        self.sparse = True

    huarong_solver._Space.__init__ = sparse_from_the_start
    try:
        sparse_table = DistanceTable(board, metric)
        sparse = solve(board, metric)
        assert sparse_table.space.sparse
    finally:
        huarong_solver._Space.__init__ = real
    assert sparse_table.dist == dense_table.dist and sparse_table.component == dense_table.component
    assert (sparse.status, sparse.steps) == (dense.status, dense.steps)  # positions: where in a level the goal turns up
    if sparse.status == "solved":
        assert replay(board, sparse.moves).is_solved()
        assert sparse_table.hint(board) is None or replay(board, sparse_table.hint(board))


@settings(max_examples=40, deadline=None)
@given(small_boards())
def test_hint_lowers_the_distance_by_one(board):
    if board is None:
        return
    for metric in ("cell", "piece"):
        table = DistanceTable(board, metric)
        d = table.distance(board)
        hint = table.hint(board)
        if not d:
            assert hint is None
            continue
        after = replay(board, hint)
        assert table.distance(after) == d - 1
        assert count_steps(hint, metric) == 1


# ------------------------------------------------------------------ validation
@pytest.mark.parametrize(
    "text, message",
    [
        ("[[1,1],[1]]", "ragged rows"),
        ("[[1,1,0],[1,1,'x']]", "not valid JSON"),
        ('[[1,1,0],[1,1,"x"]]', "row 2, column 3: '\"x\"' is not an integer"),
        ("[[1,1,0],[1,1,2.5]]", "is not an integer"),
        ("[[1,1,true],[1,1,0]]", "is not an integer"),
        ("[[2,1,1,2],[0,1,1,0]]", "piece 2's 2 cells are not one solid rectangle"),
        ("[[2,2],[0,0]]", "there is no piece 1"),
        (
            "[[1,1,0,0],[1,1,0,0],[0,0,0,0]]".replace("[1,1,0,0],[1,1,0,0]", "[1,1,1,0],[1,1,1,0]"),
            "cannot pass the exit",
        ),
        (json.dumps([[1] + [0] * 8] * 3), "the largest allowed is 8 × 8"),
        (json.dumps([[1, 0]] * 9), "the board is 9 × 2 (rows × columns)"),
        ("[[1,-2],[0,0]]", "negative"),
        ("[]", "not a board"),
        ("", "empty"),
        ("11/11/0!", "'!' is not a piece character"),
        ("1/", "row 2"),
    ],
)
def test_bad_boards_name_the_problem(text, message):
    with pytest.raises(BoardError) as err:
        Board.parse(text)
    assert message in str(err.value)
    assert isinstance(err.value, ValueError)


def test_errors_quote_long_input_shortened():
    with pytest.raises(BoardError, match="…"):
        Board.parse("[[1,1],[" + "1," * 30 + "3]]")  # ragged (a board too big is refused by its size first)


# ---------------------------------------------------------------------- codecs
def test_compact_form_of_the_course_board():
    assert COURSE.to_compact() == "3114/3114/5226/5786/900a"
    assert Board.parse("3114/3114/5226/5786/9..a") == COURSE
    assert Board.from_json(COURSE.to_json()) == COURSE


def test_big_ids_share_as_json():
    b = Board.from_grid([[0, 1, 0], [99, 0, 0]])
    with pytest.raises(BoardError, match="no compact form"):
        b.to_compact()
    assert Board.parse(b.to_code()) == b


@st.composite
def any_board(draw):
    b = draw(small_boards())
    if b is None:
        return COURSE
    ids = draw(st.permutations(range(2, 62)))
    mapping = {0: 0, 1: 1}
    for pid in b.pieces():
        if pid != 1:
            mapping[pid] = ids[pid]
    return Board.from_grid([[mapping[v] for v in row] for row in b.grid()])


@given(any_board())
def test_codecs_round_trip(board):
    assert Board.parse(board.to_compact()) == board
    assert Board.parse(board.to_json()) == board
    assert Board.parse(board.to_compact()).to_compact() == board.to_compact()
    assert eval(repr(board), {"Board": Board}) == board  # noqa: S307 — our own repr, not user text


@given(st.text(max_size=60))
def test_whatever_parses_can_be_played_and_solved(text):
    try:
        board = Board.parse(text)
    except BoardError:
        return
    for pid, d in board.legal_moves():
        board.move(pid, d)
    assert solve(board, "cell", limit=20000).status in ("solved", "unsolvable", "unknown")


# ---------------------------------------------------------------------- scripts
def test_script_round_trip_and_course_format():
    sol = solve(COURSE, "cell")
    text = format_script(sol.moves)
    assert text.splitlines()[0].startswith("gameHandler.move(")
    assert check_script(COURSE, text) == sol.moves
    assert check_script(COURSE, '// comment\n\ngameHandler.move(10, "left");\n') == [(10, "left")]


@pytest.mark.parametrize(
    "script, line, message",
    [
        ("gameHandler.move(10, 'left')\nalert(1)", 2, "is not a move"),
        ("gameHandler.move(10, 'left')\ngameHandler.move(10, 'up')", 2, "piece 10 cannot move up"),
        ("gameHandler.move(x, 'up')", 1, "is not a whole number"),
        ("gameHandler.move(7, 'north')", 1, "is not up, down, left or right"),
        ("gameHandler.move(7, up)", 1, "not a quoted string"),
        ("gameHandler.move(7)", 1, "two arguments"),
        ("gameHandler.move(77, 'up')", 1, "no piece '77'"),
        ("\n\n", 1, "no moves"),
    ],
)
def test_bad_scripts_name_their_line(script, line, message):
    with pytest.raises(ScriptError) as err:
        check_script(COURSE, script)
    assert err.value.line == line
    assert message in str(err.value)


def test_parse_script_keeps_line_numbers():
    assert parse_script("\n  gameHandler.move(3, 'up')  \n") == [(2, 3, "up")]


# ------------------------------------------------------------------------- CLI
def test_cli_prints_pasteable_lines(capsys):
    assert main(["huarong", "勇闯五关"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    board = find_layout("勇闯五关").board
    moves = [(int(line.split("(")[1].split(",")[0]), line.split("'")[1]) for line in out]
    assert replay(board, moves).is_solved()
    assert len(out) == find_layout("勇闯五关").par["cell"]


def test_cli_json_and_errors(capsys):
    assert main(["huarong", "3114/3114/5226/5786/900a", "--metric", "piece", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["stats"]["steps"] == 81 and data["status"] == "solved"
    assert main(["huarong", "[[1,1],[2]]"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ragged rows") and err.count("\n") == 1
    assert main(["huarong", "Dead End"]) == 1
