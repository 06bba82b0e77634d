"""The race's client side of the room protocol (py/race/rooms.py), with no socket and no DOM: what the
page sends, what it takes from the server's answers, when it dials again after a drop, and how fast it
may send. Pure Python for both runtimes (the page's MicroPython, CPython's unit tests); the socket and
the panel are :mod:`puzzles.linkup.race_view`'s.

Constructed with a port, a dict of the calls it makes:

* ``send(text)``: one frame to the open socket;
* ``now()``: a clock in milliseconds (the page's ``Date.now()``);
* ``board_code()``: the share code of the board in play's start; ``moves()``: the moves in effect on
  it, each encoded as the server keeps them (``[a, b]`` or ``["shuffle", code]``);
* ``emit(event, data)``: what the adapter must do, each event with a dict:

  - ``dial`` ``{}``: open a socket to the race server, then call :meth:`opened`, :meth:`received` and
    :meth:`closed` as it goes (or :meth:`dial_failed` when it cannot be made);
  - ``later`` ``{"ms", "what"}``: call :meth:`timer` with ``what`` after ``ms`` (``retry``: dial again;
    ``count``: the countdown's next second; ``pump``: the frames held back by the rate);
  - ``seat`` ``{"seat"}``: the seat (``{"room", "player", "secret"}``, or ``None``) to keep for a
    reload, and the room in the page's address;
  - ``load`` ``{"board", "seed"}``: put the race's board in play;
  - ``rejoin`` ``{}``: the seat kept for a reload is gone from the server: forget it and join the
    room of the page's link afresh (:meth:`join`).

The room's state is the server's: every change comes as one ``room`` message, checked here field by field
(a message of the wrong shape, an older ``seq``, a frame that is not JSON: ignored, nothing changes), and
the panel is drawn from the last one (:attr:`snap`). The player's moves are the session's: after each
change :meth:`sync` sends the server the difference between the moves it holds for the seat (:attr:`sent`)
and the moves in effect (undone ones as ``undo``), so a pair, a shuffle, Undo and Redo, and the moves made
while the connection was away, all reach it; the server checks each pair with the same engine and answers
``refused`` (said on the panel's line) or the room with the seat's counts.

A connection lost while seated is dialled again (``resume`` with the seat's secret) after
:data:`BACKOFF_MS` (the last repeated) for the server's :data:`GRACE_MS`; past it the seat is lost and
solo play goes on. Frames go out at most :data:`RATE` a second after a burst of :data:`BURST` (below the
server's own limits), the rest held in order until the bucket has room: a long Undo never meets the
server's ``rate`` refusal.
"""

import json

VERSION = 1
GRACE_MS = 30000  # the server's grace for a dropped seat (py/race/rooms.py GRACE_S)
BACKOFF_MS = (500, 1000, 2000, 4000)  # the waits before each try to reconnect, the last one repeated
RATE = 15.0  # frames a second, sustained (the server takes 20)
BURST = 30  # frames at once (the server takes 40)
PHASES = ("lobby", "countdown", "race", "done")
HEX = "0123456789abcdef"
# The server's refusals a player can meet, each said in words; any other code gets race_error.
ERRORS = {"rate": "race_err_rate", "too_many_rooms": "race_err_rooms", "server_full": "race_err_full",
          "too_many_tries": "race_err_tries", "room_full": "race_err_room_full",
          "race_running": "race_err_running", "too_many_shuffles": "race_err_shuffles"}
ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # the server's (py/race/rooms.py)
CODE_LEN = 8
MAX_TEXT = 1 << 16  # characters of a received frame looked at (the server's largest is a few kilobytes)


def normalize(text: str) -> str:
    """A typed room code as the server keys it: upper case, letters and digits only (MicroPython's
    ``str`` has no ``isalnum``)."""
    return "".join(ch for ch in str(text).upper() if ch in ALNUM)


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


