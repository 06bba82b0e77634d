"""The course's ``connect`` as its Link-up page explains it, written to be shown: a breadth-first
search over states ``(row, col, direction, turns)`` from the first tile, where a step goes to a
neighbouring cell (the one-cell ring around the board included), a change of direction is a turn,
more than two turns are never taken, and a state is visited once. The first state that reaches the
second tile ends the search with its path.

:func:`search` answers everything the page animates (Link-up's "Show the search"): the waves of the
search (the cells of the states ``k`` steps from the first tile, for each ``k``), how many states it
visited, and the path (or none). It is a generator so the page runs it in slices: it yields after
every :data:`SLICE` states taken from the queue. Cells are ids on the board with its ring, ``(row +
1) * (cols + 2) + col + 1``; states are integers, never tuples (MicroPython hashes tuples slowly).

Runs in CPython and on MicroPython.
"""

# The course's order of directions: up, right, down, left.
DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))
MAX_TURNS = 2
SLICE = 64  # states taken from the queue between two yields


def ring_id(r: int, c: int, cols: int) -> int:
    """Cell ``(r, c)`` (``-1`` and the size are the ring) as an id on the board with its ring."""
    return (r + 1) * (cols + 2) + c + 1


def ring_cell(i: int, cols: int) -> tuple:
    """:func:`ring_id`'s cell again, ``(r, c)``."""
    return i // (cols + 2) - 1, i % (cols + 2) - 1


def search(rows: int, cols: int, cells: "tuple | list", a: int, b: int):
    """The search from tile ``a`` to tile ``b`` (cell indices ``row * cols + col`` of ``cells``, the
    board's kinds row by row, ``0`` empty), run as a generator; its value (``StopIteration``) is a
    dict: ``waves`` (a list, for each number of steps from ``a``, of the ids of the cells of the states
    that far), ``states`` (states visited, the course's ``visited`` set's size at the end), ``path``
    (``[[row, col], ...]`` from ``a`` to ``b``, ring cells included, or ``[]``). Two different kinds,
    an empty cell or the same tile: no search, nothing visited."""
    out = {"waves": [], "states": 0, "path": []}
    n = rows * cols
    if a == b or not (0 <= a < n and 0 <= b < n) or not cells[a] or cells[a] != cells[b]:
        return out
    w, h = cols + 2, rows + 2
    free = bytearray(w * h)  # 1: a path may pass (an empty cell or the ring)
    for r in range(-1, rows + 1):
        for c in range(-1, cols + 1):
            if not (0 <= r < rows and 0 <= c < cols) or not cells[r * cols + c]:
                free[(r + 1) * w + c + 1] = 1
    start = ring_id(a // cols, a % cols, cols)
    goal = ring_id(b // cols, b % cols, cols)
    # a state: (cell * 4 + direction) * 3 + turns; the start has no direction and stands apart
    # lists made whole at once: a dict growing state by state rehashes (long pauses on MicroPython)
    seen = bytearray(w * h * 12)
    parent = [-1] * (w * h * 12)  # state -> the state it was reached from (-1: the start)
    depth = [0] * (w * h * 12)  # state -> steps from the start
    queue = [-1]
    head = 0
    waves = [[start]]
    listed = [-1] * (w * h)  # cell -> the last wave it was listed in
    visited = 0
    found = -1
    taken = 0
    while head < len(queue) and found < 0:
        s = queue[head]
        head += 1
        if s < 0:
            p, d, t, k = start, -1, 0, 0
        else:
            p, d, t, k = s // 12, (s // 3) % 4, s % 3, depth[s]
        r, c = p // w, p % w
        for i in range(4):
            dr, dc = DIRS[i]
            nr, nc = r + dr, c + dc
            if not (0 <= nr < h and 0 <= nc < w):
                continue
            nt = t if d < 0 or d == i else t + 1
            if nt > MAX_TURNS:
                continue
            q = nr * w + nc
            ns = (q * 4 + i) * 3 + nt
            if seen[ns]:
                continue
            seen[ns] = 1
            visited += 1
            parent[ns] = s
            if q == goal:
                found = ns
                break
            if not free[q]:
                continue
            depth[ns] = k + 1
            queue.append(ns)
            if k + 1 == len(waves):
                waves.append([])
            if listed[q] != k + 1:
                listed[q] = k + 1
                waves[k + 1].append(q)
        taken += 1
        if taken % SLICE == 0:
            yield
    out["waves"] = waves
    out["states"] = visited
    if found >= 0:
        ids = []
        s = found
        while s >= 0:
            ids.append(s // 12)
            s = parent[s]
        ids.append(start)
        ids.reverse()
        out["path"] = [list(ring_cell(i, cols)) for i in ids]
    return out


def run(rows: int, cols: int, cells: "tuple | list", a: int, b: int) -> dict:
    """:func:`search` run to its end at once (tests, the command line)."""
    gen = search(rows, cols, cells, a, b)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.args[0]
