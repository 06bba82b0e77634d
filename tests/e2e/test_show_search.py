"""Link-up's "Show the search" (显示搜索过程): with the box ticked, two tiles picked show the course's BFS on
the board — frontier and visited marks wave by wave, then the path — before the pair goes; Skip, a
click or a key shows the end at once; reduced motion shows only the end; a pair that needs three turns
is refused, said in the status; the box is saved with the game; 中文 on a phone, axe clean."""

import re

import pytest
from pages import axe_serious
from playwright.sync_api import expect

from app.i18n import t

pytestmark = pytest.mark.e2e

# two 1s joined along row 0 then down the right side (one turn): a search of about seventeen waves
SPARSE = "[" + ",".join(
    "[" + ",".join(str(v) for v in row) + "]"
    for row in [[1] + [0] * 9] + [[0] * 10 for _ in range(2)] + [[0] * 4 + [2] + [0] * 5]
    + [[0] * 5 + [2] + [0] * 4] + [[0] * 10 for _ in range(2)] + [[0] * 9 + [1]]) + "]"
# the 1s are joined only with three turns; two 3s side by side on the corner join with one
THREE_TURNS = "[[1,3,0],[3,0,3],[0,3,1]]"

# every change of the board's marks noted: how many frontier marks each showed, and whether the first
# tile was still there then; ``after`` counts the frontier marks shown once window.__skipped is set
WATCH = """() => {
  const board = document.querySelector('#lu-board');
  window.__marks = {frontier: 0, whileTile: false, after: 0};
  window.__skipped = false;
  new MutationObserver(() => {
    const f = board.querySelectorAll('[data-search="frontier"]').length;
    if (!f) return;
    window.__marks.frontier++;
    if (window.__skipped) window.__marks.after++;
    if (gameHandler.getBoard()[0][0]) window.__marks.whileTile = true;
  }).observe(board, {subtree: true, attributes: true, childList: true});
}"""


def marks(page, kind):
    return page.locator('#lu-board [data-search="%s"]' % kind)


def toggle(page, lang="en"):
    return page.page.get_by_role("checkbox", name=t("lu_search_toggle", lang))


def pick_the_far_pair(page):
    """The sparse board, Show the search ticked, the marks watched, then (0, 0) and (7, 9) picked."""
    page.paste_board(SPARSE)
    toggle(page).check()
    page.evaluate(WATCH)
    page.tile(0, 0).click()
    page.tile(7, 9).click()


def gone(page, r, c):
    page.wait_for_function("gameHandler.getBoard()[%d][%d] === 0" % (r, c))


def test_the_search_is_shown_wave_by_wave_then_the_pair_goes_and_skip_shows_the_end_at_once(open_game, server_url):
    """The far pair picked: its search drawn wave by wave, then the path, then the pair goes; the next pick
    clears the marks. Then, on the board pasted again: Skip shows the end at once (no wave after it), and
    after Undo, any key does too."""
    page = open_game("?game=linkup&lang=en")
    pick_the_far_pair(page)
    gone(page, 0, 0)
    seen = page.evaluate("window.__marks")
    assert seen["frontier"] >= 5, "the frontier drawn wave by wave"
    assert seen["whileTile"], "the marks come before the pair goes"
    expect(marks(page, "frontier")).to_have_count(0)
    expect(marks(page, "path")).to_have_count(17)  # (0,0) along row 0, down column 9
    assert marks(page, "seen").count() > 30
    expect(page.status()).to_have_text(re.compile(r"^The search found a path \(turns: 1\) after \d+ states: pair "
                                                  r"removed, 2 tiles left\.$"))
    assert not axe_serious(page.page, server_url), "the marks: nothing serious for axe"
    page.tile(3, 4).click()  # the next pick: the last search's marks go
    expect(marks(page, "path")).to_have_count(0)

    pick_the_far_pair(page)
    expect(marks(page, "frontier").first).to_be_attached()
    skip = page.page.get_by_role("button", name="Skip")
    skip.click()
    page.evaluate("window.__skipped = true")
    gone(page, 0, 0)
    expect(marks(page, "path")).to_have_count(17)
    expect(skip).to_be_hidden()
    assert page.evaluate("window.__marks.after") == 0, "no wave after Skip"
    page.undo()
    expect(page.tile(0, 0)).to_be_visible()
    page.evaluate(WATCH)
    page.tile(0, 0).click()
    page.tile(7, 9).click()
    expect(marks(page, "frontier").first).to_be_attached()
    page.keyboard.press("Shift")  # any key
    page.evaluate("window.__skipped = true")
    gone(page, 0, 0)
    expect(marks(page, "frontier")).to_have_count(0)
    expect(page.status()).to_contain_text("The search found a path")


def test_reduced_motion_shows_the_end_at_once_and_three_turns_are_refused_in_chinese(open_game):
    page = open_game("?game=linkup&lang=zh", "phone")
    page.emulate_media(reduced_motion="reduce")
    page.paste_board(THREE_TURNS)
    toggle(page, "zh").check()
    page.evaluate(WATCH)
    page.tile(0, 0).tap()
    page.tile(2, 2).tap()
    expect(page.status()).to_have_text(re.compile(r"^无法相连：这两个需要拐两次以上的弯（搜索了 \d+ 个状态）。$"))
    assert marks(page, "seen").count() >= 8, "the ring was searched"
    expect(marks(page, "path")).to_have_count(0)
    assert page.board()[0][0] == 1 and page.board()[2][2] == 1, "refused: the pair stays"
    page.tile(0, 1).tap()
    page.tile(1, 2).tap()
    gone(page, 0, 1)
    expect(marks(page, "path")).to_have_count(3)
    assert page.evaluate("window.__marks.frontier") == 0, "reduced motion: no wave drawn"
    expect(page.page.get_by_role("button", name=t("lu_search_skip", "zh"))).to_be_hidden()
    page.reload()
    expect(toggle(page, "zh")).to_be_checked()  # saved with the game
