"""Entry of the solver worker (Pyodide): exports the one job protocol of
:mod:`worker_jobs` to the page.

The worker may start from the start-up snapshot (:mod:`worker_snapshot`), whose
interpreter has this project's modules imported already. Before anything
imports them, :func:`check_snapshot` compares the sources the snapshot
imported with the files PyScript wrote for this page (this file is never in
the snapshot, so the check is always the current one)."""

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
    from the files), ``"snapshot"`` (the snapshot's modules, whose sources are
    the files'), or ``"stale snapshot"`` (a file differs from the source the
    snapshot imported, or is gone: every module of this project is dropped,
    to be imported from the files)."""
    snapshot = sys.modules.get("worker_snapshot")
    sources = getattr(snapshot, "SOURCES", None)
    if not sources:
        return "files"
    import random

    random.seed()  # not the sequence every page started from this memory would share
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

import worker_jobs  # noqa: E402  (after the check: never a stale snapshot's module)
from worker_jobs import cancel, ping, step  # noqa: E402


async def start(game: str, request: str) -> str:
    """:func:`worker_jobs.start`; a request with a ``"url"`` (a file of this
    app, such as the sliding puzzle's pattern tables) gets its bytes fetched
    first, as ``"data"``."""
    from pyodide.http import pyfetch

    try:
        req = json.loads(str(request))
    except ValueError:  # not JSON: answered by the protocol's coded bad_request
        return worker_jobs.start(str(game), str(request))
    url = req.get("url") if isinstance(req, dict) else None
    if url is not None:
        try:
            response = await pyfetch(str(url))
            if not response.ok:
                raise OSError("%s answered HTTP %d" % (url, response.status))
            req["data"] = await response.bytes()
        except Exception as e:  # network or browser refusal: reported, the page goes on
            return json.dumps({"error": {"code": "fetch_failed", "values": {"url": str(url)}, "text": str(e)}})
    return worker_jobs.start(str(game), req)


__export__ = ["start", "step", "cancel", "ping"]
# PyScript looks the exported names up; this keeps linters from dropping the import.
_exported = (start, step, cancel, ping)
