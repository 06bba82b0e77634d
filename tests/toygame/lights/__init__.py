"""Lights out on a 3 × 3 board (the tests' game): each cell is a light, ``1`` on, ``0`` off.
Pressing a light (a move: its index, ``0``-``8`` in reading order) switches it and its
orthogonal neighbours; the goal is every light off. Every one of the 512 positions can
be solved (on 3 × 3 the presses' effects are independent), each in at most 9 presses.

Share code: the rows of ``0``/``1`` joined by ``/``, e.g. ``100/010/001``; the JSON form is
the course's list of rows, ``[[1,0,0],[0,1,0],[0,0,1]]``.

The board model: the page's main thread imports it (MicroPython), the worker and the tests
too (CPython).
"""

from puzzles import GameSpec, GridBoard, PuzzleError, exact_int, quote, read_grid, strip
from puzzles.messages import add_messages
from toygame.lights.texts import MESSAGES as _MESSAGES

SIDE = 3
CELLS = SIDE * SIDE
DEFAULT = "100/010/001"  # three presses from dark: the corners' and the centre's


def _pressed(cell: int) -> "list[int]":
    """The cells pressing ``cell`` switches: itself and its orthogonal neighbours."""
    r, c = divmod(cell, SIDE)
    near = [(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    return [rr * SIDE + cc for rr, cc in near if 0 <= rr < SIDE and 0 <= cc < SIDE]


SWITCHES = [_pressed(cell) for cell in range(CELLS)]


class BoardError(PuzzleError):
    """A lights board, or a light, that does not parse or validate."""


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
        """Parse ``100/010/001``: rows of ``0``/``1``, joined by ``/``."""
        rows = strip(text).split("/")
        if len(rows) != SIDE or any(len(r) != SIDE for r in rows):
            raise BoardError("lights_bad_size", text=quote(text), side=SIDE)
        grid = []
        for r in rows:
            for i, ch in enumerate(r):
                if ch not in "01":
                    raise BoardError("lights_bad_cell", text=quote(text), row=len(grid) + 1, col=i + 1, value=quote(ch))
            grid.append([int(ch) for ch in r])
        return cls.from_grid(grid, text)

    def to_code(self) -> str:
        return "/".join("".join(str(v) for v in row) for row in self.grid())

    def is_solved(self) -> bool:
        """Every light off."""
        return not any(self.cells)

    def press(self, cell: int) -> "Board":
        """The board after pressing light ``cell``: it and its orthogonal neighbours switch."""
        if not 0 <= cell < CELLS:
            raise BoardError("lights_no_light", text=quote(cell), top=CELLS - 1)
        out = list(self.cells)
        for i in SWITCHES[cell]:
            out[i] ^= 1
        return Board(SIDE, SIDE, out)


def decode_move(value: object) -> int:
    """A light's index from JSON: a whole number 0-8, else a ``ValueError``."""
    cell = exact_int(value)
    if not 0 <= cell < CELLS:
        raise BoardError("lights_no_light", text=quote(value), top=CELLS - 1)
    return cell


add_messages(_MESSAGES)  # the game's error codes, said in both languages

SPEC = GameSpec(
    "lights",
    Board,
    default=lambda: Board.parse(DEFAULT),
    apply=lambda board, cell: board.press(cell),
    encode_move=lambda cell: cell,
    decode_move=decode_move,
    solver="toygame.lights.solver",
    view="toygame.lights.view",
    exercise="toygame.lights.exercise",
    texts="toygame.lights.texts",
    space="toygame.lights.space",
    format_move=lambda board, cell: "gameHandler.move(%d)" % cell,
    legal_moves=lambda board: list(range(CELLS)),  # any light may be pressed
)
