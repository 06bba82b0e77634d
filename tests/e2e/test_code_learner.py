"""The Code panel as a learner meets it: shared links that open as a draft beside the learner's own code.
(Links that cannot be opened: tests/test_code_panel_page.py. Check's fairness to LeetCode 773 as stated, and
the editor on a phone: tests/e2e/test_code.py.)"""

import re
from urllib.parse import quote

import pytest
from pages import axe_serious
from playwright.sync_api import expect

from app.i18n import t
from code_programs import long_program
from puzzles.code_link import pack, unpack

pytestmark = pytest.mark.e2e


def saved_code(page, game: str):
    return page.evaluate("(g) => localStorage.getItem('bfs-puzzles.code.' + g)", game)


def editor_text(page):
    """The editor's whole text (CodeMirror draws only the lines in view)."""
    return page.evaluate("""() => [...document.querySelectorAll('.cm-content')].find((e) => e.offsetParent)
                                    .cmTile.root.view.state.doc.toString()""")


def test_shared_links_open_as_drafts_and_keep_replaces_the_saved_code(open_game, server_url):
    """One page where the learner has code of their own, and the links opened from it, each in a tab:

    * Share packs the code into the fragment (a program of 8,686 characters with Chinese comments comes back
      whole, in the reference format);
    * an older ``?code=`` link and a fragment in the reference packing open as a draft, the saved code
      untouched; the fragment's code stays with its game: after the Link-up tab, the address has dropped it, so
      a reload offers it to no game;
    * the shared link: a draft, the saved code untouched, nothing run; Keep replaces the saved code and the
      address drops the code, so a reload offers no draft.
    (Links that cannot be opened, cut or too long: tests/test_code_panel_page.py's, and a ``?code=`` too long or
    empty, tests/test_midend_page.py's; Discard, a reload that keeps the draft, and both languages:
    tests/test_code_panel_page.py's.)"""
    page = open_game("?game=huarong&lang=en")
    code = page.code_panel().open()
    shared = long_program()
    code.write(shared)
    code.button("code_share").click()
    link = page.panel.get_by_role("textbox", name=re.compile(re.escape(t("code_share_label", "en")[:10])))
    expect(link).to_have_value(re.compile("#code="))
    url = link.input_value()
    assert "#code=" in url and "code=" not in url.split("#")[0] and len(url) < 9000
    assert unpack(url.split("#code=")[1]) == shared, "the page's packing is the reference format"
    base = url.split("?")[0]
    mine = "def solve(board):\n    gameHandler.move(10, 'left')  # mine\n"
    code.write(mine)
    expect(code.editor()).to_contain_text("# mine")
    # the editor hands its text over once typing pauses: the learner's code is saved before a link opens
    page.wait_for_function("() => (localStorage.getItem('bfs-puzzles.code.huarong') || '').includes('# mine')")

    old = "def solve(board):\n    pass  # old link\n"
    for link in (base + "?game=huarong&lang=en&code=" + quote(old), base + "?game=huarong&lang=en#code=" + pack(old)):
        other = page.open_link(link)  # the older form, and the reference packing of the fragment
        there = other.code_panel()
        expect(there.status()).to_have_text(t("code_from_link_draft", "en"), timeout=30_000)
        assert editor_text(other.page) == old and saved_code(other.page, "huarong") == mine, link[:60]
        if "#code=" in link:
            # the Link-up tab: the address drops the code, so a reload offers it to no game (were the fragment
            # kept, Link-up's panel would take Huarong's code as its draft)
            linkup = other.show("linkup")
            other.page.wait_for_function("!location.hash && location.search.includes('game=linkup')")
            linkup.reload()
            assert linkup.page.locator(".code-draft:not([hidden])").count() == 0, "a reload offers no draft"
            expect(linkup.page.get_by_text(t("code_from_link_draft", "en"))).to_have_count(0)
        other.page.close()

    other = page.open_link(url)
    there = other.code_panel()
    expect(there.editor()).to_be_visible(timeout=30_000)
    expect(there.status()).to_have_text(t("code_from_link_draft", "en"))
    assert editor_text(other.page) == shared
    assert saved_code(other.page, "huarong") == mine, "the saved code is untouched while the draft is open"
    bar = other.panel.get_by_role("group", name=t("code_draft_group", "en"))
    assert axe_serious(other.page, server_url) == []
    other.wait_for_timeout(1500)  # opening a link never runs its code
    assert other.move_count() == 0 and there.log().text_content() == ""
    expect(there.button("code_run")).to_be_enabled()
    bar.get_by_role("button", name=t("code_keep", "en"), exact=True).click()
    expect(bar).to_be_hidden()
    expect(there.status()).to_have_text(t("code_kept", "en"))
    assert saved_code(other.page, "huarong") == shared
    other.page.wait_for_function("!location.hash && !location.search.includes('code=')")
    other.reload()  # the address no longer carries the code: a reload offers no draft again
    expect(other.code_panel().open().editor()).to_be_visible()
    expect(other.panel.get_by_role("group", name=t("code_draft_group", "en"))).to_be_hidden()
    assert editor_text(other.page) == shared
