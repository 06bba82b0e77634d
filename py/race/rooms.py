"""Race rooms on the shared Link-up board: the server's whole logic, no sockets.

A :class:`Lobby` holds the rooms. The server hands it what happens, each call answering the messages
to send as ``[(conn, message_dict), ...]``: :meth:`Lobby.open` (a connection arrived, from ``peer``),
:meth:`Lobby.receive` (one text frame), :meth:`Lobby.close` (it went) and :meth:`Lobby.tick` (time
passed: countdowns, the 30 s grace, idle rooms). ``conn`` is any hashable the server picks. Boards are
made outside (a 10 x 20 board takes up to half a second): :meth:`Lobby.wanted` lists the rooms whose
countdown waits for one and :meth:`Lobby.board_made` hands it in.

The rules:

* Every frame is JSON, at most :data:`MAX_FRAME` characters and :data:`MAX_DEPTH` levels deep, an
  object with ``"v": VERSION`` and a type ``"t"``; anything else is answered with an ``error`` (code
  ``too_big``, ``bad_json``, ``bad_version``, ``bad_type``) and changes nothing. Texts quoted back in an
  error are cut and rid of lone surrogates (they could not be sent as UTF-8). A frame the rules below
  did not foresee is answered ``internal`` and changes nothing the lobby can see; it never raises.
* A connection sends at most :data:`RATE` frames a second (a bucket of :data:`BURST`), an address, all its
  connections together, :data:`PEER_RATE` (a bucket of :data:`PEER_BURST`); past either, frames are
  dropped with one ``rate`` error, and :meth:`Lobby.pause` tells the server how long to leave that
  address's next frame unread, so a flood slows its own sender (TCP's back-pressure) and not the rooms.
* A connection holds at most one seat; its messages act on that seat only. A frame naming another
  ``player`` or another ``room`` than the connection's is refused (``not_yours``, ``wrong_room``).
* Room codes are :data:`CODE_LEN` symbols of a 32-symbol alphabet (40 bits, from :mod:`secrets`); a peer
  may miss at most :data:`JOIN_MISSES` joins a minute (``too_many_tries``), so guessing a live room among
  a thousand takes about 10^9 tries: some 60 years per address.
* One address makes at most :data:`CREATE_RATE` rooms a second (a bucket of :data:`CREATE_BURST`) and
  keeps at most :data:`ROOMS_PER_PEER` rooms it made alive (``too_many_rooms``, counted as
  rooms come and go, so a create costs the same however many rooms there are), the server
  :data:`MAX_ROOMS` (``server_full``): a loop of ``create`` cannot fill the memory. A lobby whose last
  seat leaves is removed at once.
* Up to :data:`MAX_PLAYERS` seats; a seat's name defaults to its number (the page says 玩家N / Player N),
  the lowest number no seat of the room holds (a finished race's gone seats keep theirs for its standings;
  a newcomer to a finished race that everyone left finds a fresh lobby).
  The creator picks the board (a preset of :data:`puzzles.linkup.PRESETS` and a number of kinds).
* Everyone ready (two players at least) starts a :data:`COUNTDOWN_MS` countdown with a fresh seed; at
  its end every seat gets the same board (``board``: its share code, and ``seed``).
* A ``pair`` is checked by the engine (:data:`puzzles.linkup.SPEC` ``apply``) on that seat's own board:
  forged, repeated or impossible pairs are ``refused`` and never counted. ``shuffle`` must keep the
  same tiles, at most :data:`MAX_SHUFFLES` kept at once (``too_many_shuffles``: so the moves a
  ``welcome`` repeats stay small); ``undo`` takes the seat's last move back (the position before each
  move is kept: an undo costs the same however many moves were made); ``hint`` is counted. Solve has no
  message.
* A seat whose connection drops keeps its place for :data:`GRACE_S` seconds: ``resume`` with its
  ``player`` id and ``secret`` (sent only to it) restores it, board and counts. Past the grace a seat
  leaves a lobby, or stays in a race's standings as gone.
* The first to clear finishes first; when every seat has cleared or gone the race is ``done`` with the
  standings (time, pairs, hints). ``rematch`` brings the room back to its lobby, seats kept.
* A room with nobody connected for :data:`GRACE_S` s, or no frame for :data:`IDLE_S` s, is removed.

Every change is sent to the room's connections as one ``room`` message: the whole room (small: six
seats at most, each with its tiles left and its board's silhouette, never its kinds), numbered by ``seq``
so a client can tell a lost one.
"""

