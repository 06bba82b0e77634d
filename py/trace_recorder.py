"""Step through: the learner's program recorded line by line in its own worker (loaded beside
``code_runner.py``; it knows no game). Pure CPython, no browser imports.

Only the learner's own code objects are watched: ``sys.monitoring`` LINE events set on them alone
(the worker's Pyodide is CPython 3.14, where this costs about half of ``sys.settrace``); on a
CPython without ``sys.monitoring`` (3.11) ``sys.settrace`` with the same filter does the same.
Each event is one step, recorded before its line runs: ``[line, changes, removed, extra]`` where

``changes``  ``{name: [text, kind, cells]}`` for each local variable of the running frame whose
             value is new or changed since the step before (``0`` when none): ``text`` the value
             as a person reads it, bounded (a container as its type, its size and its first
             items: ``deque, 12 items: (0, 1), …``); ``kind`` ``"q"`` (a deque or list: a queue),
             ``"s"`` (a set or dict: a visited set) or ``""``; ``cells`` the cells the container
             holds, as :func:`cell_bits` text, or ``""`` (only when the request asks for cells).
``removed``  the names gone since the step before (``0`` when none).
``extra``    ``0``, or ``{"f": the function's name}`` when the frame changed, ``"b"``: a board
             (rows of ids) one of the step's changed values is (only when the request asks for
             boards), ``"t"``: the cell of the item just taken from a queue, ``[row, col]``.

Replaying the changes from step 1 gives every step's variables whole (``replay``). At most
``max_steps`` steps are recorded; then the program stops with :class:`StepLimit` (a
``BaseException``: a learner's ``except Exception`` does not swallow it).
"""

import sys
from collections import deque
from itertools import islice

MAX_STEPS = 10000  # steps recorded at most
MAX_TEXT = 80  # characters of one value's text
MAX_ITEMS = 3  # items of a container shown in its text
MAX_SCAN = 4000  # items of a container read for the cells it holds
MAX_BYTES = 3_000_000  # characters of a whole record (about): past them recording stops as at the cap
TOOL = 0  # sys.monitoring.DEBUGGER_ID

QUEUES = (deque, list)
SEENS = (set, frozenset, dict)
PLAIN = (int, float, str, bool, type(None), bytes, complex)


class StepLimit(BaseException):
    """The cap of steps is reached: the program stops there."""


def _short(text: str, n: int = MAX_TEXT) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def text_of(v: object, depth: int = 0) -> str:
    """A value as bounded text, made without running the learner's code (a class of theirs is
    named, never asked for its ``repr``)."""
    t = type(v)
    if t in (int, bool, type(None), float):
        s = repr(v) if t is not int or -(10**30) < v < 10**30 else "%d-digit int" % len(str(abs(v)))
        return _short(s)
    if t is str:
        return _short(repr(v[: MAX_TEXT + 2]))
    if t in (tuple, list, deque, set, frozenset, dict):
        if depth >= 2:
            return "(…)" if t is tuple else "[…]" if t in (list, deque) else "{…}"
        if t is dict:
            parts = [text_of(k, depth + 1) + ": " + text_of(x, depth + 1) for k, x in islice(v.items(), MAX_ITEMS)]
        else:
            parts = [text_of(x, depth + 1) for x in islice(v, MAX_ITEMS)]
        more = ", …" if len(v) > MAX_ITEMS else ""
        if depth == 0 and t is not tuple:
            head = "%s, %d item%s" % (t.__name__, len(v), "" if len(v) == 1 else "s")
            return _short(head + (": " + ", ".join(parts) + more if parts else ""))
        o, c = {"tuple": "()", "list": "[]", "deque": "[]", "dict": "{}"}.get(t.__name__, "{}")
        if t is tuple and len(v) == 1:
            more = ","
        return _short(o + ", ".join(parts) + more + c)
    name = getattr(t, "__name__", "object")
    if t.__module__ == "builtins":
        try:
            return _short(repr(v))
        except Exception:
            return name
    return _short("<%s>" % name)


def _cell(x: object) -> "tuple | None":
    """A state's cell: the first two whole numbers of a short tuple or list, or its ``row``/``col``."""
    t = type(x)
    if (t is tuple or t is list) and 2 <= len(x) <= 6:
        a, b = x[0], x[1]
        if type(a) is int and type(b) is int:
            return a, b
        return None
    if t in PLAIN or t in SEENS or t in QUEUES:
        return None
    r, c = getattr(x, "row", None), getattr(x, "col", None)
    if type(r) is int and type(c) is int:
        return r, c
    return None


