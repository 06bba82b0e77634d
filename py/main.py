"""The page's main thread (MicroPython): builds the shell and the open game,
makes the board playable, then connects to the solver worker and builds the
rest (the closed tabs, the panels a click opens: see app.lazy). The marks
(``app:main``, ``app:imported``, ``app:playable``) are the start-up bench's
breakdown (tools/bench_startup.py)."""

import asyncio

from pyscript import window

window.performance.mark("app:main")

from puzzles.games import register_extra  # noqa: E402

register_extra()  # a test server's page: its own games join the registry before the shell reads it

from app.shell import Shell  # noqa: E402

window.performance.mark("app:imported")
shell = Shell()
shell.build()
shell.set_app_state("ready")
window.performance.mark("app:playable")
shell.start_solver()
asyncio.create_task(shell.build_rest())
