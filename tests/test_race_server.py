"""The race rooms: every message type, hostile frames, expiry and reconnection on the pure
lobby (py/race/rooms.py, a fake clock), then the same through the real server's WebSocket
(py/race/server.py, the one tools/serve.py runs). Fast, no browser."""

import asyncio
import json
import threading

import pytest

from puzzles.linkup import PRESETS, connect, joinable_pairs
from race import rooms
from race.rooms import GRACE_S, IDLE_S, MAX_FRAME, MAX_PLAYERS, Lobby, make_board

pytestmark = pytest.mark.waits  # on clocks, sockets or other processes more than it computes (tests/conftest.py)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def frame(**msg) -> str:
    return json.dumps({"v": 1, **msg})


class Table:
    """A lobby with a fake clock, its boards made at once, and what each connection was sent."""

    def __init__(self) -> None:
        self.clock = Clock()
        self.lobby = Lobby(self.clock)
        self.got: dict = {}

    def _take(self, outs: list) -> list:
        for conn, msg in outs:
            self.got.setdefault(conn, []).append(json.loads(json.dumps(msg)))
        for code, settings, seed in self.lobby.wanted():
            self.lobby.board_made(code, seed, make_board(settings, seed))
        return outs

    def open(self, conn: str, peer: str = "1.2.3.4") -> None:
        self._take(self.lobby.open(conn, peer))

    def send(self, conn: str, text: object = "", **msg) -> list:
        """One frame: ``text`` as it is (``None`` too: a binary frame), else ``msg`` as JSON."""
        return self._take(self.lobby.receive(conn, frame(**msg) if text == "" else text))

    def close(self, conn: str) -> list:
        return self._take(self.lobby.close(conn))

    def tick(self, seconds: float = 0.0) -> list:
        self.clock.now += seconds
        return self._take(self.lobby.tick())

    def last(self, conn: str, t: str) -> dict:
        found = [m for m in self.got.get(conn, []) if m["t"] == t]
        assert found, "%s got no %r: %r" % (conn, t, self.got.get(conn))
        return found[-1]

    def room(self, conn: str) -> dict:
        return self.last(conn, "room")

    def error(self, conn: str) -> str:
        return self.last(conn, "error")["code"]

    def player(self, conn: str, viewer: str = None) -> dict:
        pid = self.last(conn, "welcome")["player"]
        return next(p for p in self.room(viewer or conn)["players"] if p["id"] == pid)

    def race(self, *conns: str, settings: dict = None) -> dict:
        """``conns[0]`` creates a room, the others join by its code, all ready; the countdown runs out."""
        self.open(conns[0])
        self.send(conns[0], t="create", settings=settings or {"preset": "small", "kinds": 6})
        code = self.last(conns[0], "welcome")["room"]
        for c in conns[1:]:
            self.open(c, peer="peer-" + c)
            self.send(c, t="join", room=code)
        for c in conns:
            self.send(c, t="ready", ready=True)
        assert self.room(conns[0])["phase"] == "countdown"
        self.tick(rooms.COUNTDOWN_MS / 1000 + 0.01)
        snap = self.room(conns[0])
        assert snap["phase"] == "race"
        return snap


def a_pair(board) -> tuple:
    return joinable_pairs(board)[0]


def board_of(snap: dict):
    from puzzles.linkup import Board

    return Board.parse(snap["board"])


def play_out(t: Table, conn: str, board) -> None:
    """Clear ``board`` pair by pair (a board the generator made can always be cleared, but the
    first joinable pair is not always safe: the solver's order is)."""
    from puzzles.linkup.solver import solve

    for a, b in solve(board).moves:
        t.send(conn, t="pair", a=a, b=b)


# ---------------------------------------------------------------------- every message type
def test_create_join_ready_countdown_and_the_same_board_for_everyone():
    t = Table()
    t.open("a")
    t.send("a", t="create", settings={"preset": "small", "kinds": 4}, name="Ann")
    welcome = t.last("a", "welcome")
    assert len(welcome["room"]) == rooms.CODE_LEN and set(welcome["room"]) <= set(rooms.CODE_ALPHABET)
    assert len(welcome["secret"]) >= 20
    t.open("b", "9.9.9.9")
    t.send("b", t="join", room=welcome["room"].lower()[:4] + "-" + welcome["room"][4:])  # typed loosely
    snap = t.room("a")
    assert [p["n"] for p in snap["players"]] == [1, 2]
    assert snap["players"][0]["name"] == "Ann" and snap["players"][1]["name"] == ""
    assert snap["creator"] == welcome["player"] and snap["settings"] == {"preset": "small", "kinds": 4}
    t.send("a", t="ready", ready=True)
    assert t.room("a")["phase"] == "lobby"
    t.send("b", t="ready", ready=True)
    snap = t.room("b")
    assert snap["phase"] == "countdown" and 2900 <= snap["countdown_ms"] <= 3000 and "board" not in snap
    t.tick(1.0)
    assert t.room("a")["phase"] == "countdown"
    t.tick(2.1)
    a, b = t.room("a"), t.room("b")
    assert a["phase"] == b["phase"] == "race" and 0 <= a["race_ms"] <= 200  # the race's time so far
    t.tick(1.0)
    t.send("a", t="name", name="Ann")
    assert 1000 <= t.room("b")["race_ms"] <= 1200
    assert a["board"] == b["board"] and a["seed"] == b["seed"]
    assert board_of(a) == make_board({"preset": "small", "kinds": 4}, a["seed"])
    assert a["total"] == 24 and [p["left"] for p in a["players"]] == [24, 24]


