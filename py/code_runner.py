"""The learner's worker: runs the Code panel's Python in a Pyodide worker of its own
(``static/code-worker.js``), never the solver's worker and never the page's main thread.
This worker holds none of the project's solvers: only this file is loaded into it, so a
program that imports them finds nothing to import.

One request at a time, JSON text (``handle(text, post)``); everything goes back to the
page as JSON text through ``post``, and the page checks all of it as input:

Every request carries ``"exercise"``, what the game's exercise is (the page sends
:meth:`puzzles.code_check.Exercise.request`): ``{"function", "answer", "move_args",
"course_line", "answer_items"}``; this worker knows no game.

``{"id", "kind": "run", "game", "exercise", "source", "board"}``
    run the program, then the exercise's function on ``board`` (the grid of ids as rows),
    such as Huarong's ``solve(board)``, unless its answer is a ``path`` (Link-up's
    ``connect`` is only defined by a Run); the moves it makes through
    ``gameHandler.move(...)`` (or prints as the course's lines) are recorded with the
    learner's line.
``{"id", "kind": "call", "game", "exercise", "source", "args"}``
    run the program, then the function on ``args`` (Link-up's "Use my connect").
``{"id", "kind": "check", "game", "exercise", "source", "cases": [{"board", "args"?}, ...]}``
    run the program, then the function on each case, one ``case`` message each.
``{"id", "kind": "step", "game", "exercise", "source", "board", "args", "trace": {"want", "flat"}}``
    Step through: the program and its function on ``board`` (and ``args``) recorded line by
    line by :mod:`trace_recorder` (``want`` ``"cells"`` or ``"board"``; ``flat``: a string of
    the board's digits is a board too); the steps go first as ``{"type": "steps", "id",
    "from", "items"}`` parts of at most :data:`STEP_PART` steps, then ``done`` says ``"steps"``
    (how many) and ``"capped"`` (the cap stopped it). Its moves are recorded, never played.

Answers: ``{"type": "out", "id", "text", "cut"}`` (printed output, batched every
:data:`FLUSH_S` and capped at :data:`MAX_OUTPUT` characters in all), ``{"type":
"case", "id", "i", "answer", "moves", "ms", "error"}`` and, last, ``{"type":
"done", "id", "answer", "moves", "ms", "error"}``. ``moves`` is a list of ``[move,
line]``; ``error`` is ``None`` or ``{"line", "text"}`` (Python's own traceback,
trimmed to the learner's frames) or ``{"code", "values"}`` (the page says it in its
language). A run makes at most :data:`MAX_MOVES` moves.
"""

import copy
import json
import linecache
import re
import reprlib
import signal
import sys
import time
import traceback
from collections import deque

FILE = "solution.py"  # the learner's program, as tracebacks name it
MAX_MOVES = 10000  # moves one call may make (a runaway loop of moves stops here; the page takes as many)
MAX_OUTPUT = 20000  # characters of printed output kept per request (about 400 lines: what a person reads)
MAX_TEXT = 4000  # characters of a traceback sent (its head and its end)
MAX_LINE = 300  # characters of one line of a traceback (an exception's value may be a megabyte long)
FLUSH_S = 0.05  # printed output goes to the page at most this often
MAX_ITEMS = 4096  # items of an answer kept (a path, a list of moves), or fewer as the exercise says
STEP_PART = 500  # steps in one message of a Step through's record
ANSWERS = ("moves", "count", "path")  # how an exercise's answer is judged (puzzles.code_check.Exercise)
MAX_SIZES = 8  # containers a sample names (the largest)
SIZED = (list, tuple, dict, set, frozenset, str, bytes, bytearray)  # sized in C, never the learner's __len__


class MoveLimit(BaseException):
    """More than :data:`MAX_MOVES` moves: the program stops (not an ``Exception``, so a
    learner's ``except Exception`` does not swallow it)."""


class NoFunction(Exception):
    """The program defines no function of the game's name."""


def _learner_line() -> "int | None":
    """The line of the learner's program that is running now (the innermost frame of it)."""
    f = sys._getframe(1)
    while f is not None:
        if f.f_code.co_filename == FILE:
            return f.f_lineno
        f = f.f_back
    return None


