"""Text that is no board, pasted into a game's "Paste a board" box, is said to be no board of that game
with what a board looks like, in the page's language, on a phone; the board stays as it was."""

import re

import pytest
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
