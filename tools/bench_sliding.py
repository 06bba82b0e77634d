"""Sliding, two parts.

"Before" is the tree given with --before, else the commit :data:`BEFORE`, exported with ``git archive``
into .bench/sliding-<commit> (a plain copy of its files; its static/vendor a link to this tree's); "after"
is the working tree.

1. Every shape up to 16 cells (:data:`SHAPES`): fewest moves on 20 random
   boards each (seeds drawn at run time and printed; --seed repeats them), through the worker protocol,
   before and after in CPython, medians and their ratio, and the after tree in Pyodide on Node for the heavy
   shapes (3 x 5, 5 x 3, 4 x 4). The goal: median <= 2 s and none over 30 s in the worker.
2. The optimal 4 x 4 search on Korf's 100 instances (tests/data/korf-instances.json: his table, with his
   published optimal lengths as the truth each answer is checked against, every solution replayed), printed
   by number: all 100 in CPython, before and after (seconds and CPU seconds: on a shared machine the CPU
   time is the steadier figure), totals and their ratio; then Korf's three hardest for this search (#82,
   #60, #88) in the page, before and after (click on Solve -> "Solved: N moves", the worker's tables
   loaded), medians and their ratio. A compiled peer (6-6-3 + walking distance, 56 s for the 100) is not
   in this repository.
"""

import json
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path

from benchlib import ROOT, Tree, launch, ratio

sys.path.insert(0, str(ROOT / "py"))

BEFORE = "a327826"  # the commit whose sliding solver is "before" unless --before names a checkout


def before_tree(before: "Path | None" = None) -> Tree:
    """``before`` as the "before" tree, else :data:`BEFORE` exported once with ``git archive`` (a plain copy
    of the commit's files, no worktree) into .bench/sliding-<commit>, its static/vendor linked to this tree's
    (the same runtimes)."""
    if before is not None:
        return Tree("before", Path(before))
    where = ROOT / ".bench" / ("sliding-" + BEFORE)
    if not (where / "py").exists():
        where.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", BEFORE], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    vendor = where / "static" / "vendor"
    if not vendor.exists():
        os.symlink(ROOT / "static" / "vendor", vendor)
    return Tree("before", where)


def _server(tree: Tree):
    """Serve ``tree`` as the app's server does: the page's files (py/race/files.py) and nothing else."""
    from race.files import Served
    from serve import Handler

    return tree.serve(type("Handler", (Handler,), {"served": Served(tree.root, ())}))

KORF = ROOT / "tests" / "data" / "korf-instances.json"


SHAPES = [(2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2), (3, 4), (4, 3), (3, 5), (5, 3), (4, 4)]
BOARDS = 20  # random boards per shape (sliding.shuffled, seeds seed .. seed + 19)
CAP = 10.0  # seconds a board may take before the probe gives up on it ("> CAP")

SHAPES_PROBE = r"""
import json, time
import worker_jobs
from puzzles import sliding
shapes, boards, cap, first = %r, %d, %r, %d
out = {}
for rows, cols in shapes:
    times = []
    for seed in range(first, first + boards):
        board = sliding.shuffled(rows, cols, seed)
        t0 = time.perf_counter()
        req = {"action": "solve", "board": board.to_code(), "options": {"mode": "optimal"}}
        job = json.loads(worker_jobs.start("sliding", req))["job"]
        while True:
            answer = json.loads(worker_jobs.step(job, 40))
            if answer["done"]:
                ok = answer["result"]["status"] == "solved" and answer["result"]["stats"].get("optimal")
                times.append(time.perf_counter() - t0 if ok else None)
                break
            if time.perf_counter() - t0 > cap:
                worker_jobs.cancel(job)
                times.append(None)
                break
    out["%%dx%%d" %% (rows, cols)] = times
emit(out)
"""


