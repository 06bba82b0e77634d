"""Every engine error in both languages: the catalogue is complete and
consistent, every code the engines raise is in it, and a table of bad inputs
for every game renders in Chinese with no English but the user's own input."""

import json
import re
import string
from pathlib import Path

import pytest

from puzzles import MAX_TEXT_CHARS, PuzzleError, exact_int, huarong, linkup, quote, sliding
from puzzles import messages as messages_module
from puzzles.huarong.solver import DistanceTable
from puzzles.huarong.solver import search as huarong_search
from puzzles.messages import MESSAGES, render
from puzzles.sliding.solver import build_table, encode_tables, install_tables
from puzzles.sliding.solver import search as sliding_search

PUZZLES = Path(__file__).resolve().parent.parent / "py" / "puzzles"
HAN = re.compile("[\u4e00-\u9fff]")
COURSE = huarong.Board.parse(huarong.DEFAULT)
SMALL_LINKUP = linkup.Board.from_grid([[1, 2, 1], [0, 2, 0]])
SLIDING = sliding.Board.parse(sliding.DEFAULT)
WALLED = linkup.Board.from_grid([[2, 2, 3, 3], [1, 4, 4, 1], [5, 5, 6, 6]])  # the two 1s cannot be joined
# Literal syntax a person must type as it is, shown in the Chinese messages too.
CODE_SAMPLES = ("gameHandler.move(10, 'left')", "'up'", "'down'", "'left'", "'right'")
CODE_SAMPLES += ("'cell'", "'piece'", "'optimal'", "'fast'", "JSON")
NOT_SEEN = {"generate_failed"}  # generate() never fails to build in practice: no input reaches it
# Codes the app raises or shows, not the engines (saved games, faults): see tests/test_links_and_saves_refused.py.
APP_CODES = {"save_not_game", "save_too_long", "save_too_many_steps", "save_jump_foreign"}
APP_CODES |= {"internal_error", "bad_request"}
APP_SOURCES = ("app/session.py", "app/view.py", "app/frame.py", "app/lifecycle.py", "app/view_errors.py")
APP_SOURCES += ("worker_jobs.py",)


def fields(template: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


# --------------------------------------------------------------- the catalogue
def test_every_code_has_both_languages_with_the_same_placeholders():
    assert len(MESSAGES) >= 50
    for code, pair in MESSAGES.items():
        assert re.fullmatch("[a-z][a-z0-9]*(_[a-z0-9]+)*", code), code
        assert isinstance(pair, tuple) and len(pair) == 2, code
        en, zh = pair
        assert en and zh and en != zh, code
        assert fields(en) == fields(zh), code
        assert HAN.search(zh), "%s: no Chinese in %r" % (code, zh)
        assert not HAN.search(en.replace("曹操", "")), code


def test_values_that_nest_are_only_the_scripts():
    for code, (en, _zh) in MESSAGES.items():
        if code != "script_line":
            assert not {"line", "inner"} & fields(en), code


def _engine_sources() -> list:
    """py/puzzles/*.py and the modules of every registered game kept elsewhere (the tests' toy)."""
    import sys

    from puzzles.games import SPECS

    paths = sorted(PUZZLES.glob("*.py"))
    for spec in SPECS:
        for name in (spec.board.__module__, spec.solver):
            __import__(name)
            path = Path(sys.modules[name].__file__).resolve()
            if path not in paths:
                paths.append(path)
    return paths


def _raised_codes_in_source() -> set:
    codes = set()
    for path in _engine_sources():
        if path.name == "messages.py":
            continue
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r'(?:Error|error)\(\s*"([a-z0-9_]+)"', text))
        codes |= set(re.findall(r'inner="([a-z0-9_]+)"', text))
        codes |= set(re.findall(r'read_grid\([^()]*?"([a-z0-9_]+)"[,)]', text))
    for name in APP_SOURCES:
        text = (PUZZLES.parent / name).read_text(encoding="utf-8")
        codes |= set(re.findall(r'(?:Error|error)\(\s*"([a-z0-9_]+)"', text)) & APP_CODES
        codes |= set(re.findall(r'"(internal_error|bad_request)"', text))
    return codes


