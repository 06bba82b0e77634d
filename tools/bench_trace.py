"""Step through: what recording the learner's program costs, and how fast the page shows its steps.

1. The recorder's overhead (py/trace_recorder.py) in the learner's worker's runtime: Pyodide from
   static/vendor/pyodide/ under Node (the same CPython build the worker runs), each program run plainly,
   then recorded with no cap (every line a step) by the recorder of :data:`RECORDER_BEFORE` (from git)
   and by this tree's, in one process: seconds, lines, µs a step, the ratio recorded / plain, and the
   record's size as JSON. Programs (tools/course_programs.py): LeetCode 773's BFS on an unsolvable 2 x 3
   board (its whole space), a BFS ``connect`` on an 8 x 18 Link-up board, the course's Huarong BFS on a
   small layout.
2. The page (Chromium): Step through clicked -> the first step shown (the slider's aria-valuenow 1), for the
   BFS ``connect`` on Link-up's 8 x 18 default board (goal <= 2 s) and the course's Huarong BFS on 横刀立马,
   recorded to the 10,000-step cap (goal <= 10 s); a key on the slider -> the step drawn (goal <= 100 ms);
   the longest main-thread task while recording and stepping (goal <= 50 ms): its wall clock (the
   browser's ``longtask`` entries) and the CPU time of the longest task (Chromium's trace), which is
   what the page's code decides when other programs share the cores.
The page's figures have no "before": the tree at benchlib.BASELINE has no Step through. The load average
is printed beside each table (the machine is shared).
"""

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading

from playwright.sync_api import sync_playwright

from benchlib import ROOT, launch, main_thread_tasks, median, table, traced
from course_programs import COURSE_HUARONG, LEETCODE_773, LINKUP_BFS

sys.path.insert(0, str(ROOT / "py"))
from puzzles.linkup import connect, generate, joinable_pairs, turns  # noqa: E402

