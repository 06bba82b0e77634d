"""Benchmarks (not tests): print medians over several runs.

    .venv/bin/python tools/bench.py engine   # Huarong solver in CPython, the paper's six layouts
    .venv/bin/python tools/bench.py browser  # start-up and Solve in headless Chromium, with CPython ratios
    .venv/bin/python tools/bench.py linkup   # Link-up solver on 100 seeded random 18x8 boards, CPython

Run tools/setup.sh test first (it installs Chromium and the .venv).
"""

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from puzzles.huarong import solve  # noqa: E402
from puzzles.huarong_layouts import PAPER_SIX, find_layout  # noqa: E402


def engine_times(runs: int) -> dict:
    out = {}
    for name in PAPER_SIX:
        board = find_layout(name).board
        for metric in ("cell", "piece"):
            times = []
            for _ in range(runs):
                t0 = time.perf_counter()
                sol = solve(board, metric)
                times.append(time.perf_counter() - t0)
            out[(name, metric)] = (statistics.median(times), sol)
    return out


def bench_engine(runs: int) -> None:
    print("Huarong solver, CPython %s, median of %d runs" % (sys.version.split()[0], runs))
    print("%-10s %-6s %6s %9s %9s" % ("layout", "metric", "steps", "explored", "seconds"))
    for (name, metric), (sec, sol) in engine_times(runs).items():
        steps = sol.steps if sol.steps is not None else "none"
        print("%-10s %-6s %6s %9d %9.4f" % (name, metric, steps, sol.explored, sec))


def bench_browser(runs: int) -> None:
    from playwright.sync_api import sync_playwright

    from serve import make_server

    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d/" % server.server_address[1]
    args = ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--no-first-run"]
    ready, solver = [], []
    with sync_playwright() as p:
        for _ in range(runs):  # cold: a new browser with a fresh profile every run
            with tempfile.TemporaryDirectory() as profile:
                ctx = p.chromium.launch_persistent_context(
                    profile, executable_path="/usr/bin/chromium", headless=True, args=args
                )
                page = ctx.new_page()
                page.goto(base + "?lang=en", wait_until="commit")
                page.wait_for_selector("html[data-app-state=ready]", timeout=60_000)
                page.wait_for_selector("html[data-solver-state=idle]", timeout=120_000)
                marks = page.evaluate(
                    """() => ({nav: performance.timeOrigin,
                         ready: window.__readyAt, solver: window.__solverAt})"""
                )
                ready.append(marks["ready"] / 1000)
                solver.append(marks["solver"] / 1000)
                ctx.close()
        print("Start-up in headless Chromium, cold (fresh profile), median of %d runs" % runs)
        print(
            "  navigation -> board playable (data-app-state=ready): %.2f s  (runs: %s)"
            % (statistics.median(ready), ", ".join("%.2f" % x for x in ready))
        )
        print(
            "  navigation -> solver ready (data-solver-state=idle): %.2f s  (runs: %s)"
            % (statistics.median(solver), ", ".join("%.2f" % x for x in solver))
        )

        cpython = engine_times(runs)
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=args)
        page = browser.new_page()
        page.goto(base + "?lang=en&speed=0")
        page.wait_for_selector("html[data-solver-state=idle]", timeout=120_000)
        print("\nSolve in the browser (click -> status), median of %d runs, vs the same solve in CPython" % runs)
        print("%-10s %-6s %9s %9s %7s" % ("layout", "metric", "browser s", "CPython s", "ratio"))
        for name in PAPER_SIX:
            lay = find_layout(name)
            for metric in ("cell", "piece"):
                page.select_option("#hr-metric", metric)
                times = []
                for _ in range(runs):
                    page.select_option("#hr-layout", str(lay.index))
                    page.wait_for_function("gameHandler.moveCount === 0")
                    t = page.evaluate(
                        """async () => {
                            const status = document.getElementById('hr-status');
                            const t0 = performance.now();
                            document.querySelector('.btn.primary').click();
                            await new Promise(res => {
                                const done = () => /^(Solved|No solution)/.test(status.textContent);
                                const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); res(); } });
                                obs.observe(status, {childList: true, characterData: true, subtree: true});
                            });
                            return (performance.now() - t0) / 1000;
                        }"""
                    )
                    times.append(t)
                    page.wait_for_selector("html[data-solver-state=idle]")
                b = statistics.median(times)
                c = cpython[(name, metric)][0]
                print("%-10s %-6s %9.3f %9.4f %6.1fx" % (name, metric, b, c, b / c))
        browser.close()
    server.shutdown()


def bench_linkup(boards: int = 100, budget: int = 100_000) -> None:
    from puzzles.linkup import Board, Rng
    from puzzles.linkup import solve as lu_solve

    times, statuses = [], {}
    for seed in range(boards):
        kinds = [i // 4 + 1 for i in range(144)]
        Rng(seed).shuffle(kinds)  # random, not generated-clearable: 36 kinds x 4 over 8 x 18
        t0 = time.perf_counter()
        result = lu_solve(Board(8, 18, kinds), budget=budget)
        times.append(time.perf_counter() - t0)
        statuses[result.status] = statuses.get(result.status, 0) + 1
    times.sort()
    p90 = times[int(0.9 * len(times)) - 1]
    decided = statuses.get("cleared", 0) + statuses.get("stuck", 0)
    print(
        "Link-up solver, CPython %s, %d seeded random 8x18 boards (36 kinds x 4), budget %d nodes"
        % (sys.version.split()[0], boards, budget)
    )
    print("  median %.3f s   p90 %.3f s   max %.3f s" % (statistics.median(times), p90, times[-1]))
    print("  decided %d of %d: %s" % (decided, boards, ", ".join("%s %d" % kv for kv in sorted(statuses.items()))))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["engine", "browser", "linkup"])
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    if a.what == "engine":
        bench_engine(a.runs)
    elif a.what == "linkup":
        bench_linkup()
    else:
        bench_browser(a.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
