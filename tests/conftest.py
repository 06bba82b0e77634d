"""Shared fixtures: a local server for the app and a Chromium page that fails
the test on console errors, page errors, Python errors or any request that
leaves localhost."""

import os
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def server_url():
    from serve import make_server

    if not (ROOT / "static/vendor/pyscript/core.js").exists():
        pytest.fail("static/vendor/ is missing: run tools/setup.sh test")
    server = make_server(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--no-first-run"],
    }


class Watch:
    """What a page did that a test must not tolerate."""

    def __init__(self, page, base: str) -> None:
        self.problems: list = []
        self.requests: list = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.problems.append("page error: %s" % e))
        page.on("request", self._request)
        page.on("response", lambda r: r.status >= 400 and self.problems.append("HTTP %d for %s" % (r.status, r.url)))

    def _console(self, msg) -> None:
        if msg.type == "error":
            self.problems.append("console error: %s" % msg.text)

    def _request(self, req) -> None:
        url = req.url
        self.requests.append(url)
        local = url.startswith(("http://127.0.0.1:", "http://localhost:", "blob:http://127.0.0.1:", "data:"))
        if not local:
            self.problems.append("request left localhost: %s" % url)

    def check(self, page) -> None:
        if page.locator(".py-error").count():
            self.problems.append("python error: %s" % page.locator(".py-error").first.text_content())
        assert not self.problems, "\n".join(self.problems)


@pytest.fixture
def open_app(page, server_url):
    """``open_app("?game=huarong&lang=en")`` → the page, board ready; checked for errors after the test."""
    watches = []

    def go(query: str = "?lang=en", solver: bool = True, clear_storage: bool = True):
        watch = Watch(page, server_url)
        watches.append(watch)
        if clear_storage:
            page.goto(server_url + "static/favicon.svg")
            page.evaluate("localStorage.clear()")
        page.goto(server_url + query)
        page.wait_for_selector("html[data-app-state=ready]", timeout=30_000)
        if solver:
            page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
        return page

    go.allow = []  # substrings of problems a fault test provokes on purpose
    yield go
    _note_longest_call(page)
    for watch in watches:
        watch.problems = [p for p in watch.problems if not any(a in p for a in go.allow)]
        watch.check(page)


LONGEST_CALLS: list = []  # (ms, test) of the longest worker call each page saw, round trip included


def _note_longest_call(page) -> None:
    try:
        ms = page.evaluate("window.__longestSolverCall || 0")
    except Exception:  # the page is gone or never started
        return
    LONGEST_CALLS.append((ms, os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0]))


def pytest_terminal_summary(terminalreporter) -> None:
    """The figure issue #14 asks for: the longest single worker call (start, step
    or cancel, seen from the page, so the transfer is included) in this run."""
    if LONGEST_CALLS:
        ms, test = max(LONGEST_CALLS)
        terminalreporter.write_line("longest single worker call seen by a page: %.0f ms (%s)" % (ms, test))
