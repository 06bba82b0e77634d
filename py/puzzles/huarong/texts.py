"""Huarong's texts in both languages, ``(English, 中文)``: ``TEXTS``, the page's (merged into
:mod:`app.i18n` by its registry entry's ``texts``), and ``MESSAGES``, the error messages of the
game's codes (added to :data:`puzzles.messages.MESSAGES` when the game's module is imported)."""

TEXTS = {
    "layout": ("Layout", "布局"),
    "par": ("par {n}", "最少 {n} 步"),
    "metric": ("Count", "计步方式"),
    "tab_huarong": ("Huarong Road", "华容道"),
    "board_huarong": ("Huarong Road board", "华容道棋盘"),
    "status_won": ("Cao Cao escaped in {n} moves!", "曹操逃出华容道，用了 {n} 步！"),
    "ed_board_huarong": ("Huarong Road board being edited", "正在编辑的华容道棋盘"),
    "ed_hr_loading": ("Opening the board editor…", "正在打开棋盘编辑器…"),
    "ed_help_huarong": (
        "Choose a piece, then tap an empty cell to put its top-left corner there. Tap a piece to select it,"
        " then tap a cell to move it there, or use the arrow keys; Delete removes it (or choose Delete and tap).",
        "先选棋子，再点空格把它的左上角放在那里。点棋子可以选中它，再点空格把它移过去，或用方向键移动；"
        "按 Delete 键删除（或选“删除”再点棋子）。",
    ),
    "hr_code_steps": ("{cell} cells · {piece} pieces", "按格 {cell} · 按子 {piece}"),
    "code_help_huarong": (
        "Write solve(board): move pieces with gameHandler.move(pid, dir); the moves play on the board.",
        "写出 solve(board)：用 gameHandler.move(pid, dir) 移动棋子，这些步骤会在棋盘上播放。",
    ),
    "custom": ("Custom board", "自定义棋盘"),
    "no_par": ("no solution", "无解"),
    "status_ready": ("Move 曹操 (Cao Cao) out through the exit at the bottom.", "把曹操从下方出口移出去。"),
    "hint_move": ("Hint: move {name} {dir} — {n} moves to go", "提示：把{name}向{dir}移动——还需 {n} 步"),
    "paste_board_help": (
        "The course's JSON form, e.g. [[3,1,1,4],…], or the compact form, e.g. 3114/3114/5226/5786/900a",
        "课程的 JSON 形式，例如 [[3,1,1,4],…]，或紧凑形式，例如 3114/3114/5226/5786/900a",
    ),
    "paste_script": ("Paste a move script", "粘贴走法脚本"),
    "paste_script_help": (
        "Lines like gameHandler.move(10, 'left'), as the course panel takes them",
        "形如 gameHandler.move(10, 'left') 的行，与课程面板一致",
    ),
    "play_script": ("Play script", "播放脚本"),
    "script_ok": ("Script accepted: {n} moves.", "脚本有效：{n} 步。"),
    "compare": ("What equivalence buys", "等价处理省了多少"),
    "compare_run": ("Compare", "比较"),
    "compare_help": (
        "Solve this board twice: with same-shape pieces treated as equal (the course's key idea) and as distinct.",
        "把这个棋盘解两次：把形状相同的棋子视为等价（课程的关键优化），以及视为不同。",
    ),
    "compare_positions": ("positions explored", "搜索局面数"),
    "compare_seconds": ("seconds", "秒"),
    "compare_steps": ("fewest moves", "最少步数"),
    "compare_ratio": ("Equivalence explores {r}× fewer positions.", "等价处理少搜索 {r} 倍的局面。"),
    "compare_ratio_more": (
        "Equivalence explores more than {r}× fewer positions.",
        "等价处理少搜索的局面超过 {r} 倍。",
    ),
    "compare_stop": ("Stop comparing", "停止比较"),
    "compare_progress": ("Comparing… {side}: {n} positions explored", "正在比较……{side}：已搜索 {n} 个局面"),
    "compare_stopped": ("Comparison stopped.", "已停止比较。"),
    "compare_failed": ("The comparison failed: {msg}", "比较失败：{msg}"),
    "compare_done": ("Compared:", "比较结果："),
    "compare_gave_up": ("gave up after {n} positions", "搜索 {n} 个局面后放弃"),
    "chart": ("New positions per BFS depth", "每层 BFS 新局面数"),
    "soldier": ("Soldier", "兵"),
    "piece_label": ("{name} (piece {pid}), row {r}, column {c}", "{name}（{pid} 号），第 {r} 行第 {c} 列"),
    "keys_help": (
        "Drag a piece, or tap it and then tap where it should go;"
        " with the keyboard, Tab to a piece and use the arrow keys.",
        "拖动棋子，或先点棋子再点目标位置；用键盘时按 Tab 选中棋子，再按方向键。",
    ),
    "ed_invalid": ("Editing — not playable yet: {msg}", "编辑中——还不能玩：{msg}"),
    "ed_overlap": ("That would overlap another piece.", "会和别的棋子重叠。"),
    "ed_one_boss": (
        "There is only one 曹操 (Cao Cao): move or delete him first.",
        "只能有一个曹操：请先移动或删除他。",
    ),
    "ed_resize_cuts": (
        "A piece would fall off a {rows} × {cols} board: move or delete it first.",
        "改成 {rows} × {cols} 会有棋子落在外面：请先移动或删除它。",
    ),
    "ed_nothing_here": ("Nothing to delete here: tap a piece.", "这里没有棋子可删：请点棋子。"),
    "ed_rows": ("Rows", "行数"),
    "ed_cols": ("Columns", "列数"),
    "ed_tools": ("Piece to place: Cao Cao 2 × 2, a general across 1 × 2 or down 2 × 1, a soldier 1 × 1",
                 "要放的棋子：曹操 2 × 2、横将 1 × 2、竖将 2 × 1、兵 1 × 1"),
    "ed_clear": ("Clear", "清空"),
    "ed_cell_label": ("Empty cell, row {r}, column {c}", "空格，第 {r} 行第 {c} 列"),
    "hr_at_goal": (
        "曹操 (Cao Cao) is already at the exit: this board is solved. Pick a layout or edit one.",
        "曹操已经在出口了：这个棋盘已解开。请选一个布局，或编辑一个。",
    ),
    "chart_label": (
        "New positions per BFS depth: {n} positions over depths 0 to {d}; the most, {top}, at depth {at}",
        "每层 BFS 新局面数：共 {n} 个局面，深度 0 到 {d}；最多的一层是深度 {at}，有 {top} 个",
    ),
    "chart_y": ("new positions", "新局面数"),
    "chart_x": ("BFS depth", "BFS 深度"),
    "chart_bar": ("depth {d}: {n} new positions", "深度 {d}：{n} 个新局面"),
    "chart_bar_one": ("depth {d}: {n} new position", "深度 {d}：{n} 个新局面"),
    "metric_cell": ("cells (each one-cell move)", "按格（每移动一格算一步）"),
    "metric_piece": ("pieces (a piece moved any distance)", "按子（一个棋子连续移动算一步）"),
    "dir_up": ("up", "上"),
    "dir_down": ("down", "下"),
    "dir_left": ("left", "左"),
    "dir_right": ("right", "右"),
    "compare_equal": ("same-shape pieces equal", "同形棋子等价"),
    "compare_distinct": ("all pieces distinct", "所有棋子不同"),
    "piece_1": ("Cao Cao", "曹操"),
    "piece_2": ("Guan Yu", "关羽"),
    "piece_3": ("Zhang Fei", "张飞"),
    "piece_4": ("Zhao Yun", "赵云"),
    "piece_5": ("Ma Chao", "马超"),
    "piece_6": ("Huang Zhong", "黄忠"),
    "piece_n": ("Piece {n}", "棋子 {n}"),
    "ed_boss": ("Cao Cao", "曹操"),
    "ed_hbar": ("Across", "横将"),
    "ed_vbar": ("Down", "竖将"),
    "ed_soldier": ("Soldier", "兵"),
    "ed_erase": ("Delete", "删除"),
}

