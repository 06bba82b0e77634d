"""``window.gameHandler``, the console's way to play a game (the course's API):
the game's methods (its ``handler_methods`` hook) plus ``getBoard`` and
``moveCount``, each called from boot.js with its arguments as one JSON text.
Handed in: the methods and the :class:`~app.session.Session`. It never imports the view."""

import json

from pyscript import window
from pyscript.ffi import create_proxy, to_js

MAX_ARGS_CHARS = 10000  # as boot.js: the longest argument text a gameHandler method reads
MAX_ARGS_DEPTH = 8  # and its deepest nesting (the course's arguments are numbers and words)


def make_handler(methods: dict, json_methods: list, session: object) -> object:
    """``window.gameHandler`` from the game's methods plus ``getBoard`` and
    ``moveCount``. Each method gets its arguments decoded from one JSON text
    (boot.js), so ``exact_int`` sees the caller's very numbers."""
    json_methods = json_methods + ["getBoard"]
    methods["getBoard"] = lambda *a: session.state.to_json()
    impl = window.Object.new()
    for name, fn in methods.items():
        setattr(impl, name, create_proxy(with_json_args(fn, name in json_methods)))
    handler = window.makeGameHandler(impl, to_js(json_methods))
    getter = create_proxy(lambda: len(session.made))
    window.Object.defineProperty(handler, "moveCount", to_js({"get": getter, "enumerable": True}))
    return handler


def args_fit(text: str) -> bool:
    """Whether a gameHandler argument text is short and shallow enough to parse: no longer
    than :data:`MAX_ARGS_CHARS`, nested no deeper than :data:`MAX_ARGS_DEPTH` (a 20,000-deep
    array would exhaust the parser's recursion, and quoting it too). One pass, strings skipped."""
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


def with_json_args(fn: object, json_answer: bool = False) -> object:
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
