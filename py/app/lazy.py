"""Modules the first screen does not need, loaded once it is playable.

The first screen's modules are in the page's file system before ``main.py`` runs
(static/boot.js writes them there from one file), and ``main.py``'s imports load
them, all in the task that makes the board playable. The modules of the parts a
player reaches only by a click are left out of it, in a second file (the bundle
``tools/configs.py`` writes, which the config's ``lazy_modules`` names): :func:`fetch`
brings it in once, with one request (static/boot.js's ``pageFiles.load`` writes its
modules where the first screen's are; the service worker caches it like any other
file); :func:`load` imports one, after them; :func:`warm` imports the rest one per
task, so each is loaded before its first use. Nothing here names a game or a part:
callers ask for modules by name.
"""

import asyncio
import json
import sys

from pyscript import config, document, window

from app.dom import next_task

URL = config.get("lazy_modules")  # the bundle of the later modules; none where every module is on the path
MODULES = []  # the modules the bundle brought, by name, once fetched
_fetching = None  # the task that fetches them: made once, awaited by every caller


def module_name(path: str) -> str:
    """``./app/code_panel.mpy`` -> ``app.code_panel`` (a package's ``__init__`` is the package)."""
    name = path[2:] if path.startswith("./") else path
    name = name.rsplit(".", 1)[0].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


RETRIES_S = (1, 3, 9)  # the waits before each new try of a bundle that could not be fetched


async def _all() -> None:
    """The bundle fetched and written; a network that failed is tried again (a server restarting, a
    train's tunnel), a while later each time."""
    if not URL:
        return
    for wait in RETRIES_S + (None,):
        answer = json.loads(await window.pageFiles.load(URL))
        if "paths" in answer:
            MODULES[:] = [module_name(path) for path in answer["paths"]]
            return
        if wait is None:
            raise OSError("could not fetch %s: %s" % (URL, answer.get("error")))
        await asyncio.sleep(wait)


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
    for name in MODULES:
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
