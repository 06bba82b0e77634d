"""The Code panel: the learner's own Python, run in a worker of its own and played on the board.

Handed in: the shell (words, URL parameters, language hooks), the game's spec, the
:class:`~app.session.Session` (the board on screen), the :class:`~app.frame.Frame`, the
:class:`~app.playback.Player` (a run's moves play as a Solve's do: pause, step, speed) and
the :class:`~app.jobs.Jobs` (the solver worker's protocol: the exact answers and Check's
hidden cases come from the SOLVER's worker, never from the learner's). It never imports
the view; Link-up's view asks :meth:`CodePanel.connect` for a clicked pair's path.

Its outside parts are JavaScript (``static/code.js``): the editor (CodeMirror, bundled at
set-up) and the learner's worker (``static/code-worker.js`` running ``py/code_runner.py``).
Everything that worker sends is input: parsed here, moves decoded by the game's spec and
played through ``spec.apply`` (:mod:`puzzles.code_check`), paths validated, sizes capped.
Stop ends the worker and starts a fresh one. A clock counts while a program runs; at the time
limit the worker runs on and Keep going is offered (a clicked pair's ``connect`` ends there). Run
takes the board as it stands (a Solve's answer playing stops), and a playback the player stops is
said as stopped. The code is kept per game in ``localStorage`` (the editor's text comes to Python
once typing pauses, or at once when the panel reads it; the DOM is never read). A link's code
(``#code=``, packed, or the older ``?code=``) opens as a draft beside the saved code, which only Keep
replaces.
"""

import asyncio
import json

from pyscript import window
from pyscript.ffi import create_proxy

from app.code_starters import is_starter, starter
from app.code_where import WhereLine
from app.dom import clear, el, into_view, next_task, on, sliced
from app.step_view import StepView, step_through
from puzzles import PuzzleError, load_module
from puzzles.code_check import (
    AnswerError,
    answer_text,
    check_path,
    decode_until_bad,
    decoding,
    exercise_of,
    judging,
    path_text,
    replay,
)
from puzzles.code_link import MAX_CODE

# A Run (or one of Check's cases) may take this long before the page asks whether to keep going; the
# worker goes on meanwhile, and Keep going gives it this long again. Set from the course's own Huarong BFS
# (tools/course_programs.py) Run in the page on a 2-core machine (tools/bench_code.py --course): at a load
# average of 4-11, 4.4 s median and 12.1 s slowest of five Runs, 14.3 s its slowest Check case; as the phone
# at a load of 22-28, 11.9 s median and 18.9 s slowest. About three times the slowest of them all.
TIME_LIMIT_S = 60
LOAD_LIMIT_S = 90  # the worker's Pyodide may take this long to start
MAX_MOVES = 10000  # moves one run may make
LOG_MAX = 20000  # characters the output pane holds (the worker sends at most as many a run)
MAX_OVER = 3  # Check's cases that crash the worker before it stops (the rest run in a fresh one)
SLICE_S = 0.005  # the page's own work (decoding, judging) gives the page back this often
FLOOD_PER_S = 10000  # messages a second that end the learner's worker (static/code.js's FLOOD_PER_S)
TABLE_ROWS = 30  # rows of Check's table shown (failing cases first)
POLL_S = 0.03
SAMPLE_S = 0.3  # Stop waits this long for the program to say where it is, then ends it
RESAMPLE_S = 2.0  # past the limit, a sample not answered by then is asked for again
STORE = "bfs-puzzles.code."


def _error_label(err: dict) -> tuple:
    """A result row's words for the learner's error: its line when it has one."""
    line = err.get("line")
    if isinstance(line, int) and not isinstance(line, bool):
        return ("code_error_case", {"line": line})
    return ("code_error", {})


