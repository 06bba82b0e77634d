"""What a player meets on a phone and a laptop: the layout, the state map and Link-up's controls."""

import re

import pytest
from pages import BOARD_IDS
from playwright.sync_api import expect

from puzzles.games import NAMES
from puzzles.linkup import generate

pytestmark = pytest.mark.e2e


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


# ---------------------------------------------------------------- smaller friction
STATUS_LINES = """(id) => { const r = document.createRange(); r.selectNodeContents(document.getElementById(id));
  return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"""
# The board's place in the layout (offsets, which a transform does not change: a win's moment scales
# the board for a second, which is not the layout moving).
LAYOUT_TOP = "b => { let y = 0; for (let e = b; e; e = e.offsetParent) y += e.offsetTop; return y; }"
WORDS = {"en": ("Hint", "Solve"), "zh": ("提示", "求解")}


def test_the_board_stays_put_when_the_status_takes_one_line_or_two(open_game):
    """Every game (one page per language, each game by its tab): a hint, then Solve; the status takes one
    line or two, and the board never moves."""
    lines = {game: set() for game in NAMES}
    for lang in ("en", "zh"):
        first = open_game("?game=%s&lang=%s&speed=0" % (NAMES[0], lang), "phone")
        for game in NAMES:
            page = first if game == NAMES[0] else first.show(game)
            page.set_speed(0)
            tops = set()
            panel = page.panel
            status = panel.get_by_role("status")

            def look(page=page, tops=tops, game=game):
                lines[game].add(page.evaluate(STATUS_LINES, game + "-status"))
                tops.add(round(page.locator(BOARD_IDS[game]).evaluate(LAYOUT_TOP)))

            look()
            hint, solve = WORDS[lang]
            before = status.text_content()
            panel.get_by_role("button", name=hint, exact=True).click()
            expect(status).not_to_have_text(before)
            look()
            before = status.text_content()
            panel.get_by_role("button", name=solve, exact=True).click()
            expect(status).not_to_have_text(before, timeout=30_000)
            page.wait_for_selector("html[data-solver-state=idle]")
            look()
            assert len(tops) == 1, "%s: the board moved as the status changed: its top at %r (%s)" % (
                game, sorted(tops), lang)
    for game in NAMES:
        assert {1, 2} <= lines[game], "%s: the status said one line and two" % game


def test_link_up_sizes_are_named_by_their_dimensions(open_game):
    page = open_game("?game=linkup&lang=en", "desktop", solver=False)
    for lang in ("en", "zh"):
        if lang == "zh":
            page.switch_language()
        sizes = page.panel.get_by_label("Size" if lang == "en" else "大小")
        texts = [t.strip() for t in sizes.locator("option").all_text_contents()]
        assert texts == ["4 × 6", "8 × 18", "10 × 20"], lang


def test_tab_goes_through_the_huarong_pieces_in_reading_order(open_game):
    page = open_game("?game=huarong&lang=en", "desktop", solver=False)
    board = page.locator("#hr-board")

    def tab_order():
        page.panel.get_by_role("button", name="Map").focus()
        order = []
        for _ in range(10):
            page.keyboard.press("Tab")
            pid = page.evaluate("document.activeElement.dataset.pid || ''")
            if not pid:
                break
            order.append(int(pid))
        return order

    def reading_order():
        grid = page.board()
        seen = []
        for row in grid:
            for pid in row:
                if pid and pid not in seen:
                    seen.append(pid)
        return seen

    expect(board.locator(".hr-piece")).to_have_count(10)
    assert tab_order() == reading_order()
    assert tab_order()[0] == page.board()[0][0], "the first stop is the top-left piece"
    # after moves the order follows the board, and the moved piece keeps the focus
    piece = board.locator(".hr-piece[data-pid='10']")
    piece.focus()
    page.keyboard.press("ArrowLeft")
    expect(piece).to_be_focused()
    assert page.move_count() == 1
    assert tab_order() == reading_order()


