"""Share on a phone: the system's share sheet where there is one, the link box when it fails (never an
unhandled rejection), and no older link handed on from a refused draft. Share's rules are also run on a
fake page (tests/test_midend_rules.py, tests/test_midend_page.py)."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_share_uses_the_system_sheet_falls_back_to_the_box_and_never_hands_on_an_older_link(open_game):
    """One page: the sheet gets the link and its success is said; a sheet that refuses leaves the link in
    the box, handled as it happens (never an unhandled rejection, even for a moment); then a draft with no
    曹操: Share refuses it and hands the sheet nothing, not the link made before."""
    page = open_game("?game=huarong&lang=en", "phone", solver=False)
    page.evaluate("() => { window.__shared = []; navigator.share = async (d) => { window.__shared.push(d.url); }; }")
    page.button("Share").click()
    page.wait_for_function("window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert "game=huarong" in shared and "board=" in shared, shared
    expect(page.status()).to_have_text("Shared.")
    # the sheet refuses: the box has the link, and nothing is unhandled
    page.evaluate(
        """() => {
        window.__unhandled = 0;
        addEventListener("unhandledrejection", () => { window.__unhandled += 1; });
        navigator.share = () => Promise.reject(new DOMException('no', 'NotAllowedError'));
    }"""
    )
    page.button("Share").click()
    expect(page.panel.get_by_role("textbox", name="Link to this board")).to_have_value(re.compile("game=huarong"))
    page.wait_for_timeout(300)
    assert page.evaluate("window.__unhandled") == 0
    expect(page.status()).not_to_have_text("Shared.")
    # a refused draft: no sheet at all
    page.evaluate("() => { navigator.share = async (d) => { window.__shared.push(d.url); }; }")
    page.button("Edit").click()
    page.locator("#hr-edit-board .hr-piece.boss").click()
    page.keyboard.press("Delete")
    page.button("Share").click()
    expect(page.alert()).to_have_text(re.compile("no piece 1"))
    page.wait_for_timeout(300)
    assert page.evaluate("window.__shared.length") == 1
