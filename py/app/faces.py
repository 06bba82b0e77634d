"""Link-up's tile faces: a symbol and a colour per kind, so every player can
tell tiles apart by shape alone (no two kinds share a symbol, and no symbol
has an outlined twin such as ♠/♤) and by colour too (look-alike families —
card suits, chess pieces, plain shapes — sit within one run of ten, so each
gets its own colour). Every colour keeps white text above 4.5:1 contrast.

Runs on MicroPython (the page's main thread) and CPython (the tests)."""

# Ten colours, each with white text at 6:1 or more (see :func:`contrast`).
COLORS = (
    "#b3261e",  # red
    "#9a4a00",  # orange
    "#5c6300",  # olive
    "#1e6e34",  # green
    "#00695c",  # teal
    "#1f5fa8",  # blue
    "#6b3fa0",  # purple
    "#a3195b",  # magenta
    "#5d4037",  # brown
    "#212121",  # black
)
# Sixty-one symbols that DejaVu Sans and the phones' own fonts draw, the first
# fifty for the largest preset (10 × 20, fifty kinds). U+FE0E asks for the
# text form, never a colour emoji.
_SYMBOLS = (
    "★♠♥♦♣☀☂☃☯☘"
    "♞♜♝♛♚⚓✿✈☎⚑"
    "●▲■⬟⬢✚◆☾☁♫"
    "⚡❄☕⚙✂✉⚖☮♻⚛"
    "☸✪♯☗❖⌘☠☢⚜♨"
    "⚔☣✡☪◐▼♩☄✠⚒♁"
)
FACES = tuple(ch + "\ufe0e" for ch in _SYMBOLS)
DISTINCT = len(FACES)  # kinds up to this many get a face of their own


def face(kind: int) -> tuple:
    """``(symbol, colour)`` of tile kind ``kind`` (1, 2, …)."""
    i = (kind - 1) % DISTINCT
    return (FACES[i], COLORS[i % len(COLORS)])


def _luminance(colour: str) -> float:
    out = 0.0
    for weight, i in ((0.2126, 1), (0.7152, 3), (0.0722, 5)):
        c = int(colour[i : i + 2], 16) / 255
        c = c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        out += weight * c
    return out


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours."""
    la, lb = _luminance(a), _luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