def _number(x: object) -> "float | None":
    """A time in ms from the worker: a finite, non-negative number, else ``None``."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return None
    return float(x) if 0 <= x < 1e9 else None


def _now() -> float:
    return float(window.performance.now()) / 1000


class CodePanel:
    """State: ``text`` (the code), ``running`` (``None``, ``"run"``, ``"check"``, ``"call"``),
    ``worker`` (the JS handle of the learner's worker) and what it answered: ``ready``,
    ``failed``, ``done``, ``cases_in``."""

    def __init__(self, shell: object, spec: object, session: object, frame: object, player: object,
                 jobs: object) -> None:
        self.shell, self.spec, self.game = shell, spec, spec.name
        self.exercise = exercise_of(spec)  # what the learner writes, how it is judged
        self.session, self.frame, self.player, self.jobs = session, frame, player, jobs
        self.editor = None
        self.worker = None
        self.ready = False
        self.failed = None
        self.done = None
        self.cases_in = []
        self.parts = []  # the moves of the next case or done, as they arrive in parts
        self.used = None  # the program whose calls (Use my connect) the worker has run, if any
        self.outcome = None  # how the last request ended: done, stopped, timeout, failed, crashed
        self.rid = 0
        self.running = None
        self.stopped = False
        self.limit_s = TIME_LIMIT_S  # this request's limit: Keep going raises it
        self.offered = False  # the limit is reached and Keep going is offered
        self.sampled_at = 0.0  # when the program was last asked where it is
        self.elapsed = 0.0  # seconds of the request (Check: of its case under way), as the clock last saw them
        self.clock_s = -1  # the whole second the clock shows
        self.use_connect = False
        self.req = None  # the request under way (the board a sample of the program is on)
        self.shown = False  # the panel is open
        self.log_chars = 0
        self.status_key = None  # what the status line says: (key, values), drawn again by a language switch
        self.table_args = None  # Check's last table (cases, boards, rows), drawn again by a language switch
        self.first_fail = None  # its first failing case, (grid, args, note): what Step through may step
        saved = window.safeStorage.get(STORE + self.game)
        self.text = str(saved)[:MAX_CODE] if saved is not None else starter(self.game, shell.lang)
        self.draft = None  # while a link's code is on trial: the learner's own code, kept and saved
        self.link_said = None  # what opening the link's code said: (key, values)
        self.starter_undo = False  # Restore starter was the last change: its button brings the code back
        self.link_packed = None  # a link's packed code (#code=…): unpacked once the editor's bundle is loaded
        if shell.game == self.game:
            frag = str(window.location.hash or "")
            if frag.startswith("#code="):
                self.link_packed = frag[len("#code="):]
            else:
                self._take_link(*self._query_code())
        self._on_message = create_proxy(self._message)
        self._on_change = create_proxy(self._changed)

    @property
    def text(self) -> str:
        """The code: the editor's latest text (the editor hands it over once typing pauses; reading it
        takes what is pending at once)."""
        if self.editor is not None:
            self.editor.flush()
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value

    # ------------------------------------------------------------------ building
    def build(self, area: object) -> "CodePanel":
        """The Code button and its panel (folded), right after ``area`` (the board's): on a phone the
        row of game buttons has no room left for one more."""
        sh = self.shell
        self.area = area
        wrap = el("div", None, "code-wrap")
        area.parentNode.insertBefore(wrap, area.nextSibling)
        self.toggle = b = el("button", wrap, "btn code-toggle", type="button", aria_expanded="false",
                             aria_controls=self.game + "-code")
        sh.text(b, "code")
        on(b, "click", self.frame.guard(self._on_toggle))
        self.section = sec = el("section", wrap, "code-panel", hidden=True, id=self.game + "-code",
                                aria_labelledby=self.game + "-code-title", data_time_limit=TIME_LIMIT_S)
        sh.text(el("h2", sec, "code-title", id=self.game + "-code-title"), "code_title")
        sh.text(el("p", sec, "help"), "code_help_" + self.game)
        sh.text(el("p", sec, "help"), self.exercise.keys["coords"])  # once: the panel speaks the program's coordinates
        sh.text(el("p", sec, "help"), "code_limits", s=TIME_LIMIT_S, n=MAX_MOVES)
        sh.text(el("p", sec, "help keys-fine"), "code_keys")  # a keyboard and a mouse (pointer: fine)
        sh.text(el("p", sec, "help keys-touch"), "code_touch")  # a touch screen (pointer: coarse)
        self._build_draft(sec)
        self.host = el("div", sec, "code-editor")
        bar = el("div", sec, "toolbar code-buttons")
        self.run_btn = self.frame.button(bar, "code_run", self._on_run, "primary")
        self.step_btn = self.frame.button(bar, "code_step", lambda e: step_through(self))
        self.stop_btn = self.frame.button(bar, "code_stop", self._on_stop)
        self.keep_btn = self.frame.button(bar, "code_keep_going", self._on_keep_going)
        self.keep_btn.setAttribute("hidden", "")
        # the running clock: a timer (not a live region), so a screen reader is not told every second
        self.clock = el("span", bar, "code-clock", role="timer", aria_live="off", hidden=True)
        self.check_btn = self.frame.button(bar, "code_check", self._on_check)
        self.frame.button(bar, "code_starter", self._on_starter)
        self.undo_starter = self.frame.button(bar, "code_starter_undo", self._on_starter_undo)
        self.undo_starter.setAttribute("hidden", "")
        self.frame.button(bar, "code_share", self._on_share)
        if self.exercise.answer == "path":  # the learner's function may join the tiles a player clicks
            lab = el("label", bar, "check")
            self.connect_box = el("input", lab, type="checkbox", id=self.game + "-use-connect")
            sh.text(el("span", lab), "code_use_connect")
            on(self.connect_box, "change", self.frame.guard(lambda e: self._set_use(bool(e.target.checked))))
        self.share_box = lab = el("label", sec, "stack code-share", hidden=True)
        sh.text(el("span", lab), "code_share_label")
        self.share_input = el("input", lab, type="text", readonly=True, id=self.game + "-code-link")
        self.status = el("p", sec, "code-status", role="status", id=self.game + "-code-status")
        # where a slow program was (its line, its containers' sizes) at the time limit and on Stop
        where = el("p", sec, "code-where", aria_live="polite", hidden=True)
        self.where = WhereLine(sh.t, self.jobs.stepped, self.spec, where)
        self.steps = StepView(sh, self.frame, sec, self.status)  # Step through's view (the view hands it the board)
        self.steps.area = area
        self.steps.on_leave = self._steps_left
        # the steps are of the board they were recorded on: any change the session announces ends them
        self.session.subscribe(lambda kind: self.steps.leave())
        self.beyond = el("p", sec, "code-beyond")  # Check's cases beyond the exercise, counted apart
        self.beyond_args = None
        self.log = el("pre", sec, "code-log", role="log", tabindex="0", id=self.game + "-code-log")
        sh.text(self.log, "code_output", "aria-label")
        # Until a program prints, the pane is a quiet line saying so (app.css draws data-none), not an empty box.
        sh.text(self.log, "code_no_output", "data-none")
        self.log.setAttribute("data-empty", "")
        self.results = el("div", sec, "code-results")
        sh.on_lang(self._relabel)
        self.render()
        if self.link_said is not None or self.link_packed is not None:
            asyncio.create_task(self.frame.guarded(self._open_link()))
        return self

    def _take_link(self, link: "str | None", problem: "tuple | None") -> None:
        """What a link brought: its code on trial as a draft (when it differs from the learner's), or why it
        could not be opened; the learner's saved code is never touched here."""
        if problem is not None:
            self.link_said = problem
        elif link is not None and link != self.text:
            self.draft = self.text  # the link's code on trial; nothing saved is touched
            self.text = link
            if self.editor is not None:
                self.editor.set(link)
            self.link_said = ("code_from_link_draft", {})
        elif link is not None:
            self.link_said = ("code_from_link", {})

    async def _open_link(self) -> None:
        """Open the panel with the link's code (Share's packed form is unpacked by the editor's bundle, with
        the browser's own DecompressionStream) or the reason it could not be opened."""
        if self.link_packed is not None:
            await window.__code.loadEditor()
            got = await window.__codeEditor.unpack(self.link_packed)
            if got.ok:
                code = str(got.code)
                self._take_link(code if code else None, None)  # an empty code is no code
            elif str(got.why) == "too_long":
                self._take_link(None, ("code_link_too_long", {"n": int(got.n), "max": MAX_CODE}))
            else:
                self._take_link(None, ("code_link_damaged", {}))
            if self.draft is not None:
                self.draft_bar.removeAttribute("hidden")
        await self._open(True)
        if self.link_said is not None:
            self.say(self.link_said[0], **self.link_said[1])

    def _query_code(self) -> tuple:
        """The code a link of the older form carries in its query (``?code=``, still opened): ``(code,
        None)``, ``(None, (key, values))`` when it is too long, ``(None, None)`` when there is none. An empty
        code is no code: it never wipes anything."""
        link = self.shell.params.get("code")
        if link is None or not str(link):
            return None, None
        link = str(link)
        if len(link) > MAX_CODE:
            return None, ("code_link_too_long", {"n": len(link), "max": MAX_CODE})
        return link, None

    def _build_draft(self, sec: object) -> None:
        """The bar of a link's code on trial: Keep (it replaces the saved code) or Discard (the learner's
        own code comes back); until then the learner's code stays saved as it was."""
        self.draft_bar = bar = el("div", sec, "code-draft", role="group", hidden=self.draft is None)
        self.shell.text(bar, "code_draft_group", "aria-label")
        self.shell.text(el("p", bar, "help"), "code_draft_help")
        self.frame.button(bar, "code_keep", self._on_keep_draft, "primary")
        self.frame.button(bar, "code_discard", self._on_discard_draft)

    def _settle_link(self) -> None:
        """The link's code is decided: the bar goes, and the address no longer carries the code, so a
        reload opens the saved code."""
        self.draft = None
        self.draft_bar.setAttribute("hidden", "")
        self.shell.drop_code_param()

    def _on_keep_draft(self, event: object) -> None:
        self._settle_link()
        self._save()
        self.say("code_kept")

    def _on_discard_draft(self, event: object) -> None:
        mine = self.draft
        self._settle_link()
        if mine is not None:
            self._set_text(mine)
        self.say("code_discarded")

    def render(self) -> None:
        """The buttons from the state: Run and Check while nothing runs, Stop while something does."""
        busy = self.running is not None
        self.run_btn.disabled = busy
        self.step_btn.disabled = busy
        self.check_btn.disabled = busy
        self.stop_btn.disabled = not busy
        self.section.setAttribute("data-running", self.running or "")

    def say(self, key: "str | None", **values: object) -> None:
        """The panel's status line (role=status: Check's result is said here). A value that is a
        :class:`PuzzleError` (a move the rules refused) is said in the page's language each time the
        line is drawn."""
        self.status_key = None if key is None else (key, values)
        self.status.textContent = "" if key is None else self.words(key, values)

    def _steps_left(self) -> None:
        """The steps are gone: the status that told how to move through them goes with them."""
        if self.status_key is not None and self.status_key[0] == "step_ready":
            self.say(None)

    def words(self, key: str, values: dict) -> str:
        """``key`` with ``values`` in the page's language (errors among them rendered in it too)."""
        lang = self.shell.lang
        shown = {k: (v.text(lang) if isinstance(v, PuzzleError) else v) for k, v in values.items()}
        return self.shell.t(key, **shown)

    def _relabel(self) -> None:
        if self.running is not None:
            self.clock_s = -1  # the clock in the new language at once
            self._over_limit(self.elapsed)
        if self.status_key is not None:
            self.say(self.status_key[0], **self.status_key[1])
        if self.table_args is not None:
            self._table(*self.table_args)
        if self.beyond_args is not None:
            self._say_beyond(*self.beyond_args)
        self.where.show()
        if self.editor is not None:
            self.editor.label(self._label())
        if is_starter(self.game, self.text) and self.text != starter(self.game, self.shell.lang):
            self._set_text(starter(self.game, self.shell.lang))  # the editor, made later, shows it too

    def _case_label(self, case: dict) -> str:
        """A case's name in the page's language (Huarong's are its layouts' names: the worker sends the
        Chinese one, the layouts' table has both; a Link-up case is its board's size and seed and its pair,
        ``8x18 seed 3 (6,17)-(7,1)``, the seed in the page's words, ``seed 3`` and the pair each on one line)."""
        label = str(case["label"])
        if case.get("set") == "beyond":  # Sliding's 3 x 3 boards: the set's name, then the board's number
            return self.shell.t("code_beyond_case", n=label.rsplit("#", 1)[-1])
        seed, size, args = case.get("seed"), case.get("size"), case.get("args")
        if isinstance(seed, int) and isinstance(size, str) and isinstance(args, list):
            if len(args) == 4 and all(isinstance(x, int) for x in args):
                seed_words = self.shell.t("code_seed", n=seed)
                return "%s %s (%d,%d)\u2011(%d,%d)" % (size, seed_words, args[0], args[1], args[2], args[3])
        layout = load_module(self.spec.layouts).find_layout(label) if self.spec.layouts else None
        return layout.en if layout is not None and self.shell.lang == "en" else label

    def _label(self) -> str:
        return self.shell.t("code_editor_label", game=self.shell.t("tab_" + self.game))

    # ------------------------------------------------------------------ opening, the editor
    async def _on_toggle(self, event: object) -> None:
        await self._open(not self.shown)

    async def _open(self, shown: bool) -> None:
        self.shown = shown
        if not shown:
            self.steps.leave()  # the steps live in the panel: closing it brings the game's board back
            self.section.setAttribute("hidden", "")
            self.toggle.setAttribute("aria-expanded", "false")
            return
        self.section.removeAttribute("hidden")
        self.toggle.setAttribute("aria-expanded", "true")
        if self.worker is None:
            self._spawn()  # Pyodide starts in its worker while the learner reads the code
        if self.editor is None:
            await window.__code.loadEditor()
            if self.editor is None:
                self.editor = window.__codeEditor.mount(self.host, self.text, self._label(), self._on_change)
                self.steps.editor = self.editor

    def _changed(self, text: object) -> None:
        text = str(text)
        self.text = text[:MAX_CODE]
        self._save()
        self.share_box.setAttribute("hidden", "")
        if self.starter_undo and not is_starter(self.game, self._text):  # edited, or brought back
            self._starter_undone()
        if len(text) > MAX_CODE:
            self.say("code_too_long", n=len(text), max=MAX_CODE)
        elif self.status_key is not None and self.status_key[0] == "code_too_long":
            self.say(None)

    def _save(self) -> None:
        """Keep the code for the next visit; a link's code on trial is not kept until the learner keeps it."""
        if self.draft is None:
            window.safeStorage.set(STORE + self.game, self.text)

    def _set_text(self, text: str) -> None:
        self.text = text
        self._save()
        if self.editor is not None:
            self.editor.set(text)

    def _on_starter(self, event: object) -> None:
        """The starter back in the editor, as one change of the editor's undo history: Ctrl+Z in the
        editor, or the button shown beside (a phone has no Ctrl), brings the learner's code back."""
        if self.text == starter(self.game, self.shell.lang):
            return
        self._set_text(starter(self.game, self.shell.lang))
        self.starter_undo = True
        self.undo_starter.removeAttribute("hidden")
        self.say("code_starter_restored")

    def _on_starter_undo(self, event: object) -> None:
        if self.editor is not None and self.starter_undo:
            self.editor.undo()  # the editor's own undo: the change goes back through _changed, saved

    def _starter_undone(self) -> None:
        self.starter_undo = False
        self.undo_starter.setAttribute("hidden", "")
        if self.status_key is not None and self.status_key[0] == "code_starter_restored":
            self.say(None)

    async def _on_share(self, event: object) -> None:
        """A link that opens this code in the editor: the code packed into the fragment, which the browser
        never sends to a server (so no server refuses the link for its length); packed by the editor's
        bundle with the browser's CompressionStream (py/puzzles/code_link.py is the format's reference)."""
        await window.__code.loadEditor()
        packed = str(await window.__codeEditor.pack(self.text))
        loc = window.location
        link = "?game=%s&lang=%s#code=%s" % (self.game, self.shell.lang, packed)
        self.share_input.value = str(loc.origin) + str(loc.pathname) + link
        self.share_box.removeAttribute("hidden")
        self.share_input.focus()
        self.share_input.select()

    # ------------------------------------------------------------------ the learner's worker
    def _spawn(self) -> None:
        self.ready, self.failed, self.used = False, None, None
        self.worker = window.__code.worker(self._on_message)

    def _message(self, text: object) -> None:
        """One message of the learner's worker, as ``static/code.js`` passed it on (sorted, cut, the
        current request's only): still input, parsed and checked field by field, never trusted.
        Nothing in it is ever shown as the panel's status."""
        try:
            msg = json.loads(str(text))
        except ValueError:
            return
        if not isinstance(msg, dict):
            return
        kind = msg.get("type")
        if kind == "ready":
            self.ready = True
            ms = _number(msg.get("ms"))
            if ms is not None:  # how long its Pyodide took to start (for tools/bench.py code)
                self.section.setAttribute("data-worker-ms", "%d" % ms)
        elif kind == "flood":
            self.failed = "flood"
        elif kind in ("failed", "crashed"):
            self.failed = "crashed" if self.ready else "failed"
        elif msg.get("id") != self.rid or self.running is None:
            return  # an earlier run's, or nobody waits
        elif kind == "where":
            self._sampled(msg)
        elif kind == "out":
            self._log(str(msg.get("text", ""))[:LOG_MAX], msg.get("cut") is True)
        elif kind == "moves":
            items = msg.get("items")
            if isinstance(items, list) and len(self.parts) <= MAX_MOVES:
                self.parts.extend(items[: MAX_MOVES + 1 - len(self.parts)])
        elif kind in ("case", "done"):
            msg["moves"], self.parts = (None if msg.get("bad_moves") is True else self.parts), []
            msg["ms"] = _number(msg.get("ms"))
            if not isinstance(msg.get("error"), dict):
                msg["error"] = None
            if kind == "case":
                self.cases_in.append(msg)
            else:
                self.done = msg

    def _sampled(self, msg: dict) -> None:
        """A sample of where the program is (static/code.js checked it): its line marked in the editor,
        said under the status with the sizes of its containers, on the board it was given."""
        req = self.req or {}
        board = req.get("board")
        if isinstance(req.get("cases"), list):  # Check: the case under way
            i = len(self.cases_in)
            board = req["cases"][i].get("board") if i < len(req["cases"]) else None
        line = self.where.sampled(msg, board)
        if line is not None and self.editor is not None:
            self.editor.mark(line)

    def _sample(self) -> bool:
        """Ask the running program where it is (``True`` when asked: the page is cross-origin isolated)."""
        self.where.clear()
        self.sampled_at = _now()
        return self.worker is not None and self.ready and bool(self.worker.sample())

    def _kill(self) -> None:
        """End the learner's worker (whatever it runs) and start a fresh one."""
        if self.worker is not None:
            self.worker.end()
        self._spawn()

    def _log(self, text: str, cut: bool) -> None:
        room = LOG_MAX - self.log_chars
        if room > 0 and text:
            text = text[:room]
            self.log.removeAttribute("data-empty")
            self.log.append(text)
            self.log_chars += len(text)
            self.log.scrollTop = 1 << 30
        if (cut or room <= len(text)) and self.log_chars < LOG_MAX + 1:
            self.log.removeAttribute("data-empty")
            self.log.append("\n" + self.shell.t("code_output_cut", n=LOG_MAX) + "\n")
            self.log_chars = LOG_MAX + 1

    def _begin(self, kind: str) -> None:
        self.running, self.stopped = kind, False
        if kind != "call":
            self.steps.leave()  # a Run, a Check or a new Step through: the steps shown go
        self.limit_s, self.offered, self.elapsed, self.clock_s = TIME_LIMIT_S, False, 0.0, -1
        self.where.clear()
        if kind != "call":
            clear(self.log)
            self.log.setAttribute("data-empty", "")
            self.log_chars = 0
            if self.editor is not None:
                self.editor.mark(0)
        if kind in ("run", "check"):  # a Step through keeps Check's table: its cases may be stepped one by one
            clear(self.results)
            self.table_args = None
            self.beyond_args = None
            self.beyond.textContent = ""
        self.render()

    def _end(self) -> None:
        self.running = None
        self.offered = False
        self.keep_btn.setAttribute("hidden", "")
        self.clock.setAttribute("hidden", "")
        self.render()

    def _over_limit(self, elapsed: float) -> bool:
        """Each poll of a request: the running clock shows ``elapsed`` (the request's seconds; Check's, its
        case's), and at the limit a Run or Check goes on while Keep going is offered (Stop still ends it);
        a clicked pair's ``connect`` (Link-up's Use my connect) ends there instead: ``True``, said."""
        self.elapsed = elapsed
        if int(elapsed) != self.clock_s:
            self.clock_s = int(elapsed)
            over = "code_clock_over" if self.clock_s > self.limit_s else "code_clock"  # running on, Keep going offered
            self.clock.textContent = self.shell.t(over, s=self.clock_s, limit=self.limit_s)
            self.clock.removeAttribute("hidden")
        if self.offered and elapsed <= self.limit_s:  # Check's slow case ended: the next one has its own time
            self.offered = False
            self.keep_btn.setAttribute("hidden", "")
            self.where.clear()
        if self.offered:
            if self.where.where is None and _now() - self.sampled_at >= RESAMPLE_S:
                self._sample()  # unanswered: asked again, so that one request missed never leaves the line empty
            return False
        if elapsed <= self.limit_s:
            return False
        if self.running == "call":
            self._kill()
            self.say("code_timeout", s=self.limit_s)
            return True
        self.offered = True
        self.keep_btn.removeAttribute("hidden")
        self.say("code_limit_reached", s=self.limit_s, more=TIME_LIMIT_S)
        self._sample()
        return False

    def _on_keep_going(self, event: object) -> None:
        """Keep going: the program under way gets :data:`TIME_LIMIT_S` more, from now."""
        if self.running is None or not self.offered:
            return
        self.limit_s = int(self.elapsed) + TIME_LIMIT_S
        self.offered = False
        self.clock_s = -1
        self.keep_btn.setAttribute("hidden", "")
        self.where.clear()
        self.stop_btn.focus()  # the button pressed is gone: focus stays in the panel's row
        self.say("code_running", s=self.limit_s)

    async def _request(self, req: dict, cases: bool = False) -> "dict | None":
        """Send ``req`` to the learner's worker and wait for its ``done`` (``None``: stopped, the
        time limit, or the worker failed or crashed, each said; :attr:`outcome` says which). The
        limit counts from the request (or Check's last case), not the worker's start-up. Every
        request has a worker of its own: once it has answered, that worker ends and a fresh one
        starts for the next (what a program leaves behind, a handler replaced, a task still
        running, never reaches another run); only Use my connect's calls of one program share
        one, so that each clicked pair is answered at once. Every request says the exercise (the
        learner's worker knows no game)."""
        req["exercise"] = self.exercise.request()
        if self.worker is not None and self.used is not None and (req["kind"] != "call" or self.used != req["source"]):
            self._kill()  # a worker a call has used serves only more calls of that same program
        if self.worker is None:
            self._spawn()
        waited, t0 = 0.0, _now()
        while not self.ready:
            if self.failed is not None or waited > LOAD_LIMIT_S:
                self.say("code_worker_failed")
                self.outcome = "failed"
                self._kill()
                return None
            if self.stopped:  # Stop while the worker was starting
                self.say("code_stopped", s="%.1f" % (_now() - t0))
                self.outcome = "stopped"
                return None
            self.say("code_loading")
            await asyncio.sleep(0.05)
            waited += 0.05
        self.rid += 1
        req["id"] = self.rid
        self.req = req
        self.done, self.cases_in, self.parts = None, [], []
        self.worker.post(json.dumps(req))
        last = _now()
        seen = 0
        if self.running != "call":
            self.say("code_running", s=self.limit_s)
        while self.done is None:
            await asyncio.sleep(POLL_S)
            if self.stopped:
                self.say("code_stopped", s="%.1f" % (_now() - t0))
                self.outcome = "stopped"
                return None
            if cases and len(self.cases_in) != seen:
                seen, last = len(self.cases_in), _now()
                self.say("code_checking", i=seen, n=len(req["cases"]))
            if self.failed is not None:
                self.outcome = self.failed
                if self.failed == "flood":
                    self.say("code_flood", n=FLOOD_PER_S)
                else:
                    self.say("code_worker_crashed" if self.outcome == "crashed" else "code_worker_failed")
                self._kill()
                return None
            if self._over_limit(_now() - last):
                self.outcome = "timeout"
                return None
        self.outcome = "done"
        if req["kind"] == "call":  # Use my connect: the next clicked pair, the same program, answers at once
            self.used = req["source"]
        else:
            self._kill()  # a fresh worker for the next request, starting now
        done = self.done
        if self.exercise.move_args and isinstance(done.get("moves"), list):
            done["decoded"] = await self._decoded(done["moves"])
        return done

    async def _decoded(self, raw: list) -> "tuple | AnswerError":
        """A run's moves decoded by the game's spec in slices (10,000 moves take a quarter of a
        second on the page): :func:`puzzles.code_check.decode_until_bad`'s ``(moves, bad)``, or the
        :class:`AnswerError` that refuses the answer whole."""
        try:
            return await sliced(decoding(self.spec, raw, MAX_MOVES), SLICE_S)
        except AnswerError as e:
            return e

    async def _on_stop(self, event: object) -> None:
        """Stop: the worker ends (whatever the program does) and a fresh one starts. Where the page can
        ask the program where it is, it does first and waits up to :data:`SAMPLE_S` for the answer."""
        if self.running is None:
            return
        if self._sample():
            t0 = _now()
            while self.where.where is None and self.running is not None and _now() - t0 < SAMPLE_S:
                await asyncio.sleep(0.02)
        if self.running is not None:
            self.stopped = True
            self._kill()

    def _error(self, err: object) -> None:
        """The learner's error: its text in the output, its line marked, the status naming it."""
        if not isinstance(err, dict):
            return
        if "code" in err:  # said in the page's own words and values: nothing of the worker's in the status
            key = str(err["code"])
            if key == "code_no_function":
                self.say(key, name=self.exercise.function)
            elif key == "code_move_limit":
                self.say(key, n=MAX_MOVES)
            else:
                self.say("code_bad_request")
            return
        self._log(str(err.get("text", ""))[:4000], False)
        line = err.get("line")
        if isinstance(line, int) and not isinstance(line, bool) and 0 < line < 10**6:
            if self.editor is not None:
                self.editor.mark(line)
            self.say("code_error_at", line=line)
        else:
            self.say("code_error")

    # ------------------------------------------------------------------ Run
    async def _on_run(self, event: object) -> None:
        if self.running is not None:
            return
        # Run takes the board as it stands: a Solve's answer playing stops there, and a Solve (or Hint)
        # being worked out is cancelled, so neither plays over the learner's moves.
        if self.player.playback is not None:
            self.player.stop()
            self.player.calls["render"]()
        self.jobs.cancel()
        self._begin("run")
        start = self.session.state
        try:
            done = await self._request({"kind": "run", "game": self.game, "source": self.text,
                                        "board": start.grid()})
        finally:
            self._end()
        if done is None:
            return
        self.say("code_finished", ms="%d" % float(done.get("ms") or 0))
        self.section.setAttribute("data-run-ms", "%d" % float(done.get("ms") or 0))  # for tools/bench_code.py
        try:
            decoded = done.get("decoded") or decode_until_bad(self.spec, done.get("moves"), MAX_MOVES)
            if isinstance(decoded, AnswerError):
                raise decoded
            moves, unknown = decoded
        except AnswerError as e:
            self._bad(e)
            return
        err = done.get("error")
        self._error(err)
        if self.exercise.answer == "path":
            if err is None:
                self.say(self.exercise.keys["ready"])
            into_view(self.status, self.status, top=False)
            return
        verdict = None  # a count's answer checked: said once its moves have played
        if self.exercise.answer == "count" and err is None:
            verdict = await self._count_answer(start, done.get("answer"))
        clean = True
        if moves or unknown is not None:
            clean = await self._play(start, moves, err is None, unknown)
        elif err is None and self.exercise.answer == "moves":
            self.say("code_no_moves")
        if verdict is not None and clean:
            self.say(verdict[0], **verdict[1])
        if not moves:  # what the run did is said under the editor: on a phone, bring that line into sight
            into_view(self.status, self.status, top=False)

    def _bad(self, e: PuzzleError) -> None:
        self.say("code_answer_refused", msg=e)

    async def _play(self, start: object, moves: list, say_end: bool, unknown: "tuple | None" = None) -> bool:
        """Play the run's moves on the board (through ``spec.apply``, as a Solve's answer plays),
        up to the first the rules refuse, or ``unknown``, the first the game has no such move for
        (``(number, line, error)``, after ``moves``): either is named by its number and the learner's line.
        A playback stopped by the player (a move, Undo, Reset, Solve, another board) is said as such.
        Answers whether every move was played (none refused, the board not changed before or meanwhile)."""
        if self.session.state != start:  # the player moved, or Solve played, while the program ran
            self.say("code_board_changed")
            return False
        bad = (await sliced(replay(self.spec, start, moves), SLICE_S))[1]
        bad = bad if bad is not None else unknown
        legal = [m for m, _ in (moves if bad is None else moves[: bad[0] - 1])]
        if legal:
            if say_end:
                self.say("code_playing", n=len(legal))
            into_view(self.area, self.frame.status)  # a phone shows the panel below the board: back to it
            self.player.start(legal, announce=True)
            pb = self.player.playback
            while self.player.playback is pb and pb is not None:
                await asyncio.sleep(0.1)
            if self.running is not None:  # Run or Check pressed again meanwhile: its words stand
                return False
            if pb is not None and pb.stopped and pb.index < len(legal):  # stopped by the player before its end
                self.say("code_interrupted", i=pb.index, n=len(legal))
                return False
        if bad is not None:
            i, line, e = bad
            if line is not None:
                if self.editor is not None:
                    self.editor.mark(line)
                self.say("code_illegal", i=i, line=line, msg=e)
            else:
                self.say("code_illegal_noline", i=i, msg=e)
            return False
        if say_end and self.exercise.answer == "moves":
            options = self.session.options
            n = self.spec.count(legal, options)
            board = self.session.state
            if not board.is_solved():
                self.say("code_not_solved", n=n)
                return True
            fewest = await self._fewest(start, options)
            self.say("code_solved_in", n=n, m=fewest) if fewest is not None else self.say("code_solved_unknown", n=n)
        return True

    async def _exact(self, board: object, options: dict) -> "dict | None":
        """The exact solver's answer for ``board`` (the solver's worker), or ``None``."""
        req = json.dumps({"action": "solve", "board": board.to_code(), "options": options})
        result = await self.jobs.stepped(req, lambda p: None, lambda: False)
        return result if result.get("status") in ("solved", "unsolvable") else None

    async def _fewest(self, start: object, options: dict) -> "int | None":
        result = await self._exact(start, options)
        if result is None or result["status"] != "solved":
            return None
        return self.spec.count([self.spec.decode_move(m) for m in result["moves"]], options)

    async def _count_answer(self, start: object, answer: object) -> "tuple | None":
        """The learner's answer for ``start`` against the exact one: ``(key, values)`` to say, or
        ``None`` when the exact one is not known."""
        result = await self._exact(start, self.exercise.exact_options)
        yours = answer_text(answer)[:40]  # a whole number's repr is its digits
        if result is None:
            return None
        exact = len(result["moves"]) if result["status"] == "solved" else -1
        if yours == str(exact):
            return (self.exercise.keys["answer_ok"], {"yours": yours})
        return (self.exercise.keys["answer_wrong"], {"yours": yours, "exact": exact})

    # ------------------------------------------------------------------ Link-up: Use my connect
    def _set_use(self, on_: bool) -> None:
        self.use_connect = on_
        if on_ and self.worker is None:
            self._spawn()

    async def connect(self, board: object, a: int, b: int) -> "list | None":
        """The learner's ``connect`` for the clicked pair ``a``, ``b`` (cells) of ``board``: the
        path if it is a legal one between those tiles, else ``None`` (and the panel and the
        status say why; nothing is removed)."""
        if self.running is not None:
            self.frame.say("code_busy")
            return None
        cols = board.cols
        args = [a // cols, a % cols, b // cols, b % cols]
        grid = board.grid()
        self._begin("call")
        try:
            done = await self._request({"kind": "call", "game": self.game, "source": self.text,
                                        "args": [grid] + args})
        finally:
            self._end()
        if done is None:
            return None
        if done.get("error") is not None:
            self._error(done["error"])
            if self.status_key is not None:  # the page's status says it too, again on a language switch
                self.frame.say(self.status_key[0], **self.status_key[1])
            return None
        path = done.get("answer")
        if path == []:
            self.say("code_connect_empty")
            self.frame.say("code_connect_empty")
            return None
        why = check_path(grid, args[0], args[1], args[2], args[3], path)
        if why is not None:
            words = self.shell.t(why[0], **why[1])
            self.say("code_connect_refused", why=words)
            self.frame.say("code_connect_refused", why=words)
            return None
        self.say("code_connect_joined")
        return [[p[0], p[1]] for p in path]

    # ------------------------------------------------------------------ Check
    async def _on_check(self, event: object) -> None:
        if self.running is not None:
            return
        self._begin("check")
        try:
            await self._check()
        finally:
            self._end()

    async def _check(self) -> None:
        t0 = _now()
        self.say("code_preparing", n="")
        req = json.dumps({"action": "cases", "options": {}})
        result = await self.jobs.stepped(req, lambda p: self.say("code_preparing", n=p.get("positions", "")),
                                         lambda: self.stopped)
        if result.get("status") != "loaded":
            if self.stopped:  # Stop while the cases were being made
                self.say("code_stopped", s="%.1f" % (_now() - t0))
            else:
                err = result.get("error") or {}
                self.say("code_check_failed", msg=str(err.get("text", result.get("status")))[:200])
            return
        boards, cases = result["stats"]["boards"], result["stats"]["cases"]
        sent = [{"board": boards[c["board"]], "args": c["args"]} for c in cases]
        # Each case has the time limit of its own: a case over it (or one that crashes the worker) is
        # failed, and the cases after it go on in a fresh worker, up to MAX_OVER such cases.
        answers, over, crashed = {}, [], []
        whole, halted, start = None, None, 0
        while start < len(cases):
            done = await self._request({"kind": "check", "game": self.game, "source": self.text,
                                        "cases": sent[start:]}, cases=True)
            for msg in self.cases_in:
                i = msg.get("i")
                if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(cases) - start:
                    answers[start + i] = msg
            nxt = start
            while nxt in answers:
                nxt += 1
            if done is not None:
                whole = done.get("error") if isinstance(done.get("error"), dict) else None
                break
            if self.outcome == "timeout" or self.outcome == "crashed":
                (over if self.outcome == "timeout" else crashed).append(nxt)
                start = nxt + 1
                if len(over) + len(crashed) >= MAX_OVER:
                    halted = "over"
                    break
                continue
            halted = self.outcome  # stopped, or the worker could not start
            if halted == "stopped" and nxt < len(cases):
                answers[nxt] = None  # the case that was running
            break
        if whole is not None and not answers:  # the program did not compile or run: said once
            self._error(whole)
            return
        if halted == "failed" and not answers and not over and not crashed:  # its Python did not start: said
            return
        rows = await sliced(self._judge_all(cases, boards, answers, over, crashed), SLICE_S)
        first = [r["error"] for r in rows if isinstance(r.get("error"), dict)]
        if first or whole is not None:  # the first exception, as Run shows one: traceback, line marked
            self._error(whole if not first else first[0])
        # the exercise's cases count; a set beyond it (Sliding's 3 x 3) is said apart (_say_beyond)
        counted = [r for r, c in zip(rows, cases) if "set" not in c]
        passed = sum(1 for r in counted if r["ok"])
        ran = sum(1 for r in counted if r["ran"])
        m = len(counted)
        left = m - ran
        if halted == "stopped" and nxt < len(cases):  # said with the case it was in: the one that hung
            self.say("code_check_stopped_in", s="%.1f" % (_now() - t0), p=passed, n=ran, k=left, m=m,
                     label=self._case_label(cases[nxt]))
        elif halted == "stopped":
            self.say("code_check_stopped", s="%.1f" % (_now() - t0), p=passed, n=ran, k=left, m=m)
        elif halted == "flood":
            self.say("code_flood_check", n=FLOOD_PER_S, p=passed, r=ran, k=left, m=m)
        elif halted == "over":
            self.say("code_check_over", p=passed, n=ran, k=left, m=m, o=len(over) + len(crashed))
        elif left:
            self.say("code_passed_partial", p=passed, n=ran, k=left, m=m)
        else:
            self.say("code_all_passed" if passed == m else "code_passed", p=passed, n=m)
        await next_task()  # the table is a task of its own, and the case drawn above it another
        self._table(cases, boards, rows, draw=False)
        self._say_beyond(cases, rows)
        await next_task()
        if self.table_args is not None and self.table_args[2] is rows:  # the table still on screen
            self._draw_first(cases, boards, rows)

    def _judge_all(self, cases: list, boards: dict, answers: dict, over: list, crashed: list):
        """Every case's row (see :meth:`_judge`), as one generator the page runs in slices."""
        rows = []
        for i, case in enumerate(cases):
            msg = answers.get(i, False)
            expected = judge_expected(case["expected"], self.exercise)
            if i in over or i in crashed:
                key = ("code_timeout_case", {"s": TIME_LIMIT_S}) if i in over else ("code_crashed_case", {})
                rows.append({"ok": False, "ran": True, "yours": key, "expected": expected,
                             "ms": None, "answer": None})
            elif msg is None or msg is False:  # stopped while it ran, or never reached
                key = ("code_stopped_case", {}) if msg is None else ("code_not_run_case", {})
                rows.append({"ok": False, "ran": False, "yours": key, "expected": expected,
                             "ms": None, "answer": None})
            else:
                rows.append((yield from self._judge(case, boards[case["board"]], msg)))
            yield  # the page may take its turn between two cases
        return rows

    def _judge(self, case: dict, grid: list, msg: dict):
        """One answered case's row, as a generator that yields while it decodes and replays a long
        answer (the page judges in slices): ``ok``, ``ran``, ``yours``, ``expected``, ``ms``,
        ``answer`` (a Link-up path only when it is rows of whole-number pairs: what the drawing
        marks), ``error`` (the learner's, for the output pane)."""
        ms = _number(msg.get("ms"))
        err = msg.get("error")
        expected = judge_expected(case["expected"], self.exercise)
        if isinstance(err, dict):
            return {"ok": False, "ran": True, "yours": _error_label(err), "expected": expected, "ms": ms,
                    "answer": None, "error": err}
        moves = []
        if self.exercise.answer == "moves":
            gen = decoding(self.spec, msg.get("moves"), MAX_MOVES)
            try:
                while True:
                    yield next(gen)
            except StopIteration as stop:
                moves, bad = stop.args[0]
                if bad is not None:  # a move the game has no such move for: the case fails, quoting it
                    return {"ok": False, "ran": True, "yours": bad[2], "expected": expected, "ms": ms,
                            "answer": None}
            except AnswerError as e:
                return {"ok": False, "ran": True, "yours": e, "expected": expected, "ms": ms, "answer": None}
        answer = msg.get("answer")
        gen = judging(self.spec, case, grid, answer, moves, 16)  # Huarong's rule: about 0.2 ms a move here
        try:
            while True:
                yield next(gen)
        except StopIteration as stop:
            row = stop.args[0]
        row["ms"] = ms
        row["ran"] = True
        pairs = isinstance(answer, list) and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in p)
            for p in answer)
        row["answer"] = answer if pairs else None
        return row

    def _words(self, x: object) -> str:
        if isinstance(x, tuple):  # a key and its values; a value that is an error is said in the page's words
            lang = self.shell.lang
            return self.shell.t(x[0], **{k: v.text(lang) if isinstance(v, PuzzleError) else v
                                         for k, v in x[1].items()})
        if isinstance(x, PuzzleError):
            return x.text(self.shell.lang)
        return str(x)

    @staticmethod
    def _failing(cases: list, rows: list) -> list:
        """The failing cases' indexes: the exercise's before those of a set beyond it (Sliding's 3 x 3)."""
        failing = [i for i, r in enumerate(rows) if not r["ok"] and r.get("ran", True) and "set" not in cases[i]]
        return failing + [i for i, r in enumerate(rows) if not r["ok"] and r.get("ran", True) and "set" in cases[i]]

    def _draw_first(self, cases: list, boards: list, rows: list) -> None:
        """The first failing case drawn small, above the table."""
        failing = self._failing(cases, rows)
        if failing:
            i = failing[0]
            self._draw_case(cases[i], boards[cases[i]["board"]], rows[i])

    def _table(self, cases: list, boards: list, rows: list, draw: bool = True) -> None:
        """The result table (failing cases first) and, when ``draw``, the first failing case drawn above it
        (else the caller draws it, a task later: a board of tiles is a task's worth on its own)."""
        self.table_args = (cases, boards, rows)
        clear(self.results)
        # failing cases first; then the case Stop ended, the passing ones, and those never run
        failing = self._failing(cases, rows)
        self.first_fail = None
        if failing:
            i = failing[0]
            self.first_fail = (boards[cases[i]["board"]], list(cases[i].get("args") or []),
                               ("step_case_last", {"label": self._case_label(cases[i])}))
        passing = [i for i, r in enumerate(rows) if r["ok"]]
        left = [i for i, r in enumerate(rows) if not r["ok"] and not r.get("ran", True)]
        stopped = [i for i in left if rows[i]["yours"] == ("code_stopped_case", {})]  # the case Stop ended
        order = failing + stopped + passing + [i for i in left if i not in stopped]
        shown = order[:TABLE_ROWS]
        table = el("table", self.results, "code-table")
        self.shell.text(el("caption", table), "code_table_caption", k=len(shown), n=len(rows))
        head = el("tr", el("thead", table))
        for key in ("code_case", "code_expected", "code_yours", "code_time"):
            self.shell.text(el("th", head, scope="col"), key)
        body = el("tbody", table)
        for i in shown:
            r, case = rows[i], cases[i]
            mark, cls = ("✓ ", "pass") if r["ok"] else ("✗ ", "fail") if r.get("ran", True) else ("– ", "not-run")
            tr = el("tr", body, cls)
            td = el("td", tr, text=mark + self._case_label(case))
            if not r["ok"] and r.get("ran", True):
                self._step_case_button(td, case, boards[case["board"]])
            el("td", tr, text=self._words(r["expected"]))
            el("td", tr, text=self._words(r["yours"]))
            el("td", tr, text="" if r["ms"] is None else "%.1f ms" % r["ms"])
        if draw:
            self._draw_first(cases, boards, rows)

    def _step_case_button(self, td: object, case: dict, grid: list) -> None:
        """A failing case's "Step through this case": the learner's program recorded on that case's board."""
        b = el("button", td, "btn step-case", type="button", text=self.shell.t("step_this_case"))
        label = self._case_label(case)
        args = list(case.get("args") or [])
        on(b, "click", self.frame.guard(lambda e: step_through(self, (grid, args, ("step_case", {"label": label})))))

    def _say_beyond(self, cases: list, rows: list) -> None:
        """The line under the status for the cases beyond the exercise (Sliding's 3 x 3 boards): how many
        passed, said apart from the exercise's count, which they never change; empty when there are none."""
        extra = [r for r, c in zip(rows, cases) if "set" in c]
        self.beyond_args = (cases, rows)
        if not extra or self.stopped:
            self.beyond.textContent = ""
            return
        self.beyond.textContent = self.shell.t("code_beyond_passed", p=sum(1 for r in extra if r["ok"]),
                                               n=len(extra))

    def _draw_case(self, case: dict, grid: list, row: dict) -> None:
        """A small drawing of a failing case: the game's own (its ``draw_case`` hook: Link-up's tiles with
        both paths as lines), else every cell's tile kind (``·`` empty), rows and columns labelled as the
        learner's program numbers them (from 0; a path game's ring is -1 and the size), a path game's two
        paths marked by colour and letter (E the exact one, Y the learner's, B both: the letter on an empty
        cell, the kind kept on a tile); then the learner's answer as returned, and why it was refused."""
        fig = el("figure", self.results, "code-case")
        self.results.prepend(fig)  # above the table
        cap = el("figcaption", fig)
        self.shell.text(cap, "code_first_fail", label=self._case_label(case))
        answer = row.get("answer")
        hooks = self.steps.board  # the game's view: it may draw the case with its own tiles
        name = self.shell.t("code_first_fail", label=self._case_label(case))
        if hooks is not None and hooks.draw_case(fig, grid, case["expected"], answer, name):
            self._answer_words(fig, row)
            return
        rows, cols = len(grid), len(grid[0])
        path = self.exercise.answer == "path"  # a path may run on the ring around the board
        ring = 1 if path else 0
        marks = {}
        if path:
            for cell in case["expected"] or []:
                marks[(cell[0], cell[1])] = "E"
            if isinstance(answer, list):
                for cell in answer[:400]:
                    if isinstance(cell, list) and len(cell) == 2:
                        key = (cell[0], cell[1])
                        marks[key] = "B" if marks.get(key) in ("E", "B") else "Y"
            self.shell.text(el("p", fig, "help"), "code_legend")
        grid_el = el("div", fig, "code-grid", role="img")
        self.shell.text(grid_el, "code_first_fail", "aria-label", label=self._case_label(case))
        grid_el.setAttribute("style", "grid-template-columns: repeat(%d, 1.6em)" % (cols + 2 * ring + 1))
        el("span", grid_el, "cg lab", aria_hidden="true")
        for c in range(-ring, cols + ring):  # the column numbers, then each row after its number
            el("span", grid_el, "cg lab", text=str(c), aria_hidden="true")
        for r in range(-ring, rows + ring):
            el("span", grid_el, "cg lab", text=str(r), aria_hidden="true")
            for c in range(-ring, cols + ring):
                inside = 0 <= r < rows and 0 <= c < cols
                v = grid[r][c] if inside else 0
                mark = marks.get((r, c), "")
                cls = "cg" + (" ring" if not inside else "") + (" m" + mark if mark else "")
                el("span", grid_el, cls, text=str(v) if v else (mark or "·"), data_r=str(r), data_c=str(c))
        if path:
            self._answer_words(fig, row)

    def _answer_words(self, fig: object, row: dict) -> None:
        """Under a drawn case: what the learner's function returned, as it returned it, and why it was
        refused (a path's answers only)."""
        answer = row.get("answer")
        if self.exercise.answer != "path" or answer is None:
            return
        shown = json.dumps(answer)
        shown = shown if len(shown) <= 300 else shown[:300] + "…"
        self.shell.text(el("p", fig, "code-answer"), "code_answer_as_returned", answer=shown)
        yours = row.get("yours")
        if isinstance(yours, tuple) and yours[0].startswith("code_path_") and yours[0] != "code_path_desc":
            el("p", fig, "code-answer", text=self.shell.t("code_answer_why", why=self._words(yours)))

def judge_expected(expected: object, exercise: object) -> object:
    """Check's expected answer as the table says it (a case whose answer did not come)."""
    if expected is None or expected == []:
        return ("code_none", {})
    if isinstance(expected, dict):
        return exercise.said_steps(expected)  # a moves answer's counts, in the exercise's units
    if isinstance(expected, list):
        return path_text(expected)
    return str(expected)
