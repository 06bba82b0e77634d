"""What every game shares, with no browser in it: history and playback.

A :class:`Session` is the "midend" of a game: a start position, the moves
made from it (each applied through the game's own pure ``apply`` function)
and an undo/redo cursor. It saves to and restores from plain JSON-able data.
A :class:`Playback` is a queue of moves to feed, one at a time, through the
game's handler, with pause, step and speed, held while nobody can see it.

Runs on MicroPython (the page's main thread) and CPython (the tests).
"""

import json

from puzzles import PuzzleError

SPEEDS = (0, 40, 120, 300)  # milliseconds per one-cell move; 0 plays at once
# The most steps (moves and jumps) a saved game may hold: a save is replayed through the rules
# at start-up, so this bounds that work (a save of 100,000 steps would take about 50 s to open).
MAX_SAVED_STEPS = 20000


class SaveError(ValueError):
    """A saved game that cannot be reopened: ``code`` (a message of
    :mod:`puzzles.messages`) and ``values`` say why, in either language."""

    def __init__(self, code: str, **values: object) -> None:
        super().__init__(code)
        self.code = code
        self.values = values


class Jump:
    """A step that puts a given position on the board (the state map's jump):
    one undoable step, not a move; :attr:`Session.made` leaves it out."""

    __slots__ = ("state",)

    def __init__(self, state: object) -> None:
        self.state = state


def _step(m: object, encode_state: object, encode_move: object) -> object:
    """One step of the history as saved: a move as ``encode_move`` makes it, a jump as ``{"jump": code}``."""
    return {"jump": encode_state(m.state)} if isinstance(m, Jump) else encode_move(m)