def test_every_code_raised_is_in_the_catalogue_and_every_entry_is_raised():
    raised = _raised_codes_in_source()
    assert len(raised) > 50
    assert raised - set(MESSAGES) == set()
    assert set(MESSAGES) - raised == set()


def test_no_engine_raise_is_left_as_plain_text():
    for path in _engine_sources():
        text = path.read_text(encoding="utf-8")
        # a PuzzleError subclass raised with a formatted message instead of a code
        assert not re.search(r'(?:PuzzleError|BoardError|MoveError|ScriptError)\(\s*"[^"]*[ %]', text), path.name


# --------------------------------------------------------------------- render
def test_render_falls_back_gently(monkeypatch):
    assert render("board_empty", "en", {}) == "the board text is empty"
    assert render("board_empty", "zh", {}) == "棋盘文本是空的"
    assert render("board_empty", "fr", {}) == "the board text is empty"
    assert render("no_such_code", "zh", {}, "fallback") == "fallback"
    assert render("no_such_code", "zh", {}) == "no_such_code"
    assert render("grid_not_board", "en", {}, "fb") == "fb"  # a value missing
    monkeypatch.setitem(MESSAGES, "only_english", ("just {n}", ""))
    assert render("only_english", "zh", {"n": 3}) == "just 3"


@pytest.mark.parametrize("direction, zh", [("up", "上"), ("down", "下"), ("left", "左"), ("right", "右")])
def test_directions_are_translated(direction, zh):
    assert render("move_blocked", "zh", {"pid": 10, "dir": direction}) == "棋子 10 无法向%s移动" % zh
    assert render("move_blocked", "en", {"pid": 10, "dir": direction}) == "piece 10 cannot move %s" % direction


def test_a_script_error_renders_its_inner_error_in_the_same_language():
    with pytest.raises(huarong.ScriptError) as err:
        huarong.check_script(COURSE, "gameHandler.move(10, 'left')\n// ok\ngameHandler.move(10, 'up')")
    e = err.value
    assert e.code == "script_line" and e.line == 3
    assert e.values == {"line": 3, "inner": "move_blocked", "pid": 10, "dir": "up"}
    assert str(e) == e.text("en") == "line 3: piece 10 cannot move up"
    assert e.text("zh") == "第 3 行：棋子 10 无法向上移动"
    assert json.loads(json.dumps(e.values)) == e.values


def test_rows_and_columns_are_counted_from_one():
    with pytest.raises(huarong.BoardError) as err:
        huarong.Board.parse("[[1,1,0],[1,1,0],[2,0,2]]")
    assert "(they span rows 3–3, columns 1–3)" in str(err.value)
    assert "第 3–3 行、第 1–3 列" in err.value.text("zh")
    with pytest.raises(linkup.BoardError) as err:
        linkup.SPEC.apply(WALLED, (4, 7))
    assert str(err.value) == "the tiles at row 2, column 1 and row 2, column 4 cannot be joined"


def test_one_is_singular():
    with pytest.raises(huarong.BoardError, match="row 2 has length 1, row 1 has length 2"):
        huarong.Board.parse("[[1,1],[2]]")
    with pytest.raises(linkup.BoardError, match="kind 5 appears once;"):
        linkup.Board.parse("[[5,0]]")
    with pytest.raises(sliding.BoardError, match="'2x2-1' has 1 cell for a 2 × 2 board"):
        sliding.Board.parse("2x2-1")
    with pytest.raises(sliding.BoardError, match="has 3 cells for a 2 × 2 board"):
        sliding.Board.parse("2x2-123")


# ------------------------------------------------ a table of bad inputs, in Chinese
def _script(text):
    return lambda: huarong.check_script(COURSE, text)


def _parse(game, text):
    return lambda: game.Board.parse(text)


