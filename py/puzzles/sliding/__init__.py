"""Sliding puzzle (滑动谜题): LeetCode 773 and every board from 2×2 to 5×5.

The board
    ``rows`` × ``cols`` cells (each side 2–5) holding ``0`` (the blank) and the
    tiles ``1 … rows·cols−1``, each exactly once. Solved is ``1, 2, …,
    rows·cols−1`` in reading order with the blank last (seed 002's
    ``[[1,2,3],[4,5,0]]`` for 2×3).

Moves and counting
    A move names the tile that slides into the neighbouring blank (the
    contract's ``gameHandler.move(tile)``); each tile moved one cell is one
    move, as in LeetCode 773. Sliding a whole line of tiles toward the blank
    is several moves, one per tile.

Solvability (the permutation-parity rule)
    Every move swaps the blank with a neighbour, so it flips the parity of the
    permutation of all cells (blank included) and moves the blank one cell.
    A position can reach the goal if and only if the permutation's parity
    equals the parity of the blank's taxicab distance from its goal cell.
    :func:`solvable` answers this without any search.

Solving
    ``optimal``: breadth-first search for boards of at most 8 cells, else
    IDA* with an additive pattern-database heuristic: the tiles are split into
    disjoint groups, and each group's table holds the fewest moves of that
    group's tiles (the other tiles' moves free) from any placement to its
    goal, so the sum over groups never overestimates. The 4×4 tables (6-6-3) are built by
    ``tools/build_sliding_tables.py`` and shipped in
    ``static/data/sliding-4x4.pdb``; smaller tables for the other shapes are
    built on demand. On square boards the heuristic also looks the position
    up reflected in the main diagonal and takes the larger value.
    ``fast``: not the fewest moves. The board is reduced a row or a column at
    a time (each tile or last pair placed by a small breadth-first search
    that leaves placed tiles alone) down to a 2×3 corner, which is solved
    exactly. Instant on every size.

Codecs
    The course's JSON form (rows of numbers) and a compact share form
    ``<rows>x<cols>-<cells>``, one character per cell, ``0``–``9`` then
    ``a``–``o`` for 10–24 (``2x3-412503``).

Runs in CPython and on MicroPython (the page's main thread imports the board
model; the solver runs in the worker).
"""

import json

from puzzles import (
    GameSpec,
    GridBoard,
    PuzzleError,
    Rng,
    cell_count_error,
    exact_int,
    quote,
    read_grid,
    read_number,
    strip,
)
from puzzles.messages import add_messages
from puzzles.sliding.texts import MESSAGES as _MESSAGES

MIN_SIDE = 2
MAX_SIDE = 5
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
MODES = ("optimal", "fast")


class BoardError(PuzzleError):
    """A sliding-puzzle board or share code that does not parse or validate."""


class MoveError(PuzzleError):
    """A move that is not legal on the current board."""