# ---------------------------------------------------------------- no text cut off on a phone
# Every visible text-bearing element whose text is wider than its box (scrollWidth > clientWidth)
# or runs off the screen; every choice of every visible <select> wider than the select's room
# (its box less padding and the drop-down arrow); every typed value wider than its input.
CUT_TEXTS = r"""() => {
  const bad = [];
  const pen = document.createElement("canvas").getContext("2d");
  const ARROW = 20; // a select's drop-down arrow, in CSS px
  const vw = document.documentElement.clientWidth;
  const say = (e, text, what) => bad.push(e.tagName.toLowerCase() + "#" + e.id + "." + e.className + " "
                                          + JSON.stringify(text.trim().slice(0, 48)) + ": " + what);
  const room = (e, cs) => e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const ownText = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  for (const e of document.querySelectorAll("body *")) {
    if (!e.checkVisibility({ checkVisibilityCSS: true })) continue;
    const cs = getComputedStyle(e);
    const box = e.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    pen.font = cs.font;
    if (e.tagName === "SELECT") { // whichever choice is made shows whole
      for (const o of e.options) {
        const w = pen.measureText(o.text).width;
        if (w > room(e, cs) - ARROW + 0.5) say(e, o.text, "needs " + Math.round(w) + " px");
      }
    } else if (e.tagName === "INPUT" && !e.readOnly && /^(text|number)$/.test(e.type) && e.value) {
      const w = pen.measureText(e.value).width;
      if (w > room(e, cs) + 0.5) say(e, e.value, "needs " + Math.round(w) + " px");
    } else if (ownText(e) && cs.display !== "inline") {
      if (e.scrollWidth > e.clientWidth + 1) say(e, e.textContent, e.scrollWidth + " px in " + e.clientWidth);
      else if (box.right > vw + 0.5 || box.left < -0.5) say(e, e.textContent, "runs off the screen");
    }
  }
  return bad;
}"""


def cut_texts(page):
    return page.evaluate(CUT_TEXTS)


def test_no_text_is_cut_off_on_a_phone(open_game):
    """Each game in turn, by its tab, in one page: in 中文 at open; in English at open, with a new board of
    each larger Link-up size, the other choice of each option and the map open; then those in 中文."""
    page = open_game("?game=%s&lang=zh" % NAMES[0], "phone-2x", solver=False)
    page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)  # the header says "ready"
    for game in NAMES:
        page = page.show(game)
        assert cut_texts(page) == [], "%s at open (zh)" % game
    page.switch_language()
    for game in NAMES:
        page = page.show(game)
        assert cut_texts(page) == [], "%s at open" % game
        panel = page.panel
        if game == "linkup":  # a random seed (six digits) in the seed box, then the largest size
            for size, tiles in (("8x18", 144), ("10x20", 200)):
                panel.locator("#lu-preset").select_option(label=size.replace("x", " × "))
                panel.get_by_role("button", name="New board").click()
                expect(page.locator("#lu-board .lu-tile")).to_have_count(tiles, timeout=30_000)
                expect(panel.get_by_role("status")).to_have_text(re.compile(r"seed \d{2,}"))
                assert cut_texts(page) == [], "after a new %s board" % size
        else:  # the other choice of each option, and the map's panel
            for select in panel.locator(".controls select").all():
                values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
                select.select_option(values[-1])
            panel.get_by_role("button", name="Map").click()
            expect(panel.locator(".map-box")).to_be_visible()
            assert cut_texts(page) == [], "%s with the other options and the map open" % game
    page.switch_language()
    for game in NAMES:
        page = page.show(game)
        expect(page.panel.get_by_role("status")).to_have_text(re.compile(r"[\u4e00-\u9fff]"))
        assert cut_texts(page) == [], "%s with the other options (the map open, a 10 x 20 board) in zh" % game


# ---------------------------------------------------------------- Link-up uses a phone's width
TILE_BOX = """(b) => [...b.querySelectorAll('.lu-tile')].map(t => {
  const r = t.getBoundingClientRect(); return [+t.dataset.cell, r.x, r.y, r.width]; })"""


