"""What the Code panel's worker sends is input (py/puzzles/code_check.py): moves decoded by the
game's spec and capped, a Link-up path checked cell by cell, Check's cases judged."""

import pytest

from helpers import drain
from puzzles.code_check import AnswerError, check_path, decode_moves, exercise_of, judge, replay
from puzzles.games import GAMES
from puzzles.huarong.layouts import COURSE_BOARD
from puzzles.linkup import connect

HR, LU, SP = GAMES["huarong"], GAMES["linkup"], GAMES["sliding"]
# A 3 x 4 Link-up board: kind 1 at both ends of the top row, kind 2 in the middle of it.
GRID = [[1, 2, 2, 1], [0, 0, 0, 0], [3, 0, 0, 3]]


def test_moves_are_decoded_by_the_game_and_capped():
    assert decode_moves(HR, [[[10, "left"], 3], [[7, "up"], None]], 10) == [((10, "left"), 3), ((7, "up"), None)]
    assert decode_moves(SP, [[5, 2]], 10) == [(5, 2)]
    for bad in ([[[10, "sideways"], 1]], [[[10, "left"], "1"]], [[10, "left"]], "moves", [[[True, "up"], 1]],
                [[[1.5, "up"], 1]], [[5, 1, 2]]):
        with pytest.raises(AnswerError) as e:
            decode_moves(HR, bad, 10)
        assert e.value.code == "code_bad_answer" and e.value.text("zh")
    with pytest.raises(AnswerError):
        decode_moves(HR, [[[10, "left"], 1]] * 11, 10)


def test_replay_stops_at_the_first_illegal_move_naming_its_number_and_line():
    board = HR.board.from_grid(COURSE_BOARD)
    moves = [((10, "left"), 2), ((10, "left"), 3), ((10, "left"), 7), ((7, "down"), 8)]
    end, bad = drain(replay(HR, board, moves, chunk=1))
    assert bad[0] == 3 and bad[1] == 7 and bad[2].code
    assert end.grid()[4] == [9, 10, 0, 0]
    end, bad = drain(replay(HR, board, moves[:2]))
    assert bad is None and end.grid()[4] == [9, 10, 0, 0]


def test_a_path_must_be_legal_any_legal_path_is_accepted():
    assert check_path(GRID, 0, 0, 0, 3, [[0, 0], [1, 0], [1, 1], [1, 2], [1, 3], [0, 3]]) is None
    # the ring above the board: another legal path, not the exact solver's
    assert check_path(GRID, 0, 0, 0, 3, [[0, 0], [-1, 0], [-1, 1], [-1, 2], [-1, 3], [0, 3]]) is None
    assert check_path(GRID, 0, 0, 0, 3, [[0, 0], [0, 1], [0, 2], [0, 3]]) == ("code_path_blocked", {"r": 0, "c": 1})
    assert check_path(GRID, 0, 0, 0, 3, [[0, 0], [0, 3]]) == ("code_path_step", {"i": 1})
    assert check_path(GRID, 0, 0, 0, 3, [[0, 0], [1, 0]]) == ("code_path_ends", {})
    assert check_path(GRID, 0, 0, 0, 1, [[0, 0], [0, 1]]) == ("code_path_unjoinable", {})
    assert check_path(GRID, 0, 0, 0, 3, "[[0, 0]]") == ("code_path_not_list", {})
    assert check_path(GRID, 0, 0, 0, 3, [[0, 0], [True, 0]]) == ("code_path_not_list", {})
    assert check_path(GRID, 0, 0, 0, 3, [[0, 0], [-1, 0], [-2, 0], [-2, 1], [-2, 2], [-2, 3], [-1, 3],
                                          [0, 3]]) == ("code_path_outside", {"r": -2, "c": 0})
    # three turns: down, right, up... then right again
    three = [[2, 0], [1, 0], [1, 1], [2, 1], [3, 1], [3, 2], [3, 3], [2, 3]]
    assert check_path(GRID, 2, 0, 2, 3, three) == ("code_path_turns", {"n": 4})
    exactly_three = [[2, 0], [1, 0], [1, 1], [2, 1], [2, 2], [2, 3]]  # up, right, down, right
    assert check_path(GRID, 2, 0, 2, 3, exactly_three) == ("code_path_turns", {"n": 3})
    assert check_path(GRID, 2, 0, 2, 3, [[2, 0], [2, 1], [2, 2], [2, 3]]) is None


def test_check_judges_each_game():
    case = {"expected": 14, "args": []}
    assert judge(SP, case, [[3, 2, 4], [1, 5, 0]], 14, [])["ok"]
    assert not judge(SP, case, [[3, 2, 4], [1, 5, 0]], 15, [])["ok"]
    assert not judge(SP, {"expected": 1, "args": []}, [[1, 2, 3], [4, 0, 5]], True, [])["ok"], "a bool is no count"
    lu = {"expected": connect(GRID, 0, 0, 0, 3), "args": [0, 0, 0, 3]}
    assert judge(LU, lu, GRID, [[0, 0], [-1, 0], [-1, 1], [-1, 2], [-1, 3], [0, 3]], [])["ok"]
    assert not judge(LU, lu, GRID, [], [])["ok"], "an empty answer must agree with the exact one"
    none = {"expected": [], "args": [0, 1, 0, 3]}
    assert judge(LU, none, GRID, [], [])["ok"]
    assert not judge(LU, none, GRID, [[0, 1], [0, 2], [0, 3]], [])["ok"]
    hr = {"expected": {"cell": 116, "piece": 81}, "args": []}
    assert not judge(HR, hr, COURSE_BOARD, None, [((10, "left"), 1)])["ok"], "legal but not solved"
    assert not judge(HR, hr, COURSE_BOARD, None, [((1, "down"), 1)])["ok"], "illegal"
    from puzzles.huarong.solver import solve

    moves = [(m, None) for m in solve(HR.board.from_grid(COURSE_BOARD)).moves]
    row = judge(HR, hr, COURSE_BOARD, None, moves)
    assert row["ok"] and row["yours"] == ("hr_code_steps", {"cell": 116, "piece": HR.count([m for m, _ in moves],
                                                                                            {"metric": "piece"})})
    assert judge(HR, {"expected": None, "args": []}, COURSE_BOARD, None, [])["ok"], "no moves where none solve it"


