"""Huarong Road (华容道, Klotski): board model, codecs, moves and an exact solver.

The board
    A rectangle of ``rows`` × ``cols`` cells (at most 8 × 8) holding solid
    rectangular pieces. Each piece has a positive integer id; ``0`` is an empty
    cell. Piece ``1`` (曹操 on the course's board) must leave through the exit,
    a gap in the bottom wall as wide as piece 1, centred. The position is
    solved when piece 1's top-left cell is at ``goal() == (rows - h1,
    (cols - w1) // 2)``; on the course's 5 × 4 board that is row 3, column 1.

Moves
    A move is ``(pid, dir)`` with ``dir`` one of ``'up' 'down' 'left'
    'right'``: piece ``pid`` slides one cell, exactly what the course's
    ``gameHandler.move(pid, dir)`` does. Its string form is the course's line,
    ``gameHandler.move(10, 'left')``.

How a solution is counted (the two metrics)
    ``cell``  every one-cell move is one step. 横刀立马 takes 116.
    ``piece`` one piece moved any distance along any path (turning corners
    too) without another piece moving in between is one step; the count of
    the paper and of GNOME Klotski. 横刀立马 takes 81.

Codecs
    The course's JSON form is a list of rows of ids, ``[[3,1,1,4],...]``.
    The compact form writes one character per cell, rows joined by ``/``:
    ``0`` (or ``.``) empty, ``1``–``9`` then ``a``–``z`` then ``A``–``Z`` for
    ids 1–61, e.g. ``3114/3114/5226/5786/900a``. Ids above 61 have no
    compact form; such boards share as JSON.

This module runs in CPython and on MicroPython (the page's main thread
imports it), so it avoids ``dataclasses``, run-time ``typing`` and
``int.bit_length``.
"""

import json

from puzzles import GridBoard, PuzzleError, quote, read_grid

MAX_SIDE = 8
TARGET = 1
DIRECTIONS = ("up", "down", "left", "right")
# One cell toward each direction, as (row, column) steps.
STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
METRICS = ("cell", "piece")
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CHAR_ID = {ch: i for i, ch in enumerate(ALPHABET)}
_CHAR_ID["."] = 0


class BoardError(PuzzleError):
    """A Huarong board that does not parse or validate."""


class MoveError(PuzzleError):
    """A move that is not legal on the board it is applied to."""


