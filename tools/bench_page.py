"""The page: 横刀立马, click on Solve -> the board solved (``speed=0``), both
metrics, before -> after, with the longest main-thread task seen meanwhile
(a ``PerformanceObserver('longtask')``: tasks of 50 ms and more).

Each tree is served and opened in Debian's Chromium; after the solver is
ready, the default layout (横刀立马) is reopened, left on screen for a second
("rested": the page may work out Solve's answer while idle:
"solve before the click") and solved, ``runs`` times per metric; then "at
once": a new page each run, Solve clicked as soon as the solver is ready,
before any look-ahead could start. The time runs from the click to the moment the status says the
outcome *and* ``gameHandler.isSolved()`` holds: the search in the worker, the
answer's trip to the page and the whole playback.

Beside it, in the same run: the course's own C++ (the Huarong page in
../shared/seeds/, which solves 横刀立马 in its ``main``), extracted at bench
time into a temporary folder, compiled with ``g++ -O2`` (given ``<climits>``,
which it uses without including) and timed as a whole process (median of
``runs``). It is never copied into the project.
"""

import re
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

from benchlib import ROOT, launch, median, ratio, table, trees

sys.path.insert(0, str(ROOT / "py"))
from puzzles.huarong.layouts import find_layout  # noqa: E402

CLICK_TO_SOLVED = """async () => {
    const status = document.getElementById('huarong-status');
    const longest = [0];
    const obs = new PerformanceObserver(list => {
        for (const e of list.getEntries()) longest[0] = Math.max(longest[0], e.duration);
    });
    obs.observe({type: 'longtask'});
    const t0 = performance.now();
    document.querySelector('#panel-huarong .btn.primary').click();
    await new Promise(res => {
        const done = () => /^Solved/.test(status.textContent) && window.gameHandler.isSolved();
        const tick = () => done() ? res() : setTimeout(tick, 2);
        tick();
    });
    const t = (performance.now() - t0) / 1000;
    const opened = performance.now() / 1000;  // since the page was opened
    await new Promise(res => setTimeout(res, 300));  // a long task ending now is reported a little later
    obs.disconnect();
    return [t, longest[0], opened];
}"""


def _measure(tree: object, p: object, runs: int) -> dict:
    out = {}
    with tree.serve() as base:
        browser = launch(p)
        page = browser.new_page()
        page.goto(base + "?lang=en&speed=0")
        page.wait_for_selector("html[data-solver-state=idle]", timeout=120_000)
        for metric in ("cell", "piece"):
            page.select_option("#huarong-metric", metric)
            times, tasks, answers = [], [], []
            for _ in range(runs):
                page.select_option("#hr-layout", str(find_layout("横刀立马").index))
                page.wait_for_function("gameHandler.moveCount === 0 && !gameHandler.isSolved()")
                page.wait_for_timeout(1000)  # the board rests: the page may look ahead while idle
                t, task, _ = page.evaluate(CLICK_TO_SOLVED)
                times.append(t)
                tasks.append(task)
                answers.append(page.get_attribute("#huarong-status", "data-answer") or "-")
                page.wait_for_selector("html[data-solver-state=idle]")
            cold, opened = [], []
            for _ in range(runs):  # a new page each run, Solve clicked as soon as the solver is ready
                fresh = browser.new_page()
                fresh.goto(base + "?lang=en&speed=0&metric=" + metric)
                fresh.wait_for_selector("html[data-solver-state=idle]", timeout=120_000)
                t, task, since_open = fresh.evaluate(CLICK_TO_SOLVED)
                cold.append(t)
                opened.append(since_open)
                tasks.append(task)
                answers.append(fresh.get_attribute("#huarong-status", "data-answer") or "-")
                fresh.close()
            out[metric] = (median(times), max(tasks), median(cold), sorted(set(answers)), median(opened))
        browser.close()
    return out


SEEDS = ROOT.parent / "shared" / "seeds"


def course_cpp_seconds(runs: int) -> "float | None":
    """The course's C++ Huarong solver, compiled with -O2: median seconds of a
    whole run (it solves 横刀立马), or ``None`` when the source or g++ is missing."""
    for page in sorted(SEEDS.glob("*.txt")):
        text = page.read_text(encoding="utf-8")
        found = re.search(r"```\n(#include.*?int main\(\).*?)```", text, re.S)
        if found and "printHuarongRoadSolution" in found.group(1):
            break
    else:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = tmp + "/huarong.cpp", tmp + "/huarong"
        with open(src, "w", encoding="utf-8") as f:
            f.write(found.group(1))
        try:
            subprocess.run(["g++", "-O2", "-include", "climits", "-o", exe, src], check=True, capture_output=True)
        except (OSError, subprocess.CalledProcessError):
            return None
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            subprocess.run([exe], check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - t0)
    return median(times)


