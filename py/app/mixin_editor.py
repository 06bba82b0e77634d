"""The board editor's frame, for :class:`app.view.GameView`: the Edit button,
the editor's bar (the game's tools and Play this board; the Edit button reads
"Stop editing" meanwhile), and the one way out of the editor: :meth:`finish_edit`
turns the draft into the game's board, or refuses it and says why. Solve and
Share call it first, so both work from the editor. A game supplies the draft
(:meth:`new_draft`, an :mod:`app.drafts` object with ``to_board``), its tools
(:meth:`build_editor`), its drawing (:meth:`draw_editor`, into ``edit_el``) and
what the status says of it (:meth:`editor_status`).

While editing, the panel has the class ``editing``: what is only for play
(``.play-only``) hides, what is only for editing (``.edit-only``) shows."""

from app.dom import el, on
from puzzles import PuzzleError


class EditorMixin:
    EDITABLE = False

    def init_editor(self) -> None:
        self.editing = False
        self.edit_btn = None
        self.draft = None  # the board being edited (app.drafts)
        self.ed_selected = None  # what the editor has selected (a piece, a cell)
        self.ed_focus = None  # where the focus goes after the editor redraws

    def build_edit_button(self, bar: object) -> None:
        if self.EDITABLE:  # "Edit", and "Stop editing" while editing (drawn by render_editor_frame)
            self.edit_btn = el("button", bar, "btn", type="button", id=self.game + "-edit")
            on(self.edit_btn, "click", self._guard(self._on_edit))

    def build_edit_bar(self, panel: object) -> None:
        if not self.EDITABLE:
            return
        bar = el("div", panel, "toolbar editbar edit-only")
        self.shell.text(bar, "editor", "aria-label")
        bar.setAttribute("role", "group")
        self.build_editor(bar)

    def build_edit_board(self, parent: object, cls: str, id_: str, label_key: str) -> None:
        """The element the draft is drawn in, shown only while editing."""
        self.edit_el = el("div", parent, cls + " edit-only", role="group", id=id_)
        self.shell.text(self.edit_el, label_key, "aria-label")

    def build_help(self, side: object, play_key: str, edit_key: str) -> None:
        """The help under the board: how to play, or (while editing) how to edit."""
        self.shell.text(el("p", side, "help play-only"), play_key)
        self.shell.text(el("p", side, "help edit-only"), edit_key)

    def _on_edit(self, event: object) -> None:
        if self.editing:
            self.cancel_edit()
            return
        self.stop_playback()
        self.clear_alert()
        self.editing = True
        self.draft = self.new_draft()
        self.ed_selected = None
        self.ed_focus = None
        self.sync_activity()
        self.render()
        self.say_editor()

    def finish_edit(self) -> bool:
        """Open the edited board in the game; ``False`` (with the reason shown) if it does not validate."""
        try:
            board = self.editor_board()
        except PuzzleError as e:
            self.show_puzzle_error(e, "ed_refused")
            self.refuse(self.editor_node())
            return False
        self.clear_alert()
        self.load(board, "ed_loaded")
        return True

    def cancel_edit(self) -> None:
        self.editing = False
        self.clear_alert()
        self.sync_activity()
        self.render()
        self.say_ready()

    def edit_refused(self, error: object, *nodes: object) -> None:
        """An edit the draft refused (a :class:`app.drafts.DraftError`): say why, mark where."""
        self.say(error.key, **error.values)
        self.refuse(*nodes)

    def set_draft(self, draft: object) -> None:
        """A new draft (cleared, resized, put in order): nothing selected, redrawn, said."""
        self.draft = draft
        self.ed_selected = None
        self.edited()

    def edited(self) -> None:
        """The draft changed: redraw it and say whether it would play."""
        self.render()
        self.say_editor()

    def say_editor(self) -> None:
        key, values = self.editor_status()
        self.say(key, **values)

    def render_editor_frame(self) -> None:
        if self.edit_btn is not None:
            self.edit_btn.textContent = self.shell.t("ed_cancel" if self.editing else "edit")

    def play_button(self, bar: object) -> None:
        """The editor's way out into play (a game puts it where its bar has room)."""
        self._button(bar, "ed_play", lambda e: self.finish_edit(), "primary")

    # ================================================================ per game
    def build_editor(self, bar: object) -> None:
        """The editor's tools (shapes, grid size…)."""

    def new_draft(self) -> object:
        """The draft of the board in play."""
        raise NotImplementedError

    def draw_editor(self) -> None:
        """Draw the draft."""

    def editor_board(self) -> object:
        """The draft as the game's board; a :class:`PuzzleError` if it does not validate."""
        return self.draft.to_board()

    def editor_status(self) -> tuple:
        """``(key, values)``: what the status says about the draft (ready, or why not)."""
        return ("ed_ready", {})

    def editor_node(self) -> object:
        """The editor's board element (what a refusal marks)."""
        return self.edit_el
