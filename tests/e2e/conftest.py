"""The one fixture of the end-to-end tests, ``open_game``: page objects (tests/e2e/pages.py), each test's
own page per device in that device's shared browser context with nothing stored (``profiles``), pages
beside it in fresh contexts; failing the test on page errors, console errors, HTTP errors,
a ``.py-error`` or any request that leaves this server."""

import pytest
from pages import DEVICES, GamePage, context_device, end_traces, fit
from playwright.sync_api import Frame, Page, expect

# How long an expectation waits for the page by default (Playwright's is 5 s). The suite runs three
# browsers at once on two cores (tools/test.sh): a wait is how long a check may take, never what it checks.
expect.set_options(timeout=10_000)

# How often a page is asked whether what a test waits for holds, unless the test says (Playwright's default
# asks at every frame: that keeps the page drawing frames all along, about 0.04 CPU s a second waited,
# measured here, where the suite is bound by its two cores). A state that lasts less than this is waited
# for with ``polling="raf"``.
POLL_MS = 100


def _polled(wait):
    def wait_for_function(self, expression, *, arg=None, timeout=None, polling=None):
        return wait(self, expression, arg=arg, timeout=timeout, polling=POLL_MS if polling is None else polling)

    return wait_for_function


Page.wait_for_function = _polled(Page.wait_for_function)
Frame.wait_for_function = _polled(Frame.wait_for_function)

LOCAL = ("http://127.0.0.1:", "http://localhost:", "blob:http://127.0.0.1:", "data:")
SEEN_ORIGINS: set = set()  # every origin a page of this process asked for: what a new test's storage is cleared of
STORAGE = "cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage"


class Watch:
    """What a page did that a test must not tolerate."""

    def __init__(self, page) -> None:
        self.page = page
        self.problems: list = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.problems.append("page error: %s" % e))
        page.on("request", self._request)
        page.on("response", lambda r: r.status >= 400 and self.problems.append("HTTP %d for %s" % (r.status, r.url)))

    def _console(self, msg) -> None:
        if msg.type == "error":
            self.problems.append("console error: %s" % msg.text)

    def _request(self, req) -> None:
        if not req.url.startswith(LOCAL):
            self.problems.append("request left this server: %s" % req.url)
        elif req.url.startswith("http"):
            SEEN_ORIGINS.add("/".join(req.url.split("/", 3)[:3]))

    def python_error(self) -> None:
        """A Python error shown on the page (while the page is still open)."""
        try:
            if not self.page.is_closed() and self.page.locator(".py-error").count():
                self.problems.append("python error: %s" % self.page.locator(".py-error").first.text_content())
        except Exception:  # the page went away under us
            pass


@pytest.fixture(scope="session")
def profiles(browser_type, browser_type_launch_args, tmp_path_factory, server_url, quick_starts):
    """One persistent browser context per kind of device for the whole run (per test process; devices that
    differ only in their screens share one: ``pages.context_device``), so its HTTP cache keeps the runtimes'
    compiled WebAssembly from one test to the next: a page's start costs about a third
    less CPU (1.8 instead of 2.9 s to a ready solver, measured on this machine), which is most of the
    suite's time. Each test's page in it still starts with nothing stored (see ``open_game``).

    With ``quick_starts`` (tests/conftest.py), the context's first page is the app, loaded once to a ready
    solver and then frozen (no task of it runs again: no timer, no save, no worker step), and left open: the
    runtimes it compiled stay in the renderer process every later page of this server joins, which starts
    from them. The tests' own pages are the context's later ones (closed after each test).

    Service workers are blocked in these contexts (and in a test's other contexts, but those of
    ``open_game.blank(service_workers=True)``): the app's (sw.js) would copy every runtime, about 48 MB,
    into each test's cache storage once the board is playable, and could serve one test's files to the
    next; the HTTP cache (tests/conftest.py's KEEP_FILES_S) keeps them instead. tests/e2e/test_offline.py
    checks the service worker in contexts of its own."""
    contexts = {}

    def get(device: str):
        if device not in contexts:
            path = tmp_path_factory.mktemp("profile-" + device)
            ctx = browser_type.launch_persistent_context(str(path), **browser_type_launch_args, **DEVICES[device],
                                                         service_workers="block")
            if quick_starts:
                anchor = ctx.pages[0] if ctx.pages else ctx.new_page()
                anchor.goto(server_url + "?lang=en")
                anchor.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
                cdp = ctx.new_cdp_session(anchor)
                cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
                cdp.detach()
            contexts[device] = ctx
        return contexts[device]

    yield get
    for ctx in contexts.values():
        ctx.close()


