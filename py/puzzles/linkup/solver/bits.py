"""Link-up's bit-set grid (worker only): :class:`Bits`, the board's empty cells as bits of
one integer with the ring around it, and the route tests on it: :func:`joinable` (two tiles
joined by a route of at most two turns), :func:`joins` (every tile one tile joins) and
:func:`route_cost` (the cheapest such route, in tiles it would cross)."""



class Bits:
    """The board padded with the empty ring, as bit sets (the closure's grid:
    a route test is a few bit operations per line, emptying a cell two).
    ``R[r]`` has bit ``c`` set for a tile at padded cell (r, c), ``C[c]``
    bit ``r``; each also has one bit set past the far ring (bit ``w`` of a
    row, ``h`` of a column), so a look along a line always meets a set bit.
    Shared by copies: ``pr[t]``, ``pc[t]``, tile ``t``'s padded row and
    column; ``bit[t]``, its cell's bit in a *cell set* (bit ``r * w + c``
    for padded cell (r, c): what :func:`joins` gives a route as); ``cp[c]``,
    per column, the cell sets of its first ``k`` cells (``k`` = 0…h)."""

    __slots__ = ("R", "C", "pr", "pc", "w", "bit", "cp", "gone")

    def __init__(self, rows: int, cols: int, cells: "list | tuple | None") -> None:
        if cells is None:  # filled in by copy()
            return
        h, w = rows + 2, cols + 2
        shape = _SHAPES.get((rows, cols))
        if shape is None:
            pr = [t // cols + 1 for t in range(rows * cols)]
            pc = [t % cols + 1 for t in range(rows * cols)]
            cp = []
            for c in range(w):
                acc = [0]
                for r in range(h):
                    acc.append(acc[-1] | 1 << (r * w + c))
                cp.append(acc)
            shape = _SHAPES[(rows, cols)] = (pr, pc, [1 << (pr[t] * w + pc[t]) for t in range(rows * cols)], cp)
        self.pr, self.pc, self.bit, self.cp = shape
        pr, pc = shape[0], shape[1]
        self.w = w
        R = [1 << w] * h
        C = [1 << h] * w
        for t, v in enumerate(cells):
            if v:
                R[pr[t]] |= 1 << pc[t]
                C[pc[t]] |= 1 << pr[t]
        self.R, self.C = R, C
        self.gone = 0

    def copy(self, snap: "tuple | None" = None) -> "Bits":
        """A grid of one's own (to empty cells of), of this one or of ``snap`` (a :meth:`snap` of it)."""
        g = Bits(0, 0, None)
        g.pr, g.pc, g.w, g.bit, g.cp = self.pr, self.pc, self.w, self.bit, self.cp
        R, C, g.gone = snap if snap is not None else (self.R, self.C, self.gone)
        g.R, g.C = list(R), list(C)
        return g

    def snap(self) -> tuple:
        return tuple(self.R), tuple(self.C), self.gone

    def clear(self, t: int) -> None:
        """Empty tile ``t``'s cell."""
        r, c = self.pr[t], self.pc[t]
        self.R[r] &= ~(1 << c)
        self.C[c] &= ~(1 << r)
        self.gone |= self.bit[t]

    def without(self, a: int, b: int) -> "Bits":
        """A copy with the cells of tiles ``a`` and ``b`` emptied."""
        g = self.copy()
        g.clear(a)
        g.clear(b)
        return g


_SHAPES: dict = {}  # (rows, cols) -> a Bits' shared parts (pr, pc, bit, cp)


def joinable(g: Bits, a: int, b: int) -> bool:
    """Whether tiles ``a`` and ``b`` join (an end may be an empty cell):
    :func:`joins` with no route or blockers to answer, for callers that
    need neither. An end walled in on all four sides joins only a tile next
    to it (every route leaves it through a neighbouring cell)."""
    R, C = g.R, g.C
    r1, c1, r2, c2 = g.pr[a], g.pc[a], g.pr[b], g.pc[b]
    if (R[r1] >> (c1 - 1) & 5 == 5 and C[c1] >> (r1 - 1) & 5 == 5) or (
        R[r2] >> (c2 - 1) & 5 == 5 and C[c2] >> (r2 - 1) & 5 == 5
    ):
        return abs(r1 - r2) + abs(c1 - c2) == 1
    for L, M, x1, y1, x2, y2 in ((C, R, r1, c1, r2, c2), (R, C, c1, r1, c2, r2)):
        line = L[y1]
        lo = (line & ((1 << x1) - 1)).bit_length()
        far = line >> (x1 + 1)
        hi = x1 + (far & -far).bit_length() - 1
        line = L[y2]
        m = (line & ((1 << x2) - 1)).bit_length()
        if m > lo:
            lo = m
        far = line >> (x2 + 1)
        m = x2 + (far & -far).bit_length() - 1
        if m < hi:
            hi = m
        if lo <= hi:
            span = (2 << y2) - (1 << y1) if y1 < y2 else (2 << y1) - (1 << y2)
            for m in range(lo, hi + 1):
                mid = M[m] & span
                if not mid:
                    return True
                if m == x1:
                    mid &= ~(1 << y1)
                if m == x2:
                    mid &= ~(1 << y2)
                if not mid:
                    return True
    return False


def joins(g: Bits, a: int, b: int) -> int:
    """Whether tiles ``a`` and ``b`` join. When some route of at most two
    turns between them runs through empty cells: the cell set (see
    :class:`Bits`) of the cells one such route crosses, its ends left out
    (``>= 0``). Else ``~blockers`` (``< 0``): ``blockers``, a cell set of
    tiles such that the two cannot join while all of them stay. An end may
    be an empty cell. The blockers keep the two apart whatever else is on
    the board: while they are all there, neither tile sees further along
    its lines than now, and each middle leg it could use stays blocked.

    A route is three legs; the middle one lies on a row ``m`` (or a
    column). The first and last legs are clear when ``m`` is within how far
    each tile sees along its column: from the nearest tile above it (the
    highest set bit below its own) to the nearest below (the lowest set bit
    above; the sentinel bit when none). The middle leg is clear when row
    ``m`` holds no tile between the two columns but the two ends themselves.
    The same with rows and columns swapped. *Blockers*: those nearest tiles
    (while they stay, each tile sees as far as now) and, for each row ``m``
    both see, one tile on its middle leg (while it stays, that leg is
    blocked)."""
    R, C, w = g.R, g.C, g.w
    r1, c1, r2, c2 = g.pr[a], g.pc[a], g.pr[b], g.pc[b]
    for t, r, c in ((a, r1, c1), (b, r2, c2)):
        if R[r] >> (c - 1) & 5 == 5 and C[c] >> (r - 1) & 5 == 5:  # walled in: its four neighbours block it
            if abs(r1 - r2) + abs(c1 - c2) == 1:
                return 0
            x = g.bit[t]
            return ~(x << 1 | x >> 1 | x << w | x >> w)
    block = 0
    for axis in (0, 1):  # the middle leg on a row m (x: a row, y: a column), then on a column
        if axis:
            L, M, x1, y1, x2, y2, sx, sy = R, C, c1, r1, c2, r2, 1, w
        else:
            L, M, x1, y1, x2, y2, sx, sy = C, R, r1, c1, r2, c2, w, 1
        n = len(M)
        line = L[y1]  # how far each end sees along its line y, and the tiles that stop it
        lo = (line & ((1 << x1) - 1)).bit_length()
        far = line >> (x1 + 1)
        hi = x1 + (far & -far).bit_length() - 1
        if lo:
            block |= 1 << ((lo - 1) * sx + y1 * sy)
        if hi + 1 < n:
            block |= 1 << ((hi + 1) * sx + y1 * sy)
        line = L[y2]
        m = (line & ((1 << x2) - 1)).bit_length()
        if m:
            block |= 1 << ((m - 1) * sx + y2 * sy)
        if m > lo:
            lo = m
        far = line >> (x2 + 1)
        m = x2 + (far & -far).bit_length() - 1
        if m + 1 < n:
            block |= 1 << ((m + 1) * sx + y2 * sy)
        if m < hi:
            hi = m
        if lo > hi:
            continue
        span = (2 << y2) - (1 << y1) if y1 < y2 else (2 << y1) - (1 << y2)
        for m in range(lo, hi + 1):
            mid = M[m] & span
            if mid:
                if m == x1:
                    mid &= ~(1 << y1)
                if m == x2:
                    mid &= ~(1 << y2)
                if mid:  # blocked: its first tile is a blocker
                    block |= 1 << (m * sx + ((mid & -mid).bit_length() - 1) * sy)
                    continue
            # found: the cells of the route, legs along lines y1 and y2 and the middle one on m
            cp = g.cp
            if axis:  # legs along rows r1 and r2, the middle leg down column m
                cells = _row_cells(w, r1, c1, m) | _row_cells(w, r2, c2, m)
                col = cp[m]
                cells |= col[max(r1, r2) + 1] ^ col[min(r1, r2)]
            else:  # legs down columns c1 and c2, the middle leg along row m
                col = cp[c1]
                cells = col[max(r1, m) + 1] ^ col[min(r1, m)]
                col = cp[c2]
                cells |= col[max(r2, m) + 1] ^ col[min(r2, m)]
                cells |= _row_cells(w, m, c1, c2)
            return cells & ~(g.bit[a] | g.bit[b])
    return ~block


def _row_cells(w: int, r: int, c1: int, c2: int) -> int:
    """The cell set of row ``r`` from column ``c1`` to ``c2`` (either way)."""
    if c1 > c2:
        c1, c2 = c2, c1
    return ((2 << c2) - (1 << c1)) << (r * w)


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
