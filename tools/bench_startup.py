"""Start-up, cold and from the cache: navigation → board playable
(``data-app-state=ready``) and navigation → solver ready
(``data-solver-state=idle``), before and after, in one run.

Cold: every run is a new Chromium with a fresh profile (nothing cached).
Cached: the second load in that browser, once the first is done: with the
service worker (sw.js) controlling the page, the context is set offline
first, so every file comes from the service worker's cache; a tree without
one (before) loads online from the HTTP cache instead. "after, snapshot off"
has no cached figure (its server rewrites worker.toml, which the service
worker refuses as not the file it listed).

The variants take turns so they meet the same machine load:

    before                  the tree at benchlib.BASELINE
    after, snapshot off     this tree with worker.toml's interpreter set back to
                            plain Pyodide by the server (what a checkout without
                            the snapshot gets; about what a stale one costs)
    after                   this tree as tools/setup.sh leaves it (the worker
                            starts from static/vendor/pyodide/snapshot.bin)

The breakdown comes from the worker's own resource timings, so the same
milestones exist in both trees: when the worker started, when it called
``loadPyodide`` (its first request for ``pyodide-lock.json``), when the
interpreter was up (PyScript's first request for a ``[files]`` module; the
mark ``solver-boot:interpreter`` of static/solver-worker.js, which fetches
the files meanwhile), when those files were in (the last one's end; or the
mark ``solver-boot:files``), and the solver ready (after PyScript's package,
worker.py and the page's first ``ping``). All in ms since navigation, medians.

    .venv/bin/python tools/bench.py startup [--before DIR]
    (or: .venv/bin/python tools/bench_startup.py [--runs N] [--before DIR] [--no-plain])
--before DIR: the "before" tree is that directory (e.g. ``git archive REF | tar -x -C DIR``) instead of
benchlib's baseline checkout. --no-plain leaves out "after, snapshot off" (a third shorter run, and
one browser fewer loading the machine between the two compared).
"""

import contextlib
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import ROOT, Tree, launch, median, ratio, share_vendor, table, trees  # noqa: E402


def tree_at(where: Path) -> Tree:
    """A "before" tree at ``where`` (plain files), sharing this tree's vendored runtimes (see
    :func:`benchlib.share_vendor`)."""
    share_vendor(where)
    return Tree("before", where)

PAGE = "?game=huarong&lang=en"
PLAIN = "./static/vendor/pyodide/pyodide.mjs"
SNAPSHOT_LOADER = "./static/pyodide-snapshot.mjs"
MILESTONES = [
    ("worker started", "worker"),
    ("loadPyodide called", "load"),
    ("interpreter up", "interpreter"),
    ("worker files in", "files"),
    ("worker.py runs", "workerpy"),
    ("solver ready", "solver"),
]

PHASES = [
    ("worker", "load", "worker started → loadPyodide called (PyScript's worker boot; or its config)"),
    ("load", "interpreter", "loadPyodide → interpreter up"),
    ("interpreter", "files", "interpreter up → worker files in"),
    ("files", "solver", "worker files in → solver ready"),
    ("files", "workerpy", "  of which PyScript's package, or the files written (until worker.py runs)"),
    ("workerpy", "solver", "  of which worker.py and the first ping"),
]

# The main thread's milestones (page's own timings, ms since navigation): PyScript's core in, MicroPython's
# WebAssembly in, the page's modules in (main.py and the first bundle, or the .py/.mpy files of a tree from
# before the bundles), PyScript's mpy:ready, main.py's first line (the mark app:main),
# its imports done (app:imported), the board playable; and the longest main-thread task until then.
PAGE_MILESTONES = [
    ("PyScript core in", "core"),
    ("MicroPython wasm in", "wasm"),
    ("modules in (before playable)", "pyfiles"),
    ("mpy:ready (interpreter up)", "mpyready"),
    ("main.py starts (app:main)", "appmain"),
    ("imports done (app:imported)", "imported"),
    ("board playable", "ready"),
    ("longest task until playable", "longest"),
    ("tasks over 50 ms until solver ready", "long_n"),
]
PAGE_INIT = """
window.__mpyReadyAt = undefined;
addEventListener('mpy:ready', () => { window.__mpyReadyAt = window.__mpyReadyAt ?? performance.now(); });
window.__longTasks = [];
new PerformanceObserver(l => { for (const e of l.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
  .observe({type: 'longtask', buffered: true});
"""
PAGE_ENTRIES = """() => ({
  mpy: window.__mpyReadyAt, tasks: window.__longTasks,
  res: performance.getEntriesByType('resource').map(e => [e.name, e.startTime, e.responseEnd]),
  marks: performance.getEntriesByType('mark').map(e => [e.name, e.startTime]),
})"""


