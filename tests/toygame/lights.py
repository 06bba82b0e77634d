"""Lights out on a 2 × 2 board (a test-only game): each cell is a light, ``1``
on, ``0`` off. Tapping a cell (a move: its index, ``0``–``3`` in reading
order) toggles it and its orthogonal neighbours; the goal is every light off.

Share code: the rows of ``0``/``1`` joined by ``/``, e.g. ``10/01``; the JSON
form is the course's list of rows, ``[[1,0],[0,1]]``.
"""

from puzzles import GameSpec, GridBoard, PuzzleError, exact_int, quote, read_grid, strip

SIDE = 2


class BoardError(PuzzleError):
    """A lights board that does not parse or validate."""


class Board(GridBoard):
    """An immutable lights position: ``SIDE`` × ``SIDE`` cells of 0 or 1."""

    __slots__ = ()
    error = BoardError

    @classmethod
    def from_grid(cls, grid: object, source: "str | None" = None) -> "Board":
        """Validate rows of 0/1: exactly ``SIDE`` × ``SIDE``."""
        shown = source if source is not None else str(grid)

        def bad_size(rows: int, cols: int) -> BoardError:
            return BoardError("lights_bad_size", text=quote(shown), side=SIDE)

        rows, cols, cells = read_grid(grid, shown, BoardError, "cell_not_number", SIDE, bad_size)
        if rows != SIDE or cols != SIDE:
            raise bad_size(rows, cols)
        for i, v in enumerate(cells):
            if v not in (0, 1):
                raise BoardError("lights_bad_cell", text=quote(shown), row=i // SIDE + 1, col=i % SIDE + 1, value=v)
        return cls(rows, cols, cells)

    @classmethod
    def from_code(cls, text: str) -> "Board":
        """Parse ``10/01``: rows of ``0``/``1``, joined by ``/``."""
        s = strip(text)
        rows = s.split("/")
        if len(rows) != SIDE or any(len(r) != SIDE for r in rows):
            raise BoardError("lights_bad_size", text=quote(text), side=SIDE)
        grid = []
        for r in rows:
            if any(ch not in "01" for ch in r):
                bad = [ch for ch in r if ch not in "01"][0]
                i = len(grid) * SIDE + r.index(bad)
                raise BoardError("lights_bad_cell", text=quote(text), row=i // SIDE + 1, col=i % SIDE + 1, value=bad)
            grid.append([int(ch) for ch in r])
        return cls.from_grid(grid, text)

    def to_code(self) -> str:
        return "/".join("".join(str(v) for v in row) for row in self.grid())

    def is_solved(self) -> bool:
        """Every light off."""
        return not any(self.cells)

    def tap(self, cell: int) -> "Board":
        """Toggle ``cell`` and its orthogonal neighbours."""
        if not 0 <= cell < SIDE * SIDE:
            raise BoardError("lights_bad_cell", text=quote(cell), row=cell // SIDE + 1, col=cell % SIDE + 1, value=cell)
        out = list(self.cells)
        r, c = divmod(cell, SIDE)
        for rr, cc in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < SIDE and 0 <= cc < SIDE:
                out[rr * SIDE + cc] ^= 1
        return Board(SIDE, SIDE, out)


def _decode(value: object) -> int:
    cell = exact_int(value)
    if not 0 <= cell < SIDE * SIDE:
        raise BoardError("lights_bad_cell", text=quote(value), row=cell // SIDE + 1, col=cell % SIDE + 1, value=cell)
    return cell


SPEC = GameSpec(
    "lights",
    Board,
    default=lambda: Board.parse("10/01"),
    apply=lambda board, cell: board.tap(cell),
    encode_move=lambda cell: cell,
    decode_move=_decode,
    solver="toygame.lights_solver",
    format_move=lambda board, cell: "gameHandler.tap(%d)" % cell,
    legal_moves=lambda board: list(range(SIDE * SIDE)),  # any light may be tapped
)
