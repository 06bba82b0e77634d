"""The Code panel's output pane (role=log) with nothing in it: a quiet "No output" line in the page's
colours, not an empty dark box; output, once printed, in the dark pane. Both languages, a phone, and
the forced-colours (high contrast) theme."""

import pytest
from playwright.sync_api import expect

from app.i18n import t

pytestmark = pytest.mark.e2e

SILENT = "def slidingPuzzle(board):\n    return -1\n"
# what the pane shows: its background, and the text its ::before draws when it is empty
LOOK = """(el) => [getComputedStyle(el).backgroundColor,
  getComputedStyle(el, '::before').content, el.getBoundingClientRect().height]"""
DARK = "rgb(31, 26, 20)"


def test_no_output_is_a_quiet_line_and_output_shows_in_the_pane(open_game):
    """On a phone, in English: the pane's name, and its quiet line before any run and after a run that
    printed nothing; after a switch to 中文 the name and the quiet line follow, in the high-contrast theme too;
    printed output in the dark pane."""
    lang = "en"
    page = open_game("?game=sliding&lang=%s" % lang, "phone")
    code = page.code_panel().open()
    log = code.log()
    expect(log).to_have_accessible_name(t("code_output", lang))
    quiet = '"%s"' % t("code_no_output", lang)
    background, said, height = log.evaluate(LOOK)
    assert background != DARK and said == quiet, (background, said)  # before any run
    code.write(SILENT)
    code.run()
    code.wait_idle()
    expect(code.page.panel.get_by_role("status").last).not_to_be_empty()
    background, said, height = log.evaluate(LOOK)
    assert background != DARK and said == quiet and height < 40, (background, said, height)  # printed nothing
    expect(log).to_have_text("")
    other = code.switch_language()
    expect(log).to_have_accessible_name(t("code_output", other))
    _, said, height = log.evaluate(LOOK)
    assert said == '"%s"' % t("code_no_output", other) and height < 40, (said, height)  # follows the language
    page.page.emulate_media(forced_colors="active")
    assert log.evaluate(LOOK)[1] == '"%s"' % t("code_no_output", other)  # the high-contrast theme too
    page.page.emulate_media(forced_colors="none")
    code.write(SILENT + "print('hello from the learner')\n")
    code.run()
    expect(log).to_contain_text("hello from the learner")
    background, said, _ = log.evaluate(LOOK)
    assert background == DARK and said in ("none", "normal"), (background, said)
