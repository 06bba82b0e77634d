"""The one page layer of the end-to-end tests: a page object per game, as a player sees it.

Every e2e test gets its pages from the ``open_game`` fixture (tests/e2e/conftest.py)::

    def test_x(open_game):
        page = open_game("?game=sliding&lang=en", "phone")   # -> SlidingPage, app (and solver) ready
        page.tile(5).tap()
        expect(page.status()).to_have_text("...")

``open_game(query="?lang=en", device="laptop", solver=True, new=False)``
    opens ``query`` (or a whole URL, e.g. a shared link) on ``device`` (see DEVICES) and waits until the
    app is ready (and, with ``solver``, the solver idle): the first time in a test, in a new page of that
    device's browser context shared by the whole run (its HTTP cache kept, every origin's storage
    cleared: a first visit), then in the test's page of that device, its storage cleared (the earlier
    page object is gone); ``new=True`` opens a page beside it (a new context: two pages at once). The page fails
    the test on page errors, console errors, HTTP errors, a ``.py-error`` or a request leaving this
    server; ``open_game.allow`` takes substrings of problems a fault test provokes on purpose.
``open_game.blank(device="laptop", new=False, service_workers=False)``
    a watched page not opened yet, to route requests or add init scripts first; then ``.open(query)``;
    with ``service_workers``, in a new context where the app's service worker may register (every other
    context of the tests blocks it).

A page object (``GamePage``; ``HuarongPage``, ``LinkupPage``, ``SlidingPage``, picked by the query's
``game`` from ``puzzles.games.GAMES``) passes every Playwright ``Page`` attribute through
(``page.get_by_role(...)``, ``page.evaluate(...)``, ``page.keyboard``...; ``page.page`` is the Playwright
page itself, for ``expect(page.page)``) and adds:

- opening: ``open(query, solver=True)`` (returns the page object of that game), ``wait_ready(solver)``,
  ``reload(solver=False)``, ``new_tab()`` (a watched page in the same context, not opened),
  ``open_link(url)`` (a new tab of this context on a link, ready), ``store(items)`` (local storage
  holding ``items`` before the app is opened: on a ``blank()`` page, then ``.open(query)``);
- the frame: ``panel`` (the visible tab panel), ``status()``, ``alert()``, ``button(name)``,
  ``result()`` (the records line), ``switch_language()``, ``with_records()``, ``tab(game)`` (a game's
  tab, either language), ``show(game)`` (click its tab; the page object of that game);
- the state: ``board()`` (``gameHandler.getBoard()``), ``move_count()``, ``is_solved()`` (solved, or
  Link-up's cleared: the JS of ``SOLVED``), ``wait_solved()``, ``move(*args)`` (``gameHandler.move``),
  ``board_locator()`` (the board's element, ``BOARD_ID``), ``counter()`` (the moves counter),
  ``playing()`` (``(i, n)`` of the playback under way, from the counter's ``data-playing``, or None);
- actions: ``solve(text=None)`` (click Solve; with ``text``, wait until the status says it),
  ``hint()``, ``wait_ahead(action)`` (until the look-ahead has the answer), ``undo()``, ``redo()``,
  ``pause()``, ``step()``, ``set_speed(ms)``, ``wait_playing(at=0)``, ``watch_refusals()`` then
  ``expect_refused(locator)`` (a refusal's brief mark, noted when it is made)
  (until a playback has played ``at`` steps), ``solve_and_pause_at(at)`` (Solve, Pause there),
  ``paste_board(text)``, ``share_link()`` (click Share, return the link), ``open_map()`` (the drawn map's
  figure), ``map_figure()``, ``open_editor()``, ``editor_tool(name)``;
- per game: ``HuarongPage.piece(name)``, ``.choose_layout(name)``, ``.place(tool, r, c)``;
  ``LinkupPage.tile(r, c)``, and its race panel: ``race()`` (the panel), ``race_link()`` (the
  link to send), ``race_code()`` (the room code it shows), ``race_bar(name)`` (an opponent's progress bar),
  ``tiles_left(name)`` (that bar's ``aria-valuenow``), ``connect_pairs(n)`` (clear ``n`` pairs by
  ``gameHandler.connect``, in an order that clears the board; ``None``: all); ``SlidingPage.tile(n)``.

Boards and data shared by several files: ``KSHISEN``, ``LARGE`` (Link-up codes), ``BIG`` (a Huarong grid
far too large to solve quickly), ``RECORDS`` (with ``page.with_records()``), ``BOARD_IDS`` and ``PAGES``
(by game, from the registry), ``GAME_QUERIES`` (a link per game whose solution is long enough to pause in)
and ``each_game(open_game, speed, lang)`` (every game in one page: ``(game, page)``, the first by its link,
the others by their tabs, in ``GAME_ORDER``).
Checks shared by several files: ``assert_in_viewport(page, selector)``, ``axe_serious(page, server_url)``.
"""

