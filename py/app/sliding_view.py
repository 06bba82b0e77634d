"""The sliding puzzle on the page: its pickers (size, mode, Shuffle), tiles
drawn from the board, every slide one ``gameHandler.move(tile)``, the parity
answer without search, and the 4 × 4 pattern tables loaded into the worker
before the first 4 × 4 search. Everything else is :class:`app.view.GameView`'s."""

import asyncio

from pyscript import window

from app.dom import clear, el, on
from app.view import GameView
from puzzles import exact_int
from puzzles.sliding import shuffled

SIZES = [(r, c) for r in range(2, 6) for c in range(2, 6) if r * c >= 6]
TABLES_URL = "static/data/sliding-4x4.pdb"
# Arrow key → the cell, relative to the blank, of the tile that slides (it moves the way the arrow points).
_ARROWS = {"ArrowUp": (1, 0), "ArrowDown": (-1, 0), "ArrowLeft": (0, 1), "ArrowRight": (0, -1)}


class View(GameView):
    TEXT = {
        "ready": "sp_ready",
        "won": "won",
        "solved": "solved",
        "unsolvable": "sp_unsolvable",
        "unknown": "unknown",
        "hint_none": "sp_unsolvable",
        "paste_help": "sp_paste_help",
    }

    def __init__(self, shell: object, panel: object, spec: object) -> None:
        self.tiles: dict = {}
        self.shape = None
        self.shuffles = 0
        self.tables_ready = False
        self.tables_failed = False  # the 4×4 tables did not load: searches use smaller ones, and say so
        super().__init__(shell, panel, spec)

    # ================================================================= frame
    def build_controls(self, bar: object) -> None:
        self.size_select = self._select(bar, "sp_size", "sp-size")
        for r, c in SIZES:
            el("option", self.size_select, value="%dx%d" % (r, c), text="%d × %d" % (r, c))
        on(self.size_select, "change", self._guard(self._on_shuffle))  # a new size deals a new board
        self.option_select(bar, "mode", "sp_mode")
        self._button(bar, "sp_shuffle", self._on_shuffle)

    def build_board(self, parent: object) -> None:
        self.board_el = el("div", parent, "sp-board", role="group", id="sp-board", tabindex="0")
        self.shell.text(self.board_el, "board_sliding", "aria-label")
        on(self.board_el, "keydown", self._on_key)

    def build_side(self, side: object) -> None:
        self.shell.text(el("p", side, "help"), "sp_keys_help")

    # ================================================================= drawing
    def board_opened(self) -> None:
        self.mode_select.value = self.options["mode"]
        board = self.session.start
        shape = (board.rows, board.cols)
        self.size_select.value = "%dx%d" % shape
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

    def draw(self) -> None:
        board = self.session.state
        hinted = self.hinted[0] if self.hinted else 0
        for p, tile in enumerate(board.cells):
            if not tile:
                continue
            b = self.tiles[tile]
            r, c = p // board.cols, p % board.cols
            b.style.setProperty("--r", str(r))
            b.style.setProperty("--c", str(c))
            b.classList.toggle("home", tile == p + 1)
            b.classList.toggle("hinted", tile == hinted)
            b.setAttribute("aria-label", self.shell.t("sp_tile_label", n=tile, r=r + 1, c=c + 1))
        self.board_el.classList.toggle("won", board.is_solved() and self.session.cursor > 0)

    # ================================================================= the handler
    def move(self, tile: object) -> bool:
        """``gameHandler.move(tile)``: slide ``tile`` into the blank beside it."""
        try:
            return self.play(exact_int(tile))
        except ValueError:
            return False

    def handler_methods(self) -> tuple:
        return (
            {
                "move": lambda *a: self.move(a[0]) if len(a) == 1 else False,
                "isSolved": lambda *a: self.session.state.is_solved(),
            },
            [],
        )

    # ================================================================= pointer & keys
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

    # ================================================================= controls
    def _on_shuffle(self, event: object) -> None:
        rows, cols = [int(x) for x in str(self.size_select.value).split("x")]
        self.shuffles += 1
        seed = int(float(window.Date.now())) % 1000000007 + self.shuffles
        self.clear_alert()
        board = shuffled(rows, cols, seed)
        self.options = self.spec.defaults(board)  # a new size opens in its default mode
        self.load(board, "sp_shuffled")

    # ================================================================= solver
    def before_search(self, board: object) -> str:
        """An unsolvable board is answered at once by the parity rule, without the worker."""
        return "" if board.solvable() else "sp_unsolvable"

    async def prepare(self, board: object) -> None:
        """The shipped 4×4 pattern tables, loaded into the worker (in slices) before
        its first 4×4 search; if they cannot be, the worker's smaller tables do."""
        if self.tables_ready or (board.rows, board.cols) != (4, 4) or self.options["mode"] != "optimal":
            return
        self.say("sp_tables")
        url = str(window.URL.new(TABLES_URL, window.location.href).href)
        result = await self.run_job("tables", show=False, url=url)
        self.tables_ready = True  # loaded, or not to be tried again on this page
        if result["status"] != "solved":
            self.tables_failed = True

    async def _on_solve(self, event: object) -> None:
        await GameView._on_solve(self, event)
        if self.tables_failed and self.shape == (4, 4):
            self.show_error("", {}, "", "sp_tables_failed")  # said in the language of the page, also after a switch

    def solved_key(self, stats: dict) -> str:
        return "solved" if stats.get("optimal") else "sp_solved_fast"

    def show_progress(self, progress: dict) -> None:
        if "bound" in progress:
            self.say("sp_searching", b=progress["bound"], n=progress["positions"])
        elif "method" not in progress:
            self.say("sp_searching_bfs", n=progress["positions"])

    def show_hint(self, moves: list, stats: dict) -> None:
        self.render()
        self.say("sp_hint" if stats.get("optimal") else "sp_hint_fast", t=moves[0], n=stats["distance"])
