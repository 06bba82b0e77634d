"""The frame of one game's panel: the parts every game shows the same way.

:class:`Frame` builds and owns the alert line, the status line, the move
counter, the progress box with its Cancel button, the share box, the paste
boxes and the playback controls, and says things in them in the page's
language (said again on a language switch: :meth:`Frame.relabel`).

Its interface: :meth:`button`, :meth:`select`, :meth:`paste_box` (controls),
:meth:`guard` / :meth:`guarded` (a handler's unexpected error goes to the
alert, :meth:`fault`), :meth:`say`, :meth:`say_progress`, :meth:`show_error`,
:meth:`show_puzzle_error`, :meth:`show_worker_error`, :meth:`clear_alert`, :meth:`offer`,
:meth:`refuse` and :meth:`celebrate`. It knows nothing of the game, the
session or the worker: handlers are handed in. It never imports the view.
"""

import asyncio

from pyscript import document, window
from pyscript.ffi import create_proxy

from app.dom import el, on
from app.view_errors import coded
from puzzles import PuzzleError
from puzzles.messages import render

REFUSE_MS = 450  # how long a refused move's mark shows
CELEBRATE_MS = 1400  # how long a win's moment lasts (see app.css: .celebrating)
# What counts as an action that takes the alert of the last one away (see Frame._on_action): a button
# pressed in the game's panel (not the alert's own offer), a picker or box of the panel changed (not a
# text being typed), and the header's Records button.
ACTION_BUTTONS = "button:not(.alert-action), [role=button]"
ACTION_PICKERS = "select, input:not([type=text])"
RECORDS_BUTTON = "#records-button"
_proxies: list = []  # the document listeners' proxies, kept alive


