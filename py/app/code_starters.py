"""The Code panel's starter program per game, with comments in the page's language: the
course's function signatures, a first step, and room for the learner's search."""

_STARTERS = {
    "huarong": (
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
    ),
    "linkup": (
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
    ),
    "sliding": (
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
    ),
}


def starter(game: str, lang: str) -> str:
    """The starter program of ``game`` with comments in ``lang``."""
    pair = _STARTERS.get(game, ("", ""))
    return pair[1] if lang == "zh" else pair[0]


def is_starter(game: str, text: str) -> bool:
    """Whether ``text`` is ``game``'s starter, untouched, in either language."""
    return text in _STARTERS.get(game, ())
