"""Huarong's board editor's model, with no browser in it: pieces of the four
shapes on a chosen grid. An edit that would not validate raises
:class:`puzzles.DraftError` naming why; :meth:`HuarongDraft.to_board` gives the
game's own ``Board`` (or its ``BoardError``, in both languages).

Runs on MicroPython (the page's main thread) and CPython (the tests).
"""

from puzzles import DraftError, huarong

# The four shapes of the classic set: (rows, cols).
SHAPES = {"boss": (2, 2), "hbar": (1, 2), "vbar": (2, 1), "soldier": (1, 1)}
SHAPE_ORDER = ("boss", "hbar", "vbar", "soldier")
MIN_SIDE = 2


def shape_of(height: int, width: int) -> str:
    for name, hw in SHAPES.items():
        if hw == (height, width):
            return name
    return ""


class HuarongDraft:
    """Pieces ``[row, col, height, width]`` on a ``rows`` × ``cols`` grid.

    Pieces keep their place in :attr:`pieces` (the editor selects by index);
    :meth:`ids` numbers them as the course does: 1 the 2 × 2 piece (曹操),
    then the two-cell generals in reading order, horizontal ones first, then
    the soldiers from 7 up (or right after the generals)."""

    def __init__(self, rows: int = 5, cols: int = 4) -> None:
        self.rows = rows
        self.cols = cols
        self.pieces: list = []

    @classmethod
    def from_board(cls, board: object) -> "HuarongDraft":
        """A draft of a board's pieces, those of the four shapes (others are left out)."""
        d = cls(board.rows, board.cols)
        for _pid, p in board.pieces().items():
            if shape_of(p.height, p.width):
                d.pieces.append([p.row, p.col, p.height, p.width])
        return d

    # ------------------------------------------------------------ looking
    def piece_at(self, r: int, c: int) -> "int | None":
        for i, (pr, pc, h, w) in enumerate(self.pieces):
            if pr <= r < pr + h and pc <= c < pc + w:
                return i
        return None

    def ids(self) -> list:
        """The id each piece gets, by index (see the class docstring)."""
        order = {"boss": [], "hbar": [], "vbar": [], "soldier": []}
        for i, (r, c, h, w) in enumerate(self.pieces):
            order[shape_of(h, w)].append((r * 64 + c, i))
        out = [0] * len(self.pieces)
        bosses = sorted(order["boss"])
        nxt = 2
        for k, (_pos, i) in enumerate(bosses):
            out[i] = 1 if k == 0 else 0  # a second one is refused by place(); never numbered
        for name in ("hbar", "vbar"):
            for _pos, i in sorted(order[name]):
                out[i] = nxt
                nxt += 1
        nxt = max(nxt, 7)
        for _pos, i in sorted(order["soldier"]):
            out[i] = nxt
            nxt += 1
        return out

    def _check_fits(self, r: int, c: int, h: int, w: int, skip: "int | None" = None) -> None:
        if r < 0 or c < 0 or r + h > self.rows or c + w > self.cols:
            raise DraftError("ed_outside")
        for i, (pr, pc, ph, pw) in enumerate(self.pieces):
            if i != skip and pr < r + h and r < pr + ph and pc < c + w and c < pc + pw:
                raise DraftError("ed_overlap")

    # ------------------------------------------------------------ editing
    def place(self, shape: str, r: int, c: int) -> int:
        """A new piece of ``shape`` with its top-left cell at ``(r, c)``; its index."""
        h, w = SHAPES[shape]
        if shape == "boss" and any(p[2:] == [2, 2] for p in self.pieces):
            raise DraftError("ed_one_boss")
        self._check_fits(r, c, h, w)
        self.pieces.append([r, c, h, w])
        return len(self.pieces) - 1

    def move(self, i: int, r: int, c: int) -> None:
        """Piece ``i``'s top-left cell to ``(r, c)`` (any distance: this is editing, not play)."""
        _pr, _pc, h, w = self.pieces[i]
        self._check_fits(r, c, h, w, skip=i)
        self.pieces[i] = [r, c, h, w]

    def remove(self, i: int) -> None:
        del self.pieces[i]

    def clear(self) -> None:
        self.pieces = []

    def resize(self, rows: int, cols: int) -> None:
        """A new grid size; refused if a piece would fall off it."""
        if not (MIN_SIDE <= rows <= huarong.MAX_SIDE and MIN_SIDE <= cols <= huarong.MAX_SIDE):
            raise DraftError("ed_outside")
        for r, c, h, w in self.pieces:
            if r + h > rows or c + w > cols:
                raise DraftError("ed_resize_cuts", rows=rows, cols=cols)
        self.rows, self.cols = rows, cols

    # ------------------------------------------------------------ the board
    def grid(self) -> list:
        g = [[0] * self.cols for _ in range(self.rows)]
        for (r, c, h, w), pid in zip(self.pieces, self.ids()):
            for rr in range(r, r + h):
                for cc in range(c, c + w):
                    g[rr][cc] = pid
        return g

    def to_board(self) -> object:
        """The game's ``Board``; its ``BoardError`` (no 曹操, exit off-centre…) if it does not validate."""
        return huarong.Board.from_grid(self.grid())
