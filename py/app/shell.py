"""The app shell: language, tabs, URL parameters, the solver worker and the
``data-app-state`` / ``data-solver-state`` flags of the contract; and what
reaches every game from the page as a whole: the records store and panel,
the keyboard shortcuts, the page's visibility and the clocks' tick."""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from app import lazy
from app.dom import by_id, clear, el, next_task, on
from app.i18n import LANGS, t
from app.records import STORE_KEY, Records
from puzzles import load_module
from puzzles.games import DEFAULT_GAME, GAMES, NAMES

TEXT_FIELDS = ("INPUT", "TEXTAREA", "SELECT")  # where the game's shortcut keys are the field's own


def _param(params: object, name: str) -> "str | None":
    value = params.get(name)
    return None if value is None else str(value)


def _reason(e: Exception) -> str:
    """An exception's message for a person: a JS error reaches MicroPython as
    ``(proxy, name, message)``; its message, not that tuple's text."""
    args = getattr(e, "args", ())
    if len(args) == 1 and isinstance(args[0], tuple):
        args = args[0]
    words = [a for a in args if isinstance(a, str) and a]
    return words[-1] if words else (str(e) or "the worker did not start")


class Solver:
    """The Pyodide worker (static/solver-worker.js, through boot.js's ``solverWorkers``): awaited once,
    then called with JSON strings.

    A job whose call fails or goes unanswered (boot.js's ``CALL_TIMEOUT_MS``)
    means the worker died: a new one is started (the page, and its boards,
    stay as they are) and the job ends ``died`` (:meth:`run`). Loading gives
    up after :data:`LOAD_TIMEOUT_S` with a message instead of "loading" forever.
    """

    LOAD_TIMEOUT_S = 90
    POLL_S = 0.02  # how often the wait for the worker looks for a load error
    SHARES = 2  # the workers a split search runs on (the first one and a helper)

    def __init__(self, shell: "Shell") -> None:
        self.shell = shell
        self.worker = None
        self.failed = None
        self.version = None
        self.generation = 0
        # The helper: a second worker for the searches a game's spec says can be split (GameSpec.split),
        # started by the first such search. ``helper_failed``: why it could not start (searches then run
        # in one worker). ``loads``: the jobs that loaded data into a worker (answered "loaded"), as
        # (game, request), which the helper runs too before its first piece; ``helper_loaded`` those it has.
        self.helper = None
        self.helper_task = None
        self.helper_failed = None
        self.helper_generation = 0
        self.loads: list = []
        self.helper_loaded: list = []
        self.helper_lane = None  # the task running the last split search's pieces on the helper

    async def connect(self, name: str = "solver") -> None:
        """Wait for the worker ``name``; a load error noted by boot.js, or
        :data:`LOAD_TIMEOUT_S` without an answer, ends the wait with a message."""
        loading = asyncio.create_task(self._load(name))
        waited = 0.0
        while not loading.done():
            error = window.__solverBootError
            if error is not None:
                self.failed = str(error)
                break
            if waited > self.LOAD_TIMEOUT_S:
                self.failed = "no answer after %d s" % self.LOAD_TIMEOUT_S
                break
            await asyncio.sleep(self.POLL_S)  # short: the page says "ready" (and starts the look-ahead) this late
            waited += self.POLL_S
        self.shell.refresh_solver_state()
        self.shell.render_solver_note()
        if self.worker is not None:
            self.shell.each_game("jobs.solver_ready")  # the boards on screen can be worked out now

    async def _load(self, name: str) -> None:
        try:
            worker = window.solverWorkers.open(name)  # boot.js started the first at navigation
            failed = await worker.ready
            if failed is not None:
                self.failed = str(failed)
                return
            self.version = str(worker.version)  # ping's answer, sent with "ready"
            await self._reload(worker)
            if self.failed is None:
                self.worker = worker
        except Exception as e:  # the page stays playable without a solver
            self.failed = _reason(e)

    async def _reload(self, worker: object) -> None:
        """A fresh worker (after one died) loads what the one before had loaded (the pattern tables the
        page believes are in), so that its searches, and its share of a split one, are the same searches.
        If it cannot, nothing counts as loaded any more, and the helper, which has it, is ended: every
        worker then searches alike."""
        for game, request in list(self.loads):
            if not await self._load_into(worker, game, request):
                self.loads = []
                if self.helper is not None:
                    self._drop_helper(self.helper)
                return

    def restart(self) -> None:
        """End the dead worker and start a fresh one beside the page (boot.js's ``solverWorkers``)."""
        window.solverWorkers.end(self._name())
        self.generation += 1
        self.worker = None
        self.failed = None
        window.__solverBootError = None
        self.shell.refresh_solver_state()
        self.shell.render_solver_note()
        asyncio.create_task(self.connect(self._name()))

    def _name(self) -> str:
        return "solver" if not self.generation else "solver-%d" % self.generation

    async def get(self) -> object:
        while self.worker is None:
            if self.failed is not None:
                raise RuntimeError(self.failed)
            await asyncio.sleep(0.05)
        return self.worker

    async def run(self, game: str, request: str, progress: object, cancelled: object, started: object) -> dict:
        """One job of the worker's protocol through the page's one loop (boot.js's ``runWorkerJob``,
        which the state map uses too): ``request`` (JSON text) started for ``game``, stepped in slices,
        each progress dict handed to ``progress``, cancelled as soon as ``cancelled()`` is true;
        ``started(job)`` learns its id. Returns the job's result, or an ended one (``error``: the worker
        refused; ``cancelled``; ``died``: no worker, or a call failed or went unanswered, and a fresh
        worker is starting) with ``error`` where there is one."""
        try:
            worker = await self.get()
        except Exception as e:  # the worker never started: said once by the solver note
            return {"status": "died", "moves": [], "stats": {}, "error": {"text": str(e)}}
        plan = self._split_plan(game, request)
        if plan is not None:
            return await self._run_split(worker, game, plan[0], plan[1], progress, cancelled, started)
        result = await self._run_one(worker, game, request, progress, cancelled, started)
        if result["status"] == "loaded" and (game, request) not in self.loads:
            self.loads.append((game, request))  # a helper loads the same before its first piece
        return result

    async def _run_one(self, worker: object, game: str, request: str, progress: object, cancelled: object,
                       started: object) -> dict:
        """:meth:`run` on ``worker``, one job."""

        def on_progress(p: object, text: object) -> None:
            progress(json.loads(str(text))["progress"])

        def on_started(job: object) -> None:
            started(int(job))

        options = {"wanted": lambda: not cancelled(), "onProgress": on_progress, "onStarted": on_started}
        end = await window.runWorkerJob(worker, game, request, to_js(options))
        kind = str(end.kind)
        if kind == "done":
            answer = json.loads(str(end.text))
            if answer.get("error") is not None:
                return {"status": "error", "moves": [], "stats": {}, "error": answer["error"]}
            return answer["result"]
        ended = {"status": kind, "moves": [], "stats": {}}
        if kind in ("error", "died"):
            ended["error"] = json.loads(str(window.JSON.stringify(end.error)))
        if kind == "died" and self.worker is worker:
            self.restart()
        return ended

    # ------------------------------------------------------------ split searches
    def _split_plan(self, game: str, request: str) -> "tuple | None":
        """``(rule, request dict)`` when the game's spec splits this request (``GameSpec.split``) and a
        helper can run (it is starting or up: this starts it), else ``None``: one worker runs it. A job
        that sets a worker up for such a search (the rule's ``prepares``) starts the helper too, so that
        it starts beside that job instead of after it."""
        spec = GAMES.get(game)
        rule = getattr(spec, "split", None)
        if rule is None or self.helper_failed is not None or int(window.navigator.hardwareConcurrency or 1) < 2:
            return None
        try:
            req = json.loads(request)
            board = spec.board.parse(str(req["board"]))
            if rule.prepares(req, board):
                self._start_helper()
            if not rule.splits(req, board):
                return None
        except Exception:  # a request it cannot read is one worker's to refuse
            return None
        self._start_helper()
        return rule, req

    def _start_helper(self) -> None:
        if self.helper is None and self.helper_task is None and self.helper_failed is None:
            self.helper_task = asyncio.create_task(self._open_helper())

    async def _open_helper(self) -> None:
        self.helper_generation += 1
        name = "helper-%d" % self.helper_generation
        try:
            worker = window.solverWorkers.open(name, True)
            failed = await worker.ready
            if failed is not None:
                self.helper_failed = str(failed)
            else:
                self.helper_loaded = []
                if await self._helper_loads(worker):  # what the first worker loaded, before any piece
                    self.helper = worker
        except Exception as e:
            self.helper_failed = _reason(e)
        self.helper_task = None

    def _drop_helper(self, worker: object) -> None:
        """The helper stopped (or would not load what the first worker has): ended; the next split
        search starts a fresh one."""
        if self.helper is worker:
            self.helper = None
        window.solverWorkers.end(str(worker.name))

    async def _run_split(self, worker: object, game: str, rule: object, req: dict, progress: object,
                         cancelled: object, started: object) -> dict:
        """One search in pieces (``rule``: the spec's ``split``) on the first worker and the helper: each
        takes the next piece still needed as soon as it is free (the helper once it is up and has loaded
        what the first worker loaded); the answer is the rule's merge, the pieces still running are then
        cancelled. Cancel stops them all. The first worker dying ends the search ``died`` (and restarts it,
        as :meth:`run`); the helper dying hands its piece back and the first worker goes on alone."""
        n = self.SHARES
        st = {"done": {}, "running": {}, "back": [], "next": 0, "final": None, "positions": 0, "workers": [],
              "t0": float(window.performance.now())}

        def total() -> int:
            return st["positions"] + sum(int(slot.get("positions", 0)) for slot in st["running"].values())

        def decide() -> None:
            if st["final"] is None:
                st["final"] = rule.merge(req, n, st["done"], total())

        def take() -> "int | None":
            back = [i for i in st["back"] if rule.needed(i, n, st["done"])]
            if back:
                i = min(back)
                st["back"].remove(i)
                return i
            if rule.needed(st["next"], n, st["done"]):
                st["next"] += 1
                return st["next"] - 1
            return None

        async def lane(w: object, first: bool) -> None:
            while st["final"] is None:
                if not first and not await self._helper_loads(w, st):
                    return
                i = take()
                if i is None:
                    await asyncio.sleep(self.POLL_S)
                    continue
                slot: dict = {}
                st["running"][i] = slot
                name = str(w.name)
                if name not in st["workers"]:
                    st["workers"].append(name)

                def on_progress(p: object, text: object, slot: dict = slot) -> None:
                    if st["final"] is not None:  # answered: a piece still being cancelled says nothing more
                        return
                    slot.clear()
                    slot.update(json.loads(str(text))["progress"])
                    progress(rule.progress(list(st["running"].values()), total()))
                    decide()  # past the budget

                def wanted(i: int = i) -> bool:
                    return not cancelled() and st["final"] is None and rule.needed(i, n, st["done"])

                options = {"wanted": wanted, "onProgress": on_progress, "onStarted": lambda job: started(int(job))}
                end = await window.runWorkerJob(w, game, json.dumps(rule.piece(req, i, n)), to_js(options))
                del st["running"][i]
                kind = str(end.kind)
                if kind == "done":
                    answer = json.loads(str(end.text))
                    if answer.get("error") is not None:
                        st["final"] = st["final"] or {"status": "error", "moves": [], "stats": {},
                                                      "error": answer["error"]}
                        return
                    st["done"][i] = answer["result"]
                    st["positions"] += int(answer["result"]["stats"].get("positions", 0))
                    decide()
                elif kind == "cancelled":
                    continue  # cancelled by the player (the loop ends), or the piece is no longer needed
                elif kind == "error" or first:
                    error = json.loads(str(window.JSON.stringify(end.error)))
                    st["final"] = st["final"] or {"status": kind, "moves": [], "stats": {}, "error": error}
                    return
                else:  # the helper died: its piece goes back, the first worker goes on
                    st["back"].append(i)
                    self._drop_helper(w)
                    return

        async def helper_lane(last: object) -> None:
            while last is not None and not last.done() and st["final"] is None:
                await asyncio.sleep(self.POLL_S)  # the last search's piece on the helper, being cancelled
            while st["final"] is None and self.helper is None and self.helper_failed is None:
                await asyncio.sleep(self.POLL_S)
            if st["final"] is None and self.helper is not None:
                await lane(self.helper, False)

        first = asyncio.create_task(lane(worker, True))
        self.helper_lane = asyncio.create_task(helper_lane(self.helper_lane))
        while st["final"] is None and not cancelled():
            await asyncio.sleep(self.POLL_S)
        if st["final"] is None:
            st["final"] = {"status": "cancelled", "moves": [], "stats": {}}
        # The first worker's piece still running is cancelled at its next step: waited for, so the next job
        # finds it free. The helper's is left to end alone (a helper that stopped answering would hold the
        # answer back until the call's time-out); the next split search waits for it (helper_lane).
        await first
        final = st["final"]
        if final["status"] == "died" and self.worker is worker:
            self.restart()
        if "positions" in final["stats"]:
            final["stats"]["seconds"] = (float(window.performance.now()) - st["t0"]) / 1000
            final["stats"]["workers"] = len(st["workers"])
        return final

    async def _helper_loads(self, helper: object, st: "dict | None" = None) -> bool:
        """Run on the helper each job the first worker loaded data with that it has not run yet (until the
        split search ``st`` ends); ``False`` (the helper dropped) if one fails."""
        for game, request in list(self.loads):
            if (game, request) in self.helper_loaded:
                continue
            if st is not None and st["final"] is not None:
                return True
            if not await self._load_into(helper, game, request):
                self._drop_helper(helper)
                return False
            self.helper_loaded.append((game, request))
        return True

    async def _load_into(self, worker: object, game: str, request: str) -> bool:
        """Run a job that loads data (one of :attr:`loads`) on ``worker``; whether it answered ``loaded``."""
        end = await window.runWorkerJob(worker, game, request, to_js({"wanted": lambda: True}))
        if str(end.kind) != "done":
            return False
        answer = json.loads(str(end.text))
        return answer.get("error") is None and answer["result"]["status"] == "loaded"


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
        self.broken: set = set()  # games whose view could not be built: not built again on every tick or key
        self._texts_set = False  # set_lang has run once: a view built later runs its language hooks itself
        self._url_pending: dict = {}  # query values set_url has not written yet
        self._url_queued = False
        self._code_settled = False  # the link's code (the fragment) was kept or discarded: drop it
        self.solver = Solver(self)
        self.busy = 0
        self.records = Records.load(window.safeStorage.get(STORE_KEY))
        self.records_panel = None  # built after the first screen (build_rest), or by the first click
        self._later: list = []  # the tasks building each view's panels (see _build_later)

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
        """Game ``name``'s view (the ``View`` of its spec's ``view`` module), made the first time it is asked for."""
        if name not in self.games:
            if name in self.broken:
                raise RuntimeError("the %s game could not be built" % name)
            hooks = len(self._lang_hooks)
            module = load_module(GAMES[name].view)
            view = module.View(self, self.panels[name], GAMES[name])
            try:
                view.start()  # built and opened once the game's own attributes are set (see GameView)
            except Exception:
                self.broken.add(name)  # once: a half-built panel is not built again on every tick
                raise
            self.games[name] = view
            if self._texts_set:
                for hook in self._lang_hooks[hooks:]:
                    hook()
            self._later.append(asyncio.create_task(self._build_later(name, view)))
        return self.games[name]

    async def _build_later(self, name: str, view: object) -> None:
        """A view's parts that a click opens (:meth:`GameView.build_later`), in tasks of their own
        after its board is up."""
        await next_task()
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

    async def build_rest(self) -> None:
        """After the open game is playable: the modules the first screen left out fetched
        (:mod:`app.lazy`), the games whose tabs are closed built, one per main-thread task
        (building all three at once holds the page for about 0.6 s in one task), then the
        records panel, and every lazy module compiled, so that a first click finds it ready."""
        for name in NAMES:
            await next_task()
            try:
                self.view(name)
            except Exception as e:  # one game's fault never stops the others being built
                window.console.error("could not build %s: %s" % (name, e))
        try:
            await self._build_records()
            await lazy.warm()
        except Exception as e:  # offline with nothing cached: each part reports on its first use
            window.console.error("could not load the panels: %s" % e)
        for task in list(self._later):
            await task
        window.__startupDone = True  # the start-up's work is over (tests measure what comes after)

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
