"""The Code panel's two outside parts for the fake page of tests/fake_page.py, so that CPython tests drive
the real panel (py/app/code_panel.py) without a browser:

* ``window.__codeEditor`` (the editor bundle, static/src/code-editor.mjs): :class:`Editor` holds the text;
  :meth:`Editor.type` is a learner's typing, handed to the panel once typing pauses (a timer, as the
  bundle's ``SETTLE_MS``), ``flush``/``set``/``undo`` hand it over at once, ``set`` is one change of the
  undo history; ``mark``/``step``/``label`` are kept for a test to read. ``pack``/``unpack`` are
  py/puzzles/code_link.py's, the format's reference (the bundle's own is held to it end to end).
* ``window.__code`` (static/code.js): :class:`Worker` runs the request in THIS process with the real
  py/code_runner.py, in a timer of its own (a test may act between Run and the program), then passes its
  messages on sorted as code.js's header says (moves in parts of :data:`PART`, output before its case or
  done, only the current request's id, each case once, one done), one message a timer. :attr:`Worker.held`
  keeps them back: the program is still running, as far as the page can tell, until :meth:`Worker.release`.
  :attr:`Worker.forged` answers the next request with a forged done, its fields given as code.js passes
  them on.

Not reproduced, and so left to the end-to-end tests: what code.js does against a hostile worker (floods,
message and byte limits, what it makes of forged messages: tests/e2e/test_code_worker.py), the worker's isolation
and its real timing, ``sample()`` (this page is not cross-origin isolated: it answers ``False``), Step
through's record (``stepAt``).

Also here, for the panel's parts that use them: ``window.Promise.new`` (what :func:`app.dom.sliced`
awaits), an element's ``append``/``prepend`` (the output pane's text, a figure put first), and a clock a
test may move on (:meth:`FakeCode.jump`), as the e2e tests' ``JUMPING_CLOCK``; timers run as usual.
"""

import asyncio
import json
import types

import code_runner
import fake_page
from puzzles import code_link

PART = 200  # moves in one delivery (static/code.js's PART)
MAX_MOVES = 10000  # moves one call may make (static/code.js's MAX_MOVES): more, and none are passed on
OUT_SLICE = 4000  # characters of output in one delivery (static/code.js's OUT_SLICE)
SETTLE_MS = 250  # the editor hands its text over once typing pauses this long (the bundle's SETTLE_MS)
# The page's names, and the same as CPython reads them inside ``class CodePanel`` and ``class StepView``: CPython
# mangles a name that starts with two underscores there (``window._CodePanel__code``); MicroPython does not.
NAMES = {"__code": ("__code", "_CodePanel__code", "_StepView__code"),
         "__codeEditor": ("__codeEditor", "_CodePanel__codeEditor")}


class Editor:
    """One mounted editor: ``doc`` its text, ``history`` the texts before each change (undo pops one),
    ``marked`` the error line marked (0: none), ``stepped`` Step through's line, ``aria_label``."""

    def __init__(self, window: object, text: str, label: str, on_change: object) -> None:
        self.window, self.on_change = window, on_change
        self.doc, self.aria_label = str(text), str(label)
        self.history: list = []
        self.timer = 0
        self.marked = 0
        self.stepped = 0

    def _changed(self) -> None:
        if self.timer:
            self.window.clearTimeout(self.timer)
        self.timer = self.window.setTimeout(self._send, SETTLE_MS)

    def _send(self) -> None:
        self.timer = 0
        self.on_change(self.doc)

    def type(self, text: str) -> None:
        """A learner's edit that leaves ``text`` in the editor: handed over once typing pauses."""
        self.history.append(self.doc)
        self.doc = text
        self._changed()

    def flush(self) -> None:
        if self.timer:
            self.window.clearTimeout(self.timer)
            self._send()

    def set(self, text: str) -> None:
        """The whole text replaced, one change of the undo history, its mark gone, handed over at once."""
        self.history.append(self.doc)
        self.doc = str(text)
        self.marked = 0
        self._changed()
        self.flush()

    def undo(self) -> None:
        if self.history:
            self.doc = self.history.pop()
            self._changed()
        self.flush()

    def mark(self, n: int) -> None:
        self.marked = int(n)

    def step(self, n: int) -> None:
        self.stepped = int(n)

    def label(self, text: str) -> None:
        self.aria_label = str(text)

    def focus(self) -> None:
        pass

    def line(self, n: int) -> str:
        """Line ``n`` (from 1) of the text."""
        return self.doc.split("\n")[n - 1]


