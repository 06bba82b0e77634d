"""The one list of what a game's view may override: :class:`Hooks`, the base
of :class:`app.view.GameView`. A game's ``View`` overrides these and nothing
else of the view (the rest is the midend's wiring); each hook says when it
is called and what it must do. The defaults read only the view's public
state and its parts (``session``, ``count()``, ``editor.draft``, ``editor.edit_el``, ``frame.say``)."""

# Status keys a game may rename: what it says when it is ready, won, solved…
TEXT = {
    "ready": "ready",
    "won": "won",
    "solved": "solved",
    "unsolvable": "no_solution",
    "unknown": "unknown",
    "hint_none": "hint_none",
    "hint_none_start": "hint_none_start",  # the same, on a board no move has been made on (nothing to undo)
    "paste_help": "paste_help",
    "at_goal": "at_goal",
    "by_solver": "won_by_solver",
    "solved_already": "solved_already",  # Solve on a position that is already the goal
}


def game_texts(**overrides: str) -> dict:
    """A game's :attr:`Hooks.TEXT`: the common keys, with the game's own words where it has them."""
    out = dict(TEXT)
    out.update(overrides)
    return out


class Hooks:
    """Every hook a game may override, with its default."""

    TEXT = game_texts()  # the status keys a game may rename (see :func:`game_texts`)
    EDITABLE = False  # the game has a board editor (then: new_draft, build_editor, draw_editor…)
    SHOW_MOVES_RECORD = True  # Link-up clears every board in the same number of pairs: only time counts

    # ------------------------------------------------------------------ building (once, in this order)
    def build_controls(self, bar: object) -> None:
        """The game's own pickers above the buttons."""

    def build_buttons(self, bar: object) -> None:
        """Extra buttons beside the common ones."""

    def build_editor(self, bar: object) -> None:
        """The editor's tools (shapes, grid size…), in the editor's bar."""

    def build_statusbar(self, bar: object) -> None:
        """Extra counters beside the move counter."""

    def build_board(self, parent: object) -> None:
        """The board's elements (and the editor's, ``build_edit_board``)."""
        raise NotImplementedError

    def build_progress(self, box: object) -> None:
        """Extra progress display (a chart) inside the progress box."""

    def build_side(self, side: object) -> None:
        """Extra content beside the board (help text)."""

    def build_panels(self, panel: object) -> None:
        """Extra folding panels under the board."""

    async def build_own_later(self) -> None:
        """The game's own parts that are not on the first screen, built once the board is playable, before
        the midend's (:meth:`app.view.GameView.build_later`), each where the game kept a place for it."""

    def handler_methods(self) -> tuple:
        """``({name: fn}, [names answering JSON])`` for ``window.gameHandler``."""
        raise NotImplementedError

    # ------------------------------------------------------------------ drawing
    def draw(self) -> None:
        """Draw the board from ``self.session.state`` (and ``self.hinted``)."""
        raise NotImplementedError

    def draw_editor(self) -> None:
        """Draw the draft (``self.editor.draft``) while editing."""

    def relabel(self) -> None:
        """Re-draw what depends on the language beyond ``shell.text`` nodes."""

    def counter_text(self) -> str:
        """The move counter's text."""
        return self.shell.t("moves", n=self.count())

    # ------------------------------------------------------------------ the board's life
    def will_load(self, board: object, extra: dict) -> None:
        """``load(board, say, **extra)`` is about to open ``board`` (``extra``: the game's own
        arguments, e.g. Link-up's ``seed``); the session still holds the old game."""

    def board_opened(self) -> None:
        """A new start position is on the board: rebuild its cells, sync the pickers."""

    def forget(self, new_board: bool) -> None:
        """Drop the game's own derived marks and displays (a chart, a comparison)."""

    def after_move(self, move: object) -> None:
        """Effects of one move beyond the redraw (a path drawn, a timer stopped)."""

    def save_extra(self) -> object:
        """The game's own part of the saved game (JSON), or ``None``."""
        return None

    def restore_extra(self, data: object) -> None:
        """Take back :meth:`save_extra`'s data (``None``: a game opened afresh)."""

    # ------------------------------------------------------------------ Step through (py/app/step_view.py)
    def trace_args(self, failing: "tuple | None" = None) -> tuple:
        """``(args, note)``: what the learner's function is called on beyond the board, and ``(key,
        values)`` saying which case that is (or ``None``); ``args`` ``None``: nothing to step (``note``
        says why). ``failing``: the last Check's first failing case, ``(grid, args, note)``, or ``None``;
        a game that steps it rather than its board answers it as it is (three items)."""
        return [], None

    def trace_board(self, grid: "list | None") -> None:
        """The steps about to be shown were recorded on ``grid`` (a case of Check's, drawn in place of the
        game's board while stepping, if the game marks cells) or, ``None``, on the board in play."""

    def trace_show(self, step: dict, at: int) -> None:
        """Show what step ``at`` looks at on the board (``step``: ``queue``, ``seen`` and ``current``
        cells, ``board``, the program's last board, and ``boardStep``); never the game's model."""

    def trace_off(self) -> None:
        """The steps are left: the board as the game draws it again."""

    def draw_case(self, parent: object, grid: list, expected: object, answer: object, name: str) -> bool:
        """Draw Check's first failing case (its board ``grid``, the ``expected`` answer, the learner's
        ``answer``) in ``parent`` in the game's own way, named ``name``; ``False``: the Code panel draws
        its grid of numbers."""
        return False

    # ------------------------------------------------------------------ words
    def stuck_key(self) -> str:
        """A status key for a position where no move can be made (or ``""``)."""
        return ""

    def clock_line(self) -> "str | None":
        """The clock line's text in place of the game's clock (``""``: no clock shown; ``None``: the game's
        own). Link-up on a race's board: the race's time."""
        return None

    def records_off(self) -> bool:
        """A win now is no record of the game's (Link-up on a race's board: the race's standings time it)."""
        return False

    def won_key(self) -> str:
        """The status key of a win by hand."""
        return self.TEXT["won"]

    def won_values(self) -> dict:
        """The values the win's status is said with."""
        return {"n": self.count()}

    def announce(self) -> None:
        """What the status says after a player's move."""
        if self.session.state.is_solved():
            self.frame.say(self.won_key(), **self.won_values())
        else:
            self.frame.say(self.stuck_key() or self.TEXT["ready"])

    # ------------------------------------------------------------------ the solver
    def solve_off(self) -> bool:
        """Solve is off for now (Link-up in a race), its button disabled."""
        return False

    def board_locked(self) -> bool:
        """The board on screen may not be replaced for now (Link-up in a race): the paste box's Load is
        disabled, and the game's own ways to another board (Link-up's New board) should be too."""
        return False

    def before_search(self, board: object) -> str:
        """A status key that answers Solve/Hint without the worker (or ``""``)."""
        return ""

    def prefetchable(self, board: object) -> bool:
        """Whether Solve may be worked out before the click (not when it needs set-up a user should ask for)."""
        return True

    async def prepare(self, board: object) -> None:
        """Worker set-up a search on ``board`` needs first (pattern tables)."""

    def solved_key(self, stats: dict) -> str:
        """The status key of a Solve's answer."""
        return self.TEXT["solved"]

    def after_solve(self) -> None:
        """A Solve ended (whatever its outcome): what the game adds to it."""

    def show_progress(self, progress: dict) -> None:
        """Show a job's progress beyond the positions count."""

    def show_hint(self, moves: list, stats: dict) -> None:
        """Show a Hint's answer (``self.hinted`` is set and the board redrawn)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ records
    def record_key(self) -> str:
        """Which records the board in play belongs to (a layout, a size, a seed…)."""
        return "B" + self.session.start.to_code()

    def record_moves(self) -> dict:
        """The win's moves in every unit the game counts: ``{unit: n}``."""
        return {self.record_unit(): self.count()}

    def record_unit(self) -> str:
        """The unit a record's moves are compared in."""
        return "moves"

    def record_label(self, key: str) -> str:
        """A record key as the records panel names it."""
        return key[1:] if key[:1] == "B" else key

    def known_par(self) -> "int | None":
        """The fewest moves from the start when the game knows them (a classic layout)."""
        return None

    def par_search(self) -> "tuple | None":
        """``(board, options)`` for the worker to find the par after a win, or ``None``."""
        return None

    def mark_records(self) -> None:
        """Show solved marks in the game's pickers."""

    # ------------------------------------------------------------------ the editor
    def new_draft(self) -> object:
        """The draft of the board in play."""
        raise NotImplementedError

    def editor_board(self) -> object:
        """The draft as the game's board; a :class:`PuzzleError` if it does not validate."""
        return self.editor.draft.to_board()

    def editor_status(self) -> tuple:
        """``(key, values)``: what the status says about the draft (ready, or why not)."""
        return ("ed_ready", {})

    def editor_node(self) -> object:
        """The editor's board element (what a refusal marks)."""
        return self.editor.edit_el
