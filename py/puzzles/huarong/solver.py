"""Huarong Road's solver (worker side): breadth-first search over a compact
integer encoding, and the distance table behind Hint."""

from time import perf_counter

from puzzles import PuzzleError, Result, quote, run
from puzzles.code_cases import cases_job
from puzzles.huarong import (
    DIRECTIONS,
    METRICS,
    STEP,
    TARGET,
    Board,
    anchors,
    count_steps,
    position_key,
    shape_classes,
)
from puzzles.huarong.cases import cases as hidden_cases
from puzzles.statespace import map_job

# ------------------------------------------------------------------- solver
# An empty set with at most this many piece anchors that can move gets all
# their slides worked out at once; with more, each when a piece stands there.
_EAGER_ANCHORS = 16


class _Space:
    """The search's compact encoding of the positions of one piece set.

    A position is one integer, ``key``: its low ``N = rows*cols`` bits are the
    empty cells, and for each shape class ``k`` the next ``N`` bits mark the
    cells where a piece of that class has its top-left corner. Pieces of one
    class are interchangeable (the course's key point): two positions that
    differ only by swapping equal pieces get the same key. Class 0 is always
    piece 1 alone. With ``equivalence=False`` every piece is its own class.

    A one-cell move of a class-``k`` piece from anchor ``a`` to ``a2`` is then
    ``key ^ delta`` (both anchor bits and the cells it frees and covers flip),
    legal when the anchor bit is set (``key & probe``) and the cells it needs
    are empty.

    Two ways to find a position's moves. *Dense* (the start): the moves of
    every anchor whose needed cells lie in the empty set ``E`` are tabulated
    once per ``E`` — cheap when empty sets repeat, as on the classic crowded
    boards (190 of them on a 5 × 4 board with two empty cells). *Sparse*: on
    a roomy board nearly every position has an empty set of its own and the
    tables would list hundreds of moves of anchors where no piece stands, so
    once most look-ups miss (:meth:`adapt`) each position's own pieces are
    taken from its key and their moves checked directly. Both give the same
    moves.
    """

    def __init__(self, board: Board, equivalence: bool = True, mirror: bool = True) -> None:
        rows, cols = board.rows, board.cols
        n = rows * cols
        self.rows, self.cols, self.n = rows, cols, n
        self.full = (1 << n) - 1
        pieces = board.pieces()
        self.class_of = shape_classes(board, equivalence)
        self.shapes = [None] * (max(self.class_of.values()) + 1)
        for pid, p in pieces.items():
            self.shapes[self.class_of[pid]] = (p.height, p.width)
        self.bit_index = {}
        for i in range(n * (len(self.shapes) + 1)):
            self.bit_index[1 << i] = i
        # The left-right reflection, bit by bit: a cell (or a piece's anchor) at column c goes to
        # column cols - w - c, w its width (1 for the empty cells). The identity without ``mirror``.
        self.mirror_bit = {}
        for k, (_h, w) in enumerate([(1, 1)] + self.shapes):
            for r in range(rows):
                for c in range(cols):
                    c2 = cols - w - c if mirror and c + w <= cols else c
                    self.mirror_bit[1 << (n * k + r * cols + c)] = 1 << (n * k + r * cols + c2)
        gr, gc = board.goal()
        self.goal_probe = 1 << (n + gr * cols + gc)
        self.by_need: dict = {}
        # anchor bit >> N -> [(need, delta, to)]: every move of a piece standing there
        self.moves_of: dict = {}
        for k, (h, w) in enumerate(self.shapes):
            shift = n * (k + 1)
            for r in range(rows - h + 1):
                for c in range(cols - w + 1):
                    here = self._footprint(r, c, h, w)
                    probe = 1 << (shift + r * cols + c)
                    own = self.moves_of[probe >> n] = []
                    for d in DIRECTIONS:
                        dr, dc = STEP[d]
                        r2, c2 = r + dr, c + dc
                        if r2 < 0 or c2 < 0 or r2 + h > rows or c2 + w > cols:
                            continue
                        there = self._footprint(r2, c2, h, w)
                        need = there & ~here
                        to = 1 << (shift + r2 * cols + c2)
                        delta = (need | (here & ~there)) | probe | to
                        md = self.mirror(delta)
                        self.by_need.setdefault(need, []).append((probe, delta, to, md))
                        own.append((need, delta, to, md))
        self._cell_moves: dict = {}
        self._piece_moves: dict = {}
        self._slides: dict = {}  # dense: empty -> {anchor: its piece's slides, or None until needed}
        self._sparse_slides: dict = {}  # sparse: empty | anchor -> that piece's slides
        self.sparse = False
        # Work done building the tables above (a unit is about half a microsecond of CPython):
        # the searches yield by it too, not only by positions, so no slice runs long.
        self.work = 0
        self._expanded = 0
        self._builds = 0  # dense tables built, and the moves they list in all
        self._tabled = 0
        self._pieces = len(pieces)

    def adapt(self, expanded: int) -> None:
        """Told how many positions were expanded since last time: turn sparse
        when the dense tables list many more moves than the pieces of a
        position can have (over six a piece on average, after 16 tables: a
        table's moves are all looked at on each look-up, and most are of
        anchors where no piece stands — the classic boards list about two a
        piece, a nearly empty 8 × 8 board two hundred), or when building them
        has cost more than 150 work units a position after 512 positions.
        The dense tables are dropped then."""
        self._expanded += expanded
        if self.sparse:
            return
        wasteful = self._builds >= 16 and self._tabled > 6 * self._pieces * self._builds
        if wasteful or (self._expanded >= 512 and self.work > 150 * self._expanded):
            self.sparse = True
            self._cell_moves = {}
            self._piece_moves = {}
            self._slides = {}

    def moves_at(self, empty: int, probe: int) -> list:
        """``[(delta, to_probe, mirrored delta)]``: the one-cell moves of the piece at ``probe``."""
        if not self.sparse:
            return self.piece_moves(empty).get(probe, ())
        return [(d, t, m) for need, d, t, m in self.moves_of[probe >> self.n] if empty & need == need]

    def mirror(self, key: int) -> int:
        """The key of the left-right reflection of position ``key`` (of a
        delta too: reflecting is a permutation of bits, so it commutes with
        ``^``). The exit is centred, so a position and its reflection are the
        same number of steps from the goal in either metric; the searches
        keep one of each pair (the smaller key) and so explore about half the
        positions of a symmetric layout."""
        bits = self.mirror_bit
        out = 0
        while key:
            low = key & -key
            key ^= low
            out |= bits[low]
        return out

    def canon(self, key: int) -> int:
        """The key a search stores for ``key``: the smaller of it and its reflection."""
        m = self.mirror(key)
        return m if m < key else key

    def _footprint(self, r: int, c: int, h: int, w: int) -> int:
        m = 0
        for rr in range(r, r + h):
            for cc in range(c, c + w):
                m |= 1 << (rr * self.cols + cc)
        return m

    def encode(self, board: Board) -> int:
        """``board``'s key (:func:`puzzles.huarong.position_key`)."""
        return position_key(board, self.class_of)

    def cell_moves(self, empty: int) -> list:
        """``[(probe, delta, mirrored delta)]`` of every move whose needed cells are empty."""
        got = self._cell_moves.get(empty)
        if got is None:
            got = []
            by_probe: dict = {}
            for need, lst in self.by_need.items():
                if need & empty == need:
                    for probe, delta, to, md in lst:
                        got.append((probe, delta, md))
                        by_probe.setdefault(probe, []).append((delta, to, md))
            self._cell_moves[empty] = got
            self._piece_moves[empty] = by_probe
            self.work += len(self.by_need) + 2 * len(got)
            self._builds += 1
            self._tabled += len(got)
        return got

    def piece_moves(self, empty: int) -> dict:
        """``{probe: [(delta, to_probe)]}``: the same moves, grouped by piece."""
        got = self._piece_moves.get(empty)
        if got is None:
            self.cell_moves(empty)
            got = self._piece_moves[empty]
        return got

    def slides(self, empty: int) -> dict:
        """``{probe: deltas}`` for the empty set ``empty``: every anchor with a
        move, and its slides (see :meth:`slide`), ``None`` until worked out.
        With few such anchors (a crowded board, such as the classic 5 × 4
        ones) all are worked out at once, which is cheaper than one by one."""
        got = self._slides.get(empty)
        if got is None:
            moves = self.piece_moves(empty)
            got = self._slides[empty] = dict.fromkeys(moves)
            if len(got) <= _EAGER_ANCHORS:
                for probe in moves:
                    got[probe] = self._slide(empty, probe)
        return got

    def slide(self, empty: int, probe: int) -> list:
        """Every ``(delta, mirrored delta)`` of the piece at anchor ``probe``
        sliding alone (``key ^ delta`` is the position after the slide).

        Where a piece can get to by moves of its own depends only on the empty
        cells and where it stands, so it is worked out once per empty set and
        anchor — and on a roomy board only for anchors where a piece of some
        position stands, never for every anchor a piece of the class could
        have (most are empty: tabulating them all ran out of memory)."""
        if self.sparse:
            got = self._sparse_slides.get(empty | probe)
            if got is None:
                got = self._sparse_slides[empty | probe] = self._slide(empty, probe)
            return got
        entry = self.slides(empty)
        got = entry.get(probe)
        if got is None:
            got = entry[probe] = self._slide(empty, probe)
        return got

    def _slide(self, empty: int, probe: int) -> list:
        """The slides of :meth:`slide`, each as ``(delta, mirrored delta)``."""
        full = self.full
        k0 = empty | probe
        seen = {k0}
        got = []
        if self.sparse:
            n = self.n
            moves_of = self.moves_of
            stack = [(k0 ^ d, t, m) for need, d, t, m in moves_of[probe >> n] if k0 & need == need]
            while stack:
                k2, p2, m2 = stack.pop()
                if k2 in seen:
                    continue
                seen.add(k2)
                got.append((k2 ^ k0, m2))
                for need, d3, t3, m3 in moves_of[p2 >> n]:
                    if k2 & need == need:
                        stack.append((k2 ^ d3, t3, m2 ^ m3))
        else:
            piece_moves = self.piece_moves
            stack = [(k0 ^ d, t, m) for d, t, m in piece_moves(empty).get(probe, ())]
            while stack:
                k2, p2, m2 = stack.pop()
                if k2 in seen:
                    continue
                seen.add(k2)
                got.append((k2 ^ k0, m2))  # the reflection of a chain of moves: their reflections, xored
                for d3, t3, m3 in piece_moves(k2 & full).get(p2, ()):
                    stack.append((k2 ^ d3, t3, m2 ^ m3))
        self.work += 3 * len(seen)
        return got

    def neighbours(self, key: int, metric: str) -> list:
        """Every position one step away in ``metric``."""
        empty = key & self.full
        if self.sparse:
            out = []
            for probe in anchors(key, self.n):
                if metric == "cell":
                    out.extend(key ^ d for d, _t, _m in self.moves_at(empty, probe))
                else:
                    out.extend(key ^ d for d, _m in self.slide(empty, probe))
            return out
        if metric == "cell":
            return [key ^ delta for probe, delta, _m in self.cell_moves(empty) if key & probe]
        out = []
        for probe in self.piece_moves(empty):
            if key & probe:
                out.extend(key ^ d for d, _m in self.slide(empty, probe))
        return out

    def one_cell_path(self, k1: int, k2: int) -> list:
        """Keys from ``k1`` to ``k2`` (one piece moved) in one-cell moves."""
        x = (k1 ^ k2) >> self.n << self.n
        probe = k1 & x
        parent = {k1: None}
        queue = [(k1, probe)]
        head = 0
        while head < len(queue):
            k, p = queue[head]
            head += 1
            if k == k2:
                break
            for d, t, _m in self.moves_at(k & self.full, p):
                nk = k ^ d
                if nk not in parent:
                    parent[nk] = k
                    queue.append((nk, t))
        path = [k2]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])
        path.reverse()
        return path

    def moves_along(self, board: Board, keys: list) -> "list[tuple[int, str]]":
        """Turn a chain of keys (one cell apart) into ``(pid, dir)`` moves."""
        n, cols = self.n, self.cols
        moves = []
        for k1, k2 in zip(keys, keys[1:]):
            x = (k1 ^ k2) >> n << n
            a = self.bit_index[k1 & x] % n
            b = self.bit_index[k2 & x] % n
            pid = board.cells[a]
            diff = b - a
            d = "up" if diff == -cols else "down" if diff == cols else "left" if diff == -1 else "right"
            moves.append((pid, d))
            board = board.move(pid, d)
        return moves


