"""Link-up in Chromium, as a user plays it."""

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from puzzles.linkup import Board, generate

pytestmark = pytest.mark.e2e


def test_click_a_joinable_pair_draws_the_path_and_removes_it(open_game):
    page = open_game("?game=linkup&lang=en")
    page.paste_board("[[1,2,2,1],[3,0,0,3]]")
    page.tile(0, 0).click()
    page.tile(0, 3).click()  # the row between is full: the path runs over the top ring
    expect(page.locator(".lu-path polyline")).to_have_attribute("data-cells", "6")
    assert page.board() == [[0, 2, 2, 0], [3, 0, 0, 3]]
    expect(page.locator("#linkup-moves")).to_have_text("Tiles left: 4")
    # a pair that cannot be joined shakes and stays
    page.paste_board("[[1,2],[2,1]]")
    page.tile(0, 0).click()
    page.tile(1, 1).click()
    expect(page.status()).to_have_text("Those two cannot be joined.")
    assert page.board() == [[1, 2], [2, 1]]


def test_game_handler_connect_follows_the_course(open_game):
    page = open_game("?game=linkup&lang=en")
    page.paste_board("[[1,2,2,1],[3,0,0,3]]")
    assert page.evaluate("gameHandler.connect(1, 0, 1, 3)") == [[1, 0], [1, 1], [1, 2], [1, 3]]
    assert page.evaluate("gameHandler.connect(0, 0, 0, 1)") == []
    assert page.evaluate("gameHandler.isCleared()") is False
    page.keyboard.press("Tab")  # keyboard: Tab to the tiles, Enter selects
    page.tile(0, 1).focus()
    page.keyboard.press("Enter")
    page.tile(0, 2).focus()
    page.keyboard.press("Enter")
    assert page.board() == [[1, 0, 0, 1], [0, 0, 0, 0]]
    page.undo()
    assert page.board()[0] == [1, 2, 2, 1]


def test_solve_clears_a_generated_kshisen_board(open_game):
    page = open_game("?game=linkup&lang=en&speed=0")
    page.panel.get_by_label("Size").select_option("kshisen")
    page.get_by_label("Seed").fill("3")
    page.get_by_role("button", name="New board").click()
    expect(page.status()).to_have_text("New board: seed 3.", timeout=30_000)
    assert page.board() == generate(8, 18, 36, 4, 3).grid()
    page.solve()
    expect(page.status()).to_have_text("Cleared: 72 pairs", timeout=60_000)
    page.wait_for_function("gameHandler.isCleared()", timeout=30_000)
    expect(page.locator("#linkup-moves")).to_have_text("Tiles left: 0")


def test_new_board_with_chosen_kinds(open_game):
    page = open_game("?game=linkup&lang=en")
    page.panel.get_by_label("Size").select_option("small")
    page.get_by_label("Kinds × tiles").select_option("12")
    page.get_by_label("Seed").fill("5")
    page.get_by_role("button", name="New board").click()
    expect(page.status()).to_have_text("New board: seed 5.")
    assert page.board() == generate(4, 6, 12, 2, 5).grid()


def test_shuffle_is_off_once_the_board_is_cleared(open_game):
    """A cleared board has nothing to rearrange: Shuffle goes off (no "Shuffled.", no step
    to undo), and comes back with the tiles (Undo)."""
    page = open_game("?game=linkup&lang=en&speed=0")
    page.paste_board("[[1,1],[2,2]]")
    shuffle = page.button("Shuffle", exact=True)
    expect(shuffle).to_be_enabled()
    page.solve(re.compile("Cleared"))
    expect(shuffle).to_be_disabled()
    page.undo()
    expect(shuffle).to_be_enabled()


def test_a_board_that_cannot_be_cleared_says_so(open_game):
    """Solve says so; Hint too, and on a board no pair was taken from, it offers Shuffle, not Undo (never
    "can no longer be cleared — undo or shuffle" with Undo off)."""
    page = open_game("?game=linkup&lang=en")
    page.paste_board("[[1,2],[2,1]]")
    page.solve()
    expect(page.status()).to_have_text("Cannot be cleared", timeout=30_000)
    assert page.board() == [[1, 2], [2, 1]]
    page.hint()
    expect(page.status()).to_have_text("This board cannot be cleared — shuffle to try another arrangement.")


