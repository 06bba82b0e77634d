"""Playback in Chromium: a reload while it plays keeps its moves (the page's pagehide), a key or a drag
on a piece stops it, an option changed mid-way stops it or cancels the search. The playback's rules in
every game (a move by hand, Redo or Pause during a playback, a reload after them, a seeded fuzz of
moves interleaved with playback) are tests/test_midend_play.py's, on the midend without a browser."""

import json
import re

import pytest
from pages import BIG, GAME_QUERIES
from playwright.sync_api import expect

from puzzles.huarong import Board as HuarongBoard

pytestmark = pytest.mark.e2e


# ----------------------------------------------------------------- a reload keeps played moves
def test_a_reload_during_playback_keeps_the_moves_played(open_game):
    """Huarong: Solve, then a reload while the solution plays: every move it played is still made (the
    page's pagehide writes them). Each game's flush on leaving mid-playback is tests/test_midend_page.py's."""
    page = open_game(GAME_QUERIES["huarong"] % 120)
    page.solve()
    page.wait_playing(4)
    before = page.move_count()
    page.reload()
    assert page.move_count() >= before >= 3


# ----------------------------------------------------------------- a key or a drag during playback stops it
def test_huarong_keys_and_drags_during_playback_stop_it(open_game):
    """Arrow keys on a piece, and a drag, while 横刀立马's solution plays (paused too)."""
    page = open_game(GAME_QUERIES["huarong"] % 120)
    page.solve_and_pause_at(5)
    board = HuarongBoard.parse(json.dumps(page.board()))
    pid, d = board.legal_moves()[0]
    key = {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight"}[d]
    page.locator('.hr-piece[data-pid="%d"]' % pid).press(key)
    expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
    expect(page.status()).not_to_contain_text("Solved")
    # and a drag while it plays: the piece is taken while the playback is paused (a piece the playback
    # moves would slip from under a pointer aimed at it on a loaded machine), then it plays on under the drag
    page.solve_and_pause_at(2)
    made = page.move_count()
    board = HuarongBoard.parse(json.dumps(page.board()))
    pid, d = board.legal_moves()[0]
    piece = page.locator('.hr-piece[data-pid="%d"]' % pid)
    box = piece.bounding_box()
    cell = page.locator("#hr-board").bounding_box()["width"] / board.cols
    dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[d]
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.button("Resume").press("Enter")
    page.wait_playing(3)
    page.mouse.move(x + dx * cell * 0.8, y + dy * cell * 0.8, steps=4)
    page.mouse.up()
    expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
    page.wait_for_timeout(500)
    count = page.move_count()
    assert count > made
    page.wait_for_timeout(500)
    assert page.move_count() == count
    expect(page.status()).not_to_contain_text("Solved")


# ----------------------------------------------------------------- an option changed mid-way
# An option's select stopping a playback is the midend's (tests/test_midend_page.py: the sliding puzzle's mode,
# Huarong's metric; a solve under Huarong's piece metric is tests/e2e/test_player.py's counter test); here
# through the page, with the solve after it: Link-up's New board (a job of the worker's).
@pytest.mark.parametrize("game,change", [("linkup", "new")])
def test_an_option_changed_during_playback_stops_it_cleanly(open_game, game, change):
    page = open_game(GAME_QUERIES[game] % 120)
    panel = page.panel
    page.solve()
    page.wait_playing()
    assert change == "new"
    panel.get_by_role("button", name="New board").click()
    expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
    made = page.move_count()
    page.wait_for_timeout(700)
    assert page.move_count() == made
    expect(page.button("Pause")).to_be_disabled()
    expect(page.status()).not_to_contain_text(re.compile("Solved|Cleared"))
    # Solve again works under the new option, to the end
    page.solve()
    page.wait_solved()
    expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
    expect(page.status()).to_contain_text(re.compile("Solved|Cleared"))


def test_an_option_changed_during_a_search_cancels_it(open_game):
    """A Huarong search that takes long (an 8 × 8 board with few pieces): the metric switched
    while it runs stops it, and no solution of the old metric is played afterwards."""
    page = open_game("?game=huarong&lang=en&speed=0")
    page.paste_board(json.dumps(BIG))
    page.solve()
    expect(page.locator("html")).to_have_attribute("data-solver-state", "solving")
    page.panel.get_by_label("Count").select_option("piece")
    expect(page.locator("html")).to_have_attribute("data-solver-state", "idle", timeout=10_000)
    expect(page.button("Solve")).to_be_enabled()
    assert page.board() == BIG
    # the search cancelled does not cancel the next one (a stale Cancel once answered every later
    # Solve and Hint with "cancelled" for the rest of the visit)
    page.choose_layout("兵分三路")
    page.hint()
    expect(page.status()).to_contain_text("Hint:")
    page.solve()
    expect(page.status()).to_contain_text("Solved:")
