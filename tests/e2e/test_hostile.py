"""Hostile input thrown at the page itself: a bad link's text as the browser hands it over, and
``gameHandler`` called from JavaScript with values no Python caller could pass. Each is refused, nothing
breaks, the board stays.

The page's parsers run on MicroPython: tests/test_micropython.py checks that it refuses every hostile text
(pastes, move scripts, links) with the same message, in English and 中文, as CPython; what the page does
with each refusal (the alert, the board kept) is tests/test_midend_rules.py's and tests/test_midend_page.py's,
on a fake page."""

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from helpers import NASTY
from puzzles.games import GAMES

pytestmark = pytest.mark.e2e

ESCAPED = "%00\u202e💥<b>x</b>"  # characters a URL escapes, and markup
LONG_LINK = ESCAPED + NASTY[0]  # and 10,000 characters of nesting after them: 30 KB of request line once escaped




# game -> calls that must be refused (False / []) and change nothing, then one that must work
HOSTILE = {
    "huarong": (
        ["gameHandler.move(2**32 + 10, 'left')", "gameHandler.move(10.5, 'left')", "gameHandler.move(true, 'left')",
         "gameHandler.move(' 10 ', 'left')", "gameHandler.move(Infinity, 'left')", "gameHandler.move(10)",
         "gameHandler.move(10, 'left', 1)", "gameHandler.move(10, 'LEFT')", "gameHandler.move()"],
        "gameHandler.move(10, 'left')",
    ),
    "linkup": (
        ["gameHandler.connect(2**32 + 3, 4, 3, 5)", "gameHandler.connect(3, 4, 3)", "gameHandler.connect(3.5, 4, 3, 5)",
         "gameHandler.connect('3', 4, 3, 5)", "gameHandler.connect(NaN, 4, 3, 5)"],
        "gameHandler.connect(3, 4, 3, 5)",
    ),
    "sliding": (
        ["gameHandler.move(2**32 + 5)", "gameHandler.move(5, 1)", "gameHandler.move(true)", "gameHandler.move('5')",
         "gameHandler.move(5.5)", "gameHandler.move(-Infinity)", "gameHandler.move()"],
        "gameHandler.move(5)",
    ),
}

HOSTILE_ARGS = """() => {
  const circular = []; circular.push(circular);
  let deep = []; for (let i = 0; i < 20000; i++) deep = [deep];
  const huge = "x".repeat(2000000);
  return [[10n, 'left'], [circular, 'left'], [deep, 'left'], [huge, 'left'], [{ toJSON() { throw 1; } }, 'up']];
}"""

# gameHandler[m] called with each of HOSTILE_ARGS: its answer, or what it threw
CALL_EACH = "(m) => (%s)().map((a) => { try { return gameHandler[m](...a); } catch (e) { return 'threw ' + e; } })"
METHOD = {"huarong": ("move", False), "linkup": ("connect", []), "sliding": ("move", False)}


def test_a_long_bad_link_then_game_handler_takes_only_exact_whole_numbers_and_never_throws(open_game):
    """A bad link's board, as long as the server lets a request line be and as the browser decodes it,
    reaches the parser: refused with the alert, the default board instead, the markup shown as text (it
    is quoted in the alert), never as an element.

    Then, on that page, ``gameHandler`` is the shown game's: each game's, shown by its tab. Numbers that are
    not exact whole numbers, extra or missing arguments, and then a BigInt, a circular object, a 20,000-deep
    array, a 2 MB text, a throwing toJSON: each call answers false (or [] for connect) and nothing changes;
    no exception reaches the caller. Then one good call moves."""
    first = open_game("?game=linkup&lang=en&board=%s" % quote(LONG_LINK), solver=False)
    expect(first.alert()).to_contain_text("The board in the link was not loaded")
    expect(first.alert()).to_contain_text("<b>x</b>")
    assert first.board() == GAMES["linkup"].default().grid()
    expect(first.alert().locator("b")).to_have_count(0)

    for game in sorted(HOSTILE):
        page = first.show(game)
        before = page.board()
        refused, works = HOSTILE[game]
        for call in refused:
            assert page.evaluate(call) in (False, []), (game, call)
        method, bad = METHOD[game]
        answers = page.evaluate(CALL_EACH % HOSTILE_ARGS, method)
        assert answers == [bad] * 5, game
        assert page.board() == before and page.move_count() == 0
        assert page.evaluate(works) not in (False, [])
        assert page.board() != before
