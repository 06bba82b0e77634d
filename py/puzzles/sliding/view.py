"""The sliding puzzle on the page: its pickers (size, mode, Shuffle), tiles
drawn from the board, every slide one ``gameHandler.move(tile)`` (a tap, an
arrow key or a swipe), the parity answer without search, the 4 × 4 pattern
tables loaded into the worker before the first 4 × 4 search, and the editor
(tap two cells to swap them; "unsolvable" shows at once). Everything else is
:class:`app.view.GameView`'s."""

from pyscript import window

from app.dom import clear, el, hit, on
from app.records import num
from app.records_keeper import now
from app.view import GameView, game_texts
from puzzles import exact_int
from puzzles.input import Refused, gesture_direction
from puzzles.input import event as input_event
from puzzles.sliding import OPTIMAL_MAX_CELLS, TABLE_FILES, Board, shuffled, table_shape
from puzzles.sliding import input as sliding_input
from puzzles.sliding.draft import SlidingDraft

SIZES = [(r, c) for r in range(2, 6) for c in range(2, 6) if r * c >= 6]
SWIPE_PX = 24  # a pointer that travels this far between down and up is a swipe, not a tap
CLICK_AFTER_TOUCH_MS = 700  # a click this soon after a touch the board handled is that touch's
PAR_CELLS = 12  # after a win, the par is worked out up to this size (and on 4 × 4 once the tables are in)


