"""Lights out's hidden cases for the Code panel's Check (worker only): :data:`BOARDS` boards
from a fixed seed and the board with every light on, each answered by the exact search (the
fewest presses)."""

from puzzles import Rng
from toygame.lights import CELLS, SIDE, Board

BOARDS = 12


def cases(search: object):
    """The cases, a generator of progress that returns them (see :mod:`puzzles.code_cases`)."""
    rng = Rng(512)
    grids = [[[1] * SIDE for _ in range(SIDE)]]
    while len(grids) < BOARDS + 1:
        cells = [rng.below(2) for _ in range(CELLS)]
        if any(cells):
            grids.append([cells[r * SIDE:(r + 1) * SIDE] for r in range(SIDE)])
    out = []
    for i, grid in enumerate(grids):
        result = yield from search(Board.from_grid(grid))
        out.append({"label": "#%d" % (i + 1), "board": grid, "args": [], "expected": len(result.moves)})
        yield {"positions": len(out)}
    return out
