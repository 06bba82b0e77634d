"""Link-up's "Show the search" (显示搜索过程): when it is ticked and the player picks two tiles of one
kind, the course's breadth-first search (:mod:`puzzles.linkup.bfs`) is shown on the board, wave by
wave — the frontier (the cells of the states the search is about to expand), the cells visited
before it — then the path, or the word that the pair needs more than two turns; only then is the
pair joined (or refused), as a pick without the search would be.

The search is worked out first, in slices of a few ms (:func:`app.dom.sliced`); the waves are then
drawn from timers, one a task, all within :data:`SHOW_MS`. Any click or key (or Skip) shows the end at
once; so does a player who asked for reduced motion, with no waves drawn. A click or key on the board
while the search shows only skips it. The marks stay until the next pick or the board changes.

Each mark is a shape as well as a colour (a dot visited, a dashed ring the frontier, a hatched square
the path, a double ring the two tiles), each a dark line with a light edge, so they read apart for
colour-blind players, on the light ring and over the dark tiles alike. The marks are drawn in an SVG
layer over the board (its shapes' sizes in the page's CSS): a mark changed never lays the board's grid
of tiles out again.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from app.dom import el, sliced
from puzzles.linkup import turns
from puzzles.linkup.bfs import ring_cell, ring_id, search

SHOW_MS = 1200  # the waves' whole time at most (the end, then the join, follow at once)
WAVE_MS = (16, 110)  # one wave's time, at least and at most
SLICE_S = 0.004  # the search's slices
SVG = "http://www.w3.org/2000/svg"


def _ring(k: int, n: int) -> float:
    """Where row or column ``k`` (``-1`` and ``n`` are the ring, half a cell wide) is drawn, in cells."""
    if k < 0:
        return 0.25
    if k >= n:
        return n + 0.75
    return k + 1.0


def _svg(tag: str, parent: object, **attrs: object) -> object:
    node = document.createElementNS(SVG, tag)
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), str(value))
    parent.appendChild(node)
    return node


class SearchShow:
    """State: ``on`` (the box is ticked), ``run`` (the show under way: its search's answer, its pair,
    the board it was picked on, what ends it), ``marks`` (the mark nodes, by cell id on the board with
    its ring), ``board_key`` (the board the marks were drawn for)."""

    def __init__(self, shell: object, frame: object, calls: dict) -> None:
        """``calls``: ``board_el()`` (the board's element), ``board()`` (the board in play),
        ``changed()`` (the toggle's state changed: the game is saved)."""
        self.shell, self.frame, self.calls = shell, frame, calls
        self.on = False
        self.run = None
        self.marks: dict = {}
        self.timer = None
        self.cols = self.rows = 0
        self.layer = None  # the SVG layer of the marks, over the board
        self.template = None
        self.own_move = False  # the show's own join is being played: its marks stay
        self._tick = create_proxy(lambda *a: self.frame.guard(lambda e: self._wave())(None))
        self._on_click = create_proxy(self._any_click)
        self._on_key = create_proxy(self._any_key)

    # ------------------------------------------------------------------ building
    def build(self, parent: object) -> None:
        """The toggle (a check box) and Skip, shown only while the search shows."""
        row = el("div", parent, "toolbar lu-search-bar")
        lab = el("label", row, "check")
        self.box = el("input", lab, type="checkbox", id="lu-show-search")
        self.shell.text(el("span", lab), "lu_search_toggle")
        self.box.addEventListener("change", create_proxy(self.frame.guard(self._toggled)))
        self.skip_btn = self.frame.button(row, "lu_search_skip", lambda e: self.skip())
        self.skip_btn.setAttribute("hidden", "")

    def _toggled(self, event: object) -> None:
        self.on = bool(event.target.checked)
        if not self.on:
            self.skip()
            self.clear()
        self.calls["changed"]()

    def set_on(self, on: bool) -> None:
        """The saved state of the toggle taken back."""
        self.on = on
        self.box.checked = on

    # ------------------------------------------------------------------ a pick
    async def show(self, a: int, b: int, ended: object) -> None:
        """Show the search from tile ``a`` to tile ``b`` on the board in play, then call ``ended(path)``
        (``path`` ``[]``: not joined) if that board is still in play."""
        self.skip()
        self.clear()
        board = self.calls["board"]()
        self.cols, self.rows = board.cols, board.rows
        self._layer()
        run = {"board": board, "a": a, "b": b, "ended": ended, "out": None, "k": 0, "done": False}
        self.run = run
        self.skip_btn.removeAttribute("hidden")
        self.calls["board_el"]().setAttribute("data-searching", "")
        document.addEventListener("click", self._on_click, True)
        document.addEventListener("keydown", self._on_key, True)
        cols = board.cols
        self.frame.say("lu_search_running", r1=a // cols + 1, c1=a % cols + 1, r2=b // cols + 1, c2=b % cols + 1)
        for i in (a, b):
            self._mark(ring_id(i // cols, i % cols, cols), "end")
        out = await sliced(search(board.rows, cols, board.cells, a, b), SLICE_S)
        if self.run is not run:
            return
        run["out"] = out
        if run["done"] or window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            self._end()
            return
        n = len(out["waves"])
        run["ms"] = max(WAVE_MS[0], min(WAVE_MS[1], SHOW_MS // max(1, n)))
        self._wave()

    def _wave(self) -> None:
        """The next wave: its cells the frontier, the wave before's visited."""
        run = self.run
        self.timer = None
        if run is None or run["done"]:
            return
        waves = run["out"]["waves"]
        k = run["k"]
        if k >= len(waves):
            self._end()
            return
        if k:
            for q in waves[k - 1]:
                self._mark(q, "seen")
        for q in waves[k]:
            self._mark(q, "frontier")
        self._ends()
        run["k"] = k + 1
        self.timer = window.setTimeout(self._tick, run["ms"])

    def skip(self) -> None:
        """Show the end at once (Skip, any click or key); nothing while no search shows."""
        run = self.run
        if run is None:
            return
        run["done"] = True
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        if run["out"] is not None:
            self._end()
        # else: the search is still being worked out; its end is shown as soon as it is

    def _end(self) -> None:
        """The search's end: every cell visited, the path over them; the pair joined or refused."""
        run = self.run
        if run is None:
            return
        self.run = None
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        self._stop_listening()
        out = run["out"]
        for wave in out["waves"]:
            for q in wave:
                self._mark(q, "seen")
        cols = self.cols
        for r, c in out["path"]:
            self._mark(ring_id(r, c, cols), "path")
        if not out["path"]:
            self._ends()
        if self.calls["board"]() is not run["board"]:  # the board changed meanwhile: the pick is void
            self.clear()
            return
        self.own_move = True
        try:
            run["ended"](out["path"], out["states"], turns(out["path"]) if out["path"] else 0)
        finally:
            self.own_move = False

    def _ends(self) -> None:
        run = self.run
        if run is not None:
            for i in (run["a"], run["b"]):
                self._mark(ring_id(i // self.cols, i % self.cols, self.cols), "end")

    def cancel(self) -> None:
        """The board changed under the show (not by its own join): it ends with nothing joined."""
        if self.own_move:
            return
        if self.run is not None:
            self.run = None
            if self.timer is not None:
                window.clearTimeout(self.timer)
                self.timer = None
            self._stop_listening()
        self.clear()

    def _stop_listening(self) -> None:
        self.skip_btn.setAttribute("hidden", "")
        self.calls["board_el"]().removeAttribute("data-searching")
        document.removeEventListener("click", self._on_click, True)
        document.removeEventListener("keydown", self._on_key, True)

    # ------------------------------------------------------------------ any click or key skips
    def _any_click(self, event: object) -> None:
        if self.run is None:
            return
        if self.calls["board_el"]().contains(event.target):  # on the board it only skips
            event.stopPropagation()
            event.preventDefault()
        self.frame.guard(lambda e: self.skip())(None)

    def _any_key(self, event: object) -> None:
        if self.run is None:
            return
        if self.calls["board_el"]().contains(event.target):
            event.stopPropagation()
            event.preventDefault()
        self.frame.guard(lambda e: self.skip())(None)

    # ------------------------------------------------------------------ marks
    def _layer(self) -> None:
        """The marks' layer, over the board drawn now (a new board's drawing empties the board's element)."""
        board_el = self.calls["board_el"]()
        if self.layer is None or self.layer.parentNode != board_el:
            self.layer = document.createElementNS(SVG, "svg")
            self.layer.setAttribute("class", "lu-path lu-search-layer")
            self.layer.setAttribute("aria-hidden", "true")
            pattern = _svg("pattern", _svg("defs", self.layer), id="lu-hatch", width="0.16", height="0.16",
                           patternUnits="userSpaceOnUse", patternTransform="rotate(45)")
            _svg("rect", pattern, width="0.16", height="0.16", fill="#fff")
            _svg("rect", pattern, width="0.08", height="0.16", fill="#111")
            board_el.appendChild(self.layer)
            self.marks = {}
            # a mark: cloned whole from this one (one call of the page's, not seven)
            self.template = document.createElementNS(SVG, "g")
            self.template.setAttribute("class", "lu-search")
            _svg("rect", self.template, **{"class": "h"})  # its light edge
            _svg("rect", self.template, **{"class": "m"})
        self.layer.setAttribute("viewBox", "0 0 %d %d" % (self.cols + 1, self.rows + 1))

    def _mark(self, q: int, kind: str) -> None:
        node = self.marks.get(q)
        if node is None:
            r, c = ring_cell(q, self.cols)
            node = self.template.cloneNode(True)
            node.setAttribute("transform", "translate(%.2f %.2f)" % (_ring(c, self.cols), _ring(r, self.rows)))
            self.layer.appendChild(node)
            self.marks[q] = node
        node.setAttribute("data-search", kind)

    def clear(self) -> None:
        """The marks go (the board is drawn as the game draws it)."""
        for node in self.marks.values():
            node.remove()
        self.marks = {}
