"""Step through: the learner's program recorded in its worker (``py/trace_recorder.py``), then shown
step by step — a slider, the step's line marked in the editor, the learner's variables, the moves
listed (never played) and the board showing what the step looks at.

The record stays in JavaScript (``static/code.js`` checked every step of it as input and keeps it):
a step is asked for when it is shown (``window.__code.stepAt``), a small text, so moving the slider
never decodes the record on the page's MicroPython. Rendering a step only reads that text and sets a
few nodes; a burst of keys renders the latest step once.

The game's part is reached through the view's hooks (``py/app/hooks.py``): ``trace_args`` (what the
function is called on beyond the board, and the words that say it), ``trace_show`` (the step on the
board: cells marked, or the program's board drawn in place of the game's) and ``trace_off``. What
the recorder looks for (cells, boards) is the game's exercise's ``trace``.
"""

import json

from pyscript import window
from pyscript.ffi import create_proxy

from app.dom import clear, el, into_view, on
from app.trace_sizes import sizes

KEYS = {"ArrowRight": 1, "ArrowUp": 1, "ArrowLeft": -1, "ArrowDown": -1, "PageUp": 10, "PageDown": -10}
MOVES_SHOWN = 60  # moves listed at most (the rest counted)


class StepView:
    BOARD_PORT = ("trace_args", "trace_show", "trace_off", "trace_board", "draw_case")  # what it calls on a view
    """State: ``record`` (the key of the record in ``static/code.js``), ``n`` (steps recorded),
    ``at`` (the step shown), ``shown`` (the steps are on screen)."""

    def __init__(self, shell: object, frame: object, section: object, before: object) -> None:
        self.shell, self.frame = shell, frame
        self.board = None  # the game's view behind a port of BOARD_PORT, set by the view
        self.area = None  # the board's area: brought into view when the steps open
        self.editor = None  # the editor's handle, set by the panel
        self.on_leave = None  # the panel's call once the steps are gone (its status told how to move through them)
        self.record, self.n, self.at, self.shown = None, 0, 1, False
        self.capped = False
        self.scroll = False
        self.moves: list = []
        self.pending = False
        self.data = None
        sh = shell
        self.box = box = el("div", None, "step-view", hidden=True)
        section.insertBefore(box, before)
        self.note = el("p", box, "step-note")  # the panel's status line says the record is ready
        self.where = el("p", box, "step-where")
        self.sizes = el("p", box, "step-sizes")  # the queue's length and the visited set's size
        self.vars = el("div", box, "step-vars", role="region", tabindex="0")
        sh.text(self.vars, "step_vars", "aria-label")
        sh.text(el("h3", self.vars, "step-vars-title"), "step_vars")
        self.table = el("table", self.vars, "step-table")
        self.body = el("tbody", self.table)
        self.rows: list = []
        self.moves_el = el("p", box, "step-moves")
        # the slider's bar stays at the foot of the screen while stepping: with the board above it in view
        self.bar = bar = el("div", section, "step-bar", role="group", hidden=True)
        sh.text(bar, "step_bar", "aria-label")
        self.label = el("span", bar, "step-label", aria_hidden="true")
        self.slider = el("input", bar, "step-slider", type="range", min="1", max="1", value="1", step="1",
                         aria_valuemin="1")
        sh.text(self.slider, "step_slider", "aria-label")
        self.back = frame.button(bar, "step_back", lambda e: self.leave())
        on(self.slider, "input", frame.guard(lambda e: self.go(int(e.target.value))))
        on(self.slider, "keydown", frame.guard(self._on_key))
        self._draw_soon = create_proxy(lambda: self.frame.guard(lambda e: self._draw())(None))
        self._on_key_doc = create_proxy(self._on_escape)
        window.document.addEventListener("keydown", self._on_key_doc)
        sh.on_lang(self._relabel)

    # ------------------------------------------------------------------ opening
    def open(self, record: int, n: int, capped: bool, moves: list, note: "tuple | None") -> None:
        """Show a finished record of ``n`` steps (``capped``: the cap stopped it), its ``moves``
        (listed) and ``note`` (``(key, values)``: which case is stepped)."""
        self.record, self.n, self.capped, self.moves, self.case_note = record, n, capped, moves, note
        self.shown = True
        self.slider.setAttribute("max", str(n))
        self.slider.setAttribute("aria-valuemax", str(n))
        self.box.removeAttribute("hidden")
        self.bar.removeAttribute("hidden")
        window.document.body.classList.add("stepping")
        self._say_note()
        self._say_moves()
        self.go(1)
        self.slider.focus()
        self.scroll = True  # the first step drawn brings the board into view (the slider's bar is fixed)

    def leave(self) -> None:
        """Back to the game: the steps hide, the editor's mark goes, the game's board comes back."""
        if not self.shown:
            return
        self.shown = False
        self.box.setAttribute("hidden", "")
        self.bar.setAttribute("hidden", "")
        window.document.body.classList.remove("stepping")
        if self.editor is not None:
            self.editor.step(0)
        if self.board is not None:
            self.board.trace_off()
        if self.on_leave is not None:
            self.on_leave()

    def _on_escape(self, event: object) -> None:
        if self.shown and str(event.key) == "Escape":
            self.leave()

    def _on_key(self, event: object) -> None:
        key = str(event.key)
        if key in KEYS:
            target = self.at + KEYS[key]
        elif key == "Home":
            target = 1
        elif key == "End":
            target = self.n
        else:
            return
        event.preventDefault()
        self.go(target)

    # ------------------------------------------------------------------ one step
    def go(self, i: int) -> None:
        """Show step ``i`` (kept within 1..n); a burst of moves draws the latest once, in a task of
        its own."""
        self.at = max(1, min(self.n, i))
        self.slider.value = str(self.at)
        if not self.pending:
            self.pending = True
            window.setTimeout(self._draw_soon, 0)

    def _draw(self) -> None:
        self.pending = False
        if not self.shown:
            return
        data = json.loads(str(window.__code.stepAt(self.record, self.at)))
        if not isinstance(data, dict):
            return
        self.data = data
        line = data.get("line")
        self.slider.setAttribute("aria-valuenow", str(self.at))
        self.slider.setAttribute("aria-valuetext", self.shell.t("step_line", n=line))
        self.label.textContent = self.shell.t("step_of", i=self.at, n=self.n)
        self.where.textContent = self.shell.t("step_where", i=self.at, n=self.n, line=line, fn=data.get("fn") or "")
        if self.editor is not None:
            self.editor.step(line)
        self._draw_vars(data.get("vars") or [])
        data["sizes"] = self.sizes.textContent = sizes_text(self.shell.t, data.get("vars") or [])
        if self.board is not None:
            self.board.trace_show(data, self.at)
        if self.scroll and self.area is not None:
            self.scroll = False
            into_view(self.area, self.area)

    def _draw_vars(self, rows: list) -> None:
        """One row a variable: its name, its value as text (the nodes kept and their texts set)."""
        while len(self.rows) < len(rows):
            tr = el("tr", self.body)
            self.rows.append((tr, el("th", tr, scope="row"), el("td", tr)))
        for k, (tr, name, value) in enumerate(self.rows):
            if k < len(rows):
                tr.removeAttribute("hidden")
                name.textContent = str(rows[k][0])
                value.textContent = str(rows[k][1])
            else:
                tr.setAttribute("hidden", "")

    # ------------------------------------------------------------------ words
    def _say_note(self) -> None:
        parts = [self.shell.t("step_capped" if self.capped else "step_recorded", n=self.n)]
        if self.case_note is not None:
            parts.insert(0, self.shell.t(self.case_note[0], **self.case_note[1]))
        self.note.textContent = " ".join(parts)

    def _say_moves(self) -> None:
        if not self.moves:
            self.moves_el.textContent = self.shell.t("step_no_moves")
            return
        shown = ", ".join(str(m) for m in self.moves[:MOVES_SHOWN])
        if len(self.moves) > MOVES_SHOWN:
            shown += ", … (%d)" % len(self.moves)
        self.moves_el.textContent = self.shell.t("step_moves", moves=shown)

    def _relabel(self) -> None:
        if self.shown:
            self._say_note()
            self._say_moves()
            self.go(self.at)