def _result(status: str, moves: list, metric: str, positions: int, levels: list) -> Result:
    """A search's :class:`Result`: ``positions`` is every position reached
    (the visited set's size); ``steps`` the solution's length in ``metric``;
    ``levels[d]`` how many positions were first reached at depth ``d``."""
    steps = count_steps(moves, metric) if status == "solved" else None
    return Result(status, moves, positions, steps=steps, metric=metric, levels=list(levels))


def _check_metric(metric: str) -> None:
    if metric not in METRICS:
        raise PuzzleError("bad_metric", text=quote(metric))


# A search's positions live in SHARDS dicts, each position in the one its key
# modulo SHARDS picks (a store: see :func:`_store`). A dict grows by copying all
# it holds at once: at 3,000,000 positions one growth is a 180-360 ms pause
# inside one slice of a job; a shard holds about 1/SHARDS of them, so its growth
# is a few milliseconds. A prime count spreads keys that are sums of bits.
SHARDS = 61


def _store() -> list:
    """An empty store of positions: :data:`SHARDS` dicts; key ``k`` lives in
    ``store[k % SHARDS]``."""
    return [{} for _ in range(SHARDS)]


def _size(store: list) -> int:
    """How many positions a store holds."""
    n = 0
    for shard in store:
        n += len(shard)
    return n


