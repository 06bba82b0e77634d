"""A test-only fourth game: a 2 × 2 "lights out".

Its own files are this folder: ``lights.py`` (the board and its ``SPEC``),
``lights_solver.py`` (the worker's ``JOBS``) and :func:`registered` below,
which adds the game to the registry and its texts to the catalogues for one
test. Nothing else in the tree names it: the generic tests find it through
``puzzles.games``.
"""

import contextlib

from puzzles import games, messages

# The game's PuzzleError codes, English and 中文, as messages.py holds every game's.
MESSAGES = {
    "lights_bad_size": ("{text}: a lights board is {side} × {side}.", "{text}：灯盘须为 {side} × {side}。"),
    "lights_bad_cell": (
        "{text}: row {row}, column {col} is {value}; a light is 0 (off) or 1 (on).",
        "{text}：第 {row} 行第 {col} 列为 {value}；灯只能是 0（灭）或 1（亮）。",
    ),
}
# The page's texts the shell builds from a game's name (py/app/i18n.py's table).
TEXTS = {"tab_lights": ("Lights out", "关灯")}


@contextlib.contextmanager
def registered():
    """Register the toy while the ``with`` block runs: its SPEC in
    ``puzzles.games`` (:func:`puzzles.games.register`), its messages and its
    page texts; all taken out again after. Gives the SPEC."""
    from app import i18n
    from toygame import lights

    games.register(lights.SPEC)
    added = [(messages.MESSAGES, MESSAGES), (i18n._TEXT, TEXTS)]
    for table, entries in added:
        table.update(entries)
    try:
        yield lights.SPEC
    finally:
        games.unregister(lights.SPEC.name)
        for table, entries in added:
            for key in entries:
                del table[key]
