"""Link-up's solver (worker side): its jobs (solve, hint, shuffle, the board
generator and the Code panel's cases), every job in slices. The search is split
by concept:

    bits.py      the bit-set grid and its route tests
    rounds.py    :func:`rounds.search`, rounds of a depth-first search for a clearing order
    pairings.py  the search over pairings and the stuck-tile test between the rounds
    nogood.py    the nogood search over pairings (boards of kinds of two or four tiles)
"""

from puzzles import Result, Rng, exact_int, run
from puzzles.code_cases import cases_job
from puzzles.linkup import Board, generate_steps, has_joinable_pair, joinable_pairs
from puzzles.linkup.cases import cases as hidden_cases
from puzzles.linkup.solver.rounds import search


def solve(board: Board, budget: int = 200_000) -> Result:
    return run(search(board, budget))


# Tries a shuffle makes at a clearable arrangement, and the search budget of each.
SHUFFLE_TRIES = 30


SHUFFLE_BUDGET = 2000


def shuffle_steps(board: Board, seed: int):
    """:func:`shuffle` as a generator: yields ``{"positions"}`` (positions
    searched so far, over all tries) while it tries, returns the board."""
    spots = [i for i, v in enumerate(board.cells) if v]
    kinds = [board.cells[i] for i in spots]
    rng = Rng(seed)
    fallback = None
    done = 0
    for _ in range(SHUFFLE_TRIES):
        rng.shuffle(kinds)
        cells = [0] * len(board.cells)
        for i, k in zip(spots, kinds):
            cells[i] = k
        trial = Board(board.rows, board.cols, cells)
        if not spots:
            return trial
        if has_joinable_pair(trial):
            if fallback is None:
                fallback = trial
            gen = search(trial, SHUFFLE_BUDGET)
            while True:
                try:
                    p = next(gen)
                except StopIteration as stop:
                    res = stop.value
                    break
                yield {"positions": done + p["positions"]}
            done += res.positions
            if res.status == "solved":
                return trial
        yield {"positions": max(done, 1)}
    return fallback if fallback is not None else board


def shuffle(board: Board, seed: int) -> Board:
    """The remaining tiles rearranged over the cells they occupy, into a
    position with a joinable pair, and clearable when a few tries find one."""
    return run(shuffle_steps(board, seed))


# ------------------------------------------------------------ worker jobs
# Positions a search may expand before it answers "unknown".
BUDGET = 30_000


HINT_BUDGET = BUDGET  # the same search as Solve, so a hint is the first pair of Solve's answer


def _solve_job(board: Board, options: dict, request: dict):
    return search(board, BUDGET)


def _hint_job(board: Board, options: dict, request: dict):
    """Hint: the first pair of a clearing order (``solved``); ``unsolvable``
    when none exists; past the budget, ``unknown`` with any joinable pair."""
    res = yield from search(board, HINT_BUDGET)
    if res.status == "solved" or res.status == "unsolvable":
        return Result(res.status, res.moves[:1], res.positions)
    return Result("unknown", joinable_pairs(board)[:1], res.positions)


def _generate_job(board: object, options: dict, request: dict):
    """``{rows, cols, kinds, per_kind, seed}`` (whole numbers) → ``made``
    with ``board``, the share code of a new clearable board (no moves);
    ``positions`` the pairs placed, all tries (0 when the same size and
    seed were just built, for another kinds count)."""
    values = [exact_int(request.get(name)) for name in ("rows", "cols", "kinds", "per_kind", "seed")]
    return (yield from _board_job(generate_steps(*values)))


def _shuffle_job(board: Board, options: dict, request: dict):
    """The job's board and ``{"seed"}`` (a whole number) → ``made`` with
    ``board``, the share code of its tiles shuffled (no moves); ``positions``
    the positions its tries searched."""
    return (yield from _board_job(shuffle_steps(board, exact_int(request.get("seed")))))


def _board_job(gen):
    """Pass on ``gen``'s progress; its final board becomes the job's ``made``
    result, with the share code as ``board`` and the last progress's ``positions``."""
    positions = 0
    while True:
        try:
            progress = next(gen)
        except StopIteration as stop:
            return Result("made", [], positions, board=stop.value.to_code())
        positions = progress["positions"]
        yield progress


JOBS = {"solve": _solve_job, "hint": _hint_job, "generate": _generate_job, "shuffle": _shuffle_job}
JOBS["cases"] = cases_job(hidden_cases)  # the Code panel's Check
