"""A page without a browser, for CPython unit tests of the midend: a fake ``pyscript`` module (its
``window``, ``document`` and ``ffi``) put in ``sys.modules`` in place of PyScript's, so that the
page's own modules (the session's parts, a game's view) import and run unchanged.

* ``window.setTimeout`` queues its callback: :meth:`Timers.fire` runs those due (each a JavaScript
  task of its own on the page), and :func:`drive` alternates them with the asyncio loop.
* ``window.performance.now()`` is the process's clock in milliseconds.
* ``window.safeStorage`` is a dict with the page's ``get``/``set``.
* ``document.createElement`` makes an :class:`Element`: a node with children, attributes and
  ``textContent`` a test can read; any other call on it (a listener, a focus, a scroll) is taken by a
  :class:`unittest.mock.MagicMock`, as is every other object of the page.
"""

import asyncio
import importlib
import importlib.machinery
import json
import re
import sys
import time
import types
from pathlib import Path
from unittest import mock

PAGE_MODULES = ("app.", "puzzles.huarong.view", "puzzles.linkup.view", "puzzles.linkup.race",
                "puzzles.sliding.view")
# A game's page-only modules (``*_view``, tools/configs.py's rule) import ``pyscript`` too: each fake page
# imports them again, so that none keeps the window of an earlier one.


def is_page_module(name: str) -> bool:
    return name.startswith(PAGE_MODULES) or (name.startswith("puzzles.") and name.endswith("_view"))


class Timers:
    """``setTimeout``/``clearTimeout`` queued, run by :meth:`fire` (never by themselves)."""

    def __init__(self) -> None:
        self.queue: list = []  # [due ms, id, callback]
        self.next_id = 1

    def set(self, fn: object, ms: object = 0, *args: object) -> int:
        tid = self.next_id
        self.next_id += 1
        self.queue.append([now_ms() + float(ms or 0), tid, fn])
        return tid

    def clear(self, tid: object) -> None:
        self.queue = [t for t in self.queue if t[1] != tid]

    def fire(self, all_due: bool = True, ignore_delay: bool = False) -> int:
        """Run the timers due now (``ignore_delay``: every one queued, as if their delays had passed),
        each alone, in the order due; a timer set meanwhile waits for the next call. Answers how many ran."""
        t = now_ms()
        due = sorted((x for x in self.queue if ignore_delay or x[0] <= t), key=lambda x: (x[0], x[1]))
        for x in due:
            self.queue.remove(x)
        for _, _, fn in due:
            fn()
        return len(due)


