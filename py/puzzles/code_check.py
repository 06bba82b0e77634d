"""What the Code panel's worker sends, checked on the page's main thread like a pasted board
(pure: no browser imports; MicroPython and CPython alike).

The learner's worker (``py/code_runner.py``) runs code nobody checked; everything it sends is
input. The rules:

* **Moves** (:func:`decode_moves`): a list of at most ``limit`` ``[move, line]`` items; each
  move is decoded by the game's spec (``decode_move``, which refuses anything it did not make),
  each line is a whole number or ``None``. Anything else is refused whole (``code_bad_answer``,
  quoting the item) and nothing is played.
* **Playing** (:func:`replay`): the moves go through ``spec.apply`` one by one from the board
  on screen; the first that the rules refuse is reported by its number (from 1) and the
  learner's line, and no move after it counts.
* **A Link-up path** (:func:`check_path`): a list of ``[row, col]`` whole-number pairs from the
  first tile to the second, each step to a side-neighbour, every cell between the two ends
  empty and on the board or its one-cell ring, at most two turns, the two tiles of one kind.
  Any legal path is accepted (not only the exact solver's). A reason names a cell as the
  learner's program does, row and column from 0 (the ring is row/column -1 and the size).
* **Judging Check's cases** (:func:`judge`), by the exercise's ``answer``: ``count`` — a whole
  number (not a bool) equal to the exact one; ``path`` — ``[]`` exactly when the exact answer is
  ``[]``, else a path :func:`check_path` accepts; ``moves`` — the moves are legal and reach the
  goal when the case has a solution, and are legal and do not when it has none; a solved answer
  is said in the exercise's own units (its ``steps``).
"""

from puzzles import PuzzleError, load_module, quote

MAX_PATH = 200  # cells in a Link-up path at most (the ring of a 24 x 24 board is far shorter)
LINE_MAX = 10**6


class Exercise:
    """A game's Code-panel exercise (its folder's ``exercise.py`` makes one, ``EXERCISE``; the
    spec names that module): what the learner writes and how the page judges it.

    ``function``     the learner's function's name (``solve``).
    ``answer``       how an answer is judged, one of:
                     ``"moves"``  the moves the function makes are replayed from the case's
                                  board: right when they are legal and reach the goal (or, for
                                  a case with no solution, do not); a Run plays them and says
                                  in how many steps against the fewest;
                     ``"count"``  the whole number it returns is the fewest moves (``-1``: no
                                  solution), compared with the exact solver's (``exact_options``);
                                  moves it makes are played too;
                     ``"path"``   it is called with the case's ``args`` (two tiles) and returns
                                  a path joining them, or ``[]``: any legal path counts (see
                                  :func:`check_path`); a Run only defines it, and the page may
                                  call it on the tiles a player clicks.
    ``move_args``    how many arguments ``gameHandler.move`` takes (0: it takes no moves).
    ``course_line``  a regular expression of a printed course line that is a move (group 1 a
                     whole number, group 2 a direction when ``move_args`` is 2), or ``None``.
    ``answer_items`` items of an answer the learner's worker keeps (longer lists are cut).
    ``starters``     the starter program, ``(English, 中文)``.
    ``exact_options`` the options of the exact solve a ``count`` answer is compared with.
    ``keys``         the page's texts of this exercise by their role: ``ready`` (said after a
                     ``path`` Run), ``answer_ok`` and ``answer_wrong`` (a ``count`` answer),
                     ``steps`` (a ``moves`` answer's counts), ``coords`` (how the panel's cells
                     are numbered).
    ``steps``        for a ``moves`` answer: ``moves -> {name: n}``, what a solved answer
                     counts in the game's units, in the form its cases' ``expected`` holds;
                     said with the text ``keys["steps"]`` (by default ``{"n": len(moves)}``,
                     said as ``code_moves_n``).
    ``trace``        what Step through's recorder looks for in the learner's variables:
                     ``{"want": "cells"}`` (the cells states stand on, marked on the board) or
                     ``{"want": "board"}`` (rows of the board's ids, drawn), with ``"flat": True``
                     when a string or list of the board's digits, row after row, is a board too.
    """

    def __init__(
        self,
        function: str,
        answer: str,
        starters: tuple,
        move_args: int = 0,
        course_line: "str | None" = None,
        answer_items: int = 4096,
        exact_options: "dict | None" = None,
        keys: "dict | None" = None,
        trace: "dict | None" = None,
        steps: object = None,
    ) -> None:
        self.function = function
        self.answer = answer
        self.starters = starters
        self.move_args = move_args
        self.course_line = course_line
        self.answer_items = answer_items
        self.exact_options = exact_options or {}
        self.keys = {"steps": "code_moves_n", "coords": "code_coords"}
        self.keys.update(keys or {})
        self.trace = trace or {"want": "board"}
        self.steps = steps or _moves_n

    def said_steps(self, counts: dict) -> tuple:
        """A ``moves`` answer's counts (:attr:`steps`, or a case's ``expected``) as ``(key, values)``."""
        return (self.keys["steps"], counts)

    def request(self) -> dict:
        """What the learner's worker (``py/code_runner.py``, which imports none of the games) is told
        of the exercise with each request."""
        return {"function": self.function, "answer": self.answer, "move_args": self.move_args,
                "course_line": self.course_line, "answer_items": self.answer_items}


