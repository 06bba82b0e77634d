"""The session announces each change it makes, and holds who played its moves (once, for every part)."""

from app.session import Session
from puzzles.games import GAMES

SPEC = GAMES["sliding"]


def _legal(session: Session) -> int:
    return next(t for t in range(1, 6) if session.state.line_to_blank(t) == [t])


def _heard(session: Session) -> list:
    heard: list = []
    session.subscribe(heard.append)
    return heard


def test_each_change_is_announced_by_the_session_itself():
    s = Session(SPEC.default(), SPEC.apply)
    heard = _heard(s)
    assert s.try_play(_legal(s))
    assert not s.try_play(99)  # refused: nothing changes, nothing is said
    s.undo()
    s.redo()
    s.jump(s.start)
    s.set_option("mode", "fast")
    s.open(s.start, {})
    s.open(SPEC.board.parse("[[1,2,3],[4,0,5]]"), {})
    assert heard == ["moved", "travelled", "travelled", "travelled", "options", "opened", "new"]
    s.undo()  # nothing to undo on a new board: nothing said
    assert heard[-1] == "new" and len(heard) == 7


def test_a_helpers_moves_are_not_announced_one_by_one_and_mark_the_board_helped():
    s = Session(SPEC.default(), SPEC.apply)
    heard = _heard(s)
    assert s.try_play(_legal(s), "code")
    assert heard == [] and s.by == "code" and s.helped
    assert s.try_play(_legal(s))  # the player takes over: the last hand is theirs, the help stays
    assert heard == ["moved"] and s.by is None and s.helped
    s.open(s.start, {})
    assert (s.by, s.helped) == (None, False)


def test_a_subscribers_error_is_not_taken_for_an_illegal_move():
    s = Session(SPEC.default(), SPEC.apply)

    def listener(kind: str) -> None:
        raise ValueError("a listener's fault")

    s.subscribe(listener)
    try:
        s.try_play(_legal(s))
    except ValueError:
        pass
    else:
        raise AssertionError("the listener's error was swallowed as an illegal move")


def test_solver_solved_holds_while_the_solvers_last_move_is_in_effect():
    s = Session(SPEC.board.parse("[[1,2,3],[4,0,5]]"), SPEC.apply)
    assert s.try_play(5, "solver") and s.state.is_solved()
    assert s.solver_solved()
    s.undo()
    s.redo()  # the player's travel: the board is theirs again
    assert not s.solver_solved() and s.helped
