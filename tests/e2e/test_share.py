"""Share: the system's share sheet where there is one, the link box when it fails, and no older link
handed on from a refused draft."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_share_opens_the_system_share_sheet_where_there_is_one(open_game):
    page = open_game("?game=sliding&lang=en", "phone", solver=False)
    page.evaluate("() => { navigator.share = async (d) => { window.__shared = d; }; }")
    page.button("Share").click()
    page.wait_for_function("window.__shared !== undefined")
    shared = page.evaluate("window.__shared")
    assert "game=sliding" in shared["url"] and "board=" in shared["url"], shared
    expect(page.status()).to_have_text("Shared.")


def test_share_from_a_refused_draft_opens_no_sheet_with_an_older_link(open_game):
    """A link was shared; then the editor's draft has no 曹操: Share refuses the draft, and must not
    hand the system sheet the link made before."""
    page = open_game("?game=huarong&lang=en", "phone", solver=False)
    page.evaluate("() => { window.__shared = []; navigator.share = async (d) => { window.__shared.push(d.url); }; }")
    page.button("Share").click()
    page.wait_for_function("window.__shared.length === 1")
    page.button("Edit").click()
    page.locator("#hr-edit-board .hr-piece.boss").click()
    page.keyboard.press("Delete")
    page.button("Share").click()
    expect(page.alert()).to_have_text(re.compile("no piece 1"))
    page.wait_for_timeout(300)
    assert page.evaluate("window.__shared.length") == 1


def test_share_falls_back_to_the_box_when_the_sheet_fails(open_game):
    """The sheet's refusal is handled as it happens: never an unhandled rejection, even for a moment."""
    page = open_game("?game=huarong&lang=en", "phone", solver=False)
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
