"""Link-up (连连看): the course's ``connect()``, boards, a generator and a solver.

The board
    ``rows`` × ``cols`` cells (each side 1–24) of tile kinds, ``0`` empty;
    every kind appears an even number of times. Paths may also run through a
    one-cell ring around the board: rows ``-1..rows`` and columns
    ``-1..cols``, always empty.

The rule (seed 001)
    Two tiles of the same kind can be joined by a path of horizontal and
    vertical segments with at most two turns that passes only empty cells;
    joining them removes both. ``connect`` returns every cell of the path from
    the first tile to the second (ring cells included), or ``[]``. Among valid
    paths it prefers fewest turns, then fewest cells.

Moves and counting
    A move is one joined pair, ``(a, b)`` with ``a < b`` cell indices
    (``row * cols + col``). A board is cleared when no tile is left; a
    solution is a sequence of moves that clears it ("Cleared: 72 pairs").

Codecs
    The course's JSON form (rows of kinds), and a versioned share form
    ``1.<rows>x<cols>.<cells>.<check>``: ``1`` the format version, one
    character per cell (``0`` empty, ``1``–``9``, ``a``–``z``, ``A``–``Z`` for
    kinds 1–61), and a two-character checksum so a truncated or altered link
    is refused rather than misread.

Runs in CPython and on MicroPython (no dataclasses, run-time typing or
``int.bit_length``).
"""

from puzzles import (
    ALPHABET,
    GameSpec,
    GridBoard,
    PuzzleError,
    Rng,
    cell_count_error,
    exact_int,
    quote,
    read_grid,
    read_number,
    run,
    strip,
)
from puzzles.linkup.texts import MESSAGES as _MESSAGES
from puzzles.messages import add_messages

MAX_SIDE = 24
_CHAR = {ch: i for i, ch in enumerate(ALPHABET)}
FORMAT_VERSION = "1"


class BoardError(PuzzleError):
    """A Link-up board or share code that does not parse or validate."""


def _too_big(rows: int, cols: int) -> BoardError:
    return BoardError("linkup_too_big", rows=rows, cols=cols, max=MAX_SIDE)


# ------------------------------------------------------------------- board
class Board(GridBoard):
    """An immutable Link-up position: ``rows`` × ``cols`` kinds, row-major."""

    __slots__ = ()
    error = BoardError

    @classmethod
    def from_grid(cls, grid: object, source: "str | None" = None) -> "Board":
        shown = source if source is not None else grid
        rows, cols, cells = read_grid(grid, shown, BoardError, "cell_not_kind", MAX_SIDE, _too_big)
        for i, v in enumerate(cells):
            if v < 0 or v >= len(ALPHABET):
                raise BoardError("kind_out_of_range", row=i // cols + 1, col=i % cols + 1, kind=v)
        if rows > MAX_SIDE or cols > MAX_SIDE:
            raise BoardError("linkup_too_big", rows=rows, cols=cols, max=MAX_SIDE)
        counts: dict = {}
        for v in cells:
            if v:
                counts[v] = counts.get(v, 0) + 1
        for kind in sorted(counts):
            if counts[kind] == 1:
                raise BoardError("kind_odd_once", kind=kind)
            if counts[kind] % 2:
                raise BoardError("kind_odd", kind=kind, count=counts[kind])
        return cls(rows, cols, cells)

    @classmethod
    def from_code(cls, text: str) -> "Board":
        """Parse the share form ``1.<rows>x<cols>.<cells>.<check>``.

        The header's size is checked first (each side 1 to :data:`MAX_SIDE`),
        so no code, whatever it claims, makes work beyond its own length."""
        parts = strip(text).split(".")
        if len(parts) != 4 or parts[0] != FORMAT_VERSION:
            version = parts[0]
            # a share code's shape with another version number; anything else (a number, a word) is no code
            future = len(parts) == 4 and version != FORMAT_VERSION and 0 < len(version) <= 3
            if future and read_number(version, text, BoardError) is not None:
                raise BoardError("linkup_future_format", text=quote(text), version=version)
            raise BoardError("linkup_not_code", text=quote(text))
        size = parts[1].split("x")
        rows = cols = None
        if len(size) == 2:
            rows, cols = read_number(size[0], text, BoardError), read_number(size[1], text, BoardError)
        if rows is None or cols is None:
            raise BoardError("linkup_bad_size", text=quote(text), size=quote(parts[1]))
        if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):  # from the header, before anything is built
            raise BoardError("linkup_bad_dims", text=quote(text), rows=rows, cols=cols, max=MAX_SIDE)
        body = parts[2]
        if _checksum(parts[1] + "." + body) != parts[3]:
            raise BoardError("checksum_mismatch", text=quote(text))
        if len(body) != rows * cols:
            raise cell_count_error(BoardError, text, len(body), rows, cols)
        grid = []
        for r in range(rows):
            row = []
            for ch in body[r * cols : (r + 1) * cols]:
                v = _CHAR.get(ch)
                if v is None:
                    raise BoardError("bad_tile_char", text=quote(text), char=quote(ch))
                row.append(v)
            grid.append(row)
        return cls.from_grid(grid, text)

    def to_code(self) -> str:
        head = "%dx%d.%s" % (self.rows, self.cols, "".join(ALPHABET[v] for v in self.cells))
        return "%s.%s.%s" % (FORMAT_VERSION, head, _checksum(head))

    def tiles(self) -> int:
        return sum(1 for v in self.cells if v)

    def is_cleared(self) -> bool:
        return not any(self.cells)

    def is_solved(self) -> bool:
        """The goal every game's board answers: for Link-up, cleared."""
        return not any(self.cells)

    def remove(self, a: int, b: int) -> "Board":
        cells = list(self.cells)
        cells[a] = cells[b] = 0
        return Board(self.rows, self.cols, cells)

    def __repr__(self) -> str:
        return "Board.parse(%r)" % self.to_code()