class Element:
    """A DOM element: children, attributes, ``textContent``, ``hidden``, ``disabled`` and ``classList``
    held for a test to read; listeners kept in ``listeners``; other calls go to a mock."""

    def __init__(self, tag: str = "div") -> None:
        self.tagName = tag.upper()
        self.children: list = []
        self.attrs: dict = {}
        self.listeners: dict = {}
        self.textContent = ""
        self.className = ""
        self.hidden = False
        self.disabled = False
        self.value = ""
        self.parentNode = None

    def __getattr__(self, name: str) -> object:
        """Any other member (``classList``, ``style``, ``dataset``, ``focus``...): a mock, made when first
        read and kept, so that a test can look at its calls; made only then, as most are never read."""
        if name.startswith("__"):
            raise AttributeError(name)
        other = mock.MagicMock(name=name)
        object.__setattr__(self, name, other)
        return other

    @property
    def firstChild(self) -> "Element | None":
        return self.children[0] if self.children else None

    def appendChild(self, node: "Element") -> "Element":
        self.children.append(node)
        node.parentNode = self
        return node

    @property
    def nextSibling(self) -> "Element | None":
        siblings = self.parentNode.children if self.parentNode is not None else [self]
        at = siblings.index(self) + 1
        return siblings[at] if at < len(siblings) else None

    def insertBefore(self, node: "Element", ref: "Element | None") -> "Element":
        """``node`` moved from where it is to just before ``ref``, one of this element's children (at the
        end when ``ref`` is ``None``)."""
        node.remove()
        self.children.insert(len(self.children) if ref is None else self.children.index(ref), node)
        node.parentNode = self
        return node

    def removeChild(self, node: "Element") -> "Element":
        self.children.remove(node)
        return node

    def remove(self) -> None:
        if self.parentNode is not None and self in self.parentNode.children:
            self.parentNode.children.remove(self)

    def setAttribute(self, name: str, value: object) -> None:
        self.attrs[name] = str(value)

    def getAttribute(self, name: str) -> "str | None":
        return self.attrs.get(name)

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attrs

    def addEventListener(self, kind: str, fn: object, *args: object) -> None:
        self.listeners.setdefault(kind, []).append(fn)

    def matches(self, selector: str) -> bool:
        """Whether this element matches ``selector``: a comma-separated list of compounds, each a tag
        name, ``#id``, ``.class``, ``[name=value]`` and ``:not(...)`` of one such part (the selectors
        the page's own listeners ask about)."""
        return any(self._matches_compound(part.strip()) for part in _split_selector(selector))

    def _matches_compound(self, compound: str) -> bool:
        return all(self._has(part) != negated for negated, part in _selector_parts(compound))

    def _has(self, part: str) -> bool:
        if part.startswith("#"):
            return self.attrs.get("id") == part[1:]
        if part.startswith("."):
            return part[1:] in (str(self.className) + " " + str(self.attrs.get("class", ""))).split()
        if part.startswith("["):
            name, _, value = part[1:-1].partition("=")
            return self.attrs.get(name) == value.strip("'\"") if value else name in self.attrs
        return self.tagName == part.upper()

    def closest(self, selector: str) -> "Element | None":
        """This element or the nearest one above it that matches ``selector``."""
        node = self
        while node is not None:
            if node.matches(selector):
                return node
            node = node.parentNode
        return None

    def contains(self, node: "Element | None") -> bool:
        """Whether ``node`` is this element or one under it (never a node of the page's mocks)."""
        while isinstance(node, Element):
            if node is self:
                return True
            node = node.parentNode
        return False

    def walk(self) -> list:
        """This element and every one under it."""
        out = [self]
        for child in self.children:
            out += child.walk()
        return out

    def by_id(self, name: str) -> "Element | None":
        return next((e for e in self.walk() if e.attrs.get("id") == name), None)


# One part of a compound selector: ``:not(part)``, ``#id``, ``.class``, ``[name=value]`` or a tag name.
_SELECTOR_PART = re.compile(r":not\(([^)]*)\)|([#.]?[\w-]+|\[[^\]]*\])")


def _split_selector(selector: str) -> list:
    return [part for part in selector.split(",") if part.strip()]


def _selector_parts(compound: str) -> list:
    """``compound``'s parts, each ``(negated, part)``."""
    return [(bool(inner), inner or part) for inner, part in _SELECTOR_PART.findall(compound)]


def now_ms() -> float:
    return time.monotonic() * 1000.0


class Storage:
    """``window.safeStorage``: the page's storage that never throws."""

    def __init__(self) -> None:
        self.data: dict = {}

    def get(self, key: str) -> "str | None":
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = str(value)

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


def make_pyscript() -> types.ModuleType:
    """A fresh fake ``pyscript`` module (``window``, ``document``, ``ffi``, ``config``, ``fetch``)."""
    timers = Timers()
    window = mock.MagicMock(name="window")
    window.setTimeout.side_effect = timers.set
    window.clearTimeout.side_effect = timers.clear
    window.performance.now.side_effect = now_ms
    window.safeStorage = Storage()
    window.location.origin = "http://page"
    window.location.pathname = "/"
    window.encodeURIComponent.side_effect = lambda v: str(v)
    window.timers = timers
    document = mock.MagicMock(name="document")
    document.visibilityState = "visible"
    document.createElement.side_effect = Element
    document.createElementNS.side_effect = lambda ns, tag: Element(tag)
    ffi = types.ModuleType("pyscript.ffi")
    ffi.create_proxy = lambda fn: fn
    ffi.to_js = lambda value, **kw: value
    module = types.ModuleType("pyscript")
    module.window, module.document, module.ffi = window, document, ffi
    module.config = {}  # no bundle of later modules: every module is on the path, app.lazy imports them directly

    async def fetch(url: str) -> object:
        raise OSError("the fake page fetches nothing: %s" % url)

    module.fetch = fetch
    return module


