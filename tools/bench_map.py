"""Benchmark section "map" (issue #13), the worker side: the state map job in CPython.

For 横刀立马 (cell and piece metric) and the 3 × 3 sliding puzzle, through the
worker protocol (``worker_jobs.start/step``, 40 ms steps as the page runs it):
the seconds the worker spends building the map (the job's own ``seconds``),
its positions and edges, the answer's size in bytes (the JSON text the page
receives), and the longest single step when stepped with a 1 ms budget (one
slice of the job, plus the protocol's JSON). Medians over ``runs``. The
same seconds in Pyodide on Node, the runtime of the browser's worker. The
"before" tree has no map job: its figures print "n/a". The page side (first
drawing, long tasks while panning) is measured by the page's own section.

    .venv/bin/python tools/bench.py map
"""

from benchlib import median, table, trees

CASES = [
    ("横刀立马, cell", "huarong", "3114/3114/5226/5786/900a", {"metric": "cell"}),
    ("横刀立马, piece", "huarong", "3114/3114/5226/5786/900a", {"metric": "piece"}),
    ("3x3 sliding", "sliding", "3x3-123456780", {}),
    ("3x3, rings layout", "sliding", "3x3-123456780", {"layout": "rings"}),
]

PROBE = r"""
import json, time
import worker_jobs as w
game, board, options, budget = %r
req = {"action": "map", "board": board, "options": options}
if "layout" in options:
    req["layout"] = options["layout"]
started = json.loads(w.start(game, json.dumps(req)))
if "job" not in started:
    emit(None)
else:
    job, longest, steps = started["job"], 0.0, 0
    while True:
        t0 = time.perf_counter()
        text = w.step(job, budget)
        longest = max(longest, time.perf_counter() - t0)
        steps += 1
        answer = json.loads(text)
        if answer["done"]:
            break
    result = answer["result"]
    m = result.get("map")
    if m is None:
        emit(None)
    else:
        emit({"seconds": result["stats"]["seconds"], "n": m["n"], "e": m["e"], "bytes": len(text),
              "longest_ms": longest * 1000, "steps": steps, "dist": result["stats"].get("distance")})
"""


NODE = r"""
import { loadPyodide } from "%(root)s/static/vendor/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "%(root)s/static/vendor/pyodide/" });
py.FS.mkdirTree("/home/pyodide/tree");
py.mountNodeFS("/home/pyodide/tree", "%(root)s/py");
console.log("\x00PYODIDE " + py.runPython(%(code)s));
"""

PYODIDE_CODE = r"""
import json, statistics, sys, time
sys.path.insert(0, "/home/pyodide/tree")
import worker_jobs as w
out = {}
for name, game, board, options in %r:
    secs = []
    for _ in range(%d):
        req = {"action": "map", "board": board, "options": options}
        if "layout" in options:
            req["layout"] = options["layout"]
        started = json.loads(w.start(game, json.dumps(req)))
        if "job" not in started:
            break
        while True:
            answer = json.loads(w.step(started["job"], 40))
            if answer["done"]:
                break
        if "map" not in answer.get("result", {}):
            break
        secs.append(answer["result"]["stats"]["seconds"])
    out[name] = statistics.median(secs) if secs else None
json.dumps([sys.version.split()[0], out])
"""


def _pyodide(tree: object, runs: int) -> "tuple[str, dict]":
    """``(Python version, {case: median worker seconds or None})`` in Pyodide on Node (the
    browser worker's runtime, without the browser); ``("", {})`` when that cannot run."""
    import json
    import shutil
    import subprocess
    import tempfile

    if not shutil.which("node") or not (tree.root / "static/vendor/pyodide/pyodide.mjs").exists():
        return "", {}
    code = PYODIDE_CODE % ([list(c) for c in CASES], runs)
    with tempfile.NamedTemporaryFile("w", suffix=".mjs", delete=False) as f:
        f.write(NODE % {"root": str(tree.root), "code": json.dumps(code)})
    try:
        done = subprocess.run(["node", f.name], capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        return "", {}
    for line in done.stdout.splitlines():
        if line.startswith("\x00PYODIDE "):
            version, got = json.loads(line[len("\x00PYODIDE ") :])
            return version, got
    return "", {}


def _probe(tree: object, case: tuple, budget: float) -> "dict | None":
    _name, game, board, options = case
    return tree.py(PROBE % ((game, board, options, budget),), timeout=600)


def bench(runs: int) -> None:
    rows = []
    pyodide = []
    for tree in trees():
        version, got = _pyodide(tree, runs)
        for case in CASES:
            sec = got.get(case[0])
            pyodide.append([tree.name, case[0], "%.2f" % sec if sec is not None else "n/a"])
        for case in CASES:
            full = [_probe(tree, case, 40) for _ in range(runs)]
            sliced = [_probe(tree, case, 1) for _ in range(runs)]
            full = [r for r in full if r]
            sliced = [r for r in sliced if r]
            if not full:
                rows.append([tree.name, case[0], "n/a", "n/a", "n/a", "n/a", "n/a", "n/a"])
                continue
            last = full[-1]
            rows.append(
                [
                    tree.name,
                    case[0],
                    "%.2f" % median([r["seconds"] for r in full]),
                    "{:,}".format(last["n"]),
                    "{:,}".format(last["e"]),
                    last["dist"],
                    "{:,}".format(last["bytes"]),
                    "%.1f" % median([r["longest_ms"] for r in sliced]) if sliced else "n/a",
                ]
            )
    table(
        "State map (#13), worker side in CPython, median of %d runs (before: no map job)" % runs,
        ["tree", "board", "worker s", "positions", "edges", "dist at start", "answer bytes", "longest 1 ms step, ms"],
        rows,
    )
    table(
        "State map (#13), worker seconds in Pyodide %s on Node (the browser worker's runtime), median of %d runs"
        % (version or "?", runs),
        ["tree", "board", "worker s"],
        pyodide,
    )


if __name__ == "__main__":
    import sys

    bench(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
