"""Input as pure functions: what a tap, key, drag or swipe means on each
game's board, decided by ``puzzles.<game>_input.interpret(board, ui, event)`` without
a browser. Tables of tiny boards, then properties over any board and any event:
the outcome is ``None``, moves that ``spec.apply`` accepts one after the other, or a
refusal, and the UI state handed in is never changed in place."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import STEP
from puzzles.games import GAMES
from puzzles.huarong import Board as HBoard
from puzzles.huarong import input as huarong_input
from puzzles.huarong.layouts import LAYOUTS
from puzzles.input import ARROW_KEY_DIRECTION, Refused, event, gesture_direction
from puzzles.linkup import Board as LBoard
from puzzles.linkup import generate
from puzzles.linkup import input as linkup_input
from puzzles.sliding import Board as SBoard
from puzzles.sliding import input as sliding_input
from puzzles.sliding import shuffled

H, L, S = GAMES["huarong"], GAMES["linkup"], GAMES["sliding"]


def tap(piece=None, cell=None):
    return event("tap", piece=piece, cell=cell)


def key(name, piece=None, cell=None):
    return event("key", piece=piece, cell=cell, key=name)


# ------------------------------------------------------------------ the one arrow table
def test_one_arrow_table_says_the_way_each_arrow_points_on_screen():
    assert ARROW_KEY_DIRECTION == {"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right"}
    assert {d: STEP[d] for d in ARROW_KEY_DIRECTION.values()} == {
        "up": (-1, 0),
        "down": (1, 0),
        "left": (0, -1),
        "right": (0, 1),
    }


@pytest.mark.parametrize(
    "dx, dy, reach, direction",
    [
        (0, 0, 24, None),
        (23.9, -23.9, 24, None),  # not far enough: a tap
        (24, 0, 24, "right"),
        (-30, 10, 24, "left"),
        (10, 30, 24, "down"),
        (-5, -25, 24, "up"),
        (30, 30, 24, "right"),  # equal: across
        (-30, 30, 24, "left"),
        (20, 1, 20.0, "right"),
    ],
)
def test_a_gesture_goes_the_longer_way_once_it_reaches(dx, dy, reach, direction):
    assert gesture_direction(dx, dy, reach) == direction


# ------------------------------------------------------------------ Huarong
# 11.2       piece 1 (2 x 2) top left, piece 2 (2 x 1) on the right, a free row below
# 11.2
# ....
HB = HBoard.parse("11.2/11.2/....")


@pytest.mark.parametrize(
    "ui, ev, outcome, selected",
    [
        ({"selected": None}, tap(piece=1), None, 1),
        ({"selected": 1}, tap(piece=1), None, None),  # again: let go
        ({"selected": 1}, tap(piece=2), None, 2),
        ({"selected": None}, tap(piece=9), None, None),  # no such piece: nothing
        ({"selected": None}, tap(cell=10), None, None),  # nothing selected: nothing
        ({"selected": 1}, tap(cell=2), [(1, "right")], 1),  # across, one cell
        ({"selected": 1}, tap(cell=8), [(1, "down")], 1),
        ({"selected": 2}, tap(cell=11), [(2, "down")], 2),
        ({"selected": 2}, tap(cell=2), [(2, "left")], 2),
        ({"selected": 2}, tap(cell=0), Refused(pieces=[2], cells=[0]), 2),  # piece 1 in the way: all or nothing
        ({"selected": 1}, tap(cell=11), Refused(pieces=[1], cells=[11]), 1),  # not in its rows nor columns
        ({"selected": 1}, tap(cell=5), None, 1),  # a cell it covers
        ({"selected": 1}, tap(cell=12), None, 1),  # off the board
        ({"selected": 1}, tap(cell=-1), None, 1),
        ({"selected": 7}, tap(cell=2), None, None),  # a selection not on this board is let go
        ({"selected": None}, key("ArrowRight", piece=1), [(1, "right")], 1),  # a key selects and moves
        ({"selected": 2}, key("ArrowUp", piece=1), Refused(pieces=[1]), 1),  # refused at the wall, still selected
        ({"selected": None}, key("ArrowLeft", piece=2), [(2, "left")], 2),
        ({"selected": 2}, key("Escape", piece=2), None, None),
        ({"selected": 2}, key("x", piece=2), None, 2),
        ({"selected": 2}, key("ArrowDown"), None, 2),  # a key on no piece
        ({"selected": 2}, event("drag", piece=1, direction="down"), [(1, "down")], 2),  # a drag keeps the selection
        ({"selected": None}, event("drag", piece=1, direction="left"), Refused(pieces=[1]), None),
        ({"selected": None}, event("drag", piece=1, direction="north"), None, None),
        ({"selected": None}, event("swipe", direction="down"), None, None),
        ({"selected": None}, event("pinch", piece=1), None, None),
        ({"selected": None}, tap(piece=True), None, None),  # a bool is no piece id
    ],
)
def test_huarong_table(ui, ev, outcome, selected):
    got, new = huarong_input.interpret(HB, ui, ev)
    assert got == outcome
    assert new["selected"] == selected


def test_huarong_tap_and_tap_moves_a_piece_several_cells_one_move_each():
    board = HBoard.parse("1..../.....")  # a soldier-sized 曹操 on a 2 x 5 board
    got, _ = huarong_input.interpret(board, {"selected": 1}, tap(cell=4))
    assert got == [(1, "right")] * 4
    for move in got:
        board = H.apply(board, move)
    assert board.at(0, 4) == 1


# ------------------------------------------------------------------ Link-up
# 1 2 0      cells 0 1 2
# 2 0 3      cells 3 4 5
# 1 0 3      cells 6 7 8
LB = LBoard.parse("[[1,2,0],[2,0,3],[1,0,3]]")


def lu(selected=None, cursor=0, turned=False):
    return {"selected": selected, "cursor": cursor, "turned": turned}


@pytest.mark.parametrize(
    "ui, ev, outcome, new",
    [
        (lu(), tap(cell=6), None, lu(6, 6)),
        (lu(6, 6), tap(cell=6), None, lu(None, 6)),  # again: let go
        (lu(0, 0), tap(cell=6), [(0, 6)], lu(None, 6)),  # 1 and 1 join round the ring
        (lu(6, 0), tap(cell=0), [(0, 6)], lu(None, 0)),  # the pair in order
        (lu(5, 5), tap(cell=8), [(5, 8)], lu(None, 8)),
        (lu(0, 0), tap(cell=1), Refused(cells=[0, 1], say="lu_no_join"), lu(None, 1)),  # two kinds
        (lu(3, 3), tap(cell=1), [(1, 3)], lu(None, 1)),
        (lu(0, 0), tap(cell=2), None, lu(0, 0)),  # an empty cell: nothing
        (lu(0, 0), tap(cell=99), None, lu(0, 0)),
        (lu(cursor=0), key("ArrowRight"), None, lu(cursor=1)),
        (lu(cursor=1), key("ArrowRight"), None, lu(cursor=5)),  # the nearest tile that way
        (lu(cursor=5), key("ArrowRight"), Refused(cells=[5]), lu(cursor=5)),  # none: refused
        (lu(cursor=0), key("ArrowDown"), None, lu(cursor=3)),
        (lu(cursor=0, turned=True), key("ArrowDown"), None, lu(cursor=1, turned=True)),  # drawn on its side
        (lu(cursor=0, turned=True), key("ArrowRight"), None, lu(cursor=3, turned=True)),
        (lu(cursor=5), key("Home"), None, lu(cursor=3)),
        (lu(cursor=3), key("End"), None, lu(cursor=5)),
        (lu(cursor=3), key("Enter"), None, lu(cursor=3)),  # Enter and Space arrive as a tap (the button's click)
        (lu(cursor=2), key("ArrowLeft"), None, lu(cursor=0)),  # a cursor on an empty cell goes to its nearest tile
    ],
)
def test_linkup_table(ui, ev, outcome, new):
    got, ui2 = linkup_input.interpret(LB, ui, ev)
    assert got == outcome
    assert ui2 == new


def test_linkup_cursor_follows_the_board():
    ui = lu(selected=0, cursor=6)
    after = L.apply(LB, (0, 6))
    assert linkup_input.follow(after, ui) == lu(None, 3)  # its tile went: the nearest, in its row first
    empty = LBoard.parse("[[0,0],[0,0]]")
    assert linkup_input.follow(empty, lu(cursor=3)) == lu(cursor=3)
    assert linkup_input.interpret(empty, lu(cursor=3), key("Home")) == (None, lu(cursor=3))  # no IndexError
    assert linkup_input.interpret(empty, lu(cursor=3), key("ArrowUp"))[0] == Refused(cells=[3])
    assert linkup_input.new_ui(LB) == lu()


# ------------------------------------------------------------------ sliding
# 1 2 3
# 4 0 5
SB = SBoard.parse("[[1,2,3],[4,0,5]]")


@pytest.mark.parametrize(
    "ev, outcome",
    [
        (tap(piece=2), [2]),
        (tap(piece=5), [5]),
        (tap(piece=1), Refused(pieces=[1])),  # neither the blank's row nor column
        (tap(piece=0), None),
        (tap(piece=6), None),
        (key("ArrowUp"), Refused()),  # nothing below the blank
        (key("ArrowDown"), [2]),  # the tile above slides down
        (key("ArrowLeft"), [5]),  # the tile on the right slides left
        (key("ArrowRight"), [4]),
        (key("Escape"), None),
        (event("swipe", direction="down"), [2]),
        (event("swipe", direction="up"), Refused()),
        (event("swipe", direction=None), None),
    ],
)
def test_sliding_table(ev, outcome):
    assert sliding_input.interpret(SB, {}, ev) == (outcome, {})


def test_sliding_tap_slides_the_whole_line():
    board = SBoard.goal(4, 4)
    got, _ = sliding_input.interpret(board, {}, tap(piece=13))
    assert got == [15, 14, 13]
    assert S.apply(S.apply(S.apply(board, 15), 14), 13).cells[12:] == (0, 13, 14, 15)


# ------------------------------------------------------------------ any board, any event
KEYS = list(ARROW_KEY_DIRECTION) + ["Escape", "Home", "End", "Enter", " ", "a", ""]
DIRS = ["up", "down", "left", "right", "north", None, 3]


def events(n_cells):
    nums = st.one_of(st.integers(-2, n_cells + 2), st.none(), st.booleans(), st.just("1"))
    return st.builds(
        event,
        kind=st.sampled_from(["tap", "key", "drag", "swipe", "hover", None]),
        piece=nums,
        cell=nums,
        key=st.sampled_from(KEYS),
        direction=st.sampled_from(DIRS),
    )


def check(spec, board, ui, outcome, new):
    """The contract: nothing, a refusal, or moves that apply one after the other."""
    if outcome is None or isinstance(outcome, Refused):
        if isinstance(outcome, Refused):
            assert isinstance(outcome.say, str)
    else:
        assert isinstance(outcome, list) and outcome
        for move in outcome:
            board = spec.apply(board, move)
    assert isinstance(new, dict)
    return board


@st.composite
def huarong_cases(draw):
    lay = draw(st.sampled_from(LAYOUTS))
    board = lay.board
    for _ in range(draw(st.integers(0, 12))):
        moves = board.legal_moves()
        board = board.move(*draw(st.sampled_from(moves)))
    pids = list(board.pieces()) + [None, 99]
    ui = {"selected": draw(st.sampled_from(pids))}
    evs = draw(st.lists(events(board.rows * board.cols), min_size=1, max_size=6))
    return board, ui, evs


@settings(max_examples=300, deadline=None)
@given(huarong_cases())
def test_huarong_any_event_on_any_board(case):
    board, ui, evs = case
    for ev in evs:
        before = copy.deepcopy(ui)
        outcome, new = huarong_input.interpret(board, ui, ev)
        assert ui == before  # never changed in place
        board = check(H, board, ui, outcome, new)
        assert new["selected"] is None or new["selected"] in board.pieces()
        ui = new


@st.composite
def linkup_cases(draw):
    rows, cols = draw(st.sampled_from([(2, 2), (2, 4), (3, 4), (4, 6)]))
    kinds = draw(st.sampled_from([k for k in (1, 2, 4) if (rows * cols) % (2 * k) == 0]))
    board = generate(rows, cols, kinds, rows * cols // kinds, draw(st.integers(0, 10**6)))
    cells = rows * cols
    ui = {
        "selected": draw(st.one_of(st.none(), st.integers(-1, cells))),
        "cursor": draw(st.integers(-1, cells)),
        "turned": draw(st.booleans()),
    }
    evs = draw(st.lists(events(cells), min_size=1, max_size=12))
    return board, ui, evs


@settings(max_examples=300, deadline=None)
@given(linkup_cases())
def test_linkup_any_event_on_any_board(case):
    board, ui, evs = case
    for ev in evs:
        before = copy.deepcopy(ui)
        outcome, new = linkup_input.interpret(board, ui, ev)
        assert ui == before
        board = check(L, board, ui, outcome, new)
        new = linkup_input.follow(board, new)
        assert 0 <= new["cursor"] < len(board.cells)
        assert board.cells[new["cursor"]] or not any(board.cells)  # the cursor is on a tile while there are any
        assert new["selected"] is None or board.cells[new["selected"]]
        ui = new


@st.composite
def sliding_cases(draw):
    rows, cols = draw(st.sampled_from([(2, 2), (2, 3), (3, 3), (4, 4), (3, 5), (5, 5)]))
    board = shuffled(rows, cols, draw(st.integers(0, 10**6)))
    return board, draw(st.lists(events(rows * cols), min_size=1, max_size=8))


@settings(max_examples=300, deadline=None)
@given(sliding_cases())
def test_sliding_any_event_on_any_board(case):
    board, evs = case
    for ev in evs:
        outcome, new = sliding_input.interpret(board, {}, ev)
        board = check(S, board, {}, outcome, new)
        assert new == {}
