"""The sliding puzzle's solver (worker side): BFS, IDA* with pattern tables, fast mode."""

import json

from puzzles import PuzzleError, Result, quote, run
from puzzles.code_cases import cases_job
from puzzles.sliding import MODES, TABLE_FILES, Board, neighbours
from puzzles.sliding.cases import cases as hidden_cases
from puzzles.statespace import map_job

BFS_MAX_CELLS = 8  # boards up to this many cells (8!/2 = 20,160 positions) are solved by BFS
# The shapes with pattern tables shipped in static/data/ (built by tools/build_sliding_tables.py). A board
# taller than wide is solved turned on its diagonal (:func:`transposed`), so 3 × 5's tables serve 5 × 3.
SHIPPED = TABLE_FILES
TABLE_FILE = SHIPPED[(4, 4)]
_UNSET = 255


# --------------------------------------------------------- pattern tables
def build_table(rows: int, cols: int, tiles: "list[int]") -> bytearray:
    """:func:`table_steps` at once."""
    return run(table_steps(rows, cols, tiles))


def table_steps(rows: int, cols: int, tiles: "list[int]", chunk: int = 500):
    """The pattern table of a group of tiles, as a generator that yields
    ``{"positions", "method": "tables"}`` every ``chunk`` states expanded.

    The pattern table of a group of tiles: for every placement of them,
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
    count = 0
    while frontier:
        d += 1
        nxt = []
        for pos, region in frontier:
            count += 1
            if count >= chunk:
                count = 0
                yield {"positions": len(seen), "method": "tables"}
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
# The 3×5 partition (6-6-2): columns 1-2, columns 3-4 and column 5. Measured on 12 random boards against
# rows (5-5-4) and other 5-5-4 blocks: median 0.04 s against 0.06 and 0.28, slowest 11 s against > 16 and > 5
# (cut off), CPython.
GROUPS_3X5 = [[1, 2, 6, 7, 11, 12], [3, 4, 8, 9, 13, 14], [5, 10]]
GROUPS = {(4, 4): GROUPS_4X4, (3, 5): GROUPS_3X5}  # the partition of each shape in SHIPPED
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
    """:func:`install_steps` at once."""
    return run(install_steps(data))


# Table entries decoded per slice when installing: about 2 ms of CPython.
INSTALL_CHUNK = 1 << 16


class _Inflater:
    """Reads a zlib stream a piece at a time (``zlib.decompressobj``), feeding
    it 64 KB of input at a time so no slice inflates the whole file."""

    def __init__(self, packed: bytes) -> None:
        import zlib

        self.z = zlib.decompressobj()
        self.packed = packed
        self.at = 0
        self.tail = b""
        self.buf = bytearray()
        self.total = 0  # bytes handed out so far

    def read(self, size: int) -> bytes:
        """The next ``size`` bytes, or fewer at the end of the stream."""
        buf = self.buf
        while len(buf) < size and not self.z.eof:
            if self.tail:
                inp = self.tail
            elif self.at < len(self.packed):
                inp = self.packed[self.at : self.at + 65536]
                self.at += 65536
            else:
                break
            buf += self.z.decompress(inp, size - len(buf))
            self.tail = self.z.unconsumed_tail
        out = bytes(buf[:size])
        del buf[:size]
        self.total += len(out)
        return out

    def finished(self) -> bool:
        """Whether the stream ends here, properly closed, with nothing after it."""
        extra = self.read(1)
        self.total -= len(extra)
        return not extra and self.z.eof and not self.z.unused_data and not self.tail and self.at >= len(self.packed)


def _read_head(head: bytes) -> tuple:
    """``(rows, cols, groups)`` of a tables file's JSON header line, checked."""
    try:
        meta = json.loads(head.decode("utf-8"))
        rows, cols, groups = meta["rows"], meta["cols"], meta["groups"]
        ok = meta.get("encoding") == "excess/2"
        ok = ok and all(type(v) is int and 2 <= v <= 5 for v in (rows, cols)) and isinstance(groups, list)
        ok = ok and all(isinstance(g, list) and g and all(type(t) is int for t in g) for g in groups)
        ok = ok and sorted(t for g in groups for t in g) == list(range(1, rows * cols))
        ok = ok and all((rows * cols) ** len(g) <= 1 << 24 for g in groups)
    except (ValueError, KeyError, TypeError, AttributeError):
        ok = False
    if not ok:
        raise PuzzleError("tables_bad_header", text=quote(head.decode("utf-8", "replace")))
    return rows, cols, groups


