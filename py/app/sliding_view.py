"""The sliding puzzle on the page: tiles drawn from the engine's board, every
slide one ``gameHandler.move(tile)``, Solve in the worker, then the moves
played on the same board."""

import asyncio
import json

from pyscript import window
from pyscript.ffi import create_proxy

from app.dom import clear, el, on
from app.session import Session
from app.view import GameView
from puzzles import PuzzleError
from puzzles.sliding import MODES, Board, shuffled

STORE_KEY = "bfs-puzzles.sliding"
DEFAULT = "2x3-412503"  # seed 002's example: 5 moves
SIZES = [(r, c) for r in range(2, 6) for c in range(2, 6) if r * c >= 6]
# Boards above this many cells open in fast mode: the fewest moves can take very long there.
OPTIMAL_MAX_CELLS = 16
# Arrow key → the cell, relative to the blank, of the tile that slides (it moves the way the arrow points).
_ARROWS = {"ArrowUp": (1, 0), "ArrowDown": (-1, 0), "ArrowLeft": (0, 1), "ArrowRight": (0, -1)}


def _apply(board: Board, tile: int) -> Board:
    return board.slide(tile)


class SlidingGame(GameView):
    game = "sliding"
    store_key = STORE_KEY
    board_type = Board

    def __init__(self, shell: object, panel: object) -> None:
        super().__init__(shell)
        self.session = Session(Board.parse(DEFAULT), _apply)
        self.tiles: dict = {}
        self.shape = None
        self.shuffles = 0
        self.tables_ready = False
        self.hinted = 0  # the tile a hint points at, until the next move
        self._open(panel)

    # ================================================================= UI
    def _build(self, panel: object) -> None:
        sh = self.shell
        self.alert = el("p", panel, "alert", role="alert")
        bar = el("div", panel, "toolbar")
        self.size_select = self._select(bar, "sp_size", "sp-size")
        for r, c in SIZES:
            el("option", self.size_select, value="%dx%d" % (r, c), text="%d × %d" % (r, c))
        on(self.size_select, "change", self._guard(self._on_shuffle))  # a new size deals a new board
        self.mode_select = self._select(bar, "sp_mode", "sp-mode")
        for m in MODES:
            sh.text(el("option", self.mode_select, value=m), "sp_mode_" + m)
        self._button(bar, "sp_shuffle", self._on_shuffle)

        buttons = el("div", panel, "toolbar buttons")
        self.solve_btn = self._button(buttons, "solve", self._on_solve, "primary")
        self.solve_btn.id = "sp-solve"
        self._button(buttons, "hint", self._on_hint)
        self.undo_btn = self._button(buttons, "undo", self._on_undo)
        self.redo_btn = self._button(buttons, "redo", self._on_redo)
        self.reset_btn = self._button(buttons, "reset", self._on_reset)
        self._button(buttons, "share", self._on_share)

        statusbar = el("div", panel, "statusbar")
        self.status = el("p", statusbar, "status", role="status", id="sp-status")
        self.counter = el("p", statusbar, "counter", id="sp-moves")

        play = el("div", panel, "main-area")
        self.board_el = el("div", play, "sp-board", role="group", id="sp-board", tabindex="0")
        sh.text(self.board_el, "board_sliding", "aria-label")
        on(self.board_el, "keydown", self._on_key)
        side = el("div", play, "side")
        sh.text(el("p", side, "help"), "sp_keys_help")
        self._playback_controls(side)
        self.progress = el("div", side, "progress", hidden=True)
        self.progress_text = el("p", self.progress, "progress-text")
        self.cancel_btn = self._button(self.progress, "cancel", self._on_cancel)
        self.cancel_btn.disabled = True

        self.board_input = self._paste_box(panel, "sp_paste", 3, "sp-board-input", "load", self._on_load)
        self._share_box(panel)

    def _build_tiles(self) -> None:
        board = self.session.state
        shape = (board.rows, board.cols)
        if self.shape == shape:
            return
        self.shape = shape
        clear(self.board_el)
        self.board_el.style.setProperty("--rows", str(board.rows))
        self.board_el.style.setProperty("--cols", str(board.cols))
        self.tiles = {}
        for tile in range(1, board.rows * board.cols):
            b = el("button", self.board_el, "sp-tile", type="button", data_tile=tile, text=str(tile))
            on(b, "click", self._tile_click(tile))
            self.tiles[tile] = b
        self.size_select.value = "%dx%d" % shape

    def render(self) -> None:
        board = self.session.state
        self._build_tiles()
        solved = board.is_solved()
        for p, tile in enumerate(board.cells):
            if not tile:
                continue
            b = self.tiles[tile]
            r, c = p // board.cols, p % board.cols
            b.style.setProperty("--r", str(r))
            b.style.setProperty("--c", str(c))
            b.classList.toggle("home", tile == p + 1)
            b.classList.toggle("hinted", tile == self.hinted)
            b.setAttribute("aria-label", self.shell.t("sp_tile_label", n=tile, r=r + 1, c=c + 1))
        self.board_el.classList.toggle("won", solved and self.session.cursor > 0)
        self.counter.textContent = self.shell.t("moves", n=len(self.session.made))
        self.undo_btn.disabled = not self.session.can_undo()
        self.redo_btn.disabled = not self.session.can_redo()
        self._render_playback()

    # ============================================================ the handler
    def move(self, tile: object) -> bool:
        """``gameHandler.move(tile)``: slide ``tile`` into the blank beside it."""
        try:
            tile = int(tile)
        except (TypeError, ValueError):
            return False
        try:
            self.session.play(tile)
        except PuzzleError:  # not beside the blank: nothing changes
            return False
        self.hinted = 0
        self.render()
        if self.playback is None:
            self._save()
            self._after_move()
        return True

    def _after_move(self) -> None:
        if self.session.state.is_solved():
            self._say("sp_won", n=len(self.session.made))
        else:
            self._say("sp_ready")

    def _make_handler(self) -> object:
        impl = window.Object.new()
        impl.move = create_proxy(lambda tile: self.move(tile))
        impl.getBoard = create_proxy(lambda: self.session.state.to_json())
        impl.isSolved = create_proxy(lambda: self.session.state.is_solved())
        # JSON, not a list: a returned MicroPython list sometimes reached the caller as undefined
        return self._handler_with_move_count(impl, ["getBoard"])

    def activate(self) -> None:
        window.gameHandler = self.handler

    # ============================================================ pointer & keys
    def _slide_line(self, tile: int) -> bool:
        """Slide ``tile`` and every tile between it and the blank (one move each)."""
        if self.playback is not None:
            return False
        line = self.session.state.line_to_blank(tile)
        for t in line:
            self.move(t)
        return bool(line)

    def _tile_click(self, tile: int) -> object:
        def handler(event: object) -> None:
            if not self._slide_line(tile):
                asyncio.create_task(self._nudge(self.tiles[tile]))

        return handler

    async def _nudge(self, node: object) -> None:
        """A tile that cannot slide shakes briefly."""
        node.classList.add("nudge")
        await asyncio.sleep(0.25)
        node.classList.remove("nudge")

    def _on_key(self, event: object) -> None:
        delta = _ARROWS.get(str(event.key))
        if delta is None or self.playback is not None:
            return
        event.preventDefault()
        board = self.session.state
        z = board.blank()
        r, c = z // board.cols + delta[0], z % board.cols + delta[1]
        if 0 <= r < board.rows and 0 <= c < board.cols:
            self.move(board.cells[r * board.cols + c])

    # ============================================================ controls
    def _load(self, board: Board, say: str = "sp_ready", **values: object) -> None:
        self._stop_playback()
        self.hinted = 0
        self.session.reset(board)
        self._default_mode()
        self.render()
        self._save()
        self._say(say, **values)

    def _on_shuffle(self, event: object) -> None:
        rows, cols = [int(x) for x in str(self.size_select.value).split("x")]
        self.shuffles += 1
        seed = int(float(window.Date.now())) % 1000000007 + self.shuffles
        self._alert("")
        self._load(shuffled(rows, cols, seed), "sp_shuffled")

    def _on_reset(self, event: object) -> None:
        self._load(self.session.start)

    def _on_share(self, event: object) -> None:
        self._show_link(board=self.session.state.to_code())

    # ============================================================ solver
    def _show_progress(self, progress: dict) -> None:
        if "bound" in progress:
            text = self.shell.t("sp_searching", b=progress["bound"], n=progress["nodes"])
        else:
            text = self.shell.t("sp_searching_bfs", n=progress["nodes"])
        self.status.textContent = text
        self.progress_text.textContent = text

    async def _ensure_tables(self, board: Board) -> None:
        """The shipped 4×4 pattern tables, loaded into the worker before its first 4×4 solve."""
        if self.tables_ready or (board.rows, board.cols) != (4, 4):
            return
        self._say("sp_tables")
        url = str(window.URL.new("static/data/sliding-4x4.pdb", window.location.href).href)
        self.solve_btn.disabled = True
        self.shell.solving(True)
        try:
            answer = await self.shell.solver.call("sliding_tables", url)
        finally:
            self.shell.solving(False)
            self.solve_btn.disabled = False
        if "error" in answer:
            raise RuntimeError(answer["error"])
        self.tables_ready = True

    async def _search(self, start: Board, mode: str) -> dict:
        """One worker search (Solve and Hint); the progress box then tells its size and time."""
        if mode == "optimal":
            await self._ensure_tables(start)
        t0 = float(window.performance.now())
        result = await self._solve_job(json.dumps({"board": start.to_code(), "mode": mode}))
        if result["status"] == "solved":
            seconds = (float(window.performance.now()) - t0) / 1000
            self.progress_text.textContent = self.shell.t(
                "sp_searched", n=result["nodes"], s="%.2f" % seconds, m=result["method"]
            )
        return result

    async def _on_solve(self, event: object) -> None:
        if self.job is not None:
            return
        start = self.session.state
        if not start.solvable():  # the parity rule answers at once, no search
            self._stop_playback()
            self._say("sp_unsolvable")
            return
        mode = str(self.mode_select.value)
        result = await self._search(start, mode)
        if result["status"] == "cancelled":
            self._say("cancelled")
        elif self.session.state == start:
            n = len(result["moves"])
            self._say("solved" if result["optimal"] else "sp_solved_fast", n=n)
            self.status.setAttribute("data-nodes", str(result["nodes"]))
            self._start_playback([int(t) for t in result["moves"]])
        else:
            self._say("sp_changed")

    async def _on_hint(self, event: object) -> None:
        """The first move of a solution from here: the fewest-moves one in optimal mode."""
        if self.job is not None:
            return
        start = self.session.state
        if start.is_solved():
            self._say("hint_done")
            return
        if not start.solvable():
            self._say("sp_unsolvable")
            return
        mode = str(self.mode_select.value)
        result = await self._search(start, mode)
        if result["status"] != "solved" or self.session.state != start:
            self._say("cancelled" if result["status"] == "cancelled" else "sp_ready")
            return
        self.hinted = int(result["moves"][0])
        self.render()
        self._say("sp_hint" if result["optimal"] else "sp_hint_fast", t=self.hinted, n=len(result["moves"]))

    # ============================================================ playback & saving
    def play_move(self, move: int) -> None:
        self.move(move)

    def _default_mode(self) -> None:
        """Fewest moves up to 16 cells; fast above, where the fewest can take very long."""
        self.mode_select.value = "optimal" if len(self.session.start.cells) <= OPTIMAL_MAX_CELLS else "fast"

    def _forget_marks(self) -> None:
        self.hinted = 0

    def _decode_move(self, data: object) -> int:
        return int(data)

    def _restored(self) -> None:
        self._default_mode()
        self.render()
        self._say("sp_ready")