import hmac
import json
import secrets
import time

from puzzles import PuzzleError, exact_int
from puzzles.linkup import PRESETS, SPEC, Board

VERSION = 1
MAX_FRAME = 2048  # characters: a 24 x 24 shuffle is about 600
MAX_PLAYERS = 6
COUNTDOWN_MS = 3000
GRACE_S = 30.0
IDLE_S = 600.0
RATE = 20.0  # frames a second, sustained
BURST = 40.0
PEER_RATE = 100.0  # frames a second from one address, all its connections (a classroom behind one NAT)
PEER_BURST = 200.0
MAX_PAUSE_S = 1.0  # the longest the server leaves a flooding address's next frame unread at once
MAX_DEPTH = 8  # levels of nesting in a frame (the deepest real one has 3)
SWEEP_ROOMS = 200  # rooms a tick looks at for idleness besides those waiting for a time
MAX_SHUFFLES = 30  # shuffles a seat keeps in a race at once (each one's board is repeated on a resume)
JOIN_MISSES = 20  # failed joins a peer may make a minute
ROOMS_PER_PEER = 20  # rooms made by one address alive at once
CREATE_RATE = 1.0  # rooms one address may make a second, sustained (a bucket of CREATE_BURST)
CREATE_BURST = 20.0
MAX_ROOMS = 10000
NAME_MAX = 20
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I: read aloud and typed
CODE_LEN = 8
TYPES = ("create", "join", "resume", "name", "settings", "ready", "pair", "shuffle", "undo", "hint",
         "rematch", "leave", "ping")


