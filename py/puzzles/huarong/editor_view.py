"""Huarong Road's board editor on the page: the grid's size, the four shapes and the
eraser as tools, and the draft (:class:`puzzles.huarong.draft.HuarongDraft`) drawn as a
button per empty cell (place the tool's piece, or move the selected one there) and per
piece (select it, move it by arrow key, delete it). The way into and out of the editor,
and the draft itself, are the midend's :class:`app.editor_frame.EditorFrame`'s.

Page-only (a ``*_view`` module: tools/configs.py ships it to the main thread alone).
Constructed with a port, a dict of the calls it makes:

* ``t(key, **values)``, ``text(node, key, attr)``, ``lang()``: the page's texts and language;
* ``select(parent, key, id)``, ``button(parent, key, handler, cls)``, ``guard(handler)``:
  the frame's controls;
* ``play_button(bar)``: the editor's way into play (the editor frame's);
* ``draft()``: the draft being edited; ``selected()`` / ``set_selected(i)``: the piece
  selected (an index of ``draft().pieces``, or ``None``); ``focus()`` / ``set_focus(rc)``:
  the cell the focus goes to after a redraw (the editor frame's state);
* ``edited()``: the draft changed (redrawn and said); ``set_draft(draft)``: a new draft;
  ``refused(error, *nodes)``: an edit the draft refused, said and marked; ``render()``:
  the panel redrawn.
"""

from app.dom import clear, el, hit, on
from puzzles import STEP, DraftError, PuzzleError
from puzzles.huarong import MAX_SIDE
from puzzles.huarong.draft import SHAPE_ORDER, SHAPES, HuarongDraft
from puzzles.huarong.pieces_view import kind, piece_name, place
from puzzles.input import ARROW_KEY_DIRECTION

TOOLS = SHAPE_ORDER + ("erase",)


