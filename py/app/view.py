"""What every game's page shares: buttons that report errors, the status and
alert lines, paste boxes, the share box, playback controls, worker jobs and
saving. A game view subclasses :class:`GameView` and supplies its board."""

import asyncio
import json

from pyscript import window
from pyscript.ffi import create_proxy, to_js

from app.dom import el, on
from app.session import SPEEDS, Playback
from puzzles import PuzzleError


class GameView:
    game = ""  # the ?game= name
    store_key = ""  # localStorage key of the saved game
    board_type = None  # the engine's Board class: parse(), to_code()

    def __init__(self, shell: object) -> None:
        self.shell = shell
        self.job = None
        self.cancelled = False
        self.playback = None
        self.status_key = ("", {})
        speed = shell.params.get("speed")
        try:
            self.speed = max(0, int(str(speed))) if speed is not None else 120
        except ValueError:
            self.speed = 120

    def _open(self, panel: object) -> None:
        """Build the panel, open the URL's or the saved board, publish the handler, follow the language."""
        self._build(panel)
        self._restore()
        self.handler = self._make_handler()
        self.shell.on_lang(self._relabel)

    def _relabel(self) -> None:
        self._say(self.status_key[0], **self.status_key[1])
        self.render()

    # ------------------------------------------------------------ widgets
    def _select(self, parent: object, key: str, id_: str) -> object:
        """A ``<select>`` with the label ``key`` above it."""
        lab = el("label", parent, "field")
        self.shell.text(el("span", lab), key)
        return el("select", lab, id=id_)

    def _button(self, parent: object, key: str, handler: object, cls: str = "") -> object:
        b = el("button", parent, ("btn " + cls).strip(), type="button")
        self.shell.text(b, key)
        on(b, "click", self._guard(handler))
        return b

    def _guard(self, handler: object) -> object:
        """Run a handler (sync or async); report an unexpected error in the status."""

        def run(event: object) -> None:
            try:
                result = handler(event)
                if result is not None and hasattr(result, "send"):
                    asyncio.create_task(self._guarded(result))
            except Exception as e:
                self._say("failed", msg=str(e))

        return run

    async def _guarded(self, coro: object) -> None:
        try:
            await coro
        except Exception as e:
            self._say("failed", msg=str(e))

    def _paste_box(self, panel: object, key: str, rows: int, id_: str, button: str, handler: object) -> object:
        """A folding box with a labelled text area (``key``, ``key + '_help'``) and one button."""
        box = el("details", panel, "paste")
        self.shell.text(el("summary", box), key)
        lab = el("label", box, "stack")
        self.shell.text(el("span", lab, "help"), key + "_help")
        area = el("textarea", lab, rows=str(rows), spellcheck="false", id=id_)
        self.shell.text(area, key, "aria-label")
        self._button(box, button, handler)
        return area

    def _share_box(self, panel: object) -> None:
        self.share_box = el("div", panel, "share", hidden=True)
        lab = el("label", self.share_box, "stack")
        self.shell.text(el("span", lab), "share_label")
        self.share_input = el("input", lab, type="text", readonly=True, id=self.game + "-share-link")
        self._button(self.share_box, "copy", self._on_copy)

    def _show_link(self, **params: str) -> None:
        query = "&".join("%s=%s" % (k, str(window.encodeURIComponent(v))) for k, v in params.items())
        self.share_input.value = "%s%s?game=%s&%s&lang=%s" % (
            str(window.location.origin),
            str(window.location.pathname),
            self.game,
            query,
            self.shell.lang,
        )
        self.share_box.removeAttribute("hidden")
        self.share_input.select()
        self._say("share_done")

    async def _on_copy(self, event: object) -> None:
        self.share_input.select()
        try:
            await window.navigator.clipboard.writeText(self.share_input.value)
            self._say("copied")
        except Exception:
            pass  # no clipboard permission: the link is selected in the box

    def _playback_controls(self, parent: object) -> None:
        pb = el("div", parent, "toolbar playback")
        self.pause_btn = self._button(pb, "pause", self._on_pause)
        self.step_btn = self._button(pb, "step", self._on_step)
        self.speed_select = self._select(pb, "speed", self.game + "-speed")
        for ms in SPEEDS:
            opt = el("option", self.speed_select, value=str(ms))
            self.shell.text(opt, "speed_%d" % ms)
        if self.speed not in SPEEDS:
            el("option", self.speed_select, value=str(self.speed), text="%d ms" % self.speed)
        self.speed_select.value = str(self.speed)
        on(self.speed_select, "change", self._on_speed)

    def _render_playback(self) -> None:
        playing = self.playback is not None and not self.playback.done
        self.pause_btn.disabled = not playing
        self.step_btn.disabled = not playing
        self.pause_btn.textContent = self.shell.t("resume" if playing and self.playback.paused else "pause")

    def _handler_with_move_count(self, impl: object, json_methods: list) -> object:
        """``window.gameHandler`` from ``impl``'s methods (``json_methods`` answer JSON that
        boot.js turns into plain JS values) plus a ``moveCount`` getter: the moves in effect."""
        handler = window.makeGameHandler(impl, to_js(json_methods))
        getter = create_proxy(lambda: len(self.session.made))
        window.Object.defineProperty(handler, "moveCount", to_js({"get": getter, "enumerable": True}))
        return handler

    # ------------------------------------------------------------ status
    def _say(self, key: str, **values: object) -> None:
        self.status_key = (key, values)
        self.status.textContent = self.shell.t(key, **values)

    def _alert(self, text: str) -> None:
        self.alert.textContent = text

    # ------------------------------------------------------------ playback
    def _on_speed(self, event: object) -> None:
        self.speed = int(str(self.speed_select.value))
        if self.playback is not None:
            self.playback.speed = self.speed

    def _on_pause(self, event: object) -> None:
        if self.playback is not None:
            self.playback.toggle_pause()
            self.render()

    def _on_step(self, event: object) -> None:
        if self.playback is not None:
            self.playback.step()
            self.render()

    def _stop_playback(self) -> None:
        if self.playback is not None:
            self.playback.stop()
            self.playback = None

    def _start_playback(self, moves: list, announce: bool = False) -> None:
        """Play moves through the game's handler; ``announce`` the end (a solver's result is already said)."""
        self._stop_playback()
        self.playback = Playback(moves, self.speed)
        self.render()
        asyncio.create_task(self._guarded(self._play(self.playback, announce)))

    async def _play(self, pb: Playback, announce: bool) -> None:
        while not pb.done:
            move = pb.next_move()
            if move is None:
                await asyncio.sleep(0.05)
                continue
            self.play_move(move)
            i, n = pb.progress()
            self.counter.setAttribute("data-playing", "%d/%d" % (i, n))
            self.counter.textContent += " · " + self.shell.t("playing", i=i, n=n)
            if pb.speed:
                await asyncio.sleep(pb.speed / 1000)
        if self.playback is pb:
            self.playback = None
        self.counter.removeAttribute("data-playing")
        self.render()
        self._save()
        if announce and not pb.stopped:
            self.announce_end()

    # ------------------------------------------------------------ worker jobs
    async def _run_job(self, request: str, show: bool = True) -> dict:
        """Start a solve in the worker and step it until it ends; returns its result."""
        solver = self.shell.solver
        if solver.worker is None:
            self._say("solver_wait")
        started = await solver.call("start", self.game, request)
        if "error" in started:
            raise ValueError(started["error"])
        self.job = started["job"]
        try:
            while True:
                if self.cancelled:
                    await solver.call("cancel", self.job)
                    return {"status": "cancelled"}
                answer = await solver.call("step", self.job, 40)
                if answer["done"]:
                    return answer["result"]
                if show:
                    self._show_progress(answer["progress"])
        finally:
            self.job = None

    async def _solve_job(self, request: str) -> dict:
        """The Solve button's run: buttons, the solving flag and progress around :meth:`_run_job`."""
        self._stop_playback()
        self._alert("")
        self.cancelled = False
        self.progress.removeAttribute("hidden")
        self.solve_btn.disabled = True
        self.cancel_btn.disabled = False
        self.shell.solving(True)
        try:
            return await self._run_job(request)
        finally:
            self.shell.solving(False)
            self.solve_btn.disabled = False
            self.cancel_btn.disabled = True

    def _on_cancel(self, event: object) -> None:
        if self.job is not None:
            self.cancelled = True

    # ------------------------------------------------------------ history
    def _on_undo(self, event: object) -> None:
        self._travel(self.session.undo)

    def _on_redo(self, event: object) -> None:
        self._travel(self.session.redo)

    def _travel(self, step: object) -> None:
        """Undo or redo one move (stopping any playback first)."""
        self._stop_playback()
        if step() is not None:
            self._forget_marks()
            self.render()
            self._save()

    def _forget_marks(self) -> None:
        """Drop what pointed at the old position (a hint, a finish time)."""

    # ------------------------------------------------------------ boards in
    def _on_load(self, event: object) -> None:
        """The paste box's Load: a bad board is named and the current one stays."""
        try:
            board = self.board_type.parse(str(self.board_input.value))
        except PuzzleError as e:
            self._alert(str(e))
            return
        self._alert("")
        self._load(board, "loaded")

    def _restore(self) -> None:
        """The URL's board if any (a bad one is reported), else the saved game, else the default."""
        url_board = self.shell.params.get("board")
        if url_board is not None and self.shell.game == self.game:
            try:
                self._load(self.board_type.parse(str(url_board)))
                return
            except PuzzleError as e:
                self._alert(self.shell.t("bad_url_board", msg=str(e)))
                self._load(self.session.start)
                return
        saved = self._load_saved()
        if saved is not None:
            try:
                self.session.restore(saved, self.board_type.parse, self._decode_move)
                self._restored()
                return
            except (PuzzleError, ValueError, KeyError, TypeError, IndexError):
                pass
        self._load(self.session.start)

    def _save(self) -> None:
        self._store(self.session.to_saved(lambda b: b.to_code(), self._encode_move))

    # ------------------------------------------------------------ saving
    def _load_saved(self) -> "dict | None":
        try:
            raw = window.localStorage.getItem(self.store_key)
            return None if raw is None else json.loads(str(raw))
        except Exception:
            return None

    def _store(self, data: dict) -> None:
        try:
            window.localStorage.setItem(self.store_key, json.dumps(data))
        except Exception:
            pass  # storage off or full: the game goes on unsaved

    # ------------------------------------------------------------ per game
    def render(self) -> None:
        raise NotImplementedError

    def play_move(self, move: object) -> None:
        raise NotImplementedError

    def announce_end(self) -> None:
        pass

    def _load(self, board: object, say: str = "", **values: object) -> None:
        raise NotImplementedError

    def _restored(self) -> None:
        """Show a game just replayed from storage."""
        self.render()

    def _encode_move(self, move: object) -> object:
        return move

    def _decode_move(self, data: object) -> object:
        return data

    def _show_progress(self, progress: dict) -> None:
        pass
