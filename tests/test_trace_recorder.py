"""Step through's recorder (py/trace_recorder.py) and the learner's worker's ``step`` request, on
CPython: the changes replay to the full variables at every step, the cap, exceptions, generators,
recursion and print inside the recorded code, the cells of a queue and a visited dict, boards.
The same checks run again under a CPython with ``sys.monitoring`` (3.12+) when one is installed."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # the CPython of the sys.monitoring run below may have no hypothesis
    given = None

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
import trace_recorder as tr  # noqa: E402
from helpers import ask  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from course_programs import COURSE_HUARONG, LEETCODE_773, LINKUP_BFS  # noqa: E402

LINKUP_BOARD = [[1, 2, 0, 0], [0, 0, 0, 1], [2, 0, 0, 0]]


def steps_of(msgs):
    steps = []
    for m in msgs:
        if m["type"] == "steps":
            assert m["from"] == len(steps)
            steps.extend(m["items"])
    return steps


def record(src, call, shape=(3, 4), want="board", flat=False, max_steps=tr.MAX_STEPS):
    """Record ``call(ns)`` after running ``src``; the recorder and what the call answered (or raised)."""
    rec = tr.Recorder("t.py", shape, want, flat, max_steps)
    code = compile(src, "t.py", "exec")
    ns = {}
    rec.run(code, lambda: exec(code, ns))
    try:
        got = rec.run(code, lambda: call(ns))
    except BaseException as e:  # noqa: BLE001 - the program's own exception is what is checked
        got = e
    return rec, got


class Full(tr.Recorder):
    """A recorder that also keeps every step's variables whole, to check the changes against."""

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.full = []
        self.fresh = tr.Recorder(*a, **k)  # reads every value afresh (no cache of cells)

    def _step(self, frame, line):
        super()._step(frame, line)
        module = frame.f_code.co_name == "<module>"
        self.fresh.held = {}
        self.full.append({n: tr.Recorder._entry(self.fresh, n, v) for n, v in frame.f_locals.items()
                          if not (module and (n.startswith("__") or callable(v) or type(v).__name__ == "module"))})


def test_changes_replay_to_the_full_variables_at_every_step():
    rec = Full("t.py", (3, 4), "cells", False)
    code = compile(LINKUP_BFS, "t.py", "exec")
    ns = {}
    rec.run(code, lambda: exec(code, ns))
    path = rec.run(code, lambda: ns["connect"](LINKUP_BOARD, 0, 0, 1, 3))
    assert path[0] == [0, 0] and path[-1] == [1, 3]
    assert len(rec.steps) > 50
    assert tr.replay(rec.steps) == rec.full
    # compact: most steps carry a change or two, not every variable again
    changed = sum(len(s[1]) for s in rec.steps if s[1])
    assert changed < sum(len(f) for f in rec.full) / 2


def test_the_queue_the_visited_dict_and_the_state_taken_are_cells():
    rec, path = record(LINKUP_BFS, lambda ns: ns["connect"](LINKUP_BOARD, 0, 0, 1, 3), want="cells")
    full = tr.replay(rec.steps)
    last = [v for v in full if "q" in v][-1]  # the last step in connect's frame
    assert last["q"][1] == "q" and last["seen"][1] == "s"
    seen = tr.bits_cells(last["seen"][2], 4)
    assert [0, 0] in seen and [-1, 0] in seen  # the ring is a cell too
    taken = [s[3]["t"] for s in rec.steps if s[3] and "t" in s[3]]
    assert taken[0] == [0, 0] and len(taken) > 3
    assert last["board"][2] == ""  # the board is no container of cells
    assert last["q"][0].startswith("deque, ")


