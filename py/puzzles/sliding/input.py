"""What a tap, key or swipe on a sliding-puzzle board means (see :mod:`puzzles.input`).

The UI state is empty (``{}``): nothing is selected, every event is a slide.

Rules (a move of :data:`puzzles.sliding.SPEC` is a tile, sliding into the blank beside it):

- a tap on a tile in the blank's row or column slides it and every tile
  between it and the blank, the nearest the blank first (one move each,
  :meth:`puzzles.sliding.Board.line_to_blank`); refused on the tile when it is
  in neither;
- an arrow key, or a swipe, slides the tile beside the blank the way it
  points, into the blank: the tile on the blank's other side (ArrowUp slides
  the tile below the blank up); refused on the whole board when there is
  none (the blank at that edge).
"""

from puzzles import STEP
from puzzles.input import Refused, direction_of, key_direction, whole

# The keys interpret reads (the view keeps their default action, a scroll, from happening).
KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")


def new_ui() -> dict:
    """The sliding puzzle keeps no UI state."""
    return {}


def interpret(board: object, ui: dict, ev: dict) -> tuple:
    """``(outcome, ui)`` for event ``ev`` on ``board`` (the module's rules)."""
    kind = ev.get("kind")
    if kind == "tap":
        tile = whole(ev.get("piece"))
        if tile is None or not 0 < tile < len(board.cells):
            return None, ui
        line = board.line_to_blank(tile)
        return (line if line else Refused(pieces=[tile])), ui
    if kind == "key":
        d = key_direction(ev)
    elif kind == "swipe":
        d = direction_of(ev)
    else:
        d = None
    if d is None:
        return None, ui
    dr, dc = STEP[d]
    z = board.blank()
    r, c = z // board.cols - dr, z % board.cols - dc  # the tile that moves the way d points, into the blank
    if not (0 <= r < board.rows and 0 <= c < board.cols):
        return Refused(), ui
    return [board.cells[r * board.cols + c]], ui
