"""Link-up's race panel: a room on the app's server (py/race/), joined by link or code, Ready, a
countdown, everyone on the same board, each opponent's tiles left as a progress bar once the race is on,
the standings, Rematch. It does not import the view: Link-up's view hands it what it uses.

Out of a room the panel offers its two ways in side by side: "Create a room" and "Join with a code" (a
code field and Join), so joining a friend never makes a room first; the toolbar's Race button creates a
room too. In a room the code field goes (Leave first to go to another). A room link whose code cannot be
a room's (wrong length or symbols, a 60,000-character one) is said at once and never sent.

The room's state is the server's: every change comes as one ``room`` message, and the panel is drawn
from the last one. The player's moves are the session's: after each change the panel sends the server
the difference between the moves it has (``sent``) and the moves in effect (undone ones as ``undo``),
so a pair, a shuffle, Undo and Redo, and the moves made while the connection was away, all reach it;
the server checks each pair with the same engine. The socket runs on the page's thread (a JS
``WebSocket``, handlers through ``create_proxy``), and is ``window.raceSocket`` (for the console and
the tests). The seat (room, player, secret) is kept in this tab's ``sessionStorage``, so a reload
takes it back; a lost connection is tried again for the server's 30 s grace. Served as plain files
(no server), the panel says Race needs the app's server and nothing else changes.
"""

import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from app.dom import clear, el, on
from puzzles.linkup import PRESETS

VERSION = 1
STORE = "bfs-puzzles.race"
RETRY_MS = 1500
GRACE_MS = 30000
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


ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # the server's (py/race/rooms.py)
CODE_LEN = 8
# The server's refusals a player can meet, each said in words; any other code gets race_error.
ERRORS = {"rate": "race_err_rate", "too_many_rooms": "race_err_rooms", "server_full": "race_err_full",
          "too_many_tries": "race_err_tries", "room_full": "race_err_room_full",
          "race_running": "race_err_running", "too_many_shuffles": "race_err_shuffles"}


