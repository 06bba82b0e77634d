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
