"""What a tap or key on a Link-up board means (see :mod:`puzzles.input`).

The UI state: ``{"selected": cell or None, "cursor": cell, "turned": bool}``:
the tile a first tap picked; the keyboard's cursor, the one tile of the grid in
the Tab order (its cell); whether the board is drawn on its side (its rows as
columns, so the arrow keys' rows and columns swap). Cells are ``row * cols +
col``.

Rules (a move of :data:`puzzles.linkup.SPEC` is a joined pair ``(a, b)``, ``a < b``):

- a tap on a tile puts the cursor there; with no tile selected, or this one,
  it selects it or lets it go; with another selected, the two are joined
  when the course's ``connect`` finds a path (the move), else refused on both
  tiles, said (``lu_no_join``) and the selection let go. A tap on an empty
  cell means nothing;
- an arrow key moves the cursor to the nearest tile the arrow's way on the
  screen (:func:`step`), refused on the cursor's tile when there is none;
  Home and End move it to the first and last tile of its row.
"""

from puzzles import STEP
from puzzles.input import Refused, cell_on, changed, key_direction
from puzzles.linkup import connect

# The keys interpret reads (the view keeps their default action, a scroll, from happening).
KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End")


def new_ui(board: object) -> dict:
    """Nothing selected; the cursor on the first tile in reading order; drawn flat."""
    return {"selected": None, "cursor": nearest(board, 0), "turned": False}


def nearest(board: object, i: int) -> int:
    """The tile nearest cell ``i`` (``i`` itself if it holds one), in its row if that
    is as near; ``i`` when the board has no tile."""
    best, best_d = i, None
    r0, c0 = divmod(i, board.cols)
    for j, kind in enumerate(board.cells):
        if kind:
            r, c = divmod(j, board.cols)
            d = (abs(r - r0) + abs(c - c0)) * 2 + (r != r0)
            if best_d is None or d < best_d:
                best, best_d = j, d
    return best


def step(board: object, cursor: int, dr: int, dc: int) -> "int | None":
    """The tile the cursor goes to toward ``(dr, dc)``: the nearest within the
    quarter-plane that way, straight ahead first; ``None`` when there is none."""
    r0, c0 = divmod(cursor, board.cols)
    for d in range(1, max(board.rows, board.cols) + 1):
        for o in sorted(range(-d, d + 1), key=abs):
            r, c = r0 + dr * d + dc * o, c0 + dc * d + dr * o
            if 0 <= r < board.rows and 0 <= c < board.cols and board.cells[r * board.cols + c]:
                return r * board.cols + c
    return None


def follow(board: object, ui: dict) -> dict:
    """The UI state for ``board`` after it changed (a pair joined, an undo, a new
    board of another size): the cursor moves to the nearest tile when its own
    went (or it is off the board), the selection goes with its tile."""
    cursor = cell_on(board, ui.get("cursor"))
    if cursor is None or not board.cells[cursor]:
        cursor = nearest(board, cursor if cursor is not None else 0)
    selected = cell_on(board, ui.get("selected"))
    if selected is not None and not board.cells[selected]:
        selected = None
    return changed(ui, cursor=cursor, selected=selected)


def interpret(board: object, ui: dict, ev: dict) -> tuple:
    """``(outcome, ui)`` for event ``ev`` on ``board`` (the module's rules)."""
    ui = follow(board, ui)
    kind = ev.get("kind")
    if kind == "tap":
        i = cell_on(board, ev.get("cell"))
        if i is None or not board.cells[i]:
            return None, ui
        a = ui.get("selected")
        if a is None or a == i:
            return None, changed(ui, cursor=i, selected=None if a == i else i)
        cols = board.cols
        if not connect(board, a // cols, a % cols, i // cols, i % cols):
            return Refused(cells=[a, i], say="lu_no_join"), changed(ui, cursor=i, selected=None)
        return [(min(a, i), max(a, i))], changed(ui, cursor=i, selected=None)
    if kind != "key":
        return None, ui
    cursor = ui["cursor"]
    key = ev.get("key")
    d = key_direction(ev)
    if d is not None:
        dr, dc = STEP[d]
        if ui.get("turned"):
            dr, dc = dc, dr
        target = step(board, cursor, dr, dc)
        if target is None:
            return Refused(cells=[cursor]), ui
        return None, changed(ui, cursor=target)
    if key in ("Home", "End"):
        r = cursor // board.cols
        row = [r * board.cols + c for c in range(board.cols) if board.cells[r * board.cols + c]]
        if not row:
            return None, ui
        return None, changed(ui, cursor=row[0] if key == "Home" else row[-1])
    return None, ui
