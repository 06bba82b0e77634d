"""Every string the page shows, in English and 中文.

``t(key, lang, **values)`` formats a message; a missing key falls back to
English, then to the key itself, and a missing field shows as ``{field}``, so
a gap shows rather than crashes.
"""

LANGS = ("en", "zh")

_TEXT = {
    "title": ("BFS puzzles", "BFS 益智游戏"),
    "lang_switch": ("中文", "English"),
    "lang_switch_label": ("切换到中文", "Switch to English"),
    "games": ("Games", "游戏"),
    "loading_runtime": ("Starting Python…", "正在启动 Python…"),
    "loading_error": ("The Python runtime could not start: {msg}", "Python 运行时无法启动：{msg}"),
    "solver_loading": ("Solver: loading Pyodide…", "求解器：正在加载 Pyodide…"),
    "solver_ready": ("Solver: ready (Python {v})", "求解器：就绪（Python {v}）"),
    "solver_failed": ("Solver: failed to start — {msg}", "求解器：启动失败——{msg}"),
    "solve": ("Solve", "求解"),
    "hint": ("Hint", "提示"),
    "undo": ("Undo", "撤销"),
    "redo": ("Redo", "重做"),
    "reset": ("Reset", "重来"),
    "share": ("Share", "分享"),
    "cancel": ("Cancel", "取消"),
    "pause": ("Pause", "暂停"),
    "resume": ("Resume", "继续"),
    "step": ("Step", "单步"),
    "speed": ("Speed", "速度"),
    "speed_0": ("instant", "瞬间"),
    "speed_40": ("fast", "快"),
    "speed_120": ("normal", "正常"),
    "speed_300": ("slow", "慢"),
    "moves": ("Moves: {n}", "步数：{n}"),
    "ready": ("Your move — or press Solve.", "请走棋，或按“求解”。"),
    "won": ("Solved in {n} moves!", "完成！用了 {n} 步。"),
    "won_one": ("Solved in {n} move!", "完成！用了 {n} 步。"),
    "paste_help": (
        "The course's JSON form (a list of rows of numbers) or the game's share code",
        "课程的 JSON 形式（由数字行组成的列表），或本游戏的分享码",
    ),
    "solving": ("Solving… {n} positions explored, depth {d}", "求解中……已搜索 {n} 个局面，深度 {d}"),
    "solving_one": ("Solving… {n} position explored, depth {d}", "求解中……已搜索 {n} 个局面，深度 {d}"),
    "solver_wait": ("Waiting for the solver to load…", "等待求解器加载……"),
    "solved": ("Solved: {n} moves", "已解出：{n} 步"),
    "solved_already": ("Solved: 0 moves — this position is already solved", "已解出：0 步——已经是终局"),
    "no_solution": ("No solution — {n} positions explored", "无解——共搜索 {n} 个局面"),
    "no_solution_one": ("No solution — {n} position explored", "无解——共搜索 {n} 个局面"),
    "unknown": ("Gave up after {n} positions (too many to keep in memory)", "搜索了 {n} 个局面后放弃（超出内存上限）"),
    "cancelled": ("Solve cancelled; the board is as it was.", "已取消求解，棋盘保持原样。"),
    "failed": ("The solver failed: {msg}", "求解器出错：{msg}"),
    "solver_died": (
        "The solver stopped ({msg}); a new one is starting. The board is as it was: press Solve again.",
        "求解器停止了（{msg}），正在重新启动。棋盘保持原样：请再按一次“求解”。",
    ),
    "playing": ("Playing {i} / {n}", "演示中 {i} / {n}"),
    "hint_none": (
        "No way out: the goal cannot be reached from here. Undo or reset.",
        "无路可走：从这里无法到达终点。请撤销或重来。",
    ),
    "hint_none_start": (
        "No way out: the goal cannot be reached from this board.",
        "无路可走：这个棋盘到不了终点。",
    ),
    "hint_done": ("Already solved.", "已经解开了。"),
    "hint_wait": ("Working out a hint…", "正在计算提示……"),
    "paste_board": ("Paste a board", "粘贴棋盘"),
    "load": ("Load", "载入"),
    "loaded": ("Board loaded.", "棋盘已载入。"),
    "share_label": ("Link to this board", "本棋盘的链接"),
    "share_done": ("Link ready — copy it from the box.", "链接已生成——从框中复制。"),
    "copy": ("Copy", "复制"),
    "copied": ("Copied.", "已复制。"),
    "bad_url_board": ("The board in the link was not loaded: {msg}", "链接中的棋盘未能载入：{msg}"),
    "open_saved": ("Open your saved game instead", "改为打开你保存的棋局"),
    "link_kept_save": (
        "The link opened its own board. Your saved game is kept until you make a move here.",
        "链接打开了它自己的棋盘。在你于此走出一步之前，你保存的棋局仍会保留。",
    ),
    "save_discarded": (
        "The saved game could not be reopened and was set aside: {msg}. This game starts afresh.",
        "保存的对局无法重新打开，已舍弃：{msg}。本游戏重新开始。",
    ),
    # the state map
    "map": ("Map", "状态图"),
    "map_title": ("State map: every position reachable from this one", "状态图：从当前局面能走到的所有局面"),
    "map_stop": ("Stop mapping", "停止绘制"),
    "map_to_board": ("Back to the board", "回到棋盘"),
    "map_zoom": ("Zoom", "缩放"),
    "map_zoom_in": ("Zoom in", "放大"),
    "map_zoom_out": ("Zoom out", "缩小"),
    "map_label_empty": ("State map, not made yet", "状态图，尚未生成"),
    "map_label": (
        "State map of {n} positions; the board's position is {d} moves from the goal",
        "状态图，共 {n} 个局面；棋盘上的局面离目标 {d} 步",
    ),
    "map_label_n": ("State map of {n} positions", "状态图，共 {n} 个局面"),
    "map_label_off": (
        "State map of {n} positions; the board's position is not on it",
        "状态图，共 {n} 个局面；棋盘上的局面不在图中",
    ),
    "map_label_none": (
        "State map of {n} positions; no goal can be reached from the board's position",
        "状态图，共 {n} 个局面；从棋盘上的局面走不到目标",
    ),
    "map_progress": ("Making the map… {n} positions ({phase})", "正在生成状态图……{n} 个局面（{phase}）"),
    "map_phase_explore": ("exploring", "探索"),
    "map_phase_distance": ("measuring distances", "计算距离"),
    "map_phase_pack": ("packing", "打包"),
    "map_drawing": ("Drawing the map…", "正在绘制状态图……"),
    "map_draw_read": ("Drawing the map… reading the solver's answer", "正在绘制状态图……读取求解器的结果"),
    "map_draw_layout": ("Drawing the map… placing {n} positions", "正在绘制状态图……排布 {n} 个局面"),
    "map_draw_paint": (
        "Drawing the map… painting {n} positions and {e} moves",
        "正在绘制状态图……画出 {n} 个局面和 {e} 步走法",
    ),
    "map_ready": ("Made in {s} s by the solver.", "求解器用时 {s} 秒生成。"),
    "map_cancelled": ("Map stopped.", "已停止生成状态图。"),
    "map_failed": ("The map could not be made: {msg}", "无法生成状态图：{msg}"),
    "map_keys": (
        "Drag to move the map, wheel or pinch to zoom. Point at a position to see it; click or tap it to put it on "
        "the board. With the map focused: arrow keys walk to a neighbouring position, Enter puts it on the board, "
        "Home comes back, + and − zoom.",
        "拖动可移动状态图，滚轮或双指缩放。指向一个局面可预览；点击它即放到棋盘上。"
        "状态图获得焦点时：方向键走到相邻局面，回车键放到棋盘上，Home 键回到当前局面，+ 和 − 缩放。",
    ),
    "map_legend_colour": (
        "Colour: distance to the goal, from green (near) through yellow and orange to purple (far)",
        "颜色：离目标的距离，由绿（近）经黄、橙到紫（远）",
    ),
    "map_legend_goal": ("Gold ring: a goal position", "金色圆圈：目标局面"),
    "map_legend_dead": ("White dot: a dead end (one move only, back)", "白点：死胡同（只有退回一步可走）"),
    "map_legend_here": ("White ring: the board's position", "白色圆环：棋盘上的局面"),
    "map_legend_path": ("Cyan line: a shortest way from it to the goal", "青色线：从它到目标的一条最短路"),
    "map_legend_wave": (
        "White area during Solve: the positions the search has reached",
        "求解时的白色区域：搜索已到达的局面",
    ),
    "map_far": ("{d} moves from the goal", "离目标 {d} 步"),
    "map_far_none": ("no goal reachable", "走不到目标"),
    "map_focus": (
        "Position {i}: {far}, {k} moves possible. Click it or press Enter to put it on the board.",
        "第 {i} 号局面：{far}，有 {k} 种走法。点击它或按回车键即放到棋盘上。",
    ),
    "map_focus_here": ("The board's position (number {i}): {far}.", "棋盘上的局面（第 {i} 号）：{far}。"),
    "map_not_here": ("The board's position is not on this map.", "棋盘上的局面不在这张状态图中。"),
    "map_no_neighbour": ("No neighbouring position that way.", "这个方向没有相邻局面。"),
    "map_positions": ("Positions", "局面数"),
    "map_edges": ("Edges (pairs one move apart)", "边数（相差一步的局面对）"),
    "map_goals": ("Goal positions", "目标局面数"),
    "map_farthest": ("Farthest from the goal", "离目标最远"),
    "map_farthest_go": ("Go to the farthest position", "去最远的局面"),
    "map_dead_ends": ("Dead ends", "死胡同"),
    "map_merged": ("With same-shape pieces told apart", "同形棋子加以区分时"),
    "map_merged_value": ("{m} positions", "{m} 个局面"),
    "map_merged_none": ("not counted", "未能计算"),
    "map_cut": (
        "The map stops at {n} positions: there are more. Its distances are measured inside the map.",
        "状态图在 {n} 个局面处截止：实际还有更多。图中的距离只在图内计算。",
    ),
    "map_table": ("Positions per distance to the goal", "各距离的局面数"),
    "map_dist": ("Distance to the goal", "离目标的距离"),
    "map_count": ("Positions", "局面数"),
    "map_jumped": ("Put on the board from the map: {d} moves from the goal.", "已从状态图放到棋盘上：离目标 {d} 步。"),
    "map_jumped_none": ("Put on the board from the map: no goal can be reached.", "已从状态图放到棋盘上：走不到目标。"),
    "progress": ("Search progress", "搜索进度"),
    "explored": ("{n} positions explored", "已搜索 {n} 个局面"),
    "explored_one": ("{n} position explored", "已搜索 {n} 个局面"),
    "explored_ahead": (
        "Ready before you clicked: worked out ahead, {n} positions searched",
        "点击前已算好：提前搜索了 {n} 个局面",
    ),
    "explored_ahead_one": (
        "Ready before you clicked: worked out ahead, {n} position searched",
        "点击前已算好：提前搜索了 {n} 个局面",
    ),
    "prog_waiting": ("Waiting for the solver to start…", "正在等待求解器启动…"),
    "prog_starting": ("Starting the search…", "正在开始搜索…"),
    "downloading_of": (
        "Downloading the pattern tables: {got} of {total} MB ({pct} %)",
        "正在下载模式数据库：{got} / {total} MB（{pct}%）",
    ),
    "prog_tables": ("Unpacking the pattern tables…", "正在解包模式数据库…"),
    "downloading": ("Downloading the pattern tables: {got} MB", "正在下载模式数据库：{got} MB"),
    "won_by_solver": ("Solved by the solver: {n} moves", "由求解器解出：{n} 步"),
    "shared": ("Shared.", "已分享。"),
    "solver_down": (
        "The solver could not start ({msg}); the board still plays by hand. Reload the page to try again.",
        "求解器无法启动（{msg}）；棋盘仍可手动游玩。请刷新页面重试。",
    ),
    "explored_in": ("{n} positions searched in {s} s", "用 {s} 秒搜索了 {n} 个局面"),
    "worked_in": ("Worked out in {s} s", "用 {s} 秒算出"),
    "worked_ahead": ("Ready before you clicked: worked out ahead", "点击前已算好"),
    "explored_in_one": ("{n} position searched in {s} s", "用 {s} 秒搜索了 {n} 个局面"),
    "changed": (
        "The board changed while the solver worked; press Solve again.",
        "求解期间棋盘变了，请再按一次求解。",
    ),
    "share_progress": (
        "Link to the position now (it opens as a new start)",
        "链接到当前局面（打开时作为新的起始局面）",
    ),
    "piece_selected": ("selected", "已选中"),
    # What every game shares: the clock, records, the result of a win, the editor
    "clock": ("Time: {t}", "用时：{t}"),
    "n_moves": ("{n} moves", "{n} 步"),
    "best_line": ("Best: {best}", "最佳：{best}"),
    "at_goal": ("This position is already solved.", "这个局面已经解开了。"),
    "res_title": ("Solved by hand", "亲手解开"),
    "res_you": ("You: {what}", "你：{what}"),
    "res_assisted": (
        "Solved with the solver's help — not counted as a record. Reset to try by hand.",
        "借助求解器完成——不计入纪录。按“重来”可以自己再试。",
    ),
    "res_par_wait": ("Par: working it out…", "标准步数：计算中……"),
    "res_par_equal": ("Par {par}: you matched it!", "标准步数 {par}：你做到了！"),
    "res_par_over": ("Par {par}: {d} over par.", "标准步数 {par}：多了 {d} 步。"),
    "res_par_under": ("Par {par}: {d} under par.", "标准步数 {par}：少了 {d} 步。"),
    "res_first": ("First win here: this is your record.", "首次通关：这就是你的纪录。"),
    "res_new_moves": ("New record for moves (was {was}).", "步数新纪录（原来 {was} 步）。"),
    "res_new_time": ("New record time (was {was}).", "用时新纪录（原来 {was}）。"),
    "res_record": ("Your record: {best}.", "你的纪录：{best}。"),
    "records": ("Records", "纪录"),
    "records_title": ("Your records", "你的纪录"),
    "records_none": (
        "No records yet: solve a board by hand and it is kept here, in this browser.",
        "还没有纪录：亲手解开一个棋盘，纪录就会保存在这个浏览器里。",
    ),
    "records_board": ("Board", "棋盘"),
    "records_best": ("Best", "最佳"),
    "records_wins": ("Wins", "通关次数"),
    "records_reset": ("Reset all records", "清除全部纪录"),
    "records_reset_confirm": ("Press again to erase every record", "再按一次清除所有纪录"),
    "close": ("Close", "关闭"),
    "custom_named": ("Custom board {code}", "自定义棋盘 {code}"),
    "edit": ("Edit", "编辑"),
    "editor": ("Board editor", "棋盘编辑器"),
    "ed_play": ("Play this board", "用这个棋盘"),
    "ed_cancel": ("Stop editing", "退出编辑"),
    "ed_loaded": ("Your board is on: play it, solve it or share it.", "你的棋盘已就绪：可以玩、求解或分享。"),
    "ed_refused": ("This board cannot be played yet: {msg}", "这个棋盘还不能用：{msg}"),
    "ed_ready": (
        "Editing — the board is valid: Play, Solve or Share it.",
        "编辑中——棋盘有效：可以开始玩、求解或分享。",
    ),
    "ed_outside": ("That does not fit on the board.", "放不下：超出棋盘了。"),
    # ---- the Code panel (py/app/code_panel.py): one block, kept together
    "code": ("Code", "代码"),
    "code_title": ("Your Python", "你的 Python"),
    "code_editor_label": ("Code: your Python for {game}", "代码：你为{game}写的 Python"),
    "code_answer_as_returned": ("Your connect returned: {answer}", "你的 connect 返回了：{answer}"),
    "code_answer_why": ("Refused: {why}", "不接受：{why}"),
    "code_limits": (
        "Runs in a worker of its own: at {s} s it asks whether to keep going; at most {n} moves a run.",
        "在独立的工作线程里运行：运行到 {s} 秒时会问你是否继续；每次最多 {n} 步。",
    ),
    # how to get around the editor: said by keys where there is a keyboard and a mouse, by touch on a phone
    "code_keys": (
        "Tab indents, Shift+Tab dedents, Ctrl+Z undoes; Esc then Tab leaves the editor.",
        "Tab 缩进，Shift+Tab 取消缩进，Ctrl+Z 撤销；按 Esc 再按 Tab 可离开编辑器。",
    ),
    "code_touch": (
        "On a touch screen: tap where you want to type; a new line keeps the indent (type spaces to indent"
        " more, delete them to indent less); tap outside the editor to leave it.",
        "在触摸屏上：点一下要输入的位置；换行会保持缩进（多打空格缩进更深，删掉空格则退回）；点编辑器外面即可离开。",
    ),
    "code_run": ("Run", "运行"),
    "code_stop": ("Stop", "停止"),
    "code_check": ("Check", "检查"),
    # Step through (py/app/step_view.py)
    "code_step": ("Step through", "逐步执行"),
    "step_slider": ("Step", "步骤"),
    "step_line": ("line {n}", "第 {n} 行"),
    "step_of": ("{i} / {n}", "{i} / {n}"),
    "step_where": ("Step {i} of {n}: line {line}, in {fn}", "第 {i} 步（共 {n} 步）：第 {line} 行，在 {fn} 中"),
    "step_vars": ("Variables", "变量"),
    "step_back": ("Back to the game", "返回游戏"),
    "step_bar": ("Step through your program", "逐步查看你的程序"),
    "step_ready": (
        "{n} steps recorded: move the Step slider (arrows one step, Page Up / Page Down ten, Home / End);"
        " Esc goes back to the game.",
        "已记录 {n} 步：拖动“步骤”滑块（方向键一步，Page Up / Page Down 十步，Home / End 到两端）；按 Esc 返回游戏。",
    ),
    "step_recorded": ("{n} steps recorded; the board does not change while you step.",
                      "已记录 {n} 步；逐步查看时棋盘不会改变。"),
    "step_capped": (
        "Recording stopped at {n} steps, the most it keeps; the steps recorded can be stepped through.",
        "记录在 {n} 步处停止（最多记录这么多步）；已记录的步骤仍可逐步查看。",
    ),
    "step_moves": ("Moves your program made (listed, not played): {moves}", "程序走的棋（只列出，不播放）：{moves}"),
    "step_no_moves": ("Your program made no moves.", "程序没有走棋。"),
    "step_board": ("Your program's board at step {n}", "第 {n} 步时程序中的棋盘"),
    "step_no_board": ("No board in your program at this step yet", "此步时程序中还没有棋盘"),
    "step_this_case": ("Step through this case", "逐步执行此用例"),
    "step_case": ("Stepping the case {label}.", "逐步执行用例 {label}。"),
    "step_queue": ("queue {n}", "队列 {n}"),
    "step_seen": ("visited {n}", "已访问 {n}"),
    "step_case_last": ("Stepping the first failing case of your last Check, {label}, on its own board.",
                       "逐步执行上次检查中第一个未通过的用例 {label}，使用它自己的棋盘。"),
    "step_none": ("Your program ran no line of its own: nothing to step through.",
                  "你的程序没有执行自己的任何一行：没有可逐步执行的内容。"),
    "code_starter": ("Restore starter", "恢复模板"),
    "code_starter_undo": ("Bring my code back", "找回我的代码"),
    "code_starter_restored": (
        "The starter is back. Bring my code back (or Ctrl+Z in the editor) undoes it.",
        "模板已恢复。按“找回我的代码”（或在编辑器里按 Ctrl+Z）可撤销。",
    ),
    "code_share": ("Share my solution", "分享我的解法"),
    "code_share_label": ("Link to your solution (it opens in the editor, never runs by itself)",
                         "你的解法的链接（打开后只放进编辑器，不会自动运行）"),
    "code_use_connect": ("Use my connect", "用我的 connect"),
    "code_output": ("Output", "输出"),
    "code_no_output": ("No output", "没有输出"),
    "code_loading": ("Starting Python for your code…", "正在为你的代码启动 Python…"),
    "code_worker_failed": ("Python for your code could not start.", "无法为你的代码启动 Python。"),
    "code_running": ("Running… (Stop ends it; the limit is {s} s)", "运行中……（按停止可结束；上限 {s} 秒）"),
    "code_stopped": ("Stopped after {s} s.", "已在 {s} 秒后停止。"),
    "code_timeout": ("Stopped: the time limit is {s} s.", "已停止：时间上限为 {s} 秒。"),
    # the running clock (role=timer: not read out at each tick) and the limit a learner may extend
    "code_clock": ("{s} s of {limit} s", "{s} 秒 / 上限 {limit} 秒"),
    "code_clock_over": ("{s} s, past the {limit} s limit", "{s} 秒，已超过 {limit} 秒上限"),
    "code_limit_reached": (
        "Your program has run for {s} s, the time limit, and is still running: Keep going gives it {more} s more.",
        "你的程序已运行 {s} 秒，到了时间上限，仍在运行：按“继续运行”再给它 {more} 秒。",
    ),
    "code_keep_going": ("Keep going", "继续运行"),
    # where a slow program was when the page asked it (the limit, Stop): "Line 14 · visited held 412,330
    # items, q 96,112"
    "code_where_line": ("Line {line}", "第 {line} 行"),
    "code_where_held": ("{name} held {n} items", "{name} 存有 {n} 项"),
    "code_where_size": ("{name} {n}", "{name} {n} 项"),
    "code_where_sep": (" · ", " · "),
    "code_where_list": (", ", "，"),
    "code_where_reach": ("the whole search of this board meets {n} positions",
                         "完整搜索这个棋盘会遇到 {n} 个局面"),
    "code_where_reach_merged": ("the whole search of this board meets {n} positions when same-shape pieces count "
                                "as one ({m} when told apart)",
                                "同形棋子视为相同时，完整搜索这个棋盘会遇到 {n} 个局面（加以区分时 {m} 个）"),
    "code_where_reach_cut": ("the whole search of this board meets more than {n} positions",
                             "完整搜索这个棋盘会遇到超过 {n} 个局面"),
    "code_interrupted": (
        "Stopped after {i} of {n} moves: the board was changed while they played. Run plays them again from here.",
        "播放了 {n} 步中的 {i} 步后停止：播放时棋盘被改动了。再按“运行”会从这里重新开始。",
    ),
    "code_interrupted_one": (
        "Stopped after {i} of {n} move: the board was changed while it played. Run plays it again from here.",
        "播放了 {n} 步中的 {i} 步后停止：播放时棋盘被改动了。再按“运行”会从这里重新开始。",
    ),
    "code_board_changed": (
        "The board changed while your program ran: its moves were for the board before. Press Run again.",
        "你的程序运行期间棋盘变了：它算出的步骤是针对之前的棋盘的。请再按一次“运行”。",
    ),
    "code_finished": ("Finished in {ms} ms.", "运行完毕，用时 {ms} 毫秒。"),
    "code_error_at": ("Error on line {line} (marked in the editor).", "第 {line} 行出错（已在编辑器中标出）。"),
    "code_error": ("Your program raised an error.", "你的程序出错了。"),
    "code_no_function": ("Your program defines no function {name}().", "你的程序没有定义函数 {name}()。"),
    "code_move_limit": ("Stopped: more than {n} moves.", "已停止：超过 {n} 步。"),
    "code_bad_request": ("The code worker did not understand the request.", "代码工作线程无法理解这个请求。"),
    "code_output_cut": ("[output cut here: at most {n} characters are shown]", "[输出到此截断：最多显示 {n} 个字符]"),
    "code_no_moves": ("Your program made no moves.", "你的程序没有走任何一步。"),
    "code_playing": ("Playing your {n} moves on the board…", "正在棋盘上播放你的 {n} 步……"),
    "code_playing_one": ("Playing your {n} move on the board…", "正在棋盘上播放你的 {n} 步……"),
    "code_illegal": (
        "Move {i} (line {line}) cannot be made: {msg}. Playback stopped there.",
        "第 {i} 步（第 {line} 行）走不了：{msg}。播放在此停止。",
    ),
    "code_answer_refused": ("{msg}", "{msg}"),  # what the learner's program answered, refused by the rules
    "code_illegal_noline": (
        "Move {i} cannot be made: {msg}. Playback stopped there.",
        "第 {i} 步走不了：{msg}。播放在此停止。",
    ),
    "code_solved_in": ("Solved in {n} steps — the fewest is {m}.", "用 {n} 步解开——最少是 {m} 步。"),
    "code_solved_unknown": ("Solved in {n} steps.", "用 {n} 步解开。"),
    "code_not_solved": ("Moves played: {n}; the board is not solved yet.", "你的 {n} 步已播放，棋盘还没解开。"),
    "code_connect_refused": ("Your connect's path was refused: {why}", "你的 connect 给出的路径被拒绝：{why}"),
    "code_connect_empty": ("Your connect returned [] for these two tiles.", "你的 connect 对这两个图块返回了 []。"),
    "code_connect_joined": ("Your connect joined them.", "你的 connect 连上了它们。"),
    "code_path_not_list": ("it is not a list of [row, col] pairs", "它不是由 [行, 列] 组成的列表"),
    "code_path_ends": ("it does not run from the first tile to the second", "它不是从第一个图块连到第二个图块"),
    "code_path_step": ("step {i} is not to a neighbouring cell", "第 {i} 步不是走到相邻的格子"),
    "code_path_blocked": ("it passes through [{r}, {c}], which is not empty",
                          "它经过 [{r}, {c}]，那里不是空的"),
    "code_path_outside": ("it leaves the board and its ring at [{r}, {c}]",
                          "它在 [{r}, {c}] 超出了棋盘和外圈"),
    "code_path_turns": ("it turns {n} times (at most 2)", "它拐了 {n} 次弯（最多 2 次）"),
    "code_path_unjoinable": ("these two tiles cannot be joined", "这两个图块连不上"),
    "code_preparing": ("Preparing the hidden cases… {n}", "正在准备隐藏测试……{n}"),
    "code_checking": ("Checking: {i} / {n}", "检查中：{i} / {n}"),
    "code_passed": ("{p} / {n} passed", "通过 {p} / {n}"),
    "code_all_passed": ("{n} / {n} passed: every case.", "通过 {n} / {n}：全部用例都通过了。"),
    "code_beyond_passed": (
        "Beyond LeetCode: 3 × 3 (not counted): {p} / {n} passed",
        "进阶：3 × 3（不计入）：通过 {p} / {n}",
    ),
    "code_beyond_case": ("Beyond LeetCode: 3 × 3 #{n}", "进阶：3 × 3 #{n}"),
    "code_case": ("Case", "测试"),
    "code_expected": ("Expected", "应得"),
    "code_yours": ("Yours", "你的"),
    "code_time": ("Time", "用时"),
    "code_table_caption": (
        "The cases (failing ones first; {k} of {n} shown)",
        "测试结果（未通过的在前；显示 {k} / {n} 个）",
    ),
    "code_first_fail": ("The first failing case: {label}", "第一个未通过的测试：{label}"),
    "code_legend": (
        "Numbers: the tiles' kinds. Blue (E): a path the solver found (any legal path passes) · red (Y): your"
        " path · green (B): both. Rows and columns are labelled from 0; the ring is -1 and the size.",
        "数字：图块的种类。蓝（E）：求解器找到的一条路径（任何合规路径都算对） · 红（Y）：你的路径 · 绿（B）："
        "两者共有。行、列的编号从 0 起，外圈是 -1 和棋盘的行数、列数。",
    ),
    "code_none": ("none", "无"),
    "code_case_unsolved": ("{n} moves, not solved", "走了 {n} 步，未解开"),
    "code_case_unsolved_one": ("{n} move, not solved", "走了 {n} 步，未解开"),
    "code_moves_n": ("{n} moves", "{n} 步"),
    "code_moves_n_one": ("{n} move", "{n} 步"),
    "code_path_desc": ("path, {n} turns", "路径，拐\u00a0{n}\u00a0次"),
    "code_path_desc_one": ("path, {n} turn", "路径，拐\u00a0{n}\u00a0次"),
    "code_from_link": (
        "Code from the link is in the editor: press Run to run it.",
        "链接里的代码已放进编辑器：按“运行”来运行。",
    ),
    "code_link_too_long": (
        "The code in this link is too long ({n} characters; at most {max}): it was not opened. Your own code is"
        " unchanged.",
        "这个链接里的代码太长（{n} 个字符；最多 {max} 个）：没有打开。你自己的代码没有改动。",
    ),
    "code_link_damaged": (
        "The code in this link is damaged (cut or changed on the way): it was not opened. Your own code is"
        " unchanged.",
        "这个链接里的代码已损坏（传递时被截断或改动）：没有打开。你自己的代码没有改动。",
    ),
    "code_from_link_draft": (
        "Code from the link is in the editor, on trial: your own code is kept until you choose. Keep or"
        " Discard it; press Run to run it.",
        "链接里的代码已放进编辑器，先试用：在你选择之前，你自己的代码原样保留。可以“保留”或“放弃”；按“运行”来运行。",
    ),
    "code_draft_group": ("Code from a link", "链接里的代码"),
    "code_draft_help": (
        "This code came from a link. Keep replaces your saved code with it; Discard brings yours back.",
        "这段代码来自链接。“保留”会用它替换你保存的代码；“放弃”则换回你自己的代码。",
    ),
    "code_keep": ("Keep", "保留"),
    "code_discard": ("Discard", "放弃"),
    "code_kept": ("The link's code is kept as your code.", "已把链接里的代码保存为你的代码。"),
    "code_discarded": (
        "The link's code is discarded: your own code is back.", "已放弃链接里的代码：你自己的代码回来了。",
    ),
    "code_too_long": (
        "Your code is {n} characters long: only the first {max} are kept and run.",
        "你的代码有 {n} 个字符：只保存并运行前 {max} 个。",
    ),
    "code_busy": ("Your program is running: Stop it first.", "你的程序正在运行：请先停止。"),
    "code_error_case": ("error (line {line})", "出错（第 {line} 行）"),
    "code_timeout_case": ("over {s} s", "超过 {s} 秒"),
    "code_stopped_case": ("stopped", "已停止"),
    "code_seed": ("seed\u00a0{n}", "种子\u00a0{n}"),  # a Link-up case's board: its seed, on one line
    "code_check_failed": ("Check could not run: {msg}", "无法检查：{msg}"),
    # what the learner's worker did to itself, and Check's cases it never ran
    "code_worker_crashed": (
        "Your program crashed its worker (the Python that runs your code); a fresh one is starting.",
        "你的程序让运行它的工作线程（为你的代码运行的 Python）崩溃了；正在启动一个新的。",
    ),
    "code_crashed_case": ("crashed its worker", "工作线程崩溃"),
    "code_flood": (
        "Stopped: your program sent the page more than {n} messages in a second.",
        "已停止：你的程序在一秒内向页面发送了超过 {n} 条消息。",
    ),
    "code_flood_check": (
        "Stopped: your program sent the page more than {n} messages in a second. {p} / {r} passed; {k} of {m} "
        "cases not run.",
        "已停止：你的程序在一秒内向页面发送了超过 {n} 条消息。通过 {p} / {r}；{m} 个用例中有 {k} 个未运行。",
    ),
    "code_not_run_case": ("not run", "未运行"),
    "code_passed_partial": (
        "{p} / {n} passed; {k} of {m} cases not run.", "通过 {p} / {n}；{m} 个用例中有 {k} 个未运行。",
    ),
    "code_check_stopped": (
        "Stopped after {s} s: {p} / {n} passed; {k} of {m} cases not run.",
        "已在 {s} 秒后停止：通过 {p} / {n}；{m} 个用例中有 {k} 个未运行。",
    ),
    "code_check_stopped_in": (
        "Stopped after {s} s in case {label}: {p} / {n} passed; {k} of {m} cases not run.",
        "已在 {s} 秒后停止，停在用例 {label}：通过 {p} / {n}；{m} 个用例中有 {k} 个未运行。",
    ),
    "code_check_over": (
        "{p} / {n} passed; {k} of {m} cases not run: {o} cases went over the time limit or crashed, so Check "
        "stopped.",
        "通过 {p} / {n}；{m} 个用例中有 {k} 个未运行：{o} 个用例超时或崩溃，检查已停止。",
    ),
}


def _add_games() -> None:
    """Merge the texts of the set of games and of each registered game (its folder's
    ``texts.TEXTS``, named by its spec) into :data:`_TEXT`."""
    from puzzles import load_module
    from puzzles.games import SPECS, TEXTS

    _TEXT.update(TEXTS)
    for spec in SPECS:
        if spec.texts:
            _TEXT.update(load_module(spec.texts).TEXTS)


_add_games()


def t(key: str, lang: str = "en", **values: object) -> str:
    """``key``'s text in ``lang`` with ``values`` filled in; with a count ``n`` of 1, the text of
    ``key + "_one"`` where there is one (English says "1 position", not "1 positions")."""
    pair = _TEXT.get(key)
    if pair is None:
        return key
    if values and str(values.get("n")) == "1":
        pair = _TEXT.get(key + "_one", pair)
    text = pair[1] if lang == "zh" else pair[0]
    if not values:
        return text
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):  # a field not given shows as {field}: a gap, not a crash
        for name, value in values.items():
            text = text.replace("{" + name + "}", str(value))
        return text


def keys() -> list:
    return list(_TEXT)
