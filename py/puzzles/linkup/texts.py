"""Link-up's texts in both languages, ``(English, 中文)``: ``TEXTS``, the page's (merged into
:mod:`app.i18n` by its registry entry's ``texts``), and ``MESSAGES``, the error messages of the
game's codes (added to :data:`puzzles.messages.MESSAGES` when the game's module is imported)."""

TEXTS = {
    "tab_linkup": ("Link-up", "连连看"),
    "board_linkup": ("Link-up board", "连连看棋盘"),
    "code_help_linkup": (
        "Write connect(board, r1, c1, r2, c2): return the path, or [] when the two tiles cannot be joined.",
        "写出 connect(board, r1, c1, r2, c2)：返回连线路径，连不上时返回 []。",
    ),
    "code_linkup_ready": (
        "connect() is defined: tick Use my connect and click pairs, or press Check.",
        "connect() 已定义：勾选“用我的 connect”后点击成对的图块，或按“检查”。",
    ),
}

MESSAGES = {
    "linkup_too_big": (
        "the board is {rows} × {cols}; the largest allowed is {max} × {max}",
        "棋盘为 {rows} × {cols}；最大允许 {max} × {max}",
    ),
    "linkup_bad_dims": (
        "{text} claims a {rows} × {cols} board; each side must be 1 to {max}",
        "{text} 声称棋盘为 {rows} × {cols}；每边须为 1 到 {max}",
    ),
    "linkup_future_format": (
        "{text} uses share format {version}; this app reads format 1",
        "{text} 使用第 {version} 版分享格式；本应用只能读取第 1 版",
    ),
    "linkup_not_code": (
        "{text} is not a Link-up board: paste its JSON form, e.g. [[1,2,2,1],[3,0,0,3]], or a share code"
        " (1.<rows>x<cols>.<cells>.<check>)",
        "{text} 不是连连看棋盘：请粘贴 JSON 形式，例如 [[1,2,2,1],[3,0,0,3]]，"
        "或分享码（1.<行数>x<列数>.<格子>.<校验码>）",
    ),
    "linkup_bad_size": (
        "{text}: the size {size} is not <rows>x<cols>",
        "{text}：尺寸 {size} 不是 <行数>x<列数> 的形式",
    ),
}


# "Show the search" (search_view.py): the course's BFS shown on the board when two tiles are picked
TEXTS.update({
    "lu_search_toggle": ("Show the search", "显示搜索过程"),
    "lu_search_skip": ("Skip", "跳过"),
    "lu_search_running": (
        "Searching from row {r1}, column {c1} to row {r2}, column {c2}… (any key or click skips)",
        "正在从第 {r1} 行第 {c1} 列搜索到第 {r2} 行第 {c2} 列……（按任意键或点击即可跳过）",
    ),
    "lu_search_joined": (
        "The search found a path (turns: {t}) after {s} states: pair removed, {n} tiles left.",
        "搜索了 {s} 个状态，找到路径（拐弯 {t} 次）：消除了一对，还剩 {n} 个图块。",
    ),
    "lu_search_none": (
        "No path: these two need more than two turns ({s} states searched).",
        "无法相连：这两个需要拐两次以上的弯（搜索了 {s} 个状态）。",
    ),
})

# Step through (app/step_view.py) on Link-up, and Check's failing case drawn with the game's tiles (case_view.py)
TEXTS.update({
    "lu_step_selected": (
        "Stepping connect(board, {r1}, {c1}, {r2}, {c2}): the two tiles you selected.",
        "逐步执行 connect(board, {r1}, {c1}, {r2}, {c2})：你选中的两个图块。",
    ),
    "lu_step_solver": (
        "Stepping connect(board, {r1}, {c1}, {r2}, {c2}): a pair the solver picked (its path turns: {t}).",
        "逐步执行 connect(board, {r1}, {c1}, {r2}, {c2})：求解器挑选的一对（其路径拐弯 {t} 次）。",
    ),
    "lu_step_case_board": ("The case's board, as your program sees it", "该用例的棋盘（即程序看到的棋盘）"),
    "lu_case_legend": (
        "Tiles as on the board, each with its kind's number. Solid line with dots: a path the solver found"
        " (any legal path passes) · dashed line with squares: your path. Rows and columns are labelled from 0;"
        " the ring is -1 and the size.",
        "图块与棋盘上相同，并标出种类编号。带圆点的实线：求解器找到的一条路径（任何合规路径都算对） · "
        "带方块的虚线：你的路径。行、列的编号从 0 起，外圈是 -1 和棋盘的行数、列数。",
    ),
    "lu_case_alt": (
        "{name}. The solver's path: {expected}. Your path: {yours}.",
        "{name}。求解器的路径：{expected}。你的路径：{yours}。",
    ),
})
