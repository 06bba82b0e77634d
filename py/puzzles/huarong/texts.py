"""Huarong's texts in both languages, ``(English, 中文)``: ``TEXTS``, the page's (merged into
:mod:`app.i18n` by its registry entry's ``texts``), and ``MESSAGES``, the error messages of the
game's codes (added to :data:`puzzles.messages.MESSAGES` when the game's module is imported)."""

TEXTS = {
    "tab_huarong": ("Huarong Road", "华容道"),
    "board_huarong": ("Huarong Road board", "华容道棋盘"),
    "status_won": ("Cao Cao escaped in {n} moves!", "曹操逃出华容道，用了 {n} 步！"),
    "ed_board_huarong": ("Huarong Road board being edited", "正在编辑的华容道棋盘"),
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
}

MESSAGES = {
    "huarong_too_big": (
        "the board is {rows} × {cols} (rows × columns); the largest allowed is {max} × {max}",
        "棋盘为 {rows} × {cols}（行 × 列）；最大允许 {max} × {max}",
    ),
}
