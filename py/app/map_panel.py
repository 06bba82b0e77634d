"""The state map of a game's view: every position reachable from
the board's, each coloured by its distance to the goal, drawn live.

Who does what:

* the worker's ``map`` job (:mod:`puzzles.statespace`) computes the
  positions, the edges, the distances and a layout, in slices;
* ``static/map.js`` runs that job through the solver's one protocol and hands
  the finished answer, unparsed, to ``static/map-render.js``, a drawing worker
  that owns the canvas: nothing of a map of 181,440 positions is parsed on
  the page's thread or in MicroPython;
* this panel (MicroPython) owns the Map button, the figure's accessible name,
  the numbers, the table of positions per distance, every word in both
  languages, and its links to the game: the board's
  position is located on the map after every change (the marker follows the
  moves), Solve's progress lights the wavefront, and a position picked on the
  map (a click, a tap, Enter, "Go to the farthest") goes onto the board as one
  undoable step (the view's ``jump``).

What the map calls a *dead end*: a position, not a goal, with one move only
(the way back). Distances count steps in the game's metric (Huarong's cell or
piece metric, one slide in the sliding puzzle).
"""

import asyncio
import json

from pyscript import window
from pyscript.ffi import create_proxy

from app.dom import clear, el, into_view
from app.records import num
from app.view_errors import coded_text