def _cell(times: list, pick: str) -> str:
    """The median or the max of a shape's times, ``> CAP`` where boards gave up."""
    done = sorted(t for t in times if t is not None)
    over = len(times) - len(done)
    if pick == "max":
        return "> %.0f" % CAP if over else "%.2f" % done[-1]
    ordered = done + [float("inf")] * over
    m = ordered[len(ordered) // 2]
    return "> %.0f" % CAP if m == float("inf") else "%.2f" % m


def _median(times: "list | None") -> "float | None":
    done = sorted(t for t in times or [] if t is not None)
    return statistics.median(done) if times and len(done) == len(times) else None


def bench_shapes(runs: int, before: Tree, seed: int) -> None:
    """Fewest moves on 20 random boards of every shape up to 16 cells (seeds ``seed`` ..), through the worker
    protocol: CPython before and after, the ratio of the medians; the after tree again in Pyodide on Node (the
    worker's runtime) for 3 x 5, 5 x 3, 4 x 4."""
    from benchlib import table

    rows = []
    heavy = [(3, 5), (5, 3), (4, 4)]
    got = {}
    for tree in (before, Tree("after", ROOT)):
        got[(tree.name, "CPython")] = tree.py(SHAPES_PROBE % (SHAPES, BOARDS, CAP, seed), timeout=3600) or {}
    got[("after", "Pyodide")] = Tree("after", ROOT).pyodide(
        SHAPES_PROBE % (heavy, BOARDS, 3 * CAP, seed), timeout=3600) or {}
    for shape in SHAPES:
        key = "%dx%d" % shape
        row = [key.replace("x", " x ")]
        for side in (("before", "CPython"), ("after", "CPython"), ("after", "Pyodide")):
            times = got[side].get(key)
            row += [_cell(times, "median"), _cell(times, "max")] if times else ["-", "-"]
            if side == ("after", "CPython"):
                row.append(ratio(_median(got[("before", "CPython")].get(key)), _median(times)))
        rows.append(row)
    table(
        "Sliding, fewest moves, %d random boards per shape (seeds %d-%d, drawn at run time: --seed %d repeats "
        "them), seconds per board through the worker protocol; a board past %.0f s (%.0f s in Pyodide) is given "
        "up ('> N'). Goal: median <= 2 s, none over 30 s in the worker"
        % (BOARDS, seed, seed + BOARDS - 1, seed, CAP, 3 * CAP),
        ["shape", "before median", "before max", "after median", "after max", "ratio", "Pyodide median",
         "Pyodide max"],
        rows,
    )


KORF_PROBE = r"""
import json, time
from puzzles import sliding
from puzzles.sliding import solver as sliding_solver
with open(sliding_solver.table_path(), "rb") as f:
    sliding_solver.install_tables(f.read())
out = {}
for inst in json.load(open(%r))["instances"]:
    board = sliding.Board.from_grid(inst["board"])
    t0, c0 = time.perf_counter(), time.process_time()
    sol = sliding_solver.solve(board)
    ok = len(sol.moves) == inst["optimal"] and board.play(sol.moves).is_solved()
    out[inst["korf_id"]] = [time.perf_counter() - t0, time.process_time() - c0, sol.positions, len(sol.moves), ok]
emit(out)
"""
HARDEST = [82, 60, 88]  # the slowest for this search (6-6-3 tables), by positions generated


def bench_korf_cpython(before: Tree) -> None:
    """All 100 of Korf's instances in CPython, by number, each answer checked against the published optimum
    and replayed; ``before``'s solver runs the same probe first."""
    sides = [before, Tree("after", ROOT)]
    got = {t.name: t.py(KORF_PROBE % str(KORF), timeout=7200) or {} for t in sides}
    instances = json.loads(KORF.read_text())["instances"]
    print("\nKorf's 100 instances, optimal 4x4 in CPython (IDA*, 6-6-3 tables + reflection); s = seconds, "
          "cpu = CPU s")
    head = "%-5s %7s" % ("korf", "optimal") + "".join(
        " | %-6s %6s %10s %7s %7s" % (t.name, "found", "positions", "s", "cpu") for t in sides
    )
    print(head)
    wrong = []
    for inst in instances:
        k = str(inst["korf_id"])
        line = "%-5s %7d" % (k, inst["optimal"])
        for t in sides:
            s, cpu, nodes, found, ok = got[t.name].get(k, [0, 0, 0, -1, False])
            line += " | %-6s %6d %10d %7.2f %7.2f" % ("", found, nodes, s, cpu)
            if not ok:
                wrong.append((t.name, k))
        print(line)
    for t in sides:
        vals = list(got[t.name].values())
        print(
            "%s: all 100 in %.1f s (%.1f CPU s); slowest %.2f s; %d of 100 optimal and replayed"
            % (t.name, sum(v[0] for v in vals), sum(v[1] for v in vals), max([v[0] for v in vals] or [0]),
               sum(1 for v in vals if v[4]))
        )
    totals = [sum(v[1] for v in got[t.name].values()) for t in sides]
    print("all 100, CPU s: before %.1f, after %.1f, ratio %s" % (totals[0], totals[1], ratio(*totals)))
    if wrong:
        print("NOT OPTIMAL:", wrong)


def _solve_in_page(page, base: str, grid: list) -> tuple:
    """Load ``grid`` in a new page's sliding puzzle after a board one slide from the goal (which fetches and
    loads the tables), click on Solve; ``(seconds to "Solved: N moves", positions, the first solve's s)``."""
    near = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, 15]]  # one slide: loads the tables
    page.goto(base + "?game=sliding&lang=en&speed=0")
    page.wait_for_function("document.documentElement.dataset.solverState === 'idle'", timeout=600_000)
    out = []
    for board in (near, grid):
        page.get_by_role("tabpanel").locator("details.paste").evaluate("d => d.open = true")
        page.fill("#sliding-board-input", json.dumps(board))
        page.get_by_role("tabpanel").get_by_role("button", name="Load").click()
        page.wait_for_function("gameHandler.moveCount === 0 && !gameHandler.isSolved()")
        out.append(page.evaluate(
            """async () => {
                const status = document.getElementById('sliding-status');
                const t0 = performance.now();
                document.querySelector('#panel-sliding .btn.primary').click();
                await new Promise(res => {
                    const done = () => /^Solved: \\d+ moves$/.test(status.textContent);
                    const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); res(); } });
                    obs.observe(status, {childList: true, characterData: true, subtree: true});
                });
                return [(performance.now() - t0) / 1000, Number(status.dataset.positions),
                        Number(status.dataset.workers || 1)];
            }"""
        ))
        page.wait_for_function("gameHandler.isSolved()", timeout=600_000)
    return out[1][0], out[1][1], out[0][0], out[1][2]


