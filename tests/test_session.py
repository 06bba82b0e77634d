"""The shared midend: undo/redo, saving and playback, on a toy game and on Huarong."""

import pytest

from app.session import Playback, Session
from puzzles.games import GAMES
from puzzles.huarong import Board


def add(state, move):
    if move < 0:
        raise ValueError("negative")
    return state + move


def test_undo_redo_and_branching():
    s = Session(0, add)
    for m in (1, 2, 3):
        s.play(m)
    assert s.state == 6 and s.made == [1, 2, 3]
    assert s.undo() == 3 and s.undo() == 2 and s.state == 1
    assert s.redo() == 2 and s.state == 3
    s.play(10)  # a new move drops what could have been redone
    assert s.made == [1, 2, 10] and not s.can_redo() and s.redo() is None
    with pytest.raises(ValueError):
        s.play(-1)
    assert s.state == 13, "a rejected move changes nothing"
    while s.undo() is not None:
        pass
    assert s.state == 0 and not s.can_undo()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_try_play_refuses_an_illegal_move_and_changes_nothing(game):
    spec = GAMES[game]
    s = Session(spec.default(), spec.apply)
    s.play(spec.decode_move(spec.encode_move(_first_legal(spec, s.state))))
    before = (s.state, list(s.made), s.cursor)
    for bad in (None, "x", -1, (99, "up"), [0, 0, 0, 0], {"m": 1}):
        assert s.try_play(bad) is False, bad
        assert (s.state, list(s.made), s.cursor) == before
    assert s.try_play(_first_legal(spec, s.state)) is True and s.cursor == 2


def _first_legal(spec, board):
    """A legal move on ``board``, the game's own hint job's (no move typed in)."""
    import importlib

    from puzzles import run

    hint = importlib.import_module(spec.solver).JOBS["hint"]
    return run(hint(board, spec.defaults(board), {})).moves[0]


def test_save_and_restore_round_trip():
    s = Session(Board.parse("3114/3114/5226/5786/900a"), lambda b, m: b.move(*m))
    s.play((10, "left"))
    s.play((9, "right"))
    s.undo()
    saved = s.to_saved(lambda b: b.to_json(), list)
    t = Session(Board.parse("1/0"), lambda b, m: b.move(*m))
    t.restore(saved, Board.parse, tuple)
    assert t.state == s.state and t.moves == s.moves and t.cursor == 1


def test_restore_of_bad_data_keeps_the_session():
    s = Session(5, add)
    s.play(1)
    for bad in ({"start": "0", "moves": [1, -4]}, {"start": "0", "moves": [1], "cursor": 9}):
        with pytest.raises(ValueError):
            s.restore(bad, int, int)
        assert s.state == 6 and s.made == [1]


# Saved games that are no game (garbage, other formats, broken moves): each refused, never half-restored.
GARBAGE = [
    {"start": 5},
    {"start": None},
    {"start": [1]},
    {"start": True},
    {"start": ""},
    {"start": "x", "moves": []},
    {"moves": [1e400]},
    {"moves": [[]]},
    {"moves": [None]},
    {"moves": "12"},
    {"moves": [], "cursor": 1e400},
    {"moves": [], "cursor": True},
    {"moves": [], "cursor": "0"},
    {"moves": [], "cursor": -1},
]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("bad", GARBAGE)
def test_restore_accepts_nothing_it_did_not_validate(game, bad):
    spec = GAMES[game]
    board = spec.default()
    data = dict(bad)
    data.setdefault("start", board.to_code())
    s = Session(board, spec.apply)
    with pytest.raises(ValueError):
        s.restore(data, spec.board.parse, spec.decode_move)
    assert s.state == board and s.made == []


def test_playback_pause_step_and_stop():
    pb = Playback(["a", "b", "c"], speed=0)
    assert pb.next_move() == "a"
    assert pb.toggle_pause() is True
    assert pb.next_move() is None
    pb.step()
    assert pb.next_move() == "b" and pb.next_move() is None
    pb.toggle_pause()
    assert pb.next_move() == "c" and pb.done and pb.progress() == (3, 3)
    pb2 = Playback(["x"])
    pb2.stop()
    assert pb2.done and pb2.next_move() is None


# ---------------------------------------------------------------- records and the clock
from app.faces import COLORS, FACES, contrast, face  # noqa: E402
from app.records import Clock, Records, clock_text, num  # noqa: E402
from puzzles import DraftError  # noqa: E402
from puzzles.huarong.draft import HuarongDraft  # noqa: E402
from puzzles.sliding.draft import SlidingDraft  # noqa: E402


