"""The state map: every position of the current position's component,
its edges and each position's distance to the goal, for the page to draw.

What it computes
    The *component* of a position: every position reachable from it by legal
    moves (moves are reversible in both games, so it is also every position
    that can reach it). Positions are numbered in breadth-first order from the
    current one (node 0), level by level (``levels[d]`` of them at depth
    ``d``), so a breadth-first wavefront is a range of numbers. An *edge*
    joins two positions one step apart in the game's metric. The positions,
    their edges and their goals are the game's :class:`Space` (its folder's
    ``space.py``, named by its spec): for example Huarong's, whose edge is one
    piece sliding one cell (or, by the ``piece`` metric, one piece moving any
    distance) and whose positions merge pieces of the same shape, and the
    sliding puzzle's, whose edge is one tile sliding into the blank.

    Each position's *distance* is the fewest steps (in the edge metric above)
    to a goal position, which one breadth-first search finds from all goal
    positions of the component at once (multi-source BFS); ``-1`` where no goal
    can be reached.

The cap
    A component of more than ``limit`` positions (:data:`LIMIT`, or less if the
    request asks) is cut: the map then holds the first ``limit`` positions the
    breadth-first search from node 0 found, and says ``truncated``. So is a
    map that reaches :data:`EDGE_LIMIT` edges (the piece metric on a roomy
    board has hundreds of edges a position). The search stops there: the
    positions it had not expanded yet (the map's rim) keep only the edges
    found from the others. Distances are then measured inside the map: upper
    bounds of the true ones, ``-1`` where no goal of the map can be reached
    inside it. The sliding puzzle's 2 × 5 (1,814,400 positions) and larger
    shapes are always cut.

"merged" (a space that merges positions, such as Huarong's)
    How many positions there are when pieces of the same shape are told
    apart, over the same component: the number the equivalence saves. With
    pieces told apart, every position of the map stands for the same number
    ``|G|`` of labelled positions reachable from the current board, ``G`` being
    the group of relabellings that a walk around a loop of the map brings about
    (the loops' monodromy). ``G`` is built from the map's loops (one per edge
    outside a breadth-first spanning tree) by the Schreier–Sims algorithm, so
    ``merged = n × |G|``, counted exactly without visiting the labelled
    positions. ``None`` when it cannot be finished: a truncated map whose loops
    do not already give every relabelling, or more same-shape pieces than
    :data:`puzzles.huarong.space.MERGE_MAX_PIECES`. ``merged_digits`` is the same number as a decimal text
    (JavaScript rounds numbers past 2**53).

The job
    :func:`map_job` is a worker job (see :mod:`worker_jobs`): a generator that
    yields ``{"positions": n, "phase": "explore" | "distance" | "pack"}`` after
    at most about :data:`WORK` units of work (a unit is one position looked at,
    one edge end or one cell written: about a microsecond of CPython), and
    returns a :class:`puzzles.Result` whose ``map`` holds the format of
    ``MAP_FORMAT.md`` (base64 of little-endian arrays). A request with
    ``"count": true`` stops after the exploration and answers only the sizes,
    in the result's stats (``positions``, ``truncated``, ``merged_digits``,
    ``merges``): the Code panel's "the whole search of this board meets …".

The move rules are the games' own (their spaces ask the board modules).
Worker side only (Pyodide, CPython): not imported by the page's main thread.
"""

import base64
import sys
from array import array

from puzzles import PuzzleError, Result, load_module

LIMIT = 500_000  # the most positions a map holds
EDGE_LIMIT = 2_000_000  # the most edges (past it the map is cut, as past LIMIT positions)
WORK = 3000  # work units between two yields (a few milliseconds)
# The map's index (position key -> node number) is SHARDS dicts, a key in the one its value modulo
# SHARDS picks: one dict grows by copying all it holds at once (at 349,526 keys a 30-120 ms pause in
# CPython inside one slice), a shard holds about 1/SHARDS of them.
SHARDS = 61
_B64_CHUNK = 3 * 16384  # bytes encoded per slice (a multiple of 3: chunks join into one base64 text)