NODE = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [vendor, root, job, before] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(vendor + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: vendor + "/" });
for (const m of ["code_runner", "trace_recorder"]) {
  py.FS.writeFile(`/home/pyodide/${m}.py`, readFileSync(`${root}/py/${m}.py`, "utf8"));
}
py.FS.writeFile("/home/pyodide/trace_recorder_before.py", readFileSync(before, "utf8"));
py.globals.set("_job", readFileSync(job, "utf8"));
console.log(py.runPython(`
import json, sys, time
sys.path.insert(0, "/home/pyodide")
import trace_recorder, trace_recorder_before
for tr in (trace_recorder, trace_recorder_before):
    tr.MAX_BYTES = 10 ** 12
out = []
for name, src, fn, args, shape, want, flat in json.loads(_job):
    code = compile(src, "solution.py", "exec")
    plain = []
    for _ in range(3):
        ns = {}
        exec(code, ns)
        t = time.perf_counter()
        ns[fn](*args)
        plain.append(time.perf_counter() - t)
    for which, tr in (("before", trace_recorder_before), ("after", trace_recorder)):
        best = None
        for _ in range(3):
            rec = tr.Recorder("solution.py", tuple(shape), want, flat, max_steps=10 ** 8)
            ns = {}
            rec.run(code, lambda: exec(code, ns))
            rec.steps.clear()
            t = time.perf_counter()
            rec.run(code, lambda: ns[fn](*args))
            recorded = time.perf_counter() - t
            best = recorded if best is None else min(best, recorded)
        t = time.perf_counter()
        size = len(json.dumps(rec.steps))
        out.append([name, which, sorted(plain)[1], best, len(rec.steps), size, time.perf_counter() - t])
json.dumps(out)
`));
"""

RECORDER_BEFORE = "0fecdc8"  # the recorder before its per-step cost was cut
HUARONG_SMALL = [[1, 1, 2, 0], [1, 1, 3, 0], [4, 5, 6, 7]]  # a 3 x 4 board: 曹操 two rows up from its exit


def _linkup_case() -> tuple:
    """Link-up's 8 x 18 board (36 kinds x 4, seed 1) and a pair whose path turns twice."""
    board = generate(8, 18, 36, 4, 1)
    cols = board.cols
    best = None
    for a, b in joinable_pairs(board):
        k = turns(connect(board, a // cols, a % cols, b // cols, b % cols))
        if best is None or k > best[0]:
            best = (k, a, b)
    _, a, b = best
    grid = [list(board.cells[r * cols:(r + 1) * cols]) for r in range(board.rows)]
    return grid, [a // cols, a % cols, b // cols, b % cols]


def _load() -> str:
    return " ".join("%.1f" % x for x in os.getloadavg())


def overhead() -> list:
    grid, args = _linkup_case()
    jobs = [
        ["LeetCode 773 BFS, 2 x 3 unsolvable", LEETCODE_773, "slidingPuzzle", [[[1, 2, 3], [5, 4, 0]]],
         [2, 3], "board", True],
        ["BFS connect, Link-up 8 x 18", LINKUP_BFS, "connect", [grid] + args, [8, 18], "cells", False],
        ["course's Huarong BFS, 3 x 4", COURSE_HUARONG.replace("gameHandler.move(p, d)", "pass"), "solve",
         [HUARONG_SMALL], [3, 4], "board", False],
    ]
    with tempfile.TemporaryDirectory() as d:
        script, job = os.path.join(d, "t.mjs"), os.path.join(d, "job.json")
        with open(script, "w") as f:
            f.write(NODE)
        with open(job, "w") as f:
            json.dump(jobs, f)
        before = os.path.join(d, "before.py")
        with open(before, "w") as f:
            f.write(subprocess.run(["git", "show", RECORDER_BEFORE + ":py/trace_recorder.py"], cwd=ROOT,
                                   capture_output=True, text=True, check=True).stdout)
        got = subprocess.run(["node", script, str(ROOT / "static/vendor/pyodide"), str(ROOT), job, before],
                             capture_output=True, text=True, timeout=900)
    if got.returncode != 0:
        raise SystemExit(got.stderr[-3000:])
    rows = json.loads(got.stdout.strip().splitlines()[-1])
    table("Step through's recorder in Pyodide (Node), recorder of %s (before) and this tree's (after): the "
          "program plain and recorded (best of 3), every line a step; load average %s" % (RECORDER_BEFORE, _load()),
          ["program", "recorder", "plain s", "recorded s", "ratio", "steps", "us a step", "record KB", "json s"],
          [[n, w, "%.4f" % p, "%.3f" % r, "%.0f x" % (r / p), "%d" % s, "%.1f" % (r / s * 1e6), "%d" % (size // 1024),
            "%.3f" % j] for n, w, p, r, s, size, j in rows])
    return rows


WATCH = """() => {
    window.__longest = 0;
    new PerformanceObserver(list => {
        for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({type: 'longtask'});
}"""
STEP = """async (game) => {
    const sec = document.querySelector('#' + game + '-code');
    const btn = [...sec.querySelectorAll('.code-buttons .btn')].find(b => b.textContent === 'Step through');
    const t0 = performance.now();
    btn.click();
    const slider = () => sec.querySelector('.step-slider');
    await new Promise(res => {
        const tick = () => (slider().getAttribute('aria-valuenow') === '1' && !sec.querySelector('.step-bar').hidden)
            ? res() : setTimeout(tick, 5);
        tick();
    });
    return (performance.now() - t0) / 1000;
}"""
KEY = """async (game) => {
    const s = document.querySelector('#' + game + '-code .step-slider');
    const before = s.getAttribute('aria-valuenow');
    const t0 = performance.now();
    s.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
    await new Promise(res => {
        const tick = () => s.getAttribute('aria-valuenow') !== before
            ? requestAnimationFrame(() => res()) : setTimeout(tick, 1);
        tick();
    });
    return performance.now() - t0;
}"""


@contextlib.contextmanager
def _served():
    """This tree served by the serve command's server (isolated, as the page is in use); its base URL."""
    from serve import make_server

    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield "http://127.0.0.1:%d/" % server.server_address[1]
    finally:
        server.shutdown()


def page_figures(runs: int) -> None:
    rows = []
    with _served() as base, sync_playwright() as p:
        browser = launch(p)
        for game, program, goal in (("linkup", LINKUP_BFS, 2), ("huarong", COURSE_HUARONG, 10)):
            firsts, keys, longest, cpu = [], [], [], []
            for _ in range(runs):
                ctx = browser.new_context()
                page = ctx.new_page()
                page.goto(base + "static/favicon.svg")
                page.evaluate("([g, c]) => localStorage.setItem('bfs-puzzles.code.' + g, c)", [game, program])
                page.goto(base + "?game=%s&lang=en" % game)
                page.wait_for_selector("html[data-app-state=ready]", timeout=120_000)
                page.get_by_role("button", name="Code", exact=True).click()
                page.wait_for_selector("#%s-code[data-worker-ms]" % game, timeout=120_000)
                page.evaluate(WATCH)

                def act(page=page, game=game, firsts=firsts, keys=keys) -> None:
                    firsts.append(page.evaluate(STEP, game))
                    keys.extend(page.evaluate(KEY, game) for _ in range(10))

                tasks = main_thread_tasks(traced(page, act), "click")
                longest.append(page.evaluate("window.__longest"))
                cpu.append(max(tasks)[0])
                steps = page.get_attribute("#%s-code .step-slider" % game, "aria-valuemax")
                ctx.close()
            rows.append(["%s: click -> first step (%s steps)" % (game, steps), "%.2f s" % median(firsts),
                         "<= %d s" % goal, "%.0f" % max(longest), "%.1f" % max(cpu)])
            rows.append(["%s: key -> step drawn" % game, "%.0f ms" % median(keys), "<= 100 ms", "", ""])
        browser.close()
    table("Step through in the page (medians over %d pages), load average %s" % (runs, _load()),
          ["", "time", "goal", "longest task, wall ms", "its CPU ms (goal <= 50)"], rows)


def bench(runs: int) -> None:
    overhead()
    page_figures(runs)


if __name__ == "__main__":
    bench(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
