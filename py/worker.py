"""Entry of the solver worker (Pyodide): exports the job functions to the page."""

__export__ = ["start", "step", "cancel", "hint", "ping"]
