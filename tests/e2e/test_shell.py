"""The app shell in Chromium: tabs, languages, readiness flags, offline loading."""

import re

import pytest
from playwright.sync_api import expect

from app.i18n import t
from puzzles.games import NAMES

pytestmark = pytest.mark.e2e


def ready_with_its_solver(page, game: str) -> None:
    """The game's tab is the selected one, its panel shown, the solver ready (said in English) and idle."""
    expect(page.get_by_role("tab", name=t("tab_" + game))).to_have_attribute("aria-selected", "true")
    expect(page.panel).to_be_visible()
    expect(page.locator("#solver-note")).to_have_text(re.compile(r"Solver: ready \(Python 3\.\d+"))
    assert page.evaluate("document.documentElement.dataset.solverState") == "idle"


def test_each_game_opens_ready_with_its_solver_and_the_tabs_and_languages_work(open_game):
    """Each game opened by its link is ready with its solver, its tab selected. On the first (Huarong, in
    English): nothing is fetched from outside this server; the tabs work by mouse (the URL follows) and by
    keyboard (an arrow key moves the focus and the selection, Home goes to the first). The last is opened
    in 中文: the tabs, Solve and the document's language are Chinese, and the language switch makes them
    English and puts ``lang=en`` in the URL."""
    first, *rest = NAMES
    page = open_game("?game=%s&lang=en" % first)
    ready_with_its_solver(page, first)
    watch_requests = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert watch_requests, "the page loaded resources"
    assert all(u.startswith(("http://127.0.0.1:", "blob:")) for u in watch_requests), watch_requests
    page.get_by_role("tab", name="Link-up").click()
    expect(page.get_by_role("tab", name="Link-up")).to_have_attribute("aria-selected", "true")
    expect(page.page).to_have_url(re.compile("game=linkup"))
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("tab", name="Sliding puzzle")).to_be_focused()
    expect(page.get_by_role("tab", name="Sliding puzzle")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Home")
    expect(page.get_by_role("tab", name="Huarong Road")).to_have_attribute("aria-selected", "true")

    for game in rest[:-1]:
        ready_with_its_solver(open_game("?game=%s&lang=en" % game), game)

    page = open_game("?game=%s&lang=zh" % rest[-1])
    expect(page.get_by_role("tab", name="华容道")).to_be_visible()
    expect(page.get_by_role("button", name="求解")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    page.get_by_role("button", name="Switch to English").click()
    expect(page.get_by_role("button", name="Solve")).to_be_visible()
    expect(page.get_by_role("tab", name="Huarong Road")).to_be_visible()
    expect(page.page).to_have_url(re.compile("lang=en"))
    ready_with_its_solver(page, rest[-1])
