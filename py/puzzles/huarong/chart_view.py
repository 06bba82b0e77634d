"""Huarong Road's BFS chart on the page: bars of new positions per depth, both axes
named and numbered, drawn from a search's progress and redrawn on a language switch.

Page-only (a ``*_view`` module: tools/configs.py ships it to the main thread alone).
Constructed with a port, a dict of the two calls it makes:

* ``t(key, **values)``: a text in the page's language (``shell.t``);
* ``text(node, key, attr)``: a node whose text (or attribute ``attr``) follows the
  language (``shell.text``).
"""

import json

from pyscript import window

from app.dom import clear, el
from app.records import num


def ticks(deepest: int) -> list:
    """The depths the chart's axis names: the first, the last and up to three between."""
    if deepest <= 4:
        return list(range(deepest + 1))
    step = max(1, (deepest + 3) // 4)
    out = list(range(0, deepest, step))
    if deepest - out[-1] < step // 2:
        out.pop()
    return out + [deepest]


class Chart:
    """State: ``levels`` (the counts per depth drawn, or ``None``) and ``parts`` (the frame
    and bars as drawn, or ``None``: built again on the next draw)."""

    def __init__(self, port: dict) -> None:
        self.port = port
        self.node = None
        self.levels = None
        self.parts = None

    def build(self, box: object) -> None:
        """The chart's element, in the progress box ``box``."""
        self.node = el("div", box, "chart", role="img", id="hr-chart")
        self.port["text"](self.node, "chart", "aria-label")

    def forget(self) -> None:
        """The position changed: the chart goes (touched only when something is drawn: this runs on every move)."""
        if self.levels is not None or self.parts is not None:
            clear(self.node)
            self.parts = None
            self.levels = None

    def relabel(self) -> None:
        """The language changed: every title again in the new one."""
        if self.levels is not None:
            self.parts = None
            self.draw(self.levels)

    def draw(self, levels: list) -> None:
        """Bars of new positions per BFS depth. Redrawn on every progress step of a search, so
        only what changed is touched: a bar's height is its count over the plot's ``--top``
        (CSS), a bar whose count is unchanged stays as it is (rebuilding all ~117 bars made each
        step 10-13 ms)."""
        self.levels = levels
        chart = self.node
        if not levels:
            clear(chart)
            self.parts = None
            return
        t = self.port["t"]
        top = max(max(levels), 1)
        deepest = len(levels) - 1
        chart.setAttribute(
            "aria-label", t("chart_label", n=num(sum(levels)), d=deepest, top=num(top), at=levels.index(top))
        )
        parts = self.parts
        if parts is None:
            clear(chart)
            el("span", chart, "chart-ytitle", text=t("chart_y"))
            ylab = el("div", chart, "chart-y")
            top_label = el("span", ylab)
            el("span", ylab, text="0")
            parts = self.parts = {
                "top": top_label,
                "plot": el("div", chart, "chart-plot"),
                "xlab": el("div", chart, "chart-x"),
                "bars": [],  # each bar's count as drawn
                "deepest": None,
            }
            el("span", chart, "chart-xtitle", text=t("chart_x"))
        plot, bars = parts["plot"], parts["bars"]
        parts["top"].textContent = num(top)
        plot.style.setProperty("--top", str(top))
        plot.style.setProperty("--n", str(len(levels)))
        del bars[len(levels) :]
        drawn = []  # [index, count, title] of each bar to draw
        for i, count in enumerate(levels):
            if i == len(bars):
                bars.append(None)
            if bars[i] != count:
                drawn.append([i, count, t("chart_bar", d=i, n=num(count))])
                bars[i] = count
        # one call for every bar (made one by one through the FFI, 横刀立马's 117 take 3.5-17 ms of a rested Solve)
        window.drawBars(plot, len(levels), json.dumps(drawn))
        if parts["deepest"] != deepest:
            parts["deepest"] = deepest
            xlab = parts["xlab"]
            clear(xlab)
            width = 100.0 / len(levels)
            for d in ticks(deepest):
                tick = el("span", xlab, text=str(d))
                tick.style.left = "%.2f%%" % ((d + 0.5) * width)
