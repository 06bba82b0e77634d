"""The board editor's frame: the Edit button, the editor's bar (the game's
tools and Play this board; the Edit button reads "Stop editing" meanwhile),
and the one way out of the editor: :meth:`EditorFrame.finish` turns the draft
into the game's board, or refuses it and says why. Solve and Share call it
first, so both work from the editor.

Handed in: the shell, the game's name, the :class:`~app.frame.Frame`, the
game's editor hooks (``EDITABLE``, ``build_editor``, ``new_draft``,
``editor_board``, ``editor_status``, ``editor_node``) and the view's calls:
``entered()`` / ``left()`` (the editor opened or closed: playback, clock),
``render()``, ``say_ready()``, ``load(board, say)``. It never imports the view.

While editing, the panel has the class ``editing``: what is only for play
(``.play-only``) hides, what is only for editing (``.edit-only``) shows."""

from app.dom import el, on
from puzzles import PuzzleError


class EditorFrame:
    """State: ``editing``, ``draft`` (the board being edited, an object of a game's ``draft``
    module, such as :class:`puzzles.huarong.draft.HuarongDraft`), ``selected`` (what the editor
    has selected: a piece, a cell), ``focus`` (where the focus goes after the editor redraws),
    ``edit_el`` (the element the draft is drawn in)."""

    # the game's hooks and constants it reads, handed in as an app.port.Port (never the view)
    PORT = ("EDITABLE", "build_editor", "editor_board", "editor_node", "editor_status", "new_draft")

    def __init__(self, shell: object, game: str, frame: object, hooks: object, calls: dict) -> None:
        self.shell = shell
        self.game = game
        self.frame = frame
        self.hooks = hooks
        self.calls = calls
        self.editing = False
        self.edit_btn = None
        self.edit_el = None
        self.draft = None
        self.selected = None
        self.focus = None

    def build_button(self, bar: object) -> None:
        if self.hooks.EDITABLE:  # "Edit", and "Stop editing" while editing (drawn by render)
            self.edit_btn = el("button", bar, "btn", type="button", id=self.game + "-edit")
            on(self.edit_btn, "click", self.frame.guard(self._on_edit))

    def build_bar(self, panel: object) -> None:
        if not self.hooks.EDITABLE:
            return
        bar = el("div", panel, "toolbar editbar edit-only")
        self.shell.text(bar, "editor", "aria-label")
        bar.setAttribute("role", "group")
        self.hooks.build_editor(bar)

    def build_board(self, parent: object, cls: str, id_: str, label_key: str) -> None:
        """The element the draft is drawn in, shown only while editing."""
        self.edit_el = el("div", parent, cls + " edit-only", role="group", id=id_)
        self.shell.text(self.edit_el, label_key, "aria-label")

    def build_help(self, side: object, play_key: str, edit_key: str) -> None:
        """The help under the board: how to play, or (while editing) how to edit."""
        self.shell.text(el("p", side, "help play-only"), play_key)
        self.shell.text(el("p", side, "help edit-only"), edit_key)

    def play_button(self, bar: object) -> None:
        """The editor's way out into play (a game puts it where its bar has room)."""
        self.frame.button(bar, "ed_play", lambda e: self.finish(), "primary")

    def _on_edit(self, event: object) -> None:
        if self.editing:
            self.cancel()
            return
        self.frame.clear_alert()
        self.editing = True
        self.draft = self.hooks.new_draft()
        self.selected = None
        self.focus = None
        self.calls["entered"]()
        self.calls["render"]()
        self.say()

    def finish(self) -> bool:
        """Open the edited board in the game; ``False`` (with the reason shown) if it does not validate."""
        try:
            board = self.hooks.editor_board()
        except PuzzleError as e:
            self.frame.show_puzzle_error(e, "ed_refused")
            self.frame.refuse(self.hooks.editor_node())
            return False
        self.frame.clear_alert()
        self.calls["load"](board, "ed_loaded")
        return True

    def close(self) -> None:
        """Leave the editor without a word (a board is opened)."""
        self.editing = False

    def cancel(self) -> None:
        self.editing = False
        self.frame.clear_alert()
        self.calls["left"]()
        self.calls["render"]()
        self.calls["say_ready"]()

    def refused(self, error: object, *nodes: object) -> None:
        """An edit the draft refused (a :class:`puzzles.DraftError`): say why, mark where."""
        self.frame.say(error.key, **error.values)
        self.frame.refuse(*nodes)

    def set_draft(self, draft: object) -> None:
        """A new draft (cleared, resized, put in order): nothing selected, redrawn, said."""
        self.draft = draft
        self.selected = None
        self.edited()

    def edited(self) -> None:
        """The draft changed: redraw it and say whether it would play."""
        self.calls["render"]()
        self.say()

    def say(self) -> None:
        key, values = self.hooks.editor_status()
        self.frame.say(key, **values)

    def render(self) -> None:
        if self.edit_btn is not None:
            self.edit_btn.textContent = self.shell.t("ed_cancel" if self.editing else "edit")
