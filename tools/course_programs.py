"""Learners' programs written the course's way, shared by the Code panel's tests and its benchmark
(``tools/bench_code.py``). Each is Python text, as a learner would type it into the panel.

``COURSE_HUARONG`` translates the course's Huarong BFS (labuladong, 【游戏】华容道游戏) line by line:
the board kept as a list of rows and copied for each move, its pieces found again on every board,
pieces of one shape given one category in the visited set's key (the course's key idea), a visited
set of strings, and each queued board carrying its own path list; the moves of the first path that
reaches the goal are made through ``gameHandler.move``. The course hard-codes the categories of its
one board; here they come from each piece's shape, so the program solves any layout Check gives it.

``LINKUP_BFS`` is a learner's Link-up ``connect``: a BFS over (row, col, direction, turns) with a
``deque`` and a visited dict of where each state came from, the ring around the board allowed.

``LEETCODE_773`` is the usual answer to LeetCode 773: a BFS over strings with a neighbour table fixed
for 2 x 3 boards (so it cannot solve larger ones).
"""

COURSE_HUARONG = '''from collections import deque

DIRS = ["up", "down", "left", "right"]
DRS = [-1, 1, 0, 0]
DCS = [0, 0, -1, 1]


def get_positions(board):
    # pid -> the cells it covers
    pos = {}
    for r in range(len(board)):
        for c in range(len(board[0])):
            pid = board[r][c]
            if pid != 0:
                pos.setdefault(pid, []).append((r, c))
    return pos


def categories(board):
    # the key idea: pieces of one shape are one category
    category = {0: "0"}
    shapes = {}
    for pid, cells in get_positions(board).items():
        rows = [r for r, c in cells]
        cols = [c for r, c in cells]
        shape = (max(rows) - min(rows) + 1, max(cols) - min(cols) + 1)
        if shape not in shapes:
            shapes[shape] = chr(ord("a") + len(shapes))
        category[pid] = shapes[shape]
    return category


def board_hash(board, category):
    sb = ""
    for row in board:
        for v in row:
            sb += category[v]
    return sb


def is_solved(board):
    cells = get_positions(board)[1]
    min_r = min(r for r, c in cells)
    min_c = min(c for r, c in cells)
    return min_r == len(board) - 2 and min_c == len(board[0]) // 2 - 1


def can_move(board, cells, dr, dc):
    min_r = min(r for r, c in cells)
    max_r = max(r for r, c in cells)
    min_c = min(c for r, c in cells)
    max_c = max(c for r, c in cells)
    if min_r + dr < 0 or max_r + dr >= len(board) or min_c + dc < 0 or max_c + dc >= len(board[0]):
        return False
    if dr != 0:
        check_row = min_r + dr if dr < 0 else max_r + dr
        for c in range(min_c, max_c + 1):
            if board[check_row][c] != 0:
                return False
    else:
        check_col = min_c + dc if dc < 0 else max_c + dc
        for r in range(min_r, max_r + 1):
            if board[r][check_col] != 0:
                return False
    return True


def apply_move(board, pid, cells, dr, dc):
    new_board = [row[:] for row in board]
    for r, c in cells:
        new_board[r][c] = 0
    for r, c in cells:
        new_board[r + dr][c + dc] = pid
    return new_board


def solve(board):
    category = categories(board)
    if is_solved(board):
        return
    visited = {board_hash(board, category)}
    q = deque([(board, [])])
    steps = 1
    while q:
        level_count = len(q)
        print("BFS steps: %d, current level states count: %d" % (steps, level_count))
        for _ in range(level_count):
            cur_board, cur_path = q.popleft()
            for pid, cells in get_positions(cur_board).items():
                for i in range(4):
                    dr, dc = DRS[i], DCS[i]
                    if not can_move(cur_board, cells, dr, dc):
                        continue
                    next_board = apply_move(cur_board, pid, cells, dr, dc)
                    key = board_hash(next_board, category)
                    if key in visited:
                        continue
                    visited.add(key)
                    new_path = cur_path + [(pid, DIRS[i])]
                    if is_solved(next_board):
                        for p, d in new_path:
                            gameHandler.move(p, d)
                        return
                    q.append((next_board, new_path))
        steps += 1
    print("Cannot find a solution")
'''

LEETCODE_773 = '''from collections import deque


def slidingPuzzle(board):
    neighbours = [[1, 3], [0, 2, 4], [1, 5], [0, 4], [1, 3, 5], [2, 4]]
    start = "".join(str(v) for row in board for v in row)
    target = "123450"
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        s, d = queue.popleft()
        if s == target:
            return d
        z = s.index("0")
        for j in neighbours[z]:
            t = list(s)
            t[z], t[j] = t[j], t[z]
            t = "".join(t)
            if t not in seen:
                seen.add(t)
                queue.append((t, d + 1))
    return -1
'''

LINKUP_BFS = '''from collections import deque

DIRS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def connect(board, r1, c1, r2, c2):
    rows, cols = len(board), len(board[0])
    def free(r, c):
        if (r, c) == (r2, c2):
            return True
        if r < 0 or r >= rows or c < 0 or c >= cols:
            return -1 <= r <= rows and -1 <= c <= cols
        return board[r][c] == 0
    q = deque()
    seen = {}
    for d in range(4):
        q.append((r1, c1, d, 0))
        seen[(r1, c1, d)] = None
    while q:
        r, c, d, t = q.popleft()
        if (r, c) == (r2, c2):
            path = [(r, c)]
            key = (r, c, d)
            while seen[key] is not None:
                key = seen[key]
                path.append(key[:2])
            return [list(p) for p in reversed(path)]
        for nd in range(4):
            nt = t + (nd != d)
            nr, nc = r + DIRS[nd][0], c + DIRS[nd][1]
            if nt > 2 or not free(nr, nc) or (nr, nc, nd) in seen:
                continue
            seen[(nr, nc, nd)] = (r, c, d)
            q.append((nr, nc, nd, nt))
    return []
'''
