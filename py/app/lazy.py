"""Modules the first screen does not need, loaded once it is playable.

PyScript fetches and writes every file of the page's config's ``[files]`` into the
interpreter's file system before ``main.py`` runs, and ``main.py``'s imports compile
them, all in the task that makes the board playable. The modules of the parts a
player reaches only by a click (their list is the config's ``lazy_files`` table,
written by ``tools/configs.py`` by the same rules as ``[files]``) are left out of it:
:func:`fetch` brings them all in with one request each, in parallel, and writes
them where ``[files]`` would have (the service worker caches them like any other
file); :func:`load` imports one, after them; :func:`warm` imports the rest one per
task, so each is compiled before its first use. Nothing here names a game or a
part: callers ask for modules by name.
"""

import asyncio
import os
import sys

from pyscript import config, document, window
from pyscript import fetch as _fetch_url

from app.dom import next_task

FILES = dict(config.get("lazy_files") or {})  # URL (from the page) -> path in the file system
_fetching = None  # the task that fetches them: made once, awaited by every caller


def module_name(path: str) -> str:
    """``./app/code_panel.py`` -> ``app.code_panel`` (a package's ``__init__.py`` is the package)."""
    name = path[2:] if path.startswith("./") else path
    name = name[: -len(".py")].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def _makedirs(path: str) -> None:
    """The folders of file ``path``, made where missing (MicroPython's ``os`` has no ``makedirs``)."""
    parts = path.split("/")[:-1]
    at = ""
    for part in parts:
        if part in ("", "."):
            continue
        at = part if not at else at + "/" + part
        try:
            os.stat(at)
        except OSError:
            os.mkdir(at)


RETRIES_S = (1, 3, 9)  # the waits before each new try of a file that could not be fetched


async def _one(url: str, path: str) -> None:
    """One file fetched and written; a network that failed is tried again (a server restarting, a
    train's tunnel), a while later each time."""
    for wait in RETRIES_S + (None,):
        try:
            response = await _fetch_url(url)
            ok = bool(response.ok)
        except Exception:
            ok = False
        if ok:
            break
        if wait is None:
            raise OSError("could not fetch %s" % url)
        await asyncio.sleep(wait)
    text = await response.text()
    _makedirs(path)
    with open(path, "w") as f:
        f.write(text)


async def _all() -> None:
    await asyncio.gather(*[_one(url, path) for url, path in FILES.items()])


async def fetch() -> None:
    """Every lazy module's file in the file system (fetched once; a failure is raised to every caller,
    and the next call tries again)."""
    global _fetching
    if _fetching is None:
        _fetching = asyncio.create_task(_all())
    try:
        await _fetching
    except Exception:
        _fetching = None
        raise


async def load(name: str) -> object:
    """Module ``name``, imported (its file, and those of the lazy modules it imports, fetched first).
    One imported here is returned in the next main-thread task: compiling the Code panel's modules takes
    about 30 ms, and the caller's part built from it in the same task made one of about 60."""
    if name not in sys.modules:
        await fetch()
        __import__(name)
        await next_task()
    return sys.modules[name]


async def warm() -> None:
    """Import every lazy module not imported yet, one per main-thread task (each compiled before a
    click needs it; a module that fails to import is left for its first use to report)."""
    await fetch()
    for path in FILES.values():
        name = module_name(path)
        if name in sys.modules:
            continue
        await next_task()
        try:
            __import__(name)
        except Exception as e:  # said where the part is used
            window.console.error("could not import %s: %s" % (name, e))


def holder(parent: object) -> object:
    """An empty, hidden element at the end of ``parent``: where a part built later goes (see :func:`build_at`)."""
    node = document.createElement("span")
    node.hidden = True
    parent.appendChild(node)
    return node


def build_at(place: object, build: object) -> None:
    """``build(parent)`` (a part's own ``build``, which appends to ``parent``) made in place of the
    :func:`holder` ``place``: the part sits where it would have, had it been built with the page."""
    box = document.createElement("div")
    build(box)
    parent = place.parentNode
    while box.firstChild:
        parent.insertBefore(box.firstChild, place)
    place.remove()
