# Run under MicroPython by tests/test_micropython.py: the Link-up rules the main thread uses.
import puzzles.linkup as linkup
from puzzles import PuzzleError, run
from puzzles.linkup import Board, connect, generate, has_joinable_pair, joinable_pairs, layout_steps

b = Board.from_grid([[1, 2, 3, 1], [4, 0, 0, 3], [4, 2, 5, 5]])
assert connect(b, 0, 0, 0, 3) == [[0, 0], [-1, 0], [-1, 1], [-1, 2], [-1, 3], [0, 3]]
assert connect(b, 0, 0, 0, 1) == []
g = generate(4, 6, 6, 4, 1)
assert g.to_code() == "1.4x6.363663451152414146535222.aj", g.to_code()
assert Board.parse(g.to_code()) == g and Board.parse(g.to_json()) == g
assert joinable_pairs(g)
try:
    Board.parse(g.to_code()[:-3])
    raise AssertionError("a truncated code parsed")
except PuzzleError:
    pass
# hostile text: a Unicode digit, deep nesting, a future format, too long
HOSTILE = (
    ("1.10x2²0.ab.zz", "linkup_bad_size"),
    ("[" * 3000, "json_too_deep"),
    ("2.1x2.11.00", "linkup_future_format"),
    ("1." + "9" * 30 + "x1.1.zz", "number_too_long"),
    ("1" * 30000, "text_too_long"),
)
for bad, code in HOSTILE:
    try:
        Board.parse(bad)
        raise AssertionError("%r parsed" % bad[:20])
    except PuzzleError as e:
        assert e.code == code and e.text("zh") != str(e), (e.code, str(e))
# a full 24 x 24 board of one kind: connect looks along a few lines only, pairs come by sweeps
big = Board(24, 24, [1] * 576)
assert connect(big, 0, 0, 0, 1) == [[0, 0], [0, 1]] and connect(big, 5, 5, 18, 18) == []
assert connect(big, 0, 0, 0, 23)[1] == [-1, 0] and has_joinable_pair(big)
assert len(joinable_pairs(big.remove(0, 1))) == 2113
assert not has_joinable_pair(Board.from_grid([[1, 2], [2, 1]]))
# the construction that cannot fail, on MicroPython too: a domino tiling kept up to date
linkup.ATTEMPTS = 0
linkup._layouts.clear()
perm, placed = run(layout_steps(4, 6, 5))
b2 = Board(4, 6, [1] * 24)
for a, c in reversed(placed):
    assert connect(b2, a // 6, a % 6, c // 6, c % 6), (a, c)
    b2 = b2.remove(a, c)
assert b2.is_cleared() and sorted(perm) == list(range(12))
linkup.ATTEMPTS = 50
linkup._layouts.clear()
assert generate(4, 6, 6, 4, 1).to_code() == "1.4x6.363663451152414146535222.aj"
# the race's client (race_client): a seat, a room, a move synced, a drop dialled again, hostile frames
import json  # noqa: E402

from puzzles.linkup.race_client import BACKOFF_MS, RaceClient  # noqa: E402

sent, events, clock = [], [], [1000.0]
made = []
client = RaceClient({"send": sent.append, "now": lambda: clock[0], "emit": lambda k, d: events.append((k, d)),
                     "board_code": lambda: g.to_code(), "moves": lambda: [list(m) for m in made]})
client.join("ABCD2345", "Ann")
assert events[-1] == ("dial", {})
client.opened()
assert json.loads(sent[-1]) == {"v": 1, "t": "join", "room": "ABCD2345", "name": "Ann"}
assert client.received(json.dumps({"t": "welcome", "room": "ABCD2345", "player": "p1", "secret": "s"}))
me = {"id": "p1", "n": 1, "name": "", "ready": True, "left": 24, "pairs": 0, "hints": 0, "shuffles": 0,
      "time_ms": None, "place": None, "online": True, "gone": False, "shape": "ffffff"}
room = {"t": "room", "seq": 3, "room": "ABCD2345", "phase": "race", "round": 1, "settings": {"preset": "small"},
        "players": [me], "race_ms": 0, "board": g.to_code(), "seed": 1}
assert client.received(json.dumps(room)) and client.on_race_board() and client.line() == ("race_on", {})
made.append(tuple(joinable_pairs(g)[0]))
client.sync()
assert json.loads(sent[-1])["t"] == "pair"
for bad in ("{", "[]", json.dumps({"t": "room", "phase": "x"}), json.dumps(dict(room, seq=2)), "x" * 70000):
    assert client.received(bad) is False
client.closed()
assert client.line() == ("race_reconnecting", {}) and events[-1] == ("later", {"ms": BACKOFF_MS[0], "what": "retry"})
# the shown search (bfs): the same answer as connect on MicroPython, for a pair it joins and one it cannot
from puzzles.linkup import bfs, turns  # noqa: E402

shown = bfs.run(3, 4, [1, 2, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0], 0, 7)
assert shown["path"][0] == [0, 0] and shown["path"][-1] == [1, 3] and turns(shown["path"]) <= 2
assert bfs.run(3, 3, [1, 3, 0, 3, 0, 3, 0, 3, 1], 0, 8)["path"] == []
big = [0] * 200
big[0] = big[199] = 1
assert bfs.run(10, 20, big, 0, 199)["path"][-1] == [9, 19]
print("OK linkup")