def sizes_text(t: object, rows: list) -> str:
    """"queue 12 · visited 340" for a step's variables (:func:`app.trace_sizes.sizes`; ``t`` the page's
    words), a part left out when no variable is one; ``""`` when neither is."""
    queue, seen = sizes(rows)
    parts = []
    if queue is not None:
        parts.append(t("step_queue", n=queue))
    if seen is not None:
        parts.append(t("step_seen", n=seen))
    return " · ".join(parts)


def blocks(grid: list) -> list:
    """A board's rows of ids as the blocks to draw, in reading order of their top-left cells:
    ``(r, c, h, w, id)``. An id whose cells fill the rectangle that bounds them is one block (a Huarong
    piece, a sliding tile); an id that does not, and every empty cell (id 0), is a block a cell."""
    cells: dict = {}
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            cells.setdefault(v, []).append((r, c))
    out = []
    for v, where in cells.items():
        rs, cs = [r for r, _ in where], [c for _, c in where]
        h, w = max(rs) - min(rs) + 1, max(cs) - min(cs) + 1
        if v and h * w == len(where):
            out.append((min(rs), min(cs), h, w, v))
        else:
            out.extend((r, c, 1, 1, v) for r, c in where)
    out.sort()
    return out


def draw_grid(box: object, grid: list, cls: str) -> None:
    """A board's rows of ids drawn in ``box`` as :func:`blocks` (an empty cell for id 0), each block
    with its id as text and its colour from the id; ``cls`` the game's class for the blocks' look."""
    clear(box)
    rows, cols = len(grid), len(grid[0]) if grid else 0
    box.style.setProperty("--rows", str(rows))
    box.style.setProperty("--cols", str(cols))
    for r, c, h, w, v in blocks(grid):
        cell = el("span", box, cls + (" empty" if not v else ""), text=str(v) if v else "")
        cell.style.setProperty("grid-area", "%d / %d / span %d / span %d" % (r + 1, c + 1, h, w))
        if v:
            cell.style.setProperty("--hue", str((v * 47) % 360))


