"""Huarong's classic layouts on the page's first screen: no layout's board is made until it is asked for,
and the layout of a board is looked up by its picture, the same answer as comparing every layout's board."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from puzzles.huarong import Board  # noqa: E402
from puzzles.huarong.layouts import COURSE_BOARD, LAYOUTS, layout_of, picture_of  # noqa: E402


def test_importing_the_layouts_makes_no_board():
    code = (
        "import sys; sys.path.insert(0, 'py')\n"
        "import puzzles.huarong as h\n"
        "made = []\n"
        "real = h.from_picture\n"
        "h.from_picture = lambda p: made.append(p) or real(p)\n"
        "from puzzles.huarong import layouts\n"
        "assert len(layouts.LAYOUTS) == 52 and not made, made\n"
        "assert layouts.LAYOUTS[1].board == real(layouts.LAYOUTS[1].picture) and len(made) == 1\n"
        "assert layouts.LAYOUTS[1].board is layouts.LAYOUTS[1].board and len(made) == 1\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


@pytest.mark.parametrize("lay", LAYOUTS, ids=lambda lay: lay.en)
def test_a_layouts_board_has_its_picture_and_is_found_as_itself(lay):
    assert picture_of(lay.board) == lay.picture
    assert layout_of(lay.board) is lay
    assert layout_of(Board.from_grid(lay.board.grid())) is lay  # an equal board, made again


def test_a_board_that_is_no_layout_is_found_as_none():
    assert layout_of(Board.from_grid(COURSE_BOARD)) is LAYOUTS[0]
    # 横刀立马's shapes with other ids: the same picture, another board
    other = Board.from_grid([[4, 1, 1, 3], [4, 1, 1, 3], [5, 2, 2, 6], [5, 7, 8, 6], [9, 0, 0, 10]])
    assert other != LAYOUTS[0].board and picture_of(other) == LAYOUTS[0].picture
    assert layout_of(other) is None
    moved = LAYOUTS[0].board.move(10, "left")  # one move from the start
    assert layout_of(moved) is None
    odd = Board.from_grid([[3, 1, 1, 4], [3, 1, 1, 4], [2, 2, 2, 0], [5, 6, 7, 0], [0, 0, 0, 8]])  # a 1 x 3 piece
    assert picture_of(odd) is None and layout_of(odd) is None
