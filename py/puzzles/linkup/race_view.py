"""Link-up's race panel: a room on the app's server (py/race/), joined by link or code, Ready, a
countdown, everyone on the same board, each opponent's tiles left as a progress bar once the race is on,
the standings, Rematch. It does not import the view: Link-up's view hands it what it uses.

Out of a room the panel offers its two ways in side by side: "Create a room" and "Join with a code" (a
code field and Join), so joining a friend never makes a room first; the toolbar's Race button creates a
room too. In a room the code field goes (Leave first to go to another). A room link whose code cannot be
a room's (wrong length or symbols, a 60,000-character one) is said at once and never sent.

The protocol (what is sent, what is taken from the server, reconnection, the send rate) is
:class:`puzzles.linkup.race_client.RaceClient`'s, pure and unit-tested; here are only its adapter (a JS
``WebSocket`` on the page's thread, handlers through ``create_proxy``, timers, ``sessionStorage``) and the
panel's DOM, drawn from the client's state after each thing it is told. The socket is
``window.raceSocket`` (for the console and the tests). The seat (room, player, secret) is kept in this
tab's ``sessionStorage``, so a reload takes it back. Served as plain files (no server), the panel says
Race needs the app's server and nothing else changes.
"""

import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from app.dom import clear, el, on
from puzzles.linkup import PRESETS
from puzzles.linkup.race_client import RaceClient, normalize, room_code

STORE = "bfs-puzzles.race"
SVG = "http://www.w3.org/2000/svg"


def _store(value: "dict | None") -> None:
    try:
        if value is None:
            window.sessionStorage.removeItem(STORE)
        else:
            window.sessionStorage.setItem(STORE, json.dumps(value))
    except Exception:  # storage off: a reload then takes a new seat
        pass


def _stored() -> dict:
    try:
        data = json.loads(str(window.sessionStorage.getItem(STORE) or "{}"))
    except Exception:
        return {}
    return data if isinstance(data, dict) else {}


def pretty_code(code: str) -> str:
    """``ABCD2345`` as it is read out: ``ABCD-2345``."""
    return code[:4] + "-" + code[4:] if len(code) == 8 else code