class BoardShadow:
    """Huarong's and Sliding's step on the board: the program's last board drawn in place of the
    game's (``board_el`` hidden meanwhile; the game's model is never touched; the board editor's
    draft, while editing, in place of both), in a container that
    carries ``data-trace="state"`` and says which step's board it is, with the sizes of the program's
    queue and visited set at that step."""

    def __init__(self, shell: object, board_el: object, cls: str) -> None:
        self.shell = shell
        self.board_el = board_el
        self.cls = cls
        self.box = el("figure", None, "trace-state play-only", data_trace="state", hidden=True)
        board_el.parentNode.insertBefore(self.box, board_el.nextSibling)
        self.cap = el("figcaption", self.box, "trace-caption")
        self.sizes = el("p", self.box, "trace-sizes")  # beside the board: the queue's and visited set's sizes
        self.grid = el("div", self.box, "trace-grid", role="img")
        self.drawn = None

    def show(self, data: dict, at: int) -> None:
        grid = data.get("board")
        k = data.get("boardStep")
        if isinstance(grid, list) and grid:
            words = self.shell.t("step_board", n=k)
            if self.drawn is not grid and json.dumps(grid) != json.dumps(self.drawn):
                draw_grid(self.grid, grid, self.cls)
            self.drawn = grid
        else:
            words = self.shell.t("step_no_board")
            clear(self.grid)
            self.drawn = None
        self.cap.textContent = words
        self.sizes.textContent = data.get("sizes") or ""
        self.grid.setAttribute("aria-label", words)
        self.box.removeAttribute("hidden")
        self.board_el.setAttribute("data-trace-hidden", "")

    def off(self) -> None:
        self.box.setAttribute("hidden", "")
        self.board_el.removeAttribute("data-trace-hidden")
        self.drawn = None


async def step_through(panel: object, case: "tuple | None" = None) -> None:
    """Step through (the Code panel's button): the learner's program recorded on the board on screen
    (and, for a function of more arguments, what the game's view picks), or on ``case`` (``(grid, args,
    note)``: a failing case of Check), then shown step by step."""
    view = panel.steps
    if panel.running is not None:
        return
    view.leave()
    if case is None and view.board is not None:
        got = view.board.trace_args(panel.first_fail)
        if len(got) == 3:  # the game steps the last Check's failing case
            case = got
    if case is not None:
        grid, args, note = case
    else:
        args, note = got if view.board is not None else ([], None)
        if args is None:
            panel.say(note[0], **note[1])
            return
        grid = panel.session.state.grid()
    panel._begin("step")
    try:
        done = await panel._request({"kind": "step", "game": panel.game, "source": panel.text, "board": grid,
                                     "args": args, "trace": panel.exercise.trace})
    finally:
        panel._end()
    if done is None:
        return
    n, record = done.get("steps"), done.get("record")
    err = done.get("error")
    panel._error(err)
    if not _whole(n) or n < 1 or not _whole(record):
        if err is None:
            panel.say("step_none")
        return
    moves = [json.dumps(m[0]) for m in (done.get("moves") or []) if isinstance(m, list) and len(m) == 2]
    if err is None:
        panel.say("step_ready", n=n)
    if view.board is not None:
        view.board.trace_board(grid if case is not None else None)
    view.open(record, n, done.get("capped") is True, moves, note)


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
