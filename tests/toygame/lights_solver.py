"""The toy's worker side: a breadth-first search over the 16 positions."""

from puzzles import Result
from toygame.lights import SIDE


def search(board: object):
    """Fewest taps to all-off, as a generator (one progress per level)."""
    parent = {board.cells: None}
    frontier = [board]
    while frontier:
        for b in frontier:
            if b.is_solved():
                moves = []
                while parent[b.cells] is not None:
                    prev, move = parent[b.cells]
                    moves.append(move)
                    b = prev
                return Result("solved", moves[::-1], len(parent), steps=len(moves))
        nxt = []
        for b in frontier:
            for cell in range(SIDE * SIDE):
                nb = b.tap(cell)
                if nb.cells not in parent:
                    parent[nb.cells] = (b, cell)
                    nxt.append(nb)
        frontier = nxt
        yield {"positions": len(parent)}
    return Result("unsolvable", [], len(parent), steps=-1)


def _solve_job(board: object, options: dict, request: dict):
    return (yield from search(board))


def _hint_job(board: object, options: dict, request: dict):
    res = yield from search(board)
    return Result(res.status, res.moves[:1], res.positions, steps=res.steps)


JOBS = {"solve": _solve_job, "hint": _hint_job}
