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


async def sliced(gen: object, budget_s: float) -> object:
    """Run the generator ``gen`` to its end and answer its return value (an exception it raises is
    raised here). Its work is done in slices of about ``budget_s``, each in a JavaScript task of its
    own (a timer's callback), so that no slice shares a task with another: tasks due together under
    MicroPython's asyncio share one JavaScript task (see :func:`next_task`), so slices awaited there
    may run two or three to a task when the machine is slow."""
    box = []

    def start(resolve: object, reject: object) -> None:
        def step(*args: object) -> None:
            began = float(window.performance.now())
            try:
                while True:
                    next(gen)
                    if float(window.performance.now()) - began > budget_s * 1000:
                        break
            except StopIteration as stop:
                box.append((stop.args[0] if stop.args else None, None))
                resolve(None)
                return
            except Exception as e:  # the caller's to handle, in its own task
                box.append((None, e))
                resolve(None)
                return
            window.setTimeout(timer, 0)

        timer = create_proxy(step)
        window.setTimeout(timer, 0)

    await window.Promise.new(create_proxy(start))
    value, error = box[0]
    if error is not None:
        raise error
    return value


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
