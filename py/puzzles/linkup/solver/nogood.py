"""Link-up: deciding a board by how its kinds pair up, with learned nogoods
(conflict-driven search, as a SAT solver's, over three-valued variables).

Worker-only (in the solver's folder): :mod:`puzzles.linkup.solver.rounds`
runs it beside its rounds of moves on boards whose kinds have two or four
tiles. The grid and its route tests are :mod:`puzzles.linkup.solver.bits`.

*Variables.* A kind of four tiles ``a < b < c < d`` leaves the board in two
joins, paired one of three ways, its *pairing*: 0 = ``{ab, cd}``, 1 =
``{ac, bd}``, 2 = ``{ad, bc}``. A kind of two is paired from the start. A
*literal* ``(v, p)`` says kind ``v`` pairs as ``p``; an *assignment* is a
set of literals, at most one per kind; a tile of an assigned kind is
*matched* (it may join only its mate), one of an unassigned kind *open*.

*Given every kind's pairing, joining greedily decides* (the argument is in
:func:`puzzles.linkup.solver.pairings.pairing_search`): join any matched pair that
can be joined until none can; the board clears with those pairings if and
only if this clears it.

*The free-tile closure* (:func:`_close`): a tile is freed when a route of
at most two turns joins it to an allowed partner (its mate, or any tile of
its open kind) through empty cells and freed tiles; tiles are freed until
none more can be. Which tiles end up freed does not depend on the order
(emptying cells only opens routes). With every kind assigned, every tile is
freed exactly when greedy joining clears the board.

*Nogoods from the closure.* Let ``S`` be the tiles the closure leaves (not
freed) under an assignment ``A``. Then, in any clearing order that pairs the
kinds of ``S``'s matched tiles as ``A`` does (whatever the other kinds do),
no tile of ``S`` ever goes, so there is no such clearing order: the first
tile of ``S`` to go would need a route to an allowed partner through cells
empty at that moment, so through no tile of ``S``; the closure found no such
route with every tile outside ``S`` gone (and gone tiles only open routes),
and a tile's allowed partners under a larger assignment are fewer. So the
literals of the kinds of ``S``'s matched tiles form a *nogood*: no clearing
order makes them all true. With no literal in it, the board cannot be
cleared.

*Shrinking a nogood* (:meth:`_Nogoods._shrink`): drop one literal (open its
kind) and run the closure again on ``S`` alone, every tile outside ``S``
gone (with fewer literals every tile outside ``S`` is still freed: the
closure only grows as the assignment shrinks); if some tiles ``S'`` of ``S``
are still left, the literals of ``S'``'s matched kinds are a nogood too.

*Search* (:meth:`_Nogoods.run`), complete: decide a kind's pairing; from the
nogoods, *propagate*: a nogood all of whose literals but one are true rules
out the last one's pairing; a kind with two pairings ruled out takes the
third; then run the closure. A nogood all true (met in propagation or by
the closure) is a *conflict*: it is resolved back (a literal that was
implied is replaced by the literals that implied it: those of the nogoods
that ruled out its kind's other pairings; a kind with all three ruled out
gives the union of their nogoods) until one literal of the last decision
level is left; that nogood is learnt, the search jumps back to the deepest
level among its other literals, where it rules out the last literal's
pairing. Each learnt nogood follows from the closure's nogoods by these
steps (each holds in every clearing order), so a nogood learnt empty proves
the board impossible; a full assignment the closure frees whole clears it
(greedy joining gives the order). Kinds of two never appear in a nogood.
Every rule below only chooses *which* complete search to run, or runs the
same closure with fewer route tests: none changes an answer.

- *Decisions*: the open kind in the most recent conflicts (see :data:`DECAY`),
  the pairing its first freed tile was freed by (or its last: :data:`PHASES`).
- *Probing* (:data:`PROBE`): each pairing of each kind tried alone on the
  start, at decision level 1; a conflict there is learnt like any other,
  so the pairing is ruled out for good.
- *The closure replayed* (:meth:`_Nogoods.close`): a closure begins with the
  last closure's joins that the assignment still allows and whose routes
  cross no tile still there.
- *Blockers* (:func:`puzzles.linkup.solver.bits.joins`, :func:`_close`): a tile that failed its route
  tests is tested again only once a tile that blocked them has gone; a try
  at shrinking a nogood tests only the tiles of the kind it opens until then.
"""

