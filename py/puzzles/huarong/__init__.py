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


from puzzles import (
    ALPHABET,
    DIRECTIONS,
    STEP,
    GameSpec,
    GridBoard,
    PuzzleError,
    exact_int,
    quote,
    read_grid,
    read_number,
    strip,
)
from puzzles.huarong.texts import MESSAGES as _MESSAGES
from puzzles.messages import add_messages

MAX_SIDE = 8
TARGET = 1
METRICS = ("cell", "piece")
_CHAR_ID = {ch: i for i, ch in enumerate(ALPHABET)}
_CHAR_ID["."] = 0


class BoardError(PuzzleError):
    """A Huarong board that does not parse or validate."""


class MoveError(PuzzleError):
    """A move that is not legal on the board it is applied to."""


def _too_big(rows: int, cols: int) -> BoardError:
    return BoardError("huarong_too_big", rows=rows, cols=cols, max=MAX_SIDE)


class ScriptError(PuzzleError):
    """A move script with a bad or illegal line: ``ScriptError.at(line, error)``.

    Its code is ``script_line``; ``values`` hold ``line`` (1-based), ``inner``
    (the code of what is wrong with that line) and that error's own values,
    so the whole message renders in either language: ``line 2: piece 10
    cannot move up``, ``第 2 行：棋子 10 无法向上移动``."""

    def __init__(self, code: str, **values: object) -> None:
        super().__init__(code, **values)
        self.line = values.get("line")

    @classmethod
    def at(cls, line: int, error: PuzzleError) -> "ScriptError":
        values = dict(error.values)
        values["line"] = line
        values["inner"] = error.code
        return cls("script_line", **values)


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
                "piece_not_rectangle", pid=pid, count=counts[pid], row1=r0 + 1, row2=r1 + 1, col1=c0 + 1, col2=c1 + 1
            )
        pieces[pid] = Piece(pid, r0, c0, h, w)
    return pieces


_LINE_BREAKS = "\r\n"


