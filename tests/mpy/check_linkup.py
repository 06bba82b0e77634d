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
print("OK linkup")
