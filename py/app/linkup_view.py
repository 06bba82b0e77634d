"""Link-up on the page: tiles drawn from the engine's board, two clicks make a
``gameHandler.connect`` call, the path is drawn through the ring, and Solve,
Hint, Shuffle and New board run in the worker."""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from app.dom import clear, el, on
from app.session import Session
from app.view import GameView
from puzzles.linkup import PRESETS, Board, connect, generate, joinable_pairs

STORE_KEY = "bfs-puzzles.linkup"
SVG = "http://www.w3.org/2000/svg"
# A face per kind: a symbol and a colour, so tiles read as pictures, not digits.
FACES = "★♠♥♦♣☀☂☃♞♜♝♛☯☘⚓✿❀✈☎♤⚑♫⚡❄☕⚙✂✉⚖☮♻⚛✦☾♪⚐✪☼♚♔♖♘☁☄✸⬟⬢◆●▲■♯♮☗☖♡♧❖✚☆♩"
COLORS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#a04000", "#2e4053", "#b03a75")
DEFAULT = ("small", 1)


def _apply(board: Board, move: object) -> Board:
    """A move is a joined pair ``(a, b)`` or a shuffle ``("shuffle", code)``."""
    if move[0] == "shuffle":
        new = Board.parse(move[1])
        if sorted(new.cells) != sorted(board.cells):
            raise ValueError("a shuffle must keep the same tiles")
        return new
    a, b = move
    r1, c1 = divmod(a, board.cols)
    r2, c2 = divmod(b, board.cols)
    if not connect(board, r1, c1, r2, c2):
        raise ValueError("tiles %d and %d cannot be joined" % (a, b))
    return board.remove(a, b)


def _decode_move(m: list) -> tuple:
    return (m[0], str(m[1])) if m[0] == "shuffle" else (int(m[0]), int(m[1]))


