"""The race's client (py/puzzles/linkup/race_client.py) against the real lobby (py/race/rooms.py), one
fake clock for both and frames delivered in order, no socket and no browser: joining, moves sent and
confirmed or refused, an opponent's moves, undo, a finished race, a dropped connection dialled again on
its backoff schedule, the send rate, and server messages of every wrong shape ignored."""

import json

import pytest

from puzzles.linkup import PRESETS, SPEC, Board, joinable_pairs
from puzzles.linkup import race_client as rc
from puzzles.linkup.race_client import BACKOFF_MS, GRACE_MS, RaceClient, room_code
from puzzles.linkup.solver import solve
from race import rooms
from race.rooms import Lobby, make_board


class Net:
    """A lobby and its players' clients on one clock (ms); what each side sends waits in :attr:`wire`
    until :meth:`run` delivers it, in order, as a socket would."""

    def __init__(self) -> None:
        self.ms = 5_000_000.0
        self.lobby = Lobby(lambda: self.ms / 1000.0)
        self.wire: list = []
        self.timers: list = []  # [due ms, player, what]
        self.up = True  # the server takes connections

    def player(self, name: str) -> "Player":
        return Player(self, name)

    def run(self) -> None:
        while self.wire:
            kind, p, value = self.wire.pop(0)
            if kind == "dial":
                if not self.up:
                    p.client.closed()
                    continue
                p.dials += 1
                p.conn = "%s#%d" % (p.name, p.dials)
                self._take(self.lobby.open(p.conn, "peer-" + p.name))
                p.client.opened()
            elif kind == "up" and p.conn == value[0]:
                p.sent.append(json.loads(value[1]))
                self._take(self.lobby.receive(p.conn, value[1]))
            elif kind == "down":
                p.got.append(value)
                p.client.received(value)

    def _take(self, outs: list) -> None:
        for conn, msg in outs:
            for p in Player.all:
                if p.conn == conn:
                    self.wire.append(("down", p, json.dumps(msg)))
        for code, settings, seed in self.lobby.wanted():
            self.lobby.board_made(code, seed, make_board(settings, seed))

    def wait(self, ms: float) -> None:
        """Time passes: the lobby's tick and the clients' due timers, in order."""
        end = self.ms + ms
        while True:
            due = sorted((t for t in self.timers if t[0] <= end), key=lambda t: t[0])
            if not due:
                break
            first = due[0]
            self.timers.remove(first)
            self.ms = max(self.ms, first[0])
            self._take(self.lobby.tick())
            first[1].client.timer(first[2])
            self.run()
        self.ms = end
        self._take(self.lobby.tick())
        self.run()

    def drop(self, p: "Player") -> None:
        """The connection goes (the server restarted, the network went)."""
        conn, p.conn = p.conn, None
        self._take(self.lobby.close(conn))
        p.client.closed()
        self.run()


class Player:
    """One page: its client, the board in play (the race's start and the moves in effect), what it
    was asked to do (``events``), the frames it sent and got."""

    all: list = []

    def __init__(self, net: Net, name: str) -> None:
        self.net, self.name = net, name
        self.conn = None
        self.dials = 0
        self.start = Board.parse(SPEC.default().to_code())
        self.made: list = []
        self.events: list = []
        self.sent: list = []
        self.got: list = []
        self.client = RaceClient({
            "send": lambda text: net.wire.append(("up", self, (self.conn, text))),
            "now": lambda: net.ms, "emit": self._emit, "board_code": lambda: self.start.to_code(),
            "moves": lambda: [SPEC.encode_move(m) for m in self.made]})
        Player.all.append(self)

    def _emit(self, kind: str, data: dict) -> None:
        self.events.append((kind, data))
        if kind == "dial":
            self.net.wire.append(("dial", self, None))
        elif kind == "later":
            self.net.timers.append([self.net.ms + data["ms"], self, data["what"]])
        elif kind == "load":
            self.start, self.made = Board.parse(data["board"]), []

    def board(self) -> Board:
        b = self.start
        for m in self.made:
            b = SPEC.apply(b, m)
        return b

    def play(self, move: tuple) -> None:
        """A move in effect on the page (the session changed): synced."""
        self.made.append(move)
        self.client.sync()
        self.net.run()

    def undo(self) -> None:
        self.made.pop()
        self.client.sync()
        self.net.run()

    def me(self) -> dict:
        return self.client.me()

    def kinds(self, kind: str) -> list:
        return [d for k, d in self.events if k == kind]


