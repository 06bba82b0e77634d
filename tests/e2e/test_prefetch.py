"""Solve before the click: while the worker is idle the page works
out Solve's and Hint's answers for the board on screen, so they come at once;
what they say and count is the same as a search started by the click.

The status's ``data-answer`` says where an answer came from: ``ready``
(worked out before the click), ``adopted`` (the look-ahead was under way and
the click waited for it), ``worker`` (a search the click started)."""

import json

import pytest
from playwright.sync_api import expect

from puzzles.huarong import Board
from puzzles.huarong.solver import DistanceTable

pytestmark = pytest.mark.e2e

COURSE = [[3, 1, 1, 4], [3, 1, 1, 4], [5, 2, 2, 6], [5, 7, 8, 6], [9, 0, 0, 10]]


def test_solve_and_hint_answer_from_the_look_ahead_in_every_game(open_game):
    """One page, every game by its tab:
    - Huarong's board rests: Solve answers from what the look-ahead worked out (``ready``), 116 moves,
      the board solved; after a player's move the new position is worked out too, and Hint answers from
      it (``ready``), optimally: its move brings the board one step nearer;
    - Solve clicked at once after a change (the count switched to pieces, then Reset: the look-ahead has
      not finished, or not started), twice: the same outcome, 81 moves, whatever the answer's source;
    - the sliding puzzle and Link-up answer Solve from the look-ahead too (``ready``);
    - the 4 × 4 tables (3 MB) are fetched when a player asks for an optimal 4 × 4 solve, not before (no
      look-ahead of a 4 × 4 board at rest fetches them)."""
    page = open_game("?lang=en&speed=0")
    fetched = []
    page.on("request", lambda r: "sliding-4x4" in r.url and fetched.append(r.url))
    page.wait_ahead("solve")  # the board rests: the look-ahead works it out
    page.solve()
    expect(page.status()).to_have_text("Solved: 116 moves", timeout=30_000)
    assert page.status().get_attribute("data-answer") == "ready"
    page.wait_for_function("gameHandler.isSolved()")
    # a player's move: the new position is worked out too, and Hint answers from it, optimally
    page.get_by_role("button", name="Reset").click()
    page.evaluate("gameHandler.move(10, 'left')")
    page.wait_ahead("hint")
    page.hint()
    table = DistanceTable(Board.from_grid(COURSE), "cell")
    d = table.distance(Board.from_grid(page.board()))
    expect(page.status()).to_contain_text("%d moves to go" % d, timeout=30_000)
    assert page.status().get_attribute("data-answer") == "ready"
    hinted = page.locator(".hr-piece.hinted")
    move = [int(hinted.get_attribute("data-pid")), hinted.get_attribute("data-hint")]
    assert page.evaluate("([p, d]) => gameHandler.move(p, d)", move) is True
    assert table.distance(Board.from_grid(page.board())) == d - 1

    # a click right after a change gets the same answer
    page.panel.locator("#huarong-metric").select_option("piece")
    for _ in range(2):
        page.get_by_role("button", name="Reset").click()
        page.solve()
        expect(page.status()).to_have_text("Solved: 81 moves", timeout=30_000)
        assert page.status().get_attribute("data-answer") in ("ready", "adopted", "worker")
        page.wait_for_function("gameHandler.isSolved()")

    sliding = page.show("sliding")
    sliding.set_speed(0)
    sliding.paste_board(json.dumps([[4, 1, 2], [5, 0, 3]]))
    sliding.wait_ahead("solve")
    sliding.solve()
    expect(sliding.status()).to_contain_text("Solved: 5 moves", timeout=30_000)
    assert sliding.status().get_attribute("data-answer") == "ready"

    sliding.paste_board(json.dumps([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, 15]]))
    sliding.wait_for_timeout(1500)
    assert fetched == []
    sliding.solve()
    expect(sliding.status()).to_have_text("Solved: 1 moves", timeout=60_000)
    assert fetched

    linkup = sliding.show("linkup")
    linkup.set_speed(0)
    linkup.wait_ahead("solve")
    linkup.solve()
    expect(linkup.status()).to_contain_text("Cleared", timeout=30_000)
    assert linkup.status().get_attribute("data-answer") == "ready"
