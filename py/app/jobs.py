"""The worker's jobs for one game: any job through the page's one loop of
the worker's protocol (:meth:`Jobs.stepped`), a player's job with its progress and Cancel
(:meth:`Jobs.run_job`), Solve and Hint (:meth:`Jobs.solve`, :meth:`Jobs.hint`),
and the look-ahead that works their answers out before the click
(:meth:`Jobs.want_prefetch`, kept in a small ready cache).

Handed in: the shell (its solver and its busy mark), the game's spec, the
:class:`~app.session.Session` (the position and options), the
:class:`~app.frame.Frame` (words, progress box), the game's hooks
(``before_search``, ``prefetchable``, ``prepare``, ``show_progress``,
``show_hint``, ``solved_key``, ``after_solve``, ``TEXT``) and a few calls of
the view: ``render()``, ``idle()`` (nobody plays, edits or hides the game:
the look-ahead may run), ``stop_playback()``, ``wave(progress)`` (the map's
wavefront, or ``None``). It listens to the session: any change starts a new
look-ahead. It never imports the view.
"""

import asyncio
import json

from app.records import num

ENDED = ("cancelled", "error", "died")  # how a job ends without a search result (besides "changed")
# Answers that hold whatever the board did meanwhile: tables loaded into the worker stay loaded (a
# board a job made, like a shuffle of the position gone, does not: it is "changed").
NOT_SEARCHES = ("loaded",)
PREFETCH = ("solve", "hint")  # the jobs worked out while the worker is idle, in this order
PREFETCH_DELAY_S = 0.15  # a board must rest this long (a player's moves in a row start one search)
READY_KEEP = 16  # results kept


