"""The learner's worker (py/code_runner.py), run here on CPython as Pyodide runs it: output
batched and capped, moves recorded with the learner's line (printed course lines too), the
move limit, tracebacks trimmed to the learner's lines, Check's cases one message each."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
import code_runner  # noqa: E402
from helpers import ask  # noqa: E402
from puzzles.code_check import exercise_of  # noqa: E402
from puzzles.games import GAMES  # noqa: E402


def test_moves_are_recorded_with_their_line_and_printed_course_lines_count():
    src = "def solve(board):\n    gameHandler.move(10, 'left')\n    print(\"gameHandler.move(7, 'up')\")\n"
    msgs = ask(kind="run", game="huarong", source=src, board=[[1, 0]])
    done = msgs[-1]
    assert done["type"] == "done" and done["error"] is None
    assert done["moves"] == [[[10, "left"], 2], [[7, "up"], 3]]
    assert "".join(m["text"] for m in msgs if m["type"] == "out") == "gameHandler.move(7, 'up')\n"


def test_errors_name_the_learners_line_only():
    done = ask(kind="run", game="huarong", source="def solve(board):\n    return board[9]\n", board=[[1]])[-1]
    assert done["error"]["line"] == 2 and "IndexError" in done["error"]["text"]
    assert "code_runner" not in done["error"]["text"]
    done = ask(kind="run", game="huarong", source="def solve(board)\n    pass\n", board=[[1]])[-1]
    assert done["error"]["line"] == 1 and "SyntaxError" in done["error"]["text"]
    done = ask(kind="run", game="sliding", source="x = 1\n", board=[[1]])[-1]
    assert done["error"] == {"code": "code_no_function", "values": {"name": "slidingPuzzle"}}


def test_output_and_moves_are_capped():
    msgs = ask(kind="run", game="huarong", source="def solve(b):\n    print('x' * 10**6)\n", board=[[1]])
    outs = [m for m in msgs if m["type"] == "out"]
    assert sum(len(m["text"]) for m in outs) == code_runner.MAX_OUTPUT and outs[-1]["cut"]
    src = "def solve(b):\n    while True:\n        try:\n            gameHandler.move(1, 'up')\n" \
          "        except Exception:\n            pass\n"
    done = ask(kind="run", game="huarong", source=src, board=[[1]])[-1]
    assert done["error"]["code"] == "code_move_limit" and len(done["moves"]) == code_runner.MAX_MOVES


def test_answers_are_plain_json_and_check_sends_a_message_per_case():
    src = "def slidingPuzzle(b):\n    return {'not': 'a number'} if b[0][0] == 9 else len(b)\n"
    msgs = ask(kind="check", game="sliding", source=src, cases=[{"board": [[1, 2, 3], [4, 0, 5]]},
                                                                  {"board": [[9]]}])
    cases = [m for m in msgs if m["type"] == "case"]
    assert [c["answer"] for c in cases] == [2, {"repr": "{'not': 'a number'}"}]
    src = "def connect(b, r1, c1, r2, c2):\n    return ((r1, c1), (r2, c2))\n"
    done = ask(kind="call", game="linkup", source=src, args=[[[1, 1]], 0, 0, 0, 1])[-1]
    assert done["answer"] == [[0, 0], [0, 1]]


def test_a_bad_request_is_answered_not_raised():
    out = []
    code_runner.handle("not json", out.append)
    assert json.loads(out[0])["error"]["code"] == "code_bad_request"
    assert ask(kind="eval", game="huarong", source="")[-1]["error"]["code"] == "code_bad_request"


def test_the_worker_stops_at_the_move_limit_the_page_takes():
    """A run that reaches the worker's limit still hands the page moves it accepts (the page's
    MAX_MOVES, py/app/code_panel.py, read from its source: it imports the browser)."""
    import re

    panel = (Path(__file__).resolve().parent.parent / "py" / "app" / "code_panel.py").read_text()
    assert int(re.search(r"^MAX_MOVES = (\d+)", panel, re.M).group(1)) == code_runner.MAX_MOVES


def test_long_texts_are_cut_in_the_worker_to_what_a_person_reads():
    """A megabyte-long exception value, a megabyte-long missing key: each traceback line at most
    MAX_LINE characters (and says how long it was), the whole at most MAX_TEXT, the exception kept."""
    for src, name in (("raise ValueError('x' * 1_000_000)\n", "ValueError"), ("{}['k' * 10**6]\n", "KeyError")):
        done = ask(kind="run", game="huarong", source=src, board=[[1]])[-1]
        text = done["error"]["text"]
        assert done["error"]["line"] == 1 and name in text
        assert len(text) <= code_runner.MAX_TEXT + 10 and "characters]" in text
        assert max(len(ln) for ln in text.split("\n")) <= code_runner.MAX_LINE + 30
    deep = "def solve(b):\n    return f(0)\n\n\ndef f(n):\n    return f(n + 1) if n < 500 else g(n)\n" \
           "\n\ndef g(n):\n    raise ValueError('v' * 100)\n"
    text = ask(kind="run", game="huarong", source=deep, board=[[1]])[-1]["error"]["text"]
    assert len(text) <= code_runner.MAX_TEXT + 10 and text.endswith("ValueError: " + "v" * 100 + "\n")
    assert text.startswith("Traceback (most recent call last):")


def test_a_linkup_answer_is_capped_where_it_is_made():
    """A path longer than any legal one (200 cells) is refused whatever its tail: 201 items are sent."""
    src = "def connect(b, r1, c1, r2, c2):\n    return [[0, 0]] * 10000\n"
    msgs = ask(kind="check", game="linkup", source=src, cases=[{"board": [[1, 1]], "args": [0, 0, 0, 1]}])
    assert len(msgs[0]["answer"]) == exercise_of(GAMES["linkup"]).answer_items == 201
    assert max(len(m) for m in (json.dumps(x) for x in msgs)) < 5000


def test_a_sample_says_the_learners_line_and_container_sizes_and_the_program_goes_on():
    """SIGINT (the page's interrupt buffer) runs the sampler on the learner's frame: its line, its
    function and its containers' sizes, largest first; the program then goes on to its answer."""
    src = ("import signal\nfrom collections import deque\n\n"
           "def slidingPuzzle(board):\n"
           "    visited = {(i, i + 1) for i in range(412)}\n"
           "    q = deque(range(96))\n"
           "    steps = 7\n"
           "    signal.raise_signal(signal.SIGINT)\n"
           "    return steps + len(q)\n")
    msgs = ask(kind="run", game="sliding", source=src, board=[[1, 2, 3], [4, 0, 5]])
    where = [m for m in msgs if m["type"] == "where"]
    assert len(where) == 1
    assert where[0]["id"] == 1 and where[0]["line"] in (8, 9) and where[0]["fn"] == "slidingPuzzle"
    assert where[0]["sizes"] == [["visited", 412], ["q", 96], ["board", 2]]
    assert msgs[-1]["type"] == "done" and msgs[-1]["error"] is None and msgs[-1]["answer"] == 103


def sampled_in(src: str, entry: str) -> dict:
    """``src`` compiled as the learner's file, then ``entry(probe)`` called: the sample ``probe`` takes of
    where the learner's program is (from a frame that is not the learner's)."""
    ns = {}
    exec(compile(src, code_runner.FILE, "exec"), ns)
    return ns[entry](lambda: code_runner.where(sys._getframe(0)))


def test_the_sampler_reads_the_learners_frame_from_below_it_and_never_runs_the_learners_len():
    """Given the frame of code that is not the learner's (a call the learner made), the sample is of the
    learner's innermost frame; a container of the learner's own class is not asked its length."""
    src = ("class Sneaky(list):\n"
           "    def __len__(self):\n"
           "        raise RuntimeError('never called')\n\n"
           "def search(probe):\n"
           "    seen = set(range(5))\n"
           "    odd = Sneaky([1, 2])\n"
           "    name = 'abc'\n"
           "    return probe()\n")
    got = sampled_in(src, "search")
    assert got == {"line": 9, "fn": "search", "sizes": [["seen", 5], ["name", 3]]}
    assert code_runner.where(sys._getframe(0)) is None  # no frame of the learner's here


def test_sigint_is_the_samplers_during_a_request():
    src = "import signal\n\ndef slidingPuzzle(board):\n    return signal.getsignal(signal.SIGINT).__name__\n"
    assert ask(kind="run", game="sliding", source=src, board=[[1, 0]])[-1]["answer"] == "sample"


@pytest.mark.parametrize("armed", [False, True])
def test_a_sample_asked_before_the_program_starts_loses_nothing(monkeypatch, armed):
    """The page's SIGINT as a request is read (a Stop pressed as Run starts; the worker armed the sampler
    before it took the interrupt buffer, or a program before replaced it): nothing escapes the runner, the
    program runs and answers."""
    import signal

    real = code_runner._exercise
    monkeypatch.setattr(code_runner, "_exercise", lambda x: (signal.raise_signal(signal.SIGINT), real(x))[1])
    before = signal.getsignal(signal.SIGINT)
    try:
        if armed:
            code_runner.arm()
        else:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        src = "def slidingPuzzle(board):\n    return 7\n"
        try:
            got = ask(kind="run", game="sliding", source=src, board=[[1, 0]])
        except KeyboardInterrupt:
            pytest.fail("KeyboardInterrupt escaped the runner: the worker would close")
        assert got[-1]["answer"] == 7
    finally:
        signal.signal(signal.SIGINT, before)


def test_a_sample_sizes_the_containers_of_every_frame_of_the_learners_on_the_stack():
    """The line is the innermost frame's (a helper the BFS calls); the sizes are the whole stack's, so
    the caller's ``visited`` and ``q`` are named; a name in two frames counts its largest."""
    src = ("def neighbours(state, probe):\n"
           "    out = [state] * 3\n"
           "    return probe()\n\n"
           "def bfs(probe):\n"
           "    visited = set(range(50))\n"
           "    q = list(range(20))\n"
           "    out = [0]\n"
           "    return neighbours(0, probe)\n")
    got = sampled_in(src, "bfs")
    assert got == {"line": 3, "fn": "neighbours", "sizes": [["visited", 50], ["q", 20], ["out", 3]]}
