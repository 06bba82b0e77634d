"""The sliding puzzle's Code-panel exercise: LeetCode 773's ``slidingPuzzle(board)``, which
returns the fewest moves (``-1``: none), compared with the exact solver's; moves made through
``gameHandler.move(tile)`` (or printed as the course's lines) are played too."""

from puzzles.code_check import Exercise

# The starter program, with comments in the page's language: the course's function, a first
# step, and room for the learner's search.
STARTERS = (
    '''# Sliding puzzle (LeetCode 773): slidingPuzzle(board) returns the fewest moves
# that put the tiles in order (1, 2, 3, ... row by row, the blank 0 last),
# or -1 when that cannot be done.
# You may also call gameHandler.move(tile) for each tile to slide into the
# blank: those moves are played on the board.


def slidingPuzzle(board):
    rows, cols = len(board), len(board[0])
    goal = [[r * cols + c + 1 for c in range(cols)] for r in range(rows)]
    goal[-1][-1] = 0
    if board == goal:
        return 0
    return -1  # your breadth-first search goes here
''',
    '''# 滑动谜题（LeetCode 773）：slidingPuzzle(board) 返回把数字排好所需的最少步数
# （逐行 1、2、3……，空格 0 在最后），做不到时返回 -1。
# 你也可以对每个要滑进空格的数字调用 gameHandler.move(tile)：
# 这些步骤会在棋盘上播放。


def slidingPuzzle(board):
    rows, cols = len(board), len(board[0])
    goal = [[r * cols + c + 1 for c in range(cols)] for r in range(rows)]
    goal[-1][-1] = 0
    if board == goal:
        return 0
    return -1  # 在这里写你的广度优先搜索
''',
)

EXERCISE = Exercise(
    function="slidingPuzzle",
    answer="count",
    starters=STARTERS,
    move_args=1,
    course_line=r"^\s*gameHandler\.move\(\s*(\d{1,6})\s*\)\s*;?\s*$",
    exact_options={"mode": "optimal"},
    keys={"answer_ok": "code_sliding_answer_ok", "answer_wrong": "code_sliding_answer"},
    trace={"want": "board", "flat": True},  # LeetCode 773's BFS keeps a board as a string of its digits
)