BAD = [
    # any game's text
    (_parse(huarong, ""), "board_empty"),
    (_parse(sliding, "1" * (MAX_TEXT_CHARS + 1)), "text_too_long"),
    (_parse(huarong, "[[1,1],[1,1]"), "json_invalid"),
    (_parse(linkup, "[" * 5000), "json_too_deep"),
    (_parse(sliding, "[[" + "9" * 5000 + "]]"), "number_too_long"),
    (_parse(huarong, "[1, 2]"), "grid_not_board"),
    (_parse(huarong, "[[1,1],2]"), "grid_row_not_list"),
    (_parse(linkup, "[[1,1],[2]]"), "grid_ragged"),
    (_parse(huarong, '[[1,"x"]]'), "cell_not_id"),
    (_parse(linkup, "[[1,true]]"), "cell_not_kind"),
    (_parse(sliding, "[[1,2.5],[3,0]]"), "cell_not_number"),
    (_parse(sliding, "3x3-12345678"), "code_cell_count"),
    (_parse(linkup, "1.1x2.1.%s" % linkup._checksum("1x2.1")), "code_cell_count_one"),
    (lambda: exact_int("7"), "not_whole_number"),
    (lambda: huarong.SPEC.decode_move(["x"]), "move_bad_form"),
    # Huarong Road
    (_parse(huarong, "[[1,-2],[0,0]]"), "id_negative"),
    (_parse(huarong, json.dumps([[1, 0]] * 9)), "huarong_too_big"),
    (_parse(huarong, "[[2,1,1,2],[0,1,1,0]]"), "piece_not_rectangle"),
    (_parse(huarong, "22/00"), "no_target"),
    (_parse(huarong, "1110/1110"), "target_off_centre"),
    (_parse(huarong, "11/11/0!"), "bad_piece_char"),
    (_parse(huarong, "def solve(board): pass"), "huarong_not_code"),
    (lambda: huarong.Board.from_grid([[0, 1, 0], [99, 0, 0]]).to_compact(), "no_compact_form"),
    (lambda: COURSE.move(77, "up"), "no_such_piece"),
    (lambda: COURSE.move(10, "north"), "not_a_direction"),
    (lambda: COURSE.move(1, "down"), "move_blocked"),
    (lambda: huarong.from_picture("CC/CC/xx"), "picture_bad_char"),
    (lambda: huarong.from_picture("CC/C./.."), "picture_broken_piece"),
    (lambda: huarong.from_picture("ss/.."), "picture_no_target"),
    (_script("alert(1)"), "script_not_move"),
    (_script("gameHandler.move(7)"), "script_two_args"),
    (_script("gameHandler.move(²1, 'up')"), "script_bad_pid"),
    (_script("gameHandler.move(" + "9" * 5000 + ", 'up')"), "number_too_long"),
    (_script("gameHandler.move(7, up)"), "script_dir_not_quoted"),
    (_script("gameHandler.move(7, 'north')"), "script_bad_dir"),
    (_script("// nothing\n"), "script_empty"),
    (_script("gameHandler.move(1, 'down')"), "move_blocked"),
    (lambda: next(huarong_search(COURSE, "moves")), "bad_metric"),
    (lambda: DistanceTable(COURSE, "cell", limit=100), "space_too_large"),
    # Link-up
    (_parse(linkup, "[[1,99,99,1]]"), "kind_out_of_range"),
    (_parse(linkup, json.dumps([[0] * 25])), "linkup_too_big"),
    (lambda: linkup.generate(30, 30, 30, 30, 1), "linkup_too_big"),
    (_parse(linkup, "[[1,2]]"), "kind_odd_once"),
    (_parse(linkup, "[[1,1,1,0]]"), "kind_odd"),
    (_parse(linkup, "2.1x2.11.00"), "linkup_future_format"),
    (_parse(linkup, "hello"), "linkup_not_code"),
    (_parse(linkup, "1.10x2²0.ab.zz"), "linkup_bad_size"),
    (_parse(linkup, "1.999999999x0..TK"), "linkup_bad_dims"),
    (_parse(linkup, "1.1x2.11.zz"), "checksum_mismatch"),
    (_parse(linkup, "1.1x2.1!.%s" % linkup._checksum("1x2.1!")), "bad_tile_char"),
    (lambda: linkup.generate(4, 6, 5, 4, 1), "generate_no_fit"),
    (lambda: linkup.SPEC.apply(SMALL_LINKUP, ("shuffle", "[[1,1,0],[0,0,0]]")), "shuffle_changed_tiles"),
    (lambda: linkup.SPEC.apply(SMALL_LINKUP, (0, 99)), "cell_off_board"),
    (lambda: linkup.SPEC.apply(WALLED, (4, 7)), "tiles_not_joinable"),
    (lambda: linkup.SPEC.decode_move("1,2"), "move_bad_form"),
    # sliding puzzle
    (_parse(sliding, "[[1,0]]"), "sliding_bad_size"),
    (_parse(sliding, "[[1,2,3],[4,0,6]]"), "sliding_out_of_range"),
    (_parse(sliding, "[[1,2,3],[4,0,0]]"), "sliding_duplicate"),
    (_parse(sliding, "2³x4-7"), "sliding_not_code"),
    (_parse(sliding, "2x3-4125!3"), "sliding_bad_char"),
    (lambda: SLIDING.slide(4), "tile_not_movable"),
    (lambda: sliding_search(SLIDING, "slow"), "unknown_mode"),
    (lambda: install_tables(b"junk"), "tables_bad_header"),
    (lambda: install_tables(_tables_2x3()[:-9]), "tables_damaged"),  # truncated
    # what the Code panel's worker sends (py/puzzles/code_check.py)
    (lambda: __import__("puzzles.code_check").code_check.decode_moves(huarong.SPEC, [[["1", "fly"], 1]], 9),
     "code_bad_answer"),
]


