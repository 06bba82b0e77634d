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
from operator import is_

MAX_STEPS = 10000  # steps recorded at most
MAX_TEXT = 80  # characters of one value's text
MAX_ITEMS = 3  # items of a container shown in its text
TUPLE_ITEMS = 6  # items of a tuple shown: a state (a 2 x 3 board's six cells, (row, col, dir, turns)) whole
MAX_SCAN = 4000  # items of a container read for the cells it holds
MAX_BYTES = 3_000_000  # characters of a whole record (about): past them recording stops as at the cap
TOOL = 0  # sys.monitoring.DEBUGGER_ID

QUEUES = (deque, list)
SEENS = (set, frozenset, dict)
PLAIN = (int, float, str, bool, type(None), bytes, complex)
STAMPED = frozenset((list, deque, dict, set))  # mutable containers: compared by identity and stamp()
# Values whose text never changes while they are the same object (immutable, or shown by type alone):
# compared by identity only. Any other builtin's text is worked out again at each step.
FIXED = frozenset((int, float, complex, str, bytes, bool, type(None), tuple, frozenset, range, type,
                   type(len), type(lambda: 0), type(iter([])), type(iter(())), type(iter(range(1))),
                   type(iter("")), type(iter({})), type(iter(set())), enumerate, zip, map, filter, reversed,
                   type((lambda: (yield))()), type(sys)))
VOLATILE = ("volatile",)  # the stamp of a value worked out again at every step (a builtin not known)
INT = {int}
SMALL = 64  # a list this small is stamped item by item (a board's rows, a flat board, cell by cell)
SMALL_DICT = 16  # a dict this small is stamped key and value by value


def _deep(x: object) -> object:
    """What a container's stamp holds of one of its first items: a mutable container's identity, size and
    first items (what its text shows), ``None`` for anything else (its identity is compared already)."""
    t = type(x)
    if t is list or t is deque or t is set:
        return (id(x), len(x), *map(id, islice(x, MAX_ITEMS)))
    if t is dict:
        return (id(x), len(x), *map(id, islice(x, MAX_ITEMS)), *map(id, islice(x.values(), MAX_ITEMS)))
    return None


def _heads(v: object) -> list:
    """The first items of a container (a dict's keys, then its values)."""
    if type(v) is dict:
        return [*islice(v, MAX_ITEMS), *islice(v.values(), MAX_ITEMS)]
    return list(islice(v, MAX_ITEMS))


def stamp(v: object) -> tuple:
    """A list's, deque's, dict's or set's version, ``(size, items, rows, deep)``, such that :func:`same`
    tells, in C mostly and with no allocation while nothing changed, whether what the recorder shows of it
    (its text, its cells, a board's every cell) may have changed: ``items`` the objects compared by
    identity (a small list's every item, a small dict's keys and values; a large list's first items and
    last; a large dict's and a set's, none: their size alone); ``rows`` copies of a small list's rows (a
    board), compared item by item by identity (no code of the learner's runs: no ``==``); ``deep`` what
    :func:`_deep` says of its first items when one of them is a container (its text shows theirs)."""
    t = type(v)
    n = len(v)
    rows = None
    if t is list or t is deque:
        if n <= SMALL:
            items = list(v)
            if n and type(v[0]) is list:
                rows = [x[:] if type(x) is list and len(x) <= SMALL else None for x in items]
        else:
            items = [v[0], v[1], v[2], v[-1]]
    elif t is dict and n <= SMALL_DICT:
        items = [*v, *v.values()]
    else:  # a large dict, a set: a visited set only grows (its size tells), read from its start when it does
        items = None
    deep = tuple(map(_deep, _heads(v))) if rows is None and items is not None else None
    return (n, items, rows, deep if deep and any(deep) else None)


def same(v: object, st: tuple) -> bool:
    """``v`` is as :func:`stamp` saw it (``st``)."""
    n, items, rows, deep = st
    if len(v) != n:
        return False
    t = type(v)
    if t is list or t is deque:
        if n <= SMALL:
            if rows is not None:
                return _same_rows(v, items, rows)
            if not all(map(is_, v, items)):
                return False
        elif not (v[0] is items[0] and v[1] is items[1] and v[2] is items[2] and v[-1] is items[3]):
            return False
    elif items is None:
        return True
    elif not (all(map(is_, v, items)) and all(map(is_, v.values(), items[n:]))):
        return False
    return deep is None or tuple(map(_deep, _heads(v))) == deep