class EditorBundle:
    """``window.__codeEditor``: ``mount`` and the link's ``pack``/``unpack``."""

    def __init__(self, window: object) -> None:
        self.window = window
        self.mounted: list = []

    def mount(self, parent: object, text: str, label: str, on_change: object) -> Editor:
        editor = Editor(self.window, text, label, on_change)
        self.mounted.append(editor)
        return editor

    async def pack(self, text: str) -> str:
        return code_link.pack(str(text))

    async def unpack(self, value: str) -> object:
        """``{ok, code}`` or ``{ok: false, why, n}`` as the bundle answers (never half a code)."""
        try:
            code = code_link.unpack(str(value))
        except code_link.LinkError as e:
            if e.args[0] == code_link.TOO_LONG:
                return types.SimpleNamespace(ok=False, why="too_long", n=e.args[1])
            return types.SimpleNamespace(ok=False, why="damaged", n=0)
        return types.SimpleNamespace(ok=True, code=code, n=len(code))


class Worker:
    """One learner's worker: ready a timer after it starts; each request run by code_runner here."""

    def __init__(self, window: object, on_message: object) -> None:
        self.window, self.on_message = window, on_message
        self.outbox: list = []
        self.draining = False
        self.held = False  # its program's messages wait: it still runs, as the page sees it
        self.ended = False
        self.current = None
        self.requests: list = []  # every request posted to it, as sent
        # A forged answer: the next request is answered with this done (its fields as code.js passes them on),
        # and its program is not run.
        self.forged: "dict | None" = None
        self.samples = 0  # how many times the page asked where the program is
        self.sampling = False
        self._deliver({"type": "ready", "ms": 1.0})

    def _deliver(self, obj: dict) -> None:
        self.outbox.append((obj["type"], json.dumps(obj)))
        if not self.draining:
            self.draining = True
            self.window.setTimeout(self._drain, 0)

    def _drain(self) -> None:
        if self.ended or (self.held and self.outbox[0][0] != "ready"):
            self.draining = False
            return
        self.on_message(self.outbox.pop(0)[1])
        if self.outbox and not self.ended:
            self.window.setTimeout(self._drain, 0)
        else:
            self.draining = False

    def release(self) -> None:
        """Let what the program sent reach the page."""
        self.held = False
        if self.outbox and not self.draining:
            self.draining = True
            self.window.setTimeout(self._drain, 0)

    def post(self, text: str) -> None:
        req = json.loads(str(text))
        self.requests.append(req)
        cases = len(req["cases"]) if isinstance(req.get("cases"), list) else 0
        path = req.get("exercise", {}).get("answer") == "path"
        self.current = {"id": req.get("id"), "cases": cases, "seen": set(), "done": False, "path": path}
        self.window.setTimeout(lambda: self._run(str(text)), 0)

    def _run(self, text: str) -> None:
        if self.ended:
            return
        if self.forged is not None:
            self.current["done"] = True
            self._deliver({"type": "done", "id": self.current["id"], "answer": None, "parts": 0, "ms": None,
                           "error": None, **self.forged})
            return
        sent: list = []
        code_runner.handle(text, sent.append)
        out: list = []
        for raw in sent:
            m = json.loads(raw)
            cur = self.current
            if cur is None or m.get("id") != cur["id"] or cur["done"]:
                continue
            if m["type"] == "out":
                out.append((m["text"], m.get("cut") is True))
            elif m["type"] == "case" and 0 <= m["i"] < cur["cases"] and m["i"] not in cur["seen"]:
                cur["seen"].add(m["i"])
                self._flush_out(out)
                self._deliver({"type": "case", "i": m["i"], **self._answer(m)})
            elif m["type"] == "done":
                cur["done"] = True
                self._flush_out(out)
                self._deliver({"type": "done", **self._answer(m)})

    def _flush_out(self, out: list) -> None:
        """The output sent so far, in slices of :data:`OUT_SLICE` (cut: the runner dropped some)."""
        text, cut = "".join(x for x, _ in out), any(c for _, c in out)
        out.clear()
        for k in range(0, len(text), OUT_SLICE):
            self._deliver({"type": "out", "id": self.current["id"], "text": text[k:k + OUT_SLICE], "cut": cut})

    def _answer(self, m: dict) -> dict:
        """A case's or done's answer as code.js passes it: its moves first, in parts (none, and ``bad_moves``,
        past :data:`MAX_MOVES`); a path longer than any legal one (200 cells) said by its length only."""
        moves = m.get("moves")
        bad = not isinstance(moves, list) or len(moves) > MAX_MOVES
        moves = [] if bad else moves
        parts = 0
        for k in range(0, len(moves), PART):
            self._deliver({"type": "moves", "id": self.current["id"], "items": moves[k:k + PART]})
            parts += 1
        answer = m.get("answer")
        if self.current["path"] and isinstance(answer, list) and len(answer) > 200:
            answer = {"repr": "a list of %d items" % len(answer)}
        kept = {"id": self.current["id"], "answer": answer, "parts": parts, "ms": m.get("ms"), "error": m.get("error")}
        if bad:
            kept["bad_moves"] = True
        return kept

    def sample(self) -> bool:
        """Asked where the program is: counted in :attr:`samples`; answered ``False`` (this page is not cross-
        origin isolated), unless :attr:`sampling` (a test then delivers the sample itself)."""
        self.samples += 1
        return self.sampling

    def end(self) -> None:
        self.ended = True
        self.outbox.clear()


