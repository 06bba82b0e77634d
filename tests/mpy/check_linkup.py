# Run under MicroPython by tests/test_micropython.py: the Link-up rules the main thread uses.
from puzzles import PuzzleError
from puzzles.linkup import Board, connect, generate, joinable_pairs

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
print("OK linkup")
