"""Small helpers the tests share (the engine tests, the MicroPython checks, the end-to-end tests)."""

import random


def drain(gen, key: str) -> tuple:
    """Run a generator to its end: ``(progress[key] of every yield, the value it returns)``."""
    seen = []
    while True:
        try:
            seen.append(next(gen)[key])
        except StopIteration as stop:
            return seen, stop.value


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
