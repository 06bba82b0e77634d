"""The sliding puzzle's texts in both languages, ``(English, 中文)``: ``TEXTS``, the page's (merged into
:mod:`app.i18n` by its registry entry's ``texts``), and ``MESSAGES``, the error messages of the
game's codes (added to :data:`puzzles.messages.MESSAGES` when the game's module is imported)."""

TEXTS = {
    "tab_sliding": ("Sliding puzzle", "滑动谜题"),
    "board_sliding": ("Sliding puzzle board", "滑动谜题棋盘"),
    "sp_keys_help": (
        "Click or tap a tile beside the blank, or one in the blank's row or column to slide the whole line;"
        " with the keyboard, focus the board and use the arrow keys (the tile moves the way the arrow points).",
        "点击空格旁的数字，或点击空格所在行、列中的数字，整行/整列一起滑动；"
        "用键盘时先聚焦棋盘，再按方向键（数字朝箭头方向移动）。",
    ),
    "ed_board_sliding": ("Sliding puzzle board being edited", "正在编辑的滑动谜题棋盘"),
    "ed_help_sliding": (
        "Tap a tile (or the blank), then another: the two swap places.",
        "先点一个数字（或空格），再点另一个：两者交换位置。",
    ),
    "code_help_sliding": (
        "Write slidingPuzzle(board): the fewest moves, or -1 (LeetCode 773); gameHandler.move(tile) moves play.",
        "写出 slidingPuzzle(board)：返回最少步数，无解时返回 -1（LeetCode 773）；gameHandler.move(tile) 的步骤会播放。",
    ),
    "code_sliding_answer": (
        "Your answer: {yours} — not right: the answer is {exact}.",
        "你的答案：{yours}——不对，正确答案是 {exact}。",
    ),
    "code_sliding_answer_ok": ("Your answer: {yours} — right.", "你的答案：{yours}——正确。"),
    "sp_tables_failed": (
        "The pattern tables could not be loaded for this size; solving with smaller tables (slower).",
        "这个尺寸的模式数据库未能加载；改用较小的表求解（较慢）。",
    ),
    "sp_size": ("Size", "大小"),
    "sp_mode": ("Solve for", "求解方式"),
    "sp_optimal_large": (
        "Fewest moves on a board of more than 16 cells: the search gives up after 50,000,000 positions, about a "
        "minute in the browser, and most boards of this size need more. The fast mode answers at once.",
        "超过 16 格的棋盘求最少步数：搜索到 50,000,000 个局面（浏览器里约一分钟）就会放弃，"
        "而这个尺寸的多数棋盘需要更多。快速模式立即给出答案。",
    ),
    "sp_shuffle": ("Shuffle", "打乱"),
    "sp_ready": (
        "Slide the tiles into order: 1, 2, 3, … with the blank last.",
        "把数字滑回顺序：1、2、3……空格在最后。",
    ),
    "sp_shuffled": ("Shuffled: a new solvable board.", "已打乱：一个可解的新棋盘。"),
    "sp_unsolvable": (
        "No solution: the tiles' order has the wrong parity, so no moves reach the goal (LeetCode 773: -1).",
        "无解：数字排列的奇偶性不对，怎么移动都到不了终局（LeetCode 773 答 -1）。",
    ),
    "sp_solved_fast": ("Solved: {n} moves (fast mode, not the fewest)", "已解出：{n} 步（快速模式，不保证最少）"),
    "sp_searching": (
        "Searching for the fewest moves… bound {b}, {n} positions",
        "正在搜索最少步数……当前界限 {b}，已搜索 {n} 个局面",
    ),
    "sp_hint": ("Hint: slide {t} — {n} moves to go", "提示：移动 {t}——还需 {n} 步"),
    "sp_hint_fast": (
        "Hint: slide {t} — {n} moves to go this way (fast mode, not the fewest)",
        "提示：移动 {t}——这样走还需 {n} 步（快速模式，不保证最少）",
    ),
    "sp_searching_bfs": ("Searching… {n} positions", "搜索中……已搜索 {n} 个局面"),
    "sp_tables": ("Loading the {shape} pattern tables…", "正在加载 {shape} 模式数据库……"),
    "sp_tile_label": ("Tile {n}, row {r}, column {c}", "数字 {n}，第 {r} 行第 {c} 列"),
    "sp_paste_help": (
        "The course's JSON form, e.g. [[4,1,2],[5,0,3]], or a share code like 2x3-412503",
        "课程的 JSON 形式，例如 [[4,1,2],[5,0,3]]，或分享码，例如 2x3-412503",
    ),
    "sp_at_goal": (
        "This board is already in order. Shuffle, or edit a position.",
        "这个棋盘已经排好了。请打乱，或编辑一个局面。",
    ),
    "ed_grid": ("Grid", "网格"),
    "ed_goal": ("In order", "按顺序排好"),
    "ed_blank_label": ("Blank, row {r}, column {c}", "空格，第 {r} 行第 {c} 列"),
    "ed_sp_goal": (
        "Editing — this is the goal: swap tiles to set a position.",
        "编辑中——这是终局：交换数字来设置局面。",
    ),
    "ed_sp_solvable": ("Editing — solvable: Play, Solve or Share it.", "编辑中——可解：可以开始玩、求解或分享。"),
    "ed_sp_unsolvable": (
        "Editing — unsolvable: no moves reach the goal (wrong parity). Swap two tiles to fix it.",
        "编辑中——无解：怎么移动都到不了终局（奇偶性不对）。交换两个数字即可修正。",
    ),
    "sp_mode_optimal": ("fewest moves", "最少步数"),
    "sp_mode_fast": ("fast (not the fewest moves)", "快速（不保证最少步数）"),
    "sp_paste": ("Paste a board", "粘贴棋盘"),
}

