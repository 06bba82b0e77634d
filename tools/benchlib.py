"""What every benchmark section shares: the two trees it compares, a server
and a browser for each, medians and tables.

Each figure is printed *before* (the tree at :data:`BASELINE`, checked out
as a git worktree in ``.bench/before``) and *after* (the working tree), in
one run, so the two sides meet the same machine load. A section measures a
tree through code that exists in both: the worker protocol
(``worker_jobs.start/step``) in a fresh CPython (:meth:`Tree.py`), or the
page itself in Debian's Chromium (:meth:`Tree.serve` and :func:`launch`).
"""

import contextlib
import functools
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "493ec44"  # the baseline commit the benchmarks compare with
MARK = "\x00BENCH "
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--no-first-run"]

sys.path.insert(0, str(ROOT / "tools"))


class Tree:
    """One side of a comparison: a name ("before" / "after") and a checkout."""

    def __init__(self, name: str, root: Path) -> None:
        self.name = name
        self.root = root

    def __repr__(self) -> str:
        return "Tree(%r, %s)" % (self.name, self.root)

    def py(self, code: str, timeout: float = 600) -> object:
        """Run ``code`` in a fresh CPython with this tree's ``py/`` first on
        ``sys.path`` (cwd: the tree). The code calls ``emit(obj)`` once; the
        answer is ``obj``, or ``None`` if it timed out or failed (its stderr
        is printed)."""
        prelude = (
            "import json, sys\n"
            "sys.path.insert(0, %r)\n"
            "def emit(obj):\n"
            "    sys.stdout.write(%r + json.dumps(obj) + '\\n')\n"
            "    sys.stdout.flush()\n" % (str(self.root / "py"), MARK)
        )
        try:
            done = subprocess.run(
                [sys.executable, "-c", prelude + code],
                cwd=self.root,
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            return None
        for line in reversed(done.stdout.splitlines()):
            if line.startswith(MARK):
                return json.loads(line[len(MARK) :])
        sys.stderr.write("[%s] probe failed (exit %d):\n%s\n" % (self.name, done.returncode, done.stderr[-3000:]))
        return None

    def pyodide(self, code: str, timeout: float = 900) -> object:
        """:meth:`py`, in Pyodide on Node (the runtime of the browser's worker, without the browser): this
        tree mounted (so its static/data/ files are where the solvers look), its ``py/`` first on
        ``sys.path``, ``emit(obj)`` defined. ``None`` when Node or the
        vendored Pyodide is missing, or the run fails."""
        import shutil
        import tempfile

        pyodide = ROOT / "static/vendor/pyodide"  # the runtime is the same for both trees
        if not shutil.which("node") or not (pyodide / "pyodide.mjs").exists():
            return None
        prelude = (
            "import json, sys\n"
            "sys.path.insert(0, '/home/pyodide/root/py')\n"
            "_out = []\n"
            "def emit(obj):\n"
            "    _out.append(json.dumps(obj))\n"
        )
        script = (
            'import { loadPyodide } from "%(pyo)s/pyodide.mjs";\n'
            'const py = await loadPyodide({ indexURL: "%(pyo)s/" });\n'
            'py.FS.mkdirTree("/home/pyodide/root");\n'
            'py.mountNodeFS("/home/pyodide/root", "%(tree)s");\n'
            "py.runPython(%(code)s);\n"
            'console.log(%(mark)s + py.runPython("_out[-1] if _out else \'null\'"));\n'
        ) % {"pyo": pyodide, "tree": self.root, "code": json.dumps(prelude + code), "mark": json.dumps(MARK)}
        with tempfile.NamedTemporaryFile("w", suffix=".mjs", delete=False) as f:
            f.write(script)
        try:
            done = subprocess.run(["node", f.name], capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        finally:
            os.unlink(f.name)
        for line in reversed(done.stdout.splitlines()):
            if line.startswith(MARK):
                return json.loads(line[len(MARK) :])
        sys.stderr.write("[%s] Pyodide probe failed:\n%s\n" % (self.name, done.stderr[-3000:]))
        return None

    @contextlib.contextmanager
    def serve(self, handler_class: "type | None" = None):
        """Serve this tree on a free localhost port (its PyScript configs
        written first) with ``handler_class`` (the app's server's handler by
        default, or a subclass of it); yields the base URL."""
        from serve import Handler

        subprocess.run([sys.executable, "tools/configs.py"], cwd=self.root, check=True, capture_output=True)
        sys.path.insert(0, str(ROOT / "py"))
        from race.files import Served

        # the files the page loads (the app's server sends only those: its Handler's ``served``)
        listed = type("Listed", (handler_class or Handler,), {"served": Served(self.root)})
        handler = functools.partial(listed, directory=str(self.root))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield "http://127.0.0.1:%d/" % server.server_address[1]
        finally:
            server.shutdown()
            server.server_close()


def before_tree() -> Tree:
    """The baseline checkout (made once, reused), sharing this tree's
    vendored runtimes (the same package-lock for the runtimes it loads)."""
    where = ROOT / ".bench" / "before"
    if not (where / ".git").exists():
        where.parent.mkdir(exist_ok=True)
        subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=True)
        subprocess.run(
            ["git", "worktree", "add", "--detach", "--force", str(where), BASELINE],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
    share_vendor(where)
    return Tree("before", where)


# The start-up snapshots, packed (static/snapshot-pack.mjs) since that module came: a tree from before it
# would read a packed one as damaged and start Pyodide without it.
SNAPSHOTS = ("pyodide/snapshot.bin", "pyodide/code-snapshot.bin")
UNPACK = """import { readFileSync, writeFileSync } from "node:fs";
const { unpack } = await import(process.argv[1]);
writeFileSync(process.argv[3], unpack(readFileSync(process.argv[2])));"""


def share_vendor(where: Path) -> None:
    """The tree at ``where`` gets this tree's vendored runtimes (the same package-lock for the runtimes
    it loads): a folder of its own (the service worker's list, static/vendor/sw-files.js, is each tree's:
    one tree's list would make the other's service worker refuse its files) whose files are hard links
    to this tree's (a symlinked folder is not walked when that list is written, and a runtime left off it
    would not be cached); nothing writes into them. A tree that predates the packed snapshots gets them
    unpacked, as files of its own."""
    vendor = where / "static" / "vendor"
    if vendor.is_symlink():
        vendor.unlink()
    vendor.mkdir(parents=True, exist_ok=True)
    for part in (ROOT / "static" / "vendor").iterdir():
        if not part.is_dir():
            continue
        if (vendor / part.name).is_symlink():
            (vendor / part.name).unlink()
        if not (vendor / part.name).exists():
            shutil.copytree(part, vendor / part.name, copy_function=os.link)
    if (where / "static" / "snapshot-pack.mjs").exists():
        return
    packer = (ROOT / "static" / "snapshot-pack.mjs").as_uri()
    for rel in SNAPSHOTS:
        mine, theirs = ROOT / "static" / "vendor" / rel, vendor / rel
        if not mine.exists() or (theirs.exists() and not os.path.samefile(mine, theirs)):
            continue  # none to share, or unpacked already
        theirs.unlink(missing_ok=True)  # this tree's packed file: replaced by a file of its own
        subprocess.run(["node", "--input-type=module", "-e", UNPACK, packer, str(mine), str(theirs)], check=True)


def trees() -> list:
    """``[before, after]``: the baseline and the working tree."""
    return [before_tree(), Tree("after", ROOT)]


def launch(p: object, **kw: object) -> object:
    """Debian's Chromium, headless (Playwright's own download fails here)."""
    return p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS, **kw)


def median(xs: list) -> float:
    return statistics.median(xs) if xs else float("nan")


def ratio(before: "float | None", after: "float | None") -> str:
    """``before / after`` as ``"12.3x"`` (how many times faster), or ``"-"``."""
    if not before or not after:
        return "-"
    return "%.1fx" % (before / after)


def _width(text: str) -> int:
    """Columns a text takes in a terminal: a wide (CJK) character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def table(title: str, header: list, rows: list) -> None:
    """Print an aligned table under a title."""
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(_width(r[i]) for r in cells) for i in range(len(header))]
    print("\n" + title)
    for n, row in enumerate(cells):
        pads = [" " * (w - _width(c)) for c, w in zip(row, widths)]
        print("  " + "  ".join(c + p if i == 0 else p + c for i, (c, p) in enumerate(zip(row, pads))))
        if n == 0:
            print("  " + "  ".join("-" * w for w in widths))
    sys.stdout.flush()


# The main thread's tasks as Chromium's trace times them: a task's CPU time (the trace's thread time) is
# what the page's code decides; on this shared machine its wall clock mostly measures the scheduler.
# These two categories hold every event read here: each task (RunTask, with its thread time), what ran in
# it (EventDispatch, FunctionCall, TimerFire...) and the threads' names. Chromium's "toplevel" events (every
# message between its threads and processes) would double the trace's cost: a Solve and its playback traced
# cost 0.4 CPU s more with them than untraced, 0.2 s more without them (this machine, four runs each).
TRACE_CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline"


class Trace:
    """Chromium's trace of the browser of ``page`` (Playwright's), from :meth:`start` to :meth:`stop`."""

    def __init__(self, page: object, categories: str = TRACE_CATEGORIES) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.events: list = []
        self.done: list = []
        self.cdp.on("Tracing.dataCollected", lambda e: self.events.extend(e["value"]))
        self.cdp.on("Tracing.tracingComplete", lambda e: self.done.append(True))
        self.cdp.send("Tracing.start", {"categories": categories, "transferMode": "ReportEvents"})

    COMPLETE_S = 60  # a flood of worker messages makes a trace of many MB, slow to hand over on a busy machine

    def stop(self) -> list:
        """End the trace; its events, once Chromium has handed over the whole trace (the threads' names,
        which say which thread is the page's main thread, come last)."""
        self.cdp.send("Tracing.end")
        for _ in range(self.COMPLETE_S * 10):
            if self.done:
                break
            self.page.wait_for_timeout(100)
        self.cdp.detach()
        if not self.done:
            raise AssertionError("Chromium's trace was not complete after %d s" % self.COMPLETE_S)
        return self.events


def traced(page: object, act: object) -> list:
    """Run ``act()`` with Chromium tracing ``page`` (Playwright's); answer the trace's events."""
    trace = Trace(page)
    try:
        act()
    finally:
        events = trace.stop()
    return events


def _cpu_ms(e: dict) -> float:
    """An event's CPU time (its thread time), in ms, never more than its wall time: a short task's thread
    clock sometimes reads tens of ms of CPU in no wall time at all (seen on the trace of a flood of worker
    messages: 84 ms of CPU in a 0.0 ms task), which no task can spend."""
    return min(e.get("tdur", 0), e["dur"]) / 1000


def _renderer_mains(events: list) -> set:
    return {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
            and e["args"]["name"] == "CrRendererMain"}


def renderer_tasks(events: list, after: "str | None" = None) -> list:
    """``(CPU ms, wall ms)`` of every task of every renderer's main thread in the trace (the pages of one
    browser: a test's app pages); with ``after``, only those that began after the last user-timing mark of
    that name (a trace taken with the ``blink.user_timing`` category too)."""
    start = -1
    if after is not None:
        at = [e["ts"] for e in events if e.get("name") == after and "user_timing" in e.get("cat", "")]
        if not at:
            raise LookupError("the trace has no mark %r" % after)
        start = at[-1]
    mains = _renderer_mains(events)
    return [(_cpu_ms(e), e["dur"] / 1000) for e in events
            if e.get("name") == "RunTask" and (e["pid"], e["tid"]) in mains and "dur" in e and e["ts"] > start]


# What runs a page's script in a task: an event's handler, a timer, a frame callback, a promise's callback,
# a worker's message (each a JavaScript entry from the browser: its CPU is the script's own, no layout).
SCRIPT_ENTRIES = ("FunctionCall", "TimerFire", "EventDispatch", "FireAnimationFrame", "RunMicrotasks",
                  "v8.callFunction", "EvaluateScript", "v8.run")


def renderer_scripts(events: list) -> list:
    """``(CPU ms, wall ms, name)`` of every script entry (:data:`SCRIPT_ENTRIES`) on the renderers' main
    threads, nested ones included (each also counts in the entry around it)."""
    mains = _renderer_mains(events)
    return [(_cpu_ms(e), e["dur"] / 1000, e["name"]) for e in events
            if e.get("name") in SCRIPT_ENTRIES and (e["pid"], e["tid"]) in mains and "dur" in e]


def main_thread_tasks(events: list, kind: str = "paste") -> list:
    """``(CPU ms, wall ms)`` of every task of the renderer's main thread that handled an event of ``kind``
    (``"paste"``, ``"click"``, ``"keydown"``: what tells the page's main thread from the others')."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    handled = {(e["pid"], e["tid"]) for e in events
               if e.get("name") == "EventDispatch" and e.get("args", {}).get("data", {}).get("type") == kind}
    main = {key for key in handled if names.get(key) == "CrRendererMain"}
    if len(main) != 1:
        raise LookupError("the %s was not found in the trace: %r" % (kind, handled))
    return [(_cpu_ms(e), e["dur"] / 1000) for e in events
            if e.get("name") == "RunTask" and (e["pid"], e["tid"]) in main and "dur" in e]