def test_numbers_read_the_same_everywhere():
    assert [num(n) for n in (0, 116, 7462, 16111, 1306367, -25000)] == [
        "0", "116", "7462", "16,111", "1,306,367", "-25,000"
    ]
    assert clock_text(0) == "0:00" and clock_text(61999) == "1:01" and clock_text(3723000) == "1:02:03"


def test_the_clock_runs_from_the_first_move_only_while_allowed():
    c = Clock()
    c.set_running(True, 0)
    assert not c.running and c.ms(5000) == 0, "no move yet"
    c.start(1000)
    c.set_running(True, 1000)
    c.set_running(False, 4000)  # the tab was left
    c.set_running(True, 10000)
    assert c.ms(12000) == 5000
    saved = c.to_saved(12000)
    d = Clock()
    d.restore(saved)
    assert d.started and not d.running and d.ms(99999) == 5000
    for bad in (None, {"ms": -1, "started": True}, {"ms": True, "started": True}, {"ms": 5, "started": 1}, "x"):
        d.restore(bad)
        assert not d.started and d.ms(1) == 0


def test_records_keep_the_best_of_each_unit_and_time():
    r = Records()
    first = r.add_win("huarong", "L0", {"cell": 120, "piece": 85}, 90000)
    assert first["before"] is None and first["best_moves"] == {"cell": True, "piece": True} and first["best_time"]
    second = r.add_win("huarong", "L0", {"cell": 116, "piece": 90}, 95000)
    assert second["best_moves"] == {"cell": True, "piece": False} and not second["best_time"]
    entry = r.get("huarong", "L0")
    assert entry["moves"] == {"cell": 116, "piece": 85} and entry["ms"] == 90000 and entry["wins"] == 2
    r.add_win("sliding", "3x3", {"moves": 24}, None)
    assert r.solved("sliding", "3x3") and not r.solved("sliding", "4x4") and r.keys("sliding") == ["3x3"]
    r.set_par("sliding", "3x3-123456780", "moves", 0)
    again = Records.load(r.dump())
    assert again.get("huarong", "L0") == entry and again.par("sliding", "3x3-123456780", "moves") == 0
    assert again.count() == 2
    again.clear()
    assert again.count() == 0 and Records.load(again.dump()).count() == 0


@pytest.mark.parametrize(
    "text",
    [None, "", "garbage", "[]", '{"v": 2, "games": {}}', '{"v": 1, "games": {"huarong": {"L0": {"moves": "x"}}}}',
     '{"v": 1, "games": {"huarong": {"L0": {"moves": {"cell": -3}, "wins": 1}}}}', '{"v": 1, "games": []}',
     '{"v": 1, "games": {"huarong": {"L0": {"moves": {"cell": 5}, "wins": 0}}}}',
     '{"v": 1, "pars": {"sliding": {"x|moves": 1e400}}}'],
)
def test_stored_records_accept_nothing_they_did_not_validate(text):
    r = Records.load(text)
    assert r.count() == 0 and r.par("sliding", "x", "moves") is None
    assert r.get("huarong", "L0") is None


# ---------------------------------------------------------------- the editors' drafts
def test_the_huarong_draft_builds_the_course_board():
    d = HuarongDraft(5, 4)
    for shape, r, c in [("vbar", 0, 0), ("boss", 0, 1), ("vbar", 0, 3), ("vbar", 2, 0), ("hbar", 2, 1),
                        ("vbar", 2, 3), ("soldier", 3, 1), ("soldier", 3, 2), ("soldier", 4, 0), ("soldier", 4, 3)]:
        d.place(shape, r, c)
    assert d.to_board() == GAMES["huarong"].default()
    assert HuarongDraft.from_board(d.to_board()).grid() == d.grid()


@pytest.mark.parametrize(
    "edit, key",
    [
        (lambda d: d.place("boss", 0, 1), "ed_one_boss"),
        (lambda d: d.place("soldier", 0, 0), "ed_overlap"),
        (lambda d: d.place("vbar", 4, 1), "ed_outside"),
        (lambda d: d.move(9, 4, 4), "ed_outside"),
        (lambda d: d.move(9, 4, 0), "ed_overlap"),
        (lambda d: d.resize(4, 4), "ed_resize_cuts"),
        (lambda d: d.resize(9, 4), "ed_outside"),
    ],
)
def test_the_huarong_draft_refuses_what_would_not_validate(edit, key):
    d = HuarongDraft.from_board(GAMES["huarong"].default())
    before = d.grid()
    with pytest.raises(DraftError) as e:
        edit(d)
    assert e.value.key == key and d.grid() == before


