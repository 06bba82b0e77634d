"""A game's life in the browser: open it, reload it, save it, share it, with
one set of rules for every game:

1. reloading keeps the moves made (board, moves, undo history, options);
2. a bad board link is refused with an alert and never wipes the saved game;
3. the plain page reopens the saved game; 4. a link to another board opens it,
   and a saved game with moves in it stays saved (the alert says so and offers
   it) until the player moves on the link's board.

Saving is debounced (:meth:`Lifecycle.save`, written within
:data:`SAVE_DELAY_S` and at once when the page is hidden or left:
:meth:`Lifecycle.flush`); a saved game that does not reopen, or reopens but
cannot be drawn, is set aside and said in the alert (the bad-save guard,
:meth:`Lifecycle.open`).

Handed in: the shell (its link's parameters, language, storage through
``window.safeStorage``), the game's spec, the :class:`~app.session.Session`
(one object for the game's life: a saved game is replayed aside and adopted),
the :class:`~app.frame.Frame`, the :class:`~app.records_keeper.RecordsKeeper`
(the clock saved with the game), the game's hooks (``save_extra``,
``restore_extra``, ``board_opened``, ``will_load``, ``stuck_key``) and the
view's calls ``render()``, ``say_ready()``, ``finish_edit()``, ``editing()``,
``halt()`` and ``close_editor()``. It owns the paste box (:meth:`Lifecycle.load`). Who played the
moves is the session's (:attr:`Session.by`, :attr:`Session.helped`): saved as ``by`` (a Solve's playback
brought the board to the goal) and, with the clock, ``assisted``, and taken back on reload. It never
imports the view.
"""

import json

from pyscript import window
from pyscript.ffi import create_proxy, to_js

from app.session import SaveError, Session
from puzzles import PuzzleError

SAVE_VERSION = 2
# The longest saved game read (characters), checked before it is parsed: a save of 20,000 Huarong
# moves is about 240,000; a corrupt one of 2 MB held the start for 5 s.
MAX_SAVE_CHARS = 400000
SAVE_DELAY_S = 0.25  # a game is written at most this often (and at once when the page is hidden or left)


