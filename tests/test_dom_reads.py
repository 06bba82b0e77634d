"""The DOM is written from state, never read back as state.

The page's Python (py/app) keeps every piece of state itself: the board and moves in
the session, the options, the pickers' choices, the selected piece or tile and the
keyboard's cursor (the games' UI states, puzzles.<game>_input). A picker is drawn
from that state, and its change event carries the new value into it once
(``event.target.value``). This test reads every line of py/app for a read of the DOM
(a control's value or tick, a class, an attribute, a text, the focus) and fails on
any that is not an event's payload or listed below with its reason."""

import io
import pathlib
import re
import tokenize

from puzzles.games import SPECS

APP = pathlib.Path(__file__).resolve().parent.parent / "py" / "app"

# What reading the DOM looks like: a property read (not written: `x.value = ...` is
# drawing) or a query of a class, an attribute, a text or the focus.
PROPERTY = re.compile(
    r"\.(value|checked|selectedIndex|textContent|innerText|innerHTML|hidden|dataset)\b(?!\s*=(?!=))"
)
QUERY = re.compile(r"classList\.contains|getAttribute\(|hasAttribute\(|\.dataset\.|activeElement|\.matches\(")
# An event's payload: what the person just chose or typed, read in its own change or
# input handler and carried into state there (a lambda's `e` or a handler's `event`).
PAYLOAD = re.compile(r"\b(e|event)\.target\.(value|checked)\b")

# Each remaining read, by its line (stripped), and why it is not state read back.
ALLOWED = {
    'return None if node is None else (node, int(str(node.getAttribute("data-" + field))))': (
        "dom.hit: the piece or cell an event happened on (its data-* number), the event's payload"
    ),
    "active = document.activeElement": "the focus is the browser's, not the game's: read to keep it where it is",
    'focused = str(active.getAttribute("data-pid") or "")': (
        "Huarong: which piece holds the browser's focus, so reordering the pieces for Tab keeps it"
    ),
    "board = self.spec.board.parse(str(self.board_input[1].value))": (
        "the paste box's text, read when Load asks for it (the action's payload); nothing is kept in the box"
    ),
}


def code_lines(path: pathlib.Path) -> list:
    """``(number, the line as written, the line without its strings and comments)``."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    kept = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.STRING, tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE):
            continue
        if tok.start[0] != tok.end[0] or not tok.string.strip():
            continue
        row = kept.setdefault(tok.start[0], {})
        row[tok.start[1]] = tok.string
    out = []
    for n, cols in sorted(kept.items()):
        text = " ".join(cols[c] for c in sorted(cols))
        text = re.sub(r"\s*\.\s*", ".", text)
        text = re.sub(r"\s*\(\s*", "(", text)
        out.append((n, lines[n - 1].strip(), text))
    return out


def dom_reads() -> list:
    """Every line of py/app and of the games' views that reads the DOM, but for an event's payload:
    ``(file, number, line)``."""
    found = []
    views = [APP.parent.joinpath(*spec.view.split(".")).with_suffix(".py") for spec in SPECS if spec.view]
    for path in sorted(APP.glob("*.py")) + views:
        for n, line, code in code_lines(path):
            code = PAYLOAD.sub("", code)
            if PROPERTY.search(code) or QUERY.search(code):
                found.append((path.name, n, line))
    return found


def test_the_page_reads_no_state_back_from_the_dom():
    unexplained = [r for r in dom_reads() if r[2] not in ALLOWED]
    assert unexplained == [], "DOM read as state (keep it in Python; see the docstring):\n" + "\n".join(
        "%s:%d: %s" % r for r in unexplained
    )


def test_every_allowed_read_is_still_there():
    """An entry whose line has gone is dropped from the list (it only shrinks)."""
    lines = {r[2] for r in dom_reads()}
    assert [k for k in list(ALLOWED) if k not in lines] == []


def test_the_check_finds_reads_of_state():
    """The patterns catch reads of state from the DOM (and do not flag writes or payloads)."""
    samples = {
        "value = str(self.preset_select.value) or 'small'": True,
        "rows, cols = [int(x) for x in str(self.size_select.value).split('x')]": True,
        "if self.selected is None or not target.classList.contains('hr-slot'):": True,
        "r, c = int(str(target.dataset.r)), int(str(target.dataset.c))": True,
        "self._tap(int(str(tile.dataset.tile)))": True,
        "if not self.share_progress.checked:": True,
        "self.preset_select.value = name": False,
        "self.mode_note.hidden = not shown": False,
        "on(s, 'change', lambda e: self._on_size(str(e.target.value)))": False,
        "self.seed_typed = str(event.target.value)": False,
    }
    for line, is_read in samples.items():
        code = PAYLOAD.sub("", re.sub(r"'[^']*'", "", line))
        assert bool(PROPERTY.search(code) or QUERY.search(code)) == is_read, line
