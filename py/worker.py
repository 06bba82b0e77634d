"""Entry of the solver worker (Pyodide): exports the job functions to the page."""

from worker_jobs import cancel, hint, ping, start, step

__export__ = ["start", "step", "cancel", "hint", "ping"]
_exported = (start, step, cancel, hint, ping)  # the names PyScript looks up by __export__