def bench(runs: int, before: "Path | None" = None, seed: "int | None" = None) -> None:
    """The shapes' table (:func:`bench_shapes`), Korf's 100 in CPython (:func:`bench_korf_cpython`), then
    Korf's hardest for this search in the browser, before and after (median of ``runs``, the two trees
    taking turns, each run a new page whose worker has loaded the pattern tables by solving a board one
    slide from the goal: the page keeps an answer once found, so a board solved again in one page answers
    at once). ``seed``: the random boards' first seed (default: drawn now)."""
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    print("seed of the random boards: %d (--seed %d repeats them); load average %s"
          % (seed, seed, open("/proc/loadavg").read().split()[:3]))
    old = before_tree(before)
    bench_shapes(runs, old, seed)
    bench_korf_cpython(old)
    bench_korf_page(runs, old)


def bench_korf_page(runs: int, old: Tree) -> None:
    """Korf's hardest for this search in the browser, ``old`` against this tree (see :func:`bench`); each
    answer's worker count (a split search's) is printed beside its time."""
    from playwright.sync_api import sync_playwright

    instances = [i for k in HARDEST for i in json.loads(KORF.read_text())["instances"] if i["korf_id"] == k]
    got: dict = {}  # (tree, korf id) -> [(seconds, positions, first solve's s)]
    sides = [old, Tree("after", ROOT)]
    with _server(sides[0]) as base0, _server(sides[1]) as base1, sync_playwright() as p:
        browser = launch(p)
        for inst in instances:
            for _ in range(runs):
                for tree, base in zip(sides, (base0, base1)):
                    page = browser.new_page()
                    got.setdefault((tree.name, inst["korf_id"]), []).append(_solve_in_page(page, base, inst["board"]))
                    page.close()
        browser.close()
    print("\nKorf's hardest for this search, in the page, before and after, median of %d runs (goal: <= 20 s "
          "each on the reference machine); load average now %s" % (runs, open("/proc/loadavg").read().split()[:3]))
    print("%-6s %8s | %11s %9s | %11s %9s %7s | %6s" % ("korf", "optimal", "positions", "before s", "positions",
                                                        "after s", "workers", "ratio"))
    for inst in instances:
        k = inst["korf_id"]
        b = [statistics.median(x[0] for x in got[("before", k)]), got[("before", k)][0][1]]
        a = [statistics.median(x[0] for x in got[("after", k)]), got[("after", k)][0][1]]
        workers = "/".join(str(x[3]) for x in got[("after", k)])
        print("%-6d %8d | %11d %9.2f | %11d %9.2f %7s | %6s" % (k, inst["optimal"], b[1], b[0], a[1], a[0], workers,
                                                                ratio(b[0], a[0])))
        print("       runs, s: before %s; after %s" % (" ".join("%.2f" % x[0] for x in got[("before", k)]),
                                                      " ".join("%.2f" % x[0] for x in got[("after", k)])))
    firsts = [statistics.median(x[2] for key, xs in got.items() if key[0] == t.name for x in xs) for t in sides]
    print("a page's first 4 x 4 solve (one slide), tables fetched and loaded included: before %.2f s, after %.2f s"
          % tuple(firsts))
