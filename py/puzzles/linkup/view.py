"""Link-up on the page: its pickers (size, kinds, seed, New board), Shuffle,
tiles drawn from the board (a face per kind from :mod:`app.faces`), two clicks
make a ``gameHandler.connect`` call, the path drawn through the ring, and a
roving arrow-key cursor (the grid is one Tab stop). The tiles are as large as
the width allows (:meth:`View.fit`); a board is drawn turned on its side (rows
as columns) only when that makes its tiles larger, and the page then says so;
the game is the same either way. Everything else is :class:`app.view.GameView`'s."""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from app import lazy
from app.dom import clear, el, hit, on
from app.faces import face
from app.records import clock_text, num
from app.records_keeper import now
from app.view import GameView, game_texts
from puzzles import exact_int
from puzzles.input import Refused, changed
from puzzles.input import event as input_event
from puzzles.linkup import PRESETS, connect, generate, joinable_pairs
from puzzles.linkup import input as linkup_input
from puzzles.linkup import turns as _turns_of
from puzzles.linkup.case_view import draw_board, draw_case
from puzzles.linkup.search_view import SearchShow

SVG = "http://www.w3.org/2000/svg"
MAIN_THREAD_CELLS = 24  # boards up to this size are generated at once on the page's thread
PRESET_ORDER = ("small", "kshisen", "large")
MAX_CELL = 46.0  # px: a tile's cell (tile and its margin) is never larger
MIN_CELL = 34.0  # px: the height left under the controls never makes a cell (a 32 px tile) smaller; the page scrolls


TRACE_PAIRS = 8  # pairs whose paths Step through compares to pick one that turns (each a connect())


def _ring(k: int, n: int) -> float:
    """Where row or column ``k`` (``-1`` and ``n`` are the ring) is drawn, in cells:
    the ring is half a cell wide."""
    if k < 0:
        return 0.25
    if k >= n:
        return n + 0.75
    return k + 1.0


class NoRace:
    """The race's part until its module is loaded: no room, so nothing locked, timed or counted."""

    def racing(self) -> bool:
        return False

    def hinted(self) -> None:
        pass

    def on_race_board(self) -> bool:
        return False

    def clock_ms(self) -> None:
        return None