import json
import re
import urllib.request
import warnings

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from app.i18n import t
from puzzles.games import DEFAULT_GAME, GAMES
from puzzles.huarong.layouts import find_layout
from puzzles.linkup import Board, generate

DEVICES = {
    "laptop": {"viewport": {"width": 1280, "height": 720}},  # Playwright's default page
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "phone-2x": {  # a phone with 2x pixels
        "viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True,
    },
    "small-phone": {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True},
}


def context_device(device: str) -> str:
    """The device whose shared browser context ``device``'s pages open in: the first one of DEVICES with
    the same options but the screen (its size and pixel ratio, set on each page by :func:`fit`). Each
    shared context is a browser of its own with one page of the app kept open (tests/e2e/conftest.py's
    ``profiles``), about 3.4 CPU s to start in each test process: screens alone need none of their own."""
    def rest(name: str) -> dict:
        return {k: v for k, v in DEVICES[name].items() if k not in ("viewport", "device_scale_factor")}
    return next(name for name in DEVICES if rest(name) == rest(device))


def fit(page, device: str) -> None:
    """``page``, of ``device``'s shared context, given ``device``'s screen: its size (as Playwright sets a
    page's), and a pixel ratio other than its context's (a 2x phone's, in the phone's context) as Playwright
    sets a context's, by a DevTools session kept with the page (the override ends with the session). Playwright
    sends its own override again, with the context's ratio, on a ``set_viewport_size`` to another size and on a
    screenshot, and a page the app opens (``window.open``) starts with the context's: call this again after
    one of those where the ratio matters."""
    screen = DEVICES[device]
    if page.viewport_size != screen["viewport"]:
        page.set_viewport_size(screen["viewport"])
    ratio = screen.get("device_scale_factor", 1)
    if ratio == DEVICES[context_device(device)].get("device_scale_factor", 1):
        return
    size, mobile = screen["viewport"], bool(screen.get("is_mobile"))
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setDeviceMetricsOverride", {
        "mobile": mobile, "width": size["width"], "height": size["height"], "deviceScaleFactor": ratio,
        "screenWidth": size["width"], "screenHeight": size["height"],
        "screenOrientation": ({"angle": 90, "type": "landscapePrimary"} if size["width"] > size["height"] else
                              {"angle": 0, "type": "portraitPrimary"}) if mobile else
                             {"angle": 0, "type": "landscapePrimary"},
    })
    page._screen_session = session  # kept as long as the page
    assert page.evaluate("[devicePixelRatio, screen.width, matchMedia('(pointer: coarse)').matches]") == [
        ratio, size["width"], bool(screen.get("has_touch"))], device


KSHISEN = generate(8, 18, 36, 4, 3).to_code()  # the 8 x 18 board of the course
LARGE = generate(10, 20, 50, 4, 2).to_code()  # the largest Link-up board
# An 8×8 Huarong board with few pieces: far too many positions to solve quickly.
BIG = [[0] * 8 for _ in range(8)]
for _r, _c in [(0, 3), (0, 4), (1, 3), (1, 4)]:
    BIG[_r][_c] = 1