def _clock(seconds: int) -> str:
    return "%d:%02d" % (seconds // 60, seconds % 60)


class LinkupGame(GameView):
    game = "linkup"
    store_key = STORE_KEY
    board_type = Board

    def __init__(self, shell: object, panel: object) -> None:
        super().__init__(shell)
        self.session = Session(generate(4, 6, 6, 4, DEFAULT[1]), _apply)
        self.selected = None
        self.hinted = ()
        self.tiles: dict = {}
        self.started = float(window.Date.now())
        self.finished = None
        self.shuffles = 0
        self._open(panel)
        asyncio.create_task(self._tick())

    # ================================================================= UI
    def _build(self, panel: object) -> None:
        sh = self.shell
        self.alert = el("p", panel, "alert", role="alert")
        bar = el("div", panel, "toolbar")
        self.preset_select = self._select(bar, "lu_preset", "lu-preset")
        for name in ("small", "kshisen", "large"):
            sh.text(el("option", self.preset_select, value=name), "lu_preset_" + name)
        on(self.preset_select, "change", lambda e: self._fill_kinds())
        self.kinds_select = self._select(bar, "lu_kinds", "lu-kinds")
        self._fill_kinds()
        lab = el("label", bar, "field")
        sh.text(el("span", lab), "lu_seed")
        self.seed_input = el("input", lab, type="number", min="0", value="1", id="lu-seed", inputmode="numeric")
        self._button(bar, "lu_new", self._on_new)

        buttons = el("div", panel, "toolbar buttons")
        self.solve_btn = self._button(buttons, "solve", self._on_solve, "primary")
        self._button(buttons, "hint", self._on_hint)
        self._button(buttons, "lu_shuffle", self._on_shuffle)
        self.undo_btn = self._button(buttons, "undo", self._on_undo)
        self._button(buttons, "lu_restart", self._on_restart)
        self._button(buttons, "share", self._on_share)
        lab = el("label", buttons, "check")
        self.progress_opt = el("input", lab, type="checkbox", id="lu-share-progress")
        sh.text(el("span", lab), "lu_progress_opt")

        statusbar = el("div", panel, "statusbar")
        self.status = el("p", statusbar, "status", role="status", id="lu-status")
        self.counter = el("p", statusbar, "counter", id="lu-left")
        self.timer = el("p", statusbar, "counter", id="lu-time")

        scroll = el("div", panel, "lu-scroll")
        self.board_el = el("div", scroll, "lu-board", role="group", id="lu-board")
        sh.text(self.board_el, "board_linkup", "aria-label")
        self.overlay = document.createElementNS(SVG, "svg")
        self.overlay.setAttribute("class", "lu-path")
        self.overlay.setAttribute("aria-hidden", "true")
        sh.text(el("p", panel, "help"), "lu_keys_help")

        side = el("div", panel, "side")
        self._playback_controls(side)
        self.progress = el("div", side, "progress", hidden=True)
        self.progress_text = el("p", self.progress, "progress-text")
        self.cancel_btn = self._button(self.progress, "cancel", self._on_cancel)
        self.cancel_btn.disabled = True

        self.board_input = self._paste_box(panel, "lu_paste", 4, "lu-board-input", "load", self._on_load)
        self._share_box(panel)

    def _fill_kinds(self) -> None:
        """Every number of kinds that fills the chosen size with pairs (each kind an even count)."""
        rows, cols, kinds, _per = PRESETS[str(self.preset_select.value)]
        cells = rows * cols
        clear(self.kinds_select)
        for k in range(1, 62):
            if cells % k == 0 and (cells // k) % 2 == 0:
                el("option", self.kinds_select, value=str(k), text="%d × %d" % (k, cells // k))
        self.kinds_select.value = str(kinds)

    def _build_tiles(self) -> None:
        board = self.session.start
        clear(self.board_el)
        style = self.board_el.style
        style.setProperty("--rows", str(board.rows + 2))
        style.setProperty("--cols", str(board.cols + 2))
        self.tiles = {}
        for i, kind in enumerate(board.cells):
            if not kind:
                continue
            r, c = divmod(i, board.cols)
            b = el("button", self.board_el, "lu-tile", type="button", data_cell=i)
            b.style.setProperty("grid-row", str(r + 2))
            b.style.setProperty("grid-column", str(c + 2))
            on(b, "click", self._tile_click(i))
            self.tiles[i] = b
        self.overlay.setAttribute("viewBox", "0 0 %d %d" % (board.cols + 2, board.rows + 2))
        self.board_el.appendChild(self.overlay)

    def render(self) -> None:
        board = self.session.state
        for i, b in self.tiles.items():
            kind = board.cells[i]
            if not kind:
                b.setAttribute("hidden", "")
                continue
            b.removeAttribute("hidden")
            face = FACES[(kind - 1) % len(FACES)]
            b.textContent = face
            b.style.setProperty("--tile", COLORS[(kind - 1) % len(COLORS)])
            r, c = divmod(i, board.cols)
            label = self.shell.t("tile_label", face=face, kind=kind, r=r + 1, c=c + 1)
            if i == self.selected:
                label += " — " + self.shell.t("tile_selected")
            b.setAttribute("aria-label", label)
            b.setAttribute("aria-pressed", "true" if i == self.selected else "false")
            b.classList.toggle("hinted", i in self.hinted)
        self.counter.textContent = self.shell.t("lu_left", n=board.tiles())
        self.undo_btn.disabled = not self.session.can_undo()
        self._render_playback()

    async def _tick(self) -> None:
        while True:
            end = self.finished if self.finished is not None else float(window.Date.now())
            self.timer.textContent = self.shell.t("lu_time", t=_clock(int((end - self.started) / 1000)))
            await asyncio.sleep(1)

    # ============================================================ the handler
    def connect(self, r1: int, c1: int, r2: int, c2: int) -> list:
        """``gameHandler.connect``: the path (and the pair goes), or ``[]``."""
        board = self.session.state
        try:
            r1, c1, r2, c2 = int(r1), int(c1), int(r2), int(c2)
        except (TypeError, ValueError):
            return []
        path = connect(board, r1, c1, r2, c2)
        if not path:
            return []
        a, b = r1 * board.cols + c1, r2 * board.cols + c2
        self.session.play((min(a, b), max(a, b)))
        self.selected = None
        self.hinted = ()
        self.render()
        self._draw_path(path)
        if self.session.state.is_cleared():
            self.finished = float(window.Date.now())
        if self.playback is None:
            self._save()
            self._after_move()
        return path

    def _after_move(self) -> None:
        board = self.session.state
        if board.is_cleared():
            seconds = int((self.finished - self.started) / 1000)
            self._say("lu_cleared_by_you", n=self.session.start.tiles() // 2, t=_clock(seconds))
        elif not joinable_pairs(board):
            self._say("lu_no_pair")
        else:
            self._say("lu_joined", n=board.tiles())

    def _make_handler(self) -> object:
        impl = window.Object.new()
        impl.connect = create_proxy(lambda r1, c1, r2, c2: json.dumps(self.connect(r1, c1, r2, c2)))
        impl.getBoard = create_proxy(lambda: self.session.state.to_json())
        impl.isCleared = create_proxy(lambda: self.session.state.is_cleared())
        # boot.js turns the JSON answers into plain JS arrays for any caller
        return window.makeGameHandler(impl, to_js(["connect", "getBoard"]))

    def activate(self) -> None:
        window.gameHandler = self.handler

    def _draw_path(self, path: list) -> None:
        clear(self.overlay)
        line = document.createElementNS(SVG, "polyline")
        line.setAttribute("points", " ".join("%.1f,%.1f" % (c + 1.5, r + 1.5) for r, c in path))
        line.setAttribute("data-cells", str(len(path)))
        self.overlay.appendChild(line)
        asyncio.create_task(self._fade(line))

    async def _fade(self, line: object) -> None:
        await asyncio.sleep(0.45)
        if line.parentNode:
            line.parentNode.removeChild(line)

    def _tile_click(self, i: int) -> object:
        def handler(event: object) -> None:
            if self.playback is not None:
                return
            if self.selected is None or self.selected == i:
                self.selected = None if self.selected == i else i
                self.render()
                return
            cols = self.session.state.cols
            a = self.selected
            if not self.connect(a // cols, a % cols, i // cols, i % cols):
                asyncio.create_task(self._shake((a, i)))
                self.selected = None
                self.render()
                self._say("lu_no_join")

        return handler

    async def _shake(self, cells: tuple) -> None:
        for i in cells:
            self.tiles[i].classList.add("shake")
        await asyncio.sleep(0.4)
        for i in cells:
            self.tiles[i].classList.remove("shake")

    # ============================================================ controls
    def _load(self, board: Board, say: str = "lu_ready", **values: object) -> None:
        self._stop_playback()
        self.session.reset(board)
        self.selected = None
        self.hinted = ()
        self.started = float(window.Date.now())
        self.finished = None
        self._build_tiles()
        self.render()
        self._save()
        self._say(say, **values)

    async def _on_new(self, event: object) -> None:
        preset = str(self.preset_select.value)
        try:
            seed = int(str(self.seed_input.value))
        except ValueError:
            seed = 1
        rows, cols, _kinds, _per = PRESETS[preset]
        kinds = int(str(self.kinds_select.value))
        per = rows * cols // kinds
        self._say("lu_generating")
        if rows * cols <= 24:  # small boards are made at once on this thread
            board = generate(rows, cols, kinds, per, seed)
        else:
            req = '{"rows": %d, "cols": %d, "kinds": %d, "per_kind": %d, "seed": %d}' % (rows, cols, kinds, per, seed)
            answer = await self.shell.solver.call("linkup_generate", req)
            if "error" in answer:
                self._alert(answer["error"])
                return
            board = Board.parse(answer["board"])
        self._alert("")
        self._load(board, "lu_new_done", seed=seed)

    def _forget_marks(self) -> None:
        self.finished = None
        self.hinted = ()

    def _on_restart(self, event: object) -> None:
        self._load(self.session.start)

    def _on_share(self, event: object) -> None:
        board = self.session.state if self.progress_opt.checked else self.session.start
        self._show_link(board=board.to_code())

    async def _on_shuffle(self, event: object) -> None:
        self._stop_playback()
        self.shuffles += 1
        req = '{"board": "%s", "seed": %d}' % (self.session.state.to_code(), self.shuffles)
        answer = await self.shell.solver.call("linkup_shuffle", req)
        if "error" in answer:
            self._say("failed", msg=answer["error"])
            return
        self.session.play(("shuffle", answer["board"]))
        self.hinted = ()
        self.render()
        self._save()
        self._say("lu_shuffled")

    # ============================================================ solver
    def _request(self, budget: "int | None" = None) -> str:
        if budget is None:
            return '{"board": "%s"}' % self.session.state.to_code()
        return '{"board": "%s", "budget": %d}' % (self.session.state.to_code(), budget)

    def _show_progress(self, progress: dict) -> None:
        self._say("lu_searching", n=progress["nodes"])
        self.progress_text.textContent = self.shell.t("lu_searching", n=progress["nodes"])

    async def _on_solve(self, event: object) -> None:
        if self.job is not None:
            return
        self.hinted = ()
        start = self.session.state
        result = await self._solve_job(self._request())
        status = result["status"]
        if status == "cancelled":
            self._say("cancelled")
        elif status == "stuck":
            self._say("cannot_clear")
        elif status == "unknown":
            self._say("lu_unknown", n=result["nodes"])
        elif self.session.state == start:
            self._say("cleared", n=result["pairs"])
            self._start_playback([tuple(m) for m in result["moves"]])

    async def _on_hint(self, event: object) -> None:
        if self.job is not None:
            return
        self.cancelled = False
        self.shell.solving(True)
        try:
            result = await self._run_job(self._request(20000), show=False)
        finally:
            self.shell.solving(False)
        if result["status"] == "stuck":
            self._say("lu_hint_stuck")
            return
        if result["status"] == "cleared" and result["moves"]:
            self.hinted = tuple(result["moves"][0])
        else:
            pairs = joinable_pairs(self.session.state)
            if not pairs:
                self._say("lu_no_pair")
                return
            self.hinted = pairs[0]
        self.render()
        self._say("lu_hint")

    # ============================================================ playback & saving
    def play_move(self, move: tuple) -> None:
        cols = self.session.state.cols
        a, b = move
        self.connect(a // cols, a % cols, b // cols, b % cols)

    def _encode_move(self, move: object) -> list:
        return [move[0], move[1]]

    def _decode_move(self, data: list) -> tuple:
        return _decode_move(data)

    def _restored(self) -> None:
        self._build_tiles()
        self.render()
        self._say("lu_ready")
