"""The solver's start-up: the worker starts from the snapshot tools/setup.sh
made, and without it, with a damaged one or with a worker file changed since, it still
starts and solves (the slow way, or with the changed file)."""

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from app.i18n import t

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import configs  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def _a_current_snapshot():
    """The snapshot tools/setup.sh makes, made again if a worker file changed since."""
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


def bundled(name: str) -> list:
    """The modules of the page's bundle ``name`` (tools/configs.py's, as the server sends it), as paths
    from py/ (a precompiled one by its source's name)."""
    blob = (ROOT / "static" / "vendor" / "build" / name).read_bytes()
    return [path[2:].rsplit(".", 1)[0] + ".py" for path, _ in configs.unpack(blob)]


def fetched_py(page, moment: str = "window.__readyAt") -> list:
    """The page's Python modules fetched so far, as paths from py/, each with whether it was asked for
    before ``moment`` (by default, when the board became playable: boot.js's marks): a file of py/ by its
    path, a bundle (static/vendor/build/*.bin) by its modules."""
    fetched = page.evaluate("""(moment) => performance.getEntriesByType('resource')
        .map(e => [e.name.split('?')[0], e.startTime < moment])""", page.evaluate(moment))
    out = []
    for url, early in fetched:
        if "/py/" in url:
            out.append((url.split("/py/")[1], early))
        elif "/static/vendor/build/" in url and url.endswith(".bin"):
            out += [(rel, early) for rel in bundled(url.rsplit("/", 1)[1])]
    return out


# When the page sets its solver's state to idle, read at the call: a MutationObserver hears of it only at the
# end of the JavaScript task, and MicroPython's asyncio may run the next due tasks (the panels' fetches
# among them) in that same task on a loaded machine.
IDLE_AT = """const setAttribute = Element.prototype.setAttribute;
Element.prototype.setAttribute = function (name, value) {
    if (name === 'data-solver-state' && value === 'idle' && window.__idleAt === undefined)
        window.__idleAt = performance.now();
    return setAttribute.call(this, name, value);
};"""


LAZY_PANELS = {"app/code_panel.py", "app/step_view.py", "app/map_panel.py", "app/records_panel.py",
               "puzzles/huarong/chart_view.py", "puzzles/huarong/compare_view.py", "puzzles/huarong/editor_view.py",
               "puzzles/linkup/race_view.py", "puzzles/linkup/race_client.py"}