for _i, (_r, _c) in enumerate([(r, c) for r in (3, 5, 7) for c in range(0, 8, 2)] + [(2, 7), (4, 3), (6, 5)]):
    BIG[_r][_c] = 7 + _i
RECORDS = json.dumps(
    {
        "v": 1,
        "games": {
            "huarong": {"L0": {"moves": {"cell": 118, "piece": 83}, "ms": 95000, "wins": 2, "at": 2}},
            "sliding": {"3x3": {"moves": {"moves": 24}, "ms": 41000, "wins": 1, "at": 1}},
            "linkup": {"S4x6/6/1": {"moves": {"moves": 12}, "ms": 30000, "wins": 1, "at": 3}},
        },
        "pars": {},
    }
)
MAP_NAME = re.compile("map|状态图", re.I)


# Chromium traces running on pages (id of the Playwright page -> benchlib.Trace), started by
# tests/e2e/test_longtask.py's ``watch``; one browser runs one trace at a time: ``end_traces`` ends them
# when a test is over.
TRACES: dict = {}


def end_traces() -> None:
    for trace in TRACES.values():
        try:
            trace.stop()
        except Exception:  # its page is gone, and the trace with it
            pass
    TRACES.clear()


def either(key: str, whole: bool = True):
    """A pattern of the text of ``key`` in English or in 中文 (a name; a label's start, not ``whole``:
    a label around a picker names it with the choice shown too)."""
    pattern = "^(%s|%s)" % (re.escape(t(key)), re.escape(t(key, "zh")))
    return re.compile(pattern + "$" if whole else pattern)


def game_of(query: str) -> str:
    """The game a query opens (``game=...``, else the default game)."""
    found = re.search(r"[?&]game=(\w+)", query)
    return found.group(1) if found and found.group(1) in GAMES else DEFAULT_GAME