# ------------------------------------------------------------------- board
class Board(GridBoard):
    """An immutable position: ``rows`` × ``cols`` numbers, row-major, ``0`` the blank."""

    __slots__ = ()
    error = BoardError

    @classmethod
    def goal(cls, rows: int, cols: int) -> "Board":
        n = rows * cols
        return cls(rows, cols, list(range(1, n)) + [0])

    @classmethod
    def from_grid(cls, grid: object, source: "str | None" = None) -> "Board":
        """Validate rows of numbers: rectangular, 2–5 a side, a permutation of ``0 … rows·cols−1``."""
        shown = source if source is not None else json.dumps(grid)

        def too_big(rows: int, cols: int) -> BoardError:
            return BoardError("sliding_bad_size", text=quote(shown), rows=rows, cols=cols, min=MIN_SIDE, max=MAX_SIDE)

        rows, cols, cells = read_grid(grid, shown, BoardError, max_side=MAX_SIDE, size_error=too_big)
        return cls.from_cells(rows, cols, cells, shown)

    @classmethod
    def from_cells(cls, rows: int, cols: int, cells: "list[int]", shown: str = "") -> "Board":
        if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
            raise BoardError("sliding_bad_size", text=quote(shown), rows=rows, cols=cols, min=MIN_SIDE, max=MAX_SIDE)
        n = rows * cols
        seen = [0] * n
        for i in range(n):
            v = cells[i]
            if v < 0 or v >= n:
                raise BoardError(
                    "sliding_out_of_range",
                    text=quote(shown),
                    row=i // cols + 1,
                    col=i % cols + 1,
                    value=v,
                    rows=rows,
                    cols=cols,
                    top=n - 1,
                )
            if seen[v]:
                raise BoardError("sliding_duplicate", text=quote(shown), value=v, top=n - 1)
            seen[v] = 1
        return cls(rows, cols, cells)

    @classmethod
    def from_code(cls, text: str) -> "Board":
        """Parse the share form ``<rows>x<cols>-<cells>``; the header's size is
        checked (each side 2 to 5) before the cells are read."""
        s = strip(text)
        head, sep, body = s.partition("-")
        size = head.split("x")
        rows = cols = None
        if sep and len(size) == 2:
            rows, cols = read_number(size[0], text, BoardError), read_number(size[1], text, BoardError)
        if rows is None or cols is None:
            raise BoardError("sliding_not_code", text=quote(text))
        if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):  # the header first
            raise BoardError("sliding_bad_size", text=quote(text), rows=rows, cols=cols, min=MIN_SIDE, max=MAX_SIDE)
        if len(body) != rows * cols:
            raise cell_count_error(BoardError, text, len(body), rows, cols)
        cells = []
        for ch in body:
            v = DIGITS.find(ch)
            if v < 0:
                raise BoardError("sliding_bad_char", text=quote(text), char=quote(ch))
            cells.append(v)
        return cls.from_cells(rows, cols, cells, text)

    # ----------------------------------------------------------- encoding
    def to_code(self) -> str:
        return "%dx%d-%s" % (self.rows, self.cols, "".join(DIGITS[v] for v in self.cells))

    # ----------------------------------------------------------- rules
    def blank(self) -> int:
        return self.cells.index(0)

    def is_solved(self) -> bool:
        n = len(self.cells)
        for i in range(n - 1):
            if self.cells[i] != i + 1:
                return False
        return True

    def solvable(self) -> bool:
        return solvable(self.rows, self.cols, self.cells)

    def movable(self) -> "list[int]":
        """The tiles that can slide into the blank, in cell order."""
        return [self.cells[p] for p in neighbours(self.rows, self.cols)[self.blank()]]

    def can_slide(self, tile: object) -> bool:
        return isinstance(tile, int) and not isinstance(tile, bool) and tile in self.movable()

    def slide(self, tile: int) -> "Board":
        """The board after ``tile`` slides into the blank; :class:`MoveError` if it is not next to it."""
        if not self.can_slide(tile):
            raise MoveError("tile_not_movable", tile=quote(tile))
        cells = list(self.cells)
        z, p = self.blank(), cells.index(tile)
        cells[z], cells[p] = tile, 0
        return Board(self.rows, self.cols, cells)

    def play(self, tiles: "list[int]") -> "Board":
        b = self
        for t in tiles:
            b = b.slide(t)
        return b

    def line_to_blank(self, tile: int) -> "list[int]":
        """The tiles that slide, nearest the blank first, when ``tile`` in the
        blank's row or column is pushed toward it; ``[]`` if it is in neither."""
        cols = self.cols
        z = self.blank()
        if not isinstance(tile, int) or tile <= 0 or tile >= len(self.cells):
            return []
        p = self.cells.index(tile)
        if p // cols == z // cols:
            step = 1 if p > z else -1
        elif p % cols == z % cols:
            step = cols if p > z else -cols
        else:
            return []
        return [self.cells[q] for q in range(z + step, p + step, step)]

    def __repr__(self) -> str:
        return "Board.parse(%r)" % self.to_code()


_NEIGHBOURS: dict = {}