def cell_bits(cells: set, rows: int, cols: int) -> str:
    """Cells of a board of ``rows`` x ``cols`` and its one-cell ring as hex text: bit ``(r + 1) *
    (cols + 2) + c + 1`` for a cell ``(r, c)``; cells off the ring are left out."""
    n = 0
    w = cols + 2
    for r, c in cells:
        if -1 <= r <= rows and -1 <= c <= cols:
            n |= 1 << ((r + 1) * w + c + 1)
    return "%x" % n if n else ""


def bits_cells(bits: str, cols: int) -> list:
    """:func:`cell_bits`'s cells again, ``[[r, c], ...]`` (for tests and the page)."""
    n = int(bits, 16) if bits else 0
    w = cols + 2
    out = []
    i = 0
    while n:
        if n & 1:
            out.append([i // w - 1, i % w - 1])
        n >>= 1
        i += 1
    return out


class Recorder:
    """The steps of one program. ``filename``: the learner's code's file name (only frames of it
    are recorded); ``shape``: ``(rows, cols)`` of the board; ``want``: ``"cells"`` (a state's
    cells are marked) or ``"board"`` (boards drawn); ``flat``: a string or list of ``rows * cols``
    digits is a board read row by row too."""

    def __init__(self, filename: str, shape: tuple, want: str, flat: bool = False,
                 max_steps: int = MAX_STEPS) -> None:
        self.filename = filename
        self.rows, self.cols = shape
        self.want, self.flat = want, flat
        self.max_steps = max_steps
        self.steps: list = []
        self.capped = False
        self.size = 0
        self.frame = None
        self.prev: dict = {}  # name -> (value, signature, entry) of the step before
        self.heads: dict = {}  # a queue's name -> (len, head, tail, queue) when it was last seen
        self.held: dict = {}  # a dict's name -> (the dict, its size, the cells of its keys) when last read
        self.busy = False
        self.codes: list = []

    # ------------------------------------------------------------------ values
    def _board(self, v: object) -> "list | None":
        """``v`` as rows of whole numbers when it is board-shaped, else ``None``."""
        rows, cols = self.rows, self.cols
        t = type(v)
        if (t is list or t is tuple) and len(v) == rows and rows:
            out = []
            for row in v:
                if type(row) not in (list, tuple) or len(row) != cols:
                    return None
                if not all(type(x) is int for x in row):
                    return None
                out.append(list(row))
            return out
        if self.flat and t in (str, list, tuple) and len(v) == rows * cols and rows * cols <= 64:
            flat = []
            for x in v:
                if type(x) is int:
                    flat.append(x)
                elif type(x) is str and len(x) == 1 and x.isdigit():
                    flat.append(int(x))
                else:
                    return None
            return [flat[r * cols:(r + 1) * cols] for r in range(rows)]
        return None

    def _cells(self, name: str, v: object) -> str:
        """The cells a container holds (its items', or a dict's keys'). A dict that only grew since the
        step before (a visited dict does) has only its new keys read: a dict keeps its keys in order."""
        known = self.held.get(name)
        if type(v) is dict and known is not None and known[0] is v and len(v) >= known[1]:
            cells = known[2]
            items = islice(v, known[1], known[1] + MAX_SCAN)
        else:
            cells = set()
            items = islice(v, MAX_SCAN)
        for x in items:
            c = _cell(x)
            if c is not None:
                cells.add(c)
        if type(v) is dict:
            self.held[name] = (v, len(v), cells)
        return cell_bits(cells, self.rows, self.cols)

    def _signature(self, v: object) -> object:
        """What tells a container changed since the step before without reading it whole, in C: a
        small list (or deque) is its items' identities, and its rows' (a board's cells are set in
        place); a large one its size and its end items; a set its size; a small dict its values'
        identities. ``None`` for anything else (compared by identity and text)."""
        t = type(v)
        if t in QUEUES:
            n = len(v)
            if n > 16:
                return (n, id(v[0]), id(v[-1]))
            return tuple(tuple(map(id, x)) if type(x) is list and len(x) <= 16 else id(x) for x in v)
        if t is dict:
            return (len(v), tuple(map(id, v.values()))) if len(v) <= 16 else len(v)
        if t in SEENS:
            return len(v)
        return None

    def _entry(self, name: str, v: object) -> list:
        t = type(v)
        kind = "q" if t in QUEUES else "s" if t in SEENS else ""
        cells = ""
        if kind and self.want == "cells" and self._board(v) is None:
            cells = self._cells(name, v)
        return [text_of(v), kind, cells]

    # ------------------------------------------------------------------ one step
    def step(self, frame: object, line: int) -> None:
        if self.busy:
            return
        if len(self.steps) >= self.max_steps or self.size > MAX_BYTES:
            self.capped = True
            raise StepLimit()
        self.busy = True
        try:
            self._step(frame, line)
        finally:
            self.busy = False

    def _step(self, frame: object, line: int) -> None:
        extra = {}
        if frame is not self.frame:
            self.frame = frame
            extra["f"] = frame.f_code.co_name
        module = frame.f_code.co_name == "<module>"
        changes, now, board, taken = {}, {}, None, None
        for name, v in list(frame.f_locals.items()):
            if module and (name.startswith("__") or callable(v) or type(v).__name__ == "module"):
                continue
            sig = self._signature(v)
            old = self.prev.get(name)
            if old is not None and old[0] is v and old[1] == sig and (sig is not None or type(v) in PLAIN
                                                                      or type(v) is tuple):
                now[name] = old
                continue
            entry = self._entry(name, v)
            if old is None or old[2] != entry:
                changes[name] = entry
                if self.want == "board":
                    b = self._board(v)
                    if b is not None:
                        board = b
            now[name] = (v, sig, entry)
            if type(v) in QUEUES:
                got = self._taken(name, v)
                if got is not None:
                    taken = got
        removed = [n for n in self.prev if n not in now]
        self.prev = now
        if board is not None:
            extra["b"] = board
        if taken is not None:
            extra["t"] = list(taken)
        rec = [line, changes or 0, removed or 0, extra or 0]
        self.size += 12 + sum(len(k) + len(e[0]) + len(e[2]) + 12 for k, e in changes.items())
        self.size += sum(len(n) + 3 for n in removed) + (self.rows * self.cols * 3 if board is not None else 0)
        self.steps.append(rec)

    def _taken(self, name: str, q: object) -> "tuple | None":
        """The cell of the item taken from queue ``q`` since the step before (its head, by
        ``popleft`` or ``pop(0)``; its tail, by ``pop()``), or ``None``."""
        n = len(q)
        head = q[0] if n else None
        tail = q[-1] if n else None
        old = self.heads.get(name)
        self.heads[name] = (n, head, tail, q)
        if old is None or n >= old[0] or old[3] is not q:
            return None
        if old[1] is not head and old[1] is not None:
            return _cell(old[1])
        if old[2] is not tail and old[2] is not None:
            return _cell(old[2])
        return None

    # ------------------------------------------------------------------ running
    def run(self, code: object, fn: object) -> object:
        """Call ``fn()`` with every code object in ``code`` (the learner's compiled program, its
        functions nested in it) recorded; answers what ``fn`` answers."""
        self.codes = list(_codes(code))
        mon = getattr(sys, "monitoring", None)
        if mon is None:
            return self._run_settrace(fn)
        try:
            mon.use_tool_id(TOOL, "step-through")
        except ValueError:
            mon.free_tool_id(TOOL)
            mon.use_tool_id(TOOL, "step-through")
        mon.register_callback(TOOL, mon.events.LINE, self._on_line)
        for co in self.codes:
            mon.set_local_events(TOOL, co, mon.events.LINE)
        try:
            return fn()
        finally:
            for co in self.codes:
                mon.set_local_events(TOOL, co, 0)
            mon.register_callback(TOOL, mon.events.LINE, None)
            mon.free_tool_id(TOOL)

    def _on_line(self, code: object, line: int) -> None:
        self.step(sys._getframe(1), line)

    def _run_settrace(self, fn: object) -> object:
        codes = set(map(id, self.codes))

        def local(frame: object, event: str, arg: object) -> object:
            if event == "line":
                self.step(frame, frame.f_lineno)
            return local

        def glob(frame: object, event: str, arg: object) -> object:
            return local if id(frame.f_code) in codes else None

        old = sys.gettrace()
        sys.settrace(glob)
        try:
            return fn()
        finally:
            sys.settrace(old)


def _codes(code: object):
    """A code object and those nested in it (its functions, classes, comprehensions)."""
    yield code
    for c in code.co_consts:
        if hasattr(c, "co_code"):
            yield from _codes(c)


def replay(steps: list) -> list:
    """Every step's variables whole, ``{name: entry}``, from the steps' changes."""
    now: dict = {}
    out = []
    for _line, changes, removed, _extra in steps:
        for n in removed or ():
            now.pop(n, None)
        if changes:
            now.update(changes)
        out.append(dict(now))
    return out
