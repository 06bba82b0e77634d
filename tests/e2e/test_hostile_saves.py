"""Saved games and boards refused, in the browser: bad saves in some games never take the others down; a
board of piece ids over 255 still maps (in the worker). What each game does with a bad save or link is
tests/test_midend_rules.py's, on a fake page."""

import json
import re
from urllib.parse import quote

from playwright.sync_api import expect

from puzzles import linkup
from puzzles.games import NAMES

LINKUP_START = linkup.SPEC.default().to_code()
OLD_HUARONG_SAVE = '{"start":"3114/3114/5226/5786/900a","moves":[[10,"left"]]}'  # the older format (no "v")
# A saved history that jumps to a board of another size.
BAD_SAVES = {
    "linkup": {"v": 2, "start": LINKUP_START, "moves": [{"jump": "[[1,1]]"}], "cursor": 1},
}


def test_bad_saves_in_two_games_leave_every_game_built_and_playing(open_game):
    """Read from the browser's own storage at a real start: Link-up's save jumps to a board of another
    size, Huarong's is of the older format (no "v"); the page opens on Sliding, which says nothing of
    either. Link-up's alert says its save was set aside and why, and its default board opens; Huarong opens
    its default board, which plays; every game was built, and the open tab's gameHandler is its own. (Each
    bad or old save's rules, in each game, are tests/test_midend_rules.py's and tests/test_midend_page.py's.)"""
    page = open_game.blank()
    page.store({"bfs-puzzles.linkup": json.dumps(BAD_SAVES["linkup"]), "bfs-puzzles.huarong": OLD_HUARONG_SAVE})
    page = page.open("?game=sliding&lang=en", solver=False)
    expect(page.locator("#sliding-alert")).to_be_empty()  # an empty alert is not in the a11y tree
    page = page.show("linkup")
    expect(page.alert()).to_contain_text("The saved game could not be reopened")
    expect(page.alert()).to_contain_text("another size")
    assert page.board() == linkup.SPEC.default().grid()
    page = page.show("huarong")
    assert page.board() == [[3, 1, 1, 4], [3, 1, 1, 4], [5, 2, 2, 6], [5, 7, 8, 6], [9, 0, 0, 10]]
    assert page.evaluate("gameHandler.move(10, 'left')") is True
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
