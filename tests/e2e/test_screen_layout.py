"""Where things sit on a phone and a desktop: the board stays put as the status grows, no text is cut
off on a phone, Link-up's tiles use a phone's width (a board turned only to grow them), and its largest board is
wholly on a desktop's screen, unturned."""

import re
from urllib.parse import quote

import pytest
from pages import BOARD_IDS, LARGE, assert_in_viewport
from playwright.sync_api import expect

from puzzles.games import NAMES

pytestmark = pytest.mark.e2e


# ---------------------------------------------------------------- the board stays put
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


def test_link_up_tiles_use_a_phones_width_and_a_board_is_turned_only_to_grow_them(open_game):
    """Each size in turn in one page (the 4 × 6 board at open, then a new board of each larger size), each
    in the page's language and then after a switch of it (its words, not its tiles, change): English and
    中文 each size."""
    page = open_game("?game=linkup&lang=en", "phone-2x", solver=False)
    panel = page.panel
    lang = "en"
    for size in ("4 × 6", "8 × 18", "10 × 20"):
        rows, cols = (int(n) for n in size.split(" × "))
        if size != "4 × 6":
            panel.get_by_label(re.compile("^(Size|大小)")).select_option(label=size)
            panel.get_by_role("button", name=re.compile("^(New board|新棋盘)$")).click()
            expect(page.locator("#lu-board .lu-tile")).to_have_count(rows * cols, timeout=30_000)
        for switch in (False, True):
            if switch:
                page.switch_language()
                lang = "zh" if lang == "en" else "en"
            board = page.locator("#lu-board")
            box = board.bounding_box()
            room = page.evaluate("document.documentElement.clientWidth") - 20  # the page's side margins
            left, right = box["x"], page.viewport_size["width"] - box["x"] - box["width"]
            assert abs(left - right) <= 2, "the board is centred: %r (%s, %s)" % (box, size, lang)
            tiles = board.evaluate(TILE_BOX)
            width = min(t[3] for t in tiles)
            turned = size != "4 × 6"  # on its side, the wide boards' tiles are larger
            across = (rows if turned else cols) + 1  # cells across the screen, the ring's two halves included
            assert width >= min(32, room / across - 2.5), "tiles as large as the width allows: %.1f px (%s, %s)" % (
                width, size, lang)
            assert width >= 44 or box["width"] >= 0.8 * room, "the board uses the width: %r (%s, %s)" % (
                box, size, lang)
            note = page.get_by_text("row 1 is the left column" if lang == "en" else "第 1 行是最左边一列")
            # rows and columns on screen are the board's (getBoard()'s), or its turned on its side and says so
            at = {cell: (x, y) for cell, x, y, _w in tiles}
            grid = page.board()
            assert len(grid) == rows and len(grid[0]) == cols
            a, b, c = at[0], at[1], at[cols]  # (0, 0), (0, 1) and (1, 0)
            if turned:
                expect(note).to_be_visible()
                assert a[0] == b[0] and b[1] > a[1] and c[0] > a[0] and c[1] == a[1], (
                    "a board row runs down the screen (%s, %s)" % (size, lang))
            else:
                expect(note).to_be_hidden()
                assert a[1] == b[1] and b[0] > a[0] and c[1] > a[1] and c[0] == a[0], (
                    "a board row runs across (%s, %s)" % (size, lang))


def test_a_wide_link_up_board_is_wholly_visible_and_not_turned_on_a_desktop(open_game):
    """10 x 20 opened by its link: every tile on the screen at once; then a new 10 x 20 board from the Size
    picker: its rows run across the screen, and no note says the board is turned."""
    page = open_game("?game=linkup&lang=en&board=" + quote(LARGE), "desktop", solver=False)
    assert_in_viewport(page, "#lu-board")
    assert page.locator("#lu-board .lu-tile").count() == 200
    panel = page.panel
    panel.get_by_label("Size").select_option(label="10 × 20")
    panel.get_by_role("button", name="New board").click()
    expect(page.locator("#lu-board .lu-tile")).to_have_count(200)
    expect(page.get_by_text("row 1 is the left column")).to_be_hidden()
    tiles = page.locator("#lu-board").evaluate(TILE_BOX)
    at = {cell: (x, y) for cell, x, y, _w in tiles}
    assert at[0][1] == at[19][1] and at[19][0] > at[0][0], "row 1 runs across the screen"