def _limit(request: object) -> int:
    """The request's ``limit`` if it is a whole number from 1 to :data:`LIMIT`, else :data:`LIMIT`."""
    got = request.get("limit") if isinstance(request, dict) else None
    if isinstance(got, int) and not isinstance(got, bool) and 1 <= got <= LIMIT:
        return got
    return LIMIT


class Space:
    """What a game's state-map space gives :func:`map_job` (a game's ``space``
    module's ``make(board, options)`` builds one; see :class:`GameSpec`'s
    ``space``). Positions are integers (*keys*).

    ``rows``, ``cols``  the board's size (each position's grid is packed at it).
    ``start``           the current board's key.
    ``goal_mask``, ``goal_value``  a key is a goal when ``key & goal_mask == goal_value``.
    ``metric``          the name of the edge metric, said in the result.
    ``preview``         how the map's drawing (``static/map-render.js``) shows a position:
                        ``"pieces"``, each id a block coloured by its shape (id 1 the piece
                        to free), or ``"tiles"``, each id a numbered tile.
    ``merges``          whether :meth:`merged` counts positions told apart (the map's
                        words then say that count, or that it was not made).
    ``work``            work units spent outside :meth:`neighbours`'s answers
                        (building tables), counted into the job's slices.
    """

    rows = cols = start = goal_value = 0
    goal_mask = -1
    metric = ""
    preview = "pieces"
    merges = False
    work = 0

    def neighbours(self) -> object:
        """The function ``key -> [key, ...]`` of the positions one edge away."""
        raise NotImplementedError

    def write_cells(self, key: int, out: bytearray, base: int) -> int:
        """Write the position's grid (``rows * cols`` bytes) at ``out[base:]``; answers the work done."""
        raise NotImplementedError

    def release(self):
        """Drop the space's tables, a slice at a time (a generator of work units): none by default."""
        return iter(())

    def merged(self, keys: list, adj: array, off: array, truncated: bool) -> object:
        """A generator of work units that returns the map's "merged" count, or ``None`` (no such count)."""
        return None

    def fields(self) -> dict:
        """The map's fields of this game's own (added to the map's object)."""
        return {}


def space_of(board: object, options: dict) -> Space:
    """The state-map space of ``board``: made by the ``space`` module of the registered game
    whose board it is; a :class:`PuzzleError` (``bad_request``) for a game without a map."""
    from puzzles.games import SPECS

    for spec in SPECS:
        if isinstance(board, spec.board) and spec.space:
            return load_module(spec.space).make(board, options)
    raise PuzzleError("bad_request", text="map")