def _moves_n(moves: list) -> dict:
    """A ``moves`` answer counted by default: one step a move."""
    return {"n": len(moves)}


def exercise_of(spec: object) -> "Exercise | None":
    """The exercise of a game's spec (its ``exercise`` module's ``EXERCISE``), or ``None``."""
    return load_module(spec.exercise).EXERCISE if getattr(spec, "exercise", None) else None


class AnswerError(PuzzleError):
    """The worker's answer is not what the game takes."""


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def answer_text(answer: object, shown: object = repr) -> str:
    """An answer as ``shown`` (``repr`` or ``str``) shows it. A value that is not plain data (a set, a
    number too big for JavaScript) comes from the learner's worker as ``{"repr": text}``
    (py/code_runner.py, static/code.js): that text is the learner's value, the dict only how it
    travelled."""
    if isinstance(answer, dict) and len(answer) == 1 and isinstance(answer.get("repr"), str):
        return answer["repr"]
    return shown(answer)


class Decoded(list):
    """Moves already decoded by :func:`decoding` (the page decodes a long answer in slices, as it
    arrives): :func:`decode_moves` hands them back as they are."""


def decode_moves(spec: object, raw: object, limit: int) -> list:
    """``[[move, line], ...]`` from the worker → ``[(move, line), ...]`` decoded by ``spec``;
    an :class:`AnswerError` (``code_bad_answer``) for anything else, or more than ``limit``."""
    if isinstance(raw, Decoded):
        if len(raw) > limit:
            raise AnswerError("code_bad_answer", text=quote("%d moves" % len(raw)))
        return raw
    moves, bad = decode_until_bad(spec, raw, limit)
    if bad is not None:
        raise bad[2]
    return moves


def decoding(spec: object, raw: object, limit: int, chunk: int = 64):
    """:func:`decode_until_bad` as a generator that yields after every ``chunk`` moves and returns its
    ``(moves, bad)``, the moves a :class:`Decoded` list (an :class:`AnswerError` raised for a list that is
    not ``[[move, line], ...]`` or is longer than ``limit``, the item quoted)."""
    if not isinstance(raw, list) or len(raw) > limit:
        raise AnswerError("code_bad_answer", text=quote(str(type(raw).__name__) if not isinstance(raw, list)
                                                        else "%d moves" % len(raw)))
    for item in raw:
        if not isinstance(item, list) or len(item) != 2 or not (item[1] is None or _whole(item[1])):
            raise AnswerError("code_bad_answer", text=quote(str(item)[:80]))
    out = Decoded()
    for item in raw:
        line = item[1] if item[1] is not None and 0 < item[1] < LINE_MAX else None
        try:
            move = spec.decode_move(item[0])
        except (PuzzleError, ValueError, TypeError):
            return out, (len(out) + 1, line, AnswerError("code_bad_answer", text=quote(str(item[0])[:80])))
        out.append((move, line))
        if len(out) % chunk == 0:
            yield len(out)
    return out, None


def decode_until_bad(spec: object, raw: object, limit: int) -> tuple:
    """Run's moves: ``(moves, bad)``, the moves decoded by ``spec`` up to the first the game has no such
    move for (``gameHandler.move(7, 'sideways')``), which is ``bad``: ``(number from 1, line,
    AnswerError)``, or ``None``. The moves before it still play, as before an illegal one. A list that is
    not ``[[move, line], ...]``, or is longer than ``limit``, is refused whole, as :func:`decode_moves` does."""
    gen = decoding(spec, raw, limit, 1 << 30)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.args[0]


def replay(spec: object, board: object, moves: list, chunk: int = 16):
    """Apply ``moves`` (``(move, line)`` pairs) from ``board`` through ``spec.apply``, as a
    generator that yields after every ``chunk`` moves (so the page stays responsive), and
    returns ``(board, bad)``: the board after the legal moves and ``None``, or, at the first
    move the rules refuse, ``(number from 1, line, PuzzleError)``."""
    for i, (move, line) in enumerate(moves):
        try:
            board = spec.apply(board, move)
        except PuzzleError as e:
            return board, (i + 1, line, e)
        except (ValueError, TypeError, IndexError, KeyError):
            return board, (i + 1, line, PuzzleError("code_bad_answer", text=quote(str(move)[:80])))
        if (i + 1) % chunk == 0:
            yield i + 1
    return board, None


