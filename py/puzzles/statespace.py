"""The state map: every position of the current position's component,
its edges and each position's distance to the goal, for the page to draw.

What it computes
    The *component* of a position: every position reachable from it by legal
    moves (moves are reversible in both games, so it is also every position
    that can reach it). Positions are numbered in breadth-first order from the
    current one (node 0), level by level (``levels[d]`` of them at depth
    ``d``), so a breadth-first wavefront is a range of numbers. An *edge*
    joins two positions one step apart:

    - Huarong, ``cell`` metric: one piece slides one cell.
    - Huarong, ``piece`` metric: one piece moves any distance along any path
      (turning corners too), the other pieces standing still.
    - Sliding: one tile slides into the blank.

    Huarong positions use the course's same-shape equivalence: two positions
    that differ only by swapping pieces of the same shape are one position
    (piece 1, the one that must leave, is never swapped).

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

"merged" (Huarong)
    How many positions there are when pieces of the same shape are told
    apart, over the same component: the number the equivalence saves. With
    pieces told apart, every position of the map stands for the same number
    ``|G|`` of labelled positions reachable from the current board, ``G`` being
    the group of relabellings that a walk around a loop of the map brings about
    (the loops' monodromy). ``G`` is built from the map's loops (one per edge
    outside a breadth-first spanning tree) by the Schreier–Sims algorithm, so
    ``merged = n × |G|``, counted exactly without visiting the labelled
    positions. ``None`` when it cannot be finished: a truncated map whose loops
    do not already give every relabelling, or more than :data:`MERGE_MAX_PIECES`
    same-shape pieces. ``merged_digits`` is the same number as a decimal text
    (JavaScript rounds numbers past 2**53).

The job
    :func:`map_job` is a worker job (see :mod:`worker_jobs`): a generator that
    yields ``{"positions": n, "phase": "explore" | "distance" | "pack"}`` after
    at most about :data:`WORK` units of work (a unit is one position looked at,
    one edge end or one cell written: about a microsecond of CPython), and
    returns a :class:`puzzles.Result` whose ``map`` holds the format of
    ``MAP_FORMAT.md`` (base64 of little-endian arrays).

The move rules are the games' own: the Huarong tables below are built by
asking :meth:`puzzles.huarong.Board.can_move` and ``move`` where a piece of
each shape can go from each cell; the sliding puzzle's neighbouring cells are
:func:`puzzles.sliding.neighbours`. Worker side only (Pyodide, CPython): not
imported by the page's main thread.
"""

import base64
import sys
from array import array

from puzzles import Result, huarong, sliding

LIMIT = 500_000  # the most positions a map holds
EDGE_LIMIT = 2_000_000  # the most edges (past it the map is cut, as past LIMIT positions)
WORK = 3000  # work units between two yields (a few milliseconds)
# The map's index (position key -> node number) is SHARDS dicts, a key in the one its value modulo
# SHARDS picks: one dict grows by copying all it holds at once (at 349,526 keys a 30-120 ms pause in
# CPython inside one slice), a shard holds about 1/SHARDS of them.
SHARDS = 61
MERGE_MAX_PIECES = 32  # same-shape pieces beyond which "merged" is not counted
_B64_CHUNK = 3 * 16384  # bytes encoded per slice (a multiple of 3: chunks join into one base64 text)
_DENSE_EMPTY_SETS = 20000  # Huarong: tabulate moves per empty set when there are at most this many
_SLIDE_CACHE = 20000  # Huarong, piece metric: slides kept worked out (dropped all at once past it)


def _limit(request: object) -> int:
    """The request's ``limit`` if it is a whole number from 1 to :data:`LIMIT`, else :data:`LIMIT`."""
    got = request.get("limit") if isinstance(request, dict) else None
    if isinstance(got, int) and not isinstance(got, bool) and 1 <= got <= LIMIT:
        return got
    return LIMIT