def install_steps(data: bytes, chunk: int = INSTALL_CHUNK):
    """Load tables made by :func:`encode_tables` into bytearrays and use them
    for their shape, as a generator: the compressed stream is inflated and
    decoded ``chunk`` entries at a time (a slice each), yielding
    ``{"positions": entries decoded, "method": "tables"}``; returns the
    :class:`Heuristic`. A truncated or altered file raises a
    :class:`PuzzleError` (``tables_bad_header``, ``tables_damaged``), never a
    ``zlib.error``. Entries of impossible placements are never looked up.

    Entry ``i`` of a group's table is its Manhattan distance plus twice the
    stored excess. The distances of a run of ``n ** L`` consecutive entries
    are those of the group's first ``L`` tiles (one table, built once) plus
    one constant, the later tiles' distances: a ``bytes.translate``."""
    import zlib

    head, _, packed = bytes(data).partition(b"\n")
    rows, cols, groups = _read_head(head)
    n = rows * cols
    expected = sum(n ** len(g) for g in groups)
    stream = _Inflater(packed)
    plus = [bytes((v + c) & 255 for v in range(256)) for c in range(256)]
    tables = []
    try:
        for g in groups:
            k = len(g)
            size = n**k
            low = 1  # entries per run: n ** low
            while low < k and n ** (low + 1) <= chunk:
                low += 1
            md_tiles = [[abs(p // cols - (t - 1) // cols) + abs(p % cols - (t - 1) % cols) for p in range(n)]
                        for t in g]
            base = _manhattan_table(rows, cols, g[:low])
            run_len = n**low
            table = bytearray(size)
            for at in range(0, size, run_len):
                excess = stream.read(run_len)
                if len(excess) != run_len:
                    raise PuzzleError("tables_damaged", count=stream.total, expected=expected)
                rest, shift = at // run_len, 0
                for i in range(low, k):
                    shift += md_tiles[i][rest % n]
                    rest //= n
                md = base.translate(plus[shift]) if shift else base
                # value = distance + 2 * excess, a whole run as one big integer (no byte carries: all < 256)
                total = int.from_bytes(md, "little") + (int.from_bytes(excess, "little") << 1)
                table[at : at + run_len] = total.to_bytes(run_len, "little")
                yield {"positions": stream.total, "method": "tables"}
            tables.append(table)
        if not stream.finished():
            raise PuzzleError("tables_damaged", count=stream.total, expected=expected)
    except zlib.error:
        raise PuzzleError("tables_damaged", count=stream.total, expected=expected) from None
    h = Heuristic(rows, cols, groups, tables)
    _heuristics[(rows, cols)] = h
    return h


def table_path(name: str = TABLE_FILE) -> str:
    """Where a shipped tables file is (the 4×4 one by default), relative to this file (CPython only)."""
    import os

    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "static", "data", name)


def heuristic_for(rows: int, cols: int) -> Heuristic:
    """:func:`heuristic_steps` at once."""
    return run(heuristic_steps(rows, cols))


def heuristic_steps(rows: int, cols: int):
    """The heuristic for a shape, as a generator (progress dicts, then the
    :class:`Heuristic`): the installed tables for this shape, else the
    shipped 4×4 file (when readable here: not in the browser, where the page
    sends it as the ``tables`` job), else small tables built now for
    :func:`default_groups`, a slice at a time — also when the 4×4 file
    could not be fetched, the page's fallback."""
    h = _heuristics.get((rows, cols))
    if h is None and (rows, cols) in SHIPPED:
        try:
            with open(table_path(SHIPPED[(rows, cols)]), "rb") as f:
                data = f.read()
            h = yield from install_steps(data)
        except (OSError, ImportError, AttributeError, PuzzleError):
            h = None
    if h is None:
        groups = default_groups(rows, cols)
        tables = []
        for g in groups:
            table = yield from table_steps(rows, cols, g)
            tables.append(table)
        h = Heuristic(rows, cols, groups, tables)
        _heuristics[(rows, cols)] = h
    return h


# ----------------------------------------------------------------- solving
def _solution(status: str, moves: "list[int]", optimal: bool, positions: int, method: str) -> Result:
    """``moves`` are the tiles to slide, in order; ``optimal`` whether they are
    known to be the fewest; ``positions`` the positions generated; ``method``
    the search (``bfs``, ``ida*``, ``fast``, ``parity`` for LeetCode's -1 at once)."""
    steps = len(moves) if status == "solved" else -1
    return Result(status, moves, positions, optimal=optimal, method=method, steps=steps)


def search(board: Board, mode: str = "optimal", chunk: int = 20000, budget: "int | None" = None):
    """Solve ``board``: a generator that yields progress dicts about every
    ``chunk`` positions (``{"bound", "positions"}`` for IDA*, ``{"positions"}``
    for BFS, ``{"positions", "method": "tables"}`` while pattern tables are
    built or installed) and returns a :class:`Result`.

    ``mode`` is ``optimal`` (fewest moves) or ``fast`` (a solution at once,
    not the fewest). Past ``budget`` positions generated the IDA* answers
    ``unknown``, ``positions`` saying how many."""
    if mode not in MODES:
        raise PuzzleError("unknown_mode", text=quote(mode))
    return _search(board, mode, chunk, budget)


def _search(board: Board, mode: str, chunk: int, budget: "int | None" = None, share: "tuple | None" = None):
    if not board.solvable():
        return _solution("unsolvable", [], True, 0, "parity")
        yield  # a generator even when it answers at once
    if board.is_solved():
        return _solution("solved", [], True, 0, "none")
    if mode == "fast":
        return _solution("solved", _reduce(board), False, 0, "fast")
    if len(board.cells) <= BFS_MAX_CELLS:
        moves, nodes = yield from _bfs(board, chunk)
        return _solution("solved", moves, True, nodes, "bfs")
    back = None
    if board.rows > board.cols:  # solved turned on its diagonal: one set of tables per pair of shapes
        board, back = transposed(board)
    heur = yield from heuristic_steps(board.rows, board.cols)
    moves, nodes = yield from _ida(board, heur, chunk, budget, share)
    if moves is not None and back is not None:
        moves = [back[t] for t in moves]
    if share is not None:  # one piece of a split search (see puzzles.sliding.SplitSearch): it says which
        status = "unknown" if moves is None else "solved"
        res = Result(status, moves or [], nodes, method="ida*", optimal=False, piece=list(share))
        res.stats["steps"] = len(moves) if moves is not None else -1
        return res
    if moves is None:
        return _solution("unknown", [], False, nodes, "ida*")
    return _solution("solved", moves, True, nodes, "ida*")


def transposed(board: Board) -> "tuple[Board, list[int]]":
    """``board`` turned on its main diagonal (an R × C board becomes C × R),
    its tiles renumbered so that its goal becomes the other shape's goal: the
    tile whose goal cell is ``(r, c)`` becomes the one whose goal cell is
    ``(c, r)``. A slide is a slide in both, so the two are the same distance
    from their goals, move for move; ``back[t]`` is the tile of ``board``
    that the turned board calls ``t``."""
    rows, cols = board.rows, board.cols
    cells = [0] * (rows * cols)
    back = [0] * (rows * cols)
    for p, t in enumerate(board.cells):
        r, c = divmod(p, cols)
        if t:
            gr, gc = divmod(t - 1, cols)
            u = gc * rows + gr + 1
            back[u] = t
            cells[c * rows + r] = u
    return Board(cols, rows, cells), back


def solve(board: Board, mode: str = "optimal") -> Result:
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
                yield {"positions": nodes}
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


# How long the move strings are that the pruning automaton compares (see :func:`move_steps`): 10 on the
# shapes with shipped tables (15 and 16 cells, where searches are long), 7 on the others (a cheaper build).
PRUNE_DEPTH = 10
PRUNE_DEPTH_SMALL = 7
_automata: dict = {}


def prune_depth(rows: int, cols: int) -> int:
    """The depth of the automaton a shape's searches use."""
    return PRUNE_DEPTH if rows * cols >= 15 else PRUNE_DEPTH_SMALL


def move_steps(rows: int, cols: int, depth: int, chunk: int = 300):
    """The moves IDA* tries on a shape, as an automaton over the blank's
    recent path (Taylor and Korf's duplicate pruning), built as a generator
    that yields ``{"positions", "method": "tables"}`` every ``chunk`` walks or states
    and returns ``(children, roots)``. ``children[s]`` lists, for state
    ``s``, the ``(tile's cell, blank's cell - tile's cell, next state)`` of
    every move allowed there; ``roots[z]`` is the state of a search whose
    blank starts at cell ``z``. Built once per shape and depth.

    Rules:

    1. A walk of the blank is a list of steps (+1, -1, +cols, -cols); from a
       given cell it always does the same to the board, whatever the tiles:
       its effect (where each cell's content goes).
    2. A walk of at most ``depth`` moves from cell ``c`` is *forbidden* when
       another walk from ``c``, shorter or as long and smaller as a list of
       steps, has the same effect; a move straight back is forbidden too.
       Walks are enumerated shortest first and, per length, smallest first,
       never extending a walk that contains a forbidden one, so the first
       walk of each effect is kept and every later one is forbidden.
    3. The automaton's state is the longest end of the path that begins a
       forbidden walk (from its own cell); a move is not tried when the path
       would then end with a forbidden walk (Aho and Corasick's matcher).
    4. Every position keeps a shortest path whose every move is tried: of
       its shortest paths, the one whose list of steps is the smallest has
       no forbidden piece (swapping in the other walk would give a shorter
       path, or a smaller list of the same length).

    With ``depth`` 7 this forbids exactly the runs around one 2 × 2 block:
    12 moves around it rotate its three tiles back, so ``k`` moves one way
    do what ``12 - k`` the other way do (a 7th move is never tried; of two
    runs of 6 from one cell, only the one whose first step is the smaller)."""
    key = (rows, cols, depth)
    if key in _automata:
        return _automata[key]
    n = rows * cols
    nb = neighbours(rows, cols)
    order = [sorted(nb[z], key=lambda q, z=z: q - z) for z in range(n)]
    forbidden = set()
    for z in range(n):
        for q in nb[z]:
            forbidden.add((z, (q - z, z - q)))
    ident = tuple(range(n))
    seen = {(z, ident) for z in range(n)}
    # each walk: (its cell, its steps, the cells it passes through, its effect, where the blank is)
    layer = [(z, (), (z,), ident, z) for z in range(n)]
    count = 0
    for _length in range(depth):
        nxt = []
        for c, walk, cells, effect, z in layer:
            for q in order[z]:
                longer = walk + (q - z,)
                if any((cells[i], longer[i:]) in forbidden for i in range(1, len(longer) - 1)):
                    continue  # ends with a walk forbidden already
                moved = list(effect)
                moved[z], moved[q] = moved[q], moved[z]
                moved = tuple(moved)
                if (c, moved) in seen:
                    forbidden.add((c, longer))
                    continue
                seen.add((c, moved))
                nxt.append((c, longer, cells + (q,), moved, q))
                count += 1
                if count % chunk == 0:
                    yield {"positions": count, "method": "tables"}
        layer = nxt
    trie = {(c, walk[:i]) for c, walk in forbidden for i in range(len(walk) + 1)}
    ids: dict = {}
    states: list = []

    def state(key: tuple) -> int:
        if key not in ids:
            ids[key] = len(states)
            states.append(key)
        return ids[key]

    roots = [state((z, ())) for z in range(n)]
    children: list = []
    at = 0
    while at < len(states):
        c, walk = states[at]
        at += 1
        if at % chunk == 0:
            yield {"positions": count + at, "method": "tables"}
        cells = [c]
        for step in walk:
            cells.append(cells[-1] + step)
        z = cells[-1]
        kids = []
        for q in order[z]:
            longer = walk + (q - z,)
            ends = cells + [q]
            if any((ends[i], longer[i:]) in forbidden for i in range(len(longer) - 1)):
                continue
            i = 0
            while (ends[i], longer[i:]) not in trie:
                i += 1
            kids.append((q, z - q, state((ends[i], longer[i:]))))
        children.append(tuple(kids))
    _automata[key] = (children, roots)
    return _automata[key]


def _moves(rows: int, cols: int, depth: "int | None" = None) -> tuple:
    """:func:`move_steps` at once (``depth``: :func:`prune_depth` by default)."""
    return run(move_steps(rows, cols, prune_depth(rows, cols) if depth is None else depth))


class _Pause(Exception):
    """Raised inside :func:`_ida`'s depth-first search when a slice's positions are spent; ``trail`` collects,
    deepest first, which child each level was in, so the next slice goes back down to the same node."""

    def __init__(self) -> None:
        super().__init__()
        self.trail: "list[int]" = []


def _ida(board: Board, heur: Heuristic, chunk: int, budget: "int | None" = None, share: "tuple | None" = None):
    """IDA*: depth-first searches bounded by moves made + heuristic, the bound
    raised until the goal is met.

    Returns (tiles, positions generated: every child whose bound was
    checked); the tiles are ``None`` once more than ``budget`` were.

    Rules:

    1. The heuristic is updated per move: only the moved tile's group index
       changes, by that tile's weight times the move's step (one direction of
       four), precomputed per tile; the reflected lookup (square boards) the
       same way, made only for children the direct one did not cut off.
    2. The moves tried are those of the pruning automaton (:func:`move_steps`):
       never straight back, nor a walk another as short or shorter does.
    3. Every move changes the Manhattan distance by one, every table entry has
       the parity of its group's distance, so moves made + heuristic keeps its
       parity along every path: the next bound is the bound + 2 (no solution
       length lies between), and no search has to track the least value that
       exceeded it. Only admissibility is needed for the answer to be the
       fewest moves.
    4. The search is a plain recursive function (Python's own loop over the
       children, the undo in local variables), which runs about twice as fast
       as an explicit stack; to answer in slices, it raises :class:`_Pause`
       once ``chunk`` more positions were generated, noting which child each
       level was in, and the next slice starts again from the board and goes
       straight back down that path (about as many moves as the depth) before
       it goes on.
    5. ``share`` ``(k, n, round)`` searches one share of one iteration only
       (see :func:`split_roots`): the nodes ``k``, ``k + n``, … of the
       frontier at a small fixed depth, each searched below as the whole
       search would (a node is skipped where the whole search would have cut
       its path off), at the bound of iteration ``round`` (the first bound
       + 2 · ``round``). Returns (tiles or ``None``: no solution of this
       share at this bound, positions). By rule 3 a share's solution at
       iteration ``round`` is exactly as long as that bound once its earlier
       iterations found none."""
    n = board.rows * board.cols
    cols = board.cols
    succ, roots = yield from move_steps(board.rows, board.cols, prune_depth(board.rows, board.cols))
    group, mul, tabs = heur.group, heur.mul, heur.tables
    steps = (1, -1, cols, -cols)

    def weights(m: int, step_of: dict) -> list:
        """Index change per move, looked up by ``z - p`` (the blank's cell minus the tile's: negative
        offsets index from the end of the list)."""
        w = [0] * (2 * cols + 2)
        for d in steps:
            w[d] = step_of[d] * m
        return w

    info = [None] + [(group[t], tabs[group[t]], weights(mul[t], {d: d for d in steps})) for t in range(1, n)]
    mirror = heur.mirror is not None
    minfo = [None] * n
    if mirror:
        mcell, mtile = heur.mirror
        flip = {1: cols, -1: -cols, cols: 1, -cols: -1}  # a step along a row is a step down a column reflected
        for t in range(1, n):
            mt = mtile[t]
            minfo[t] = (group[mt], tabs[group[mt]], weights(mul[mt], flip))
    start = list(board.cells)
    z0 = start.index(0)
    gi0 = heur.indices(start)
    mi0 = heur.indices(start, True) if mirror else [0]
    h0 = sum(tabs[g][gi0[g]] for g in range(len(gi0)))
    m0 = sum(tabs[g][mi0[g]] for g in range(len(mi0))) if mirror else 0
    if h0 == 0:
        return [], 0
    cells = list(start)
    gi = list(gi0)
    mi = list(mi0)
    count = [0, 0]  # positions generated, and where this slice ends
    path: "list[int]" = []  # the blank's cells, from the goal back, once found
    bound = max(h0, m0)

    def dfs(
        z: int, state: int, room: int, hs: int, hm: int,
        succ: list = succ, cells: list = cells, info: list = info, minfo: list = minfo, gi: list = gi, mi: list = mi,
        count: list = count, path: list = path,
    ) -> bool:
        """Search below the blank at ``z`` (the automaton in ``state``) with ``room`` moves left under the
        bound; ``hs``, ``hm``: the direct and reflected heuristic here. True once the goal is found."""
        ch = succ[state]
        count[0] += len(ch)
        if count[0] >= count[1]:
            raise _Pause()
        r1 = room - 1
        for p, d, nxt in ch:
            t = cells[p]
            g, tab, w = info[t]
            old = gi[g]
            new = old + w[d]
            nhs = hs - tab[old] + tab[new]
            if nhs > r1:
                continue
            mg, mtab, mw = minfo[t]
            mold = mi[mg]
            mnew = mold + mw[d]
            nhm = hm - mtab[mold] + mtab[mnew]
            if nhm > r1:
                continue
            if nhs == 0:
                path.append(p)
                return True
            cells[z] = t
            cells[p] = 0
            gi[g] = new
            mi[mg] = mnew
            try:
                if dfs(p, nxt, r1, nhs, nhm):
                    path.append(p)
                    return True
            except _Pause as e:
                e.trail.append(succ[state].index((p, d, nxt)))
                raise
            cells[p] = t
            cells[z] = 0
            gi[g] = old
            mi[mg] = mold
        return False

    def dfs_plain(
        z: int, state: int, room: int, hs: int, hm: int,
        succ: list = succ, cells: list = cells, info: list = info, gi: list = gi, count: list = count,
        path: list = path,
    ) -> bool:
        """:func:`dfs` without the reflected lookup (boards that are not square)."""
        ch = succ[state]
        count[0] += len(ch)
        if count[0] >= count[1]:
            raise _Pause()
        r1 = room - 1
        for p, d, nxt in ch:
            t = cells[p]
            g, tab, w = info[t]
            old = gi[g]
            new = old + w[d]
            nhs = hs - tab[old] + tab[new]
            if nhs > r1:
                continue
            if nhs == 0:
                path.append(p)
                return True
            cells[z] = t
            cells[p] = 0
            gi[g] = new
            try:
                if dfs_plain(p, nxt, r1, nhs, 0):
                    path.append(p)
                    return True
            except _Pause as e:
                e.trail.append(succ[state].index((p, d, nxt)))
                raise
            cells[p] = t
            cells[z] = 0
            gi[g] = old
        return False

    def again(z: int, state: int, room: int, hs: int, hm: int, resume: list) -> bool:
        """Go back down the path where the last slice stopped (``resume``: the child each level was in,
        deepest first), then on as :func:`dfs` would from there."""
        ch = succ[state]
        first = resume.pop()
        r1 = room - 1
        for k in range(first, len(ch)):
            p, d, nxt = ch[k]
            t = cells[p]
            g, tab, w = info[t]
            old = gi[g]
            new = old + w[d]
            nhs = hs - tab[old] + tab[new]
            if nhs > r1:
                continue
            nhm = mg = mold = mnew = 0
            if mirror:
                mg, mtab, mw = minfo[t]
                mold = mi[mg]
                mnew = mold + mw[d]
                nhm = hm - mtab[mold] + mtab[mnew]
                if nhm > r1:
                    continue
            if nhs == 0:
                path.append(p)
                return True
            cells[z] = t
            cells[p] = 0
            gi[g] = new
            mi[mg] = mnew
            try:
                if again(p, nxt, r1, nhs, nhm, resume) if k == first and resume else search(p, nxt, r1, nhs, nhm):
                    path.append(p)
                    return True
            except _Pause as e:
                e.trail.append(k)
                raise
            cells[p] = t
            cells[z] = 0
            gi[g] = old
            mi[mg] = mold
        return False

    search = dfs if mirror else dfs_plain
    # the nodes the search starts from: (cells, blank, automaton state, indices, reflected indices, heuristic,
    # reflected heuristic, depth, the most moves made + heuristic on the way there, the blank's cells)
    if share is None:
        tops = [(start, z0, roots[z0], gi0, mi0, h0, m0, 0, 0, [])]
    else:
        k, n, rnd = share
        tops = split_roots(board, heur, succ, roots, min(SPLIT_DEPTH, bound))[k::n]
        bound += 2 * rnd
    while True:
        for top_cells, z, st, tgi, tmi, hs, hm, depth, fmax, blanks in tops:
            if fmax > bound:
                continue  # the whole search cuts this node's path off at this bound
            if hs == 0:
                return _path_tiles(start, [z0] + blanks), count[0]
            resume = None
            while True:
                count[1] = count[0] + chunk
                cells[:] = top_cells
                gi[:] = tgi
                mi[:] = tmi
                try:
                    if resume:
                        found = again(z, st, bound - depth, hs, hm, resume)
                    else:
                        found = search(z, st, bound - depth, hs, hm)
                    break
                except _Pause as e:
                    resume = e.trail  # deepest first: each level pops its own from the end
                if budget is not None and count[0] > budget:
                    return None, count[0]
                yield {"bound": bound, "positions": count[0]}
            if found:
                path.reverse()
                return _path_tiles(start, [z0] + blanks + path), count[0]
        if share is not None:
            return None, count[0]
        bound += 2
        yield {"bound": bound, "positions": count[0]}


# How deep the frontier is that a split search deals out among its shares (:func:`split_roots`): 4 × 4's
# automaton leaves about 2.1 children a node, so a few hundred nodes.
SPLIT_DEPTH = 8
_split_cache: dict = {}


def split_roots(board: Board, heur: Heuristic, succ: list, roots: list, depth: int) -> list:
    """Every node the pruned search reaches at ``depth`` moves from ``board``,
    in the order its depth-first search meets them (no bound applies: each
    node carries the most moves made + heuristic on its path, so a search at
    any bound skips it where the whole search would cut it off). ``depth``
    must not exceed the heuristic at the start, so no solution is shorter.
    Dealt round-robin, these nodes split one search into disjoint shares
    that cover it: every solution the whole search finds passes through
    exactly one of them. Kept for the last board asked."""
    key = (board.rows, board.cols, tuple(board.cells), depth)
    if key in _split_cache:
        return _split_cache[key]
    mirror = heur.mirror is not None
    tabs = heur.tables
    out: list = []

    def h_of(cells: list) -> tuple:
        gi = heur.indices(cells)
        mi = heur.indices(cells, True) if mirror else [0]
        hs = sum(tabs[g][gi[g]] for g in range(len(gi)))
        hm = sum(tabs[g][mi[g]] for g in range(len(mi))) if mirror else 0
        return gi, mi, hs, hm

    def walk(cells: list, z: int, state: int, g: int, fmax: int, blanks: list) -> None:
        if g == depth:
            gi, mi, hs, hm = h_of(cells)
            out.append((list(cells), z, state, gi, mi, hs, hm, g, fmax, list(blanks)))
            return
        for p, _d, nxt in succ[state]:
            cells[z], cells[p] = cells[p], 0
            _gi, _mi, hs, hm = h_of(cells)
            blanks.append(p)
            walk(cells, p, nxt, g + 1, max(fmax, g + 1 + max(hs, hm)), blanks)
            blanks.pop()
            cells[p], cells[z] = cells[z], 0

    start = list(board.cells)
    z0 = start.index(0)
    walk(start, z0, roots[z0], 0, 0, [])
    _split_cache.clear()
    _split_cache[key] = out
    return out


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


# ------------------------------------------------------------ worker jobs
# Positions an optimal search may generate before it answers "unknown": about
# half a minute of CPython (the hardest shipped example, Korf's 3rd, takes 6.3 million).
BUDGET = 50_000_000


def _piece(request: dict) -> "tuple | None":
    """A split search's piece named by the request (``"share": [k, n], "round": r``, see
    :class:`puzzles.sliding.SplitSearch`) as ``(k, n, r)``, or ``None`` (the whole search)."""
    share, rnd = request.get("share"), request.get("round", 0)
    if share is None:
        return None
    ok = isinstance(share, list) and len(share) == 2 and all(type(v) is int for v in share + [rnd])
    if not ok or not (0 <= share[0] < share[1] <= 64) or not 0 <= rnd <= 100:
        raise PuzzleError("bad_request", text=quote(json.dumps([share, rnd])))
    return (share[0], share[1], rnd)


def _solve_job(board: Board, options: dict, request: dict):
    """Solve: the whole search (its budget: :data:`BUDGET`), or one piece of a split one (no budget of its
    own: the page adds the pieces' positions up)."""
    share = _piece(request)
    if share is not None:
        if options["mode"] != "optimal":
            raise PuzzleError("bad_request", text=quote(options["mode"]))
        return _search(board, "optimal", 20000, None, share)
    return search(board, options["mode"], budget=BUDGET)


def _hint_job(board: Board, options: dict, request: dict):
    """Hint: the first tile of a solution (the fewest-moves one in optimal
    mode) and ``distance``, the moves of that solution (``None`` when the
    search gave up at its budget: ``unknown``)."""
    res = yield from search(board, options["mode"], budget=BUDGET)
    distance = None if res.status == "unknown" else len(res.moves)
    return Result(res.status, res.moves[:1], res.positions, distance=distance, optimal=res.optimal)


def _tables_job(board: object, options: dict, request: dict):
    """Install a shipped tables file in slices: ``request["data"]`` holds
    the bytes of one of :data:`SHIPPED`'s files in static/data/ (the worker
    fetches them; the file's header names its shape). Answers ``loaded`` with ``groups`` and ``seconds`` (the time spent
    decoding); a damaged file raises a :class:`PuzzleError`."""
    import time

    data = request.get("data")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise PuzzleError("tables_bad_header", text=quote(type(data).__name__))
    spent = 0.0
    gen = install_steps(data)
    while True:
        t0 = time.perf_counter()
        try:
            progress = next(gen)
        except StopIteration as stop:
            heur = stop.value
            spent += time.perf_counter() - t0
            break
        spent += time.perf_counter() - t0
        yield progress
    return Result("loaded", [], 0, groups=heur.groups, seconds=spent)


JOBS = {"solve": _solve_job, "hint": _hint_job, "tables": _tables_job, "map": map_job}
JOBS["cases"] = cases_job(lambda: hidden_cases(search))  # the Code panel's Check
