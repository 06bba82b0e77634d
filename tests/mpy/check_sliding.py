# Run under MicroPython by tests/test_micropython.py: the sliding-puzzle rules the main thread uses.
from puzzles import PuzzleError
from puzzles.sliding import Board, shuffled, solvable

b = Board.parse("[[4,1,2],[5,0,3]]")
assert b.to_code() == "2x3-412503" and Board.parse(b.to_code()) == b and Board.parse(b.to_json()) == b
assert sorted(b.movable()) == [1, 3, 5]
assert b.play([5, 4, 1, 2, 3]).is_solved()
assert not Board.parse("[[1,2,3],[5,4,0]]").solvable()
assert solvable(4, 4, list(range(1, 16)) + [0])
w = Board.goal(4, 4)
assert w.line_to_blank(13) == [15, 14, 13] and w.line_to_blank(4) == [12, 8, 4]
s = shuffled(5, 5, 12345)
assert s == shuffled(5, 5, 12345), "the same seed gives the same board on MicroPython"
assert s.solvable() and not s.is_solved()
assert s.to_code() == "5x5-dlbi1526o4a7ec3h0jfkm9n8g", s.to_code()  # what CPython gives
LEETCODE = (
    "Input: board = [[1,2,3],[4,0,5]]",
    "Example 1:\nInput: board = [[1,2,3],[4,0,5]]\nOutput: 1\nExplanation: Swap the 0 and the 5 in one move.",
    "示例 1：\n输入：board = [[1,2,3],[4,0,5]]\n输出：1\n解释：交换 0 和 5 ，1 步完成",
)
for text in LEETCODE:
    assert Board.parse(text).to_code() == "2x3-123405", text  # LeetCode's example text, as on CPython
for text in ("[[1,2,3],[4,0,0]]", "2x3-41250", "[[1,0]]", "", "2³x4-7", "[[" + "9" * 5000 + "]]", "[{" * 2000):
    try:
        Board.parse(text)
        raise AssertionError("%r parsed" % text)
    except PuzzleError:
        pass
# the split search's rule runs on the page's main thread: the merge waits for the earlier iteration
from puzzles.sliding import SPEC  # noqa: E402

far = Board.from_grid([[15, 14, 13, 12], [11, 10, 9, 8], [7, 6, 5, 4], [3, 1, 2, 0]])
req = {"action": "solve", "board": far.to_code(), "options": {"mode": "optimal"}}
rule = SPEC.split
assert rule.splits(req, far) and rule.piece(req, 3, 2)["share"] == [1, 2] and rule.piece(req, 3, 2)["round"] == 1


def answer(status, moves, k, r):
    return {"status": status, "moves": moves, "stats": {"positions": 5, "piece": [k, 2, r]}}


done = {0: answer("unknown", [], 0, 0), 3: answer("solved", [1, 2, 3, 4], 1, 1)}
assert rule.merge(req, 2, done, 10) is None and rule.needed(1, 2, done) and not rule.needed(2, 2, done)
done[1] = answer("unknown", [], 1, 0)
got = rule.merge(req, 2, done, 15)
assert got["moves"] == [1, 2, 3, 4] and got["stats"]["optimal"] and got["stats"]["positions"] == 15, got
assert rule.progress([{"bound": 52, "positions": 3}, {"bound": 50, "positions": 4}], 7) == {"bound": 50, "positions": 7}
print("OK sliding")
