"""Links and saved games refused, as a player meets them: a link or a saved game never
bricks the app; one game's bad save never takes the others down."""

import json
import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from puzzles import linkup
from puzzles.games import NAMES

LINKUP_START = linkup.SPEC.default().to_code()
# Saved histories that jump to a board of another size.
BAD_SAVES = {
    "sliding": {"v": 2, "start": "2x3-412503", "moves": [{"jump": "3x3-123456780"}], "cursor": 1},
    "linkup": {"v": 2, "start": LINKUP_START, "moves": [{"jump": "[[1,1]]"}], "cursor": 1},
}


@pytest.mark.parametrize("game", sorted(BAD_SAVES))
@pytest.mark.parametrize("opened", ["huarong", "own"])
def test_a_saved_game_jumping_to_another_size_is_set_aside(open_game, game, opened):
    """The app starts; the bad game says, in its alert, that its save was set aside and opens its
    default board; the other games are untouched and the open tab's gameHandler is its own."""
    first = game if opened == "own" else opened
    page = open_game.blank()
    page.store({"bfs-puzzles." + game: json.dumps(BAD_SAVES[game])})
    page = page.open("?game=%s&lang=en" % first, solver=False)
    if first != game:
        expect(page.locator("#%s-alert" % first)).to_be_empty()  # an empty alert is not in the a11y tree
        page = page.show(game)
    expect(page.alert()).to_contain_text("The saved game could not be reopened")
    expect(page.alert()).to_contain_text("another size")
    default = {"sliding": [[4, 1, 2], [5, 0, 3]], "linkup": linkup.SPEC.default().grid()}[game]
    assert page.board() == default
    # every game was built and plays
    for name in NAMES:
        page.show(name)
        expect(page.locator("#%s-status" % name)).not_to_be_empty()
    page = page.show("sliding")
    assert page.evaluate("gameHandler.move(5)") is True
    # the bad save was replaced by the game opened: a reload says nothing more
    page.reload()
    page.show(game)
    expect(page.locator("#%s-alert" % game)).to_be_empty()


def test_a_save_too_long_is_refused_before_parsing_in_chinese(open_game):
    huge = json.dumps({"v": 2, "start": "2" * 2_000_000, "moves": []})
    page = open_game.blank()
    page.store({"bfs-puzzles.sliding": huge})
    page = page.open("?game=sliding&lang=zh", solver=False)
    alert = page.alert()
    expect(alert).to_contain_text("保存的对局无法重新打开")
    expect(alert).to_contain_text("最多只接受 400000 个")
    assert page.board() == [[4, 1, 2], [5, 0, 3]]


def test_a_linkup_link_of_a_billion_rows_is_refused_at_once(open_game):
    """1.999999999x0..TK claims 999,999,999 rows: refused from its header, nothing built (building it
    would freeze the page, then exhaust its memory)."""
    page = open_game("?game=linkup&lang=en&board=" + quote("1.999999999x0..TK"), solver=False)
    expect(page.alert()).to_contain_text("each side must be 1 to 24")
    assert page.board() == linkup.SPEC.default().grid()


def test_huarongs_map_takes_piece_ids_of_256_and_more(open_game):
    """'The map could not be made: byte must be in range(0, 256)' (raw Python, untranslated): the map is
    made, and its farthest position comes back onto the board with the board's own ids."""
    grid = [[300, 1, 1, 70000], [300, 1, 1, 70000], [0, 0, 0, 256], [999, 0, 0, 256]]
    page = open_game("?game=huarong&lang=zh&board=" + quote(json.dumps(grid)))
    fig = page.open_map("状态图")
    expect(fig).to_have_accessible_name(re.compile("状态图"))
    expect(page.panel).not_to_contain_text("无法生成状态图")
    page.button("去最远的局面").click()
    expect(page.status()).to_contain_text("已从状态图放到棋盘上")
    after = page.board()
    assert after != grid and sorted(v for row in after for v in row) == sorted(v for row in grid for v in row)


HOSTILE_ARGS = """() => {
  const circular = []; circular.push(circular);
  let deep = []; for (let i = 0; i < 20000; i++) deep = [deep];
  const huge = "x".repeat(2000000);
  return [[10n, 'left'], [circular, 'left'], [deep, 'left'], [huge, 'left'], [{ toJSON() { throw 1; } }, 'up']];
}"""

# gameHandler[m] called with each of HOSTILE_ARGS: its answer, or what it threw
CALL_EACH = "(m) => (%s)().map((a) => { try { return gameHandler[m](...a); } catch (e) { return 'threw ' + e; } })"


def test_gamehandler_answers_bad_arguments_and_never_throws(open_game):
    """In each game (by its tab, one page): a BigInt, a circular object, a 20,000-deep array, a 2 MB text, a
    throwing toJSON: each call answers false (or [] for connect) and nothing changes; no exception reaches
    the caller."""
    first = open_game("?game=huarong&lang=en", solver=False)
    for game, method, bad in [("huarong", "move", False), ("sliding", "move", False), ("linkup", "connect", [])]:
        page = first.show(game)
        before = page.board()
        answers = page.evaluate(CALL_EACH % HOSTILE_ARGS, method)
        assert answers == [bad] * 5, game
        assert page.board() == before, game
