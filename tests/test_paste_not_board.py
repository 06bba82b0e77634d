"""Text pasted into a game's board box that is no board at all (a sentence, a link, a program, a console
line) is said to be no board of that game, with what a board looks like, quoting a bounded piece of the
text, in English and 中文; a near miss (a board with one thing wrong) keeps the message that names it."""

import pytest

from puzzles import PuzzleError, quote
from puzzles.games import GAMES

PROGRAM = "def solve(board):\n    from collections import deque\n    q = deque([board])\n    return len(q)\n"
NOT_BOARDS = [
    "I tried the puzzle on the train but could not finish it",
    "https://labuladong.online/algo/en/ai-algorithm/bfs-framework/",
    PROGRAM,
    "gameHandler.move(7, 'down')",
    "<html><body>42</body></html>",
]
NAMES = {
    "huarong": ("Huarong Road", "华容道"),
    "linkup": ("Link-up", "连连看"),
    "sliding": ("sliding-puzzle", "滑动谜题"),
}
# each game's own board, as the message shows one
EXAMPLES = {"huarong": "3114/3114/5226/5786/900a", "linkup": "[[1,2,2,1],[3,0,0,3]]", "sliding": "[[4,1,2],[5,0,3]]"}


def refusal(game: str, text: str) -> PuzzleError:
    with pytest.raises(PuzzleError) as info:
        GAMES[game].board.parse(text)
    return info.value


@pytest.mark.parametrize("game", sorted(NAMES))
@pytest.mark.parametrize("text", NOT_BOARDS, ids=["sentence", "link", "program", "console", "html"])
def test_text_that_is_no_board_is_said_to_be_none_with_what_a_board_looks_like(game, text):
    error = refusal(game, text)
    assert error.code == game + "_not_code", (error.code, error.text("en"))
    for lang, name in zip(("en", "zh"), NAMES[game]):
        said = error.text(lang)
        # a bounded piece of the text, as typed (40 characters, and escapes)
        assert said.startswith(quote(text) + " ") and len(quote(text)) <= 50, said
        assert ("is not a %s board" % name if lang == "en" else "不是%s棋盘" % name) in said, said
        assert EXAMPLES[game] in said, said
        assert len(said) <= 260, len(said)  # a few lines on a phone


@pytest.mark.parametrize(
    "game, text, code",
    [
        ("huarong", "11/11/0!", "bad_piece_char"),  # one stray character: named, with its row and column
        ("huarong", "3114\n3114\n5226\n5786\n900a", "bad_piece_char"),  # rows on lines: the line break named
        ("huarong", "\x1c3114/3114/5226/5786/900a\x1c", "bad_piece_char"),  # strays only around a board
        ("huarong", "[[1,1],[2]]", "grid_ragged"),
        ("linkup", "42", "linkup_not_code"),  # a number: no share code, not another version of one
        ("huarong", "[[1,2],[3", "json_invalid"),
        ("linkup", "2.4x6.363663451152414146535222.aj", "linkup_future_format"),
        ("sliding", "[[1,2,3],[4,0,5]]x", "json_invalid"),
    ],
)
def test_a_near_miss_keeps_the_message_that_names_its_problem(game, text, code):
    """A near miss is never called no board."""
    assert refusal(game, text).code == code
