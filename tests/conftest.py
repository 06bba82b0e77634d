"""Shared fixtures: a local server for the app (the one tools/serve.py runs: the page and the race
rooms), the same files served as plain files (``static_url``: no race rooms), and Chromium's launch arguments
(the end-to-end tests' one page fixture, ``open_game``, is in tests/e2e/conftest.py)."""

import sys
import threading
from pathlib import Path

import pytest
from hypothesis import settings

# Hypothesis's deadline times each example: on a shared 2-core machine an example that takes 0.3 s is the
# machine, not the code, and speed is the benchmarks' to prove (tools/bench.py), never a test's.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
CHROMIUM = "/usr/bin/chromium"
# The tree does not change while the tests run, so the servers let the browser keep every file an hour
# (tools/serve.py's cache_control). Asked each time instead, a page start sent its 88 files' conditional
# requests: on a fresh clone, whose files are all new, Chromium's own guess (a tenth of a file's age) kept
# none, and each page start cost about 0.25 CPU s more (2.39 against 2.14, over 8 page starts; in a tree
# cloned hours ago it kept them all). The first page of each browser context still fetches everything.
KEEP_FILES_S = 3600


def pytest_collection_modifyitems(items) -> None:
    """The tests marked ``heavy`` (seconds of CPU each) first, then those marked ``waits`` (on clocks,
    sockets or other processes more than they compute), the rest in their order. The test processes
    (pytest-xdist) then take the long ones while there is other work for the rest, and end together
    instead of one of them running a long test alone at the end; and the unit tests' last half minute,
    which runs alone once the end-to-end tests are over, computes on both cores instead of waiting."""
    items.sort(key=lambda item: 0 if item.get_closest_marker("heavy") else 1 if item.get_closest_marker("waits") else 2)


@pytest.fixture(scope="session")
def server_url():
    from serve import make_server

    if not (ROOT / "static/vendor/pyscript/core.js").exists():
        pytest.fail("static/vendor/ is missing: run tools/setup.sh test")
    server = make_server(0, max_age=KEEP_FILES_S, tests=True)  # axe-core served too (pages.axe_serious)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()


@pytest.fixture(scope="session")
def static_url():
    """The page served as plain files (``tools/serve.py --static``): what a static host gives, no rooms."""
    from serve import make_static_server

    server = make_static_server(0, max_age=KEEP_FILES_S, tests=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()


# V8 compiles each WebAssembly function when it is first called, instead of every function of a runtime's
# module up front on background threads (most of the runtimes' functions never run in a test), and page
# starts are most of the suite's CPU. Measured on 36 page starts (test_hostile's bad links, 3 processes,
# four runs each way taking turns, CPU of the whole run): 73 CPU s lazily against 77 s, about 5 % and
# within the noise of one run. A function compiled when first called is compiled on the thread that calls
# it: the tests that time the main thread's tasks (marked ``longtask``, tests/e2e/test_longtask.py) count
# that too, which holds the page to more than a player's browser asks of it, never less.
LAZY_WASM = "--js-flags=--wasm-lazy-compilation"
# One renderer process for all the pages of this server in a browser context, where V8 keeps the runtimes'
# compiled WebAssembly while any page still uses it: tests/e2e/conftest.py keeps one page of the app open,
# frozen, in each shared context for that. Measured on 10 page starts after such a page (CPU s per page
# start to a ready solver, this machine): the engine's background compiling 0.21-0.26 s instead of 0.64-1.03 s,
# 2.1-2.4 s in all instead of 2.5-3.3 s. The pages of a context then share one main thread: the frozen page
# runs no task, and the long-task tests count each task's own CPU time, so a second page of a test is held to
# the same 50 ms.
ONE_PROCESS = "--process-per-site"


@pytest.fixture(scope="session")
def quick_starts() -> bool:
    """Whether pages start with the shortcuts above: in every run."""
    return True


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, quick_starts):
    args = ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--no-first-run"]
    if quick_starts:
        args += [LAZY_WASM, ONE_PROCESS]
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "headless": True, "args": args}
