"""Huarong Road on the page: its pickers (layout, metric), its board of pieces
(drag, tap-and-tap, arrow keys), ``gameHandler.move(pid, dir)`` and the move-script
box. Its three other panels are parts of their own, each handed a port of the calls
it makes: the BFS chart (:mod:`.chart_view`), the "What equivalence buys" comparison
(:mod:`.compare_view`) and the board editor (:mod:`.editor_view`). The first screen needs
none of them (the chart is empty until a search, the comparison and the editor wait for a
click): their modules are loaded once the board is playable (:mod:`app.lazy`), each built
where its place was kept; until then each is ``None`` and what it would show is shown when
it arrives. Everything else is :class:`app.view.GameView`'s."""

from pyscript import document

from app import lazy
from app.dom import clear, el, hit, on
from app.records import num
from app.view import GameView, game_texts
from puzzles import STEP, PuzzleError, exact_int
from puzzles.huarong import DIRECTIONS, METRICS, check_script, count_steps
from puzzles.huarong import input as huarong_input
from puzzles.huarong.draft import HuarongDraft
from puzzles.huarong.layouts import LAYOUTS, layout_of
from puzzles.huarong.pieces_view import kind, piece_name, place
from puzzles.input import Refused, changed, gesture_direction
from puzzles.input import event as input_event

CLICK_AFTER_TOUCH_MS = 700  # a click this soon after a touch lifted is that touch's (its tap is already played)