class ScriptError(PuzzleError):
    """A move script with a bad or illegal line; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__("line %d: %s" % (line, message))
        self.line = line


class Piece:
    """One piece: its id and its bounding rectangle (top-left, size)."""

    __slots__ = ("pid", "row", "col", "height", "width")

    def __init__(self, pid: int, row: int, col: int, height: int, width: int) -> None:
        self.pid = pid
        self.row = row
        self.col = col
        self.height = height
        self.width = width

    def __repr__(self) -> str:
        return "Piece(%d, %d, %d, %d, %d)" % (self.pid, self.row, self.col, self.height, self.width)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Piece) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def key(self) -> tuple:
        return (self.pid, self.row, self.col, self.height, self.width)


def _scan_pieces(rows: int, cols: int, cells: "list[int]") -> "dict[int, Piece]":
    """Bounding boxes of every id, checked to be solid rectangles."""
    boxes: dict = {}
    counts: dict = {}
    for i in range(rows * cols):
        pid = cells[i]
        if pid == 0:
            continue
        r, c = divmod(i, cols)
        box = boxes.get(pid)
        if box is None:
            boxes[pid] = [r, c, r, c]
            counts[pid] = 1
        else:
            if r < box[0]:
                box[0] = r
            if c < box[1]:
                box[1] = c
            if r > box[2]:
                box[2] = r
            if c > box[3]:
                box[3] = c
            counts[pid] += 1
    pieces = {}
    for pid in sorted(boxes):
        r0, c0, r1, c1 = boxes[pid]
        h, w = r1 - r0 + 1, c1 - c0 + 1
        if counts[pid] != h * w:
            raise BoardError(
                "piece %d's %d cells are not one solid rectangle (they span rows %d–%d, columns %d–%d)"
                % (pid, counts[pid], r0, r1, c0, c1)
            )
        pieces[pid] = Piece(pid, r0, c0, h, w)
    return pieces


class Board(GridBoard):
    """An immutable Huarong position: ``rows`` × ``cols`` ids, row-major.

    Build one with :meth:`from_grid`, :meth:`from_json`, :meth:`from_compact`
    or :meth:`parse`; every constructor validates, and whatever validates can
    be played and solved without error.
    """

    __slots__ = ("_pieces",)
    error = BoardError

    def __init__(self, rows: int, cols: int, cells: "list[int]", pieces: "dict[int, Piece] | None" = None) -> None:
        super().__init__(rows, cols, cells)
        if pieces is None:
            pieces = _scan_pieces(rows, cols, cells)
        self._pieces = pieces

    # ----------------------------------------------------------------- codecs
    @classmethod
    def from_grid(cls, grid: object, source: "str | None" = None) -> "Board":
        """Validate a list of rows of ids (the course's JSON form, decoded)."""
        shown = source if source is not None else grid
        rows, cols, cells = read_grid(grid, shown, BoardError, "an integer id")
        for i, v in enumerate(cells):
            if v < 0:
                raise BoardError("row %d, column %d: id %d is negative" % (i // cols + 1, i % cols + 1, v))
        if rows > MAX_SIDE or cols > MAX_SIDE:
            raise BoardError(
                "the board is %d rows × %d columns; the largest allowed is %d × %d" % (rows, cols, MAX_SIDE, MAX_SIDE)
            )
        pieces = _scan_pieces(rows, cols, cells)
        target = pieces.get(TARGET)
        if target is None:
            raise BoardError("there is no piece 1 (曹操), the piece that must reach the exit")
        if (cols - target.width) % 2:
            raise BoardError(
                "piece 1 is %d cells wide and cannot pass the exit centred in the bottom of a %d-column board"
                % (target.width, cols)
            )
        return cls(rows, cols, cells, pieces)

    @classmethod
    def from_compact(cls, text: str) -> "Board":
        """Parse the compact form, ``3114/3114/5226/5786/900a``."""
        grid = []
        for r, part in enumerate(text.strip().split("/")):
            row = []
            for c, ch in enumerate(part):
                v = _CHAR_ID.get(ch)
                if v is None:
                    raise BoardError(
                        "row %d, column %d of %s: %s is not a piece character (0-9, a-z, A-Z or .)"
                        % (r + 1, c + 1, quote(text), quote(ch))
                    )
                row.append(v)
            grid.append(row)
        return cls.from_grid(grid, text)

    @classmethod
    def from_code(cls, text: str) -> "Board":
        """The share form is the compact form."""
        return cls.from_compact(text)

    def to_compact(self) -> str:
        """The compact form; raises :class:`BoardError` for ids above 61."""
        top = max(self.cells)
        if top >= len(ALPHABET):
            raise BoardError("id %d has no compact form (ids 1–61 have); use the JSON form" % top)
        c = self.cols
        return "/".join("".join(ALPHABET[v] for v in self.cells[r * c : r * c + c]) for r in range(self.rows))

    def share_text(self) -> str:
        """The shortest faithful text: compact when it can be, else JSON."""
        try:
            return self.to_compact()
        except BoardError:
            return self.to_json()

    # ------------------------------------------------------------------ state
    def pieces(self) -> "dict[int, Piece]":
        """Every piece by id, in increasing id order."""
        return self._pieces

    def at(self, row: int, col: int) -> int:
        return self.cells[row * self.cols + col]

    def goal(self) -> "tuple[int, int]":
        """Where piece 1's top-left cell must be for the position to be solved."""
        t = self._pieces[TARGET]
        return (self.rows - t.height, (self.cols - t.width) // 2)

    def is_solved(self) -> bool:
        t = self._pieces[TARGET]
        return (t.row, t.col) == self.goal()

    def can_move(self, pid: int, direction: str) -> bool:
        """Whether piece ``pid`` can slide one cell toward ``direction``."""
        p = self._pieces.get(pid)
        step = STEP.get(direction)
        if p is None or step is None:
            return False
        dr, dc = step
        r0, c0 = p.row + dr, p.col + dc
        if r0 < 0 or c0 < 0 or r0 + p.height > self.rows or c0 + p.width > self.cols:
            return False
        cells, cols = self.cells, self.cols
        if dr:
            r = r0 if dr < 0 else r0 + p.height - 1
            for c in range(c0, c0 + p.width):
                if cells[r * cols + c]:
                    return False
        else:
            c = c0 if dc < 0 else c0 + p.width - 1
            for r in range(r0, r0 + p.height):
                if cells[r * cols + c]:
                    return False
        return True

    def move(self, pid: int, direction: str) -> "Board":
        """The board after piece ``pid`` slides one cell; :class:`MoveError` if it cannot."""
        if not self.can_move(pid, direction):
            if pid not in self._pieces:
                raise MoveError("there is no piece %s on this board" % quote(pid))
            if direction not in STEP:
                raise MoveError("%s is not a direction (up, down, left, right)" % quote(direction))
            raise MoveError("piece %d cannot move %s" % (pid, direction))
        p = self._pieces[pid]
        dr, dc = STEP[direction]
        cols = self.cols
        cells = list(self.cells)
        for r in range(p.row, p.row + p.height):
            for c in range(p.col, p.col + p.width):
                cells[r * cols + c] = 0
        for r in range(p.row + dr, p.row + dr + p.height):
            for c in range(p.col + dc, p.col + dc + p.width):
                cells[r * cols + c] = pid
        pieces = dict(self._pieces)
        pieces[pid] = Piece(pid, p.row + dr, p.col + dc, p.height, p.width)
        return Board(self.rows, self.cols, cells, pieces)

    def legal_moves(self) -> "list[tuple[int, str]]":
        """Every one-cell move, by increasing id then up, down, left, right."""
        return [(pid, d) for pid in self._pieces for d in DIRECTIONS if self.can_move(pid, d)]

    def play(self, moves: "list[tuple[int, str]]") -> "Board":
        """The board after every move in turn; :class:`MoveError` at the first illegal one."""
        board = self
        for pid, d in moves:
            board = board.move(pid, d)
        return board

    def __repr__(self) -> str:
        return "Board.parse(%r)" % self.share_text()


# ------------------------------------------------------------------ scripts
def format_move(pid: int, direction: str) -> str:
    """The course's line for one move: ``gameHandler.move(10, 'left')``."""
    return "gameHandler.move(%d, '%s')" % (pid, direction)


def format_script(moves: "list[tuple[int, str]]") -> str:
    return "\n".join(format_move(pid, d) for pid, d in moves)


def parse_move(line: str) -> "tuple[int, str]":
    """Parse one ``gameHandler.move(pid, 'dir')`` call (never evaluated)."""
    s = line.strip()
    if s.endswith(";"):
        s = s[:-1].rstrip()
    prefix = "gameHandler.move("
    if not s.startswith(prefix) or not s.endswith(")"):
        raise PuzzleError("%s is not a move like gameHandler.move(10, 'left')" % quote(line))
    args = s[len(prefix) : -1].split(",")
    if len(args) != 2:
        raise PuzzleError("%s does not have two arguments, a piece id and a direction" % quote(line))
    pid_text, dir_text = args[0].strip(), args[1].strip()
    if not pid_text.isdigit():
        raise PuzzleError("%s: the piece id %s is not a whole number" % (quote(line), quote(pid_text)))
    if len(dir_text) < 2 or dir_text[0] not in "'\"" or dir_text[-1] != dir_text[0]:
        raise PuzzleError("%s: the direction %s is not a quoted string" % (quote(line), quote(dir_text)))
    direction = dir_text[1:-1]
    if direction not in STEP:
        raise PuzzleError("%s: %s is not up, down, left or right" % (quote(line), quote(direction)))
    return (int(pid_text), direction)


def parse_script(text: str) -> "list[tuple[int, int, str]]":
    """Every move line of a script as ``(line_number, pid, dir)``.

    Blank lines and comment lines (``//`` or ``#``) are skipped. The first bad
    line raises :class:`ScriptError` naming its 1-based line number.
    """
    out = []
    for n, line in enumerate(text.split("\n"), 1):
        s = line.strip()
        if not s or s.startswith("//") or s.startswith("#"):
            continue
        try:
            pid, d = parse_move(s)
        except PuzzleError as e:
            raise ScriptError(n, str(e)) from None
        out.append((n, pid, d))
    return out


def check_script(board: Board, text: str) -> "list[tuple[int, str]]":
    """Parse a script and replay it in full on ``board``; return its moves.

    Nothing is applied anywhere: a :class:`ScriptError` names the first line
    that does not parse or cannot be played from the position before it.
    """
    moves = []
    for n, pid, d in parse_script(text):
        try:
            board = board.move(pid, d)
        except MoveError as e:
            raise ScriptError(n, str(e)) from None
        moves.append((pid, d))
    if not moves:
        raise ScriptError(1, "the script has no moves")
    return moves


def count_steps(moves: "list[tuple[int, str]]", metric: str = "cell") -> int:
    """The length of a move list in a metric (see the module docstring)."""
    if metric == "cell":
        return len(moves)
    steps, last = 0, None
    for pid, _d in moves:
        if pid != last:
            steps += 1
            last = pid
    return steps


def from_picture(picture: str) -> Board:
    """Build a classic-set board from a picture like ``vCCv/vCCv/vhhv/vssv/s..s``.

    ``C`` is the 2 × 2 piece (id 1), ``h`` a horizontal two-cell bar, ``v`` a
    vertical one, ``s`` a soldier, ``.`` empty. Bars are split in reading
    order. Ids follow the course: 1 曹操, then 2, 3, … for the bars
    (horizontal ones first), soldiers from 7 up (or right after the bars).
    """
    rows = picture.split("/")
    h, w = len(rows), len(rows[0])
    grid = [[0] * w for _ in range(h)]
    bars_h, bars_v, soldiers, big = [], [], [], []
    taken = set()
    for r in range(h):
        for c in range(w):
            ch = rows[r][c]
            if (r, c) in taken or ch == ".":
                continue
            if ch == "C":
                cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                big.append(cells)
            elif ch == "h":
                cells = [(r, c), (r, c + 1)]
                bars_h.append(cells)
            elif ch == "v":
                cells = [(r, c), (r + 1, c)]
                bars_v.append(cells)
            elif ch == "s":
                cells = [(r, c)]
                soldiers.append(cells)
            else:
                raise BoardError("%s: unknown picture character %s" % (quote(picture), quote(ch)))
            for rc in cells:
                if rc in taken or rows[rc[0]][rc[1]] != ch:
                    raise BoardError("%s: piece at row %d, column %d is broken" % (quote(picture), r + 1, c + 1))
                taken.add(rc)
    if len(big) != 1:
        raise BoardError("%s: a picture needs exactly one C piece" % quote(picture))
    order = [(1, big[0])]
    pid = 2
    for cells in bars_h + bars_v:
        order.append((pid, cells))
        pid += 1
    pid = max(pid, 7)
    for cells in soldiers:
        order.append((pid, cells))
        pid += 1
    for pid, cells in order:
        for r, c in cells:
            grid[r][c] = pid
    return Board.from_grid(grid, picture)


# ------------------------------------------------------------------- solver
class _Space:
    """The search's compact encoding of the positions of one piece set.

    A position is one integer, ``key``: its low ``N = rows*cols`` bits are the
    empty cells, and for each shape class ``k`` the next ``N`` bits mark the
    cells where a piece of that class has its top-left corner. Pieces of one
    class are interchangeable (the course's key point): two positions that
    differ only by swapping equal pieces get the same key. Class 0 is always
    piece 1 alone. With ``equivalence=False`` every piece is its own class.

    A one-cell move of a class-``k`` piece from anchor ``a`` to ``a2`` is then
    ``key ^ delta`` (both anchor bits and the cells it frees and covers flip),
    legal when the anchor bit is set (``key & probe``) and the cells it needs
    are empty; the moves whose needed cells lie in the empty set ``E`` are
    tabulated once per ``E``.
    """

    def __init__(self, board: Board, equivalence: bool = True) -> None:
        rows, cols = board.rows, board.cols
        n = rows * cols
        self.rows, self.cols, self.n = rows, cols, n
        self.full = (1 << n) - 1
        pieces = board.pieces()
        keys = {}
        for pid, p in pieces.items():
            if pid == TARGET:
                keys[pid] = (0, 0, 0)
            elif equivalence:
                keys[pid] = (1, p.height, p.width)
            else:
                keys[pid] = (2, pid, 0)
        order = sorted(set(keys.values()))
        self.class_of = {pid: order.index(k) for pid, k in keys.items()}
        self.shapes = [None] * len(order)
        for pid, p in pieces.items():
            self.shapes[self.class_of[pid]] = (p.height, p.width)
        self.bit_index = {}
        for i in range(n * (len(order) + 1)):
            self.bit_index[1 << i] = i
        gr, gc = board.goal()
        self.goal_probe = 1 << (n + gr * cols + gc)
        self.by_need: dict = {}
        for k, (h, w) in enumerate(self.shapes):
            shift = n * (k + 1)
            for r in range(rows - h + 1):
                for c in range(cols - w + 1):
                    here = self._footprint(r, c, h, w)
                    for d in DIRECTIONS:
                        dr, dc = STEP[d]
                        r2, c2 = r + dr, c + dc
                        if r2 < 0 or c2 < 0 or r2 + h > rows or c2 + w > cols:
                            continue
                        there = self._footprint(r2, c2, h, w)
                        need = there & ~here
                        probe = 1 << (shift + r * cols + c)
                        to = 1 << (shift + r2 * cols + c2)
                        delta = (need | (here & ~there)) | probe | to
                        self.by_need.setdefault(need, []).append((probe, delta, to))
        self._cell_moves: dict = {}
        self._piece_moves: dict = {}
        self._slides: dict = {}

    def _footprint(self, r: int, c: int, h: int, w: int) -> int:
        m = 0
        for rr in range(r, r + h):
            for cc in range(c, c + w):
                m |= 1 << (rr * self.cols + cc)
        return m

    def encode(self, board: Board) -> int:
        key = 0
        n, cols = self.n, self.cols
        for i in range(n):
            if not board.cells[i]:
                key |= 1 << i
        for pid, p in board.pieces().items():
            key |= 1 << (n * (self.class_of[pid] + 1) + p.row * cols + p.col)
        return key

    def cell_moves(self, empty: int) -> list:
        """``[(probe, delta)]`` of every move whose needed cells are empty."""
        got = self._cell_moves.get(empty)
        if got is None:
            got = []
            by_probe: dict = {}
            for need, lst in self.by_need.items():
                if need & empty == need:
                    for probe, delta, to in lst:
                        got.append((probe, delta))
                        by_probe.setdefault(probe, []).append((delta, to))
            self._cell_moves[empty] = got
            self._piece_moves[empty] = by_probe
        return got

    def piece_moves(self, empty: int) -> dict:
        """``{probe: [(delta, to_probe)]}``: the same moves, grouped by piece."""
        got = self._piece_moves.get(empty)
        if got is None:
            self.cell_moves(empty)
            got = self._piece_moves[empty]
        return got

    def slides(self, empty: int) -> dict:
        """``{probe: [delta]}``: every place each piece can slide to, alone.

        Where a piece can get to by moves of its own depends only on the empty
        cells and where it stands, so each ``delta`` (``key ^ delta`` is the
        position after the slide) is worked out once per empty set.
        """
        got = self._slides.get(empty)
        if got is not None:
            return got
        got = {}
        full = self.full
        for probe, first in self.piece_moves(empty).items():
            k0 = empty | probe
            seen = {k0}
            deltas = []
            stack = [(k0 ^ d, t) for d, t in first]
            while stack:
                k2, p2 = stack.pop()
                if k2 in seen:
                    continue
                seen.add(k2)
                deltas.append(k2 ^ k0)
                for d3, t3 in self.piece_moves(k2 & full).get(p2, ()):
                    stack.append((k2 ^ d3, t3))
            got[probe] = deltas
        self._slides[empty] = got
        return got

    def neighbours(self, key: int, metric: str) -> list:
        """Every position one step away in ``metric``."""
        empty = key & self.full
        if metric == "cell":
            return [key ^ delta for probe, delta in self.cell_moves(empty) if key & probe]
        out = []
        for probe, deltas in self.slides(empty).items():
            if key & probe:
                out.extend(key ^ d for d in deltas)
        return out

    def one_cell_path(self, k1: int, k2: int) -> list:
        """Keys from ``k1`` to ``k2`` (one piece moved) in one-cell moves."""
        x = (k1 ^ k2) >> self.n << self.n
        probe = k1 & x
        parent = {k1: None}
        queue = [(k1, probe)]
        head = 0
        while head < len(queue):
            k, p = queue[head]
            head += 1
            if k == k2:
                break
            for d, t in self.piece_moves(k & self.full).get(p, ()):
                nk = k ^ d
                if nk not in parent:
                    parent[nk] = k
                    queue.append((nk, t))
        path = [k2]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])
        path.reverse()
        return path

    def moves_along(self, board: Board, keys: list) -> "list[tuple[int, str]]":
        """Turn a chain of keys (one cell apart) into ``(pid, dir)`` moves."""
        n, cols = self.n, self.cols
        moves = []
        for k1, k2 in zip(keys, keys[1:]):
            x = (k1 ^ k2) >> n << n
            a = self.bit_index[k1 & x] % n
            b = self.bit_index[k2 & x] % n
            pid = board.cells[a]
            diff = b - a
            d = "up" if diff == -cols else "down" if diff == cols else "left" if diff == -1 else "right"
            moves.append((pid, d))
            board = board.move(pid, d)
        return moves


class Solution:
    """What a search found.

    ``status`` is ``'solved'`` (``moves`` reach the goal in ``steps`` steps of
    ``metric``, the fewest possible), ``'unsolvable'`` (every one of the
    ``explored`` reachable positions was seen; none is solved) or
    ``'unknown'`` (the position limit was hit first). ``levels[d]`` is the
    number of positions first reached at depth ``d``.
    """

    __slots__ = ("status", "moves", "steps", "metric", "explored", "levels")

    def __init__(self, status: str, moves: list, metric: str, explored: int, levels: list) -> None:
        self.status = status
        self.moves = moves
        self.metric = metric
        self.steps = count_steps(moves, metric) if status == "solved" else None
        self.explored = explored
        self.levels = levels

    def to_dict(self) -> dict:
        return {
            "status": self.status,
            "moves": [[pid, d] for pid, d in self.moves],
            "steps": self.steps,
            "metric": self.metric,
            "explored": self.explored,
            "levels": list(self.levels),
        }

    def __repr__(self) -> str:
        return "Solution(%r, steps=%r, explored=%d)" % (self.status, self.steps, self.explored)


def _check_metric(metric: str) -> None:
    if metric not in METRICS:
        raise PuzzleError("%s is not a metric (cell or piece)" % quote(metric))


def search(board: Board, metric: str = "cell", equivalence: bool = True, limit: "int | None" = None, chunk: int = 2048):
    """Breadth-first search for the fewest steps to the goal, as a generator.

    It yields a progress dict ``{'depth', 'explored', 'levels'}`` every
    ``chunk`` expanded positions (so a caller can show progress, time-slice or
    cancel by simply not resuming it) and returns a :class:`Solution` (the
    ``value`` of ``StopIteration``). ``limit`` caps the positions kept in
    memory; past it the answer is ``'unknown'``.
    """
    _check_metric(metric)
    space = _Space(board, equivalence)
    start = space.encode(board)
    goal = space.goal_probe
    parent = {start: None}
    levels = [1]
    if start & goal:
        return Solution("solved", [], metric, 1, levels)
    frontier = [start]
    found = None
    while frontier:
        nxt: list = []
        for i in range(0, len(frontier), chunk):
            part = frontier[i : i + chunk]
            if metric == "cell":
                found = _expand_cell(space, part, parent, nxt, goal)
            else:
                found = _expand_piece(space, part, parent, nxt, goal)
            if found is not None:
                levels.append(len(nxt) + 1)
                break
            if limit is not None and len(parent) > limit:
                return Solution("unknown", [], metric, len(parent), levels)
            yield {"depth": len(levels), "explored": len(parent), "levels": levels + [len(nxt)]}
        if found is not None:
            break
        if nxt:
            levels.append(len(nxt))
        frontier = nxt
    if found is None:
        return Solution("unsolvable", [], metric, len(parent), levels)
    chain = [found]
    while parent[chain[-1]] is not None:
        chain.append(parent[chain[-1]])
    chain.reverse()
    if metric == "piece":
        cells = [chain[0]]
        for k1, k2 in zip(chain, chain[1:]):
            cells.extend(space.one_cell_path(k1, k2)[1:])
        chain = cells
    return Solution("solved", space.moves_along(board, chain), metric, len(parent), levels)


def _expand_cell(space: _Space, frontier: list, parent: dict, nxt: list, goal: int) -> "int | None":
    """One slice of a cell-metric BFS level; the hot loop of the solver."""
    full = space.full
    table = space._cell_moves
    build = space.cell_moves
    append = nxt.append
    for key in frontier:
        moves = table.get(key & full)
        if moves is None:
            moves = build(key & full)
        for probe, delta in moves:
            if key & probe:
                nk = key ^ delta
                if nk not in parent:
                    parent[nk] = key
                    if nk & goal:
                        return nk
                    append(nk)
    return None


def _expand_piece(space: _Space, frontier: list, parent: dict, nxt: list, goal: int) -> "int | None":
    """One slice of a piece-metric BFS level: each piece slides anywhere it can."""
    full = space.full
    table = space._slides
    build = space.slides
    append = nxt.append
    for key in frontier:
        by_probe = table.get(key & full)
        if by_probe is None:
            by_probe = build(key & full)
        for probe, deltas in by_probe.items():
            if key & probe:
                for delta in deltas:
                    nk = key ^ delta
                    if nk not in parent:
                        parent[nk] = key
                        if nk & goal:
                            return nk
                        append(nk)
    return None


def run(gen) -> object:
    """Drive a search generator to its end and return its result."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def solve(board: Board, metric: str = "cell", equivalence: bool = True, limit: "int | None" = None) -> Solution:
    """The fewest-step solution in ``metric`` (see :func:`search`)."""
    return run(search(board, metric, equivalence, limit))


class DistanceTable:
    """Every position of a board's component with its distance to the goal.

    Built by a breadth-first search backwards from all solved positions of the
    component (moves are reversible), so hints and "N moves to go" are look-ups.
    Positions from which the goal cannot be reached have no entry.
    """

    def __init__(self, board: Board, metric: str = "cell", limit: "int | None" = None) -> None:
        _check_metric(metric)
        self.metric = metric
        self.space = space = _Space(board, True)
        start = space.encode(board)
        seen = {start: None}
        frontier = [start]
        while frontier:
            nxt = []
            for key in frontier:
                for nk in space.neighbours(key, "cell"):
                    if nk not in seen:
                        seen[nk] = None
                        nxt.append(nk)
            if limit is not None and len(seen) > limit:
                raise PuzzleError("the position space is larger than %d positions" % limit)
            frontier = nxt
        self.component = len(seen)
        self._members = seen
        goal = space.goal_probe
        frontier = [k for k in seen if k & goal]
        dist = {k: 0 for k in frontier}
        d = 0
        while frontier:
            d += 1
            nxt = []
            for key in frontier:
                for nk in space.neighbours(key, metric):
                    if nk not in dist:
                        dist[nk] = d
                        nxt.append(nk)
            frontier = nxt
        self.dist = dist

    def covers(self, board: Board) -> bool:
        """Whether ``board`` has this table's piece set (and so can be looked up)."""
        shapes = sorted((p.height, p.width, pid == TARGET) for pid, p in board.pieces().items())
        mine = sorted((self.space.shapes[k][0], self.space.shapes[k][1], k == 0) for k in self.space.class_of.values())
        return (board.rows, board.cols) == (self.space.rows, self.space.cols) and shapes == mine

    def contains(self, board: Board) -> bool:
        """Whether ``board`` is a position of this table's component."""
        return self.covers(board) and self.space.encode(board) in self._members

    def distance(self, board: Board) -> "int | None":
        """Steps to the goal in the table's metric, or ``None`` if unreachable."""
        return self.dist.get(self.space.encode(board))

    def hint(self, board: Board) -> "list[tuple[int, str]] | None":
        """The one-cell moves of a best next step, or ``None`` at the goal or with no way out.

        In the cell metric that is one move; in the piece metric the moves of
        one piece's slide. Every hint lowers the distance by one step.
        """
        space = self.space
        key = space.encode(board)
        d = self.dist.get(key)
        if not d:
            return None
        best = None
        for nk in space.neighbours(key, self.metric):
            if self.dist.get(nk) == d - 1:
                if best is None or nk < best:
                    best = nk
        path = space.one_cell_path(key, best) if self.metric == "piece" else [key, best]
        return space.moves_along(board, path)


# ---------------------------------------------------------------------- CLI
def main(argv: "list[str] | None" = None) -> int:
    """``python -m puzzles.huarong [LAYOUT|BOARD] [--metric M] [--json]``."""
    import argparse
    import sys

    from puzzles.huarong_layouts import LAYOUTS, find_layout

    ap = argparse.ArgumentParser(
        prog="python -m puzzles.huarong",
        description="Solve a Huarong Road board; print the course's gameHandler.move lines.",
    )
    ap.add_argument("board", nargs="?", default="横刀立马", help="a layout name, or a board (JSON or compact form)")
    ap.add_argument("--metric", choices=METRICS, default="cell", help="how steps are counted (default: cell)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    ap.add_argument("--distinct", action="store_true", help="treat same-shape pieces as distinct (slower)")
    ap.add_argument("--list", action="store_true", help="list the classic layouts and exit")
    args = ap.parse_args(argv)
    if args.list:
        for lay in LAYOUTS:
            print("%-12s %-36s %s" % (lay.zh, lay.en, lay.board.to_compact()))
        return 0
    try:
        lay = find_layout(args.board)
        board = lay.board if lay else Board.parse(args.board)
        sol = solve(board, args.metric, not args.distinct)
    except PuzzleError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(sol.to_dict(), ensure_ascii=False))
    elif sol.status == "solved":
        print(format_script(sol.moves))
        print("// %d %s steps, %d positions explored" % (sol.steps, sol.metric, sol.explored), file=sys.stderr)
    else:
        print("// no solution: %d positions explored" % sol.explored, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