class View(GameView):
    TEXT = game_texts(
        ready="lu_ready", won="lu_cleared_by_you", solved="cleared", unsolvable="cannot_clear", unknown="lu_unknown"
    )
    TEXT["by_solver"] = "lu_cleared_by_solver"
    TEXT.update(
        hint_none="lu_hint_stuck", hint_none_start="lu_hint_dead", paste_help="lu_paste_help", at_goal="lu_ready",
        solved_already="lu_cleared_already",
    )
    SHOW_MOVES_RECORD = False

    def __init__(self, shell: object, panel: object, spec: object) -> None:
        # the selected tile, the keyboard's cursor (the cell of the one tile in the Tab order) and
        # whether the board is drawn on its side (its rows as columns, see fit()): puzzles.linkup.input
        self.ui = {"selected": None, "cursor": 0, "turned": False}
        self.tiles: dict = {}
        self.shuffles = 0
        self.seed = 1  # the seed the start board was made from, or None (a pasted or linked board)
        self.seed_typed = None  # the text the player typed in the seed box (None: it shows what the page wrote)
        self.preset = "small"  # the size a New board gets (a name of PRESETS), as the size picker shows
        self.kinds = PRESETS["small"][2]  # and its number of kinds, as the kinds picker shows
        self.fitted = None  # (turned, cell px) last set by fit()
        super().__init__(shell, panel, spec)
        self.race = NoRace()  # the race's panel once its module is in (build_own_later)
        self.race_at = None  # the place kept for it in the side column (app.lazy.holder)
        self.race_module = None  # puzzles.linkup.race_view, once loaded
        self.search = SearchShow(shell, self.frame, {
            "board_el": lambda: self.board_el, "board": lambda: self.session.state, "changed": self.life.save})

    async def build_own_later(self) -> None:
        """The race's panel in the place kept for it (a room's link is joined then)."""
        await self._race_panel()

    async def _race_panel(self) -> object:
        """The race's panel, built the first time it is asked for (its module loaded, see app.lazy)."""
        if self.race_module is None:
            module = await lazy.load("puzzles.linkup.race_view")
            if self.race_module is None:  # a click and build_own_later may both have waited for it
                spec = self.spec
                race = module.RacePanel(self.shell, self.session, self.frame, {
                    "settings": lambda: {"preset": self.preset, "kinds": self.kinds}, "encode": spec.encode_move,
                    "load": lambda code, seed: self.life.load(spec.board.parse(code), "race_go", seed=seed),
                    "render": self.render})
                lazy.build_at(self.race_at, race.build)
                race.render()  # in the page's language: its hook (shell.on_lang) is for the switches to come
                self.race, self.race_module = race, module
        return self.race

    async def _on_race(self, event: object) -> None:
        (await self._race_panel()).create(event)

    # ================================================================= frame
    def build_controls(self, bar: object) -> None:
        sh = self.shell
        self.preset_select = self.frame.select(bar, "lu_preset", "lu-preset")
        on(self.preset_select, "change", self.frame.guard(lambda e: self._on_preset(str(e.target.value))))
        self.kinds_select = self.frame.select(bar, "lu_kinds", "lu-kinds")
        on(self.kinds_select, "change", self.frame.guard(lambda e: self._on_kinds(str(e.target.value))))
        lab = el("label", bar, "field seed")
        sh.text(el("span", lab), "lu_seed")
        self.seed_input = el("input", lab, type="number", min="0", value="1", id="lu-seed", inputmode="numeric")
        sh.text(self.seed_input, "lu_seed_any", "placeholder")  # empty: a board not made from a seed; New picks one
        on(self.seed_input, "input", self._on_seed_typed)
        self.new_btn = self.frame.button(bar, "lu_new", self._on_new)
        # "Show the search" with the board's own controls: on a phone it is on screen with the board
        self.search.build(bar)
        self.locked_drawn = False  # New board drawn off (a race on)
        self._fill_presets()
        self._fill_kinds()

    def build_buttons(self, bar: object) -> None:
        self.shuffle_btn = self.frame.button(bar, "lu_shuffle", self._on_shuffle)
        self.frame.button(bar, "race", self._on_race)  # at once: its panel follows (see _race_panel)

    def build_board(self, parent: object) -> None:
        self.area = parent
        scroll = el("div", parent, "lu-scroll")
        self.turned_note = el("p", scroll, "help lu-turned", hidden=True, id="lu-turned")
        self.shell.text(self.turned_note, "lu_turned")
        self.board_el = el("div", scroll, "lu-board", role="group", id="lu-board")
        self.shell.text(self.board_el, "board_linkup", "aria-label")
        on(self.board_el, "keydown", self._on_key)
        on(self.board_el, "click", self._on_tile_click)
        self.overlay = document.createElementNS(SVG, "svg")
        self.overlay.setAttribute("class", "lu-path")
        self.overlay.setAttribute("aria-hidden", "true")
        self._fit_proxy = create_proxy(lambda *a: self.fit())
        self._observer = window.ResizeObserver.new(self._fit_proxy)
        self._observer.observe(parent)  # the panel shown, the width changed (a phone turned)

    def build_side(self, side: object) -> None:
        self.race_at = lazy.holder(side)
        self.shell.text(el("p", side, "help"), "lu_keys_help")

    def _fill_presets(self) -> None:
        """The sizes, each marked ✓ once a board of that size was cleared by hand; :attr:`preset` chosen."""
        clear(self.preset_select)
        solved = set()
        for key in self.shell.records.keys(self.game):
            solved.add(key.split("/")[0])
        for name in PRESET_ORDER:
            rows, cols, _k, _p = PRESETS[name]
            mark = " ✓" if "S%dx%d" % (rows, cols) in solved else ""
            el("option", self.preset_select, value=name, text=self.shell.t("lu_preset_" + name) + mark)
        self.preset_select.value = self.preset

    def _kinds_choices(self) -> list:
        """Every number of kinds that fills the chosen size with pairs (each kind an even count)."""
        rows, cols, _default, _per = PRESETS[self.preset]
        cells = rows * cols
        return [k for k in range(1, 62) if cells % k == 0 and (cells // k) % 2 == 0]

    def _fill_kinds(self) -> None:
        """The kinds picker for the chosen size, :attr:`kinds` chosen (the size's default
        when it does not fill that size)."""
        rows, cols, default, _per = PRESETS[self.preset]
        choices = self._kinds_choices()
        if self.kinds not in choices:
            self.kinds = default
        clear(self.kinds_select)
        for k in choices:
            el("option", self.kinds_select, value=str(k), text="%d × %d" % (k, rows * cols // k))
        self.kinds_select.value = str(self.kinds)

    def _on_preset(self, value: str) -> None:
        """A size chosen (its change event's value): the next New board's, with its default kinds."""
        if value in PRESETS:
            self.preset = value
            self.kinds = PRESETS[value][2]
        self._fill_kinds()

    def _on_kinds(self, value: str) -> None:
        """A number of kinds chosen (its change event's value) for the next New board."""
        if value.isdigit() and int(value) in self._kinds_choices():
            self.kinds = int(value)
        self.kinds_select.value = str(self.kinds)

    # ================================================================= drawing
    def board_opened(self) -> None:
        """Tiles for the start position; the pickers follow the board (size, kinds, seed)."""
        board = self.session.start
        self.ui = changed(linkup_input.new_ui(board), turned=self.ui["turned"])
        kinds = len(set(v for v in board.cells if v))
        for name, (rows, cols, _k, _p) in PRESETS.items():
            if (rows, cols) == (board.rows, board.cols):
                self.preset, self.kinds = name, kinds
                self.preset_select.value = name
                self._fill_kinds()
        self.seed_input.value = str(self.seed) if self.seed is not None else ""
        self.seed_typed = None
        clear(self.board_el)
        style = self.board_el.style
        style.setProperty("--rows", str(board.rows))
        style.setProperty("--cols", str(board.cols))
        self.fitted = None
        self.tiles = {}
        for i, kind in enumerate(board.cells):
            if not kind:
                continue
            r, c = divmod(i, board.cols)
            b = el("button", self.board_el, "lu-tile", type="button", data_cell=i)
            b.style.setProperty("--gr", str(r + 2))
            b.style.setProperty("--gc", str(c + 2))
            self.tiles[i] = b
        self.overlay.setAttribute("viewBox", "0 0 %d %d" % (board.cols + 1, board.rows + 1))
        self.board_el.appendChild(self.overlay)
        self.fit()

    def fit(self) -> None:
        """The tiles' size and the board's way round, from the room the page gives it:
        a cell is as wide as the panel's width allows (at most ``MAX_CELL``), and as
        tall as the height left under the controls allows, but never under ``MIN_CELL``
        for that (a long board then scrolls with the page rather than shrink its tiles).
        The board is turned on its side only when that gives larger tiles (a wide board
        on a phone held upright); a note above it says so. A hidden panel waits: the
        observer calls again when it is shown."""
        width = float(self.area.clientWidth) - 1
        if width <= 0 or getattr(self, "session", None) is None:
            return
        top = float(self.board_el.getBoundingClientRect().top) + float(window.scrollY)
        height = float(window.innerHeight) - top - 12
        rows, cols = self.session.start.rows, self.session.start.cols

        def cell(down: int, across: int) -> float:
            return min(MAX_CELL, width / (across + 1), max(MIN_CELL, height / (down + 1)))

        flat, side = cell(rows, cols), cell(cols, rows)
        turned = side > flat + 0.5
        size = int((side if turned else flat) * 4) / 4
        if (turned, size) == self.fitted:
            return
        self.fitted = (turned, size)
        self.ui = changed(self.ui, turned=turned)
        self.board_el.classList.toggle("turned", turned)
        self.board_el.style.setProperty("--lu-cell", "%.2fpx" % size)
        if turned:
            self.turned_note.removeAttribute("hidden")
        else:
            self.turned_note.setAttribute("hidden", "")

    def relabel(self) -> None:
        self._fill_presets()

    def mark_records(self) -> None:
        self._fill_presets()

    def draw(self) -> None:
        board = self.session.state
        locked = self.board_locked()
        if locked != self.locked_drawn:
            self.locked_drawn = locked
            self.new_btn.disabled = locked
        self.shuffle_btn.disabled = board.is_cleared()  # nothing left to rearrange
        hinted = self.hinted[0] if self.hinted else ()
        self.ui = linkup_input.follow(board, self.ui)  # the cursor on a tile, the selection on its tile
        selected, cursor = self.ui["selected"], self.ui["cursor"]
        for i, b in self.tiles.items():
            kind = board.cells[i]
            if not kind:
                b.setAttribute("hidden", "")
                b.setAttribute("tabindex", "-1")
                continue
            b.removeAttribute("hidden")
            symbol, colour = face(kind)
            b.textContent = symbol
            b.style.setProperty("--tile", colour)
            r, c = divmod(i, board.cols)
            label = self.shell.t("tile_label", face=symbol, kind=kind, r=r + 1, c=c + 1)
            if i == selected:
                label += " — " + self.shell.t("tile_selected")
            b.setAttribute("aria-label", label)
            b.setAttribute("aria-pressed", "true" if i == selected else "false")
            b.setAttribute("tabindex", "0" if i == cursor else "-1")
            b.classList.toggle("hinted", i in hinted)

    def counter_text(self) -> str:
        return self.shell.t("lu_left", n=self.session.state.tiles())

    # ================================================================= the cursor
    def _on_key(self, event: object) -> None:
        """Arrow keys move the cursor (as the board is drawn: a turned board's rows go
        down), Home and End to the row's first and last tile (puzzles.linkup.input)."""
        key = str(event.key)
        if key not in linkup_input.KEYS:
            return
        event.preventDefault()
        outcome, self.ui = linkup_input.interpret(self.session.state, self.ui, input_event("key", key=key))
        if isinstance(outcome, Refused):
            self.frame.refuse(*[self.tiles.get(i) for i in outcome.cells])
            return
        self.render()
        tile = self.tiles.get(self.ui["cursor"])
        if tile is not None and self.session.state.cells[self.ui["cursor"]]:
            tile.focus()

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
        self.ui = changed(self.ui, selected=None)

    def stuck_key(self) -> str:
        board = self.session.state
        return "lu_no_pair" if not board.is_cleared() and not joinable_pairs(board) else ""

    def announce(self) -> None:
        board = self.session.state
        if board.is_cleared():
            self.frame.say(self.won_key(), **self.won_values())
        else:
            self.frame.say(self.stuck_key() or "lu_joined", n=board.tiles())

    def won_key(self) -> str:
        return "lu_cleared_race" if self.race.on_race_board() else self.TEXT["won"]

    def won_values(self) -> dict:
        return {"n": self.session.start.tiles() // 2, "t": clock_text(self.records.clock.ms(now()))}

    def records_off(self) -> bool:
        return self.race.on_race_board()

    def clock_line(self) -> "str | None":
        ms = self.race.clock_ms()
        if ms is None:
            return None
        return "" if ms < 0 else self.shell.t("race_clock", t=self.race_module.race_time(ms))

    # ================================================================= records
    def record_key(self) -> str:
        """A generated board by its size, kinds and seed; any other by its code."""
        b = self.session.start
        if self.seed is None:
            return "B" + b.to_code()
        kinds = len(set(v for v in b.cells if v))
        return "S%dx%d/%d/%d" % (b.rows, b.cols, kinds, self.seed)

    def record_label(self, key: str) -> str:
        parts = key[1:].split("/")
        if key[:1] != "S" or len(parts) != 3:
            return self.shell.t("custom_named", code=key[1:])
        return self.shell.t("lu_record_label", size=parts[0].replace("x", " × "), kinds=parts[1], seed=parts[2])

    def save_extra(self) -> object:
        return {"seed": self.seed, "search": self.search.on}

    def forget(self, new_board: bool) -> None:
        """The board changed: a search shown on the old one ends (but for the pair it joins itself)."""
        self.search.cancel()

    def restore_extra(self, data: object) -> None:
        """The seed the saved board was made from (checked again when that is cheap);
        with none saved, the default board's."""
        seed = data.get("seed") if isinstance(data, dict) else None
        self.search.set_on(isinstance(data, dict) and data.get("search") is True)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 10**9 or not self._made_from(seed):
            seed = 1 if self.session.start == self.spec.default() else None
        self.seed = seed

    def _made_from(self, seed: int) -> bool:
        b = self.session.start
        if b.rows * b.cols > MAIN_THREAD_CELLS:
            return True  # too slow to make again here: the saved seed is trusted
        kinds = len(set(v for v in b.cells if v))
        try:
            return generate(b.rows, b.cols, kinds, b.rows * b.cols // kinds, seed) == b
        except ValueError:
            return False

    def will_load(self, board: object, extra: dict) -> None:
        """A new board; ``extra["seed"]`` when it was made from one (the default board is seed 1)."""
        seed = extra.get("seed")
        if seed is None and board == self.session.start:  # Reset keeps the seed
            seed = self.seed
        elif seed is None and board == self.spec.default():
            seed = 1
        self.seed = seed

    # ================================================================= drawing paths
    def _draw_path(self, path: list) -> None:
        clear(self.overlay)
        board = self.session.state
        line = document.createElementNS(SVG, "polyline")
        points = ["%.2f,%.2f" % (_ring(c, board.cols), _ring(r, board.rows)) for r, c in path]
        line.setAttribute("points", " ".join(points))
        line.setAttribute("data-cells", str(len(path)))
        self.overlay.appendChild(line)
        asyncio.create_task(self._fade(line))

    async def _fade(self, line: object) -> None:
        await asyncio.sleep(0.45)
        if line.parentNode:
            line.parentNode.removeChild(line)

    def _on_tile_click(self, event: object) -> None:
        """A click on a tile (the board listens once for all of them: a listener per
        tile would add 144 for every new board and keep the old ones alive): what it
        means is puzzles.linkup.input's; a pair joins as ``gameHandler.connect`` joins it."""
        tile = hit(event, ".lu-tile", "cell")
        if tile is None:
            return
        self.interrupt()  # a tap takes the board back from a playback (see GameView.play)
        self.search.clear()  # the last search's marks go at the next pick
        chosen = self.ui["selected"]
        mine = self.code is not None and self.code.use_connect  # the learner's connect joins
        if mine and chosen is not None and chosen != tile[1]:
            self.ui = changed(self.ui, selected=None, cursor=tile[1])
            self.render()
            asyncio.create_task(self.frame.guarded(self._my_connect(chosen, tile[1])))
            return
        outcome, self.ui = linkup_input.interpret(self.session.state, self.ui, input_event("tap", cell=tile[1]))
        if self.search.on and self._show_search(outcome, chosen, tile[1]):
            return
        if isinstance(outcome, Refused):
            self.frame.refuse(*[self.tiles.get(i) for i in outcome.cells])
            self.render()
            if outcome.say:
                self.frame.say(outcome.say)
            return
        if outcome is None:
            self.render()
            return
        cols = self.session.state.cols
        for a, b in outcome:
            self.connect(a // cols, a % cols, b // cols, b % cols)  # played, redrawn, its path drawn
        cursor = self.ui["cursor"]
        if self.session.state.cells[cursor] and self._focus_lost():
            self.tiles[cursor].focus()  # the focused tile went with its pair: focus stays on the grid

    def _show_search(self, outcome: object, a: "int | None", b: int) -> bool:
        """"Show the search": a pair of one kind picked (joined or not) is searched on the board first,
        then joined or refused (:meth:`_searched`); ``False`` for any other pick (handled as always)."""
        cells = self.session.state.cells
        if a is None or a == b or not cells[a] or cells[a] != cells[b]:
            return False
        if not isinstance(outcome, list) and not isinstance(outcome, Refused):
            return False
        self.render()
        asyncio.create_task(self.frame.guarded(self.search.show(a, b, lambda *r: self._searched(a, b, *r))))
        return True

    def _searched(self, a: int, b: int, path: list, states: int, turned: int) -> None:
        """The search shown ended on the board it began on: the pair joined along its path, or refused."""
        if not path:
            self.frame.refuse(self.tiles.get(a), self.tiles.get(b))
            self.frame.say("lu_search_none", s=states)
            return
        self.play((min(a, b), max(a, b)))
        self._draw_path(path)
        board = self.session.state
        if not board.is_cleared() and not self.stuck_key():
            self.frame.say("lu_search_joined", t=turned, s=states, n=board.tiles())

    async def _my_connect(self, a: int, b: int) -> None:
        """"Use my connect": the Code panel's learner's ``connect`` joins the pair, if its path is legal."""
        board = self.session.state
        path = await self.code.connect(board, a, b)
        if path is None or self.session.state != board:
            self.frame.refuse(self.tiles.get(a), self.tiles.get(b))
            return
        self.play((min(a, b), max(a, b)))
        self._draw_path(path)

    def _focus_lost(self) -> bool:
        active = document.activeElement
        return active is None or str(active.tagName) == "BODY" or bool(self.board_el.contains(active))

    # ================================================================= controls
    def _on_seed_typed(self, event: object) -> None:
        """The seed box's text as the player types it (its input event's value)."""
        self.seed_typed = str(event.target.value)

    def _new_seed(self) -> int:
        """The seed of the next New board: the one the player typed in the seed box, if
        they typed one (a board to reproduce); else a fresh random one, never the
        board's own (the box only shows the board's seed, so it can be shared)."""
        if self.seed_typed is not None:
            try:
                seed = exact_int(int(self.seed_typed.strip()))
            except ValueError:
                seed = -1
            if 0 <= seed < 10**9:
                return seed
        while True:
            seed = int(float(window.Math.random()) * 1000000)
            if seed != self.seed:
                return seed

    async def _on_new(self, event: object) -> None:
        """New board: small ones are made at once here, larger ones by the worker, in slices.
        Its seed: the one typed in the seed box, else a new random one (:meth:`_new_seed`)."""
        seed = self._new_seed()
        rows, cols, _kinds, _per = PRESETS[self.preset]
        kinds = self.kinds
        per = rows * cols // kinds
        if rows * cols <= MAIN_THREAD_CELLS:
            board = generate(rows, cols, kinds, per, seed)
        else:
            self.frame.say("lu_generating")
            result = await self.jobs.run_job("generate", rows=rows, cols=cols, kinds=kinds, per_kind=per, seed=seed)
            if self.jobs.report(result, self.say_ready):
                return
            board = self.spec.board.parse(result["board"])
        self.frame.clear_alert()
        self.life.load(board, seed=seed)
        self.frame.say(self.stuck_key() or "lu_new_done", seed=seed)

    async def _on_shuffle(self, event: object) -> None:
        self.shuffles += 1
        result = await self.jobs.run_job("shuffle", seed=self.shuffles)
        if not self.jobs.report(result, self.say_ready) and self.play(("shuffle", result["board"])):
            self.frame.say("lu_shuffled")

    # ================================================================= solver
    def show_progress(self, progress: dict) -> None:
        if "tiles" in progress:
            self.frame.say("lu_searching", n=num(progress["positions"]))

    def show_hint(self, moves: list, stats: dict) -> None:
        self.render()
        self.frame.say("lu_hint")
        self.race.hinted()

    def solve_off(self) -> bool:
        return self.race.racing()

    def board_locked(self) -> bool:
        """In a race, the race's board stays: no New board or paste until it is done. Shuffle stays: it
        rearranges the same tiles, and the race counts it (the server checks it keeps them)."""
        return self.race.racing()

    # ================================================================= Step through
    def trace_args(self, failing: "tuple | None" = None) -> tuple:
        """The pair ``connect`` is stepped on: the selected tile and a tile it joins, else the last Check's
        first failing case (``failing``, stepped on its own board), else, of the first pairs that join, the
        one whose path turns most (the search then shows more); the note says which, by its cells."""
        board = self.session.state
        pairs = joinable_pairs(board)
        chosen = self.ui["selected"]
        mine = [p for p in pairs if chosen in p] if chosen is not None else []
        if mine:
            pair, key, turned = mine[0], "lu_step_selected", None
        elif failing is not None:
            return failing
        elif pairs:
            cols = board.cols
            turned, pair = max((_turns_of(connect(board, a // cols, a % cols, b // cols, b % cols)), (a, b))
                               for a, b in pairs[:TRACE_PAIRS])
            key = "lu_step_solver"
        else:
            return None, ("step_no_pair", {})
        cols = board.cols
        args = [pair[0] // cols, pair[0] % cols, pair[1] // cols, pair[1] % cols]
        return args, (key, {"r1": args[0], "c1": args[1], "r2": args[2], "c2": args[3], "t": turned})

    def trace_board(self, grid: "list | None") -> None:
        """A case's board (Check's) drawn with the game's tiles in place of the game's while stepping."""
        self.trace_off()
        if grid is None:
            return
        self.trace_case = box = el("figure", None, "trace-state lu-trace-case play-only")
        self.board_el.parentNode.insertBefore(box, self.board_el.nextSibling)
        self.shell.text(el("figcaption", box, "trace-caption"), "lu_step_case_board")
        inner = el("div", box, "code-grid lu-case", role="img")
        self.shell.text(inner, "lu_step_case_board", "aria-label")
        self.trace_cells, _svg = draw_board(inner, grid, True)
        self.trace_on = {}  # the case's cells marked now: (r, c) -> kind
        self.board_el.setAttribute("data-trace-hidden", "")

    def trace_show(self, step: dict, at: int) -> None:
        """The cells of the step's queue, visited set and state just taken marked on the board (ring
        cells too; a case's own board when one is stepped): one mark a cell, ``data-trace`` naming
        which (the state taken first, then the queue, then visited)."""
        marks = {}
        for kind in ("seen", "queue"):
            for cell in step.get(kind) or []:
                marks[(cell[0], cell[1])] = kind
        cur = step.get("current")
        if isinstance(cur, list) and len(cur) == 2:
            marks[(cur[0], cur[1])] = "current"
        if getattr(self, "trace_case", None) is not None:  # a case's board: its cells carry the marks
            for key in [k for k in self.trace_on if k not in marks]:
                self.trace_cells[key].removeAttribute("data-trace")
                del self.trace_on[key]
            for key, kind in marks.items():
                node = self.trace_cells.get(key)
                if node is not None and self.trace_on.get(key) != kind:
                    node.setAttribute("data-trace", kind)
                    self.trace_on[key] = kind
            return
        rows, cols = self.session.start.rows, self.session.start.cols
        if getattr(self, "trace_marks", None) is None:
            self.trace_marks = {}
        for key, node in self.trace_marks.items():
            if key not in marks:
                node.removeAttribute("data-trace")
        for (r, c), kind in marks.items():
            if not (-1 <= r <= rows and -1 <= c <= cols):
                continue
            node = self.trace_marks.get((r, c))
            if node is None:
                node = el("span", self.board_el, "lu-trace", aria_hidden="true", data_r=r, data_c=c)
                node.style.setProperty("--gr", str(r + 2))
                node.style.setProperty("--gc", str(c + 2))
                self.trace_marks[(r, c)] = node
            node.setAttribute("data-trace", kind)

    def trace_off(self) -> None:
        for node in (getattr(self, "trace_marks", None) or {}).values():
            node.remove()
        self.trace_marks = {}
        if getattr(self, "trace_case", None) is not None:
            self.trace_case.remove()
            self.trace_case = None
            self.board_el.removeAttribute("data-trace-hidden")

    def draw_case(self, parent: object, grid: list, expected: object, answer: object, name: str) -> bool:
        """Check's failing case drawn with the game's tiles, the solver's path and the learner's as lines."""
        path = [[int(p[0]), int(p[1])] for p in expected] if expected else []
        draw_case(self.shell, parent, grid, path, answer, name)
        return True
