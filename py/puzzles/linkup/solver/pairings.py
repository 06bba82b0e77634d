"""Link-up's search over pairings (worker only): which pairings of each kind's tiles can
leave the board together, :func:`pairing_search`, and the stuck-tile test :func:`stuck` that
proves a position dead (:func:`pairing_dead`). :mod:`puzzles.linkup.solver.rounds` runs them
between its rounds of moves."""

from puzzles import run
from puzzles.linkup import SWEEP_GROUP, by_kind
from puzzles.linkup.solver.bits import Bits, joinable, route_cost

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


def take(g: Bits, cols: int, cells: list, pairs: list, taken: list, gone: list) -> Bits:
    """Remove ``pairs`` from ``cells`` and the grid ``g`` (returned), noting each pair in ``taken`` and
    its tiles, in order, in ``gone``."""
    for a, b in pairs:
        cells[a] = cells[b] = 0
        g = g.without(a, b)
        taken.append((a, b))
        gone.append(a)
        gone.append(b)
    return g


def clears_alone(g: Bits, cols: int, group: list, optset: set) -> "list | None":
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
    open_ = by_kind(cells)
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
            pairs = clears_alone(g, cols, group, optset) if optset else None
            if pairs is None:
                continue
            del open_[k]
            g = take(g, cols, cells, pairs, done, gone)
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