class GamePage:
    """A page of the app showing one game; unknown attributes are the Playwright page's."""

    game = DEFAULT_GAME
    BOARD_ID = ""
    SOLVED = "gameHandler.isSolved()"  # the console API's "this board is won" (Link-up: isCleared)

    def __init__(self, page, base: str, watch, device: str = "laptop") -> None:
        self.page = page
        self.base = base
        self.device = device
        self._watch = watch

    def __getattr__(self, name):
        return getattr(self.page, name)

    # ------------------------------------------------------------------ opening
    def open(self, query: str = "?lang=en", solver: bool = True) -> "GamePage":
        """Go to ``query`` on this server in this page; the page object of the game it opens."""
        self.page.goto(query if query.startswith("http") else self.base + query)
        opened = PAGES[game_of(query)](self.page, self.base, self._watch, self.device)
        opened.wait_ready(solver)
        return opened

    def wait_ready(self, solver: bool = True) -> None:
        """The app has started (and, with ``solver``, the solver is idle and the start-up's later work is
        over: the panels and the closed tabs, built once the solver's start is, py/app/shell.py's
        ``build_rest``; a test then acts on the page a player finds a moment after its start)."""
        root = "document.documentElement.dataset"  # asked every 100 ms, as every wait (tests/e2e/conftest.py)
        self.page.wait_for_function(root + ".appState === 'ready'", timeout=30_000)
        if solver:
            self.page.wait_for_function(root + ".solverState === 'idle' && window.__startupDone === true",
                                        timeout=60_000)

    def reload(self, solver: bool = False) -> None:
        """Reload the page and wait until the app is ready again."""
        self.page.reload()
        self.wait_ready(solver)

    def new_tab(self) -> "GamePage":
        """A new page in this browser context (same storage), watched like this one, not opened yet."""
        page = self.page.context.new_page()
        fit(page, self.device)  # a context shared with other screens
        self._watch(page)
        return GamePage(page, self.base, self._watch, self.device)

    def open_link(self, url: str) -> "GamePage":
        """A new tab of this context on ``url`` (a shared link), app ready."""
        tab = self.new_tab()
        tab.page.goto(url)
        opened = PAGES[game_of(url)](tab.page, self.base, self._watch, self.device)
        opened.wait_ready(solver=False)
        return opened

    def worker_files_needed(self) -> None:
        """This page's worker.toml, as its server sends it, but naming a digest of its files that no snapshot
        was made from (as after a worker file changed on the server): the solver's worker fetches every file
        (static/solver-worker.js), so a test can make one fail. Before ``.open(query)``."""
        with urllib.request.urlopen(self.base + "worker.toml") as r:
            config = r.read().decode()
        config, n = re.subn(r'^digest = "[0-9a-f]*"$', 'digest = "%s"' % ("0" * 64), config, flags=re.M)
        assert n == 1, config
        self.page.route("**/worker.toml", lambda route: route.fulfill(status=200, body=config))

    def store(self, items: dict) -> None:
        """This server's local storage holds just ``items`` (key -> text), the app not opened (a page of
        ``open_game.blank()``; then ``.open(query)``)."""
        self.page.goto(self.base + "static/favicon.svg")
        self.page.evaluate(
            "(items) => { localStorage.clear(); for (const k in items) localStorage.setItem(k, items[k]); }", items
        )

    # ------------------------------------------------------------------ the frame
    @property
    def panel(self):
        """The visible game's tab panel."""
        return self.page.get_by_role("tabpanel")

    def status(self):
        """The visible game's status line (not the Code panel's, ``code_panel().status()``)."""
        return self.page.locator(".statusbar").get_by_role("status").filter(visible=True)

    def alert(self):
        """The visible game's alert (errors and notices)."""
        return self.panel.get_by_role("alert")

    def stalled(self, locator) -> str:
        """What a page that drew no frame was doing: whether its main thread answers within 5 s, whether a
        frame then comes within 2 s, its visibility, and ``locator``'s disabled state."""
        probe = """async () => {
            const el = document.querySelector('[data-running]');
            const frame = await Promise.race([
                new Promise(r => requestAnimationFrame(() => r('drawn'))),
                new Promise(r => setTimeout(() => r('none in 2 s'), 2000))]);
            return {visibility: document.visibilityState, frame, running: el && el.dataset.running};
        }"""
        try:
            answer = self.page.wait_for_function(probe, polling=100, timeout=5_000).json_value()
        except PlaywrightTimeout:
            return "the main thread did not answer in 5 s"
        return "%s, button disabled: %s" % (answer, locator.is_disabled(timeout=5_000))

    def button(self, name, exact: bool = False):
        """A button of the visible game's panel."""
        return self.panel.get_by_role("button", name=name, exact=exact)

    def result(self):
        """The records line of this game (best times and moves)."""
        return self.page.locator("#%s-result" % self.game)

    def clock(self):
        """The game's clock line ("Time: 0:09")."""
        return self.page.locator("#%s-time" % self.game)

    def tab(self, game: str):
        """The tab of ``game`` (its name in English or 中文)."""
        return self.page.get_by_role("tab", name=either("tab_" + game))

    def show(self, game: str) -> "GamePage":
        """Click the tab of ``game``; the page object of that game (this page), once the address names it.
        The shell writes the address a task after the click (``Shell.set_url``), so a reload a few
        milliseconds after the click may still reopen the game before; a player cannot reload that fast."""
        self.tab(game).click()
        expect(self.tab(game)).to_have_attribute("aria-selected", "true")
        expect(self.page).to_have_url(re.compile(r"[?&]game=%s(&|#|$)" % game))
        return PAGES[game](self.page, self.base, self._watch, self.device)

    def switch_language(self) -> None:
        """Press the language switch (English <-> 中文); back once the address names the new language (the
        shell writes it a task after the click, and a reload reads it)."""
        to = "en" if self.page.evaluate("document.documentElement.lang").startswith("zh") else "zh"
        self.page.get_by_role("button", name=re.compile("^(切换到中文|Switch to English)$")).click()
        expect(self.page).to_have_url(re.compile(r"[?&]lang=%s(&|#|$)" % to))

    def with_records(self, records: str = None) -> None:
        """Records of a few earlier wins (``RECORDS``), as the browser would keep them; the page reloaded."""
        self.page.evaluate("(r) => localStorage.setItem('bfs-puzzles.records', r)", records or RECORDS)
        self.reload()

    def code_panel(self) -> "CodePanel":
        """The Code panel of this game (open it with ``.open()``)."""
        return CodePanel(self)

    # ------------------------------------------------------------------ the state
    def board(self):
        """The board on screen as the console API gives it."""
        return self.page.evaluate("gameHandler.getBoard()")

    def move_count(self) -> int:
        return self.page.evaluate("gameHandler.moveCount")

    def watch_refusals(self) -> None:
        """From now on, note every element a refusal marks (its ``refused`` class lasts 0.4 s, which a
        check that polls can miss on a loaded machine); see :meth:`expect_refused`."""
        self.page.evaluate(WATCH_REFUSALS)

    def expect_refused(self, locator, timeout: int = 10_000) -> None:
        """Wait until the element of ``locator`` (known by its id and data attributes, so a redraw's new
        element counts too) has been marked refused since :meth:`watch_refusals`."""
        key = locator.evaluate("el => (%s)(el)" % REFUSAL_KEY)
        self.page.wait_for_function("k => window.__refused.has(k)", arg=key, timeout=timeout)

    def is_solved(self) -> bool:
        """The board is won (Link-up: cleared)."""
        return self.page.evaluate(self.SOLVED)

    def wait_solved(self, timeout: int = 90_000) -> None:
        """Wait until the board is won (Link-up: cleared)."""
        self.page.wait_for_function(self.SOLVED, timeout=timeout)

    def move(self, *args):
        """``gameHandler.move(*args)``: True when the move was made."""
        return self.page.evaluate("(a) => gameHandler.move(...a)", list(args))

    def board_locator(self):
        return self.page.locator(self.BOARD_ID)

    def counter(self):
        """The moves counter; its ``data-playing`` is ``i/n`` while a solution plays."""
        return self.page.locator("#%s-moves" % self.game)

    def playing(self):
        """``(i, n)`` of the playback under way (in the counter's unit), or ``None``."""
        value = self.counter().get_attribute("data-playing")
        return None if value is None else tuple(int(x) for x in value.split("/"))

    # ------------------------------------------------------------------ actions
    def solve(self, text=None, timeout: int = 60_000) -> None:
        """Click Solve; with ``text`` (a string or pattern), wait until the status says it."""
        self.button("Solve").click()
        if text is not None:
            expect(self.status()).to_have_text(text, timeout=timeout)

    def hint(self) -> None:
        self.page.get_by_role("button", name="Hint").click()

    def wait_ahead(self, action: str = "solve") -> None:
        """Until the look-ahead has worked out ``action``'s answer for the board on screen (the status's
        ``data-ahead``), as a player who lets the board rest before clicking."""
        expect(self.status()).to_have_attribute("data-ahead", re.compile(r"\b%s\b" % action), timeout=60_000)

    def undo(self) -> None:
        self.page.get_by_role("button", name="Undo").click()

    def redo(self) -> None:
        self.page.get_by_role("button", name="Redo").click()

    def pause(self) -> None:
        self.page.get_by_role("button", name="Pause").click()

    def wait_playing(self, at: int = 0, timeout: int = 60_000) -> None:
        """Wait until a playback is under way and has played ``at`` steps or more (asked at every frame: a
        short playback may be over within the suite's usual 100 ms between asks)."""
        self.page.wait_for_function(
            "(a) => { const v = document.querySelector(a[0]).dataset.playing; return v && +v.split('/')[0] >= a[1]; }",
            arg=["#%s-moves" % self.game, at],
            timeout=timeout,
            polling="raf",
        )

    def solve_and_pause_at(self, at: int) -> None:
        """Click Solve, wait until the playback has played ``at`` steps, press Pause (Resume shows)."""
        self.solve()
        self.wait_playing(at)
        self.pause()
        expect(self.button("Resume")).to_be_visible()

    def step(self) -> None:
        self.page.get_by_role("button", name="Step").click()

    def set_speed(self, ms) -> None:
        self.panel.get_by_label(either("speed", whole=False)).select_option(str(ms))

    def paste_board(self, text: str) -> None:
        """Open the open panel's "Paste a board" box (unless it is open), fill it in and press Load
        (in either language)."""
        panel = self.panel
        name = either("paste_board")
        box = panel.locator("details.paste").filter(has=self.page.get_by_text(name))
        if box.get_attribute("open") is None:
            box.get_by_text(name).click()
        panel.get_by_role("textbox", name=name).fill(text)
        panel.get_by_role("button", name=either("load")).click()

    def share_link(self) -> str:
        """Click Share; the link it gives."""
        self.page.get_by_role("button", name="Share").click()
        return self.page.get_by_role("textbox", name="Link to this board").input_value()

    def map_figure(self):
        return self.panel.get_by_role("img", name=MAP_NAME)

    def open_map(self, name="Map"):
        """Press the map button (``name``: its label in the page's language); the figure, once drawn."""
        self.button(name, exact=True).click()
        fig = self.map_figure()
        expect(fig).to_have_attribute("data-drawn-ms", re.compile(r"\d+"), timeout=60_000)
        return fig

    def open_editor(self) -> None:
        self.button("Edit").click()

    def editor_tool(self, name):
        """A tool of the editor's bar."""
        return self.page.locator("#panel-%s .editbar" % self.game).get_by_role("button", name=name, exact=True)


