"""The page's midend: one :class:`GameView` owns the frame and the lifecycle of
every game, the way Tatham's midend does for his puzzles.

A game supplies only what is its own: its controls (:meth:`build_controls`),
its board (:meth:`build_board`, :meth:`draw`), its ``gameHandler`` methods
(:meth:`handler_methods`) and the few words it says (:attr:`TEXT` keys and
hooks such as :meth:`show_hint`). Everything else is here, once:

* the frame: alert, toolbar, Solve/Hint/Undo/Redo/Reset/Share, status line,
  progress box with Cancel, playback controls, the paste box, the share box;
* one move path (:meth:`play`): every move — a click, a key, the console's
  ``gameHandler``, a pasted script, solution playback — goes through the
  game's pure ``spec.apply`` into the :class:`Session`, then one redraw;
* one solve/hint/cancel path through the worker's one protocol
  (:meth:`run_job`);
* one load/restore/save path with one set of rules for every game:
  1. reloading keeps the moves made (board, moves, undo history, options);
  2. a bad board link is refused with an alert and never wipes the saved game;
  3. the plain page reopens the saved game; 4. a link to another board opens it;
* :meth:`board_changed`, the one place where everything derived from the old
  board (status, hint, progress, chart, share link) is cleared;
* what players expect of every game, once: the clock, the records and the
  result of a win (:class:`app.mixin_records.RecordsMixin`), the board editor's
  frame (:class:`app.mixin_editor.EditorMixin`), the shortcuts (Ctrl+Z / Ctrl+Y,
  u / r), the brief refusal of an illegal move (:meth:`refuse`), and playback
  held while the game's tab or the page is hidden (:meth:`sync_activity`).

The DOM is only ever written from the session's state, never read back.
"""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from app.dom import el, next_task, on
from app.map_panel import MapPanel
from app.mixin_editor import EditorMixin
from app.mixin_records import RecordsMixin
from app.records import num
from app.session import SPEEDS, Playback, SaveError, Session
from app.view_errors import coded
from puzzles import PuzzleError
from puzzles.messages import render

SAVE_VERSION = 2
# The longest saved game read (characters), checked before it is parsed: a save of 20,000 Huarong
# moves is about 240,000; a corrupt one of 2 MB held the start for 5 s.
MAX_SAVE_CHARS = 400000
MAX_SPEED_MS = 5000  # the longest ?speed= a link may ask for, per one-cell move
DEFAULT_SPEED_MS = 120


def parse_speed(value: object) -> int:
    """``?speed=``: whole milliseconds, clamped to 0..:data:`MAX_SPEED_MS`; the default otherwise."""
    s = str(value) if value is not None else ""
    if not s or len(s) > 1000 or not all(ch in "0123456789" for ch in s):
        return DEFAULT_SPEED_MS
    return MAX_SPEED_MS if len(s) > 6 else min(int(s), MAX_SPEED_MS)