def normalize_code(text: object) -> str:
    """A typed room code as the lobby keys it: upper case, anything but letters and digits dropped
    (so ``abcd-2345`` and ``ABCD 2345`` are the same room); ``""`` for anything that is not text."""
    if not isinstance(text, str) or len(text) > 64:
        return ""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def kinds_choices(preset: str) -> list:
    """The numbers of kinds that fill ``preset`` with pairs (as the page's kinds picker offers)."""
    rows, cols, _k, _p = PRESETS[preset]
    cells = rows * cols
    return [k for k in range(1, 62) if cells % k == 0 and (cells // k) % 2 == 0]


def board_steps(settings: dict, seed: int):
    """The race's board as the page's generator makes it (the same for the same settings and seed), as a
    generator that yields after each pair it places and returns the :class:`Board`."""
    from puzzles.linkup import generate_steps

    rows, cols, _k, _p = PRESETS[settings["preset"]]
    kinds = settings["kinds"]
    return generate_steps(rows, cols, kinds, rows * cols // kinds, seed)


def make_board(settings: dict, seed: int) -> Board:
    """:func:`board_steps` at once."""
    from puzzles import run

    return run(board_steps(settings, seed))


class Refusal(Exception):
    """A frame refused: ``code`` is said to its sender in an ``error`` message."""

    def __init__(self, code: str, **values: object) -> None:
        super().__init__(code)
        self.code, self.values = code, values


class Seat:
    """One player's place in a room: their board and counts (kept through a dropped connection)."""

    def __init__(self, pid: str, n: int) -> None:
        self.id, self.n, self.name = pid, n, ""
        self.secret = secrets.token_urlsafe(18)
        self.conn = None
        self.dropped = None  # when the connection went (monotonic seconds), while it is away
        self.gone = False  # left a race for good (still in its standings)
        self.ready = False
        self.reset(None)

    def reset(self, board: "Board | None") -> None:
        """A new race on ``board`` (``None``: back to the lobby)."""
        self.start = self.board = board  # the race's board and the seat's position on it
        self.moves = []  # the moves the server accepted: (move, encoded as the page encodes it)
        self.before = []  # the position before each of them, for undo
        self.pairs = self.hints = self.shuffles = 0
        self._shape = (None, "")
        self.time_ms = None  # when it cleared the board, from the start
        self.place = None

    def left(self) -> int:
        return self.board.tiles() if self.board is not None else 0

    def shape(self) -> str:
        """Which cells still hold a tile, no kinds: one hex digit per four cells in reading order (bit
        ``i % 4`` of digit ``i // 4`` for cell ``i``), so opponents can be drawn as silhouettes."""
        board = self.board
        if board is None:
            return ""
        if self._shape[0] is not board:
            cells, out = board.cells, []
            for i in range(0, len(cells), 4):
                out.append("%x" % sum(1 << j for j, v in enumerate(cells[i:i + 4]) if v))
            self._shape = (board, "".join(out))
        return self._shape[1]

    def public(self) -> dict:
        return {"id": self.id, "n": self.n, "name": self.name, "ready": self.ready, "left": self.left(),
                "pairs": self.pairs, "hints": self.hints, "shuffles": self.shuffles, "time_ms": self.time_ms,
                "place": self.place, "online": self.conn is not None, "gone": self.gone, "shape": self.shape()}


class Room:
    """A room: its seats in seat order, its phase (``lobby``, ``countdown``, ``race``, ``done``)."""

    def __init__(self, code: str, settings: dict, now: float) -> None:
        self.code, self.settings = code, settings
        self.seats: list = []
        self.creator = None
        self.phase = "lobby"
        self.seq = 0
        self.seed = None
        self.board = None  # the race's start board
        self.go_at = None  # when the countdown ends (monotonic seconds)
        self.touched = now
        self.empty_since = None
        self.round = 0
        self.peer = ""  # the address that made it

    def seat(self, pid: object) -> "Seat | None":
        for s in self.seats:
            if s.id == pid:
                return s
        return None

    def snapshot(self, now: float) -> dict:
        out = {"v": VERSION, "t": "room", "seq": self.seq, "room": self.code, "phase": self.phase,
               "creator": self.creator, "settings": self.settings, "round": self.round,
               "players": [s.public() for s in self.seats]}
        if self.phase == "countdown":
            out["countdown_ms"] = max(0, int((self.go_at - now) * 1000))
        if self.phase == "race":
            out["race_ms"] = max(0, int((now - self.go_at) * 1000))  # the race's time so far: the pages' clocks
        if self.phase in ("race", "done") and self.board is not None:
            out["seed"], out["board"], out["total"] = self.seed, self.board.to_code(), self.board.tiles()
            out["rows"], out["cols"] = self.board.rows, self.board.cols
        return out


class Conn:
    """What the lobby knows of a connection: its peer, its rate bucket, its seat."""

    def __init__(self, peer: str, now: float) -> None:
        self.peer = peer
        self.tokens, self.at = BURST, now
        self.warned = False
        self.room = self.seat = None


class Peer:
    """What the lobby knows of an address: its rate bucket (which may run into debt: the debt is how long
    its next frame waits, :meth:`Lobby.pause`), its connections and the rooms it made that are alive."""

    def __init__(self, now: float) -> None:
        self.tokens, self.at = PEER_BURST, now
        self.creates, self.created_at = CREATE_BURST, now
        self.conns = self.rooms = 0


class Lobby:
    """Every room of this server (see the module's docstring for the rules)."""

    def __init__(self, clock: object = time.monotonic) -> None:
        self.clock = clock
        self.rooms: dict = {}
        self.conns: dict = {}
        self.misses: dict = {}  # peer -> [failed joins in the current minute, the minute's start]
        self.peers: dict = {}  # address -> Peer, while it has a connection or a room
        self.watch: set = set()  # codes of the rooms that wait for a time (see tick)
        self.sweep: list = []  # the codes the idle check has yet to look at in this turn
        self.waiting: set = set()  # codes of the rooms whose countdown may wait for its board
        self.swept = clock()
        self.internal = 0  # frames answered ``internal`` (a rule missed; the tests' fuzzing expects none)

    # ------------------------------------------------------------------ the server's calls
    def open(self, conn: object, peer: str = "") -> list:
        now = self.clock()
        self.conns[conn] = Conn(peer, now)
        self._peer(peer, now).conns += 1
        return []

    def sockets(self, peer: str) -> int:
        """The connections open from ``peer`` (the server refuses more than it allows)."""
        p = self.peers.get(peer)
        return p.conns if p is not None else 0

    def pause(self, conn: object) -> float:
        """Seconds the server should leave ``conn``'s next frame unread: its address's debt past its
        bucket, at most :data:`MAX_PAUSE_S` (0 for an address within its rate)."""
        c = self.conns.get(conn)
        p = self.peers.get(c.peer) if c is not None else None
        if p is None:
            return 0.0
        debt = -(p.tokens + (self.clock() - p.at) * PEER_RATE)
        return min(MAX_PAUSE_S, max(0.0, debt / PEER_RATE))

    def close(self, conn: object) -> list:
        """The connection went: its seat (if any) waits :data:`GRACE_S` for a ``resume``."""
        c = self.conns.pop(conn, None)
        if c is not None:
            p = self.peers.get(c.peer)
            if p is not None:
                p.conns -= 1
                self._forget(c.peer, p)
        if c is None or c.seat is None:
            return []
        room, seat = self.rooms.get(c.room), c.seat
        if room is None or seat.conn is not conn:
            return []
        seat.conn, seat.dropped = None, self.clock()
        if all(s.conn is None for s in room.seats):
            room.empty_since = seat.dropped
        self.watch.add(room.code)
        return self._changed(room)

    def receive(self, conn: object, text: object) -> list:
        """One frame from ``conn``: the messages it causes."""
        c = self.conns.get(conn)
        if c is None:
            return []
        now = self.clock()
        p = self._peer(c.peer, now)
        p.tokens = min(PEER_BURST, p.tokens + (now - p.at) * PEER_RATE) - 1  # a dropped frame costs too
        p.at = now
        c.tokens = min(BURST, c.tokens + (now - c.at) * RATE)
        c.at = now
        if c.tokens < 1 or p.tokens < 0:
            if c.warned:
                return []
            c.warned = True
            return [(conn, _error("rate"))]
        c.tokens -= 1
        c.warned = False
        try:
            msg = _parse(text)
            return self._handle(conn, c, msg, now)
        except Refusal as e:
            return [(conn, _error(e.code, **e.values))]
        except Exception:  # a rule that missed a shape: refused, never the sender's connection dropped
            self.internal += 1
            return [(conn, _error("internal"))]

    def tick(self) -> list:
        """Time passed: countdowns end, the grace runs out, idle rooms go. A tick looks at the rooms that
        wait for a time (:attr:`watch`: a countdown, a dropped seat, nobody connected) and at
        :data:`SWEEP_ROOMS` more of all the rooms in turn (for idle ones): its cost does not grow with the
        rooms that are simply playing."""
        now, out = self.clock(), []
        for code in list(self.watch):
            room = self.rooms.get(code)
            if room is None or not self._tick_room(room, now, out):
                self.watch.discard(code)
        if not self.sweep:
            self.sweep = list(self.rooms)
        for _ in range(min(SWEEP_ROOMS, len(self.sweep))):
            room = self.rooms.get(self.sweep.pop())
            if room is not None and room.code not in self.watch and self._tick_room(room, now, out):
                self.watch.add(room.code)
        if now - self.swept > 10:  # addresses with nothing left, once their debt is paid; old join misses
            self.swept = now
            for peer, p in list(self.peers.items()):
                if (p.conns <= 0 and p.rooms <= 0 and p.tokens + (now - p.at) * PEER_RATE >= 0
                        and p.creates + (now - p.created_at) * CREATE_RATE >= CREATE_BURST):
                    del self.peers[peer]
            for peer in list(self.misses):
                if now - self.misses[peer][1] > 60:
                    del self.misses[peer]
        return out

    def _tick_room(self, room: Room, now: float, out: list) -> bool:
        """One room's timers (its changes added to ``out``); ``True`` while it still waits for a time."""
        changed = False
        if room.phase == "countdown" and now >= room.go_at and room.board is not None:
            room.phase = "race"
            for s in room.seats:
                s.reset(room.board)
            room.go_at = now
            changed = True
        for s in list(room.seats):
            if s.conn is None and s.dropped is not None and now - s.dropped > GRACE_S and not s.gone:
                changed = True
                if room.phase in ("race", "done"):
                    s.gone = True
                else:
                    self._unseat(room, s)
        if any(s.conn is not None for s in room.seats):
            room.empty_since = None
        elif room.empty_since is None:
            room.empty_since = now
        if (room.empty_since is not None and now - room.empty_since > GRACE_S) or now - room.touched > IDLE_S:
            for s in room.seats:
                if s.conn is not None and s.conn in self.conns:
                    self.conns[s.conn].room = self.conns[s.conn].seat = None
                    out.append((s.conn, _error("room_expired")))
            self._drop_room(room)
            return False
        if room.phase == "race":
            changed = self._maybe_done(room) or changed
        if room.phase == "countdown" and not self._all_ready(room):
            room.phase, room.go_at, room.board, room.seed = "lobby", None, None, None
            changed = True
        if changed:
            out += self._changed(room)
        return (room.phase == "countdown" or room.empty_since is not None
                or any(s.conn is None and not s.gone for s in room.seats))

    def wanted(self) -> list:
        """``[(code, settings, seed)]``: the countdowns that wait for their board (asked after every message
        the server sends: it looks at those rooms only, not at every room)."""
        out = []
        for code in list(self.waiting):
            r = self.rooms.get(code)
            if r is None or r.phase != "countdown" or r.board is not None:
                self.waiting.discard(code)
            else:
                out.append((r.code, r.settings, r.seed))
        return out

    def board_made(self, code: str, seed: int, board: Board) -> None:
        """The board of room ``code``'s countdown with ``seed`` (ignored if that countdown is over)."""
        room = self.rooms.get(code)
        if room is not None and room.phase == "countdown" and room.seed == seed:
            room.board = board

    # ------------------------------------------------------------------ messages
    def _handle(self, conn: object, c: Conn, msg: dict, now: float) -> list:
        kind = msg["t"]
        if "player" in msg and kind != "resume" and (c.seat is None or msg["player"] != c.seat.id):
            raise Refusal("not_yours")
        if "room" in msg and kind not in ("join", "resume") and (c.room is None or msg["room"] != c.room):
            raise Refusal("wrong_room")
        if kind == "ping":
            return [(conn, {"v": VERSION, "t": "pong"})]
        if kind == "create":
            return self._create(conn, c, msg, now)
        if kind == "join":
            return self._join(conn, c, msg, now)
        if kind == "resume":
            return self._resume(conn, c, msg, now)
        room, seat = self.rooms.get(c.room), c.seat
        if room is None or seat is None:
            raise Refusal("no_room")
        room.touched = now
        return getattr(self, "_" + kind)(conn, room, seat, msg, now)

    def _create(self, conn: object, c: Conn, msg: dict, now: float) -> list:
        settings = _settings(msg.get("settings"))
        p = self._peer(c.peer, now)
        p.creates = min(CREATE_BURST, p.creates + (now - p.created_at) * CREATE_RATE)
        p.created_at = now
        if p.rooms >= ROOMS_PER_PEER or p.creates < 1:
            raise Refusal("too_many_rooms")
        if len(self.rooms) >= MAX_ROOMS:
            raise Refusal("server_full")
        out = self._leave_seat(conn, c)
        code = _new_code(self.rooms)
        room = self.rooms[code] = Room(code, settings, now)
        room.peer = c.peer
        p.rooms += 1
        p.creates -= 1
        return out + self._seat(conn, c, room, msg)

    def _join(self, conn: object, c: Conn, msg: dict, now: float) -> list:
        miss = self.misses.get(c.peer)
        if miss is not None and now - miss[1] > 60:  # a new minute
            miss = self.misses[c.peer] = [0, now]
        if miss is not None and miss[0] >= JOIN_MISSES:
            raise Refusal("too_many_tries")
        room = self.rooms.get(normalize_code(msg.get("room")))
        if room is None:
            if miss is None:
                miss = self.misses[c.peer] = [0, now]
            miss[0] += 1
            raise Refusal("room_not_found", room=_quote(msg.get("room")))
        if c.room == room.code and c.seat is not None:
            return [(conn, self._welcome(room, c.seat))] + self._changed(room)
        if len([s for s in room.seats if not s.gone]) >= MAX_PLAYERS:
            raise Refusal("room_full")
        if room.phase not in ("lobby", "done"):
            raise Refusal("race_running")
        out = self._leave_seat(conn, c)
        if room.code not in self.rooms:  # it was this connection's own lobby, now gone with its last seat
            raise Refusal("room_not_found", room=_quote(msg.get("room")))
        if room.phase == "done" and all(s.gone for s in room.seats):  # a race everyone left: a fresh lobby
            self._rematch_room(room)
        room.touched = now
        return out + self._seat(conn, c, room, msg)

    def _seat(self, conn: object, c: Conn, room: Room, msg: dict) -> list:
        taken = {s.n for s in room.seats}  # at most six seated and six gone racers (see _leave_seat)
        n = min(k for k in range(1, len(taken) + 2) if k not in taken)
        seat = Seat(secrets.token_hex(4), n)
        seat.name = _name(msg.get("name", ""))
        seat.conn = conn
        room.seats.append(seat)
        room.seats.sort(key=lambda s: s.n)
        if room.creator is None:
            room.creator = seat.id
        c.room, c.seat = room.code, seat
        return [(conn, self._welcome(room, seat))] + self._changed(room)

    def _resume(self, conn: object, c: Conn, msg: dict, now: float) -> list:
        room = self.rooms.get(normalize_code(msg.get("room")))
        seat = room.seat(msg.get("player")) if room is not None else None
        secret = msg.get("secret")
        if (seat is None or not isinstance(secret, str) or not secret.isascii()
                or not hmac.compare_digest(secret, seat.secret)):
            raise Refusal("seat_gone")
        out = []
        if c.seat is not None and c.seat is not seat:
            out += self._leave_seat(conn, c)
        if seat.conn is not None and seat.conn is not conn:  # the same player from a new connection: it wins
            old = self.conns.get(seat.conn)
            if old is not None:
                old.room = old.seat = None
                out.append((seat.conn, _error("replaced")))
        seat.conn, seat.dropped, seat.gone = conn, None, False
        c.room, c.seat = room.code, seat
        room.touched = now
        return out + [(conn, self._welcome(room, seat))] + self._changed(room)

    def _welcome(self, room: Room, seat: Seat) -> dict:
        return {"v": VERSION, "t": "welcome", "room": room.code, "player": seat.id, "secret": seat.secret,
                "n": seat.n, "moves": [encoded for _move, encoded in seat.moves]}

    def _name(self, conn: object, room: Room, seat: Seat, msg: dict, now: float) -> list:
        seat.name = _name(msg.get("name"))
        return self._changed(room)

    def _settings(self, conn: object, room: Room, seat: Seat, msg: dict, now: float) -> list:
        if seat.id != room.creator:
            raise Refusal("not_creator")
        if room.phase not in ("lobby", "done"):
            raise Refusal("race_running")
        room.settings = _settings(msg.get("settings"))
        return self._changed(room)

    def _ready(self, conn: object, room: Room, seat: Seat, msg: dict, now: float) -> list:
        ready = msg.get("ready", True)
        if not isinstance(ready, bool):
            raise Refusal("bad_field", field="ready")
        if room.phase not in ("lobby", "countdown"):
            raise Refusal("race_running")
        seat.ready = ready
        if room.phase == "lobby" and self._all_ready(room):
            room.phase, room.go_at = "countdown", now + COUNTDOWN_MS / 1000
            room.seed, room.board = secrets.randbelow(10**9), None
            room.round += 1
            self.waiting.add(room.code)
            self.watch.add(room.code)
        elif room.phase == "countdown" and not ready:
            room.phase, room.go_at, room.seed = "lobby", None, None
        return self._changed(room)

    def _pair(self, conn: object, room: Room, seat: Seat, msg: dict, now: float) -> list:
        self._racing(room, seat)
        try:
            a, b = exact_int(msg.get("a")), exact_int(msg.get("b"))
        except (ValueError, TypeError):
            raise Refusal("refused", a=_quote(msg.get("a")), b=_quote(msg.get("b"))) from None
        return self._move(conn, room, seat, (min(a, b), max(a, b)), now, [min(a, b), max(a, b)])

    def _shuffle(self, conn: object, room: Room, seat: Seat, msg: dict, now: float) -> list:
        self._racing(room, seat)
        code = msg.get("board")
        if not isinstance(code, str):
            raise Refusal("bad_field", field="board")
        if seat.shuffles >= MAX_SHUFFLES:
            raise Refusal("too_many_shuffles", max=MAX_SHUFFLES)
        return self._move(conn, room, seat, ("shuffle", code), now, ["shuffle", code])

    def _move(self, conn: object, room: Room, seat: Seat, move: tuple, now: float, encoded: list) -> list:
        try:
            board = SPEC.apply(seat.board, move)
        except (PuzzleError, ValueError, TypeError, IndexError, KeyError):
            return [(conn, {"v": VERSION, "t": "refused", "move": encoded[:1] if move[0] == "shuffle" else encoded,
                            "left": seat.left()})]
        seat.before.append(seat.board)
        seat.board = board
        seat.moves.append((move, encoded))
        if move[0] == "shuffle":
            seat.shuffles += 1
        else:
            seat.pairs += 1
        if board.is_cleared():
            seat.time_ms = int((now - room.go_at) * 1000)
            seat.place = 1 + sum(1 for s in room.seats if s.place is not None)
        self._maybe_done(room)
        return self._changed(room)

    def _undo(self, conn: object, room: Room, seat: Seat, msg: dict, now: float) -> list:
        self._racing(room, seat)
        if not seat.moves:
            raise Refusal("nothing_to_undo")
        last, _encoded = seat.moves.pop()
        seat.board = seat.before.pop()
        if last[0] == "shuffle":
            seat.shuffles -= 1
        else:
            seat.pairs -= 1
        return self._changed(room)

    def _hint(self, conn: object, room: Room, seat: Seat, msg: dict, now: float) -> list:
        self._racing(room, seat)
        seat.hints += 1
        return self._changed(room)

    def _rematch(self, conn: object, room: Room, seat: Seat, msg: dict, now: float) -> list:
        if room.phase != "done":
            raise Refusal("race_running" if room.phase == "race" else "not_done")
        self._rematch_room(room)
        return self._changed(room)

    def _rematch_room(self, room: Room) -> None:
        """Back to the lobby, the seats still there kept (numbers and names), not ready."""
        room.phase, room.board, room.seed, room.go_at = "lobby", None, None, None
        room.seats = [s for s in room.seats if not s.gone]
        if room.creator is not None and room.seat(room.creator) is None:
            room.creator = room.seats[0].id if room.seats else None
        for s in room.seats:
            s.ready = False
            s.reset(None)

    def _leave(self, conn: object, room: Room, seat: Seat, msg: dict, now: float) -> list:
        return self._leave_seat(conn, self.conns[conn])

    # ------------------------------------------------------------------ helpers
    def _racing(self, room: Room, seat: Seat) -> None:
        if room.phase != "race" or seat.board is None:
            raise Refusal("not_racing")
        if seat.time_ms is not None:
            raise Refusal("finished")

    def _all_ready(self, room: Room) -> bool:
        seats = [s for s in room.seats if not s.gone]
        return len(seats) >= 2 and all(s.ready for s in seats)

    def _maybe_done(self, room: Room) -> bool:
        if room.phase == "race" and all(s.time_ms is not None or s.gone for s in room.seats):
            room.phase = "done"
            return True
        return False

    def _leave_seat(self, conn: object, c: Conn) -> list:
        """``conn`` gives its seat up (for another room, or by ``leave``)."""
        room, seat = self.rooms.get(c.room), c.seat
        c.room = c.seat = None
        if room is None or seat is None:
            return []
        seat.conn = None
        if all(s.conn is None for s in room.seats):
            room.empty_since = self.clock()
            self.watch.add(room.code)
        if room.phase in ("race", "done") and seat.start is not None:  # a racer: kept in the standings
            seat.gone = True
            self._maybe_done(room)
        else:  # in the lobby, or come to a finished race after it: nothing of theirs to keep
            self._unseat(room, seat)
            if room.phase == "countdown" and not self._all_ready(room):
                room.phase, room.go_at, room.seed = "lobby", None, None
            if not room.seats:
                self._drop_room(room)
                return []
        return self._changed(room)

    def _unseat(self, room: Room, seat: Seat) -> None:
        room.seats.remove(seat)
        if room.creator == seat.id:
            room.creator = room.seats[0].id if room.seats else None

    def _peer(self, peer: str, now: float) -> Peer:
        p = self.peers.get(peer)
        if p is None:
            p = self.peers[peer] = Peer(now)
        return p

    def _forget(self, peer: str, p: Peer) -> None:
        """An address with no connection and no room is forgotten (its bucket would be full again by now
        or soon: a reconnecting flood keeps a connection, so its debt stays)."""
        if p.conns <= 0 and p.rooms <= 0 and p.tokens >= 0 and p.creates >= CREATE_BURST:
            self.peers.pop(peer, None)

    def _drop_room(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        p = self.peers.get(room.peer)
        if p is not None:
            p.rooms -= 1
            self._forget(room.peer, p)

    def _changed(self, room: Room) -> list:
        """The room's new state, to every connection in it."""
        room.seq += 1
        snap = room.snapshot(self.clock())
        return [(s.conn, snap) for s in room.seats if s.conn is not None]


def _error(code: str, **values: object) -> dict:
    return {"v": VERSION, "t": "error", "code": code, "values": values}


def _quote(value: object) -> str:
    """A value of a refused frame as an error quotes it: a text's first 16 characters without lone
    surrogates (they cannot be sent as UTF-8), a number as digits, anything else by its JSON type."""
    if isinstance(value, str):
        return value[:16].encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return str(value)[:16] if -10**15 < value < 10**15 else "number"
    if isinstance(value, float):
        return repr(value)[:16]
    return "array" if isinstance(value, list) else "object"


def _depth(text: str) -> int:
    """The deepest nesting of brackets in ``text``, those inside strings too (an upper bound, in one
    pass: the JSON decoder recurses per level and would overflow on a frame nested a thousand deep)."""
    depth = deepest = 0
    for ch in text:
        if ch == "[" or ch == "{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif ch == "]" or ch == "}":
            depth -= 1
    return deepest


def _parse(text: object) -> dict:
    if not isinstance(text, str):
        raise Refusal("bad_json")
    if len(text) > MAX_FRAME:
        raise Refusal("too_big", size=len(text), max=MAX_FRAME)
    if _depth(text) > MAX_DEPTH:
        raise Refusal("bad_json")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise Refusal("bad_json") from None
    if not isinstance(msg, dict):
        raise Refusal("bad_json")
    if msg.get("v") != VERSION or isinstance(msg.get("v"), bool):
        raise Refusal("bad_version", version=_quote(msg.get("v")), expected=VERSION)
    if msg.get("t") not in TYPES:
        raise Refusal("bad_type", type=_quote(msg.get("t")))
    return msg


def _settings(data: object) -> dict:
    """``{"preset", "kinds"}`` checked against the page's own choices; the small board by default."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise Refusal("bad_field", field="settings")
    preset = data.get("preset", "small")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise Refusal("bad_field", field="preset")
    kinds = data.get("kinds", PRESETS[preset][2])
    if isinstance(kinds, bool) or not isinstance(kinds, int) or kinds not in kinds_choices(preset):
        raise Refusal("bad_field", field="kinds")
    return {"preset": preset, "kinds": kinds}


def _name(text: object) -> str:
    """A player's name: printable, trimmed, at most :data:`NAME_MAX` characters ("" : their number)."""
    if not isinstance(text, str):
        return ""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:NAME_MAX]


def _new_code(rooms: dict) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))
        if code not in rooms:
            return code