@pytest.mark.parametrize("size", ["4 × 6", "8 × 18", "10 × 20"])
def test_link_up_tiles_use_a_phones_width_and_a_board_is_turned_only_to_grow_them(open_game, size):
    """In English, then the same board after the switch to 中文 (its words, not its tiles, change)."""
    page = open_game("?game=linkup&lang=en", "phone-2x", solver=False)
    panel = page.panel
    rows, cols = (int(n) for n in size.split(" × "))
    if size != "4 × 6":
        panel.get_by_label("Size").select_option(label=size)
        panel.get_by_role("button", name="New board").click()
        expect(page.locator("#lu-board .lu-tile")).to_have_count(rows * cols, timeout=30_000)
    for lang in ("en", "zh"):
        if lang == "zh":
            page.switch_language()
        board = page.locator("#lu-board")
        box = board.bounding_box()
        room = page.evaluate("document.documentElement.clientWidth") - 20  # the page's side margins
        left, right = box["x"], page.viewport_size["width"] - box["x"] - box["width"]
        assert abs(left - right) <= 2, "the board is centred: %r" % box
        tiles = board.evaluate(TILE_BOX)
        width = min(t[3] for t in tiles)
        turned = size != "4 × 6"  # on its side, the wide boards' tiles are larger
        across = (rows if turned else cols) + 1  # cells across the screen, the ring's two halves included
        assert width >= min(32, room / across - 2.5), "tiles as large as the width allows: %.1f px" % width
        assert width >= 44 or box["width"] >= 0.8 * room, "the board uses the width: %r" % box
        note = page.get_by_text("row 1 is the left column" if lang == "en" else "第 1 行是最左边一列")
        # rows and columns on screen are the board's (getBoard()'s), or its turned on its side and says so
        at = {cell: (x, y) for cell, x, y, _w in tiles}
        grid = page.board()
        assert len(grid) == rows and len(grid[0]) == cols
        a, b, c = at[0], at[1], at[cols]  # (0, 0), (0, 1) and (1, 0)
        if turned:
            expect(note).to_be_visible()
            assert a[0] == b[0] and b[1] > a[1] and c[0] > a[0] and c[1] == a[1], "a board row runs down the screen"
        else:
            expect(note).to_be_hidden()
            assert a[1] == b[1] and b[0] > a[0] and c[1] > a[1] and c[0] == a[0], "a board row runs across"


def test_a_wide_link_up_board_is_not_turned_on_a_desktop(open_game):
    page = open_game("?game=linkup&lang=en", "desktop", solver=False)
    panel = page.panel
    panel.get_by_label("Size").select_option(label="10 × 20")
    panel.get_by_role("button", name="New board").click()
    expect(page.locator("#lu-board .lu-tile")).to_have_count(200)
    expect(page.get_by_text("row 1 is the left column")).to_be_hidden()
    tiles = page.locator("#lu-board").evaluate(TILE_BOX)
    at = {cell: (x, y) for cell, x, y, _w in tiles}
    assert at[0][1] == at[19][1] and at[19][0] > at[0][0], "row 1 runs across the screen"


# ---------------------------------------------------------------- the map in view, beside the board
def in_view(page, locator):
    box = locator.bounding_box()
    size = page.viewport_size
    bottom, right = box["y"] + box["height"], box["x"] + box["width"]
    return box["y"] >= 0 and bottom <= size["height"] + 0.5 and right <= size["width"] + 0.5