def test_a_pair_is_checked_by_the_engine_and_counted_once():
    t = Table()
    snap = t.race("a", "b")
    board = board_of(snap)
    x, y = a_pair(board)
    t.send("a", t="pair", a=x, b=y)
    assert t.player("a", viewer="b")["left"] == 22 and t.player("a")["pairs"] == 1
    seq = t.room("b")["seq"]
    t.send("a", t="pair", a=x, b=y)  # repeated: those cells are empty now
    refused = t.last("a", "refused")
    assert refused["move"] == [min(x, y), max(x, y)] and refused["left"] == 22
    assert t.room("b")["seq"] == seq and t.player("a", viewer="b")["left"] == 22


def test_opponents_see_a_silhouette_of_each_board_never_its_kinds():
    t = Table()
    board = board_of(t.race("a", "b"))
    assert t.player("a", viewer="b")["shape"] == "f" * 6  # 24 cells, all full
    x, y = a_pair(board)
    t.send("a", t="pair", a=x, b=y)
    shape = t.player("a", viewer="b")["shape"]
    full = [i for i in range(24) if int(shape[i // 4], 16) >> (i % 4) & 1]
    assert full == [i for i in range(24) if i not in (x, y)]
    assert set(t.player("a", viewer="b")) == {"id", "n", "name", "ready", "left", "pairs", "hints", "shuffles",
                                              "time_ms", "place", "online", "gone", "shape"}  # no kinds, no moves


@pytest.mark.parametrize("bad", [
    {"a": 0, "b": 0},  # the same tile twice
    {"a": -1, "b": 3},
    {"a": 0, "b": 10**6},
    {"a": "0", "b": 1},
    {"a": 1.5, "b": 2},
    {"a": True, "b": 2},
    {"a": None},
])
def test_forged_pairs_are_refused_and_never_counted(bad):
    t = Table()
    t.race("a", "b")
    seq = t.room("b")["seq"]
    t.send("a", t="pair", **bad)
    assert t.got["a"][-1]["t"] in ("refused", "error")
    assert t.room("b")["seq"] == seq and t.player("a", viewer="b")["left"] == 24


def test_impossible_pairs_different_kinds_or_no_path_are_refused():
    t = Table()
    board = board_of(t.race("a", "b"))
    cells = board.cells
    tried = 0
    for i in range(len(cells)):
        for j in range(i + 1, len(cells)):
            r1, c1 = divmod(i, board.cols)
            r2, c2 = divmod(j, board.cols)
            if not connect(board, r1, c1, r2, c2):
                t.send("a", t="pair", a=i, b=j)
                assert t.got["a"][-1]["t"] == "refused"
                tried += 1
                if tried > 15:  # within the rate limit's burst
                    break
        if tried > 15:
            break
    assert tried > 15 and t.player("a", viewer="b")["left"] == 24


def test_shuffle_keeps_the_tiles_hint_and_undo_are_counted_finish_order_and_standings():
    t = Table()
    board = board_of(t.race("a", "b", "c"))
    from puzzles.linkup import Board

    moved = Board(board.rows, board.cols, list(reversed(board.cells)))
    t.send("b", t="shuffle", board=moved.to_code())
    assert t.player("b")["shuffles"] == 1
    other = Board(board.rows, board.cols, [1] * len(board.cells))
    t.send("b", t="shuffle", board=other.to_code())  # different tiles: refused
    assert t.last("b", "refused")["move"] == ["shuffle"] and t.player("b")["shuffles"] == 1
    t.send("b", t="undo")
    assert t.player("b")["shuffles"] == 0
    t.send("b", t="undo")
    assert t.error("b") == "nothing_to_undo"
    t.send("c", t="hint")
    t.send("c", t="hint")
    assert t.player("c", viewer="a")["hints"] == 2
    x, y = a_pair(board)
    t.send("a", t="pair", a=x, b=y)
    t.send("a", t="undo")
    assert t.player("a")["left"] == 24 and t.player("a")["pairs"] == 0
    t.tick(1.0)
    play_out(t, "b", board)
    t.tick(1.0)
    play_out(t, "a", board)
    snap = t.room("c")
    assert snap["phase"] == "race"
    first = [p for p in snap["players"] if p["place"] == 1]
    assert first[0]["id"] == t.last("b", "welcome")["player"] and first[0]["time_ms"] == 1000
    t.tick(0.5)
    play_out(t, "c", board)
    snap = t.room("a")
    assert snap["phase"] == "done"
    places = {p["n"]: (p["place"], p["time_ms"], p["pairs"], p["hints"]) for p in snap["players"]}
    assert places == {1: (2, 2000, 12, 0), 2: (1, 1000, 12, 0), 3: (3, 2500, 12, 2)}
    t.send("a", t="pair", a=x, b=y)
    assert t.error("a") == "not_racing"


def test_rematch_keeps_the_room_name_settings_and_ping():
    t = Table()
    board = board_of(t.race("a", "b"))
    code = t.room("a")["room"]
    t.send("a", t="rematch")
    assert t.error("a") == "race_running"
    play_out(t, "a", board)
    play_out(t, "b", board)
    assert t.room("a")["phase"] == "done"
    t.send("b", t="rematch")
    snap = t.room("a")
    assert snap["phase"] == "lobby" and snap["room"] == code and len(snap["players"]) == 2
    assert not any(p["ready"] for p in snap["players"]) and all(p["pairs"] == 0 for p in snap["players"])
    t.send("b", t="settings", settings={"preset": "kshisen", "kinds": 36})
    assert t.error("b") == "not_creator"
    t.send("a", t="settings", settings={"preset": "kshisen", "kinds": 36})
    assert t.room("b")["settings"] == {"preset": "kshisen", "kinds": 36}
    t.send("a", t="settings", settings={"preset": "kshisen", "kinds": 5})
    assert t.error("a") == "bad_field"
    t.send("b", t="name", name="  Bo\u0000b \n" + "x" * 40)
    assert t.player("b", viewer="a")["name"] == ("Bob " + "x" * 40)[:rooms.NAME_MAX].strip()
    t.send("a", t="ping")
    assert t.got["a"][-1] == {"v": 1, "t": "pong"}
    t.send("a", t="ready", ready=True)
    t.send("b", t="ready", ready=True)
    t.tick(3.1)
    snap = t.room("a")
    assert snap["phase"] == "race" and snap["round"] == 2 and snap["total"] == 144


def test_unready_in_the_countdown_stops_it_and_leave_frees_the_seat():
    t = Table()
    t.open("a")
    t.send("a", t="create")
    code = t.last("a", "welcome")["room"]
    t.open("b")
    t.send("b", t="join", room=code)
    t.send("a", t="ready", ready=True)
    t.send("b", t="ready", ready=True)
    t.send("b", t="ready", ready=False)
    assert t.room("a")["phase"] == "lobby"
    t.send("a", t="leave")
    snap = t.room("b")
    assert [p["n"] for p in snap["players"]] == [2] and snap["creator"] == snap["players"][0]["id"]


def test_six_players_at_most():
    t = Table()
    t.open("c0")
    t.send("c0", t="create")
    code = t.last("c0", "welcome")["room"]
    for i in range(1, MAX_PLAYERS + 1):
        t.open("c%d" % i)
        t.send("c%d" % i, t="join", room=code)
    assert len(t.room("c0")["players"]) == MAX_PLAYERS
    assert t.error("c%d" % MAX_PLAYERS) == "room_full"


# ---------------------------------------------------------------------- hostile frames
@pytest.mark.parametrize("text, code", [
    ("not json", "bad_json"),
    ("[1, 2]", "bad_json"),
    ("\"v\"", "bad_json"),
    (json.dumps({"t": "ping"}), "bad_version"),
    (json.dumps({"v": 2, "t": "ping"}), "bad_version"),
    (json.dumps({"v": True, "t": "ping"}), "bad_version"),
    (json.dumps({"v": "1", "t": "ping"}), "bad_version"),
    (json.dumps({"v": 1, "t": "explode"}), "bad_type"),
    (json.dumps({"v": 1}), "bad_type"),
    (json.dumps({"v": 1, "t": "ping", "pad": "x" * MAX_FRAME}), "too_big"),
    (None, "bad_json"),
])
def test_garbage_huge_and_wrong_version_frames_are_refused(text, code):
    t = Table()
    board = board_of(t.race("a", "b"))
    before = t.room("b")
    t.send("a", text)
    assert t.error("a") == code
    assert t.room("b") == before and board_of(t.room("a")) == board


def test_another_players_id_and_another_room_are_refused():
    t = Table()
    snap = t.race("a", "b")
    board = board_of(snap)
    other_room = Table()
    x, y = a_pair(board)
    b_id = t.last("b", "welcome")["player"]
    t.send("a", t="pair", a=x, b=y, player=b_id)
    assert t.error("a") == "not_yours"
    t.send("a", t="pair", a=x, b=y, room="ZZZZZZZZ")
    assert t.error("a") == "wrong_room"
    t.send("a", t="resume", room=snap["room"], player=b_id, secret="guess")
    assert t.error("a") == "seat_gone"
    assert [p["left"] for p in t.room("b")["players"]] == [24, 24]
    del other_room


def test_messages_before_a_seat_and_unknown_rooms():
    t = Table()
    t.open("a")
    t.send("a", t="pair", a=0, b=1)
    assert t.error("a") == "no_room"
    t.send("a", t="join", room="NOPE2345")
    assert t.error("a") == "room_not_found"
    t.send("a", t="create", settings={"preset": "huge"})
    assert t.error("a") == "bad_field"


def test_join_guessing_is_capped_per_peer():
    t = Table()
    t.open("host")
    t.send("host", t="create")
    code = t.last("host", "welcome")["room"]
    t.open("guesser", "6.6.6.6")
    for i in range(rooms.JOIN_MISSES):
        t.tick(0.1)
        t.send("guesser", t="join", room="GUESS%03d" % i)
        assert t.error("guesser") == "room_not_found"
    t.send("guesser", t="join", room=code)  # even the right code now
    assert t.error("guesser") == "too_many_tries"
    t.tick(61)
    t.send("guesser", t="join", room=code)
    assert t.last("guesser", "welcome")["room"] == code


def test_the_rate_cap_drops_a_flood_with_one_error():
    t = Table()
    board = board_of(t.race("a", "b"))
    for _ in range(int(rooms.BURST) + 20):
        t.send("a", t="hint")
    errors = [m for m in t.got["a"] if m["t"] == "error" and m["code"] == "rate"]
    assert len(errors) == 1
    assert t.player("a", viewer="b")["hints"] == rooms.BURST  # the bucket filled again in the countdown
    t.tick(1.0)
    x, y = a_pair(board)
    t.send("a", t="pair", a=x, b=y)
    assert t.player("a", viewer="b")["left"] == 22


# ---------------------------------------------------------------------- faults: reconnection, expiry
def test_a_dropped_player_resumes_seat_and_progress_within_the_grace():
    t = Table()
    board = board_of(t.race("a", "b"))
    welcome = t.last("a", "welcome")
    x, y = a_pair(board)
    t.send("a", t="pair", a=x, b=y)
    t.close("a")
    assert t.player("a", viewer="b")["online"] is False
    t.tick(GRACE_S - 1)
    t.open("a2")
    t.send("a2", t="resume", room=welcome["room"], player=welcome["player"], secret=welcome["secret"])
    again = t.last("a2", "welcome")
    assert again["player"] == welcome["player"] and again["moves"] == [[min(x, y), max(x, y)]]
    me = next(p for p in t.room("a2")["players"] if p["id"] == welcome["player"])
    assert me["left"] == 22 and me["online"] is True and me["n"] == 1


def test_a_second_connection_of_the_same_seat_replaces_the_first():
    t = Table()
    t.race("a", "b")
    welcome = t.last("a", "welcome")
    t.open("a2")
    t.send("a2", t="resume", room=welcome["room"], player=welcome["player"], secret=welcome["secret"])
    assert t.error("a") == "replaced"
    t.send("a", t="hint")
    assert t.error("a") == "no_room"


def test_past_the_grace_a_seat_is_gone_and_the_race_can_end():
    t = Table()
    board = board_of(t.race("a", "b"))
    welcome = t.last("b", "welcome")
    t.close("b")
    t.tick(GRACE_S + 1)
    assert t.player("b", viewer="a")["gone"] is True
    t.open("b2")
    play_out(t, "a", board)
    assert t.room("a")["phase"] == "done"
    t.send("b2", t="resume", room=welcome["room"], player=welcome["player"], secret=welcome["secret"])
    assert t.last("b2", "welcome")["player"] == welcome["player"]  # a seat in the standings can still come back


def test_a_lobby_seat_is_freed_past_the_grace():
    t = Table()
    t.open("a")
    t.send("a", t="create")
    code = t.last("a", "welcome")["room"]
    t.open("b")
    t.send("b", t="join", room=code)
    t.close("b")
    t.tick(GRACE_S + 1)
    assert len(t.room("a")["players"]) == 1


def test_empty_and_idle_rooms_expire():
    t = Table()
    t.open("a")
    t.send("a", t="create")
    empty = t.last("a", "welcome")
    t.close("a")
    t.open("b")
    t.send("b", t="create")
    idle = t.last("b", "welcome")["room"]
    t.tick(GRACE_S + 1)
    assert empty["room"] not in t.lobby.rooms and idle in t.lobby.rooms
    t.open("a2")
    t.send("a2", t="resume", room=empty["room"], player=empty["player"], secret=empty["secret"])
    assert t.error("a2") == "seat_gone"
    t.tick(IDLE_S)
    assert idle not in t.lobby.rooms and t.error("b") == "room_expired"


def test_one_address_cannot_fill_the_server_with_rooms(monkeypatch):
    monkeypatch.setattr(rooms, "ROOMS_PER_PEER", 3)
    monkeypatch.setattr(rooms, "MAX_ROOMS", 5)
    t = Table()
    a = ["a0", "a1", "a2", "a3"]  # the lobby knows a connection by identity
    for conn in a:
        t.open(conn, "6.6.6.6")
    for conn in a[:3]:
        t.send(conn, t="create")
        assert t.got[conn][-1]["t"] == "room"
    t.send("a3", t="create")
    assert t.error("a3") == "too_many_rooms"
    t.open("b", "7.7.7.7")
    for _ in range(3):  # each create leaves b's last lobby, which goes with its last seat
        t.send("b", t="create")
    assert len(t.lobby.rooms) == 4
    t.open("c", "8.8.8.8")
    t.send("c", t="create")
    t.open("d", "9.9.9.9")
    t.send("d", t="create")
    assert t.error("d") == "server_full" and len(t.lobby.rooms) == 5
    t.close(a[0])
    t.tick(GRACE_S + 1)  # the room a0 left empty goes: its address may make another
    t.send("a3", t="create")
    assert t.got["a3"][-1]["t"] == "room", t.got["a3"][-1]


def test_room_codes_are_unguessable_enough():
    t = Table()
    codes = set()
    for i in range(200):
        t.open("c%d" % i, "10.0.%d.%d" % (i // 100, i % 100))
        t.send("c%d" % i, t="create")
        codes.add(t.last("c%d" % i, "welcome")["room"])
        t.tick(0.06)
    assert len(codes) == 200
    assert len(rooms.CODE_ALPHABET) ** rooms.CODE_LEN >= 2**40


# ---------------------------------------------------------------------- costs and limits under attack
def shuffled(board, k: int):
    """``board`` with its tiles rotated ``k`` places (the same tiles: a legal shuffle)."""
    from puzzles.linkup import Board

    tiles = [v for v in board.cells if v]
    k %= len(tiles)
    tiles = tiles[k:] + tiles[:k]
    it = iter(tiles)
    return Board(board.rows, board.cols, [next(it) if v else 0 for v in board.cells])


def test_undo_costs_the_same_however_many_shuffles_and_the_resume_stays_small(monkeypatch):
    t = Table()
    board = board_of(t.race("a", "b"))
    for k in range(1, rooms.MAX_SHUFFLES + 1):
        t.tick(0.1)
        t.send("a", t="shuffle", board=shuffled(board, k).to_code())
    assert t.player("a")["shuffles"] == rooms.MAX_SHUFFLES
    t.send("a", t="shuffle", board=shuffled(board, 999).to_code())
    assert t.error("a") == "too_many_shuffles" and t.player("a")["shuffles"] == rooms.MAX_SHUFFLES
    calls = []
    real = rooms.SPEC

    class Counting:
        def __getattr__(self, name):
            return getattr(real, name)

        def apply(self, board, move):
            calls.append(move)
            return real.apply(board, move)

    monkeypatch.setattr(rooms, "SPEC", Counting())
    t.send("a", t="undo")
    assert calls == [], "an undo plays no move again"
    assert Board_cells(t, "a") == list(shuffled(board, rooms.MAX_SHUFFLES - 1).cells)
    welcome = t.last("a", "welcome")
    t.close("a")
    t.open("a2", "peer-a")
    t.send("a2", t="resume", room=welcome["room"], player=welcome["player"], secret=welcome["secret"])
    resumed = t.last("a2", "welcome")
    assert len(resumed["moves"]) == rooms.MAX_SHUFFLES - 1
    assert len(json.dumps(resumed)) < 40 * (len(board.to_code()) + 20) + 6000  # bounded: MAX_SHUFFLES boards


def Board_cells(t: Table, conn: str) -> list:
    """The cells of ``conn``'s seat as the lobby holds them."""
    pid = t.last(conn, "welcome")["player"]
    for room in t.lobby.rooms.values():
        seat = room.seat(pid)
        if seat is not None:
            return list(seat.board.cells)
    raise AssertionError(pid)


def test_one_address_makes_rooms_at_a_bounded_rate(monkeypatch):
    monkeypatch.setattr(rooms, "ROOMS_PER_PEER", 1000)
    t = Table()
    conns = ["r%d" % i for i in range(int(rooms.CREATE_BURST) + 5)]
    made = 0
    for conn in conns:
        t.open(conn, "6.6.6.6")
        t.send(conn, t="create")
        made += t.got[conn][-1]["t"] == "room"
    assert made == rooms.CREATE_BURST and t.error(conns[-1]) == "too_many_rooms"
    t.open("other", "7.7.7.7")
    t.send("other", t="create")  # another address is untouched
    assert t.got["other"][-1]["t"] == "room"
    t.tick(1.0 / rooms.CREATE_RATE)
    t.send(conns[-1], t="create")
    assert t.got[conns[-1]][-1]["t"] == "room"


def test_creating_a_room_does_not_look_at_every_room():
    class Watched(dict):
        looked = 0

        def values(self):
            Watched.looked += 1
            return super().values()

        def __iter__(self):
            Watched.looked += 1
            return super().__iter__()

    t = Table()
    t.lobby.rooms = Watched()
    for i in range(50):
        conn = "c%d" % i
        t.open(conn, "10.1.%d.%d" % (i // 10, i % 10))
        t.send(conn, t="create")
        assert t.got[conn][-1]["t"] == "room"
    assert Watched.looked == 0 and len(t.lobby.rooms) == 50


def test_a_tick_looks_at_the_rooms_waiting_for_a_time_not_at_every_room(monkeypatch):
    looked = set()

    class Counted(rooms.Room):
        def __getattribute__(self, name):
            if name == "seats":
                looked.add(object.__getattribute__(self, "code"))
            return object.__getattribute__(self, name)

    monkeypatch.setattr(rooms, "Room", Counted)
    t = Table()
    for i in range(2000):
        conn = "c%d" % i
        t.open(conn, "10.2.%d.%d" % (i // 100, i % 100))
        t.send(conn, t="create")
    t.race("a", "b")  # one room counting down, then racing
    t.close("a")  # and a dropped seat in it
    looked.clear()
    t.tick(0.1)
    assert len(looked) <= rooms.SWEEP_ROOMS + 1
    for _ in range(2000 // rooms.SWEEP_ROOMS + 1):
        t.tick(0.1)
    t.tick(rooms.IDLE_S)  # every room idle now: all found within one turn of the sweep
    for _ in range(2000 // rooms.SWEEP_ROOMS + 1):
        t.tick(0.1)
    assert len(t.lobby.rooms) == 0


def test_one_address_many_sockets_shares_one_frame_budget_and_is_paused():
    t = Table()
    t.race("h1", "h2")  # an honest room, other addresses
    flood = ["f%d" % i for i in range(50)]
    for conn in flood:
        t.open(conn, "6.6.6.6")
    accepted = 0
    for _round in range(10):
        for conn in flood:
            got = t.send(conn, t="ping")
            accepted += sum(1 for _c, m in got if m["t"] == "pong")
    assert accepted <= rooms.PEER_BURST
    assert all(t.lobby.pause(conn) > 0 for conn in flood)
    assert t.lobby.pause(flood[0]) <= rooms.MAX_PAUSE_S
    assert t.lobby.pause("h1") == 0
    got = t.send("h1", t="ping")
    assert got[-1][1]["t"] == "pong", "another address is untouched"
    t.tick(rooms.MAX_PAUSE_S + 5)
    assert t.lobby.pause(flood[0]) == 0 and t.send(flood[0], t="ping")[-1][1]["t"] == "pong"
    for conn in flood:
        t.close(conn)
    assert t.lobby.sockets("6.6.6.6") == 0


def test_seat_numbers_after_a_full_race_everyone_left():
    t = Table()
    conns = ["p%d" % i for i in range(MAX_PLAYERS)]
    t.race(*conns)
    for conn in conns:
        t.send(conn, t="leave")
    code = t.last(conns[0], "welcome")["room"]
    assert code in t.lobby.rooms
    newcomers = ["n%d" % i for i in range(MAX_PLAYERS)]
    for conn in newcomers:
        t.open(conn, "peer-" + conn)
        t.send(conn, t="join", room=code)
    snap = t.room(newcomers[-1])
    assert snap["phase"] == "lobby" and [p["n"] for p in snap["players"]] == list(range(1, MAX_PLAYERS + 1))
    assert t.lobby.internal == 0


def test_joining_and_leaving_a_finished_race_keeps_its_seats_bounded():
    t = Table()
    board = board_of(t.race("a", "b"))
    play_out(t, "a", board)
    play_out(t, "b", board)
    code = t.room("a")["room"]
    assert t.room("a")["phase"] == "done"
    for i in range(30):
        conn = "x%d" % i
        t.open(conn, "peer-x")
        t.send(conn, t="join", room=code)
        assert t.last(conn, "welcome")["n"] == 3
        t.send(conn, t="leave")
    assert len(t.lobby.rooms[code].seats) == 2 and t.room("a")["phase"] == "done"


HOSTILE_VALUES = [None, True, 0, -1, 2**64, 1.5, float("nan"), "", "x" * 300, "\ud800", "a\udfffb",
                  "\u0000", [], [[[]]], {}, {"preset": []}, {"preset": {}}, {"preset": "small", "kinds": []},
                  {"preset": "small", "kinds": 2**70}, ["shuffle", "x"], "é" * 10, "<b>x</b>"]


def _hostile_frames() -> list:
    import random

    rng = random.Random(35)
    frames = [r'"\ud800"', r'{"v":1,"t":"join","room":"\ud800\ud800"}', r'{"v":1,"t":"\udc00"}',
              r'{"v":"\ud800","t":"ping"}', r'{"v":1,"t":"pair","a":"\ud800","b":1}',
              "[" * 1000 + "]" * 1000, '{"v":1,"t":"ping","x":' + "[" * 1000 + "]" * 1000 + "}",
              "{" * 2000, '{"v":1,"t":"name","name":' + "[" * 9 + "]" * 9 + "}",
              r'{"v":1,"t":"resume","room":"X","player":"p","secret":"\u00e9"}', "\x00", "{}", "null"]
    fields = ["room", "player", "secret", "name", "settings", "ready", "a", "b", "board"]
    for kind in rooms.TYPES:
        for _ in range(25):
            msg = {"v": 1, "t": kind}
            for f in rng.sample(fields, rng.randint(1, 4)):
                msg[f] = rng.choice(HOSTILE_VALUES)
            frames.append(json.dumps(msg))  # a lone surrogate travels as its JSON escape
    return frames


def test_hostile_frames_are_refused_cleanly_and_every_answer_can_be_sent():
    """Lone surrogates, JSON nested a thousand deep, every field of every type given the wrong shape: no
    frame raises or is answered ``internal``, every answer encodes as UTF-8, and the room plays on."""
    frames = _hostile_frames()
    t = Table()
    board = board_of(t.race("a", "b"))
    t.open("c", "peer-c")
    for text in frames:
        t.tick(0.06)  # within the rate
        for conn in ("a", "c"):
            for _c, msg in t.send(conn, text):
                json.dumps(msg, ensure_ascii=False).encode("utf-8")
        assert t.lobby.internal == 0, text[:200]
    assert len(frames) > 300
    t.tick(1.0)
    assert t.send("b", t="ping")[-1][1] == {"v": 1, "t": "pong"}  # b, who sent nothing hostile, plays on
    assert t.player("b")["left"] == board.tiles()


# ---------------------------------------------------------------------- the real server
@pytest.fixture(scope="module")
def race_url():
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    from serve import make_server

    server = make_server(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()


async def _recv(ws, t: str, timeout: float = 5.0) -> dict:
    while True:
        msg = await asyncio.wait_for(ws.receive_json(), timeout)
        if msg["t"] == t:
            return msg


def test_both_servers_say_how_long_a_file_may_be_kept():
    """Asked each time by default (an edit shows on the next load, never old modules with new ones); kept
    ``max_age`` seconds when the tree is known not to change (the end-to-end tests' servers)."""
    import sys
    import urllib.request
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    from serve import make_server, make_static_server

    for make in (make_server, make_static_server):
        for max_age, expected in ((0, "no-cache"), (3600, "max-age=3600")):
            server = make(0, max_age=max_age)
            thread = threading.Thread(target=server.serve_forever, daemon=True)
            thread.start()
            try:
                url = "http://127.0.0.1:%d/static/app.css" % server.server_address[1]
                with urllib.request.urlopen(url) as r:
                    assert r.headers["Cache-Control"] == expected, (make.__name__, max_age)
            finally:
                server.shutdown()


@pytest.mark.heavy
def test_the_server_serves_the_page_and_the_rooms_in_one_process(race_url):
    import aiohttp

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            async with http.get(race_url) as r:
                assert r.status == 200 and "data-app-state" in await r.text()
            async with http.get(race_url + "static/boot.js") as r:
                assert r.status == 200 and r.headers["Content-Type"].startswith("text/javascript")
            async with http.get(race_url + "py/puzzles/linkup/__init__.py") as r:
                assert r.status == 200 and r.headers["Content-Type"].startswith("text/plain")
                assert r.headers["Cache-Control"] == "no-cache", "an edited file shows on the next load"
                etag = r.headers["ETag"]
            async with http.get(race_url + "py/puzzles/linkup/__init__.py", headers={"If-None-Match": etag}) as r:
                assert r.status == 304, "an unchanged file is not sent again"
            async with http.get(race_url + "static/vendor/micropython/micropython.wasm") as r:
                assert r.status == 200 and r.headers["Content-Type"] == "application/wasm"
            async with http.get(race_url + "no/such/file.js") as r:
                assert r.status == 404
            long_link = race_url + "?game=sliding&board=" + "%5B" * 5000 + "%5D" * 5000  # 30,000 characters
            async with http.get(long_link) as r:  # the page gets it, and refuses the board with a message
                assert r.status == 200 and "data-app-state" in await r.text()
            ws_url = race_url.replace("http", "ws") + "race"
            a = await http.ws_connect(ws_url)
            b = await http.ws_connect(ws_url)
            await a.send_str(frame(t="create", settings={"preset": "small", "kinds": 6}))
            welcome = await _recv(a, "welcome")
            await b.send_str(frame(t="join", room=welcome["room"]))
            await _recv(b, "welcome")
            await a.send_str(frame(t="ready", ready=True))
            await b.send_str(frame(t="ready", ready=True))
            while (await _recv(a, "room"))["phase"] != "race":
                pass
            snap = await _recv(b, "room")
            while snap["phase"] != "race":
                snap = await _recv(b, "room")
            board = board_of(snap)
            x, y = a_pair(board)
            await a.send_str(frame(t="pair", a=x, b=y))
            snap = await _recv(b, "room")
            assert [p["left"] for p in snap["players"]] == [22, 24]
            await a.send_str("{garbage")
            assert (await _recv(a, "error"))["code"] == "bad_json"
            await a.send_str(frame(t="ping", pad="y" * (MAX_FRAME * 5)))  # past the socket's own cap
            closed = await a.receive(timeout=5)
            assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)
            snap = await _recv(b, "room")  # a's connection went: its seat waits
            assert snap["players"][0]["online"] is False and snap["players"][0]["left"] == 22
            a2 = await http.ws_connect(ws_url)
            await a2.send_str(frame(t="resume", room=welcome["room"], player=welcome["player"],
                                    secret=welcome["secret"]))
            assert (await _recv(a2, "welcome"))["moves"] == [[min(x, y), max(x, y)]]
            for ws in (a2, b):
                await ws.close()

    asyncio.run(go())


def test_every_preset_makes_a_board_the_page_would_make():
    for name, (rows, cols, kinds, _per) in PRESETS.items():
        if rows * cols <= 144:
            assert make_board({"preset": name, "kinds": kinds}, 7).tiles() == rows * cols


# ---------------------------------------------------------------------- the servers under attack
def _serve(make, **kw):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import serve

    server = getattr(serve, make)(0, **kw)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


PAGE_FILES = ["", "index.html", "favicon.ico", "pyscript.toml", "worker.toml", "static/app.css", "static/boot.js",
              "static/vendor/pyscript/core.js", "py/main.py", "py/worker.py", "py/code_runner.py",
              "static/vendor/build/modules-first.bin", "static/vendor/build/modules-later.bin",
              "py/puzzles/linkup/__init__.py", "py/puzzles/linkup/solver/__init__.py", "py/worker_jobs.py"]
NOT_SERVED = [".git/config", ".git", ".venv/pyvenv.cfg", "tests/conftest.py", "tests/", "tools/serve.py",
              "README.md", "pyproject.toml", "py/race/rooms.py", "py/race/", "static/", "static/../README.md",
              "py/app/view.py", "py/puzzles/linkup/race_view.py",  # the page's own modules: in its bundles
              "static/%2e%2e/README.md", "static/.hidden", "node_modules/axe-core/axe.min.js", "py//main.py",
              "static/app.css%00", "x" * 60000, "static/" + "y" * 60000]


@pytest.mark.parametrize("make", ["make_server", "make_static_server"])
def test_both_servers_send_the_pages_files_and_nothing_else_of_the_checkout(make, caplog):
    import http.client
    from urllib.parse import quote

    server, url = _serve(make)
    port = server.server_address[1]
    try:
        for rel in PAGE_FILES:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/" + rel)
            r = conn.getresponse()
            r.read()
            assert r.status == 200, (rel, r.status)
            conn.close()
        for rel in NOT_SERVED:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/" + quote(rel, safe="/%"))
            r = conn.getresponse()
            body = r.read()
            assert r.status in (404, 414), (rel[:40], r.status)
            assert b"Traceback" not in body and b"root" not in body
            conn.close()
    finally:
        server.shutdown()
    assert not [rec for rec in caplog.records if rec.levelname in ("ERROR", "CRITICAL")]
    tested, _url = _serve(make, tests=True)  # the tests' servers add axe-core, nothing more
    try:
        conn = http.client.HTTPConnection("127.0.0.1", tested.server_address[1], timeout=10)
        conn.request("GET", "/node_modules/axe-core/axe.min.js")
        assert conn.getresponse().status == 200
        conn.close()
    finally:
        tested.shutdown()


@pytest.mark.parametrize("make", ["make_server", "make_static_server"])
def test_a_client_that_dribbles_its_request_is_closed(make, monkeypatch):
    import socket as sockets
    import sys
    import time
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import serve
    from race import server as race_server

    monkeypatch.setattr(race_server, "HEADER_TIMEOUT_S", 1.0)
    monkeypatch.setattr(serve.Handler, "timeout", 1.0)
    server, _url = _serve(make)
    try:
        slow = sockets.create_connection(("127.0.0.1", server.server_address[1]))
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # the headers never end
        slow.settimeout(8)
        t0 = time.monotonic()
        got = b""
        try:
            while True:
                chunk = slow.recv(4096)
                if not chunk:
                    break
                got += chunk
        except (ConnectionResetError, TimeoutError):
            pass
        assert time.monotonic() - t0 < 6, "closed within the header timeout"
        slow.close()
    finally:
        server.shutdown()


def test_one_address_cannot_hold_every_connection(monkeypatch):
    import socket as sockets
    import urllib.request

    from race import server as race_server

    monkeypatch.setattr(race_server, "CONNS_PER_PEER", 8)
    server, url = _serve("make_server")
    port = server.server_address[1]
    held = []
    try:
        for _ in range(8):
            held.append(sockets.create_connection(("127.0.0.1", port)))
        extra = sockets.create_connection(("127.0.0.1", port))
        extra.settimeout(5)
        extra.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        try:
            assert extra.recv(100) == b"", "the ninth connection of one address is cut"
        except ConnectionResetError:
            pass
        extra.close()
        other = sockets.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0))
        other.sendall(b"GET /favicon.ico HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        other.settimeout(5)
        assert other.recv(100).startswith(b"HTTP/1.1 200"), "another address is served"
        other.close()
        for s in held:
            s.close()
        with urllib.request.urlopen(url + "favicon.ico", timeout=5) as r:  # freed when they close
            assert r.status == 200
    finally:
        server.shutdown()


def test_one_address_opens_connections_at_a_bounded_rate():
    from race import server as race_server

    now = [0.0]
    conns = race_server.Conns(lambda: now[0])
    opened = 0
    for _ in range(int(race_server.CONN_BURST) + 50):
        if conns.admit("6.6.6.6"):
            opened += 1
            conns.gone("6.6.6.6")  # a storm: each connection closes at once
    assert opened == race_server.CONN_BURST
    assert conns.admit("7.7.7.7"), "another address is untouched"
    now[0] += 1.0
    assert sum(conns.admit("6.6.6.6") for _ in range(100)) == race_server.CONN_RATE


def test_too_many_race_sockets_from_one_address_are_refused(race_url, monkeypatch):
    import aiohttp

    from race import server as race_server

    monkeypatch.setattr(race_server, "SOCKETS_PER_PEER", 4)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            ws_url = race_url.replace("http", "ws") + "race"
            held = [await http.ws_connect(ws_url) for _ in range(4)]
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(ws_url)
            assert refused.value.status == 429
            await held[0].close()
            await asyncio.sleep(0.2)
            again = await http.ws_connect(ws_url)
            for ws in held[1:] + [again]:
                await ws.close()

    asyncio.run(go())


class FakeSocket:
    """A socket for :class:`race.server.Relay`: ``deaf`` ones never finish a send (a reader that never reads)."""

    def __init__(self, deaf: bool = False) -> None:
        self.deaf, self.got, self.closed = deaf, [], False

    async def send_str(self, text: str) -> None:
        if self.deaf:
            await asyncio.Event().wait()
        self.got.append(text)


class FakeTransport:
    def __init__(self, ws: FakeSocket) -> None:
        self.ws = ws

    def is_closing(self) -> bool:
        return self.ws.closed

    def abort(self) -> None:
        self.ws.closed = True


def test_a_reader_that_never_reads_holds_up_no_one_and_is_cut():
    from race.server import MAX_QUEUE, Outbox, Relay

    async def go() -> None:
        relay = Relay()
        honest, deaf = FakeSocket(), FakeSocket(deaf=True)
        for ws in (honest, deaf):
            relay.outboxes[ws] = Outbox(ws, FakeTransport(ws))
        for k in range(MAX_QUEUE * 3):
            msg = {"t": "room", "seq": k}
            await asyncio.wait_for(relay.deliver([(deaf, msg), (honest, msg)]), 1.0)
            await asyncio.sleep(0)
        await asyncio.sleep(0.05)
        assert [json.loads(x)["seq"] for x in honest.got] == list(range(MAX_QUEUE * 3)), "nothing lost"
        assert deaf.closed and relay.cut == 1

    asyncio.run(go())


def test_hostile_frames_over_the_socket_keep_it_open_and_log_nothing(race_url, caplog):
    import aiohttp

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(race_url.replace("http", "ws") + "race")
            for text in _hostile_frames()[:13]:
                await ws.send_str(text)
                msg = await _recv(ws, "error")
                assert msg["code"] in ("bad_json", "bad_type", "bad_version", "room_not_found", "seat_gone", "no_room")
                await asyncio.sleep(0.06)
            await ws.send_str(frame(t="ping"))
            assert (await _recv(ws, "pong"))["t"] == "pong"
            await ws.close()

    asyncio.run(go())
    assert not [rec for rec in caplog.records if rec.levelname in ("ERROR", "CRITICAL")]


def test_the_server_writes_the_configs_bundles_and_service_workers_list_again_before_sending_them(tmp_path):
    """``refresh(path)`` runs before worker.toml, sw-files.js or a bundle of the page's modules is sent (an edited
    worker file makes a new digest, so the page's solver worker imports it instead of the snapshot's module;
    an edited page module is bundled as its source), told which, and for no other file."""
    from aiohttp.test_utils import TestClient, TestServer

    from race.server import make_app

    (tmp_path / "static" / "vendor").mkdir(parents=True)
    (tmp_path / "static" / "app.css").write_text("body {}\n")
    written = []

    def refresh(path: str) -> None:
        written.append(path)
        (tmp_path / "worker.toml").write_text('digest = "%d"\n' % len(written))
        (tmp_path / "static" / "vendor" / "sw-files.js").write_text("self.APP = %d;\n" % len(written))
        (tmp_path / "static" / "vendor" / "build").mkdir(exist_ok=True)
        (tmp_path / "static" / "vendor" / "build" / "modules-later.bin").write_text("later %d" % len(written))

    async def go() -> list:
        async with TestClient(TestServer(make_app(tmp_path, refresh=refresh))) as client:
            got = []
            for path in ("/worker.toml", "/static/app.css", "/static/vendor/sw-files.js", "/worker.toml",
                         "/static/vendor/build/modules-later.bin"):
                r = await client.get(path)
                got.append((r.status, await r.text()))
            return got

    got = asyncio.run(go())
    assert got == [(200, 'digest = "1"\n'), (200, "body {}\n"), (200, "self.APP = 2;\n"), (200, 'digest = "3"\n'),
                   (200, "later 4")]
    assert written == ["/worker.toml", "/static/vendor/sw-files.js", "/worker.toml",
                       "/static/vendor/build/modules-later.bin"]


@pytest.mark.parametrize("path, writes", [
    ("/static/vendor/build/modules-first.bin", ["bundles"]),
    ("/static/vendor/build/modules-later.bin", ["bundles"]),
    ("/worker.toml", ["worker"]),
    ("/static/vendor/sw-files.js", ["bundles", "worker", "sw"]),  # its digest covers the other three
])
def test_the_serve_command_writes_again_what_the_file_asked_for_is_made_of(monkeypatch, path, writes):
    """Each file of ``REFRESHED`` written again from the tree before it is sent: that file only, but the
    service worker's list, whose version is a digest of every file (the bundles and worker.toml too)."""
    import configs
    import serve

    done = []
    for name, key in (("write_bundles", "bundles"), ("write_worker_config", "worker"), ("write_sw_files", "sw")):
        monkeypatch.setattr(configs, name, lambda key=key: done.append(key))
    serve._refresh(path)
    assert done == writes



def test_a_worker_file_listed_while_serving_is_sent(tmp_path):
    """A server writes worker.toml again as it is asked for: a file the config lists since (a worker file
    added while serving) is sent, and one it no longer lists is not."""
    from race.files import Served

    (tmp_path / "py").mkdir()
    for name in ("a.py", "b.py"):
        (tmp_path / "py" / name).write_text("X = 1\n")
    config = tmp_path / "worker.toml"
    config.write_text('[files]\n"./py/a.py" = "./a.py"\n')
    served = Served(tmp_path)
    assert served.find("py/a.py") and served.find("py/b.py") is None
    config.write_text('[files]\n"./py/a.py" = "./a.py"\n"./py/b.py" = "./b.py"\n')
    assert served.find("py/a.py") and served.find("py/b.py")
    config.write_text('[files]\n"./py/b.py" = "./b.py"\n')
    assert served.find("py/a.py") is None and served.find("py/b.py")
