"""The rules every game shares (GameView), checked in the browser as a user meets them: saved games
through real reloads and links. Each game's rules of saves, links, messages and what goes when the board
changes are run on the fake page in tests/test_midend_rules.py."""

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from puzzles.games import GAMES
from puzzles.huarong.layouts import find_layout

pytestmark = pytest.mark.e2e

OTHER = find_layout("指挥若定").board  # another board than the default
BAD_LINK = "[[1,1,0],[1,1]]"


def move(page, board):
    """One legal Huarong move through gameHandler; returns the board after it."""
    pid, d = board.legal_moves()[0]
    assert page.evaluate("gameHandler.move(%d, '%s')" % (pid, d)) is True
    return board.move(pid, d)


def test_reload_keeps_the_moves_and_a_bad_link_offers_the_saved_game(open_game):
    """Huarong, through real reloads and links (each game's rules are tests/test_midend_rules.py's): a
    reload keeps the board, the moves, Redo and the option chosen; a board pasted over the link's is what a
    reload then keeps (the address has dropped the link's board); a bad link opens the default board with
    the alert and offers the saved game, which the offer's button (in 中文) opens."""
    game = "huarong"
    page = open_game("?game=%s&lang=en&board=%s" % (game, quote(OTHER.to_code())))
    b1 = move(page, OTHER)
    move(page, b1)
    page.undo()
    page.panel.locator("#huarong-metric").select_option("piece")
    page.reload()
    assert page.board() == b1.grid()
    assert page.move_count() == 1
    expect(page.get_by_role("button", name="Redo")).to_be_enabled()
    expect(page.panel.locator("#huarong-metric")).to_have_value("piece")
    # a new board pasted over a link's board is what a reload then keeps
    page.paste_board(GAMES[game].default().to_json())
    after = move(page, GAMES[game].default())
    # the address bar drops the link's board in a task of its own (replaceState lays the page out):
    # a reload in the very same millisecond would still carry it
    page.wait_for_function("!location.search.includes('board=')")
    page.reload()
    assert page.board() == after.grid()
    # a bad link: the default board, the alert, and the saved game offered
    page = page.open("?game=%s&lang=en&board=%s" % (game, quote(BAD_LINK)), solver=False)
    expect(page.alert()).to_contain_text("The board in the link was not loaded")
    assert page.board() == GAMES[game].default().grid()  # the contract: the default board instead
    expect(page.panel.get_by_role("button", name="Open your saved game instead")).to_be_visible()
    page.switch_language()
    page.panel.get_by_role("button", name="改为打开你保存的棋局").click()
    expect(page.alert()).to_be_hidden()
    assert page.board() == after.grid() and page.move_count() == 1
    expect(page.panel.get_by_role("button", name="改为打开你保存的棋局")).to_be_hidden()