@pytest.fixture
def net():
    Player.all = []
    return Net()


def clear(p: Player) -> None:
    """The player clears the race board in the solver's order (taking the first joinable pair each time
    can leave a board with tiles and no pair)."""
    found = solve(p.board())
    assert found.status == "solved"
    for move in found.moves:
        p.play(move)
    assert not p.board().tiles()


def race(net: Net, *names: str, preset: str = "small") -> list:
    """The first creates a room, the others join by its code, all ready; the countdown runs out."""
    players = [net.player(n) for n in names]
    players[0].client.create({"preset": preset, "kinds": PRESETS[preset][2]}, names[0])
    net.run()
    code = players[0].client.seat["room"]
    for p in players[1:]:
        p.client.join(code, p.name)
    net.run()
    for p in players:
        p.client.ready()
        net.run()
    assert players[0].client.snap["phase"] == "countdown"
    net.wait(rooms.COUNTDOWN_MS + 10)
    for p in players:
        assert p.client.snap["phase"] == "race" and p.client.on_race_board()
    return players


# ====================================================================== joining
def test_create_and_join_seat_both_players_in_one_room(net):
    a, b = net.player("a"), net.player("b")
    a.client.create({"preset": "small", "kinds": 6}, "Ann")
    assert a.client.line() == ("race_connecting", {}) and a.kinds("dial") == [{}]
    net.run()
    seat = a.client.seat
    assert seat is not None and a.kinds("seat") == [{"seat": seat}]
    assert [m["t"] for m in a.sent] == ["create"] and all(m["v"] == rc.VERSION for m in a.sent)
    b.client.join(seat["room"], "Bo")
    net.run()
    assert [m["t"] for m in b.sent] == ["join"]  # joined without making a room first
    assert b.client.seat["room"] == seat["room"]
    for p in (a, b):
        assert p.client.line() == ("race_lobby", {"n": 2})
        assert [q["name"] for q in p.client.snap["players"]] == ["Ann", "Bo"]
    assert a.me()["id"] == seat["player"] and b.me()["n"] == 2


def test_a_join_sent_before_the_socket_opens_goes_once_it_does(net):
    a = net.player("a")
    a.client.join("ABCDEFGH", "")
    a.client.join("ABCDEFGH", "")  # asked again while dialling: one socket, one join
    assert len(a.kinds("dial")) == 1 and a.sent == []
    net.run()
    assert [m["t"] for m in a.sent] == ["join"] and a.client.line() == ("race_no_room", {})


def test_offline_says_so_and_dials_nothing(net):
    a = net.player("a")
    a.client.create({"preset": "small", "kinds": 6}, "", online=False)
    assert a.client.line() == ("race_offline", {}) and a.kinds("dial") == []


def test_ready_counts_down_and_every_seat_gets_the_same_board(net):
    a, b = race(net, "a", "b")
    assert a.start == b.start and a.kinds("load") == b.kinds("load") and len(a.kinds("load")) == 1
    assert a.client.racing() and a.client.line() == ("race_on", {})
    began = a.client.clock_ms()
    assert 0 <= began <= 20  # the race started when the countdown ran out
    net.wait(1234)
    assert a.client.clock_ms() == began + 1234