def test_a_shuffle_while_a_hint_is_worked_out_keeps_its_own_word(open_game):
    """Hint on a hard board (424242's 33rd uniform board, about a second to decide in the page), Shuffle
    before the hint comes: the status says the shuffle, never that Solve should be pressed again (the
    hint's answer for the board gone is dropped)."""
    from test_linkup_nogoods import HARD_IMPOSSIBLE

    page = open_game("?game=linkup&lang=en")
    page.paste_board(HARD_IMPOSSIBLE[1])
    page.hint()
    expect(page.status()).to_have_text("Working out a hint…")
    page.button("Shuffle", exact=True).click()
    expect(page.status()).to_have_text("Shuffled.", timeout=30_000)
    expect(page.page.locator("html[data-solver-state=idle]")).to_have_count(1, timeout=30_000)
    page.page.wait_for_timeout(500)
    expect(page.status()).to_have_text("Shuffled.")


def test_share_opens_the_same_board(open_game):
    page = open_game("?game=linkup&lang=en")
    board = generate(4, 6, 6, 4, 9)
    page.paste_board(board.to_code())
    page.get_by_role("button", name="Share").click()
    link = page.get_by_role("textbox", name="Link to this board").input_value()
    assert "game=linkup" in link
    other = page.open_link(link)
    assert other.board() == board.grid()
    other.close()


def test_bad_link_and_bad_paste_show_messages(open_game):
    code = generate(4, 6, 6, 4, 2).to_code()
    tampered = code[:8] + ("2" if code[8] != "2" else "3") + code[9:]
    page = open_game("?game=linkup&lang=en&board=" + quote(tampered))
    expect(page.get_by_role("alert").filter(visible=True)).to_contain_text("checksum does not match")
    default = page.board()
    assert default == generate(4, 6, 6, 4, 1).grid()
    page.paste_board("[[1,2,2]]")
    expect(page.get_by_role("alert").filter(visible=True)).to_contain_text("kind 1 appears once")
    assert page.board() == default
    assert Board.parse(code).tiles() == 24


# ---------------------------------------------------------------- New board is a new board
def test_new_board_is_a_new_board_each_press_and_a_typed_seed_reproduces_one(open_game):
    page = open_game("?game=linkup&lang=zh")
    new = page.get_by_role("button", name="新棋盘")
    seen = [page.board()]
    seeds = []
    for _ in range(3):
        before = page.status().text_content()
        new.click()
        expect(page.status()).not_to_have_text(before)
        expect(page.status()).to_have_text(re.compile(r"^新棋盘：种子 \d+。$"))
        seed = int(re.search(r"\d+", page.status().text_content()).group())
        board = page.board()
        assert board == generate(4, 6, 6, 4, seed).grid(), "the seed shown makes the board shown"
        expect(page.get_by_label("种子")).to_have_value(str(seed))  # shown, so it can be reproduced
        assert board not in seen, "each press gives a board not seen before"
        seen.append(board)
        seeds.append(seed)
    # a seed typed on purpose reproduces its board, once; the next press is new again
    page.get_by_label("种子").fill(str(seeds[0]))
    new.click()
    expect(page.status()).to_have_text("新棋盘：种子 %d。" % seeds[0])
    assert page.board() == seen[1]
    new.click()
    expect(page.status()).not_to_have_text("新棋盘：种子 %d。" % seeds[0])
    assert page.board() != seen[1]
    # an emptied box: a random board, and the next press is another one
    page.get_by_label("种子").fill("")
    before = page.status().text_content()
    new.click()
    expect(page.status()).not_to_have_text(before)
    first = page.board()
    before = page.status().text_content()
    new.click()
    expect(page.status()).not_to_have_text(before)
    assert page.board() != first


# ---------------------------------------------------------------- sizes
def test_link_up_sizes_are_named_by_their_dimensions(open_game):
    page = open_game("?game=linkup&lang=en", "desktop", solver=False)
    for lang in ("en", "zh"):
        if lang == "zh":
            page.switch_language()
        sizes = page.panel.get_by_label("Size" if lang == "en" else "大小")
        texts = [t.strip() for t in sizes.locator("option").all_text_contents()]
        assert texts == ["4 × 6", "8 × 18", "10 × 20"], lang