# --------------------------------------------------------------- the group
class PermGroup:
    """The order of a group of permutations of ``range(m)``, generators added
    one at a time (incremental Schreier–Sims, deterministic).

    A permutation is a tuple ``p`` with ``p[x]`` the image of ``x``. The group
    is kept as a base ``b_0, b_1, …`` and, per level ``i``, the generators that
    fix ``b_0 … b_{i-1}`` and the orbit of ``b_i`` under them with, for each
    orbit point, a group element taking ``b_i`` there (its transversal). The
    order is the product of the orbits' sizes."""

    def __init__(self, m: int) -> None:
        self.m = m
        self.identity = tuple(range(m))
        self.base: list = []
        self.gens: list = []  # level -> generators fixing base[:level]
        self.orbits: list = []  # level -> {point: transversal}

    def order(self) -> int:
        out = 1
        for orbit in self.orbits:
            out *= len(orbit)
        return out

    @staticmethod
    def _then(g: tuple, h: tuple) -> tuple:
        """``g`` then ``h``."""
        return tuple([h[x] for x in g])

    @staticmethod
    def _inverse(g: tuple) -> tuple:
        out = [0] * len(g)
        for x, y in enumerate(g):
            out[y] = x
        return tuple(out)

    def _strip(self, g: tuple, level: int) -> tuple:
        """``(residue, level it stopped at)``: ``g`` divided by transversals
        from ``level`` on; ``len(base)`` if it went through every level."""
        base, orbits = self.base, self.orbits
        for i in range(level, len(base)):
            t = orbits[i].get(g[base[i]])
            if t is None:
                return g, i
            g = self._then(g, self._inverse(t))
        return g, len(base)

    def _orbit(self, level: int) -> None:
        b = self.base[level]
        orbit = {b: self.identity}
        todo = [b]
        gens = self.gens[level]
        while todo:
            p = todo.pop()
            t = orbit[p]
            for s in gens:
                q = s[p]
                if q not in orbit:
                    orbit[q] = self._then(t, s)
                    todo.append(q)
        self.orbits[level] = orbit

    def _new_level(self, g: tuple) -> None:
        moved = 0
        while g[moved] == moved:
            moved += 1
        self.base.append(moved)
        self.gens.append([])
        self.orbits.append({moved: self.identity})

    def add(self, g: tuple) -> bool:
        """Add a generator; answers whether the group grew."""
        steps = self.add_steps(g)
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return stop.value

    def add_steps(self, g: tuple):
        """:meth:`add` as a generator that yields every few milliseconds of
        work (with many same-shape pieces one generator can take a while)."""
        m = self.m
        work = 0
        h, j = self._strip(g, 0)
        if j == len(self.base) and h == self.identity:
            return False
        if j == len(self.base):
            self._new_level(h)
        for level in range(j + 1):
            self.gens[level].append(h)
            self._orbit(level)
            work += len(self.orbits[level]) * (len(self.gens[level]) + m)
            if work >= 8 * WORK:
                yield work
                work = 0
        i = j
        while i >= 0:
            jumped = False
            orbit = self.orbits[i]
            for p, tp in list(orbit.items()):
                for s in self.gens[i]:
                    ts = self._then(tp, s)
                    tq = orbit[s[p]]
                    work += m
                    if ts == tq:
                        continue
                    h, j = self._strip(self._then(ts, self._inverse(tq)), i + 1)
                    work += m * (j - i)
                    if work >= 8 * WORK:
                        yield work
                        work = 0
                    if j == len(self.base) and h == self.identity:
                        continue
                    if j == len(self.base):
                        self._new_level(h)
                    for level in range(i + 1, j + 1):
                        self.gens[level].append(h)
                        self._orbit(level)
                        work += len(self.orbits[level]) * (len(self.gens[level]) + m)
                    i = j
                    jumped = True
                    break
                if jumped:
                    break
            if not jumped:
                i -= 1
        return True


# ------------------------------------------------------------------ the job
def _csr(count: int, pairs: array):
    """The adjacency of ``count`` nodes from edge pairs, as ``(adj, off)``
    (node ``u``'s neighbours are ``adj[off[u]:off[u + 1]]``); a generator of
    work units."""
    off = array("I", [0]) * (count + 1)
    for i in range(len(pairs)):
        off[pairs[i] + 1] += 1
        if not i % WORK:
            yield i
    for u in range(count):
        off[u + 1] += off[u]
        if not u % WORK:
            yield u
    fill = array("I", off)
    adj = array("I", [0]) * len(pairs)
    for i in range(0, len(pairs), 2):
        u, v = pairs[i], pairs[i + 1]
        adj[fill[u]] = v
        fill[u] += 1
        adj[fill[v]] = u
        fill[v] += 1
        if not i % WORK:
            yield i
    return adj, off