# ====================================================================== moves
def test_a_pair_is_sent_and_confirmed_and_the_opponent_sees_it(net):
    a, b = race(net, "a", "b")
    total = a.me()["left"]
    pair = joinable_pairs(a.board())[0]
    a.play(pair)
    assert a.sent[-1] == {"v": 1, "t": "pair", "a": pair[0], "b": pair[1]}
    assert a.client.sent == [list(pair)]
    assert a.me()["pairs"] == 1 and a.me()["left"] == total - 2  # the server's count: confirmed
    theirs = next(p for p in b.client.snap["players"] if p["id"] == a.client.seat["player"])
    assert theirs["left"] == total - 2 and b.me()["left"] == total  # b's own board is untouched
    assert b.made == []


def test_a_pair_the_server_refuses_is_said_and_not_counted(net):
    a, b = race(net, "a", "b")
    board = a.board()
    forged = next((x, y) for x in range(len(board.cells)) for y in range(x + 1, len(board.cells))
                  if board.cells[x] and board.cells[y] and (x, y) not in joinable_pairs(board))
    a.client.send({"t": "pair", "a": forged[0], "b": forged[1]})
    net.run()
    assert a.got and json.loads(a.got[-1])["t"] == "refused"
    assert a.client.line() == ("race_refused", {})
    assert a.me()["pairs"] == 0
    a.play(joinable_pairs(board)[0])  # the line keeps the notice until the phase changes; the pair counts
    assert a.me()["pairs"] == 1


def test_undo_and_redo_send_the_difference(net):
    a, _b = race(net, "a", "b")
    first = joinable_pairs(a.board())[0]
    a.play(first)
    second = joinable_pairs(a.board())[0]
    a.play(second)
    assert a.me()["pairs"] == 2
    a.undo()
    assert a.sent[-1]["t"] == "undo" and a.me()["pairs"] == 1 and a.client.sent == [list(first)]
    a.undo()
    other = joinable_pairs(a.board())[-1]
    a.play(other)  # a new branch after two undos: one undo frame each, then the new pair
    assert [m["t"] for m in a.sent[-4:]] == ["pair", "undo", "undo", "pair"]
    assert a.me()["pairs"] == 1 and a.me()["left"] == a.board().tiles()


def test_a_long_undo_is_paced_below_the_servers_rate(net):
    a, _b = race(net, "a", "b", preset="kshisen")
    a.made = solve(a.board()).moves[:60]  # many moves made while the server was away
    moves = len(a.made)
    a.client.sync()
    net.run()
    at_once = len(a.sent) - 2  # but create and ready
    net.wait(10_000)
    assert moves == 60 and a.me()["pairs"] == moves  # every one counted: none dropped by the server's rate
    assert "rate" not in [json.loads(t).get("code") for t in a.got]
    assert at_once == rc.BURST and "pump" in [d["what"] for d in a.kinds("later")]  # the rest held back
    a.made = []
    a.client.sync()
    net.wait(10_000)
    assert a.me()["pairs"] == 0 and a.me()["left"] == a.start.tiles()


def test_a_finished_race_gives_standings_and_a_rematch(net):
    a, b = race(net, "a", "b")
    clear(a)
    assert a.me()["place"] == 1 and a.me()["time_ms"] is not None
    assert a.client.clock_ms() == a.me()["time_ms"]  # the player's own time stays
    sent = len(a.sent)
    a.client.sync()
    net.run()
    assert len(a.sent) == sent  # a cleared seat sends nothing more
    clear(b)
    for p in (a, b):
        assert p.client.snap["phase"] == "done" and p.client.line() == ("race_done", {})
        assert not p.client.racing()
    assert [p["place"] for p in a.client.snap["players"]] == [1, 2]
    a.client.rematch()
    net.run()
    assert b.client.snap["phase"] == "lobby" and b.client.line() == ("race_lobby", {"n": 2})


def test_a_hint_is_counted_only_in_a_race_on_its_board(net):
    a, _b = race(net, "a", "b")
    a.client.hinted()
    net.run()
    assert a.me()["hints"] == 1
    a.start = Board.parse(SPEC.default().to_code())  # another board in play: not the race's
    a.client.hinted()
    net.run()
    assert a.me()["hints"] == 1