def neighbours(rows: int, cols: int) -> "list[tuple]":
    """For each cell, the cells beside it (up, left, right, down order)."""
    key = rows * 16 + cols
    nb = _NEIGHBOURS.get(key)
    if nb is None:
        nb = []
        for p in range(rows * cols):
            r, c = p // cols, p % cols
            near = []
            if r > 0:
                near.append(p - cols)
            if c > 0:
                near.append(p - 1)
            if c < cols - 1:
                near.append(p + 1)
            if r < rows - 1:
                near.append(p + cols)
            nb.append(tuple(near))
        _NEIGHBOURS[key] = nb
    return nb


def solvable(rows: int, cols: int, cells: "list[int] | tuple") -> bool:
    """The parity rule: the permutation's parity equals the blank's distance parity."""
    n = rows * cols
    perm = [v - 1 if v else n - 1 for v in cells]  # the cell each number belongs in
    seen = [False] * n
    swaps = 0
    for i in range(n):
        if not seen[i]:
            j, length = i, 0
            while not seen[j]:
                seen[j] = True
                j = perm[j]
                length += 1
            swaps += length - 1
    z = list(cells).index(0)
    distance = (rows - 1 - z // cols) + (cols - 1 - z % cols)
    return swaps % 2 == distance % 2


# ------------------------------------------------------------------ shuffle
def shuffled(rows: int, cols: int, seed: int) -> Board:
    """A random solvable position (uniform among them) from ``seed``."""
    n = rows * cols
    rng = Rng(seed)
    cells = list(range(n))
    while True:
        rng.shuffle(cells)
        if not solvable(rows, cols, cells):
            # swap two tiles (not the blank) to fix the parity
            a, b = [i for i in range(n) if cells[i]][:2]
            cells[a], cells[b] = cells[b], cells[a]
        b = Board(rows, cols, cells)
        if not b.is_solved():
            return b


# --------------------------------------------------------------------- spec
DEFAULT = "2x3-412503"  # seed 002's example: 5 moves
# The shapes whose fewest-moves search uses pattern tables shipped in static/data/ (the worker's ``tables``
# job loads them before the first such search). A board taller than wide is solved turned on its diagonal,
# so it uses its :func:`table_shape`'s tables: 3 × 5's serve 5 × 3.
TABLE_FILES = {(4, 4): "sliding-4x4.pdb", (3, 5): "sliding-3x5.pdb"}


def table_shape(rows: int, cols: int) -> "tuple[int, int]":
    """The shape a board of ``rows`` × ``cols`` is searched in: itself, or turned when taller than wide."""
    return (rows, cols) if rows <= cols else (cols, rows)


# Boards above this many cells open in fast mode: the fewest moves can take very long there.
OPTIMAL_MAX_CELLS = 16

add_messages(_MESSAGES)  # the game's error codes, said in both languages

# Boards of at least this many cells (4 × 4 and larger) split a fewest-moves search among the page's
# solver workers, when the tiles are at least SPLIT_MIN_DISTANCE moves from home (their Manhattan distance,
# a lower bound): a board nearer home is answered by one worker in well under a second.
SPLIT_MIN_CELLS = 16
SPLIT_MIN_DISTANCE = 30


def manhattan(rows: int, cols: int, cells: "list[int] | tuple") -> int:
    """The sum of every tile's row and column distance from its goal cell."""
    total = 0
    for p, t in enumerate(cells):
        if t:
            total += abs(p // cols - (t - 1) // cols) + abs(p % cols - (t - 1) % cols)
    return total


# Positions a split search may generate, all its pieces together, before it answers "unknown": the whole
# search's budget (solver.BUDGET).
SPLIT_BUDGET = 50_000_000


class SplitSearch:
    """How a fewest-moves search (IDA*) is split among ``n`` workers, and how
    their answers merge (the spec's ``split``; the worker's side is
    ``solver._ida``'s ``share``).

    Piece ``i`` is iteration ``i // n`` (its bound: the first bound + 2 per
    iteration) of share ``i % n`` (the frontier nodes ``k``, ``k + n``, …
    at a small fixed depth): the request's ``"share": [k, n], "round": r``.
    The shares are disjoint and cover the search, and every bound has the
    parity of every solution, so a share's solution at iteration ``r`` is
    exactly that bound long. Hence the rule: a solution of iteration ``r``
    is the fewest moves once every piece of the iterations before ``r`` has
    finished without one; pieces of iteration ``r`` or later are not
    needed then. A piece's answer that is not a piece's (the board is
    unsolvable, or solved already) is the answer."""

    def splits(self, request: dict, board: object) -> bool:
        options = request.get("options") or {}
        return (
            request.get("action", "solve") in ("solve", "hint")
            and options.get("mode") == "optimal"
            and len(board.cells) >= SPLIT_MIN_CELLS
            and board.solvable()
            and manhattan(board.rows, board.cols, board.cells) >= SPLIT_MIN_DISTANCE
        )

    def prepares(self, request: dict, board: object) -> bool:
        """Whether ``request`` sets a worker up for a search this rule splits (the pattern tables loaded
        before a split search of ``board``): the helper is started with it, beside the download."""
        return request.get("action") == "tables" and self.splits(dict(request, action="solve"), board)

    def piece(self, request: dict, index: int, n: int) -> dict:
        out = dict(request)
        out["action"] = "solve"
        out["share"] = [index % n, n]
        out["round"] = index // n
        return out

    def _first_found(self, done: dict) -> "int | None":
        found = [i for i, r in done.items() if r["status"] == "solved"]
        return min(found) if found else None

    def needed(self, index: int, n: int, done: dict) -> bool:
        """Whether piece ``index`` can still change the answer: no piece of its iteration or an earlier
        one found a solution (nor answered for the whole board)."""
        if any("piece" not in r["stats"] for r in done.values()):
            return False
        first = self._first_found(done)
        return first is None or index // n < first // n

    def merge(self, request: dict, n: int, done: dict, positions: int) -> "dict | None":
        for r in done.values():
            if "piece" not in r["stats"]:  # answered for the whole board
                return self._finish(request, r["status"], r["moves"], dict(r["stats"]))
        first = self._first_found(done)
        if first is not None and all(i in done for i in range(first // n * n)):
            moves = done[first]["moves"]
            stats = {"optimal": True, "method": "ida*", "steps": len(moves), "positions": positions}
            return self._finish(request, "solved", moves, stats)
        if positions > SPLIT_BUDGET:
            return self._finish(request, "unknown", [], {"optimal": False, "method": "ida*", "steps": -1,
                                                         "positions": positions})
        return None

    def _finish(self, request: dict, status: str, moves: list, stats: dict) -> dict:
        """The answer in the shape of the request's job: Hint's is the first move and ``distance``."""
        if request.get("action", "solve") == "hint":
            distance = None if status == "unknown" else len(moves)
            stats = {"distance": distance, "optimal": stats.get("optimal", False), "positions": stats["positions"]}
            moves = moves[:1]
        return {"status": status, "moves": list(moves), "stats": stats}

    def progress(self, running: list, positions: int) -> dict:
        """The running pieces' progress as one: the least bound still searched, the positions of all."""
        bounds = [p["bound"] for p in running if "bound" in p]
        if bounds:
            return {"bound": min(bounds), "positions": positions}
        for p in running:
            if "method" in p:  # a worker building its move automaton or unpacking tables
                return {"positions": positions, "method": p["method"]}
        return {"positions": positions}


SPEC = GameSpec(
    "sliding",
    Board,
    default=lambda: Board.parse(DEFAULT),
    apply=lambda board, tile: board.slide(tile),
    encode_move=lambda tile: tile,
    decode_move=exact_int,
    solver="puzzles.sliding.solver",
    view="puzzles.sliding.view",
    exercise="puzzles.sliding.exercise",
    texts="puzzles.sliding.texts",
    format_move=lambda board, tile: "gameHandler.move(%d)" % tile,
    legal_moves=lambda board: [board.cells[p] for p in neighbours(board.rows, board.cols)[board.blank()]],
    options={"mode": MODES},
    default_options=lambda board: {"mode": "optimal" if len(board.cells) <= OPTIMAL_MAX_CELLS else "fast"},
    space="puzzles.sliding.space",
    split=SplitSearch(),
)
