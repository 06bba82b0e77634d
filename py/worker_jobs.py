"""The solver worker's protocol: pure Python, run by Pyodide in a web worker.

One protocol for every game in :data:`puzzles.games.GAMES`; requests and
answers are JSON text, so nothing depends on how the two runtimes convert
objects.

``start(game, request)``
    ``request`` is ``{"action": "solve" | "hint" | <another of the solver's
    JOBS>, "board": text, "options": {...}, ...}`` (``board`` may be absent for
    a job that needs none, such as Link-up's ``generate``); answers
    ``{"job": id}`` or ``{"error": E}``. The job is a generator from the
    game's solver; every job, small ones included, runs in slices.
``step(job, budget_ms)``
    runs the job for about ``budget_ms`` and answers ``{"done": false,
    "progress": {...}}`` or ``{"done": true, "result": R}``. The page steps
    a job in short slices, so it shows progress and can cancel between them.
``cancel(job)``
    forgets the job (its memory goes with it): ``{"cancelled": bool}``.

``R``, every job's result, has one shape: ``{"status": S, "moves": [...],
"stats": {"positions": n, "seconds": s, ...}}`` (see :class:`puzzles.Result`).
A search's ``S`` is ``"solved" | "unsolvable" | "unknown"``; a job that makes
a board answers ``"made"`` with the board's share code beside, ``"board":
code`` (Link-up's ``generate``, ``shuffle``); a job that loads data into the
worker answers ``"loaded"`` (Sliding's ``tables``; no moves). A cancelled job's step
answers ``{"status": "cancelled", "moves": [], "stats": {}}``. ``E`` is
``{"code", "values", "text"}``: ``text`` in English, ``code`` and
``values`` for the page to say it in its own language.
"""

import gc
import json
import time

from puzzles import PuzzleError, load_module, quote
from puzzles.games import GAMES, SPECS
from puzzles.messages import render

_jobs: dict = {}  # job id -> [generator, seconds of search spent in it so far, spec]
_next_id = [0]
CANCELLED = {"status": "cancelled", "moves": [], "stats": {}}


def error(e: Exception) -> dict:
    """An exception as the protocol's error object. A :class:`PuzzleError`
    keeps its code and values; anything else is a fault of ours, not the
    user's input: the coded ``internal_error`` naming only its type, so no raw
    Python text reaches the page (the page says it in its language)."""
    if isinstance(e, PuzzleError):
        return {"code": e.code, "values": e.values, "text": str(e)}
    values = {"error": type(e).__name__}
    return {"code": "internal_error", "values": values, "text": render("internal_error", "en", values)}


def _solver(game: str) -> tuple:
    spec = GAMES[game]
    return spec, load_module(spec.solver)


def new_id() -> int:
    """A job id no job has had: for a job whose work begins before :func:`start` (a download)."""
    _next_id[0] += 1
    return _next_id[0]


def _bad_request(what: object) -> dict:
    """The error object for a request the protocol does not take, quoting it."""
    e = PuzzleError("bad_request", text=quote(what))
    return {"code": e.code, "values": e.values, "text": str(e)}


def start(game: str, request: "str | dict", job: "int | None" = None) -> str:
    """Begin a job (as ``job``, an id from :func:`new_id`, when given); answers
    ``{"job": id}`` or ``{"error": E}``: a request that is not an object naming
    a game of :data:`GAMES` and one of its solver's ``JOBS`` is answered with
    the coded ``bad_request``."""
    try:
        req = json.loads(request) if isinstance(request, str) else request
    except ValueError:
        return json.dumps({"error": _bad_request(request)})
    if not isinstance(req, dict) or not isinstance(game, str) or game not in GAMES:
        return json.dumps({"error": _bad_request(game if isinstance(req, dict) else request)})
    action = req.get("action", "solve")
    try:
        spec, solver = _solver(game)
        if not isinstance(action, str) or action not in solver.JOBS:
            return json.dumps({"error": _bad_request(action)})
        board = spec.board.parse(str(req["board"])) if "board" in req else None
        options = spec.check_options(req.get("options"), board if board is not None else spec.default())
        gen = solver.JOBS[action](board, options, req)
    except Exception as e:  # a PuzzleError, or a fault of ours: coded either way
        return json.dumps({"error": error(e)})
    if job is None:
        job = new_id()
    _jobs[job] = [gen, 0.0, spec]
    return json.dumps({"job": job})


def _job_id(job: object) -> bool:
    return isinstance(job, int) and not isinstance(job, bool)


