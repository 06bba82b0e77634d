"""Hostile text thrown at every game's page: bad links, bad pastes, bad move
scripts. Each is refused with an alert, nothing breaks, the board stays."""

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from helpers import NASTY, hostile, hostile_scripts
from puzzles.games import GAMES

pytestmark = pytest.mark.e2e

# The page's parsers run on MicroPython: tests/test_micropython.py checks that it refuses every one of
# these texts (HOSTILE_PASTES per game, HOSTILE_SCRIPTS, the links' texts) with the same message, in
# English and 中文, as CPython. Here, fewer of them go through the page's own fields and links: each is
# refused with an alert, and the board stays.
# Links are read by the same parsers as pastes: the mutations (seed 2) go through them as links on
# MicroPython (tests/test_micropython.py); each link here is a page opened, so each game opens one.
PASTES = 25  # of each game's hostile texts (seed 1), pasted in one page
SCRIPTS = 25  # of the hostile move scripts (seed 3)
LINK_TEXTS = [NASTY[0], "%00\u202e💥<b>x</b>"]  # a 10,000-character board, and characters a URL escapes


def test_bad_pastes_are_refused_one_by_one(open_game):
    """Every game's, in one page (each by its tab)."""
    first = open_game("?game=%s&lang=en" % sorted(GAMES)[0], solver=False)
    for game in sorted(GAMES):
        page = first.show(game)
        panel = page.panel
        before = page.board()
        panel.locator("details.paste").first.locator("summary").click()
        box = panel.get_by_role("textbox", name="Paste a board")
        alert = panel.get_by_role("alert")
        for text in hostile(game, PASTES, 1):
            page.evaluate("() => { document.querySelectorAll('[role=alert]').forEach(a => a.textContent = ''); }")
            box.fill(text)
            panel.get_by_role("button", name="Load").click()
            expect(alert, "no alert for %r in %s" % (text[:60], game)).not_to_be_empty()
        assert page.board() == before, game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_bad_links_open_the_default_board_with_a_message(open_game, game):
    """One of the texts in each game's link, in turn (each text in each game is tests/test_midend_page.py's)."""
    text = LINK_TEXTS[sorted(GAMES).index(game) % len(LINK_TEXTS)]
    page = open_game("?game=%s&lang=en&board=%s" % (game, quote(text)), solver=False)
    expect(page.alert()).to_contain_text("The board in the link was not loaded")
    assert page.board() == GAMES[game].default().grid()


def test_bad_move_scripts_change_nothing(open_game):
    page = open_game("?game=huarong&lang=en", solver=False)
    panel = page.panel
    board = GAMES["huarong"].default()
    panel.get_by_text("Paste a move script", exact=True).click()
    box = panel.get_by_role("textbox", name="Paste a move script")
    for script in hostile_scripts(SCRIPTS, 3):
        page.evaluate("() => { document.querySelectorAll('[role=alert]').forEach(a => a.textContent = ''); }")
        box.fill(script)
        panel.get_by_role("button", name="Play script").click()
        expect(panel.get_by_role("alert")).not_to_be_empty()
    assert page.board() == board.grid()
    assert page.move_count() == 0
