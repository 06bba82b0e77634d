"""Link-up's hidden cases for the Code panel's Check (worker only: the solver worker's
``cases`` job, see :mod:`puzzles.code_cases`).

Boards made by :func:`puzzles.linkup.generate` (the course's 8 × 18 board among them) with
some pairs taken off, so paths run through empty cells and along the ring; on each, clicked
pairs of equal tiles, joinable or not, pairs on the edge (ring paths), and a pair of
different kinds. The answer is the project's exact ``connect`` (a path or ``[]``). At least
:data:`CASES` cases, every one from a fixed seed, so a Check is the same each time.
"""

from puzzles import Rng
from puzzles.linkup import Board, connect, generate

CASES = 200  # at least this many cases
PAIR_TRIES = 5  # draws of a pair that is new on its board, each of a board's ten pairs


def _boards():
    """``(seed, Board)``, one at a time: the course's 8 × 18 board (seed 3), then seeded boards of
    several sizes, each with some pairs taken off (seeded)."""
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


def cases():
    """The cases, a generator of progress that returns them (see :mod:`puzzles.code_cases`)."""
    cases = []
    for seed, board in _boards():
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
