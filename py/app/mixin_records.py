"""What a player keeps of every game, for :class:`app.view.GameView`: the clock
(from the first move, running only while the game is open, unsolved and played
by hand), the personal records (best moves and time per layout / size / seed,
kept in the browser by the shell), the line with the record of the board in
play, and the result of a win: moves against par and against the record.

A game tells what it counts through a few hooks: :meth:`record_key` (which
records a board belongs to), :meth:`record_moves` and :meth:`record_unit`,
:meth:`known_par` and :meth:`par_search` (a par the worker can find)."""

import asyncio

from pyscript import window

from app.dom import clear, el
from app.records import Clock, clock_text


class RecordsMixin:
    SHOW_MOVES_RECORD = True  # Link-up clears every board in the same number of pairs: only time counts

    def init_records(self) -> None:
        self.clock = Clock()
        self.assisted = False  # the solver or a script played moves on this board: no record
        self.result = None  # what the last win showed, until the board changes
        self._clock_shown = ""
        self._key_cache = (None, "")

    def now(self) -> float:
        return float(window.performance.now())

    # ================================================================ frame
    def build_record_line(self, meta: object) -> None:
        self.clock_el = el("p", meta, "counter clock", id=self.game + "-time")
        self.best_el = el("p", meta, "counter best", id=self.game + "-best", hidden=True)

    def build_result(self, side: object) -> None:
        self.result_el = el("div", side, "result", hidden=True, id=self.game + "-result", aria_live="polite")

    # ================================================================ the clock
    def reset_clock(self) -> None:
        self.clock.reset()
        self.assisted = False
        self.tick()

    def sync_clock(self, active: bool) -> None:
        running = active and not self.editing and not self.assisted and not self.session.state.is_solved()
        self.clock.set_running(running, self.now())
        self.tick()

    def tick(self) -> None:
        """Show the clock (the shell calls this twice a second for the open game)."""
        text = self.shell.t("clock", t=clock_text(self.clock.ms(self.now())))
        if text != self._clock_shown:
            self._clock_shown = text
            self.clock_el.textContent = text

    def save_clock(self) -> dict:
        data = self.clock.to_saved(self.now())
        data["assisted"] = self.assisted
        return data

    def restore_clock(self, data: object) -> None:
        self.clock.restore(data)
        self.assisted = isinstance(data, dict) and data.get("assisted") is True

    # ================================================================ records
    def current_key(self) -> str:
        start = self.session.start
        if self._key_cache[0] is not start:
            self._key_cache = (start, self.record_key())
        return self._key_cache[1]

    def won(self) -> None:
        """A move solved the board: the clock stops, a win by hand is recorded."""
        self.sync_activity()
        if self.assisted:
            self.result = {"assisted": True}
            self.render()
            return
        key = self.current_key()
        moves = self.record_moves()
        ms = self.clock.ms(self.now())
        outcome = self.shell.records.add_win(self.game, key, moves, ms)
        self.shell.save_records()
        self.result = {"key": key, "moves": moves, "ms": ms, "par": self.par_now()}
        for name in ("before", "best_moves", "best_time"):
            self.result[name] = outcome[name]
        if self.result["par"] is None and self.par_search() is not None:
            self.result["par"] = "wait"
            asyncio.create_task(self._guarded(self._work_out_par(key)))
        self.records_changed()

    def par_now(self) -> "int | None":
        par = self.known_par()
        if par is None:
            par = self.shell.records.par(self.game, self.session.start.to_code(), self.record_unit())
        return par

    async def _work_out_par(self, key: str) -> None:
        """The fewest moves from the start, found by the worker after a win on a board with no published par."""
        board, options = self.par_search()
        unit = self.record_unit()
        result = await self.run_job("solve", quiet=True, board=board, options=options)
        par = None
        if result["status"] == "solved" and result["stats"].get("optimal", True):
            par = self.spec.count(result["moves"], options)
            self.shell.records.set_par(self.game, board.to_code(), unit, par)
            self.shell.save_records()
        if self.result is not None and self.result.get("key") == key and self.result.get("par") == "wait":
            self.result["par"] = par
            self.render()

    def records_changed(self) -> None:
        """The records changed (a win, a reset): marks in the pickers follow."""
        self.mark_records()
        self.render()

    # ================================================================ drawing
    def render_records(self) -> None:
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
        n = entry["moves"].get(self.record_unit())
        if self.SHOW_MOVES_RECORD and n is not None:
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
        unit = self.record_unit()
        n = res["moves"].get(unit, 0)
        you = {"moves": res["moves"], "ms": res["ms"]}
        el("p", box, text=t("res_you", what=self.entry_text(you)), data_result="you")
        par = res["par"]
        if self.SHOW_MOVES_RECORD and par is not None:
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
            if self.SHOW_MOVES_RECORD and res["best_moves"].get(unit) and unit in before["moves"]:
                news.append(t("res_new_moves", was=before["moves"][unit]))
            if res["best_time"] and "ms" in before:
                news.append(t("res_new_time", was=clock_text(before["ms"])))
            line = " ".join(news) if news else t("res_record", best=self.entry_text(before))
        el("p", box, text=line, data_result="record")

    # ================================================================ per game
    def record_key(self) -> str:
        """Which records the board in play belongs to (a layout, a size, a seed…)."""
        return "B" + self.session.start.to_code()

    def record_moves(self) -> dict:
        """The win's moves in every unit the game counts: ``{unit: n}``."""
        return {self.record_unit(): self.count()}

    def record_unit(self) -> str:
        return "moves"

    def record_label(self, key: str) -> str:
        """A record key as the records panel names it."""
        return key[1:] if key[:1] == "B" else key

    def known_par(self) -> "int | None":
        """The fewest moves from the start when the game knows them (a classic layout)."""
        return None

    def par_search(self) -> "tuple | None":
        """``(board, options)`` for the worker to find the par after a win, or ``None``."""
        return None

    def mark_records(self) -> None:
        """Show solved marks in the game's pickers."""
