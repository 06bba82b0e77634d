"""What the solver's status says, in every game: what Solve is doing from the first frame, a slow
download of the pattern tables, and a solver that never started. (An answer worked out ahead and a board
solved by the solver after a reload: tests/test_midend_views.py.)"""

import re

import pytest
from pages import GAME_ORDER, GAME_QUERIES
from playwright.sync_api import expect

from puzzles.sliding import Board as SlidingBoard

pytestmark = pytest.mark.e2e


# ----------------------------------------------------------------- what Solve is doing, from the first frame
FIRST_TEXT = """() => {
  window.__firstProgress = null;
  const box = document.querySelector('[role=tabpanel]:not([hidden]) .progress');
  new MutationObserver((records, obs) => {
    if (box.hidden) return;
    window.__firstProgress = box.querySelector('.progress-text').textContent;
    obs.disconnect();
  }).observe(box, {attributes: true, attributeFilter: ['hidden']});
}"""


@pytest.mark.parametrize("game", GAME_ORDER)
def test_solve_says_what_it_does_from_the_first_frame(open_game, game):
    """Solve pressed right after a cold open (the solver may still be loading): the progress box
    never shows empty, it says it waits for the solver or starts the search."""
    page = open_game(GAME_QUERIES[game] % 0, "phone", solver=False)
    page.evaluate(FIRST_TEXT)
    page.solve()
    page.wait_for_function("window.__firstProgress !== null")
    first = page.evaluate("window.__firstProgress")
    # the solver may have come up meanwhile and be working this board out ahead: Solve then adopts
    # that search and shows its count at once (or its answer, ready before the click)
    said = re.compile(r"Waiting for the solver to start…|Starting the search…|[\d,]+ positions explored|Ready before")
    assert first and said.match(first), first
    page.wait_solved()


# ------------------------------------------- ready ahead, solved by the solver


# ----------------------------------------------------------------- a slow download of the pattern tables
@pytest.fixture
def slow_tables():
    """A server on this machine that sends the 4 × 4 tables file in 64 KiB pieces, 4 a second:
    about 12 s for its 3.1 MB (a 2 Mbit/s line), longer than the page's 10 s watchdog."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    from pathlib import Path
    from time import sleep

    data = (Path(__file__).resolve().parents[2] / "static/data/sliding-4x4.pdb").read_bytes()
    served = []

    class Slow(BaseHTTPRequestHandler):
        def do_GET(self):
            served.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Access-Control-Allow-Origin", "*")
            self.end_headers()
            try:
                for i in range(0, len(data), 65536):
                    self.wfile.write(data[i : i + 65536])
                    self.wfile.flush()
                    sleep(0.25)
            except OSError:  # the page aborted the download
                pass

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/sliding-4x4.pdb" % server.server_address[1], served
    server.shutdown()


NEAR_4X4 = SlidingBoard.goal(4, 4).play([12, 8, 4, 3])  # four moves from the goal: a search that needs the tables
WORKERS = "window.solverWorkers.all.length"


def test_a_slow_tables_download_is_progress_cancel_stops_it_and_a_later_solve_tries_again(open_game, slow_tables):
    """The 4 × 4 tables come slower than the page's 10 s watchdog:
    - Solve says it is downloading them; Cancel stops the download: the status says the board is as it
      was, the solver idle; past the watchdog the worker is the same one, and still answers;
    - Solve again downloads them again (one download per Solve), saying how far it is (MB and per cent,
      past 50 %), and solves, with no alert: the slow download is progress, never a dead solver (no
      worker declared dead and restarted)."""
    url, served = slow_tables
    page = open_game.blank()
    page.route("**/sliding-4x4.pdb", lambda route: route.continue_(url=url))
    page = page.open("?game=sliding&lang=en&speed=0&board=" + NEAR_4X4.to_code())
    panel = page.panel
    page.solve()
    progress = panel.locator(".progress-text")
    expect(progress).to_contain_text("Downloading the pattern tables")
    page.button("Cancel").click()
    expect(page.status()).to_have_text("Solve cancelled; the board is as it was.")
    expect(page.locator("html")).to_have_attribute("data-solver-state", "idle")
    page.wait_for_timeout(11_000)  # past the watchdog: the worker is the same, and still answers
    assert page.evaluate(WORKERS) == 1
    expect(page.status()).to_have_text("Solve cancelled; the board is as it was.")
    assert len(served) == 1
    page.solve()
    expect(progress).to_have_text(re.compile(r"Downloading the pattern tables: [0-9.]+ of 3\.\d MB \(\d+ %\)"))
    page.wait_for_function(
        "() => { const m = /\\((\\d+) %\\)/.exec(document.querySelector('#panel-sliding .progress-text').textContent);"
        " return m && +m[1] >= 50; }",
        timeout=30_000,
    )
    expect(page.status()).to_have_text("Solved: 4 moves", timeout=60_000)
    expect(page.locator("#sliding-alert")).to_have_text("")
    assert len(served) == 2 and page.evaluate(WORKERS) == 1  # never declared dead and restarted


@pytest.mark.parametrize(
    "path,block,provoked",
    [
        # the 404, and the worker's failure
        (
            "**/worker_jobs.py",
            lambda route: route.fulfill(status=404, body="gone"),
            ["/py/worker_jobs.py"],
        ),
        ("**/worker.py", "abort", ["console error: Failed to load resource: net::ERR_FAILED"]),  # the aborted load
    ],
    ids=["missing", "blocked"],
)
def test_a_solver_that_never_started_promises_no_new_one(open_game, path, block, provoked):
    """Blocked worker files: the header says it failed to start; Solve says so too (no "a new
    one is starting" that never starts), in words (not a runtime's tuple), and the page is left
    with no uncaught error."""
    errors = []
    open_game.allow += provoked
    page = open_game.blank()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.worker_files_needed()  # worker_jobs.py is one of them (worker.py is always fetched)
    page.route(path, (lambda route: route.abort()) if block == "abort" else block)
    page = page.open("?game=huarong&lang=en", solver=False)
    expect(page.locator("#solver-note")).to_contain_text("failed to start", timeout=60_000)
    for _ in range(2):
        page.solve()
        expect(page.status()).to_contain_text("The solver could not start")
        expect(page.status()).not_to_contain_text("new one")
    assert "JsProxy" not in page.locator("#solver-note").text_content()
    assert page.evaluate(WORKERS) == 1
    assert page.evaluate("gameHandler.move(10, 'left')") is True
    page.wait_for_timeout(500)
    assert errors == []