# ====================================================================== the connection
def test_a_drop_is_dialled_again_on_the_backoff_schedule_and_the_seat_resumed(net):
    a, b = race(net, "a", "b")
    pair = joinable_pairs(a.board())[0]
    net.up = False
    net.drop(a)
    assert a.client.line() == ("race_reconnecting", {})
    a.made.append(pair)  # played while away: sent once the seat is back
    a.client.sync()
    waits = []
    for _ in range(6):
        waits.append(a.kinds("later")[-1]["ms"])
        net.wait(waits[-1])
    assert waits == list(BACKOFF_MS) + [BACKOFF_MS[-1]] * 2
    net.up = True
    net.wait(BACKOFF_MS[-1])
    assert a.sent[-2]["t"] == "resume" and a.sent[-2]["secret"] == a.client.seat["secret"]
    assert a.sent[-1] == {"v": 1, "t": "pair", "a": pair[0], "b": pair[1]}
    assert a.me()["pairs"] == 1 and a.me()["online"] and a.client.line() == ("race_on", {})
    net.drop(a)  # a second drop starts the schedule again
    assert a.kinds("later")[-1] == {"ms": BACKOFF_MS[0], "what": "retry"}


def test_past_the_grace_the_seat_is_lost_and_solo_play_goes_on(net):
    a, _b = race(net, "a", "b")
    net.up = False
    net.drop(a)
    net.wait(GRACE_MS + 5000)
    assert a.client.seat is None and a.client.snap is None and a.client.line() == ("race_lost", {})
    assert a.kinds("seat")[-1] == {"seat": None}
    assert not a.client.racing() and a.client.clock_ms() is None


def test_a_server_that_restarted_says_the_seat_is_gone(net):
    a, _b = race(net, "a", "b")
    net.lobby = Lobby(lambda: net.ms / 1000.0)  # a new process's empty rooms
    net.drop(a)
    net.wait(BACKOFF_MS[0])
    assert a.sent[-1]["t"] == "resume" and a.client.line() == ("race_lost", {}) and a.client.seat is None


def test_a_stale_stored_seat_joins_the_room_afresh(net):
    a, b = race(net, "a", "b")
    code = a.client.seat["room"]
    c = net.player("c")
    c.client.resume_or_join(code, {"room": code, "player": "nobody", "secret": "x"})
    net.run()
    assert c.sent[0]["t"] == "resume" and c.kinds("rejoin") == [{}]


def test_a_socket_that_never_opened_says_race_needs_the_server(net):
    a = net.player("a")
    a.client.create({"preset": "small", "kinds": 6}, "")
    a.client.closed()
    assert a.client.line() == ("race_needs_server", {}) and a.kinds("later") == []
    b = net.player("b")
    b.client.create({"preset": "small", "kinds": 6}, "")
    b.client.dial_failed()
    assert b.client.line() == ("race_needs_server", {}) and not b.client.dialing


def test_leave_forgets_the_seat(net):
    a = net.player("a")
    a.client.create({"preset": "small", "kinds": 6}, "")
    net.run()
    a.client.leave()
    net.run()
    assert a.sent[-1]["t"] == "leave" and a.client.seat is None and a.client.line() == ("race_left", {})
    assert a.kinds("seat")[-1] == {"seat": None}


def test_an_error_code_is_said_in_words_never_as_the_code(net):
    a = net.player("a")
    a.client.received(json.dumps({"v": 1, "t": "error", "code": "rate"}))
    assert a.client.line() == ("race_err_rate", {})
    a.client.received(json.dumps({"v": 1, "t": "error", "code": "<b>made up</b>"}))
    assert a.client.line() == ("race_error", {})