from puzzles.linkup import by_kind
from puzzles.linkup.solver.bits import Bits, joinable, joins

Lit = tuple  # (kind's index, pairing 0-2)


# The three pairings of a kind of four, as the indexes (into its sorted tiles) of each tile's mate.
MATES = ((1, 0, 3, 2), (2, 3, 0, 1), (3, 2, 1, 0))


# Shrinking a nogood keeps a literal, untried further, when opening its kind frees more than this many
# tiles of the stuck set (a full try of each costs more than the longer nogoods). Measured with the
# closure's blockers kept: 5 against 3, uniform 10 x 20 boards of two seeds, the slowest 1.57 -> 1.19 s
# and 0.93 -> 0.58 s of CPython (with PAIRING_GROWTH 3); 8 x 18, six seeds: the same within noise.
SHRINK_LIMIT = 5


# Decisions take the open kind that was in the most recent conflicts (each conflict's kinds weigh
# 1/DECAY times the last one's), ties to the kind of the first open tile the closure freed.
DECAY = 0.95


# Whether a kind decided again takes the pairing it had last (phase saving; when not ruled out) rather
# than the one that pairs the tile with the partner the closure freed it by. Off: measured with the
# closure's blockers kept (uniform 8 x 18 boards, six seeds: the slowest of each 0.26-0.65 s of CPython
# with it, 0.21-0.56 without, a fifth less in all; 10 x 20: the eight slowest of two seeds 13.3 -> 4.7 s).
PHASES = False


SNAP = 8  # the closure's grid is kept every SNAP joins, for the next closure to start from


# After PROBE closures, the search goes back to the start and tries each pairing of each kind there
# alone (assigned at level 1, then the closure): one that leaves tiles stuck gives a nogood of its own
# literal (and literals found at level 0), so it is ruled out at level 0; passes repeat until one rules
# nothing out, then the search decides again (its nogoods kept). 0: at once (on the hard boards, 0 did
# better than 100 or 300, and better than none: 8 x 18 seed 640603's 28th board 3.2 -> 1.9 s).
PROBE = 0


def _close(
    g: Bits,
    mate: list,
    group: list,
    waiting: list,
    hint: "list | None",
    order: list,
    watch: dict,
    tried: dict,
    fresh: "list | None" = None,
    limit: int = 1 << 30,
    snaps: "list | None" = None,
    routes: "list | None" = None,
    via: "dict | None" = None,
) -> "list | None":
    """The free-tile closure (see the module's docstring): frees tiles of
    ``waiting`` (emptying their cells in ``g``, noting ``(tile, partner)``
    in ``order``) until none more can be; answers the tiles left (``[]``:
    every tile freed). ``mate[t]``: the partner ``t`` must join, or ``-1``
    for an open tile, which may join any other of ``group[t]`` (its kind's
    tiles). ``hint``: joins to try first, in order (a closure's ``order``
    on a similar assignment): the answer is the same, found with fewer
    route tests.

    ``watch``: for a tile tested and not freed, the cell set of tiles that
    keep it from every allowed partner while they all stay (the blockers
    :func:`joins` names, of each partner tried): it is tested again only
    once one of them has gone. Filled in for the tiles left; a tile of
    ``waiting`` found in it on entry counts as tested against ``g`` as it
    stands, unless it is one of ``fresh`` (tiles whose partners changed).
    ``tried``: the same per pair of tiles (key ``a * n + b``, ``a < b``):
    a pair whose blockers are all there is not tested again, from either
    end (a route test is the same both ways). Blockers keep two tiles apart
    whatever else is on the board (see :func:`joins`), so this holds for
    any grid copied from the one they were found on, checked against the
    cells its copies emptied (``g.gone``): one dict serves a whole search.
    Past ``limit`` tiles freed it gives up: ``None``. ``snaps``: receives a
    copy of the grid each time ``order`` reaches a multiple of :data:`SNAP`;
    ``routes``, each join's route (the cell set :func:`joins` answers), in
    step with ``order``. ``via``: for some tiles, an allowed partner, the
    tiles on a route to it and the route: the tile is freed along it with
    no route test once those tiles have all gone."""
    prefer = {}
    if hint:
        todo = set(waiting)
        first = []
        for t, u in hint:
            if t in todo and t not in prefer:
                prefer[t] = u
                first.append(t)
        if len(first) < len(waiting):
            first.extend(t for t in waiting if t not in prefer)
        waiting = first
    if fresh is not None:
        for t in fresh:
            watch.pop(t, None)
    bit = g.bit
    n = len(mate)
    gone = g.gone
    freed = 0
    while waiting:
        rest = []
        for t in waiting:
            block = watch.get(t)
            if block is not None and not block & gone:
                rest.append(t)
                continue
            u = -1
            block = 0
            known = via.get(t) if via is not None else None
            if known is not None and not known[1] & ~gone:  # its route's tiles have all gone
                u, route = known[0], known[2]
                partners: "list | tuple" = ()
            elif mate[t] >= 0:
                partners = (mate[t],)
            else:
                v = prefer.get(t, -1)
                partners = group[t]
                if v >= 0 and v in partners:
                    partners = [v] + [x for x in partners if x != v]
            for x in partners:
                if x == t:
                    continue
                key = t * n + x if t < x else x * n + t
                known = tried.get(key)
                if known is not None and not known & gone:
                    block |= known
                    continue
                route = joins(g, t, x)
                if route >= 0:
                    u = x
                    break
                tried[key] = ~route
                block |= ~route
            if u >= 0:
                g.clear(t)
                gone |= bit[t]
                watch.pop(t, None)
                order.append((t, u))
                if routes is not None:
                    routes.append(route)
                freed += 1
                if freed > limit:
                    return None
                if snaps is not None and len(order) % SNAP == 0:
                    snaps.append(g.snap())
            else:
                watch[t] = block
                rest.append(t)
        if len(rest) == len(waiting):
            break
        waiting = rest
    else:
        rest = []
    return rest