def _tables_2x3() -> bytes:
    groups = [[1, 2, 3], [4, 5]]
    return encode_tables(2, 3, groups, [build_table(2, 3, g) for g in groups])


def _english_left(e: PuzzleError, text: str) -> str:
    """``text`` without the user's quoted input and the literal code samples."""
    for v in e.values.values():
        if isinstance(v, str) and v[:1] in "'\"":
            text = text.replace(v, " ")
    for sample in CODE_SAMPLES:
        text = text.replace(sample, " ")
    return text


@pytest.mark.parametrize("action, code", BAD, ids=["%s-%d" % (code, i) for i, (_, code) in enumerate(BAD)])
def test_bad_input_speaks_both_languages(action, code):
    with pytest.raises(PuzzleError) as err:
        action()
    e = err.value
    inner = e.values.get("inner") if e.code == "script_line" else None
    assert code in (e.code, inner)
    assert str(e) == e.text("en") == e.text() and e.text("zh") != str(e)
    for value in e.values.values():
        assert type(value) in (str, int)
    assert json.loads(json.dumps(e.values)) == e.values
    zh = e.text("zh")
    assert HAN.search(zh)
    left = _english_left(e, zh)
    assert not re.search("[A-Za-z]{3,}", left), "English left in %r" % zh
    en = str(e)
    assert not re.search(r"\b1 (cells|times|rows|columns|tiles|kinds|digits)\b", en), en
    assert not re.search(r"\{[a-z0-9_]+\}", _english_left(e, en + zh)), "a placeholder left unfilled"


def test_the_table_reaches_every_code():
    seen = set()
    for action, _code in BAD:
        try:
            action()
        except PuzzleError as e:
            seen.add(e.code)
            if e.code == "script_line":
                seen.add(e.values["inner"])
    assert set(MESSAGES) - seen == NOT_SEEN | APP_CODES


def test_quote_matches_repr_and_keeps_chinese():
    for s in ["abc", "it's", "a\"b'c", "x\\y\n\t\x01\x7f", "华容道", "\ud800", "\u2028", "a" * 39]:
        assert quote(s) == repr(s)
    assert quote("a" * 50) == repr("a" * 39 + "…")


def test_the_catalogue_module_is_what_the_app_imports():
    assert messages_module.render is render
