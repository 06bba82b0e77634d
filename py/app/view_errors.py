"""Errors as the page says them: only coded, translated messages reach a person.

An error object of the worker's protocol (or the map's) is ``{"code", "values",
"text"}``. A code of :data:`puzzles.messages.MESSAGES` is rendered in the page's
language from its values; any other (a fault of ours, a browser's or runtime's
own text) is said as the coded ``internal_error`` naming only the code, so no
raw Python or JavaScript text reaches the page. Runs on MicroPython.
"""

from puzzles.messages import MESSAGES, render


def coded(err: object) -> tuple:
    """``(code, values)`` to show for an error object: its own when the code is one of ours,
    else ``internal_error`` naming it."""
    code = str(err.get("code", "")) if isinstance(err, dict) else ""
    values = err.get("values") if isinstance(err, dict) else None
    if code in MESSAGES and code != "internal_error":
        return code, values if isinstance(values, dict) else {}
    if code == "internal_error" and isinstance(values, dict):
        return code, values
    return "internal_error", {"error": code or "error"}


def coded_text(err: object, lang: str) -> str:
    """The error object's text in ``lang``, through :func:`coded`."""
    code, values = coded(err)
    return render(code, lang, values, render("internal_error", lang, {"error": code}))