# Work units (see _Space.work) a search may spend building move tables
# between two yields, besides its ``chunk`` positions: a few milliseconds.
WORK = 10000
# How long a search aims to run between two yields (seconds). The page steps a
# job in 40 ms slices; a slice ends only at a yield, so one run must be short.
PACE_S = 0.008


class _Pace:
    """How many positions a search expands between two yields: at most
    ``most`` (the caller's ``chunk``), fewer where positions are costly. The
    classic boards expand 2,048 positions in a few milliseconds; a roomy 6 × 6
    board's positions have so many moves that 2,048 took 60-80 ms of CPU in
    one call. After each run the count is scaled so a run takes about
    :data:`PACE_S` (never under 16 positions, never over ``most``). Only the
    time spent between :meth:`resume` and :meth:`ran` counts, not the time the
    generator sat suspended. Where the yields fall changes no answer."""

    __slots__ = ("most", "n", "t")

    def __init__(self, most: int) -> None:
        self.most = most
        self.n = min(most, 256)
        self.t = perf_counter()

    def ran(self, done: int) -> None:
        """``done`` positions were expanded since :meth:`resume`."""
        took = perf_counter() - self.t
        if done > 0 and took > 0:
            self.n = max(min(16, self.most), min(self.most, int(done * PACE_S / took)))

    def resume(self) -> None:
        """The generator is running again."""
        self.t = perf_counter()


