"""The board editor opens on the position on the board (the moves played so far), not on the layout the game
started from, in both languages, on a phone."""

import pytest
from pages import assert_in_viewport
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

WORDS = {"en": ("Edit", "Play this board"), "zh": ("编辑", "用这个棋盘")}


def pieces(grid: list) -> set:
    """The board's pieces as sets of cells, whatever their ids (the editor numbers pieces as the course does)."""
    cells: dict = {}
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v:
                cells.setdefault(v, set()).add((r, c))
    return {frozenset(s) for s in cells.values()}


def test_edit_opens_the_position_played(open_game):
    """On a phone, in one page: Huarong in English, then, after a switch to 中文, the sliding puzzle by its tab
    (a 3 × 3 board pasted): two moves played, Edit shows the board as played (Huarong's on the phone's
    screen), and Play this board plays it."""
    page = open_game("?game=huarong&lang=en", "phone", solver=False)
    start = page.board()
    assert page.move(7, "down") is True and page.move(7, "right") is True  # a soldier into the exit row
    played = page.board()
    assert pieces(played) != pieces(start)
    edit, play = WORDS["en"]
    page.panel.get_by_role("button", name=edit, exact=True).tap()
    drawn = page.locator("#hr-edit-board .hr-piece")
    expect(drawn).to_have_count(len(pieces(played)))
    assert_in_viewport(page, "#hr-edit-board")
    page.panel.get_by_role("button", name=play, exact=True).tap()
    expect(page.locator("#panel-huarong")).not_to_have_class("panel editing")
    assert pieces(page.board()) == pieces(played)

    page.switch_language()
    page = page.show("sliding")
    page.paste_board("3x3-123456780")
    assert page.move(8) is True and page.move(5) is True
    played = page.board()
    edit, play = WORDS["zh"]
    page.panel.get_by_role("button", name=edit, exact=True).tap()
    expect(page.locator("#panel-sliding")).to_have_class("panel editing")
    page.panel.get_by_role("button", name=play, exact=True).tap()
    expect(page.locator("#panel-sliding")).not_to_have_class("panel editing")
    assert page.board() == played
