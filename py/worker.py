"""Entry of the solver worker (Pyodide): exports the one job protocol of
:mod:`worker_jobs` to the page."""

import json

import worker_jobs
from worker_jobs import cancel, ping, step


async def start(game: str, request: str) -> str:
    """:func:`worker_jobs.start`; a request with a ``"url"`` (a file of this
    app, such as the sliding puzzle's pattern tables) gets its bytes fetched
    first, as ``"data"``."""
    from pyodide.http import pyfetch

    req = json.loads(str(request))
    url = req.get("url")
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
