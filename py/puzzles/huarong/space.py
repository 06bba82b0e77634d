"""Huarong's state-map space (worker only): positions as integers with the
course's same-shape equivalence, for :func:`puzzles.statespace.map_job`.

Edges: with the ``cell`` metric one piece slides one cell; with the ``piece``
metric one piece moves any distance along any path (turning corners too), the
other pieces standing still. Two positions that differ only by swapping pieces
of the same shape are one position (piece 1, the one that must leave, is never
swapped); "merged" counts the positions with them told apart (see
:mod:`puzzles.statespace`). The move tables are built by asking
:meth:`puzzles.huarong.Board.can_move` and ``move`` where a piece of each shape
can go from each cell.
"""

from array import array

from puzzles import huarong, statespace
from puzzles.statespace import PermGroup, Space

MERGE_MAX_PIECES = 32  # same-shape pieces beyond which "merged" is not counted
_DENSE_EMPTY_SETS = 20000  # tabulate moves per empty set when there are at most this many
_SLIDE_CACHE = 20000  # piece metric: slides kept worked out (dropped all at once past it)


def make(board: huarong.Board, options: dict) -> "HuarongSpace":
    """The space of ``board`` in ``options["metric"]`` (``cell`` unless it names one of
    :data:`puzzles.huarong.METRICS`)."""
    metric = options.get("metric", "cell")
    return HuarongSpace(board, metric if metric in huarong.METRICS else "cell")


def _binomial(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out

class HuarongSpace(Space):
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
        self.goal_mask = self.goal_value = self.goal_probe  # a goal: piece 1's anchor on its goal cell

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
                for _ in range(min(len(table), statespace.WORK)):
                    table.popitem()
                yield statespace.WORK

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

    merges = True  # same-shape pieces told apart: the map says how many positions that makes

    def merged(self, keys: list, adj: array, off: array, truncated: bool):
        """The "merged" count: :func:`_merged`."""
        return _merged(self, keys, adj, off, truncated)

    def fields(self) -> dict:
        """The map's own field: a grid's cell holds piece ``ids[i]``'s index ``i``."""
        return {"ids": self.id_list}


def _factorial(k: int) -> int:
    out = 1
    for i in range(2, k + 1):
        out *= i
    return out


def _merged(space: HuarongSpace, keys: list, adj: array, off: array, truncated: bool):
    """The "merged" count (see :mod:`puzzles.statespace`) as a generator of work
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
        if work >= statespace.WORK:
            yield work
            work = 0
    if truncated:
        return None
    return count * group.order()