# ====================================================================== hostile server messages
HOSTILE = [
    None, 42, "", "{", "[]", "null", "\"room\"", "x" * 100_000, json.dumps({"t": "room"}),
    json.dumps({"t": "welcome", "room": 5, "player": "p", "secret": "s"}),
    json.dumps({"t": "welcome", "room": "R", "player": "p", "secret": "s", "moves": "nope"}),
    json.dumps({"t": "welcome", "room": "R" * 10_000, "player": "p", "secret": "s"}),
    json.dumps({"t": "bogus"}), json.dumps({"t": ["room"]}), json.dumps({"t": {"x": 1}}),
]


def _room_msg(**change) -> str:
    msg = {"v": 1, "t": "room", "seq": 1, "room": "ABCDEFGH", "phase": "lobby", "round": 0, "creator": "p1",
           "settings": {"preset": "small", "kinds": 6},
           "players": [{"id": "p1", "n": 1, "name": "", "ready": False, "left": 0, "pairs": 0, "hints": 0,
                        "shuffles": 0, "time_ms": None, "place": None, "online": True, "gone": False, "shape": ""}]}
    for key, value in change.items():
        if key.startswith("p_"):
            msg["players"][0][key[2:]] = value
        else:
            msg[key] = value
    return json.dumps(msg)


BAD_ROOMS = [
    {"phase": "party"}, {"phase": None}, {"room": 7}, {"round": "1"}, {"round": -1}, {"round": True},
    {"settings": "small"}, {"settings": {}}, {"players": {}}, {"players": [1]}, {"players": [None] * 17},
    {"p_left": "12"}, {"p_left": -2}, {"p_n": 0}, {"p_name": None}, {"p_ready": "yes"}, {"p_time_ms": 1.5},
    {"p_place": 0}, {"p_shape": "<svg>"}, {"p_shape": 12}, {"p_id": ["x"]}, {"p_online": 1},
]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_frame_not_of_the_protocol_changes_nothing(net, text):
    a = net.player("a")
    a.client.received(_room_msg())
    before = (json.dumps(a.client.snap), a.client.seat, a.client.note, a.events[:])
    assert a.client.received(text) is False
    assert (json.dumps(a.client.snap), a.client.seat, a.client.note, a.events) == before


@pytest.mark.parametrize("change", BAD_ROOMS, ids=[next(iter(c)) + "=" + repr(next(iter(c.values())))[:12]
                                                   for c in BAD_ROOMS])
def test_a_room_message_of_the_wrong_shape_is_ignored(net, change):
    a = net.player("a")
    assert a.client.received(_room_msg())
    snap = json.dumps(a.client.snap)
    assert a.client.received(_room_msg(seq=2, **change)) is False
    assert json.dumps(a.client.snap) == snap


def test_an_older_room_state_is_ignored_and_unknown_fields_dropped(net):
    a = net.player("a")
    assert a.client.received(_room_msg(seq=5, extra="<script>"))
    assert "extra" not in a.client.snap and a.client.snap["seq"] == 5
    assert a.client.received(_room_msg(seq=4, phase="done")) is False
    assert a.client.snap["phase"] == "lobby"


def test_a_hostile_board_in_a_room_message_reaches_the_page_as_a_string_only(net):
    a = net.player("a")
    a.client.received(_room_msg(phase="race", board={"not": "a code"}, seed="7"))
    assert "board" not in a.client.snap and "seed" not in a.client.snap and a.kinds("load") == []


def test_room_codes_are_read_as_the_server_keys_them():
    assert room_code("abcd-2345") == "ABCD2345"
    assert room_code("ABCD234") is None and room_code("ABCD2340") is None  # too short; 0 is not a symbol
    assert room_code("A" * 60_000) is None and room_code("B" * 5_000) is None  # links too long to be a room's
    assert room_code("ABCD-234") is None  # seven symbols, a dash aside
    assert room_code("<b>ABCD2345</b>") is None  # markup is not read past: its letters count too


def test_the_clients_limits_stay_below_the_servers():
    assert rc.RATE < rooms.RATE and rc.BURST < rooms.BURST
    assert GRACE_MS == rooms.GRACE_S * 1000 and rc.VERSION == rooms.VERSION
    assert sum(BACKOFF_MS) < GRACE_MS
