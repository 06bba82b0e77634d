"""The solver's workers as the page sees them (static/boot.js's ``solverWorkers``): the first worker,
awaited once and restarted when it dies, and the helper, a second worker that runs a share of the searches
a game's spec splits (``GameSpec.split``). Every job goes through boot.js's one loop, ``runWorkerJob``.

It tells the shell, its one port (``refresh_solver_state``, ``render_solver_note``, ``each_game``), when
its state changes; it names no game."""

import asyncio
import json

from pyscript import window
from pyscript.ffi import to_js

from puzzles.games import GAMES


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

    def __init__(self, shell: object) -> None:
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

    def died(self, worker: object) -> None:
        """A job saw ``worker`` die: a fresh one starts, once. Several jobs may see the same death (the
        look-ahead's search and the map's, say); only the first, while ``worker`` is still the page's,
        replaces it (a second restart would end the fresh worker as it starts)."""
        if worker is not None and self.worker is worker:
            self.restart()

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
        if kind == "died":
            self.died(worker)
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
        if final["status"] == "died":
            self.died(worker)
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