class CodePanel:
    """The Code panel of the visible game, as a learner uses it (``page.code_panel()``)."""

    def __init__(self, page: "GamePage") -> None:
        self.page = page
        self.lang = "zh" if page.page.evaluate("document.documentElement.lang").startswith("zh") else "en"

    def word(self, key: str) -> str:
        return t(key, self.lang)

    def switch_language(self) -> str:
        """Press the page's language switch; the panel's words are the other language's now (returned)."""
        self.page.switch_language()
        self.lang = "en" if self.lang == "zh" else "zh"
        expect(self.page.locator("html")).to_have_attribute("lang", "en" if self.lang == "en" else "zh-CN")
        return self.lang

    def open(self) -> "CodePanel":
        """Press Code (代码) and wait for the editor."""
        self.page.button(self.word("code"), exact=True).click()
        expect(self.editor()).to_be_visible(timeout=30_000)
        return self

    def editor(self):
        """The editor: the text box whose name says Code (代码)."""
        return self.page.panel.get_by_role("textbox", name=re.compile(self.word("code")))

    def write(self, code: str) -> None:
        """Replace the editor's text with ``code`` (pasted as one input, so no auto-indent)."""
        self.editor().click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.press("Delete")
        self.page.keyboard.insert_text(code)

    def button(self, key: str):
        return self.page.button(self.word(key), exact=True)

    def run(self) -> None:
        self.button("code_run").click()

    def stop(self) -> None:
        """Press Stop, while the learner's program keeps a core busy. Playwright first waits until the
        button has kept its place over two drawn frames; under CI's load a headless page once drew none for
        30 s (no "not stable" retry was logged), with the program still running. After 10 s with no frame
        the press goes without that wait, and the page's state then is warned (a page whose main thread
        does not answer still fails: the press itself needs it)."""
        stop = self.button("code_stop")
        try:
            stop.click(timeout=10_000)
        except PlaywrightTimeout:
            warnings.warn("Stop pressed without waiting for frames: %s" % self.page.stalled(stop), stacklevel=2)
            stop.click(force=True, timeout=20_000)

    def check(self) -> None:
        """Press Check, and return once the page has begun it (its section's ``data-running`` has said
        ``check``, even if only for an instant), so that a result read after is this Check's, never the
        last one's still on the status line."""
        section = self.page.panel.locator(".code-panel")
        section.evaluate("""(s) => {
            s.__checkBegun = false;
            new MutationObserver((records, o) => {
                if (records.some(r => r.oldValue === 'check') || s.dataset.running === 'check') {
                    s.__checkBegun = true;
                    o.disconnect();
                }
            }).observe(s, {attributes: true, attributeFilter: ['data-running'], attributeOldValue: true});
        }""")
        self.button("code_check").click()
        self.page.wait_for_function("(s) => s.__checkBegun", arg=section.element_handle(), polling=50)

    def status(self):
        """The panel's status line (Check's result: ``198 / 200 passed``)."""
        return self.page.panel.locator(".code-panel").get_by_role("status")

    def log(self):
        """The output pane (role=log)."""
        return self.page.panel.get_by_role("log")

    def marked_line(self):
        """The editor's line a traceback named (its text), if any."""
        return self.page.panel.locator(".cm-error-line")

    def checked(self, timeout: int = 120_000) -> tuple:
        """Wait for Check's result; ``(passed, run)`` as its status line says them, in digits (the contract's
        ``198 / 200 passed``, ``通过 198 / 200``)."""
        done = re.compile(r"(\d+) / (\d+) passed|通过 (\d+) / (\d+)")
        expect(self.status()).to_have_text(done, timeout=timeout)
        found = [int(x) for x in done.search(self.status().text_content()).groups() if x is not None]
        return found[0], found[-1]

    def wait_idle(self, timeout: int = 60_000) -> None:
        """No program runs: Run is enabled again."""
        expect(self.button("code_run")).to_be_enabled(timeout=timeout)