def _rings(count: int, adj: array, off: array, dist: array, top: int, levels: list):
    """The ``rings`` layout, a generator of work units returning ``2 × count``
    float32 ``(x, y)`` in [-1, 1]: each position on a circle whose radius
    grows with its distance to the goal (the goals innermost; with no goal
    in the map, its breadth-first depth from node 0 instead: the map is
    connected, so either every position reaches a goal or none). Around its
    circle, the positions of one ring are spread evenly in the order of the
    mean direction of their neighbours one ring in, so each sits out from
    those it comes from and edges run mostly outward."""
    import math

    if top < 0:  # no goal: rings by depth from node 0 (the nodes are numbered level by level)
        ring = array("h")
        for d, size in enumerate(levels):
            ring.extend(array("h", [min(d, 32767)]) * size)
        top = len(levels) - 1
    else:
        ring = dist
    yield count
    members: list = [[] for _ in range(top + 1)]
    for v in range(count):
        members[ring[v]].append(v)
        if not v % WORK:
            yield v
    cx = array("d", [0.0]) * count
    cy = array("d", [0.0]) * count
    xy = array("f", [0.0]) * (2 * count)
    tau = 2 * math.pi
    for r, nodes in enumerate(members):
        if r:
            heading = []
            work = 0
            for v in nodes:
                sx = sy = 0.0
                for e in range(off[v], off[v + 1]):
                    u = adj[e]
                    if ring[u] < r:
                        sx += cx[u]
                        sy += cy[u]
                heading.append(math.atan2(sy, sx) if sx or sy else 0.0)
                work += off[v + 1] - off[v] + 2
                if work >= WORK:
                    work = 0
                    yield v
            nodes = [v for _, v in sorted(zip(heading, nodes))]
        radius = (r + 1) / (top + 1)
        step = tau / max(1, len(nodes))
        for i, v in enumerate(nodes):
            a = (i + 0.5) * step - math.pi
            cx[v] = math.cos(a)
            cy[v] = math.sin(a)
            xy[2 * v] = radius * cx[v]
            xy[2 * v + 1] = radius * cy[v]
            if not i % WORK:
                yield i
    return xy


def _b64(data: memoryview):
    """Base64 of ``data`` as a generator of work units (one slice per chunk)."""
    parts = []
    for i in range(0, len(data), _B64_CHUNK):
        parts.append(base64.b64encode(data[i : i + _B64_CHUNK]).decode("ascii"))
        yield _B64_CHUNK // 100
    return "".join(parts)


def _le(a: array) -> memoryview:
    """An array's bytes, little-endian (no copy on a little-endian machine, as WebAssembly is)."""
    if sys.byteorder != "little":
        a = array(a.typecode, a)
        a.byteswap()
    return memoryview(a).cast("B")


