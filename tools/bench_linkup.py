"""Link-up: the 100-seed 8 x 18 bench (36 kinds x 4, shuffled with the project's
Rng for seeds 0-99, as ``bench_linkup`` in tools/bench.py), before -> after.

Each board is solved through the worker protocol (``worker_jobs.start`` /
``step``, the worker's own budget), in a fresh CPython per tree, so the same
probe measures both trees. Figures: median, p90 and max seconds per board (the
median over the passes), and how many were cleared / proved impossible /
left unknown. The before side is capped at CAP seconds in all ("> CAP s").
The same probe also runs in Pyodide on Node, the runtime of the page's
worker (one pass each).
"""

from benchlib import table, trees

CAP = 600

PROBE = """
import json, time
import worker_jobs
from puzzles import Rng
from puzzles.linkup import Board

passes = %d
times = {}
status = {}
for _ in range(passes):
    for seed in range(100):
        kinds = [i // 4 + 1 for i in range(144)]
        Rng(seed).shuffle(kinds)
        code = Board(8, 18, kinds).to_code()
        t0 = time.perf_counter()
        job = json.loads(worker_jobs.start("linkup", {"action": "solve", "board": code}))["job"]
        while True:
            out = json.loads(worker_jobs.step(job, 40))
            if out["done"]:
                break
        times.setdefault(seed, []).append(time.perf_counter() - t0)
        status[seed] = out["result"]["status"]
emit({"times": {s: sorted(t)[len(t) // 2] for s, t in times.items()}, "status": status})
"""


def bench(runs: int) -> None:
    rows = []
    for runtime in ("CPython", "Pyodide"):
        for tree in trees():
            passes = 1 if tree.name == "before" or runtime == "Pyodide" else max(1, min(runs, 3))
            probe = tree.py if runtime == "CPython" else tree.pyodide
            got = probe(PROBE % passes, timeout=CAP)
            if got is None:
                rows.append([runtime, tree.name, "> %d s or n/a" % CAP, "", "", "", "", ""])
                continue
            times = sorted(got["times"].values())
            counts = {}
            for s in got["status"].values():
                counts[s] = counts.get(s, 0) + 1
            rows.append(
                [
                    runtime,
                    tree.name,
                    "%.4f" % times[len(times) // 2],
                    "%.3f" % times[int(0.9 * len(times)) - 1],
                    "%.3f" % times[-1],
                    counts.get("solved", 0),
                    counts.get("unsolvable", 0),
                    counts.get("unknown", 0),
                ]
            )
    table(
        "Link-up 8x18 bench, 100 seeds, worker protocol (40 ms steps), seconds per board: CPython, and Pyodide on "
        "Node (the browser worker's runtime); goal: median < 0.05 s, none > 2 s in the worker",
        ["runtime", "tree", "median s", "p90 s", "max s", "cleared", "impossible", "unknown"],
        rows,
    )


if __name__ == "__main__":
    import sys

    bench(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