def _checksum(text: str) -> str:
    h = 7
    for ch in text:
        h = (h * 31 + ord(ch)) % 3844
    return ALPHABET[h // 62] + ALPHABET[h % 62]


# ----------------------------------------------------------------- connect
class _Grid:
    """The board padded with the empty ring, with per-line occupancy prefix sums."""

    __slots__ = ("w", "h", "occ", "rowsum", "colsum")

    def __init__(self, rows: int, cols: int, cells: "tuple | list | None") -> None:
        w, h = cols + 2, rows + 2
        self.w, self.h = w, h
        if cells is None:  # filled in by without()
            return
        occ = bytearray(w * h)
        for r in range(rows):
            base = (r + 1) * w + 1
            for c in range(cols):
                if cells[r * cols + c]:
                    occ[base + c] = 1
        self.occ = occ
        self.rowsum = [_prefix(occ[r * w : r * w + w]) for r in range(h)]
        self.colsum = [_prefix(_column(occ, c, w, h)) for c in range(w)]

    def copy(self) -> "_Grid":
        """A grid of one's own, to empty cells of in place (:meth:`clear`)."""
        g = _Grid(self.h - 2, self.w - 2, None)
        g.occ = bytearray(self.occ)
        g.rowsum = list(self.rowsum)
        g.colsum = list(self.colsum)
        return g

    def without(self, a: int, b: int, cols: int) -> "_Grid":
        """This grid with the tiles at cells ``a`` and ``b`` gone: only their
        rows' and columns' prefix sums are worked out again."""
        w, h = self.w, self.h
        g = _Grid(h - 2, w - 2, None)
        occ = bytearray(self.occ)
        rows, colset = set(), set()
        for i in (a, b):
            r, c = i // cols + 1, i % cols + 1
            occ[r * w + c] = 0
            rows.add(r)
            colset.add(c)
        g.occ = occ
        g.rowsum = list(self.rowsum)
        g.colsum = list(self.colsum)
        for r in rows:
            g.rowsum[r] = _prefix(occ[r * w : r * w + w])
        for c in colset:
            g.colsum[c] = _prefix(_column(occ, c, w, h))
        return g

    def clear(self, a: int, cols: int) -> None:
        """Empty the cell of tile ``a`` in place (the grid must be this caller's own)."""
        w = self.w
        r, c = a // cols + 1, a % cols + 1
        if not self.occ[r * w + c]:
            return
        self.occ[r * w + c] = 0
        acc = self.rowsum[r] = list(self.rowsum[r])
        for i in range(c + 1, w + 1):
            acc[i] -= 1
        acc = self.colsum[c] = list(self.colsum[c])
        for i in range(r + 1, self.h + 1):
            acc[i] -= 1

    def row_occ(self, r: int, c0: int, c1: int) -> int:
        if c0 > c1:
            c0, c1 = c1, c0
        acc = self.rowsum[r]
        return acc[c1 + 1] - acc[c0]

    def col_occ(self, c: int, r0: int, r1: int) -> int:
        if r0 > r1:
            r0, r1 = r1, r0
        acc = self.colsum[c]
        return acc[r1 + 1] - acc[r0]

    def reach(self, r: int, c: int, dr: int, dc: int) -> int:
        """How far (in cells) one can go from (r, c) toward (dr, dc) over empty cells."""
        w, h, occ = self.w, self.h, self.occ
        n = 0
        r += dr
        c += dc
        while 0 <= r < h and 0 <= c < w and not occ[r * w + c]:
            n += 1
            r += dr
            c += dc
        return n


def _column(occ: bytearray, c: int, w: int, h: int) -> bytes:
    try:
        return bytes(occ[c::w])
    except NotImplementedError:  # MicroPython slices take no step
        return bytes(occ[r * w + c] for r in range(h))


try:
    from itertools import accumulate as _accumulate
except ImportError:  # MicroPython
    _accumulate = None


def _prefix(line: "bytes | bytearray") -> list:
    """``[0, line[0], line[0] + line[1], ...]``."""
    out = [0]
    if _accumulate is not None:
        out.extend(_accumulate(line))
        return out
    s = 0
    for v in line:
        s += v
        out.append(s)
    return out


class _Cells:
    """The board seen through the empty ring, looked up cell by cell:
    nothing is built for the whole board, so one route check costs what the
    lines it looks along cost, whatever the number of tiles (the page's
    ``connect`` on a full 24 × 24 board)."""

    __slots__ = ("rows", "cols", "cells")

    def __init__(self, rows: int, cols: int, cells: "tuple | list") -> None:
        self.rows, self.cols, self.cells = rows, cols, cells

    def occ(self, r: int, c: int) -> int:
        """1 if padded cell (r, c) holds a tile (the ring never does)."""
        if 1 <= r <= self.rows and 1 <= c <= self.cols:
            return 1 if self.cells[(r - 1) * self.cols + c - 1] else 0
        return 0

    def row_occ(self, r: int, c0: int, c1: int) -> int:
        if c0 > c1:
            c0, c1 = c1, c0
        occ = self.occ
        return sum(occ(r, c) for c in range(c0, c1 + 1))

    def col_occ(self, c: int, r0: int, r1: int) -> int:
        if r0 > r1:
            r0, r1 = r1, r0
        occ = self.occ
        return sum(occ(r, c) for r in range(r0, r1 + 1))

    def reach(self, r: int, c: int, dr: int, dc: int) -> int:
        """How far (in cells) one can go from (r, c) toward (dr, dc) over empty cells."""
        h, w = self.rows + 2, self.cols + 2
        n = 0
        r += dr
        c += dc
        while 0 <= r < h and 0 <= c < w and not self.occ(r, c):
            n += 1
            r += dr
            c += dc
        return n


def _routes(g: "_Grid | _Cells", r1: int, c1: int, r2: int, c2: int, first: bool = False) -> list:
    """Every route of at most two turns between two tiles (padded coordinates),
    as its corner points ``[(r1,c1), corner, corner, (r2,c2)]``.

    A route is three straight legs; the middle one lies on some row (or
    column) ``m``. The first and last legs are clear exactly when ``m`` is
    within how far each tile sees along its column (or row); the middle leg
    is clear when it holds no tile but the two end tiles themselves. With
    ``first`` it stops at the first route found.
    """
    out = []
    lo = max(r1 - g.reach(r1, c1, -1, 0), r2 - g.reach(r2, c2, -1, 0))
    hi = min(r1 + g.reach(r1, c1, 1, 0), r2 + g.reach(r2, c2, 1, 0))
    for m in range(lo, hi + 1):
        if g.row_occ(m, c1, c2) == (m == r1) + (m == r2):
            out.append([(r1, c1), (m, c1), (m, c2), (r2, c2)])
            if first:
                return out
    lo = max(c1 - g.reach(r1, c1, 0, -1), c2 - g.reach(r2, c2, 0, -1))
    hi = min(c1 + g.reach(r1, c1, 0, 1), c2 + g.reach(r2, c2, 0, 1))
    for m in range(lo, hi + 1):
        if g.col_occ(m, r1, r2) == (m == c1) + (m == c2):
            out.append([(r1, c1), (r1, m), (r2, m), (r2, c2)])
    return out


def _expand(points: list) -> list:
    """Corner points → every cell along the path, without repeats."""
    cells = [points[0]]
    for (ra, ca), (rb, cb) in zip(points, points[1:]):
        dr = (rb > ra) - (rb < ra)
        dc = (cb > ca) - (cb < ca)
        r, c = ra, ca
        while (r, c) != (rb, cb):
            r += dr
            c += dc
            cells.append((r, c))
    return cells


def turns(path: list) -> int:
    """Direction changes along a path of adjacent cells."""
    n, last = 0, None
    for (ra, ca), (rb, cb) in zip(path, path[1:]):
        d = (rb - ra, cb - ca)
        if last is not None and d != last:
            n += 1
        last = d
    return n


def connect(board: object, row1: int, col1: int, row2: int, col2: int) -> list:
    """The course's ``connect``: the path joining two equal tiles, or ``[]``.

    ``board`` is a :class:`Board` or the course's list of rows. The path is a
    list of ``[row, col]`` from the first tile to the second, ring cells
    (row or column ``-1``, ``rows``, ``cols``) included; fewest turns first,
    then fewest cells. The same cell, different kinds, an empty cell or a
    cell off the board give ``[]``.
    """
    if not isinstance(board, Board):
        board = Board.from_grid(board)
    rows, cols = board.rows, board.cols
    for r, c in ((row1, col1), (row2, col2)):
        if not (0 <= r < rows and 0 <= c < cols):
            return []
    if (row1, col1) == (row2, col2):
        return []
    a = board.cells[row1 * cols + col1]
    if not a or a != board.cells[row2 * cols + col2]:
        return []
    best = None
    for pts in _routes(_Cells(rows, cols, board.cells), row1 + 1, col1 + 1, row2 + 1, col2 + 1):
        path = _expand(pts)
        score = (turns(path), len(path))
        if best is None or score < best[0]:
            best = (score, path)
    if best is None:
        return []
    return [[r - 1, c - 1] for r, c in best[1]]


def _joinable(g: _Grid, cols: int, a: int, b: int) -> bool:
    """Whether tiles ``a`` and ``b`` join: :func:`_routes` with ``first``,
    written out with local look-ups because the solver asks it most. An end
    may be an empty cell (the solver's stuck-tile test asks that too).

    One scan per axis: the middle leg on a row (``step`` = ``w``: how far each
    tile sees up and down its column, then that row's tiles between the two
    columns) and on a column (``step`` = 1). One loop for both measured as
    fast as the two written out (0.89 against 0.93 µs a call, CPython)."""
    w, h, occ = g.w, g.h, g.occ
    r1, c1 = divmod(a, cols)
    r2, c2 = divmod(b, cols)
    r1 += 1
    c1 += 1
    r2 += 1
    c2 += 1
    p1, p2 = r1 * w + c1, r2 * w + c2
    if (occ[p1 - 1] and occ[p1 + 1] and occ[p1 - w] and occ[p1 + w]) or (
        occ[p2 - 1] and occ[p2 + 1] and occ[p2 - w] and occ[p2 + w]
    ):  # an end walled in on all four sides: every route leaves it through a tile, unless the other end is next to it
        return abs(r1 - r2) + abs(c1 - c2) == 1
    e1, e2 = occ[p1], occ[p2]  # 1 for a tile
    for step, n, sums, x1, x2, y1, y2 in ((w, h, g.rowsum, r1, r2, c1, c2), (1, w, g.colsum, c1, c2, r1, r2)):
        # how far each tile sees along the axis (x), over empty cells
        lo1 = x1
        q = p1 - step
        while lo1 > 0 and not occ[q]:
            lo1 -= 1
            q -= step
        hi1 = x1
        q = p1 + step
        while hi1 < n - 1 and not occ[q]:
            hi1 += 1
            q += step
        lo2 = x2
        q = p2 - step
        while lo2 > 0 and not occ[q]:
            lo2 -= 1
            q -= step
        hi2 = x2
        q = p2 + step
        while hi2 < n - 1 and not occ[q]:
            hi2 += 1
            q += step
        lo, hi = max(lo1, lo2), min(hi1, hi2)
        if lo <= hi:
            ylo, yhi = (y1, y2) if y1 < y2 else (y2, y1)
            for m in range(lo, hi + 1):  # a middle leg on line m holds no tile but the ends
                acc = sums[m]
                if acc[yhi + 1] - acc[ylo] == (e1 if m == x1 else 0) + (e2 if m == x2 else 0):
                    return True
    return False


def has_joinable_pair(board: Board) -> bool:
    """Whether some pair can be joined now: :func:`joinable_pairs` that
    stops at the first tile with a partner (a few milliseconds on
    MicroPython where the whole list of a 24 × 24 board of one kind takes ~60)."""
    near = Nearest(board.rows, board.cols, board.cells)
    for a, v in enumerate(board.cells):
        if v and near.partners(a):
            return True
    return False


# A kind with more tiles than this has its joinable pairs listed by sweeps from
# each tile (:class:`Nearest`), fewer by testing each of its pairs.
SWEEP_GROUP = 12


def joinable_pairs(board: Board) -> list:
    """Every pair ``(a, b)`` (cell indices, ``a < b``) that can be joined now,
    kind by kind (in the order kinds first appear), each kind's in order.

    A kind of a few tiles has each pair tested; a kind of many (a board of
    one kind has up to 165,600 pairs) is swept from each tile instead (see
    :class:`Nearest`), at a cost of the cells a tile sees within one turn."""
    rows, cols, cells = board.rows, board.cols, board.cells
    g = near = None
    out = []
    for group in by_kind(cells).values():
        if len(group) > SWEEP_GROUP:
            if near is None:
                near = Nearest(rows, cols, cells)
            found = []
            for a in group:
                found.extend((a, b) for b in near.partners(a) if b > a)
            out.extend(sorted(found))
        else:
            if g is None:
                g = _Grid(rows, cols, cells)
            out.extend(_pairs(g, cols, group))
    return out


class Nearest:
    """A board padded with the empty ring, with each cell's nearest tile up,
    down, left and right (padded index, or -1): what :meth:`partners` sweeps
    with. The middle leg of a route lies on a row the tile sees along its
    column (or a column it sees along its row); along that row, over the
    empty run there, each cell's nearest tile up and down ends a route, and
    so do the tiles that end the run."""

    __slots__ = ("rows", "cols", "w", "kind", "up", "down", "left", "right", "work")

    def __init__(self, rows: int, cols: int, cells: "tuple | list") -> None:
        w, h = cols + 2, rows + 2
        size = w * h
        kind = [0] * size
        for r in range(rows):
            base = (r + 1) * w + 1
            for c in range(cols):
                kind[base + c] = cells[r * cols + c]
        up = [-1] * size
        left = [-1] * size
        for p in range(w, size):
            q = p - w
            up[p] = q if kind[q] else up[q]
        for p in range(size):
            if p % w:
                q = p - 1
                left[p] = q if kind[q] else left[q]
        down = [-1] * size
        right = [-1] * size
        for p in range(size - w - 1, -1, -1):
            q = p + w
            down[p] = q if kind[q] else down[q]
        for p in range(size - 1, -1, -1):
            if (p + 1) % w:
                q = p + 1
                right[p] = q if kind[q] else right[q]
        self.rows, self.cols, self.w = rows, cols, w
        self.kind, self.up, self.down, self.left, self.right = kind, up, down, left, right
        self.work = size  # cells looked at so far: a measure of time for callers that slice

    def partners(self, a: int) -> list:
        """The cells (unpadded, in no set order) of the tiles that tile ``a``
        joins now. (``kind[-1]``, a ring cell, is 0: no test for -1 is needed.)"""
        w, h, cols, kind = self.w, self.rows + 2, self.cols, self.kind
        up, down, left, right = self.up, self.down, self.left, self.right
        p = (a // cols + 1) * w + a % cols + 1
        k = kind[p]
        out = set()
        add = out.add
        work = 0
        # the middle leg on a row: every row the tile sees along its column (its own too)
        top = up[p] + w if up[p] >= 0 else p % w
        bottom = down[p] - w if down[p] >= 0 else (h - 1) * w + p % w
        for q0 in range(top, bottom + 1, w):
            end0, end1 = left[q0], right[q0]  # the tiles ending the empty run along that row
            if kind[end0] == k:
                add(end0)
            if kind[end1] == k:
                add(end1)
            row = q0 - q0 % w
            first, last = end0 + 1 if end0 >= 0 else row, end1 if end1 >= 0 else row + w
            work += last - first + 1
            for q in range(first, last):  # each empty cell of the run: the route turns to its nearest tiles
                e = up[q]
                if kind[e] == k and e != p:
                    add(e)
                e = down[q]
                if kind[e] == k and e != p:
                    add(e)
        # the middle leg on a column: every column the tile sees along its row
        row = p - p % w
        for q0 in range(left[p] + 1 if left[p] >= 0 else row, right[p] if right[p] >= 0 else row + w):
            end0, end1 = up[q0], down[q0]
            if kind[end0] == k:
                add(end0)
            if kind[end1] == k:
                add(end1)
            col = q0 % w
            first, last = end0 + w if end0 >= 0 else col, end1 if end1 >= 0 else h * w
            work += (last - first) // w + 1
            for q in range(first, last, w):
                e = left[q]
                if kind[e] == k and e != p:
                    add(e)
                e = right[q]
                if kind[e] == k and e != p:
                    add(e)
        self.work += work + 20  # a call costs about as much as twenty cells swept
        out.discard(p)
        return [(e // w - 1) * cols + e % w - 1 for e in out]


def by_kind(cells: "tuple | list") -> dict:
    groups: dict = {}
    for i, v in enumerate(cells):
        if v:
            groups.setdefault(v, []).append(i)
    return groups


def _pairs(g: _Grid, cols: int, group: list) -> list:
    out = []
    for i in range(len(group)):
        for j in range(i + 1, len(group)):
            if _joinable(g, cols, group[i], group[j]):
                out.append((group[i], group[j]))
    return out


# ---------------------------------------------------------------- generator
PRESETS = {
    "small": (4, 6, 6, 4),  # rows, cols, kinds, tiles per kind — a course-style board
    "kshisen": (8, 18, 36, 4),  # KShisen's default
    "large": (10, 20, 50, 4),
}


def generate(rows: int, cols: int, kinds: int, per_kind: int, seed: int) -> Board:
    """A full board that can always be cleared, the same for the same
    arguments: :func:`generate_steps` at once."""
    return run(generate_steps(rows, cols, kinds, per_kind, seed))


# Tries of the random construction before the one that cannot fail.
ATTEMPTS = 50


def generate_steps(rows: int, cols: int, kinds: int, per_kind: int, seed: int):
    """:func:`generate` as a generator: yields ``{"positions": pairs placed
    so far, all tries}`` after every pair placed, returns the :class:`Board`.

    Built backwards from an empty board: each pair is put on two empty cells
    that can be joined through the cells still empty, so removing the pairs in
    the reverse order of placement clears the board (:func:`layout_steps`).
    The kinds only label the pairs: the cells are the same for every kinds
    count of a size and seed.
    """
    if per_kind % 2 or per_kind <= 0 or kinds * per_kind != rows * cols or not 1 <= kinds <= 61:
        raise BoardError("generate_no_fit", kinds=kinds, per_kind=per_kind, rows=rows, cols=cols)
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise BoardError("linkup_too_big", rows=rows, cols=cols, max=MAX_SIDE)
    perm, placed = yield from layout_steps(rows, cols, seed)
    labels = [k for k in range(1, kinds + 1) for _ in range(per_kind // 2)]
    cells = [0] * (rows * cols)
    for i in range(len(placed)):
        a, b = placed[i]
        cells[a] = cells[b] = labels[perm[i]]
    return Board(rows, cols, cells)


_layouts: dict = {}  # (rows, cols, seed) -> layout: the last few, so other kinds counts come at once


def layout_steps(rows: int, cols: int, seed: int):
    """The cells of a seeded board, as a generator (see :func:`generate_steps`):
    returns ``(perm, placed)``: ``placed[i]`` the two cells of the ``i``-th
    pair placed (so ``reversed(placed)`` clears the full board), ``perm[i]``
    which pair label it gets (the labels ``1,1,…,2,2,…`` shuffled).

    Up to :data:`ATTEMPTS` tries fill from the middle outwards at random
    (:func:`_fill`); one can end with cells no pair can take. Then
    :func:`_fill` with ``matched`` cannot fail (the boards of every size and
    seed that built before are the same as then)."""
    key = (rows, cols, seed)
    got = _layouts.get(key)
    if got is not None:
        return got
    rng = Rng(seed)
    count = [0]
    for attempt in range(ATTEMPTS + 1):
        perm = list(range(rows * cols // 2))
        rng.shuffle(perm)
        placed = yield from _fill(rows, cols, rng, count, attempt == ATTEMPTS)
        if placed is not None:
            if len(_layouts) >= 8:
                del _layouts[next(iter(_layouts))]
            _layouts[key] = (perm, placed)
            return perm, placed
    raise BoardError("generate_failed")  # never: the matched fill always completes


def _fill(rows: int, cols: int, rng: Rng, count: list, matched: bool):
    """One try: fill from the middle outwards, so the cells left empty for the
    last pairs are near the edge, where the ring joins them easily. The
    deepest empty cell (ties in random order) gets a partner it can be joined
    to through the empty cells, of the greatest depth (ties at random).

    A try can leave empty cells no pair can take (a lone hole). With
    ``matched`` it cannot: the empty cells always keep a perfect matching of
    neighbours (a domino tiling, kept up to date), and a partner is taken only
    if the cells left still have one — so the deepest cell's own domino mate,
    its neighbour, is always a partner that works. Answers the pairs placed,
    or ``None``; yields ``{"positions"}`` after each pair."""
    n = rows * cols
    free = 0  # the empty cells as bits (see _partners): at first every cell and the ring
    for r in range(rows + 2):
        free |= ((1 << (cols + 2)) - 1) << (r * (cols + 3))
    filled = [False] * n
    depth = [min(i // cols, rows - 1 - i // cols, i % cols, cols - 1 - i % cols) for i in range(n)]
    levels = [0] * (max(depth) + 1)  # the cells of each depth, as bits
    colour = [0, 0, 0]  # the cells of each colour of a chessboard, then of both, as bits
    for i in range(n):
        levels[depth[i]] |= 1 << _bit(cols, i)
        colour[(i // cols + i % cols) % 2] |= 1 << _bit(cols, i)
    colour[2] = colour[0] | colour[1]
    mate = _domino_tiling(rows, cols) if matched else None
    placed = []
    for _pair in range(n // 2):
        empty = [i for i in range(n) if not filled[i]]
        rng.shuffle(empty)
        choice = None
        for a in _deepest_first(empty, depth):
            # a domino covers a cell of each colour (the two colours: every cell, no ring's)
            partners = _partners(cols, free, a) & colour[(a // cols + a % cols + 1) % 2 if matched else 2]
            top = len(levels) - 1  # the deepest level that may still hold a partner
            while partners:
                while not partners & levels[top]:
                    top -= 1
                best = _cells(cols, partners & levels[top])
                b = best[rng.below(len(best))]
                if not matched or _rematch(rows, cols, filled, mate, a, b):
                    choice = (a, b)
                    break
                partners &= ~(1 << _bit(cols, b))
            if choice is not None:
                break
        if choice is None:
            return None
        for i in choice:
            filled[i] = True
            free &= ~(1 << _bit(cols, i))
        placed.append(choice)
        count[0] += 1
        yield {"positions": count[0]}
    return placed


def _deepest_first(cells: list, depth: list):
    """``cells`` by decreasing depth, ties in their order in the list."""
    levels = sorted(set(depth[i] for i in cells), reverse=True)
    for d in levels:
        for i in cells:
            if depth[i] == d:
                yield i


def _partners(cols: int, free: int, a: int) -> int:
    """The empty cells that a tile at ``a`` could be joined to (with at most
    two turns through empty cells) if both were filled, as bits
    (:func:`_bit`). ``free`` is the board as bits, set where no tile is: the
    cells and the ring around them (a wall column, never set, ends each row).

    For each way the route can start (along the column, or the row): the
    empty run of cells through ``a``; across it, the empty runs through each
    of its cells; and across those again, the empty runs through each of
    theirs — each step one :func:`_runs` of the cells reached so far."""
    w = cols + 3
    s = 1 << _bit(cols, a)
    down = _runs(free, _runs(free, _runs(free, s, w), 1), w)
    across = _runs(free, _runs(free, _runs(free, s, 1), w), 1)
    return (down | across) & ~s


def _cells(cols: int, bits: int) -> list:
    """The cells whose bits (:func:`_bit`) are set, in increasing order (none
    of the ring's), read a row at a time."""
    w = cols + 3
    out = []
    whole = (1 << cols) - 1
    base = 0
    bits >>= w + 1  # the first row's first cell
    while bits:
        row = bits & whole
        i = base
        while row:
            if row & 1:
                out.append(i)
            row >>= 1
            i += 1
        bits >>= w
        base += cols
    return out


def _bit(cols: int, i: int) -> int:
    """Where cell ``i`` is in :func:`_partners`'s bits: rows of ``cols + 3``
    (the ring's cell, the row's cells, the ring's cell, a wall), the ring's
    row first."""
    return (i // cols + 1) * (cols + 3) + i % cols + 1


def _runs(free: int, cells: int, step: int) -> int:
    """The empty runs through ``cells`` (empty) along ``step`` (``1`` a row,
    the row length a column): each run spread by doubling, ``1, 2, 4…``
    cells at a time both ways, through cells set in ``free`` only."""
    out = cells
    gap, fwd, back = step, free, free
    while fwd or back:
        out |= (fwd & (out << gap)) | (back & (out >> gap))
        fwd &= fwd << gap
        back &= back >> gap
        gap += gap
    return out


def _domino_tiling(rows: int, cols: int) -> list:
    """Each cell's neighbour in a tiling of the board by dominoes (rows of
    horizontal ones when ``cols`` is even, else columns of vertical ones)."""
    mate = [0] * (rows * cols)
    for i in range(rows * cols):
        if cols % 2 == 0:
            mate[i] = i + 1 if i % 2 == 0 else i - 1
        else:
            mate[i] = i + cols if (i // cols) % 2 == 0 else i - cols
    return mate


def _rematch(rows: int, cols: int, filled: list, mate: list, a: int, b: int) -> bool:
    """Whether the empty cells but ``a`` and ``b`` can still be tiled by
    dominoes; if so ``mate`` is updated to such a tiling. ``a`` and ``b``
    have different colours (chessboard), so their mates ``a2`` and ``b2``
    do too: an alternating path from ``a2`` to ``b2`` re-pairs the cells."""
    a2, b2 = mate[a], mate[b]
    if a2 == b:
        return True
    # breadth-first search over alternating paths a2 -> x (a neighbour) -> mate[x] -> ...
    came = {a2: -1}
    queue = [a2]
    head = 0
    while head < len(queue):
        u = queue[head]
        head += 1
        r, c = divmod(u, cols)
        up, down = u - cols if r else -1, u + cols if r < rows - 1 else -1
        for x in (up, down, u - 1 if c else -1, u + 1 if c < cols - 1 else -1):
            if x < 0 or filled[x] or x == a or x == b or x in came:
                continue
            came[x] = u
            if x == b2:  # flip the path: u-x matched, and back along it
                while x != -1:
                    u = came[x]
                    nxt = came[u] if u != a2 else -1
                    mate[x], mate[u] = u, x
                    x = nxt
                return True
            y = mate[x]
            if y not in came:
                came[y] = x
                queue.append(y)
    return False


# --------------------------------------------------------------------- spec
def _apply(board: Board, move: tuple) -> Board:
    """A move is a joined pair ``(a, b)``, or a shuffle ``("shuffle", code)``
    that rearranges the same tiles."""
    if move[0] == "shuffle":
        new = Board.parse(move[1])
        if (new.rows, new.cols) != (board.rows, board.cols) or sorted(new.cells) != sorted(board.cells):
            raise BoardError("shuffle_changed_tiles")
        return new
    a, b = move
    for cell in (a, b):
        if not 0 <= cell < len(board.cells):
            raise BoardError("cell_off_board", text=quote(cell), rows=board.rows, cols=board.cols)
    r1, c1 = divmod(a, board.cols)
    r2, c2 = divmod(b, board.cols)
    if not connect(board, r1, c1, r2, c2):
        raise BoardError("tiles_not_joinable", row1=r1 + 1, col1=c1 + 1, row2=r2 + 1, col2=c2 + 1)
    return board.remove(a, b)


def _decode_move(data: object) -> tuple:
    """``[a, b]`` or ``["shuffle", code]`` → the move; ``ValueError`` for anything else."""
    if not isinstance(data, list) or len(data) != 2:
        raise BoardError("move_bad_form", text=quote(data))
    if data[0] == "shuffle" and isinstance(data[1], str):
        return ("shuffle", data[1])
    return (exact_int(data[0]), exact_int(data[1]))


def _format_move(board: Board, move: tuple) -> str:
    if move[0] == "shuffle":
        return "// shuffled: %s" % move[1]
    r1, c1 = divmod(move[0], board.cols)
    r2, c2 = divmod(move[1], board.cols)
    return "gameHandler.connect(%d, %d, %d, %d)" % (r1, c1, r2, c2)


add_messages(_MESSAGES)  # the game's error codes, said in both languages

SPEC = GameSpec(
    "linkup",
    Board,
    default=lambda: generate(4, 6, 6, 4, 1),
    apply=_apply,
    encode_move=lambda m: [m[0], m[1]],
    decode_move=_decode_move,
    solver="puzzles.linkup.solver",
    view="puzzles.linkup.view",
    exercise="puzzles.linkup.exercise",
    texts="puzzles.linkup.texts",
    format_move=_format_move,
    legal_moves=joinable_pairs,
    count=lambda moves, options: sum(1 for m in moves if m[0] != "shuffle"),
)