def race_time(ms: object) -> str:
    """A race's time to the tenth, ``m:ss.t`` (players of one board finish seconds apart)."""
    tenths = int(ms) // 100 if ms and ms > 0 else 0
    return "%d:%02d.%d" % (tenths // 600, tenths // 10 % 60, tenths % 10)


def _shown(node: object, shown: bool) -> None:
    if shown:
        node.removeAttribute("hidden")
    else:
        node.setAttribute("hidden", "")


class RacePanel:
    """The panel; ``calls``: ``settings()`` (the pickers' ``{"preset", "kinds"}``), ``load(board_code,
    seed)`` (put the race's board in play), ``encode(move)``, ``render()`` (the view's redraw, called when
    Solve turns off or on: an opponent's move redraws the panel only)."""

    def __init__(self, shell: object, session: object, frame: object, calls: dict) -> None:
        self.shell, self.session, self.frame, self.calls = shell, session, frame, calls
        self.ws = None
        self.code_typed = ""
        self.name_typed = ""
        self._start = (None, "")  # the board in play and its share code (see _board_code)
        self.solve_was_off = False
        self.client = RaceClient({
            "send": lambda text: self.ws.send(text), "now": lambda: float(window.Date.now()),
            "board_code": self._board_code, "emit": self._event,
            "moves": lambda: [calls["encode"](m) for m in session.made]})
        session.subscribe(lambda kind: self.client.sync())
        shell.on_lang(self.render)

    # ------------------------------------------------------------------ building
    def build_button(self, bar: object) -> None:
        self.frame.button(bar, "race", self.create)

    def create(self, event: object = None) -> None:
        """The toolbar's Race (or Create a room): a room made, the panel shown."""
        self._on_race(event)

    def build(self, parent: object) -> None:
        box = self.box = el("section", parent, "race", id="race")
        box.setAttribute("aria-labelledby", "race-title")
        self.shell.text(el("h2", box, "race-title", id="race-title"), "race")
        self.line = el("p", box, "race-line", aria_live="polite")
        self.players_el = el("ul", box, "race-players")
        self.standings = el("table", box, "race-standings", hidden=True)
        self.ways = el("div", box, "toolbar race-ways")  # out of a room: create one, or join by its code
        self.frame.button(self.ways, "race_create", self._on_race, "primary")
        join = el("div", self.ways, "race-join")  # the code and its Join button stay on one line
        lab = el("label", join, "field")
        self.shell.text(el("span", lab), "race_code")
        self.code_input = el("input", lab, type="text", id="race-code-input", autocomplete="off", maxlength="12")
        on(self.code_input, "input", lambda e: setattr(self, "code_typed", str(e.target.value)))
        on(self.code_input, "keydown", self.frame.guard(lambda e: self._on_join(e) if str(e.key) == "Enter" else None))
        self.frame.button(join, "race_join", self._on_join)
        bar = el("div", box, "toolbar")
        # named by what it will do (Ready / Not ready), pressed while ready; its words set in render()
        self.ready_btn = el("button", bar, "btn primary", type="button")
        on(self.ready_btn, "click", self.frame.guard(lambda e: self._do(self.client.ready)))
        self.rematch_btn = self.frame.button(bar, "race_rematch", lambda e: self._do(self.client.rematch))
        self.leave_btn = self.frame.button(bar, "race_leave", lambda e: self._do(self.client.leave))
        self.invite = el("div", box, "race-invite")
        lab = el("label", self.invite, "field race-link")
        self.shell.text(el("span", lab), "race_link")
        self.link_input = el("input", lab, type="text", readonly="", id="race-link")
        self.code_line = el("p", self.invite, "race-code")
        lab = self.name_el = el("label", box, "field race-name")
        self.shell.text(el("span", lab), "race_name")
        self.name_input = el("input", lab, type="text", id="race-name", maxlength="20", autocomplete="nickname")
        on(self.name_input, "change", self._on_name)
        room = self.shell.params.get("room")
        if room:  # a room's link: joined (or the seat this tab had taken back) once the page is built
            self.show()
            code = room_code(room)
            if code is None:
                self.client.say("race_bad_link")
                self.render()
                return
            stored = _stored()
            window.setTimeout(create_proxy(lambda *a: self._do(self.client.resume_or_join, code, stored,
                                                               self._online())), 0)

    # ------------------------------------------------------------------ what the view asks
    def racing(self) -> bool:
        """Seated in a room whose race is counting down or on: Solve is off (until the race is done)."""
        return self.client.racing()

    def hinted(self) -> None:
        """A hint was shown: counted in a race."""
        self.client.hinted()

    def on_race_board(self) -> bool:
        """The board on screen is this room's race board (during the race or after it): the race times its
        play (the standings), not the game's clock."""
        return self.client.on_race_board()

    def clock_ms(self) -> "int | None":
        """The race's time for the game's clock line (see :meth:`RaceClient.clock_ms`)."""
        return self.client.clock_ms()

    def show(self) -> None:
        self.box.removeAttribute("hidden")

    def _board_code(self) -> str:
        start = self.session.start
        if self._start[0] is not start:  # asked twice a second (the clock line): the code once per board
            self._start = (start, start.to_code())
        return self._start[1]

    # ------------------------------------------------------------------ the socket and timers (the adapter)
    def _online(self) -> bool:
        return bool(window.navigator.onLine)

    def _do(self, call: object, *args: object) -> None:
        """Tell the client something, then draw the panel from its state."""
        call(*args)
        self.render()

    def _event(self, kind: str, data: dict) -> None:
        """What the client asks of the page (see :mod:`puzzles.linkup.race_client`)."""
        if kind == "dial":
            self._dial()
        elif kind == "later":
            what = data["what"]
            window.setTimeout(create_proxy(lambda *a: self.render() if self.client.timer(what) else None),
                              data["ms"])
        elif kind == "seat":
            seat = data["seat"]
            _store(seat)
            self.shell.set_url(room=seat["room"] if seat is not None else None)
        elif kind == "rejoin":  # a stale stored seat: join afresh
            _store(None)
            room = room_code(self.shell.params.get("room") or "")
            if room:
                self.client.join(room, self.name_typed)
        elif kind == "load":
            self.calls["load"](data["board"], data["seed"])

    def _dial(self) -> None:
        loc = window.location
        scheme = "wss:" if str(loc.protocol) == "https:" else "ws:"
        path = str(loc.pathname)
        url = scheme + "//" + str(loc.host) + path[: path.rfind("/") + 1] + "race"
        try:
            ws = window.WebSocket.new(url)
        except Exception:
            self.client.dial_failed()
            return
        self.ws = ws
        window.raceSocket = ws
        ws.onopen = create_proxy(lambda event: self._do(self.client.opened))
        ws.onmessage = create_proxy(lambda event: self._do(self.client.received, str(event.data)))
        ws.onclose = create_proxy(lambda event: self._closed(ws))

    def _closed(self, ws: object) -> None:
        if ws is self.ws:
            self.ws = None
            self._do(self.client.closed, self._online())

    # ------------------------------------------------------------------ buttons
    def _on_race(self, event: object) -> None:
        self.show()
        self._do(self.client.create, self.calls["settings"](), self.name_typed, self._online())

    def _on_join(self, event: object) -> None:
        if not normalize(self.code_typed):
            self._do(self.client.say, "race_type_code")
            return
        code = room_code(self.code_typed)
        if code is None:
            self._do(self.client.say, "race_bad_code")
            return
        self.show()
        self._do(self.client.join, code, self.name_typed, self._online())

    def _on_name(self, event: object) -> None:
        self.name_typed = str(event.target.value)
        self._do(self.client.name, self.name_typed)

    # ------------------------------------------------------------------ drawing
    def _label(self, p: dict) -> str:
        return p["name"] or self.shell.t("race_player_n", n=p["n"])

    def render(self) -> None:
        """Draw the panel from the room's last state (and the panel's line)."""
        if getattr(self, "box", None) is None:
            return
        t, snap, me = self.shell.t, self.client.snap, self.client.me()
        seated = me is not None
        phase = snap["phase"] if snap is not None else None
        line = self.client.line()
        self.line.textContent = t(line[0], **line[1]) if line else t("race_help")
        if seated:
            self.invite.removeAttribute("hidden")
            self.link_input.value = self._link(snap["room"])
            self.code_line.textContent = t("race_code_is", code=pretty_code(snap["room"]))
        else:
            self.invite.setAttribute("hidden", "")
        _shown(self.ways, not seated)  # in a room, no code field: Leave first to go to another
        _shown(self.name_el, phase in (None, "lobby", "done"))
        _shown(self.ready_btn, seated and phase in ("lobby", "countdown"))
        is_ready = seated and bool(me["ready"])
        self.ready_btn.textContent = t("race_unready" if is_ready else "race_ready")
        self.ready_btn.setAttribute("aria-pressed", "true" if is_ready else "false")
        _shown(self.rematch_btn, seated and phase == "done")
        _shown(self.leave_btn, seated)
        self._draw_players(snap, me)
        self._draw_standings(snap)
        if self.racing() != self.solve_was_off:  # Solve on or off: the view's buttons (not on every message)
            self.solve_was_off = self.racing()
            self.calls["render"]()

    def _link(self, code: str) -> str:
        loc = window.location
        return str(loc.origin) + str(loc.pathname) + "?game=linkup&room=" + code

    def _total(self, snap: dict) -> int:
        if snap.get("total"):
            return snap["total"]
        preset = PRESETS.get(snap["settings"]["preset"])
        return preset[0] * preset[1] if preset is not None else 0

    def _draw_players(self, snap: "dict | None", me: "dict | None") -> None:
        clear(self.players_el)
        if snap is None:
            return
        t, total = self.shell.t, self._total(snap)
        first = [p for p in snap["players"] if p["place"] == 1]
        for p in snap["players"]:
            li = el("li", self.players_el, "race-player")
            name = self._label(p)
            state = []
            if me is not None and p["id"] == me["id"]:
                state.append(t("race_you"))
            if snap["phase"] in ("lobby", "countdown"):
                state.append(t("race_is_ready") if p["ready"] else t("race_not_ready"))
            if p["time_ms"] is not None:
                state.append(t("race_finished", place=p["place"], t=race_time(p["time_ms"])))
            elif snap["phase"] in ("race", "done"):
                state.append(t("race_dnf", n=p["left"]))
            if p["gone"]:
                state.append(t("race_gone"))
            elif not p["online"]:
                state.append(t("race_away"))
            el("span", li, "race-name", text=name + (" — " + t("race_sep").join(state) if state else ""))
            if (me is not None and p["id"] == me["id"]) or snap["phase"] not in ("race", "done"):
                continue  # no bar before the race: nobody has tiles yet
            bar = el("div", li, "race-bar", role="progressbar")
            bar.setAttribute("aria-valuemin", "0")
            bar.setAttribute("aria-valuemax", str(total))
            left = p["left"]
            bar.setAttribute("aria-valuenow", str(left))
            bar.setAttribute("aria-label", t("race_bar", name=name, n=left))
            fill = el("span", bar, "race-fill")
            fill.style.width = "%.1f%%" % (100.0 * left / total if total else 0)
            if p.get("shape") and snap.get("cols"):
                self._silhouette(li, p["shape"], snap["rows"], snap["cols"])
        if first:
            el("p", self.players_el, "race-first", text=t("race_first", name=self._label(first[0]),
                                                              t=race_time(first[0]["time_ms"])))

    def _silhouette(self, parent: object, shape: str, rows: int, cols: int) -> None:
        """The opponent's board as they see it, tiles as plain squares (no kinds): one SVG path."""
        svg = document.createElementNS(SVG, "svg")
        svg.setAttribute("class", "race-shape")
        svg.setAttribute("viewBox", "0 0 %d %d" % (cols, rows))
        svg.setAttribute("aria-hidden", "true")  # the bar says the same in words
        parts = []
        for k in range(len(shape)):
            bits = int(shape[k], 16)
            for j in range(4):
                if bits >> j & 1:
                    r, c = divmod(4 * k + j, cols)
                    parts.append("M%d.1 %d.1h.8v.8h-.8z" % (c, r))
        path = document.createElementNS(SVG, "path")
        path.setAttribute("d", "".join(parts))
        svg.appendChild(path)
        parent.appendChild(svg)

    def _draw_standings(self, snap: "dict | None") -> None:
        table = self.standings
        clear(table)
        if snap is None or snap["phase"] != "done":
            table.setAttribute("hidden", "")
            return
        table.removeAttribute("hidden")
        t = self.shell.t
        el("caption", table, text=t("race_standings"))
        head = el("tr", el("thead", table))
        for key in ("race_col_place", "race_col_name", "race_col_time", "race_col_pairs", "race_col_hints",
                    "race_col_shuffles"):
            el("th", head, text=t(key), scope="col")
        body = el("tbody", table)
        order = sorted(snap["players"], key=lambda p: (p["place"] or 99, p["left"]))
        for p in order:
            row = el("tr", body)
            el("td", row, text=str(p["place"]) if p["place"] else "—")
            el("td", row, text=self._label(p))
            el("td", row, text=race_time(p["time_ms"]) if p["time_ms"] is not None else t("race_dnf", n=p["left"]))
            el("td", row, text=str(p["pairs"]))
            el("td", row, text=str(p["hints"]))
            el("td", row, text=str(p["shuffles"]))