def search(
    board: Board,
    metric: str = "cell",
    equivalence: bool = True,
    limit: "int | None" = None,
    chunk: int = 2048,
    mirror: bool = True,
):
    """Breadth-first search for the fewest steps to the goal, as a generator.

    It yields a progress dict ``{'depth', 'positions', 'levels'}`` every
    ``chunk`` expanded positions, or sooner when building move tables took
    :data:`WORK` units (so a caller can show progress, time-slice or cancel by
    simply not resuming it), and returns a :class:`Result` (the ``value`` of
    ``StopIteration``). ``limit`` caps the positions kept in memory; past it
    the answer is ``'unknown'``.

    With ``mirror`` (the default) a position and its left-right reflection
    count as one (see :meth:`_Space.mirror`): ``positions`` and ``levels``
    count such pairs. The frontier keeps each position as it was reached
    (with its reflection's key beside it), and ``parent`` maps the stored key
    to the position it was reached from, so the chain back to the start is
    made of real moves: no reflected move ever needs to be turned back.
    """
    _check_metric(metric)
    space = _Space(board, equivalence, mirror)
    start = space.encode(board)
    mstart = space.mirror(start)
    goal = space.goal_probe
    parent = _store()
    parent[min(start, mstart) % SHARDS][min(start, mstart)] = None
    levels = [1]
    if start & goal:
        return _result("solved", [], metric, 1, levels)
    expanders = (_expand_cell, _expand_cell_sparse) if metric == "cell" else (_expand_piece, _expand_piece_sparse)
    frontier, mfrontier = [start], [mstart]
    found = None
    pace = _Pace(chunk)
    positions = 1
    while frontier:
        nxt: list = []
        mnxt: list = []
        i = 0
        while i < len(frontier):
            n = pace.n
            if limit is not None:  # near the limit, smaller runs: it stops within a few hundred positions of it
                n = min(n, max(16, (limit - positions) // 8))
            part = frontier[i : i + n]
            expand = expanders[space.sparse]
            found, done = expand(space, part, mfrontier[i : i + n], parent, nxt, mnxt, goal, space.work + WORK)
            space.adapt(done)
            pace.ran(done)
            i += done
            if found is not None:
                levels.append(len(nxt) + 1)
                break
            positions = _size(parent)
            if limit is not None and positions > limit:
                return _result("unknown", [], metric, positions, levels)
            yield {"depth": len(levels), "positions": positions, "levels": levels + [len(nxt)]}
            pace.resume()
        if found is not None:
            break
        if nxt:
            levels.append(len(nxt))
        frontier, mfrontier = nxt, mnxt
    if found is None:
        return _result("unsolvable", [], metric, _size(parent), levels)
    canon = space.canon
    chain = [found]
    while True:
        c = canon(chain[-1])
        back = parent[c % SHARDS][c]
        if back is None:
            break
        chain.append(back)
    chain.reverse()
    if metric == "piece":
        cells = [chain[0]]
        for k1, k2 in zip(chain, chain[1:]):
            cells.extend(space.one_cell_path(k1, k2)[1:])
        chain = cells
    return _result("solved", space.moves_along(board, chain), metric, _size(parent), levels)


# The four expansion loops below are the solver's hot path, kept apart on
# purpose: a shared loop with a per-position callback costs a call per
# position. Each expands one slice of a BFS level: ``frontier`` holds the
# positions as reached and ``mirrors`` their reflections; a new position is
# stored under the smaller of its two keys (``parent``, a store of shards: see
# :data:`SHARDS`) and queued as reached
# (``nxt``, its reflection in ``mnxt``). Each answers ``(goal key or None,
# how many of frontier were expanded)``.


def _expand_cell(
    space: _Space, frontier: list, mirrors: list, parent: dict, nxt: list, mnxt: list, goal: int, stop: int
) -> tuple:
    """A cell-metric slice, moves from the table of the position's empty
    cells. It stops early, before a position, once building move tables has
    taken the space's work past ``stop`` (the position is expanded again next
    time: what was tabulated is kept, what it added is already in ``parent``)."""
    full = space.full
    table = space._cell_moves
    build = space.cell_moves
    append = nxt.append
    mappend = mnxt.append
    shards = SHARDS
    for key, mk in zip(frontier, mirrors):
        moves = table.get(key & full)
        if moves is None:
            moves = build(key & full)
            if space.work > stop:
                return None, frontier.index(key)  # keys are distinct: the index of this one
        for probe, delta, md in moves:
            if key & probe:
                nk = key ^ delta
                nm = mk ^ md
                c = nm if nm < nk else nk
                shard = parent[c % shards]
                if c not in shard:
                    shard[c] = key
                    if nk & goal:
                        return nk, len(frontier)
                    append(nk)
                    mappend(nm)
    return None, len(frontier)


def _expand_piece(
    space: _Space, frontier: list, mirrors: list, parent: dict, nxt: list, mnxt: list, goal: int, stop: int
) -> tuple:
    """A piece-metric slice: each piece slides anywhere it can. A position
    may stop part-way, after a piece's slides were worked out: expanding it
    again from the start adds the same positions in the same order (those
    already added are skipped)."""
    full = space.full
    table = space._slides
    slide = space.slide
    append = nxt.append
    mappend = mnxt.append
    shards = SHARDS
    for key, mk in zip(frontier, mirrors):
        empty = key & full
        by_probe = table.get(empty)
        if by_probe is None:
            by_probe = space.slides(empty)
        for probe, deltas in by_probe.items():
            if key & probe:
                if deltas is None:
                    deltas = slide(empty, probe)
                    if space.work > stop:
                        return None, frontier.index(key)
                for delta, md in deltas:
                    nk = key ^ delta
                    nm = mk ^ md
                    c = nm if nm < nk else nk
                    shard = parent[c % shards]
                    if c not in shard:
                        shard[c] = key
                        if nk & goal:
                            return nk, len(frontier)
                        append(nk)
                        mappend(nm)
    return None, len(frontier)


def _expand_cell_sparse(
    space: _Space, frontier: list, mirrors: list, parent: dict, nxt: list, mnxt: list, goal: int, stop: int
) -> tuple:
    """:func:`_expand_cell` for a sparse space: each piece's moves, checked."""
    n = space.n
    moves_of = space.moves_of
    append = nxt.append
    mappend = mnxt.append
    shards = SHARDS
    for key, mk in zip(frontier, mirrors):
        a = key >> n
        while a:
            low = a & -a
            a ^= low
            for need, delta, _to, md in moves_of[low]:
                if key & need == need:
                    nk = key ^ delta
                    nm = mk ^ md
                    c = nm if nm < nk else nk
                    shard = parent[c % shards]
                    if c not in shard:
                        shard[c] = key
                        if nk & goal:
                            return nk, len(frontier)
                        append(nk)
                        mappend(nm)
    return None, len(frontier)


def _expand_piece_sparse(
    space: _Space, frontier: list, mirrors: list, parent: dict, nxt: list, mnxt: list, goal: int, stop: int
) -> tuple:
    """:func:`_expand_piece` for a sparse space: slides per piece that stands
    somewhere, each worked out once per empty set."""
    n = space.n
    full = space.full
    table = space._sparse_slides
    slide = space.slide
    append = nxt.append
    mappend = mnxt.append
    shards = SHARDS
    for key, mk in zip(frontier, mirrors):
        empty = key & full
        a = key >> n
        while a:
            low = a & -a
            a ^= low
            probe = low << n
            deltas = table.get(empty | probe)
            if deltas is None:
                deltas = slide(empty, probe)
                if space.work > stop:
                    return None, frontier.index(key)
            for delta, md in deltas:
                nk = key ^ delta
                nm = mk ^ md
                c = nm if nm < nk else nk
                shard = parent[c % shards]
                if c not in shard:
                    shard[c] = key
                    if nk & goal:
                        return nk, len(frontier)
                    append(nk)
                    mappend(nm)
    return None, len(frontier)


def solve(
    board: Board, metric: str = "cell", equivalence: bool = True, limit: "int | None" = None, mirror: bool = True
) -> Result:
    """The fewest-step solution in ``metric`` (see :func:`search`)."""
    return run(search(board, metric, equivalence, limit, mirror=mirror))


class DistanceTable:
    """Every position of a board's component with its distance to the goal.

    Built by a breadth-first search backwards from all solved positions of the
    component (moves are reversible), so hints and "N moves to go" are look-ups.
    Positions from which the goal cannot be reached have no entry. ``dist``
    holds the distances by key in a store of shards (see :data:`SHARDS`):
    ``dist[key % SHARDS][key]``.

    ``DistanceTable(board, metric, limit)`` builds it at once (a
    :class:`PuzzleError` ``space_too_large`` past ``limit`` positions);
    :meth:`steps` builds it in slices, as a generator.
    """

    def __init__(self, board: Board, metric: str = "cell", limit: "int | None" = None) -> None:
        if not run(self._fill(board, metric, limit)):
            raise PuzzleError("space_too_large", limit=limit)

    @classmethod
    def steps(cls, board: Board, metric: str = "cell", limit: "int | None" = None, chunk: int = 2048):
        """Build the table as a generator: yields ``{"positions", "phase"}``
        (``phase`` ``component`` while the component is explored, then
        ``distances``) every ``chunk`` positions or :data:`WORK` units, and
        returns the table; ``table.complete`` is false when the component has
        more than ``limit`` positions (``table.component`` is then how many
        were found before it stopped)."""
        table = cls.__new__(cls)
        yield from table._fill(board, metric, limit, chunk)
        return table

    def _fill(self, board: Board, metric: str, limit: "int | None", chunk: int = 2048):
        _check_metric(metric)
        self.metric = metric
        self.space = space = _Space(board, True)
        self.complete = False
        self.dist = _store()
        start = space.encode(board)
        goal = space.goal_probe
        seen = _store()  # the component's positions (see SHARDS)
        seen[start % SHARDS][start] = None
        shards = SHARDS
        found = 1
        self._members = seen
        goals = [start] if start & goal else []  # the solved positions, gathered on the way
        frontier = [start]
        count = 0
        mark = space.work + WORK
        pace = _Pace(chunk)
        while frontier:
            nxt = []
            for key in frontier:
                for nk in space.neighbours(key, "cell"):
                    shard = seen[nk % shards]
                    if nk not in shard:
                        shard[nk] = None
                        found += 1
                        nxt.append(nk)
                        if nk & goal:
                            goals.append(nk)
                count += 1
                if count >= pace.n or space.work > mark:
                    space.adapt(count)
                    pace.ran(count)
                    self.component = found
                    if limit is not None and found > limit:
                        break
                    yield {"positions": found, "phase": "component"}
                    pace.resume()
                    count = 0
                    mark = space.work + WORK
            self.component = found
            if limit is not None and found > limit:
                # Given up: the positions found go a slice at a time (freeing 3,000,000 of them at
                # once, when the job ended, was one 0.44 s step on a 6 x 6 board).
                self._members = None
                progress = {"positions": found, "phase": "component"}
                for shard in seen:
                    yield from _release(shard, progress)
                yield from _release(frontier, progress)
                yield from _release(nxt, progress)
                yield from _release(goals, progress)
                return False
            frontier = nxt
        frontier = goals
        dist = _store()
        for key in goals:
            dist[key % shards][key] = 0
        d = 0
        while frontier:
            d += 1
            nxt = []
            for key in frontier:
                for nk in space.neighbours(key, metric):
                    shard = dist[nk % shards]
                    if nk not in shard:
                        shard[nk] = d
                        nxt.append(nk)
                count += 1
                if count >= pace.n or space.work > mark:
                    space.adapt(count)
                    pace.ran(count)
                    yield {"positions": found, "phase": "distances", "reached": _size(dist)}
                    pace.resume()
                    count = 0
                    mark = space.work + WORK
            frontier = nxt
        self.dist = dist
        self.complete = True
        return True

    def covers(self, board: Board) -> bool:
        """Whether ``board`` has this table's piece set (and so can be looked up)."""
        shapes = sorted((p.height, p.width, pid == TARGET) for pid, p in board.pieces().items())
        mine = sorted((self.space.shapes[k][0], self.space.shapes[k][1], k == 0) for k in self.space.class_of.values())
        return (board.rows, board.cols) == (self.space.rows, self.space.cols) and shapes == mine

    def contains(self, board: Board) -> bool:
        """Whether ``board`` is a position of this table's component."""
        if not self.covers(board):
            return False
        key = self.space.encode(board)
        return key in self._members[key % SHARDS]

    def distance(self, board: Board) -> "int | None":
        """Steps to the goal in the table's metric, or ``None`` if unreachable."""
        key = self.space.encode(board)
        return self.dist[key % SHARDS].get(key)

    def hint(self, board: Board) -> "list[tuple[int, str]] | None":
        """The one-cell moves of a best next step, or ``None`` at the goal or with no way out.

        In the cell metric that is one move; in the piece metric the moves of
        one piece's slide. Every hint lowers the distance by one step.
        """
        space = self.space
        key = space.encode(board)
        dist = self.dist
        d = dist[key % SHARDS].get(key)
        if not d:
            return None
        best = None
        for nk in space.neighbours(key, self.metric):
            if dist[nk % SHARDS].get(nk) == d - 1:
                if best is None or nk < best:
                    best = nk
        path = space.one_cell_path(key, best) if self.metric == "piece" else [key, best]
        return space.moves_along(board, path)


def _release(items: "dict | list", progress: dict, chunk: int = 1 << 15):
    """Empty ``items`` (a dict or a list of a search's positions) a chunk at a time,
    yielding ``progress`` after each: a search that gives up frees its memory in
    slices, not in one long step when its job ends."""
    while items:
        if isinstance(items, dict):
            for _ in range(min(chunk, len(items))):
                items.popitem()
        else:
            del items[-chunk:]
        yield progress


# ------------------------------------------------------------ worker jobs
# Positions a search may keep before it answers "unknown" (memory guard).
LIMIT = 3_000_000
_tables: list = []  # cached distance tables, newest last
_MAX_TABLES = 4


def _solve_job(board: Board, options: dict, request: dict):
    return search(board, options["metric"], limit=LIMIT)


def _hint_job(board: Board, options: dict, request: dict):
    """Hint: the one-cell moves of a best next step (one move in the cell
    metric, one piece's slide in the piece metric) and ``distance``, the
    steps to go; ``unsolvable`` when the goal cannot be reached from here;
    ``unknown`` (no moves) when the component has more than :data:`LIMIT`
    positions, ``positions`` how many were found before it stopped."""
    metric = options["metric"]
    table = None
    for known in _tables:
        if known.metric == metric and known.contains(board):
            table = known
            break
    if table is None:
        table = yield from DistanceTable.steps(board, metric, limit=LIMIT)
        if not table.complete:
            return Result("unknown", [], table.component, distance=None)
        _tables.append(table)
        del _tables[:-_MAX_TABLES]
    d = table.distance(board)
    if d is None:
        return Result("unsolvable", [], table.component, distance=None)
    return Result("solved", table.hint(board) or [], table.component, distance=d)


COMPARE_LIMIT = 1_000_000  # the distinct side gives up past this many positions (about 4 s in the worker)


def _compare_job(board: Board, options: dict, request: dict):
    """"What equivalence buys": the same search with same-shape pieces equal,
    then distinct. Progress: ``{"side", "positions", "limit"}``. ``stats``
    holds each side's ``status`` (``solved``, ``unsolvable``, or ``unknown``
    when it gave up), ``positions`` explored, ``steps`` (``None`` unless
    solved), ``seconds`` of search and ``limit``: the equal side may explore
    :data:`LIMIT` positions, the distinct side :data:`COMPARE_LIMIT` (with
    pieces told apart 横刀立马 has 14,950,080 reachable positions: the state
    map counts them), so the comparison ends within seconds, honestly."""
    import time

    sides = {}
    for name, equal in (("equal", True), ("distinct", False)):
        limit = LIMIT if equal else COMPARE_LIMIT
        t0 = time.perf_counter()
        gen = search(board, options["metric"], equal, limit=limit)
        spent = 0.0
        while True:
            try:
                progress = next(gen)
            except StopIteration as stop:
                res = stop.value
                break
            spent += time.perf_counter() - t0
            yield {"side": name, "positions": progress["positions"], "limit": limit}
            t0 = time.perf_counter()
        spent += time.perf_counter() - t0
        steps = res.steps if res.status == "solved" else None
        sides[name] = {"status": res.status, "positions": res.positions, "steps": steps, "seconds": spent}
        sides[name]["limit"] = limit
    return Result("solved", [], sides["equal"]["positions"] + sides["distinct"]["positions"], sides=sides)


JOBS = {"solve": _solve_job, "hint": _hint_job, "compare": _compare_job, "map": map_job}
JOBS["cases"] = cases_job(lambda: hidden_cases(search))  # the Code panel's Check
