"""The keys every game takes wherever the focus is (but in a text field), as a pure function of
the key event: Ctrl+Z (or Cmd+Z) undo, Ctrl+Y or Ctrl+Shift+Z redo; u and r, as in Tatham's puzzles."""


def shortcut(event: object) -> "str | None":
    """``"undo"``, ``"redo"`` or ``None`` for a key event (``key``, ``ctrlKey``, ``metaKey``,
    ``shiftKey``, ``altKey``)."""
    if event.altKey:
        return None
    key = str(event.key).lower()
    ctrl = bool(event.ctrlKey) or bool(event.metaKey)
    if ctrl and key == "z":
        return "redo" if event.shiftKey else "undo"
    if ctrl and key == "y":
        return "redo"
    if not ctrl and not event.shiftKey and key in ("u", "r"):
        return "undo" if key == "u" else "redo"
    return None


def take(event: object, actions: dict) -> None:
    """Run ``actions[shortcut(event)]`` (``{"undo": fn, "redo": fn}``) and keep the key from the
    browser; nothing for any other key."""
    action = shortcut(event)
    if action is not None:
        event.preventDefault()
        actions[action]()
