"""Small helpers the tests share (the engine tests, the MicroPython checks, the end-to-end tests)."""

import random
import re


def ask(**req) -> list:
    """Ask the learner's worker (``code_runner``, run here in CPython) as the page does: a request with
    the game's exercise; its messages, decoded."""
    import json

    import code_runner
    from puzzles.code_check import exercise_of
    from puzzles.games import GAMES

    out = []
    req.setdefault("id", 1)
    req.setdefault("exercise", exercise_of(GAMES[req["game"]]).request())
    code_runner.handle(json.dumps(req), out.append)
    return [json.loads(m) for m in out]


def drain(gen) -> object:
    """Run a generator (a job, a search, a build in slices) to its end: the value it returns."""
    return drain_with_progress(gen)[1]


def drain_with_progress(gen, key: "str | None" = None, each=None) -> tuple:
    """Run a generator to its end: ``(every value it yielded, the value it returns)``. With ``key``, each
    yield's ``[key]`` is kept instead of the whole; ``each(yielded)`` is called at every yield, while the
    generator is paused there (for what can only be looked at then)."""
    seen = []
    while True:
        try:
            got = next(gen)
        except StopIteration as stop:
            return seen, stop.value
        if each is not None:
            each(got)
        seen.append(got if key is None else got[key])


def check_cases(game: str) -> tuple:
    """Check's cases of ``game`` as its solver's ``cases`` job makes them (what the page's Check sends):
    ``(boards, cases)``, each case naming its board by index into ``boards``."""
    from puzzles import run
    from puzzles.games import GAMES

    solver = __import__(GAMES[game].solver, None, None, ["JOBS"])
    result = run(solver.JOBS["cases"](None, {}, {}))
    assert result.status == "loaded" and result.moves == []
    return result.stats["boards"], result.stats["cases"]


def step_to_end(job: int, budget_ms: float = 40) -> tuple:
    """Step worker job ``job`` through worker_jobs' protocol until it is done: ``(the last answer, the
    progress dict of every answer before it)``."""
    import json

    import worker_jobs

    progress = []
    while True:
        answer = json.loads(worker_jobs.step(job, budget_ms))
        if answer["done"]:
            return answer, progress
        progress.append(answer["progress"])


