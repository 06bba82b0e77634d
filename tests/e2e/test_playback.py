"""Playback in Chromium: a reload while it plays keeps its moves (the page's pagehide), a key or a drag
on a piece stops it. The playback's rules in every game (a move by hand, Redo, Pause, a new board or an
option during a playback or a search, a reload after them, a seeded fuzz of moves interleaved with
playback) are tests/test_midend_play.py's and tests/test_midend_page.py's, on the midend without a browser."""

import json
import re

import pytest
from pages import GAME_QUERIES
from playwright.sync_api import expect

from puzzles.huarong import Board as HuarongBoard

pytestmark = pytest.mark.e2e


def test_keys_and_drags_during_playback_stop_it_and_a_reload_keeps_its_moves(open_game):
    """Arrow keys on a piece, and a drag, while 横刀立马's solution plays (paused too); then Solve, and a
    reload while the solution plays: every move it played is still made (the page's pagehide writes
    them). Each game's flush on leaving mid-playback is tests/test_midend_page.py's."""
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
    # a reload while the solution plays
    page.solve()
    page.wait_playing(4)
    before = page.move_count()
    page.reload()
    assert page.move_count() >= before > count
