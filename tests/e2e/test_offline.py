"""Installable and offline (app-contract.md): the web app manifest and its icons, the service worker
(sw.js) that caches every file under the app's version, the app with no network after one visit, and a new
version that waits for the player's Reload.

The pages that let the service worker in are in a context of their own
(``open_game.blank(service_workers=True)``): the shared contexts of the other tests block it."""

import json
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from pages import PAGES, assert_in_viewport, game_of
from playwright.sync_api import expect

from app.i18n import t
from code_programs import SLIDING_BFS
from helpers import check_cases

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
CONTROLLED = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
CACHES = "caches.keys().then(ks => ks.filter(k => k.startsWith('bfs-puzzles-')))"


def installed(open_game, query: str, base: "str | None" = None, device: str = "laptop"):
    """A page of a new context where the service worker may register, opened on ``query`` (app and solver
    ready), then waited on until the service worker controls it: one visit."""
    page = open_game.blank(device, service_workers=True)
    return visited(page, query, base or page.base)


def visited(page, query: str, base: str):
    """``page`` (of a context where the service worker may register) opened on ``query`` of ``base`` (app
    and solver ready), then waited on until the service worker controls it: one visit."""
    page.page.goto(base + query)
    page = PAGES[game_of(query)](page.page, base, page._watch, page.device)
    page.wait_ready()
    page.wait_for_function(CONTROLLED, timeout=60_000)
    return page


def offline_reload(page, solver: bool = True) -> None:
    page.context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    page.reload(solver)
    assert page.evaluate(CONTROLLED)


# Notes, on the page, the app's and the solver's states when the page asks for its service worker.
NOTE_REGISTER = """
const register = ServiceWorkerContainer.prototype.register;
ServiceWorkerContainer.prototype.register = function (...args) {
  const root = document.documentElement;
  window.__registeredWhile = [root.dataset.appState, root.dataset.solverState];
  return register.apply(this, args);
};
"""
# Every file of this version (sw-files.js's list) in its cache, and the page controlled.
ALL_CACHED = """async () => {
  const text = await (await fetch('static/vendor/sw-files.js', { cache: 'no-store' })).text();
  const files = Object.keys(JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)).files);
  const names = (await caches.keys()).filter(k => k.startsWith('bfs-puzzles-'));
  if (names.length !== 1 || !navigator.serviceWorker.controller) return false;
  const cache = await caches.open(names[0]);
  for (const f of files) if (!(await cache.match(f || './'))) return false;
  return true;
}"""


def test_the_manifest_names_the_app_and_its_icons_and_the_shared_test_contexts_keep_its_worker_out(open_game):
    """The web app manifest: its names, display, start URL, theme colour and PNG icons (192 and 512, plain
    and maskable), and iOS's home-screen icon and tags. On the same page of a shared test context: the other
    tests' pages never register sw.js (it would copy every runtime into each test's storage and could serve
    one test's files to the next), and their HTTP cache still keeps the files (tests/conftest.py's
    KEEP_FILES_S): a second page start reads them with no request."""
    page = open_game("?lang=en")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    answer = page.evaluate("(h) => fetch(h).then(async r => [r.headers.get('content-type'), await r.text()])", href)
    assert answer[0].startswith("application/manifest+json")
    manifest = json.loads(answer[1])
    assert manifest["name"].startswith("BFS puzzles") and manifest["short_name"] == "BFS puzzles"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert page.locator("meta[name=theme-color]").get_attribute("content") == manifest["theme_color"]
    sizes = {}
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png"
        w, h = page.evaluate(
            "(src) => new Promise((ok, no) => { const i = new Image(); i.onload = () => ok([i.naturalWidth,"
            " i.naturalHeight]); i.onerror = no; i.src = new URL(src, new URL('manifest.webmanifest', location)); })",
            icon["src"],
        )
        assert icon["sizes"] == "%dx%d" % (w, h)
        sizes.setdefault(icon["purpose"], set()).add(w)
    assert sizes == {"any": {192, 512}, "maskable": {192, 512}}
    # iOS: its home-screen icon and tags
    touch = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    assert page.evaluate("(s) => fetch(s).then(r => r.ok && r.headers.get('content-type'))", touch) == "image/png"
    assert page.locator("meta[name=apple-mobile-web-app-capable]").get_attribute("content") == "yes"
    assert page.locator("meta[name=apple-mobile-web-app-title]").get_attribute("content")

    page.reload(solver=True)  # the first start asked for the service worker once its board was playable
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
    assert page.evaluate("navigator.serviceWorker.controller") is None
    sent = page.evaluate(
        "performance.getEntriesByType('resource').filter(e => e.name.includes('/static/vendor/'))"
        ".map(e => e.transferSize)"
    )
    assert sent and set(sent) == {0}, sent