class FakeCode:
    """``window.__code``: ``loadEditor()`` (``window.__codeEditor`` there once it resolves) and
    ``worker(on_message)``; ``workers`` every worker started, the last the one in use."""

    def __init__(self, window: object) -> None:
        self.window = window
        self.workers: list = []
        self.bundle = EditorBundle(window)
        self.skew_ms = 0.0

    async def loadEditor(self) -> bool:  # noqa: N802 (code.js's name)
        for name in NAMES["__codeEditor"]:
            setattr(self.window, name, self.bundle)
        return True

    def worker(self, on_message: object) -> Worker:
        w = Worker(self.window, on_message)
        self.workers.append(w)
        return w

    def jump(self, seconds: float) -> None:
        """``performance.now()`` moves on by ``seconds`` (timers run as before)."""
        self.skew_ms += seconds * 1000


def _promise_new(executor: object) -> object:
    """``new Promise(executor)`` as an asyncio future (what :func:`app.dom.sliced` awaits)."""
    future = asyncio.get_running_loop().create_future()

    def resolve(value: object = None) -> None:
        if not future.done():
            future.set_result(value)

    def reject(error: object = None) -> None:
        if not future.done():
            future.set_exception(error if isinstance(error, BaseException) else RuntimeError(str(error)))

    executor(resolve, reject)
    return future


def _append(self: fake_page.Element, *nodes: object) -> None:
    for node in nodes:
        if not isinstance(node, fake_page.Element):
            text, node = str(node), fake_page.Element("#text")
            node.textContent = text
        self.appendChild(node)


def _prepend(self: fake_page.Element, *nodes: object) -> None:
    for node in reversed(nodes):
        self.insertBefore(node, self.firstChild)


def install(page: object, monkeypatch: object) -> FakeCode:
    """The Code panel's outside parts on ``page`` (a :func:`fake_page.install` fake); undone with
    ``monkeypatch``."""
    window = page.window
    code = FakeCode(window)
    for name in NAMES["__code"]:
        setattr(window, name, code)
    window.Promise.new.side_effect = _promise_new
    window.performance.now.side_effect = lambda: fake_page.now_ms() + code.skew_ms
    monkeypatch.setattr(fake_page.Element, "append", _append, raising=False)
    monkeypatch.setattr(fake_page.Element, "prepend", _prepend, raising=False)
    return code


def text_of(node: object) -> str:
    """An element's text as a browser reads it: its own, then its children's."""
    return str(node.textContent) + "".join(text_of(c) for c in node.children)
