"""Playing a list of moves on the board (a Solve's answer, a pasted script),
for one game: start, stop, pause, step and speed, and at speed 0 batches of
moves with one redraw each so the page stays responsive.

Handed in: the :class:`~app.session.Session`, the :class:`~app.frame.Frame`
(its playback controls, a win's moment), the first speed, and the view's calls:
``play(move, by)`` (one move through the rules by the playback's helper,
``False`` if refused), ``assisted(batch)`` (a playback began, or a batch was
applied straight to the session), ``after_move(move)``, ``render()``,
``save()``, ``say_ready()``, ``announce()`` and ``editing()``. Its moves are
played in the session ``by`` ``"solver"`` (a Solve's answer) or ``"code"`` (a
script, a program's output): the session then knows the board was helped (no
record) and whether a Solve's answer brought it to the goal.

The rule a player's move stops a playback is the view's (:meth:`GameView.play`
calls :meth:`Player.stop` through ``interrupt``); the playback's own moves
leave it playing. It never imports the view.
"""

import asyncio

from pyscript import window
from pyscript.ffi import create_proxy

from app.dom import next_task
from app.session import SPEEDS, Playback

BATCH_MS = 12  # at speed 0, how long moves are applied before one redraw and a pause for the page
# At speed 0, a playback started by a task that began less than this long ago (a click on Solve whose
# answer was worked out before it) plays its first moves in that task, until this long after it began.
FIRST_TASK_MS = 20
MAX_SPEED_MS = 5000  # the longest ?speed= a link may ask for, per one-cell move
DEFAULT_SPEED_MS = 120


def parse_speed(value: object) -> int:
    """``?speed=``: whole milliseconds, clamped to 0..:data:`MAX_SPEED_MS`; the default otherwise."""
    s = str(value) if value is not None else ""
    if not s or len(s) > 1000 or not all(ch in "0123456789" for ch in s):
        return DEFAULT_SPEED_MS
    return MAX_SPEED_MS if len(s) > 6 else min(int(s), MAX_SPEED_MS)