class GameView(RecordsMixin, EditorMixin):
    """The frame and lifecycle of one game's panel (see the module docstring)."""

    # Status keys a game may rename: what it says when it is ready, won, solved…
    TEXT = {
        "ready": "ready",
        "won": "won",
        "solved": "solved",
        "unsolvable": "no_solution",
        "unknown": "unknown",
        "hint_none": "hint_none",
        "paste_help": "paste_help",
        "at_goal": "at_goal",
        "by_solver": "won_by_solver",
    }
    STEP_MS = 40  # how long one worker slice may run
    REFUSE_MS = 450  # how long a refused move's mark shows
    BATCH_MS = 12  # at speed 0, how long moves are applied before one redraw and a pause for the page

    def __init__(self, shell: object, panel: object, spec: object) -> None:
        self.shell = shell
        self.spec = spec
        self.game = spec.name
        self.store_key = "bfs-puzzles." + spec.name
        board = spec.default()
        self.session = Session(board, spec.apply)
        self.options = spec.defaults(board)
        self.job = None
        self.cancelled = False
        self.playback = None
        self.solver_played = False  # the playback under way plays a Solve's answer (not a script)
        self.solved_by = None  # "solver": the board was brought to the goal by a Solve's playback (kept on reload)
        self.save_due = False  # the game changed since it was last written (see save)
        self.save_queued = False
        self.progress_key = None  # (key, values) of the progress line, said again on a language switch
        self.answered_ahead = False  # the last job's answer was ready before the click (the look-ahead's)
        self.speed = parse_speed(shell.params.get("speed"))
        self.status_key = (self.TEXT["ready"], {})
        self.alert_error = None  # (code, values, fallback) of the alert shown, for a language switch
        self.hinted = None  # the game's hint marks, until the board changes
        self.shown = shell.game == spec.name  # its tab is the one open
        self.stale_lang = False  # the language changed while its tab was closed
        self.map = None  # the state map (games whose spec has one), made by _build
        self.ready = {}  # results worked out before the click: job key -> result (see want_prefetch)
        self.pre = None  # the look-ahead's job under way: {"key", "cancel", "done", "progress"}
        self.pre_token = 0
        self.side_jobs = 0  # a player's jobs besides Solve's slot (the map, the comparison): no look-ahead then
        self.panel = panel
        self.init_records()
        self.init_editor()
        self._build(panel)
        self._open()
        self.sync_activity()
        self.handler = self._make_handler()
        shell.on_lang(self._relabel)

    # ================================================================ frame
    def _build(self, panel: object) -> None:
        sh = self.shell
        g = self.game
        self.alert = el("p", panel, "alert", role="alert", id=g + "-alert")
        bar = el("div", panel, "toolbar controls play-only")
        self.build_controls(bar)
        buttons = el("div", panel, "toolbar buttons")
        self.solve_btn = self._button(buttons, "solve", self._on_solve, "primary")
        self.hint_btn = self._button(buttons, "hint", self._on_hint, "play-only")
        self.undo_btn = self._button(buttons, "undo", lambda e: self.undo(), "play-only")
        self.redo_btn = self._button(buttons, "redo", lambda e: self.redo(), "play-only")
        self.reset_btn = self._button(buttons, "reset", lambda e: self.load(self.session.start), "play-only")
        self.build_buttons(buttons)
        self.build_edit_button(buttons)
        self._button(buttons, "share", self._on_share_button)
        if self.spec.map:
            self.map = MapPanel(self)
            self.map.build_button(buttons)
        self.build_edit_bar(panel)
        statusbar = el("div", panel, "statusbar")
        self.status = el("p", statusbar, "status", role="status", id=g + "-status")
        meta = el("div", statusbar, "meta play-only")
        self.counter = el("p", meta, "counter", id=g + "-moves")
        self.build_record_line(meta)
        self.build_statusbar(meta)
        area = self.main_area = el("div", panel, "main-area")
        self.build_board(area)
        side = el("div", area, "side")
        self.build_result(side)
        self._playback_controls(side)
        self.progress = el("div", side, "progress", hidden=True)
        sh.text(el("h3", self.progress), "progress")
        self.progress_text = el("p", self.progress, "progress-text")
        self.build_progress(self.progress)
        self.cancel_btn = self._button(self.progress, "cancel", self._on_cancel)
        self._share_box(side)
        self.build_side(side)
        if self.map is not None:
            self.map.build_section(area)  # beside the board on a desktop, under it on a phone
        self.board_input = self._paste_box(panel, "paste_board", self.TEXT["paste_help"], g + "-board-input")
        self._button(self.board_input[0], "load", self._on_load)
        self.build_panels(panel)

    def _button(self, parent: object, key: str, handler: object, cls: str = "") -> object:
        b = el("button", parent, ("btn " + cls).strip(), type="button")
        self.shell.text(b, key)
        on(b, "click", self._guard(handler))
        return b

    def _select(self, parent: object, key: str, id_: str) -> object:
        """A ``<select>`` with the label ``key`` above it."""
        lab = el("label", parent, "field")
        self.shell.text(el("span", lab), key)
        return el("select", lab, id=id_)

    def option_select(self, parent: object, name: str, key: str) -> object:
        """A picker for one of the spec's options: ``key_<choice>`` labels each choice."""
        select = self._select(parent, key, "%s-%s" % (self.game, name))
        for choice in self.spec.options[name]:
            self.shell.text(el("option", select, value=choice), "%s_%s" % (key, choice))
        on(select, "change", self._guard(lambda e: self.set_option(name, str(select.value))))
        setattr(self, name + "_select", select)
        return select

    def set_option(self, name: str, value: str) -> None:
        """Change an option: what was derived under the old one goes, the game is saved."""
        if value not in self.spec.options.get(name, ()):
            return
        self.halt()
        self.options[name] = value
        if self.shell.params.get(name) is not None or name == "metric":
            self.shell.set_url(**{name: value})
        self.board_changed()
        self.render()
        self.save()

    def _paste_box(self, panel: object, key: str, help_key: str, id_: str) -> tuple:
        """A folding box with a labelled text area; returns ``(box, textarea)``."""
        box = el("details", panel, "paste")
        self.shell.text(el("summary", box), key)
        lab = el("label", box, "stack")
        self.shell.text(el("span", lab, "help"), help_key)
        area = el("textarea", lab, rows="3", spellcheck="false", id=id_)
        self.shell.text(area, key, "aria-label")
        return (box, area)

    def _share_box(self, parent: object) -> None:
        self.share_box = el("div", parent, "share", hidden=True)
        lab = el("label", self.share_box, "stack")
        self.shell.text(el("span", lab), "share_label")
        self.share_input = el("input", lab, type="text", readonly=True, id=self.game + "-share-link")
        self._button(self.share_box, "copy", self._on_copy)
        lab = el("label", self.share_box, "check")
        self.share_progress = el("input", lab, type="checkbox", id=self.game + "-share-progress")
        self.shell.text(el("span", lab), "share_progress")
        on(self.share_progress, "change", self._guard(self._on_share))

    def _playback_controls(self, parent: object) -> None:
        pb = el("div", parent, "toolbar playback play-only")
        self.pause_btn = self._button(pb, "pause", self._on_pause)
        self.step_btn = self._button(pb, "step", self._on_step)
        self.speed_select = self._select(pb, "speed", self.game + "-speed")
        for ms in SPEEDS:
            self.shell.text(el("option", self.speed_select, value=str(ms)), "speed_%d" % ms)
        if self.speed not in SPEEDS:
            el("option", self.speed_select, value=str(self.speed), text="%d ms" % self.speed)
        self.speed_select.value = str(self.speed)
        on(self.speed_select, "change", self._on_speed)

    def _guard(self, handler: object) -> object:
        """Run a handler (sync or async); report an unexpected error in the status."""

        def run(event: object) -> None:
            try:
                result = handler(event)
                if result is not None and hasattr(result, "send"):
                    asyncio.create_task(self._guarded(result))
            except Exception as e:
                self.fault(e)

        return run

    async def _guarded(self, coro: object) -> None:
        try:
            await coro
        except Exception as e:
            self.fault(e)

    def fault(self, e: Exception) -> None:
        """An unexpected error of ours: the coded internal error in the alert (its type only, in the
        page's language); its own text goes to the console, never to the page."""
        window.console.warn("%s: %s" % (type(e).__name__, e))
        self.show_error("internal_error", {"error": type(e).__name__})

    # ============================================================ messages
    def say(self, key: str, **values: object) -> None:
        """Put ``key`` in the status line (said again in the other language on a switch)."""
        self.status_key = (key, values)
        self.status.textContent = self.shell.t(key, **values)

    def say_ready(self) -> None:
        """The resting status: won (after moves that reached the goal), a board
        that opens already solved or stuck, or the game's prompt."""
        if self.editing:
            self.say_editor()
        elif self.session.state.is_solved() and self.session.cursor:
            if self.solved_by == "solver":
                self.say(self.TEXT["by_solver"], n=self.count())
            else:
                self.say(self.won_key(), **self.won_values())
        else:
            self.say(self.resting_key())

    def resting_key(self) -> str:
        """What a position no move has solved says: already at the goal, stuck, or the prompt."""
        if self.session.state.is_solved():
            return self.TEXT["at_goal"]
        return self.stuck_key() or self.TEXT["ready"]

    def say_progress(self, key: "str | None", **values: object) -> None:
        """Put ``key`` in the progress box's line (``None`` empties it); said again on a language switch."""
        self.progress_key = None if key is None else (key, values)
        self.progress_text.textContent = "" if key is None else self.shell.t(key, **values)

    def show_error(self, code: str, values: dict, fallback: str = "", prefix: str = "") -> None:
        """An error in the alert line, in the page's language; ``prefix`` names where it came from."""
        self.alert_error = (code, values, fallback, prefix)
        text = render(code, self.shell.lang, values, fallback)
        self.alert.textContent = self.shell.t(prefix, msg=text) if prefix else text

    def show_puzzle_error(self, e: Exception, prefix: str = "") -> None:
        """A :class:`PuzzleError` (code, values, English text) in the alert line."""
        self.show_error(getattr(e, "code", ""), getattr(e, "values", {}), str(e), prefix)

    def show_worker_error(self, err: dict) -> None:
        """An error object of the worker's protocol (``code``, ``values``, ``text``) in the alert line,
        through :func:`app.view_errors.coded`: a code not ours shows as the coded internal error."""
        code, values = coded(err)
        self.show_error(code, values)

    def clear_alert(self) -> None:
        self.alert_error = None
        self.alert.textContent = ""

    def _relabel(self) -> None:
        """The language changed: say everything again in it. A game whose tab is
        closed does so when its tab opens (one game's redraw in the switch's task)."""
        self.stale_lang = not self.shown
        if self.stale_lang:
            return
        self.say(self.status_key[0], **self.status_key[1])
        if self.progress_key is not None:
            self.say_progress(self.progress_key[0], **self.progress_key[1])
        if self.editing:
            self.say_editor()  # its reasons come from the game's errors, rendered in one language
        if self.alert_error is not None:
            self.show_error(*self.alert_error)
        self.relabel()
        if self.map is not None:
            self.map.relabel()
        self.render()

    # ============================================================ the move path
    def play(self, move: object, by_playback: bool = False) -> bool:
        """Apply one move through the game's rules; ``False`` (and nothing changes) if illegal.

        A player's move (a click, a key, a drag, the console's ``gameHandler``),
        legal or not, first stops a playback under way, paused or not: the board is
        the player's again and the status says what is on it, never a solution's
        outcome the board no longer shows. Only the playback's own moves
        (``by_playback``) leave it playing."""
        if self.editing:
            return False
        if not by_playback:
            self.interrupt()
        was_solved = self.session.state.is_solved()
        try:
            self.session.play(move)
        except (PuzzleError, ValueError, TypeError, IndexError, KeyError):
            return False
        self.solved_by = None
        if self.playback is None:  # a solution playing keeps the solve's outcome, progress and chart
            self.board_changed(moved=True)
            self.clock.start(self.now())
        else:
            self.hinted = None
            self.assisted = True
        self.sync_activity()
        self.render()
        self.after_move(move)
        if self.playback is None:  # playback announces once, when it ends
            if not was_solved and self.session.state.is_solved():
                self.won()
                self.celebrate()
            self.announce()
        self.save()  # played moves are moves, the playback's too (rule 1); the save itself is debounced
        return True

    def interrupt(self) -> bool:
        """A player takes the board: a playback under way (paused too) stops
        where it is, the moves it made stay made (and saved), and the status
        describes the board on screen. ``True`` if one was stopped."""
        if self.playback is None:
            return False
        self.stop_playback()
        self.render()
        self.save()
        self.say_ready()
        return True

    def halt(self) -> None:
        """An option or the board changes: a playback stops and a job of the
        player's (a Solve or a Hint, the tables' download) is cancelled, so
        neither goes on under the new settings."""
        self.interrupt()
        if self.job is not None:
            self.cancelled = True

    def announce(self) -> None:
        """What the status says after a player's move."""
        if self.session.state.is_solved():
            self.say(self.won_key(), **self.won_values())
        else:
            self.say(self.stuck_key() or self.TEXT["ready"])

    def won_key(self) -> str:
        return self.TEXT["won"]

    def won_values(self) -> dict:
        return {"n": self.count()}

    def counter_text(self) -> str:
        return self.shell.t("moves", n=self.count())

    def count(self) -> int:
        """The moves in effect, counted as the game counts them (its spec's ``count``)."""
        options = self.options
        return self.session.counted(lambda moves: self.spec.count(moves, options), json.dumps(options))

    def undo(self) -> None:
        self._travel(self.session.undo)

    def redo(self) -> None:
        self._travel(self.session.redo)

    def _travel(self, step: object) -> None:
        """Undo or redo one move (stopping any playback first)."""
        if self.editing:
            return
        self.stop_playback()
        if step() is not None:
            self.board_changed()
            self.sync_activity()
            self.render()
            self.save()
            self.say_ready()

    def jump(self, board: object, distance: "int | None" = None) -> None:
        """Put ``board`` (a position of the state map) on the board as one
        undoable step; the status says its ``distance`` to the goal."""
        if self.editing or self.job is not None:
            return
        self.stop_playback()
        if board != self.session.state:
            self.session.jump(board)
            self.board_changed()
            self.sync_activity()
            self.render()
            self.save()
        if distance is None or distance < 0:
            self.say("map_jumped_none")
        else:
            self.say("map_jumped", d=num(distance))

    def shortcut(self, event: object) -> None:
        """The keys every game takes wherever the focus is (but in a text field):
        Ctrl+Z (or Cmd+Z) undo, Ctrl+Y or Ctrl+Shift+Z redo; u and r, as in Tatham's puzzles."""
        if event.altKey:
            return
        key = str(event.key).lower()
        ctrl = bool(event.ctrlKey) or bool(event.metaKey)
        if ctrl and key == "z":
            action = self.redo if event.shiftKey else self.undo
        elif ctrl and key == "y":
            action = self.redo
        elif not ctrl and not event.shiftKey and key in ("u", "r"):
            action = self.undo if key == "u" else self.redo
        else:
            return
        event.preventDefault()
        action()

    CELEBRATE_MS = 1400  # how long a win's moment lasts (see app.css: .celebrating)

    def celebrate(self) -> None:
        """A win's moment: the board glows once (CSS; still for those who asked for less motion)."""
        self.panel.classList.add("celebrating")
        self.panel.setAttribute("data-celebrated", str(int(self.panel.getAttribute("data-celebrated") or 0) + 1))
        asyncio.create_task(self._end_celebration())

    async def _end_celebration(self) -> None:
        await asyncio.sleep(self.CELEBRATE_MS / 1000)
        self.panel.classList.remove("celebrating")

    def refuse(self, *nodes: object) -> None:
        """A brief visual refusal of an illegal move on ``nodes`` (a shake, or a flash
        when the player asked for reduced motion)."""
        for node in nodes:
            if node is not None:
                node.classList.add("refused")
        asyncio.create_task(self._unrefuse(nodes))

    async def _unrefuse(self, nodes: tuple) -> None:
        await asyncio.sleep(self.REFUSE_MS / 1000)
        for node in nodes:
            if node is not None:
                node.classList.remove("refused")

    # ============================================================ the page's attention
    def set_shown(self, shown: bool) -> None:
        """The game's tab was opened or left."""
        self.shown = shown
        if shown and self.stale_lang:
            self._relabel()
        self.sync_activity()
        self.want_prefetch()

    def sync_activity(self) -> None:
        """Playback is held and the clock stopped while the game's tab or the page is hidden
        (a reload or leaving the page hides it too); a clock that stops is saved with its time."""
        hidden = str(document.visibilityState) == "hidden"
        active = self.shown and not hidden
        if hidden:  # a reload or leaving the page hides it: what is not written yet is written now
            self.flush_save()
        if self.playback is not None:
            self.playback.held = not active
        was_running = self.clock.running
        self.sync_clock(active)
        if was_running and not self.clock.running and self.playback is None:
            self.save()
            if hidden:
                self.flush_save()

    def board_changed(self, moved: bool = False, new_board: bool = False) -> None:
        """The one place that forgets what was derived from the old position:
        the hint, the progress box and chart, the share link, a stale outcome."""
        self.hinted = None
        if not moved:
            self.solved_by = None
        if self.job is None:  # a running job keeps its box (and Cancel) until it ends
            self.progress.setAttribute("hidden", "")
            self.say_progress(None)
        self.share_box.setAttribute("hidden", "")
        self.result = None
        if self.map is not None:
            self.map.board_changed()
        self.forget(new_board)
        self.want_prefetch()
        if not moved:
            self.say_ready()

    def render(self) -> None:
        """Redraw the board and every control from the session."""
        if self.editing:
            self.draw_editor()
        else:
            self.draw()
        self.panel.classList.toggle("editing", self.editing)
        self.render_editor_frame()
        self._render_counter()
        self.undo_btn.disabled = self.editing or not self.session.can_undo()
        self.redo_btn.disabled = self.editing or not self.session.can_redo()
        self.reset_btn.disabled = self.editing
        busy = self.job is not None
        self.solve_btn.disabled = busy
        self.hint_btn.disabled = busy or self.editing
        self.cancel_btn.disabled = not busy
        self.render_records()
        playing = self.playback is not None and not self.playback.done
        self.pause_btn.disabled = not playing
        self.step_btn.disabled = not playing
        self.pause_btn.textContent = self.shell.t("resume" if playing and self.playback.paused else "pause")
        if self.map is not None:
            self.map.follow()

    def _render_counter(self) -> None:
        """The move counter; while a solution plays, how far it is, in the same unit."""
        text = self.counter_text()
        pb = self.playback
        if pb is not None and not pb.done:
            done = self.spec.count(pb.moves[: pb.index], self.options)
            total = self.spec.count(pb.moves, self.options)
            self.counter.setAttribute("data-playing", "%d/%d" % (done, total))
            text += " · " + self.shell.t("playing", i=done, n=total)
        else:
            self.counter.removeAttribute("data-playing")
        self.counter.textContent = text

    # ============================================================ boards in and out
    def load(self, board: object, say: str = "") -> None:
        """Open ``board`` as a new game (Reset, a new board, a paste, a layout)."""
        self.halt()
        self.editing = False
        new = board != self.session.start
        self.session.reset(board)
        self.reset_clock()
        if new:
            self.options = self.spec.check_options(self.options, board)
            self.shell.drop_board_param(self.game)
        self.board_changed(new_board=new)
        self.board_opened()
        self.render()
        self.save()
        if say:
            self.say(self.stuck_key() or say)

    def _on_load(self, event: object) -> None:
        """The paste box's Load: a bad board is named and the current one stays."""
        text = str(self.board_input[1].value)
        try:
            board = self.spec.board.parse(text)
        except PuzzleError as e:
            self.show_puzzle_error(e)
            return
        self.clear_alert()
        self.load(board, "loaded")

    def _open(self) -> None:
        """:meth:`_restore` and the game's first drawing, inside one guard: a
        saved game that passed the checks but still cannot be drawn is set
        aside like any bad save (said in the alert), and the game opens its
        default board; nothing escapes to stop the other games or the page."""
        self.from_save = False
        try:
            self._restore()
        except Exception as e:
            from_save = self.from_save
            self.from_save = False
            self.session = Session(self.spec.default(), self.spec.apply)
            self.options = self.spec.defaults(self.session.start)
            self.reset_clock()
            self.restore_extra(None)
            self.board_opened()
            self.render()
            self.say_ready()
            self.show_error("internal_error", {"error": type(e).__name__}, "", "save_discarded" if from_save else "")
            if from_save:
                self.save()

    def _restore(self) -> None:
        """Open the game by the four rules (see the module docstring). A bad
        link opens the default board (as the app's contract says) without
        saving it, so the plain page still reopens the saved game. A saved
        game that does not reopen is said in the alert (and replaced by the
        game opened)."""
        url_board = None
        bad_link = False
        if self.shell.game == self.game and self.shell.params.get("board") is not None:
            try:
                url_board = self.spec.board.parse(str(self.shell.params.get("board")))
            except PuzzleError as e:
                self.show_puzzle_error(e, "bad_url_board")
                bad_link = True
        saved, data, problem = (None, None, None) if bad_link else self._read_saved()
        if problem is not None:
            self.show_error(problem.code, problem.values, "", "save_discarded")
        if saved is not None and (url_board is None or saved.start == url_board):
            self.from_save = True
            self.session = saved
            self.options = self.spec.check_options(data.get("options"), saved.start)
            self.restore_clock(data.get("clock"))
            self.restore_extra(data.get("extra"))
            if data.get("by") == "solver" and saved.state.is_solved() and saved.cursor:
                self.solved_by = "solver"
        else:
            if url_board is not None:
                self.session.reset(url_board)
            self.options = self.spec.defaults(self.session.start)
            self.restore_extra(None)
        for name in self.spec.options:  # an option named in the link wins
            value = self.shell.params.get(name) if self.shell.game == self.game else None
            if value is not None and str(value) in self.spec.options[name]:
                self.options[name] = str(value)
        self.board_opened()
        self.render()
        self.say_ready()
        if not bad_link:  # a bad link opens the default board and leaves the saved game alone
            self.save()

    def _read_saved(self) -> tuple:
        """``(session, data, problem)``: the saved game replayed through the
        rules (:meth:`Session.restore`, jumps held to the start's shape), or
        ``(None, None, None)`` if there is none, or ``(None, None, e)``, a
        :class:`SaveError` saying why it does not reopen. Its size is checked
        before it is parsed (:data:`MAX_SAVE_CHARS`), its steps before they
        are replayed."""
        raw = window.safeStorage.get(self.store_key)
        if raw is None:  # none, or storage off
            return (None, None, None)
        try:
            text = str(raw)
            if len(text) > MAX_SAVE_CHARS:
                raise SaveError("save_too_long", count=len(text), limit=MAX_SAVE_CHARS)
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("v") != SAVE_VERSION or not isinstance(data.get("start"), str):
                raise SaveError("save_not_game")
            session = Session(self.spec.default(), self.spec.apply)
            session.restore(data, self.spec.board.parse, self.spec.decode_move, self.spec.shape)
            return (session, data, None)
        except SaveError as e:
            return (None, None, e)
        except Exception:  # garbage, an older format, moves that no longer replay
            return (None, None, SaveError("save_not_game"))

    SAVE_DELAY_S = 0.25  # a game is written at most this often (and at once when the page is hidden or left)

    def save(self) -> None:
        """The game changed: write it within :data:`SAVE_DELAY_S` (one write for
        a burst of moves: writing the whole history on each of 10,000 console
        moves took 27.6 ms a move), and at once when the page is hidden or left
        (:meth:`flush_save`), so a reload keeps every move made (rule 1)."""
        self.save_due = True
        if not self.save_queued:
            self.save_queued = True
            asyncio.create_task(self._save_later())

    async def _save_later(self) -> None:
        await asyncio.sleep(self.SAVE_DELAY_S)
        self.save_queued = False
        self.flush_save()

    def flush_save(self) -> None:
        """Write the game now if it changed since it was last written."""
        if not self.save_due:
            return
        self.save_due = False
        data = self.session.to_saved(lambda b: b.to_code(), self.spec.encode_move)
        data["v"] = SAVE_VERSION
        data["options"] = self.options
        data["clock"] = self.save_clock()
        data["extra"] = self.save_extra()
        if self.solved_by is not None:
            data["by"] = self.solved_by
        window.safeStorage.set(self.store_key, json.dumps(data))  # storage off or full: the game goes on unsaved

    def _on_share(self, event: object) -> None:
        """A link to the starting board (or, ticked, to the position now); from the
        editor, to the board drawn there."""
        if self.editing and not self.finish_edit():
            return
        board = self.session.state if self.share_progress.checked else self.session.start
        params = {"board": board.to_code()}
        for name in self.spec.options:
            if name == "metric":
                params[name] = self.options[name]
        query = "&".join("%s=%s" % (k, str(window.encodeURIComponent(v))) for k, v in params.items())
        self.share_input.value = "%s%s?game=%s&%s&lang=%s" % (
            str(window.location.origin),
            str(window.location.pathname),
            self.game,
            query,
            self.shell.lang,
        )
        self.share_box.removeAttribute("hidden")
        self.share_input.focus()
        self.share_input.select()
        self.say("share_done")

    def _on_share_button(self, event: object) -> None:
        """Share: the link in the share box and, where the browser has the system
        share sheet (``navigator.share``, phones), that sheet too (called in the
        click itself, as the browser asks); the box stays as the fallback."""
        self._on_share(event)
        if self.share_box.hasAttribute("hidden") or not window.Reflect.has(window.navigator, "share"):
            return
        data = to_js({"title": self.shell.t("title"), "url": str(self.share_input.value)})
        try:
            promise = window.navigator.share(data)
        except Exception:  # refused at once (not allowed here): the box is there
            return
        asyncio.create_task(self._shared(promise))

    async def _shared(self, promise: object) -> None:
        try:
            await promise
            self.say("shared")
        except Exception:  # the sheet was closed, or could not open: the link is in the box
            pass

    async def _on_copy(self, event: object) -> None:
        self.share_input.select()
        try:
            await window.navigator.clipboard.writeText(self.share_input.value)
            self.say("copied")
        except Exception:
            pass  # no clipboard permission: the link is selected in the box

    # ============================================================ the handler
    def _make_handler(self) -> object:
        """``window.gameHandler`` from the game's methods plus ``getBoard`` and
        ``moveCount``. Each method gets its arguments decoded from one JSON text
        (boot.js), so ``exact_int`` sees the caller's very numbers."""
        methods, json_methods = self.handler_methods()
        json_methods = json_methods + ["getBoard"]
        methods["getBoard"] = lambda *a: self.session.state.to_json()
        impl = window.Object.new()
        for name, fn in methods.items():
            setattr(impl, name, create_proxy(_with_json_args(fn, name in json_methods)))
        handler = window.makeGameHandler(impl, to_js(json_methods))
        getter = create_proxy(lambda: len(self.session.made))
        window.Object.defineProperty(handler, "moveCount", to_js({"get": getter, "enumerable": True}))
        return handler

    def activate(self) -> None:
        window.gameHandler = self.handler

    # ============================================================ playback
    def _on_speed(self, event: object) -> None:
        self.speed = parse_speed(self.speed_select.value)
        if self.playback is not None:
            self.playback.speed = self.speed

    def _on_pause(self, event: object) -> None:
        if self.playback is not None:
            self.playback.toggle_pause()
            self.render()

    def _on_step(self, event: object) -> None:
        if self.playback is not None:
            self.playback.step()
            self.render()

    def stop_playback(self) -> None:
        if self.playback is not None:
            self.playback.stop()
            self.playback = None

    def start_playback(self, moves: list, announce: bool = False) -> None:
        """Play moves through :meth:`play`; ``announce`` the end (a solver's result is already said)."""
        self.stop_playback()
        self.solver_played = not announce
        self.playback = Playback(moves, self.speed)
        self.assisted = True
        self.sync_activity()
        self.render()
        asyncio.create_task(self._guarded(self._play(self.playback, announce)))

    async def _play(self, pb: Playback, announce: bool) -> None:
        await next_task()  # not in the task that showed the solver's answer (one 47-58 ms task at 横刀立马's Solve)
        while not pb.done:
            if not pb.speed:  # at once: a batch of moves per task, one redraw each, the page stays responsive
                if not self._play_batch(pb):
                    await asyncio.sleep(0.05)  # paused or held
                else:
                    await next_task()
                continue
            move = pb.next_move()
            if move is None:
                await asyncio.sleep(0.05)
                continue
            if not self.play(move, by_playback=True):  # each move redraws the counter, with how far it is
                pb.stop()
                break
            await asyncio.sleep(pb.speed / 1000)
        if self.playback is not pb:  # stopped by a player, an undo, a new board…: they said what is on it
            return
        self.playback = None
        self.render()
        self.save()
        if pb.index < len(pb.moves):  # a move the board refused: say the board, not the solution
            self.say_ready()
        elif self.session.state.is_solved():
            if self.solver_played:
                self.solved_by = "solver"
            self.celebrate()
            if announce:
                self.announce()
        elif announce:
            self.announce()

    def _play_batch(self, pb: Playback) -> bool:
        """Speed 0: apply the playback's moves through the rules for up to
        :data:`BATCH_MS`, then redraw once (a redraw per move made a 116-move
        solution one long task). ``False`` if no move could be taken."""
        if self.editing:
            pb.stop()
            return False
        perf = window.performance
        t0 = float(perf.now())
        last = None
        while not pb.done:
            move = pb.next_move()
            if move is None:
                break
            try:
                self.session.play(move)
            except (PuzzleError, ValueError, TypeError, IndexError, KeyError):
                pb.stop()
                break
            last = move
            if float(perf.now()) - t0 > self.BATCH_MS:
                break
        if last is None:
            return False
        self.hinted = None
        self.assisted = True
        self.solved_by = None
        self.sync_activity()
        self.render()
        self.after_move(last)
        self.save()
        return True

    # ============================================================ the worker
    def request(self, action: str, board: object = None, **extra: object) -> str:
        """The one request shape: ``{"action", "board", "options", ...}`` (the position now by default)."""
        board = board if board is not None else self.session.state
        req = {"action": action, "board": board.to_code(), "options": self.options}
        for k, v in extra.items():
            req[k] = v
        return json.dumps(req)

    async def run_job(self, action: str, show: bool = True, quiet: bool = False, **extra: object) -> dict:
        """Run one worker job on the current position (``extra`` joins the
        request), stepped in slices with progress and Cancel. Returns its
        result, or one with ``status`` ``cancelled``, ``changed`` (the board
        changed meanwhile), ``error`` (the worker refused: ``error``) or
        ``died`` (the worker stopped; a new one is starting). A ``quiet`` job
        (a par worked out after a win) leaves the status, the alert, playback
        and the progress box alone, and may name its own ``board``."""
        if not quiet:
            self.stop_playback()
            self.clear_alert()
        self.cancelled = False
        start = self.session.state
        solver = self.shell.solver
        if solver.worker is None and not quiet:
            self.say("solver_wait")
        if not quiet:  # what it is doing, from the first frame: waiting for the solver, or starting
            self.progress.removeAttribute("hidden")
            self.say_progress("prog_waiting" if solver.worker is None else "prog_starting")
        self.job = -1
        self.render()
        self.shell.solving(True)

        def progress(p: dict) -> None:
            if quiet:
                pass
            elif "received" in p:  # a file on its way to the worker (the pattern tables)
                key, values = download_words(p)
                self.say_progress(key, **values)
            elif show:
                self.say_progress("explored", n=num(p["positions"]))
                self.show_progress(p)
            elif p.get("method") == "tables":  # the file is in: the worker unpacks it, in slices
                self.say_progress("prog_tables")
            if self.map is not None and not quiet:
                self.map.wave(p)

        def started(job: int) -> None:
            self.job = job

        try:
            result = await self._answer(action, extra, progress, started)
        finally:
            self.job = None
            self.shell.solving(False)
            self.render()
        if result["status"] in ENDED:
            return result
        if "board" not in extra and self.session.state != start:
            return _ended("changed")
        result["moves"] = [self.spec.decode_move(m) for m in result["moves"]]
        stats = result["stats"]
        if quiet:
            return result
        if show:
            self.show_progress(stats)
        if "positions" in stats:
            if self.answered_ahead:  # worked out before the click: no seconds of waiting to speak of
                self.say_progress("explored_ahead", n=num(stats["positions"]))
            else:
                seconds = "%.2f" % stats.get("seconds", 0)
                self.say_progress("explored_in", n=num(stats["positions"]), s=seconds)
            self.status.setAttribute("data-positions", str(stats["positions"]))
        return result

    # ============================================================ before the click
    PREFETCH = ("solve", "hint")  # the jobs worked out while the worker is idle, in this order
    PREFETCH_DELAY_S = 0.15  # a board must rest this long (a player's moves in a row start one search)
    READY_KEEP = 16  # results kept

    def job_key(self, action: str) -> str:
        """What a job's answer depends on: the action, the position and the options."""
        return action + " " + self.session.state.to_code() + " " + json.dumps(self.options)

    def want_prefetch(self, rested: bool = False) -> None:
        """The board appeared or changed: once it rests (at once if it already
        has: the solver just became ready), and the worker is idle, work out
        Solve's and Hint's answers for it before anyone asks (see
        :meth:`_prefetch`). A newer call supersedes an older one."""
        self.pre_token += 1
        if self.pre is not None and not self.pre["done"] and self.pre["key"] != self.job_key(self.PREFETCH[0]):
            self.pre["cancel"] = True  # a search for a position gone: stop it
        asyncio.create_task(self._guarded(self._prefetch(self.pre_token, rested)))

    def solver_ready(self) -> None:
        """The solver is up: the board has been on screen all along, work it out now."""
        self.want_prefetch(rested=True)

    async def _prefetch(self, token: int, rested: bool = False) -> None:
        """Solve's, then Hint's, answer for the position on the board, run
        at the lowest priority: only while nobody waits for the worker, one
        job at a time, given up when the board changes and pre-empted by a
        user's job (which adopts it when it is the same job). Only final
        answers are kept (solved or unsolvable), by :meth:`job_key`; nothing
        shown or counted changes, the answer only comes sooner."""
        if not rested:
            await asyncio.sleep(self.PREFETCH_DELAY_S)
        for action in self.PREFETCH:
            if token != self.pre_token or not self._may_prefetch():
                return
            key = self.job_key(action)
            if key in self.ready:
                continue
            pre = {"key": key, "cancel": False, "done": False, "progress": None}
            self.pre = pre

            def note(p: dict, pre: dict = pre) -> None:
                pre["progress"] = p

            result = await self.stepped(self.request(action), note, lambda pre=pre: pre["cancel"])
            pre["done"] = True
            if result["status"] in ("solved", "unsolvable"):
                self._keep(key, result)
            if pre["cancel"]:
                return

    def side_job(self, running: bool) -> None:
        """A player's job outside Solve's slot starts or ends: it pre-empts the look-ahead, which
        resumes after it."""
        self.side_jobs += 1 if running else -1
        if running:
            if self.pre is not None and not self.pre["done"]:
                self.pre["cancel"] = True
        else:
            self.want_prefetch()

    def _may_prefetch(self) -> bool:
        board = self.session.state
        solver = self.shell.solver
        return (
            self.shown
            and solver.worker is not None
            and self.job is None
            and self.side_jobs <= 0
            and not self.editing
            and (self.playback is None or self.playback.done)
            and not board.is_solved()
            and not self.before_search(board)
            and self.prefetchable(board)
        )

    def _keep(self, key: str, result: dict) -> None:
        if len(self.ready) >= self.READY_KEEP:
            for old in list(self.ready)[: len(self.ready) - self.READY_KEEP + 1]:
                del self.ready[old]
        self.ready[key] = result

    async def _answer(self, action: str, extra: dict, progress: object, started: object) -> dict:
        """A user's job: from what is ready, from the prefetch of the same job
        under way (its progress shown, Cancel honoured), or from the worker.
        Any other prefetch is cancelled first: a user's job comes first."""
        key = self.job_key(action) if action in self.PREFETCH and not extra else None
        pre = self.pre
        if pre is not None and not pre["done"] and pre["key"] != key:
            pre["cancel"] = True
        origin = "ready" if key in self.ready else "worker"
        if key is not None and key not in self.ready and pre is not None and pre["key"] == key and not pre["done"]:
            origin = "adopted"
            shown = None
            while not pre["done"]:
                if self.cancelled:
                    pre["cancel"] = True
                    return _ended("cancelled")
                if pre["progress"] is not shown and pre["progress"] is not None:
                    shown = pre["progress"]
                    progress(shown)
                await asyncio.sleep(0.02)
        ready = self.ready.get(key) if key is not None else None
        # where the answer came from, for the tests and the benchmark: ready before the click, the
        # look-ahead's search adopted while it ran, or a search started by the click
        self.status.setAttribute("data-answer", origin if ready is not None else "worker")
        self.answered_ahead = ready is not None and origin == "ready"
        if ready is not None:
            return _copy(ready)  # the caller decodes its moves in place
        result = await self.stepped(self.request(action, **extra), progress, lambda: self.cancelled, started)
        if key is not None and result["status"] in ("solved", "unsolvable"):
            self._keep(key, _copy(result))
        return result

    async def stepped(self, request: str, progress: object, cancelled: object, started: object = None) -> dict:
        """The one loop of the worker's protocol: start ``request`` (JSON
        text) for this game, step it in slices of :attr:`STEP_MS`, hand each
        progress dict to ``progress``, and cancel it as soon as ``cancelled()``
        is true. ``started(job)`` learns the job's id. Returns the result, or
        an ended one (see :data:`ENDED`) with ``error`` where there is one."""
        solver = self.shell.solver
        try:
            answer = await solver.call("start", self.game, request)
            if "error" in answer:
                return _ended("error", error=answer["error"])
            job = answer["job"]
            if started is not None:
                started(job)
            while True:
                if cancelled():
                    await solver.call("cancel", job)
                    return _ended("cancelled")
                answer = await solver.call("step", job, self.STEP_MS)
                if answer.get("error") is not None:
                    return _ended("error", error=answer["error"])
                if answer["done"]:
                    return answer["result"]
                progress(answer["progress"])
        except Exception as e:  # the worker died or never started: the board stays as it is
            return _ended("died", error={"text": str(e)})

    def _report(self, result: dict) -> bool:
        """Say the end of a job that found nothing to show; ``True`` if it did."""
        status = result["status"]
        if status == "cancelled":
            self.say("cancelled")
        elif status == "died":
            solver = self.shell.solver
            if solver.worker is None and solver.failed is not None:  # it never started: no new one is coming
                self.say("solver_down", msg=solver.failed)
            else:
                self.say("solver_died", msg=result["error"]["text"])
        elif status == "changed":
            self.say("changed")
        elif status == "error":
            self.show_worker_error(result["error"])
            self.say_ready()
        else:
            return False
        return True

    async def _on_solve(self, event: object) -> None:
        """Solve and play the solution; from the editor, the board drawn there."""
        if self.job is not None or (self.editing and not self.finish_edit()):
            return
        board = self.session.state
        said = self.before_search(board)
        if said:
            self.stop_playback()
            self.say(said)
            return
        await self.prepare(board)
        if self.cancelled or self.session.state != board:  # cancelled, or the board changed, while it got ready
            if self.cancelled:
                self.say("cancelled")
            return
        result = await self.run_job("solve")
        if self._report(result):
            return
        stats = result["stats"]
        if result["status"] == "solved":
            if not result["moves"]:
                self.say("solved_already")
                return
            steps = self.spec.count(result["moves"], self.options)
            self.say(self.solved_key(stats), n=steps, **_plain(stats))
            if self.map is not None:
                self.map.wave_end(steps)
            self.start_playback(result["moves"])
        else:
            self.say(self.TEXT[result["status"]], n=num(stats.get("positions", 0)))

    async def _on_hint(self, event: object) -> None:
        if self.job is not None or self.editing:
            return
        board = self.session.state
        if board.is_solved():
            self.say("hint_done")
            return
        said = self.before_search(board)
        if said:
            self.say(said)
            return
        await self.prepare(board)
        if self.cancelled or self.session.state != board:
            if self.cancelled:
                self.say("cancelled")
            return
        self.say("hint_wait")
        result = await self.run_job("hint", show=False)
        if self._report(result):
            return
        if result["moves"]:
            self.hinted = result["moves"]
            self.render()
            self.show_hint(result["moves"], result["stats"])
        elif result["status"] == "unsolvable":
            self.say(self.TEXT["hint_none"])
        else:
            self.say("hint_done")

    def _on_cancel(self, event: object) -> None:
        if self.job is not None:
            self.cancelled = True

    # ============================================================ per game
    def build_controls(self, bar: object) -> None:
        """The game's own pickers above the buttons."""

    def build_buttons(self, bar: object) -> None:
        """Extra buttons beside the common ones."""

    def build_statusbar(self, bar: object) -> None:
        """Extra counters beside the move counter."""

    def build_board(self, parent: object) -> None:
        raise NotImplementedError

    def build_progress(self, box: object) -> None:
        """Extra progress display (a chart) inside the progress box."""

    def build_side(self, side: object) -> None:
        """Extra content beside the board (help text)."""

    def build_panels(self, panel: object) -> None:
        """Extra folding panels under the board."""

    def draw(self) -> None:
        """Draw the board from ``self.session.state`` (and ``self.hinted``)."""
        raise NotImplementedError

    def relabel(self) -> None:
        """Re-draw what depends on the language beyond ``shell.text`` nodes."""

    def board_opened(self) -> None:
        """A new start position is on the board: rebuild its cells, sync the pickers."""

    def forget(self, new_board: bool) -> None:
        """Drop the game's own derived marks and displays (a chart, a comparison)."""

    def after_move(self, move: object) -> None:
        """Effects of one move beyond the redraw (a path drawn, a timer stopped)."""

    def handler_methods(self) -> tuple:
        """``({name: fn}, [names answering JSON])`` for ``window.gameHandler``."""
        raise NotImplementedError

    def before_search(self, board: object) -> str:
        """A status key that answers Solve/Hint without the worker (or ``""``)."""
        return ""

    def prefetchable(self, board: object) -> bool:
        """Whether Solve may be worked out before the click (not when it needs set-up a user should ask for)."""
        return True

    def stuck_key(self) -> str:
        """A status key for a position where no move can be made (or ``""``)."""
        return ""

    async def prepare(self, board: object) -> None:
        """Worker set-up a search on ``board`` needs first (pattern tables)."""

    def solved_key(self, stats: dict) -> str:
        return self.TEXT["solved"]

    def show_progress(self, progress: dict) -> None:
        """Show a job's progress beyond the positions count."""

    def show_hint(self, moves: list, stats: dict) -> None:
        raise NotImplementedError

    def save_extra(self) -> object:
        return None

    def restore_extra(self, data: object) -> None:
        pass