def test_the_solver_starts_from_the_snapshot_at_navigation_and_the_panels_come_after(open_game):
    """One ordinary start, in the order a page goes through it:
    - the first screen: the board is playable before the modules of the panels a click opens were even
      asked for (PyScript compiles every module it is given before main.py builds the board), and they
      are not asked for before the solver is ready either, or 3 s after its start began (that work beside
      the solver's start slows it);
    - the solver's worker starts from the snapshot (the worker's marks ``pyodide:snapshot`` and
      ``solver-worker:snapshot``); it is a plain module worker that boot.js starts as the page loads,
      before the page's Python runs its first line (main.py's mark app:main), with no PyScript in it (none
      of its files fetched there). The board's start comes first: the worker asks for its snapshot once
      MicroPython is up (boot.js's mark solver-files-go) and starts Pyodide (its first request,
      pyodide-lock.json) once the board is playable (the mark solver-go), or 1 s after navigation. The
      snapshot was made from the files worker.toml names (its digest): of py/, the worker fetches worker.py
      alone;
    - the worker says it is ready as soon as it has loaded; its warm-up runs after that, between the
      page's calls, and stops at the page's first job (here the look-ahead's Solve of the board on screen,
      which warms the same code). Both times are the worker's own marks: when the page hears "ready"
      depends on its main thread, which a loaded machine delays;
    - Solve then answers (the board solved), and the Code panel, the state map and the records open on
      the first click, their modules fetched by then."""
    blank = open_game.blank()
    blank.page.add_init_script(IDLE_AT)
    page = blank.open("?game=huarong&lang=en&speed=0")
    assert page.evaluate("window.__idleAt"), "the page saw its solver become ready"
    early = {name for name, before_ready in fetched_py(page) if before_ready}
    assert {"app/view.py", "app/shell.py", "puzzles/huarong/view.py"} <= early, early
    assert not early & LAZY_PANELS, early & LAZY_PANELS
    # not before the solver is ready, or 3 s after its start began (the shell's REST_WAIT_S: a solver slow
    # to start, as on a loaded machine, holds the panels no longer; its start begins as the board is playable)
    wait = "Math.min(window.__idleAt, performance.getEntriesByName('app:playable')[0].startTime + 3000)"
    before_solver = {name for name, before in fetched_py(page, wait) if before}
    assert not before_solver & LAZY_PANELS, before_solver & LAZY_PANELS

    expect(page.locator("#solver-note")).to_contain_text("Solver: ready (Python 3.")
    marks = worker_marks(page)
    assert "pyodide:snapshot" in marks and "solver-worker:snapshot" in marks, marks
    solvers = [w for w in page.workers if w.url.endswith("/static/solver-worker.js")]
    assert len(solvers) == 1, [w.url for w in page.workers]
    worker = solvers[0].evaluate("""() => ({origin: performance.timeOrigin, fetched: performance
        .getEntriesByType('resource').map(e => [e.name, performance.timeOrigin + e.startTime])})""")
    assert not [name for name, _ in worker["fetched"] if "/pyscript/" in name], worker["fetched"]
    assert [name.split("/py/")[1] for name, _ in worker["fetched"] if "/py/" in name] == ["worker.py"]
    first = {}
    for name, at in worker["fetched"]:
        first.setdefault(name.rsplit("/", 1)[-1], at)
    navigation = page.evaluate("""() => Object.fromEntries(['app:main', 'solver-files-go', 'solver-go']
        .map(m => [m, performance.timeOrigin + performance.getEntriesByName(m)[0].startTime]))""")
    assert worker["origin"] < navigation["app:main"], (worker["origin"], navigation)
    assert navigation["solver-files-go"] <= first["snapshot.bin"], (first, navigation)
    assert navigation["solver-go"] <= first["pyodide-lock.json"], (first, navigation)

    warm_marks = ("performance.getEntriesByType('mark').filter(m => m.name.startsWith('%s'))"
                  ".map(m => [m.name, m.startTime])")
    got = []
    for _ in range(100):
        got = solvers[0].evaluate(warm_marks % "solver-warm-up:")
        if got:
            break
        page.wait_for_timeout(100)
    (name, warmed), = got
    (_, ready), = solvers[0].evaluate(warm_marks % "solver-boot:ready")
    assert ready < warmed, "the worker said it was ready before its warm-up ended"
    assert '"units"' in name or '"stopped"' in name, name
    solves(page)

    page.code_panel().open()
    page.open_map()
    page.get_by_role("button", name="Records").click()
    expect(page.locator("#records-panel")).to_be_visible()
    later = {name for name, _ in fetched_py(page)}
    assert LAZY_PANELS <= later, LAZY_PANELS - later
    assert sorted(configs.page_modules()) == sorted(later - {"main.py"}), "every module of the page, from its bundles"
    # of py/, the page fetches main.py alone: its modules come in the two bundles, one request each
    requests = page.evaluate("performance.getEntriesByType('resource').map(e => e.name.split('?')[0])")
    assert [url.split("/py/")[1] for url in requests if "/py/" in url] == ["main.py"], requests
    assert sorted(url.rsplit("/", 1)[1] for url in requests if url.endswith(".bin") and "/build/" in url) == [
        "modules-first.bin", "modules-later.bin"], requests


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
    """A server whose worker_jobs.py changed after the snapshot was made names the files' new digest in
    worker.toml (tools/configs.py writes it again as a browser asks for it): the worker fetches the files,
    and the changed module is the one it runs."""
    page = open_game.blank()
    import urllib.request

    import configs
    from worker_snapshot import files_digest

    source = urllib.request.urlopen(server_url + "py/worker_jobs.py").read().decode()
    assert "def ping() -> str:" in source
    new_ping = 'def ping() -> str:\n    return "3.99-changed"\n\n\ndef _ping() -> str:'
    changed = source.replace("def ping() -> str:", new_ping)
    files = [(f, changed.encode() if f == "worker_jobs.py" else (ROOT / "py" / f).read_bytes())
             for f in configs.worker_files()]
    config = urllib.request.urlopen(server_url + "worker.toml").read().decode()
    assert 'digest = "%s"' % configs.worker_digest() in config
    config = config.replace(configs.worker_digest(), files_digest(files))
    page.route("**/py/worker_jobs.py", lambda route: route.fulfill(status=200, body=changed))
    page.route("**/worker.toml", lambda route: route.fulfill(status=200, body=config))
    page = page.open("?game=huarong&lang=en&speed=0")
    expect(page.locator("#solver-note")).to_contain_text("Solver: ready (Python 3.99-changed)")
    assert "solver-worker:stale snapshot" in worker_marks(page)
    solves(page)


