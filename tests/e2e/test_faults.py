"""Faults the page survives, each with a message and the board intact."""

import json
import time

import pytest
from pages import BIG
from playwright.sync_api import expect

from puzzles.sliding import Board as SlidingBoard

pytestmark = pytest.mark.e2e


def kill_the_solver(page) -> int:
    """Terminate the worker the page uses now (the last one started: on a loaded machine the page may
    already have replaced the first); returns how many solver workers the page has started."""
    return page.evaluate("() => { const all = window.solverWorkers.all; "
                         "all[all.length - 1].worker.terminate(); return all.length; }")


def test_the_worker_dies_mid_job_and_a_new_one_takes_over(open_game):
    """A worker that dies under a job is said, the board kept, and the next job runs on a fresh one:
    - mid-Solve, whether Solve started the search (clicked at once) or took over the look-ahead's search
      of the same board (the board rested first: the click adopted it, and the death ends that search,
      not another one);
    - while the state map is made: the map's job runs through the page's one protocol loop, so the map
      says it could not be made, and a fresh worker starts, started by that failure, as for Solve."""
    page = open_game("?game=huarong&lang=en&speed=0")
    panel = page.panel
    for rested in (False, True):
        page.paste_board(json.dumps(BIG))
        if rested:
            page.wait_for_timeout(1_500)  # the look-ahead starts on a board at rest for 0.15 s
        panel.get_by_role("button", name="Solve").click()
        expect(page.locator("html")).to_have_attribute("data-solver-state", "solving")
        kill_the_solver(page)
        expect(panel.get_by_role("status")).to_contain_text("The solver stopped", timeout=30_000)
        if rested:  # it ended the look-ahead's search, which the click had adopted (not another one)
            expect(page.status()).to_have_attribute("data-answer", "adopted")
        assert page.board() == BIG
        # a fresh worker answers the next Solve
        page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
        expect(page.locator("#solver-note")).to_contain_text("ready", timeout=60_000)
        panel.get_by_label("Layout").select_option(index=5)
        panel.get_by_role("button", name="Solve").click()
        expect(panel.get_by_role("status")).to_contain_text("Solved:", timeout=60_000)

    board = SlidingBoard.goal(3, 3).play([6, 3])  # 181,440 positions: seconds to map
    page = page.show("sliding")
    page.paste_board(board.to_code())
    page.button("Map", exact=True).click()
    expect(page.button("Stop mapping")).to_be_visible()
    workers = kill_the_solver(page)
    expect(page.panel).to_contain_text("The map could not be made", timeout=30_000)
    assert page.evaluate("window.solverWorkers.all.length") == workers + 1  # the fresh worker, started by that failure
    expect(page.locator("#solver-note")).to_contain_text("ready", timeout=60_000)
    page.panel.get_by_role("button", name="Solve").click()
    expect(page.status()).to_contain_text("Solved:", timeout=60_000)


def test_the_pattern_tables_cannot_be_fetched(open_game):
    page = open_game.blank()
    open_game.allow.append("sliding-4x4.pdb")
    page.route("**/sliding-4x4.pdb", lambda route: route.fulfill(status=404, body="gone"))
    near = SlidingBoard.goal(4, 4).play([12, 8, 4, 3])  # four moves from the goal
    page = page.open("?game=sliding&lang=en&speed=0&board=" + near.to_code())
    panel = page.panel
    panel.get_by_role("button", name="Solve").click()
    expect(panel.get_by_role("status")).to_have_text("Solved: 4 moves", timeout=60_000)
    expect(panel.get_by_role("alert")).to_contain_text("pattern tables could not be loaded")
    page.wait_for_function("gameHandler.isSolved()")


def test_the_tables_are_damaged(open_game):
    page = open_game.blank()
    page.route("**/sliding-4x4.pdb", lambda route: route.fulfill(status=200, body=b'{"rows": 4}\n' + b"x" * 100))
    near = SlidingBoard.goal(4, 4).play([12, 8])
    page = page.open("?game=sliding&lang=en&speed=0&board=" + near.to_code())
    page.panel.get_by_role("button", name="Solve").click()
    expect(page.panel.get_by_role("status")).to_have_text("Solved: 2 moves", timeout=60_000)


@pytest.mark.parametrize(
    "storage",
    [
        # disabled: every access throws
        "Object.defineProperty(window, 'localStorage', {get() { throw new Error('disabled'); }});",
        # full: every write throws
        "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };",
    ],
    ids=["disabled", "full"],
)
def test_storage_off_or_full_the_game_goes_on(open_game, storage):
    page = open_game.blank()
    page.add_init_script(storage)
    page = page.open("?game=sliding&lang=en", solver=False)
    assert page.evaluate("gameHandler.move(5)") is True
    assert page.move_count() == 1


# Each kind of corrupt or old save is the midend's to refuse (tests/test_midend_page.py, on a fake page);
# an old one, read from the browser's own storage at a real start, is tests/e2e/test_hostile_saves.py's.


def test_a_missing_worker_config_never_leaves_this_server(open_game):
    page = open_game.blank()
    # the 404, and PyScript's fall-back to its CDN: blocked by the page's policy (checked below)
    open_game.allow += ["worker.toml", "status of 404", "https://cdn.jsdelivr.net/"]
    outside = []
    page.on("requestfinished", lambda r: not r.url.startswith("http://127.0.0.1") and outside.append(r.url))
    page.route("**/worker.toml", lambda route: route.fulfill(status=404, body="gone"))
    page = page.open("?game=huarong&lang=en", solver=False)
    expect(page.locator("#solver-note")).to_contain_text("failed to start", timeout=60_000)
    time.sleep(0.5)
    assert outside == [], "requests completed outside the server: %s" % outside
