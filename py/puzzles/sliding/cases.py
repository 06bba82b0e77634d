"""The sliding puzzle's hidden cases for the Code panel's Check (worker only: the solver
worker's ``cases`` job, see :mod:`puzzles.code_cases`).

The exercise is LeetCode 773, whose boards are 2 × 3: its four examples, then
:data:`BOARDS_2X3` random 2 × 3 boards (a random order is unsolvable half the time). A
solution written for 2 × 3 only (a fixed neighbour table, the target ``"123450"``) is right,
so these are the cases Check counts. Then a separate set, ``"set": "beyond"`` (Beyond
LeetCode: 3 × 3), of :data:`BOARDS_3X3` random 3 × 3 boards, half solvable, half not, which
the page reports on its own line and never counts against the exercise (a plain BFS explores
up to 181,440 positions for each, so a few are enough). The answer is the fewest moves by the
exact solver, ``-1`` when unsolvable. Every board from a fixed seed.
"""

from puzzles import Rng
from puzzles.sliding import Board

BOARDS_2X3 = 44
BOARDS_3X3 = 6
LEETCODE_773 = (  # LeetCode 773's examples and their answers
    ([[1, 2, 3], [4, 0, 5]], 1),
    ([[1, 2, 3], [5, 4, 0]], -1),
    ([[4, 1, 2], [5, 0, 3]], 5),
    ([[3, 2, 4], [1, 5, 0]], 14),
)


def cases(search: object):
    """The cases, a generator of progress that returns them (see :mod:`puzzles.code_cases`);
    ``search`` is the solver's exact search."""
    cases = []
    boards = [(g, "LeetCode 773 #%d" % (i + 1), None) for i, (g, _) in enumerate(LEETCODE_773)]
    rng = Rng(773)
    for i in range(BOARDS_2X3):
        tiles = list(range(6))
        rng.shuffle(tiles)
        boards.append(([tiles[:3], tiles[3:]], "2x3 #%d" % (i + 1), None))
    wanted = {True: BOARDS_3X3 // 2, False: BOARDS_3X3 - BOARDS_3X3 // 2}  # solvable or not: how many more
    while any(wanted.values()):
        tiles = list(range(9))
        rng.shuffle(tiles)
        grid = [tiles[r * 3:(r + 1) * 3] for r in range(3)]
        kind = Board.from_grid(grid).solvable()
        if wanted[kind]:
            wanted[kind] -= 1
            boards.append((grid, "3x3 #%d" % (BOARDS_3X3 - sum(wanted.values())), "beyond"))
    for grid, label, part in boards:
        result = yield from search(Board.from_grid(grid), "optimal")
        expected = len(result.moves) if result.status == "solved" else -1
        case = {"label": label, "board": grid, "args": [], "expected": expected}
        if part is not None:
            case["set"] = part
        cases.append(case)
        yield {"positions": len(cases)}
    return cases
