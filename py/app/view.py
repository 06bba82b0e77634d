"""The page's midend: one :class:`GameView` per game wires the parts every game shares, as Tatham's midend does.
The parts, each in its own file and handed only what it uses: the game's hooks as a narrow :class:`~app.port.Port`
(the names the part declares in its ``PORT``), never the view (none imports this module; imports run one way, down):

* :class:`~app.session.Session`, the model (board, moves, cursor, options), which notifies its subscribers of each
  change (``moved``, ``travelled``, ``opened``, ``new``, ``options``): each part forgets what it derived from the
  old position;
* :class:`~app.frame.Frame` (toolbar, status, alert, counter, progress with Cancel, share and paste boxes, playback
  controls), :class:`~app.lifecycle.Lifecycle` (load/restore/save/share, the four rules, the debounced save, the
  bad-save guard), :class:`~app.jobs.Jobs` (the worker, Solve, Hint, Cancel, the look-ahead),
  :class:`~app.playback.Player`, :class:`~app.records_keeper.RecordsKeeper` (clock, records, par, a win's result),
  :class:`~app.editor_frame.EditorFrame`, :class:`~app.map_panel.MapPanel` and :mod:`app.game_handler`.

A game overrides only the hooks of :class:`app.hooks.Hooks` (the one list). Here stay the wiring, the one move path
(:meth:`play`, through ``spec.apply`` in the session, and the rule that a player's move stops a playback), the
redraw from the session (:meth:`render`) and the page's attention (:meth:`sync_activity`). The DOM is only ever
written from the session's state, never read back.
"""

import json

from pyscript import document, window

from app import keys, lazy
from app.dom import el, next_task
from app.editor_frame import EditorFrame
from app.frame import Frame
from app.game_handler import make_handler
from app.hooks import Hooks, game_texts  # noqa: F401 (the games import game_texts from here)
from app.jobs import Jobs
from app.lifecycle import Lifecycle
from app.playback import Player, parse_speed
from app.port import Port
from app.records import num
from app.records_keeper import RecordsKeeper, now
from app.session import Session