class Lifecycle:
    # the game's hooks and constants it reads, handed in as an app.port.Port (never the view)
    PORT = ("board_opened", "restore_extra", "save_extra", "stuck_key", "will_load")

    def __init__(self, shell: object, spec: object, session: object, frame: object, records: object,
                 hooks: object, calls: dict) -> None:
        self.shell = shell
        self.spec = spec
        self.game = spec.name
        self.store_key = "bfs-puzzles." + spec.name
        self.session = session
        self.frame = frame
        self.records = records
        self.hooks = hooks
        self.calls = calls
        self.save_due = False  # the game changed since it was last written (see save)
        self.save_queued = False
        self._save_timer = create_proxy(self._save_later)
        self._on_shared = create_proxy(lambda *_: self.frame.say("shared"))
        self._on_not_shared = create_proxy(lambda *_: None)  # closed, or could not open: the box has the link
        self.from_save = False
        session.subscribe(self._changed)

    def _changed(self, kind: str) -> None:
        if kind in ("moved", "travelled"):  # a player's move, an undo, a redo or a jump: an action,
            self.frame.clear_alert()  # so the alert of the last one goes
        self.frame.withdraw()  # a move or a new board here: the saved game a bad link left alone is replaced

    def linked_here(self) -> bool:
        """The page's link is for this game (its ``board`` and options are ours)."""
        return self.shell.game == self.game

    # ------------------------------------------------------------------ opening
    def open(self) -> None:
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
            self._fresh(self.spec.default())
            self.records.reset_clock()
            self._shown()
            self.frame.show_error("internal_error", {"error": type(e).__name__}, "",
                                  "save_discarded" if from_save else "")
            if from_save:
                self.save()

    def _fresh(self, board: object) -> None:
        """A game opened afresh: on ``board`` (``None``: the session's own start), with the default
        options and nothing of a saved game's extras."""
        if board is not None:
            self.session.reset(board)
        self.session.options = self.spec.defaults(self.session.start)
        self.hooks.restore_extra(None)

    def _shown(self) -> None:
        """The game's board just opened: the game's hook, then the page drawn and the status said."""
        self.hooks.board_opened()
        self.calls["render"]()
        self.calls["say_ready"]()

    def _restore(self) -> None:
        """Open the game by the four rules (see the module docstring). A bad
        link opens the default board (as the app's contract says) without
        saving it, so the plain page still reopens the saved game; so does a
        link to another board while a saved game has moves in it. A saved
        game that does not reopen is said in the alert (and replaced by the
        game opened)."""
        url_board = None
        bad_link = False
        params = self.shell.params
        session = self.session
        if self.linked_here() and params.get("board") is not None:
            try:
                url_board = self.spec.board.parse(str(params.get("board")))
            except PuzzleError as e:
                self.frame.show_puzzle_error(e, "bad_url_board")
                bad_link = True
        saved, data, problem = (None, None, None) if bad_link else self._read_saved()
        if problem is not None:
            self.frame.show_error(problem.code, problem.values, "", "save_discarded")
        kept = False  # a saved game in progress that a link to another board leaves alone (rule 4)
        if saved is not None and (url_board is None or saved.start == url_board):
            self.from_save = True
            session.adopt(saved)
            self._saved_extras(saved, data)
        else:
            kept = saved is not None and url_board is not None and saved.cursor > 0
            self._fresh(url_board)
        for name in self.spec.options:  # an option named in the link wins
            value = params.get(name) if self.linked_here() else None
            if value is not None and str(value) in self.spec.options[name]:
                session.options[name] = str(value)
        self._shown()
        if kept:  # said, and offered until a move here replaces it
            self.frame.notice("link_kept_save")
            self.frame.offer(self._open_saved)
        elif not bad_link:  # a bad link opens the default board and leaves the saved game alone
            self.save()
        elif self._read_saved()[0] is not None:  # and offers it, until a move here replaces it
            self.frame.offer(self._open_saved)

    def _saved_extras(self, saved: object, data: dict) -> None:
        """What a saved game keeps besides its moves: its options, clock, the game's extras, and
        whether the solver solved it."""
        self.session.options = self.spec.check_options(data.get("options"), saved.start)
        self.records.restore_clock(data.get("clock"))
        self.hooks.restore_extra(data.get("extra"))
        if data.get("by") == "solver" and saved.state.is_solved() and saved.cursor:
            self.session.by = "solver"

    def _open_saved(self, event: object) -> None:
        """The saved game a link left alone, opened from the alert's offer, as the plain page would
        open it (rule 3): the link's board is dropped from the address, so a reload keeps it too."""
        saved, data, _problem = self._read_saved()
        self.frame.clear_alert()
        if saved is None:  # gone meanwhile (another tab): the board stays
            return
        self.calls["halt"]()
        self.calls["close_editor"]()
        self.shell.drop_board_param(self.game)
        self.session.adopt(saved)
        self._saved_extras(saved, data)
        # what was derived from the board shown goes; announced here, after the saved game's extras are
        # taken back, so that its listeners see its options
        self.session.changed("new")
        self._shown()

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

    # ------------------------------------------------------------------ a new game
    def load(self, board: object, say: str = "", **extra: object) -> None:
        """Open ``board`` as a new game (Reset, a new board, a paste, a layout); ``extra`` goes to
        the game's ``will_load`` hook. A playback and a job stop, the editor closes, the clock
        resets; the session announces ``new`` (another start) or ``opened`` (the same again)."""
        self.hooks.will_load(board, extra)
        self.calls["halt"]()
        self.calls["close_editor"]()
        session = self.session
        new = board != session.start
        options = self.spec.check_options(session.options, board) if new else session.options
        self.records.reset_clock()
        if new:
            self.shell.drop_board_param(self.game)
        session.open(board, options)  # announced: new or opened
        self.hooks.board_opened()
        self.calls["render"]()
        self.save()
        if say:
            self.frame.say(self.hooks.stuck_key() or say)

    def set_option(self, name: str, value: str) -> None:
        """Change an option: a playback and a job stop, the session announces ``options`` (what
        was derived under the old one goes), the link follows where it names it, the game is saved."""
        if value not in self.spec.options.get(name, ()):
            return
        self.calls["halt"]()
        if self.shell.params.get(name) is not None or name in self.spec.linked_options:
            self.shell.set_url(**{name: value})
        self.session.set_option(name, value)  # announced: options
        self.calls["render"]()
        self.save()

    def build_paste(self, panel: object, help_key: str) -> None:
        """The paste box for a board, with its Load."""
        self.board_input = self.frame.paste_box(panel, "paste_board", help_key, self.game + "-board-input")
        self.load_btn = self.frame.button(self.board_input[0], "load", self._on_load)
        self.paste_locked = False

    def lock_paste(self, locked: bool) -> None:
        """The paste box's Load off (the board may not be replaced: a race) or on again."""
        if locked != self.paste_locked:
            self.paste_locked = locked
            self.load_btn.disabled = locked

    def _on_load(self, event: object) -> None:
        """The paste box's Load: a bad board is named and the current one stays."""
        try:
            board = self.spec.board.parse(str(self.board_input[1].value))
        except PuzzleError as e:
            self.calls["say_ready"]()  # the status no longer reports an earlier load: this one failed
            self.frame.show_puzzle_error(e, near=self.game + "-board-input")
            return
        self.frame.clear_alert()
        self.load(board, "loaded")

    # ------------------------------------------------------------------ saving
    def save(self) -> None:
        """The game changed: write it within :data:`SAVE_DELAY_S` (one write for
        a burst of moves: writing the whole history on each of 10,000 console
        moves took 27.6 ms a move), and at once when the page is hidden or left
        (:meth:`flush`), so a reload keeps every move made (rule 1)."""
        self.save_due = True
        if not self.save_queued:
            self.save_queued = True
            # a JavaScript task of its own: tasks due together under asyncio share one (see
            # app.dom.next_task), and a long game's write beside a playback's batch would make one long task
            window.setTimeout(self._save_timer, int(SAVE_DELAY_S * 1000))

    def _save_later(self) -> None:
        self.save_queued = False
        self.flush()

    def flush(self) -> None:
        """Write the game now if it changed since it was last written."""
        if not self.save_due:
            return
        self.save_due = False
        data = {"v": SAVE_VERSION, "options": self.session.options, "clock": self.records.save_clock(),
                "extra": self.hooks.save_extra()}
        if self.session.solver_solved():
            data["by"] = "solver"
        text = self.session.saved_text(lambda b: b.to_code(), self.spec.encode_move, data)
        window.safeStorage.set(self.store_key, text)  # storage off or full: the game goes on unsaved

    # ------------------------------------------------------------------ sharing
    def share(self, event: object) -> bool:
        """A link to the starting board (or, ticked, to the position now); from the
        editor, to the board drawn there. ``False`` if the editor's draft was refused."""
        if self.calls["editing"]() and not self.calls["finish_edit"]():
            return False
        frame = self.frame
        session = self.session
        board = session.state if frame.share_now else session.start
        params = {"board": board.to_code()}
        for name in self.spec.linked_options:
            params[name] = session.options[name]
        query = "&".join("%s=%s" % (k, str(window.encodeURIComponent(v))) for k, v in params.items())
        frame.show_share(
            "%s%s?game=%s&%s&lang=%s"
            % (str(window.location.origin), str(window.location.pathname), self.game, query, self.shell.lang)
        )
        frame.say("share_done")
        return True

    def share_button(self, event: object) -> None:
        """Share: the link in the share box and, where the browser has the system
        share sheet (``navigator.share``, phones), that sheet too (called in the
        click itself, as the browser asks); the box stays as the fallback."""
        if not self.share(event):
            return  # the draft was refused: no link, not an older one either
        frame = self.frame
        if frame.share_link is None or not window.Reflect.has(window.navigator, "share"):
            return
        data = to_js({"title": self.shell.t("title"), "url": frame.share_link})
        try:
            promise = window.navigator.share(data)
        except Exception:  # refused at once (not allowed here): the box is there
            return
        # Both outcomes are handled in this same call: a refusal handled only
        # later, in a task, is an unhandled rejection to the browser meanwhile.
        promise.then(self._on_shared, self._on_not_shared)

    async def copy(self, event: object) -> None:
        frame = self.frame
        frame.share_input.select()
        try:
            await window.navigator.clipboard.writeText(frame.share_link or "")
            frame.say("copied")
        except Exception:
            pass  # no clipboard permission: the link is selected in the box