def _binomial(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


# ------------------------------------------------------------------ Huarong
class HuarongSpace:
    """Huarong positions as integers, with the same-shape equivalence.

    A position is one integer ``key``: its low ``N = rows*cols`` bits are the
    empty cells, and for each shape class ``k`` the next ``N`` bits (bits
    ``N*(k+1)`` to ``N*(k+2)-1``) mark the cells where a piece of that class
    has its top-left corner. Class 0 is piece 1 alone; the other classes are
    the shapes ``(height, width)`` of the other pieces, in increasing order.
    Pieces of one class are interchangeable, so positions that differ only by
    swapping them have the same key.

    A one-cell move of a piece anchored at ``a`` to ``b`` is ``key ^ delta``:
    ``delta`` flips both anchor bits, the cells the piece frees and the cells
    it newly covers (its *need*). The move is legal when a piece of the class
    stands at ``a`` and every needed cell is empty (``key & need == need``):
    the rule of :meth:`puzzles.huarong.Board.can_move`. Which moves stay
    inside the board, and where they lead, is asked of that method and of
    ``Board.move`` on a board holding the one piece, when the tables are made.
    """

    def __init__(self, board: huarong.Board, metric: str) -> None:
        rows, cols = board.rows, board.cols
        n = rows * cols
        self.rows, self.cols, self.n, self.metric = rows, cols, n, metric
        self.full = (1 << n) - 1
        pieces = board.pieces()
        self.class_of = huarong.shape_classes(board)
        self.classes = max(self.class_of.values()) + 1
        shapes = range(self.classes)
        self.size = [(0, 0)] * self.classes
        self.ids: list = [[] for _ in shapes]  # class -> the board's ids, anchors in reading order
        # The map's grids hold each piece by a small index, not its id (ids may be any positive number and
        # a grid cell is a byte): the index :func:`puzzles.huarong.map_cells` gives it, so a board's
        # ``map_cells()`` is the grid of its position. ``id_list[i]`` is index i's id on this board.
        mine = huarong.map_cells(board)
        self.id_list = [0] * (len(pieces) + 1)
        for i in range(n):
            if board.cells[i]:
                self.id_list[mine[i]] = board.cells[i]
        index = {pid: i for i, pid in enumerate(self.id_list)}
        self.index_ids: list = [[] for _ in shapes]  # class -> those indexes, as ``ids``
        for pid in sorted(pieces, key=lambda q: pieces[q].row * cols + pieces[q].col):
            k = self.class_of[pid]
            self.size[k] = (pieces[pid].height, pieces[pid].width)
            self.ids[k].append(pid)
            self.index_ids[k].append(index[pid])
        gr, gc = board.goal()
        self.goal_probe = 1 << (n + gr * cols + gc)
        self.start = self.encode(board)
        # anchor bit >> N -> [(need, delta)]; and every move as (need, probe, delta)
        self.moves_of: dict = {}
        self.footprint: dict = {}  # anchor bit >> N -> the cells the piece covers there
        everything = []
        for k, (h, w) in enumerate(self.size):
            shift = n * (k + 1)
            for r in range(rows - h + 1):
                for c in range(cols - w + 1):
                    cells = [0] * n
                    for rr in range(r, r + h):
                        for cc in range(c, c + w):
                            cells[rr * cols + cc] = 1
                    alone = huarong.Board(rows, cols, cells)
                    here = self._mask(alone)
                    probe = 1 << (shift + r * cols + c)
                    self.footprint[probe >> n] = [i for i in range(n) if cells[i]]
                    own = self.moves_of[probe >> n] = []
                    for d in huarong.DIRECTIONS:
                        if not alone.can_move(1, d):
                            continue
                        moved = alone.move(1, d)
                        there = self._mask(moved)
                        p = moved.pieces()[1]
                        to = 1 << (shift + p.row * cols + p.col)
                        need = there & ~here
                        delta = need | (here & ~there) | probe | to
                        own.append((need, delta))
                        everything.append((need, probe, delta))
        self.everything = everything
        empties = n - sum(len(f) for f in (self.footprint[a >> n] for a in huarong.anchors(self.start, n)))
        self.dense = _binomial(n, empties) <= _DENSE_EMPTY_SETS
        self._by_empty: dict = {}
        self._slides: dict = {}
        self.work = 0  # units spent building tables (counted into the job's slices)

    @staticmethod
    def _mask(board: huarong.Board) -> int:
        m = 0
        for i, v in enumerate(board.cells):
            if v:
                m |= 1 << i
        return m

    def encode(self, board: huarong.Board) -> int:
        """The key of ``board`` (a board of this piece set): :func:`puzzles.huarong.position_key`."""
        return huarong.position_key(board, self.class_of)

    def _moves_for_empty(self, empty: int) -> list:
        """``[(probe, delta)]``: every one-cell move whose needed cells are all in ``empty``."""
        got = [(probe, delta) for need, probe, delta in self.everything if empty & need == need]
        self.work += len(self.everything) // 4 + 1
        if len(self._by_empty) > 4 * _DENSE_EMPTY_SETS:
            self._by_empty.clear()
        self._by_empty[empty] = got
        return got

    def cell_neighbours(self, key: int) -> list:
        """Every position one one-cell move away."""
        if self.dense:
            moves = self._by_empty.get(key & self.full)
            if moves is None:
                moves = self._moves_for_empty(key & self.full)
            return [key ^ delta for probe, delta in moves if key & probe]
        n = self.n
        moves_of = self.moves_of
        out = []
        a = key >> n
        while a:
            low = a & -a
            a ^= low
            for need, delta in moves_of[low]:
                if key & need == need:
                    out.append(key ^ delta)
        return out

    def _slide(self, key0: int, probe: int) -> list:
        """Every ``delta`` of the piece at ``probe`` moving alone any number of
        cells (``key0 ^ delta``, ``delta != 0``); ``key0`` holds only the empty
        cells and that anchor, since nothing else matters to where it goes."""
        n = self.n
        moves_of = self.moves_of
        seen = {key0}
        stack = [key0]
        got = []
        while stack:
            k = stack.pop()
            a = (k >> n) & -(k >> n)
            for need, delta in moves_of[a]:
                if k & need == need:
                    k2 = k ^ delta
                    if k2 not in seen:
                        seen.add(k2)
                        got.append(k2 ^ key0)
                        stack.append(k2)
        self.work += 2 * len(seen)
        return got

    def piece_neighbours(self, key: int) -> list:
        """Every position one piece move (any distance, any path) away."""
        empty = key & self.full
        slides = self._slides
        out = []
        for probe in huarong.anchors(key, self.n):
            got = slides.get(empty | probe)
            if got is None:
                if len(slides) > _SLIDE_CACHE:
                    slides.clear()
                got = slides[empty | probe] = self._slide(empty | probe, probe)
            for delta in got:
                out.append(key ^ delta)
        return out

    def release(self):
        """Drop the move tables, a slice at a time (a generator of work units):
        freeing tens of thousands of lists at once takes long in Pyodide."""
        for table in (self._slides, self._by_empty):
            while table:
                for _ in range(min(len(table), WORK)):
                    table.popitem()
                yield WORK

    def neighbours(self) -> object:
        """The function giving a key's neighbours in this space's metric."""
        return self.cell_neighbours if self.metric == "cell" else self.piece_neighbours

    def write_cells(self, key: int, out: bytearray, base: int) -> int:
        """Write the position's grid (pieces in reading order) at ``out[base:]``:
        each class's pieces, in the reading order of their top-left cells, get
        the current board's pieces of that class in the same order, each as
        its index in :attr:`id_list` (a byte, whatever its id). Answers the
        work done."""
        n, full = self.n, self.full
        footprint = self.footprint
        work = 0
        for k in range(self.classes):
            a = (key >> (n * (k + 1))) & full
            ids = self.index_ids[k]
            s = 0
            shift = n * k
            while a:
                low = a & -a
                a ^= low
                pid = ids[s]
                s += 1
                for i in footprint[low << shift]:
                    out[base + i] = pid
                    work += 1
        return work


# ------------------------------------------------------------------ Sliding
class SlidingSpace:
    """Sliding positions as integers: byte ``i + 1`` of ``key`` is cell ``i``'s
    number (``0`` the blank), byte 0 the blank's cell. A tile beside the blank
    (:func:`puzzles.sliding.neighbours`) slides into it: both bytes swap and
    byte 0 changes, one ``xor``."""

    def __init__(self, board: sliding.Board) -> None:
        rows, cols = board.rows, board.cols
        self.rows, self.cols, self.n = rows, cols, rows * cols
        self.start = self.encode(board)
        self.goal = self.encode(sliding.Board.goal(rows, cols))
        near = sliding.neighbours(rows, cols)
        self._near = [[(8 * p + 8, (8 * z + 8), z ^ p) for p in near[z]] for z in range(self.n)]
        self.work = 0

    def release(self):
        """Nothing to drop (the same interface as :class:`HuarongSpace`)."""
        return iter(())

    def encode(self, board: sliding.Board) -> int:
        return board.blank() | int.from_bytes(bytes(board.cells), "little") << 8

    def neighbours(self) -> object:
        near = self._near

        def slides(key: int) -> list:
            out = []
            for sp, sz, flip in near[key & 255]:
                t = (key >> sp) & 255
                out.append(key ^ (t << sp) ^ (t << sz) ^ flip)
            return out

        return slides

    def write_cells(self, key: int, out: bytearray, base: int) -> int:
        n = self.n
        out[base : base + n] = (key >> 8).to_bytes(n, "little")
        return 1


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


def _factorial(k: int) -> int:
    out = 1
    for i in range(2, k + 1):
        out *= i
    return out


def _merged(space: HuarongSpace, keys: list, adj: array, off: array, truncated: bool):
    """The "merged" count (see the module docstring) as a generator of work
    units; returns ``n × |G|`` or ``None``.

    Each position of the map gets a labelling (which of the current board's
    pieces stands at each anchor of a same-shape class, in anchor order)
    carried from node 0 along breadth-first tree edges; every other edge
    carries its end's labelling to a possibly different one, and the
    relabelling between the two is a generator of ``G``. Stops early once
    ``G`` holds every relabelling of same-shape pieces."""
    n, full = space.n, space.full
    multi = [k for k in range(1, space.classes) if len(space.ids[k]) > 1]
    most = 1
    for k in multi:
        most *= _factorial(len(space.ids[k]))
    count = len(keys)
    if most == 1:
        return count
    m = sum(len(space.ids[k]) for k in multi)
    if m > MERGE_MAX_PIECES:
        return None
    seg = {}  # class -> (offset of its slots in a labelling, shift of its bits in a key)
    at = 0
    for k in multi:
        seg[k] = (at, n * (k + 1))
        at += len(space.ids[k])
    group = PermGroup(m)
    labels = [None] * count
    labels[0] = bytes(range(m))
    work = 0
    for u in range(count):
        ku = keys[u]
        lu = labels[u]
        for e in range(off[u], off[u + 1]):
            v = adj[e]
            if v < u:
                continue
            kv = keys[v]
            x = (ku ^ kv) >> n
            k = (x.bit_length() - 1) // n
            got = seg.get(k)
            if got is None:
                carried = lu
            else:
                start, shift = got
                bu = (ku >> shift) & full
                bv = (kv >> shift) & full
                moved = bu ^ bv
                a = bu & moved
                b = bv & moved
                i = (bu & (a - 1)).bit_count()
                j = (bv & (b - 1)).bit_count()
                lst = bytearray(lu)
                pid = lst[start + i]
                del lst[start + i]
                lst.insert(start + j, pid)
                carried = bytes(lst)
            lv = labels[v]
            if lv is None:
                labels[v] = carried
            elif lv != carried:
                g = [0] * m
                for s in range(m):
                    g[lv[s]] = carried[s]
                grew = yield from group.add_steps(tuple(g))
                if grew and group.order() == most:
                    return count * most
                work += 50
            work += 1
        if work >= WORK:
            yield work
            work = 0
    if truncated:
        return None
    return count * group.order()


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
    ``map`` is the page's object. ``options["metric"]`` (``cell``/``piece``)
    is the Huarong metric; ``request["limit"]`` may lower :data:`LIMIT`."""
    limit = _limit(request)
    if isinstance(board, huarong.Board):
        metric = options.get("metric", "cell")
        if metric not in huarong.METRICS:
            metric = "cell"
        space: object = HuarongSpace(board, metric)
        goal_mask = goal_value = space.goal_probe
    else:
        metric = "slide"
        space = SlidingSpace(board)
        goal_mask, goal_value = -1, space.goal
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
    if isinstance(space, HuarongSpace):
        gen = _merged(space, keys, adj, off, truncated)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                merged = stop.value
                break
            yield {"positions": count, "phase": "explore"}

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
    }
    if isinstance(space, HuarongSpace):
        found["ids"] = space.id_list  # a grid's cell i holds piece id_list[i]
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