def step(job: int, budget_ms: float = 40) -> str:
    """Run a job for about ``budget_ms``, one slice of it at least (so an unfinished job always answers a
    progress dict, even when the budget is spent before the first slice: a machine under load once
    answered ``"progress": null``, which the page took for a dead worker); answers its progress or its
    result (a job id that is not a whole number, or a budget that is not a number, is answered with
    ``bad_request``)."""
    if not _job_id(job) or isinstance(budget_ms, bool) or not isinstance(budget_ms, (int, float)):
        return json.dumps({"done": True, "error": _bad_request(job if not _job_id(job) else budget_ms)})
    entry = _jobs.get(job)
    if entry is None:
        return json.dumps({"done": True, "result": CANCELLED})
    gen = entry[0]
    t0 = time.perf_counter()
    deadline = t0 + budget_ms / 1000
    try:
        progress = next(gen)
        while time.perf_counter() < deadline:
            progress = next(gen)
    except StopIteration as stop:
        del _jobs[job]
        result = stop.value.to_dict(entry[2].encode_move)
        result["stats"]["seconds"] = entry[1] + time.perf_counter() - t0  # the search's own time, all slices
        return json.dumps({"done": True, "result": result})
    except Exception as e:  # a PuzzleError, MemoryError, or a fault of ours: a coded error, the job gone
        del _jobs[job]
        return json.dumps({"done": True, "error": error(e)})
    entry[1] += time.perf_counter() - t0
    # What the job has built so far (a search's tables: millions of tuples and lists on a 6 x 6 Huarong
    # board) is moved out of the collector's sight, so no later slice spends 0.2-0.5 s in a full
    # collection scanning it (gc.freeze is O(1); the searches make no reference cycles, so their
    # memory still goes by reference counting when the job ends).
    gc.freeze()
    return json.dumps({"done": False, "progress": progress})


def cancel(job: int) -> str:
    """Forget a job; answers ``{"cancelled": bool}``."""
    return json.dumps({"cancelled": _jobs.pop(job, None) is not None if _job_id(job) else False})


def warm_up(most_s: float = 0.5, most_units: int = 4) -> dict:
    """Run the requests of the games' ``warm_up`` (:class:`puzzles.GameSpec`; Huarong's
    search on a board of its own in both metrics), through :func:`start` and
    :func:`step` as a player's Solve runs, over and over, for at most about
    ``most_s`` seconds: :func:`warm_up_units` run to its end.

    Why: in the browser, the runtime's WebAssembly is compiled lazily by a
    baseline compiler and only its hot functions are recompiled by the
    optimizing one, in the background, after they have run a while; until
    then every Python line runs about three times slower (measured in the
    page: a unit of this search takes 55-65 ms for the first 0.6-1 s, then
    17-19 ms; with the engine told to compile everything optimized up front
    it takes 17-19 ms from the first unit). So the first searches after the
    worker starts were the slow ones. The loop stops early once a unit runs
    in under half the time of the slowest one before it (the hot code has
    been optimized), and after ``most_units`` units: the engine picks the
    functions to optimize by the work they have done, not by the time, and
    four units are the work that made it optimize them here (a page whose
    runtime came optimized from the browser's code cache, a second visit,
    ran ten fast units in the 0.3 s for nothing). Answers ``{"units",
    "seconds", "unit_ms"}``; it leaves no job and no table behind."""
    gen = warm_up_units(most_s, most_units)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def warm_up_units(most_s: float = 0.5, most_units: int = 4):
    """:func:`warm_up` a unit at a time: a generator that yields after each unit (one run of every
    warm-up request) and returns the same answer, so that the worker can warm up between the page's
    calls instead of before its first."""
    times: list = []
    requests = [(spec.name, request) for spec in SPECS for request in spec.warm_up]
    end = time.perf_counter() + most_s
    while True:
        t0 = time.perf_counter()
        for game, request in requests:
            job = json.loads(start(game, request))["job"]
            while not json.loads(step(job, 40))["done"]:
                pass
        times.append(time.perf_counter() - t0)
        if len(times) >= 3 and times[-1] < 0.5 * max(times[1:-1]):
            break
        if time.perf_counter() >= end or len(times) >= most_units:
            break
        yield len(times)
    return {"units": len(times), "seconds": sum(times), "unit_ms": [round(t * 1000, 1) for t in times]}


def ping() -> str:
    """Answers once the worker has loaded: the runtime's version."""
    import sys

    return sys.version.split()[0]
