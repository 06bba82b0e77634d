"""Pure game logic for the puzzles: no browser imports.

Each game is one folder, ``puzzles/<game>/``: its ``__init__.py`` is the board
model (codecs, moves, the game's :class:`GameSpec`), which the page's main
thread imports and which therefore also runs on MicroPython (no
``dataclasses``, no run-time ``typing``, no ``int.bit_length``); beside it its
input, texts, exercise and view (the page's), and its solver, cases and
state-map space, which only the worker (Pyodide), the tests and the command
line import (``tools/configs.py`` ships each file by its name).
:mod:`puzzles.games` is the one registry of games; :mod:`puzzles.messages`
holds the text of every error they raise, in English and Chinese (each game
adds its own codes').
"""

import json

from puzzles.messages import render

# One character per small number in share codes: 0-9, a-z, A-Z (0..61).
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


# The four directions on a grid (rows go down the screen), the words of Huarong's moves, of the
# arrow keys (puzzles.input.ARROW_KEY_DIRECTION) and of swipes.
DIRECTIONS = ("up", "down", "left", "right")
# One cell toward each direction, as (row, column) steps.
STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


# The longest board text any parser reads (characters). A 24 × 24 Link-up board,
# the largest of any game, is about 1,700 characters of compact JSON and 7,100
# pretty-printed one number a line (indent 4; 11,900 with indent 8); a text a
# few times that is still parsed in milliseconds, a megabyte is refused at once.
MAX_TEXT_CHARS = 20000
# The most digits a number in a board text or a script may have (ids, kinds,
# tiles and sizes are all far below 10**9), so no text makes a huge int.
MAX_DIGITS = 9
_DIGITS = "0123456789"

# The one whitespace rule of every parser, on both runtimes: the blank characters a board text, a
# share code or a script line may have around it are exactly these, and no others. ASCII's six
# (space, tab, newline, carriage return, vertical tab, form feed), the no-break space, the
# ideographic space U+3000 (a Chinese input method's), the line and paragraph separators U+2028
# and U+2029 and the byte-order mark U+FEFF. CPython's ``str.strip()`` also takes ``\x1c``-``\x1f``,
# ``\x85`` and the other Unicode spaces, MicroPython's only ASCII's, so no parser calls it: a
# character outside this set is part of the text (and refused as such by the parser).
WHITESPACE = " \t\n\r\x0b\x0c\xa0\u3000\u2028\u2029\ufeff"
_ASCII_SPACE = " \t\n\r\x0b\x0c"
# Inside a text of the course's JSON form, JSON's own four (as CPython's json reads it).
JSON_SPACE = " \t\n\r"


def strip(text: str) -> str:
    """``text`` without the :data:`WHITESPACE` characters at either end (and only those),
    the same on CPython and MicroPython. ASCII's are stripped natively (an ASCII byte is
    never part of a longer UTF-8 character, so MicroPython's byte-wise strip is right for
    them); the others only when one is left at an end, in one pass over the text."""
    s = text.strip(_ASCII_SPACE)
    if not s or (s[0] not in WHITESPACE and s[-1] not in WHITESPACE):
        return s
    first = last = -1
    for i, ch in enumerate(s):
        if ch not in WHITESPACE:
            if first < 0:
                first = i
            last = i
    return "" if first < 0 else s[first : last + 1]


def _squeeze_json(text: str) -> str:
    """``text`` without JSON's whitespace (:data:`JSON_SPACE`), for the read-back check."""
    for ch in JSON_SPACE:
        if ch in text:
            text = text.replace(ch, "")
    return text


