"""The Code panel (issue #23): the learner's own Python, typed into the editor, run in a worker of
its own and played on the board; Check against the exact solver's answers; Stop; errors marking
their line; the code kept over a reload and carried by a shared link. Every solution here is
written in this file, independent of the project's solvers."""


import pytest
from playwright.sync_api import expect

from app.i18n import t

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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_typed_bfs_solves_the_course_board_in_116_moves(open_game, lang):
    page = open_game("?game=huarong&lang=%s&speed=0" % lang)
    code = page.code_panel().open()
    code.write(HUARONG_BFS)
    code.run()
    expect(code.status()).to_have_text(t("code_solved_in", lang, n=116, m=116), timeout=90_000)
    assert page.is_solved() and page.move_count() == 116
