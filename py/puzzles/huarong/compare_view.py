"""Huarong Road's "What equivalence buys" on the page: the same position searched with
equal pieces counted as one (the game's rule) and as distinct, side by side, as a job of
its own beside Solve's: its own progress line and Stop button; Solve and Hint stay usable
meanwhile (the worker takes their slices in turn). A move or a new board stops it.

Page-only (a ``*_view`` module: tools/configs.py ships it to the main thread alone).
Constructed with a port, a dict of the calls it makes:

* ``t(key, **values)``, ``text(node, key, attr=None)``: the page's texts (the shell's);
* ``button(parent, key, handler, cls)``: a button labelled by ``key`` (the frame's);
* ``request(action)``: the worker's request for ``action`` on the board in play (the jobs');
* ``stepped(request, progress, cancelled)``: run it in slices, ``progress(p)`` after each,
  until done or ``cancelled()``; answers the worker's result (the jobs');
* ``side_job(running)``: a job beside the player's starts (``True``) or ends (the jobs').
"""

from app.dom import clear, el
from app.records import num


class Compare:
    """State: ``running`` (the comparison under way, ``{"cancel": bool}``, or ``None``) and
    ``shown`` (its answer, ``{"result": r}``, or its last progress, ``{"progress": p}``),
    redrawn on a language switch."""

    def __init__(self, port: dict) -> None:
        self.port = port
        self.running = None
        self.shown = None

    def build(self, panel: object) -> None:
        """The folding box: its help, Compare and Stop, a progress line and the table."""
        port = self.port
        box = el("details", panel, "compare")
        port["text"](el("summary", box), "compare")
        port["text"](el("p", box, "help"), "compare_help")
        row = el("div", box, "toolbar")
        self.run_btn = port["button"](row, "compare_run", self.run, "")
        self.stop_btn = port["button"](row, "compare_stop", self.stop, "")
        self.stop_btn.setAttribute("hidden", "")
        self.line = el("p", box, "compare-line", aria_live="polite")  # the game's one status stays the one
        self.out = el("div", box, "compare-out")

    def forget(self) -> None:
        """The position changed: a comparison under way stops, its answer goes."""
        if self.running is not None:
            self.running["cancel"] = True
        if self.shown is not None:
            self.shown = None
            self.show()

    async def run(self, event: object = None) -> None:
        """Compare (a click): one comparison at a time, its progress shown as it goes."""
        if self.running is not None:
            return
        port = self.port
        task = self.running = {"cancel": False}
        self.shown = {"progress": {"side": "equal", "positions": 0}}
        self.run_btn.disabled = True
        self.stop_btn.removeAttribute("hidden")
        self.show()

        def progress(p: dict) -> None:
            if self.running is task and not task["cancel"]:  # a late step after a move or Stop shows nothing
                self.shown = {"progress": p}
                self.show()

        port["side_job"](True)
        try:
            result = await port["stepped"](port["request"]("compare"), progress, lambda: task["cancel"])
        finally:
            port["side_job"](False)
            if self.running is task:
                self.running = None
            self.run_btn.disabled = False
            self.stop_btn.setAttribute("hidden", "")
        if result["status"] == "cancelled" and self.shown is None:
            return  # the board changed: forget() has cleared the box
        self.shown = {"result": result}
        self.show()

    def stop(self, event: object = None) -> None:
        if self.running is not None:
            self.running["cancel"] = True

    def show(self) -> None:
        """The line and table, from :attr:`shown`, in the page's language."""
        t = self.port["t"]
        clear(self.out)
        c = self.shown
        if c is None:
            self.line.textContent = ""
            return
        if "progress" in c:
            p = c["progress"]
            side = t("compare_" + str(p.get("side", "equal")))
            self.line.textContent = t("compare_progress", side=side, n=num(p.get("positions", 0)))
            return
        result = c["result"]
        status = result["status"]
        if status == "cancelled":
            self.line.textContent = t("compare_stopped")
            return
        if status in ("error", "died"):
            self.line.textContent = t("compare_failed", msg=result.get("error", {}).get("text", ""))
            return
        sides = result["stats"]["sides"]
        self.line.textContent = t("compare_done")
        table = el("table", self.out, "compare-table")
        head = el("tr", el("thead", table))
        el("td", head, text="")
        for key in ("compare_positions", "compare_steps", "compare_seconds"):
            el("th", head, text=t(key), scope="col")
        body = el("tbody", table)
        for name in ("equal", "distinct"):
            side = sides[name]
            tr = el("tr", body)
            el("th", tr, text=t("compare_" + name), scope="row")
            if side["status"] == "unknown":  # it gave up: how far it got, not a count of the whole
                explored = t("compare_gave_up", n=num(side["limit"]))
            else:
                explored = num(side["positions"])
            el("td", tr, text=explored)
            el("td", tr, text=str(side["steps"]) if side["steps"] is not None else "—")
            el("td", tr, text="%.2f" % side["seconds"])
        a, b = sides["equal"]["positions"], sides["distinct"]["positions"]
        if a and sides["equal"]["status"] != "unknown":
            key = "compare_ratio_more" if sides["distinct"]["status"] == "unknown" else "compare_ratio"
            el("p", self.out, text=t(key, r="%.1f" % (b / a)))
