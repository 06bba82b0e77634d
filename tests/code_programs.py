"""Programs a learner writes in the Code panel, each written here, independent of the project's solvers:
shared by the panel's CPython tests (tests/test_code_panel_page.py) and its end-to-end tests."""


# A plain breadth-first search over whole boards (pieces of one shape are interchangeable in
# the visited set), moving one cell at a time: the cell metric's fewest moves.
HUARONG_BFS = '''from collections import deque

STEP = {'up': (-1, 0), 'down': (1, 0), 'left': (0, -1), 'right': (0, 1)}


def solve(board):
    rows, cols = len(board), len(board[0])
    start = tuple(v for row in board for v in row)
    spans = {}
    for i, v in enumerate(start):
        if v:
            spans.setdefault(v, []).append(i)
    kind = {0: 0}
    for pid, cs in spans.items():
        kind[pid] = (cs[-1] // cols - cs[0] // cols + 1) * 4 + (cs[-1] % cols - cs[0] % cols + 1)

    def key(s):
        return bytes(kind[v] for v in s)

    corner = (rows - 2) * cols + cols // 2 - 1
    seen = {key(start): None}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s[corner] == 1 and s[corner + cols + 1] == 1:
            path = []
            k = key(s)
            while seen[k] is not None:
                parent, move = seen[k]
                path.append(move)
                k = key(parent)
            for pid, d in reversed(path):
                gameHandler.move(pid, d)
            return
        where = {}
        for i, v in enumerate(s):
            if v:
                where.setdefault(v, []).append(i)
        for pid, cs in where.items():
            for d, (dr, dc) in STEP.items():
                moved = []
                for i in cs:
                    r, c = i // cols + dr, i % cols + dc
                    if not (0 <= r < rows and 0 <= c < cols) or s[r * cols + c] not in (0, pid):
                        break
                    moved.append(r * cols + c)
                else:
                    t = list(s)
                    for i in cs:
                        t[i] = 0
                    for i in moved:
                        t[i] = pid
                    t = tuple(t)
                    k = key(t)
                    if k not in seen:
                        seen[k] = (s, (pid, d))
                        queue.append(t)
'''

# Link-up's connect: a breadth-first search over (cell, heading) that counts turns (0-1 BFS),
# through empty cells and the ring; MAX_TURNS = 3 makes the wrong one (it forgets the ring's turns).
CONNECT = '''from collections import deque

MAX_TURNS = 2
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def connect(board, r1, c1, r2, c2):
    rows, cols = len(board), len(board[0])
    if (r1, c1) == (r2, c2) or not board[r1][c1] or board[r1][c1] != board[r2][c2]:
        return []

    def open_cell(r, c):
        if (r, c) == (r2, c2):
            return True
        if not (-1 <= r <= rows and -1 <= c <= cols):
            return False
        return not (0 <= r < rows and 0 <= c < cols) or board[r][c] == 0

    turns = {}
    came = {}
    queue = deque()
    for d in range(4):
        turns[(r1, c1, d)] = 0
        came[(r1, c1, d)] = None
        queue.append((r1, c1, d))
    while queue:
        r, c, d = queue.popleft()
        k = turns[(r, c, d)]
        if (r, c) == (r2, c2):
            path = []
            state = (r, c, d)
            while state is not None:
                cell = [state[0], state[1]]
                if not path or path[-1] != cell:
                    path.append(cell)
                state = came[state]
            return path[::-1]
        for nd in range(4):
            if nd == d:
                nxt, cost = (r + STEPS[d][0], c + STEPS[d][1], d), k
                if not open_cell(nxt[0], nxt[1]):
                    continue
            else:
                nxt, cost = (r, c, nd), k + 1
            if cost > MAX_TURNS or turns.get(nxt, 99) <= cost:
                continue
            turns[nxt] = cost
            came[nxt] = (r, c, d)
            if cost == k:
                queue.appendleft(nxt)
            else:
                queue.append(nxt)
    return []
'''
SLIDING_BFS = '''from collections import deque


def slidingPuzzle(board):
    rows, cols = len(board), len(board[0])
    start = tuple(v for row in board for v in row)
    goal = tuple(list(range(1, rows * cols)) + [0])
    seen = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            return seen[s]
        z = s.index(0)
        r, c = divmod(z, cols)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                t = list(s)
                j = (r + dr) * cols + c + dc
                t[z], t[j] = t[j], t[z]
                t = tuple(t)
                if t not in seen:
                    seen[t] = seen[s] + 1
                    queue.append(t)
    return -1
'''

# The same BFS by a learner who knows the parity rule: an unsolvable board answers -1 without searching
# (the plain BFS walks all 181,440 positions of a 3 × 3 board first, seconds each in the worker).
SLIDING_PARITY_BFS = SLIDING_BFS.replace(
    "    seen = {start: 0}",
    """    inversions = sum(1 for i, a in enumerate(start) for b in start[i + 1:] if a and b and a > b)
    blank_row = start.index(0) // cols
    if (inversions + (0 if cols % 2 else rows - 1 - blank_row)) % 2:
        return -1
    seen = {start: 0}""",
)


SLIDES_ONE = """
_fewest = slidingPuzzle


def slidingPuzzle(board):
    cols = len(board[0])
    flat = [v for row in board for v in row]
    z = flat.index(0)
    gameHandler.move(flat[z - 1] if z % cols else flat[z + 1])  # a tile beside the blank
    return _fewest(board)
"""


def connect_with(turns: int) -> str:
    return CONNECT.replace("MAX_TURNS = 2", "MAX_TURNS = %d" % turns)


def moves_of(program: str, board: list) -> list:
    """The moves a Huarong ``solve`` makes on ``board``, as CPython runs it here (its ``gameHandler.move``
    calls recorded)."""
    made = []
    ns = {"gameHandler": type("Recorder", (), {"move": staticmethod(lambda pid, d: made.append([pid, d]))})}
    exec(program, ns)
    ns["solve"](board)
    return made


def replaying(moves: list) -> str:
    """A learner's ``solve`` that makes ``moves``, worked out beforehand, one by one (no search in the worker)."""
    return "MOVES = %r\n\n\ndef solve(board):\n    for pid, d in MOVES:\n        gameHandler.move(pid, d)\n" % moves


def long_program(n: int = 8686) -> str:
    """A learner's long solution: ``n`` characters, Chinese comments on every other line."""
    lines, size, i = [], 0, 0
    while size < n:
        line = "# 第 %d 步：从队列取出状态，试每个方向（广度优先搜索）\nstate_%d = [%d, 'left']\n" % (i, i, i)
        lines.append(line)
        size += len(line)
        i += 1
    return "".join(lines)[:n]
