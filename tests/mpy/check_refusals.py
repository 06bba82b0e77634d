# Run by tests/test_micropython.py under MicroPython AND under CPython, after a first line that sets
# CASES = [[kind, game, text], ...] (the hostile texts of tests/helpers.py, made in CPython): the same
# lines must come out of both runtimes. One line per case: how the page's parser refused it (the
# message's code, its English and its Chinese), or what it made of a text it took.
from puzzles import PuzzleError
from puzzles.games import GAMES
from puzzles.huarong import check_script


def outcome(kind, game, text):
    try:
        if kind == "script":
            return "took %d moves" % len(check_script(GAMES[game].default(), text))
        return "took " + GAMES[game].board.parse(text).to_code()
    except PuzzleError as e:
        return "refused %s | %s | %s" % (e.code, str(e), e.text("zh"))


refused = 0
for i, (kind, game, text) in enumerate(CASES):  # noqa: F821 (set by the first line)
    line = outcome(kind, game, text)
    refused += line.startswith("refused ")
    print("%d %s %s %s" % (i, kind, game, line))
print("OK refusals %d of %d" % (refused, len(CASES)))  # noqa: F821