MESSAGES = {
    "sliding_bad_size": (
        "{text} is {rows} × {cols}; each side must be {min} to {max}",
        "{text} 为 {rows} × {cols}；每边须为 {min} 到 {max}",
    ),
    "sliding_out_of_range": (
        "{text}: row {row}, column {col} holds {value}; a {rows} × {cols} board holds 0 to {top}",
        "{text}：第 {row} 行第 {col} 列是 {value}；{rows} × {cols} 的棋盘只能放 0 到 {top}",
    ),
    "sliding_duplicate": (
        "{text}: {value} appears twice; every number 0 to {top} appears once",
        "{text}：{value} 出现了两次；0 到 {top} 的每个数都应恰好出现一次",
    ),
    "sliding_not_code": (
        "{text} is not a sliding-puzzle board: paste its JSON form, e.g. [[4,1,2],[5,0,3]] (LeetCode's"
        " board = [[4,1,2],[5,0,3]] too), or a share code <rows>x<cols>-<cells>, e.g. 2x3-412503",
        "{text} 不是滑动谜题棋盘：请粘贴 JSON 形式，例如 [[4,1,2],[5,0,3]]（前面可以带“变量名 =”，"
        "如力扣的写法），或分享码 <行数>x<列数>-<格子>，例如 2x3-412503",
    ),
    "sliding_bad_char": (
        "{text}: {char} is not a tile character (0-9, a-o)",
        "{text}：{char} 不是方块字符（0-9、a-o）",
    ),
    "tile_not_movable": ("tile {tile} is not next to the blank", "方块 {tile} 不在空格旁边"),
    "tables_bad_header": (
        "the pattern tables are damaged: their header {text} is not one this app reads",
        "模式表已损坏：无法识别其文件头 {text}",
    ),
    "tables_damaged": (
        "the pattern tables are damaged at byte {count} of their {expected} bytes of table data"
        " (a truncated or altered file?)",
        "模式表已损坏：共 {expected} 字节的表数据在第 {count} 字节处出错（文件被截断或改动过？）",
    ),
    "unknown_mode": (
        "unknown mode {text}; expected optimal or fast",
        "未知的模式 {text}，应为 'optimal'（最少步数）或 'fast'（快速）",
    ),
}
