"""Hostile text never escapes a parser as anything but a PuzzleError.

Every text form of every game's ``Board.parse`` (the course's JSON and each
share code) and Huarong's ``parse_script``/``check_script`` get random
Unicode, mutated valid codes and JSON, deep nesting, huge numbers, Unicode
digits and very long input. Whatever parses must round-trip through both
forms, take a legal move and survive a budgeted solve."""

import json

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from puzzles import (
    ALPHABET,
    MAX_DIGITS,
    MAX_TEXT_CHARS,
    PuzzleError,
    huarong,
    linkup,
    run,
    sliding,
)
from puzzles.games import GAMES, SPECS
from puzzles.huarong import solver as huarong_solver
from puzzles.huarong.layouts import LAYOUTS
from puzzles.linkup import solver as linkup_solver
from puzzles.sliding import solver as sliding_solver

FUZZ = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
UNICODE_DIGITS = "²³¹⁰٣۴०१߁০๓０９①"
SYNTAX = "[]{},.:x-/\"'\\ \n\t()0123456789aAzZ;"
ODD = "曹操…\x00\ud800\u2028\ufeff"
chars = st.one_of(st.sampled_from(UNICODE_DIGITS + SYNTAX + ODD), st.characters())


# ------------------------------------------------------------- valid boards
@st.composite
def huarong_boards(draw):
    if draw(st.booleans()):
        board = draw(st.sampled_from(LAYOUTS)).board
        for _ in range(draw(st.integers(0, 4))):
            moves = board.legal_moves()
            if not moves:
                break
            board = board.move(*draw(st.sampled_from(moves)))
        return board
    rows, cols = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    w = draw(st.sampled_from([w for w in range(1, cols + 1) if (cols - w) % 2 == 0]))
    h = draw(st.integers(1, rows))
    r0, c0 = draw(st.integers(0, rows - h)), draw(st.integers(0, cols - w))
    grid = [[0] * cols for _ in range(rows)]
    for r in range(r0, r0 + h):
        for c in range(c0, c0 + w):
            grid[r][c] = 1
    next_id = draw(st.sampled_from([2, 40, 60, 70]))  # ids above 61 share as JSON
    for r in range(rows):
        for c in range(cols):
            if not grid[r][c] and draw(st.booleans()):
                grid[r][c] = next_id
                next_id += 1
    return huarong.Board.from_grid(grid)


@st.composite
def linkup_boards(draw):
    rows, cols = draw(st.integers(1, 10)), draw(st.integers(1, 10))
    n = rows * cols
    kinds = draw(st.lists(st.integers(1, 61), max_size=n // 2))
    cells = [k for k in kinds for _ in (0, 1)] + [0] * (n - 2 * len(kinds))
    cells = draw(st.permutations(cells))
    return linkup.Board.from_grid([cells[r * cols : r * cols + cols] for r in range(rows)])


@st.composite
def sliding_boards(draw):
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    cells = draw(st.permutations(range(rows * cols)))
    return sliding.Board.from_grid([cells[r * cols : r * cols + cols] for r in range(rows)])


def texts_of(boards):
    """A board's share code or JSON form (compact, spaced or pretty-printed)."""
    return st.tuples(boards, st.sampled_from(("code", "json", "spaced", "pretty"))).map(
        lambda bf: (
            bf[0].to_code()
            if bf[1] == "code"
            else bf[0].to_json()
            if bf[1] == "json"
            else json.dumps(bf[0].grid(), indent=2 if bf[1] == "pretty" else None)
        )
    )


# ---------------------------------------------------------------- hostility
@st.composite
def mutated(draw, base):
    """A valid text with one to four insertions, deletions, replacements or repeats."""
    text = draw(base)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(("insert", "delete", "replace", "repeat")))
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 6)))
        if op == "insert":
            text = text[:i] + draw(st.text(chars, min_size=1, max_size=3)) + text[i:]
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "replace":
            text = text[:i] + draw(st.text(chars, min_size=1, max_size=2)) + text[j:]
        else:
            text = text[:i] + text[i:j] * draw(st.integers(2, 5)) + text[j:]
    return text


@st.composite
def nudged(draw, base):
    """A valid text with one character replaced by one of its game's own
    (``0-9 a-z A-Z .``), or a space put in: often still a board, a different one."""
    text = draw(base)
    i = draw(st.integers(0, max(0, len(text) - 1)))
    if draw(st.booleans()):
        return text[:i] + draw(st.sampled_from(" \n")) + text[i:]
    return text[:i] + draw(st.sampled_from(ALPHABET + ".")) + text[i + 1 :]


