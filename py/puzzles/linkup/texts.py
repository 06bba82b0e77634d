"""Link-up's texts in both languages, ``(English, 中文)``: ``TEXTS``, the page's (merged into
:mod:`app.i18n` by its registry entry's ``texts``), and ``MESSAGES``, the error messages of the
game's codes (added to :data:`puzzles.messages.MESSAGES` when the game's module is imported)."""

TEXTS = {
    "race": ("Race", "对战"),
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
    "code_linkup_coords": (
        "Cells are written [row, col] here, counting from 0 as your function receives them; the ring around"
        " the board is row or column -1 and the board's size.",
        "这里的格子写作 [行, 列]，从 0 数起，和你的函数收到的一样；棋盘外的一圈是第 -1 行（列）和棋盘的行数（列数）。",
    ),
    "lu_preset": ("Size", "大小"),
    "lu_seed": ("Seed", "种子"),
    "lu_seed_any": ("any", "随机"),
    "lu_turned": (
        "Turned on its side to fit the screen: row 1 is the left column.",
        "棋盘已侧转以适应屏幕：第 1 行是最左边一列。",
    ),
    "lu_kinds": ("Kinds × tiles", "种类 × 每种数量"),
    "lu_new": ("New board", "新棋盘"),
    "lu_shuffle": ("Shuffle", "洗牌"),
    "lu_ready": (
        "Click two matching tiles that can be joined with at most two turns.",
        "点击两个相同且连线不超过两个拐弯的图块。",
    ),
    "lu_left": ("Tiles left: {n}", "剩余图块：{n}"),
    "lu_no_join": ("Those two cannot be joined.", "这两个无法相连。"),
    "lu_joined": ("Pair removed: {n} tiles left.", "消除了一对：还剩 {n} 个图块。"),
    "lu_no_pair": ("No pair can be joined — shuffle or undo.", "没有可以相连的一对——请洗牌或撤销。"),
    "lu_cleared_by_you": ("Cleared! {n} pairs in {t}.", "全部消除！{n} 对，用时 {t}。"),
    "lu_cleared_by_you_one": ("Cleared! {n} pair in {t}.", "全部消除！{n} 对，用时 {t}。"),
    "lu_cleared_race": ("Cleared! {n} pairs: your time is in the standings.", "全部消除！{n} 对：用时见比赛排名。"),
    "lu_cleared_race_one": ("Cleared! {n} pair: your time is in the standings.", "全部消除！{n} 对：用时见比赛排名。"),
    "lu_cleared_by_solver": ("Cleared by the solver: {n} pairs", "由求解器消除：{n} 对"),
    "cleared": ("Cleared: {n} pairs", "已消除：{n} 对"),
    "cannot_clear": ("Cannot be cleared", "无法全部消除"),
    "lu_cleared_already": ("The board is already clear: no pairs left to join.", "棋盘已经清空：没有可消的图块了。"),
    "lu_searching": ("Searching… {n} positions tried", "搜索中……已尝试 {n} 个局面"),
    "lu_unknown": ("Gave up after {n} positions (search budget)", "搜索 {n} 个局面后放弃（超出预算）"),
    "lu_hint": ("Hint: join the highlighted pair.", "提示：连接高亮的一对。"),
    "lu_hint_stuck": (
        "This board can no longer be cleared — undo or shuffle.",
        "这个棋盘已无法全部消除——请撤销或洗牌。",
    ),
    "lu_hint_dead": (
        "This board cannot be cleared — shuffle to try another arrangement.",
        "这个棋盘无法全部消除——洗牌换一种排列试试。",
    ),
    "lu_generating": ("Making a board…", "正在生成棋盘……"),
    "lu_new_done": ("New board: seed {seed}.", "新棋盘：种子 {seed}。"),
    "lu_shuffled": ("Shuffled.", "已洗牌。"),
    "lu_paste_help": (
        "The course's JSON form, e.g. [[1,2,2,1]], or a share code like 1.4x6.…",
        "课程的 JSON 形式，例如 [[1,2,2,1]]，或分享码 1.4x6.…",
    ),
    "tile_label": ("{face} (kind {kind}), row {r}, column {c}", "{face}（第 {kind} 种），第 {r} 行第 {c} 列"),
    "tile_selected": ("selected", "已选中"),
    "lu_keys_help": (
        "Click or tap two tiles; with the keyboard, Tab to a tile and press Enter or Space.",
        "点击两个图块；用键盘时按 Tab 选中图块，再按回车或空格。",
    ),
    "lu_record_label": ("{size}, {kinds} kinds, seed {seed}", "{size}，{kinds} 种，种子 {seed}"),
    "race_help": (
        "Race friends on the same board (up to 6 players): create a room and send its link, or join a friend's "
        "room with its code.",
        "和好友在同一个棋盘上比赛（最多 6 人）：创建房间并把链接发给好友，或输入好友的房间号加入。",
    ),
    "race_create": ("Create a room", "创建房间"),
    "race_unready": ("Not ready", "取消准备"),
    "race_type_code": ("Type the room code first (8 letters and digits).", "请先输入房间号（8 位字母和数字）。"),
    "race_bad_code": (
        "That is not a room code: a room code has 8 letters and digits, like ABCD-2345.",
        "这不是房间号：房间号由 8 位字母和数字组成，例如 ABCD-2345。",
    ),
    "race_bad_link": (
        "This link's room code is not valid (a room code has 8 letters and digits). Ask for the link again, "
        "or create a room.",
        "这个链接里的房间号无效（房间号由 8 位字母和数字组成）。请重新索取链接，或自己创建房间。",
    ),
    "race_err_rate": ("Too many messages at once: wait a moment.", "操作太快了：请稍等片刻。"),
    "race_err_rooms": (
        "Too many rooms were made from your network: try again in a minute.",
        "你所在的网络创建的房间太多：请一分钟后再试。",
    ),
    "race_err_full": ("The race server is full: try again in a minute.", "对战服务器已满：请一分钟后再试。"),
    "race_err_tries": (
        "Too many wrong room codes: wait a minute, then try again.",
        "错误的房间号太多：请等一分钟再试。",
    ),
    "race_err_room_full": ("That room is full (6 players).", "这个房间已满（6 人）。"),
    "race_err_running": (
        "That room's race has started: join when it is over.",
        "这个房间的比赛已经开始：请等比赛结束后再加入。",
    ),
    "race_err_shuffles": (
        "That shuffle is not counted: a race allows 30 shuffles.",
        "这次洗牌不计入：一场比赛最多洗牌 30 次。",
    ),
    "race_link": ("Link to send", "发给好友的链接"),
    "race_code": ("Room code", "房间号"),
    "race_code_is": ("Room code: {code}", "房间号：{code}"),
    "race_join": ("Join", "加入"),
    "race_name": ("Your name", "你的名字"),
    "race_ready": ("Ready", "准备"),
    "race_rematch": ("Rematch", "再来一局"),
    "race_leave": ("Leave the room", "离开房间"),
    "race_connecting": ("Connecting to the race server…", "正在连接对战服务器…"),
    "race_needs_server": (
        "Race needs the app's server (tools/serve.py); this page is served as plain files. Solo play works.",
        "对战需要本应用的服务器（tools/serve.py）；当前页面是以静态文件提供的。单人游戏照常。",
    ),
    "race_offline": (
        "Race needs the network, and this device is offline. Solo play works.",
        "对战需要联网，而本设备当前离线。单人游戏照常。",
    ),
    "race_reconnecting": (
        "Connection lost — reconnecting (your seat is kept 30 s)…",
        "连接中断——正在重连（座位保留 30 秒）…",
    ),
    "race_lost": (
        "The race server restarted or the room is gone; your board stays — play on alone.",
        "对战服务器已重启或房间已关闭；你的棋盘还在——可以继续单人玩。",
    ),
    "race_refused": ("The server refused that pair: it is not counted.", "服务器拒绝了这一对：不计入成绩。"),
    "race_no_room": ("No room has that code.", "没有这个房间号。"),
    "race_replaced": ("This seat is now played in another tab.", "这个座位已在另一个标签页中使用。"),
    "race_error": ("The race server could not do that.", "对战服务器无法完成这个操作。"),
    "race_left": ("You left the room.", "你已离开房间。"),
    "race_lobby": (
        "{n} in the room. Everyone presses Ready (2 players at least) to start.",
        "房间里有 {n} 人。所有人点“准备”后开始（至少 2 人）。",
    ),
    "race_countdown": ("Starting in {s}…", "{s} 秒后开始…"),
    "race_on": ("Race on! Solve is off; hints and shuffles are counted.", "比赛开始！求解已关闭；提示和洗牌会被计数。"),
    "race_done": ("The race is over: see the standings.", "比赛结束：请看排名。"),
    "race_go": ("Go! Everyone has this board.", "开始！所有人都是这个棋盘。"),
    "race_player_n": ("Player {n}", "玩家{n}"),
    "race_you": ("you", "你"),
    "race_sep": (", ", "，"),
    "race_is_ready": ("ready", "已准备"),
    "race_not_ready": ("not ready", "未准备"),
    "race_finished": ("finished #{place} in {t}", "第 {place} 名完成，用时 {t}"),
    "race_gone": ("left", "已离开"),
    "race_away": ("reconnecting", "重连中"),
    "race_bar": ("{name}: {n} tiles left", "{name}：剩 {n} 块"),
    "race_first": ("{name} finished first, in {t}.", "{name} 第一个完成，用时 {t}。"),
    "race_standings": ("Standings", "排名"),
    "race_col_place": ("Place", "名次"),
    "race_col_name": ("Player", "玩家"),
    "race_col_time": ("Time", "用时"),
    "race_col_pairs": ("Pairs", "对数"),
    "race_col_hints": ("Hints", "提示"),
    "race_col_shuffles": ("Shuffles", "洗牌"),
    "race_dnf": ("{n} tiles left", "剩 {n} 块"),
    "race_clock": ("Race time: {t}", "比赛用时：{t}"),
    "step_pair": ("Stepping connect(board, {r1}, {c1}, {r2}, {c2}).",
                  "逐步执行 connect(board, {r1}, {c1}, {r2}, {c2})。"),
    "step_no_pair": ("No two tiles can be joined on this board: nothing to step through.",
                     "这个棋盘上没有可以相连的两个图块：没有可逐步执行的内容。"),
    "lu_preset_small": ("4 × 6", "4 × 6"),  # sizes by their dimensions: a name like "KShisen" says nothing
    "lu_preset_kshisen": ("8 × 18", "8 × 18"),
    "lu_preset_large": ("10 × 20", "10 × 20"),
    "lu_paste": ("Paste a board", "粘贴棋盘"),
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
    "cell_not_kind": (
        "row {row}, column {col}: {text} is not an integer kind",
        "第 {row} 行第 {col} 列：{text} 不是整数种类",
    ),
    "kind_out_of_range": (
        "row {row}, column {col}: kind {kind} is outside 0–61",
        "第 {row} 行第 {col} 列：种类 {kind} 不在 0–61 之内",
    ),
    "kind_odd_once": (
        "kind {kind} appears once; every kind needs an even count",
        "种类 {kind} 只出现了 1 次；每种图块都必须出现偶数次",
    ),
    "kind_odd": (
        "kind {kind} appears {count} times; every kind needs an even count",
        "种类 {kind} 出现了 {count} 次；每种图块都必须出现偶数次",
    ),
    "checksum_mismatch": (
        "{text} is damaged: its checksum does not match (truncated or altered link?)",
        "{text} 已损坏：校验码不符（链接被截断或改动过？）",
    ),
    "bad_tile_char": ("{text}: {char} is not a tile character", "{text}：{char} 不是图块字符"),
    "generate_no_fit": (
        "{kinds} × {per_kind} tiles (kinds × tiles of each) do not fill a {rows} × {cols} board with pairs",
        "{kinds} × {per_kind} 块图块（种类数 × 每种块数）无法成对填满 {rows} × {cols} 的棋盘",
    ),
    "generate_failed": ("could not build a board of that size", "无法生成这个尺寸的棋盘"),
    "shuffle_changed_tiles": ("a shuffle must keep the same tiles", "洗牌必须保留原来的图块"),
    "cell_off_board": (
        "the move's cell index {text} is off the {rows} × {cols} board",
        "走法中的格子序号 {text} 不在 {rows} × {cols} 的棋盘上",
    ),
    "tiles_not_joinable": (
        "the tiles at row {row1}, column {col1} and row {row2}, column {col2} cannot be joined",
        "第 {row1} 行第 {col1} 列与第 {row2} 行第 {col2} 列的图块无法连接",
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