class Player:
    """State: ``playback`` (the :class:`Playback` under way, or ``None``), ``speed`` (ms per move)."""

    def __init__(self, session: object, frame: object, speed: int, calls: dict) -> None:
        self.session = session
        self.frame = frame
        self.speed = speed
        self.calls = calls
        self.playback = None
        self.solver_played = False  # the playback under way plays a Solve's answer (not a script)
        self._batching = None  # the playback whose batches _on_batch plays, at speed 0
        self._batch_drew = False  # the last batch redrew the board
        self._batch_timer = create_proxy(self._on_batch)

    def build(self, parent: object) -> None:
        """The playback controls (Pause/Resume, Step, Speed) in ``parent``."""
        self.frame.build_playback(parent, SPEEDS, self.speed, self._on_pause, self._on_step, self._on_speed)

    @property
    def playing(self) -> bool:
        """A playback is under way and not at its end (paused or not)."""
        return self.playback is not None and not self.playback.done

    def set_held(self, held: bool) -> None:
        """Hold the playback (the game's tab or the page hidden) or let it go on."""
        if self.playback is not None:
            self.playback.held = held

    def _on_speed(self, event: object) -> None:
        self.speed = parse_speed(event.target.value)
        if self.playback is not None:
            self.playback.speed = self.speed

    def _on_pause(self, event: object) -> None:
        if self.playback is not None:
            self.playback.toggle_pause()
            self.calls["render"]()

    def _on_step(self, event: object) -> None:
        if self.playback is not None:
            self.playback.step()
            self.calls["render"]()

    def stop(self) -> None:
        """Stop the playback where it is (the moves it made stay made)."""
        if self.playback is not None:
            self.playback.stop()
            self.playback = None

    def start(self, moves: list, announce: bool = False, began: "float | None" = None) -> None:
        """Play ``moves`` through ``play``; ``announce`` the end (a solver's result is already said).
        ``began``: when the task that starts it began (``performance.now()``), if known: at speed 0
        its first moves are then played in that task, up to :data:`FIRST_TASK_MS` after it began
        (a value older than the task only leaves it less)."""
        self.stop()
        self.solver_played = not announce
        self.playback = Playback(moves, self.speed)
        self.session.helped = True  # a helper takes the board: no record on it
        self.calls["assisted"](False)
        asyncio.create_task(self.frame.guarded(self._play(self.playback, announce, began)))

    def hand(self) -> str:
        """Who plays the playback's moves: ``"solver"`` (a Solve's answer) or ``"code"``."""
        return "solver" if self.solver_played else "code"

    def render(self, t: object, counter_text: str, count: object) -> None:
        """The controls from the playback's state, and the move counter (``counter_text``); while a
        solution plays, the counter says how far it is, counted by ``count(moves)``. ``t`` translates."""
        frame = self.frame
        playing = self.playing
        frame.pause_btn.disabled = not playing
        frame.step_btn.disabled = not playing
        frame.pause_btn.textContent = t("resume" if playing and self.playback.paused else "pause")
        pb = self.playback
        if playing:
            done, total = count(pb.moves[: pb.index]), count(pb.moves)
            frame.counter.setAttribute("data-playing", "%d/%d" % (done, total))
            counter_text += " · " + t("playing", i=done, n=total)
        else:
            frame.counter.removeAttribute("data-playing")
        frame.counter.textContent = counter_text

    async def _play(self, pb: Playback, announce: bool, began: "float | None" = None) -> None:
        soon = not pb.speed and began is not None and float(window.performance.now()) - began < FIRST_TASK_MS
        drew = soon and self._play_batch(pb, began + FIRST_TASK_MS)  # a batch just drew the board, in this task
        if not (drew and pb.done):
            # otherwise not in the task that showed the solver's answer (one 47-58 ms task at 横刀立马's Solve)
            await next_task()
            drew = False
        while not pb.done:
            if not pb.speed:  # at once: a batch of moves per task, one redraw each (see _on_batch)
                if self._batching is not pb:
                    self._batching = pb
                    window.setTimeout(self._batch_timer, 0)
                await asyncio.sleep(0.05)
                drew = pb.done and self._batch_drew
                continue
            drew = False
            move = pb.next_move()
            if move is None:
                await asyncio.sleep(0.05)
                continue
            if not self.calls["play"](move, self.hand()):  # each move redraws the counter, with how far it is
                pb.stop()
                break
            await asyncio.sleep(pb.speed / 1000)
        if self.playback is not pb:  # stopped by a player, an undo, a new board…: they said what is on it
            return
        self.playback = None
        calls = self.calls
        if not drew:  # the last batch's redraw already shows the end (a playback done draws as none)
            calls["render"]()
        calls["save"]()
        if pb.index < len(pb.moves):  # a move the board refused: say the board, not the solution
            calls["say_ready"]()
            return
        if self.session.state.is_solved():
            self.frame.celebrate()
        if announce:
            calls["announce"]()

    def _on_batch(self, *args: object) -> None:
        """Speed 0: one batch (:meth:`_play_batch`) in a JavaScript task of its own, the next one
        queued behind the page's other tasks (paint, input) while the playback goes on at speed 0.
        Not an asyncio task: MicroPython's asyncio runs every task due at once in one JavaScript
        task, so batches queued that way may run two or three to a task."""
        pb = self._batching
        if pb is None or pb is not self.playback or pb.done or pb.speed:
            self._batching = None  # stopped, ended, or slowed down: _play goes on from here
            return
        try:
            self._batch_drew = self._play_batch(pb, float(window.performance.now()) + BATCH_MS)
        except Exception as e:
            pb.stop()
            self._batching = None
            self.frame.fault(e)
            return
        if pb.done:
            self._batching = None
        else:
            window.setTimeout(self._batch_timer, 0 if self._batch_drew else 50)  # 50 ms: paused or held

    def _play_batch(self, pb: Playback, until: float) -> bool:
        """Speed 0: apply the playback's moves through the rules until ``until``
        (``performance.now()``; at least one), then redraw once (a redraw per move made a 116-move
        solution one long task). ``False`` if no move could be taken."""
        if self.calls["editing"]():
            pb.stop()
            return False
        perf = window.performance
        by = self.hand()
        last = None
        while not pb.done:
            move = pb.next_move()
            if move is None:
                break
            if not self.session.try_play(move, by):
                pb.stop()
                break
            last = move
            if float(perf.now()) > until:
                break
        if last is None:
            return False
        self.calls["assisted"](True)
        self.calls["after_move"](last)
        self.calls["save"]()
        return True
