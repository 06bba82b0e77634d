"""The solver worker's jobs: pure Python, run by Pyodide in a web worker.

The page never waits on a long call: a solve is a job that the main thread
steps in time slices (:func:`step`), reading progress after each slice and
cancelling by simply dropping it (:func:`cancel`). Requests and answers are
JSON strings, so nothing depends on how the two runtimes convert objects.
"""

import json
import time

from puzzles import PuzzleError, huarong, linkup, sliding

_jobs: dict = {}  # job id -> [generator, seconds of search spent in it so far]
_next_id = [0]
_tables: list = []  # cached Huarong distance tables, newest last
_MAX_TABLES = 4
# Positions a Huarong search may keep before it answers "unknown" (memory guard).
HUARONG_LIMIT = 3_000_000


def _huarong_search(req: dict):
    board = huarong.Board.parse(req["board"])
    return huarong.search(
        board,
        req.get("metric", "cell"),
        bool(req.get("equivalence", True)),
        limit=HUARONG_LIMIT,
    )


# Positions a Link-up search may expand before it answers "unknown".
LINKUP_BUDGET = 30_000


def _linkup_search(req: dict):
    return linkup.search(linkup.Board.parse(req["board"]), int(req.get("budget", LINKUP_BUDGET)))


def _sliding_search(req: dict):
    return sliding.search(sliding.Board.parse(req["board"]), str(req.get("mode", "optimal")))


_STARTERS = {"huarong": _huarong_search, "linkup": _linkup_search, "sliding": _sliding_search}


def sliding_install(data: bytes) -> str:
    """Install the shipped 4×4 pattern tables (the bytes of static/data/sliding-4x4.pdb)."""
    t0 = time.perf_counter()
    try:
        heur = sliding.install_tables(data)
    except (ValueError, KeyError, TypeError) as e:
        return json.dumps({"error": "the pattern tables did not load: %s" % e})
    return json.dumps({"groups": heur.groups, "seconds": time.perf_counter() - t0})


def start(game: str, request: str) -> str:
    """Begin a solve; answers ``{"job": id}`` or ``{"error": message}``."""
    try:
        gen = _STARTERS[game](json.loads(request))
    except (PuzzleError, KeyError, ValueError) as e:
        return json.dumps({"error": str(e)})
    _next_id[0] += 1
    job = _next_id[0]
    _jobs[job] = [gen, 0.0]
    return json.dumps({"job": job})


def step(job: int, budget_ms: float = 40) -> str:
    """Run a job for about ``budget_ms``; answers its progress or its result."""
    entry = _jobs.get(job)
    if entry is None:
        return json.dumps({"done": True, "result": {"status": "cancelled"}})
    gen = entry[0]
    t0 = time.perf_counter()
    deadline = t0 + budget_ms / 1000
    progress = None
    try:
        while time.perf_counter() < deadline:
            progress = next(gen)
    except StopIteration as stop:
        del _jobs[job]
        result = stop.value.to_dict()
        result["seconds"] = entry[1] + time.perf_counter() - t0  # the search's own time, all slices
        return json.dumps({"done": True, "result": result})
    entry[1] += time.perf_counter() - t0
    return json.dumps({"done": False, "progress": progress})


def cancel(job: int) -> str:
    """Forget a job (its memory goes with it); answers ``{"cancelled": bool}``."""
    return json.dumps({"cancelled": _jobs.pop(job, None) is not None})


def _table_for(board: "huarong.Board", metric: str) -> "huarong.DistanceTable":
    for table in _tables:
        if table.metric == metric and table.contains(board):
            return table
    table = huarong.DistanceTable(board, metric, limit=HUARONG_LIMIT)
    _tables.append(table)
    del _tables[:-_MAX_TABLES]
    return table


def hint(game: str, request: str) -> str:
    """Best next move and distance to the goal for a Huarong position.

    Answers ``{"distance": d, "moves": [[pid, dir], ...]}``; ``distance`` is
    ``null`` when the goal cannot be reached from the position.
    """
    try:
        req = json.loads(request)
        board = huarong.Board.parse(req["board"])
        metric = req.get("metric", "cell")
        table = _table_for(board, metric)
    except (PuzzleError, KeyError, ValueError) as e:
        return json.dumps({"error": str(e)})
    d = table.distance(board)
    moves = table.hint(board) if d else []
    return json.dumps({"distance": d, "moves": [[p, m] for p, m in moves or []], "component": table.component})


def linkup_generate(request: str) -> str:
    """A new clearable Link-up board: ``{"rows", "cols", "kinds", "per_kind", "seed"}`` → ``{"board": code}``."""
    try:
        req = json.loads(request)
        board = linkup.generate(
            int(req["rows"]), int(req["cols"]), int(req["kinds"]), int(req["per_kind"]), int(req["seed"])
        )
    except (PuzzleError, KeyError, ValueError, TypeError) as e:
        return json.dumps({"error": str(e)})
    return json.dumps({"board": board.to_code()})


def linkup_shuffle(request: str) -> str:
    """The remaining tiles shuffled: ``{"board", "seed"}`` → ``{"board": code}``."""
    try:
        req = json.loads(request)
        board = linkup.shuffle(linkup.Board.parse(req["board"]), int(req["seed"]))
    except (PuzzleError, KeyError, ValueError, TypeError) as e:
        return json.dumps({"error": str(e)})
    return json.dumps({"board": board.to_code()})


def ping() -> str:
    """Answers once the worker has loaded: the runtime's version."""
    import sys

    return sys.version.split()[0]
