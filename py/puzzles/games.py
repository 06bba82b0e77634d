"""The one registry of games: the shell, the worker, the command line and the
tests all read :data:`GAMES`. Adding a game means adding its module's
``SPEC`` here (see the README's "Adding a game")."""

from puzzles import huarong, linkup, sliding

SPECS = [huarong.SPEC, linkup.SPEC, sliding.SPEC]
NAMES = [spec.name for spec in SPECS]  # the tabs' order (MicroPython's dicts keep no order)
GAMES = {spec.name: spec for spec in SPECS}
DEFAULT_GAME = "huarong"


def register(spec: object) -> None:
    """Add a game after the others (the tests' toy game, tests/toygame/): the
    three lists above change in place, so every reader sees it."""
    if spec.name in GAMES:
        raise ValueError("a game named %r is registered already" % spec.name)
    SPECS.append(spec)
    NAMES.append(spec.name)
    GAMES[spec.name] = spec


def unregister(name: str) -> None:
    """Take out a game :func:`register` added."""
    spec = GAMES.pop(name)
    SPECS.remove(spec)
    NAMES.remove(name)
