"""The rules every game shares (GameView), checked on each game as a user meets them:
saved games and links, no stale text after the board changes, messages in 中文."""

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


@pytest.mark.parametrize("game", sorted(CASES))
def test_reload_keeps_the_moves_history_and_options(open_game, server_url, game):
    other, _, _, option = CASES[game]
    page = open_game("?game=%s&lang=en&board=%s" % (game, quote(other.to_code())))
    b1 = move(page, game, other)
    move(page, game, b1)
    page.undo()
    if option:
        page.panel.locator("#%s-%s" % (game, option[0])).select_option(option[1])
    page.reload()
    assert page.board() == b1.grid()
    assert page.move_count() == 1
    expect(page.get_by_role("button", name="Redo")).to_be_enabled()
    if option:
        expect(page.panel.locator("#%s-%s" % (game, option[0]))).to_have_value(option[1])
    # a new board pasted over a link's board is what a reload then keeps
    page.paste_board(GAMES[game].default().to_json())
    after = move(page, game, GAMES[game].default())
    # the address bar drops the link's board in a task of its own (replaceState lays the page out):
    # a reload in the very same millisecond would still carry it
    page.wait_for_function("!location.search.includes('board=')")
    page.reload()
    assert page.board() == after.grid()


def _saved_games(open_game) -> tuple:
    """Every game with a board of its own and one move on it, saved: the first game's board from a
    link, the others' pasted by their tab. ``(page, {game: the board after the move})``."""
    games = sorted(CASES)
    first = open_game("?game=%s&lang=en&board=%s" % (games[0], quote(CASES[games[0]][0].to_code())))
    after = {}
    for game in games:
        page = first if game == games[0] else first.show(game)
        other = CASES[game][0]
        if game != games[0]:
            page.paste_board(other.to_code())
        after[game] = move(page, game, other)
    return first, after


def test_a_bad_link_never_wipes_the_saved_game(open_game):
    """Each game's bad link (in the same page, its storage kept) opens the default board and offers the saved
    game; the plain page then reopens every saved game. The offer, taken in the last game (in 中文), opens it
    there and then, and a reload keeps it."""
    first, after = _saved_games(open_game)
    for game in sorted(CASES):
        page = first.open("?game=%s&lang=en&board=%s" % (game, quote(CASES[game][2])), solver=False)
        expect(page.alert()).to_contain_text("The board in the link was not loaded")
        assert page.board() == GAMES[game].default().grid(), game  # the contract: the default board instead
        expect(page.panel.get_by_role("button", name="Open your saved game instead")).to_be_visible()
    page.switch_language()
    page.panel.get_by_role("button", name="改为打开你保存的棋局").click()
    expect(page.alert()).to_be_hidden()
    assert page.board() == after[game].grid() and page.move_count() == 1, game
    expect(page.panel.get_by_role("button", name="改为打开你保存的棋局")).to_be_hidden()
    page.wait_for_function("!location.search.includes('board=')")  # the address drops the link's board (a task later)
    page.reload()
    assert page.board() == after[game].grid() and page.move_count() == 1, game
    # the plain page reopens every saved game, moves and all
    first = first.open("?lang=en", solver=False)
    for game in sorted(CASES):
        page = first.show(game)
        assert page.board() == after[game].grid(), game
        assert page.move_count() == 1, game
        expect(page.alert()).to_be_hidden()


def test_a_link_to_another_board_opens_that_board(open_game):
    first = open_game("?lang=en")
    for game in sorted(CASES):
        move(first.show(game), game, GAMES[game].default())
    for game in sorted(CASES):
        other = CASES[game][0]
        page = first.open("?game=%s&lang=en&board=%s" % (game, quote(other.to_json())), solver=False)
        assert page.board() == other.grid(), game
        assert page.move_count() == 0, game


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


