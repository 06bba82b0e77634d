"""The sliding puzzle's state-map space (worker only), for
:func:`puzzles.statespace.map_job`: an edge is one tile sliding into the blank."""

from puzzles import sliding
from puzzles.statespace import Space


def make(board: sliding.Board, options: dict) -> "SlidingSpace":
    """The space of ``board`` (the puzzle has one metric: a slide)."""
    return SlidingSpace(board)

class SlidingSpace(Space):
    """Sliding positions as integers: byte ``i + 1`` of ``key`` is cell ``i``'s
    number (``0`` the blank), byte 0 the blank's cell. A tile beside the blank
    (:func:`puzzles.sliding.neighbours`) slides into it: both bytes swap and
    byte 0 changes, one ``xor``."""

    def __init__(self, board: sliding.Board) -> None:
        rows, cols = board.rows, board.cols
        self.rows, self.cols, self.n = rows, cols, rows * cols
        self.start = self.encode(board)
        self.goal = self.encode(sliding.Board.goal(rows, cols))
        near = sliding.neighbours(rows, cols)
        self._near = [[(8 * p + 8, (8 * z + 8), z ^ p) for p in near[z]] for z in range(self.n)]
        self.work = 0
        self.metric = "slide"
        self.preview = "tiles"  # the map draws a position as numbered tiles
        self.goal_mask, self.goal_value = -1, self.goal

    def encode(self, board: sliding.Board) -> int:
        return board.blank() | int.from_bytes(bytes(board.cells), "little") << 8

    def neighbours(self) -> object:
        near = self._near

        def slides(key: int) -> list:
            out = []
            for sp, sz, flip in near[key & 255]:
                t = (key >> sp) & 255
                out.append(key ^ (t << sp) ^ (t << sz) ^ flip)
            return out

        return slides

    def write_cells(self, key: int, out: bytearray, base: int) -> int:
        n = self.n
        out[base : base + n] = (key >> 8).to_bytes(n, "little")
        return 1
