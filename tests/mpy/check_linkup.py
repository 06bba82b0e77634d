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
print("OK linkup")