def where(frame: object, filename: str = FILE) -> "dict | None":
    """Where the learner's program is: the line and function of the innermost frame of ``filename`` at or
    above ``frame``, and the sizes of the local containers (lists, deques, sets, dicts, strings and their
    kin) of every frame of ``filename`` on the stack (a BFS's ``visited`` lives in the caller of the helper
    that runs now); a name in several frames counts its largest; the :data:`MAX_SIZES` largest, largest
    first. Read without running any of the learner's code (a class of theirs is never asked its ``len``).
    ``None`` when no frame is the learner's."""
    f = frame
    while f is not None and f.f_code.co_filename != filename:
        f = f.f_back
    if f is None:
        return None
    got = {"line": f.f_lineno, "fn": f.f_code.co_name[:60]}
    sizes: dict = {}
    while f is not None:
        if f.f_code.co_filename == filename:
            try:
                names = list(f.f_locals.items())
            except Exception:
                names = []
            for name, v in names:
                t = type(v)
                if (t in SIZED or t is deque) and not (type(name) is str and name.startswith("__")):
                    name = str(name)[:60]
                    sizes[name] = max(len(v), sizes.get(name, 0))
        f = f.f_back
    got["sizes"] = [[n, k] for n, k in sorted(sizes.items(), key=lambda x: -x[1])[:MAX_SIZES]]
    return got


_asked = {"id": None, "post": None}  # the request a sample answers for, and where it goes


def sample(signum: int, frame: object) -> None:
    """SIGINT's handler in the worker: the page wrote 2 into Pyodide's interrupt buffer (at the time
    limit, and on Stop before it ends the worker) to learn where the program is. It posts
    ``{"type": "where", "id", "line", "fn", "sizes"}`` (:func:`where`) and returns: the program goes
    on, nothing raised into it."""
    post = _asked["post"]
    if post is None:
        return
    try:
        got = where(frame)
    except Exception:
        got = None
    if got is not None:
        post(json.dumps({"type": "where", "id": _asked["id"], **got}))


def arm() -> None:
    """SIGINT runs :func:`sample`: the worker calls this before it hands Pyodide the interrupt buffer, and
    each request again first thing (a program's own ``signal.signal`` may have replaced it). Python's own
    handler would raise KeyboardInterrupt wherever the runner is, outside the learner's program too (a
    Stop pressed as a Run starts), where nothing catches it and the worker would be lost."""
    try:
        if signal.getsignal(signal.SIGINT) is not sample:
            signal.signal(signal.SIGINT, sample)
    except (ValueError, OSError, AttributeError):
        pass  # no signals here: the page only stops the program


class Recorder:
    """The moves of one call, each with the learner's line that made it; ``exercise`` is the
    request's (how many arguments a move takes)."""

    def __init__(self, exercise: dict) -> None:
        self.exercise = exercise
        self.moves: list = []

    def add(self, move: object) -> None:
        if len(self.moves) >= MAX_MOVES:
            raise MoveLimit()
        self.moves.append([move, _learner_line()])


class GameHandler:
    """The course's ``gameHandler`` as the learner's program sees it: ``move`` records the
    move (the page plays it on the board, through the game's rules, afterwards)."""

    def __init__(self, recorder: Recorder) -> None:
        self._rec = recorder

    def move(self, *args: object) -> bool:
        """``move(pid, dir)`` or ``move(tile)``, as the exercise's moves take two arguments or one:
        recorded; answers ``True``."""
        two = self._rec.exercise["move_args"] == 2
        if two and len(args) == 2:
            self._rec.add([_plain(args[0]), _plain(args[1])])
        elif self._rec.exercise["move_args"] == 1 and len(args) == 1:
            self._rec.add(_plain(args[0]))
        else:
            raise TypeError("gameHandler.move() takes %s" % ("(pid, dir)" if two else "(tile)"))
        return True


class Output:
    """``sys.stdout`` of a request: batched to the page, capped; a printed course line is a move."""

    def __init__(self, rid: object, post: object, recorder: Recorder) -> None:
        self.rid, self.post, self.rec = rid, post, recorder
        self.buf: list = []
        self.total = 0
        self.cut = False
        self.line = ""
        self.last = time.monotonic()
        line = recorder.exercise["course_line"]  # a printed course line is a move too
        self.pattern = re.compile(line) if line is not None else None

    def write(self, s: object) -> int:
        s = str(s)
        if self.total < MAX_OUTPUT:
            keep = s[: MAX_OUTPUT - self.total]
            self.buf.append(keep)
            self.total += len(keep)
            if len(keep) < len(s):
                self.cut = True
        else:
            self.cut = True
        if self.pattern is not None:
            self._scan(s)
        if time.monotonic() - self.last >= FLUSH_S:
            self.flush()
        return len(s)

    def _scan(self, s: str) -> None:
        self.line += s
        while "\n" in self.line:
            line, self.line = self.line.split("\n", 1)
            m = self.pattern.match(line)
            if m:
                move = [int(m.group(1)), m.group(2)] if self.rec.exercise["move_args"] == 2 else int(m.group(1))
                self.rec.add(move)
        self.line = self.line[-200:]  # a line without an end is no course line past this

    def flush(self) -> None:
        self.last = time.monotonic()
        if self.buf:
            text, self.buf = "".join(self.buf), []
            self.post(json.dumps({"type": "out", "id": self.rid, "text": text, "cut": self.cut}))

    def isatty(self) -> bool:
        return False


