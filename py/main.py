"""The page's main thread (MicroPython): builds the shell and every game of the
registry, makes the board playable, then connects to the solver worker."""

import asyncio

from puzzles.games import register_extra

register_extra()  # a test server's page: its own games join the registry before the shell reads it

from app.shell import Shell  # noqa: E402

shell = Shell()
shell.build()
shell.set_app_state("ready")
asyncio.create_task(shell.build_rest())
asyncio.create_task(shell.solver.connect())