def _no_board(text: str) -> bool:
    """Whether ``text`` is no board at all: more than one character that is neither a piece's nor ``/``
    between its first and last board character (a sentence's spaces, a link's ``:``, a program's brackets),
    line breaks aside (a board's rows pasted on lines of their own), or no board character at all. Stray
    characters only around a board, or a single one inside, make a near miss, named exactly by the parser."""
    first = last = -1
    for i, ch in enumerate(text):
        if ch == "/" or ch in _CHAR_ID:
            if first < 0:
                first = i
            last = i
    if first < 0:
        return len(text) > 1
    strays = 0
    for ch in text[first:last]:
        if ch != "/" and ch not in _CHAR_ID and ch not in _LINE_BREAKS:
            strays += 1
            if strays > 1:
                return True
    return False


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
        rows, cols, cells = read_grid(grid, shown, BoardError, "cell_not_id", MAX_SIDE, _too_big)
        for i, v in enumerate(cells):
            if v < 0:
                raise BoardError("id_negative", row=i // cols + 1, col=i % cols + 1, id=v)
        if rows > MAX_SIDE or cols > MAX_SIDE:
            raise BoardError("huarong_too_big", rows=rows, cols=cols, max=MAX_SIDE)
        pieces = _scan_pieces(rows, cols, cells)
        target = pieces.get(TARGET)
        if target is None:
            raise BoardError("no_target")
        if (cols - target.width) % 2:
            raise BoardError("target_off_centre", width=target.width, cols=cols)
        return cls(rows, cols, cells, pieces)

    @classmethod
    def from_compact(cls, text: str) -> "Board":
        """Parse the compact form, ``3114/3114/5226/5786/900a``. A character
        that names no piece is said first if it lies within the largest board
        (:data:`MAX_SIDE` rows of as many), so text that is no board at all
        is called that, not a board too big; then the size (rows and the
        longest row): only that much is ever read into rows.

        Text with more than one character that no board has (a sentence, a
        link, a program: see :func:`_no_board`) is said to be no board, with
        what a board looks like; one stray character, or rows on lines of their
        own, is a near miss and named exactly."""
        if _no_board(strip(text)):
            raise BoardError("huarong_not_code", text=quote(text))
        parts = strip(text).split("/")
        grid = []
        for r, part in enumerate(parts[:MAX_SIDE]):
            row = []
            for c, ch in enumerate(part[:MAX_SIDE]):
                v = _CHAR_ID.get(ch)
                if v is None:
                    raise BoardError("bad_piece_char", row=r + 1, col=c + 1, text=quote(text), char=quote(ch))
                row.append(v)
            grid.append(row)
        cols = max(len(part) for part in parts)
        if len(parts) > MAX_SIDE or cols > MAX_SIDE:
            raise BoardError("huarong_too_big", rows=len(parts), cols=cols, max=MAX_SIDE)
        return cls.from_grid(grid, text)

    @classmethod
    def from_code(cls, text: str) -> "Board":
        """The share form is the compact form."""
        return cls.from_compact(text)

    def to_compact(self) -> str:
        """The compact form; raises :class:`BoardError` for ids above 61."""
        top = max(self.cells)
        if top >= len(ALPHABET):
            raise BoardError("no_compact_form", id=top)
        c = self.cols
        return "/".join("".join(ALPHABET[v] for v in self.cells[r * c : r * c + c]) for r in range(self.rows))

    def to_code(self) -> str:
        """The share form: compact when it can be (ids up to 61), else JSON."""
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
                raise MoveError("no_such_piece", pid=quote(pid))
            if direction not in STEP:
                raise MoveError("not_a_direction", text=quote(direction))
            raise MoveError("move_blocked", pid=pid, dir=direction)
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

    def map_cells(self) -> "list[int]":
        """The map's grid of this position (see :func:`map_cells`)."""
        return map_cells(self)

    def __repr__(self) -> str:
        return "Board.parse(%r)" % self.to_code()


# ------------------------------------------------------------ position key
def shape_classes(board: Board, equivalence: bool = True) -> "dict[int, int]":
    """Each piece's class in the position key (:func:`position_key`): class 0
    is piece 1 alone (the one that must leave); with ``equivalence`` the other
    classes are the pieces' shapes ``(height, width)`` in increasing order, so
    pieces of one shape share a class; without it every piece is a class of
    its own, in increasing id order."""
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
    return {pid: order.index(k) for pid, k in keys.items()}


def position_key(board: Board, class_of: "dict[int, int]") -> int:
    """The one integer the searches and the state map know a position by.

    With ``N = rows*cols``: its low ``N`` bits are the empty cells, and for
    each class ``k`` of ``class_of`` (:func:`shape_classes`) the bits
    ``N*(k+1)`` to ``N*(k+2)-1`` mark the cells where a piece of that class
    has its top-left corner. Pieces of one class are interchangeable: two
    positions that differ only by swapping them have the same key."""
    n, cols = board.rows * board.cols, board.cols
    key = 0
    for i in range(n):
        if not board.cells[i]:
            key |= 1 << i
    for pid, p in board.pieces().items():
        key |= 1 << (n * (class_of[pid] + 1) + p.row * cols + p.col)
    return key


def anchors(key: int, n: int) -> list:
    """The anchor bits of the pieces of the position ``key`` of a board of ``n``
    cells (see :func:`position_key`): one single-bit integer per piece, the bit
    of its top-left cell in its class's block, in their place in ``key``."""
    a = key >> n
    out = []
    while a:
        low = a & -a
        a ^= low
        out.append(low << n)
    return out


def map_cells(board: Board) -> "list[int]":
    """The state map's grid of ``board``: what the key of
    :func:`position_key` (same-shape classes) says, as cells. Each piece is
    written as a small index instead of its id, dealt class by class
    (:func:`shape_classes`: piece 1 is 1, then the pieces of the smallest
    shape, …), and within a class in the reading order of the pieces' top-left
    cells. So two boards that differ only by swapping same-shape pieces give
    one list, and the map's drawing worker (``static/map-render.js``) finds
    the board's position by comparing lists: it knows nothing of pieces.
    ``puzzles.huarong.space.HuarongSpace`` writes its grids the same way."""
    class_of = shape_classes(board)
    pieces = board.pieces()
    counts = [0] * (max(class_of.values()) + 1 if class_of else 0)
    for k in class_of.values():
        counts[k] += 1
    nxt = [0] * len(counts)
    at = 1
    for k in range(len(counts)):
        nxt[k] = at
        at += counts[k]
    index = {}
    for pid in sorted(pieces, key=lambda q: pieces[q].row * board.cols + pieces[q].col):
        k = class_of[pid]
        index[pid] = nxt[k]
        nxt[k] += 1
    return [index[v] if v else 0 for v in board.cells]


# ------------------------------------------------------------------ scripts
def format_move(pid: int, direction: str) -> str:
    """The course's line for one move: ``gameHandler.move(10, 'left')``."""
    return "gameHandler.move(%d, '%s')" % (pid, direction)


def format_script(moves: "list[tuple[int, str]]") -> str:
    return "\n".join(format_move(pid, d) for pid, d in moves)


def parse_move(line: str) -> "tuple[int, str]":
    """Parse one ``gameHandler.move(pid, 'dir')`` call (never evaluated)."""
    s = strip(line)
    if s.endswith(";"):
        s = strip(s[:-1])
    prefix = "gameHandler.move("
    if not s.startswith(prefix) or not s.endswith(")"):
        raise PuzzleError("script_not_move", text=quote(line))
    args = s[len(prefix) : -1].split(",")
    if len(args) != 2:
        raise PuzzleError("script_two_args", text=quote(line))
    pid_text, dir_text = strip(args[0]), strip(args[1])
    pid = read_number(pid_text, line, PuzzleError)
    if pid is None:
        raise PuzzleError("script_bad_pid", text=quote(line), got=quote(pid_text))
    if len(dir_text) < 2 or dir_text[0] not in "'\"" or dir_text[-1] != dir_text[0]:
        raise PuzzleError("script_dir_not_quoted", text=quote(line), got=quote(dir_text))
    direction = dir_text[1:-1]
    if direction not in STEP:
        raise PuzzleError("script_bad_dir", text=quote(line), got=quote(direction))
    return (pid, direction)


def parse_script(text: str) -> "list[tuple[int, int, str]]":
    """Every move line of a script as ``(line_number, pid, dir)``.

    Blank lines and comment lines (``//`` or ``#``) are skipped. The first bad
    line raises :class:`ScriptError` naming its 1-based line number.
    """
    out = []
    for n, line in enumerate(text.split("\n"), 1):
        s = strip(line)
        if not s or s.startswith("//") or s.startswith("#"):
            continue
        try:
            pid, d = parse_move(s)
        except PuzzleError as e:
            raise ScriptError.at(n, e) from None
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
            raise ScriptError.at(n, e) from None
        moves.append((pid, d))
    if not moves:
        raise ScriptError("script_line", line=1, inner="script_empty")
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
                raise BoardError("picture_bad_char", text=quote(picture), char=quote(ch))
            for rc in cells:
                if rc in taken or rows[rc[0]][rc[1]] != ch:
                    raise BoardError("picture_broken_piece", text=quote(picture), row=r + 1, col=c + 1)
                taken.add(rc)
    if len(big) != 1:
        raise BoardError("picture_no_target", text=quote(picture))
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


# --------------------------------------------------------------------- spec
DEFAULT = "3114/3114/5226/5786/900a"  # the course's board, 横刀立马


def _apply(board: Board, move: "tuple[int, str]") -> Board:
    return board.move(move[0], move[1])


def _decode_move(data: object) -> "tuple[int, str]":
    """``[pid, dir]`` → ``(pid, dir)``; ``ValueError`` for anything else."""
    if not isinstance(data, list) or len(data) != 2 or not isinstance(data[1], str) or data[1] not in STEP:
        raise MoveError("move_bad_form", text=quote(data))
    return (exact_int(data[0]), data[1])


# The worker's warm-up board: 'Patter of Rain' (雨声淅沥), about 1,300 positions per metric, a few
# milliseconds each once the runtime is warm; never the default board, so no answer a player waits for
# is worked out in the warm-up.
WARM_BOARD = "3117/3118/4225/4605/960a"

add_messages(_MESSAGES)  # the game's error codes, said in both languages

SPEC = GameSpec(
    "huarong",
    Board,
    default=lambda: Board.parse(DEFAULT),
    apply=_apply,
    encode_move=lambda m: [m[0], m[1]],
    decode_move=_decode_move,
    solver="puzzles.huarong.solver",
    view="puzzles.huarong.view",
    exercise="puzzles.huarong.exercise",
    texts="puzzles.huarong.texts",
    format_move=lambda board, m: format_move(m[0], m[1]),
    legal_moves=lambda board: board.legal_moves(),
    count=lambda moves, options: count_steps(moves, options.get("metric", "cell")),
    options={"metric": METRICS},
    linked_options=("metric",),
    space="puzzles.huarong.space",
    layouts="puzzles.huarong.layouts",
    warm_up=[{"action": "solve", "board": WARM_BOARD, "options": {"metric": m}} for m in METRICS],
    shape=lambda board: (board.rows, board.cols, sorted((p.pid, p.height, p.width) for p in board.pieces().values())),
)
