"""The sliding puzzle's board editor's model, with no browser in it: a
permutation set by swapping tiles. An edit that would not validate raises
:class:`puzzles.DraftError` naming why.

Runs on MicroPython (the page's main thread) and CPython (the tests).
"""

from puzzles import DraftError, sliding


class SlidingDraft:
    """A sliding position being set by hand: tap one cell, then another, to swap them."""

    def __init__(self, rows: int, cols: int, cells: "list | tuple | None" = None) -> None:
        self.rows = rows
        self.cols = cols
        self.cells = list(cells) if cells is not None else list(range(1, rows * cols)) + [0]

    def swap(self, i: int, j: int) -> None:
        n = len(self.cells)
        if not (0 <= i < n and 0 <= j < n):
            raise DraftError("ed_outside")
        self.cells[i], self.cells[j] = self.cells[j], self.cells[i]

    def solvable(self) -> bool:
        return sliding.solvable(self.rows, self.cols, self.cells)

    def to_board(self) -> object:
        return sliding.Board.from_cells(self.rows, self.cols, self.cells)
