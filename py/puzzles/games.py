"""The one registry of games: the shell, the worker, the command line and the
tests all read :data:`GAMES`. Adding a game means adding its module's
``SPEC`` here (see the README's "Adding a game")."""

from puzzles import huarong, linkup, sliding

SPECS = [huarong.SPEC, linkup.SPEC, sliding.SPEC]
NAMES = [spec.name for spec in SPECS]  # the tabs' order (MicroPython's dicts keep no order)
GAMES = {spec.name: spec for spec in SPECS}
DEFAULT_GAME = "huarong"
# The page's texts about the set of games, ``(English, 中文)`` (merged into :mod:`app.i18n`).
TEXTS = {
    "subtitle": (
        "Huarong Road, Link-up and the sliding puzzle — play them, or watch Python solve them in your browser.",
        "华容道、连连看、滑动谜题——自己玩，或看 Python 在浏览器里解开它们。",
    ),
    "code_coords": (
        "Cells are written [row, col] here, counting from 0 as your function receives them.",
        "这里的格子写作 [行, 列]，从 0 数起，和你的函数收到的一样。",
    ),
}


# The module a runtime's files may hold beside the app, whose import registers more games
# (:func:`register_extra`). The product's configs never ship one; the test server's do for a page
# that asks for the tests' own game, so that game is played through the same shell and worker.
EXTRA = "extra_games"


def register(spec: object) -> None:
    """Add a game after the others (a test's own game, see :data:`EXTRA`): the
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


def register_extra() -> bool:
    """Import :data:`EXTRA` if this runtime's files hold it (it calls :func:`register`); ``False``
    when there is none. Called by the page's and the worker's entry points before anything reads
    the registry. Which module is imported is fixed here: nothing in a URL names one."""
    try:
        __import__(EXTRA)
    except ImportError as e:
        if EXTRA not in str(e):  # the module is there, and something it imports is not
            raise
        return False
    return True
