"""Lights out's texts in both languages, ``(English, 中文)``: ``TEXTS``, the page's (merged into
:mod:`app.i18n` by its spec's ``texts``), and ``MESSAGES``, its error codes' (added to
:data:`puzzles.messages.MESSAGES` when the board module is imported)."""

TEXTS = {
    "tab_lights": ("Lights out", "关灯"),
    "board_lights": ("Lights out board", "关灯棋盘"),
    "lo_light": ("Light at row {r}, column {c}", "第 {r} 行第 {c} 列的灯"),
    "lo_ready": ("Press a light: it and its neighbours switch. Turn every light off.",
                 "按下一盏灯：它和上下左右的灯都会切换。把所有灯都关掉。"),
    "lo_keys_help": (
        "Click or tap a light, or Tab to it and press Enter or Space: that light and the lights above, below,"
        " left and right of it switch on or off.",
        "点击一盏灯，或用 Tab 移到它再按 Enter 或空格：这盏灯和它上下左右的灯都会切换亮灭。",
    ),
    "lo_hint": ("Hint: press the light at row {r}, column {c} ({n} presses to go).",
                "提示：按第 {r} 行第 {c} 列的灯（还需按 {n} 次）。"),
    "lo_paste_help": ("Rows of 0 (off) and 1 (on): [[1,0,0],[0,1,0],[0,0,1]] or 100/010/001.",
                      "由 0（灭）和 1（亮）组成的行：[[1,0,0],[0,1,0],[0,0,1]] 或 100/010/001。"),
    "code_help_lights": (
        "Write lightsOut(board): the fewest presses that turn every light off; gameHandler.move(cell) presses"
        " light cell (0-8, row by row) on the board.",
        "写出 lightsOut(board)：返回关掉所有灯所需的最少按灯次数；gameHandler.move(cell) 会在棋盘上按下"
        "第 cell 盏灯（0-8，逐行编号）。",
    ),
    "code_lights_answer": ("Your answer: {yours} — not right: the answer is {exact}.",
                           "你的答案：{yours}——不对，正确答案是 {exact}。"),
    "code_lights_answer_ok": ("Your answer: {yours} — right.", "你的答案：{yours}——正确。"),
}

MESSAGES = {
    "lights_bad_size": ("{text}: a lights board is {side} × {side}.", "{text}：灯盘须为 {side} × {side}。"),
    "lights_bad_cell": (
        "{text}: row {row}, column {col} is {value}; a light is 0 (off) or 1 (on).",
        "{text}：第 {row} 行第 {col} 列为 {value}；灯只能是 0（灭）或 1（亮）。",
    ),
    "lights_no_light": (
        "{text} is not a light: the lights are 0 to {top}.",
        "{text} 不是一盏灯：灯的编号为 0 到 {top}。",
    ),
}