def first_request_fails(page, pattern: str) -> tuple:
    """On a blank page, the first request of ``pattern`` fails (the next ones go through: app.lazy tries
    again), and every request of it waits unanswered until ``release()`` (a loaded machine may start the
    page after the retry); answers the list of the failed URLs and ``release()``."""
    failed, waiting, gate = [], [], {"open": False}

    def answer(route):
        if not failed:
            failed.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def first_fails(route):
        if gate["open"]:
            answer(route)
        else:
            waiting.append(route)

    def release():
        gate["open"] = True
        while waiting:
            answer(waiting.pop(0))

    page.route(pattern, first_fails)
    return failed, release


def test_a_panel_pressed_before_its_module_is_in_opens_once_it_is(open_game):
    """The modules of Huarong's board editor and of Link-up's race come after the first screen (held back
    here, the later bundle's first request failing: they arrive once let through, app.lazy trying again):
    - Link-up opened: the race's modules were not asked for before the board was playable, and its
      toolbar button is there from the start;
    - Race pressed, then Edit pressed on Huarong's tab, both before their modules are in: the editor opens
      at once (its bar, a status saying it is on its way) with no piece drawn yet;
    - once the modules come, the draft is drawn with its tools and said ready, Play this board plays it, and the room
      the Race press asked for is made (its link shown)."""
    page = open_game.blank()
    open_game.allow.append("Failed to load resource")
    later_failed, release_later = first_request_fails(page, "**/static/vendor/build/modules-later.bin")
    assert {"puzzles/huarong/editor_view.py", "puzzles/linkup/race_view.py"} <= set(bundled("modules-later.bin"))
    linkup = page.open("?game=linkup&lang=en", solver=False)
    early = {name for name, before_ready in fetched_py(linkup) if before_ready}
    assert not early & {"puzzles/linkup/race_view.py", "puzzles/linkup/race_client.py"}, early
    race = linkup.button("Race", exact=True)
    expect(race).to_have_count(1)
    race.click()
    page = linkup.show("huarong")
    page.button("Edit", exact=True).click()
    expect(page.status()).to_have_text(t("ed_hr_loading", "en"))
    assert page.evaluate("document.querySelectorAll('#hr-edit-board .hr-piece').length") == 0
    release_later()
    pieces = page.locator("#hr-edit-board .hr-piece")
    expect(pieces).to_have_count(10)
    expect(page.status()).to_have_text(t("ed_ready", "en"))
    assert later_failed
    expect(page.panel.get_by_role("button", name="Soldier", exact=True)).to_be_visible()
    page.button("Play this board", exact=True).click()
    expect(page.locator("#hr-board .hr-piece")).to_have_count(10)
    page.show("linkup")
    expect(page.locator("#race-link")).to_have_value(re.compile(r"[?&]game=linkup&room="), timeout=20_000)
