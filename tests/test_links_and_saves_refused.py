"""Links and saved games refused: a link or a saved game never bricks the app.

Share codes whose header claims an extreme size are refused from the header, before anything is
built; saved histories that jump to a board of another shape are refused by ``Session.restore``;
saves are capped before they are replayed."""

import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from app.session import MAX_SAVED_STEPS, SaveError, Session
from puzzles import PuzzleError, huarong, linkup, sliding
from puzzles.games import GAMES, SPECS

ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------- share codes: sizes from the header
def _linkup_code(size: str, body: str = "") -> str:
    head = size + "." + body
    return "1." + head + "." + linkup._checksum(head)


EXTREME = [
    (linkup, _linkup_code("999999999x0"), "linkup_bad_dims"),  # 999,999,999 rows (a valid checksum)
    (linkup, "1.999999999x0..TK", "linkup_bad_dims"),
    (linkup, _linkup_code("10000000x0"), "linkup_bad_dims"),
    (linkup, _linkup_code("0x999999999"), "linkup_bad_dims"),
    (linkup, _linkup_code("0x0"), "linkup_bad_dims"),
    (linkup, _linkup_code("25x1", "0" * 25), "linkup_bad_dims"),
    (sliding, "999999999x0-", "sliding_bad_size"),
    (sliding, "0x0-", "sliding_bad_size"),
    (sliding, "1x999999999-", "sliding_bad_size"),
    (huarong, "1" + "/" * 9000, "huarong_too_big"),
    (huarong, "1" * 9000, "huarong_too_big"),
    (huarong, "1" * 8 + " " + "1" * 9000, "huarong_too_big"),  # its bad character past the largest board's 8
    (huarong, json.dumps([[1]] * 4000, separators=(",", ":")), "huarong_too_big"),
    (linkup, json.dumps([[0]] * 4000, separators=(",", ":")), "linkup_too_big"),
    (sliding, json.dumps([[0] * 9000], separators=(",", ":")), "sliding_bad_size"),
]


