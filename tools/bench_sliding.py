"""Sliding, two parts.

1. Every shape up to 16 cells (:data:`SHAPES`): fewest moves on 20 random
   boards each, through the worker protocol, before and after in CPython,
   and the after tree in Pyodide on Node for the heavy shapes (3 x 5, 5 x 3,
   4 x 4). The goal: median <= 2 s and none over 30 s in the worker.
2. The optimal 4 x 4 search on Korf's 100 instances (tests/data/korf-instances.json: his table, with his
   published optimal lengths as the truth each answer is checked against), printed by number: all 100 in
   CPython (seconds and CPU seconds: on a shared machine the CPU time is the steadier figure), before (the
   parent commit's solver when given with --before, else none) and after; then Korf's three hardest for this
   search (#82, #60, #88) in the page (click on Solve -> "Solved: N moves", the worker's tables loaded).
   A compiled peer (6-6-3 + walking distance, 56 s for the 100) is not in this repository.
"""

import json
import statistics
import sys
from pathlib import Path

from benchlib import ROOT, Tree, launch

sys.path.insert(0, str(ROOT / "py"))

KORF = ROOT / "tests" / "data" / "korf-instances.json"


SHAPES = [(2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2), (3, 4), (4, 3), (3, 5), (5, 3), (4, 4)]
BOARDS = 20  # random boards per shape (sliding.shuffled, seeds 0..19)
CAP = 10.0  # seconds a board may take before the probe gives up on it ("> CAP")

SHAPES_PROBE = r"""
import json, time
import worker_jobs
from puzzles import sliding
shapes, boards, cap = %r, %d, %r
out = {}
for rows, cols in shapes:
    times = []
    for seed in range(boards):
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


def bench_shapes(runs: int) -> None:
    """Fewest moves on 20 random boards of every shape up to 16 cells, through the worker protocol: CPython
    before and after; the after tree again in Pyodide on Node (the worker's runtime) for 3 x 5, 5 x 3, 4 x 4."""
    from benchlib import table, trees

    rows = []
    heavy = [(3, 5), (5, 3), (4, 4)]
    got = {}
    for tree in trees():
        got[(tree.name, "CPython")] = tree.py(SHAPES_PROBE % (SHAPES, BOARDS, CAP), timeout=3600) or {}
    after = [t for t in trees() if t.name == "after"][0]
    got[("after", "Pyodide")] = after.pyodide(SHAPES_PROBE % (heavy, BOARDS, 3 * CAP), timeout=3600) or {}
    for shape in SHAPES:
        key = "%dx%d" % shape
        row = [key.replace("x", " x ")]
        for side in (("before", "CPython"), ("after", "CPython"), ("after", "Pyodide")):
            times = got[side].get(key)
            row += [_cell(times, "median"), _cell(times, "max")] if times else ["-", "-"]
        rows.append(row)
    table(
        "Sliding, fewest moves, %d random boards per shape (seeds 0-%d), seconds per board through the worker "
        "protocol; a board past %.0f s (%.0f s in Pyodide) is given up ('> N'). Goal: median <= 2 s, none over "
        "30 s in the worker" % (BOARDS, BOARDS - 1, CAP, 3 * CAP),
        ["shape", "before median", "before max", "after median", "after max", "Pyodide median", "Pyodide max"],
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


def bench_korf_cpython(before: "Path | None" = None) -> None:
    """All 100 of Korf's instances in CPython, by number, each answer checked against the published optimum;
    ``before``: a checkout whose solver runs the same probe first (e.g. the parent commit)."""
    from benchlib import Tree

    sides = ([Tree("before", before)] if before else []) + [Tree("after", ROOT)]
    got = {t.name: t.py(KORF_PROBE % str(KORF), timeout=7200) or {} for t in sides}
    instances = json.loads(KORF.read_text())["instances"]
    print("\nKorf's 100 instances, optimal 4x4 in CPython (IDA*, 6-6-3 tables + reflection); s = seconds, cpu = CPU s")
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
    if wrong:
        print("NOT OPTIMAL:", wrong)


def bench(runs: int, before: "Path | None" = None) -> None:
    """The shapes' table (:func:`bench_shapes`), Korf's 100 in CPython (:func:`bench_korf_cpython`), then
    Korf's hardest for this search in the browser (median of ``runs``, click on Solve -> "Solved: N moves",
    each run in a new page whose worker has loaded the pattern tables by solving a board one slide from
    the goal: the page keeps an answer once found, so a board solved again in one page answers at once)."""
    bench_shapes(runs)
    bench_korf_cpython(before)
    from playwright.sync_api import sync_playwright

    instances = [i for k in HARDEST for i in json.loads(KORF.read_text())["instances"] if i["korf_id"] == k]

    browser_times = {}
    near = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, 15]]  # one slide: loads the tables
    first = None
    with Tree("after", ROOT).serve() as base, sync_playwright() as p:
        browser = launch(p)
        for inst in instances:
            times, nodes = [], None
            for _ in range(runs):  # a new page each run: the page keeps a board's answer once found
                page = browser.new_page()
                page.goto(base + "?game=sliding&lang=en&speed=0")
                page.wait_for_selector("html[data-solver-state=idle]", timeout=120_000)
                for grid in (near, inst["board"]):
                    page.get_by_role("tabpanel").locator("details.paste").evaluate("d => d.open = true")
                    page.fill("#sliding-board-input", json.dumps(grid))
                    page.get_by_role("tabpanel").get_by_role("button", name="Load").click()
                    page.wait_for_function("gameHandler.moveCount === 0 && !gameHandler.isSolved()")
                    t, nodes = page.evaluate(
                        """async () => {
                            const status = document.getElementById('sliding-status');
                            const t0 = performance.now();
                            document.querySelector('#panel-sliding .btn.primary').click();
                            await new Promise(res => {
                                const done = () => /^Solved: \\d+ moves$/.test(status.textContent);
                                const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); res(); } });
                                obs.observe(status, {childList: true, characterData: true, subtree: true});
                            });
                            return [(performance.now() - t0) / 1000, Number(status.dataset.positions)];
                        }"""
                    )
                    page.wait_for_function("gameHandler.isSolved()")
                    if grid is near and first is None:
                        first = t  # fetching and loading the tables, and one slide
                times.append(t)
                page.close()
            browser_times[inst["korf_id"]] = (statistics.median(times), nodes)
        browser.close()

    print("\nKorf's hardest for this search, in the page, median of %d runs (goal: <= 20 s each)" % runs)
    print("a page's first 4 x 4 solve (one slide), tables fetched and loaded included: %.2f s" % first)
    print("%-6s %8s %11s %10s" % ("korf", "optimal", "positions", "browser s"))
    for inst in instances:
        b, bn = browser_times[inst["korf_id"]]
        print("%-6d %8d %11d %10.2f" % (inst["korf_id"], inst["optimal"], bn, b))
