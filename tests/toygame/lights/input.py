"""What a tap on a lights board means (see :mod:`puzzles.input`): a tap on a light presses it.
The UI state is empty (``{}``)."""

from puzzles.input import whole
from toygame.lights import CELLS


def new_ui() -> dict:
    return {}


def interpret(board: object, ui: dict, ev: dict) -> tuple:
    """``(outcome, ui)`` for event ``ev``: ``[cell]`` for a tap on a light, else ``None``."""
    if ev.get("kind") == "tap":
        cell = whole(ev.get("piece"))
        if cell is not None and 0 <= cell < CELLS:
            return [cell], ui
    return None, ui