class GameView(Hooks):
    """One game's panel: made in two steps, ``View(shell, panel, spec)`` (the parts, no DOM) then
    :meth:`start` (built, opened, drawn), so a game sets its own attributes in any order."""

    def __init__(self, shell: object, panel: object, spec: object) -> None:
        self.shell, self.panel, self.spec, self.game = shell, panel, spec, spec.name
        self.shown = shell.game == spec.name  # its tab is the one open
        self.stale_lang = False  # the language changed while its tab was closed
        self.hinted = None  # the game's hint marks, until the board changes
        self.solve_began = None  # when the last click on Solve began (performance.now())
        self.map = None  # the state map (a game whose spec has one), built after the first screen
        self.code = None  # the Code panel, built after the first screen
        self._later = None  # where those go: (the row of buttons, the board's area), until built
        self.session = s = Session(spec.default(), spec.apply)
        s.options = spec.defaults(s.start)
        self.frame = f = Frame(shell, self.game, panel)
        self.jobs = Jobs(shell, spec, s, f, Port(self, Jobs.PORT), {
            "render": self.render, "stop_playback": lambda: self.player.stop(),
            "wave": lambda p: self.map.wave(p) if self.map is not None else None,
            "idle": lambda: self.shown and not self.editor.editing and not self.player.playing})
        self.records = RecordsKeeper(shell, spec, s, f, Port(self, RecordsKeeper.PORT), {
            "render": self.render, "run_job": self.jobs.run_job})
        self.life = Lifecycle(shell, spec, s, f, self.records, Port(self, Lifecycle.PORT), {
            "render": self.render, "say_ready": self.say_ready, "finish_edit": lambda: self.editor.finish(),
            "editing": lambda: self.editor.editing, "halt": self.halt, "close_editor": lambda: self.editor.close()})
        self.player = Player(s, f, parse_speed(shell.params.get("speed")), {
            "play": self.play, "render": self.render, "save": self.life.save, "assisted": self._assisted,
            "after_move": self.after_move, "say_ready": self.say_ready, "announce": self.announce,
            "editing": lambda: self.editor.editing})
        self.editor = EditorFrame(shell, self.game, f, Port(self, EditorFrame.PORT), {
            "entered": self._editor_entered, "left": self.sync_activity, "render": self.render,
            "say_ready": self.say_ready, "load": lambda board, say: self.life.load(board, say)})
        s.subscribe(self._changed)

    def start(self) -> None:
        """Build the panel, open the game by the four rules, draw it (the shell calls this once)."""
        self.frame.status_key = (self.TEXT["ready"], {})
        self._build(self.panel)
        self.life.open()
        self.sync_activity()
        self.handler = make_handler(*self.handler_methods(), session=self.session)
        self.shell.on_lang(self._relabel)

    # ================================================================ building
    def _build(self, panel: object) -> None:
        f, ed = self.frame, self.editor
        f.build_alert()
        self.build_controls(el("div", panel, "toolbar controls play-only"))
        buttons = el("div", panel, "toolbar buttons")
        self.solve_btn = f.button(buttons, "solve", self._on_solve, "primary")
        self.hint_btn = f.button(buttons, "hint", self._on_hint, "play-only")
        self.undo_btn = f.button(buttons, "undo", lambda e: self.undo(), "play-only")
        self.redo_btn = f.button(buttons, "redo", lambda e: self.redo(), "play-only")
        self.reset_btn = f.button(buttons, "reset", lambda e: self.life.load(self.session.start), "play-only")
        self.build_buttons(buttons)
        ed.build_button(buttons)
        f.button(buttons, "share", self.life.share_button)
        ed.build_bar(panel)
        meta = f.build_status()
        self.records.build_line(meta)
        self.build_statusbar(meta)
        area = el("div", panel, "main-area")
        self.build_board(area)
        side = el("div", area, "side")
        self.records.build_result(side)
        self.player.build(side)
        f.build_progress(side, self.build_progress, lambda e: self.jobs.cancel())
        f.build_share(side, self.life.copy, self.life.share)
        self.build_side(side)
        self.life.build_paste(panel, self.TEXT["paste_help"])
        self.build_panels(panel)
        self._later = (buttons, area)

    async def build_later(self) -> None:
        """The parts a click opens, built once the board is playable (the shell calls this after :meth:`start`):
        the game's own (:meth:`build_own_later`), then the state map and the Code panel, whose modules
        :mod:`app.lazy` fetches then. Each lands where it always sits: the Map button last in the row of
        buttons, the map's section last in the board's area, the Code panel right after that area."""
        if self._later is None:
            return
        (buttons, area), self._later = self._later, None
        await self.build_own_later()
        if self.spec.map:
            hooks = {"jump": self.jump, "board_el": lambda: self.board_el}
            self.map = (await lazy.load("app.map_panel")).MapPanel(self.shell, self.spec, self.session, self.frame,
                                                                   self.jobs, hooks)
            self.map.build_button(buttons)
            self.map.build_section(area)
            await next_task()
        code = (await lazy.load("app.code_panel")).CodePanel
        self.code = code(self.shell, self.spec, self.session, self.frame, self.player, self.jobs).build(area)
        self.code.steps.board = Port(self, self.code.steps.BOARD_PORT)  # Step through's board: the trace hooks

    def option_select(self, parent: object, name: str, key: str) -> object:
        """A picker for the spec's option ``name`` (see :meth:`Frame.option_select`), kept as ``<name>_select``."""
        select = self.frame.option_select(parent, name, key, self.spec.options[name], self.life.set_option)
        setattr(self, name + "_select", select)
        return select

    def say_ready(self) -> None:
        """The resting status: won (after moves that reached the goal), a board
        that opens already solved or stuck, or the game's prompt."""
        state = self.session.state
        if self.editor.editing:
            self.editor.say()
        elif self.session.solver_solved():
            self.frame.say(self.TEXT["by_solver"], n=self.count())
        elif state.is_solved() and self.session.cursor:
            self.announce()  # the player's win, said as after the winning move
        else:
            self.frame.say(self.TEXT["at_goal"] if state.is_solved() else self.stuck_key() or self.TEXT["ready"])

    def _relabel(self) -> None:
        """The language changed: say everything again in it (a closed tab's game, when it opens)."""
        self.stale_lang = not self.shown
        if self.stale_lang:
            return
        self.frame.relabel()
        if self.editor.editing:
            self.editor.say()  # its reasons come from the game's errors, rendered in one language
        self.relabel()
        if self.map is not None:
            self.map.relabel()
        self.render()

    # ================================================================ the move path
    def play(self, move: object, by: "str | None" = None) -> bool:
        """Apply one move through the game's rules; ``False`` (and nothing changes) if illegal.
        A player's move (a click, a key, a drag, ``gameHandler``), legal or not, first stops a
        playback under way, paused or not: the board is the player's again and the status says
        what is on it. Only the playback's own moves (``by`` its helper) leave it playing."""
        if self.editor.editing:
            return False
        if by is None:
            self.interrupt()
        was_solved = self.session.state.is_solved()
        if not self.session.try_play(move, by):  # a player's move is announced by the session
            return False
        playing = by is not None
        if playing:  # a solution playing keeps the solve's outcome, progress and chart
            self.hinted = None
        else:
            self.records.clock.start(now())
        self.sync_activity()
        self.render()
        self.after_move(move)
        if not playing:  # playback announces once, when it ends
            if not was_solved and self.session.state.is_solved():
                self.sync_activity()
                self.records.won()
                self.frame.celebrate()
            self.announce()
        self.life.save()  # played moves are moves, the playback's too (rule 1); the save itself is debounced
        return True

    def interrupt(self) -> bool:
        """A player takes the board: a playback under way (paused too) stops where it is, the moves it
        made stay made (and saved), and the status describes the board on screen. ``True`` if one was."""
        if self.player.playback is None:
            return False
        self.player.stop()
        self.render()
        self.life.save()
        self.say_ready()
        return True

    def halt(self) -> None:
        """An option or the board changes: a playback stops and a job of the player's is cancelled."""
        self.interrupt()
        self.jobs.cancel()

    def count(self) -> int:
        """The moves in effect, counted as the game counts them (its spec's ``count``)."""
        options = self.session.options
        return self.session.counted(lambda moves: self.spec.count(moves, options), json.dumps(options))

    def undo(self) -> None:
        """Undo one move (Undo, Ctrl+Z, u)."""
        self._travel(self.session.undo)

    def redo(self) -> None:
        """Redo one move (Redo, Ctrl+Y, r)."""
        self._travel(self.session.redo)

    def shortcut(self, event: object) -> None:
        """A key the shell hands the open game: undo and redo (:mod:`app.keys`)."""
        keys.take(event, {"undo": self.undo, "redo": self.redo})

    def _travel(self, step: object) -> None:
        """Undo or redo one move (stopping any playback first)."""
        if self.editor.editing:
            return
        self.interrupt()
        if step() is not None:
            self._travelled()

    def _travelled(self) -> None:
        """After an undo, a redo or a jump (which the session announced)."""
        self.sync_activity()
        self.render()
        self.life.save()

    def jump(self, board: object, distance: "int | None" = None) -> None:
        """Put ``board`` (a position of the state map) on the board as one undoable step;
        the status says its ``distance`` to the goal."""
        if self.editor.editing or self.jobs.job is not None:
            return
        self.interrupt()
        if board != self.session.state:
            self.session.jump(board)
            self._travelled()
        if distance is None or distance < 0:
            self.frame.say("map_jumped_none")
        else:
            self.frame.say("map_jumped", d=num(distance))

    def _changed(self, kind: str) -> None:
        """The session's change: forget what was derived from the old position (the hint, the
        progress box, the share link, the game's marks) and, but after a move, say the board."""
        self.hinted = None
        if self.jobs.job is None:  # a running job keeps its box (and Cancel) until it ends
            self.frame.show_progress_box(False)
        self.frame.show_share(None)
        self.forget(kind == "new")
        if kind != "moved":
            self.say_ready()

    # ================================================================ the page's attention
    def set_shown(self, shown: bool) -> None:
        """The game's tab was opened or left."""
        self.shown = shown
        if shown and self.stale_lang:
            self._relabel()
        self.sync_activity()
        self.jobs.want_prefetch()

    def sync_activity(self) -> None:
        """Playback is held and the clock stopped while the game's tab or the page is hidden
        (a reload or leaving the page hides it too); a clock that stops is saved with its time."""
        hidden = str(document.visibilityState) == "hidden"
        active = self.shown and not hidden
        if hidden:  # a reload or leaving the page hides it: what is not written yet is written now
            self.life.flush()
        self.player.set_held(not active)
        was_running = self.records.clock.running
        self.records.sync_clock(active, self.editor.editing)
        if was_running and not self.records.clock.running and self.player.playback is None:
            self.life.save()
            if hidden:
                self.life.flush()

    def render(self) -> None:
        """Redraw the board and every control from the session."""
        editing, busy = self.editor.editing, self.jobs.job is not None
        self.draw_editor() if editing else self.draw()
        self.panel.classList.toggle("editing", editing)
        self.editor.render()
        self.undo_btn.disabled = editing or not self.session.can_undo()
        self.redo_btn.disabled = editing or not self.session.can_redo()
        self.reset_btn.disabled = editing
        self.solve_btn.disabled = busy or self.solve_off()
        self.life.lock_paste(self.board_locked())
        self.hint_btn.disabled = busy or editing
        self.frame.cancel_btn.disabled = not busy
        self.records.render()
        self.player.render(self.shell.t, self.counter_text(),
                           lambda moves: self.spec.count(moves, self.session.options))
        if self.map is not None:
            self.map.follow()

    # ================================================================ the shell's calls
    def activate(self) -> None:
        """This game's tab opened: ``window.gameHandler`` is its."""
        window.gameHandler = self.handler

    # ================================================================ the worker
    async def _on_solve(self, event: object) -> None:
        """Solve and play the solution; from the editor, the board drawn there."""
        self.solve_began = float(window.performance.now())  # an answer in hand starts playing in this task
        if self.jobs.job is None and (not self.editor.editing or self.editor.finish()):
            await self.jobs.solve(self.say_ready, self._play_solution)
        self.after_solve()

    def _play_solution(self, moves: list, steps: int) -> None:
        if self.map is not None:
            self.map.wave_end(steps)
        self.player.start(moves, began=self.solve_began if self.jobs.answered_ahead else None)

    async def _on_hint(self, event: object) -> None:
        if self.jobs.job is None and not self.editor.editing:
            await self.jobs.hint(self.say_ready, self._show_hint)

    def _show_hint(self, moves: list, stats: dict) -> None:
        self.hinted = moves
        self.render()
        self.show_hint(moves, stats)

    # ================================================================ playback and the editor
    def _assisted(self, batch: bool) -> None:
        """A playback started (or, ``batch``, applied moves straight to the session): no record."""
        if batch:
            self.hinted = None
        self.sync_activity()
        self.render()

    def _editor_entered(self) -> None:
        """Edit: a playback stops, and a Step through's steps go (they are of the board the editor replaces)."""
        self.player.stop()
        if self.code is not None:
            self.code.steps.leave()
        self.sync_activity()