@pytest.mark.parametrize("module,text,code", EXTREME, ids=[t[:30] for _, t, _ in EXTREME])
def test_an_extreme_header_is_refused_before_anything_is_built(module, text, code):
    """The size is read from the header and refused at once: the parse allocates no more
    than a few times its own text (built, the first link would be 999,999,999 rows)."""
    tracemalloc.start()
    try:
        with pytest.raises(PuzzleError) as info:
            module.Board.parse(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert info.value.code == code
    assert peak < 64 * len(text) + 200_000
    assert "×" in info.value.text("zh") or "x" in info.value.text("zh")


def test_text_that_is_no_board_is_called_that_not_a_board_too_big():
    """Text that is no board is said to be that before any size is read."""
    for text in ("hello world, again", ("hello world, again" * 900)[:19_000]):
        with pytest.raises(PuzzleError) as info:
            huarong.Board.parse(text)
        assert info.value.code == "huarong_not_code", text[:20]
    with pytest.raises(PuzzleError) as info:  # one stray character within the largest board: named exactly
        huarong.Board.parse("hello world")
    assert info.value.code == "bad_piece_char" and info.value.values["col"] == 6


@pytest.mark.parametrize("size", ["0x5", "5x0", "0x0"])
def test_zero_sides_are_refused_with_a_coded_message(size):
    with pytest.raises(PuzzleError) as info:
        linkup.Board.parse(_linkup_code(size))
    assert info.value.code == "linkup_bad_dims"
    assert "each side must be 1 to 24" in str(info.value)
    assert "每边须为 1 到 24" in info.value.text("zh")


def test_the_command_line_refuses_the_link_at_once():
    done = subprocess.run(
        [sys.executable, "-m", "puzzles", "linkup", "1.999999999x0..TK"],
        cwd=ROOT / "py",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode != 0
    assert "each side must be 1 to 24" in done.stderr


# ------------------------------------------------------------- saved histories with foreign steps
def _restore(spec, saved):
    s = Session(spec.default(), spec.apply)
    s.restore(saved, spec.board.parse, spec.decode_move, spec.shape)
    return s


def test_a_sliding_jump_to_another_size_is_refused():
    s = Session(sliding.SPEC.default(), sliding.SPEC.apply)
    before = s.state
    saved = {"v": 2, "start": "2x3-412503", "moves": [{"jump": "3x3-123456780"}], "cursor": 1}
    with pytest.raises(ValueError) as info:
        s.restore(saved, sliding.SPEC.board.parse, sliding.SPEC.decode_move, sliding.SPEC.shape)
    assert info.value.code == "save_jump_foreign"
    assert s.state == before and s.moves == []


def test_a_linkup_jump_to_another_size_is_refused():
    start = linkup.SPEC.default().to_code()
    with pytest.raises(SaveError):
        _restore(linkup.SPEC, {"start": start, "moves": [{"jump": "[[1,1]]"}], "cursor": 1})


def test_a_huarong_jump_to_other_pieces_is_refused():
    """Same size, other pieces: the view draws the start's pieces, so the rule holds them too."""
    start = huarong.DEFAULT
    other = "3114/3114/5226/5786/9b0a"  # soldier 9's neighbour renamed: another piece set
    with pytest.raises(SaveError) as info:
        _restore(huarong.SPEC, {"start": start, "moves": [{"jump": other}]})
    assert info.value.code == "save_jump_foreign"
    # a position of the same game is a jump the map makes: kept
    moved = huarong.Board.parse(start).move(10, "left").to_code()
    s = _restore(huarong.SPEC, {"start": start, "moves": [{"jump": moved}]})
    assert s.state.to_code() == moved


def test_a_save_of_too_many_steps_is_refused_before_replaying():
    calls = []

    def apply(board, move):
        calls.append(move)
        return board

    s = Session(0, apply)
    with pytest.raises(SaveError) as info:
        s.restore({"start": "0", "moves": [1] * (MAX_SAVED_STEPS + 1)}, int, int)
    assert info.value.code == "save_too_many_steps" and calls == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_foreign_errors_of_a_decoder_come_out_as_value_errors(name):
    spec = GAMES[name]
    start = spec.default().to_code()
    for moves in ([[1, ["up"]]], [{"a": 1}], [[None, None]], [["shuffle", 5]], [{"jump": 5}], [{"jump": "[[1]]"}]):
        with pytest.raises(ValueError):
            _restore(spec, {"start": start, "moves": moves})


def test_every_game_has_a_shape_rule():
    for spec in SPECS:
        board = spec.default()
        assert spec.shape(board) == spec.shape(spec.board.parse(board.to_code()))


# ------------------------------------------------------------- fuzz: saved histories with foreign steps, every game
from hypothesis import HealthCheck, event, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def _neighbours(spec, board, n=6):
    """Positions a few legal moves away (jumps the map could make: the games with a map)."""
    out = []
    while spec.map and len(out) < n:
        moves = spec.legal_moves(board)
        if not moves:
            break
        board = spec.apply(board, moves[len(out) % len(moves)])
        out.append(board)
    return out


FOREIGN_BOARDS = [spec.default().to_code() for spec in SPECS] + [
    "3x3-123456780",
    "2x2-1230",
    "3x2-123450",
    "[[1,1]]",
    "[[1,1],[0,0]]",
    "1/1",
    "11/11",
    "3114/3114/5226/5786/9b0a",
    "[[1,1,2,2]]",
    linkup.generate(2, 2, 1, 4, 3).to_code(),
    "1.999999999x0..TK",
    "",
    "[[",
]


def _own_steps(spec):
    """Encoded legal moves from the default board, then jumps to its own neighbours."""
    board = spec.default()
    moves = [spec.encode_move(m) for m in spec.legal_moves(board)][:6]
    return moves + [{"jump": b.to_code()} for b in _neighbours(spec, board)]


HOSTILE_STEPS = [[1, ["up"]], {"a": 1}, [None, None], ["shuffle", 5], ["shuffle", "1.1x2.11.zz"], 2**70, -1, "up"]


@st.composite
def saved_games(draw, spec):
    own = _own_steps(spec)
    step = st.one_of(
        st.sampled_from(own),  # the game's own steps weigh three times the foreign ones: long histories restore
        st.sampled_from(own),
        st.sampled_from(own),
        st.sampled_from(FOREIGN_BOARDS).map(lambda code: {"jump": code}),
        st.sampled_from(HOSTILE_STEPS),
    )
    start = spec.default().to_code() if draw(st.integers(0, 3)) else draw(st.sampled_from(FOREIGN_BOARDS))
    moves = draw(st.lists(step, max_size=8))
    cursor = draw(st.one_of(st.none(), st.integers(-1, 10), st.sampled_from([True, "1", 1.0])))
    saved = {"v": 2, "start": start, "moves": moves}
    if cursor is not None:
        saved["cursor"] = cursor
    return saved


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_restore_with_foreign_steps_is_all_or_nothing(name, data):
    """Any saved history, mixing the game's own moves and jumps with jumps to boards of other games and
    sizes and with hostile move values: restore raises ValueError and leaves the session as it was, or
    every position restored is of the start's shape and every move replays through the rules."""
    spec = GAMES[name]
    saved = data.draw(saved_games(spec))
    s = Session(spec.default(), spec.apply)
    before = (s.start, list(s.states), list(s.moves), s.cursor)
    try:
        s.restore(saved, spec.board.parse, spec.decode_move, spec.shape)
    except ValueError as e:
        event("refused: %s" % getattr(e, "code", "PuzzleError"))
        assert (s.start, s.states, s.moves, s.cursor) == before
        return
    event("restored %d steps" % len(s.moves))
    want = spec.shape(s.start)
    assert all(spec.shape(b) == want for b in s.states)
    replay = Session(s.start, spec.apply)
    for m in s.moves:
        if hasattr(m, "state"):
            replay.jump(m.state)
        else:
            replay.play(m)
    assert replay.states == s.states and 0 <= s.cursor <= len(s.moves)
