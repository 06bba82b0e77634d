"""Lights out's worker side: a breadth-first search over the 512 positions, and the jobs."""

from puzzles import Result
from puzzles.code_cases import cases_job
from puzzles.statespace import map_job
from toygame.lights import CELLS, Board
from toygame.lights.cases import cases as hidden_cases


def search(board: Board):
    """Fewest presses to all-off, as a generator (one progress per level) that returns a
    :class:`puzzles.Result` (``distance``: the presses; ``positions``: the positions reached)."""
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
                moves.reverse()
                return Result("solved", moves, len(parent), steps=len(moves), distance=len(moves))
        nxt = []
        for b in frontier:
            for cell in range(CELLS):
                nb = b.press(cell)
                if nb.cells not in parent:
                    parent[nb.cells] = (b, cell)
                    nxt.append(nb)
        frontier = nxt
        yield {"positions": len(parent)}
    return Result("unsolvable", [], len(parent), steps=-1)


def _solve_job(board: Board, options: dict, request: dict):
    return (yield from search(board))


def _hint_job(board: Board, options: dict, request: dict):
    """The first press of a shortest way, and ``distance``, the presses it takes."""
    res = yield from search(board)
    return Result(res.status, res.moves[:1], res.positions, distance=len(res.moves))


JOBS = {"solve": _solve_job, "hint": _hint_job, "map": map_job}
JOBS["cases"] = cases_job(lambda: hidden_cases(search))  # the Code panel's Check
