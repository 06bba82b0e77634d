"""The rules every game shares (GameView), checked in the browser as a user meets them: saved games
through real reloads and links, and no stale text after the board changes (a real solve and hint). Each
game's rules of saves, links and messages are run on the fake page in tests/test_midend_rules.py."""

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from puzzles.games import GAMES
from puzzles.huarong.layouts import find_layout
from puzzles.linkup import generate, joinable_pairs
from puzzles.sliding import shuffled

pytestmark = pytest.mark.e2e


def _huarong_move(board):
    pid, d = board.legal_moves()[0]
    return "gameHandler.move(%d, '%s')" % (pid, d), board.move(pid, d)


def _linkup_move(board):
    a, b = joinable_pairs(board)[0]
    c = board.cols
    return "gameHandler.connect(%d, %d, %d, %d)" % (a // c, a % c, b // c, b % c), board.remove(a, b)


def _sliding_move(board):
    tile = board.movable()[0]
    return "gameHandler.move(%d)" % tile, board.slide(tile)


# game -> (another board than the default, how to make one legal move, a bad link, an option to change)
CASES = {
    "huarong": (find_layout("指挥若定").board, _huarong_move, "[[1,1,0],[1,1]]", ("metric", "piece")),
    "linkup": (generate(4, 6, 6, 4, 7), _linkup_move, "1.4x6.363663451152414146535222.zz", None),
    "sliding": (shuffled(3, 3, 5), _sliding_move, "3x3-12345678", ("mode", "fast")),
}


def move(page, game, board):
    """One legal move through gameHandler; returns the board after it."""
    call, after = CASES[game][1](board)
    assert page.evaluate(call) not in (False, [])
    return after


def test_reload_keeps_the_moves_and_a_bad_link_offers_the_saved_game(open_game):
    """Huarong, through real reloads and links (each game's rules are tests/test_midend_rules.py's): a
    reload keeps the board, the moves, Redo and the option chosen; a board pasted over the link's is what a
    reload then keeps (the address has dropped the link's board); a bad link opens the default board with
    the alert and offers the saved game, which the offer's button (in 中文) opens."""
    game = "huarong"
    other, _, bad, option = CASES[game]
    page = open_game("?game=%s&lang=en&board=%s" % (game, quote(other.to_code())))
    b1 = move(page, game, other)
    move(page, game, b1)
    page.undo()
    page.panel.locator("#%s-%s" % (game, option[0])).select_option(option[1])
    page.reload()
    assert page.board() == b1.grid()
    assert page.move_count() == 1
    expect(page.get_by_role("button", name="Redo")).to_be_enabled()
    expect(page.panel.locator("#%s-%s" % (game, option[0]))).to_have_value(option[1])
    # a new board pasted over a link's board is what a reload then keeps
    page.paste_board(GAMES[game].default().to_json())
    after = move(page, game, GAMES[game].default())
    # the address bar drops the link's board in a task of its own (replaceState lays the page out):
    # a reload in the very same millisecond would still carry it
    page.wait_for_function("!location.search.includes('board=')")
    page.reload()
    assert page.board() == after.grid()
    # a bad link: the default board, the alert, and the saved game offered
    page = page.open("?game=%s&lang=en&board=%s" % (game, quote(bad)), solver=False)
    expect(page.alert()).to_contain_text("The board in the link was not loaded")
    assert page.board() == GAMES[game].default().grid()  # the contract: the default board instead
    expect(page.panel.get_by_role("button", name="Open your saved game instead")).to_be_visible()
    page.switch_language()
    page.panel.get_by_role("button", name="改为打开你保存的棋局").click()
    expect(page.alert()).to_be_hidden()
    assert page.board() == after.grid() and page.move_count() == 1
    expect(page.panel.get_by_role("button", name="改为打开你保存的棋局")).to_be_hidden()


def test_no_stale_text_after_undo_reset_or_a_new_board(open_game):
    """Every game in one page: the first's board opened by a link, the others' pasted after their tab."""
    first = sorted(CASES)[0]
    page = open_game("?game=%s&lang=en&speed=0&board=%s" % (first, quote(CASES[first][0].to_code())))
    for game in sorted(CASES):
        if game != first:
            page = page.show(game)
            page.paste_board(CASES[game][0].to_code())
            expect(page.alert()).to_be_hidden()
            page.set_speed(0)
        no_stale_text(page, game)


def no_stale_text(page, game):
    panel = page.panel
    # a solve's outcome, its progress line, and a share link on screen
    panel.get_by_role("button", name="Solve").click()
    expect(page.status()).to_have_text(re.compile(r"^(Solved|Cleared): \d+"), timeout=60_000)
    page.wait_for_function("!document.querySelector('#%s-moves').dataset.playing" % game)
    expect(panel.locator(".progress-text")).to_contain_text(re.compile(r"positions? searched"))
    panel.get_by_role("button", name="Share").click()
    expect(panel.get_by_role("textbox", name="Link to this board")).to_be_visible()
    # Undo: the outcome, the progress and the link go
    panel.get_by_role("button", name="Undo").click()
    expect(page.status()).not_to_have_text(re.compile("Solved|Cleared"))
    expect(panel.locator(".progress")).to_be_hidden()
    expect(panel.get_by_role("textbox", name="Link to this board")).to_be_hidden()
    if game == "huarong":
        expect(panel.locator(".chart .bar")).to_have_count(0)
    # a hint, then Reset: the mark goes
    panel.get_by_role("button", name="Hint").click()
    expect(panel.locator(".hinted").first).to_be_attached(timeout=30_000)
    panel.get_by_role("button", name="Reset").click()
    expect(panel.locator(".hinted")).to_have_count(0)
    expect(page.status()).not_to_have_text(re.compile("Hint"))
    # a new board (pasted): nothing of the old one
    panel.get_by_role("button", name="Share").click()
    page.paste_board(GAMES[game].default().to_json())
    expect(panel.get_by_role("textbox", name="Link to this board")).to_be_hidden()
    expect(panel.locator(".progress")).to_be_hidden()
    expect(panel.locator(".hinted")).to_have_count(0)