def test_a_list_is_a_queue_once_it_changes_size_and_a_table_of_directions_never():
    src = """def connect(board, r1, c1, r2, c2):
    dirs = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    q = [(r1, c1)]
    while q:
        r, c = q.pop(0)
        for dr, dc in dirs:
            if (r + dr, c + dc) == (r2, c2):
                return [[r1, c1], [r2, c2]]
    return []
"""
    rec, _ = record(src, lambda ns: ns["connect"](LINKUP_BOARD, 0, 0, 1, 0), want="cells")
    full = tr.replay(rec.steps)
    assert all(v["dirs"][1] == "" and v["dirs"][2] == "" for v in full if "dirs" in v)
    kinds = [v["q"][1] for v in full if "q" in v]
    assert kinds[0] == "" and kinds[-1] == "q"  # a queue from the first item it took


def test_the_cap_stops_the_program_and_keeps_the_steps():
    rec, got = record("def f():\n    while True:\n        x = 1\n", lambda ns: ns["f"](), max_steps=100)
    assert isinstance(got, tr.StepLimit) and rec.capped and len(rec.steps) == 100
    msgs = ask(kind="step", game="sliding", source="def slidingPuzzle(board):\n    while True:\n        pass\n",
               board=[[1, 2, 3], [4, 0, 5]])
    done = msgs[-1]
    assert done["capped"] is True and done["steps"] == tr.MAX_STEPS == len(steps_of(msgs))
    assert done["error"] is None
    assert all(len(json.dumps(m)) < 1 << 20 for m in msgs)  # each message within the page's bound


def test_exceptions_generators_recursion_and_print():
    src = '''def gen(n):
    for i in range(n):
        yield i * 2

def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)

def f():
    total = sum(gen(3))
    print("total", total)
    k = fact(4)
    try:
        1 / 0
    except ZeroDivisionError:
        k = -k
    return [1][k]
'''
    rec, got = record(src, lambda ns: ns["f"]())
    assert isinstance(got, IndexError)
    names = [s[3]["f"] for s in rec.steps if s[3] and "f" in s[3]]
    assert "gen" in names and names.count("fact") >= 4
    full = tr.replay(rec.steps)
    assert any(v.get("i", ["", ""])[0] == "2" for v in full)
    assert full[-1]["k"][0] == "-24"
    msgs = ask(kind="step", game="huarong", source=src.replace("def f():", "def solve(board):"), board=[[1, 0]])
    assert "".join(m["text"] for m in msgs if m["type"] == "out") == "total 6\n"
    done = msgs[-1]
    assert done["error"]["line"] == 18 and "IndexError" in done["error"]["text"]
    assert steps_of(msgs)[-1][0] == 18


def test_boards_and_values_bounded():
    rec, n = record(LEETCODE_773, lambda ns: ns["slidingPuzzle"]([[1, 2, 3], [4, 0, 5]]), (2, 3), "board", True)
    assert n == 1
    boards = [s[3]["b"] for s in rec.steps if s[3] and "b" in s[3]]
    assert [[1, 2, 3], [4, 0, 5]] in boards and [[1, 2, 3], [4, 5, 0]] in boards
    big = tr.text_of("x" * 10**6)
    cyc = []
    cyc.append(cyc)
    assert len(big) <= tr.MAX_TEXT and len(tr.text_of(cyc)) <= tr.MAX_TEXT
    assert tr.text_of(10**100) == "101-digit int"


def test_a_queues_states_read_apart_whole():
    """States that differ only in their last items (a 2 x 3 board's cells, Link-up's (row, col, dir,
    turns)) are told apart in a queue's text."""
    from collections import deque

    q = deque([(4, 1, 2, 0), (4, 1, 2, 1), (1, 2, 3, 4, 0, 5)])
    assert tr.text_of(q) == "deque, 3 items: (4, 1, 2, 0), (4, 1, 2, 1), (1, 2, 3, 4, 0, 5)"
    assert tr.text_of((1, 2, 3, 4, 5, 6, 7)) == "(1, 2, 3, 4, 5, 6, …)"


def test_a_huarong_bfs_step_request_lists_moves_and_boards():
    board = [[2, 1, 1, 3], [2, 1, 1, 3], [4, 5, 5, 6], [4, 7, 8, 6], [9, 0, 0, 10]]
    msgs = ask(kind="step", game="huarong", source=COURSE_HUARONG, board=board, trace={"want": "board"})
    done = msgs[-1]
    steps = steps_of(msgs)
    assert done["capped"] is True and len(steps) == tr.MAX_STEPS
    assert sum(1 for s in steps if s[3] and "b" in s[3]) > 20


