"""The app shell: language, tabs, URL parameters, the solver worker and the
``data-app-state`` / ``data-solver-state`` flags of the contract; and what
reaches every game from the page as a whole: the records store and panel,
the keyboard shortcuts, the page's visibility and the clocks' tick."""

import asyncio

from pyscript import document, window
from pyscript.ffi import create_proxy

from app import lazy
from app.dom import by_id, clear, el, next_task, on
from app.i18n import LANGS, t
from app.records import STORE_KEY, Records
from app.solver import Solver
from puzzles import load_module
from puzzles.games import DEFAULT_GAME, GAMES, NAMES

TEXT_FIELDS = ("INPUT", "TEXTAREA", "SELECT")  # where the game's shortcut keys are the field's own


def _param(params: object, name: str) -> "str | None":
    value = params.get(name)
    return None if value is None else str(value)


class Shell:
    def __init__(self) -> None:
        self.params = window.URLSearchParams.new(window.location.search)
        lang = _param(self.params, "lang")
        if lang not in LANGS:
            nav = str(window.navigator.language or "")
            lang = "zh" if nav.lower().startswith("zh") else "en"
        self.lang = lang
        game = _param(self.params, "game")
        self.game = game if game in GAMES else DEFAULT_GAME
        self._texts: list = []
        self._lang_hooks: list = []
        self.games: dict = {}  # name -> view, as they are built (see view())
        self._made: dict = {}  # name -> (language hooks before it, its view made, not started): see build_rest
        self.broken: set = set()  # games whose view could not be built: not built again on every tick or key
        self._texts_set = False  # set_lang has run once: a view built later runs its language hooks itself
        self._url_pending: dict = {}  # query values set_url has not written yet
        self._url_queued = False
        self._code_settled = False  # the link's code (the fragment) was kept or discarded: drop it
        self.solver = Solver(self)
        self.busy = 0
        self.records = Records.load(window.safeStorage.get(STORE_KEY))
        self.records_panel = None  # built after the first screen (build_rest), or by the first click
        # Views whose panels (those a click opens) are still to build: build_rest builds them in turn. Once
        # the start-up is over (_rest_done), a view built later builds its panels in a task of its own.
        self._later: list = []
        self._rest_done = False
        self._solver_start = None  # the task connecting the solver (start_solver)

    def save_records(self) -> None:
        window.safeStorage.set(STORE_KEY, self.records.dump())  # storage off or full: kept for this visit

    # ------------------------------------------------------------- language
    def text(self, node: object, key: str, attr: "str | None" = None, **values: object) -> object:
        """Show ``key`` in ``node`` (or its attribute) now and after every language switch."""
        self._texts.append((node, key, attr, values))
        self._apply_text(node, key, attr, values)
        return node

    def _apply_text(self, node: object, key: str, attr: "str | None", values: dict) -> None:
        s = t(key, self.lang, **values)
        if attr:
            node.setAttribute(attr, s)
        else:
            node.textContent = s

    def t(self, key: str, **values: object) -> str:
        return t(key, self.lang, **values)

    def on_lang(self, hook: object) -> None:
        self._lang_hooks.append(hook)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        document.documentElement.lang = "zh-CN" if lang == "zh" else "en"
        document.title = t("title", lang)
        for node, key, attr, values in self._texts:
            self._apply_text(node, key, attr, values)
        for hook in self._lang_hooks:
            hook()
        self._texts_set = True
        self.render_solver_note()
        self.set_url(lang=lang)

    # ------------------------------------------------------------------ URL
    def set_url(self, **values: "str | None") -> None:
        """Put ``values`` in the address bar's query (``None`` removes one), in a task of its
        own: ``history.replaceState`` lays the page out first, and right after a switch to
        中文 that layout took 15-45 ms inside the click's task. Calls made meanwhile merge."""
        self._url_pending.update(values)
        if not self._url_queued:
            self._url_queued = True
            asyncio.create_task(self._write_url())

    async def _write_url(self) -> None:
        await next_task()
        values, self._url_pending, self._url_queued = self._url_pending, {}, False
        params = window.URLSearchParams.new(window.location.search)
        for name, value in values.items():
            if value is None:
                params.delete(name)
            else:
                params.set(name, value)
        query = str(params.toString())
        frag = "" if self._code_settled else str(window.location.hash or "")  # a link's code (#code=…)
        window.history.replaceState(None, "", str(window.location.pathname) + ("?" + query if query else "") + frag)

    def drop_code_param(self) -> None:
        """A link's code has been kept or discarded, or the player went to another game: the address drops
        it (the query's ``code`` and the fragment), so a reload opens the saved code, and never offers one
        game's code to another."""
        self._code_settled = True
        self.params.delete("code")
        self.set_url(code=None)

    def drop_board_param(self, game: str) -> None:
        """A new board is open in ``game``: the link's ``board`` no longer describes it,
        so a reload reopens the saved game (rule 1) instead of the link's board."""
        if self.game == game and self.params.get("board") is not None:
            self.params.delete("board")
            self.set_url(board=None)

    # ---------------------------------------------------------------- flags
    def set_app_state(self, state: str) -> None:
        document.documentElement.setAttribute("data-app-state", state)

    def set_solver_state(self, state: str) -> None:
        document.documentElement.setAttribute("data-solver-state", state)

    def solving(self, running: bool) -> None:
        """Count running solves; the flag reads ``solving`` while any runs."""
        self.busy += 1 if running else -1
        self.refresh_solver_state()

    def refresh_solver_state(self) -> None:
        if self.solver.worker is None and self.solver.failed is None:
            self.set_solver_state("loading")
        else:
            self.set_solver_state("solving" if self.busy > 0 else "idle")

    def render_solver_note(self) -> None:
        note = by_id("solver-note")
        if note is None:
            return
        if self.solver.worker is not None:
            note.textContent = self.t("solver_ready", v=self.solver.version)
            note.setAttribute("data-ready", "true")
        elif self.solver.failed is not None:
            note.textContent = self.t("solver_failed", msg=self.solver.failed)
        else:
            note.textContent = self.t("solver_loading")

    # ----------------------------------------------------------------- tabs
    def build(self) -> None:
        """Lay out the header, the tabs and one panel per game of the registry;
        a game's view is the ``View`` class of the module its spec names."""
        root = by_id("app")
        clear(root)
        header = el("header", root, "app-header")
        h1 = el("h1", header)
        self.text(h1, "title")
        tools = el("div", header, "header-tools")
        note = el("span", tools, "solver-note", id="solver-note", aria_live="polite")
        note.textContent = self.t("solver_loading")
        records_btn = el("button", tools, "lang-switch records-btn", type="button", id="records-button")
        self.text(records_btn, "records")
        switch = el("button", tools, "lang-switch", type="button")
        self.text(switch, "lang_switch")
        self.text(switch, "lang_switch_label", "aria-label")
        on(switch, "click", lambda e: self.set_lang("en" if self.lang == "zh" else "zh"))
        sub = el("p", root, "subtitle")
        self.text(sub, "subtitle")
        self._records_at = (el("div", root, "records-holder"), records_btn)  # where the panel goes
        on(records_btn, "click", self._records_click)
        tablist = el("div", root, "tabs", role="tablist")
        self.text(tablist, "games", "aria-label")
        self.tabs = {}
        self.panels = {}
        for name in NAMES:
            tab = el(
                "button",
                tablist,
                "tab",
                role="tab",
                type="button",
                id="tab-" + name,
                aria_controls="panel-" + name,
            )
            self.text(tab, "tab_" + name)
            on(tab, "click", self._tab_click(name))
            on(tab, "keydown", self._tab_key)
            panel = el("section", root, "panel", role="tabpanel", id="panel-" + name, aria_labelledby="tab-" + name)
            self.tabs[name] = tab
            self.panels[name] = panel
        self.view(self.game)
        self.select(self.game, focus=False)
        self.set_lang(self.lang)
        on(document, "keydown", self._on_key)
        on(document, "visibilitychange", lambda e: self.each_game("sync_activity"))
        # leaving or reloading: nothing unwritten (boot.js relays the window's pagehide)
        window.__onPageHide = create_proxy(lambda *a: self.each_game("life.flush"))
        asyncio.create_task(self._tick())

    def view(self, name: str) -> object:
        """Game ``name``'s view (the ``View`` of its spec's ``view`` module), made and started the first
        time it is asked for (or started, when :meth:`build_rest` has made it and not started it yet)."""
        if name not in self.games:
            if name in self.broken:
                raise RuntimeError("the %s game could not be built" % name)
            hooks, view = self._made.pop(name, None) or self._make(name)
            try:
                view.start()  # built and opened once the game's own attributes are set (see GameView)
            except Exception:
                self.broken.add(name)  # once: a half-built panel is not built again on every tick
                raise
            self.games[name] = view
            if self._texts_set:
                for hook in self._lang_hooks[hooks:]:
                    hook()
            if self._rest_done:
                asyncio.create_task(self._build_later(name, view))
            else:
                self._later.append((name, view))
        return self.games[name]

    def _make(self, name: str) -> tuple:
        """Game ``name``'s view made (its module imported, its parts wired), not started; with the count of
        language hooks before it (a view's own are those added from then on, see :meth:`view`)."""
        hooks = len(self._lang_hooks)
        module = load_module(GAMES[name].view)
        return hooks, module.View(self, self.panels[name], GAMES[name])

    async def _build_later(self, name: str, view: object) -> None:
        """A view's parts that a click opens (:meth:`GameView.build_later`), in tasks of their own
        after its board is up and the solver's start (:meth:`_solver_started`)."""
        await next_task()
        await self._solver_started()
        try:
            await view.build_later()
        except Exception as e:  # the board stays playable without them
            window.console.error("could not build the panels of %s: %s" % (name, e))

    async def _build_records(self) -> None:
        if self.records_panel is None:
            RecordsPanel = (await lazy.load("app.records_panel")).RecordsPanel
            if self.records_panel is None:
                holder, button = self._records_at
                self.records_panel = RecordsPanel(self, holder, button)

    def _records_click(self, event: object) -> None:
        """The Records button before its panel is built: build it, then open it (once built, the
        panel's own click handler opens and closes it)."""
        if self.records_panel is None:
            asyncio.create_task(self._open_records())

    async def _open_records(self) -> None:
        try:
            await self._build_records()
        except Exception as e:
            window.console.error("could not build the records: %s" % e)
            return
        if not self.records_panel.open:
            self.records_panel.toggle()

    REST_WAIT_S = 3.0  # how long the parts built after the first screen wait for the solver's start at most

    def start_solver(self) -> None:
        """Connect the solver (its worker was started at navigation by boot.js)."""
        self._solver_start = asyncio.create_task(self.solver.connect())

    async def _solver_started(self) -> None:
        """Return once the solver's start (:meth:`start_solver`) is over, ready or failed, or
        :data:`REST_WAIT_S` after it began at most; at once if there is none. What is built after
        the first screen waits for it. On two cores that work, done beside the worker's start, made
        the solver ready about a tenth later on a cold start (tools/bench.py startup). Meanwhile the
        Code and Map buttons are not there yet, and a tab or Records builds what it opens on its click."""
        waited = 0.0
        while self._solver_start is not None and not self._solver_start.done() and waited < self.REST_WAIT_S:
            await asyncio.sleep(0.05)
            waited += 0.05

    async def build_rest(self) -> None:
        """Once the open game is playable and the solver's start is over (:meth:`_solver_started`):
        the modules the first screen left out fetched (:mod:`app.lazy`), the open game's panels that
        a click opens built, then the games whose tabs are closed (each view made in one main-thread
        task and started in the next: Link-up's took 42-56 ms in one) and their panels, then the
        records panel, and every lazy module compiled, so that a first click finds it ready. One
        coroutine does it all, a step at a time: MicroPython's asyncio runs every coroutine that is
        ready in one JavaScript task, so steps of two coroutines due together made one task of about
        60 ms. A click on a tab meanwhile builds that game's view at once (its panels join the queue)."""
        await self._solver_started()
        await self._build_queued()
        for name in NAMES:
            await next_task()
            try:
                if name not in self.games and name not in self.broken:
                    self._made[name] = self._make(name)
                    await next_task()
                self.view(name)
            except Exception as e:  # one game's fault never stops the others being built
                window.console.error("could not build %s: %s" % (name, e))
        await self._build_queued()
        try:
            await self._build_records()
            await lazy.warm()
        except Exception as e:  # offline with nothing cached: each part reports on its first use
            window.console.error("could not load the panels: %s" % e)
        await self._build_queued()
        self._rest_done = True
        window.__startupDone = True  # the start-up's work is over (tests measure what comes after)

    async def _build_queued(self) -> None:
        """The panels of every view in :attr:`_later`, one view after the other."""
        while self._later:
            name, view = self._later.pop(0)
            await self._build_later(name, view)

    def each_game(self, method: str) -> None:
        """Call ``method`` (a view's, or a part's: ``"life.flush"``) on every game built so far (a game
        built later starts current)."""
        for name, view in list(self.games.items()):
            try:
                target = view
                for attr in method.split("."):
                    target = getattr(target, attr)
                target()
            except Exception as e:  # one game's fault never keeps the others from theirs (a save on leaving)
                window.console.error("%s could not %s: %s" % (name, method, e))

    def _on_key(self, event: object) -> None:
        """Undo/redo keys go to the open game, unless typed into a text field (the Code panel's editor
        is an editable element, not a text area: its u and r must not be taken as undo and redo)."""
        target = event.target
        tag = str(getattr(target, "tagName", "") or "")
        if tag in TEXT_FIELDS or bool(getattr(target, "isContentEditable", False)) or event.defaultPrevented:
            return
        self.view(self.game).shortcut(event)

    async def _tick(self) -> None:
        """The open game's clock, shown twice a second."""
        while True:
            await asyncio.sleep(0.5)
            try:
                self.view(self.game).records.tick()
            except Exception as e:  # a fault of one game's clock never stops the ticking
                window.console.error("clock: %s" % e)

    def _tab_click(self, name: str) -> object:
        return lambda e: self.select(name)

    def _tab_key(self, event: object) -> None:
        key = str(event.key)
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        event.preventDefault()
        i = NAMES.index(self.game)
        if key == "ArrowLeft":
            i = (i - 1) % len(NAMES)
        elif key == "ArrowRight":
            i = (i + 1) % len(NAMES)
        elif key == "Home":
            i = 0
        else:
            i = len(NAMES) - 1
        self.select(NAMES[i])

    def select(self, name: str, focus: bool = True) -> None:
        if name != self.game:  # the link's board (and code) was for the game open before
            self.params.delete("board")
            self.set_url(board=None)
            if not self._code_settled:
                self.drop_code_param()
        self.game = name
        for other in NAMES:
            chosen = other == name
            tab = self.tabs[other]
            tab.setAttribute("aria-selected", "true" if chosen else "false")
            tab.setAttribute("tabindex", "0" if chosen else "-1")
            if chosen:
                self.panels[other].removeAttribute("hidden")
            else:
                self.panels[other].setAttribute("hidden", "")
            if other in self.games:
                self.games[other].set_shown(chosen)
        if focus:
            self.tabs[name].focus()
        self.view(name).activate()
        self.set_url(game=name)