# The page's modules are imported again for every fake page (see :func:`install`), and this machine's
# Python may write no .pyc (PYTHONDONTWRITEBYTECODE): each import would compile its source again, seconds
# over the tests of a run. A file's code is compiled once per process, for as long as its source is the same.
_COMPILED: dict = {}  # (path, source bytes) -> code
_PAGE_DIR = str(Path(__file__).resolve().parent.parent / "py")
_source_to_code = importlib.machinery.SourceFileLoader.source_to_code


def _compiled_once(self: object, data: object, path: str, *args: object, **kw: object) -> object:
    if not str(path).startswith(_PAGE_DIR):
        return _source_to_code(self, data, path, *args, **kw)
    key = (str(path), bytes(data))
    if key not in _COMPILED:
        _COMPILED[key] = _source_to_code(self, data, path, *args, **kw)
    return _COMPILED[key]


importlib.machinery.SourceFileLoader.source_to_code = _compiled_once


def install() -> types.ModuleType:
    """Put a fresh fake ``pyscript`` in ``sys.modules`` and forget the page's modules imported with an
    earlier one; answers the fake (``.window``, ``.document``). Undo with :func:`uninstall`."""
    module = make_pyscript()
    forget_page_modules()
    sys.modules["pyscript"] = module
    sys.modules["pyscript.ffi"] = module.ffi
    return module


def uninstall() -> None:
    forget_page_modules()
    sys.modules.pop("pyscript", None)
    sys.modules.pop("pyscript.ffi", None)


# Page modules that import no ``pyscript`` and hold tables other tests share: kept, so that a test
# which adds to them (the toy game's texts, added to app.i18n's table) and a test which reads them
# see one table whichever ran first.
SHARED_MODULES = ("app.i18n",)


def forget_page_modules() -> None:
    for name in list(sys.modules):
        if is_page_module(name) and name not in SHARED_MODULES:
            del sys.modules[name]


def page_module(name: str) -> types.ModuleType:
    """Import one of the page's modules (under the fake installed)."""
    return importlib.import_module(name)


async def drive(window: object, done: object, limit_s: float = 10.0) -> None:
    """Run the page until ``done()``: the timers due, then the asyncio tasks, in turn (each timer a task
    of its own, as in the browser). Fails after ``limit_s``."""
    end = time.monotonic() + limit_s
    while not done():
        if time.monotonic() > end:
            raise AssertionError("the page did not settle in %s s" % limit_s)
        window.timers.fire()
        await asyncio.sleep(0.002)


async def run_job_here(game: str, request: str, progress: object, cancelled: object, started: object) -> dict:
    """``shell.solver.run``: the worker's protocol (start, then steps in slices, Cancel honoured) run by
    ``worker_jobs`` in this process, one slice per turn of the loop, as the page's loop steps the worker."""
    import worker_jobs  # the worker's side: imported once a test asks for it

    answer = json.loads(worker_jobs.start(game, request))
    if answer.get("error") is not None:
        return {"status": "error", "moves": [], "stats": {}, "error": answer["error"]}
    job = answer["job"]
    started(job)
    try:
        while True:
            if cancelled():
                return {"status": "cancelled", "moves": [], "stats": {}}
            out = json.loads(worker_jobs.step(job, 20))
            if out["done"]:
                if out.get("error") is not None:
                    return {"status": "error", "moves": [], "stats": {}, "error": out["error"]}
                return out["result"]
            progress(out["progress"])
            await asyncio.sleep(0)
    finally:  # cancelled, or its task dropped when the test's loop ends: the job is forgotten
        worker_jobs.cancel(job)
