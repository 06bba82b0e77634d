"""The Link-up solver as it was before issue #24 (commit 9eec750), frozen for tools/bench_linkup.py's
"before" column (it swaps this module's JOBS in for the working tree's). Not used by the app."""

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


# The search goes in rounds that share what they prove (positions that
# cannot be cleared). The first is plain and cheap: it settles most boards in
# a few dozen positions. If it runs past FIRST_ROUND positions, later rounds
# spend ROUND_UNIT × 1, 1, 2, 1, 1, 2, 4, … positions each (the Luby
# sequence: their lengths add up to at most about twice what the luckiest
# would have needed), test every position for tiles that can never go
# (:func:`stuck`), try first the pairs that leave their kind's last two tiles
# least blocked (:func:`route_cost`), and break near ties at random: a
# clearing order missed by one round's early choice is found by another's.
FIRST_ROUND = 150
ROUND_UNIT = 100
# Whether the start is also tested with :func:`pairing_dead` once the first
# round has failed (about a hundred stuck() tests, 30-80 ms of CPython on an
# 8 x 18 board: it proves some boards at once; at every position it cost more
# than it saved, measured).
PROBE = True
NOISE = 1.5  # the random part of a move's cost in the later rounds (a cost is a whole number of tiles)


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …"""
    while True:
        k = 1
        while (1 << k) - 1 < i:
            k += 1
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


def search(board: Board, budget: int = 200_000, chunk: int = 200):
    """Depth-first search for an order of pairs that clears the board, as a generator.

    Yields progress ``{'positions', 'tiles'}`` every ``chunk`` positions and
    whenever it has worked :data:`WORK` units without yielding (within a
    position too: a board of one kind has up to 165,600 pairs), and returns a
    :class:`Result`: ``solved`` (``moves`` clear the board), ``unsolvable``
    (no order clears it: proved) or ``unknown`` (past ``budget`` positions
    expanded, ``positions`` saying how many); ``stats['pairs']`` is the
    moves' count. ``positions`` counts the start too, and every round's.

    Rules that cut the search, each of which never loses a clearing order:

    - *a kind that clears by itself goes at once*: when a kind's remaining
      tiles (two, or four) can be joined one pair after the other with no
      other tile moved, they are joined now, with no branching. Removing
      tiles only opens paths, so any clearing order of the position stays
      valid, minus that kind's pairs, once they are gone.
    - *dead positions are remembered* (by the cells left) and never searched
      again, in this round or a later one.
    - *stuck tiles* (:func:`stuck`): a position with a tile that no sequence
      of removals can ever free is dead.
    - *pairings* (:func:`pairing_dead`, on the start, before the second
      round): a kind of four that cannot clear whichever way its tiles pair
      up makes the board impossible.
    - *rounds* (see :data:`FIRST_ROUND`): a round that runs out of positions
      proves nothing about the positions it left half searched; the last
      round, when its share outgrows the search, is complete.
    """
    return (yield from _Search(board, budget, chunk).run())


class _Search:
    """One search's state: what is proved dead, the counters, the random numbers."""

    def __init__(self, board: Board, budget: int, chunk: int) -> None:
        self.board = board
        self.rows, self.cols = board.rows, board.cols
        self.budget, self.chunk = budget, chunk
        self.dead: set = set()
        self.nodes = 1
        self.best = board.tiles()
        self.work = 0
        self.rng = Rng(1)

    def progress(self) -> dict:
        return {"positions": self.nodes, "tiles": self.best}

    def run(self):
        cells = list(self.board.cells)
        g, groups, opts, taken = yield from self.settle(cells, _Grid(self.rows, self.cols, cells), _by_kind(cells))
        if not groups:
            return _result("solved", taken, 1)
        joins: list = []
        if not opts or stuck(self.rows, self.cols, cells, groups, opts, record=joins):
            return _result("unsolvable", [], 1)
        root = (cells, g, groups, opts, taken, joins)
        rounds = 0
        while True:
            rounds += 1
            careful = rounds > 1
            if rounds == 2 and PROBE:
                probe = pairing_dead_steps(self.rows, self.cols, cells, groups, opts, joins)
                while True:
                    try:
                        next(probe)
                    except StopIteration as stop:
                        dead = stop.value
                        break
                    yield self.progress()
                if dead:
                    return _result("unsolvable", [], self.nodes)
            limit = self.nodes + (ROUND_UNIT * luby(rounds - 1) if careful else FIRST_ROUND)
            status, moves = yield from self.round(root, careful, limit)
            if status == "solved" or status == "unsolvable":
                return _result(status, moves, self.nodes)
            if status == "unknown":
                return _result("unknown", [], self.nodes)

    def settle(self, cells: list, g: _Grid, groups: dict, parent: "set | None" = None, gone: "list | None" = None):
        """Take every kind that clears by itself, repeatedly (as a generator):
        answers ``(grid, groups, joinable pairs, pairs taken)`` of the
        position left. ``cells`` is changed in place, ``groups`` must be the
        caller's own copy."""
        taken: list = []
        cols = self.cols
        while True:
            opts = yield from self.options(cells, g, groups, parent, gone)
            optset = set(opts)
            gone = []
            for k in list(groups):
                order = _clears_alone(g, cols, groups[k], optset)
                if order is None:
                    continue
                del groups[k]
                for a, b in order:
                    cells[a] = cells[b] = 0
                    g = g.without(a, b, cols)
                    taken.append((a, b))
                    gone.append(a)
                    gone.append(b)
            self.work += len(groups)
            if not gone:
                return g, groups, opts, taken
            parent = optset
            opts = [p for p in opts if cells[p[0]]]

    def options(self, cells: list, g: _Grid, groups: dict, parent: "set | None" = None, gone: "list | None" = None):
        """The joinable pairs, as a generator (it yields when it has worked
        long). A pair joinable in the parent position still is (removing
        tiles only opens paths); a pair that was not is checked again only if
        a removed tile lies within the rows or columns its routes use (every
        route of at most two turns between two cells stays within their rows
        or within their columns). A kind with many tiles is swept from each
        tile instead."""
        rows, cols = self.rows, self.cols
        opts = []
        near = None
        work = self.work
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
                        self.work += near.work - seen
                        seen = near.work
                        yield self.progress()
                continue
            work += len(group) * (len(group) - 1) // 2
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
                    work += 2
                    if _joinable(g, cols, a, b):
                        opts.append((a, b))
            if work > WORK:
                self.work = work = 0
                yield self.progress()
        self.work = work
        if near is not None:
            self.work += near.work - seen
        return opts

    def order(self, cells: list, g: _Grid, groups: dict, opts: list) -> list:
        """The pairs, those that leave their kind's last two tiles least
        blocked (:func:`route_cost`) first, near ties at random."""
        cols = self.cols
        below = self.rng.below
        scored = []
        for p in opts:
            a, b = p
            rest = [x for x in groups[cells[a]] if x != a and x != b]
            cost = route_cost(g, cols, rest[0], rest[1]) if len(rest) == 2 else 0
            scored.append((cost + below(1000) * NOISE / 1000, p))
        self.work += 10 * len(opts)
        scored.sort()
        return [p for _, p in scored]

    def round(self, root: tuple, careful: bool, limit: int):
        """One depth-first round from the start (as a generator): answers
        ``(status, moves)``, status ``solved``, ``unsolvable``, ``unknown``
        (the whole budget spent) or ``limit`` (this round's share spent)."""
        rows, cols, dead = self.rows, self.cols, self.dead
        cells, g, groups, opts, taken, joins = root
        if careful:
            opts = self.order(cells, g, groups, opts)
        path = list(taken)
        # a frame: cells, pairs, next pair, path length, grid, kinds, keys before and after settling, stuck joins
        stack = [[cells, opts, 0, len(path), g, groups, b"", bytes(cells), joins]]
        while stack:
            frame = stack[-1]
            cells, opts, i, n_path, g, groups = frame[:6]
            if i >= len(opts):
                dead.add(frame[6])  # the position before its kinds that clear alone went: dead too
                dead.add(frame[7])
                stack.pop()
                del path[n_path:]
                continue
            frame[2] = i + 1
            a, b = opts[i]
            nxt = list(cells)
            nxt[a] = nxt[b] = 0
            before = bytes(nxt)
            if before in dead:
                continue
            self.nodes += 1
            if self.nodes > self.budget or self.nodes > limit:
                yield from self.release(stack)
                return ("unknown" if self.nodes > self.budget else "limit"), []
            self.work += 10
            kind = cells[a]
            sub = dict(groups)
            rest = [x for x in groups[kind] if x != a and x != b]
            if rest:
                sub[kind] = rest
            else:
                del sub[kind]
            parent = set(opts)
            g2, sub, opts2, forced = yield from self.settle(nxt, g.without(a, b, cols), sub, parent, [a, b])
            if not sub:
                moves = path + [(a, b)] + forced
                yield from self.release(stack)
                return "solved", moves
            left = sum(1 for v in nxt if v)
            if left < self.best:
                self.best = left
            if self.nodes % self.chunk == 0 or self.work > WORK:
                self.work = 0
                yield self.progress()
            key = bytes(nxt)
            if key in dead:
                dead.add(before)
                continue
            joins2: list = []
            if not opts2 or (careful and stuck(rows, cols, nxt, sub, opts2, frame[8], joins2)):
                dead.add(before)
                dead.add(key)
                continue
            if careful:
                opts2 = self.order(nxt, g2, sub, opts2)
            stack.append([nxt, opts2, 0, len(path), g2, sub, before, key, joins2])
            path.append((a, b))
            path.extend(forced)
        return "unsolvable", []

    def release(self, stack: list):
        """Drop the search's frames a few at a time: freeing thousands of
        pairs' lists at once, as the generator returns, is a slice of its own."""
        while stack:
            del stack[-16:]
            if stack:
                yield self.progress()


