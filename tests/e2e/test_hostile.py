"""Hostile text thrown at every game's page: bad links, bad pastes, bad move
scripts. Each is refused with an alert, nothing breaks, the board stays."""

import random
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from puzzles import PuzzleError
from puzzles.games import GAMES
from puzzles.huarong import check_script

pytestmark = pytest.mark.e2e

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


@pytest.mark.parametrize("game", sorted(GAMES))
def test_bad_pastes_are_refused_one_by_one(open_game, game):
    page = open_game("?game=%s&lang=en" % game, solver=False)
    panel = page.panel
    before = page.board()
    panel.locator("details.paste").first.locator("summary").click()
    box = panel.get_by_role("textbox", name="Paste a board")
    alert = panel.get_by_role("alert")
    for text in hostile(game, 100, 1):
        page.evaluate("() => { document.querySelectorAll('[role=alert]').forEach(a => a.textContent = ''); }")
        box.fill(text)
        panel.get_by_role("button", name="Load").click()
        expect(alert, "no alert for %r" % text[:60]).not_to_be_empty()
    assert page.board() == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_bad_links_open_the_default_board_with_a_message(open_game, game):
    default = GAMES[game].default().grid()
    for text in hostile(game, 12, 2):
        page = open_game("?game=%s&lang=en&board=%s" % (game, quote(text)), solver=False)
        expect(page.alert()).to_contain_text(
            "The board in the link was not loaded"
        )
        assert page.board() == default


def test_bad_move_scripts_change_nothing(open_game):
    page = open_game("?game=huarong&lang=en", solver=False)
    panel = page.panel
    board = GAMES["huarong"].default()
    panel.get_by_text("Paste a move script", exact=True).click()
    box = panel.get_by_role("textbox", name="Paste a move script")
    rng = random.Random(3)
    lines = [
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
    tried = 0
    while tried < 100:
        script = "\n".join(rng.choice(lines) for _ in range(rng.randint(1, 5)))
        try:
            check_script(board, script)
            continue  # a valid script: not what this test throws
        except PuzzleError:
            tried += 1
        page.evaluate("() => { document.querySelectorAll('[role=alert]').forEach(a => a.textContent = ''); }")
        box.fill(script)
        panel.get_by_role("button", name="Play script").click()
        expect(panel.get_by_role("alert")).not_to_be_empty()
    assert page.board() == board.grid()
    assert page.move_count() == 0
