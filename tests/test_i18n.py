"""Every message exists in both languages and formats with its fields."""

import re

from app.i18n import _TEXT, keys, t
from puzzles.huarong.texts import piece_text


def test_every_key_in_both_languages_with_the_same_fields():
    for key in keys():
        en, zh = _TEXT[key]
        assert en and zh, key
        assert sorted(re.findall(r"{(\w+)}", en)) == sorted(re.findall(r"{(\w+)}", zh)), key


def test_status_lines_use_digits_as_the_contract_says():
    assert t("solved", "en", n=116) == "Solved: 116 moves"
    assert t("no_solution", "en", n=7462) == "No solution — 7462 positions explored"
    assert "116" in t("solved", "zh", n=116)


def piece_name(pid: int, height: int, width: int, lang: str) -> str:
    key, values = piece_text(pid, height, width)
    return t(key, lang, **values)


def test_piece_names():
    assert piece_name(1, 2, 2, "zh") == "曹操" and piece_name(2, 1, 2, "en") == "Guan Yu"
    assert piece_name(9, 1, 1, "zh") == "兵"
    assert piece_name(1, 1, 1, "en") == "Cao Cao", "piece 1 is the one that escapes, whatever its size"
    assert piece_name(3, 2, 2, "en") == "Piece 3"
    assert t("missing-key", "en") == "missing-key"


def _page_files() -> list:
    """The page's Python: py/app and the folder of every registered game (its view, editor and
    exercise), wherever it is (a test's own game lives under tests/)."""
    import pathlib
    import sys

    from puzzles.games import SPECS

    py = pathlib.Path(__file__).resolve().parent.parent / "py"
    folders = []
    for spec in SPECS:
        __import__(spec.board.__module__)
        folder = pathlib.Path(sys.modules[spec.board.__module__].__file__).resolve().parent
        if folder not in folders:
            folders.append(folder)
    return sorted(py.joinpath("app").glob("*.py")) + [p for f in folders for p in sorted(f.rglob("*.py"))]


def _keys_used_by_the_app() -> set:
    """String keys the page passes to say/t/text/button/select/paste_box/option_select, and every view's TEXT."""
    import ast

    used = set()
    calls = {"say": 0, "t": 0, "button": 1, "select": 1, "option_select": 2, "text": 1, "paste_box": 1}
    for path in _page_files():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in calls:
                i = calls[node.func.attr]
                arg = node.args[i] if len(node.args) > i else None
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    used.add(arg.value)
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "TEXT" for t in node.targets):
                if isinstance(node.value, ast.Dict):
                    used.update(v.value for v in node.value.values)
                else:  # TEXT = game_texts(ready="…", …)
                    used.update(k.value.value for k in node.value.keywords)
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "update" and node.keywords:
                used.update(k.value.value for k in node.keywords if isinstance(k.value, ast.Constant))
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript):
                if getattr(node.targets[0].value, "id", "") == "TEXT" and isinstance(node.value, ast.Constant):
                    used.add(node.value.value)
    return used


def _draft_error_keys() -> set:
    """The keys the editors' refusals name: ``DraftError("ed_…")``."""
    import ast

    used = set()
    for path in _page_files():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "DraftError" and node.args:
                if isinstance(node.args[0], ast.Constant):
                    used.add(node.args[0].value)
    return used


# Keys the page builds from a name: a Huarong editor tool, a Link-up preset, the Edit button while
# editing, the reset button asking again; and each registered game's tab (:func:`_built_keys`).
BUILT_KEYS = (
    ["ed_" + tool for tool in ("boss", "hbar", "vbar", "soldier", "erase")]
    + ["lu_preset_" + name for name in ("small", "kshisen", "large")]
    + ["ed_cancel", "edit", "records_reset_confirm", "at_goal"]
)


def _built_keys() -> set:
    """:data:`BUILT_KEYS` and ``tab_NAME`` for every game in the registry as it is now (the shell
    builds one tab per ``puzzles.games.NAMES``)."""
    from puzzles.games import NAMES

    return set(BUILT_KEYS) | {"tab_" + game for game in NAMES}


def test_every_key_the_app_uses_exists():
    used = _keys_used_by_the_app() | _draft_error_keys() | _built_keys()
    missing = sorted(k for k in used if k not in _TEXT)
    assert not missing, missing
    assert {"ed_outside", "ed_overlap", "ed_one_boss", "ed_resize_cuts"} <= _draft_error_keys()


def test_missing_fields_show_as_gaps_not_crashes():
    assert t("res_par_over", "en", par=116) == "Par 116: {d} over par."
    assert t("num_nothing", "zh", n=1) == "num_nothing"


def test_a_count_of_one_takes_the_singular_where_english_has_one():
    """A key with a ``_one`` twin: the same fields, and ``t`` takes the twin for a count of exactly 1 (int or
    the digits the page shows), in both languages; any other count keeps the plural."""
    twins = [k[: -len("_one")] for k in keys() if k.endswith("_one")]
    assert {"no_solution", "explored", "explored_in", "code_playing", "lu_cleared_by_you", "chart_bar"} <= set(twins)
    for base in twins:
        fields = {f: "9" for f in re.findall(r"{(\w+)}", _TEXT[base][0])}
        assert sorted(re.findall(r"{(\w+)}", _TEXT[base + "_one"][0])) == sorted(fields), base
        for lang in ("en", "zh"):
            assert t(base, lang, **dict(fields, n=1)) == t(base + "_one", lang, **dict(fields, n=1))
            assert t(base, lang, **dict(fields, n="1")) == t(base + "_one", lang, **dict(fields, n="1"))
            assert t(base, lang, **dict(fields, n=2)) == _TEXT[base][lang == "zh"].format(**dict(fields, n=2))
    assert t("no_solution", "en", n=1) == "No solution — 1 position explored"
    assert t("no_solution", "en", n="1,024") == "No solution — 1,024 positions explored"
    assert t("solved", "en", n=1) == "Solved: 1 moves"  # the contract's status lines keep their one form


def test_a_win_of_one_move_is_said_in_the_singular():
    from app.i18n import t

    assert t("won", "en", n=1) == "Solved in 1 move!" and t("won", "zh", n=1) == "完成！用了 1 步。"
