"""The page's main thread (MicroPython): builds the shell, makes the board
playable, then connects to the solver worker in the background."""

import asyncio

from app.huarong_view import HuarongGame
from app.linkup_view import LinkupGame
from app.shell import Placeholder, Shell

shell = Shell()
shell.build({"huarong": HuarongGame, "linkup": LinkupGame, "sliding": Placeholder})
shell.set_app_state("ready")
asyncio.create_task(shell.solver.connect())