def turns(path: list) -> int:
    """Direction changes along a path of side-neighbour cells."""
    n, last = 0, None
    for i in range(1, len(path)):
        d = (path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1])
        if last is not None and d != last:
            n += 1
        last = d
    return n


def check_path(grid: list, r1: int, c1: int, r2: int, c2: int, path: object) -> "tuple | None":
    """``None`` if ``path`` is a legal Link-up path joining the tiles at ``(r1, c1)`` and
    ``(r2, c2)`` of ``grid`` (rows of kinds, 0 empty), else ``(key, values)``: why not."""
    rows, cols = len(grid), len(grid[0])
    if not isinstance(path, list) or not 2 <= len(path) <= MAX_PATH or not all(
        isinstance(p, list) and len(p) == 2 and _whole(p[0]) and _whole(p[1]) for p in path
    ):
        return ("code_path_not_list", {})
    if path[0] != [r1, c1] or path[-1] != [r2, c2]:
        return ("code_path_ends", {})
    kind = grid[r1][c1] if 0 <= r1 < rows and 0 <= c1 < cols else 0
    other = grid[r2][c2] if 0 <= r2 < rows and 0 <= c2 < cols else 0
    if not kind or kind != other or (r1, c1) == (r2, c2):
        return ("code_path_unjoinable", {})
    for i in range(1, len(path)):
        r, c = path[i]
        if abs(r - path[i - 1][0]) + abs(c - path[i - 1][1]) != 1:
            return ("code_path_step", {"i": i})
        if not (-1 <= r <= rows and -1 <= c <= cols):
            return ("code_path_outside", {"r": r, "c": c})
        if i < len(path) - 1 and 0 <= r < rows and 0 <= c < cols and grid[r][c]:
            return ("code_path_blocked", {"r": r, "c": c})
    n = turns(path)
    if n > 2:
        return ("code_path_turns", {"n": n})
    return None


def path_text(path: list) -> tuple:
    """A path as the result table says it: ``("code_path_desc", {"n": turns})``, or none."""
    return ("code_path_desc", {"n": turns(path)}) if path else ("code_none", {})


def judge(spec: object, case: dict, grid: list, answer: object, moves: list) -> dict:
    """One of Check's cases: ``{"ok", "yours", "expected"}`` (each text a ``(key, values)``
    pair or a plain string of digits). ``moves`` are already decoded (Huarong), ``grid`` is
    the case's board as rows."""
    gen = judging(spec, case, grid, answer, moves, 1 << 30)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.args[0]


def judging(spec: object, case: dict, grid: list, answer: object, moves: list, chunk: int = 64):
    """:func:`judge` as a generator that yields after every ``chunk`` moves replayed (Huarong's
    answers are up to 10,000 moves: the page judges them in slices) and returns the row."""
    exercise = exercise_of(spec)
    kind, expected = exercise.answer, case["expected"]
    if kind == "count":
        ok = _whole(answer) and answer == expected
        yours = str(answer) if _whole(answer) else quote(answer_text(answer, str)[:40])
        return {"ok": ok, "yours": yours, "expected": str(expected)}
    if kind == "path":
        r1, c1, r2, c2 = case["args"]
        if answer == []:
            return {"ok": expected == [], "yours": ("code_none", {}), "expected": path_text(expected)}
        why = check_path(grid, r1, c1, r2, c2, answer)
        yours = why if why is not None else path_text(answer)
        return {"ok": why is None and expected != [], "yours": yours, "expected": path_text(expected)}
    # "moves": the moves, replayed
    board = spec.board.from_grid(grid)
    gen = replay(spec, board, moves, chunk)
    try:
        while True:
            yield next(gen)
    except StopIteration as stop:
        board, bad = stop.args[0]
    exp = ("code_none", {}) if expected is None else exercise.said_steps(expected)
    if bad is not None:
        # the rule's own error, said in the page's language where the row is drawn
        return {"ok": False, "yours": ("code_illegal_noline", {"i": bad[0], "msg": bad[2]}), "expected": exp}
    plain = [m for m, _ in moves]
    solved = board.is_solved()
    yours = exercise.said_steps(exercise.steps(plain)) if solved else ("code_case_unsolved", {"n": len(plain)})
    return {"ok": solved == (expected is not None), "yours": yours, "expected": exp}
