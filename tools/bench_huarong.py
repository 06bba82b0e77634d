"""Huarong: the search on the paper's six layouts, both metrics, before -> after.

Each layout is solved through the worker protocol (``worker_jobs.start`` /
``step``), in a fresh CPython per tree, so the same probe measures both trees.
Figures: the median seconds of ``runs`` solves, the positions the search
explored (its own count: since f332fa0 a position and its left-right
reflection are kept once) and the solution's length, which must not change.
"""

from benchlib import median, ratio, table, trees

PROBE = """
import json, statistics, time
import worker_jobs
from puzzles.huarong.layouts import PAPER_SIX, find_layout

out = []
for name in PAPER_SIX:
    code = find_layout(name).board.to_code()
    for metric in ("cell", "piece"):
        times = []
        for _ in range(%d):
            t0 = time.perf_counter()
            job = json.loads(worker_jobs.start("huarong", {"action": "solve", "board": code,
                                                           "options": {"metric": metric}}))["job"]
            while True:
                answer = json.loads(worker_jobs.step(job, 1000))
                if answer["done"]:
                    break
            times.append(time.perf_counter() - t0)
        result = answer["result"]
        out.append([name, metric, statistics.median(times), result["stats"]["positions"], len(result["moves"])])
emit(out)
"""


COMPARE = r"""
import json, time
try:
    import resource
except ImportError:
    resource = None
import worker_jobs as w
req = {"action": "compare", "board": "3114/3114/5226/5786/900a", "options": {"metric": "cell"}}
t0 = time.perf_counter()
job = json.loads(w.start("huarong", json.dumps(req)))["job"]
updates = 0
while True:
    answer = json.loads(w.step(job, 40))
    if answer["done"]:
        break
    updates += 1
sides = answer["result"]["stats"]["sides"]
try:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
except Exception:  # Pyodide has no process to ask
    rss = 0
emit({"seconds": time.perf_counter() - t0, "rss_mb": rss,
      "updates": updates, "distinct": sides["distinct"]["status"], "positions": sides["distinct"]["positions"]})
"""


def bench_compare(runs: int) -> None:
    """"What equivalence buys" on 横刀立马 (cell metric) through the worker protocol: seconds to the answer,
    the process's peak memory, and what the distinct side answered (a new process each run)."""
    rows = []
    for runtime, tree in [("CPython", t) for t in trees()] + [("Pyodide", t) for t in trees()]:
        if runtime == "CPython":
            got = [g for g in (tree.py(COMPARE, timeout=900) for _ in range(runs)) if g]
        else:  # one run: the page's worker runtime (its peak memory is the Node process's, not shown)
            got = [g for g in [tree.pyodide(COMPARE, timeout=900)] if g]
        if not got:
            rows.append([runtime, tree.name, "n/a", "n/a", "n/a", "n/a"])
            continue
        rows.append(
            [
                runtime,
                tree.name,
                "%.2f" % median([g["seconds"] for g in got]),
                "%.0f" % median([g["rss_mb"] for g in got]) if got[0]["rss_mb"] else "-",
                "%d" % median([g["updates"] for g in got]),
                "%s after {:,} positions".format(got[-1]["positions"]) % got[-1]["distinct"],
            ]
        )
    table(
        "\"What equivalence buys\", 横刀立马, through the worker protocol: CPython (median of %d runs) and Pyodide "
        "on Node, the worker's runtime (one run); goal: an honest end within 15 s, with progress" % runs,
        ["runtime", "tree", "seconds", "peak MB", "progress updates", "distinct side"],
        rows,
    )


SEARCH_PYODIDE = r"""
import json, statistics, time
import worker_jobs
out = {}
for metric in ("cell", "piece"):
    times = []
    for _ in range(%d):
        t0 = time.perf_counter()
        job = json.loads(worker_jobs.start("huarong", {"action": "solve", "board": "3114/3114/5226/5786/900a",
                                                       "options": {"metric": metric}}))["job"]
        while True:
            if json.loads(worker_jobs.step(job, 1000))["done"]:
                break
        times.append(time.perf_counter() - t0)
    out[metric] = statistics.median(times)
emit(out)
"""


def bench_search_pyodide(runs: int) -> None:
    """横刀立马's search in Pyodide on Node (the runtime of the page's worker), both metrics."""
    rows = []
    got = {tree.name: tree.pyodide(SEARCH_PYODIDE % runs) or {} for tree in trees()}
    for metric in ("cell", "piece"):
        b, a = got["before"].get(metric), got["after"].get(metric)
        rows.append([metric, "%.4f" % b if b else "n/a", "%.4f" % a if a else "n/a", ratio(b, a)])
    table(
        "横刀立马's search in Pyodide on Node (the worker's runtime), median of %d runs" % runs,
        ["metric", "before s", "after s", "ratio"],
        rows,
    )


def bench(runs: int) -> None:
    bench_search_pyodide(runs)
    bench_compare(min(runs, 3))
    sides = {tree.name: tree.py(PROBE % runs, timeout=900) for tree in trees()}
    before, after = sides["before"], sides["after"]
    rows = []
    for b, a in zip(before, after):
        assert b[:2] == a[:2]
        same = "yes" if b[4] == a[4] else "NO (%d vs %d)" % (b[4], a[4])
        rows.append([b[0], b[1], "%.4f" % b[2], "%.4f" % a[2], ratio(b[2], a[2]), b[3], a[3], same])
    table(
        "Huarong solve (CPython, worker protocol), median of %d runs; ratio = before / after" % runs,
        ["layout", "metric", "before s", "after s", "ratio", "positions before", "after", "same length"],
        rows,
    )
