"""Text that is no board, pasted into a game's "Paste a board" box, is said to be no board of that game
with what a board looks like, in the page's language, on a phone, in the alert and under the box itself
(where the player is looking, a screen below the alert); the board stays as it was."""

import json
import re

import pytest
from pages import either
from playwright.sync_api import expect

from puzzles import quote

pytestmark = pytest.mark.e2e

PROGRAM = "from collections import deque\n\ndef solve(board):\n    q = deque([board])\n    return len(q)\n"
SAID = {
    ("huarong", "en"): "is not a Huarong Road board: paste its JSON form",
    ("huarong", "zh"): "不是华容道棋盘：请粘贴 JSON 形式",
    ("linkup", "en"): "is not a Link-up board: paste its JSON form",
    ("linkup", "zh"): "不是连连看棋盘：请粘贴 JSON 形式",
    ("sliding", "en"): "is not a sliding-puzzle board: paste its JSON form",
    ("sliding", "zh"): "不是滑动谜题棋盘：请粘贴 JSON 形式",
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", ["huarong", "linkup", "sliding"])
def test_a_program_pasted_as_a_board_is_said_to_be_no_board(open_game, game, lang):
    page = open_game("?game=%s&lang=%s" % (game, lang), "phone", solver=False)
    before = page.board()
    page.paste_board(PROGRAM)
    alert = page.alert()
    expect(alert).to_contain_text(SAID[game, lang])
    expect(alert).to_contain_text(quote(PROGRAM))  # a bounded piece of the text, as typed
    assert page.board() == before
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
    under, below = area.bounding_box(), note.bounding_box()
    assert 0 <= below["y"] - (under["y"] + under["height"]) < 40, (under, below)  # right under the text area
    assert below["x"] >= 0 and below["x"] + below["width"] <= 390, below
    page.switch_language()  # said again in the other language, in both places
    other = "zh" if lang == "en" else "en"
    expect(note).to_contain_text(SAID[game, other])
    expect(page.alert()).to_contain_text(SAID[game, other])
    page.paste_board(json.dumps(before))  # a board: the note goes with the alert
    expect(note).to_be_hidden()
    expect(area).not_to_have_attribute("aria-invalid", "true")
    expect(page.alert()).to_be_hidden()
