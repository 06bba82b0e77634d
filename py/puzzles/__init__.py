"""Pure game logic for the three puzzles: no browser imports.

Every module here runs in CPython (tests, the CLI, the Pyodide worker) and the
modules the page's main thread imports also run on MicroPython: no
``dataclasses``, no run-time ``typing``, no ``int.bit_length``.
"""

import json


class PuzzleError(ValueError):
    """A board, move or script that does not validate.

    The message quotes the offending input and says what is wrong with it.
    """


def quote(text: object, limit: int = 40) -> str:
    """``repr`` of a piece of user input, shortened to ``limit`` characters."""
    s = str(text)
    if len(s) > limit:
        s = s[: limit - 1] + "…"
    return repr(s)


def load_json(text: str, error: type) -> object:
    """``json.loads`` that raises ``error`` (a :class:`PuzzleError`) quoting the text."""
    try:
        return json.loads(text)
    except ValueError:
        raise error("%s is not valid JSON" % quote(text)) from None