MESSAGES = {
    "cell_not_id": (
        "row {row}, column {col}: {text} is not an integer id",
        "第 {row} 行第 {col} 列：{text} 不是整数编号",
    ),
    "huarong_too_big": (
        "the board is {rows} × {cols} (rows × columns); the largest allowed is {max} × {max}",
        "棋盘为 {rows} × {cols}（行 × 列）；最大允许 {max} × {max}",
    ),
    "id_negative": ("row {row}, column {col}: id {id} is negative", "第 {row} 行第 {col} 列：编号 {id} 是负数"),
    "piece_not_rectangle": (
        "piece {pid}'s {count} cells are not one solid rectangle (they span rows {row1}–{row2}, columns {col1}–{col2})",
        "棋子 {pid} 的 {count} 格不是一个完整的矩形（分布在第 {row1}–{row2} 行、第 {col1}–{col2} 列）",
    ),
    "no_target": (
        "there is no piece 1 (曹操), the piece that must reach the exit",
        "没有棋子 1（曹操），也就是必须走到出口的那块棋子",
    ),
    "target_off_centre": (
        "piece 1 has width {width} and cannot pass the exit centred in the bottom of a {cols}-column board",
        "棋子 1 宽 {width} 格，穿不过 {cols} 列棋盘底部正中的出口",
    ),
    "huarong_not_code": (
        "{text} is not a Huarong Road board: paste its JSON form, rows of piece ids with 0 for empty,"
        " e.g. [[3,1,1,4],[3,1,1,4],…], or its share code, a character a cell and / between rows,"
        " e.g. 3114/3114/5226/5786/900a",
        "{text} 不是华容道棋盘：请粘贴 JSON 形式，即由棋子编号组成的若干行（0 表示空格），"
        "例如 [[3,1,1,4],[3,1,1,4],…]，或分享码，每格一个字符、行间用 / 分隔，例如 3114/3114/5226/5786/900a",
    ),
    "bad_piece_char": (
        "row {row}, column {col} of {text}: {char} is not a piece character (0-9, a-z, A-Z or .)",
        "{text} 的第 {row} 行第 {col} 列：{char} 不是棋子字符（0-9、a-z、A-Z 或 .）",
    ),
    "no_compact_form": (
        "id {id} has no compact form (ids 1–61 have); use the JSON form",
        "编号 {id} 没有紧凑形式（只有 1–61 有）；请用 JSON 形式",
    ),
    "no_such_piece": ("there is no piece {pid} on this board", "棋盘上没有棋子 {pid}"),
    "not_a_direction": ("{text} is not a direction (up, down, left, right)", "{text} 不是方向（上、下、左、右）"),
    "move_blocked": ("piece {pid} cannot move {dir}", "棋子 {pid} 无法向{dir}移动"),
    "picture_bad_char": ("{text}: unknown picture character {char}", "{text}：未知的图形字符 {char}"),
    "picture_broken_piece": (
        "{text}: piece at row {row}, column {col} is broken",
        "{text}：第 {row} 行第 {col} 列的棋子不完整",
    ),
    "picture_no_target": ("{text}: a picture needs exactly one C piece", "{text}：图形中必须恰好有一个 C 棋子"),
    "script_not_move": (
        "{text} is not a move like gameHandler.move(10, 'left')",
        "{text} 不是形如 gameHandler.move(10, 'left') 的走法",
    ),
    "script_two_args": (
        "{text} does not have two arguments, a piece id and a direction",
        "{text} 的参数不是两个（棋子编号和方向）",
    ),
    "script_bad_pid": ("{text}: the piece id {got} is not a whole number", "{text}：棋子编号 {got} 不是整数"),
    "script_dir_not_quoted": (
        "{text}: the direction {got} is not a quoted string",
        "{text}：方向 {got} 不是带引号的字符串",
    ),
    "script_bad_dir": (
        "{text}: {got} is not up, down, left or right",
        "{text}：{got} 不是方向，应为 'up'（上）、'down'（下）、'left'（左）或 'right'（右）",
    ),
    "script_empty": ("the script has no moves", "脚本里没有走法"),
    "script_line": ("line {line}: {inner}", "第 {line} 行：{inner}"),
    "bad_metric": (
        "{text} is not a metric (cell or piece)",
        "{text} 不是计步方式，应为 'cell'（按格）或 'piece'（按子）",
    ),
    "space_too_large": (
        "the position space is larger than {limit} positions",
        "局面空间超过 {limit} 个局面",
    ),
}


def piece_text(pid: int, height: int, width: int) -> tuple:
    """``(key, values)`` of the name a piece shows: 曹操 for piece 1 (the one that escapes), the
    course's generals for two-cell pieces 2–6, soldiers by size."""
    if pid == 1 or (2 <= pid <= 6 and height * width == 2):
        return ("piece_%d" % pid, {})
    if height == 1 and width == 1:
        return ("soldier", {})
    return ("piece_n", {"n": pid})