class View(GameView):
    TEXT = game_texts(ready="status_ready", won="status_won", paste_help="paste_board_help", at_goal="hr_at_goal")
    EDITABLE = True

    def __init__(self, shell: object, panel: object, spec: object) -> None:
        self.ui = huarong_input.new_ui()  # the selected piece (puzzles.huarong.input)
        self.drag = None  # the piece a pointer pressed and drags
        self.press = None  # where a pointer went down on the board: (x, y)
        # the click a mouse drag ends with is not a tap; a touch drag ends with none, so the flag
        # lives only until the next gesture begins (pointerdown, a key): its click is its own
        self.suppress_click = False
        self.touch_at = -1e9  # when (the event's timeStamp) a touch or pen last lifted off the board
        self.piece_els: dict = {}
        self.drawn: dict = {}  # pid -> what draw() last wrote on its button (see draw)
        self.drawn_won = None  # the board's "won" mark as last written
        self.layouts_metric = None  # the metric whose pars the layouts menu shows
        self.layout_at = None  # (start board, its classic layout or None), see _layout
        self.hint_said = None  # the last hint (piece, its size, direction, distance), said again on a switch
        self.script_text = ""  # the move-script box's text, as last typed
        # the three parts built after the first screen (see build_own_later): None until then
        self.chart = self.comparison = self.board_editor = None
        self.levels = None  # the chart's counts a search reported before the chart was built
        self.parts_at: dict = {}  # where each part goes: a holder (app.lazy.holder), or the editor's bar
        super().__init__(shell, panel, spec)

    async def build_own_later(self) -> None:
        """The chart, the comparison and the board editor, each in the place kept for it."""
        if self.chart is None:
            await self._build_parts()

    async def _build_parts(self) -> None:
        shell, f, jobs, ed, at = self.shell, self.frame, self.jobs, self.editor, self.parts_at
        texts = {"t": shell.t, "text": shell.text}
        Chart = (await lazy.load("puzzles.huarong.chart_view")).Chart
        Compare = (await lazy.load("puzzles.huarong.compare_view")).Compare
        Editor = (await lazy.load("puzzles.huarong.editor_view")).Editor
        chart = Chart(texts)
        lazy.build_at(at["chart"], chart.build)
        self.chart = chart
        if self.levels is not None:
            chart.draw(self.levels)
            self.levels = None
        comparison = Compare(dict(texts, button=f.button, request=jobs.request, stepped=jobs.stepped,
                                  side_job=jobs.side_job))
        lazy.build_at(at["compare"], comparison.build)
        self.comparison = comparison
        board_editor = Editor(dict(
            texts, lang=lambda: shell.lang, select=f.select, button=f.button, guard=f.guard,
            play_button=ed.play_button, draft=lambda: ed.draft, selected=lambda: ed.selected,
            set_selected=lambda i: setattr(ed, "selected", i), focus=lambda: ed.focus,
            set_focus=lambda rc: setattr(ed, "focus", rc), edited=ed.edited, set_draft=ed.set_draft,
            refused=ed.refused, render=self.render))
        board_editor.build(at["editor"])
        board_editor.listen(ed.edit_el)
        self.board_editor = board_editor
        if ed.editing:  # Edit was pressed before the editor's module was in: the draft drawn and said now
            ed.edited()

    # ================================================================= frame
    def build_controls(self, bar: object) -> None:
        self.layout_select = self.frame.select(bar, "layout", "hr-layout")
        self.layout_labels: "list | None" = None  # the menu's texts as last built (see _fill_layouts)
        on(self.layout_select, "change", self.frame.guard(lambda e: self._on_layout(str(e.target.value))))
        self.option_select(bar, "metric", "metric")

    def build_board(self, parent: object) -> None:
        left = el("div", parent, "board-column")
        self.board_el = el("div", left, "hr-board play-only", role="group", id="hr-board")
        self.shell.text(self.board_el, "board_huarong", "aria-label")
        # one listener of each kind for the board, the piece found under the event (dom.hit): listeners
        # per piece would add 60 on every layout change and keep the old ones alive
        on(self.board_el, "click", self._on_board_click)
        on(self.board_el, "keydown", self._on_piece_key)
        on(self.board_el, "pointerdown", self._on_pointer_down)
        on(self.board_el, "pointermove", self._on_pointer_move)
        on(self.board_el, "pointerup", self._on_pointer_up)
        on(self.board_el, "pointercancel", self._on_pointer_cancel)
        self.editor.build_board(left, "hr-board hr-edit", "hr-edit-board", "ed_board_huarong")

    def build_side(self, side: object) -> None:
        self.editor.build_help(side, "keys_help", "ed_help_huarong")

    def build_progress(self, box: object) -> None:
        self.parts_at["chart"] = lazy.holder(box)

    def build_panels(self, panel: object) -> None:
        box, self.script_input = self.frame.paste_box(panel, "paste_script", "paste_script_help", "hr-script-input")
        self.script_input.setAttribute("rows", "6")
        on(self.script_input, "input", lambda e: setattr(self, "script_text", str(e.target.value)))
        self.frame.button(box, "play_script", self._on_script)
        self.parts_at["compare"] = lazy.holder(panel)

    def _fill_layouts(self) -> None:
        """The layouts menu: each layout's name, par in the metric chosen and a ✓ once
        solved, then "custom"; rebuilt only when one of those changed (a layout chosen
        only moves the selection)."""
        lang = self.shell.lang
        records = self.shell.records
        self.layouts_metric = self.session.options["metric"]
        labels = []
        for lay in LAYOUTS:
            par = lay.par[self.session.options["metric"]]
            name = lay.zh if lang == "zh" else lay.en
            extra = self.shell.t("par", n=par) if par is not None else self.shell.t("no_par")
            mark = " ✓" if records.solved(self.game, "L%d" % lay.index) else ""
            labels.append("%s — %s%s" % (name, extra, mark))
        labels.append(self.shell.t("custom"))
        if labels != self.layout_labels:
            self.layout_labels = labels
            clear(self.layout_select)
            for i, text in enumerate(labels):
                el("option", self.layout_select, value=str(i) if i < len(LAYOUTS) else "custom", text=text)
        lay = self._layout()
        self.layout_select.value = str(lay.index) if lay is not None else "custom"

    def _layout(self) -> object:
        """The classic layout the board in play started from, or ``None`` (worked out once per start board)."""
        start = self.session.start
        if self.layout_at is None or self.layout_at[0] is not start:
            self.layout_at = (start, layout_of(start))
        return self.layout_at[1]

    # ================================================================= drawing
    def board_opened(self) -> None:
        self.ui = huarong_input.new_ui()
        self.metric_select.value = self.session.options["metric"]
        self._fill_layouts()
        self._build_pieces()

    def relabel(self) -> None:
        if self.frame.status_key[0] == "hint_move" and self.hint_said is not None:
            self._say_hint()
        self._fill_layouts()
        self._build_pieces()
        if self.chart is not None:
            self.chart.relabel()
        if self.comparison is not None:
            self.comparison.show()

    def forget(self, new_board: bool) -> None:
        """The chart and the comparison go (each only when something is drawn: this runs on
        every move); the layouts menu is refilled when the metric of its pars changed."""
        if self.chart is not None:
            self.chart.forget()
        if self.comparison is not None:
            self.comparison.forget()
        self.levels = None
        if not new_board and self.layouts_metric != self.session.options["metric"]:
            self._fill_layouts()

    def mark_records(self) -> None:
        self._fill_layouts()

    # ================================================================= records
    def record_key(self) -> str:
        lay = self._layout()
        return "L%d" % lay.index if lay is not None else "B" + self.session.start.to_code()

    def record_moves(self) -> dict:
        return {m: count_steps(self.session.made, m) for m in METRICS}

    def record_unit(self) -> str:
        return self.session.options["metric"]

    def record_label(self, key: str) -> str:
        if key[:1] == "L" and key[1:].isdigit() and int(key[1:]) < len(LAYOUTS):
            lay = LAYOUTS[int(key[1:])]
            return lay.zh if self.shell.lang == "zh" else lay.en
        return self.shell.t("custom_named", code=key[1:])

    def known_par(self) -> "int | None":
        lay = self._layout()
        return lay.par[self.session.options["metric"]] if lay is not None else None

    def par_search(self) -> "tuple | None":
        return None if self._layout() is not None else (self.session.start, self.session.options)

    def _build_pieces(self) -> None:
        board = self.session.state
        clear(self.board_el)
        style = self.board_el.style
        style.setProperty("--rows", str(board.rows))
        style.setProperty("--cols", str(board.cols))
        self.slot_els = []  # by cell, row * cols + col
        for r in range(board.rows):
            for c in range(board.cols):
                slot = el("div", self.board_el, "hr-slot", data_r=r, data_c=c, data_cell=r * board.cols + c)
                place(slot, r, c, 1, 1)
                self.slot_els.append(slot)
        gr, gc = board.goal()
        target = board.pieces()[1]
        exit_ = el("div", self.board_el, "hr-exit", aria_hidden="true")
        exit_.style.setProperty("--x", str(gc))
        exit_.style.setProperty("--w", str(target.width))
        self.piece_els = {}
        for pid, p in board.pieces().items():
            b = el("button", self.board_el, "hr-piece " + kind(p.height, p.width, pid == 1), type="button",
                   data_pid=pid)
            el("span", b, "hr-name", text=piece_name(pid, p.height, p.width, self.shell.lang))
            self.piece_els[pid] = b
        self.tab_order = list(self.piece_els)  # the pieces' order in the DOM (the Tab order)
        self.drawn_at: dict = {}  # pid -> (row, col) where draw() last put it
        self.drawn: dict = {}  # pid -> what draw() last wrote on its button (see draw)
        self.drawn_won = None  # the board's "won" mark as last written

    def draw(self) -> None:
        """Each piece's place, name, selection and hint, written only where they differ from
        what was drawn last (a move changes one piece: writing all ten through the FFI would make a
        ``gameHandler.move`` cost several times a sliding puzzle's)."""
        board = self.session.state
        lang = self.shell.lang
        hinted = self.hinted[0] if self.hinted else None
        selected = self.ui["selected"]
        drawn = self.drawn
        for pid, p in board.pieces().items():
            b = self.piece_els.get(pid)
            if b is None:
                continue
            hint = hinted[1] if hinted is not None and hinted[0] == pid else None
            look = (p.row, p.col, p.height, p.width, pid == selected, hint, lang)
            if drawn.get(pid) == look:
                continue
            drawn[pid] = look
            place(b, p.row, p.col, p.height, p.width)
            label = self.shell.t(
                "piece_label", name=piece_name(pid, p.height, p.width, lang), pid=pid, r=p.row + 1, c=p.col + 1
            )
            if pid == selected:
                label += " — " + self.shell.t("piece_selected")
            b.setAttribute("aria-label", label)
            b.setAttribute("aria-pressed", "true" if pid == selected else "false")
            b.classList.toggle("hinted", hint is not None)
            if hint is not None:
                b.setAttribute("data-hint", hint)
            else:
                b.removeAttribute("data-hint")
        won = board.is_solved()
        if won != self.drawn_won:
            self.drawn_won = won
            self.board_el.classList.toggle("won", won)
        self._reading_order(board)

    def _reading_order(self, board: object) -> None:
        """Tab goes through the pieces in reading order (top-left first): the pieces'
        buttons are put in that order in the DOM. The piece that just moved (or the
        focused one) stays where it is and the others go around it, so its slide still
        animates, a drag keeps its pointer and focus stays on it."""
        pieces = board.pieces()
        at = {pid: (p.row, p.col) for pid, p in pieces.items() if pid in self.piece_els}
        order = sorted(at, key=lambda pid: at[pid])
        moved = [pid for pid in order if self.drawn_at.get(pid) != at[pid]]
        self.drawn_at = at
        if order == self.tab_order:
            return
        keep = moved[0] if len(moved) == 1 else None
        active = document.activeElement
        if keep is None and active is not None and self.board_el.contains(active):
            focused = str(active.getAttribute("data-pid") or "")
            keep = int(focused) if focused.isdigit() and int(focused) in at else None
        if keep is None:
            for pid in order:
                self.board_el.appendChild(self.piece_els[pid])
        else:
            k = order.index(keep)
            anchor = self.piece_els[keep]
            for pid in order[:k]:
                self.board_el.insertBefore(self.piece_els[pid], anchor)
            for pid in reversed(order[k + 1 :]):
                self.board_el.insertBefore(self.piece_els[pid], anchor.nextSibling)
        self.tab_order = order

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
    def _act(self, ev: dict, show_refusal: bool = True) -> "bool | None":
        """Play what ``ev`` means on the board (:func:`puzzles.huarong.input.interpret`)
        and redraw: ``True`` once its moves are made, ``False`` when refused (shown on
        its piece and cell unless ``show_refusal`` is false), ``None`` when it means
        nothing. A move asked for, made or refused, first stops a playback (GameView.play's rule)."""
        outcome, self.ui = huarong_input.interpret(self.session.state, self.ui, ev)
        if outcome is not None:
            self.interrupt()  # a move asked for, legal or not, takes the board back from a playback
        done = None
        if isinstance(outcome, list):
            done = True
            for move in outcome:
                if not self.play(move):
                    done = False
                    break
        elif isinstance(outcome, Refused):
            done = False
            if show_refusal:
                nodes = [self.piece_els.get(pid) for pid in outcome.pieces]
                nodes += [self.slot_els[i] for i in outcome.cells if 0 <= i < len(self.slot_els)]
                self.frame.refuse(*(nodes or [self.board_el]))
        self.render()
        return done

    def _on_piece_key(self, event: object) -> None:
        self.suppress_click = False  # a new gesture: a drag's click, if it was coming, has come
        piece = hit(event, ".hr-piece", "pid")
        key = str(event.key)
        if piece is None or key not in huarong_input.KEYS:
            return
        event.preventDefault()
        self._act(input_event("key", piece=piece[1], key=key))

    def _on_board_click(self, event: object) -> None:
        """A tap on a piece or on an empty cell (tap-and-tap), as puzzles.huarong.input says.
        A touch's tap is played when the finger lifts (:meth:`_on_pointer_up`): the click the
        browser may send after it is that touch's, not a second tap."""
        touch = str(getattr(event, "pointerType", "")) in ("touch", "pen")  # a click is a PointerEvent in Chromium
        if touch or float(event.timeStamp) - self.touch_at < CLICK_AFTER_TOUCH_MS:
            return
        piece = hit(event, ".hr-piece", "pid")
        if piece is not None:
            if self.suppress_click:  # the click that ends a mouse drag
                self.suppress_click = False
                return
            self._act(input_event("tap", piece=piece[1]))
            return
        slot = hit(event, ".hr-slot", "cell")
        if slot is not None:
            self._act(input_event("tap", cell=slot[1]))

    def _on_pointer_down(self, event: object) -> None:
        self.suppress_click = False  # a new gesture: a drag's click, if it was coming, has come
        self.drag = None
        if str(event.pointerType) == "mouse" and int(event.button) != 0:
            self.press = None
            return
        self.press = (float(event.clientX), float(event.clientY))
        piece = hit(event, ".hr-piece", "pid")
        if piece is None:
            return
        node, pid = piece
        node.setPointerCapture(event.pointerId)
        cell = float(self.board_el.clientWidth) / self.session.state.cols
        start = {"pid": pid, "x": float(event.clientX), "y": float(event.clientY), "cell": cell, "moved": 0}
        start["refused"] = False
        self.drag = start

    def _on_pointer_move(self, event: object) -> None:
        """A drag moves its piece a cell each time the pointer has gone half a cell
        further (the refusal of a blocked way shown once per drag)."""
        drag = self.drag
        if drag is None:
            return
        d = gesture_direction(float(event.clientX) - drag["x"], float(event.clientY) - drag["y"], drag["cell"] * 0.5)
        if d is None:
            return
        done = self._act(input_event("drag", piece=drag["pid"], direction=d), show_refusal=not drag["refused"])
        if done:
            dr, dc = STEP[d]
            drag["x"] += dc * drag["cell"]
            drag["y"] += dr * drag["cell"]
            drag["moved"] += 1
        elif done is False:
            drag["refused"] = True

    def _on_pointer_cancel(self, event: object) -> None:
        self.drag = self.press = None

    def _on_pointer_up(self, event: object) -> None:
        """The end of a press. A mouse drag's click is not a tap (``suppress_click``). A touch
        or pen that never became a drag is a tap, played now: a browser's click after a
        touch may come late, or not at all (after a drag, before the next tap)."""
        drag, self.drag = self.drag, None
        press, self.press = self.press, None
        if str(event.pointerType) == "mouse":
            if drag is not None and drag["moved"]:
                self.suppress_click = True
            return
        self.touch_at = float(event.timeStamp)
        if press is None or (drag is not None and (drag["moved"] or drag["refused"])):
            return
        reach = 0.5 * float(self.board_el.clientWidth) / self.session.state.cols
        if gesture_direction(float(event.clientX) - press[0], float(event.clientY) - press[1], reach) is not None:
            return  # the finger went off somewhere: not a tap
        piece = hit(event, ".hr-piece", "pid")
        if piece is not None:
            self._act(input_event("tap", piece=piece[1]))
            return
        slot = hit(event, ".hr-slot", "cell")
        if slot is not None:
            self._act(input_event("tap", cell=slot[1]))

    # ================================================================= controls
    def _on_layout(self, value: str) -> None:
        """A layout chosen in the menu (its change event's value): that board opens."""
        if value.isdigit() and int(value) < len(LAYOUTS):
            self.frame.clear_alert()
            self.life.load(LAYOUTS[int(value)].board)

    def _on_script(self, event: object) -> None:
        try:
            moves = check_script(self.session.state, self.script_text)
        except PuzzleError as e:
            self.frame.show_puzzle_error(e, near="hr-script-input")
            return
        self.frame.clear_alert()
        self.frame.say("script_ok", n=len(moves))
        self.player.start(moves, announce=True)

    # ================================================================= solver
    def show_progress(self, progress: dict) -> None:
        levels = progress.get("levels")
        if levels is not None:
            self.frame.say("solving", n=num(progress["positions"]), d=len(levels) - 1)
            if self.chart is not None:
                self.chart.draw(levels)
            else:  # drawn when the chart is built
                self.levels = levels

    def show_hint(self, moves: list, stats: dict) -> None:
        pid, direction = moves[0]
        p = self.session.state.pieces()[pid]
        self.hinted = moves
        self.ui = changed(self.ui, selected=pid)
        self.render()
        self.hint_said = (pid, p.height, p.width, direction, stats["distance"])
        self._say_hint()

    def _say_hint(self) -> None:
        """The hint's sentence, its piece and direction named in the page's language (again on a switch)."""
        pid, height, width, direction, n = self.hint_said
        name = piece_name(pid, height, width, self.shell.lang)
        self.frame.say("hint_move", name=name, dir=self.shell.t("dir_" + direction), n=n)

    # ================================================================= the editor (editor_view's)
    def build_editor(self, bar: object) -> None:
        self.parts_at["editor"] = bar  # the editor's tools, built in it with the editor (build_own_later)

    def new_draft(self) -> object:
        """The draft of the position on the board (the moves played so far), as the player sees it."""
        return HuarongDraft.from_board(self.session.state)

    def editor_status(self) -> tuple:
        if self.board_editor is None:  # its module is still on its way: said again once it is built
            return ("ed_hr_loading", {})
        return self.board_editor.status()

    def draw_editor(self) -> None:
        if self.board_editor is not None:  # else drawn as soon as the editor is built
            self.board_editor.draw()

    # ================================================================= Step through
    def trace_show(self, step: dict, at: int) -> None:
        """The program's last board of the step drawn in place of the game's (its pieces by id)."""
        if getattr(self, "shadow", None) is None:
            from app.step_view import BoardShadow  # the Code panel's: loaded with it, after the first screen

            self.shadow = BoardShadow(self.shell, self.board_el, "trace-cell hr")
        self.shadow.show(step, at)

    def trace_off(self) -> None:
        if getattr(self, "shadow", None) is not None:
            self.shadow.off()
