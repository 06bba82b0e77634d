"""The page's main thread (MicroPython): builds the shell, makes the board
playable, then connects to the solver worker in the background."""

import asyncio

from app.huarong_view import HuarongGame
from app.linkup_view import LinkupGame
from app.shell import Shell
from app.sliding_view import SlidingGame

shell = Shell()
shell.build({"huarong": HuarongGame, "linkup": LinkupGame, "sliding": SlidingGame})
shell.set_app_state("ready")
asyncio.create_task(shell.solver.connect())
