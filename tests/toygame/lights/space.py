"""Lights out's state-map space (worker only), for :func:`puzzles.statespace.map_job`: a
position is its lights as a 9-bit number (bit ``i`` cell ``i``), an edge one press."""

from puzzles.statespace import Space
from toygame.lights import CELLS, SIDE, SWITCHES, Board


def make(board: Board, options: dict) -> "LightsSpace":
    return LightsSpace(board)


class LightsSpace(Space):
    """Every position of 3 × 3 lights out; a press is an ``xor`` with its cells' mask."""

    def __init__(self, board: Board) -> None:
        self.rows = self.cols = SIDE
        self.start = self.encode(board)
        self.goal_mask, self.goal_value = (1 << CELLS) - 1, 0
        self.metric = "press"
        self.work = 0
        self._masks = [sum(1 << i for i in cells) for cells in SWITCHES]

    @staticmethod
    def encode(board: Board) -> int:
        return sum(v << i for i, v in enumerate(board.cells))

    def neighbours(self) -> object:
        masks = self._masks
        return lambda key: [key ^ m for m in masks]

    def write_cells(self, key: int, out: bytearray, base: int) -> int:
        for i in range(CELLS):
            out[base + i] = (key >> i) & 1
        return CELLS
