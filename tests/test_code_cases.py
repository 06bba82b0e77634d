"""Check's hidden cases (py/puzzles/code_cases.py, the solver worker's ``cases`` job): enough
of them, seeded (the same every time), edge and ring cases and unsolvable ones
included, each with the exact solver's answer."""

from course_programs import LEETCODE_773
from helpers import check_cases as cases
from puzzles.code_check import judge
from puzzles.games import GAMES
from puzzles.linkup import Board, connect


def test_linkup_cases_two_hundred_pairs_with_ring_paths_and_no_paths():
    boards, found = cases("linkup")
    assert len(found) >= 200
    assert (boards, found) == cases("linkup"), "seeded: the same every time"
    ring = empty = 0
    for case in found:
        grid = boards[case["board"]]
        assert case["expected"] == connect(Board.from_grid(grid), *case["args"])
        path = case["expected"]
        empty += path == []
        ring += any(r in (-1, len(grid)) or c in (-1, len(grid[0])) for r, c in path)
    assert ring >= 20 and empty >= 20 and len(found) - empty >= 50
    drawn = [(c["board"], frozenset((tuple(c["args"][:2]), tuple(c["args"][2:])))) for c in found]
    assert len(set(drawn)) == len(drawn), "no pair twice on one board (a row of the table shown twice)"


def test_sliding_cases_are_leetcodes_four_then_random_2x3_and_a_few_3x3_of_both_kinds():
    boards, found = cases("sliding")
    assert [c["expected"] for c in found[:4]] == [1, -1, 5, 14]
    assert len(found) >= 54
    by_shape: dict = {}
    for c in found[4:]:
        grid = boards[c["board"]]
        by_shape.setdefault((len(grid), len(grid[0])), []).append(c["expected"])
    assert set(by_shape) == {(2, 3), (3, 3)}
    for answers in by_shape.values():  # unsolvable boards and solvable ones of each size
        assert -1 in answers and any(a > 0 for a in answers)
    assert 3 <= len(by_shape[(3, 3)]) <= 8, "a plain BFS explores a whole 3 x 3 space for each"


def test_sliding_counts_only_leetcodes_2x3_boards_and_names_the_3x3_set_apart():
    """The exercise is LeetCode 773 (2 x 3): its usual answer passes every counted case; the 3 x 3
    boards are a set of their own, after the counted ones, that the page never counts."""
    boards, found = cases("sliding")
    counted = [c for c in found if "set" not in c]
    beyond = [c for c in found if "set" in c]
    assert len(counted) >= 48 and 3 <= len(beyond) <= 8
    assert found == counted + beyond, "the exercise's cases first"
    assert all(c["set"] == "beyond" for c in beyond)
    assert all((len(boards[c["board"]]), len(boards[c["board"]][0])) == (2, 3) for c in counted)
    assert all((len(boards[c["board"]]), len(boards[c["board"]][0])) == (3, 3) for c in beyond)
    ns: dict = {}
    exec(LEETCODE_773, ns)
    for c in counted:
        grid = boards[c["board"]]
        row = judge(GAMES["sliding"], c, grid, ns["slidingPuzzle"]([r[:] for r in grid]), [])
        assert row["ok"], c["label"]


def test_huarong_cases_are_ten_classic_layouts_and_one_without_solution():
    boards, found = cases("huarong")
    assert len(found) == 11
    assert found[0]["expected"] == {"cell": 116, "piece": 81}
    assert all(c["expected"] for c in found[:10]) and found[10]["expected"] is None


def test_a_workers_cases_are_made_once_and_each_check_gets_its_own_copy():
    """The cases job of a game made afresh (as a new worker has it): the first Check's cases are worked out
    (progress on the way), the next Check's come at once, equal, and what one Check's copy is changed into
    never reaches the next."""
    from helpers import drain_with_progress
    from puzzles.code_cases import cases_job
    from puzzles.huarong.cases import cases as huarong_cases
    from puzzles.huarong.solver import search

    job = cases_job(lambda: huarong_cases(search))
    progress, first = drain_with_progress(job(None, {}, {}))
    assert len(progress) > 11 and len(first.stats["cases"]) == 11
    again_progress, again = drain_with_progress(job(None, {}, {}))
    assert again_progress == [] and again.stats == first.stats
    first.stats["cases"][0]["expected"] = "changed"
    first.stats["boards"][0][0][0] = -1
    _, third = drain_with_progress(job(None, {}, {}))
    assert third.stats == again.stats and third.stats["cases"][0]["expected"] != "changed"