def page_milestones(entries: dict, ready: float, solver: float) -> dict:
    """The main thread's milestones of one load (see PAGE_MILESTONES); a missing one is left out."""
    res = entries["res"]
    out = {}
    core = [end for name, _, end in res if "/pyscript/core-" in name and name.endswith(".js")]
    wasm = [end for name, _, end in res if name.endswith("/micropython.wasm")]
    py = [end for name, start, end in res if name.endswith((".py", ".mpy", "/modules-first.bin")) and start < ready]
    if core:
        out["core"] = min(core)
    if wasm:
        out["wasm"] = min(wasm)
    if py:
        out["pyfiles"] = max(py)
    if entries["mpy"] is not None:
        out["mpyready"] = entries["mpy"]
    marks = dict((name, t) for name, t in entries["marks"])
    for mark, key in (("app:main", "appmain"), ("app:imported", "imported")):
        if mark in marks:
            out[key] = marks[mark]
    tasks = entries["tasks"]
    out["longest"] = max([d for start, d in tasks if start < ready] or [0])
    out["long_n"] = len([1 for start, _ in tasks if start < solver])
    return out


WORKER_ENTRIES = """() => ({
  origin: performance.timeOrigin,
  res: performance.getEntriesByType('resource').map(e => [e.name, e.startTime, e.responseEnd]),
  marks: performance.getEntriesByType('mark').map(e => [e.name, e.startTime]),
})"""


@contextlib.contextmanager
def serve_without_snapshot(tree: object):
    """Serve ``tree`` with worker.toml's interpreter set back to plain Pyodide (by the
    server, so the page pays nothing extra for it); yields the base URL."""
    from serve import Handler

    class Plain(Handler):
        def do_GET(self) -> None:
            if self.path.split("?")[0] != "/worker.toml":
                return super().do_GET()
            body = (tree.root / "worker.toml").read_text().replace(SNAPSHOT_LOADER, PLAIN).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    with tree.serve(Plain) as base:
        yield base


CONTROLLED = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
READY = "({ready: window.__readyAt, solver: window.__solverAt})"


def cached_start(context: object, page: object, base: str, offline: bool) -> dict:
    """The second load (a new navigation to the same page): ``offline``, once the service worker controls
    the page, with the network off; else online, from the HTTP cache."""
    if offline:
        page.wait_for_function(CONTROLLED, timeout=90_000)
        context.set_offline(True)
    page.goto(base + PAGE)
    page.wait_for_selector("html[data-app-state=ready]", timeout=60_000)
    page.wait_for_selector("html[data-solver-state=idle]", timeout=90_000)
    top = page.evaluate(READY)
    if offline:
        assert page.evaluate(CONTROLLED), "the second load was not the service worker's"
    return {"cached_ready": top["ready"], "cached_solver": top["solver"]}


def one_run(p: object, base: str, cached: "str | None" = None) -> "dict | None":
    """One cold start, then (``cached``: "offline" or "http") a cached one; the milestones in ms since
    navigation, or None if the page failed."""
    browser = launch(p)
    try:
        context = browser.new_context()
        page = context.new_page()
        page.add_init_script(PAGE_INIT)
        workers = []
        page.on("worker", lambda w: workers.append(w))
        page.goto(base + PAGE)
        page.wait_for_selector("html[data-app-state=ready]", timeout=60_000)
        page.wait_for_selector("html[data-solver-state=idle]", timeout=90_000)
        top = page.evaluate("({ready: window.__readyAt, solver: window.__solverAt, origin: performance.timeOrigin})")
        out = {"ready": top["ready"], "solver": top["solver"], "marks": []}
        out.update(page_milestones(page.evaluate(PAGE_ENTRIES), top["ready"], top["solver"]))
        for worker in workers:
            try:
                w = worker.evaluate(WORKER_ENTRIES)
            except Exception:  # a worker that is gone (none here: the page keeps one)
                continue
            shift = w["origin"] - top["origin"]
            res = [(name, start + shift, end + shift) for name, start, end in w["res"]]
            lock = [start for name, start, _ in res if name.endswith("/pyodide-lock.json")]
            files = [(start, end) for name, start, end in res if name.endswith(".py")]
            if not lock or not files:
                continue
            # static/solver-worker.js marks when its interpreter is up and its files are in (it fetches the
            # files while the interpreter starts); PyScript's worker asks for the files once it is up
            boot = {m: t + shift for m, t in w["marks"] if m.startswith("solver-boot:")}
            out.update(
                worker=shift,
                load=min(lock),
                interpreter=boot.get("solver-boot:interpreter", min(s for s, _ in files)),
                files=boot.get("solver-boot:files", max(e for _, e in files)),
                marks=[m for m, _ in w["marks"] if m.startswith(("pyodide:", "solver-worker:"))],
            )
            ran = [t + shift for m, t in w["marks"] if m.startswith("solver-worker:")]
            if ran:  # worker.py's mark (this tree's worker.py only)
                out["workerpy"] = min(ran)
        if cached:
            out.update(cached_start(context, page, base, cached == "offline"))
        return out
    except Exception as e:  # reported, the other runs go on
        print("  a run failed: %s" % str(e).splitlines()[0], flush=True)
        return None
    finally:
        browser.close()


