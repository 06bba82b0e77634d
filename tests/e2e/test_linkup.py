"""Link-up in Chromium, as a user plays it."""

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect
from ui import paste_board

from puzzles.linkup import Board, generate

pytestmark = pytest.mark.e2e


def status(page):
    return page.locator("#linkup-status")


def tile(page, r, c):
    return page.locator("#lu-board").get_by_role(
        "button", name=re.compile(r", row %d, column %d( |$)" % (r + 1, c + 1))
    )


def test_click_a_joinable_pair_draws_the_path_and_removes_it(open_app):
    page = open_app("?game=linkup&lang=en")
    paste_board(page, "[[1,2,2,1],[3,0,0,3]]")
    tile(page, 0, 0).click()
    tile(page, 0, 3).click()  # the row between is full: the path runs over the top ring
    expect(page.locator(".lu-path polyline")).to_have_attribute("data-cells", "6")
    assert page.evaluate("gameHandler.getBoard()") == [[0, 2, 2, 0], [3, 0, 0, 3]]
    expect(page.locator("#linkup-moves")).to_have_text("Tiles left: 4")
    # a pair that cannot be joined shakes and stays
    paste_board(page, "[[1,2],[2,1]]")
    tile(page, 0, 0).click()
    tile(page, 1, 1).click()
    expect(status(page)).to_have_text("Those two cannot be joined.")
    assert page.evaluate("gameHandler.getBoard()") == [[1, 2], [2, 1]]


def test_game_handler_connect_follows_the_course(open_app):
    page = open_app("?game=linkup&lang=en")
    paste_board(page, "[[1,2,2,1],[3,0,0,3]]")
    assert page.evaluate("gameHandler.connect(1, 0, 1, 3)") == [[1, 0], [1, 1], [1, 2], [1, 3]]
    assert page.evaluate("gameHandler.connect(0, 0, 0, 1)") == []
    assert page.evaluate("gameHandler.isCleared()") is False
    page.keyboard.press("Tab")  # keyboard: Tab to the tiles, Enter selects
    tile(page, 0, 1).focus()
    page.keyboard.press("Enter")
    tile(page, 0, 2).focus()
    page.keyboard.press("Enter")
    assert page.evaluate("gameHandler.getBoard()") == [[1, 0, 0, 1], [0, 0, 0, 0]]
    page.get_by_role("button", name="Undo").click()
    assert page.evaluate("gameHandler.getBoard()")[0] == [1, 2, 2, 1]


def test_solve_clears_a_generated_kshisen_board(open_app):
    page = open_app("?game=linkup&lang=en&speed=0")
    page.get_by_role("tabpanel").get_by_label("Size").select_option("kshisen")
    page.get_by_label("Seed").fill("3")
    page.get_by_role("button", name="New board").click()
    expect(status(page)).to_have_text("New board: seed 3.", timeout=30_000)
    assert page.evaluate("gameHandler.getBoard()") == generate(8, 18, 36, 4, 3).grid()
    page.get_by_role("button", name="Solve").click()
    expect(status(page)).to_have_text("Cleared: 72 pairs", timeout=60_000)
    page.wait_for_function("gameHandler.isCleared()", timeout=30_000)
    expect(page.locator("#linkup-moves")).to_have_text("Tiles left: 0")


def test_new_board_with_chosen_kinds(open_app):
    page = open_app("?game=linkup&lang=en")
    page.get_by_role("tabpanel").get_by_label("Size").select_option("small")
    page.get_by_label("Kinds × tiles").select_option("12")
    page.get_by_label("Seed").fill("5")
    page.get_by_role("button", name="New board").click()
    expect(status(page)).to_have_text("New board: seed 5.")
    assert page.evaluate("gameHandler.getBoard()") == generate(4, 6, 12, 2, 5).grid()


def test_a_board_that_cannot_be_cleared_says_so(open_app):
    page = open_app("?game=linkup&lang=en")
    paste_board(page, "[[1,2],[2,1]]")
    page.get_by_role("button", name="Solve").click()
    expect(status(page)).to_have_text("Cannot be cleared", timeout=30_000)
    assert page.evaluate("gameHandler.getBoard()") == [[1, 2], [2, 1]]
    page.get_by_role("button", name="Hint").click()
    expect(status(page)).to_contain_text("can no longer be cleared", timeout=30_000)


def test_share_opens_the_same_board(open_app, context):
    page = open_app("?game=linkup&lang=en")
    board = generate(4, 6, 6, 4, 9)
    paste_board(page, board.to_code())
    page.get_by_role("button", name="Share").click()
    link = page.get_by_role("textbox", name="Link to this board").input_value()
    assert "game=linkup" in link
    other = context.new_page()
    other.goto(link)
    other.wait_for_selector("html[data-app-state=ready]")
    assert other.evaluate("gameHandler.getBoard()") == board.grid()
    other.close()


def test_bad_link_and_bad_paste_show_messages(open_app):
    code = generate(4, 6, 6, 4, 2).to_code()
    tampered = code[:8] + ("2" if code[8] != "2" else "3") + code[9:]
    page = open_app("?game=linkup&lang=en&board=" + quote(tampered))
    expect(page.get_by_role("alert").filter(visible=True)).to_contain_text("checksum does not match")
    default = page.evaluate("gameHandler.getBoard()")
    assert default == generate(4, 6, 6, 4, 1).grid()
    paste_board(page, "[[1,2,2]]")
    expect(page.get_by_role("alert").filter(visible=True)).to_contain_text("kind 1 appears once")
    assert page.evaluate("gameHandler.getBoard()") == default
    assert Board.parse(code).tiles() == 24