def _same_rows(v: object, items: list, rows: list) -> bool:
    """A board's rows are the same lists and hold what they held: ``items`` the rows, ``rows`` their
    copies (``None`` for an item that is no row). A list of rows only is compared in one C call: a cell
    compares equal by identity while it holds the same number; only a cell changed to something else is
    compared by value (by that number's own ``==``, unless the program put an object of its own there)."""
    if not all(map(is_, v, items)):
        return False
    if type(v) is list and None not in rows:
        return v == rows
    return all(c is None or (len(x) == len(c) and all(map(is_, x, c))) for x, c in zip(v, rows))


def _uncount(counts: dict, b: int, bits: int) -> int:
    """One item of bit ``b`` left a queue: ``bits`` without ``b`` once no item holds its cell."""
    if b:
        k = counts[b] - 1
        if k:
            counts[b] = k
        else:
            del counts[b]
            bits &= ~b
    return bits


def _count(counts: dict, b: int, bits: int) -> int:
    """One item of bit ``b`` joined a queue: ``bits`` with ``b`` (the opposite of :func:`_uncount`)."""
    if b:
        k = counts.get(b, 0)
        counts[b] = k + 1
        if not k:
            bits |= b
    return bits


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
            parts = [text_of(x, depth + 1) for x in islice(v, TUPLE_ITEMS if t is tuple else MAX_ITEMS)]
        more = ", …" if len(v) > len(parts) else ""
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
        self.prev: dict = {}  # name -> entry of the step before
        self.caches: dict = {}  # a code object -> {name: (value, stamp, entry)} as its frames were last seen
        self.cache: dict = {}  # the running frame's
        self.heads: dict = {}  # a queue's name -> (len, head, tail, queue) when it was last seen
        self.held: dict = {}  # a dict's name -> (the dict, its size, the cells of its keys) when last read
        self.lists: dict = {}  # a list's name -> (the list, its first size, whether its size has changed)
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
                if set(map(type, row)) != INT:
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
        """The cells a container holds (its first :data:`MAX_SCAN` items', or a dict's keys'), as
        :func:`cell_bits` text. Read again only in part where the container changed as a search changes
        it: a dict that only grew (a visited dict; a dict keeps its keys in order) has its new keys read;
        a list or deque used as a queue or a stack (items taken at one end, added at the other) has only
        the items taken and added read, the cells counted so that a cell two items hold stays."""
        t = type(v)
        if t is dict:
            known = self.held.get(name)
            if known is not None and known[0] is v and len(v) >= known[1]:
                cells = known[2]
                items = islice(v, known[1], known[1] + MAX_SCAN)
            else:
                cells = set()
                items = islice(v, MAX_SCAN)
            for x in items:
                c = _cell(x)
                if c is not None:
                    cells.add(c)
            self.held[name] = (v, len(v), cells)
            return cell_bits(cells, self.rows, self.cols)
        if t in QUEUES:
            return self._queue_cells(name, v)
        cells = set()
        for x in islice(v, MAX_SCAN):
            c = _cell(x)
            if c is not None:
                cells.add(c)
        return cell_bits(cells, self.rows, self.cols)

    def _queue_cells(self, name: str, q: object) -> str:
        """:meth:`_cells` of a list or deque: its items mirrored (``deque`` of ``(item, bit)``), each cell's
        bit counted, the bits kept as one whole number, so a step that takes one item and adds a few costs a
        few reads, not a scan of the queue."""
        n = len(q)
        known = self.held.get(name)
        if known is not None and known[0] is q and n <= MAX_SCAN:
            mirror, counts, bits = known[1], known[2], known[3]
            m = len(mirror)
            got = self._follow(q, n, mirror, m)
            if got is not None:
                left, right, added_left = got
                for _ in range(left):
                    bits = _uncount(counts, mirror.popleft()[1], bits)
                for _ in range(right):
                    bits = _uncount(counts, mirror.pop()[1], bits)
                keep = m - left - right
                new = [q[i] for i in (range(added_left) if added_left else range(keep, n))]
                for x in (reversed(new) if added_left else new):
                    b = self._bit(x)
                    if added_left:
                        mirror.appendleft((x, b))
                    else:
                        mirror.append((x, b))
                    bits = _count(counts, b, bits)
                self.held[name] = (q, mirror, counts, bits)
                return "%x" % bits if bits else ""
        mirror, counts, bits = deque(), {}, 0
        for x in islice(q, MAX_SCAN):
            b = self._bit(x)
            mirror.append((x, b))
            bits = _count(counts, b, bits)
        self.held[name] = (q, mirror, counts, bits) if n <= MAX_SCAN else None
        return "%x" % bits if bits else ""

    @staticmethod
    def _follow(q: object, n: int, mirror: deque, m: int) -> "tuple | None":
        """How ``q`` (``n`` items) came from the ``m`` items ``mirror`` holds: ``(taken from the left, taken
        from the right, added on the left)`` where what is left of the mirror is ``q``'s run of items (by
        identity) and the rest of ``q`` was added at one end; ``None`` when it is not so (read it whole)."""
        for left in range(0, min(m, 4) + 1):
            for right in range(0, min(m - left, 4) + 1):
                keep = m - left - right
                if keep > n:
                    continue
                add = n - keep
                if keep == 0:
                    if add <= 64:
                        return left, right, 0
                    continue
                first, last = mirror[left][0], mirror[m - right - 1][0]
                if q[0] is first and q[keep - 1] is last:  # kept at the front, added at the back
                    return left, right, 0
                if add and q[add] is first and q[n - 1] is last:  # added at the front
                    return left, right, add
        return None

    def _bit(self, x: object) -> int:
        c = _cell(x)
        if c is None:
            return 0
        r, col = c
        if -1 <= r <= self.rows and -1 <= col <= self.cols:
            return 1 << ((r + 1) * (self.cols + 2) + col + 1)
        return 0

    def _grows(self, name: str, v: list) -> bool:
        """Whether list ``v`` has changed size since the recorder first met it under ``name``: a list is a
        queue once the program adds or takes an item (a search's queue does; a table of directions, a
        list of rows, never does), a deque always."""
        known = self.lists.get(name)
        if known is None or known[0] is not v:
            self.lists[name] = (v, len(v), False)
            return False
        if not known[2] and len(v) != known[1]:
            self.lists[name] = known = (v, known[1], True)
        return known[2]

    def _entry(self, name: str, v: object) -> list:
        t = type(v)
        kind = "s" if t in SEENS else "q" if t is deque or (t is list and self._grows(name, v)) else ""
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
        """One step: each local's entry comes from the cache of its function's code (the value by
        identity, a mutable container's :func:`stamp` too) and is worked out again only when the value is
        new or changed; the step carries the entries that differ from the step before's."""
        extra = {}
        code = frame.f_code
        if frame is not self.frame:
            self.frame = frame
            extra["f"] = code.co_name
            cache = self.caches.get(code)
            if cache is None:
                cache = self.caches[code] = {}
            self.cache = cache
        cache = self.cache
        prev = self.prev
        changes, now, board, taken = {}, {}, None, None
        want_board = self.want == "board"
        for name, v in frame.f_locals.items():
            old = cache.get(name)
            if old is not None and old[0] is v:
                st = old[1]
                if st is None or (st is not VOLATILE and same(v, st)):
                    entry = old[2]
                    if entry is None:
                        continue  # the module's own names, its functions and imports: never shown
                else:
                    entry, taken = self._fresh(cache, name, v, taken)
            elif code.co_name == "<module>" and (name.startswith("__") or callable(v) or type(v).__name__ == "module"):
                cache[name] = (v, None, None)
                continue
            else:
                entry, taken = self._fresh(cache, name, v, taken)
            now[name] = entry
            before = prev.get(name)
            if before is not entry and before != entry:
                changes[name] = entry
                if want_board:
                    b = self._board(v)
                    if b is not None:
                        board = b
        removed = [n for n in prev if n not in now]
        self.prev = now
        if board is not None:
            extra["b"] = board
        if taken is not None:
            extra["t"] = list(taken)
        rec = [line, changes or 0, removed or 0, extra or 0]
        if changes:
            self.size += sum(len(k) + len(e[0]) + len(e[2]) + 12 for k, e in changes.items())
        self.size += 12 + sum(len(n) + 3 for n in removed) + (self.rows * self.cols * 3 if board is not None else 0)
        self.steps.append(rec)

    def _fresh(self, cache: dict, name: str, v: object, taken: "tuple | None") -> tuple:
        """``v``'s entry worked out and cached with its stamp (``None``: compared by identity alone;
        :data:`VOLATILE`: worked out at every step); ``taken`` or the cell a queue's item just taken."""
        t = type(v)
        entry = self._entry(name, v)
        st = stamp(v) if t in STAMPED else None if t in FIXED or t.__module__ != "builtins" else VOLATILE
        cache[name] = (v, st, entry)
        if t in QUEUES:
            got = self._taken(name, v)
            if got is not None:
                taken = got
        return entry, taken

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