class View(GameView):
    TEXT = game_texts(
        ready="sp_ready",
        unsolvable="sp_unsolvable",
        hint_none="sp_unsolvable",
        hint_none_start="sp_unsolvable",
        paste_help="sp_paste_help",
    )
    TEXT["at_goal"] = "sp_at_goal"
    EDITABLE = True

    def __init__(self, shell: object, panel: object, spec: object) -> None:
        self.tiles: dict = {}
        self.shape = None
        self.shuffles = 0
        self.swipe = None  # where a pointer went down on the board
        self.pointer_at = -1e9  # when a touch last slid tiles itself: the click that may follow is not a second tap
        self.tables_ready = set()  # the table shapes (see sliding.table_shape) loaded on this page
        self.tables_failed = set()  # those that did not load: searches use smaller tables, and say so
        super().__init__(shell, panel, spec)

    # ================================================================= frame
    def build_controls(self, bar: object) -> None:
        self.size_select = self.frame.select(bar, "sp_size", "sp-size")
        self._fill_sizes()
        on(self.size_select, "change", self.frame.guard(lambda e: self._on_size(str(e.target.value))))
        self.option_select(bar, "mode", "sp_mode")
        self.frame.button(bar, "sp_shuffle", self._on_shuffle)

    def build_board(self, parent: object) -> None:
        self.board_el = el("div", parent, "sp-board play-only", role="group", id="sp-board", tabindex="0")
        self.shell.text(self.board_el, "board_sliding", "aria-label")
        on(self.board_el, "keydown", self._on_key)
        on(self.board_el, "click", self._on_click)
        on(self.board_el, "pointerdown", self._on_pointer_down)
        on(self.board_el, "pointerup", self._on_pointer_up)
        on(self.board_el, "pointercancel", self._on_pointer_cancel)
        self.editor.build_board(parent, "sp-board sp-edit", "sp-edit-board", "ed_board_sliding")
        on(self.editor.edit_el, "click", self._on_ed_click)  # the draft is redrawn on every edit: one listener

    def build_side(self, side: object) -> None:
        # what fewest moves costs on the large sizes (they open in the fast mode): said when it is chosen
        self.mode_note = el("p", side, "help sp-mode-note", hidden=True)
        self.shell.text(self.mode_note, "sp_optimal_large")
        self.editor.build_help(side, "sp_keys_help", "ed_help_sliding")

    def _fill_sizes(self) -> None:
        """The sizes, each marked ✓ once a board of that size was solved by hand; the board's chosen."""
        clear(self.size_select)
        for r, c in SIZES:
            mark = " ✓" if self.shell.records.solved(self.game, "%dx%d" % (r, c)) else ""
            el("option", self.size_select, value="%dx%d" % (r, c), text="%d × %d%s" % (r, c, mark))
        if self.shape is not None:
            self.size_select.value = "%dx%d" % self.shape

    def mark_records(self) -> None:
        self._fill_sizes()

    # ================================================================= records
    def record_key(self) -> str:
        return "%dx%d" % (self.session.start.rows, self.session.start.cols)

    def record_label(self, key: str) -> str:
        return key.replace("x", " × ")

    def par_search(self) -> "tuple | None":
        board = self.session.start
        cells = board.rows * board.cols
        shape = table_shape(board.rows, board.cols)
        if cells <= PAR_CELLS or (shape in self.tables_ready and shape not in self.tables_failed):
            return (board, {"mode": "optimal"})
        return None

    # ================================================================= drawing
    def board_opened(self) -> None:
        self.mode_select.value = self.session.options["mode"]
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
            self.tiles[tile] = el("button", self.board_el, "sp-tile", type="button", data_tile=tile, text=str(tile))

    def draw(self) -> None:
        board = self.session.state
        self.mode_note.hidden = not (len(board.cells) > OPTIMAL_MAX_CELLS and self.session.options["mode"] == "optimal")
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
    def _act(self, ev: dict) -> None:
        """Play what ``ev`` means (puzzles.sliding.input): a tap slides its tile's line,
        one move a tile; a key or a swipe the tile beside the blank; a refusal shakes
        the tile, or the board. A playback under way stops first (see GameView.play)."""
        self.interrupt()
        outcome, _ui = sliding_input.interpret(self.session.state, {}, ev)
        if isinstance(outcome, list):
            for tile in outcome:
                self.move(tile)
        elif isinstance(outcome, Refused):
            self.frame.refuse(*([self.tiles.get(t) for t in outcome.pieces] or [self.board_el]))

    def _on_click(self, event: object) -> None:
        tile = hit(event, ".sp-tile", "tile")
        if tile is not None and now() - self.pointer_at > CLICK_AFTER_TOUCH_MS:  # else handled on pointerup
            self._act(input_event("tap", piece=tile[1]))

    def _on_key(self, event: object) -> None:
        key = str(event.key)
        if key in sliding_input.KEYS:
            event.preventDefault()
            self._act(input_event("key", key=key))

    def _on_pointer_down(self, event: object) -> None:
        self.swipe = (float(event.clientX), float(event.clientY))

    def _on_pointer_cancel(self, event: object) -> None:
        self.swipe = None

    def _on_pointer_up(self, event: object) -> None:
        """A swipe slides the tile beside the blank the way the finger went; a touch
        tap slides at once (the browser's click after a touch may be late, or dropped)."""
        start, self.swipe = self.swipe, None
        if start is None:
            return
        d = gesture_direction(float(event.clientX) - start[0], float(event.clientY) - start[1], SWIPE_PX)
        if d is None:
            tile = hit(event, ".sp-tile", "tile") if str(event.pointerType) != "mouse" else None
            if tile is not None:  # a mouse's tap is its click
                self.pointer_at = now()
                self._act(input_event("tap", piece=tile[1]))
            return
        self.pointer_at = now()
        self._act(input_event("swipe", direction=d))

    # ================================================================= controls
    def _on_size(self, value: str) -> None:
        """A size chosen (its change event's value): a new board of that size is dealt."""
        parts = value.split("x")
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit() and (int(parts[0]), int(parts[1])) in SIZES:
            self._deal(int(parts[0]), int(parts[1]))

    def _on_shuffle(self, event: object) -> None:
        """Shuffle: a new board of the size on screen."""
        self._deal(self.session.start.rows, self.session.start.cols)

    def _deal(self, rows: int, cols: int) -> None:
        self.shuffles += 1
        seed = int(float(window.Date.now())) % 1000000007 + self.shuffles
        self.frame.clear_alert()
        board = shuffled(rows, cols, seed)
        self.session.options = self.spec.defaults(board)  # a new size opens in its default mode
        self.life.load(board, "sp_shuffled")

    # ================================================================= solver
    def before_search(self, board: object) -> str:
        """An unsolvable board is answered at once by the parity rule, without the worker."""
        return "" if board.solvable() else "sp_unsolvable"

    def _tables_needed(self, board: object) -> "tuple | None":
        """The shape of the shipped tables a fewest-moves search of ``board`` needs loaded first, or ``None``."""
        shape = table_shape(board.rows, board.cols)
        if shape not in TABLE_FILES or shape in self.tables_ready or self.session.options["mode"] != "optimal":
            return None
        return shape

    def prefetchable(self, board: object) -> bool:
        """Not before its shipped tables are loaded: a user's Solve fetches them."""
        return self._tables_needed(board) is None

    async def prepare(self, board: object) -> None:
        """The shipped pattern tables of the board's shape (4 × 4; 3 × 5, which
        serve 5 × 3 too), loaded into the worker (in slices) before its first
        such search; if they cannot be, the worker's smaller tables do."""
        shape = self._tables_needed(board)
        if shape is None:
            return
        self.frame.say("sp_tables", shape="%d × %d" % shape)
        url = str(window.URL.new("static/data/" + TABLE_FILES[shape], window.location.href).href)
        result = await self.jobs.run_job("tables", show=False, url=url)
        if result["status"] == "loaded":
            self.tables_ready.add(shape)
            self.tables_failed.discard(shape)
        elif result["status"] not in ("cancelled", "changed"):  # this search goes without; a later Solve tries again
            self.tables_failed.add(shape)

    def after_solve(self) -> None:
        if self.shape is not None and table_shape(*self.shape) in self.tables_failed:
            self.frame.show_error("", {}, "", "sp_tables_failed")  # in the page's language, after a switch too

    def solved_key(self, stats: dict) -> str:
        return "solved" if stats.get("optimal") else "sp_solved_fast"

    def show_progress(self, progress: dict) -> None:
        if "bound" in progress:
            self.frame.say("sp_searching", b=progress["bound"], n=num(progress["positions"]))
        elif "method" not in progress:
            self.frame.say("sp_searching_bfs", n=num(progress["positions"]))

    def show_hint(self, moves: list, stats: dict) -> None:
        self.render()
        self.frame.say("sp_hint" if stats.get("optimal") else "sp_hint_fast", t=moves[0], n=stats["distance"])

    # ================================================================= the editor
    def build_editor(self, bar: object) -> None:
        self.ed_size = self.frame.select(bar, "ed_grid", "sp-ed-size")
        for r, c in SIZES:
            el("option", self.ed_size, value="%dx%d" % (r, c), text="%d × %d" % (r, c))
        on(self.ed_size, "change", self.frame.guard(lambda e: self._on_ed_size(str(e.target.value))))
        self.frame.button(bar, "ed_goal", self._on_ed_goal)
        self.editor.play_button(bar)

    def new_draft(self) -> object:
        b = self.session.state
        return SlidingDraft(b.rows, b.cols, b.cells)

    def _on_ed_size(self, value: str) -> None:
        """A size chosen for the draft (its change event's value): the goal of that size."""
        rows, cols = [int(x) for x in value.split("x")]
        self.editor.set_draft(SlidingDraft(rows, cols))

    def _on_ed_goal(self, event: object) -> None:
        self.editor.set_draft(SlidingDraft(self.editor.draft.rows, self.editor.draft.cols))

    def editor_status(self) -> tuple:
        """Said again after every swap: whether the goal can be reached from the position drawn."""
        if Board(self.editor.draft.rows, self.editor.draft.cols, self.editor.draft.cells).is_solved():
            return ("ed_sp_goal", {})
        return ("ed_sp_solvable", {}) if self.editor.draft.solvable() else ("ed_sp_unsolvable", {})

    def draw_editor(self) -> None:
        d = self.editor.draft
        self.ed_size.value = "%dx%d" % (d.rows, d.cols)
        box = self.editor.edit_el
        clear(box)
        box.style.setProperty("--rows", str(d.rows))
        box.style.setProperty("--cols", str(d.cols))
        box.classList.toggle("unsolvable", not d.solvable())
        t = self.shell.t
        for p, tile in enumerate(d.cells):
            r, c = p // d.cols, p % d.cols
            cls = "sp-tile" if tile else "sp-tile sp-blank"
            b = el("button", box, cls, type="button", data_cell=p, text=str(tile) if tile else "")
            b.style.setProperty("--r", str(r))
            b.style.setProperty("--c", str(c))
            label = t("sp_tile_label", n=tile, r=r + 1, c=c + 1) if tile else t("ed_blank_label", r=r + 1, c=c + 1)
            if p == self.editor.selected:
                label += " — " + t("piece_selected")
            b.setAttribute("aria-label", label)
            b.setAttribute("aria-pressed", "true" if p == self.editor.selected else "false")
            if p == self.editor.focus:
                b.focus()

    def _on_ed_click(self, event: object) -> None:
        """A click on the draft's cell ``p``: select it, or swap it with the one selected."""
        cell = hit(event, ".sp-tile", "cell")
        if cell is None:
            return
        p = cell[1]
        self.editor.focus = p
        if self.editor.selected is None:
            self.editor.selected = p
            self.render()
            return
        if self.editor.selected != p:
            self.editor.draft.swap(self.editor.selected, p)
        self.editor.selected = None
        self.editor.edited()

    # ================================================================= Step through
    def trace_show(self, step: dict, at: int) -> None:
        """The program's last board of the step drawn in place of the game's (its pieces by id)."""
        if getattr(self, "shadow", None) is None:
            from app.step_view import BoardShadow  # the Code panel's: loaded with it, after the first screen

            self.shadow = BoardShadow(self.shell, self.board_el, "trace-cell sp")
        self.shadow.show(step, at)

    def trace_off(self) -> None:
        if getattr(self, "shadow", None) is not None:
            self.shadow.off()