@pytest.mark.parametrize("game", ["huarong", "sliding"])
def test_on_a_desktop_the_map_opens_beside_the_board_and_a_pick_changes_a_board_in_view(open_game, game):
    page = open_game("?game=%s&lang=en" % game, "desktop")
    panel = page.panel
    board = page.locator(BOARD_IDS[game])
    panel.get_by_role("button", name="Map").click()
    figure = panel.get_by_role("img", name=re.compile("positions"))
    expect(figure).to_have_attribute("data-drawn-ms", re.compile(r"\d"), timeout=60_000)
    assert in_view(page, figure), "the map is on the screen: %r" % figure.bounding_box()
    assert in_view(page, board), "and the board beside it: %r" % board.bounding_box()
    before = page.board()
    figure.focus()
    expect(figure).to_have_attribute("data-distance", re.compile(r"\d"))
    changed = "(b) => JSON.stringify(gameHandler.getBoard()) !== JSON.stringify(b)"
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"):  # to a neighbour on the map
        page.keyboard.press(key)
        page.keyboard.press("Enter")  # a position picked on the map goes onto the board
        page.wait_for_timeout(300)
        if page.evaluate(changed, before):
            break
    assert page.evaluate(changed, before), "a position picked on the map is on the board"
    assert in_view(page, board) and in_view(page, figure), "both still on the screen"


def test_on_a_phone_the_map_comes_into_view_and_the_board_is_a_button_away(open_game):
    """In English, then, after the language switch, closed and opened again by its 中文 names."""
    page = open_game("?game=huarong&lang=en", "phone-2x", solver=False)
    page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
    panel = page.panel
    figure = page.locator("#huarong-map-figure")
    for lang in ("en", "zh"):
        name = "Map" if lang == "en" else "状态图"
        if lang == "zh":
            page.switch_language()
            panel.get_by_role("button", name=name).click()  # closes the map
            expect(figure).to_be_hidden()
        panel.get_by_role("button", name=name).click()
        expect(figure).to_have_attribute("data-drawn-ms", re.compile(r"\d"), timeout=60_000)
        expect(figure).to_be_visible()
        assert in_view(page, figure), "the map came into view: %r" % figure.bounding_box()
        panel.get_by_role("button", name="Back to the board" if lang == "en" else "回到棋盘").click()
        assert in_view(page, page.locator("#hr-board")), "back at the board"
        expect(panel.get_by_role("status")).to_be_in_viewport()
        if lang == "en":
            page.evaluate("gameHandler.move(10, 'left')")  # a move: the map follows, still open, below
            expect(figure).to_have_attribute("data-distance", re.compile(r"\d"))
            expect(figure).to_be_visible()


# ---------------------------------------------------------------- the 3 × 3 map drawn on a 2× phone
FAR_3X3 = "%5B%5B8,6,7%5D,%5B2,5,4%5D,%5B3,0,1%5D%5D"  # 31 slides from the goal
LINE_TEXTS = """(id) => { window.__lines = []; const line = document.getElementById(id);
  new MutationObserver(() => window.__lines.push(line.textContent)).observe(line, {childList: true, subtree: true,
  characterData: true}); }"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_3x3_map_is_drawn_on_a_2x_phone_saying_what_it_does_meanwhile(open_game, lang):
    page = open_game("?game=sliding&lang=%s&board=%s" % (lang, FAR_3X3), "phone-2x", solver=False)
    page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
    assert page.evaluate("devicePixelRatio") == 2
    page.evaluate(LINE_TEXTS, "sliding-map-line")
    page.panel.get_by_role("button", name="Map" if lang == "en" else "状态图").click()
    figure = page.locator("#sliding-map-figure")
    # the same wait as every map test's: before, a 2x screen took 16-80 s to draw this one
    expect(figure).to_have_attribute("data-drawn-ms", re.compile(r"\d"), timeout=60_000)
    expect(figure).to_have_attribute("data-positions", "181440")
    said = page.evaluate("window.__lines")
    painting = {"en": r"^Drawing the map… painting 181,440 positions and [\d,]+ moves$",
                "zh": r"^正在绘制状态图……画出 181,440 个局面和 [\d,]+ 步走法$"}[lang]
    placing = {"en": "Drawing the map… placing 181,440 positions", "zh": "正在绘制状态图……排布 181,440 个局面"}[lang]
    assert placing in said and any(re.match(painting, t) for t in said), said[-6:]