class MapPanel:
    """The Map button and the map's section of one game's panel."""

    def __init__(self, shell: object, spec: object, session: object, frame: object, jobs: object,
                 calls: dict) -> None:
        """Handed in: the shell, the game's spec, the :class:`~app.session.Session` (the position
        and the options), the :class:`~app.frame.Frame` (buttons, the alert, the status line),
        the :class:`~app.jobs.Jobs` (``request``, ``side_job``) and the view's calls
        ``jump(board, distance)`` and ``board_el()`` (the board's element). It listens to the
        session: a change of position puts the last search's wavefront out."""
        self.shell = shell
        self.spec = spec
        self.game = spec.name
        self.session = session
        self.frame = frame
        self.jobs = jobs
        self.calls = calls
        session.subscribe(lambda kind: self.board_changed())
        self.open = False
        self.api = None  # map.js's handle, once the section has been shown
        self.worker = None  # the solver worker the map's job runs on (the one a "died" event is about)
        self.computing = False
        self.info = None  # the numbers of the map drawn ("ready"), or None
        self.options = None  # the options the map was made with
        self.here = None  # (index, distance) of the board's position on the map; index -1: not on it
        self.located = None  # the board state last sent to be located
        self.made_for = None  # the board state the map was made from (its node 0)
        self.phase = None  # the progress: (positions, phase), or (positions, "draw", step, moves) while drawn
        self.focus = None  # the event of the position under the pointer or the keyboard's cursor
        self.error = None
        self._proxy = create_proxy(self._on_event)

    # ------------------------------------------------------------------ DOM
    def build_button(self, bar: object) -> None:
        g = self.game
        self.button = self.frame.button(bar, "map", self._toggle)
        self.button.setAttribute("aria-expanded", "false")
        self.button.setAttribute("aria-controls", g + "-map")

    def build_section(self, area: object) -> None:
        """The map's section, in the view's main area: beside the board where the screen
        is wide enough for both (app.css), else right under it."""
        sh = self.shell
        g = self.game
        self.main_area = area
        box = self.box = el("section", area, "map-box", id=g + "-map", hidden=True, aria_labelledby=g + "-map-title")
        head = el("div", box, "map-head")
        sh.text(el("h3", head, id=g + "-map-title"), "map_title")
        self.line = el("p", head, "map-line", aria_live="polite", id=g + "-map-line")
        self.frame.button(head, "map_to_board", self._to_board, "map-to-board")
        self.stop_btn = self.frame.button(head, "map_stop", self._on_stop)
        self.stop_btn.setAttribute("hidden", "")
        body = el("div", box, "map-body")
        self.figure = el("div", body, "map-figure", role="img", tabindex="0", id=g + "-map-figure")
        self.figure.setAttribute("aria-describedby", g + "-map-focus " + g + "-map-keys")
        self.canvas = el("canvas", self.figure, "map-canvas")
        aside = el("div", body, "map-aside")
        zoom = el("div", aside, "map-zoom", role="group")
        sh.text(zoom, "map_zoom", "aria-label")
        self.frame.button(zoom, "map_zoom_in", lambda e: self._zoom(1.5))
        self.frame.button(zoom, "map_zoom_out", lambda e: self._zoom(1 / 1.5))
        self.preview = el("canvas", aside, "map-preview", width="120", height="150", aria_hidden="true")
        self.focus_line = el("p", aside, "map-focus", id=g + "-map-focus", aria_live="polite")
        sh.text(el("p", aside, "help", id=g + "-map-keys"), "map_keys")
        legend = el("ul", aside, "map-legend")
        for key in ("map_legend_colour", "map_legend_goal", "map_legend_dead", "map_legend_here", "map_legend_path",
                    "map_legend_wave"):
            sh.text(el("li", legend, key.replace("_", "-")), key)
        self.numbers = el("dl", aside, "map-numbers")
        self.far_btn = self.frame.button(aside, "map_farthest_go", self._on_farthest)
        self.far_btn.disabled = True
        self.cut = el("p", aside, "help map-cut", hidden=True)
        table_box = el("details", box, "map-table-box")
        sh.text(el("summary", table_box), "map_table")
        self.table = el("table", table_box, "map-table")
        sh.text(el("caption", self.table), "map_table")
        head_row = el("tr", el("thead", self.table))
        sh.text(el("th", head_row, scope="col"), "map_dist")
        sh.text(el("th", head_row, scope="col"), "map_count")
        self.tbody = el("tbody", self.table)
        self.render()

    def _toggle(self, event: object) -> None:
        self.open = not self.open
        self.button.setAttribute("aria-expanded", "true" if self.open else "false")
        self.main_area.classList.toggle("with-map", self.open)
        if not self.open:
            self.box.setAttribute("hidden", "")
            return
        self.box.removeAttribute("hidden")
        self.error = None  # opening again tries again
        if self.api is None:
            self.api = window.bfsMap.attach(self.figure, self.canvas, self.preview, self._proxy)
        self.follow()
        into_view(self.figure, self.box)

    def _to_board(self, event: object) -> None:
        """A phone's way back from the map to the board (the map keeps its zoom and place)."""
        into_view(self.calls["board_el"](), self.frame.status)

    # ------------------------------------------------------------------ the view's hooks
    def follow(self) -> None:
        """After every redraw of the board: make the map (first opening, new
        options) or mark the board's position on it."""
        if not self.open or self.api is None or self.computing:
            return
        state = self.session.state
        if self.info is None or self.options != self._opts():
            if self.error is None or self.located is not state:
                self.compute()
            return
        if state is not self.located:
            self.located = state
            self.api.locate(json.dumps({"rows": state.rows, "cols": state.cols, "cells": state.map_cells()}))

    def board_changed(self) -> None:
        """A player's move, an undo, a new board: the wavefront of the last search goes."""
        if self.api is not None:
            self.api.waveOff()

    def wave(self, progress: dict) -> None:
        """A search's progress (its depth, or the positions it found) lights the map's wavefront."""
        if self.api is not None and self.info is not None and self.here and self.here[0] >= 0:
            depth = progress.get("depth")
            self.api.wave(depth if isinstance(depth, int) else None, int(progress.get("positions", 0)))

    def wave_end(self, steps: int) -> None:
        """The search found a way of ``steps`` steps: the wave reaches that depth."""
        if self.api is not None and self.info is not None and self.here and self.here[0] >= 0:
            self.api.waveEnd(steps)

    def _opts(self) -> str:
        return json.dumps(self.session.options)

    def compute(self) -> None:
        if not self.computing:
            self.jobs.side_job(True)
        self.computing = True
        self.info = None
        self.here = None
        self.located = self.made_for = self.session.state
        self.options = self._opts()
        self.error = None
        self.phase = (0, "explore")
        self.focus = None
        self.render()
        asyncio.create_task(self._start(self.jobs.request("map", layout="rings")))

    async def _start(self, request: str) -> None:
        try:
            worker = await self.shell.solver.get()
        except Exception as e:  # no solver: said, and the page goes on
            self._failed({"code": "map_failed", "text": str(e)})
            return
        self.worker = worker
        self.api.start(worker, self.game, request)

    def _done(self) -> None:
        """The map's job ended (made, stopped or failed)."""
        if self.computing:
            self.computing = False
            self.jobs.side_job(False)

    def _failed(self, err: dict) -> None:
        self._done()
        self.error = err
        self.render()

    def _on_stop(self, event: object) -> None:
        if self.computing and self.api is not None:
            self.api.cancel()

    def _zoom(self, factor: float) -> None:
        if self.api is not None:
            self.api.zoom(factor)

    def _on_farthest(self, event: object) -> None:
        if self.info is not None and self.api is not None:
            self.api.pick(self.info["farthest"])

    # ------------------------------------------------------------------ events from map.js
    def _on_event(self, kind: object, text: object) -> None:
        kind = str(kind)
        data = json.loads(str(text))
        if kind == "progress":
            self.phase = (data.get("positions", 0), data.get("phase", "explore"))
        elif kind == "computed":
            self.phase = (self.phase[0] if self.phase else 0, "draw")
        elif kind == "drawing":  # the drawing worker's steps: reading the answer, placing, painting
            self.phase = (data.get("n") or (self.phase[0] if self.phase else 0), "draw", data["step"], data.get("e", 0))
        elif kind == "ready":
            self._done()
            self.info = data
            # The map's first position is the board's it was made from: its distance is known now, so the
            # figure's name says it from the start (the locate that follows confirms it). A board changed
            # meanwhile waits for that locate.
            start = data.get("start_dist")
            self.here = (0, start) if start is not None and self.session.state is self.made_for else None
            self.located = None
            self._fill_table()
            self.follow()
        elif kind == "drawn":
            self.phase = None
            self.figure.setAttribute("data-drawn-ms", str(int(data["ms"])))
        elif kind == "located":
            self.here = (data["index"], data["dist"])
            self.focus = None
            if data["index"] < 0 and not self.computing:  # another component (a new board): a new map
                if self.located is self.made_for:  # never expected: the map starts at this very position
                    self._failed({"code": "map_failed", "text": "the board's position is not on its own map"})
                else:
                    self.compute()
                return
        elif kind == "lit":  # how many positions the search's wavefront lights (for tests and the curious)
            self.figure.setAttribute("data-lit", str(data["n"]))
            return
        elif kind in ("hover", "cursor"):
            self.focus = data if data.get("index", -1) >= 0 else None
        elif kind == "pick":
            self._jump(data)
            return
        elif kind == "cancelled":
            self._done()
            self.phase = None
            self.error = {"code": "map_cancelled", "text": ""}
        elif kind == "error":
            self._failed(data)
            return
        elif kind == "died":  # the solver stopped answering: a fresh one starts, as for any job
            self.shell.solver.died(self.worker)
            self._failed({"code": "map_failed", "text": data.get("text", "")})
            return
        self.render()

    def _jump(self, data: dict) -> None:
        info = self.info
        if info is None:
            return
        rows, cols, cells = info["rows"], info["cols"], data["grid"]
        ids = info.get("ids")
        if ids is not None:  # Huarong's grids hold small indexes: back to the pieces' ids
            cells = [ids[v] if 0 <= v < len(ids) else -1 for v in cells]
        grid = [cells[r * cols : (r + 1) * cols] for r in range(rows)]
        try:
            board = self.spec.board.from_grid(grid)
        except ValueError as e:  # the map's grids come from the game's own moves: never expected
            self.frame.show_puzzle_error(e)
            return
        self.calls["jump"](board, data["dist"])

    # ------------------------------------------------------------------ words
    def label(self) -> str:
        """The figure's accessible name: positions and the board's distance, in digits."""
        t = self.shell.t
        info = self.info
        if info is None:
            return t("map_label_empty")
        n = num(info["n"])
        if self.here is None:  # not located yet
            return t("map_label_n", n=n)
        if self.here[0] < 0:
            return t("map_label_off", n=n)
        if self.here[1] is None or self.here[1] < 0:
            return t("map_label_none", n=n)
        return t("map_label", n=n, d=num(self.here[1]))

    def render(self) -> None:
        t = self.shell.t
        self.figure.setAttribute("aria-label", self.label())
        info = self.info
        self.figure.setAttribute("data-positions", str(info["n"]) if info else "")
        here = self.here
        self.figure.setAttribute("data-distance", str(here[1]) if info and here and here[0] >= 0 else "")
        if self.computing:
            self.stop_btn.removeAttribute("hidden")
        else:
            self.stop_btn.setAttribute("hidden", "")
        if self.error is not None:
            code = self.error.get("code", "map_failed")
            if code == "map_cancelled":
                line = t("map_cancelled")
            else:
                line = t("map_failed", msg=coded_text(self.error, self.shell.lang))
        elif self.phase is not None:
            positions, phase = self.phase[0], self.phase[1]
            if phase == "draw" and len(self.phase) > 2:
                line = t("map_draw_" + self.phase[2], n=num(positions), e=num(self.phase[3]))
            elif phase == "draw":
                line = t("map_drawing", n=num(positions))
            else:
                line = t("map_progress", n=num(positions), phase=t("map_phase_" + str(phase)))
        elif info is not None:
            line = t("map_ready", s="%.2f" % (info.get("seconds") or 0))
        else:
            line = ""
        self.line.textContent = line
        self.far_btn.disabled = info is None or info["max_dist"] < 0
        self._render_numbers()
        self._render_focus()

    def _render_focus(self) -> None:
        t = self.shell.t
        f = self.focus
        if f is None:
            here = self.here
            if self.info is None or here is None:
                self.focus_line.textContent = ""
                return
            if here[0] < 0:
                self.focus_line.textContent = t("map_not_here")
                return
            f = {"index": here[0], "dist": here[1], "deg": None}
            key = "map_focus_here"
        else:
            key = "map_focus"
        if f.get("stuck"):
            self.focus_line.textContent = t("map_no_neighbour")
            return
        d = f.get("dist")
        far = t("map_far", d=num(d)) if d is not None and d >= 0 else t("map_far_none")
        self.focus_line.textContent = t(key, i=num(f["index"] + 1), far=far, k=f.get("deg") or 0)

    def _render_numbers(self) -> None:
        box = self.numbers
        clear(box)
        info = self.info
        if info is None:
            self.cut.setAttribute("hidden", "")
            return
        t = self.shell.t
        rows = [
            ("map_positions", num(info["n"])),
            ("map_edges", num(info["e"])),
            ("map_goals", num(info["goals"])),
            ("map_farthest", t("map_far", d=num(info["max_dist"])) if info["max_dist"] >= 0 else t("map_far_none")),
            ("map_dead_ends", num(info["dead_ends"])),
        ]
        if info.get("merges"):  # the game's space counts positions told apart
            merged = info.get("merged_digits")
            rows.append(("map_merged", t("map_merged_value", m=num(int(merged))) if merged else t("map_merged_none")))
        for key, value in rows:
            el("dt", box, text=t(key))
            el("dd", box, text=value)
        if info["truncated"]:
            self.cut.textContent = t("map_cut", n=num(info["n"]))
            self.cut.removeAttribute("hidden")
        else:
            self.cut.setAttribute("hidden", "")

    def _fill_table(self) -> None:
        clear(self.tbody)
        info = self.info
        for d, count in enumerate(info["hist"]):
            tr = el("tr", self.tbody)
            el("th", tr, text=str(d), scope="row")
            el("td", tr, text=num(count))
        if info["unreachable"]:
            tr = el("tr", self.tbody)
            self.shell.text(el("th", tr, scope="row"), "map_far_none")
            el("td", tr, text=num(info["unreachable"]))

    def relabel(self) -> None:
        self.render()

