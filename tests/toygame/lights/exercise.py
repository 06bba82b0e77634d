"""Lights out's Code-panel exercise: ``lightsOut(board)`` returns the fewest presses that turn
every light off, compared with the exact search's; presses made through
``gameHandler.move(cell)`` (or printed as the console's lines) are played too."""

from puzzles.code_check import Exercise

STARTERS = (
    '''# Lights out: lightsOut(board) returns the fewest presses that turn every
# light off. board is 3 rows of 0 (off) and 1 (on). Pressing a light switches
# it and the lights above, below, left and right of it.
# gameHandler.move(cell) presses light cell (0-8, row by row) on the board.


def lightsOut(board):
    if not any(any(row) for row in board):
        return 0
    return -1  # your breadth-first search goes here
''',
    '''# 关灯：lightsOut(board) 返回关掉所有灯所需的最少按灯次数。
# board 是 3 行 0（灭）和 1（亮）。按下一盏灯，它和上下左右的灯都会切换。
# gameHandler.move(cell) 在棋盘上按下第 cell 盏灯（0-8，逐行编号）。


def lightsOut(board):
    if not any(any(row) for row in board):
        return 0
    return -1  # 在这里写你的广度优先搜索
''',
)

EXERCISE = Exercise(
    function="lightsOut",
    answer="count",
    starters=STARTERS,
    move_args=1,
    course_line=r"^\s*gameHandler\.move\(\s*(\d{1,6})\s*\)\s*;?\s*$",
    keys={"answer_ok": "code_lights_answer_ok", "answer_wrong": "code_lights_answer"},
)