def download_words(p: dict) -> tuple:
    """A download's progress ``{"received", "total"}`` (bytes; ``total`` 0 when
    unknown) as ``(key, values)`` for :meth:`GameView.say_progress`: megabytes
    with one decimal, and the percentage when the size is known."""
    received, total = int(p.get("received", 0)), int(p.get("total", 0))
    got = "%.1f" % (received / 1e6)
    if total > 0:
        pct = min(100, received * 100 // total)
        return ("downloading_of", {"got": got, "total": "%.1f" % (total / 1e6), "pct": pct})
    return ("downloading", {"got": got})


def game_texts(**overrides: str) -> dict:
    """A game's :attr:`GameView.TEXT`: the common keys, with the game's own words where it has them."""
    out = dict(GameView.TEXT)
    out.update(overrides)
    return out


def _plain(stats: dict) -> dict:
    """The numbers and words of a result's stats, for message templates."""
    out = {}
    for k, v in stats.items():
        if k != "n" and isinstance(v, (int, float, str)):
            out[k] = v
    return out


MAX_ARGS_CHARS = 10000  # as boot.js: the longest argument text a gameHandler method reads
MAX_ARGS_DEPTH = 8  # and its deepest nesting (the course's arguments are numbers and words)


def args_fit(text: str) -> bool:
    """Whether a gameHandler argument text is short and shallow enough to parse: no longer
    than :data:`MAX_ARGS_CHARS`, nested no deeper than :data:`MAX_ARGS_DEPTH` (a 20,000-deep
    array exhausted the parser's recursion, and quoting it did too). One pass, strings skipped."""
    if len(text) > MAX_ARGS_CHARS:
        return False
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "[" or ch == "{":
            depth += 1
            if depth > MAX_ARGS_DEPTH:
                return False
        elif ch == "]" or ch == "}":
            depth -= 1
    return True


def _with_json_args(fn: object, json_answer: bool = False) -> object:
    """A handler method called from boot.js with its arguments as one JSON text.
    Arguments that do not fit (:func:`args_fit`) or do not parse, or a method that
    fails on them, answer what any bad argument answers: ``false``, or ``"[]"``
    for a method answering JSON; nothing is thrown to the caller."""

    def call(raw: object) -> object:
        text = str(raw)
        args = None
        if args_fit(text):
            try:
                args = json.loads(text)
            except Exception:  # ValueError, or a parser's RuntimeError
                args = None
        if not isinstance(args, list):
            return "[]" if json_answer else False
        try:
            return fn(*args)
        except Exception as e:  # a method meeting arguments it cannot take
            window.console.warn("gameHandler: %s" % type(e).__name__)
            return "[]" if json_answer else False

    return call


def _copy(result: dict) -> dict:
    """A job's result that can be changed without changing ``result``."""
    out = dict(result)
    out["moves"] = list(result["moves"])
    out["stats"] = dict(result["stats"])
    return out


ENDED = ("cancelled", "error", "died")  # how a job ends without a search result (besides "changed")


def _ended(status: str, **extra: object) -> dict:
    """A job's end that is not a search result: cancelled, changed, error, died."""
    out = {"status": status, "moves": [], "stats": {}}
    for k, v in extra.items():
        out[k] = v
    return out
