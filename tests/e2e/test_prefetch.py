"""Solve before the click: while the worker is idle the page works
out Solve's and Hint's answers for the board on screen, so they come at once;
what they say and count is the same as a search started by the click.

The status's ``data-answer`` says where an answer came from: ``ready``
(worked out before the click), ``adopted`` (the look-ahead was under way and
the click waited for it), ``worker`` (a search the click started)."""

import json
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from puzzles.huarong import Board
from puzzles.huarong.solver import DistanceTable

pytestmark = pytest.mark.e2e

COURSE = [[3, 1, 1, 4], [3, 1, 1, 4], [5, 2, 2, 6], [5, 7, 8, 6], [9, 0, 0, 10]]


def test_solve_and_hint_answer_from_what_is_ready(open_game):
    page = open_game("?lang=en&speed=0")
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


def test_a_click_right_after_a_change_gets_the_same_answer(open_game):
    """Solve at once after a change (the look-ahead has not finished, or not started): the same outcome."""
    page = open_game("?lang=en&speed=0&metric=piece")
    for _ in range(2):
        page.get_by_role("button", name="Reset").click()
        page.solve()
        expect(page.status()).to_have_text("Solved: 81 moves", timeout=30_000)
        assert page.status().get_attribute("data-answer") in ("ready", "adopted", "worker")
        page.wait_for_function("gameHandler.isSolved()")


def test_no_look_ahead_fetches_the_4x4_tables(open_game):
    """The 4 × 4 tables (3 MB) are fetched when a player asks for an optimal 4 × 4 solve, not before."""
    fetched = []
    page = open_game("?game=sliding&lang=en")
    page.on("request", lambda r: "sliding-4x4" in r.url and fetched.append(r.url))
    page.paste_board(json.dumps([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, 15]]))
    page.wait_for_timeout(1500)
    assert fetched == []
    page.solve()
    expect(page.status()).to_have_text("Solved: 1 moves", timeout=60_000)
    assert fetched


@pytest.mark.parametrize("game, board, text", [
    ("sliding", [[4, 1, 2], [5, 0, 3]], "Solved: 5 moves"),
    ("linkup", None, "Cleared"),
])
def test_other_games_answer_from_the_look_ahead(open_game, game, board, text):
    query = "?game=%s&lang=en&speed=0" % game + ("&board=" + quote(json.dumps(board)) if board else "")
    page = open_game(query)
    page.wait_ahead("solve")
    page.solve()
    expect(page.status()).to_contain_text(text, timeout=30_000)
    assert page.status().get_attribute("data-answer") == "ready"
