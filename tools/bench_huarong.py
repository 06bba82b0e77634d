"""Huarong: the search on the paper's six layouts, both metrics, before -> after.

Each layout is solved through the worker protocol (``worker_jobs.start`` /
``step``), in a fresh CPython per tree, so the same probe measures both trees.
Figures: the median seconds of ``runs`` solves, the positions the search
explored (its own count: since f332fa0 a position and its left-right
reflection are kept once) and the solution's length, which must not change.
"""

from benchlib import ratio, table, trees

PROBE = """
import json, statistics, time
import worker_jobs
from puzzles.huarong_layouts import PAPER_SIX, find_layout

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


def bench(runs: int) -> None:
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