def _plain(x: object, depth: int = 0, items: int = MAX_ITEMS) -> object:
    """An answer as plain JSON: numbers, strings, booleans and lists (tuples too) of them, nested
    three deep and ``items`` long at most; anything else as ``{"repr": text}``."""
    if x is None or isinstance(x, bool):
        return x
    if isinstance(x, int):
        return x if -(10**15) < x < 10**15 else {"repr": str(x)[:40]}
    if isinstance(x, float):
        return x if x == x and abs(x) < 1e15 else {"repr": repr(x)}
    if isinstance(x, str):
        return x[:200]
    if isinstance(x, (list, tuple)) and depth < 3:
        return [_plain(v, depth + 1, items) for v in list(x[:items])]
    try:
        text = reprlib.repr(x)
    except Exception:
        text = type(x).__name__
    return {"repr": text[:200]}


def _cut(text: str) -> str:
    """A traceback cut to what a person reads: each line at most :data:`MAX_LINE` characters, the
    whole at most :data:`MAX_TEXT` (its first lines and its last, the exception, kept)."""
    lines = [ln if len(ln) <= MAX_LINE else ln[:MAX_LINE] + "… [%d characters]" % len(ln)
             for ln in text.split("\n")]
    text = "\n".join(lines)
    if len(text) > MAX_TEXT:
        half = MAX_TEXT // 2
        text = text[:half] + "\n…\n" + text[-half:]
    return text


def _answer(x: object, exercise: dict) -> object:
    """The learner's answer as sent: no more than the exercise's ``answer_items`` items (a Link-up
    path longer than any legal one is cut where it is made, one item past the longest)."""
    return _plain(x, 0, exercise["answer_items"])


def _error(e: BaseException) -> dict:
    """A learner's error: Python's own traceback, trimmed to the learner's frames, and its line."""
    if isinstance(e, MoveLimit):
        return {"code": "code_move_limit", "values": {"n": MAX_MOVES}}
    try:
        only = "".join(traceback.format_exception_only(type(e), e))
    except Exception:  # an exception whose str() raises
        only = type(e).__name__ + "\n"
    if len(only) > MAX_TEXT * 4:
        only = only[: MAX_TEXT * 2] + only[-MAX_TEXT:]
    if isinstance(e, SyntaxError) and e.filename == FILE:
        return {"line": e.lineno if isinstance(e.lineno, int) else None, "text": _cut(only)}
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == FILE]
    line = frames[-1].lineno if frames else None
    head = "Traceback (most recent call last):\n" + "".join(traceback.format_list(frames)) if frames else ""
    return {"line": line, "text": _cut(head + only)}


def _load(source: str, recorder: Recorder, tracer: object = None) -> dict:
    """Run the program's top level; its namespace (with ``gameHandler``). With ``tracer`` (a
    :class:`trace_recorder.Recorder`), the top level runs recorded."""
    linecache.cache[FILE] = (len(source), None, source.splitlines(True), FILE)
    code = compile(source, FILE, "exec")
    ns = {"__name__": "__main__", "gameHandler": GameHandler(recorder)}
    if tracer is not None:
        tracer.code = code
        tracer.run(code, lambda: exec(code, ns))
    else:
        exec(code, ns)
    return ns


def _function(ns: dict, exercise: dict) -> object:
    name = exercise["function"]
    fn = ns.get(name)
    if not callable(fn):
        raise NoFunction(name)
    return fn


def _call(fn: object, board: list, args: list) -> object:
    return fn(copy.deepcopy(board), *args)


def _exercise(x: object) -> dict:
    """The request's exercise, checked (anything else is refused): its function's name an
    identifier, its answer one of :data:`ANSWERS`, moves of 0 to 2 arguments, a course line that
    compiles (or none) and from 1 to :data:`MAX_ITEMS` answer items."""
    if not isinstance(x, dict):
        raise ValueError("bad exercise")
    function, line, items = x.get("function"), x.get("course_line"), x.get("answer_items")
    if not (isinstance(function, str) and function.isidentifier()) or x.get("answer") not in ANSWERS:
        raise ValueError("bad exercise")
    if x.get("move_args") not in (0, 1, 2) or not (line is None or isinstance(line, str)):
        raise ValueError("bad exercise")
    if type(items) is not int or not 1 <= items <= MAX_ITEMS:
        raise ValueError("bad exercise")
    if line is not None:
        re.compile(line)
    return {"function": function, "answer": x["answer"], "move_args": x["move_args"], "course_line": line,
            "answer_items": items}


