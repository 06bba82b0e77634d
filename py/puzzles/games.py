"""The one registry of games: the shell, the worker, the command line and the
tests all read :data:`GAMES`. Adding a game means adding its module's
``SPEC`` here (see the README's "Adding a game")."""

from puzzles import huarong, linkup, sliding

SPECS = (huarong.SPEC, linkup.SPEC, sliding.SPEC)
NAMES = tuple(spec.name for spec in SPECS)  # the tabs' order (MicroPython's dicts keep no order)
GAMES = {spec.name: spec for spec in SPECS}
DEFAULT_GAME = "huarong"
