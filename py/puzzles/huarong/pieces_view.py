"""How Huarong Road's pieces are drawn and named on the page, by the board and the board editor alike:
a piece's class, its name in the page's language, its place on the grid.

Page-only (a ``*_view`` module: tools/configs.py ships it to the main thread alone); on the first
screen, so the board's view can draw before the editor's module (:mod:`.editor_view`) is loaded.
"""

from app import i18n
from puzzles.huarong.texts import piece_text


def piece_name(pid: int, height: int, width: int, lang: str) -> str:
    """The name a piece shows, in ``lang`` (see :func:`puzzles.huarong.texts.piece_text`)."""
    key, values = piece_text(pid, height, width)
    return i18n.t(key, lang, **values)


def place(node: object, r: int, c: int, h: int, w: int) -> None:
    """Put a piece's (or a cell's) button at row ``r``, column ``c``, ``h`` × ``w`` cells (CSS variables)."""
    s = node.style
    s.setProperty("--r", str(r))
    s.setProperty("--c", str(c))
    s.setProperty("--h", str(h))
    s.setProperty("--w", str(w))


def kind(h: int, w: int, boss: bool) -> str:
    """A piece's class on the board: the boss, a soldier (one cell) or a general."""
    return "boss" if boss else ("soldier" if h * w == 1 else "general")