class Session:
    """Start position + moves, with undo and redo.

    ``apply(state, move)`` must return the new state or raise ``ValueError``
    (then nothing changes). ``states[i]`` is the position after ``i`` moves.
    """

    def __init__(self, start: object, apply: object) -> None:
        self._apply = apply
        self.options: dict = {}  # the game's options in play (its spec's), kept with the game
        self._listeners: list = []
        self._step_texts: list = []  # (step, its JSON) for saved_text, from the first step on
        self._joined: "str | None" = None  # those JSONs joined by ", " (None: to be joined again)
        self.reset(start)

    def subscribe(self, fn: object) -> None:
        """Call ``fn(kind)`` on every change the session announces, in the order subscribed."""
        self._listeners.append(fn)

    def changed(self, kind: str) -> None:
        """Tell every subscriber what changed: ``moved`` (a player's move), ``travelled`` (an undo,
        a redo, a jump), ``opened`` (the same start again), ``new`` (a new start position),
        ``options`` (an option changed). Each forgets what it derived from the old position.
        The session calls this itself after each change it makes (:meth:`play`, :meth:`undo`,
        :meth:`redo`, :meth:`jump`, :meth:`open`, :meth:`set_option`); a helper's moves
        (``play(move, by)``) are not announced one by one: the playback that makes them redraws."""
        for fn in self._listeners:
            fn(kind)

    def adopt(self, other: "Session") -> None:
        """Take ``other``'s start, moves and cursor (a saved game replayed aside, see :meth:`restore`),
        as the player's own until the save says who played them (:attr:`by`, :attr:`helped`)."""
        self.start, self.states, self.moves, self.cursor = other.start, other.states, other.moves, other.cursor
        self.by, self.helped = None, False
        self._forget_counts(0)

    def reset(self, start: object) -> None:
        """``start`` with no moves, played by nobody yet; not announced (see :meth:`open`)."""
        self.start = start
        self.states = [start]
        self.moves: list = []
        self.cursor = 0  # how many of self.moves are in effect
        # Who played these moves, held here only: ``by`` the hand of the last step in effect (``None``:
        # the player's, or none; ``"solver"``: a Solve's playback; ``"code"``: a script's or a program's),
        # ``helped`` whether any helper played on this board since it opened (then it sets no record).
        self.by: "str | None" = None
        self.helped = False
        self._forget_counts(0)

    def open(self, start: object, options: dict) -> None:
        """A new game on ``start`` with ``options``, announced ``new`` (another start) or ``opened``."""
        kind = "opened" if start == self.start else "new"
        self.reset(start)
        self.options = options
        self.changed(kind)

    def set_option(self, name: str, value: str) -> None:
        """Change one option, announced ``options``; the board is the player's again."""
        self.options[name] = value
        self.by = None
        self.changed("options")

    def solver_solved(self) -> bool:
        """The board is at the goal a Solve's playback brought it to, and nothing changed since."""
        return self.by == "solver" and self.cursor > 0 and self.state.is_solved()

    def _forget_counts(self, keep: int) -> None:
        """Drop the prefix counts of :meth:`counted` past ``keep`` moves (those moves are gone)."""
        if keep == 0 or not hasattr(self, "_counts"):
            self._counts = [0]  # _counts[i]: the count of the made moves among moves[:i]
            self._lasts = [None]  # _lasts[i]: the last made move among moves[:i]
            self._count_key = None
        else:
            del self._counts[keep + 1 :]
            del self._lasts[keep + 1 :]

    def counted(self, count: object, key: object) -> int:
        """``count(self.made)``, worked out once per move, not once per call.

        Rule: ``count`` (a game's ``spec.count``) must be local: a move's share
        of the count depends only on that move and the made move before it
        (one per move; Huarong's "piece" metric: one per run of moves of the
        same piece; Link-up: one per pair, none per shuffle). Then
        ``count(prefix + [m]) - count(prefix) == count([p, m]) - count([p])``
        with ``p`` the prefix's last move, and each move's share is computed
        once. ``key`` names what else ``count`` depends on (the options): a
        new key counts afresh. Recounting the whole history on every redraw
        made a move cost O(moves made)."""
        if key != self._count_key:
            self._forget_counts(0)
            self._count_key = key
        counts, lasts = self._counts, self._lasts
        for i in range(len(counts) - 1, self.cursor):
            m, prev = self.moves[i], lasts[-1]
            if isinstance(m, Jump):
                counts.append(counts[-1])
                lasts.append(prev)
                continue
            share = count([m]) if prev is None else count([prev, m]) - count([prev])
            counts.append(counts[-1] + share)
            lasts.append(m)
        return counts[self.cursor]

    @property
    def state(self) -> object:
        return self.states[self.cursor]

    @property
    def made(self) -> list:
        """The moves in effect (undone ones and jumps excluded)."""
        return [m for m in self.moves[: self.cursor] if not isinstance(m, Jump)]

    def play(self, move: object, by: "str | None" = None) -> object:
        """Apply a move played ``by`` a helper (``"solver"``, ``"code"``) or, ``None``, by the player
        (announced ``moved``); it drops whatever could have been redone."""
        new = self._apply(self.state, move)
        self._step(move, new, by)
        return new

    def _step(self, move: object, new: object, by: "str | None") -> None:
        del self.moves[self.cursor :]
        del self.states[self.cursor + 1 :]
        self._forget_counts(self.cursor)
        self.moves.append(move)
        self.states.append(new)
        self.cursor += 1
        self.by = by
        if by is not None:
            self.helped = True
        else:
            self.changed("moved" if not isinstance(move, Jump) else "travelled")

    def try_play(self, move: object, by: "str | None" = None) -> bool:
        """:meth:`play`, answering ``False`` (and changing nothing) for a move the game's rules refuse
        or cannot read: the one place that knows what an illegal move raises."""
        try:
            new = self._apply(self.state, move)
        except (PuzzleError, ValueError, TypeError, IndexError, KeyError):
            return False
        self._step(move, new, by)  # outside the try: a subscriber's error is not an illegal move
        return True

    def jump(self, state: object) -> object:
        """Put ``state`` on the board as one undoable step, announced ``travelled``; it drops
        whatever could have been redone."""
        self._step(Jump(state), state, None)
        return state

    def can_undo(self) -> bool:
        return self.cursor > 0

    def can_redo(self) -> bool:
        return self.cursor < len(self.moves)

    def undo(self) -> "object | None":
        """Step back one move, announced ``travelled``; returns the move undone, or ``None``."""
        if not self.cursor:
            return None
        self.cursor -= 1
        self.by = None
        self.changed("travelled")
        return self.moves[self.cursor]

    def redo(self) -> "object | None":
        """Step forward one move, announced ``travelled``; returns the move redone, or ``None``."""
        if self.cursor >= len(self.moves):
            return None
        self.cursor += 1
        self.by = None
        self.changed("travelled")
        return self.moves[self.cursor - 1]

    def to_saved(self, encode_state: object, encode_move: object) -> dict:
        return {
            "start": encode_state(self.start),
            "moves": [_step(m, encode_state, encode_move) for m in self.moves],
            "cursor": self.cursor,
        }

    def saved_text(self, encode_state: object, encode_move: object, extra: dict) -> str:
        """``json.dumps`` of :meth:`to_saved` with ``extra``'s fields beside, each step's JSON kept from
        the last call while the step is the same object: a write after a burst of moves encodes only the
        new ones (a program's 10,000 moves, encoded and dumped whole, held the page's MicroPython thread
        about 50 ms at every write)."""
        texts = self._step_texts
        moves = self.moves
        keep, n = 0, min(len(texts), len(moves))
        while keep < n and texts[keep][0] is moves[keep]:
            keep += 1
        if keep < len(texts):
            del texts[keep:]
            self._joined = None
        new = [json.dumps(_step(m, encode_state, encode_move)) for m in moves[keep:]]
        texts.extend(zip(moves[keep:], new))
        if self._joined is None:  # the steps' texts joined, extended while only new steps come
            self._joined = ", ".join(t for _, t in texts)
        elif new:
            self._joined += (", " if keep else "") + ", ".join(new)
        head = dict(extra)
        head["start"] = encode_state(self.start)
        head["cursor"] = self.cursor
        return json.dumps(head)[:-1] + ', "moves": [' + self._joined + "]}"

    def restore(self, saved: dict, decode_state: object, decode_move: object, shape: object = None) -> None:
        """Replay saved data through the rules; raises ``ValueError`` (leaving
        this session as it was) unless every part validates: ``start`` a
        string, ``moves`` a list of at most :data:`MAX_SAVED_STEPS` steps, each
        what ``decode_move`` accepts and legal in turn, or a jump
        (``{"jump": text}``) to a board of the start's shape, ``cursor`` a
        whole number in range.

        The jump rule: a jump puts a position of the same game on the board
        (the state map's), so ``shape(board)`` (the game spec's
        :meth:`~puzzles.GameSpec.shape`: its size and, in Huarong, its pieces)
        must equal the start's; a board of another shape is refused, as the
        view draws every position of a game in its start's frame. Any error a
        decoder or a rule raises on foreign data comes out as ``ValueError``."""
        if not isinstance(saved, dict):
            raise SaveError("save_not_game")
        start, moves, cursor = saved.get("start"), saved.get("moves", []), saved.get("cursor")
        if not isinstance(start, str) or not isinstance(moves, list):
            raise SaveError("save_not_game")
        if len(moves) > MAX_SAVED_STEPS:
            raise SaveError("save_too_many_steps", count=len(moves), limit=MAX_SAVED_STEPS)
        try:
            other = Session(decode_state(start), self._apply)
            want = shape(other.start) if shape is not None else None
            for m in moves:
                if isinstance(m, dict) and set(m) == {"jump"} and isinstance(m["jump"], str):
                    board = decode_state(m["jump"])
                    if shape is not None and shape(board) != want:
                        raise SaveError("save_jump_foreign")
                    other.jump(board)
                else:
                    other.play(decode_move(m))
        except ValueError:
            raise
        except (TypeError, KeyError, IndexError, AttributeError) as e:  # a decoder or rule meeting foreign data
            raise SaveError("save_not_game") from e
        if cursor is None:
            cursor = len(other.moves)
        if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(other.moves):
            raise SaveError("save_not_game")
        other.cursor = cursor
        self.adopt(other)


class Playback:
    """A queue of moves played one by one, with pause, step and speed.

    The page's loop asks :meth:`next_move` when it is time for the next move
    (every ``speed`` ms); it answers ``None`` while paused or when done.
    """

    def __init__(self, moves: list, speed: int = 120) -> None:
        self.moves = list(moves)
        self.index = 0
        self.speed = speed
        self.paused = False
        self.held = False  # the page or the game's tab is hidden: nothing plays, whatever Pause says
        self.stopped = False
        self._steps = 0

    @property
    def done(self) -> bool:
        return self.stopped or self.index >= len(self.moves)

    def next_move(self) -> "object | None":
        if self.done or self.held:
            return None
        if self.paused:
            if not self._steps:
                return None
            self._steps -= 1
        move = self.moves[self.index]
        self.index += 1
        return move

    def step(self) -> None:
        """While paused, let exactly one more move through."""
        self.paused = True
        self._steps += 1

    def toggle_pause(self) -> bool:
        self.paused = not self.paused
        self._steps = 0
        return self.paused

    def stop(self) -> None:
        self.stopped = True

    def progress(self) -> "tuple[int, int]":
        return (self.index, len(self.moves))