STUCK_GROUP = SWEEP_GROUP


def stuck(
    rows: int,
    cols: int,
    cells: list,
    groups: dict,
    opts: list,
    hint: "list | None" = None,
    record: "list | None" = None,
) -> bool:
    """Whether some tile can never go, whatever goes first: then the position is dead.

    A tile is *free* when a route of at most two turns joins it to a tile of
    its kind through empty cells and free tiles only: first the tiles of the
    pairs ``opts`` (joinable now), then, round after round, tiles whose route
    is blocked by free tiles alone. In a position that clears, every tile is
    free: were some not, take the first of them that its clearing order
    joins; the tiles on its route went before it, so they are free, and so is
    it. Kinds of more than :data:`SWEEP_GROUP` tiles count as free from the
    start (testing theirs would cost too much; assuming more tiles free
    never makes a live position look dead).

    The free tiles are a closure: emptying a cell only opens routes, so which
    tiles end up free does not depend on the order they are found in. So a
    ``hint`` may say where to look first: the ``(tile, partner)`` joins, in
    order, that freed the tiles of a position this one came from (a child
    differs by a pair or two, and most joins hold again). Each is tested as
    any other, and a tile it does not free goes back to the rounds: the
    answer is the same, with a few hundred route tests fewer. ``record``, a
    list, receives this position's joins in order, to hint its children.
    """
    live = list(cells)
    for a, b in opts:
        live[a] = live[b] = 0
        if record is not None:  # joinable now: in a child, most still are (if their partner is there)
            record.append((a, b))
            record.append((b, a))
    pending = []
    for group in groups.values():
        if len(group) > STUCK_GROUP:
            for t in group:
                live[t] = 0
        else:
            pending.extend(t for t in group if live[t])
    if not pending:
        return False
    g = _Grid(rows, cols, live)
    if hint:
        waiting = set(pending)
        for t, u in hint:
            if t in waiting and cells[u] == cells[t] and _joinable(g, cols, t, u):
                g.clear(t, cols)
                waiting.discard(t)
                if record is not None:
                    record.append((t, u))
        pending = [t for t in pending if t in waiting]
        if not pending:
            return False
    # outer tiles first: they are the likeliest free, and each one freed is emptied at once
    pending.sort(key=lambda t: min(t // cols, rows - 1 - t // cols, t % cols, cols - 1 - t % cols))
    while True:
        left = []
        for t in pending:
            for u in groups[cells[t]]:
                if u != t and _joinable(g, cols, t, u):  # u may be free already: an empty end
                    g.clear(t, cols)
                    if record is not None:
                        record.append((t, u))
                    break
            else:
                left.append(t)
        if not left:
            return False
        if len(left) == len(pending):
            return True
        pending = left


# A committed pair's label in :func:`pairing_dead`: above every kind (kinds are 1-61).
PAIR_LABEL = 64


def pairing_dead(rows: int, cols: int, cells: list, groups: dict, opts: list, hint: "list | None" = None) -> bool:
    """Whether some kind of four tiles cannot clear whichever way its tiles pair up: then the position is dead.

    The four tiles of a kind leave in two joins, so a clearing order pairs
    them one of three ways: ``{ab, cd}``, ``{ac, bd}`` or ``{ad, bc}``. Fix
    one: give the pair holding the kind's first tile a label of its own (no
    other kind has it), so each tile of the kind may join only its partner.
    A clearing order that pairs the tiles so clears the relabelled position
    too (the same joins: each joins two tiles of one label), so if
    :func:`stuck` finds a tile of the relabelled position that can never go,
    no clearing order pairs the kind that way. When that holds for all three
    ways, none clears the position. (:func:`stuck` alone lets one tile free
    each of the other three, its kind's last tiles; fixing the pairs takes
    that away.)

    ``hint``: the joins :func:`stuck` recorded on this position (most hold
    with the pairs fixed too; see :func:`stuck`); the kinds whose tiles it
    freed last are tested first (the likeliest to be blocked).
    """
    return run(pairing_dead_steps(rows, cols, cells, groups, opts, hint))


def pairing_dead_steps(rows: int, cols: int, cells: list, groups: dict, opts: list, hint: "list | None" = None):
    """:func:`pairing_dead` as a generator: yields ``None`` after each kind
    (three :func:`stuck` tests, a few milliseconds), returns the answer."""
    order = []
    if hint:
        rank = {}
        for i, (t, _u) in enumerate(hint):
            rank[t] = i
        for k, group in groups.items():
            if len(group) == 4:
                order.append((-max(rank.get(t, 0) for t in group), k))
        order.sort()
        kinds = [k for _, k in order]
    else:
        kinds = [k for k, group in groups.items() if len(group) == 4]
    for k in kinds:
        a, b, c, d = groups[k]
        for p, q in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
            lab = PAIR_LABEL
            sub = dict(groups)
            sub[k] = list(q)
            sub[lab] = list(p)
            trial = list(cells)
            trial[p[0]] = trial[p[1]] = lab
            pairs = [o for o in opts if o == p or o == q or cells[o[0]] != k]
            if not stuck(rows, cols, trial, sub, pairs, hint):
                break  # this way may clear
        else:
            return True
        yield None
    return False


def _clears_alone(g: _Grid, cols: int, group: list, optset: set) -> "list | None":
    """The pairs, in order, that clear a kind's tiles with no other tile
    moved, or ``None``: two tiles that join now; four that can be joined two
    and two (both pairs now, or one now and the other once it is gone).
    ``optset`` holds the pairs joinable now. Larger kinds: ``None``."""
    if len(group) == 2:
        return [(group[0], group[1])] if (group[0], group[1]) in optset else None
    if len(group) != 4:
        return None
    a, b, c, d = group
    for p, q in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
        jp, jq = p in optset, q in optset
        if jp and jq:
            return [p, q]
        if jp and _opens(cols, p, q) and _joinable(g.without(p[0], p[1], cols), cols, q[0], q[1]):
            return [p, q]
        if jq and _opens(cols, q, p) and _joinable(g.without(q[0], q[1], cols), cols, p[0], p[1]):
            return [q, p]
    return None


def _opens(cols: int, gone: "tuple | list", tiles: "tuple | list") -> bool:
    """Whether removing the tiles ``gone`` can make two of ``tiles`` joinable
    that were not: one of them lies within the rows or the columns that
    ``tiles`` span (every route of at most two turns between two cells keeps
    within their rows or within their columns)."""
    r, c = divmod(tiles[0], cols)
    rlo = rhi = r
    clo = chi = c
    for t in tiles[1:]:
        r, c = divmod(t, cols)
        if r < rlo:
            rlo = r
        elif r > rhi:
            rhi = r
        if c < clo:
            clo = c
        elif c > chi:
            chi = c
    for x in gone:
        rx, cx = divmod(x, cols)
        if rlo <= rx <= rhi or clo <= cx <= chi:
            return True
    return False


def route_cost(g: _Grid, cols: int, a: int, b: int) -> int:
    """The fewest tiles on a route of at most two turns between tiles ``a``
    and ``b`` (neither counted): how many must go before they join."""
    w, h, occ = g.w, g.h, g.occ
    r1, c1 = divmod(a, cols)
    r2, c2 = divmod(b, cols)
    r1 += 1
    c1 += 1
    r2 += 1
    c2 += 1
    rowsum, colsum = g.rowsum, g.colsum
    ends = occ[r1 * w + c1] + occ[r2 * w + c2]
    rlo, rhi = (r1, r2) if r1 < r2 else (r2, r1)
    clo, chi = (c1, c2) if c1 < c2 else (c2, c1)
    best = rows_cols = h + w
    if c1 == c2:
        acc = colsum[c1]
        best = acc[rhi + 1] - acc[rlo] - ends
    else:  # the middle leg on row m
        v1, v2 = colsum[c1], colsum[c2]
        for m in range(h):
            acc = rowsum[m]
            n = acc[chi + 1] - acc[clo] - occ[m * w + c1] - occ[m * w + c2]
            n += v1[max(m, r1) + 1] - v1[min(m, r1)] + v2[max(m, r2) + 1] - v2[min(m, r2)]
            if n < best:
                best = n
        best -= ends
    if r1 == r2:
        acc = rowsum[r1]
        n = acc[chi + 1] - acc[clo] - ends
        best = min(best, n)
    else:  # the middle leg on column m
        v1, v2 = rowsum[r1], rowsum[r2]
        alt = rows_cols
        for m in range(w):
            acc = colsum[m]
            n = acc[rhi + 1] - acc[rlo] - occ[r1 * w + m] - occ[r2 * w + m]
            n += v1[max(m, c1) + 1] - v1[min(m, c1)] + v2[max(m, c2) + 1] - v2[min(m, c2)]
            if n < alt:
                alt = n
        best = min(best, alt - ends)
    return best


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
