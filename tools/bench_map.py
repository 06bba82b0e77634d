"""Benchmark section "map" (issue #13), the worker side: the state map job in CPython.

For 横刀立马 (cell and piece metric) and the 3 × 3 sliding puzzle, through the
worker protocol (``worker_jobs.start/step``, 40 ms steps as the page runs it):
the seconds the worker spends building the map (the job's own ``seconds``),
its positions and edges, the answer's size in bytes (the JSON text the page
receives), and the longest single step when stepped with a 1 ms budget (one
slice of the job, plus the protocol's JSON). Medians over ``runs``. The
"before" tree has no map job: its figures print "n/a". The page side (first
drawing, long tasks while panning) is measured by the page's own section.

    .venv/bin/python tools/bench.py map
"""

from benchlib import median, table, trees

CASES = [
    ("横刀立马, cell", "huarong", "3114/3114/5226/5786/900a", {"metric": "cell"}),
    ("横刀立马, piece", "huarong", "3114/3114/5226/5786/900a", {"metric": "piece"}),
    ("3x3 sliding", "sliding", "3x3-123456780", {}),
]

PROBE = r"""
import json, time
import worker_jobs as w
game, board, options, budget = %r
started = json.loads(w.start(game, json.dumps({"action": "map", "board": board, "options": options})))
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


def _probe(tree: object, case: tuple, budget: float) -> "dict | None":
    _name, game, board, options = case
    return tree.py(PROBE % ((game, board, options, budget),), timeout=600)


def bench(runs: int) -> None:
    rows = []
    for tree in trees():
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


if __name__ == "__main__":
    import sys

    bench(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
