"""The records panel: every game's personal records in one table each, and the
one place where they are all reset (a second press confirms). Opened by the
Records button in the header; drawn from :attr:`Shell.records`, never read back."""

from app.dom import clear, el, on
from app.records import clock_text
from puzzles.games import NAMES


class RecordsPanel:
    def __init__(self, shell: object, root: object, button: object) -> None:
        self.shell = shell
        self.button = button
        self.open = False
        self.confirming = False
        self.box = el("section", root, "records-panel", id="records-panel", hidden=True)
        self.box.setAttribute("aria-labelledby", "records-title")
        button.setAttribute("aria-expanded", "false")
        button.setAttribute("aria-controls", "records-panel")
        on(button, "click", lambda e: self.toggle())
        head = el("div", self.box, "records-head")
        shell.text(el("h2", head, id="records-title"), "records_title")
        self.reset_btn = el("button", head, "btn", type="button", id="records-reset")
        on(self.reset_btn, "click", lambda e: self.reset())
        close = el("button", head, "btn", type="button")
        shell.text(close, "close")
        on(close, "click", lambda e: self.toggle())
        self.body = el("div", self.box, "records-body")
        shell.on_lang(self.render)

    def toggle(self) -> None:
        self.open = not self.open
        self.confirming = False
        self.render()
        if self.open:
            self.box.focus()

    def reset(self) -> None:
        """The first press asks, the second erases every record of every game."""
        if not self.confirming:
            self.confirming = True
            self.render()
            return
        self.confirming = False
        self.shell.records.clear()
        self.shell.save_records()
        for name in NAMES:
            self.shell.view(name).records.records_changed()
        self.render()

    def render(self) -> None:
        self.button.setAttribute("aria-expanded", "true" if self.open else "false")
        if not self.open:
            self.box.setAttribute("hidden", "")
            return
        self.box.removeAttribute("hidden")
        self.box.setAttribute("tabindex", "-1")
        t = self.shell.t
        records = self.shell.records
        self.reset_btn.textContent = t("records_reset_confirm" if self.confirming else "records_reset")
        self.reset_btn.disabled = not records.count()
        self.reset_btn.classList.toggle("danger", self.confirming)
        clear(self.body)
        if not records.count():
            el("p", self.body, "help", text=t("records_none"))
            return
        for name in NAMES:
            keys = records.keys(name)
            if not keys:
                continue
            view = self.shell.view(name)
            table = el("table", self.body, "records-table")
            el("caption", table, text=t("tab_" + name))
            head = el("tr", el("thead", table))
            for key in ("records_board", "records_best", "records_wins"):
                el("th", head, text=t(key), scope="col")
            body = el("tbody", table)
            for key in keys:
                entry = records.get(name, key)
                tr = el("tr", body)
                el("th", tr, text=view.record_label(key), scope="row")
                el("td", tr, text=view.records.entry_text(entry) or clock_text(0))
                el("td", tr, text=str(entry["wins"]))
