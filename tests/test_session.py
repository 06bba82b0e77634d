"""The shared midend: undo/redo, saving and playback, on a toy game and on Huarong."""

import pytest

from app.session import Playback, Session
from puzzles.games import GAMES
from puzzles.huarong import Board


def add(state, move):
    if move < 0:
        raise ValueError("negative")
    return state + move


def test_undo_redo_and_branching():
    s = Session(0, add)
    for m in (1, 2, 3):
        s.play(m)
    assert s.state == 6 and s.made == [1, 2, 3]
    assert s.undo() == 3 and s.undo() == 2 and s.state == 1
    assert s.redo() == 2 and s.state == 3
    s.play(10)  # a new move drops what could have been redone
    assert s.made == [1, 2, 10] and not s.can_redo() and s.redo() is None
    with pytest.raises(ValueError):
        s.play(-1)
    assert s.state == 13, "a rejected move changes nothing"
    while s.undo() is not None:
        pass
    assert s.state == 0 and not s.can_undo()


def test_save_and_restore_round_trip():
    s = Session(Board.parse("3114/3114/5226/5786/900a"), lambda b, m: b.move(*m))
    s.play((10, "left"))
    s.play((9, "right"))
    s.undo()
    saved = s.to_saved(lambda b: b.to_json(), list)
    t = Session(Board.parse("1/0"), lambda b, m: b.move(*m))
    t.restore(saved, Board.parse, tuple)
    assert t.state == s.state and t.moves == s.moves and t.cursor == 1


def test_restore_of_bad_data_keeps_the_session():
    s = Session(5, add)
    s.play(1)
    for bad in ({"start": "0", "moves": [1, -4]}, {"start": "0", "moves": [1], "cursor": 9}):
        with pytest.raises(ValueError):
            s.restore(bad, int, int)
        assert s.state == 6 and s.made == [1]


# Saved games found in the wild (issue #14): each must be refused, never half-restored.
GARBAGE = [
    {"start": 5},
    {"start": None},
    {"start": [1]},
    {"start": True},
    {"start": ""},
    {"start": "x", "moves": []},
    {"moves": [1e400]},
    {"moves": [[]]},
    {"moves": [None]},
    {"moves": "12"},
    {"moves": [], "cursor": 1e400},
    {"moves": [], "cursor": True},
    {"moves": [], "cursor": "0"},
    {"moves": [], "cursor": -1},
]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("bad", GARBAGE)
def test_restore_accepts_nothing_it_did_not_validate(game, bad):
    spec = GAMES[game]
    board = spec.default()
    data = dict(bad)
    data.setdefault("start", board.to_code())
    s = Session(board, spec.apply)
    with pytest.raises(ValueError):
        s.restore(data, spec.board.parse, spec.decode_move)
    assert s.state == board and s.made == []


def test_playback_pause_step_and_stop():
    pb = Playback(["a", "b", "c"], speed=0)
    assert pb.next_move() == "a"
    assert pb.toggle_pause() is True
    assert pb.next_move() is None
    pb.step()
    assert pb.next_move() == "b" and pb.next_move() is None
    pb.toggle_pause()
    assert pb.next_move() == "c" and pb.done and pb.progress() == (3, 3)
    pb2 = Playback(["x"])
    pb2.stop()
    assert pb2.done and pb2.next_move() is None
