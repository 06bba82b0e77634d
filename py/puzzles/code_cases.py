"""Check's hidden cases for the Code panel, with the exact answers: the solver worker's
``cases`` job (registered by each game's solver module; worker-only, see
``tools/configs.py``'s ``WORKER_ONLY``). The learner's worker never sees this module:
it is handed the boards and arguments, never the expected answers.

Rules, per game (every generated case from a fixed seed, so a Check is the same each time):

* Link-up: boards made by :func:`puzzles.linkup.generate` (the course's 8 × 18 board among
  them) with some pairs taken off, so paths run through empty cells and along the ring; on
  each, clicked pairs of equal tiles, joinable or not, pairs on the edge (ring paths), and a
  pair of different kinds. The answer is the project's exact ``connect`` (a path or ``[]``).
  At least :data:`LINKUP_CASES` cases.
* Sliding: the exercise is LeetCode 773, whose boards are 2 × 3: its four examples, then
  :data:`SLIDING_2X3` random 2 × 3 boards (a random order is unsolvable half the time). A
  solution written for 2 × 3 only (a fixed neighbour table, the target ``"123450"``) is
  right, so these are the cases Check counts. Then a separate set, ``"set": "beyond"``
  (Beyond LeetCode: 3 × 3), of :data:`SLIDING_3X3` random 3 × 3 boards, half solvable, half
  not, which the page reports on its own line and never counts against the exercise (a
  plain BFS explores up to 181,440 positions for each, so a few are enough). The answer is
  the fewest moves by the exact solver, ``-1`` when unsolvable.
* Huarong: the first :data:`HUARONG_LAYOUTS` classic layouts and one with no solution
  (走投无路); the answer is the fewest steps in both metrics by the exact solver, ``None``
  when there is no solution.

The job answers ``loaded`` (no moves) with ``stats["boards"]`` (each board once, as rows)
and ``stats["cases"]``: a list of ``{"label", "board", "args", "expected"}``, ``board`` the
case's place in ``boards``; a case outside the exercise also has ``"set": "beyond"``.
"""

from puzzles import Result, Rng

LINKUP_CASES = 200
SLIDING_2X3 = 44
SLIDING_3X3 = 6
HUARONG_LAYOUTS = 10
LEETCODE_773 = (  # LeetCode 773's examples and their answers
    ([[1, 2, 3], [4, 0, 5]], 1),
    ([[1, 2, 3], [5, 4, 0]], -1),
    ([[4, 1, 2], [5, 0, 3]], 5),
    ([[3, 2, 4], [1, 5, 0]], 14),
)