def replays(board, moves: list) -> bool:
    """Whether Link-up ``moves`` (pairs of cell indexes) each join by the rules of
    ``puzzles.linkup.connect`` in turn and leave ``board`` cleared."""
    from puzzles.linkup import connect

    for a, b in moves:
        if not connect(board, a // board.cols, a % board.cols, b // board.cols, b % board.cols):
            return False
        board = board.remove(a, b)
    return board.is_cleared()


def linkup_positions(board, most: int = 40) -> list:
    """Link-up positions reachable from ``board``, breadth first, at most ``most``."""
    from puzzles.linkup import joinable_pairs

    out, todo, seen = [], [board], {board}
    while todo and len(out) < most:
        b = todo.pop(0)
        out.append(b)
        for a, c in joinable_pairs(b):
            n = b.remove(a, c)
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return out


LINKUP_DIRS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def linkup_joins(cells: tuple, rows: int, cols: int, a: int, b: int) -> bool:
    """Link-up's rule, written independently of the engine (no prefix sums, no routes): a walk over
    (cell, direction, turns) through empty cells and the ring around the board, never more than two
    turns. (A walk that turns back meets its own start, a tile, so it finds no path a straight one
    does not.)"""
    r2, c2 = divmod(b, cols)

    def empty(r: int, c: int) -> bool:
        if not (-1 <= r <= rows and -1 <= c <= cols):
            return False
        return not (0 <= r < rows and 0 <= c < cols) or not cells[r * cols + c]

    r1, c1 = divmod(a, cols)
    todo = [(r1, c1, d, 0) for d in LINKUP_DIRS]
    seen = set(todo)
    while todo:
        r, c, d, t = todo.pop()
        for nd in LINKUP_DIRS:
            nt = t + (nd != d)
            if nt > 2:
                continue
            nr, nc = r + nd[0], c + nd[1]
            if (nr, nc) == (r2, c2):
                return True
            if empty(nr, nc) and (nr, nc, nd, nt) not in seen:
                seen.add((nr, nc, nd, nt))
                todo.append((nr, nc, nd, nt))
    return False


_CLEARABLE: dict = {}  # (rows, cols, cells) -> whether it clears: one memo for every test of a process


def linkup_clearable(rows: int, cols: int, cells: tuple) -> bool:
    """Whether a Link-up position clears: every joinable pair of equal tiles tried in every position
    (by :func:`linkup_joins`), each position's answer remembered. The truth the solvers are checked
    against, on boards small enough to enumerate."""
    if not any(cells):
        return True
    key = (rows, cols, cells)
    if key in _CLEARABLE:
        return _CLEARABLE[key]
    _CLEARABLE[key] = False
    tiles = [i for i, v in enumerate(cells) if v]
    for x, a in enumerate(tiles):
        for b in tiles[x + 1 :]:
            if cells[a] == cells[b] and linkup_joins(cells, rows, cols, a, b):
                nxt = list(cells)
                nxt[a] = nxt[b] = 0
                if linkup_clearable(rows, cols, tuple(nxt)):
                    _CLEARABLE[key] = True
                    return True
    return False


NASTY = [
    "[" * 5000 + "]" * 5000,
    "[[1e400]]",
    "[[NaN]]",
    "2³x4-7",
    "1.10x2²0.abc.zz",
    "9" * 5000,
    "💥",
    "<b>x</b>",
    "[[1,2],[3]]",
    "[]",
    "[[]]",
    "{}",
    "null",
    "[[true]]",
    '[["1"]]',
    "2.4x6.00.zz",
    "0x0-",
    "/",
    "%00",
    "\u202e",
]


def hostile(game: str, n: int, seed: int) -> list:
    """``n`` texts that the game's parser refuses: mutations of its own codes and JSON, and classics."""
    from puzzles import PuzzleError
    from puzzles.games import GAMES

    rng = random.Random(seed)
    board = GAMES[game].default()
    seeds = [board.to_code(), board.to_json()]
    out = []
    while len(out) < n:
        if rng.random() < 0.2:
            text = rng.choice(NASTY)
        else:
            s = list(rng.choice(seeds))
            for _ in range(rng.randint(1, 4)):
                i = rng.randrange(len(s))
                op = rng.random()
                if op < 0.4:
                    s[i] = rng.choice("0123456789[],.x-/abz ")
                elif op < 0.7:
                    del s[i]
                else:
                    s.insert(i, rng.choice("0123456789[],.x-/9"))
            text = "".join(s)
        try:
            GAMES[game].board.parse(text)
        except PuzzleError:
            out.append(text)
    return out


SCRIPT_LINES = [
    "gameHandler.move(10, 'left')",
    "gameHandler.move(1, 'down')",
    "gameHandler.move(99, 'up')",
    "gameHandler.move(2³, 'up')",
    'gameHandler.move(7, "sideways")',
    "move(7, 'up')",
    "alert(1)",
    "",
    "gameHandler.move(" + "9" * 5000 + ", 'up')",
    "gameHandler.move(7,'down');",
    "// comment",
]


def hostile_scripts(n: int, seed: int) -> list:
    """``n`` Huarong move scripts that the default board refuses: one to five lines of good and bad calls."""
    from puzzles import PuzzleError
    from puzzles.games import GAMES
    from puzzles.huarong import check_script

    rng = random.Random(seed)
    board = GAMES["huarong"].default()
    out = []
    while len(out) < n:
        script = "\n".join(rng.choice(SCRIPT_LINES) for _ in range(rng.randint(1, 5)))
        try:
            check_script(board, script)
        except PuzzleError:
            out.append(script)
    return out


# A learner's program pasted where a board goes, and what each game says of it in each language.
PASTED_PROGRAM = "from collections import deque\n\ndef solve(board):\n    q = deque([board])\n    return len(q)\n"
NOT_A_BOARD_SAID = {
    ("huarong", "en"): "is not a Huarong Road board: paste its JSON form",
    ("huarong", "zh"): "不是华容道棋盘：请粘贴 JSON 形式",
    ("linkup", "en"): "is not a Link-up board: paste its JSON form",
    ("linkup", "zh"): "不是连连看棋盘：请粘贴 JSON 形式",
    ("sliding", "en"): "is not a sliding-puzzle board: paste its JSON form",
    ("sliding", "zh"): "不是滑动谜题棋盘：请粘贴 JSON 形式",
}


def numbered(key: str, lang: str, **values: object) -> "re.Pattern":
    """``key``'s text as a pattern, each value given as ``None`` matching any whole number."""
    marks = {k: (v if v is not None else 900001 + i) for i, (k, v) in enumerate(values.items())}
    from app.i18n import t

    text = re.escape(t(key, lang, **marks))
    for k, v in values.items():
        if v is None:
            text = text.replace(str(marks[k]), r"(\d+)")
    return re.compile("^" + text + "$")
