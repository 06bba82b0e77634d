"""Benchmark section "map", the worker side: the state map job in CPython.

For 横刀立马 (cell and piece metric) and the 3 × 3 sliding puzzle, through the
worker protocol (``worker_jobs.start/step``, 40 ms steps as the page runs it):
the seconds the worker spends building the map (the job's own ``seconds``),
its positions and edges, the answer's size in bytes (the JSON text the page
receives), and the longest single step when stepped with a 1 ms budget (one
slice of the job, plus the protocol's JSON). Medians over ``runs``. The
same seconds in Pyodide on Node, the runtime of the browser's worker. The
"before" tree has no map job: its figures print "n/a".

The page side, in Chromium: seconds from a click on Map to the first full
drawing (the drawing worker's ``map-drawn`` mark), for 横刀立马 and the 3 × 3
sliding puzzle, a new browser context each run with the solver ready; the
longest main-thread task (``PerformanceObserver('longtask')``) from the click
to the drawing, and while the 3 × 3 map is panned (mouse drags) and zoomed
(wheel, both ways) for a few seconds. Goals: first drawing
<= 3 s for 横刀立马 and <= 10 s for 3 × 3; no task over 50 ms while panning.

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


PYODIDE_CODE = r"""
import json, statistics, sys, time
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
emit([sys.version.split()[0], out])
"""


def _pyodide(tree: object, runs: int) -> "tuple[str, dict]":
    """``(Python version, {case: median worker seconds or None})`` in Pyodide on Node (the
    browser worker's runtime, without the browser); ``("", {})`` when that cannot run."""
    got = tree.pyodide(PYODIDE_CODE % ([list(c) for c in CASES], runs))
    return tuple(got) if got else ("", {})


def _probe(tree: object, case: tuple, budget: float) -> "dict | None":
    _name, game, board, options = case
    return tree.py(PROBE % ((game, board, options, budget),), timeout=600)


PAGES = [
    ("横刀立马", "?game=huarong&lang=en"),
    ("3x3 sliding", "?game=sliding&lang=en&board=%5B%5B8,6,7%5D,%5B2,5,4%5D,%5B3,0,1%5D%5D"),
]
WATCH = """() => {
    window.__longTasks = [];
    new PerformanceObserver(list => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({type: 'longtask'});
}"""
OPEN = """() => {
    const button = [...document.querySelectorAll('button')].find(b => b.textContent === 'Map' && b.offsetParent);
    window.__mapClick = performance.now();
    button.click();
}"""


def _page_probe(browser: object, base: str, game: str, query: str, pan: bool) -> "dict | None":
    """One fresh context: open the page, click Map, wait for the first drawing; then pan and zoom."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        page.goto(base + query)
        page.wait_for_selector("html[data-solver-state=idle]", timeout=90_000)
        if not page.evaluate("typeof window.bfsMap === 'object'"):
            return None
        page.evaluate(WATCH)
        page.evaluate(OPEN)
        page.wait_for_selector("#%s-map-figure[data-drawn-ms]" % game, timeout=120_000)
        drawn = page.evaluate("performance.getEntriesByName('map-drawn').pop().startTime - window.__mapClick")
        page.wait_for_timeout(300)
        opening = max(page.evaluate("window.__longTasks") or [0])
        out = {"drawn_s": drawn / 1000, "open_task": opening, "pan_task": None}
        if pan:
            fig = page.locator("#%s-map-figure" % game)
            fig.scroll_into_view_if_needed()
            box = fig.bounding_box()
            cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.evaluate("window.__longTasks = []")
            for k in range(6):
                page.mouse.move(cx, cy)
                page.mouse.down()
                page.mouse.move(cx + (60 if k % 2 else -60), cy + 40, steps=12)
                page.mouse.up()
                for _ in range(4):
                    page.mouse.wheel(0, -120 if k < 3 else 120)
                    page.wait_for_timeout(40)
            page.wait_for_timeout(600)
            out["pan_task"] = max(page.evaluate("window.__longTasks") or [0])
        return out
    finally:
        ctx.close()


def bench_page(runs: int) -> None:
    from playwright.sync_api import sync_playwright

    from benchlib import launch

    rows = []
    with sync_playwright() as p:
        browser = launch(p)
        for tree in trees():
            with tree.serve() as base:
                for name, query in PAGES:
                    game = query.split("game=")[1].split("&")[0]
                    got = [_page_probe(browser, base, game, query, pan=game == "sliding") for _ in range(runs)]
                    got = [g for g in got if g]
                    if not got:
                        rows.append([tree.name, name, "n/a", "n/a", "n/a"])
                        continue
                    pans = [g["pan_task"] for g in got if g["pan_task"] is not None]
                    rows.append(
                        [
                            tree.name,
                            name,
                            "%.2f" % median([g["drawn_s"] for g in got]),
                            "%.0f" % max(g["open_task"] for g in got),
                            "%.0f" % max(pans) if pans else "-",
                        ]
                    )
        browser.close()
    table(
        "State map in the page (Chromium): click on Map -> first full drawing, median of %d runs; longest "
        "main-thread task, the worst run (0: none over 50 ms)" % runs,
        ["tree", "board", "first drawing s", "longest task opening, ms", "longest task panning+zooming, ms"],
        rows,
    )


def bench(runs: int) -> None:
    bench_page(runs)
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
        "State map, worker side in CPython, median of %d runs (before: no map job)" % runs,
        ["tree", "board", "worker s", "positions", "edges", "dist at start", "answer bytes", "longest 1 ms step, ms"],
        rows,
    )
    table(
        "State map, worker seconds in Pyodide %s on Node (the browser worker's runtime), median of %d runs"
        % (version or "?", runs),
        ["tree", "board", "worker s"],
        pyodide,
    )


if __name__ == "__main__":
    import sys

    bench(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
