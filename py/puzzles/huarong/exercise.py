"""Huarong's Code-panel exercise: the course's ``solve(board)``, which moves the pieces
through ``gameHandler.move(pid, direction)`` (or prints the course's lines); its moves are
replayed and judged by whether they free Cao Cao, in how many steps."""

from puzzles.code_check import Exercise
from puzzles.huarong import METRICS, count_steps

# The starter program, with comments in the page's language: the course's function, a first
# step, and room for the learner's search.
STARTERS = (
    '''# Huarong Road: write solve(board) so that Cao Cao (piece 1) reaches the exit.
# board is the grid of piece ids, a list of rows; 0 is an empty cell.
# gameHandler.move(pid, direction) moves piece pid one cell, direction being
# 'up', 'down', 'left' or 'right'. Your moves are played on the board when
# your program ends (printing the course's lines, such as
# print("gameHandler.move(10, 'left')"), works too).
from collections import deque


def solve(board):
    rows, cols = len(board), len(board[0])
    print("A board of", rows, "rows and", cols, "columns")
    # A first move for the course's board: soldier 10 goes left.
    # Replace it with a breadth-first search (deque is imported for you).
    gameHandler.move(10, 'left')
''',
    '''# 华容道：写出 solve(board)，让曹操（1 号棋子）走到出口。
# board 是棋子编号组成的网格（若干行的列表），0 表示空格。
# gameHandler.move(pid, direction) 把 pid 号棋子移动一格，direction 为
# 'up'、'down'、'left' 或 'right'。程序结束后，你走的每一步都会在棋盘上播放
# （像课程那样打印走法，例如 print("gameHandler.move(10, 'left')")，也可以）。
from collections import deque


def solve(board):
    rows, cols = len(board), len(board[0])
    print("棋盘有", rows, "行", cols, "列")
    # 课程棋盘的第一步：10 号兵向左走。
    # 把它换成广度优先搜索（已经为你导入了 deque）。
    gameHandler.move(10, 'left')
''',
)



def steps(moves: list) -> dict:
    """A solved answer's steps in each metric (the form of its cases' ``expected``)."""
    return {metric: count_steps(moves, metric) for metric in METRICS}


EXERCISE = Exercise(
    function="solve",
    answer="moves",
    starters=STARTERS,
    move_args=2,
    course_line=r"^\s*gameHandler\.move\(\s*(\d{1,6})\s*,\s*['\"](up|down|left|right)['\"]\s*\)\s*;?\s*$",
    steps=steps,
    keys={"steps": "hr_code_steps"},
)