def test_a_huarong_draft_that_does_not_validate_says_why():
    from puzzles import PuzzleError

    d = HuarongDraft(5, 5)
    with pytest.raises(PuzzleError) as e:
        d.to_board()
    assert e.value.code == "no_target"
    d.place("boss", 3, 1)
    with pytest.raises(PuzzleError) as e:
        d.to_board()
    assert e.value.code == "target_off_centre"
    d.move(0, 3, 2)
    d.resize(5, 6)
    assert d.to_board().is_solved()


def test_the_sliding_draft_swaps_and_knows_parity():
    d = SlidingDraft(3, 3)
    assert d.solvable() and d.to_board().is_solved()
    d.swap(0, 1)
    assert not d.solvable()
    d.swap(7, 8)  # a slide: the parity stays
    assert not d.solvable()
    d.swap(2, 3)
    assert d.solvable()
    with pytest.raises(DraftError):
        d.swap(0, 9)


# ---------------------------------------------------------------- Link-up faces
def test_fifty_kinds_have_faces_of_their_own_that_read_well():
    faces = [face(k) for k in range(1, 51)]
    assert len(set(faces)) == 50 and len({s for s, _c in faces}) == 50, "no symbol twice"
    for twin in ("♤", "♡", "♧", "♢", "☆", "♔", "♕", "♖", "♗", "♘", "♙"):
        assert all(twin not in s for s in FACES), "no outlined twin of a filled symbol"
    assert all(contrast(c, "#ffffff") >= 4.5 for c in COLORS)
    assert len(set(COLORS)) == 10
    families = ["♠♥♦♣", "♞♜♝♛♚", "●▲■⬟⬢◆"]
    for family in families:
        colours = [face(FACES.index(ch + "\ufe0e") + 1)[1] for ch in family]
        assert len(set(colours)) == len(colours), family


def test_the_new_main_thread_modules_run_on_micropython(tmp_path):
    import pathlib
    import shutil
    import subprocess

    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    root = pathlib.Path(__file__).resolve().parent.parent
    script = tmp_path / "check.py"
    script.write_text(
        "from app.records import Clock, Records, num\n"
        "from puzzles.huarong.draft import HuarongDraft\nfrom puzzles.sliding.draft import SlidingDraft\n"
        "from app.faces import face, contrast\n"
        "r = Records()\n"
        "r.add_win('huarong', 'L0', {'cell': 120}, 5000.0)\n"
        "assert Records.load(r.dump()).get('huarong', 'L0')['moves'] == {'cell': 120}\n"
        "assert num(16111) == '16,111'\n"
        "d = HuarongDraft(5, 4)\n"
        "d.place('boss', 3, 1)\n"
        "assert d.to_board().is_solved()\n"
        "assert not SlidingDraft(2, 3, [2, 1, 3, 4, 5, 0]).solvable()\n"
        "assert contrast(face(1)[1], '#ffffff') > 4.5\n"
        "print('OK new modules')\n"
    )
    proc = subprocess.run(["node", "tests/mpy/run.mjs", str(script)], cwd=root, capture_output=True, text=True)
    assert proc.returncode == 0 and "OK new modules" in proc.stdout, proc.stderr + proc.stdout


def test_saved_text_is_the_saved_game_as_json_through_moves_undo_and_jumps():
    """Session.saved_text keeps each step's JSON between writes; whatever happened in between (moves,
    undo then another move, a jump, a new start), it reads back as to_saved's data with the extra fields."""
    import json
    import random

    from app.session import Session
    from puzzles import sliding

    spec = sliding.SPEC
    s = Session(spec.board.parse("[[1,2,3],[4,0,5]]"), spec.apply)
    rng = random.Random(7)
    enc_state, enc_move = (lambda b: b.to_code()), spec.encode_move
    for step in range(300):
        legal = [t for t in range(1, 6) if _legal(spec, s.state, t)]
        r = rng.random()
        if r < 0.15 and s.cursor:
            s.undo()
        elif r < 0.2:
            s.jump(spec.board.parse("[[4,1,2],[5,0,3]]"))
        elif r < 0.22:
            s.reset(spec.board.parse("[[1,2,3],[0,4,5]]"))
        else:
            s.play(rng.choice(legal))
        if step % 7 == 0 or step == 299:
            extra = {"v": 1, "by": "player"}
            want = dict(s.to_saved(enc_state, enc_move), **extra)
            assert json.loads(s.saved_text(enc_state, enc_move, extra)) == want


def _legal(spec, board, tile):
    try:
        spec.apply(board, tile)
        return True
    except Exception:
        return False
