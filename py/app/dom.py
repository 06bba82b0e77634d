"""Small DOM helpers for the main thread. Text goes in as ``textContent``,
never as HTML, so nothing a user types or a link carries is parsed as markup."""

from pyscript import document
from pyscript.ffi import create_proxy

_proxies = []  # keep event proxies alive for the page's lifetime


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


def on(node: object, event: str, handler: object) -> None:
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    node.addEventListener(event, proxy)


def clear(node: object) -> None:
    while node.firstChild:
        node.removeChild(node.firstChild)


def by_id(name: str) -> object:
    return document.getElementById(name)
