"""Fixtures for the player-facing end-to-end tests: a page on a phone (390 × 844,
touch) or a desktop (1280 × 800) in a fresh browser context each, failing the
test on page errors, console errors or requests that leave this server."""

import pytest

DEVICES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "small-phone": {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


@pytest.fixture
def open_on(browser, server_url):
    """``open_on("?game=linkup&lang=zh", "phone")`` → a ready page in a new context of that device."""
    contexts = []
    problems = []

    def go(query: str = "?lang=en", device: str = "phone", solver: bool = False):
        ctx = browser.new_context(**DEVICES[device])
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: problems.append("page error: %s" % e))
        page.on("console", lambda m: m.type == "error" and problems.append("console error: %s" % m.text))
        page.on(
            "request",
            lambda r: r.url.startswith(("http://127.0.0.1:", "blob:", "data:")) or problems.append("left: " + r.url),
        )
        page.goto(server_url + query)
        page.wait_for_selector("html[data-app-state=ready]", timeout=30_000)
        if solver:
            page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
        return page

    yield go
    for page_ctx in contexts:
        for page in page_ctx.pages:
            if page.locator(".py-error").count():
                problems.append("python error: %s" % page.locator(".py-error").first.text_content())
        page_ctx.close()
    assert not problems, "\n".join(problems)
