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
}
