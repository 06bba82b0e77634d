"""Link-up's solver (worker side): depth-first search for a clearing order,
shuffle and the board generator, every job in slices."""

from puzzles import Result, Rng, exact_int, run
from puzzles.linkup import (
    SWEEP_GROUP,
    Board,
    _by_kind,
    _Grid,
    _joinable,
    _Nearest,
    generate_steps,
    has_joinable_pair,
    joinable_pairs,
)

# Work a search does between two yields, besides every ``chunk`` positions: a
# unit is about a microsecond of CPython (a pair looked at, a cell swept; a
# join test is two), so a few milliseconds.
WORK = 5000


def _result(status: str, moves: list, positions: int) -> Result:
    return Result(status, moves, positions, pairs=len(moves))


def search(board: Board, budget: int = 200_000, chunk: int = 200):
    """Depth-first search for an order of pairs that clears the board, as a generator.

    Pruning: a kind with exactly two tiles left that can be joined is taken at
    once without branching (removing tiles never blocks another path, so this
    can never hurt); positions proved dead are remembered. Yields progress
    ``{'positions', 'tiles'}`` every ``chunk`` positions, and within a
    position whenever finding its joinable pairs has taken :data:`WORK`
    (a board of one kind has up to 165,600 pairs), and returns a
    :class:`Result`: ``solved`` (``moves`` clear the board), ``unsolvable``
    (no order clears it: every reachable position was tried) or ``unknown``
    (past ``budget`` positions expanded, ``positions`` saying how many);
    ``stats['pairs']`` is the moves' count. ``positions`` counts the start too.
    """
    rows, cols = board.rows, board.cols
    dead: set = set()
    path: list = []
    nodes = [1]
    best = [board.tiles()]
    work = [0]

    def progress() -> dict:
        return {"positions": nodes[0], "tiles": best[0]}

    def settle(cells: list, g: _Grid, groups: dict, taken: list) -> list:
        """Take every safe pair (a kind with two tiles left that join),
        repeatedly; answers the grid and tile groups of the position left.

        Safe: removing tiles only opens paths, so any clearing order of the
        position stays valid (minus this pair) once the pair is gone.
        """
        while True:
            safe = [k for k, grp in groups.items() if len(grp) == 2 and _joinable(g, cols, grp[0], grp[1])]
            work[0] += len(groups)
            if not safe:
                return [g, groups]
            for k in safe:  # removing one safe pair never blocks another
                a, b = groups.pop(k)
                cells[a] = cells[b] = 0
                taken.append((a, b))
                g = g.without(a, b, cols)

    def options(cells: list, settled: list, parent: "set | None" = None, gone: "list | None" = None):
        """The joinable pairs, as a generator (it yields when it has worked
        long). A pair joinable in the parent position still is (removing
        tiles only opens paths); a pair that was not is checked again only if
        a removed tile lies within the rows or columns its routes use. A kind
        with many tiles is swept from each tile instead."""
        g, groups = settled
        opts = []
        near = None
        for group in groups.values():
            if len(group) > SWEEP_GROUP:
                if near is None:
                    near = _Nearest(rows, cols, cells)
                    seen = near.work
                for a in group:
                    for b in near.partners(a):
                        if b > a:
                            opts.append((a, b))
                    if near.work - seen > WORK:
                        work[0] += near.work - seen
                        seen = near.work
                        yield progress()
                continue
            work[0] += len(group) * (len(group) - 1) // 2
            for i in range(len(group)):
                a = group[i]
                r1, c1 = divmod(a, cols)
                for j in range(i + 1, len(group)):
                    b = group[j]
                    if parent is not None:
                        if (a, b) in parent:
                            opts.append((a, b))
                            continue
                        r2, c2 = divmod(b, cols)
                        rlo, rhi = (r1, r2) if r1 < r2 else (r2, r1)
                        clo, chi = (c1, c2) if c1 < c2 else (c2, c1)
                        for x in gone:
                            rx, cx = divmod(x, cols)
                            if rlo <= rx <= rhi or clo <= cx <= chi:
                                break
                        else:
                            continue  # nothing near it changed: still not joinable
                    work[0] += 2
                    if _joinable(g, cols, a, b):
                        opts.append((a, b))
                if work[0] > WORK:
                    work[0] = 0
                    yield progress()
        if near is not None:
            work[0] += near.work - seen
        return opts

    def release(stack: list):
        """Drop the search's frames a few at a time: freeing thousands of
        pairs' lists at once, as the generator returns, is a slice of its own."""
        while stack:
            del stack[-16:]
            if stack:
                yield progress()

    cells = list(board.cells)
    taken: list = []
    settled = settle(cells, _Grid(rows, cols, cells), _by_kind(cells), taken)
    path.extend(taken)
    stack = []

    if not any(cells):
        return _result("solved", path, 1)
    opts = yield from options(cells, settled)
    stack.append([cells, opts, 0, len(taken), b"", settled])
    while stack:
        frame = stack[-1]
        cells, opts, i, n_forced, before, here = frame
        if i >= len(opts):
            dead.add(bytes(cells))
            dead.add(before)  # the position before its safe pairs went: dead too
            stack.pop()
            del path[len(path) - n_forced :]
            if stack:
                path.pop()  # the branch move that led here
            continue
        frame[2] = i + 1
        a, b = opts[i]
        nxt = list(cells)
        nxt[a] = nxt[b] = 0
        before = bytes(nxt)
        if before in dead:
            continue
        nodes[0] += 1
        work[0] += 10
        taken = [(a, b)]
        g, groups = here
        kind = cells[a]
        groups = dict(groups)
        rest = [x for x in groups[kind] if x != a and x != b]
        if rest:
            groups[kind] = rest
        else:
            del groups[kind]
        settled = settle(nxt, g.without(a, b, cols), groups, taken)
        key = bytes(nxt)
        if not any(nxt):
            moves = path + taken
            yield from release(stack)
            return _result("solved", moves, nodes[0])
        if nodes[0] > budget:  # budget positions expanded (the start is not)
            yield from release(stack)
            return _result("unknown", [], nodes[0])
        left = sum(1 for v in nxt if v)
        if left < best[0]:
            best[0] = left
        if nodes[0] % chunk == 0 or work[0] > WORK:
            work[0] = 0
            yield progress()
        if key in dead:
            continue
        path.append((a, b))
        path.extend(taken[1:])
        gone = [x for pair in taken for x in pair]
        opts = yield from options(nxt, settled, set(opts), gone)
        stack.append([nxt, opts, 0, len(taken) - 1, before, settled])
    return _result("unsolvable", [], nodes[0])


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
HINT_BUDGET = 20_000


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
    """``{rows, cols, kinds, per_kind, seed}`` (whole numbers) → ``solved``
    with ``board``, the share code of a new clearable board (no moves);
    ``positions`` the pairs placed, all tries (0 when the same size and
    seed were just built, for another kinds count)."""
    values = [exact_int(request.get(name)) for name in ("rows", "cols", "kinds", "per_kind", "seed")]
    return (yield from _board_job(generate_steps(*values)))


def _shuffle_job(board: Board, options: dict, request: dict):
    """The job's board and ``{"seed"}`` (a whole number) → ``solved`` with
    ``board``, the share code of its tiles shuffled (no moves); ``positions``
    the positions its tries searched."""
    return (yield from _board_job(shuffle_steps(board, exact_int(request.get("seed")))))


def _board_job(gen):
    """Pass on ``gen``'s progress; its final board becomes the job's ``solved``
    result, with the share code as ``board`` and the last progress's ``positions``."""
    positions = 0
    while True:
        try:
            progress = next(gen)
        except StopIteration as stop:
            return Result("solved", [], positions, board=stop.value.to_code())
        positions = progress["positions"]
        yield progress


JOBS = {"solve": _solve_job, "hint": _hint_job, "generate": _generate_job, "shuffle": _shuffle_job}
