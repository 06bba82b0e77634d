"""The app shell in Chromium: tabs, languages, readiness flags, offline loading."""

import re

import pytest
from playwright.sync_api import expect

from app.i18n import t
from puzzles.games import NAMES

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("game, tab", [(game, t("tab_" + game)) for game in NAMES])
def test_each_game_opens_ready_with_its_solver(open_game, game, tab):
    page = open_game("?game=%s&lang=en" % game)
    expect(page.get_by_role("tab", name=tab)).to_have_attribute("aria-selected", "true")
    expect(page.panel).to_be_visible()
    expect(page.locator("#solver-note")).to_have_text(re.compile(r"Solver: ready \(Python 3\.\d+"))
    assert page.evaluate("document.documentElement.dataset.solverState") == "idle"


def test_tabs_by_mouse_and_keyboard(open_game):
    page = open_game("?lang=en")
    page.get_by_role("tab", name="Link-up").click()
    expect(page.get_by_role("tab", name="Link-up")).to_have_attribute("aria-selected", "true")
    expect(page.page).to_have_url(re.compile("game=linkup"))
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("tab", name="Sliding puzzle")).to_be_focused()
    expect(page.get_by_role("tab", name="Sliding puzzle")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Home")
    expect(page.get_by_role("tab", name="Huarong Road")).to_have_attribute("aria-selected", "true")


def test_chinese_and_the_language_switch(open_game):
    page = open_game("?lang=zh")
    expect(page.get_by_role("tab", name="华容道")).to_be_visible()
    expect(page.get_by_role("button", name="求解")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    page.get_by_role("button", name="Switch to English").click()
    expect(page.get_by_role("button", name="Solve")).to_be_visible()
    expect(page.get_by_role("tab", name="Huarong Road")).to_be_visible()
    expect(page.page).to_have_url(re.compile("lang=en"))


def test_nothing_is_fetched_from_outside(open_game):
    page = open_game("?lang=en")
    watch_requests = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert watch_requests, "the page loaded resources"
    assert all(u.startswith(("http://127.0.0.1:", "blob:")) for u in watch_requests), watch_requests
