"""Benchmarks (not tests): each figure, before and after, in one run.

    .venv/bin/python tools/bench.py all              # every section below, in order
    .venv/bin/python tools/bench.py SECTION [--runs N]

Sections (each in its own module, tools/bench_<section>.py):
    page      横刀立马 in the page, click on Solve -> solved at speed=0, next to the course's C++ (g++ -O2);
              the worker's search against CPython; the longest main-thread task per game
    huarong   the Huarong search on the paper's six layouts, both metrics; "What equivalence buys"
    sliding   fewest moves on 20 random boards of every shape up to 16 cells, before and after (CPython),
              after in Pyodide for 3x5, 5x3, 4x4; optimal 4x4 on Korf's 100 instances by number, checked
              against his published optimal lengths, in CPython (--before DIR: that checkout's solver
              too, e.g. the parent commit); his hardest for this search (#82, #60, #88) in the page
    linkup    8x18 (36 kinds x 4): the 100 bench boards and 100 uniformly shuffled ones of a seed drawn at
              run time (printed; --seed repeats it), and 4x6 and 10x20 uniform, CPython and Pyodide, before
              (the solver of commit 9eec750, or --linkup-before REF's, from git history) and after:
              decided, median, p90, p99, max CPU seconds
    startup   page open -> board playable and -> solver ready, cold
    map       the state map: the worker job (seconds, positions, edges, bytes) and the page (click on
              Map -> first drawing, longest main-thread task)
    race      race rooms: 200 simulated players in 40 rooms of the app's server on localhost, playing
              real pairs for --seconds (60; 0 skips it): messages lost, relay latency p50/p99, server RSS;
              then each attack of --attacks (flood, rooms, reconnect, undo, deaf, slow; all by default,
              "none" for none) for --attack-seconds (15) beside 6 honest rooms, on the race server of
              --race-before (bench_race.RACE_BASELINE) and on this tree: the honest rooms' relay
              latency p50/p99/max and messages lost (not in "all")
    code      the Code panel: Run -> the learner's first move on the board, cold and warm (after only)
    trace     Step through: the recorder's overhead against the plain program in the worker's Pyodide,
              click -> first step shown, key -> step drawn, the longest main-thread task (after only)

"Before" is the tree at benchlib.BASELINE (the baseline commit, checked out as a git worktree
in .bench/before); "after" is the working tree. Medians over --runs runs; ratios are before / after, from the
same run. Run tools/setup.sh test first (Chromium, the .venv, the vendored runtimes).
"""

import argparse
import importlib
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

SECTIONS = ("page", "huarong", "sliding", "linkup", "startup", "map", "code", "trace")
OTHERS = ("race",)  # after-only sections, each run by name


VENV_PYTHON = Path(__file__).resolve().parent.parent / ".venv" / "bin" / "python"
NEEDS_SETUP = """The benchmarks drive Debian's Chromium with Playwright, a test tool: set up with
    tools/setup.sh test
(it installs chromium with apt-get and the pinned test tools into .venv; the serve command's set-up,
tools/setup.sh alone, installs only the server's), then run .venv/bin/python tools/bench.py ..."""


def _playwright_here() -> None:
    """Run again under the set-up's .venv when this Python lacks Playwright (``python3 tools/bench.py``);
    without it there either, say which set-up the benchmarks need and stop."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        has = VENV_PYTHON.exists() and subprocess.run(
            [str(VENV_PYTHON), "-c", "import playwright"], capture_output=True).returncode == 0
        if has and Path(sys.prefix).resolve() != VENV_PYTHON.parent.parent.resolve():
            os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), *sys.argv])
        print(NEEDS_SETUP, file=sys.stderr)
        raise SystemExit(2) from None


def main() -> int:
    _playwright_here()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("all",) + SECTIONS + OTHERS)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, help="linkup: the uniform boards' seed; sliding: the random boards' first "
                    "seed (default: drawn at run time)")
    ap.add_argument("--seconds", type=float, default=60.0, help="race: seconds of play (default 60)")
    ap.add_argument("--attacks", default="all", help="race: attacks to run, comma-separated (default all)")
    ap.add_argument("--attack-seconds", type=float, default=15.0, help="race: seconds of play per attack")
    ap.add_argument("--race-before", help="race: the commit whose race server is 'before'")
    ap.add_argument("--before", type=Path, help="sliding: a checkout whose solver runs Korf's 100 beside this one; "
                    "startup: the tree to start as 'before' (default: benchlib's baseline checkout)")
    ap.add_argument("--linkup-before", help="linkup: the commit whose solver is 'before' (default: 9eec750)")
    a = ap.parse_args()
    for name in SECTIONS if a.what == "all" else (a.what,):
        t0 = time.perf_counter()
        print("\n" + "=" * 100 + "\n== %s\n" % name + "=" * 100, flush=True)
        module = importlib.import_module("bench_" + name)
        if name == "linkup":
            module.bench(a.runs, a.seed, before=a.linkup_before or module.BEFORE)
        elif name == "race":
            if a.seconds > 0:
                module.bench(a.seconds)
            attacks = module.ATTACKS if a.attacks == "all" else tuple(x for x in a.attacks.split(",") if x != "none")
            if attacks:
                module.attack_bench(a.attack_seconds, attacks, a.race_before or module.RACE_BASELINE)
        elif name == "sliding":
            module.bench(a.runs, a.before, a.seed)
        elif name == "startup":
            module.bench(a.runs, a.before)
        else:
            module.bench(a.runs)
        print("(section %s took %.0f s)" % (name, time.perf_counter() - t0), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
