"""Pure game logic for the puzzles: no browser imports.

Each game is two modules: ``<game>.py``, the board model (codecs, moves, the
game's :class:`GameSpec`), which the page's main thread imports and which
therefore also runs on MicroPython (no ``dataclasses``, no run-time
``typing``, no ``int.bit_length``); and ``<game>_solver.py``, the search,
which only the worker (Pyodide), the tests and the command line import.
:mod:`puzzles.games` is the one registry of games.
"""

import json

# One character per small number in share codes: 0-9, a-z, A-Z (0..61).
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


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


class Rng:
    """A small deterministic PRNG (xorshift32) so seeded boards never change
    across Python versions or runtimes (``random`` makes no such promise)."""

    def __init__(self, seed: int) -> None:
        self.state = (seed * 2654435761 + 0x9E3779B9) & 0xFFFFFFFF or 1

    def next(self) -> int:
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n: int) -> int:
        return self.next() % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


# ------------------------------------------------------------- one result
STATUSES = ("solved", "unsolvable", "unknown")


class Result:
    """What a search found, one shape for every game and every job.

    ``status`` is one of :data:`STATUSES`: ``solved`` (``moves`` reach the goal
    from the position searched; for Link-up, clear the board), ``unsolvable``
    (proved: no sequence of moves does) or ``unknown`` (the search stopped at
    its budget first). ``moves`` are the game's own moves, in order.
    ``stats`` always has ``positions`` (how many positions the search
    generated, as each game's solver documents) and the game's own numbers
    (``steps``, ``levels``, ``method``, ``optimal``, ``distance``…), which
    also read as attributes: ``result.steps``.
    """

    __slots__ = ("status", "moves", "stats")

    def __init__(self, status: str, moves: list, positions: int, **stats: object) -> None:
        if status not in STATUSES:
            raise ValueError("unknown status %r" % status)
        self.status = status
        self.moves = moves
        stats["positions"] = positions
        self.stats = stats

    def __getattr__(self, name: str) -> object:
        try:
            return self.stats[name]
        except KeyError:
            raise AttributeError(name) from None

    def to_dict(self, encode_move: object) -> dict:
        """``{"status", "moves", "stats"}``: the worker's answer (moves through the game's codec)."""
        return {"status": self.status, "moves": [encode_move(m) for m in self.moves], "stats": dict(self.stats)}

    def __repr__(self) -> str:
        return "Result(%r, %d moves, %r)" % (self.status, len(self.moves), self.stats)


def run(gen) -> object:
    """Drive a search generator to its end and return its result (``StopIteration.value``)."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


# ------------------------------------------------------------- one game spec
class GameSpec:
    """One game's whole contract with the app (Tatham's ``struct game``).

    ``name``        the ``?game=`` name and registry key.
    ``board``       the :class:`GridBoard` subclass: ``parse``/``to_code``/``to_json``.
    ``default``     ``() -> board``: the board the page opens with.
    ``apply``       ``(board, move) -> board``, a :class:`PuzzleError` if illegal.
    ``encode_move`` ``move -> JSON value``; ``decode_move`` the inverse, which
                    raises ``ValueError`` on anything it did not make.
    ``count``       ``(moves, options) -> int``: how a list of moves is counted.
    ``format_move`` ``(board, move) -> str``: the course's console line for a
                    move played on ``board`` (``gameHandler.move(10, 'left')``).
    ``options``     ``{name: (choice, ...)}``, the first choice the default;
                    ``default_options(board)`` may choose by board instead.
    ``solver``      the worker-side module: ``search(board, options)`` and
                    ``hint(board, options)`` return search generators (progress
                    dicts, then a :class:`Result`); ``ACTIONS`` maps the names of
                    its small jobs to ``request dict -> answer dict``.
    """

    def __init__(
        self,
        name: str,
        board: type,
        default: object,
        apply: object,
        encode_move: object,
        decode_move: object,
        solver: str,
        format_move: object,
        count: object = None,
        options: "dict | None" = None,
        default_options: object = None,
    ) -> None:
        self.name = name
        self.board = board
        self.default = default
        self.apply = apply
        self.encode_move = encode_move
        self.decode_move = decode_move
        self.solver = solver
        self.format_move = format_move
        self.count = count if count is not None else (lambda moves, options: len(moves))
        self.options = options or {}
        self._default_options = default_options

    def defaults(self, board: object) -> dict:
        """Every option's default value for ``board``."""
        if self._default_options is not None:
            return self._default_options(board)
        return {name: choices[0] for name, choices in self.options.items()}

    def check_options(self, options: object, board: object) -> dict:
        """``options`` with every unknown name or value replaced by its default."""
        out = self.defaults(board)
        if isinstance(options, dict):
            for name, choices in self.options.items():
                if options.get(name) in choices:
                    out[name] = options[name]
        return out


def exact_int(value: object) -> int:
    """``value`` if it is an ``int`` (not a ``bool``), else ``ValueError``: decoders accept nothing looser."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("%r is not a whole number" % (value,))
    return value