def _grid(x: object) -> list:
    """The request's board: rows of whole numbers (anything else is refused)."""
    if not isinstance(x, list) or not all(isinstance(r, list) and all(type(v) is int for v in r) for r in x):
        raise ValueError("bad board")
    return x


def handle(text: str, post: object) -> None:
    """Answer one request (see the module's docstring); never raises."""
    arm()
    try:
        req = json.loads(str(text))
        rid, kind, source = req["id"], req["kind"], str(req["source"])
        exercise = _exercise(req["exercise"])
        if kind not in ("run", "call", "check", "step"):
            raise ValueError(kind)
        tracer = _tracer(req) if kind == "step" else None  # the board checked here: a bad one is a bad request
    except Exception:
        post(json.dumps({"type": "done", "id": None, "error": {"code": "code_bad_request", "values": {}}}))
        return
    rec = Recorder(exercise)
    out = Output(rid, post, rec)
    _asked["id"], _asked["post"] = rid, post
    old = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = out
    answer, error = None, None
    t0 = time.perf_counter()
    try:
        ns = _load(source, rec, tracer)
        if kind == "step":
            fn = _function(ns, exercise)
            grid, args = _grid(req["board"]), list(req.get("args") or [])
            answer = _answer(tracer.run(tracer.code, lambda: _call(fn, grid, args)), exercise)
        elif kind == "check":
            fn = _function(ns, exercise)
            for i, case in enumerate(req["cases"]):
                _case(post, out, rid, i, fn, exercise, case)
        elif kind == "call":
            args = req["args"]
            answer = _answer(_call(_function(ns, exercise), _grid(args[0]), list(args[1:])), exercise)
        elif exercise["answer"] != "path":
            answer = _answer(_call(_function(ns, exercise), _grid(req["board"]), []), exercise)
        else:  # a path's Run: the program ran; the function is called on clicked pairs and by Check
            _function(ns, exercise)
    except NoFunction as e:
        error = {"code": "code_no_function", "values": {"name": e.args[0]}}
    except BaseException as e:  # the learner's error (SystemExit and KeyboardInterrupt too)
        error = _error(e)
    finally:
        sys.stdout, sys.stderr = old
    ms = (time.perf_counter() - t0) * 1000
    out.flush()
    done = {"type": "done", "id": rid, "answer": answer, "moves": rec.moves, "ms": ms, "error": error}
    if tracer is not None:
        steps = tracer.steps
        for k in range(0, len(steps), STEP_PART):
            post(json.dumps({"type": "steps", "id": rid, "from": k, "items": steps[k:k + STEP_PART]}))
        done.update(steps=len(steps), capped=tracer.capped)
        if tracer.capped and isinstance(error, dict) and "code" not in error:
            done["error"] = None  # the cap stopped it: said by the page, the steps kept
    post(json.dumps(done))


def _tracer(req: dict) -> object:
    """The recorder of a Step through: the board's shape from the request's board, what the game
    wants of it from ``trace``."""
    import importlib

    importlib.invalidate_caches()  # written beside this module after the snapshot's imports were cached
    import trace_recorder  # loaded beside this module by the worker; only Step through needs it

    grid = _grid(req["board"])
    trace = req.get("trace") if isinstance(req.get("trace"), dict) else {}
    want = "cells" if trace.get("want") == "cells" else "board"
    return trace_recorder.Recorder(FILE, (len(grid), len(grid[0]) if grid else 0), want, trace.get("flat") is True)


def _case(post: object, out: Output, rid: object, i: int, fn: object, exercise: dict, case: dict) -> None:
    """One of Check's cases: the learner's answer (and moves), its time, or its error."""
    rec = Recorder(exercise)
    out.rec = rec
    fn.__globals__["gameHandler"] = GameHandler(rec)
    answer, error = None, None
    t0 = time.perf_counter()
    try:
        answer = _answer(_call(fn, _grid(case["board"]), list(case.get("args") or [])), exercise)
    except (Exception, MoveLimit) as e:
        error = _error(e)
    ms = (time.perf_counter() - t0) * 1000
    out.flush()
    post(json.dumps({"type": "case", "id": rid, "i": i, "answer": answer, "moves": rec.moves, "ms": ms,
                     "error": error}))
