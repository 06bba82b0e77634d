"""Link-up's rounds of moves (worker only): :func:`search`, a depth-first search for a
clearing order in rounds that share what they prove, with the search over pairings
(:mod:`puzzles.linkup.solver.pairings`) and the nogood search
(:mod:`puzzles.linkup.solver.nogood`) between them."""

from puzzles import Result, Rng
from puzzles.linkup import SWEEP_GROUP, Board, Nearest, by_kind
from puzzles.linkup.solver.bits import Bits, joinable, route_cost
from puzzles.linkup.solver.nogood import nogood_search, supported
from puzzles.linkup.solver.pairings import PAIRING_GROUP, clears_alone, pairing_dead_steps, pairing_search, stuck, take

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
# clearing order missed by one round's early choice is another's to find.
FIRST_ROUND = 150


ROUND_UNIT = 100


# Whether the start is also tested with :func:`pairing_dead` once the first
# round has failed (about a hundred stuck() tests, 30-80 ms of CPython on an
# 8 x 18 board: it proves some boards at once; at every position it cost more
# than it saved, measured).
PROBE_START = True


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
    return (yield from _Rounds(board, budget, chunk).run())


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


class _Rounds:
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
        g, groups, opts, taken = yield from self.settle(cells, Bits(self.rows, self.cols, cells), by_kind(cells))
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
            elif rounds == 2 and PROBE_START:
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
                order = clears_alone(g, cols, groups[k], optset)
                if order is None:
                    continue
                del groups[k]
                g = take(g, cols, cells, order, taken, gone)
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
                    near = Nearest(rows, cols, cells)
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
