"""Link-up's solver (worker side): depth-first search for a clearing order, and shuffle."""

from puzzles import Result, Rng, run
from puzzles.linkup import Board, _by_kind, _Grid, _joinable, generate, joinable_pairs


def _result(status: str, moves: list, positions: int) -> Result:
    return Result(status, moves, positions, pairs=len(moves))


def search(board: Board, budget: int = 200_000, chunk: int = 200):
    """Depth-first search for an order of pairs that clears the board, as a generator.

    Pruning: a kind with exactly two tiles left that can be joined is taken at
    once without branching (removing tiles never blocks another path, so this
    can never hurt); positions proved dead are remembered. Yields progress
    ``{'positions', 'tiles'}`` every ``chunk`` positions and returns a
    :class:`Result`: ``solved`` (``moves`` clear the board), ``unsolvable``
    (no order clears it: every reachable position was tried) or ``unknown``
    (past ``budget`` positions expanded); ``stats['pairs']`` is the moves' count.
    """
    rows, cols = board.rows, board.cols
    dead: set = set()
    path: list = []
    nodes = [0]
    best = [board.tiles()]

    def settle(cells: list, g: _Grid, groups: dict, taken: list) -> list:
        """Take every safe pair (a kind with two tiles left that join),
        repeatedly; answers the grid and tile groups of the position left.

        Safe: removing tiles only opens paths, so any clearing order of the
        position stays valid (minus this pair) once the pair is gone.
        """
        while True:
            safe = [k for k, grp in groups.items() if len(grp) == 2 and _joinable(g, cols, grp[0], grp[1])]
            if not safe:
                return [g, groups]
            for k in safe:  # removing one safe pair never blocks another
                a, b = groups.pop(k)
                cells[a] = cells[b] = 0
                taken.append((a, b))
                g = g.without(a, b, cols)

    def options(settled: list, parent: "set | None" = None, gone: "list | None" = None) -> list:
        """The joinable pairs. A pair joinable in the parent position still is
        (removing tiles only opens paths); a pair that was not is checked again
        only if a removed tile lies within the rows or columns its routes use."""
        g, groups = settled
        opts = []
        for group in groups.values():
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
                    if _joinable(g, cols, a, b):
                        opts.append((a, b))
        return opts

    cells = list(board.cells)
    taken: list = []
    settled = settle(cells, _Grid(rows, cols, cells), _by_kind(cells), taken)
    path.extend(taken)
    stack = []

    if not any(cells):
        return _result("solved", path, 0)
    stack.append([cells, options(settled), 0, len(taken), b"", settled])
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
            return _result("solved", path + taken, nodes[0])
        if nodes[0] >= budget:
            return _result("unknown", [], nodes[0])
        if nodes[0] % chunk == 0:
            left = sum(1 for v in nxt if v)
            if left < best[0]:
                best[0] = left
            yield {"positions": nodes[0], "tiles": best[0]}
        if key in dead:
            continue
        path.append((a, b))
        path.extend(taken[1:])
        gone = [x for pair in taken for x in pair]
        stack.append([nxt, options(settled, set(opts), gone), 0, len(taken) - 1, before, settled])
    return _result("unsolvable", [], nodes[0])


def solve(board: Board, budget: int = 200_000) -> Result:
    return run(search(board, budget))


def shuffle(board: Board, seed: int) -> Board:
    """The remaining tiles rearranged over the cells they occupy, into a
    position with a joinable pair, and clearable when a few tries find one."""
    spots = [i for i, v in enumerate(board.cells) if v]
    kinds = [board.cells[i] for i in spots]
    rng = Rng(seed)
    fallback = None
    for _ in range(30):
        rng.shuffle(kinds)
        cells = [0] * len(board.cells)
        for i, k in zip(spots, kinds):
            cells[i] = k
        trial = Board(board.rows, board.cols, cells)
        if not spots or joinable_pairs(trial):
            if fallback is None:
                fallback = trial
            if solve(trial, budget=2000).status == "solved":
                return trial
    return fallback if fallback is not None else board


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


def _generate(request: dict) -> dict:
    """``{rows, cols, kinds, per_kind, seed}`` → ``{"board": code}``: a new clearable board."""
    args = [int(request[k]) for k in ("rows", "cols", "kinds", "per_kind", "seed")]
    return {"board": generate(*args).to_code()}


def _shuffle(request: dict) -> dict:
    """``{board, seed}`` → ``{"board": code}``: the remaining tiles shuffled."""
    return {"board": shuffle(Board.parse(request["board"]), int(request["seed"])).to_code()}


JOBS = {"solve": _solve_job, "hint": _hint_job}
ACTIONS = {"generate": _generate, "shuffle": _shuffle}
