"""Link-up's solver (worker side): depth-first search for a clearing order,
shuffle and the board generator, every job in slices."""

from puzzles import Result, Rng, exact_int, run
from puzzles.code_cases import cases_job
from puzzles.linkup import (
    SWEEP_GROUP,
    Board,
    _by_kind,
    _Nearest,
    generate_steps,
    has_joinable_pair,
    joinable_pairs,
)
from puzzles.linkup.cases import cases as hidden_cases
from puzzles.linkup.solver.nogood import Bits, joinable, nogood_search, supported

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
# Before each later round, the search over pairings (:func:`pairing_search`)
# goes on for this many times the round's positions: it proves most of
# what the rounds cannot, and finds clearing orders too. Its share is
# PAIRING_GROWTH times the last round's at each round after the second: the
# rounds settle most boards the first round leaves within a few rounds, the
# boards left after that are mostly its (measured on uniform 8 x 18 boards of
# five seeds: the slowest of each 0.41-1.10 s of CPython with 1, 0.40-0.66
# with 2; the generator's bench boards 0.41 and 0.54; 3 did as well as 2 on
# 8 x 18 and better on 10 x 20, with SHRINK_LIMIT 5).
PAIRING_SHARE = 1
PAIRING_GROWTH = 3
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

    - *a board of one kind clears greedily* (:func:`_one_kind`): no search.
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
      round, on a board with a kind of more than :data:`PAIRING_GROUP`
      tiles): a kind of four that cannot clear whichever way its tiles pair
      up makes the board impossible.
    - *rounds* (see :data:`FIRST_ROUND`): a round that runs out of positions
      proves nothing about the positions it left half searched; the last
      round, when its share outgrows the search, is complete.
    - *the search over pairings* (complete, with proof rules of its own:
      :func:`puzzles.linkup.solver.nogood.nogood_search`, which learns
      nogoods, on a board whose kinds all have two or four tiles, else
      :func:`pairing_search`): from the second round on, each round of
      moves comes after :data:`PAIRING_SHARE` times as many positions of
      it, :data:`PAIRING_GROWTH` times more at each round (a position there:
      one closure), the one generator resumed each
      time; whichever of the two decides first answers. The rounds and
      :func:`pairing_search` skip the positions the other proved dead.
    """
    if len(set(board.cells) - {0}) == 1 and board.tiles() % 2 == 0:
        return (yield from _one_kind(board))
    return (yield from _Search(board, budget, chunk).run())


def _one_kind(board: Board):
    """A board whose tiles are all of one kind (an even number of them), as a
    generator: it always clears, pair by pair, with no search.

    Some two tiles always join: the topmost tiles of two columns meet over
    the ring above the board (a route up, along the ring, and down, two
    turns, through cells that are empty since nothing is above either), and
    when every tile is in one column, its top two meet straight along it
    (nothing lies between them). Each pair taken leaves a board of one kind
    again, so joining such a pair until none is left clears it. Answers
    ``solved`` with one position (the start) and yields progress every
    :data:`ONE_KIND_YIELD` pairs."""
    rows, cols, cells = board.rows, board.cols, board.cells
    tops = [[r * cols + c for r in range(rows) if cells[r * cols + c]] for c in range(cols)]  # top first
    live = [c for c in range(cols) if tops[c]]
    left = board.tiles()
    moves = []
    while live:
        if len(live) >= 2:
            a, b = tops[live[0]].pop(0), tops[live[1]].pop(0)
        else:
            a, b = tops[live[0]].pop(0), tops[live[0]].pop(0)
        moves.append((a, b) if a < b else (b, a))
        live = [c for c in live if tops[c]]
        left -= 2
        if len(moves) % ONE_KIND_YIELD == 0:
            yield {"positions": 1, "tiles": left}
    return _result("solved", moves, 1)


ONE_KIND_YIELD = 32  # pairs between two yields of :func:`_one_kind` (a few hundred microseconds)


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
        g, groups, opts, taken = yield from self.settle(cells, Bits(self.rows, self.cols, cells), _by_kind(cells))
        if not groups:
            return _result("solved", taken, 1)
        joins: list = []
        if not opts or stuck(self.rows, self.cols, cells, groups, opts, record=joins):
            return _result("unsolvable", [], 1)
        root = (cells, g, groups, opts, taken, joins)
        rounds = 0
        pairs = None
        count = [0]
        pairable = all(len(v) <= PAIRING_GROUP and len(v) % 2 == 0 for v in groups.values())
        while True:
            rounds += 1
            careful = rounds > 1
            if rounds == 2 and supported(cells):
                pairs = nogood_search(self.rows, self.cols, cells, self.budget, count)
            elif rounds == 2 and pairable:
                pairs = pairing_search(self.rows, self.cols, cells, self.budget, count, self.dead)
            elif rounds == 2 and PROBE:
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
            share = ROUND_UNIT * luby(rounds - 1) if careful else FIRST_ROUND
            if pairs is not None:  # the search over pairings first (see PAIRING_SHARE, PAIRING_GROWTH)
                count[0] = self.nodes
                while count[0] < self.nodes + share * PAIRING_SHARE * PAIRING_GROWTH ** (rounds - 2):
                    try:
                        next(pairs)
                    except StopIteration as stop:
                        status, moves = stop.value
                        self.nodes = count[0]
                        return _result(status, taken + moves if status == "solved" else [], self.nodes)
                    yield self.progress()
                self.nodes = count[0]
            status, moves = yield from self.round(root, careful, self.nodes + share)
            if status == "solved" or status == "unsolvable":
                return _result(status, moves, self.nodes)
            if status == "unknown":
                return _result("unknown", [], self.nodes)

    def settle(self, cells: list, g: Bits, groups: dict, parent: "set | None" = None, gone: "list | None" = None):
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
                g = _take(g, cols, cells, order, taken, gone)
            self.work += len(groups)
            if not gone:
                return g, groups, opts, taken
            parent = optset
            opts = [p for p in opts if cells[p[0]]]

    def options(self, cells: list, g: Bits, groups: dict, parent: "set | None" = None, gone: "list | None" = None):
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
                    if joinable(g, a, b):
                        opts.append((a, b))
            if work > WORK:
                self.work = work = 0
                yield self.progress()
        self.work = work
        if near is not None:
            self.work += near.work - seen
        return opts

    def order(self, cells: list, g: Bits, groups: dict, opts: list) -> list:
        """The pairs, those that leave their kind's last two tiles least
        blocked (:func:`route_cost`) first, near ties at random."""
        below = self.rng.below
        scored = []
        for p in opts:
            a, b = p
            rest = [x for x in groups[cells[a]] if x != a and x != b]
            cost = route_cost(g, rest[0], rest[1]) if len(rest) == 2 else 0
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
            g2, sub, opts2, forced = yield from self.settle(nxt, g.without(a, b), sub, parent, [a, b])
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
    g = Bits(rows, cols, live)
    if hint:
        waiting = set(pending)
        for t, u in hint:
            if t in waiting and cells[u] == cells[t] and joinable(g, t, u):
                g.clear(t)
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
                if u != t and joinable(g, t, u):  # u may be free already: an empty end
                    g.clear(t)
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


def _take(g: Bits, cols: int, cells: list, pairs: list, taken: list, gone: list) -> Bits:
    """Remove ``pairs`` from ``cells`` and the grid ``g`` (returned), noting each pair in ``taken`` and
    its tiles, in order, in ``gone``."""
    for a, b in pairs:
        cells[a] = cells[b] = 0
        g = g.without(a, b)
        taken.append((a, b))
        gone.append(a)
        gone.append(b)
    return g


def _clears_alone(g: Bits, cols: int, group: list, optset: set) -> "list | None":
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
        if jp and _opens(cols, p, q) and joinable(g.without(p[0], p[1]), q[0], q[1]):
            return [p, q]
        if jq and _opens(cols, q, p) and joinable(g.without(q[0], q[1]), p[0], p[1]):
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


def route_cost(g: Bits, a: int, b: int) -> int:
    """The fewest tiles on a route of at most two turns between tiles ``a``
    and ``b`` (neither counted): how many must go before they join. A route
    with its middle leg on row ``m`` crosses column ``c1`` from row ``r1``
    to ``m``, row ``m`` between the columns, column ``c2`` from ``m`` to
    ``r2``; the tiles on it are counted with bit counts of those lines."""
    R, C = g.R, g.C
    r1, c1, r2, c2 = g.pr[a], g.pc[a], g.pr[b], g.pc[b]
    ends = (R[r1] >> c1 & 1) + (R[r2] >> c2 & 1)
    best = most = len(R) + len(C)
    for L, M, x1, y1, x2, y2 in ((C, R, r1, c1, r2, c2), (R, C, c1, r1, c2, r2)):
        if y1 == y2:  # one line: straight along it
            lo, hi = (x1, x2) if x1 < x2 else (x2, x1)
            n = (L[y1] & ((2 << hi) - (1 << lo))).bit_count()
        else:
            lo, hi = (y1, y2) if y1 < y2 else (y2, y1)
            inner = (2 << hi) - (1 << lo) - (1 << y1) - (1 << y2)
            line1, line2 = L[y1], L[y2]
            n = most
            for m in range(len(M)):
                k = (M[m] & inner).bit_count()
                k += (line1 & ((2 << max(m, x1)) - (1 << min(m, x1)))).bit_count()
                k += (line2 & ((2 << max(m, x2)) - (1 << min(m, x2)))).bit_count()
                if k < n:
                    n = k
        if n - ends < best:
            best = n - ends
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


# ------------------------------------------------------- the pairing search
# Kinds of at most this many tiles are searched by their pairings; a board
# with a larger kind goes on with the rounds of moves instead.
PAIRING_GROUP = 8


def pairing_search(rows: int, cols: int, cells: list, budget: int, count: list, known: "set | None" = None):
    """Search over how each kind's tiles pair up, not over moves, as a
    generator: yields ``None`` after every position or so, returns
    ``(status, moves)``: ``solved`` (``moves`` clear ``cells``, in order),
    ``unsolvable`` (proved) or ``unknown`` (``count[0]``, the positions
    expanded, went past ``budget``; it counts on from its value).
    ``known``: the cells of positions proved dead elsewhere (the rounds of
    moves'), shared both ways (see :func:`_expand`).

    A *position* here is a board and a partial *matching*: some tiles have
    a fixed partner (their *mate*), the rest are *open*. Its clearing
    orders are those that join every matched tile to its mate.

    - *Given the whole matching, joining greedily decides*: join any matched
      pair that can be joined, until none can; the board clears by some
      order that respects the matching if and only if this clears it.
      Removing tiles only opens routes, so a pair joinable stays joinable;
      if some order clears the board and greedy stops short, take the first
      pair of that order greedy has not joined: the tiles the order removed
      before it are gone in greedy's position too, so its route is open
      there, and greedy could go on. So matched pairs are joined as soon as
      they can be (:func:`_settle`), with no branching.
    - *Branching partitions*: a tile's mate is one of the other open tiles
      of its kind, so the children (one per choice) share no clearing order
      and together hold all of the position's: nothing is searched twice.
      Of a kind of four, one choice fixes both pairs (the last two tiles
      must go together); a kind with two open tiles left is matched at once.
    - *An open kind that clears by itself goes at once* (its four tiles
      join two and two with nothing else moved): any clearing order of the
      position, minus that kind's pairs, stays valid once they are gone.
    - *Dead positions* (:func:`_all_free`): a tile that can never go, with
      matched tiles allowed only their mate, makes the position dead; with
      every tile matched that test is exact (it is the greedy join).
    - *Dead positions are remembered*, by their cells and their matching:
      two matchings that differ only in kinds already gone leave the same
      position.
    - *Pairings ruled out on the start*: before the search, each pairing
      of each kind of four is tried on the start position alone (matched,
      settled, tested for dead tiles). One that leaves it dead is never
      tried again anywhere: a position of the search that holds it, with
      the pairs joined to reach it put back first, would be a clearing
      order of the start with that pairing. A kind with no pairing left
      makes the board impossible (what :func:`pairing_dead` proves); a kind
      with one left is matched so at once, and the test goes round again.
    - The kind branched on is that of the first open tile :func:`_all_free`
      freed (the kind likeliest to go soon: a search in the order a player
      clears, which finds clearing orders early); its pairings are tried in
      order of how many tiles block their routes (:func:`route_cost`).
    """
    mate = [-1] * len(cells)
    open_ = _by_kind(cells)
    g = Bits(rows, cols, cells)
    cells = list(cells)
    moves, g = _settle(rows, cols, cells, mate, open_, g)
    dead: set = set()
    ok, order = _all_free(rows, cols, cells, mate, open_, None, g)
    if not any(cells):
        return "solved", moves
    if not ok:
        return "unsolvable", []
    banned: set = set()
    while True:  # each pairing of each kind of four, on the start, until nothing changes
        forced = None
        kinds = []  # the kinds of the tiles freed last first: the likeliest to be blocked
        for t, _u in reversed(order):
            k = cells[t]
            if k and mate[t] < 0 and k not in kinds:
                kinds.append(k)
        for k in kinds:
            group = open_.get(k)
            if group is None or len(group) != 4:
                continue
            live = []
            for _cost, pairs in _choices(g, group):
                if pairs[0] in banned:
                    continue
                count[0] += 1
                if count[0] > budget:
                    return "unknown", []
                cells2, mate2, open2 = list(cells), list(mate), {q: list(v) for q, v in open_.items()}
                fresh = []
                for a, b in pairs:
                    fresh.extend(_match(cells2, mate2, open2, a, b))
                done, g2 = _settle(rows, cols, cells2, mate2, open2, g, fresh)
                if not any(cells2):
                    return "solved", moves + done
                ok, _order = _all_free(rows, cols, cells2, mate2, open2, order, g2)
                yield None
                if ok:
                    live.append(pairs)
                else:
                    banned.add(pairs[0])
            if not live:
                return "unsolvable", []
            if len(live) == 1:
                forced = live[0]
                break
        if forced is None:
            break
        fresh = []
        for a, b in forced:
            fresh.extend(_match(cells, mate, open_, a, b))
        done, g = _settle(rows, cols, cells, mate, open_, g, fresh)
        moves += done
        if not any(cells):
            return "solved", moves
        ok, order = _all_free(rows, cols, cells, mate, open_, order, g)
        if not ok:
            return "unsolvable", []
    # a frame: the position (cells, mates, open kinds, grid, free order, pairs joined to reach it), its
    # live children (None until expanded), the next to try
    stack = [[(cells, mate, open_, g, order, moves), None, 0]]
    while stack:
        frame = stack[-1]
        node, kids, i = frame
        if kids is None:
            got = yield from _expand(rows, cols, node, dead, count, budget, known, banned)
            if got[0] != "kids":
                if got[0] == "solved":
                    path = [m for f in stack for m in f[0][5]]
                    return "solved", path + got[1]
                if got[0] == "unknown":
                    return "unknown", []
                got = ("kids", [])
            kids = frame[1] = got[1]
        if i >= len(kids):
            dead.add((bytes(node[0]), tuple(node[1])))
            if known is not None and max(node[1]) < 0:
                known.add(bytes(node[0]))
            stack.pop()
            continue
        frame[2] = i + 1
        stack.append([kids[i], None, 0])
    return "unsolvable", []


def _expand(rows: int, cols: int, node: tuple, dead: set, count: list, budget: int, known: "set | None", banned: set):
    """A position's live children, as a generator (yields ``None`` after
    each child built): ``("kids", children)``, one per pairing of the kind
    of the first open tile :func:`_all_free` freed (none: the position is
    dead), ``("solved", moves)`` when a child clears, ``("unknown", None)``
    past the budget. ``known``: positions the search over moves proved
    dead (by their cells: a matching only takes clearing orders away); a
    dead position with no pair fixed is added to it (its clearing orders
    would use no pairing ruled out on the start: see :func:`pairing_search`)."""
    cells, mate, open_, g, order, _moves = node
    k = 0
    for t, _u in order:
        if mate[t] < 0 and cells[t]:
            k = cells[t]
            break
    live = []
    for _cost, pairs in _choices(g, open_[k]):
        if pairs[0] in banned:
            continue
        count[0] += 1
        if count[0] > budget:
            return ("unknown", None)
        cells2, mate2, open2 = list(cells), list(mate), {q: list(v) for q, v in open_.items()}
        fresh = []
        for a, b in pairs:
            fresh.extend(_match(cells2, mate2, open2, a, b))
        done, g2 = _settle(rows, cols, cells2, mate2, open2, g, fresh)
        if not any(cells2):
            return ("solved", done)
        flat = bytes(cells2)
        key = (flat, tuple(mate2))
        if key in dead or (known is not None and flat in known):
            continue
        ok, order2 = _all_free(rows, cols, cells2, mate2, open2, order, g2)
        yield None
        if not ok:
            dead.add(key)
            if known is not None and max(mate2) < 0:  # no pair fixed: the position is dead for any order
                known.add(flat)
            continue
        live.append((cells2, mate2, open2, g2, order2, done))
    return ("kids", live)


def _choices(g: Bits, group: list) -> list:
    """How an open kind may pair up, fewest tiles blocking first: its first
    tile with each other (and, of four, the other two together)."""
    t = group[0]
    out = []
    for u in group[1:]:
        rest = [x for x in group if x != t and x != u]
        cost = route_cost(g, t, u)
        pairs = [(t, u)]
        if len(rest) == 2:
            cost += route_cost(g, rest[0], rest[1])
        out.append((cost, pairs))
    out.sort()
    return out


def _match(cells: list, mate: list, open_: dict, a: int, b: int) -> list:
    """Make ``a`` and ``b`` mates; a kind left with two open tiles has them
    matched too. Answers the pairs matched."""
    k = cells[a]
    group = open_[k]
    mate[a], mate[b] = b, a
    group.remove(a)
    group.remove(b)
    out = [(a, b)]
    if len(group) == 2:
        c, d = group
        mate[c], mate[d] = d, c
        out.append((c, d))
        group.clear()
    if not group:
        del open_[k]
    return out


def _settle(rows: int, cols: int, cells: list, mate: list, open_: dict, g: Bits, fresh: "list | None" = None) -> tuple:
    """Join every matched pair that can be joined and take every open kind
    that clears by itself, until neither is left (``cells``, ``mate`` and
    ``open_`` changed in place): answers ``(pairs joined in order, grid)``.

    ``fresh``: the pairs just matched, when the position was settled before
    them; then only those, and pairs and kinds near a tile removed since
    (:func:`_opens`), are tested again."""
    done: list = []
    if fresh is None:
        pending = [(t, mate[t]) for t in range(len(cells)) if mate[t] > t and cells[t]]
        kinds = list(open_)
    else:
        pending = list(fresh)
        kinds = []
    while True:
        gone: list = []
        for t, u in pending:
            if cells[t] and joinable(g, t, u):
                cells[t] = cells[u] = 0
                mate[t] = mate[u] = -1
                g = g.without(t, u)
                done.append((t, u))
                gone.append(t)
                gone.append(u)
        for k in kinds:
            group = open_.get(k)
            if group is None or len(group) != 4:
                continue
            optset = set()
            for i in range(4):
                for j in range(i + 1, 4):
                    if joinable(g, group[i], group[j]):
                        optset.add((group[i], group[j]))
            pairs = _clears_alone(g, cols, group, optset) if optset else None
            if pairs is None:
                continue
            del open_[k]
            g = _take(g, cols, cells, pairs, done, gone)
        if not gone:
            return done, g
        pending = [(t, u) for t, u in enumerate(mate) if u > t and cells[t] and _opens(cols, gone, (t, u))]
        kinds = [k for k, group in open_.items() if _opens(cols, gone, group)]


def _all_free(
    rows: int, cols: int, cells: list, mate: list, open_: dict, hint: "list | None", g: "Bits | None" = None
) -> tuple:
    """Whether every tile can be freed (:func:`stuck`'s closure, a matched
    tile joining only its mate, an open one any tile of its kind), and the
    ``(tile, partner)`` joins that freed them, in order. ``hint``: joins to
    try first (a parent's: the answer is the same, found with fewer route
    tests; see :func:`stuck`). A tile freed joins a partner that is there
    or was freed; a position that clears frees every tile (see :func:`stuck`).
    ``g``: the position's grid (copied, not changed)."""
    if g is None:
        g = Bits(rows, cols, cells)
    else:
        g = g.copy()
    order: list = []
    prefer: dict = {}
    waiting = []
    if hint:
        for t, u in hint:
            if cells[t]:
                prefer[t] = u
                waiting.append(t)
        if len(waiting) < len(cells):
            waiting.extend(t for t in range(len(cells)) if cells[t] and t not in prefer)
    else:
        waiting = [t for t in range(len(cells)) if cells[t]]
    # in passes, in the hint's order; a tile not freed is tested again only
    # once a tile has gone within the rows or the columns its routes may use
    # (see :func:`_opens`)
    seen = [-1] * len(cells)
    gone: list = []
    while waiting:
        rest = []
        for t in waiting:
            since = seen[t]
            m = mate[t]
            if since >= 0 and not _opens(cols, gone[since:], open_[cells[t]] if m < 0 else (t, m)):
                rest.append(t)
                continue
            seen[t] = len(gone)
            if m >= 0:
                u = m if joinable(g, t, m) else -1
            else:
                u = -1
                v = prefer.get(t, -1)
                if v >= 0 and cells[v] == cells[t] and mate[v] < 0 and joinable(g, t, v):
                    u = v
                else:
                    for x in open_[cells[t]]:
                        if x != t and x != v and joinable(g, t, x):
                            u = x
                            break
            if u >= 0:
                g.clear(t)
                order.append((t, u))
                gone.append(t)
            else:
                rest.append(t)
        if len(rest) == len(waiting):
            return False, order + [(t, -1) for t in rest]
        waiting = rest
    return True, order


JOBS["cases"] = cases_job(hidden_cases)  # the Code panel's Check
