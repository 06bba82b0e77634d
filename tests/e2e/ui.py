"""What the end-to-end tests do on every game's page, as a user would."""


def paste_board(page, text):
    """Open the open panel's "Paste a board" box (unless it is open), fill it in and press Load."""
    panel = page.get_by_role("tabpanel")
    box = panel.locator("details.paste").filter(has=page.get_by_text("Paste a board", exact=True))
    if box.get_attribute("open") is None:
        box.get_by_text("Paste a board", exact=True).click()
    panel.get_by_role("textbox", name="Paste a board").fill(text)
    panel.get_by_role("button", name="Load").click()