def test_a_path_is_said_with_its_turns_in_the_right_number():
    """"path, 1 turn" (not "1 turns"), "path, 0 turns", "path, 2 turns"; 中文 keeps "拐 1 次" whole."""
    from app.i18n import t
    from puzzles.code_check import path_text

    said = {}
    for path in ([[0, 0], [0, 1]], [[0, 0], [0, 1], [1, 1]], [[0, 0], [-1, 0], [-1, 1], [0, 1]]):
        key, values = path_text(path)
        said[values["n"]] = (t(key, "en", **values), t(key, "zh", **values))
    assert said == {
        0: ("path, 0 turns", "路径，拐\u00a00\u00a0次"),
        1: ("path, 1 turn", "路径，拐\u00a01\u00a0次"),
        2: ("path, 2 turns", "路径，拐\u00a02\u00a0次"),
    }


def test_a_reason_names_cells_as_the_learners_program_does_from_0():
    """The cell (0, 1) of the learner's path is quoted as the learner wrote it, [0, 1], in both languages
    (a cell past the ring, [-2, 0]); the panel's help says once that cells count from 0."""
    from app.i18n import t

    why = check_path(GRID, 0, 0, 0, 3, [[0, 0], [0, 1], [0, 2], [0, 3]])
    assert t(why[0], "en", **why[1]) == "it passes through [0, 1], which is not empty"
    assert "经过 [0, 1]" in t(why[0], "zh", **why[1])
    out = check_path(GRID, 0, 0, 0, 3, [[0, 0], [-1, 0], [-2, 0], [-2, 1], [-2, 2], [-2, 3], [-1, 3], [0, 3]])
    assert "at [-2, 0]" in t(out[0], "en", **out[1]) and "在 [-2, 0]" in t(out[0], "zh", **out[1])
    assert "from 0" in t("code_coords", "en") and "从 0" in t("code_coords", "zh")
    # the ring is Link-up's word alone: a game without one says nothing of it
    ring = exercise_of(GAMES["linkup"]).keys["coords"]
    assert "-1" in t(ring, "en") and "-1" in t(ring, "zh")
    for game in ("huarong", "sliding"):
        key = exercise_of(GAMES[game]).keys["coords"]
        assert "-1" not in t(key, "en") and "-1" not in t(key, "zh")


def test_a_huarong_answer_refused_or_unsolved_says_why():
    """Check's row for a move the rules refuse carries the rule's own error (said in the page's language
    where the row is drawn), and an answer that plays but does not solve says how many moves it made."""
    from app.i18n import t

    grid = HR.default().grid()
    case = {"args": [], "expected": {"cell": 116, "piece": 81}}
    row = _judged(HR, case, grid, decode_moves(HR, [[[1, "up"], 3]], 10))
    key, values = row["yours"]
    assert not row["ok"] and key == "code_illegal_noline"
    assert values["msg"].text("en") and values["msg"].text("zh")
    row = _judged(HR, case, grid, decode_moves(HR, [[[10, "left"], 3]], 10))
    assert not row["ok"] and row["yours"] == ("code_case_unsolved", {"n": 1})
    assert t("code_case_unsolved", "en", n=1) and t("code_case_unsolved", "zh", n=1)


def _judged(spec, case, grid, moves):
    from puzzles.code_check import judging

    return drain(judging(spec, case, grid, None, moves, 16))


def test_a_moves_answer_is_counted_in_its_exercises_own_units(monkeypatch):
    """The checker judges a ``moves`` answer by replaying it; how a solved one is counted and said is
    the exercise's (its ``steps`` and ``keys["steps"]``), so any game may take a moves answer."""
    from app.i18n import t
    from puzzles import code_check
    from puzzles.code_check import Exercise

    plain = Exercise(function="solve", answer="moves", starters=("", ""), move_args=1)
    own = Exercise(function="solve", answer="moves", starters=("", ""), move_args=1,
                   steps=lambda moves: {"n": 2 * len(moves)}, keys={"steps": "moves"})
    grid = [[1, 2, 3], [4, 0, 5]]  # one slide (tile 5) from the goal
    case = {"expected": {"n": 1}, "args": []}
    for exercise, said in ((plain, ("code_moves_n", {"n": 1})), (own, ("moves", {"n": 2}))):
        monkeypatch.setattr(code_check, "exercise_of", lambda spec, exercise=exercise: exercise)
        row = judge(SP, case, grid, None, [(5, None)])
        assert row == {"ok": True, "yours": said, "expected": exercise.said_steps({"n": 1})}
    assert t("code_moves_n", "en", n=1) == "1 move" and t("code_moves_n", "zh", n=3) == "3 步"
    assert not judge(SP, case, grid, None, [(2, None)])["ok"], "a slide the rules refuse"
