"""Entry of the solver worker (Pyodide): exports the job functions to the page."""

import json

from worker_jobs import cancel, hint, linkup_generate, linkup_shuffle, ping, sliding_install, start, step


async def sliding_tables(url: str) -> str:
    """Fetch the 4×4 pattern tables from ``url`` and install them (once per worker)."""
    from pyodide.http import pyfetch

    try:
        response = await pyfetch(str(url))
        if not response.ok:
            return json.dumps({"error": "%s answered HTTP %d" % (url, response.status)})
        data = await response.bytes()
    except Exception as e:  # network or browser refusal: reported, the solver goes on
        return json.dumps({"error": "the pattern tables could not be fetched: %s" % e})
    return sliding_install(data)


__export__ = ["start", "step", "cancel", "hint", "linkup_generate", "linkup_shuffle", "ping", "sliding_tables"]
# PyScript looks the exported names up; this keeps linters from dropping the import.
_exported = (start, step, cancel, hint, linkup_generate, linkup_shuffle, ping, sliding_tables)
