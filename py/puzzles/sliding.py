"""Sliding puzzle (滑动谜题): LeetCode 773 and every board from 2×2 to 5×5.

The board
    ``rows`` × ``cols`` cells (each side 2–5) holding ``0`` (the blank) and the
    tiles ``1 … rows·cols−1``, each exactly once. Solved is ``1, 2, …,
    rows·cols−1`` in reading order with the blank last (seed 002's
    ``[[1,2,3],[4,5,0]]`` for 2×3).

Moves and counting
    A move names the tile that slides into the neighbouring blank (the
    contract's ``gameHandler.move(tile)``); each tile moved one cell is one
    move, as in LeetCode 773. Sliding a whole line of tiles toward the blank
    is several moves, one per tile.

Solvability (the permutation-parity rule)
    Every move swaps the blank with a neighbour, so it flips the parity of the
    permutation of all cells (blank included) and moves the blank one cell.
    A position can reach the goal if and only if the permutation's parity
    equals the parity of the blank's taxicab distance from its goal cell.
    :func:`solvable` answers this without any search.

Solving
    ``optimal``: breadth-first search for boards of at most 8 cells, else
    IDA* with an additive pattern-database heuristic: the tiles are split into
    disjoint groups, and each group's table holds the fewest moves of that
    group's tiles (the other tiles' moves free) from any placement to its
    goal, so the sum over groups never overestimates. The 4×4 tables (6-6-3) are built by
    ``tools/build_sliding_tables.py`` and shipped in
    ``static/data/sliding-4x4.pdb``; smaller tables for the other shapes are
    built on demand. On square boards the heuristic also looks the position
    up reflected in the main diagonal and takes the larger value.
    ``fast``: not the fewest moves. The board is reduced a row or a column at
    a time (each tile or last pair placed by a small breadth-first search
    that leaves placed tiles alone) down to a 2×3 corner, which is solved
    exactly. Instant on every size.

Codecs
    The course's JSON form (rows of numbers) and a compact share form
    ``<rows>x<cols>-<cells>``, one character per cell, ``0``–``9`` then
    ``a``–``o`` for 10–24 (``2x3-412503``).

Runs in CPython and on MicroPython (the page's main thread imports the board
model; the solver runs in the worker).
"""

import json

from puzzles import GridBoard, PuzzleError, quote, read_grid

MIN_SIDE = 2
MAX_SIDE = 5
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
MODES = ("optimal", "fast")
BFS_MAX_CELLS = 8  # boards up to this many cells (8!/2 = 20,160 positions) are solved by BFS
TABLE_FILE = "sliding-4x4.pdb"  # in static/data/
_UNSET = 255


class BoardError(PuzzleError):
    """A sliding-puzzle board or share code that does not parse or validate."""


class MoveError(PuzzleError):
    """A move that is not legal on the current board."""


