"""Input as pure functions, as Simon Tatham's ``interpret_move(state, ui, x, y, button)``:
what a player's tap, key, drag or swipe on a board means is decided here, from
the board, a small UI state and the event, never from the page. Each game has
one such module, ``<game>_input.py``, with

``interpret(board, ui, event) -> (outcome, ui)``

``board``
    the position on screen (the game's ``Board``).
``ui``
    a ``dict`` of what the player is in the middle of that is not the board's:
    the selected piece or tile, the keyboard's cursor (the game's module lists
    its keys and gives a fresh one, ``new_ui``). Never changed in place: a new
    ``dict`` comes back when it changes, so the view can compare.
``event``
    a ``dict`` made by :func:`event`: ``kind`` (``"tap"``, ``"key"``,
    ``"drag"``, ``"swipe"``) and, as the kind needs, the ``piece`` or ``cell``
    it happened on (cells numbered ``row * cols + col``, as the boards'
    ``cells``), the ``key`` (the DOM's ``KeyboardEvent.key`` name) or the
    ``direction`` (a word of :data:`puzzles.DIRECTIONS`). A click, and Enter or
    Space on a focused piece's button (the browser turns those into its click),
    is a tap.
``outcome``
    ``None``: nothing to play (the ``ui`` may have changed: redraw it);
    a ``list`` of moves: play them in order, each one ``spec.apply`` accepts on
    the board the one before it leaves (a tap that slides a line of tiles is
    several moves, each counted);
    a :class:`Refused`: the rules forbid what the event asks for; nothing
    moves, and the view shows the refusal where it says.

An event the game does not know (a key it does not read, a piece or cell that
is not on the board, a malformed value) is ``(None, ui)``: ignored, never an
error. The views only find the piece or cell under the pointer
(:func:`app.dom.hit`), call ``interpret`` and play what comes back.

The module runs on MicroPython (the page's main thread): plain dicts and
lists, no ``dataclasses``, no run-time ``typing``, no tuple keys.
"""

from puzzles import STEP

# The one arrow table: the direction on the screen each arrow key points (a word
# of DIRECTIONS; STEP gives its (row, column) step). What moves that way is each
# game's rule: Huarong's focused piece, Link-up's cursor, the sliding puzzle's
# tile beside the blank (it slides the way the arrow points, into the blank).
ARROW_KEY_DIRECTION = {"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right"}

KINDS = ("tap", "key", "drag", "swipe")


def event(
    kind: str,
    piece: "int | None" = None,
    cell: "int | None" = None,
    key: "str | None" = None,
    direction: "str | None" = None,
) -> dict:
    """One input event as :func:`interpret` reads it (see the module's docstring)."""
    return {"kind": kind, "piece": piece, "cell": cell, "key": key, "direction": direction}


class Refused:
    """What an event asked for is against the rules: nothing moves. The view shows
    it (a shake) on ``pieces`` and ``cells``, or on the whole board when both are
    empty, and says ``say`` (a page text key of :mod:`app.i18n`) when it is not
    ``""``."""

    def __init__(self, pieces: "list | None" = None, cells: "list | None" = None, say: str = "") -> None:
        self.pieces = list(pieces or [])
        self.cells = list(cells or [])
        self.say = say

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Refused)
            and self.pieces == other.pieces
            and self.cells == other.cells
            and self.say == other.say
        )

    def __repr__(self) -> str:
        return "Refused(pieces=%r, cells=%r, say=%r)" % (self.pieces, self.cells, self.say)


def gesture_direction(dx: float, dy: float, reach: float) -> "str | None":
    """The direction of a pointer that went ``dx`` right and ``dy`` down (any
    unit): the longer of the two (across when they are equal), once it reaches
    ``reach``; ``None`` before that (a tap, or a drag not yet a cell's half)."""
    if max(abs(dx), abs(dy)) < reach:
        return None
    if abs(dx) >= abs(dy):
        return "right" if dx > 0 else "left"
    return "down" if dy > 0 else "up"


def key_direction(ev: dict) -> "str | None":
    """The direction of a ``key`` event's arrow key, or ``None``."""
    key = ev.get("key")
    return ARROW_KEY_DIRECTION.get(key) if isinstance(key, str) else None


def direction_of(ev: dict) -> "str | None":
    """A ``drag`` or ``swipe`` event's direction when it is one of :data:`DIRECTIONS`, else ``None``."""
    d = ev.get("direction")
    return d if isinstance(d, str) and d in STEP else None


def whole(value: object) -> "int | None":
    """``value`` when it is an ``int`` (not a ``bool``), else ``None``: an event's piece or cell."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def cell_on(board: object, value: object) -> "int | None":
    """``value`` when it is a cell of ``board`` (``0 <= value < rows * cols``), else ``None``."""
    i = whole(value)
    return i if i is not None and 0 <= i < board.rows * board.cols else None


def changed(ui: dict, **values: object) -> dict:
    """``ui`` with ``values`` set: the same dict when nothing changes, else a new one."""
    for name, value in values.items():
        if ui.get(name) != value:
            out = dict(ui)
            out.update(values)
            return out
    return ui

