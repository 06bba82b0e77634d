"""Link-up on the page: its pickers (size, kinds, seed, New board), Shuffle,
tiles drawn from the board, two clicks make a ``gameHandler.connect`` call,
the path drawn through the ring, and the timer. Everything else is
:class:`app.view.GameView`'s."""

import asyncio
import json

from pyscript import document, window

from app.dom import clear, el, on
from app.view import GameView
from puzzles import exact_int
from puzzles.linkup import PRESETS, connect, generate, joinable_pairs

SVG = "http://www.w3.org/2000/svg"
# A face per kind: a symbol and a colour, so tiles read as pictures, not digits.
FACES = "★♠♥♦♣☀☂☃♞♜♝♛☯☘⚓✿❀✈☎♤⚑♫⚡❄☕⚙✂✉⚖☮♻⚛✦☾♪⚐✪☼♚♔♖♘☁☄✸⬟⬢◆●▲■♯♮☗☖♡♧❖✚☆♩"
COLORS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#a04000", "#2e4053", "#b03a75")
MAIN_THREAD_CELLS = 24  # boards up to this size are generated at once on the page's thread


def _clock(seconds: int) -> str:
    return "%d:%02d" % (seconds // 60, seconds % 60)


class View(GameView):
    TEXT = {
        "ready": "lu_ready",
        "won": "lu_cleared_by_you",
        "solved": "cleared",
        "unsolvable": "cannot_clear",
        "unknown": "lu_unknown",
        "hint_none": "lu_hint_stuck",
        "paste_help": "lu_paste_help",
    }

    def __init__(self, shell: object, panel: object, spec: object) -> None:
        self.selected = None
        self.tiles: dict = {}
        self.started = float(window.Date.now())
        self.finished = None
        self.shuffles = 0
        super().__init__(shell, panel, spec)
        asyncio.create_task(self._tick())

    # ================================================================= frame
    def build_controls(self, bar: object) -> None:
        sh = self.shell
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

    def build_buttons(self, bar: object) -> None:
        self._button(bar, "lu_shuffle", self._on_shuffle)

    def build_statusbar(self, bar: object) -> None:
        self.timer = el("p", bar, "counter", id="lu-time")

    def build_board(self, parent: object) -> None:
        scroll = el("div", parent, "lu-scroll")
        self.board_el = el("div", scroll, "lu-board", role="group", id="lu-board")
        self.shell.text(self.board_el, "board_linkup", "aria-label")
        self.overlay = document.createElementNS(SVG, "svg")
        self.overlay.setAttribute("class", "lu-path")
        self.overlay.setAttribute("aria-hidden", "true")

    def build_side(self, side: object) -> None:
        self.shell.text(el("p", side, "help"), "lu_keys_help")

    def _fill_kinds(self) -> None:
        """Every number of kinds that fills the chosen size with pairs (each kind an even count)."""
        rows, cols, kinds, _per = PRESETS[str(self.preset_select.value)]
        cells = rows * cols
        clear(self.kinds_select)
        for k in range(1, 62):
            if cells % k == 0 and (cells // k) % 2 == 0:
                el("option", self.kinds_select, value=str(k), text="%d × %d" % (k, cells // k))
        self.kinds_select.value = str(kinds)

    # ================================================================= drawing
    def board_opened(self) -> None:
        """Tiles for the start position; the pickers follow the board's size."""
        board = self.session.start
        self.selected = None
        for name, (rows, cols, _k, _p) in PRESETS.items():
            if (rows, cols) == (board.rows, board.cols) and str(self.preset_select.value) != name:
                self.preset_select.value = name
                self._fill_kinds()
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

    def forget(self, new_board: bool) -> None:
        if new_board:
            self.started = float(window.Date.now())
        if not self.session.state.is_solved():
            self.finished = None

    def draw(self) -> None:
        board = self.session.state
        hinted = self.hinted[0] if self.hinted else ()
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
            b.classList.toggle("hinted", i in hinted)

    def counter_text(self) -> str:
        return self.shell.t("lu_left", n=self.session.state.tiles())

    async def _tick(self) -> None:
        while True:
            end = self.finished if self.finished is not None else float(window.Date.now())
            self.timer.textContent = self.shell.t("lu_time", t=_clock(int((end - self.started) / 1000)))
            await asyncio.sleep(1)

    # ================================================================= the handler
    def connect(self, r1: object, c1: object, r2: object, c2: object) -> list:
        """``gameHandler.connect``: the path (and the pair goes), or ``[]``."""
        board = self.session.state
        try:
            r1, c1, r2, c2 = exact_int(r1), exact_int(c1), exact_int(r2), exact_int(c2)
        except ValueError:
            return []
        path = connect(board, r1, c1, r2, c2)
        if not path:
            return []
        a, b = r1 * board.cols + c1, r2 * board.cols + c2
        self.play((min(a, b), max(a, b)))
        self._draw_path(path)
        return path

    def handler_methods(self) -> tuple:
        return (
            {
                "connect": lambda *a: json.dumps(self.connect(*a) if len(a) == 4 else []),
                "isCleared": lambda *a: self.session.state.is_cleared(),
            },
            ["connect"],
        )

    def after_move(self, move: object) -> None:
        self.selected = None
        if self.session.state.is_cleared() and self.finished is None:
            self.finished = float(window.Date.now())

    def announce(self) -> None:
        board = self.session.state
        if board.is_cleared():
            self.say(self.won_key(), **self.won_values())
        elif not joinable_pairs(board):
            self.say("lu_no_pair")
        else:
            self.say("lu_joined", n=board.tiles())

    def won_values(self) -> dict:
        end = self.finished if self.finished is not None else float(window.Date.now())
        return {"n": self.session.start.tiles() // 2, "t": _clock(int((end - self.started) / 1000))}

    def save_extra(self) -> object:
        """The timer: milliseconds played, and whether the board was cleared then."""
        end = self.finished if self.finished is not None else float(window.Date.now())
        return {"elapsed": end - self.started, "done": self.finished is not None}

    def restore_extra(self, data: object) -> None:
        if isinstance(data, dict) and isinstance(data.get("elapsed"), (int, float)) and data["elapsed"] >= 0:
            now = float(window.Date.now())
            self.started = now - min(float(data["elapsed"]), 1e10)
            self.finished = now if data.get("done") is True else None

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
                self.say("lu_no_join")

        return handler

    async def _shake(self, cells: tuple) -> None:
        for i in cells:
            self.tiles[i].classList.add("shake")
        await asyncio.sleep(0.4)
        for i in cells:
            self.tiles[i].classList.remove("shake")

    # ================================================================= controls
    async def _on_new(self, event: object) -> None:
        """New board: small ones are made at once here, larger ones by the worker, in slices."""
        preset = str(self.preset_select.value)
        try:
            seed = exact_int(int(str(self.seed_input.value)))
        except ValueError:
            seed = 1
        rows, cols, _kinds, _per = PRESETS[preset]
        kinds = int(str(self.kinds_select.value))
        per = rows * cols // kinds
        if rows * cols <= MAIN_THREAD_CELLS:
            board = generate(rows, cols, kinds, per, seed)
        else:
            self.say("lu_generating")
            result = await self.run_job("generate", rows=rows, cols=cols, kinds=kinds, per_kind=per, seed=seed)
            if self._report(result):
                return
            board = self.spec.board.parse(result["stats"]["board"])
        self.clear_alert()
        self.load(board)
        self.say("lu_new_done", seed=seed)

    async def _on_shuffle(self, event: object) -> None:
        self.shuffles += 1
        result = await self.run_job("shuffle", seed=self.shuffles)
        if not self._report(result) and self.play(("shuffle", result["stats"]["board"])):
            self.say("lu_shuffled")

    # ================================================================= solver
    def show_progress(self, progress: dict) -> None:
        if "tiles" in progress:
            self.say("lu_searching", n=progress["positions"])

    def show_hint(self, moves: list, stats: dict) -> None:
        self.render()
        self.say("lu_hint")

