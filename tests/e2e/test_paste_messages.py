"""Text that is no board, pasted into a game's "Paste a board" box, on a phone: said in the alert and
under the box itself (where the player is looking, a screen below the alert), both fitting the phone's
width, the box marked invalid and described by the note, in each language. What is said, and that it
goes with the alert, is tests/test_midend_rules.py's (on a fake page) and tests/test_paste_not_board.py's."""

import json
import re

import pytest
from pages import either
from playwright.sync_api import expect

from helpers import NOT_A_BOARD_SAID, PASTED_PROGRAM
from puzzles import quote

pytestmark = pytest.mark.e2e

GAMES = ["huarong", "linkup", "sliding"]
# The text area of id ``id`` and its note: where each is, read in one task.
BOXES = """(id) => [document.getElementById(id), document.getElementById(id + '-note')].map((e) => {
    const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; })"""


def said_under_the_box_on_a_phone(page, game: str, lang: str) -> None:
    """The alert says the text is no board of ``game`` in ``lang``, quoting it, fitting the phone; the box's
    note says the same right under its text area, which is marked invalid and described by the note."""
    alert = page.alert()
    expect(alert).to_contain_text(NOT_A_BOARD_SAID[game, lang])
    expect(alert).to_contain_text(quote(PASTED_PROGRAM))  # a bounded piece of the text, as typed
    alert.scroll_into_view_if_needed()
    box = alert.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box  # fits a 390 px phone's width
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not re.search(r"row \d+, column \d+|第 \d+ 行第 \d+ 列", alert.text_content())
    area = page.panel.get_by_role("textbox", name=either("paste_board"))
    note = page.locator("#%s-board-input-note" % game)  # the box's note (Huarong's script box has its own)
    expect(note).to_have_text(alert.text_content())  # the same words, under the box
    expect(area).to_have_attribute("aria-invalid", "true")
    expect(area).to_have_accessible_description(alert.text_content())
    area.scroll_into_view_if_needed()
    # both read at one moment (the page may still be building the parts a click opens, which can move both)
    under, below = page.evaluate(BOXES, area.get_attribute("id"))
    assert 0 <= below["y"] - (under["y"] + under["height"]) < 40, (under, below)  # right under the text area
    assert below["x"] >= 0 and below["x"] + below["width"] <= 390, below


def test_a_program_pasted_as_a_board_is_said_under_the_box_on_a_phone(open_game):
    """Each game by its tab, in one page: pasted in English, then said again in 中文 after the language
    switch (each game's words at each width); a board pasted then takes the note and the mark away."""
    first = open_game("?game=%s&lang=en" % GAMES[0], "phone", solver=False)
    before = {}
    for game in GAMES:
        page = first.show(game)
        before[game] = page.board()
        page.paste_board(PASTED_PROGRAM)
        said_under_the_box_on_a_phone(page, game, "en")
        assert page.board() == before[game]
    page.switch_language()
    for game in GAMES:
        page = page.show(game)
        said_under_the_box_on_a_phone(page, game, "zh")
        page.paste_board(json.dumps(before[game]))  # a board: the note goes with the alert
        expect(page.locator("#%s-board-input-note" % game)).to_be_hidden()
        expect(page.panel.get_by_role("textbox", name=either("paste_board"))).not_to_have_attribute(
            "aria-invalid", "true")
        expect(page.alert()).to_be_hidden()