def _tree(dest: Path) -> Path:
    """A copy of the app's tree to serve and change (static/vendor/ hard-linked: its files are only read,
    and the copy's sw-files.js is written by a rename)."""
    for name in ("index.html", "favicon.ico", "manifest.webmanifest", "sw.js", "package-lock.json"):
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(ROOT / "py", dest / "py", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tools", dest / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "static", dest / "static", ignore=shutil.ignore_patterns("vendor"))
    shutil.copytree(ROOT / "static" / "vendor", dest / "static" / "vendor", copy_function=_link)
    (dest / "static" / "vendor" / "sw-files.js").unlink()
    _configs(dest)
    return dest


def _link(src: str, dst: str) -> None:
    import os

    os.link(src, dst)


def _configs(tree: Path) -> None:
    subprocess.run([sys.executable, str(tree / "tools" / "configs.py")], check=True, cwd=tree)


VERSION_MARK = "getComputedStyle(document.documentElement).getPropertyValue('--app-build').trim()"
WORKER_TEXT = "fetch('static/code-worker.js').then(r => r.text()).then(t => t.includes('// build 2'))"


def knowing_the_answers() -> str:
    """A correct sliding-puzzle program that costs no search: each of Check's boards (those the solver's
    ``cases`` job makes, as the page's Check sends them) answered from the job's own expected answers."""
    boards, cases = check_cases("sliding")
    known = {tuple(map(tuple, boards[case["board"]])): case["expected"] for case in cases}
    return "KNOWN = %r\n\n\ndef slidingPuzzle(board):\n    return KNOWN[tuple(map(tuple, board))]\n" % known


def offline_after_one_visit(page, base: str) -> None:
    """One install of the service worker (the app served from ``base``), its checks in order:
    - the page asks for its service worker once the board is playable and the solver's start is over, never
      while the solver starts (the install's work would slow it), and once the worker controls the page
      every file of this version is in its one cache;
    - a sliding pattern table is not cached before a 4 x 4 board needs it, and is cached once a 4 x 4 Solve
      has downloaded it (not the other table);
    - then no network: a reload brings back the saved game (Huarong); Hint, Solve to the exit, the map and
      Share work; a 4 x 4 sliding board is solved with the table from the cache; the Code panel runs and
      checks a program (a Run of a learner's BFS; a Check of a program that knows the answers, for speed);
      Link-up's Race says it needs the network, in both languages, and solo play goes on."""
    page.page.add_init_script(NOTE_REGISTER)
    page.page.goto(base + "?game=huarong&lang=en&speed=0")
    page = PAGES["huarong"](page.page, base, page._watch, page.device)
    page.wait_for_function("window.__registeredWhile !== undefined", timeout=30_000)
    assert page.evaluate("window.__registeredWhile") == ["ready", "idle"], "registered while the solver starts"
    page.wait_for_function(CONTROLLED, timeout=60_000)
    page.wait_for_function(ALL_CACHED, timeout=30_000)
    page.wait_ready()
    assert page.evaluate(CACHES + ".then(ks => ks.length)") == 1

    sliding = page.show("sliding")
    tables = (CACHES + ".then(async ks => { const c = await caches.open(ks[0]); return ["
              "!!(await c.match('static/data/sliding-4x4.pdb')), !!(await c.match('static/data/sliding-3x5.pdb'))]; })")
    one = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, 15]]
    sliding.paste_board(json.dumps(one))
    sliding.wait_for_function("async (b) => JSON.stringify(await gameHandler.getBoard()) === JSON.stringify(b)",
                              arg=one)
    assert sliding.evaluate(tables) == [False, False], "a table cached before a 4 x 4 needs it"
    sliding.solve(re.compile(r"^Solved: 1 moves?$"))  # the count, whatever its grammar
    for _ in range(60):  # the service worker stores it as the worker's download ends
        if sliding.evaluate(tables)[0]:
            break
        sliding.wait_for_timeout(500)
    assert sliding.evaluate(tables) == [True, False], "the 4 x 4 table (only) cached once used"

    page = sliding.show("huarong")
    assert page.move(7, "down") is True  # a soldier steps into the exit row: the saved game
    moved = page.board()
    offline_reload(page)
    assert page.board() == moved and page.move_count() == 1, "the saved game, from the cache"
    page.undo()
    page.hint()
    expect(page.status()).to_contain_text("116 moves to go", timeout=30_000)
    page.solve("Solved: 116 moves")  # 横刀立马, played to the exit
    page.wait_solved()
    page.undo()
    assert page.open_map().get_attribute("aria-label")
    assert page.share_link().startswith(page.base)  # Share still makes a link
    expect(page.alert()).to_be_hidden()

    sliding = page.show("sliding")
    sliding.paste_board("[[1,2,3,4],[5,6,7,8],[9,10,0,11],[13,14,15,12]]")
    sliding.solve("Solved: 2 moves")  # the pattern table, from the cache
    sliding.wait_solved()
    code = sliding.code_panel().open()
    code.write(SLIDING_BFS + "\nprint('answer', slidingPuzzle([[1, 2, 3], [4, 0, 5]]))\n")
    code.run()
    expect(code.log()).to_contain_text("answer 1", timeout=60_000)
    code.write(knowing_the_answers())  # Check offline: the cases made by the worker, judged by the page
    code.check()
    passed, n = code.checked(180_000)
    assert passed == n >= 48

    linkup = sliding.show("linkup")
    before = linkup.board()
    linkup.button("Race", exact=True).click()
    expect(linkup.race().locator(".race-line")).to_have_text(t("race_offline", "en"))
    linkup.switch_language()
    expect(linkup.race().locator(".race-line")).to_have_text(t("race_offline", "zh"))
    assert linkup.board() == before
    assert linkup.connect_pairs(1) == 1  # solo play goes on
    expect(linkup.alert()).to_be_hidden()