def room_code(text: object) -> "str | None":
    """A room link's or a typed code as the server keys it, or ``None`` when it cannot be a room's (the
    server's codes: :data:`CODE_LEN` symbols of its alphabet, read with any dashes or spaces)."""
    text = str(text)
    if len(text) > 4 * CODE_LEN:  # looked at no further: a link may carry 60,000 characters
        return None
    code = normalize(text)
    if len(code) != CODE_LEN or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def normalize(text: str) -> str:
    """A typed room code as the server keys it: upper case, letters and digits only (MicroPython's
    ``str`` has no ``isalnum``)."""
    return "".join(ch for ch in str(text).upper() if ch in ALNUM)


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
        self.open_ = False  # the socket is open
        self.seat = None  # {"room", "player", "secret"} once the server seated us
        self.snap = None  # the room's last state
        self.sent: list = []  # the moves the server holds for our seat
        self.note = None  # (key, values) of the panel's line
        self.want = None  # the first message to send once the socket opens
        self.retry_until = 0.0
        self.ever_opened = False
        self.code_typed = ""
        self.name_typed = ""
        self.count_end = 0.0
        self.race_start: "float | None" = None  # when the race started, on this page's clock (ms)
        self._start = (None, "")  # the board in play and its share code (see on_race_board)
        self.solve_was_off = False
        session.subscribe(self._session_changed)
        shell.on_lang(self.render)

    # ------------------------------------------------------------------ building
    def build_button(self, bar: object) -> None:
        self.frame.button(bar, "race", self._on_race)

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
        on(self.ready_btn, "click", self.frame.guard(self._on_ready))
        self.rematch_btn = self.frame.button(bar, "race_rematch", self._on_rematch)
        self.leave_btn = self.frame.button(bar, "race_leave", self._on_leave)
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
                self._say("race_bad_link")
                return
            stored = _stored()
            first = {"t": "join", "room": code}
            if stored.get("room") == code:
                first = dict(stored, t="resume")
            window.setTimeout(create_proxy(lambda *a: self._connect(first)), 0)

    # ------------------------------------------------------------------ what the view asks
    def racing(self) -> bool:
        """Seated in a room whose race is counting down or on: Solve is off (until the race is done)."""
        snap = self.snap
        return snap is not None and self.seat is not None and snap["phase"] in ("race", "countdown")

    def hinted(self) -> None:
        """A hint was shown: counted in a race."""
        if self.racing() and self.on_race_board():
            self._send({"t": "hint"})

    def show(self) -> None:
        self.box.removeAttribute("hidden")

    # ------------------------------------------------------------------ the socket
    def _connect(self, first: dict) -> None:
        self.want = first
        if self.ws is not None and self.open_:
            self._send(self.want)
            self.want = None
            return
        if self.ws is not None:
            return
        if not window.navigator.onLine:  # opened offline (from the service worker's cache): no server to reach
            self._say("race_offline")
            return
        loc = window.location
        scheme = "wss:" if str(loc.protocol) == "https:" else "ws:"
        path = str(loc.pathname)
        url = scheme + "//" + str(loc.host) + path[: path.rfind("/") + 1] + "race"
        self._say("race_connecting")
        try:
            ws = window.WebSocket.new(url)
        except Exception:
            self._say("race_needs_server")
            return
        self.ws = ws
        window.raceSocket = ws
        ws.onopen = create_proxy(self._opened)
        ws.onmessage = create_proxy(self._message)
        ws.onclose = create_proxy(self._closed)

    def _opened(self, event: object) -> None:
        self.open_, self.ever_opened = True, True
        if self.want is not None:
            self._send(self.want)
            self.want = None

    def _closed(self, event: object) -> None:
        was_open = self.open_
        self.ws, self.open_ = None, False
        if not self.ever_opened:
            self._say("race_needs_server" if window.navigator.onLine else "race_offline")
            return
        now = float(window.Date.now())
        if was_open and self.seat is not None:
            self.retry_until = now + GRACE_MS
        if self.seat is not None and now < self.retry_until:
            self._say("race_reconnecting")
            window.setTimeout(create_proxy(self._retry), RETRY_MS)
        elif self.seat is not None:
            self._lost()

    def _retry(self, *args: object) -> None:
        if self.seat is not None and self.ws is None:
            self._connect(dict(self.seat, t="resume"))

    def _send(self, msg: dict) -> None:
        if self.ws is not None and self.open_:
            msg = dict(msg)
            msg["v"] = VERSION
            self.ws.send(json.dumps(msg))

    def _message(self, event: object) -> None:
        try:
            msg = json.loads(str(event.data))
        except ValueError:
            return
        kind = msg.get("t") if isinstance(msg, dict) else None
        if kind == "welcome":
            self.seat = {"room": msg["room"], "player": msg["player"], "secret": msg["secret"]}
            _store(self.seat)
            self.shell.set_url(room=msg["room"])
            self.sent = list(msg.get("moves") or [])
            self.note = None
        elif kind == "room":
            self._room(msg)
        elif kind == "refused":
            self._say("race_refused")
        elif kind == "error":
            self._error(str(msg.get("code")))
        self.render()

    def _error(self, code: str) -> None:
        if code == "seat_gone" and self.seat is None and self.want is None:  # a stale stored seat: join afresh
            _store(None)
            room = room_code(self.shell.params.get("room") or "")
            if room:
                self._send({"t": "join", "room": room, "name": self._name()})
        elif code in ("seat_gone", "room_expired"):
            self._lost()
        elif code == "room_not_found" and self.seat is None:
            self._say("race_no_room")
        elif code == "replaced":
            self.seat, self.snap = None, None
            self._say("race_replaced")
        else:  # said in words, never the server's code word
            self._say(ERRORS.get(code, "race_error"))

    def _room(self, snap: dict) -> None:
        old = self.snap
        self.snap = snap
        if old is None or old["phase"] != snap["phase"]:
            self.note = None  # a notice lasts until the room's phase changes
        if snap["phase"] == "countdown":
            self.count_end = float(window.Date.now()) + snap.get("countdown_ms", 0)
            window.setTimeout(create_proxy(self._count), 250)
        race_ms = snap.get("race_ms")
        if isinstance(race_ms, int) and race_ms >= 0:  # when the race started, on this page's clock
            self.race_start = float(window.Date.now()) - race_ms
        if snap["phase"] in ("race", "done") and snap.get("board"):
            fresh = old is None or old.get("round") != snap["round"] or old.get("phase") == "countdown"
            if fresh and not self.on_race_board():
                self.sent = []
                self.calls["load"](snap["board"], snap.get("seed"))
            self._sync()

    def _count(self, *args: object) -> None:
        """The countdown's second, said again until the race starts."""
        if self.snap is not None and self.snap["phase"] == "countdown":
            self.render()
            window.setTimeout(create_proxy(self._count), 250)

    def _lost(self) -> None:
        """The seat is gone (a server restart, the room expired): solo play goes on."""
        self.seat, self.snap, self.sent = None, None, []
        _store(None)
        self.shell.set_url(room=None)
        self._say("race_lost")
        self.render()

    # ------------------------------------------------------------------ moves
    def clock_ms(self) -> "int | None":
        """The race's time for the game's clock line, on the race's board: the player's own once they
        cleared it, else the time since the start while the race goes on (``-1``: none to show, the race
        over); ``None`` off the race's board (the game's own clock)."""
        if not self.on_race_board():
            return None
        me = self._me()
        if me is not None and me.get("time_ms") is not None:
            return int(me["time_ms"])
        if self.snap["phase"] == "race" and self.race_start is not None:
            return max(0, int(float(window.Date.now()) - self.race_start))
        return -1

    def on_race_board(self) -> bool:
        """The board on screen is this room's race board (during the race or after it): the race times its
        play (the standings), not the game's clock."""
        snap = self.snap
        if snap is None:
            return False
        start = self.session.start
        if self._start[0] is not start:  # asked twice a second (the clock line): the code once per board
            self._start = (start, start.to_code())
        return snap.get("board") == self._start[1]

    def _session_changed(self, kind: str) -> None:
        self._sync()

    def _sync(self) -> None:
        """Send the server what changed in the moves in effect since it last heard (see the docstring)."""
        snap = self.snap
        if snap is None or snap["phase"] != "race" or not self.on_race_board() or not self.open_:
            return
        me = self._me()
        if me is None or me.get("time_ms") is not None:
            return
        local = [self.calls["encode"](m) for m in self.session.made]
        k = 0
        while k < len(self.sent) and k < len(local) and self.sent[k] == local[k]:
            k += 1
        for _ in range(len(self.sent) - k):
            self._send({"t": "undo"})
        for move in local[k:]:
            if move[0] == "shuffle":
                self._send({"t": "shuffle", "board": move[1]})
            else:
                self._send({"t": "pair", "a": move[0], "b": move[1]})
        self.sent = local

    # ------------------------------------------------------------------ buttons
    def _on_race(self, event: object) -> None:
        self.show()
        if self.seat is None:
            self._connect({"t": "create", "settings": self.calls["settings"](), "name": self._name()})
        self.render()

    def _on_join(self, event: object) -> None:
        if not normalize(self.code_typed):
            self._say("race_type_code")
            return
        code = room_code(self.code_typed)
        if code is None:
            self._say("race_bad_code")
            return
        self.show()
        self._connect({"t": "join", "room": code, "name": self._name()})

    def _on_name(self, event: object) -> None:
        self.name_typed = str(event.target.value)
        if self.seat is not None:
            self._send({"t": "name", "name": self.name_typed})

    def _name(self) -> str:
        return self.name_typed

    def _on_ready(self, event: object) -> None:
        me = self._me()
        if me is not None:
            self._send({"t": "ready", "ready": not me["ready"]})

    def _on_rematch(self, event: object) -> None:
        self._send({"t": "rematch"})

    def _on_leave(self, event: object) -> None:
        self._send({"t": "leave"})
        self.seat, self.snap, self.sent = None, None, []
        _store(None)
        self.shell.set_url(room=None)
        self._say("race_left")
        self.render()

    # ------------------------------------------------------------------ drawing
    def _say(self, key: str, **values: object) -> None:
        self.note = (key, values)
        self.render()

    def _me(self) -> "dict | None":
        if self.snap is None or self.seat is None:
            return None
        for p in self.snap["players"]:
            if p["id"] == self.seat["player"]:
                return p
        return None

    def _label(self, p: dict) -> str:
        return p["name"] or self.shell.t("race_player_n", n=p["n"])

    def render(self) -> None:
        """Draw the panel from the room's last state (and the panel's line)."""
        if getattr(self, "box", None) is None:
            return
        t, snap, me = self.shell.t, self.snap, self._me()
        seated = me is not None
        phase = snap["phase"] if snap is not None else None
        line = self.note
        if line is None and snap is not None:
            if phase == "lobby":
                line = ("race_lobby", {"n": len(snap["players"])})
            elif phase == "countdown":
                left = self.count_end - float(window.Date.now())
                line = ("race_countdown", {"s": max(1, int((left + 999) // 1000))})
            elif phase == "race":
                line = ("race_on", {})
            else:
                line = ("race_done", {})
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
        rows, cols, _k, _p = PRESETS[snap["settings"]["preset"]]
        return rows * cols

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