def map_job(board: object, options: dict, request: dict):
    """The worker job ``map`` (see the module docstring and ``MAP_FORMAT.md``):
    explore, then distances, then pack; returns a :class:`Result` whose
    ``map`` is the page's object. ``options`` go to the game's space (Huarong's
    ``metric``); ``request["limit"]`` may lower :data:`LIMIT`."""
    limit = _limit(request)
    space = space_of(board, options)
    metric = space.metric
    goal_mask, goal_value = space.goal_mask, space.goal_value
    neighbours = space.neighbours()

    # ---- explore: breadth-first from node 0, the adjacency as it comes (CSR)
    keys = [space.start]
    index: list = [{} for _ in range(SHARDS)]  # see SHARDS
    index[space.start % SHARDS][space.start] = 0
    shards = SHARDS
    adj = array("I")
    off = array("I", [0])
    pairs = array("I")
    goals = array("I")
    if space.start & goal_mask == goal_value:
        goals.append(0)
    truncated = False
    levels = [1]  # positions at each breadth-first depth from node 0: nodes are numbered level by level
    level_end = 1
    work = 0
    head = 0
    while head < len(keys):
        if head == level_end:  # a level is expanded: the next one is all found
            levels.append(len(keys) - level_end)
            level_end = len(keys)
        key = keys[head]
        near = neighbours(key)
        for nk in near:
            shard = index[nk % shards]
            j = shard.get(nk)
            if j is None:
                if len(keys) >= limit:
                    truncated = True
                    continue
                j = len(keys)
                shard[nk] = j
                keys.append(nk)
                if nk & goal_mask == goal_value:
                    goals.append(j)
            adj.append(j)
            if j > head:
                pairs.append(head)
                pairs.append(j)
        off.append(len(adj))
        head += 1
        work += len(near) + 2
        if truncated or len(pairs) >= 2 * EDGE_LIMIT:
            truncated = True
            break
        if work + space.work >= WORK:
            space.work = 0
            work = 0
            yield {"positions": len(keys), "phase": "explore"}
    count = len(keys)
    if count > level_end:  # cut short while the last level was being found
        levels.append(count - level_end)
    for shard in index:  # its memory, a slice at a time
        while shard:
            for _ in range(min(len(shard), WORK)):
                shard.popitem()
            yield {"positions": count, "phase": "explore"}
    for _ in space.release():
        yield {"positions": count, "phase": "explore"}
    if head < count:  # cut short: the positions not expanded have only the edges found from the others
        adj = off = None
        csr = _csr(count, pairs)
        while True:
            try:
                next(csr)
            except StopIteration as stop:
                adj, off = stop.value
                break
            yield {"positions": count, "phase": "explore"}

    merged = None
    gen = space.merged(keys, adj, off, truncated)
    if gen is not None:
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                merged = stop.value
                break
            yield {"positions": count, "phase": "explore"}

    if isinstance(request, dict) and request.get("count") is True:  # how big the component is, nothing drawn
        return Result("solved", [], count, truncated=truncated, metric=metric,
                      merged_digits=None if merged is None else str(merged), merges=space.merges)

    # ---- distance: breadth-first from every goal at once
    dist = array("h", [-1]) * count
    for g in goals:
        dist[g] = 0
    queue = array("I", goals)
    top = 0 if goals else -1  # the largest distance, and its first position: the farthest
    farthest = min(goals) if goals else 0
    qhead = 0
    work = 0
    while qhead < len(queue):
        u = queue[qhead]
        qhead += 1
        d = dist[u] + 1
        if d > 32767:
            d = 32767  # int16's ceiling (no board of this app comes near it)
        for e in range(off[u], off[u + 1]):
            v = adj[e]
            if dist[v] < 0:
                dist[v] = d
                queue.append(v)
                if d > top:
                    top, farthest = d, v
                elif v < farthest and d == top:
                    farthest = v
        work += off[u + 1] - off[u] + 2
        if work >= WORK:
            work = 0
            yield {"positions": count, "phase": "distance"}
    queue = None
    layout = None
    if isinstance(request, dict) and request.get("layout") == "rings":
        gen = _rings(count, adj, off, dist, top, levels)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                layout = stop.value
                break
            yield {"positions": count, "phase": "pack"}
    adj = off = None

    # ---- pack
    rows, cols = space.rows, space.cols
    area = rows * cols
    cells = bytearray(count * area)
    work = 0
    for i in range(count):
        work += space.write_cells(keys[i], cells, i * area) + 2
        if work >= WORK:
            work = 0
            yield {"positions": count, "phase": "pack"}
    while keys:  # its memory, a slice at a time
        del keys[-WORK:]
        yield {"positions": count, "phase": "pack"}
    texts = []
    for data in (memoryview(cells), _le(dist), _le(pairs)) + ((_le(layout),) if layout is not None else ()):
        gen = _b64(data)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                texts.append(stop.value)
                break
            yield {"positions": count, "phase": "pack"}
    found = {
        "n": count,
        "truncated": truncated,
        "limit": limit,
        "rows": rows,
        "cols": cols,
        "cells": texts[0],
        "dist": texts[1],
        "edges": texts[2],
        "e": len(pairs) // 2,
        "goals": len(goals),
        "farthest": farthest,
        "max_dist": top,
        "merged": merged,
        "merged_digits": None if merged is None else str(merged),  # exact past 2**53, where JS rounds numbers
        "levels": levels,
        "preview": space.preview,
        "merges": space.merges,
    }
    found.update(space.fields())
    if layout is not None:
        found["layout"] = texts[3]
    result = Result(
        "solved",
        [],
        count,
        edges=len(pairs) // 2,
        goals=len(goals),
        distance=dist[0],
        max_dist=top,
        truncated=truncated,
        metric=metric,
        merged=merged,
    )
    result.map = found
    return result