def _linkup_boards():
    """``(seed, Board)``, one at a time: the course's 8 × 18 board (seed 3), then seeded boards of
    several sizes, each with some pairs taken off (seeded)."""
    from puzzles.linkup import Board, generate

    yield (3, generate(8, 18, 36, 4, 3))
    sizes = ((4, 6, 6), (6, 8, 12), (8, 10, 20), (6, 6, 9), (8, 18, 36))
    for seed in range(1, 20):
        rows, cols, kinds = sizes[seed % len(sizes)]
        board = generate(rows, cols, kinds, rows * cols // kinds, seed)
        rng = Rng(seed * 7 + 1)
        cells = list(board.cells)
        for _ in range(len(cells) // 4):  # take off about half the tiles, kind by kind (a pair at a time)
            i = rng.below(len(cells))
            if cells[i]:
                mates = [j for j, v in enumerate(cells) if v == cells[i] and j != i]
                if mates:
                    cells[mates[rng.below(len(mates))]] = 0
                    cells[i] = 0
        yield (seed, Board.from_grid(
            [cells[r * cols:(r + 1) * cols] for r in range(rows)]))


PAIR_TRIES = 5  # draws of a pair that is new on its board, each of a board's ten pairs


def _linkup_cases():
    from puzzles.linkup import connect

    cases = []
    for seed, board in _linkup_boards():
        rng = Rng(len(cases) + 11)
        rows, cols, cells = board.rows, board.cols, board.cells
        grid = board.grid()
        tiles = [i for i, v in enumerate(cells) if v]
        edge = [i for i in tiles if i // cols in (0, rows - 1) or i % cols in (0, cols - 1)]
        pairs = []
        for pool in (edge, edge, tiles, tiles, tiles, tiles, tiles, tiles, tiles, tiles):
            for _try in range(PAIR_TRIES if pool else 0):  # a pair drawn before is drawn again
                a = pool[rng.below(len(pool))]
                mates = [j for j in (edge if pool is edge else tiles) if cells[j] == cells[a] and j != a]
                if mates:
                    b = mates[rng.below(len(mates))]
                    if (a, b) not in pairs and (b, a) not in pairs:
                        pairs.append((a, b))
                        break
        other = [j for j in tiles if tiles and cells[j] != cells[tiles[0]]]
        if other:
            pairs.append((tiles[0], other[0]))  # different kinds: never joined
        for a, b in pairs:
            args = [a // cols, a % cols, b // cols, b % cols]
            size = "%dx%d" % (rows, cols)
            cases.append({"label": "%s seed %d (%d,%d)-(%d,%d)" % ((size, seed) + tuple(args)), "board": grid,
                          "args": args, "expected": connect(board, *args), "size": size, "seed": seed})
        yield {"positions": len(cases)}
    return cases


def _sliding_cases():
    from puzzles.sliding import Board
    from puzzles.sliding.solver import search

    cases = []
    boards = [(g, "LeetCode 773 #%d" % (i + 1), None) for i, (g, _) in enumerate(LEETCODE_773)]
    rng = Rng(773)
    for i in range(SLIDING_2X3):
        tiles = list(range(6))
        rng.shuffle(tiles)
        boards.append(([tiles[:3], tiles[3:]], "2x3 #%d" % (i + 1), None))
    wanted = {True: SLIDING_3X3 // 2, False: SLIDING_3X3 - SLIDING_3X3 // 2}  # solvable or not: how many more
    while any(wanted.values()):
        tiles = list(range(9))
        rng.shuffle(tiles)
        grid = [tiles[r * 3:(r + 1) * 3] for r in range(3)]
        kind = Board.from_grid(grid).solvable()
        if wanted[kind]:
            wanted[kind] -= 1
            boards.append((grid, "3x3 #%d" % (SLIDING_3X3 - sum(wanted.values())), "beyond"))
    for grid, label, part in boards:
        result = yield from search(Board.from_grid(grid), "optimal")
        expected = len(result.moves) if result.status == "solved" else -1
        case = {"label": label, "board": grid, "args": [], "expected": expected}
        if part is not None:
            case["set"] = part
        cases.append(case)
        yield {"positions": len(cases)}
    return cases


def _huarong_cases():
    from puzzles.huarong.layouts import LAYOUTS
    from puzzles.huarong.solver import search

    cases = []
    chosen = [lay for lay in LAYOUTS if lay.par["cell"] is not None][:HUARONG_LAYOUTS]
    chosen += [lay for lay in LAYOUTS if lay.par["cell"] is None][:1]
    for lay in chosen:
        counts = {}
        for metric in ("cell", "piece"):
            result = yield from search(lay.board, metric)
            counts[metric] = result.stats["steps"] if result.status == "solved" else None
        expected = None if counts["cell"] is None else counts
        cases.append({"label": lay.zh, "board": lay.board.grid(), "args": [], "expected": expected})
        yield {"positions": len(cases)}
    return cases


MAKERS = {"linkup": _linkup_cases, "sliding": _sliding_cases, "huarong": _huarong_cases}


def cases_job(game: str) -> object:
    """The solver's ``cases`` job for ``game``: ``(board, options, request) -> generator``."""

    def job(board: object, options: dict, request: dict):
        cases = yield from MAKERS[game]()
        boards, index = [], {}
        for case in cases:  # each board once: a case names it by its place in ``boards``
            key = id(case["board"])
            if key not in index:
                index[key] = len(boards)
                boards.append(case["board"])
            case["board"] = index[key]
        return Result("loaded", [], len(cases), cases=cases, boards=boards)

    return job