# game -> (a bad board to paste, a bad link)
BAD = {
    "huarong": ("[[1,1,0],[1,1]]", "11/11/0!"),
    "linkup": ("[[1,2],[2]]", "1.2x2.1122.00"),
    "sliding": ("[[1,1],[2,0]]", "2x3-41250"),
}
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def assert_chinese(text, typed):
    """Chinese text whose only English is the user's own input, quoted."""
    rest = text.replace(typed, "")
    assert re.search(r"[\u4e00-\u9fff]", rest), text
    assert not ENGLISH_WORD.search(rest), text


@pytest.mark.parametrize("game", sorted(BAD))
def test_messages_about_bad_input_are_chinese_under_zh(open_game, server_url, game):
    paste, link = BAD[game]
    page = open_game("?game=%s&lang=zh&board=%s" % (game, quote(link)), solver=False)
    alert = page.alert()
    expect(alert).to_contain_text("链接中的棋盘未能载入")
    assert_chinese(alert.text_content(), link)
    panel = page.panel
    panel.get_by_text("粘贴棋盘", exact=True).click()
    panel.get_by_role("textbox", name="粘贴棋盘").fill(paste)
    panel.get_by_role("button", name="载入").click()
    expect(alert).not_to_contain_text("链接")
    assert_chinese(alert.text_content(), paste)
    if game == "huarong":
        script = "gameHandler.move(10, 'left')\ngameHandler.move(1, 'down')"
        panel.get_by_text("粘贴走法脚本", exact=True).click()
        panel.get_by_role("textbox", name="粘贴走法脚本").fill(script)
        panel.get_by_role("button", name="播放脚本").click()
        expect(alert).to_contain_text("第 2 行")
        assert_chinese(alert.text_content(), "")
    # the language switch says the same error in English
    page.get_by_role("button", name="Switch to English").click()
    assert ENGLISH_WORD.search(alert.text_content())


# game -> calls that must be refused (False / []) and change nothing, then one that must work
HOSTILE = {
    "huarong": (
        ["gameHandler.move(2**32 + 10, 'left')", "gameHandler.move(10.5, 'left')", "gameHandler.move(true, 'left')",
         "gameHandler.move(' 10 ', 'left')", "gameHandler.move(Infinity, 'left')", "gameHandler.move(10)",
         "gameHandler.move(10, 'left', 1)", "gameHandler.move(10, 'LEFT')", "gameHandler.move()"],
        "gameHandler.move(10, 'left')",
    ),
    "linkup": (
        ["gameHandler.connect(2**32 + 3, 4, 3, 5)", "gameHandler.connect(3, 4, 3)", "gameHandler.connect(3.5, 4, 3, 5)",
         "gameHandler.connect('3', 4, 3, 5)", "gameHandler.connect(NaN, 4, 3, 5)"],
        "gameHandler.connect(3, 4, 3, 5)",
    ),
    "sliding": (
        ["gameHandler.move(2**32 + 5)", "gameHandler.move(5, 1)", "gameHandler.move(true)", "gameHandler.move('5')",
         "gameHandler.move(5.5)", "gameHandler.move(-Infinity)", "gameHandler.move()"],
        "gameHandler.move(5)",
    ),
}


def test_game_handler_takes_only_exact_whole_numbers(open_game):
    """``gameHandler`` is the shown game's: each game's, shown by its tab in one page."""
    first = open_game("?lang=en", solver=False)
    for game in sorted(HOSTILE):
        page = first.show(game)
        before = page.board()
        refused, works = HOSTILE[game]
        for call in refused:
            assert page.evaluate(call) in (False, []), (game, call)
        assert page.board() == before and page.move_count() == 0
        assert page.evaluate(works) not in (False, [])
        assert page.board() != before


def test_speed_from_a_link_is_bounded(open_game):
    page = open_game("?game=sliding&lang=en&speed=99999999999999999999", solver=False)
    expect(page.panel.get_by_label("Speed")).to_have_value("5000")
    assert page.evaluate("gameHandler.move(5)") is True
