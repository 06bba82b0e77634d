"""Link-up: how the solver decides boards, before -> after, in CPython and in Pyodide on Node.

Two sets of 8 x 18 boards (36 kinds x 4):

- *bench*: the 100 boards the solver was tuned on (the project's Rng, seeds 0-99, as before);
- *uniform*: 100 uniformly shuffled boards (Python's ``random.Random(seed)``, one shuffle after the
  other) of a seed drawn at run time, printed, and given again with ``--seed`` to repeat a run;

and, after only, 100 uniform boards of each other size the page offers (linkup.PRESETS: 4 x 6, 10 x 20).

Each board is solved through the worker protocol (``worker_jobs.start`` / ``step`` in 40 ms slices, the
worker's own budget) in a fresh interpreter per tree and set, so the same probe measures both trees. A
board still running after CAP seconds is cancelled and counted "unknown" (its time: CAP). Figures:
median, p90, p99 and max seconds per board; cleared / proved impossible / unknown.
"""

import random

from benchlib import table, trees

CAP = 10.0  # seconds a board may take before it is counted unknown
TOTAL = 1800  # seconds a whole probe may take

PROBE = """
import json, random, time
import worker_jobs
from puzzles import Rng
from puzzles.linkup import Board

rows, cols, per, which, seed, cap = %r
times, status = [], []
rand = random.Random(seed)
for i in range(100):
    kinds = [j // per + 1 for j in range(rows * cols)]
    if which == "bench":
        Rng(i).shuffle(kinds)
    else:
        rand.shuffle(kinds)
    code = Board(rows, cols, kinds).to_code()
    t0 = time.perf_counter()
    job = json.loads(worker_jobs.start("linkup", {"action": "solve", "board": code}))["job"]
    while True:
        out = json.loads(worker_jobs.step(job, 40))
        if out["done"]:
            st = out["result"]["status"]
            break
        if time.perf_counter() - t0 > cap:
            worker_jobs.cancel(job)
            st = "unknown"
            break
    times.append(time.perf_counter() - t0)
    status.append(st)
emit({"times": times, "status": status})
"""


def _row(runtime: str, tree: str, boards: str, got: object) -> list:
    if got is None:
        return [runtime, tree, boards, "> %d s or n/a" % TOTAL, "", "", "", "", "", ""]
    times = sorted(got["times"])
    n = len(times)
    counts = [got["status"].count(s) for s in ("solved", "unsolvable", "unknown")]
    pick = [times[n // 2], times[int(0.9 * n) - 1], times[int(0.99 * n) - 1], times[-1]]
    return [runtime, tree, boards] + ["%.3f" % t for t in pick] + counts


def bench(runs: int, seed: "int | None" = None, runtimes: tuple = ("CPython", "Pyodide")) -> None:
    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    print("uniform boards' seed: %d (repeat with --seed %d)" % (seed, seed), flush=True)
    rows = []
    sets = [("8x18 bench", (8, 18, 4, "bench")), ("8x18 uniform", (8, 18, 4, "uniform"))]
    for runtime in runtimes:
        for tree in trees():
            probe = tree.py if runtime == "CPython" else tree.pyodide
            for name, (r, c, per, which) in sets:
                got = probe(PROBE % ((r, c, per, which, seed, CAP),), timeout=TOTAL)
                rows.append(_row(runtime, tree.name, name, got))
                print("  ", rows[-1], flush=True)
    after = trees()[1]
    for runtime in runtimes:
        probe = after.py if runtime == "CPython" else after.pyodide
        for r, c in ((4, 6), (10, 20)):
            got = probe(PROBE % ((r, c, 4, "uniform", seed, CAP),), timeout=TOTAL)
            rows.append(_row(runtime, "after", "%dx%d uniform" % (r, c), got))
            print("  ", rows[-1], flush=True)
    table(
        "Link-up, 100 boards a set, worker protocol (40 ms steps), seconds per board (cancelled at %g s: "
        "unknown); uniform seed %d; goal: all decided, none over 1 s (CPython), 2 s (Pyodide)" % (CAP, seed),
        ["runtime", "tree", "boards", "median", "p90", "p99", "max", "cleared", "impossible", "unknown"],
        rows,
    )


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int)
    ap.add_argument("--runtime", choices=("CPython", "Pyodide"), action="append")
    a = ap.parse_args()
    bench(1, a.seed, tuple(a.runtime or ("CPython", "Pyodide")))
