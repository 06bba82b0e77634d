"""Link-up's shown search (puzzles.linkup.bfs, the course's BFS over (row, col, direction, turns)):
on random boards it joins exactly the pairs the game's own rule joins, with a legal path of at most
two turns; its waves are the cells a path may pass, one wave a step further than the one before; it
runs in slices."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzles.linkup import Board, connect, turns
from puzzles.linkup.bfs import SLICE, ring_cell, ring_id, run, search


def legal(board: Board, path: list, a: int, b: int) -> bool:
    """Ends on the two tiles, each step to a neighbour, inside the ring, through empty cells only."""
    cols = board.cols
    if path[0] != [a // cols, a % cols] or path[-1] != [b // cols, b % cols]:
        return False
    for (ra, ca), (rb, cb) in zip(path, path[1:]):
        if abs(ra - rb) + abs(ca - cb) != 1:
            return False
    for r, c in path[1:-1]:
        if not (-1 <= r <= board.rows and -1 <= c <= cols):
            return False
        if 0 <= r < board.rows and 0 <= c < cols and board.cells[r * cols + c]:
            return False
    return True


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 8))
    n = rows * cols
    kinds = draw(st.integers(1, 4))
    fill = draw(st.floats(0.2, 1.0))
    cells = [draw(st.integers(1, kinds)) if draw(st.floats(0, 1)) < fill else 0 for _ in range(n)]
    return rows, cols, cells


@given(boards(), st.data())
def test_the_search_joins_a_pair_exactly_when_the_game_does(shape, data):
    rows, cols, cells = shape
    tiles = [i for i, v in enumerate(cells) if v]
    if len(tiles) < 2:
        return
    a = data.draw(st.sampled_from(tiles))
    same = [i for i in tiles if i != a and cells[i] == cells[a]]
    if not same:
        return
    b = data.draw(st.sampled_from(same))
    board = Board(rows, cols, tuple(cells))
    game = connect(board, a // cols, a % cols, b // cols, b % cols)
    out = run(rows, cols, cells, a, b)
    assert bool(out["path"]) == bool(game)
    if out["path"]:
        assert legal(board, out["path"], a, b)
        assert turns(out["path"]) <= 2
        assert out["states"] >= len(out["path"]) - 1
    free = {ring_id(r, c, cols) for r in range(-1, rows + 1) for c in range(-1, cols + 1)
            if not (0 <= r < rows and 0 <= c < cols) or not cells[r * cols + c]}
    assert out["waves"][0] == [ring_id(a // cols, a % cols, cols)]
    for k, wave in enumerate(out["waves"][1:], 1):
        assert wave and set(wave) <= free, "a wave holds cells a path may pass"
        assert len(set(wave)) == len(wave)
        before = set(out["waves"][k - 1])
        for q in wave:  # each cell of a wave is a step from a cell of the wave before
            r, c = ring_cell(q, cols)
            assert any(ring_id(r + dr, c + dc, cols) in before or (k == 1 and (r + dr, c + dc) == divmod(a, cols))
                       for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def test_a_pair_that_needs_three_turns_is_searched_and_not_joined():
    # the 1s are joined only round the ring, with three turns
    grid = [[1, 3, 0],
            [3, 0, 3],
            [0, 3, 1]]
    board = Board.from_grid(grid)
    assert not connect(board, 0, 0, 2, 2)
    out = run(3, 3, board.cells, 0, 8)
    assert out["path"] == []
    assert out["states"] > 12 and len(out["waves"]) > 4, "the ring was searched"


def test_two_kinds_or_one_tile_are_not_searched():
    cells = [1, 2, 1, 2]
    assert run(1, 4, cells, 0, 1) == {"waves": [], "states": 0, "path": []}
    assert run(1, 4, cells, 0, 0) == {"waves": [], "states": 0, "path": []}


@pytest.mark.parametrize("rows, cols", [(10, 20), (24, 24)])
def test_the_search_yields_every_slice_of_states(rows, cols):
    """Two tiles in opposite corners of an empty board: the search goes round the ring, in slices."""
    cells = [0] * (rows * cols)
    cells[0] = cells[rows * cols - 1] = 1
    gen = search(rows, cols, cells, 0, rows * cols - 1)
    slices = 0
    try:
        while True:
            next(gen)
            slices += 1
    except StopIteration as stop:
        out = stop.value
    assert out["path"] and turns(out["path"]) <= 2
    assert out["states"] > 8 * SLICE
    assert slices >= out["states"] // (4 * SLICE) - 1, "a yield every SLICE states taken"


def test_the_course_s_example_is_joined_with_two_turns():
    grid = [[1, 2, 0, 0], [0, 0, 0, 1], [2, 0, 0, 0]]
    cells = [v for row in grid for v in row]
    out = run(3, 4, cells, 0, 7)
    assert out["path"] and turns(out["path"]) <= 2
    assert out["path"] == connect(Board.from_grid(grid), 0, 0, 1, 3) or len(out["path"]) <= len(
        connect(Board.from_grid(grid), 0, 0, 1, 3))
