"""What a tap, key or drag on a Huarong board means (see :mod:`puzzles.input`).

The UI state: ``{"selected": pid or None}``, the piece a tap picked (drawn
pressed, and the piece a tap on an empty cell moves).

Rules, each a move of :data:`puzzles.huarong.SPEC` (``(pid, direction)``, one cell):

- a tap on a piece selects it, or lets it go when it was the one selected;
- a tap on a cell with a piece selected moves that piece there in a straight
  line, one cell at a time (one move each), all or nothing: the cell must be in
  the piece's rows (then it goes across) or its columns (then up or down), and
  every cell on the way free; else refused, on the piece and the cell. A cell
  the piece covers, or no piece selected, means nothing;
- an arrow key on a piece selects it and moves it one cell the arrow's way
  (refused, on the piece, when it is blocked); Escape lets the selection go;
- a drag of a piece by half a cell (the view measures, with
  :func:`puzzles.input.gesture_direction`) moves it one cell that way, refused
  on the piece when blocked; it leaves the selection as it is.
"""

from puzzles.input import Refused, cell_on, changed, direction_of, key_direction, whole

# The keys interpret reads on a focused piece (the view keeps their default
# action, a scroll, from happening).
KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Escape")


def new_ui() -> dict:
    """Nothing selected."""
    return {"selected": None}


def interpret(board: object, ui: dict, ev: dict) -> tuple:
    """``(outcome, ui)`` for event ``ev`` on ``board`` (the module's rules)."""
    kind = ev.get("kind")
    pieces = board.pieces()
    selected = whole(ui.get("selected"))
    if selected is None or selected not in pieces:
        ui = changed(ui, selected=None)  # a selection this board does not have goes
    pid = whole(ev.get("piece"))
    if pid is not None and pid not in pieces:
        pid = None
    if kind == "tap":
        if pid is not None:
            return None, changed(ui, selected=None if ui.get("selected") == pid else pid)
        return _tap_cell(board, ui, cell_on(board, ev.get("cell")))
    if kind == "key" and pid is not None:
        if ev.get("key") == "Escape":
            return None, changed(ui, selected=None)
        d = key_direction(ev)
        if d is None:
            return None, ui
        ui = changed(ui, selected=pid)
        return _one(board, pid, d), ui
    if kind == "drag" and pid is not None:
        d = direction_of(ev)
        return (_one(board, pid, d), ui) if d is not None else (None, ui)
    return None, ui


def _one(board: object, pid: int, d: str) -> object:
    return [(pid, d)] if board.can_move(pid, d) else Refused(pieces=[pid])


def _tap_cell(board: object, ui: dict, cell: "int | None") -> tuple:
    """Tap-and-tap: the selected piece to ``cell`` in a straight line, all or nothing."""
    pid = ui.get("selected")
    if pid is None or cell is None:
        return None, ui
    p = board.pieces()[pid]
    r, c = divmod(cell, board.cols)
    if p.row <= r < p.row + p.height:
        d, n = ("left", p.col - c) if c < p.col else ("right", c - (p.col + p.width - 1))
    elif p.col <= c < p.col + p.width:
        d, n = ("up", p.row - r) if r < p.row else ("down", r - (p.row + p.height - 1))
    else:
        return Refused(pieces=[pid], cells=[cell]), ui
    if n <= 0:
        return None, ui  # a cell the piece covers
    moves = []
    for _ in range(n):
        if not board.can_move(pid, d):
            return Refused(pieces=[pid], cells=[cell]), ui
        board = board.move(pid, d)
        moves.append((pid, d))
    return moves, ui