class HuarongPage(GamePage):
    game = "huarong"
    BOARD_ID = "#hr-board"

    def piece(self, name: str):
        """A piece of the board whose accessible name starts with ``name``."""
        return self.page.locator(self.BOARD_ID).get_by_role("button", name=re.compile("^" + re.escape(name)))

    def choose_layout(self, zh: str) -> None:
        """Open one of the classic layouts by its Chinese name (e.g. "勇闯五关"); its English name shows."""
        lay = find_layout(zh)
        self.page.get_by_label("Layout").select_option(value=str(lay.index))
        expect(self.page.get_by_label("Layout").locator("option:checked")).to_have_text(
            re.compile("^" + re.escape(lay.en))
        )

    def place(self, tool, r: int, c: int) -> None:
        """In the editor: pick ``tool`` and click cell (r, c)."""
        self.editor_tool(tool).click()
        self.page.locator("#hr-edit-board .ed-cell[data-r='%d'][data-c='%d']" % (r, c)).click()


class LinkupPage(GamePage):
    game = "linkup"
    BOARD_ID = "#lu-board"
    SOLVED = "gameHandler.isCleared()"

    def tile(self, r: int, c: int):
        """The tile at row ``r``, column ``c`` (from 0), by its accessible name (English or 中文)."""
        return self.page.locator(self.BOARD_ID).get_by_role(
            "button", name=re.compile(r"(, row %d, column %d( |$))|第 %d 行第 %d 列" % (r + 1, c + 1, r + 1, c + 1))
        )


    def race(self):
        """The race panel (a region named Race / 对战)."""
        return self.page.locator("#race")

    def race_link(self) -> str:
        """The room's link, as the panel shows it to send."""
        link = self.page.locator("#race-link")
        expect(link).to_have_value(re.compile(r"room="))
        return link.input_value()

    def race_code(self) -> str:
        """The room's code as the panel shows it (``ABCD-2345``)."""
        line = self.page.locator(".race-code")
        expect(line).to_have_text(re.compile(r"[0-9A-Z]{4}-[0-9A-Z]{4}"))
        return re.search(r"[0-9A-Z]{4}-[0-9A-Z]{4}", line.text_content()).group(0)

    def race_bar(self, name: str):
        """An opponent's progress bar, by the player's name in its accessible name."""
        return self.race().get_by_role("progressbar", name=re.compile(re.escape(name)))

    def tiles_left(self, name: str) -> int:
        return int(self.race_bar(name).get_attribute("aria-valuenow"))

    def connect_pairs(self, n: "int | None" = None) -> int:
        """Clear ``n`` pairs (all, with ``None``) through ``gameHandler.connect``, in an order the solver
        found from the board on screen (so the board stays clearable); the pairs cleared."""
        from puzzles.linkup.solver import solve

        grid = self.board()
        board = Board.from_grid(grid)
        moves = solve(board).moves
        done = 0
        for a, b in moves[: len(moves) if n is None else n]:
            (r1, c1), (r2, c2) = divmod(a, board.cols), divmod(b, board.cols)
            assert self.evaluate("gameHandler.connect(%d, %d, %d, %d)" % (r1, c1, r2, c2)), (a, b)
            done += 1
        return done


