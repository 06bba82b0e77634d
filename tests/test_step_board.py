"""The program's board drawn at a step (py/app/step_view.py's ``blocks`` and ``draw_grid``): an id whose
cells fill their bounding rectangle is one block spanning them, as the game draws a piece; any other id,
and every empty cell, a block a cell; in reading order."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import fake_page
from puzzles import huarong
from puzzles.huarong.layouts import COURSE_BOARD


@pytest.fixture(scope="module")
def step_view():
    fake_page.install()
    yield fake_page.page_module("app.step_view")
    fake_page.uninstall()


def covered(blocks: list, rows: int, cols: int) -> dict:
    """Cell -> id as the blocks cover the board (each cell exactly once, or the test fails)."""
    out = {}
    for r, c, h, w, v in blocks:
        for cell in itertools.product(range(r, r + h), range(c, c + w)):
            assert cell not in out, "a cell covered twice"
            out[cell] = v
    assert sorted(out) == list(itertools.product(range(rows), range(cols)))
    return out


def test_the_course_board_is_drawn_as_its_pieces(step_view):
    board = huarong.Board.from_grid(COURSE_BOARD)
    grid = [list(row) for row in COURSE_BOARD]
    got = step_view.blocks(grid)
    pieces = board.pieces()
    assert [b for b in got if b[4]] == sorted((p.row, p.col, p.height, p.width, pid) for pid, p in pieces.items())
    assert len([b for b in got if not b[4]]) == 2 and got == sorted(got)
    box = fake_page.Element()
    step_view.draw_grid(box, grid, "trace-cell hr")
    assert [k.textContent for k in box.children] == [str(b[4]) if b[4] else "" for b in got]
    cao = next(k for k in box.children if k.textContent == str(next(i for i, p in pieces.items() if p.height == 2
                                                                      and p.width == 2)))
    assert cao.style.setProperty.call_args_list[0][0] == ("grid-area", "1 / 2 / span 2 / span 2")


def test_an_id_that_is_not_a_rectangle_is_drawn_cell_by_cell(step_view):
    grid = [[1, 1, 0], [1, 2, 2], [3, 0, 3]]
    got = step_view.blocks(grid)
    assert (1, 1, 1, 2, 2) in got and all(h == w == 1 for _, _, h, w, v in got if v != 2)
    assert covered(got, 3, 3) == {(r, c): grid[r][c] for r in range(3) for c in range(3)}


@given(st.integers(1, 5).flatmap(lambda rows: st.integers(1, 5).flatmap(
    lambda cols: st.lists(st.lists(st.integers(0, 4), min_size=cols, max_size=cols), min_size=rows, max_size=rows))))
def test_blocks_cover_every_cell_once_with_its_id(step_view, grid):
    got = step_view.blocks(grid)
    assert got == sorted(got)
    assert covered(got, len(grid), len(grid[0])) == {(r, c): v for r, row in enumerate(grid) for c, v in enumerate(row)}
