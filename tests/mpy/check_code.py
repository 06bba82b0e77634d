# Run under MicroPython by tests/test_micropython.py: what the Code panel checks on the main thread
# (puzzles.code_check): the learner's moves decoded and replayed, a Link-up path, Check's judging.
from puzzles.code_check import AnswerError, check_path, decode_moves, judge, replay
from puzzles.games import GAMES

HR, LU, SP = GAMES["huarong"], GAMES["linkup"], GAMES["sliding"]
COURSE = [[3, 1, 1, 4], [3, 1, 1, 4], [5, 2, 2, 6], [5, 7, 8, 6], [9, 0, 0, 10]]
moves = decode_moves(HR, [[[10, "left"], 2], [[10, "left"], 3], [[10, "left"], 7]], 10)
assert moves[0] == ((10, "left"), 2), moves
for bad in ([[[True, "up"], 1]], [[[10, "left"], "1"]], "x", [[[10, "left"], 1]] * 11):
    try:
        decode_moves(HR, bad, 10)
        raise AssertionError("decoded %r" % (bad,))
    except AnswerError as e:
        assert e.code == "code_bad_answer"
gen = replay(HR, HR.board.from_grid(COURSE), moves, 1)
try:
    while True:
        next(gen)
except StopIteration as stop:
    end, bad = stop.args[0]
assert bad[0] == 3 and bad[1] == 7 and end.grid()[4] == [9, 10, 0, 0], bad
GRID = [[1, 2, 2, 1], [0, 0, 0, 0], [3, 0, 0, 3]]
assert check_path(GRID, 0, 0, 0, 3, [[0, 0], [-1, 0], [-1, 1], [-1, 2], [-1, 3], [0, 3]]) is None
assert check_path(GRID, 0, 0, 0, 3, [[0, 0], [0, 1], [0, 2], [0, 3]]) == ("code_path_blocked", {"r": 0, "c": 1})
assert check_path(GRID, 0, 0, 0, 3, [[0, 0], [True, 0]]) == ("code_path_not_list", {})
assert judge(SP, {"expected": 14, "args": []}, [[3, 2, 4], [1, 5, 0]], 14, [])["ok"]
assert not judge(SP, {"expected": 1, "args": []}, [[1, 2, 3], [4, 0, 5]], True, [])["ok"]
assert not judge(LU, {"expected": [[0, 0], [1, 0]], "args": [0, 0, 0, 3]}, GRID, [], [])["ok"]
assert not judge(HR, {"expected": {"cell": 116, "piece": 81}, "args": []}, COURSE, None, moves[:1])["ok"]
# Step through's queue and visited set among a step's variables (app.trace_sizes)
from app.trace_sizes import sizes  # noqa: E402

assert sizes([["q", "deque, 12 items: (0, 1), …", "q"], ["visited", "set, 340 items: 'a'", "s"],
              ["board", "list, 5 items: [1]", "q"]]) == (12, 340)
assert sizes([["seen", "dict, 1 item: (0, 0): None", "s"], ["queue", "list, 0 items", "q"]]) == (0, 1)
print("OK code")
