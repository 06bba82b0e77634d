"""Huarong Road on the page: draws the engine's board, turns events into
``gameHandler.move`` calls, and runs Solve/Hint in the worker.

Game state lives in a :class:`app.session.Session` of engine boards; the DOM
is only ever written from it, never read back.
"""

import json

from pyscript import window
from pyscript.ffi import create_proxy

from app.dom import clear, el, on
from app.i18n import piece_name
from app.session import Session
from app.view import GameView
from puzzles import PuzzleError
from puzzles.huarong import DIRECTIONS, METRICS, STEP, Board, check_script, count_steps
from puzzles.huarong_layouts import LAYOUTS

STORE_KEY = "bfs-puzzles.huarong"
_ARROWS = {"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right"}


def _apply(board: Board, move: tuple) -> Board:
    return board.move(move[0], move[1])


def _fmt(n: int) -> str:
    """Digits with thousands separators (the status keeps plain digits)."""
    s = str(n)
    out = ""
    while len(s) > 3:
        out = "," + s[-3:] + out
        s = s[:-3]
    return s + out


class HuarongGame(GameView):
    game = "huarong"
    store_key = STORE_KEY

    def __init__(self, shell: object, panel: object) -> None:
        super().__init__(shell)
        self.layout = LAYOUTS[0]
        self.session = Session(self.layout.board, _apply)
        self.metric = "cell"
        self.selected = None
        self.drag = None
        self.suppress_click = False
        self.hinted = None
        self._open(panel)

    # ================================================================= UI
    def _build(self, panel: object) -> None:
        sh = self.shell
        self.alert = el("p", panel, "alert", role="alert")
        bar = el("div", panel, "toolbar")
        self.layout_select = self._select(bar, "layout", "hr-layout")
        on(self.layout_select, "change", self._on_layout)
        self.metric_select = self._select(bar, "metric", "hr-metric")
        for m in METRICS:
            opt = el("option", self.metric_select, value=m)
            sh.text(opt, "metric_" + m)
        metric = self.shell.params.get("metric")
        if metric is not None and str(metric) in METRICS:
            self.metric = str(metric)
        self.metric_select.value = self.metric
        on(self.metric_select, "change", self._on_metric)

        buttons = el("div", panel, "toolbar buttons")
        self.solve_btn = self._button(buttons, "solve", self._on_solve, "primary")
        self.hint_btn = self._button(buttons, "hint", self._on_hint)
        self.undo_btn = self._button(buttons, "undo", self._on_undo)
        self.redo_btn = self._button(buttons, "redo", self._on_redo)
        self._button(buttons, "reset", self._on_reset)
        self._button(buttons, "share", self._on_share)

        statusbar = el("div", panel, "statusbar")
        self.status = el("p", statusbar, "status", role="status", id="hr-status")
        self.counter = el("p", statusbar, "counter", id="hr-moves")
        play = el("div", panel, "main-area")
        left = el("div", play, "board-column")
        self.board_el = el("div", left, "hr-board", role="group", id="hr-board")
        sh.text(self.board_el, "board_huarong", "aria-label")
        on(self.board_el, "click", self._on_board_click)
        help_ = el("p", left, "help")
        sh.text(help_, "keys_help")

        side = el("div", play, "side")
        self._playback_controls(side)
        # solver progress
        self.progress = el("div", side, "progress", hidden=True)
        sh.text(el("h3", self.progress), "progress")
        self.progress_text = el("p", self.progress, "progress-text", aria_live="off")
        self.chart = el("div", self.progress, "chart", role="img")
        sh.text(self.chart, "chart", "aria-label")
        self.cancel_btn = self._button(self.progress, "cancel", self._on_cancel)

        self.board_input = self._paste_box(panel, "paste_board", 3, "hr-board-input", "load", self._on_load)
        self.script_input = self._paste_box(panel, "paste_script", 6, "hr-script-input", "play_script", self._on_script)
        self._share_box(panel)
        # what equivalence buys
        box = el("details", panel, "compare")
        sh.text(el("summary", box), "compare")
        sh.text(el("p", box, "help"), "compare_help")
        self.compare_btn = self._button(box, "compare_run", self._on_compare)
        self.compare_out = el("div", box, "compare-out")

    def _fill_layouts(self) -> None:
        clear(self.layout_select)
        lang = self.shell.lang
        for lay in LAYOUTS:
            par = lay.par[self.metric]
            name = lay.zh if lang == "zh" else lay.en
            extra = self.shell.t("par", n=par) if par is not None else self.shell.t("no_par")
            el("option", self.layout_select, value=str(lay.index), text="%s — %s" % (name, extra))
        el("option", self.layout_select, value="custom", text=self.shell.t("custom"))
        self.layout_select.value = str(self.layout.index) if self.layout is not None else "custom"

    def _relabel(self) -> None:
        self._fill_layouts()
        self._say(self.status_key[0], **self.status_key[1])
        self._build_pieces()
        self.render()

    # ============================================================ drawing
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

    def render(self) -> None:
        board = self.session.state
        lang = self.shell.lang
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
            hinted = self.hinted is not None and self.hinted[0] == pid
            b.classList.toggle("hinted", hinted)
            if hinted:
                b.setAttribute("data-hint", self.hinted[1])
            else:
                b.removeAttribute("data-hint")
        self.board_el.classList.toggle("won", board.is_solved())
        made = self.session.made
        self.counter.textContent = self.shell.t("moves", n=count_steps(made, self.metric))
        self.undo_btn.disabled = not self.session.can_undo()
        self.redo_btn.disabled = not self.session.can_redo()
        self._render_playback()

    # ============================================================ the handler
    def move(self, pid: int, direction: str) -> bool:
        """``gameHandler.move``: one cell, or ``False`` and nothing changes."""
        try:
            pid = int(pid)
            direction = str(direction)
        except (TypeError, ValueError):
            return False
        board = self.session.state
        if direction not in DIRECTIONS or not board.can_move(pid, direction):
            return False
        self.session.play((pid, direction))
        self.hinted = None
        self.render()
        if self.playback is None:  # playback saves once, when it ends
            self._save()
        if self.session.state.is_solved() and self.playback is None:
            self._say("status_won", n=count_steps(self.session.made, self.metric))
        return True

    def _make_handler(self) -> object:
        impl = window.Object.new()
        impl.move = create_proxy(lambda pid, d: self.move(pid, d))
        impl.getBoard = create_proxy(lambda: self.session.state.to_json())
        impl.isSolved = create_proxy(lambda: self.session.state.is_solved())
        # JSON, not a list: a returned MicroPython list sometimes reached the caller as undefined
        return self._handler_with_move_count(impl, ["getBoard"])

    def activate(self) -> None:
        window.gameHandler = self.handler

    # ============================================================ pointer & keys
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

    # ============================================================ controls
    def _on_layout(self, event: object) -> None:
        value = str(self.layout_select.value)
        if value == "custom":
            return
        self._stop_playback()
        self.layout = LAYOUTS[int(value)]
        self._load_board(self.layout.board)
        self._say("status_ready")

    def _on_metric(self, event: object) -> None:
        self.metric = str(self.metric_select.value)
        self.shell.set_url(metric=self.metric)
        self._fill_layouts()
        self.hinted = None
        self.render()
        self._save()

    def _forget_marks(self) -> None:
        self.hinted = None

    def _on_reset(self, event: object) -> None:
        self._stop_playback()
        self._load_board(self.session.start)
        self._say("status_ready")

    def _load_board(self, board: Board) -> None:
        self.session.reset(board)
        self.selected = None
        self.hinted = None
        self._fill_layouts()
        self._build_pieces()
        self.render()
        self._save()

    def _on_load(self, event: object) -> None:
        text = str(self.board_input.value)
        try:
            board = Board.parse(text)
        except PuzzleError as e:
            self._alert(str(e))
            return
        self._alert("")
        self._stop_playback()
        self.layout = self._layout_of(board)
        self._load_board(board)
        self._say("loaded")

    def _layout_of(self, board: Board) -> object:
        for lay in LAYOUTS:
            if lay.board == board:
                return lay
        return None

    def _on_script(self, event: object) -> None:
        try:
            moves = check_script(self.session.state, str(self.script_input.value))
        except PuzzleError as e:
            self._alert(str(e))
            return
        self._alert("")
        self._say("script_ok", n=len(moves))
        self._start_playback(moves, announce=True)

    def _on_share(self, event: object) -> None:
        self._show_link(board=self.session.start.to_code(), metric=self.metric)

    # ============================================================ playback
    # ============================================================ playback hooks
    def play_move(self, move: tuple) -> None:
        self.move(move[0], move[1])

    def announce_end(self) -> None:
        if self.session.state.is_solved():
            self._say("status_won", n=count_steps(self.session.made, self.metric))

    # ============================================================ solver
    def _request(self, **extra: object) -> str:
        req = {"board": self.session.state.to_json(), "metric": self.metric}
        for k, v in extra.items():
            req[k] = v
        return json.dumps(req)

    def _show_progress(self, progress: dict) -> None:
        n = progress["explored"]
        levels = progress["levels"]
        self.progress_text.textContent = self.shell.t("explored", n=_fmt(n))
        self._say("solving", n=n, d=len(levels) - 1)
        self._draw_chart(levels)

    def _draw_chart(self, levels: list) -> None:
        clear(self.chart)
        top = max(levels) if levels else 1
        width = 100.0 / max(len(levels), 1)
        for i, count in enumerate(levels):
            bar = el("span", self.chart, "bar", title="%d: %d" % (i, count))
            bar.style.height = "%.1f%%" % (100.0 * count / top)
            bar.style.width = "%.3f%%" % width

    async def _on_solve(self, event: object) -> None:
        if self.job is not None:
            return
        self.hinted = None
        start = self.session.state
        self._draw_chart([])
        result = await self._solve_job(self._request())
        status = result["status"]
        if status == "cancelled":
            self._say("cancelled")
            return
        self._draw_chart(result["levels"])
        self.progress_text.textContent = self.shell.t("explored", n=_fmt(result["explored"]))
        if status == "unsolvable":
            self._say("no_solution", n=result["explored"])
        elif status == "unknown":
            self._say("unknown", n=result["explored"])
        elif status == "solved":
            moves = [(m[0], m[1]) for m in result["moves"]]
            if not moves:
                self._say("solved_already")
                return
            if self.session.state != start:  # the user moved meanwhile: start from where the solve began
                return
            self._say("solved", n=result["steps"])
            self._start_playback(moves)

    async def _on_hint(self, event: object) -> None:
        self._say("hint_wait")
        self.shell.solving(True)
        try:
            answer = await self.shell.solver.call("hint", "huarong", self._request())
        finally:
            self.shell.solving(False)
        if "error" in answer:
            self._say("failed", msg=answer["error"])
            return
        d = answer["distance"]
        if d is None:
            self._say("hint_none")
            return
        if d == 0:
            self._say("hint_done")
            return
        pid, direction = answer["moves"][0]
        p = self.session.state.pieces()[pid]
        self.hinted = (pid, direction)
        self.selected = pid
        self.render()
        name = piece_name(pid, p.height, p.width, self.shell.lang)
        self._say("hint_move", name=name, dir=self.shell.t("dir_" + direction), n=d)

    async def _on_compare(self, event: object) -> None:
        if self.job is not None:
            return
        self.cancelled = False
        self.compare_btn.disabled = True
        clear(self.compare_out)
        rows = []
        self.shell.solving(True)
        try:
            for equal in (True, False):
                rows.append((equal, await self._run_job(self._request(equivalence=equal), show=False)))
        finally:
            self.shell.solving(False)
            self.compare_btn.disabled = False
        table = el("table", self.compare_out, "compare-table")
        head = el("tr", el("thead", table))
        el("th", head, text="")
        for key in ("compare_positions", "compare_steps", "compare_seconds"):
            el("th", head, text=self.shell.t(key), scope="col")
        body = el("tbody", table)
        for equal, res in rows:
            tr = el("tr", body)
            el("th", tr, text=self.shell.t("compare_equal" if equal else "compare_distinct"), scope="row")
            el("td", tr, text=_fmt(res.get("explored", 0)))
            el("td", tr, text=str(res.get("steps")))
            el("td", tr, text="%.2f" % res.get("seconds", 0))
        a, b = rows[0][1].get("explored", 0), rows[1][1].get("explored", 0)
        if a:
            el("p", self.compare_out, text=self.shell.t("compare_ratio", r="%.1f" % (b / a)))

    # ============================================================ persistence
    def _save(self) -> None:
        data = self.session.to_saved(lambda b: b.to_json(), lambda m: [m[0], m[1]])
        data["metric"] = self.metric
        data["layout"] = self.layout.index if self.layout is not None else None
        self._store(data)

    def _restore(self) -> None:
        """Open the URL's board if any (bad ones are reported), else the saved game."""
        url_board = self.shell.params.get("board")
        saved = self._load_saved()
        board = None
        if url_board is not None and self.shell.game == "huarong":
            try:
                board = Board.parse(str(url_board))
            except PuzzleError as e:
                self._alert(self.shell.t("bad_url_board", msg=str(e)))
        if saved is not None:
            try:
                if board is None or Board.parse(saved["start"]) == board:
                    self.session.restore(saved, Board.parse, lambda m: (int(m[0]), str(m[1])))
                    board = None
                    idx = saved.get("layout")
                    self.layout = LAYOUTS[idx] if isinstance(idx, int) and 0 <= idx < len(LAYOUTS) else None
                    if self.shell.params.get("metric") is None and saved.get("metric") in METRICS:
                        self.metric = saved["metric"]
                        self.metric_select.value = self.metric
            except (PuzzleError, ValueError, KeyError, TypeError):
                pass
        if board is not None:
            self.session.reset(board)
            self.layout = self._layout_of(board)
        self._fill_layouts()
        self._build_pieces()
        self.render()
        self._say("status_ready")