class SlidingPage(GamePage):
    game = "sliding"
    BOARD_ID = "#sp-board"

    def tile(self, n: int):
        """The tile numbered ``n`` (English page)."""
        return self.page.locator(self.BOARD_ID).get_by_role("button", name=re.compile(r"^Tile %d," % n))


PAGES = {"huarong": HuarongPage, "linkup": LinkupPage, "sliding": SlidingPage}
assert set(PAGES) == set(GAMES), "a page object per game of the registry"

BOARD_IDS = {name: PAGES[name].BOARD_ID for name in GAMES}


def assert_in_viewport(page, selector):
    """The element is wholly inside the viewport where the page is now (no scrolling needed)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None, selector
    right, bottom = box["x"] + box["width"], box["y"] + box["height"]
    inside = box["x"] >= 0 and box["y"] >= 0 and right <= size["width"] + 0.5 and bottom <= size["height"] + 0.5
    assert inside, "%s at %r is not inside the %r viewport" % (selector, box, size)


AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ': ' + (n.failureSummary || ''))}));
}"""


REFUSAL_KEY = "el => JSON.stringify([el.tagName, el.id, Object.entries(el.dataset).sort()])"
WATCH_REFUSALS = """() => {
    if (window.__refused) return;
    window.__refused = new Set();
    const key = %s;
    new MutationObserver(records => {
        for (const r of records) if (r.target.classList.contains('refused')) window.__refused.add(key(r.target));
    }).observe(document.body, {attributes: true, attributeFilter: ['class'], subtree: true});
}""" % REFUSAL_KEY