def bench(runs: int, before_dir: "Path | None" = None, plain: bool = True) -> None:
    from playwright.sync_api import sync_playwright

    runs = max(runs, 5)
    before, after = trees() if before_dir is None else (tree_at(before_dir), Tree("after", ROOT))
    names = ["before", "after, snapshot off", "after"] if plain else ["before", "after"]
    # the second load: from the service worker, offline, when the tree has one; else the HTTP cache
    cached = {name: ("offline" if (tree.root / "sw.js").exists() else "http")
              for name, tree in (("before", before), ("after", after))}
    results = {name: [] for name in names}
    with contextlib.ExitStack() as stack:
        urls = {"before": stack.enter_context(before.serve()), "after": stack.enter_context(after.serve())}
        if plain:
            urls["after, snapshot off"] = stack.enter_context(serve_without_snapshot(after))
        p = stack.enter_context(sync_playwright())
        loads = [os.getloadavg()[0]]  # the machine's load (1-minute average) at the start and after each run
        for i in range(runs):
            # "after" as tools/setup.sh leaves it (the snapshot made again if a worker file changed since), checked
            # before the run's first variant: the check hashes every file of the page (tens of MB), which would
            # otherwise land on the load of whichever variant came next
            subprocess.run([sys.executable, "tools/configs.py", "--snapshot"], cwd=after.root, check=True)
            for name in names:
                r = one_run(p, urls[name], cached.get(name))
                if r is not None:
                    results[name].append(r)
            loads.append(os.getloadavg()[0])
            print("  run %d/%d done (load %.1f)" % (i + 1, runs, loads[-1]), flush=True)
    print("\n  load average (1 min) during the runs: %.1f-%.1f, median %.1f" % (min(loads), max(loads), median(loads)))

    def med(name: str, key: str) -> "float | None":
        xs = [r[key] for r in results[name] if r.get(key) is not None]
        return median(xs) if xs else None

    def ms(x: "float | None") -> str:
        return "-" if x is None else "%.0f" % x

    table(
        "Start-up, cold (a new browser, fresh profile, every run): ms since navigation, median of %d" % runs,
        ["what"] + names + ["before / after"],
        [
            [label] + [ms(med(n, key)) for n in names] + [ratio(med("before", key), med("after", key))]
            for label, key in [("board playable", "ready"), ("solver ready", "solver")]
        ],
    )
    how = {"offline": "offline, from the service worker", "http": "online, from the HTTP cache"}
    table(
        "Start-up from the cache (the second load in the same browser; before: %s, after: %s): ms since "
        "navigation, median of %d" % (how[cached["before"]], how[cached["after"]], runs),
        ["what", "before", "after", "before / after"],
        [
            [label] + [ms(med(n, key)) for n in ("before", "after")] + [ratio(med("before", key), med("after", key))]
            for label, key in [("board playable", "cached_ready"), ("solver ready", "cached_solver")]
        ],
    )
    table(
        "Where the board's start-up goes (the page's own timings; ms since navigation, medians; "
        "app:* marks are main.py's, absent from a tree without them)",
        ["milestone"] + names,
        [[label] + [ms(med(n, key)) for n in names] for label, key in PAGE_MILESTONES],
    )
    table(
        "Where the solver's start-up goes (the worker's own timings; ms since navigation, medians)",
        ["milestone"] + names,
        [[label] + [ms(med(n, key)) for n in names] for label, key in MILESTONES],
    )
    phases = []
    for prev, key, label in PHASES:
        row = [label]
        for n in names:
            xs = [r[key] - r[prev] for r in results[n] if r.get(key) is not None and r.get(prev) is not None]
            row.append(ms(median(xs) if xs else None))
        phases.append(row)
    table("The same as phases (ms, medians)", ["phase"] + names, phases)
    started = [r["marks"] for r in results["after"]]
    print(
        "\n  after: the worker started from the snapshot in %d of %d runs (marks seen: %s)"
        % (
            sum("solver-worker:snapshot" in m for m in started),
            len(started),
            ", ".join(sorted({x for m in started for x in m})) or "none",
        )
    )
    for n in names:
        print("  %s: %d of %d runs finished" % (n, len(results[n]), runs))


def main(argv: list) -> None:
    import argparse

    ap = argparse.ArgumentParser(description="start-up, cold and from the cache, before and after")
    ap.add_argument("runs_pos", nargs="?", type=int, help=argparse.SUPPRESS)  # the older form: RUNS [DIR]
    ap.add_argument("before_pos", nargs="?", help=argparse.SUPPRESS)
    ap.add_argument("--runs", type=int, default=5, help="runs of each variant (at least 5)")
    ap.add_argument("--before", help="the tree to start as 'before' (default: benchlib's baseline checkout)")
    ap.add_argument("--no-plain", action="store_true", help='leave out "after, snapshot off"')
    a = ap.parse_args(argv)
    before = a.before or a.before_pos
    bench(a.runs_pos or a.runs, Path(before) if before else None, plain=not a.no_plain)


if __name__ == "__main__":
    from bench import _playwright_here

    _playwright_here()  # under the .venv of tools/setup.sh test, or say that this set-up is needed
    main(sys.argv[1:])
