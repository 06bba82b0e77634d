"""What a player keeps of every game: the clock (from the first move, running
only while the game is open, unsolved and played by hand), the personal
records (best moves and time per layout / size / seed, kept in the browser by
the shell), the line with the record of the board in play, and the result of
a win: moves against par and against the record.

Handed in: the shell (records, words), the game's name and spec, the
:class:`~app.session.Session`, the :class:`~app.frame.Frame` (for its guard),
the game's record hooks (``record_key``, ``record_moves``, ``record_unit``,
``known_par``, ``par_search``, ``mark_records``, ``SHOW_MOVES_RECORD``) and
the view's ``render()`` and ``run_job(...)`` (a par worked out by the worker).
It listens to the session: a change of position drops the win's result.
It never imports the view.
"""

import asyncio

from pyscript import window

from app.dom import clear, el
from app.records import Clock, clock_text


def now() -> float:
    """The page's clock (ms)."""
    return float(window.performance.now())


class RecordsKeeper:
    """State: ``clock`` and ``result`` (what the last win showed, until the board changes)."""

    # the game's hooks and constants it reads, handed in as an app.port.Port (never the view)
    PORT = ("SHOW_MOVES_RECORD", "clock_line", "known_par", "mark_records", "par_search", "record_key",
            "record_moves", "record_unit", "records_off")

    def __init__(self, shell: object, spec: object, session: object, frame: object, hooks: object,
                 calls: dict) -> None:
        self.shell = shell
        self.spec = spec
        self.game = spec.name
        self.session = session
        self.frame = frame
        self.hooks = hooks
        self.calls = calls
        self.clock = Clock()
        self.result = None
        self._clock_shown: "str | None" = None
        self._key_cache = (None, "")
        session.subscribe(self._changed)

    def _changed(self, kind: str) -> None:
        self.result = None

    # ------------------------------------------------------------------ DOM
    def build_line(self, meta: object) -> None:
        """The clock and the record of the board in play, beside the move counter."""
        self.clock_el = el("p", meta, "counter clock", id=self.game + "-time")
        self.best_el = el("p", meta, "counter best", id=self.game + "-best", hidden=True)

    def build_result(self, side: object) -> None:
        """The box a win's result shows in."""
        self.result_el = el("div", side, "result", hidden=True, id=self.game + "-result", aria_live="polite")

    # ------------------------------------------------------------------ the clock
    def reset_clock(self) -> None:
        self.clock.reset()
        self.tick()

    def sync_clock(self, active: bool, editing: bool) -> None:
        """The clock runs while the game is shown, not edited, played by hand and unsolved."""
        running = active and not editing and not self.session.helped and not self.session.state.is_solved()
        self.clock.set_running(running, now())
        self.tick()

    def tick(self) -> None:
        """Show the clock (the shell calls this twice a second for the open game), or the line the game
        shows in its place (a race's time), or none (:meth:`Hooks.clock_line`)."""
        own = self.hooks.clock_line()
        text = self.shell.t("clock", t=clock_text(self.clock.ms(now()))) if own is None else own
        if text != self._clock_shown:
            self._clock_shown = text
            self.clock_el.textContent = text
            self.clock_el.hidden = not text

    def save_clock(self) -> dict:
        data = self.clock.to_saved(now())
        data["assisted"] = self.session.helped  # who played is the session's; saved with the clock
        return data

    def restore_clock(self, data: object) -> None:
        self.clock.restore(data)
        self.session.helped = isinstance(data, dict) and data.get("assisted") is True

    # ------------------------------------------------------------------ records
    def current_key(self) -> str:
        start = self.session.start
        if self._key_cache[0] is not start:
            self._key_cache = (start, self.hooks.record_key())
        return self._key_cache[1]

    def won(self) -> None:
        """A move solved the board (the clock already stopped): a win by hand is recorded."""
        if self.session.helped:
            self.result = {"assisted": True}
            self.calls["render"]()
            return
        if self.hooks.records_off():
            return
        key = self.current_key()
        moves = self.hooks.record_moves()
        ms = self.clock.ms(now())
        outcome = self.shell.records.add_win(self.game, key, moves, ms)
        self.shell.save_records()
        self.result = {"key": key, "moves": moves, "ms": ms, "par": self.par_now()}
        for name in ("before", "best_moves", "best_time"):
            self.result[name] = outcome[name]
        if self.result["par"] is None and self.hooks.par_search() is not None:
            self.result["par"] = "wait"
            asyncio.create_task(self.frame.guarded(self._work_out_par(key)))
        self.records_changed()

    def par_now(self) -> "int | None":
        par = self.hooks.known_par()
        if par is None:
            par = self.shell.records.par(self.game, self.session.start.to_code(), self.hooks.record_unit())
        return par

    async def _work_out_par(self, key: str) -> None:
        """The fewest moves from the start, which the worker works out after a win on a board with no published par."""
        board, options = self.hooks.par_search()
        unit = self.hooks.record_unit()
        result = await self.calls["run_job"]("solve", quiet=True, board=board, options=options)
        par = None
        if result["status"] == "solved" and result["stats"].get("optimal", True):
            par = self.spec.count(result["moves"], options)
            self.shell.records.set_par(self.game, board.to_code(), unit, par)
            self.shell.save_records()
        if self.result is not None and self.result.get("key") == key and self.result.get("par") == "wait":
            self.result["par"] = par
            self.calls["render"]()

    def records_changed(self) -> None:
        """The records changed (a win, a reset): marks in the pickers follow."""
        self.hooks.mark_records()
        self.calls["render"]()

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        self.tick()
        entry = self.shell.records.get(self.game, self.current_key())
        if entry is None:
            self.best_el.setAttribute("hidden", "")
        else:
            self.best_el.removeAttribute("hidden")
            self.best_el.textContent = self.shell.t("best_line", best=self.entry_text(entry))
        self._draw_result()

    def entry_text(self, entry: dict) -> str:
        """A record as one phrase: ``116 moves · 1:02`` (or just the time)."""
        parts = []
        n = entry["moves"].get(self.hooks.record_unit())
        if self.hooks.SHOW_MOVES_RECORD and n is not None:
            parts.append(self.shell.t("n_moves", n=n))
        if "ms" in entry:
            parts.append(clock_text(entry["ms"]))
        return " · ".join(parts)

    def _draw_result(self) -> None:
        box = self.result_el
        clear(box)
        res = self.result
        if res is None:
            box.setAttribute("hidden", "")
            return
        box.removeAttribute("hidden")
        t = self.shell.t
        if res.get("assisted"):
            el("p", box, text=t("res_assisted"))
            return
        el("h3", box, text=t("res_title"))
        unit = self.hooks.record_unit()
        n = res["moves"].get(unit, 0)
        you = {"moves": res["moves"], "ms": res["ms"]}
        el("p", box, text=t("res_you", what=self.entry_text(you)), data_result="you")
        par = res["par"]
        show_moves = self.hooks.SHOW_MOVES_RECORD
        if show_moves and par is not None:
            if par == "wait":
                line = t("res_par_wait")
            elif n == par:
                line = t("res_par_equal", par=par)
            elif n > par:
                line = t("res_par_over", par=par, d=n - par)
            else:
                line = t("res_par_under", par=par, d=par - n)
            el("p", box, text=line, data_result="par")
        before = res["before"]
        if before is None:
            line = t("res_first")
        else:
            news = []
            if show_moves and res["best_moves"].get(unit) and unit in before["moves"]:
                news.append(t("res_new_moves", was=before["moves"][unit]))
            if res["best_time"] and "ms" in before:
                news.append(t("res_new_time", was=clock_text(before["ms"])))
            line = " ".join(news) if news else t("res_record", best=self.entry_text(before))
        el("p", box, text=line, data_result="record")