MONITORED = [p for p in ("/root/.pyenv/versions/3.13.0/bin/python3.13", "/usr/bin/python3.13",
                         "/usr/bin/python3.12") if os.path.exists(p)]


@pytest.mark.skipif(not MONITORED, reason="no CPython with sys.monitoring here")
def test_the_same_under_sys_monitoring():
    """The recorder's tests again in a CPython whose ``sys.monitoring`` it uses (as Pyodide's)."""
    script = (
        "import sys; sys.path.insert(0, %r); sys.path.insert(0, %r)\n"
        "import types; sys.modules['pytest'] = types.SimpleNamespace(mark=types.SimpleNamespace("
        "skipif=lambda *a, **k: (lambda f: f)))\n"
        "import test_trace_recorder as t, trace_recorder\n"
        "assert hasattr(sys, 'monitoring')\n"
        "for name in dir(t):\n"
        "    if name.startswith('test_') and name != 'test_the_same_under_sys_monitoring':\n"
        "        getattr(t, name)()\n"
        "print('ok')\n" % (str(ROOT / "tests"), str(ROOT / "py")))
    got = subprocess.run([MONITORED[0], "-c", script], capture_output=True, text=True, timeout=300)
    assert got.stdout.strip().endswith("ok"), got.stderr[-3000:]


# Statements a learner's search makes of its locals (rebinding, growing, shrinking, changing in place, through
# an alias, a board's cell through its row), for generated programs: the recorder's changes must replay to
# the variables read afresh at every step.
OPS = [
    "n = {k}", "n += 1", "s = 'xy' * {k}", "t = ({k}, {j})",
    "L.append(({k}, {j}))", "if L: L.pop()", "L.insert(0, {k})", "if L: L[0] = {k}",
    "q.append(({k} % 3, {j} % 4))", "if q: q.popleft()", "q.appendleft(({j} % 3, {k} % 4))",
    "d[({k} % 3, {j} % 4)] = {k}", "d.pop(({k} % 3, {j} % 4), None)", "d.setdefault({k}, []).append({j})",
    "S.add(({j} % 3, {k} % 4))",
    "S.discard(({j} % 3, {k} % 4))", "B[{k} % 3][{j} % 4] = {k}", "row = B[{j} % 3]", "row[{k} % 4] = {j}",
    "M = L", "M.append({k})", "B = [r[:] for r in B]", "L = list(L)", "del n", "n = -{k}",
]


def _program(ops: list) -> str:
    body = ["from collections import deque", "", "def f():",
            "    n, L, q, d, S = 0, [], deque(), {}, set()",
            "    B = [[0] * 4 for _ in range(3)]", "    row, M = B[0], L"]
    for op, k, j in ops:
        line = OPS[op].format(k=k, j=j)
        if line == "del n":
            line = f"del n\n    n = {k}"  # gone for a step
        body.append("    " + line)
    body.append("    return n")
    return "\n".join(body) + "\n"


def _generated_programs_replay(ops: list, want: str) -> None:
    src = _program(ops)
    rec = Full("t.py", (3, 4), want, False)
    code = compile(src, "t.py", "exec")
    ns = {}
    rec.run(code, lambda: exec(code, ns))
    rec.steps.clear()
    rec.full.clear()
    rec.run(code, lambda: ns["f"]())
    assert tr.replay(rec.steps) == rec.full, src


if given is not None:
    @settings(max_examples=80, deadline=None)
    @given(st.lists(st.tuples(st.integers(0, len(OPS) - 1), st.integers(0, 9), st.integers(0, 9)), max_size=40),
           st.sampled_from(["cells", "board"]))
    def test_generated_programs_replay_to_their_variables_at_every_step(ops, want):
        _generated_programs_replay(ops, want)