def axe_serious(page, server_url):
    """The serious and critical violations axe-core (from npm, served by this server) finds on the page."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(url=server_url + "node_modules/axe-core/axe.min.js")
    found = page.evaluate(AXE_RUN)
    return [v for v in found if v["impact"] in ("serious", "critical")]


# a board per game whose solution is long enough to pause in: 横刀立马 (116 moves), a 31-move 3 × 3, and
# Link-up's default board
GAME_QUERIES = {
    "huarong": "?game=huarong&lang=en&speed=%d",
    "sliding": "?game=sliding&lang=en&speed=%d&board=3x3-867254301",
    "linkup": "?game=linkup&lang=en&speed=%d",
}
GAME_ORDER = tuple(GAME_QUERIES)  # the order the tests visit the games (and seed their fuzz)
assert set(GAME_ORDER) == set(GAMES), "a board for every game of the registry"


def each_game(open_game, speed: int, lang: str = "en"):
    """``(game, page)`` for every game in one page: the first opened by its link of :data:`GAME_QUERIES`, each
    other by its tab, with the board of its link pasted and the playback speed chosen, as the link has them."""
    first = open_game((GAME_QUERIES[GAME_ORDER[0]] % speed).replace("lang=en", "lang=" + lang))
    yield GAME_ORDER[0], first
    for game in GAME_ORDER[1:]:
        page = first.show(game)
        board = re.search(r"board=([^&]+)", GAME_QUERIES[game])
        if board:
            page.paste_board(board.group(1))
        page.set_speed(speed)
        yield game, page