class Editor:
    """State: ``tool`` (the shape to place, or ``"erase"``), ``node`` (the element the draft is
    drawn in, given by :meth:`listen`)."""

    def __init__(self, port: dict) -> None:
        self.port = port
        self.tool = "boss"
        self.node = None
        self.tool_btns: dict = {}

    def build(self, bar: object) -> None:
        """The editor's bar: the grid's rows and columns, Clear, Play this board and the tools."""
        port = self.port
        self.rows = port["select"](bar, "ed_rows", "hr-ed-rows")
        self.cols = port["select"](bar, "ed_cols", "hr-ed-cols")
        for select in (self.rows, self.cols):
            for n in range(2, MAX_SIDE + 1):
                el("option", select, value=str(n), text=str(n))
        on(self.rows, "change", port["guard"](lambda e: self.resize(int(str(e.target.value)), port["draft"]().cols)))
        on(self.cols, "change", port["guard"](lambda e: self.resize(port["draft"]().rows, int(str(e.target.value)))))
        port["button"](bar, "ed_clear", self._on_clear, "")
        port["play_button"](bar)
        tools = el("div", bar, "tools", role="group")
        port["text"](tools, "ed_tools", "aria-label")
        for tool in TOOLS:
            self.tool_btns[tool] = port["button"](tools, "ed_" + tool, self._tool_click(tool), "tool tool-" + tool)

    def listen(self, node: object) -> None:
        """The element the draft is drawn in: one listener of each kind (it is redrawn on every edit)."""
        self.node = node
        on(node, "click", self._on_click)
        on(node, "keydown", self._on_key)

    def status(self) -> tuple:
        """``(key, values)``: the draft would play, or why not."""
        try:
            self.port["draft"]().to_board()
        except PuzzleError as e:
            return ("ed_invalid", {"msg": e.text(self.port["lang"]())})
        return ("ed_ready", {})

    def _tool_click(self, tool: str) -> object:
        def handler(event: object) -> None:
            self.tool = tool
            self.port["set_selected"](None)
            self.port["render"]()

        return handler

    def resize(self, rows: int, cols: int) -> None:
        """The draft's grid made ``rows`` × ``cols`` (a size picker's change)."""
        try:
            self.port["draft"]().resize(rows, cols)
        except DraftError as e:
            self.port["refused"](e, self.node)
            self.port["render"]()
            return
        self.port["edited"]()

    def _on_clear(self, event: object) -> None:
        d = self.port["draft"]()
        self.port["set_draft"](HuarongDraft(d.rows, d.cols))

    def draw(self) -> None:
        """The draft: a button per empty cell (place or move there) and per piece (select, delete)."""
        port = self.port
        d = port["draft"]()
        lang = port["lang"]()
        t = port["t"]
        selected, focus_at = port["selected"](), port["focus"]()
        self.rows.value = str(d.rows)
        self.cols.value = str(d.cols)
        for tool, b in self.tool_btns.items():
            b.setAttribute("aria-pressed", "true" if tool == self.tool else "false")
        box = self.node
        clear(box)
        box.style.setProperty("--rows", str(d.rows))
        box.style.setProperty("--cols", str(d.cols))
        if (d.cols - 2) % 2 == 0:
            exit_ = el("div", box, "hr-exit", aria_hidden="true")
            exit_.style.setProperty("--x", str((d.cols - 2) // 2))
            exit_.style.setProperty("--w", "2")
        focus = None
        for r in range(d.rows):
            for c in range(d.cols):
                if d.piece_at(r, c) is None:
                    i = r * d.cols + c
                    b = el("button", box, "hr-slot ed-cell", type="button", data_r=r, data_c=c, data_cell=i)
                    b.setAttribute("aria-label", t("ed_cell_label", r=r + 1, c=c + 1))
                    place(b, r, c, 1, 1)
                    if focus_at == (r, c):
                        focus = b
        for i, ((r, c, h, w), pid) in enumerate(zip(d.pieces, d.ids())):
            b = el("button", box, "hr-piece " + kind(h, w, (h, w) == SHAPES["boss"]), type="button",
                   data_pid=pid, data_i=i)
            name = piece_name(pid, h, w, lang)
            el("span", b, "hr-name", text=name)
            label = t("piece_label", name=name, pid=pid, r=r + 1, c=c + 1)
            if i == selected:
                label += " — " + t("piece_selected")
            b.setAttribute("aria-label", label)
            b.setAttribute("aria-pressed", "true" if i == selected else "false")
            place(b, r, c, h, w)
            if focus_at is not None and r <= focus_at[0] < r + h and c <= focus_at[1] < c + w:
                focus = b
        if focus is not None:
            focus.focus()

    def _on_click(self, event: object) -> None:
        """A click on the draft: on an empty cell (place the tool's piece, or move the
        selected one there) or on a piece (select it, or erase it with the eraser)."""
        piece = hit(event, ".hr-piece", "i")
        if piece is not None:
            self._piece_click(piece[1])
            return
        cell = hit(event, ".ed-cell", "cell")
        if cell is not None:
            r, c = divmod(cell[1], self.port["draft"]().cols)
            self._cell_click(r, c, cell[0])

    def _on_key(self, event: object) -> None:
        piece = hit(event, ".hr-piece", "i")
        if piece is not None:
            self._piece_key(piece[1], event, piece[0])

    def _cell_click(self, r: int, c: int, node: object) -> None:
        port = self.port
        port["set_focus"]((r, c))
        selected = port["selected"]()
        try:
            if selected is not None:
                port["draft"]().move(selected, r, c)
            elif self.tool == "erase":
                raise DraftError("ed_nothing_here")
            else:
                port["draft"]().place(self.tool, r, c)
        except DraftError as e:
            port["refused"](e, node)
            return
        port["edited"]()

    def _piece_click(self, i: int) -> None:
        port = self.port
        draft = port["draft"]()
        port["set_focus"]((draft.pieces[i][0], draft.pieces[i][1]))
        if self.tool == "erase":
            draft.remove(i)
            port["set_selected"](None)
        else:
            port["set_selected"](None if port["selected"]() == i else i)
        port["edited"]()

    def _piece_key(self, i: int, event: object, node: object) -> None:
        port = self.port
        draft = port["draft"]()
        key = str(event.key)
        r, c = draft.pieces[i][0], draft.pieces[i][1]
        if key in ARROW_KEY_DIRECTION:
            event.preventDefault()
            dr, dc = STEP[ARROW_KEY_DIRECTION[key]]
            try:
                draft.move(i, r + dr, c + dc)
            except DraftError as e:
                port["refused"](e, node)
                return
            port["set_selected"](i)
            port["set_focus"]((r + dr, c + dc))
        elif key in ("Delete", "Backspace"):
            event.preventDefault()
            draft.remove(i)
            port["set_selected"](None)
            port["set_focus"]((r, c))
        elif key == "Escape":
            port["set_selected"](None)
        else:
            return
        port["edited"]()
