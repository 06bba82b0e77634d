"""Run's moves from the learner's worker (py/puzzles/code_check.py's ``decode_until_bad``): the moves up to
the first the game has no such move for are kept, that one named by its number and the learner's line;
a list that is not moves at all is still refused whole."""

import pytest

from puzzles import quote
from puzzles.code_check import AnswerError, decode_until_bad
from puzzles.games import GAMES

HR, SP = GAMES["huarong"], GAMES["sliding"]


def test_the_moves_before_an_unknown_move_are_kept_and_it_is_named():
    raw = [[[10, "left"], 2], [[9, "right"], 3], [[7, "sideways"], 4], [[7, "down"], 5]]
    moves, bad = decode_until_bad(HR, raw, 100)
    assert moves == [((10, "left"), 2), ((9, "right"), 3)]
    i, line, err = bad
    assert (i, line) == (3, 4)
    assert err.code == "code_bad_answer"
    assert err.text("en") == "your program sent %s, which is not a move of this game" % quote("[7, 'sideways']")
    assert quote("[7, 'sideways']") in err.text("zh")


@pytest.mark.parametrize("raw, n", [([[[7, "sideways"], None]], 1), ([[5, 1], [["5"], 2], [6, 3]], 2),
                                    ([[[True, "up"], 9]], 1)])
def test_an_unknown_move_first_or_without_a_line(raw, n):
    spec = SP if isinstance(raw[0][0], int) else HR
    moves, bad = decode_until_bad(spec, raw, 100)
    assert len(moves) == n - 1 and bad[0] == n
    assert bad[1] == raw[n - 1][1]


def test_every_move_known_gives_no_bad_one():
    moves, bad = decode_until_bad(HR, [[[10, "left"], 3], [[7, "up"], None]], 10)
    assert bad is None and moves == [((10, "left"), 3), ((7, "up"), None)]


@pytest.mark.parametrize("raw", ["moves", [[[10, "left"], "1"]], [[10, "left"]], [[[10, "left"], 1]] * 11,
                                 [[[10, "left"], 1], [[10, "sideways"], 1, 2]]])
def test_what_is_not_a_list_of_moves_is_refused_whole(raw):
    with pytest.raises(AnswerError) as e:
        decode_until_bad(HR, raw, 10)
    assert e.value.code == "code_bad_answer"
