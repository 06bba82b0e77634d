"""The one registry of games: the shell, the worker, the command line and the
tests all read :data:`GAMES`. Adding a game means adding its module's
``SPEC`` here (see the README's "Adding a game")."""

from puzzles import huarong, linkup, sliding

GAMES = {spec.name: spec for spec in (huarong.SPEC, linkup.SPEC, sliding.SPEC)}
DEFAULT_GAME = "huarong"
