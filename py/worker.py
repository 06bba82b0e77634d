"""Entry of the solver worker (Pyodide): the one job protocol of
:mod:`worker_jobs` for the page (``start``, ``step``, ``cancel``, ``ping``,
called by static/solver-worker.js, which imports this module).

The worker may start from the start-up snapshot (:mod:`worker_snapshot`), whose
interpreter has this project's modules imported already. Before anything
imports them, :func:`check_snapshot` compares the digest of the files the
snapshot was made from with the one the page's config names (static/solver-worker.js
writes it, as ``files.digest``, and fetches no file when they are equal), else
the sources the snapshot imported with the files static/solver-worker.js wrote
for this page (this file is never in the snapshot, so the check is always the
current one)."""

import importlib
import json
import sys


def _ours(name: str) -> bool:
    return name == "worker_jobs" or name == "puzzles" or name.startswith("puzzles.")


def _read(path: str) -> "bytes | None":
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def check_snapshot() -> str:
    """How this worker's modules start: ``"files"`` (no snapshot: imported
    from the files), ``"snapshot"`` (the snapshot's modules: it was made from
    files of the digest the page's config names, or its sources are the files
    written), or ``"stale snapshot"`` (a file differs from the source the
    snapshot imported, or is gone: every module of this project is dropped,
    to be imported from the files)."""
    snapshot = sys.modules.get("worker_snapshot")
    sources = getattr(snapshot, "SOURCES", None)
    if not sources:
        return "files"
    import random

    random.seed()  # not the sequence every page started from this memory would share
    made_from = getattr(snapshot, "DIGEST", "")
    if made_from and _read("files.digest") == made_from.encode():
        return "snapshot"
    if all(_read(path) == source for path, source in sources.items()):
        return "snapshot"
    for name in [n for n in sys.modules if _ours(n)]:
        del sys.modules[name]
    importlib.invalidate_caches()
    return "stale snapshot"


STARTED_FROM = check_snapshot()
if sys.platform == "emscripten":  # for the tests and the benchmark: how this worker started
    import js

    js.performance.mark("solver-worker:" + STARTED_FROM)

import asyncio  # noqa: E402

import worker_jobs  # noqa: E402  (after the check: never a stale snapshot's module)
from puzzles.games import register_extra  # noqa: E402
from worker_jobs import ping  # noqa: E402

register_extra()  # the page's games, a test server's own among them (see puzzles.games.EXTRA)


# Jobs whose file is still on its way: job id -> {"game", "req", "task", "abort", "received", "total", "data",
# "error"}. A download is a job like any other: each step answers at once with how many bytes came (the
# page's watchdog is for a worker that stopped answering, not for a slow line), and cancel aborts it
# without touching the worker.
_downloads: dict = {}
WAIT_S = 0.1  # the longest a step waits for more bytes before it answers


async def _download(d: dict, url: str) -> None:
    """Fetch ``url`` into ``d["data"]``, counting ``d["received"]`` of ``d["total"]`` bytes as they come."""
    import js

    try:
        abort = js.AbortController.new()
        d["abort"] = abort
        opts = js.Object.new()
        opts.signal = abort.signal
        response = await js.fetch(url, opts)
        if not response.ok:
            raise OSError("%s answered HTTP %d" % (url, response.status))
        length = response.headers.get("Content-Length")
        d["total"] = int(length) if length else 0
        reader = response.body.getReader()
        buf = bytearray()
        while True:
            chunk = await reader.read()
            if chunk.done:
                break
            buf += chunk.value.to_bytes()
            d["received"] = len(buf)
        d["data"] = bytes(buf)
    except Exception as e:  # network or browser refusal: reported, the page goes on
        d["error"] = {"code": "fetch_failed", "values": {"url": url}, "text": str(e) or "failed"}


async def start(game: str, request: str) -> str:
    """:func:`worker_jobs.start`; a request with a ``"url"`` (a file of this
    app, such as the sliding puzzle's pattern tables) answers a job at once
    whose steps report the download (``{"received", "total"}`` bytes) until
    the file is in, then run the job with its bytes as ``"data"``."""
    _page_jobs[0] += 1
    try:
        req = json.loads(str(request))
        url = req.get("url") if isinstance(req, dict) else None
    except ValueError:
        url = None
    if url is None:
        return worker_jobs.start(str(game), str(request))
    job = worker_jobs.new_id()
    d = {"game": str(game), "req": req, "received": 0, "total": 0, "data": None, "error": None, "abort": None}
    d["task"] = asyncio.ensure_future(_download(d, str(url)))
    _downloads[job] = d
    return json.dumps({"job": job})


async def step(job: int, budget_ms: float = 40) -> str:
    """:func:`worker_jobs.step`, or the download's progress while its file comes."""
    d = _downloads.get(job)
    if d is None:
        return worker_jobs.step(job, budget_ms)
    if not d["task"].done():
        await asyncio.wait([d["task"]], timeout=min(budget_ms / 1000, WAIT_S))
    if not d["task"].done():
        progress = {"positions": 0, "method": "download", "received": d["received"], "total": d["total"]}
        return json.dumps({"done": False, "progress": progress})
    del _downloads[job]
    if d["error"] is not None:
        return json.dumps({"done": True, "error": d["error"]})
    d["req"]["data"] = d["data"]
    del d["req"]["url"]
    answer = json.loads(worker_jobs.start(d["game"], d["req"], job))
    if "error" in answer:
        return json.dumps({"done": True, "error": answer["error"]})
    return json.dumps({"done": False, "progress": {"positions": 0, "method": "tables"}})


def cancel(job: int) -> str:
    """:func:`worker_jobs.cancel`; a download under way is aborted (the worker goes on)."""
    d = _downloads.pop(job, None)
    if d is None:
        return worker_jobs.cancel(job)
    if d["abort"] is not None:
        d["abort"].abort()
    d["task"].cancel()
    return json.dumps({"cancelled": True})


# Run the search until the runtime's hot code is optimized (see worker_jobs.warm_up), so that a Solve runs
# as fast as the later ones. In the browser it runs once the page has heard that the solver is ready, a unit
# a task (a call of the page waits one unit at most), and stops as soon as the page has started a job of its
# own (which warms the same code), even one over by then (a Link-up or sliding look-ahead can end between
# two units, and the warm-up would go on for about 0.3 s of CPU at every start of those games); a Solve asked
# meanwhile is answered at once, at the cold runtime's speed. Elsewhere (CPython: the tests, the command line)
# it runs on import.
WARM_UP_S = 0.3
WARMED: dict = {}
_page_jobs = [0]  # the jobs the page has started (start() calls)


async def _warm_up() -> None:
    await asyncio.sleep(0.05)  # "ready" posted first, and the page's first calls answered
    gen = worker_jobs.warm_up_units(WARM_UP_S)
    while not _page_jobs[0]:
        try:
            next(gen)
        except StopIteration as stop:
            WARMED.update(stop.value)
            break
        await asyncio.sleep(0)
    js.performance.mark("solver-warm-up:" + json.dumps(WARMED or {"stopped": "a job of the page"}))


if sys.platform == "emscripten":
    _warming = asyncio.ensure_future(_warm_up())
else:
    WARMED.update(worker_jobs.warm_up(WARM_UP_S))


# static/solver-worker.js calls these by name; this keeps linters from dropping the import.
_protocol = (start, step, cancel, ping)
