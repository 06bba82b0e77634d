"""The solver's start-up: the worker starts from the snapshot tools/setup.sh
made, and without it, with a damaged one or with a worker file changed since, it still
starts and solves (the slow way, or with the changed file)."""

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True, scope="module")
def _a_current_snapshot():
    """The snapshot tools/setup.sh makes, made again if a worker file changed since."""
    sys.path.insert(0, str(ROOT / "tools"))
    import configs

    if not configs.make_snapshot():
        pytest.fail("tools/snapshot.mjs could not make the solver's start-up snapshot")
    configs.main([])  # worker.toml names the snapshot's loader


def worker_marks(page) -> list:
    """The performance marks of the page's solver worker: how it started."""
    marks = []
    for worker in page.workers:
        marks += worker.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    return marks


def solves(page) -> None:
    panel = page.panel
    panel.get_by_role("button", name="Solve").click()
    expect(panel.get_by_role("status")).to_contain_text("Solved:", timeout=60_000)
    page.wait_for_function("gameHandler.isSolved()")


def test_the_solver_starts_from_the_snapshot(open_game):
    page = open_game("?game=huarong&lang=en&speed=0")
    expect(page.locator("#solver-note")).to_contain_text("Solver: ready (Python 3.")
    marks = worker_marks(page)
    assert "pyodide:snapshot" in marks and "solver-worker:snapshot" in marks, marks
    solves(page)


@pytest.mark.parametrize(
    "answer",
    [{"status": 404, "body": "gone"}, {"status": 200, "body": b"\x00" * 4096}],
    ids=["missing", "damaged"],
)
def test_without_a_usable_snapshot_the_solver_starts_the_ordinary_way(open_game, answer):
    page = open_game.blank()
    open_game.allow.append("snapshot.bin")
    warnings = []
    page.on("console", lambda m: m.type == "warning" and "snapshot" in m.text and warnings.append(m.text))
    page.route("**/snapshot.bin", lambda route: route.fulfill(**answer))
    page = page.open("?game=huarong&lang=en&speed=0")
    expect(page.locator("#solver-note")).to_contain_text("Solver: ready (Python 3.")
    marks = worker_marks(page)
    assert "pyodide:no-snapshot" in marks and "solver-worker:files" in marks, marks
    assert warnings, "the fallback says why"
    solves(page)


def test_a_worker_file_changed_since_the_snapshot_is_the_one_used(open_game, server_url):
    page = open_game.blank()
    import urllib.request

    source = urllib.request.urlopen(server_url + "py/worker_jobs.py").read().decode()
    assert "def ping() -> str:" in source
    new_ping = 'def ping() -> str:\n    return "3.99-changed"\n\n\ndef _ping() -> str:'
    changed = source.replace("def ping() -> str:", new_ping)
    page.route("**/py/worker_jobs.py", lambda route: route.fulfill(status=200, body=changed))
    page = page.open("?game=huarong&lang=en&speed=0")
    expect(page.locator("#solver-note")).to_contain_text("Solver: ready (Python 3.99-changed)")
    assert "solver-worker:stale snapshot" in worker_marks(page)
    solves(page)


LAZY_PANELS = {"app/code_panel.py", "app/step_view.py", "app/map_panel.py", "app/records_panel.py"}


def test_the_first_screen_loads_no_panel_module_and_every_panel_opens_after(open_game):
    """The board is playable before the modules of the panels a click opens were even asked for
    (PyScript compiles every module it is given before main.py builds the board); they are fetched
    after it, and the Code panel, the state map and the records open on the first click."""
    page = open_game("?game=huarong&lang=en")
    fetched = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter(e => e.name.includes('/py/'))
        .map(e => [e.name.split('/py/')[1], e.startTime < window.__readyAt])""")
    early = {name for name, before_ready in fetched if before_ready}
    assert {"app/view.py", "app/shell.py", "puzzles/huarong/view.py"} <= early, early
    assert not early & LAZY_PANELS, early & LAZY_PANELS
    page.code_panel().open()
    page.open_map()
    page.get_by_role("button", name="Records").click()
    expect(page.locator("#records-panel")).to_be_visible()
    later = {name for name, _ in page.evaluate("""() => performance.getEntriesByType('resource')
        .filter(e => e.name.includes('/py/')).map(e => [e.name.split('/py/')[1], 0])""")}
    assert LAZY_PANELS <= later, LAZY_PANELS - later