def _int(value: object, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _str(value: object, longest: int = 64) -> bool:
    return isinstance(value, str) and len(value) <= longest


def _player(p: object) -> "dict | None":
    """One seat of a ``room`` message with every field the panel reads, of its type, or ``None``."""
    if not isinstance(p, dict):
        return None
    ok = (_str(p.get("id")) and _int(p.get("n"), 1) and _str(p.get("name")) and _int(p.get("left"))
          and all(_int(p.get(k)) for k in ("pairs", "hints", "shuffles"))
          and all(isinstance(p.get(k), bool) for k in ("ready", "online", "gone"))
          and (p.get("time_ms") is None or _int(p.get("time_ms")))
          and (p.get("place") is None or _int(p.get("place"), 1)))
    shape = p.get("shape", "")
    if not ok or not _str(shape, 4096) or any(ch not in HEX for ch in shape):
        return None
    return {"id": p["id"], "n": p["n"], "name": p["name"], "ready": p["ready"], "left": p["left"],
            "pairs": p["pairs"], "hints": p["hints"], "shuffles": p["shuffles"], "time_ms": p["time_ms"],
            "place": p["place"], "online": p["online"], "gone": p["gone"], "shape": shape}


def room_state(msg: dict) -> "dict | None":
    """A ``room`` message as the client keeps it (its known fields, checked), or ``None`` when any field
    the panel reads is missing or of another type."""
    settings = msg.get("settings")
    players = msg.get("players")
    if (msg.get("phase") not in PHASES or not _str(msg.get("room")) or not _int(msg.get("seq"))
            or not _int(msg.get("round")) or not isinstance(settings, dict) or not _str(settings.get("preset"))
            or not isinstance(players, list) or len(players) > 16):
        return None
    snap = {"room": msg["room"], "seq": msg["seq"], "phase": msg["phase"], "round": msg["round"],
            "settings": {"preset": settings["preset"]}, "creator": msg.get("creator"), "players": []}
    for p in players:
        seat = _player(p)
        if seat is None:
            return None
        snap["players"].append(seat)
    for key in ("countdown_ms", "race_ms", "total", "rows", "cols", "seed"):
        if _int(msg.get(key)):
            snap[key] = msg[key]
    if _str(msg.get("board"), 4096):
        snap["board"] = msg["board"]
    return snap


class RaceClient:
    """State: ``seat`` (``{"room", "player", "secret"}`` once seated), ``snap`` (the room's last state),
    ``sent`` (the moves the server holds for the seat), ``note`` (``(key, values)`` of the panel's line,
    until the room's phase changes), ``open`` (the socket is open), ``dialing`` (a socket is being made or
    is open), ``count_end`` and ``race_start`` (the countdown's end and the race's start, on :func:`now`),
    ``retries`` (tries to reconnect since the drop), ``queue`` (frames held back by the rate)."""

    def __init__(self, port: dict) -> None:
        self.port = port
        self.seat: "dict | None" = None
        self.snap: "dict | None" = None
        self.sent: list = []
        self.note: "tuple | None" = None
        self.open = False
        self.dialing = False
        self.ever_opened = False
        self.want: "dict | None" = None  # the first frame to send once the socket opens
        self.retry_until = 0.0
        self.retries = 0
        self.count_end = 0.0
        self.race_start: "float | None" = None
        self.queue: list = []
        self.tokens = float(BURST)
        self.filled_at = 0.0
        self.pumping = False

    # ------------------------------------------------------------------ what the panel asks
    def say(self, key: str, **values: object) -> None:
        self.note = (key, values)

    def me(self) -> "dict | None":
        """Our seat in the room's last state."""
        if self.snap is None or self.seat is None:
            return None
        for p in self.snap["players"]:
            if p["id"] == self.seat["player"]:
                return p
        return None

    def racing(self) -> bool:
        """Seated in a room whose race is counting down or on (Solve is off until it is done)."""
        return self.snap is not None and self.seat is not None and self.snap["phase"] in ("race", "countdown")

    def on_race_board(self) -> bool:
        """The board in play is this room's race board (during the race or after it)."""
        return self.snap is not None and self.snap.get("board") == self.port["board_code"]()

    def line(self) -> "tuple | None":
        """``(key, values)`` of the panel's line: the last notice, else the room's phase (``None``: no room)."""
        snap = self.snap
        if self.note is not None or snap is None:
            return self.note
        phase = snap["phase"]
        if phase == "lobby":
            return ("race_lobby", {"n": len(snap["players"])})
        if phase == "countdown":
            left = self.count_end - self.port["now"]()
            return ("race_countdown", {"s": max(1, int((left + 999) // 1000))})
        return ("race_on", {}) if phase == "race" else ("race_done", {})

    def clock_ms(self) -> "int | None":
        """The race's time on the race's board: the player's own once they cleared it, else the time since
        the start while the race goes on (``-1``: none to show); ``None`` off the race's board."""
        if not self.on_race_board():
            return None
        me = self.me()
        if me is not None and me["time_ms"] is not None:
            return int(me["time_ms"])
        if self.snap["phase"] == "race" and self.race_start is not None:
            return max(0, int(self.port["now"]() - self.race_start))
        return -1

    # ------------------------------------------------------------------ the player's requests
    def create(self, settings: dict, name: str, online: bool = True) -> None:
        if self.seat is None:
            self.connect({"t": "create", "settings": settings, "name": name}, online)

    def join(self, code: str, name: str, online: bool = True) -> None:
        self.connect({"t": "join", "room": code, "name": name}, online)

    def resume_or_join(self, code: str, stored: dict, online: bool = True) -> None:
        """A room's link: the seat this tab had in it taken back, else a join."""
        first = {"t": "join", "room": code}
        if stored.get("room") == code:
            first = dict(stored, t="resume")
        self.connect(first, online)

    def name(self, name: str) -> None:
        if self.seat is not None:
            self.send({"t": "name", "name": name})

    def ready(self) -> None:
        me = self.me()
        if me is not None:
            self.send({"t": "ready", "ready": not me["ready"]})

    def rematch(self) -> None:
        self.send({"t": "rematch"})

    def hinted(self) -> None:
        """A hint was shown: counted in a race."""
        if self.racing() and self.on_race_board():
            self.send({"t": "hint"})

    def leave(self) -> None:
        self.send({"t": "leave"})
        self._unseat("race_left")

    # ------------------------------------------------------------------ the connection
    def connect(self, first: dict, online: bool = True) -> None:
        """Send ``first`` now when the socket is open, else once it opens (dialling when none is made)."""
        self.want = first
        if self.open:
            self.send(first)
            self.want = None
            return
        if self.dialing:
            return
        if not online:  # opened offline (from the service worker's cache): no server to reach
            self.say("race_offline")
            return
        self.say("race_connecting")
        self.dialing = True
        self.port["emit"]("dial", {})

    def dial_failed(self) -> None:
        self.dialing = False
        self.say("race_needs_server")

    def opened(self) -> None:
        self.open = self.ever_opened = True
        self.retries = 0
        if self.want is not None:
            self.send(self.want)
            self.want = None

    def closed(self, online: bool = True) -> None:
        """The socket went: dialled again while the seat's grace lasts, each wait longer (:data:`BACKOFF_MS`)."""
        was_open = self.open
        self.open = self.dialing = False
        self.queue = []  # frames for a connection gone: the next sync sends what the server lacks
        if not self.ever_opened:
            self.say("race_needs_server" if online else "race_offline")
            return
        now = self.port["now"]()
        if was_open and self.seat is not None:
            self.retry_until = now + GRACE_MS
            self.retries = 0
        if self.seat is not None and now < self.retry_until:
            self.say("race_reconnecting")
            wait = BACKOFF_MS[min(self.retries, len(BACKOFF_MS) - 1)]
            self.retries += 1
            self.port["emit"]("later", {"ms": wait, "what": "retry"})
        elif self.seat is not None:
            self._unseat("race_lost")

    def timer(self, what: str) -> bool:
        """A ``later`` came due; ``True`` when the panel should be drawn again."""
        if what == "retry":
            if self.seat is not None and not self.dialing:
                self.connect(dict(self.seat, t="resume"))
            return True
        if what == "count":
            if self.snap is not None and self.snap["phase"] == "countdown":
                self.port["emit"]("later", {"ms": 250, "what": "count"})
                return True
            return False
        if what == "pump":
            self.pumping = False
            self._pump()
        return False

    # ------------------------------------------------------------------ sending
    def send(self, msg: dict) -> None:
        """One frame (with the protocol's version), now or, past the rate, after those held before it."""
        if not self.open:
            return
        msg = dict(msg)
        msg["v"] = VERSION
        self.queue.append(json.dumps(msg))
        self._pump()

    def _pump(self) -> None:
        now = self.port["now"]()
        self.tokens = min(float(BURST), self.tokens + (now - self.filled_at) * RATE / 1000.0)
        self.filled_at = now
        while self.queue and self.tokens >= 1 and self.open:
            self.tokens -= 1
            self.port["send"](self.queue.pop(0))
        if self.queue and not self.pumping:
            self.pumping = True
            self.port["emit"]("later", {"ms": int((1 - self.tokens) * 1000 / RATE) + 1, "what": "pump"})

    def sync(self) -> None:
        """Send the server what changed in the moves in effect since it last heard (see the module's text)."""
        snap = self.snap
        if snap is None or snap["phase"] != "race" or not self.open or not self.on_race_board():
            return
        me = self.me()
        if me is None or me["time_ms"] is not None:
            return
        local = list(self.port["moves"]())
        k = 0
        while k < len(self.sent) and k < len(local) and self.sent[k] == local[k]:
            k += 1
        for _ in range(len(self.sent) - k):
            self.send({"t": "undo"})
        for move in local[k:]:
            if move[0] == "shuffle":
                self.send({"t": "shuffle", "board": move[1]})
            else:
                self.send({"t": "pair", "a": move[0], "b": move[1]})
        self.sent = local

    # ------------------------------------------------------------------ receiving
    def received(self, text: object) -> bool:
        """One frame from the server; ``False`` (and nothing changed) when it is not one the protocol
        has: not JSON, not an object, an unknown type, a field missing or of another type."""
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            return False
        try:
            msg = json.loads(text)
        except ValueError:
            return False
        if not isinstance(msg, dict):
            return False
        kind = msg.get("t")
        if kind == "welcome":
            return self._welcome(msg)
        if kind == "room":
            snap = room_state(msg)
            if snap is None:
                return False
            old = self.snap
            if old is not None and old["room"] == snap["room"] and snap["seq"] < old["seq"]:
                return False  # an older state than the one drawn
            self._room(snap)
            return True
        if kind == "refused":
            self.say("race_refused")
            return True
        if kind == "error":
            code = msg.get("code")
            self._error(code if isinstance(code, str) else "")
            return True
        return False

    def _welcome(self, msg: dict) -> bool:
        moves = msg.get("moves") or []
        if (not all(_str(msg.get(k)) for k in ("room", "player", "secret")) or not isinstance(moves, list)
                or not all(isinstance(m, list) and len(m) == 2 for m in moves)):
            return False
        self.seat = {"room": msg["room"], "player": msg["player"], "secret": msg["secret"]}
        self.port["emit"]("seat", {"seat": dict(self.seat)})
        self.sent = list(moves)
        self.note = None
        return True

    def _error(self, code: str) -> None:
        if code == "seat_gone" and self.seat is None and self.want is None:  # a stale stored seat: join afresh
            self.port["emit"]("rejoin", {})
        elif code in ("seat_gone", "room_expired"):
            self._unseat("race_lost")
        elif code == "room_not_found" and self.seat is None:
            self.say("race_no_room")
        elif code == "replaced":
            self.seat, self.snap = None, None
            self.say("race_replaced")
        else:  # said in words, never the server's code word
            self.say(ERRORS.get(code, "race_error"))

    def _room(self, snap: dict) -> None:
        old = self.snap
        self.snap = snap
        now = self.port["now"]()
        if old is None or old["phase"] != snap["phase"]:
            self.note = None  # a notice lasts until the room's phase changes
        if snap["phase"] == "countdown":
            self.count_end = now + snap.get("countdown_ms", 0)
            self.port["emit"]("later", {"ms": 250, "what": "count"})
        if "race_ms" in snap:  # when the race started, on this page's clock
            self.race_start = now - snap["race_ms"]
        if snap["phase"] in ("race", "done") and snap.get("board"):
            fresh = old is None or old.get("round") != snap["round"] or old.get("phase") == "countdown"
            if fresh and not self.on_race_board():
                self.sent = []
                self.port["emit"]("load", {"board": snap["board"], "seed": snap.get("seed")})
            self.sync()

    def _unseat(self, key: str) -> None:
        """The seat is gone (left, a server restart, the room expired): solo play goes on."""
        self.seat, self.snap, self.sent = None, None, []
        self.port["emit"]("seat", {"seat": None})
        self.say(key)