class PuzzleError(ValueError):
    """A board, move or script that does not validate.

    Raised as ``SomeError(code, **values)``: ``code`` is a stable snake_case
    key of :data:`puzzles.messages.MESSAGES`, ``values`` its ``str``/``int``
    values (the quoted input, 1-based rows and columns, counts…), so both can
    travel as JSON. ``str(e)`` is the English text; ``e.text("zh")`` the
    Chinese. The message quotes the offending input and says what is wrong.
    """

    def __init__(self, code: str, **values: object) -> None:
        super().__init__(render(code, "en", values))
        self.code = code
        self.values = values

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"zh"``)."""
        return render(self.code, lang, self.values, str(self))


_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def quote(text: object, limit: int = 40) -> str:
    """A piece of user input as ``repr`` shows it, shortened to ``limit`` characters.

    Written out rather than ``repr`` so both runtimes quote alike: MicroPython's
    ``repr`` escapes every non-ASCII character (``'\\u534e'`` for ``'华'``).
    Control characters and surrogates are escaped as CPython does."""
    s = str(text)
    if len(s) > limit:
        s = s[: limit - 1] + "…"
    q = '"' if "'" in s and '"' not in s else "'"
    out = []
    for ch in s:
        o = ord(ch)
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch == q:
            out.append("\\" + ch)
        elif o < 32 or 127 <= o < 160:
            out.append("\\x%02x" % o)
        elif 0xD800 <= o < 0xE000 or o == 0x2028 or o == 0x2029:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    return q + "".join(out) + q


def check_length(text: str, error: type) -> None:
    """Refuse a text longer than :data:`MAX_TEXT_CHARS` before any parsing."""
    if len(text) > MAX_TEXT_CHARS:
        raise error("text_too_long", count=len(text), limit=MAX_TEXT_CHARS)


def read_number(text: str, shown: str, error: type) -> "int | None":
    """``text`` as an ``int`` if it is ASCII digits only (``str.isdigit`` also
    takes ``²`` or ``٣``, which ``int`` then refuses), else ``None``; more than
    :data:`MAX_DIGITS` digits raise ``error`` quoting ``shown``."""
    if not text:
        return None
    for ch in text:
        if ch not in _DIGITS:
            return None
    if len(text) > MAX_DIGITS:
        raise error("number_too_long", text=quote(shown), number=quote(text), limit=MAX_DIGITS)
    return int(text)


def _scan_json(text: str, error: type) -> None:
    """Refuse, before ``json.loads`` sees them, texts nested deeper than the
    course's two levels (deep nesting exhausts the parser's recursion) and
    numbers of more than :data:`MAX_DIGITS` digits. One pass, strings skipped."""
    depth = 0
    run = 0
    in_string = False
    escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch in _DIGITS:
            run += 1
            if run > MAX_DIGITS:
                j = i
                while j < len(text) and text[j] in _DIGITS:
                    j += 1
                number = text[i + 1 - run : j]
                raise error("number_too_long", text=quote(text), number=quote(number), limit=MAX_DIGITS)
            continue
        run = 0
        if ch == "[" or ch == "{":
            depth += 1
            if depth > 2:
                raise error("json_too_deep", text=quote(text))
        elif ch == "]" or ch == "}":
            depth -= 1
        elif ch == '"':
            in_string = True


def load_json(text: str, error: type) -> object:
    """``json.loads`` that raises ``error`` (a :class:`PuzzleError`) quoting the
    text: for anything longer than :data:`MAX_TEXT_CHARS`, nested deeper than a
    board or with over-long numbers too."""
    check_length(text, error)
    _scan_json(text, error)
    try:
        data = json.loads(text, **_STRICT)
    except (ValueError, RuntimeError):  # RuntimeError: a parser's recursion limit, should one be reached
        raise error("json_invalid", text=quote(text)) from None
    if _ints_and_lists(data) and _squeeze_json(text) != json.dumps(data, separators=(",", ":")):
        # MicroPython's json.loads is lenient ("[[4,1,2][5,0,3]]", "[[01]]", "[[4,1,,],[5,0,3]9]"): a
        # list of whole numbers and lists of them must read back exactly as written, so both runtimes
        # refuse the same texts, with the same message.
        raise error("json_invalid", text=quote(text))
    return data


def _ints_and_lists(data: object) -> bool:
    """A list of whole numbers (not booleans) and lists of them: a grid, or what a lenient parser
    made of a broken one."""
    if not isinstance(data, list):
        return False
    for row in data:
        for v in row if isinstance(row, list) else (row,):
            if isinstance(v, bool) or not isinstance(v, int):
                return False
    return True


def _no_constant(name: str) -> None:
    raise ValueError("JSON has no " + name)


try:  # CPython reads NaN and Infinity, which JSON has not (nor MicroPython's parser, which takes no options)
    json.loads("1", parse_constant=_no_constant)
    _STRICT = {"parse_constant": _no_constant}
except TypeError:
    _STRICT = {}


def read_grid(
    grid: object, shown: object, error: type, cell: str = "cell_not_number", max_side: int = 0,
    size_error: object = None,
) -> "tuple[int, int, list[int]]":
    """Check the course's JSON form, decoded: a non-empty list of equally long,
    non-empty rows of integers. Returns ``(rows, cols, cells)`` row-major, or
    raises ``error`` quoting ``shown`` (``cell`` is the code of the message
    for a cell that is not an integer: the game's own words for its cells, or
    "not a whole number").

    With ``max_side``, the size is checked before any cell is read: more rows,
    or a first row longer, than ``max_side`` raise ``size_error(rows, cols)``
    (the game's own too-big error), so no list is built for a board refused."""
    if not isinstance(grid, list) or not grid or not isinstance(grid[0], list) or not grid[0]:
        raise error("grid_not_board", text=quote(shown))
    rows, cols = len(grid), len(grid[0])
    if max_side and (rows > max_side or cols > max_side) and size_error is not None:
        raise size_error(rows, cols)
    cells = []
    for r in range(rows):
        row = grid[r]
        if not isinstance(row, list):
            raise error("grid_row_not_list", row=r + 1, text=quote(shown))
        if len(row) != cols:
            raise error("grid_ragged", text=quote(shown), row=r + 1, count=len(row), cols=cols)
        for c in range(cols):
            v = row[c]
            if isinstance(v, bool) or not isinstance(v, int):
                raise error(cell, row=r + 1, col=c + 1, text=quote(json.dumps(v)))
            cells.append(v)
    return rows, cols, cells


def cell_count_error(error: type, text: str, count: int, rows: int, cols: int) -> PuzzleError:
    """A share code whose body is not ``rows × cols`` characters long (``1 cell``, ``2 cells``)."""
    if count == 1:
        return error("code_cell_count_one", text=quote(text), rows=rows, cols=cols)
    return error("code_cell_count", text=quote(text), count=count, rows=rows, cols=cols)


_NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789"


def _drop_assignment(s: str) -> str:
    """``s`` without a leading ``name =`` when a JSON list follows it (``board = [[…]]``);
    ``name`` is an ASCII identifier. Anything else comes back unchanged."""
    head, eq, rest = s.partition("=")
    name = strip(head)
    if not eq or not name or name[0] in _DIGITS or any(ch not in _NAME_CHARS for ch in name):
        return s
    rest = strip(rest)
    return rest if rest[:1] == "[" else s


# LeetCode's example text around a board (English and 中文 sites), as UTF-8 bytes in lower case: a
# first line naming the example, the label before the board and the labels of what follows it (the
# answer, the explanation). Each label ends with an ASCII or a full-width colon. Bytes, so that the
# search is one pass on both runtimes (indexing a long ``str`` is slow on MicroPython) and ``lower``
# touches ASCII letters only (CPython's ``str.lower`` also maps other letters, some to two).
_EXAMPLE_HEADS = (b"example", "示例".encode())
_INPUT_LABELS = (b"input", "输入".encode())
_AFTER_LABELS = (b"output", "输出".encode(), b"explanation", "解释".encode())
_COLONS = (b":", "：".encode())


def _label_end(low: bytes, i: int, labels: tuple) -> int:
    """The index just past one of ``labels`` and its colon when one starts at ``low[i]``
    (``low``: the text's bytes in lower case; up to two spaces or tabs before the colon),
    else ``-1``."""
    for label in labels:
        j = i + len(label)
        if low[i:j] != label:
            continue
        for _ in range(3):
            for colon in _COLONS:
                if low[j : j + len(colon)] == colon:
                    return j + len(colon)
            if low[j : j + 1] not in (b" ", b"\t"):
                break
            j += 1
    return -1


def _drop_example_text(s: str) -> str:
    """``s`` (stripped) without LeetCode's example text around a JSON board: an
    ``Example 1:`` line before it, the ``Input:`` label (``输入：``) and, after the
    board, everything from an ``Output:`` or ``Explanation:`` label (``输出：``,
    ``解释：``) on. Text with no list in it comes back unchanged."""
    try:
        raw = s.encode()
    except UnicodeError:  # a lone surrogate (CPython): no example text to drop
        return s
    low = raw.lower()
    start = low.find(b"[")
    if start < 0:
        return s
    begin = 0
    if any(low.startswith(head) for head in _EXAMPLE_HEADS):
        line_end = low.find(b"\n", 0, start)
        if line_end >= 0:
            begin = line_end + 1
            while begin < start and low[begin : begin + 1] in (b" ", b"\t", b"\r", b"\n"):
                begin += 1
    j = _label_end(low, begin, _INPUT_LABELS)
    if 0 <= j <= start:
        begin = j
    end = len(low)
    for label in _AFTER_LABELS:
        i = low.find(label, start + 1, end)
        while i >= 0 and _label_end(low, i, (label,)) < 0:
            i = low.find(label, i + 1, end)
        if i >= 0:
            end = i
    return s if (begin, end) == (0, len(low)) else strip(raw[begin:end].decode())


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
        """Either text form: JSON when it starts with ``[``, else the game's own code;
        blank characters around it are :data:`WHITESPACE`'s (:func:`strip`). A JSON
        board may follow a name and ``=``, as LeetCode writes its examples
        (``board = [[1,2,3],[4,0,5]]``): the name is dropped; and LeetCode's example
        text around it goes (``Input: board = [[…]]`` then ``Output: 1``, see
        :func:`_drop_example_text`)."""
        check_length(text, cls.error)
        s = _drop_assignment(_drop_example_text(strip(text)))
        if not s:
            raise cls.error("board_empty")
        return cls.from_json(s) if s[0] == "[" else cls.from_code(s)

    def grid(self) -> "list[list[int]]":
        """The course's form: a list of rows."""
        c = self.cols
        return [list(self.cells[r * c : r * c + c]) for r in range(self.rows)]

    def to_json(self) -> str:
        return json.dumps(self.grid(), separators=(",", ":"))

    def map_cells(self) -> "list[int]":
        """The cells as the state map's grids hold this position: two boards
        the map treats as one position give the same list, so the map's
        drawing worker finds a board by comparing these lists alone. Here the
        cells themselves; a game whose map folds positions together (Huarong's
        same-shape pieces) overrides it."""
        return list(self.cells)

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
        """Fisher–Yates with :meth:`below`, the generator's steps written out
        here (the board generator shuffles a lot; same numbers, same order)."""
        x = self.state
        for i in range(len(items) - 1, 0, -1):
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = x


# ------------------------------------------------------------- one result
STATUSES = ("solved", "unsolvable", "unknown", "made", "loaded")


class Result:
    """What a job ended with, one shape for every game and every job.

    ``status`` is one of :data:`STATUSES`. A search's: ``solved`` (``moves``
    reach the goal from the position searched; for Link-up, clear the board),
    ``unsolvable`` (proved: no sequence of moves does) or ``unknown`` (the
    search stopped at its budget first). A job that searches for no answer
    says what it did instead: ``made`` (it made a board, e.g. Link-up's
    ``generate`` and ``shuffle``: ``board`` is the new board's share code, set
    exactly then, and ``moves`` is empty) or ``loaded`` (it loaded data into
    the worker, e.g. Sliding's ``tables``: ``moves`` empty, what it loaded in
    ``stats``). ``moves`` are the game's own moves, in order.
    ``stats`` always has ``positions`` (how many positions the search
    generated, as each game's solver documents) and the game's own numbers
    (``steps``, ``levels``, ``method``, ``optimal``, ``distance``…), which
    also read as attributes: ``result.steps``. ``map`` is ``None``, or the
    state map's object (see :mod:`puzzles.statespace`), which a job sets.
    """

    __slots__ = ("status", "moves", "stats", "map", "board")

    def __init__(self, status: str, moves: list, positions: int, board: "str | None" = None, **stats: object) -> None:
        if status not in STATUSES:
            raise ValueError("unknown status %r" % status)
        if (status == "made") != (board is not None):
            raise ValueError("a board comes with status 'made', and only then")
        self.status = status
        self.moves = moves
        self.board = board
        stats["positions"] = positions
        self.stats = stats
        self.map = None

    def __getattr__(self, name: str) -> object:
        try:
            return self.stats[name]
        except KeyError:
            raise AttributeError(name) from None

    def to_dict(self, encode_move: object) -> dict:
        """``{"status", "moves", "stats"}``: the worker's answer (moves through the game's codec),
        with ``"board"`` when the job made one (status ``made``) and ``"map"`` when it made a map."""
        out = {"status": self.status, "moves": [encode_move(m) for m in self.moves], "stats": dict(self.stats)}
        if self.board is not None:
            out["board"] = self.board
        if self.map is not None:
            out["map"] = self.map
        return out

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
    ``legal_moves`` ``board -> [move, ...]``: every move ``apply`` takes on ``board``
                    (each a player could make in one step), in a fixed order.
    ``format_move`` ``(board, move) -> str``: the course's console line for a
                    move played on ``board`` (``gameHandler.move(10, 'left')``).
    ``options``     ``{name: (choice, ...)}``, the first choice the default;
                    ``default_options(board)`` may choose by board instead.
    ``linked_options`` the options a share link and the page's address always carry
                    (Huarong's ``metric``); the others only when the link named them.
    ``solver``      the worker-side module. Its ``JOBS`` maps each job's name
                    (``solve``, ``hint`` and the game's own, such as Link-up's
                    ``generate``) to ``(board, options, request) -> generator``;
                    ``board`` is ``None`` for a job that needs none. Every job
                    runs in slices: the generator yields progress dicts with
                    ``positions`` (work done so far), each after a few
                    milliseconds of work at most, and returns a :class:`Result`
                    (``unknown`` past its budget).
    ``space``       the worker-only module (such as ``puzzles.huarong.space``)
                    whose ``make(board, options)`` gives the game's state-map
                    :class:`puzzles.statespace.Space`, or ``None``: no map.
    ``map``         whether the game has a state map (a ``space``): its
                    solver's ``JOBS`` has the ``map`` job of
                    :mod:`puzzles.statespace`, and the page shows a Map button.
    ``shape``       ``board -> value``: what every position of one game
                    shares, so two boards with equal shapes are positions of
                    the same game (the rule a saved game's jumps must keep):
                    by default ``(rows, cols)``; Huarong adds its pieces.
    ``layouts``     the module of the game's named boards (such as
                    ``puzzles.huarong.layouts``), or ``None``: its ``LAYOUTS``
                    (each with ``zh``, ``en`` and ``board``) and
                    ``find_layout(name)`` (a layout or ``None``), so that a
                    layout's name works wherever a board's text does.
    ``exercise``    the module of the game's Code-panel exercise (such as
                    ``puzzles.huarong.exercise``: its ``EXERCISE``, a
                    :class:`puzzles.code_check.Exercise`), or ``None``.
    ``texts``       the module of the game's texts in both languages (such as
                    ``puzzles.huarong.texts``): its ``TEXTS``, the page's, which
                    :mod:`app.i18n` merges, and its ``MESSAGES``, its error codes'.
    ``warm_up``     requests (``{"action", "board", "options"}``) the worker runs
                    before it says it is ready, so that the runtime has
                    optimized the search's hot code before a player's first
                    Solve (see :func:`worker_jobs.warm_up`); none by default.
    ``split``       how the page may split the game's searches among its solver
                    workers (one search, several cores), or ``None``: never.
                    An object with ``splits(request, board)`` (whether this
                    request pays to split), ``piece(request, index, n)`` (the
                    request of piece ``index`` when ``n`` workers share it;
                    pieces are handed out in index order), ``needed(index, n,
                    done)``, ``merge(request, n, done, positions)`` (the
                    answer once the finished pieces, ``done``: index ->
                    result, decide it, else ``None``), ``progress(running,
                    positions)`` and ``prepares(request, board)`` (a job that
                    sets a worker up for such a search: the helper starts
                    with it); runs on the page's main thread (see
                    ``app.solver.Solver``).
    ``view``        the page-side module (main thread only: it imports the
                    DOM) whose ``View`` class draws and plays the game, such
                    as ``puzzles.huarong.view``; ``None`` for a game with no
                    page (the tests' toy game).
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
        legal_moves: object = None,
        options: "dict | None" = None,
        default_options: object = None,
        space: "str | None" = None,
        shape: object = None,
        view: "str | None" = None,
        warm_up: "list | None" = None,
        layouts: "str | None" = None,
        exercise: "str | None" = None,
        texts: "str | None" = None,
        linked_options: tuple = (),
        split: object = None,
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
        self.legal_moves = legal_moves
        self.options = options or {}
        self._default_options = default_options
        self.space = space
        self.map = space is not None
        self.shape = shape if shape is not None else (lambda board: (board.rows, board.cols))
        self.view = view
        self.warm_up = warm_up or []
        self.layouts = layouts
        self.exercise = exercise
        self.texts = texts
        self.linked_options = linked_options
        self.split = split

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


class DraftError(ValueError):
    """An edit a board editor refuses (a game's ``draft`` module): ``key`` is an i18n key, ``values`` its
    fields."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


def load_module(path: str) -> object:
    """The module of dotted ``path`` (``puzzles.huarong.view``), imported if it
    is not yet: how generic code reaches the modules a spec names. Walks the
    package's attributes, which CPython and MicroPython both set on import."""
    module = __import__(path)
    for part in path.split(".")[1:]:
        module = getattr(module, part)
    return module


def exact_int(value: object) -> int:
    """``value`` if it is an ``int`` (not a ``bool``), else a :class:`PuzzleError`
    (a ``ValueError``): decoders accept nothing looser."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PuzzleError("not_whole_number", text=quote(value))
    return value
