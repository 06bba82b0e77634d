"""Saved games and boards refused, in the browser: one game's bad save never takes the others down; a
board of piece ids over 255 still maps (in the worker). What each game does with a bad save or link is
tests/test_midend_rules.py's, on a fake page."""

import json
import re
from urllib.parse import quote

from playwright.sync_api import expect

from puzzles import linkup
from puzzles.games import NAMES

LINKUP_START = linkup.SPEC.default().to_code()
# A saved history that jumps to a board of another size.
BAD_SAVES = {
    "linkup": {"v": 2, "start": LINKUP_START, "moves": [{"jump": "[[1,1]]"}], "cursor": 1},
}


def test_a_bad_save_in_one_game_leaves_the_others_built_and_playing(open_game):
    """Link-up's save jumps to a board of another size; the page opens on Huarong. Huarong says nothing of
    it; Link-up's alert says its save was set aside and why, and its default board opens; every game was
    built, and the open tab's gameHandler is its own. (Each bad save's rules, in each game, are
    tests/test_midend_rules.py's.)"""
    game = "linkup"
    page = open_game.blank()
    page.store({"bfs-puzzles." + game: json.dumps(BAD_SAVES[game])})
    page = page.open("?game=huarong&lang=en", solver=False)
    expect(page.locator("#huarong-alert")).to_be_empty()  # an empty alert is not in the a11y tree
    page = page.show(game)
    expect(page.alert()).to_contain_text("The saved game could not be reopened")
    expect(page.alert()).to_contain_text("another size")
    assert page.board() == linkup.SPEC.default().grid()
    # every game was built and plays
    for name in NAMES:
        page.show(name)
        expect(page.locator("#%s-status" % name)).not_to_be_empty()
    page = page.show("sliding")
    assert page.evaluate("gameHandler.move(5)") is True


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
