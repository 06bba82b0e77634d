"""Small DOM helpers for the main thread. Text goes in as ``textContent``,
never as HTML, so nothing a user types or a link carries is parsed as markup."""

import asyncio

from pyscript import document, window
from pyscript.ffi import create_proxy

_proxies = []  # keep event proxies alive for the page's lifetime


async def next_task() -> None:
    """Give the page back (paint, input) before going on. MicroPython's asyncio in
    the browser runs every task that is ready within one JavaScript task, so
    ``sleep(0)`` does not: two game views built after ``sleep(0)`` made one task
    of 150-370 ms, after a 1 ms timer two tasks."""
    await asyncio.sleep(0.001)


def el(tag: str, parent: object = None, cls: "str | None" = None, text: "str | None" = None, **attrs: object) -> object:
    """Create an element; ``attrs`` become attributes (``aria_label`` → ``aria-label``)."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        node.setAttribute(name.replace("_", "-"), "" if value is True else str(value))
    if text is not None:
        node.textContent = text
    if parent is not None:
        parent.appendChild(node)
    return node


def hit(event: object, selector: str, field: str) -> "tuple | None":
    """The element matching ``selector`` that ``event`` happened in (a board listens
    once for all its cells and pieces) and its ``data-FIELD`` as an int, or ``None``."""
    node = event.target.closest(selector)
    return None if node is None else (node, int(str(node.getAttribute("data-" + field))))


def on(node: object, event: str, handler: object) -> None:
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    node.addEventListener(event, proxy)


def into_view(node: object, start: object, top: bool = True) -> None:
    """Scroll ``start`` to the top of the screen (with ``top=False``: to its foot) unless ``node`` is all on
    it already (a desktop that shows both: nothing moves)."""
    box = node.getBoundingClientRect()
    if float(box.top) < 0 or float(box.bottom) > float(window.innerHeight):
        start.scrollIntoView(top)


def clear(node: object) -> None:
    while node.firstChild:
        node.removeChild(node.firstChild)


def by_id(name: str) -> object:
    return document.getElementById(name)