def test_offline_after_one_visit_and_a_new_version_waits_for_reload(open_game, tmp_path):
    """On a phone, in a context where the service worker may register, the app served from a copy of the
    tree: played offline after one visit (:func:`offline_after_one_visit`); then the files change under the
    same URLs: the open page keeps every old file (its style and a worker it loads later alike), says a new
    version is ready (on the phone's screen, in either language), and switches to it, all files at once, only
    when the player presses Reload; the old version's cache is deleted."""
    sys.path.insert(0, str(ROOT / "py"))
    from race.server import Server

    tree = _tree(tmp_path)
    server = Server(tree, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d/" % server.server_address[1]
    blank = open_game.blank("phone", service_workers=True)
    try:
        offline_after_one_visit(blank, base)
        blank.context.set_offline(False)
        page = visited(blank, "?game=huarong&lang=zh", base)
        assert page.evaluate(VERSION_MARK) == ""
        old = page.evaluate(CACHES)
        # version 2: a style the page reads at once, and the Code panel's worker, loaded later
        with open(tree / "static" / "app.css", "a") as f:
            f.write("\n:root { --app-build: 2; }\n")
        with open(tree / "static" / "code-worker.js", "a") as f:
            f.write("\n// build 2\n")
        _configs(tree)
        page.reload(solver=True)  # the page's start asks for the service worker's files: version 2 installs
        bar = page.get_by_role("region", name="新版本")
        expect(bar).to_contain_text("新版本已就绪——", timeout=60_000)
        # never old beside new: the old page still gets old files, later ones included
        assert page.evaluate(VERSION_MARK) == "" and page.evaluate(WORKER_TEXT) is False
        page.reload(solver=True)  # a plain reload is still version 1, and says so again
        assert page.evaluate(VERSION_MARK) == "" and page.evaluate(WORKER_TEXT) is False
        expect(bar).to_be_visible(timeout=30_000)
        assert_in_viewport(page, ".update-bar")  # on a 390 x 844 phone
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.switch_language()
        expect(page.get_by_role("region", name="New version")).to_contain_text("A new version is ready — ")
        page.screenshot(path=str(tmp_path / "prompt.png"))
        with page.expect_navigation():
            page.get_by_role("region", name="New version").get_by_role("button", name="Reload").click()
        page.wait_ready()
        assert page.evaluate(VERSION_MARK) == "2" and page.evaluate(WORKER_TEXT) is True
        expect(page.get_by_role("region", name=re.compile("New version|新版本"))).to_have_count(0)
        new = page.evaluate(CACHES)
        assert len(new) == 1 and new != old  # the old version's cache is gone
    finally:
        server.shutdown()