deep = st.builds(
    lambda opener, n, tail: opener * n + tail,
    st.sampled_from(("[", "{", "[{", '{"a":', "[[", '["', " [")),
    st.integers(3, 6000),
    st.sampled_from(("", "1", "]" * 3, "1]]", '"')),
)
NUMBER_FORMS = (
    "[[%s]]",
    "[[1,%s],[1,1]]",
    "[[-%s,0]]",
    "[[1e%s]]",
    "[[0.%s]]",
    "[[%s.5]]",
    "1.%sx2.11.zz",
    "1.2x%s.11.zz",
    "%s.1x2.11.zz",
    "%sx3-412503",
    "2x%s-412503",
    "%s/11",
)
huge_numbers = st.builds(
    lambda form, digit, n: form % (digit * n),
    st.sampled_from(NUMBER_FORMS),
    st.sampled_from("917"),
    st.integers(MAX_DIGITS - 1, 6000),
)
DIGIT_FORMS = ("%sx3-412503", "2x%s-412503", "1.%sx2.11.zz", "1.1x%s.11.zz", "%s.1x2.11.zz", "[[%s]]", "1%s/11")
unicode_digits = st.builds(
    lambda form, text: form % text,
    st.sampled_from(DIGIT_FORMS),
    st.text(st.sampled_from(UNICODE_DIGITS + "0123"), min_size=1, max_size=4),
)
long_input = st.builds(
    lambda unit, n, pad: unit * n + pad,
    st.sampled_from(("1", "[[1,1],[1,1]]", "3114/", " ", "1.4x6.", "9", "[1,")),
    st.integers(MAX_TEXT_CHARS // 16, MAX_TEXT_CHARS + 50),
    st.sampled_from(("", "]]", " ")),
)


def hostile(boards):
    valid = texts_of(boards)
    return st.one_of(
        st.text(chars, max_size=80),
        valid,
        nudged(valid),
        nudged(valid),
        mutated(valid),
        mutated(valid),
        deep,
        huge_numbers,
        unicode_digits,
        long_input,
    )


def parse_or_none(board_class, text):
    """The board, or ``None`` for a :class:`PuzzleError`; anything else fails the test."""
    try:
        board = board_class.parse(text)
    except PuzzleError as e:
        assert e.code and str(e) and e.text("zh"), e
        event("refused: %s" % e.code)  # shown by --hypothesis-show-statistics
        return None
    event("parsed")
    assert board_class.parse(board.to_code()) == board
    assert board_class.parse(board.to_json()) == board
    return board


# ------------------------------------------------------------------- games
@FUZZ
@given(hostile(huarong_boards()))
def test_huarong_parse_only_raises_puzzle_errors(text):
    board = parse_or_none(huarong.Board, text)
    if board is None:
        return
    moves = board.legal_moves()
    if moves:
        after = huarong.SPEC.apply(board, moves[0])
        assert after != board and huarong.Board.parse(after.to_code()) == after
    res = run(huarong_solver.search(board, "cell", limit=2000))
    assert res.status in ("solved", "unsolvable", "unknown")
    if res.status == "solved":
        assert board.play(res.moves).is_solved()


@FUZZ
@given(hostile(linkup_boards()))
def test_linkup_parse_only_raises_puzzle_errors(text):
    board = parse_or_none(linkup.Board, text)
    if board is None:
        return
    pairs = linkup.joinable_pairs(board)
    if pairs:
        after = linkup.SPEC.apply(board, pairs[0])
        assert after.tiles() == board.tiles() - 2
    res = run(linkup_solver.search(board, budget=200))
    assert res.status in ("solved", "unsolvable", "unknown")
    if res.status == "solved":
        for move in res.moves:
            board = linkup.SPEC.apply(board, move)
        assert board.is_cleared()


@FUZZ
@given(hostile(sliding_boards()))
def test_sliding_parse_only_raises_puzzle_errors(text):
    board = parse_or_none(sliding.Board, text)
    if board is None:
        return
    tile = board.movable()[0]
    assert sliding.SPEC.apply(sliding.SPEC.apply(board, tile), tile) == board
    mode = "optimal" if len(board.cells) <= 9 else "fast"
    res = run(sliding_solver.search(board, mode))
    assert res.status == ("solved" if board.solvable() else "unsolvable")
    if res.status == "solved":
        assert board.play(res.moves).is_solved()


# ------------------------------------------------------------------ scripts
COURSE = huarong.Board.parse(huarong.DEFAULT)


COURSE_SCRIPT = huarong.format_script(run(huarong_solver.search(COURSE, "cell")).moves[:12])
script_lines = st.one_of(
    st.builds(
        lambda pid, d: "gameHandler.move(%s, %s)" % (pid, d),
        st.one_of(
            st.integers(0, 12).map(str),
            st.text(st.sampled_from(UNICODE_DIGITS + "0123456789 -+x"), max_size=6),
            st.integers(MAX_DIGITS - 1, 6000).map(lambda n: "9" * n),
        ),
        st.one_of(st.sampled_from(("'up'", '"down"', "'left'", "right", "'north'", "''", "'")), st.text(chars)),
    ),
    st.text(chars, max_size=40),
    st.sampled_from(("// comment", "# note", "", "  ", "gameHandler.move(10, 'left');")),
)
scripts = st.one_of(
    st.lists(script_lines, max_size=8).map("\n".join),
    st.integers(1, 12).map(lambda k: "\n".join(COURSE_SCRIPT.splitlines()[:k])),
    mutated(st.just(COURSE_SCRIPT)),
    long_input,
    deep,
)


@FUZZ
@given(scripts)
def test_scripts_only_raise_puzzle_errors(text):
    try:
        parsed = huarong.parse_script(text)
    except huarong.ScriptError as e:
        assert e.line >= 1 and e.values["inner"] and e.text("zh").startswith("第 %d 行：" % e.line)
    else:
        for n, pid, d in parsed:
            assert n >= 1 and pid >= 0 and d in huarong.STEP
    try:
        moves = huarong.check_script(COURSE, text)
    except huarong.ScriptError as e:
        assert json.loads(json.dumps(e.values)) == e.values
        event("refused: line %s" % e.values["inner"])
        return
    event("played")
    assert huarong.SPEC.apply(COURSE, moves[0]) == COURSE.move(*moves[0])
    assert COURSE.play(moves) == huarong.Board.parse(COURSE.play(moves).to_code())


# ------------------------------------------------------- the known escapes, one by one
BOARDS = tuple(spec.board for spec in SPECS)


@pytest.mark.parametrize("board_class", BOARDS)
@pytest.mark.parametrize("opener", ["[", "[{", '[{"a":'])
def test_deep_nesting_is_refused_before_json_loads(board_class, opener):
    # RecursionError on CPython, RuntimeError "maximum recursion depth exceeded" on MicroPython
    with pytest.raises(board_class.error) as err:
        board_class.parse(opener * 3000)
    assert err.value.code == "json_too_deep"
    with pytest.raises(board_class.error, match="nests deeper"):
        board_class.parse("[[[1]]]")


@pytest.mark.parametrize("board_class", BOARDS)
def test_brackets_inside_json_strings_are_not_nesting(board_class):
    with pytest.raises(board_class.error) as err:
        board_class.parse('[[1, "[[[[[\\"[[["]]')
    assert err.value.code.startswith("cell_not_")


def test_unicode_digits_in_sizes():
    with pytest.raises(sliding.BoardError) as err:
        sliding.Board.parse("2³x4-7")  # '³'.isdigit() but int('³') is a ValueError
    assert err.value.code == "sliding_not_code"
    with pytest.raises(linkup.BoardError) as err:
        linkup.Board.parse("1.10x2²0.abc.zz")
    assert err.value.code == "linkup_bad_size"
    with pytest.raises(linkup.BoardError) as err:
        linkup.Board.parse("²." + "1x2.11.00")
    assert err.value.code == "linkup_not_code"
    with pytest.raises(huarong.ScriptError) as err:
        huarong.parse_script("gameHandler.move(1٣, 'up')")
    assert err.value.values["inner"] == "script_bad_pid"


@pytest.mark.parametrize(
    "board_class, text",
    [
        (huarong.Board, "[[" + "9" * 5000 + "]]"),  # past CPython's 4,300-digit int conversion limit
        (linkup.Board, "[[1,1],[1,-" + "9" * 5000 + "]]"),
        (sliding.Board, "[[1,2],[3," + "0" * 5000 + "]]"),
        (sliding.Board, "9" * 5000 + "x3-412503"),
        (sliding.Board, "2x" + "9" * 5000 + "-412503"),
        (linkup.Board, "1." + "9" * 5000 + "x2.11.zz"),
        (linkup.Board, "1.2x" + "9" * 5000 + ".11.zz"),
        (huarong.Board, "[[1,1],[1,1],[1234567890,0]]"),
    ],
)
def test_numbers_with_too_many_digits(board_class, text):
    with pytest.raises(board_class.error) as err:
        board_class.parse(text)
    assert err.value.code == "number_too_long" and err.value.values["limit"] == MAX_DIGITS


def test_a_script_with_a_huge_piece_id():
    with pytest.raises(huarong.ScriptError) as err:
        huarong.check_script(COURSE, "gameHandler.move(10, 'left')\ngameHandler.move(" + "9" * 5000 + ", 'up')")
    assert err.value.line == 2 and err.value.values["inner"] == "number_too_long"


@pytest.mark.parametrize("board_class", BOARDS)
@pytest.mark.parametrize("text", ["[[1e999]]", "[[1e400, 1]]", "[[1.0]]"])
def test_huge_and_odd_json_numbers(board_class, text):
    with pytest.raises(board_class.error) as err:
        board_class.parse(text)
    assert err.value.code.startswith("cell_not_")


@pytest.mark.parametrize("board_class", BOARDS)
@pytest.mark.parametrize("text", ["[[NaN]]", "[[-Infinity]]", "[[1, Infinity]]"])
def test_nan_and_infinity_are_not_json(board_class, text):
    """JSON has no NaN or Infinity: refused as the page's MicroPython refuses them (CPython's parser
    reads them, and once called them cells that are not whole numbers)."""
    with pytest.raises(board_class.error) as err:
        board_class.parse(text)
    assert err.value.code == "json_invalid"


def test_the_length_limit():
    assert MAX_TEXT_CHARS == 20000
    # the largest legitimate board, 24 × 24 Link-up, pretty-printed one number a line, fits with room to spare
    cells = [(i // 2) % 61 + 1 for i in range(24 * 24)]
    big = linkup.Board.from_grid([cells[r * 24 : r * 24 + 24] for r in range(24)])
    pretty = json.dumps(big.grid(), indent=4)
    assert len(pretty) < MAX_TEXT_CHARS // 2 and linkup.Board.parse(pretty) == big
    assert linkup.Board.parse(json.dumps(big.grid(), indent=8)) == big
    padded = huarong.DEFAULT + " " * (MAX_TEXT_CHARS - len(huarong.DEFAULT))
    assert huarong.Board.parse(padded) == COURSE
    for board_class in BOARDS:
        with pytest.raises(board_class.error) as err:
            board_class.parse(padded + " ")
        assert err.value.code == "text_too_long"
        assert "20000" in str(err.value) and "20000" in err.value.text("zh")


def test_a_future_link_up_format_is_refused_by_name():
    with pytest.raises(linkup.BoardError) as err:
        linkup.Board.parse("2.4x6.363663451152414146535222.aj")
    assert err.value.code == "linkup_future_format" and err.value.values["version"] == "2"
    assert "uses share format 2; this app reads format 1" in str(err.value)
    assert "第 2 版" in err.value.text("zh")
    with pytest.raises(linkup.BoardError) as err:
        linkup.Board.parse("1.4x6.363663451152414146535222")
    assert err.value.code == "linkup_not_code"


# ------------------------------------------------------------- hostile JSON moves, extreme headers
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(["up", "down", "left", "right", "shuffle", 1, 0, -1, 2**40]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=2),
    max_leaves=8,
)


@pytest.mark.parametrize("name", sorted(GAMES))
@FUZZ
@given(data=json_values)
def test_decode_move_raises_only_value_error(name, data):
    """Every game's decode_move on any JSON value: a move, or ValueError (the spec's rule), never
    TypeError (Huarong's [1, ["up"]] raised TypeError: a list is not hashable)."""
    spec = GAMES[name]
    try:
        move = spec.decode_move(data)
    except ValueError:
        event("refused")
        return
    event("decoded")
    assert spec.decode_move(spec.encode_move(move)) == move


# The sizes a share code's header may claim: zero, negative-looking, huge, just past each game's limits.
SIZES = st.one_of(
    st.integers(0, 30), st.sampled_from([999999999, 10000000, 65536, 100, 25, 24, 9, 8, 6, 5, 2, 1, 0])
).map(str)


@st.composite
def extreme_codes(draw, name):
    rows, cols = draw(SIZES), draw(SIZES)
    body = draw(st.text(alphabet="0123456789abc", max_size=40))
    if name == "linkup":
        head = "%sx%s.%s" % (rows, cols, body)
        check = linkup._checksum(head) if draw(st.booleans()) else draw(st.text(alphabet="0aZ", max_size=2))
        return "1.%s.%s" % (head, check)
    if name == "sliding":
        return "%sx%s-%s" % (rows, cols, body)
    n, m = int(rows), min(int(cols), 100)  # Huarong's compact form: the header is its rows and their length
    return "/".join(["1" * m] * min(n, 3000))[:MAX_TEXT_CHARS]


@pytest.mark.parametrize("name", sorted(GAMES))
@FUZZ
@given(data=st.data())
def test_extreme_headers_are_refused_from_the_header(name, data):
    """A share code claiming any size parses or is refused with a PuzzleError, having built no more than
    its own text's worth: the sizes are checked before the cells are read."""
    import tracemalloc

    text = data.draw(extreme_codes(name))
    tracemalloc.start()
    try:
        GAMES[name].board.parse(text)
        event("parsed")
    except PuzzleError as e:
        event(e.code)
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak < 64 * len(text) + 200_000
