"""Entry of the solver worker (Pyodide): exports the job functions to the page."""

from worker_jobs import cancel, hint, linkup_generate, linkup_shuffle, ping, start, step

__export__ = ["start", "step", "cancel", "hint", "linkup_generate", "linkup_shuffle", "ping"]
# PyScript looks the exported names up; this keeps linters from dropping the import.
_exported = (start, step, cancel, hint, linkup_generate, linkup_shuffle, ping)
