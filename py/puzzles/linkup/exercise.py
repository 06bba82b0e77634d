"""Link-up's Code-panel exercise: ``connect(board, r1, c1, r2, c2)``, which returns the path
joining two tiles (or ``[]``); any legal path of at most two turns counts. "Use my connect" calls
it on the tiles a player clicks."""

from puzzles.code_check import MAX_PATH, Exercise

# The starter program, with comments in the page's language: the course's function, a first
# step, and room for the learner's search.
STARTERS = (
    '''# Link-up: connect(board, r1, c1, r2, c2) joins the tiles at (r1, c1) and (r2, c2).
# board is a list of rows of tile kinds; 0 is an empty cell.
# Return the path as a list of [row, col], from the first tile to the second,
# each step to a neighbouring cell, through empty cells only, turning at most
# twice. The path may go round the board on its outer ring: row -1 or
# len(board), column -1 or len(board[0]). Return [] when there is no such path.


def connect(board, r1, c1, r2, c2):
    # A start: two equal tiles side by side join at once.
    if board[r1][c1] == board[r2][c2] and abs(r1 - r2) + abs(c1 - c2) == 1:
        return [[r1, c1], [r2, c2]]
    return []
''',
    '''# 连连看：connect(board, r1, c1, r2, c2) 把 (r1, c1) 和 (r2, c2) 两个图块连起来。
# board 是图块种类组成的若干行，0 表示空格。
# 返回连线路径：由 [行, 列] 组成的列表，从第一个图块走到第二个图块，
# 每一步走到相邻的格子，只经过空格，最多拐两次弯。路径可以绕到棋盘外的
# 一圈：第 -1 行或第 len(board) 行、第 -1 列或第 len(board[0]) 列。
# 连不上时返回 []。


def connect(board, r1, c1, r2, c2):
    # 起步：两个相同的图块紧挨着时，直接相连。
    if board[r1][c1] == board[r2][c2] and abs(r1 - r2) + abs(c1 - c2) == 1:
        return [[r1, c1], [r2, c2]]
    return []
''',
)

EXERCISE = Exercise(
    function="connect",
    answer="path",
    starters=STARTERS,
    answer_items=MAX_PATH + 1,  # a longer answer is refused whole: one more item tells it apart
    keys={"ready": "code_linkup_ready", "coords": "code_linkup_coords"},
    trace={"want": "cells"},  # Step through marks the cells of the learner's states on the tiles
)