# ------------------------------------------------------------------- board
class Board(GridBoard):
    """An immutable position: ``rows`` × ``cols`` numbers, row-major, ``0`` the blank."""

    __slots__ = ()
    error = BoardError

    @classmethod
    def goal(cls, rows: int, cols: int) -> "Board":
        n = rows * cols
        return cls(rows, cols, list(range(1, n)) + [0])

    @classmethod
    def from_grid(cls, grid: object, source: "str | None" = None) -> "Board":
        """Validate rows of numbers: rectangular, 2–5 a side, a permutation of ``0 … rows·cols−1``."""
        shown = source if source is not None else json.dumps(grid)
        rows, cols, cells = read_grid(grid, shown, BoardError, "a whole number")
        return cls.from_cells(rows, cols, cells, shown)

    @classmethod
    def from_cells(cls, rows: int, cols: int, cells: "list[int]", shown: str = "") -> "Board":
        if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
            raise BoardError(
                "%s is %d × %d; each side must be %d to %d" % (quote(shown), rows, cols, MIN_SIDE, MAX_SIDE)
            )
        n = rows * cols
        seen = [0] * n
        for i in range(n):
            v = cells[i]
            if v < 0 or v >= n:
                raise BoardError(
                    "%s: row %d, column %d holds %d; a %d × %d board holds 0 to %d"
                    % (quote(shown), i // cols + 1, i % cols + 1, v, rows, cols, n - 1)
                )
            if seen[v]:
                raise BoardError("%s: %d appears twice; every number 0 to %d appears once" % (quote(shown), v, n - 1))
            seen[v] = 1
        return cls(rows, cols, cells)

    @classmethod
    def from_code(cls, text: str) -> "Board":
        """Parse the share form ``<rows>x<cols>-<cells>``."""
        s = text.strip()
        head, sep, body = s.partition("-")
        size = head.split("x")
        if not sep or len(size) != 2 or not size[0].isdigit() or not size[1].isdigit():
            raise BoardError("%s is not a sliding-puzzle code (<rows>x<cols>-<cells>, e.g. 2x3-412503)" % quote(text))
        rows, cols = int(size[0]), int(size[1])
        if len(body) != rows * cols:
            raise BoardError("%s has %d cells for a %d × %d board" % (quote(text), len(body), rows, cols))
        cells = []
        for ch in body:
            v = DIGITS.find(ch)
            if v < 0:
                raise BoardError("%s: %s is not a tile character (0-9, a-o)" % (quote(text), quote(ch)))
            cells.append(v)
        return cls.from_cells(rows, cols, cells, text)

    # ----------------------------------------------------------- encoding
    def to_code(self) -> str:
        return "%dx%d-%s" % (self.rows, self.cols, "".join(DIGITS[v] for v in self.cells))

    # ----------------------------------------------------------- rules
    def blank(self) -> int:
        return self.cells.index(0)

    def is_solved(self) -> bool:
        n = len(self.cells)
        for i in range(n - 1):
            if self.cells[i] != i + 1:
                return False
        return True

    def solvable(self) -> bool:
        return solvable(self.rows, self.cols, self.cells)

    def movable(self) -> "list[int]":
        """The tiles that can slide into the blank, in cell order."""
        return [self.cells[p] for p in neighbours(self.rows, self.cols)[self.blank()]]

    def can_slide(self, tile: object) -> bool:
        return isinstance(tile, int) and not isinstance(tile, bool) and tile in self.movable()

    def slide(self, tile: int) -> "Board":
        """The board after ``tile`` slides into the blank; :class:`MoveError` if it is not next to it."""
        if not self.can_slide(tile):
            raise MoveError("tile %s is not next to the blank" % quote(tile))
        cells = list(self.cells)
        z, p = self.blank(), cells.index(tile)
        cells[z], cells[p] = tile, 0
        return Board(self.rows, self.cols, cells)

    def play(self, tiles: "list[int]") -> "Board":
        b = self
        for t in tiles:
            b = b.slide(t)
        return b

    def line_to_blank(self, tile: int) -> "list[int]":
        """The tiles that slide, nearest the blank first, when ``tile`` in the
        blank's row or column is pushed toward it; ``[]`` if it is in neither."""
        cols = self.cols
        z = self.blank()
        if not isinstance(tile, int) or tile <= 0 or tile >= len(self.cells):
            return []
        p = self.cells.index(tile)
        if p // cols == z // cols:
            step = 1 if p > z else -1
        elif p % cols == z % cols:
            step = cols if p > z else -cols
        else:
            return []
        return [self.cells[q] for q in range(z + step, p + step, step)]

    def __repr__(self) -> str:
        return "Board.parse(%r)" % self.to_code()


_NEIGHBOURS: dict = {}


def neighbours(rows: int, cols: int) -> "list[tuple]":
    """For each cell, the cells beside it (up, left, right, down order)."""
    key = rows * 16 + cols
    nb = _NEIGHBOURS.get(key)
    if nb is None:
        nb = []
        for p in range(rows * cols):
            r, c = p // cols, p % cols
            near = []
            if r > 0:
                near.append(p - cols)
            if c > 0:
                near.append(p - 1)
            if c < cols - 1:
                near.append(p + 1)
            if r < rows - 1:
                near.append(p + cols)
            nb.append(tuple(near))
        _NEIGHBOURS[key] = nb
    return nb


def solvable(rows: int, cols: int, cells: "list[int] | tuple") -> bool:
    """The parity rule: the permutation's parity equals the blank's distance parity."""
    n = rows * cols
    perm = [v - 1 if v else n - 1 for v in cells]  # the cell each number belongs in
    seen = [False] * n
    swaps = 0
    for i in range(n):
        if not seen[i]:
            j, length = i, 0
            while not seen[j]:
                seen[j] = True
                j = perm[j]
                length += 1
            swaps += length - 1
    z = list(cells).index(0)
    distance = (rows - 1 - z // cols) + (cols - 1 - z % cols)
    return swaps % 2 == distance % 2


# --------------------------------------------------------- pattern tables
def build_table(rows: int, cols: int, tiles: "list[int]") -> bytearray:
    """The pattern table of a group of tiles: for every placement of them,
    the fewest moves *of these tiles* that bring them to their goal cells.
    The other tiles are indistinguishable and their moves are free, so the
    blank wanders at no cost through the cells the group does not hold; a
    group tile can only step into the blank, so it must be next to the blank's
    open region. The search runs over (placement, that region) and keeps, per
    placement, the least over regions. Indexed by ``sum(cell(tiles[i]) *
    n**i)``, ``n`` the number of cells; impossible placements hold 255."""
    n = rows * cols
    k = len(tiles)
    mul = [n**i for i in range(k)]
    table = bytearray([_UNSET]) * (n**k)
    nb = neighbours(rows, cols)
    full = (1 << n) - 1
    left = 0
    right = 0
    for r in range(rows):
        left |= 1 << (r * cols)
        right |= 1 << (r * cols + cols - 1)

    def grow(seed: int, free: int) -> int:
        region = seed
        while True:
            wider = (
                region
                | (((region << 1) & ~left) | ((region >> 1) & ~right) | (region << cols) | (region >> cols)) & free
            )
            if wider == region:
                return region
            region = wider

    start = [t - 1 for t in tiles]
    held = 0
    for p in start:
        held |= 1 << p
    free0 = full & ~held
    frontier = []
    seen = set()
    rest = free0
    while rest:  # every open region of the goal placement (the blank may be in any of them)
        region = grow(rest & -rest, free0)
        rest &= ~region
        frontier.append((start, region))
        seen.add((sum(start[i] * mul[i] for i in range(k)), region & -region))
    table[sum(start[i] * mul[i] for i in range(k))] = 0
    d = 0
    while frontier:
        d += 1
        nxt = []
        for pos, region in frontier:
            base = 0
            occupied = 0
            for i in range(k):
                base += pos[i] * mul[i]
                occupied |= 1 << pos[i]
            for i in range(k):
                p = pos[i]
                for q in nb[p]:
                    if not (region >> q) & 1:
                        continue
                    idx = base + (q - p) * mul[i]
                    free = full & ~(occupied & ~(1 << p) | (1 << q))
                    new_region = grow(1 << p, free)
                    key = (idx, new_region & -new_region)
                    if key in seen:
                        continue
                    seen.add(key)
                    if table[idx] == _UNSET:
                        table[idx] = d
                    new = list(pos)
                    new[i] = q
                    nxt.append((new, new_region))
        frontier = nxt
    return table


class Heuristic:
    """An additive pattern-database heuristic for one board shape.

    ``groups`` partition the tiles; ``tables[g]`` is :func:`build_table` of
    ``groups[g]``. On a square board the goal is its own reflection in the
    main diagonal, so the reflected position is exactly as far from the goal:
    the same tables, looked up for it, give a second lower bound (``mirror``
    maps each cell and tile to its reflection)."""

    def __init__(self, rows: int, cols: int, groups: "list[list[int]]", tables: "list | None" = None) -> None:
        self.rows, self.cols = rows, cols
        self.groups = [list(g) for g in groups]
        n = rows * cols
        tiles = sorted(t for g in groups for t in g)
        if tiles != list(range(1, n)):
            raise ValueError("the groups %r do not partition the tiles 1..%d" % (groups, n - 1))
        self.tables = tables if tables is not None else [build_table(rows, cols, g) for g in self.groups]
        self.group = [0] * n  # tile -> its group
        self.mul = [0] * n  # tile -> n ** (its place in the group)
        for gi, g in enumerate(self.groups):
            for i, t in enumerate(g):
                self.group[t] = gi
                self.mul[t] = n**i
        self.mirror = None
        if rows == cols:
            cell = [(p % cols) * cols + p // cols for p in range(n)]
            tile = [0] + [cell[t - 1] + 1 for t in range(1, n)]
            self.mirror = (cell, tile)

    def indices(self, cells: "list[int] | tuple", reflect: bool = False) -> "list[int]":
        idx = [0] * len(self.groups)
        for p, t in enumerate(cells):
            if t:
                if reflect:
                    cell, tile = self.mirror
                    p, t = cell[p], tile[t]
                idx[self.group[t]] += p * self.mul[t]
        return idx

    def value(self, cells: "list[int] | tuple") -> int:
        """The heuristic's estimate of the moves left (a lower bound)."""
        h = sum(self.tables[g][i] for g, i in enumerate(self.indices(cells)))
        if self.mirror is not None:
            h = max(h, sum(self.tables[g][i] for g, i in enumerate(self.indices(cells, True))))
        return h


def default_groups(rows: int, cols: int) -> "list[list[int]]":
    """Tiles in reading order, in groups as large as keeps each table small (≤ 25,000 entries)."""
    n = rows * cols
    k = 1
    while n ** (k + 1) <= 25000:
        k += 1
    tiles = list(range(1, n))
    return [tiles[i : i + k] for i in range(0, n - 1, k)]


# The 4×4 partition of the shipped tables (6-6-3): the left and right 3 × 2
# blocks and the bottom row's three tiles.
GROUPS_4X4 = [[1, 2, 5, 6, 9, 10], [3, 4, 7, 8, 11, 12], [13, 14, 15]]
_heuristics: dict = {}


def _manhattan_table(rows: int, cols: int, tiles: "list[int]") -> bytes:
    """The group's Manhattan distance for every index of its table, built as
    sums over the index's digits with ``bytes.translate`` (no Python loop per entry)."""
    n = rows * cols
    md = [[abs(p // cols - (t - 1) // cols) + abs(p % cols - (t - 1) % cols) for p in range(n)] for t in tiles]
    plus = [bytes((v + c) & 255 for v in range(256)) for c in range(rows + cols)]
    table = bytes(md[0])
    for i in range(1, len(tiles)):
        table = b"".join(table.translate(plus[md[i][j]]) for j in range(n))
    return table


def encode_tables(rows: int, cols: int, groups: "list[list[int]]", tables: "list[bytearray]") -> bytes:
    """The shipped form: a JSON header line, then the zlib-compressed tables.

    Each entry is stored as its excess over the group's Manhattan distance,
    halved: every move changes one tile's distance by one, so value and
    distance have the same parity and the excess is even (0–10 for 4×4).
    The small numbers compress to about a third."""
    import zlib

    head = json.dumps({"rows": rows, "cols": cols, "groups": groups, "encoding": "excess/2"}).encode() + b"\n"
    parts = []
    for g, table in zip(groups, tables):
        md = _manhattan_table(rows, cols, g)
        excess = bytearray(len(table))
        for i, v in enumerate(table):
            if v != _UNSET:
                if v < md[i] or (v - md[i]) % 2:
                    raise ValueError("entry %d of group %r is %d, below or off the parity of %d" % (i, g, v, md[i]))
                excess[i] = (v - md[i]) // 2
        parts.append(bytes(excess))
    return head + zlib.compress(b"".join(parts), 9)


def install_tables(data: bytes) -> Heuristic:
    """Load tables made by :func:`encode_tables` into bytearrays and use them
    for their shape. Entries of impossible placements are never looked up."""
    import zlib

    head, _, packed = bytes(data).partition(b"\n")
    meta = json.loads(head.decode())
    rows, cols, groups = meta["rows"], meta["cols"], meta["groups"]
    if meta.get("encoding") != "excess/2":
        raise ValueError("pattern tables: unknown encoding %s" % quote(meta.get("encoding")))
    body = zlib.decompress(packed)
    n = rows * cols
    tables, at = [], 0
    for g in groups:
        size = n ** len(g)
        excess = body[at : at + size]
        md = _manhattan_table(rows, cols, g)
        # value = distance + 2 * excess, for all entries at once as one big integer (no byte carries: all < 256)
        total = int.from_bytes(md, "little") + (int.from_bytes(excess, "little") << 1)
        tables.append(bytearray(total.to_bytes(size, "little")))
        at += size
    if at != len(body):
        raise ValueError("pattern tables: %d bytes, expected %d" % (len(body), at))
    h = Heuristic(rows, cols, groups, tables)
    _heuristics[(rows, cols)] = h
    return h


def table_path() -> str:
    """Where the shipped 4×4 tables are, relative to this file (CPython only)."""
    import os

    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "static", "data", TABLE_FILE)


def heuristic_for(rows: int, cols: int) -> Heuristic:
    """The installed tables for this shape, else the shipped 4×4 file (when
    readable), else small tables built now for :func:`default_groups`."""
    h = _heuristics.get((rows, cols))
    if h is None and (rows, cols) == (4, 4):
        try:
            with open(table_path(), "rb") as f:
                h = install_tables(f.read())
        except (OSError, ImportError, AttributeError):
            h = None
    if h is None:
        h = Heuristic(rows, cols, default_groups(rows, cols))
        _heuristics[(rows, cols)] = h
    return h


# ----------------------------------------------------------------- solving
class Solution:
    """What a search found.

    ``status``: ``solved`` (``moves`` are the tiles to slide, in order),
    ``unsolvable`` (the parity rule says no: LeetCode's −1) or ``cancelled``.
    ``optimal`` says whether ``moves`` is known to be the fewest; ``nodes``
    counts the positions generated; ``method`` names the search."""

    def __init__(self, status: str, moves: "list[int]", optimal: bool, nodes: int, method: str) -> None:
        self.status = status
        self.moves = moves
        self.optimal = optimal
        self.nodes = nodes
        self.method = method

    def to_dict(self) -> dict:
        return {
            "status": self.status,
            "moves": self.moves,
            "steps": len(self.moves) if self.status == "solved" else -1,
            "optimal": self.optimal,
            "nodes": self.nodes,
            "method": self.method,
        }

    def __repr__(self) -> str:
        return "Solution(%s, %d moves, %s)" % (self.status, len(self.moves), self.method)


def search(board: Board, mode: str = "optimal", chunk: int = 20000):
    """Solve ``board``: a generator that yields progress dicts about every
    ``chunk`` positions (``{"bound", "nodes"}`` for IDA*, ``{"nodes"}``
    otherwise) and returns a :class:`Solution`.

    ``mode`` is ``optimal`` (fewest moves) or ``fast`` (a solution at once,
    not the fewest)."""
    if mode not in MODES:
        raise ValueError("unknown mode %s; expected optimal or fast" % quote(mode))
    return _search(board, mode, chunk)


def _search(board: Board, mode: str, chunk: int):
    if not board.solvable():
        return Solution("unsolvable", [], True, 0, "parity")
        yield  # a generator even when it answers at once
    if board.is_solved():
        return Solution("solved", [], True, 0, "none")
    if mode == "fast":
        return Solution("solved", _reduce(board), False, 0, "fast")
    if len(board.cells) <= BFS_MAX_CELLS:
        moves, nodes = yield from _bfs(board, chunk)
        return Solution("solved", moves, True, nodes, "bfs")
    heur = heuristic_for(board.rows, board.cols)
    moves, nodes = yield from _ida(board, heur, chunk)
    return Solution("solved", moves, True, nodes, "ida*")


def run(gen) -> Solution:
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def solve(board: Board, mode: str = "optimal") -> Solution:
    return run(search(board, mode))


def sliding_puzzle(board: "list[list[int]]") -> int:
    """LeetCode 773: the fewest moves to the goal, or ``-1`` when it cannot be reached."""
    sol = solve(Board.from_grid(board))
    return len(sol.moves) if sol.status == "solved" else -1


def _bfs(board: Board, chunk: int):
    """Breadth-first search from ``board`` to the goal; returns (tiles, positions generated)."""
    nb = neighbours(board.rows, board.cols)
    start = bytes(board.cells)
    goal = bytes(Board.goal(board.rows, board.cols).cells)
    parent = {start: None}
    frontier = [start]
    nodes = 0
    while frontier:
        nxt = []
        for s in frontier:
            z = s.index(0)
            for p in nb[z]:
                c = bytearray(s)
                c[z], c[p] = c[p], 0
                key = bytes(c)
                nodes += 1
                if key in parent:
                    continue
                parent[key] = s
                if key == goal:
                    return _bfs_path(parent, key), nodes
                nxt.append(key)
            if nodes >= chunk:
                chunk += chunk
                yield {"nodes": nodes}
        frontier = nxt
    raise AssertionError("a solvable board's goal was not reached")


def _bfs_path(parent: dict, key: bytes) -> "list[int]":
    tiles = []
    while parent[key] is not None:
        prev = parent[key]
        tiles.append(prev[key.index(0)])  # the tile now where the blank was before
        key = prev
    tiles.reverse()
    return tiles


def _ida(board: Board, heur: Heuristic, chunk: int):
    """IDA*: depth-first searches bounded by moves made + heuristic, the bound
    raised to the smallest value that exceeded it until the goal is met.

    Returns (tiles, positions generated: every child whose bound was
    checked). The heuristic is updated per move: only the moved tile's group
    index changes. The reflected lookup is made only for children the direct
    one did not already cut off. Only admissibility is needed for the answer
    to be the fewest moves (the per-placement least over blank regions can
    make the heuristic jump by more than one between neighbours)."""
    n = board.rows * board.cols
    nb = neighbours(board.rows, board.cols)
    # children of blank z when it came from cell prev (never straight back); prev == n at the root
    succ = [[tuple(q for q in nb[z] if q != prev) for prev in range(n + 1)] for z in range(n)]
    group, mul, tabs = heur.group, heur.mul, heur.tables
    mirror = heur.mirror is not None
    mcell, mtile = heur.mirror if mirror else (None, None)
    cells = list(board.cells)
    gi = heur.indices(cells)
    hs = sum(tabs[g][gi[g]] for g in range(len(gi)))
    mi = heur.indices(cells, True) if mirror else []
    hm = sum(tabs[g][mi[g]] for g in range(len(mi))) if mirror else 0
    z0 = cells.index(0)
    bound = max(hs, hm)
    nodes = 0
    next_report = chunk
    yield {"bound": bound, "nodes": nodes}
    while True:
        nxt_bound = 999
        depth = 0
        zs = [z0]
        cand = [succ[z0][n]]
        ks = [0]
        undo = []  # per depth: (g, old index, mirror g, old mirror index, hs, hm)
        z = z0
        while True:
            c = cand[depth]
            k = ks[depth]
            if k == len(c):
                if depth == 0:
                    break
                depth -= 1
                g, old, mg, mold, hs, hm = undo.pop()
                p = z
                z = zs[depth]
                cells[p] = cells[z]
                cells[z] = 0
                gi[g] = old
                if mirror:
                    mi[mg] = mold
                continue
            ks[depth] = k + 1
            p = c[k]
            t = cells[p]
            g = group[t]
            old = gi[g]
            new = old + (z - p) * mul[t]
            tab = tabs[g]
            nhs = hs - tab[old] + tab[new]
            nodes += 1
            f = depth + 1 + nhs
            if f > bound:
                if f < nxt_bound:
                    nxt_bound = f
                continue
            if mirror:  # looked up only for children the direct value did not prune
                mt = mtile[t]
                mg = group[mt]
                mold = mi[mg]
                mnew = mold + (mcell[z] - mcell[p]) * mul[mt]
                mtab = tabs[mg]
                nhm = hm - mtab[mold] + mtab[mnew]
                f = depth + 1 + nhm
                if f > bound:
                    if f < nxt_bound:
                        nxt_bound = f
                    continue
            else:
                mg = mold = mnew = nhm = 0
            # make the move
            undo.append((g, old, mg, mold, hs, hm))
            cells[z] = t
            cells[p] = 0
            gi[g] = new
            if mirror:
                mi[mg] = mnew
            hs, hm = nhs, nhm
            prev = z
            z = p
            depth += 1
            if nhs == 0:
                return _path_tiles(board.cells, zs[:depth] + [z]), nodes
            if depth == len(zs):
                zs.append(z)
                cand.append(succ[z][prev])
                ks.append(0)
            else:
                zs[depth] = z
                cand[depth] = succ[z][prev]
                ks[depth] = 0
            if nodes >= next_report:
                next_report = nodes + chunk
                yield {"bound": bound, "nodes": nodes}
        bound = nxt_bound
        yield {"bound": bound, "nodes": nodes}


def _path_tiles(start: tuple, blanks: "list[int]") -> "list[int]":
    """The tiles slid when the blank visits ``blanks`` in turn, starting from ``start``."""
    cells = list(start)
    tiles = []
    for i in range(1, len(blanks)):
        z, p = blanks[i - 1], blanks[i]
        t = cells[p]
        tiles.append(t)
        cells[z], cells[p] = t, 0
    return tiles


# ---------------------------------------------------------------- fast mode
def _reduce(board: Board) -> "list[int]":
    """A solution, not the fewest moves: fix the top row or left column of the
    unsolved region (the longer side's line first) until a corner of at most
    six cells is left, then solve that corner exactly. Each tile of a line is
    placed by a breadth-first search over (its cell, the blank's cell) that
    never moves placed tiles; a line's last two tiles are placed together."""
    rows, cols = board.rows, board.cols
    cells = list(board.cells)
    locked = [False] * (rows * cols)
    moves: "list[int]" = []
    top = left = 0
    while (rows - top) * (cols - left) > 6:
        if rows - top >= cols - left:
            line = [top * cols + c for c in range(left, cols)]
            top += 1
        else:
            line = [r * cols + left for r in range(top, rows)]
            left += 1
        for j in range(len(line) - 2):
            _place(rows, cols, cells, locked, [line[j]], moves)
            locked[line[j]] = True
        _place(rows, cols, cells, locked, line[-2:], moves)
        locked[line[-2]] = locked[line[-1]] = True
    corner = [r * cols + c for r in range(top, rows) for c in range(left, cols)]
    _place(rows, cols, cells, locked, corner[:-1], moves)
    return _cancel_pairs(moves)


def _place(rows: int, cols: int, cells: "list[int]", locked: "list[bool]", targets: "list[int]", moves: list) -> None:
    """Move the tiles that belong on ``targets`` there, by BFS over their cells
    and the blank's, through unlocked cells only; plays the moves on ``cells``."""
    n = rows * cols
    nb = neighbours(rows, cols)
    tiles = [q + 1 for q in targets]
    k = len(tiles)

    def key(pos: list, z: int) -> int:
        v = z
        for p in pos:
            v = v * n + p
        return v

    pos0 = [cells.index(t) for t in tiles]
    z0 = cells.index(0)
    start = key(pos0, z0)
    goal_pos = targets
    parent = {start: None}
    frontier = [(pos0, z0)]
    found = start if pos0 == goal_pos else None
    while found is None and frontier:
        nxt = []
        for pos, z in frontier:
            for q in nb[z]:
                if locked[q]:
                    continue
                new = list(pos)
                for i in range(k):
                    if new[i] == q:
                        new[i] = z
                kq = key(new, q)
                if kq in parent:
                    continue
                parent[kq] = (key(pos, z), q)
                if new == goal_pos:
                    found = kq
                    break
                nxt.append((new, q))
            if found is not None:
                break
        frontier = nxt
    if found is None:
        raise AssertionError("tiles %r cannot be placed" % tiles)
    blanks = []
    kk = found
    while parent[kk] is not None:
        kk, q = parent[kk]
        blanks.append(q)
    blanks.reverse()
    z = z0
    for q in blanks:
        t = cells[q]
        moves.append(t)
        cells[z], cells[q] = t, 0
        z = q


def _cancel_pairs(moves: "list[int]") -> "list[int]":
    """Drop a move immediately undone by sliding the same tile back."""
    out: "list[int]" = []
    for t in moves:
        if out and out[-1] == t:
            out.pop()
        else:
            out.append(t)
    return out


# ------------------------------------------------------------------ shuffle
def shuffled(rows: int, cols: int, seed: int) -> Board:
    """A random solvable position (uniform among them) from ``seed``."""
    n = rows * cols
    x = (seed & 0xFFFFFFFF) or 0x9E3779B9
    cells = list(range(n))
    while True:
        for i in range(n - 1, 0, -1):
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            j = x % (i + 1)
            cells[i], cells[j] = cells[j], cells[i]
        if not solvable(rows, cols, cells):
            # swap two tiles (not the blank) to fix the parity
            a, b = [i for i in range(n) if cells[i]][:2]
            cells[a], cells[b] = cells[b], cells[a]
        b = Board(rows, cols, cells)
        if not b.is_solved():
            return b


def main(argv: "list[str] | None" = None) -> int:
    """CLI: ``python -m puzzles.sliding '[[4,1,2],[5,0,3]]' [--fast]``: the tiles to slide, one per line."""
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    mode = "fast" if "--fast" in args else "optimal"
    args = [a for a in args if not a.startswith("--")]
    if len(args) != 1:
        print("usage: python -m puzzles.sliding BOARD [--fast]   (BOARD: JSON rows or a share code)")
        return 2
    try:
        board = Board.parse(args[0])
    except PuzzleError as e:
        print("error: %s" % e)
        return 2
    sol = solve(board, mode)
    if sol.status != "solved":
        print("-1  (unsolvable: the permutation parity does not match the blank's distance)")
        return 1
    for t in sol.moves:
        print("gameHandler.move(%d)" % t)
    print(
        "# %d moves (%s, %s, %d positions)"
        % (len(sol.moves), "fewest" if sol.optimal else "not the fewest", sol.method, sol.nodes)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