GAMES = [
    ("Link-up", "?game=linkup&lang=en&speed=0", "linkup", "^Cleared", "isCleared"),
    ("Sliding 3x3", "?game=sliding&lang=en&speed=0&board=%5B%5B8,6,7%5D,%5B2,5,4%5D,%5B3,0,1%5D%5D", "sliding",
     "^Solved", "isSolved"),
]
GAME_CLICK = """async ([game, pattern, done]) => {
    const status = document.getElementById(game + '-status');
    const longest = [0];
    const obs = new PerformanceObserver(list => {
        for (const e of list.getEntries()) longest[0] = Math.max(longest[0], e.duration);
    });
    obs.observe({type: 'longtask'});
    const t0 = performance.now();
    document.querySelector('#panel-' + game + ' .btn.primary').click();
    await new Promise(res => {
        const ended = () => new RegExp(pattern).test(status.textContent) && window.gameHandler[done]();
        const tick = () => ended() ? res() : setTimeout(tick, 2);
        tick();
    });
    const t = (performance.now() - t0) / 1000;
    const opened = performance.now() / 1000;  // since the page was opened
    await new Promise(res => setTimeout(res, 300));
    obs.disconnect();
    return [t, longest[0], opened];
}"""


def bench_games(runs: int) -> None:
    """Link-up's and the 3 x 3 sliding puzzle's Solve at speed 0 in the page: click -> done, and the longest
    main-thread task meanwhile (the goal: none over 50 ms in any game); a new page each run."""
    rows = []
    with sync_playwright() as p:
        browser = launch(p)
        for tree in trees():
            with tree.serve() as base:
                for name, query, game, pattern, done in GAMES:
                    times, tasks, opened = [], [], []
                    for _ in range(runs):
                        page = browser.new_page()
                        page.goto(base + query)
                        page.wait_for_selector("html[data-solver-state=idle]", timeout=120_000)
                        t, task, since_open = page.evaluate(GAME_CLICK, [game, pattern, done])
                        times.append(t)
                        tasks.append(task)
                        opened.append(since_open)
                        page.close()
                    rows.append(
                        [name, tree.name, "%.3f" % median(times), "%.2f" % median(opened), "%.0f" % max(tasks)]
                    )
        browser.close()
    table(
        "Solve at speed 0 in the page, click -> done, median of %d runs (a new page each, Solve clicked as soon "
        "as the solver is ready); longest main-thread task over all runs (ms, 0 = none of 50 ms or more)" % runs,
        ["game", "tree", "seconds", "page open -> done, s", "longest task, ms"],
        rows,
    )


def bench(runs: int) -> None:
    bench_games(runs)
    cpp = course_cpp_seconds(runs)
    with sync_playwright() as p:
        sides = {tree.name: _measure(tree, p, runs) for tree in trees()}
    rows = []
    for metric in ("cell", "piece"):
        (b, bt, bc, _, bo), (a, at, ac, answers, ao) = sides["before"][metric], sides["after"][metric]
        per_cpp = ["%.2f" % (x / cpp) for x in (b, a, bc, ac)] if cpp else ["n/a"] * 4
        rows.append(
            [metric, "%.3f" % (cpp or 0), "%.3f" % b, "%.3f" % a, ratio(b, a)]
            + per_cpp[:2]
            + ["%.3f" % bc, "%.3f" % ac, ratio(bc, ac)]
            + per_cpp[2:]
            + ["%.2f" % bo, "%.2f" % ao, "%.0f" % bt, "%.0f" % at, "/".join(answers)]
        )
    table(
        "横刀立马 in the page, click on Solve -> solved (speed=0), median of %d runs. 'rested': the board on screen "
        "for 1 s before the click (the page may have worked it out already); 'at once': a new page, Solve clicked "
        "as soon as the solver is ready (and, for those runs, seconds from opening the page to the board solved: "
        "the first searches after the worker starts run slower than later ones). Longest main-thread task "
        "(ms, 0 = none of 50 ms or more) over all runs; "
        "where the after answers came from" % runs,
        ["metric", "course C++ s", "rested before s", "after s", "ratio", "before / C++", "after / C++",
         "at once before s", "after s", "ratio", "before / C++", "after / C++", "page open -> solved before s",
         "after s", "longest task before", "after", "answers"],
        rows,
    )
