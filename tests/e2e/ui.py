"""What the end-to-end tests do on every game's page, as a user would."""

BOARD_IDS = {"huarong": "#hr-board", "linkup": "#lu-board", "sliding": "#sp-board"}


def paste_board(page, text):
    """Open the open panel's "Paste a board" box (unless it is open), fill it in and press Load."""
    panel = page.get_by_role("tabpanel")
    box = panel.locator("details.paste").filter(has=page.get_by_text("Paste a board", exact=True))
    if box.get_attribute("open") is None:
        box.get_by_text("Paste a board", exact=True).click()
    panel.get_by_role("textbox", name="Paste a board").fill(text)
    panel.get_by_role("button", name="Load").click()


def assert_in_viewport(page, selector):
    """The element is wholly inside the viewport where the page is now (no scrolling needed)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None, selector
    right, bottom = box["x"] + box["width"], box["y"] + box["height"]
    inside = box["x"] >= 0 and box["y"] >= 0 and right <= size["width"] + 0.5 and bottom <= size["height"] + 0.5
    assert inside, "%s at %r is not inside the %r viewport" % (selector, box, size)


AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ': ' + (n.failureSummary || ''))}));
}"""


def axe_serious(page, server_url):
    """The serious and critical violations axe-core (from npm, served by this server) finds on the page."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(url=server_url + "node_modules/axe-core/axe.min.js")
    found = page.evaluate(AXE_RUN)
    return [v for v in found if v["impact"] in ("serious", "critical")]
