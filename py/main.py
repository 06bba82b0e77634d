"""The page's main thread (MicroPython): builds the shell and every game of the
registry, makes the board playable, then connects to the solver worker."""

import asyncio

from app.shell import Shell

shell = Shell()
shell.build()
shell.set_app_state("ready")
asyncio.create_task(shell.build_rest())
asyncio.create_task(shell.solver.connect())
