"""Every message the engines' errors can show, in English and 简体中文.

An engine error is raised as ``SomeError(code, **values)`` (see
:class:`puzzles.PuzzleError`); :func:`render` turns ``code`` and ``values``
into text in either language, so the page can show an error in the language
it is in now, and again in the other one after the switch, from the same
``code`` and ``values`` (which a worker can send as JSON).

Templates use ``str.format`` named placeholders; both languages of a code use
exactly the same ones. Values are ``str`` or ``int`` only. Conventions:

* ``text``, ``char``, ``got``, ``pid`` (in :data:`MESSAGES` ``no_such_piece``),
  ``tile``, ``number``, ``size``: the user's own input, already quoted by
  :func:`puzzles.quote`; the Chinese text quotes nothing else.
* ``row``, ``col``, ``row1``… are 1-based, as a person counts.
* ``dir`` is one of ``up down left right``; Chinese shows 上 下 左 右.
* ``inner`` is itself a message code: it is rendered first, in the same
  language, from the same values (a script's ``line {line}: {inner}``).

Runs on MicroPython too (the page's main thread renders with it).
"""

MESSAGES = {
    # ------------------------------------------------------------- any board text
    "board_empty": ("the board text is empty", "棋盘文本是空的"),
    "text_too_long": (
        "the board text is {count} characters long; the longest accepted is {limit}",
        "棋盘文本有 {count} 个字符，最多只接受 {limit} 个",
    ),
    "json_invalid": ("{text} is not valid JSON", "{text} 不是有效的 JSON"),
    "json_too_deep": (
        "{text} nests deeper than a board's two levels (a list of rows of numbers)",
        "{text} 的嵌套超过了棋盘的两层（由数字行组成的列表）",
    ),
    "number_too_long": (
        "{text}: the number {number} has more than {limit} digits",
        "{text}：数字 {number} 超过 {limit} 位",
    ),
    "grid_not_board": (
        "{text} is not a board: expected a non-empty list of rows",
        "{text} 不是棋盘：应为由若干行组成的非空列表",
    ),
    "grid_row_not_list": ("row {row} of {text} is not a list", "{text} 的第 {row} 行不是列表"),
    "grid_ragged": (
        "ragged rows in {text}: row {row} has length {count}, row 1 has length {cols}",
        "{text} 的各行长短不一：第 {row} 行有 {count} 格，第 1 行有 {cols} 格",
    ),
    "cell_not_id": (
        "row {row}, column {col}: {text} is not an integer id",
        "第 {row} 行第 {col} 列：{text} 不是整数编号",
    ),
    "cell_not_kind": (
        "row {row}, column {col}: {text} is not an integer kind",
        "第 {row} 行第 {col} 列：{text} 不是整数种类",
    ),
    "cell_not_number": (
        "row {row}, column {col}: {text} is not a whole number",
        "第 {row} 行第 {col} 列：{text} 不是整数",
    ),
    "code_cell_count": (
        "{text} has {count} cells for a {rows} × {cols} board",
        "{text} 有 {count} 格，与 {rows} × {cols} 的棋盘不符",
    ),
    "code_cell_count_one": (
        "{text} has 1 cell for a {rows} × {cols} board",
        "{text} 只有 1 格，与 {rows} × {cols} 的棋盘不符",
    ),
    # ------------------------------------------------------------- saved games and the app itself
    "save_not_game": (
        "it is not a game this app saved (damaged, or from another version)",
        "它不是本应用保存的对局（已损坏，或来自其他版本）",
    ),
    "save_too_long": (
        "it is {count} characters long; the longest accepted is {limit}",
        "它有 {count} 个字符，最多只接受 {limit} 个",
    ),
    "save_too_many_steps": (
        "it holds {count} steps; the most accepted is {limit}",
        "它有 {count} 步，最多只接受 {limit} 步",
    ),
    "save_jump_foreign": (
        "its history jumps to a board of another size or with other pieces",
        "它的历史跳到了另一种尺寸或另一组棋子的棋盘",
    ),
    "internal_error": (
        "something went wrong inside the app ({error}); the board is as it was",
        "应用内部出错（{error}）；棋盘保持原样",
    ),
    "bad_request": (
        "the solver was asked for something it does not do: {text}",
        "求解器收到了它不做的请求：{text}",
    ),
    "not_whole_number": ("{text} is not a whole number", "{text} 不是整数"),
    "move_bad_form": ("{text} is not a move", "{text} 不是一步走法"),
    # ------------------------------------------------------------- Huarong Road
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
    # ------------------------------------------------------------- Link-up
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
    # ------------------------------------------------------------- sliding puzzle
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
    # ------------------------------------------------------------- the Code panel's worker answers
    "code_bad_answer": (
        "your program sent {text}, which is not a move of this game",
        "你的程序给出了 {text}，这不是本游戏的走法",
    ),
}

# Values that are words of ours, not the user's: shown translated.
_ZH_VALUES = {"dir": {"up": "上", "down": "下", "left": "左", "right": "右"}}


def add_messages(table: dict) -> None:
    """Add a game's codes to :data:`MESSAGES` (its folder's ``texts.MESSAGES``, added by the game's
    module when it is imported: the code's rules and its words come together)."""
    MESSAGES.update(table)


def render(code: str, lang: str, values: "dict | None", fallback: str = "") -> str:
    """The message ``code`` with ``values`` in ``lang`` (``"en"`` or ``"zh"``).

    An unknown code gives ``fallback`` (or the code itself); a missing
    Chinese template, the English one; a template whose values do not fit,
    ``fallback`` (or the bare template): a gap shows rather than crashes."""
    pair = MESSAGES.get(code)
    if pair is None:
        return fallback or code
    zh = lang == "zh"
    template = pair[1] if zh and pair[1] else pair[0]
    args = {}
    if values:
        for key in values:
            args[key] = values[key]
    if zh:
        for key in _ZH_VALUES:
            if key in args:
                args[key] = _ZH_VALUES[key].get(args[key], args[key])
    inner = args.get("inner")
    if inner is not None:
        rest = dict(values)
        del rest["inner"]
        args["inner"] = render(inner, lang, rest, str(inner))
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):
        return fallback or template
