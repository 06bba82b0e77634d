"""Session.jump (the state map puts a position on the board): one undoable step, saved and restored,
never counted as a move."""

from app.session import Session
from puzzles.sliding import SPEC


def _session():
    start = SPEC.board.parse("2x3-412503")
    return Session(start, SPEC.apply)


def test_jump_is_one_undoable_step_and_not_a_move():
    s = _session()
    s.play(5)
    far = SPEC.board.parse("2x3-123450")
    s.jump(far)
    assert s.state == far and s.made == [5] and s.can_undo()
    s.undo()
    assert s.state == SPEC.apply(s.start, 5)
    s.redo()
    assert s.state == far
    s.play(5)  # moves go on from the jumped position
    assert s.made == [5, 5] and s.state == SPEC.apply(far, 5)


def test_jump_drops_the_redo_tail():
    s = _session()
    s.play(5)
    s.undo()
    s.jump(SPEC.board.parse("2x3-123450"))
    assert not s.can_redo() and len(s.moves) == 1


def test_jump_saves_and_restores():
    s = _session()
    s.play(5)
    s.jump(SPEC.board.parse("2x3-123450"))
    s.play(5)
    saved = s.to_saved(lambda b: b.to_code(), SPEC.encode_move)
    assert saved["moves"][1] == {"jump": "2x3-123450"}
    other = _session()
    other.restore(saved, SPEC.board.parse, SPEC.decode_move)
    assert other.state == s.state and other.made == s.made and other.cursor == s.cursor