def _fresh_page(ctx, server_url: str, device: str):
    """A new page of a shared context, with ``device``'s screen and every origin's storage cleared: a first
    visit again."""
    page = ctx.new_page()
    fit(page, device)
    cdp = ctx.new_cdp_session(page)
    for origin in SEEN_ORIGINS | {server_url.rstrip("/")}:
        cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORAGE})
    cdp.detach()
    return page


@pytest.fixture
def open_game(profiles, server_url, request):
    """``open_game("?game=linkup&lang=zh", "phone")`` -> the game's page object, app and solver ready.
    See tests/e2e/pages.py for the arguments and what a page object offers."""
    contexts, pages, watches, opened = [], [], [], []
    shared = set()  # the shared contexts this test uses (once: a second page is a new context)

    def watch(page) -> None:
        watches.append(Watch(page))

    def blank(device: str = "laptop", new: bool = False, service_workers: bool = False) -> GamePage:
        if new or service_workers or context_device(device) in shared:  # beside the test's page, its own storage
            browser = request.getfixturevalue("browser")  # launched by the first test that needs it
            ctx = browser.new_context(**DEVICES[device], service_workers="allow" if service_workers else "block")
            contexts.append(ctx)
            page = ctx.new_page()
        else:
            page = _fresh_page(profiles(context_device(device)), server_url, device)
            pages.append(page)
            shared.add(context_device(device))
        watch(page)
        return GamePage(page, server_url, watch, device)

    def go(query: str = "?lang=en", device: str = "laptop", solver: bool = True, new: bool = False):
        earlier = [page for page in opened if page.device == device and not page.is_closed()]
        if earlier and not new:  # the test's page on this device, its storage cleared: a first visit again
            page = earlier[-1]
            page.goto(server_url + "static/favicon.svg")
            page.evaluate("localStorage.clear()")
        else:
            page = blank(device, new)
        page = page.open(query, solver)
        opened.append(page)
        return page

    go.blank = blank
    go.allow = []  # substrings of problems a fault test provokes on purpose
    yield go
    end_traces()
    for w in watches:
        _note_longest_call(w.page, request.node)
        w.python_error()
    for ctx in contexts:
        ctx.close()
    for page in pages:  # the shared contexts' pages (tabs a test opened in them too)
        for tab in page.context.pages[1:]:
            tab.close()
    problems = [p for w in watches for p in w.problems if not any(a in p for a in go.allow)]
    assert not problems, "\n".join(problems)


LONGEST_CALLS: list = []  # (ms, test) of the longest worker call each page saw, round trip included


def _note_longest_call(page, node) -> None:
    """Kept with the test's report (``user_properties``), so it reaches the summary from xdist's workers too."""
    try:
        ms = page.evaluate("window.__longestSolverCall || 0")
    except Exception:  # the page is gone or never started
        return
    node.user_properties.append(("longest_worker_call_ms", ms))


def pytest_runtest_logreport(report) -> None:
    if report.when == "teardown":
        for key, ms in report.user_properties:
            if key == "longest_worker_call_ms":
                LONGEST_CALLS.append((ms, report.nodeid))


def pytest_terminal_summary(terminalreporter) -> None:
    """The longest single worker call (start, step
    or cancel, seen from the page, so the transfer is included) in this run."""
    if LONGEST_CALLS:
        ms, test = max(LONGEST_CALLS)
        terminalreporter.write_line("longest single worker call seen by a page: %.0f ms (%s)" % (ms, test))