class Frame:
    """Owns: ``alert``, ``status``, ``counter``, ``progress`` (``progress_text``, ``cancel_btn``),
    ``share_box`` (``share_input``, ``share_progress``), ``pause_btn``, ``step_btn``, ``speed_select``,
    each paste box's note (``notes``); and what they say: ``status_key``, ``progress_key``, ``alert_error``."""

    def __init__(self, shell: object, game: str, panel: object) -> None:
        self.shell = shell
        self.game = game
        self.panel = panel
        self.celebrated = 0  # wins celebrated on this panel (drawn as data-celebrated, for the tests)
        self.share_now = False  # the share box's tick: a link to the position now, not the start
        self.share_link = None  # the link in the share box, or None while it is hidden
        self.status_key = ("ready", {})
        self.progress_key = None  # (key, values) of the progress line, said again on a language switch
        self.alert_error = None  # (code, values, fallback, prefix, near) of the alert shown, for a language switch
        self.notes = {}  # a paste box's text area id -> (its note, the text area): the alert said beside it
        self.near = ""  # the id of the paste box whose note says the alert too, or ""
        self.alert_shown = None  # whether the alert line holds a text (None: not known yet, so it is cleared)

    # ------------------------------------------------------------------ controls
    def button(self, parent: object, key: str, handler: object, cls: str = "") -> object:
        """A button labelled ``key`` whose click runs ``handler`` (guarded)."""
        b = el("button", parent, ("btn " + cls).strip(), type="button")
        self.shell.text(b, key)
        on(b, "click", self.guard(handler))
        return b

    def select(self, parent: object, key: str, id_: str) -> object:
        """A ``<select>`` with the label ``key`` above it."""
        lab = el("label", parent, "field")
        self.shell.text(el("span", lab), key)
        return el("select", lab, id=id_)

    def option_select(self, parent: object, name: str, key: str, choices: tuple, changed: object) -> object:
        """A picker for one of the game's options: ``key_<choice>`` labels each choice;
        ``changed(name, value)`` hears the player's choice."""
        select = self.select(parent, key, "%s-%s" % (self.game, name))
        for choice in choices:
            self.shell.text(el("option", select, value=choice), "%s_%s" % (key, choice))
        on(select, "change", self.guard(lambda e: changed(name, str(e.target.value))))
        return select

    def paste_box(self, parent: object, key: str, help_key: str, id_: str) -> tuple:
        """A folding box with a labelled text area and, under it, a note that repeats an alert about this
        box's text (``show_error(..., near=id_)``): on a phone the alert line is a screen above the box,
        where the player is not looking. Returns ``(box, textarea)``."""
        box = el("details", parent, "paste")
        self.shell.text(el("summary", box), key)
        lab = el("label", box, "stack")
        self.shell.text(el("span", lab, "help"), help_key)
        area = el("textarea", lab, rows="3", spellcheck="false", id=id_, aria_describedby=id_ + "-note")
        self.shell.text(area, key, "aria-label")
        self.notes[id_] = (el("p", box, "paste-note", id=id_ + "-note", hidden=True), area)
        return (box, area)

    def guard(self, handler: object) -> object:
        """Run a handler (sync or async); report an unexpected error in the alert."""

        def run(event: object) -> None:
            try:
                result = handler(event)
                if result is not None and hasattr(result, "send"):
                    asyncio.create_task(self.guarded(result))
            except Exception as e:
                self.fault(e)

        return run

    async def guarded(self, coro: object) -> None:
        """Await ``coro``; an unexpected error goes to :meth:`fault`."""
        try:
            await coro
        except Exception as e:
            self.fault(e)

    def fault(self, e: Exception) -> None:
        """An unexpected error of ours: the coded internal error in the alert (its type only, in the
        page's language); its own text goes to the console, never to the page."""
        window.console.warn("%s: %s" % (type(e).__name__, e))
        self.show_error("internal_error", {"error": type(e).__name__})

    # ------------------------------------------------------------------ the frame's parts
    def build_alert(self) -> None:
        """The alert line, and under it a button the alert may offer (:meth:`offer`), hidden until then.
        An alert belongs to the action that raised it: the next action takes it away before it runs
        (:meth:`_on_action`, listening ahead of every other listener of the page)."""
        self.alert = el("p", self.panel, "alert", role="alert", id=self.game + "-alert")
        self.offered = None  # the offered button's handler, while it shows
        self.offer_btn = self.button(self.panel, "open_saved", self._on_offer, "alert-action")
        self.offer_btn.setAttribute("hidden", "")
        proxy = create_proxy(self._on_action)
        _proxies.append(proxy)
        for kind in ("click", "change"):
            document.addEventListener(kind, proxy, True)  # capture: before the control's own handler

    def _on_action(self, event: object) -> None:
        """A press of a button of this game's panel (a piece or a tile too) or of Records, or a choice
        in a picker or a tick of the panel: an action, so the alert of the last one goes. The alert's
        own offer keeps it (it acts on it), and so do the header's language switch and the game tabs."""
        target = event.target
        if target is None:
            return
        if str(event.type) == "click":
            if target.closest(RECORDS_BUTTON) is not None:
                self.clear_alert()
                return
            node = target.closest(ACTION_BUTTONS)
        else:
            node = target.closest(ACTION_PICKERS)
        if node is not None and self.panel.contains(node):
            self.clear_alert()

    def offer(self, handler: object) -> None:
        """Show the alert's button ("Open your saved game instead"); a click runs ``handler``. It goes with
        the alert (:meth:`clear_alert`) or by :meth:`withdraw`."""
        self.offered = handler
        self.offer_btn.removeAttribute("hidden")

    def _on_offer(self, event: object) -> None:
        if self.offered is not None:
            self.offered(event)

    def withdraw(self) -> None:
        """Hide the alert's button (a move does this: nothing is written when none is offered)."""
        if self.offered is None:
            return
        self.offered = None
        self.offer_btn.setAttribute("hidden", "")

    def build_status(self) -> object:
        """The status line and the move counter; returns the counters' box (for more counters)."""
        statusbar = el("div", self.panel, "statusbar")
        self.status = el("p", statusbar, "status", role="status", id=self.game + "-status")
        meta = el("div", statusbar, "meta play-only")
        self.counter = el("p", meta, "counter", id=self.game + "-moves")
        return meta

    def build_playback(self, parent: object, speeds: tuple, speed: int, on_pause: object, on_step: object,
                       on_speed: object) -> None:
        pb = el("div", parent, "toolbar playback play-only")
        self.pause_btn = self.button(pb, "pause", on_pause)
        self.step_btn = self.button(pb, "step", on_step)
        self.speed_select = self.select(pb, "speed", self.game + "-speed")
        for ms in speeds:
            self.shell.text(el("option", self.speed_select, value=str(ms)), "speed_%d" % ms)
        if speed not in speeds:
            el("option", self.speed_select, value=str(speed), text="%d ms" % speed)
        self.speed_select.value = str(speed)
        on(self.speed_select, "change", on_speed)

    def build_progress(self, parent: object, build_extra: object, on_cancel: object) -> None:
        """The progress box: its title, its line, the game's extra display, Cancel."""
        self.progress = el("div", parent, "progress", hidden=True)
        self.shell.text(el("h3", self.progress), "progress")
        self.progress_text = el("p", self.progress, "progress-text")
        build_extra(self.progress)
        self.cancel_btn = self.button(self.progress, "cancel", on_cancel)

    def build_share(self, parent: object, on_copy: object, on_share: object) -> None:
        self.share_box = el("div", parent, "share", hidden=True)
        lab = el("label", self.share_box, "stack")
        self.shell.text(el("span", lab), "share_label")
        self.share_input = el("input", lab, type="text", readonly=True, id=self.game + "-share-link")
        self.button(self.share_box, "copy", on_copy)
        lab = el("label", self.share_box, "check")
        self.share_progress = el("input", lab, type="checkbox", id=self.game + "-share-progress")
        self.shell.text(el("span", lab), "share_progress")
        on(self.share_progress, "change", self.guard(lambda e: self._share_ticked(bool(e.target.checked), on_share)))

    def _share_ticked(self, ticked: bool, on_share: object) -> None:
        self.share_now = ticked
        on_share(None)

    def show_share(self, link: "str | None") -> None:
        """The share box with ``link`` in it, selected (``None``: the box hidden). The link is
        kept here (:attr:`share_link`), never read back from the box."""
        self.share_link = link
        if link is None:
            self.share_box.setAttribute("hidden", "")
            return
        self.share_input.value = link
        self.share_box.removeAttribute("hidden")
        self.share_input.focus()
        self.share_input.select()

    # ------------------------------------------------------------------ words
    def say(self, key: str, **values: object) -> None:
        """Put ``key`` in the status line (said again in the other language on a switch); a value that
        is a :class:`PuzzleError` (a move the rules refused) is said in the page's language too."""
        self.status_key = (key, values)
        lang = self.shell.lang
        shown = {k: (v.text(lang) if isinstance(v, PuzzleError) else v) for k, v in values.items()}
        self.status.textContent = self.shell.t(key, **shown)

    def mark(self, name: str, value: str) -> None:
        """A fact about the last answer on the status element (``data-<name>``), for the tests and the
        curious: which answers are worked out ahead, where an answer came from, positions searched."""
        self.status.setAttribute("data-" + name, value)

    def say_progress(self, key: "str | None", **values: object) -> None:
        """Put ``key`` in the progress box's line (``None`` empties it); said again on a language switch."""
        self.progress_key = None if key is None else (key, values)
        self.progress_text.textContent = "" if key is None else self.shell.t(key, **values)

    def show_progress_box(self, shown: bool) -> None:
        if shown:
            self.progress.removeAttribute("hidden")
        else:
            self.progress.setAttribute("hidden", "")
            self.say_progress(None)

    def show_error(self, code: str, values: dict, fallback: str = "", prefix: str = "", near: str = "") -> None:
        """An error in the alert line, in the page's language; ``prefix`` names where it came from;
        ``near``: the paste box (its text area's id) whose text it is about says it under the box too
        (its text area marked invalid)."""
        self.alert_error = (code, values, fallback, prefix, near)
        self.alert_shown = True
        text = render(code, self.shell.lang, values, fallback)
        self.alert.textContent = self.shell.t(prefix, msg=text) if prefix else text
        if near != self.near:
            self._note(self.near, "")
        self._note(near, text)

    def _note(self, near: str, text: str) -> None:
        """The note of the paste box ``near`` says ``text`` (hidden when empty; no box when ``near`` is "")."""
        if near in self.notes:
            note, area = self.notes[near]
            note.textContent = text
            note.hidden = not text
            if text:
                area.setAttribute("aria-invalid", "true")
            else:
                area.removeAttribute("aria-invalid")
        self.near = near if text else ""

    def notice(self, key: str) -> None:
        """The page's text ``key`` in the alert line (said again on a language switch, gone with the alert)."""
        self.show_error("", {}, "", key)

    def show_puzzle_error(self, e: Exception, prefix: str = "", near: str = "") -> None:
        """A :class:`PuzzleError` (code, values, English text) in the alert line (and ``near``, see
        :meth:`show_error`)."""
        self.show_error(getattr(e, "code", ""), getattr(e, "values", {}), str(e), prefix, near)

    def show_worker_error(self, err: dict) -> None:
        """An error object of the worker's protocol (``code``, ``values``, ``text``) in the alert line,
        through :func:`app.view_errors.coded`: a code not ours shows as the coded internal error."""
        code, values = coded(err)
        self.show_error(code, values)

    def clear_alert(self) -> None:
        """The alert (and its offer) goes; nothing is written when none shows (this runs on every action)."""
        if self.alert_error is None and self.offered is None and self.alert_shown is False:
            return
        self.alert_shown = False
        self.alert_error = None
        self.alert.textContent = ""
        self._note(self.near, "")
        self.withdraw()

    def relabel(self) -> None:
        """Say the status, the progress line and the alert again in the page's language."""
        self.say(self.status_key[0], **self.status_key[1])
        if self.progress_key is not None:
            self.say_progress(self.progress_key[0], **self.progress_key[1])
        if self.alert_error is not None:
            self.show_error(*self.alert_error)

    # ------------------------------------------------------------------ moments
    def refuse(self, *nodes: object) -> None:
        """A brief visual refusal of an illegal move on ``nodes`` (a shake, or a flash
        when the player asked for reduced motion)."""
        for node in nodes:
            if node is not None:
                node.classList.add("refused")
        asyncio.create_task(self._unrefuse(nodes))

    async def _unrefuse(self, nodes: tuple) -> None:
        await asyncio.sleep(REFUSE_MS / 1000)
        for node in nodes:
            if node is not None:
                node.classList.remove("refused")

    def celebrate(self) -> None:
        """A win's moment: the board glows once (CSS; still for those who asked for less motion)."""
        panel = self.panel
        panel.classList.add("celebrating")
        self.celebrated += 1
        panel.setAttribute("data-celebrated", str(self.celebrated))
        asyncio.create_task(self._end_celebration())

    async def _end_celebration(self) -> None:
        await asyncio.sleep(CELEBRATE_MS / 1000)
        self.panel.classList.remove("celebrating")
