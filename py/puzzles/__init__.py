"""Pure game logic for the three puzzles: no browser imports.

Every module here runs in CPython (tests, the CLI, the Pyodide worker) and the
modules the page's main thread imports also run on MicroPython: no
``dataclasses``, no run-time ``typing``, no ``int.bit_length``.
"""

import json


class PuzzleError(ValueError):
    """A board, move or script that does not validate.

    The message quotes the offending input and says what is wrong with it.
    """


def quote(text: object, limit: int = 40) -> str:
    """``repr`` of a piece of user input, shortened to ``limit`` characters."""
    s = str(text)
    if len(s) > limit:
        s = s[: limit - 1] + "…"
    return repr(s)


def load_json(text: str, error: type) -> object:
    """``json.loads`` that raises ``error`` (a :class:`PuzzleError`) quoting the text."""
    try:
        return json.loads(text)
    except ValueError:
        raise error("%s is not valid JSON" % quote(text)) from None


def read_grid(grid: object, shown: object, error: type, cell: str) -> "tuple[int, int, list[int]]":
    """Check the course's JSON form, decoded: a non-empty list of equally long,
    non-empty rows of integers. Returns ``(rows, cols, cells)`` row-major, or
    raises ``error`` quoting ``shown`` (``cell`` names what a cell should be:
    ``"an integer id"``)."""
    if not isinstance(grid, list) or not grid or not isinstance(grid[0], list) or not grid[0]:
        raise error("%s is not a board: expected a non-empty list of rows" % quote(shown))
    rows, cols = len(grid), len(grid[0])
    cells = []
    for r in range(rows):
        row = grid[r]
        if not isinstance(row, list):
            raise error("row %d of %s is not a list" % (r + 1, quote(shown)))
        if len(row) != cols:
            raise error("ragged rows in %s: row %d has %d cells, row 1 has %d" % (quote(shown), r + 1, len(row), cols))
        for c in range(cols):
            v = row[c]
            if isinstance(v, bool) or not isinstance(v, int):
                raise error("row %d, column %d: %s is not %s" % (r + 1, c + 1, quote(json.dumps(v)), cell))
            cells.append(v)
    return rows, cols, cells


class GridBoard:
    """What every game's board is: ``rows`` × ``cols`` numbers, row-major, immutable.

    A game supplies ``error``, ``from_grid`` (validation) and ``from_code``
    (its share form); ``parse`` reads either text form. Compared and hashed
    by its cells; ``grid()`` and ``to_json()`` give the course's JSON form."""

    __slots__ = ("rows", "cols", "cells")
    error = PuzzleError  # each game's BoardError

    def __init__(self, rows: int, cols: int, cells: "list[int] | tuple") -> None:
        self.rows = rows
        self.cols = cols
        self.cells = tuple(cells)

    @classmethod
    def from_grid(cls, grid: object, source: "str | None" = None) -> "GridBoard":
        raise NotImplementedError

    @classmethod
    def from_code(cls, text: str) -> "GridBoard":
        raise NotImplementedError

    @classmethod
    def from_json(cls, text: str) -> "GridBoard":
        """Parse the course's JSON form, a list of rows."""
        return cls.from_grid(load_json(text, cls.error), text)

    @classmethod
    def parse(cls, text: str) -> "GridBoard":
        """Either text form: JSON when it starts with ``[``, else the game's own code."""
        s = text.strip()
        if not s:
            raise cls.error("the board text is empty")
        return cls.from_json(s) if s[0] == "[" else cls.from_code(s)

    def grid(self) -> "list[list[int]]":
        """The course's form: a list of rows."""
        c = self.cols
        return [list(self.cells[r * c : r * c + c]) for r in range(self.rows)]

    def to_json(self) -> str:
        return json.dumps(self.grid(), separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and self.rows == other.rows
            and self.cols == other.cols
            and self.cells == other.cells
        )

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.cells))
