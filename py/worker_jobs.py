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

``R``, every search's result, has one shape: ``{"status": "solved" |
"unsolvable" | "unknown", "moves": [...], "stats": {"positions": n,
"seconds": s, ...}}`` (see :class:`puzzles.Result`); a cancelled job's step
answers ``{"status": "cancelled", "moves": [], "stats": {}}``. ``E`` is
``{"code", "values", "text"}``: ``text`` in English, ``code`` and
``values`` for the page to say it in its own language.
"""

import json
import time

from puzzles import PuzzleError
from puzzles.games import GAMES

_jobs: dict = {}  # job id -> [generator, seconds of search spent in it so far, spec]
_next_id = [0]
CANCELLED = {"status": "cancelled", "moves": [], "stats": {}}


def error(e: Exception) -> dict:
    """An exception as the protocol's error object."""
    return {
        "code": getattr(e, "code", "failed"),
        "values": getattr(e, "values", {}),
        "text": str(e),
    }


def _solver(game: str) -> tuple:
    spec = GAMES[game]
    return spec, __import__(spec.solver, None, None, ["JOBS"])


def new_id() -> int:
    """A job id no job has had: for a job whose work begins before :func:`start` (a download)."""
    _next_id[0] += 1
    return _next_id[0]


def start(game: str, request: "str | dict", job: "int | None" = None) -> str:
    """Begin a job (as ``job``, an id from :func:`new_id`, when given); answers
    ``{"job": id}`` or ``{"error": E}``."""
    try:
        req = json.loads(request) if isinstance(request, str) else request
        spec, solver = _solver(game)
        board = spec.board.parse(str(req["board"])) if "board" in req else None
        options = spec.check_options(req.get("options"), board if board is not None else spec.default())
        gen = solver.JOBS[req.get("action", "solve")](board, options, req)
    except (PuzzleError, KeyError, ValueError, TypeError) as e:
        return json.dumps({"error": error(e)})
    if job is None:
        job = new_id()
    _jobs[job] = [gen, 0.0, spec]
    return json.dumps({"job": job})


def step(job: int, budget_ms: float = 40) -> str:
    """Run a job for about ``budget_ms``; answers its progress or its result."""
    entry = _jobs.get(job)
    if entry is None:
        return json.dumps({"done": True, "result": CANCELLED})
    gen = entry[0]
    t0 = time.perf_counter()
    deadline = t0 + budget_ms / 1000
    progress = None
    try:
        while time.perf_counter() < deadline:
            progress = next(gen)
    except StopIteration as stop:
        del _jobs[job]
        result = stop.value.to_dict(entry[2].encode_move)
        result["stats"]["seconds"] = entry[1] + time.perf_counter() - t0  # the search's own time, all slices
        return json.dumps({"done": True, "result": result})
    except (PuzzleError, ValueError, MemoryError) as e:
        del _jobs[job]
        return json.dumps({"done": True, "error": error(e)})
    entry[1] += time.perf_counter() - t0
    return json.dumps({"done": False, "progress": progress})


def cancel(job: int) -> str:
    """Forget a job; answers ``{"cancelled": bool}``."""
    return json.dumps({"cancelled": _jobs.pop(job, None) is not None})


def ping() -> str:
    """Answers once the worker has loaded: the runtime's version."""
    import sys

    return sys.version.split()[0]
