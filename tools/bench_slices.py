"""The longest single worker call on hard inputs, before and after.

Each case runs in its own CPython process against a tree of ``py/``: this
checkout's, and (``--before REV``, default benchlib's BASELINE)
an older one unpacked with ``git archive``. A call is one ``step(job, 1 ms)``
of the job protocol (at least one slice of the job's generator), or, in the
old tree, the whole unsliced call (``hint``, ``linkup_generate``…). Each case
stops after ``--cap`` seconds (then: cancelled, "> cap"). Figures: the longest
call in ms, the most CPU time one call took (``time.process_time``: what a
loaded machine does not inflate), the median call, and the job's total
seconds. CPython, not the browser (where Pyodide runs about 2-4x slower).

The 6 x 6 hint runs to its 3,000,000-position limit, for minutes:
``--only 6x6 --cap 900 --before a78d7f6`` compares it with the tree before its
positions were sharded (``--before 493ec44``, benchlib's BASELINE, has the old
protocol, where the hint was one unsliced call).

    .venv/bin/python tools/bench_slices.py [--before 31ca6d0] [--cap 20] [--only TEXT]
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HUARONG_8X8 = [[1, 1, 0, 0, 0, 0, 0, 0]] + [[0] * 8 for _ in range(6)] + [[0, 0, 0, 0, 0, 0, 0, 2]]
WIDE = [[0, 0, 0, 0, 0, 121, 0, 0], [0, 0, 58, 1, 1, 1, 1, 0], [0, 0, 58, 1, 1, 1, 1, 0], [0, 0, 0, 1, 1, 1, 1, 0]]
# A hint on this 6 x 6 board explores past the 3,000,000-position limit (one step ran 0.48 s).
HUARONG_6X6 = [[0, 0, 1, 1, 0, 0], [0, 0, 1, 1, 0, 0], [2, 3, 0, 0, 6, 7], [0] * 6, [8, 9, 0, 0, 12, 13], [0] * 6]
ONE_KIND = json.dumps([[1] * 24 for _ in range(24)])

# name, game, action, request fields (new protocol)
CASES = [
    ("huarong hint, custom 8x3", "huarong", "hint", {"board": "000/001/001/001/001/001/400/000"}),
    ("huarong hint piece, wide", "huarong", "hint", {"board": json.dumps(WIDE), "options": {"metric": "piece"}}),
    ("huarong hint piece, 8x8", "huarong", "hint", {"board": json.dumps(HUARONG_8X8), "options": {"metric": "piece"}}),
    ("huarong solve, course board", "huarong", "solve", {"board": "3114/3114/5226/5786/900a"}),
    ("huarong hint, 6x6", "huarong", "hint", {"board": json.dumps(HUARONG_6X6)}),
    (
        "linkup generate 10x20, 10x20",
        "linkup",
        "generate",
        {"rows": 10, "cols": 20, "kinds": 10, "per_kind": 20, "seed": 3},
    ),
    ("linkup shuffle 10x20", "linkup", "shuffle", {"seed": 1}),
    ("linkup solve 24x24 one kind", "linkup", "solve", {"board": ONE_KIND}),
    (
        "sliding solve 5x5 optimal",
        "sliding",
        "solve",
        {"board": "5x5-egd1m4o20ji39b6cn8klha7f5", "options": {"mode": "optimal"}},
    ),
    ("sliding tables 4x4", "sliding", "tables", {}),
]

HARNESS = r"""
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
name, game, action, req, cap, old = json.loads(sys.argv[2])
import worker_jobs as w
old = old and not hasattr(w, "step")  # a 'before' tree may already have the job protocol
calls = []
cpu = []
def timed(fn, *a):
    t0 = time.perf_counter()
    c0 = time.process_time()
    out = fn(*a)
    calls.append(time.perf_counter() - t0)
    cpu.append(time.process_time() - c0)
    return out
if action == "shuffle":
    from puzzles.linkup import generate
    req["board"] = generate(10, 20, 50, 4, 1).to_code()
if action == "tables":
    data = open(sys.argv[1] + "/../static/data/sliding-4x4.pdb", "rb").read()
status = "?"
t_start = time.perf_counter()
if old and action in ("hint", "generate", "shuffle", "tables"):
    if action == "hint":
        r = {"board": req["board"], "metric": req.get("options", {}).get("metric", "cell")}
        status = json.loads(timed(w.hint, game, json.dumps(r))).get("distance", "error")
    elif action == "generate":
        status = "ok" if "board" in json.loads(timed(w.linkup_generate, json.dumps(req))) else "error"
    elif action == "shuffle":
        status = "ok" if "board" in json.loads(timed(w.linkup_shuffle, json.dumps(req))) else "error"
    else:
        status = "ok" if "groups" in json.loads(timed(w.sliding_install, data)) else "error"
else:
    if old:
        r = {"board": req["board"]}
        r.update(req.get("options", {}))
        started = json.loads(timed(w.start, game, json.dumps(r)))
    else:
        r = dict(req, action=action)
        if action == "tables":
            r["data"] = data
        started = json.loads(timed(w.start, game, r if action == "tables" else json.dumps(r)))
    if "job" not in started:
        status = "error"
    else:
        while True:
            a = json.loads(timed(w.step, started["job"], 1))
            if a["done"]:
                status = a.get("result", {}).get("status") or "error"
                break
            if time.perf_counter() - t_start > cap:
                w.cancel(started["job"])
                status = "cancelled at cap"
                break
print(json.dumps([max(calls) * 1000, max(cpu) * 1000, statistics.median(calls) * 1000, time.perf_counter() - t_start,
                  status]))
"""


def run_case(py: Path, case: tuple, cap: float, old: bool) -> str:
    name, game, action, req = case
    arg = json.dumps([name, game, action, dict(req), cap, old])
    try:
        out = subprocess.run(
            [sys.executable, "-c", HARNESS, str(py), arg], capture_output=True, text=True, timeout=cap * 3 + 30
        )
    except subprocess.TimeoutExpired:
        return "%10s %8s %8s %8s  %s" % ("> %ds" % (cap * 3 + 30), "", "", "", "killed")
    if out.returncode:
        last = (out.stderr.strip().splitlines() or ["failed"])[-1][:60]
        return "%10s %8s %8s %8s  %s" % ("", "", "", "", last)
    longest, cpu, median, total, status = json.loads(out.stdout.strip().splitlines()[-1])
    return "%10.0f %8.0f %8.1f %8.2f  %s" % (longest, cpu, median, total, status)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", default="31ca6d0", help="the tree to compare with (a git revision)")
    ap.add_argument("--cap", type=float, default=20.0, help="seconds a case may run")
    ap.add_argument("--only", default="", help="run the cases whose name holds this text (e.g. 6x6)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", a.before, "py", "static/data"], cwd=ROOT, capture_output=True)
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        print("longest single worker call, CPython %s; 'before' is %s" % (sys.version.split()[0], a.before))
        head = ("case", "tree", "longest ms", "max cpu", "median", "total s", "result")
        print("%-30s %-6s %10s %8s %8s %8s  %s" % head)
        for case in [c for c in CASES if a.only in c[0]]:
            for label, py, old in (("before", Path(tmp) / "py", True), ("after", ROOT / "py", False)):
                print("%-30s %-6s %s" % (case[0], label, run_case(py, case, a.cap, old)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
