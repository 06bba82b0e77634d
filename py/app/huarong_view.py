"""Huarong Road on the page: its pickers (layout, metric), its board of pieces
(drag, tap-and-tap, arrow keys), ``gameHandler.move(pid, dir)``, the BFS
chart, the move-script box and the "What equivalence buys" comparison.
Everything else is :class:`app.view.GameView`'s."""

from app.dom import clear, el, on
from app.i18n import piece_name
from app.view import GameView
from puzzles import PuzzleError, exact_int
from puzzles.huarong import DIRECTIONS, STEP, check_script
from puzzles.huarong_layouts import LAYOUTS

_ARROWS = {"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right"}


def _fmt(n: int) -> str:
    """Digits with thousands separators."""
    s = str(n)
    out = ""
    while len(s) > 3:
        out = "," + s[-3:] + out
        s = s[:-3]
    return s + out


class View(GameView):
    TEXT = {
        "ready": "status_ready",
        "won": "status_won",
        "solved": "solved",
        "unsolvable": "no_solution",
        "unknown": "unknown",
        "hint_none": "hint_none",
        "paste_help": "paste_board_help",
    }

    def __init__(self, shell: object, panel: object, spec: object) -> None:
        self.selected = None
        self.drag = None
        self.suppress_click = False
        self.piece_els: dict = {}
        super().__init__(shell, panel, spec)

    # ================================================================= frame
    def build_controls(self, bar: object) -> None:
        self.layout_select = self._select(bar, "layout", "hr-layout")
        on(self.layout_select, "change", self._guard(self._on_layout))
        self.option_select(bar, "metric", "metric")

    def build_board(self, parent: object) -> None:
        left = el("div", parent, "board-column")
        self.board_el = el("div", left, "hr-board", role="group", id="hr-board")
        self.shell.text(self.board_el, "board_huarong", "aria-label")
        on(self.board_el, "click", self._on_board_click)
        self.shell.text(el("p", left, "help"), "keys_help")

    def build_progress(self, box: object) -> None:
        self.chart = el("div", box, "chart", role="img")
        self.shell.text(self.chart, "chart", "aria-label")

    def build_panels(self, panel: object) -> None:
        box, self.script_input = self._paste_box(panel, "paste_script", "paste_script_help", "hr-script-input")
        self.script_input.setAttribute("rows", "6")
        self._button(box, "play_script", self._on_script)
        box = el("details", panel, "compare")
        self.shell.text(el("summary", box), "compare")
        self.shell.text(el("p", box, "help"), "compare_help")
        self.compare_btn = self._button(box, "compare_run", self._on_compare)
        self.compare_out = el("div", box, "compare-out")

    def _fill_layouts(self) -> None:
        clear(self.layout_select)
        lang = self.shell.lang
        for lay in LAYOUTS:
            par = lay.par[self.options["metric"]]
            name = lay.zh if lang == "zh" else lay.en
            extra = self.shell.t("par", n=par) if par is not None else self.shell.t("no_par")
            el("option", self.layout_select, value=str(lay.index), text="%s — %s" % (name, extra))
        el("option", self.layout_select, value="custom", text=self.shell.t("custom"))
        lay = self._layout()
        self.layout_select.value = str(lay.index) if lay is not None else "custom"

    def _layout(self) -> object:
        for lay in LAYOUTS:
            if lay.board == self.session.start:
                return lay
        return None

    # ================================================================= drawing
    def board_opened(self) -> None:
        self.selected = None
        self.metric_select.value = self.options["metric"]
        self._fill_layouts()
        self._build_pieces()

    def relabel(self) -> None:
        self._fill_layouts()
        self._build_pieces()

    def forget(self, new_board: bool) -> None:
        clear(self.chart)
        clear(self.compare_out)
        if not new_board:
            self._fill_layouts()  # the metric may have changed the par shown

    def _build_pieces(self) -> None:
        board = self.session.state
        clear(self.board_el)
        style = self.board_el.style
        style.setProperty("--rows", str(board.rows))
        style.setProperty("--cols", str(board.cols))
        for r in range(board.rows):
            for c in range(board.cols):
                slot = el("div", self.board_el, "hr-slot", data_r=r, data_c=c)
                self._place(slot, r, c, 1, 1)
        gr, gc = board.goal()
        target = board.pieces()[1]
        exit_ = el("div", self.board_el, "hr-exit", aria_hidden="true")
        exit_.style.setProperty("--x", str(gc))
        exit_.style.setProperty("--w", str(target.width))
        self.piece_els = {}
        for pid, p in board.pieces().items():
            kind = "boss" if pid == 1 else ("soldier" if p.height * p.width == 1 else "general")
            b = el("button", self.board_el, "hr-piece " + kind, type="button", data_pid=pid)
            el("span", b, "hr-name", text=piece_name(pid, p.height, p.width, self.shell.lang))
            on(b, "pointerdown", self._pointer_down(pid))
            on(b, "pointermove", self._on_pointer_move)
            on(b, "pointerup", self._on_pointer_up)
            on(b, "pointercancel", self._on_pointer_up)
            on(b, "click", self._piece_click(pid))
            on(b, "keydown", self._piece_key(pid))
            self.piece_els[pid] = b

    def _place(self, node: object, r: int, c: int, h: int, w: int) -> None:
        s = node.style
        s.setProperty("--r", str(r))
        s.setProperty("--c", str(c))
        s.setProperty("--h", str(h))
        s.setProperty("--w", str(w))

    def draw(self) -> None:
        board = self.session.state
        lang = self.shell.lang
        hinted = self.hinted[0] if self.hinted else None
        for pid, p in board.pieces().items():
            b = self.piece_els.get(pid)
            if b is None:
                continue
            self._place(b, p.row, p.col, p.height, p.width)
            label = self.shell.t(
                "piece_label", name=piece_name(pid, p.height, p.width, lang), pid=pid, r=p.row + 1, c=p.col + 1
            )
            if pid == self.selected:
                label += " — " + self.shell.t("piece_selected")
            b.setAttribute("aria-label", label)
            b.setAttribute("aria-pressed", "true" if pid == self.selected else "false")
            b.classList.toggle("hinted", hinted is not None and hinted[0] == pid)
            if hinted is not None and hinted[0] == pid:
                b.setAttribute("data-hint", hinted[1])
            else:
                b.removeAttribute("data-hint")
        self.board_el.classList.toggle("won", board.is_solved())

    # ================================================================= the handler
    def move(self, pid: object, direction: object) -> bool:
        """``gameHandler.move(pid, dir)``: one cell, or ``False`` and nothing changes."""
        try:
            pid = exact_int(pid)
        except ValueError:
            return False
        if direction not in DIRECTIONS:
            return False
        return self.play((pid, direction))

    def handler_methods(self) -> tuple:
        return (
            {
                "move": lambda *a: self.move(*a) if len(a) == 2 else False,
                "isSolved": lambda *a: self.session.state.is_solved(),
            },
            [],
        )

    # ================================================================= pointer & keys
    def _piece_click(self, pid: int) -> object:
        def handler(event: object) -> None:
            event.stopPropagation()
            if self.suppress_click:
                self.suppress_click = False
                return
            self.selected = None if self.selected == pid else pid
            self.render()

        return handler

    def _piece_key(self, pid: int) -> object:
        def handler(event: object) -> None:
            d = _ARROWS.get(str(event.key))
            if d is not None:
                event.preventDefault()
                self.selected = pid
                self.move(pid, d)
                self.render()
            elif str(event.key) == "Escape":
                self.selected = None
                self.render()

        return handler

    def _on_board_click(self, event: object) -> None:
        """Tap-and-tap: a tap on an empty cell moves the selected piece there in a straight line."""
        target = event.target
        if self.selected is None or not target.classList.contains("hr-slot"):
            return
        r, c = int(str(target.dataset.r)), int(str(target.dataset.c))
        p = self.session.state.pieces()[self.selected]
        if p.row <= r < p.row + p.height:
            d, n = ("left", p.col - c) if c < p.col else ("right", c - (p.col + p.width - 1))
        elif p.col <= c < p.col + p.width:
            d, n = ("up", p.row - r) if r < p.row else ("down", r - (p.row + p.height - 1))
        else:
            return
        board = self.session.state
        for _ in range(n):  # all or nothing
            if not board.can_move(self.selected, d):
                return
            board = board.move(self.selected, d)
        for _ in range(n):
            self.move(self.selected, d)

    def _pointer_down(self, pid: int) -> object:
        def handler(event: object) -> None:
            if str(event.pointerType) == "mouse" and int(event.button) != 0:
                return
            event.currentTarget.setPointerCapture(event.pointerId)
            cell = float(self.board_el.clientWidth) / self.session.state.cols
            self.drag = {"pid": pid, "x": float(event.clientX), "y": float(event.clientY), "cell": cell, "moved": 0}

        return handler

    def _on_pointer_move(self, event: object) -> None:
        drag = self.drag
        if drag is None:
            return
        dx = float(event.clientX) - drag["x"]
        dy = float(event.clientY) - drag["y"]
        half = drag["cell"] * 0.5
        d = None
        if abs(dx) >= abs(dy) and abs(dx) >= half:
            d = "right" if dx > 0 else "left"
        elif abs(dy) > abs(dx) and abs(dy) >= half:
            d = "down" if dy > 0 else "up"
        if d is None:
            return
        if self.move(drag["pid"], d):
            dr, dc = STEP[d]
            drag["x"] += dc * drag["cell"]
            drag["y"] += dr * drag["cell"]
            drag["moved"] += 1

    def _on_pointer_up(self, event: object) -> None:
        if self.drag is not None and self.drag["moved"]:
            self.suppress_click = True
        self.drag = None

    # ================================================================= controls
    def _on_layout(self, event: object) -> None:
        value = str(self.layout_select.value)
        if value != "custom":
            self.clear_alert()
            self.load(LAYOUTS[int(value)].board)

    def _on_script(self, event: object) -> None:
        try:
            moves = check_script(self.session.state, str(self.script_input.value))
        except PuzzleError as e:
            self.show_puzzle_error(e)
            return
        self.clear_alert()
        self.say("script_ok", n=len(moves))
        self.start_playback(moves, announce=True)

    # ================================================================= solver
    def show_progress(self, progress: dict) -> None:
        levels = progress.get("levels")
        if levels is not None:
            self.say("solving", n=progress["positions"], d=len(levels) - 1)
            self._draw_chart(levels)

    def _draw_chart(self, levels: list) -> None:
        clear(self.chart)
        top = max(levels) if levels else 1
        width = 100.0 / max(len(levels), 1)
        for i, count in enumerate(levels):
            bar = el("span", self.chart, "bar", title="%d: %s" % (i, _fmt(count)))
            bar.style.height = "%.1f%%" % (100.0 * count / top)
            bar.style.width = "%.3f%%" % width

    def show_hint(self, moves: list, stats: dict) -> None:
        pid, direction = moves[0]
        p = self.session.state.pieces()[pid]
        self.hinted = moves
        self.selected = pid
        self.render()
        name = piece_name(pid, p.height, p.width, self.shell.lang)
        self.say("hint_move", name=name, dir=self.shell.t("dir_" + direction), n=stats["distance"])

    async def _on_compare(self, event: object) -> None:
        if self.job is not None:
            return
        clear(self.compare_out)
        self.compare_btn.disabled = True
        try:
            result = await self.run_job("compare", show=False)
        finally:
            self.compare_btn.disabled = False
        if self._report(result):
            return
        sides = result["stats"]["sides"]
        table = el("table", self.compare_out, "compare-table")
        head = el("tr", el("thead", table))
        el("th", head, text="")
        for key in ("compare_positions", "compare_steps", "compare_seconds"):
            el("th", head, text=self.shell.t(key), scope="col")
        body = el("tbody", table)
        for name in ("equal", "distinct"):
            side = sides[name]
            tr = el("tr", body)
            el("th", tr, text=self.shell.t("compare_" + name), scope="row")
            el("td", tr, text=_fmt(side["positions"]))
            el("td", tr, text=str(side["steps"]) if side["steps"] is not None else "—")
            el("td", tr, text="%.2f" % side["seconds"])
        a, b = sides["equal"]["positions"], sides["distinct"]["positions"]
        if a:
            el("p", self.compare_out, text=self.shell.t("compare_ratio", r="%.1f" % (b / a)))
