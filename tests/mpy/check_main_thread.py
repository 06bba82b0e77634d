# Run under MicroPython by tests/test_micropython.py: everything the page's main
# thread imports must work there (no dataclasses, typing, bit_length…).
from app.i18n import keys, t
from app.records import num
from app.session import Playback, Session
from puzzles import PuzzleError
from puzzles.games import GAMES
from puzzles.huarong import Board, check_script, count_steps, format_script
from puzzles.huarong.layouts import LAYOUTS, find_layout
from puzzles.messages import render

b = Board.parse("3114/3114/5226/5786/900a")
assert sorted(b.legal_moves()) == [(7, "down"), (8, "down"), (9, "right"), (10, "left")]
assert b.to_compact() == "3114/3114/5226/5786/900a" and Board.parse(b.to_json()) == b
assert len(LAYOUTS) >= 40 and find_layout("走投无路").par["cell"] is None
errors = []
for bad in ("[[1,1],[2]]", "[[2,2],[0,0]]", "11/11/0!", "", '[[1,1,0],[1,1,"x"]]'):
    try:
        Board.parse(bad)
    except PuzzleError as e:
        errors.append(str(e))
assert len(errors) == 5, errors
moves = check_script(b, "gameHandler.move(10, 'left')\ngameHandler.move(9, 'right')")
assert count_steps(moves, "piece") == 2 and format_script(moves).count("\n") == 1
try:
    check_script(b, "gameHandler.move(10, 'left')\ngameHandler.move(10, 'up')")
    raise AssertionError("an illegal script passed")
except PuzzleError as e:
    assert str(e) == "line 2: piece 10 cannot move up", str(e)
    assert e.text("zh") == "第 2 行：棋子 10 无法向上移动", e.text("zh")
    assert e.values["line"] == 2 and e.code == "script_line"
try:
    Board.parse("[[1,1],[2]]")
    raise AssertionError("a ragged board parsed")
except PuzzleError as e:
    zh = e.text("zh")
    assert e.code == "grid_ragged" and zh.startswith("'[[1,1],[2]]' 的各行长短不一：第 2 行有 1 格"), zh
    assert render(e.code, "zh", e.values) == zh and render("no_such_code", "zh", {}, "x") == "x"
for bad in ("[" * 3000, "2³x4-7", "华容道/" * 4000):  # deep nesting, a Unicode digit, too long
    try:
        Board.parse(bad)
        raise AssertionError("%r parsed" % bad[:20])
    except PuzzleError as e:
        refused = ("json_too_deep", "bad_piece_char", "text_too_long", "huarong_too_big",  # too big: from its size
                   "huarong_not_code")
        assert e.text("zh") and e.code in refused, e.code
try:
    Board.parse("华容道")
except PuzzleError as e:
    assert "'华容道'" in e.text("zh"), e.text("zh")  # quoted as itself, not as an escape
s = Session(b, lambda x, m: x.move(m[0], m[1]))
s.play((10, "left"))
s.undo()
assert s.state == b and s.can_redo()
pb = Playback([1, 2], 0)
assert pb.next_move() == 1
values = {"n": 1, "d": 2, "i": 3, "v": "x", "msg": "m", "name": "n", "dir": "d", "r": "1", "pid": 1, "c": 2}
values.update({"face": "f", "kind": 3, "seed": 4, "t": "0:01", "b": 5, "s": "0.5", "m": "ida*"})
for k in keys():
    t(k, "zh", **values)
assert t("solved", "en", n=116) == "Solved: 116 moves"
print("OK main thread modules")

# The registry and every game's spec, as the page's GameView uses them.
for name, spec in GAMES.items():
    board = spec.default()
    assert spec.board.parse(board.to_code()) == board and spec.board.parse(board.to_json()) == board, name
    opts = spec.defaults(board)
    assert spec.check_options({"nonsense": 1}, board) == opts, name
    assert spec.count([], opts) == 0, name
    for bad in (True, 1.5, "1", None, [[]]):
        try:
            spec.decode_move(bad)
            raise AssertionError("%s decoded %r" % (name, bad))
        except (ValueError, TypeError):
            pass
print("OK registry")

# MicroPython's json is lenient; the boards' JSON reading must not be.
for lenient in ("[[4,1,2][5,0,3]]", "[[01,2],[3,0]]", "[[1 2],[3,0]]"):
    for spec in GAMES.values():
        try:
            spec.board.parse(lenient)
            raise AssertionError("%s accepted %r" % (spec.name, lenient))
        except PuzzleError:
            pass
# the state map's "merged" count comes as a decimal text that may pass 2**64 (a board full of soldiers)
assert num(int("14950080")) == "14,950,080"
assert num(int("1100000000000000000000000000000000000")) == "1,100,000,000,000,000,000,000,000,000,000,000,000"
# the state map locates the board by Board.map_cells() (computed here, on the main thread): one grid for
# boards that differ by swapping same-shape pieces, small indexes, piece 1 as 1
course = find_layout("横刀立马").board
swapped = Board(course.rows, course.cols, [{3: 4, 4: 3}.get(v, v) for v in course.cells])
mine = course.map_cells()
assert swapped != course and swapped.map_cells() == mine
assert sorted(set(mine)) == list(range(len(course.pieces()) + 1))
assert all((v == 1) == (c == 1) for v, c in zip(mine, course.cells))
print("OK strict json")