class Jobs:
    """State: ``job`` (the player's job under way: its id, -1 while it starts, or ``None``),
    ``cancelled`` (Cancel was pressed), ``ready`` (job key -> result), ``answered_ahead``."""

    # the game's hooks and constants it reads, handed in as an app.port.Port (never the view)
    PORT = ("TEXT", "before_search", "prefetchable", "prepare", "show_progress", "solved_key")

    def __init__(self, shell: object, spec: object, session: object, frame: object, hooks: object,
                 calls: dict) -> None:
        self.shell = shell
        self.spec = spec
        self.game = spec.name
        self.session = session
        self.frame = frame
        self.hooks = hooks
        self.render = calls["render"]
        self.idle = calls["idle"]
        self.stop_playback = calls["stop_playback"]
        self.wave = calls["wave"]
        self.job = None
        self.cancelled = False
        self.answered_ahead = False  # the last job's answer was ready before the click (the look-ahead's)
        self.ready = {}  # results worked out before the click: job key -> result (see want_prefetch)
        self.pre = None  # the look-ahead's job under way: {"key", "cancel", "done", "progress"}
        self.pre_token = 0
        self.side_jobs = 0  # a player's jobs besides Solve's slot (the map, the comparison): no look-ahead then
        session.subscribe(lambda kind: self.want_prefetch())

    def cancel(self) -> None:
        """Cancel the player's job under way (if any)."""
        if self.job is not None:
            self.cancelled = True

    # ------------------------------------------------------------------ one job
    def request(self, action: str, board: object = None, **extra: object) -> str:
        """The one request shape: ``{"action", "board", "options", ...}`` (the position now by default)."""
        board = board if board is not None else self.session.state
        req = {"action": action, "board": board.to_code(), "options": self.session.options}
        for k, v in extra.items():
            req[k] = v
        return json.dumps(req)

    async def run_job(self, action: str, show: bool = True, quiet: bool = False, **extra: object) -> dict:
        """Run one worker job on the current position (``extra`` joins the
        request), stepped in slices with progress and Cancel. Returns its
        result, or one with ``status`` ``cancelled``, ``changed`` (the board
        changed meanwhile), ``error`` (the worker refused: ``error``) or
        ``died`` (the worker stopped; a new one is starting). A ``quiet`` job
        (a par worked out after a win) leaves the status, the alert, playback
        and the progress box alone, and may name its own ``board``."""
        frame = self.frame
        if not quiet:
            self.stop_playback()
            frame.clear_alert()
        self.cancelled = False
        start = self.session.state
        solver = self.shell.solver
        if solver.worker is None and not quiet:
            frame.say("solver_wait")
        if not quiet:  # what it is doing, from the first frame: waiting for the solver, or starting
            frame.show_progress_box(True)
            frame.say_progress("prog_waiting" if solver.worker is None else "prog_starting")
        self.job = -1
        self.render()
        self.shell.solving(True)

        def progress(p: dict) -> None:
            if quiet or not isinstance(p, dict):  # the worker's answers are input: no progress, nothing to show
                return
            if "received" in p:  # a file on its way to the worker (the pattern tables)
                key, values = download_words(p)
                frame.say_progress(key, **values)
            elif show:
                frame.say_progress("explored", n=num(p["positions"]))
                self.hooks.show_progress(p)
            elif p.get("method") == "tables":  # the file is in: the worker unpacks it, in slices
                frame.say_progress("prog_tables")
            if self.wave is not None:
                self.wave(p)

        def started(job: int) -> None:
            self.job = job

        try:
            result = await self._answer(action, extra, progress, started)
        finally:
            self.job = None
            self.shell.solving(False)
            self.render()
        if result["status"] in ENDED:
            return result
        if "board" not in extra and self.session.state != start and result["status"] not in NOT_SEARCHES:
            return _ended("changed")  # a search's answer is for the position gone; loaded tables stay loaded
        result["moves"] = [self.spec.decode_move(m) for m in result["moves"]]
        stats = result["stats"]
        if quiet:
            return result
        if show:
            self.hooks.show_progress(stats)
        if "positions" in stats:
            searched = stats["positions"] > 0  # a way that searches no positions (fast mode) says no count
            if self.answered_ahead:  # worked out before the click: no seconds of waiting to speak of
                frame.say_progress("explored_ahead" if searched else "worked_ahead", n=num(stats["positions"]))
            else:
                seconds = "%.2f" % stats.get("seconds", 0)
                frame.say_progress("explored_in" if searched else "worked_in", n=num(stats["positions"]), s=seconds)
            frame.mark("positions", str(stats["positions"]))
            frame.mark("workers", str(stats.get("workers", 1)))  # how many workers searched (a split search)
        return result

    async def stepped(self, request: str, progress: object, cancelled: object, started: object = None) -> dict:
        """Run ``request`` (JSON text) for this game through the page's one
        loop of the worker's protocol (:meth:`app.solver.Solver.run`): each
        progress dict goes to ``progress``, ``cancelled()`` true cancels it,
        ``started(job)`` learns the job's id. Returns the result, or an ended
        one (see :data:`ENDED`) with ``error`` where there is one."""
        return await self.shell.solver.run(self.game, request, progress, cancelled, started or (lambda job: None))

    def report(self, result: dict, say_ready: object) -> bool:
        """Say the end of a job that found nothing to show; ``True`` if it did."""
        status = result["status"]
        frame = self.frame
        if status == "cancelled":
            frame.say("cancelled")
        elif status == "died":
            solver = self.shell.solver
            if solver.worker is None and solver.failed is not None:  # it never started: no new one is coming
                frame.say("solver_down", msg=solver.failed)
            else:
                frame.say("solver_died", msg=result["error"]["text"])
        elif status == "changed":
            frame.say("changed")
        elif status == "error":
            frame.show_worker_error(result["error"])
            say_ready()
        else:
            return False
        return True

    # ------------------------------------------------------------------ Solve and Hint
    async def _ready_to_search(self, board: object) -> bool:
        """The game's set-up for a search on ``board`` (:meth:`prepare`); ``False`` if it was
        cancelled, or the board changed, meanwhile. A Cancel of an earlier job does not reach this one
        (else, after any cancelled search, Solve and Hint would say "cancelled" for the rest of the visit
        in the games without set-up)."""
        self.cancelled = False
        await self.hooks.prepare(board)
        if self.cancelled or self.session.state != board:
            if self.cancelled:
                self.frame.say("cancelled")
            return False
        return True

    async def solve(self, say_ready: object, play: object) -> None:
        """Solve the position on the board and hand the answer to ``play(moves, steps)``."""
        hooks = self.hooks
        board = self.session.state
        said = "solved_already" if board.is_solved() else hooks.before_search(board)
        if said:  # answered here, without the worker: the goal already, or the game's own rule
            self.stop_playback()
            self.frame.say(hooks.TEXT.get(said, said))
            return
        if not await self._ready_to_search(board):
            return
        result = await self.run_job("solve")
        if self.report(result, say_ready):
            return
        stats = result["stats"]
        if result["status"] == "solved":
            if not result["moves"]:
                self.frame.say(hooks.TEXT["solved_already"])  # the position changed to the goal meanwhile
                return
            steps = self.spec.count(result["moves"], self.session.options)
            self.frame.say(hooks.solved_key(stats), n=steps, **_plain(stats))
            play(result["moves"], steps)
        else:
            self.frame.say(hooks.TEXT[result["status"]], n=num(stats.get("positions", 0)))

    async def hint(self, say_ready: object, show: object) -> None:
        """A hint for the position on the board, handed to ``show(moves, stats)``."""
        board = self.session.state
        if board.is_solved():
            self.frame.say("hint_done")
            return
        said = self.hooks.before_search(board)
        if said:
            self.frame.say(said)
            return
        if not await self._ready_to_search(board):
            return
        self.frame.say("hint_wait")
        result = await self.run_job("hint", show=False)
        if result["status"] == "changed":  # the player moved on (a move, a shuffle): what they did speaks
            return
        if self.report(result, say_ready):
            return
        if result["moves"]:
            show(result["moves"], result["stats"])
        elif result["status"] == "unsolvable":
            self.frame.say(self.hooks.TEXT["hint_none" if self.session.can_undo() else "hint_none_start"])
        else:
            self.frame.say("hint_done")

    # ------------------------------------------------------------------ before the click
    def job_key(self, action: str) -> str:
        """What a job's answer depends on: the action, the position and the options."""
        return action + " " + self.session.state.to_code() + " " + json.dumps(self.session.options)

    def solver_ready(self) -> None:
        """The solver is up: work the board on screen out now, without waiting for it to rest."""
        self.want_prefetch(rested=True)

    def want_prefetch(self, rested: bool = False) -> None:
        """The board appeared or changed: once it rests (at once if it already
        has: the solver just became ready), and the worker is idle, work out
        Solve's and Hint's answers for it before anyone asks (see
        :meth:`_prefetch`). A newer call supersedes an older one."""
        self.pre_token += 1
        if self.pre is not None and not self.pre["done"] and self.pre["key"] != self.job_key(PREFETCH[0]):
            self.pre["cancel"] = True  # a search for a position gone: stop it
        self.mark_ahead()
        asyncio.create_task(self.frame.guarded(self._prefetch(self.pre_token, rested)))

    def mark_ahead(self) -> None:
        """Say on the status element which answers for the board on screen are worked out already
        (``data-ahead``: ``"solve hint"``, ``"solve"`` or empty), for the tests and the curious."""
        ahead = [action for action in PREFETCH if self.job_key(action) in self.ready]
        self.frame.mark("ahead", " ".join(ahead))

    async def _prefetch(self, token: int, rested: bool = False) -> None:
        """Solve's, then Hint's, answer for the position on the board, run
        at the lowest priority: only while nobody waits for the worker, one
        job at a time, given up when the board changes and pre-empted by a
        user's job (which adopts it when it is the same job). Only final
        answers are kept (solved or unsolvable), by :meth:`job_key`; nothing
        shown or counted changes, the answer only comes sooner."""
        if not rested:
            await asyncio.sleep(PREFETCH_DELAY_S)
        for action in PREFETCH:
            if token != self.pre_token or not self._may_prefetch():
                return
            key = self.job_key(action)
            if key in self.ready:
                continue
            pre = {"key": key, "cancel": False, "done": False, "progress": None, "result": None}
            self.pre = pre

            def note(p: dict, pre: dict = pre) -> None:
                pre["progress"] = p

            result = await self.stepped(self.request(action), note, lambda pre=pre: pre["cancel"])
            pre["result"] = result
            pre["done"] = True
            if result["status"] in ("solved", "unsolvable"):
                self._keep(key, result)
                self.mark_ahead()
            if pre["cancel"]:
                return

    def side_job(self, running: bool) -> None:
        """A player's job outside Solve's slot starts or ends: it pre-empts the look-ahead, which
        resumes after it."""
        self.side_jobs += 1 if running else -1
        if running:
            if self.pre is not None and not self.pre["done"]:
                self.pre["cancel"] = True
        else:
            self.want_prefetch()

    def _may_prefetch(self) -> bool:
        board = self.session.state
        return (
            self.shell.solver.worker is not None
            and self.job is None
            and self.side_jobs <= 0
            and self.idle()
            and not board.is_solved()
            and not self.hooks.before_search(board)
            and self.hooks.prefetchable(board)
        )

    def _keep(self, key: str, result: dict) -> None:
        if len(self.ready) >= READY_KEEP:
            for old in list(self.ready)[: len(self.ready) - READY_KEEP + 1]:
                del self.ready[old]
        self.ready[key] = result

    async def _answer(self, action: str, extra: dict, progress: object, started: object) -> dict:
        """A user's job: from what is ready, from the prefetch of the same job
        under way (its progress shown, Cancel honoured), or from the worker.
        Any other prefetch is cancelled first: a user's job comes first."""
        key = self.job_key(action) if action in PREFETCH and not extra else None
        pre = self.pre
        if pre is not None and not pre["done"] and pre["key"] != key:
            pre["cancel"] = True
        origin = "ready" if key in self.ready else "worker"
        if key is not None and key not in self.ready and pre is not None and pre["key"] == key and not pre["done"]:
            origin = "adopted"
            shown = None
            while not pre["done"]:
                if self.cancelled:
                    pre["cancel"] = True
                    return _ended("cancelled")
                if pre["progress"] is not shown and pre["progress"] is not None:
                    shown = pre["progress"]
                    progress(shown)
                await asyncio.sleep(0.02)
            if pre["result"]["status"] in ("died", "error"):  # the worker stopped under it: the player's job did
                self.frame.mark("answer", origin)
                return pre["result"]
        ready = self.ready.get(key) if key is not None else None
        # where the answer came from, for the tests and the benchmark: ready before the click, the
        # look-ahead's search adopted while it ran, or a search started by the click
        self.frame.mark("answer", origin if ready is not None else "worker")
        self.answered_ahead = ready is not None and origin == "ready"
        if ready is not None:
            return _copy(ready)  # the caller decodes its moves in place
        result = await self.stepped(self.request(action, **extra), progress, lambda: self.cancelled, started)
        if key is not None and result["status"] in ("solved", "unsolvable"):
            self._keep(key, _copy(result))
        return result


def download_words(p: dict) -> tuple:
    """A download's progress ``{"received", "total"}`` (bytes; ``total`` 0 when
    unknown) as ``(key, values)`` for :meth:`Frame.say_progress`: megabytes
    with one decimal, and the percentage when the size is known."""
    received, total = int(p.get("received", 0)), int(p.get("total", 0))
    got = "%.1f" % (received / 1e6)
    if total > 0:
        pct = min(100, received * 100 // total)
        return ("downloading_of", {"got": got, "total": "%.1f" % (total / 1e6), "pct": pct})
    return ("downloading", {"got": got})


def _plain(stats: dict) -> dict:
    """The numbers and words of a result's stats, for message templates."""
    out = {}
    for k, v in stats.items():
        if k != "n" and isinstance(v, (int, float, str)):
            out[k] = v
    return out


def _copy(result: dict) -> dict:
    """A job's result that can be changed without changing ``result``."""
    out = dict(result)
    out["moves"] = list(result["moves"])
    out["stats"] = dict(result["stats"])
    return out


def _ended(status: str, **extra: object) -> dict:
    """A job's end that is not a search result: cancelled, changed, error, died."""
    out = {"status": status, "moves": [], "stats": {}}
    for k, v in extra.items():
        out[k] = v
    return out