def greedy(rows: int, cols: int, cells: list, pairs: list) -> "list | None":
    """Join any of ``pairs`` that can be joined until none can: the pairs
    in the order joined when that clears every tile of ``pairs``, else ``None``."""
    g = Bits(rows, cols, cells)
    left = list(pairs)
    moves = []
    while left:
        rest = []
        for a, b in left:
            if joinable(g, a, b):
                g.clear(a)
                g.clear(b)
                moves.append((a, b))
            else:
                rest.append((a, b))
        if len(rest) == len(left):
            return None
        left = rest
    return moves


class _Nogoods:
    """One search's state: the kinds (variables), the assignment and its
    trail, the nogoods, the last closure."""

    def __init__(self, rows: int, cols: int, cells: list, budget: int, count: list) -> None:
        self.rows, self.cols = rows, cols
        self.cells = list(cells)
        self.budget, self.count = budget, count
        n = len(cells)
        self.tiles: list = []  # per variable: its four tiles, sorted
        self.var = [-1] * n  # per tile: its kind's variable, -1 for a kind of two
        self.fixed = [-1] * n  # per tile of a kind of two: its mate
        group: list = [()] * n
        for tiles in by_kind(cells).values():
            tiles = sorted(tiles)
            if len(tiles) == 2:
                a, b = tiles
                self.fixed[a], self.fixed[b] = b, a
                group[a] = group[b] = tuple(tiles)
                continue
            v = len(self.tiles)
            self.tiles.append(tiles)
            for t in tiles:
                self.var[t] = v
                group[t] = tuple(tiles)
        self.group = group
        nv = len(self.tiles)
        self.val = [-1] * nv
        self.level = [0] * nv
        self.pos = [0] * nv  # trail index of the assignment
        self.why: list = [None] * nv  # the literals that implied it (None: decided)
        self.ruled: list = [[None, None, None] for _ in range(nv)]  # per pairing: the nogood's other literals
        self.trail: list = []  # ("a", v) or ("x", v, p)
        self.starts: list = []  # trail index where each decision level starts
        self.queue: list = []
        self.nogoods: list = []
        self.watch: dict = {}  # literal -> indexes of the nogoods holding it
        self.grid = Bits(rows, cols, cells)
        self.order: list = []  # the last closure's joins
        self.routes: list = []  # and their routes (cell sets, see joins())
        self.tried: dict = {}  # blockers of pairs of tiles, for every closure (see _close)
        self.there = 0  # the cell set of the tiles at the start
        for t in range(n):
            if cells[t]:
                self.there |= self.grid.bit[t]
        self.snaps = [self.grid.snap()]  # its grid every SNAP joins
        self.tiles_left = [t for t in range(n) if cells[t]]
        self.learnt = 0
        self.activity = [0.0] * nv  # how often each kind was in a recent conflict (decisions take the highest)
        self.bump = 1.0
        self.saved = [-1] * nv  # each kind's last pairing (phase saving)
        self.conflicts = 0
        self.probing = None  # trying each pairing on the start (see PROBE)
        self.probed = False
        self.closures = 0
        self.probe_list: list = []
        self.probe_at = 0
        self.probe_changed = False

    # --------------------------------------------------------------- assignment
    def mates(self) -> list:
        """Each tile's partner under the assignment (``-1``: open)."""
        mate = list(self.fixed)
        for v, p in enumerate(self.val):
            if p >= 0:
                tiles = self.tiles[v]
                m = MATES[p]
                for i in range(4):
                    mate[tiles[i]] = tiles[m[i]]
        return mate

    def assign(self, v: int, p: int, why: "tuple | None") -> None:
        self.val[v] = p
        self.level[v] = len(self.starts)
        self.pos[v] = len(self.trail)
        self.why[v] = why
        self.trail.append(("a", v))
        self.queue.append(v)

    def rule_out(self, v: int, p: int, why: tuple) -> "set | None":
        """Rule out pairing ``p`` of kind ``v`` because of the (true) literals
        ``why``; answers a conflict (a nogood all true) or ``None``."""
        if self.val[v] == p:
            return set(why) | {(v, p)}
        ruled = self.ruled[v]
        if ruled[p] is not None:
            return None
        ruled[p] = why
        self.trail.append(("x", v, p))
        if self.val[v] >= 0:
            return None
        left = [q for q in range(3) if ruled[q] is None]
        if not left:
            return set(ruled[0]) | set(ruled[1]) | set(ruled[2])
        if len(left) == 1:
            q = left[0]
            self.assign(v, q, tuple(set(ruled[(q + 1) % 3]) | set(ruled[(q + 2) % 3])))
        return None

    def propagate(self) -> "set | None":
        """Apply the nogoods to the assignments queued: answers a conflict or ``None``."""
        val, ruled = self.val, self.ruled
        while self.queue:
            v = self.queue.pop()
            for i in self.watch.get((v, val[v]), ()):
                nogood = self.nogoods[i]
                free = None
                for w, q in nogood:
                    x = val[w]
                    if x == q:
                        continue
                    if x >= 0 or ruled[w][q] is not None or free is not None:
                        break  # a literal false, or two not yet true
                    free = (w, q)
                else:
                    if free is None:
                        self.queue.clear()
                        return set(nogood)
                    conflict = self.rule_out(free[0], free[1], tuple(x for x in nogood if x != free))
                    if conflict is not None:
                        self.queue.clear()
                        return conflict
        return None

    def backjump(self, level: int) -> None:
        """Undo every assignment and ruling-out above ``level``."""
        if level >= len(self.starts):
            return
        start = self.starts[level]
        for event in reversed(self.trail[start:]):
            if event[0] == "a":
                self.saved[event[1]] = self.val[event[1]]
                self.val[event[1]] = -1
                self.why[event[1]] = None
            else:
                self.ruled[event[1]][event[2]] = None
        del self.trail[start:]
        del self.starts[level:]
        self.queue.clear()

    def learn(self, nogood: "set | list") -> int:
        """Record a nogood (level-0 literals dropped: they hold in every clearing order)."""
        lits = tuple(sorted(x for x in nogood if self.level[x[0]] > 0 or self.val[x[0]] != x[1]))
        i = len(self.nogoods)
        self.nogoods.append(lits)
        for x in lits:
            self.watch.setdefault(x, []).append(i)
        self.learnt += 1
        return i

    def analyse(self, conflict: set) -> bool:
        """Resolve a conflict back to one literal of its deepest level, learn
        it, jump back and rule that literal out; ``False`` when the nogood
        learnt is empty (the board cannot be cleared)."""
        level, pos, why = self.level, self.pos, self.why
        c = {x for x in conflict if level[x[0]] > 0}
        while True:
            if not c:
                return False
            top = max(level[x[0]] for x in c)
            at = [x for x in c if level[x[0]] == top]
            if len(at) == 1:
                break
            last = max(at, key=lambda x: pos[x[0]])
            c.discard(last)
            c.update(x for x in why[last[0]] if level[x[0]] > 0)
        uip = at[0]
        rest = [x for x in c if x != uip]
        back = max((level[x[0]] for x in rest), default=0)
        for v, _p in c:
            self.activity[v] += self.bump
        self.bump /= DECAY
        if self.bump > 1e100:
            self.activity = [a / 1e100 for a in self.activity]
            self.bump /= 1e100
        self.backjump(back)
        self.learn(c)
        conflict2 = self.rule_out(uip[0], uip[1], tuple(rest))
        if conflict2 is not None:  # cannot be: uip is unassigned after the jump
            return self.analyse(conflict2)
        return True

    # ------------------------------------------------------------------ closure
    def close(self, mate: list) -> list:
        """Run the closure under ``mate``; answers the tiles left.

        The last closure's joins are taken again, in order, without a route
        test, each that ``mate`` still allows and whose route (see
        :func:`joins`) crosses no tile still there: it joins the same two
        tiles along the same route, through cells empty now. Which tiles end
        up freed does not depend on the order (see :func:`_close`), so the
        closure goes on from there with the tiles left, the joins not taken
        as hints (one whose route a tile still there blocked is taken, with
        no route test, once those tiles have gone). Up to the first join not taken, the grid is the last
        closure's: it is kept every :data:`SNAP` joins, so the replay starts
        from the copy kept last before that join."""
        trace, routes = self.order, self.routes
        i = 0
        for t, u in trace:
            m = mate[t]
            if m >= 0 and m != u:
                break
            i += 1
        k = i // SNAP
        snaps = self.snaps[: k + 1]
        g = self.grid.copy(snaps[k])
        for t, _u in trace[k * SNAP : i]:
            g.clear(t)
        order, taken = trace[:i], routes[:i]
        bit = g.bit
        there = self.there
        for t, _u in order:
            there ^= bit[t]
        skipped = []
        via = {}
        start = self.there
        for j in range(i, len(trace)):
            t, u = trace[j]
            m = mate[t]
            if m >= 0 and m != u:
                skipped.append((t, u))
                continue
            if routes[j] & there:  # allowed, but a tile still there blocks its route
                skipped.append((t, u))
                via[t] = (u, routes[j] & start, routes[j])
                continue
            there ^= bit[t]
            g.clear(t)
            order.append((t, u))
            taken.append(routes[j])
            if len(order) % SNAP == 0:
                snaps.append(g.snap())
        waiting = [t for t in self.tiles_left if there & bit[t]]
        watch: dict = {}
        left = _close(
            g, mate, self.group, waiting, skipped, order, watch, self.tried, snaps=snaps, routes=taken, via=via
        )
        self.order, self.routes = order, taken
        self.blockers = watch
        self.snaps = snaps
        self.last_grid = g
        return left

    def nogood_of(self, left: list, mate: list) -> set:
        return {(self.var[t], self.val[self.var[t]]) for t in left if self.var[t] >= 0 and mate[t] >= 0}

    def _shrink(self, left: list, mate: list):
        """A nogood from the tiles ``left`` by the last closure, shrunk (see
        the module's docstring), as a generator (yields after each try)."""
        g, watch = self.last_grid, self.blockers
        lits = self.nogood_of(left, mate)
        level = self.level
        # drop the literals of the deepest levels first: a nogood of shallow ones jumps back further
        for lit in sorted(lits, key=lambda x: -self.pos[x[0]]):
            if lit not in lits or level[lit[0]] == 0:
                continue
            v = lit[0]
            trial = list(mate)
            for t in self.tiles[v]:
                trial[t] = -1
            g2 = g.copy()  # the closure empties its cells in place
            watch2 = dict(watch)  # the other tiles' blockers hold: their partners and the grid are the same
            left2 = _close(g2, trial, self.group, left, None, [], watch2, self.tried, self.tiles[v], SHRINK_LIMIT)
            yield None
            if left2:
                mate, g, left, watch = trial, g2, left2, watch2
                lits = {x for x in self.nogood_of(left2, mate) if x != lit}
        return lits

    # ------------------------------------------------------------------- search
    def decide(self, mate: list) -> bool:
        """Decide the pairing of the kind of the first open tile the last
        closure freed, pairing it with the partner it was freed by when that
        is not ruled out; ``False`` when every kind is assigned."""
        val, ruled, act = self.val, self.ruled, self.activity
        best = -1.0
        pick = None
        for t, u in self.order:
            v = self.var[t]
            if v < 0 or val[v] >= 0:
                continue
            if act[v] > best:
                best = act[v]
                pick = (t, u)
        if pick is not None:
            t, u = pick
            v = self.var[t]
            tiles = self.tiles[v]
            i, j = tiles.index(t), tiles.index(u) if u in tiles else -1
            choice = -1
            for p in range(3):
                if ruled[v][p] is None and (choice < 0 or MATES[p][i] == j):
                    choice = p
            if PHASES and self.saved[v] >= 0 and ruled[v][self.saved[v]] is None:
                choice = self.saved[v]
            self.starts.append(len(self.trail))
            self.assign(v, choice, None)
            return True
        for v in range(len(val)):
            if val[v] < 0:
                p = next(q for q in range(3) if ruled[v][q] is None)
                self.starts.append(len(self.trail))
                self.assign(v, p, None)
                return True
        return False

    def run(self):
        """The search, as a generator (yields ``None`` after each closure):
        ``(status, moves)``."""
        count = self.count
        for tiles in self.tiles:
            if len(tiles) != 4:
                return "unknown", []
        while True:
            if not self.probed and self.closures >= PROBE:
                self.probed = True
                self.probing = True
                self.backjump(0)
            conflict = self.propagate()
            if conflict is None:
                count[0] += 1
                self.closures += 1
                if count[0] > self.budget:
                    return "unknown", []
                mate = self.mates()
                left = self.close(mate)
                yield None
                if left:
                    conflict = yield from self._shrink(left, mate)
                elif self.probing is not None:
                    if self.starts:
                        self.backjump(0)  # the pairing tried may clear: on to the next
                    if self.probe():
                        continue
                    self.probing = None
                    continue
                elif not self.decide(mate):
                    pairs = [(t, m) for t, m in enumerate(mate) if m > t]
                    moves = greedy(self.rows, self.cols, self.cells, pairs)
                    assert moves is not None
                    return "solved", moves
            if conflict is not None:
                if not self.analyse(conflict):
                    return "unsolvable", []
                self.conflicts += 1
                if self.probing is not None:
                    self.probe_changed = True
                    self.backjump(0)

    def probe(self) -> bool:
        """Try the next pairing on the start (as decision level 1): see
        :data:`PROBE`. ``False`` when a whole pass ruled nothing out."""
        if not self.probe_list:
            kinds = []
            for t, _u in reversed(self.order):  # the kinds of the tiles freed last first: the likeliest blocked
                v = self.var[t]
                if v >= 0 and v not in kinds:
                    kinds.append(v)
            self.probe_list = [(v, p) for v in kinds for p in range(3)]
            self.probe_at = 0
        while True:
            if self.probe_at >= len(self.probe_list):
                if not self.probe_changed:
                    return False
                self.probe_changed = False
                self.probe_at = 0
            v, p = self.probe_list[self.probe_at]
            self.probe_at += 1
            if self.val[v] < 0 and self.ruled[v][p] is None:
                self.starts.append(len(self.trail))
                self.assign(v, p, None)
                return True


def supported(cells: list) -> bool:
    """Whether :func:`nogood_search` takes the board: every kind of two or four tiles."""
    return all(len(g) in (2, 4) for g in by_kind(cells).values())


def nogood_search(rows: int, cols: int, cells: list, budget: int, count: list):
    """The search (see the module's docstring) as a generator: yields
    ``None`` after each closure, returns ``(status, moves)``: ``solved``
    (``moves`` clear ``cells``, in order), ``unsolvable`` (proved) or
    ``unknown`` (``count[0]``, the closures run, went past ``budget``; it
    counts on from its value). Every kind must have two or four tiles
    (:func:`supported`)."""
    return (yield from _Nogoods(rows, cols, cells, budget, count).run())
