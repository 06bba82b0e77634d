"""Link-up: how the solver decides boards, before -> after, in CPython and in Pyodide on Node.

Two sets of 8 x 18 boards (36 kinds x 4):

- *bench*: the 100 boards the solver was tuned on (the project's Rng, seeds 0-99, as before);
- *uniform*: 100 uniformly shuffled boards (Python's ``random.Random(seed)``, one shuffle after the
  other) of a seed drawn at run time, printed, and given again with ``--seed`` to repeat a run;

and 100 uniform boards of each other size the page offers (linkup.PRESETS: 4 x 6, 10 x 20), before and after.

Each board is solved through the worker protocol (``worker_jobs.start`` / ``step`` in 40 ms slices, the
worker's own budget) in a fresh interpreter per solver and set. "Before" is the solver of the baseline commit
(:data:`BEFORE`; ``--before REF``: another commit's), read from the repository's
history into ``.bench/linkup-before/`` and put in the place of ``puzzles.linkup.solver`` (and of
``puzzles.linkup.solver.nogood``, where that commit had one; the rest of the tree is the working tree's);
"after" is the working tree's. A
board still running after CAP seconds is cancelled and counted "unknown" (its time: CAP). Times are the
process's CPU seconds (``time.process_time``; in Pyodide, Node's ``process.cpuUsage``), not the wall
clock: on the shared machine the wall clock ran 5-8 x the CPU time under load; on a quiet machine the
two agree. Figures: median, p90, p99 and max seconds per board; cleared / proved impossible / unknown.
"""

import random
import subprocess

from benchlib import ROOT, Tree, table

BEFORE = "9eec750"  # the baseline commit: the "before" solver

CAP = 4.0  # seconds of CPU a board may take before it is counted unknown (the goal: 1 s CPython, 2 s Pyodide)
TOTAL = 1800  # seconds a whole probe may take

PROBE = """
import json, random, sys, time
rows, cols, per, which, seed, cap, before = %r
if before:  # the solver of BEFORE (its two modules, where it had both) in the place of the working tree's
    sys.path.insert(0, sys.path[0].rsplit("/", 1)[0] + "/.bench/linkup-before")
    try:
        import linkup_nogood_solver_before
        sys.modules["puzzles.linkup.solver.nogood"] = linkup_nogood_solver_before
    except ImportError:
        pass
    import linkup_solver_before
    sys.modules["puzzles.linkup.solver"] = linkup_solver_before
import worker_jobs
from puzzles import Rng
try:  # Pyodide on Node: the process's CPU time (time.process_time is the wall clock there)
    import js
    def clock():
        used = js.process.cpuUsage()
        return (used.user + used.system) / 1e6
except ImportError:
    clock = time.process_time

from puzzles.linkup import Board

times, status = [], []
rand = random.Random(seed)
for i in range(100):
    kinds = [j // per + 1 for j in range(rows * cols)]
    if which == "bench":
        Rng(i).shuffle(kinds)
    else:
        rand.shuffle(kinds)
    code = Board(rows, cols, kinds).to_code()
    t0 = clock()
    job = json.loads(worker_jobs.start("linkup", {"action": "solve", "board": code}))["job"]
    while True:
        out = json.loads(worker_jobs.step(job, 40))
        if out["done"]:
            st = out["result"]["status"]
            break
        if clock() - t0 > cap:
            worker_jobs.cancel(job)
            st = "unknown"
            break
    times.append(clock() - t0)
    status.append(st)
emit({"times": times, "status": status})
"""


def _before_solver(ref: str = BEFORE) -> None:
    """The solver as it was at commit ``ref`` (its search over pairings too, when it had one), written
    where the probe imports it from."""
    where = ROOT / ".bench" / "linkup-before"
    where.mkdir(parents=True, exist_ok=True)
    for name in ("linkup_solver", "linkup_nogood_solver"):
        show = ["git", "show", "%s:py/puzzles/%s.py" % (ref, name)]
        got = subprocess.run(show, cwd=ROOT, capture_output=True, text=True)
        target = where / (name + "_before.py")
        if got.returncode == 0:
            target.write_text(got.stdout, encoding="utf-8")
        elif name == "linkup_solver":
            raise SystemExit("no Link-up solver at %s: %s" % (ref, got.stderr.strip()))
        else:
            target.unlink(missing_ok=True)


def _row(runtime: str, tree: str, boards: str, got: object) -> list:
    if got is None:
        return [runtime, tree, boards, "> %d s or n/a" % TOTAL, "", "", "", "", "", ""]
    times = sorted(got["times"])
    n = len(times)
    counts = [got["status"].count(s) for s in ("solved", "unsolvable", "unknown")]
    pick = [times[n // 2], times[int(0.9 * n) - 1], times[int(0.99 * n) - 1], times[-1]]
    return [runtime, tree, boards] + ["%.3f" % t for t in pick] + counts


def bench(
    runs: int,
    seed: "int | None" = None,
    runtimes: tuple = ("CPython", "Pyodide"),
    sizes: tuple = ("4x6", "10x20"),
    cap: float = CAP,
    eight: bool = True,
    sides: tuple = ("before", "after"),
    before: str = BEFORE,
) -> None:
    """``cap``: CPU seconds before a board counts unknown; ``eight``: the two 8 x 18 sets too; ``sides``:
    which solvers; ``before``: the commit whose solver is "before"."""
    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    print("uniform boards' seed: %d (repeat with --seed %d); before: %s" % (seed, seed, before), flush=True)
    _before_solver(before)
    rows = []
    sets = [("8x18 bench", (8, 18, 4, "bench")), ("8x18 uniform", (8, 18, 4, "uniform"))] if eight else []
    for size in sizes:
        r, c = map(int, size.split("x"))
        sets.append(("%s uniform" % size, (r, c, 4, "uniform")))
    tree = Tree("after", ROOT)
    for runtime in runtimes:
        probe = tree.py if runtime == "CPython" else tree.pyodide
        for name, (r, c, per, which) in sets:
            for side in sides:
                got = probe(PROBE % ((r, c, per, which, seed, cap, side == "before"),), timeout=TOTAL)
                rows.append(_row(runtime, side, name, got))
                print("  ", rows[-1], flush=True)
    table(
        "Link-up, 100 boards a set, worker protocol (40 ms steps), CPU seconds per board (cancelled at %g s: "
        "unknown); uniform seed %d; goal: all decided, none over 1 s (CPython), 2 s (Pyodide)" % (cap, seed),
        ["runtime", "solver", "boards", "median", "p90", "p99", "max", "cleared", "impossible", "unknown"],
        rows,
    )


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int)
    ap.add_argument("--runtime", choices=("CPython", "Pyodide"), action="append")
    ap.add_argument("--sizes", default="4x6,10x20", help="the other sizes, uniform boards (default 4x6,10x20)")
    ap.add_argument("--cap", type=float, default=CAP, help="CPU seconds before a board counts unknown (default 4)")
    ap.add_argument("--no-8x18", dest="eight", action="store_false", help="only the other sizes")
    ap.add_argument("--after-only", action="store_true", help="only the working tree's solver")
    ap.add_argument("--before", default=BEFORE, help="the commit whose solver is 'before' (default %s)" % BEFORE)
    a = ap.parse_args()
    sizes = tuple(x for x in a.sizes.split(",") if x)
    sides = ("after",) if a.after_only else ("before", "after")
    bench(1, a.seed, tuple(a.runtime or ("CPython", "Pyodide")), sizes, a.cap, a.eight, sides, a.before)
