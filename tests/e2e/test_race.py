"""Race on the shared Link-up board in Chromium, players in browser contexts of their own (and a third
player as a client of the same protocol with no page), as the players see it: create, join by link and
by code, Ready, the countdown, the same board, live bars, a forged pair refused, the finish order and
standings, a reload mid-race, Rematch; axe with the panel open; the page served as plain files; the
server restarting under a room."""

import asyncio
import json
import os
import pathlib
import re
import threading
import time

import pytest
from pages import axe_serious
from playwright.sync_api import expect

from app.i18n import t
from puzzles.linkup import Board, connect

pytestmark = pytest.mark.e2e


SEEN_LINES = """() => {
  window.__raceLines = [];
  const node = document.querySelector('#race .race-line');
  new MutationObserver(() => window.__raceLines.push(node.textContent)).observe(node, {childList: true,
    characterData: true, subtree: true});
}"""


RECORD_SENT = """() => {
  window.__raceSent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    window.__raceSent.push(JSON.parse(data).t);
    return send.call(this, data);
  };
}"""


def name_of(n: int, lang: str) -> str:
    return t("race_player_n", lang, n=n)


def ready(page, lang: str) -> None:
    page.race().get_by_role("button", name=t("race_ready", lang), exact=True).click()


def line(page):
    return page.race().locator(".race-line")


def forged_pairs(board: Board) -> list:
    """Pairs of tiles the engine refuses on ``board``: two kinds, or two tiles with no path."""
    out = []
    for a in range(len(board.cells)):
        for b in range(a + 1, len(board.cells)):
            r1, c1 = divmod(a, board.cols)
            r2, c2 = divmod(b, board.cols)
            if board.cells[a] and board.cells[b] and not connect(board, r1, c1, r2, c2):
                out.append((a, b))
    return out


def send_over_the_socket(page, msg: dict) -> None:
    page.evaluate("(m) => window.raceSocket.send(JSON.stringify(m))", msg)


class Racer:
    """A player with no page: a client of the race server's protocol (py/race/rooms.py) in Python, on a
    WebSocket of its own to the server the pages use, sending the frames the page sends (``join``,
    ``ready``, ``pair``). What the pages show of it is what a test checks; it keeps the last room state
    the server sent it (:attr:`snap`) and every ``refused`` or ``error`` frame (:attr:`refusals`)."""

    RATE = 15.0  # pairs a second it sends, below the server's limit (py/puzzles/linkup/race_client.py's RATE)

    def __init__(self, server_url: str) -> None:
        import aiohttp

        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.seen = threading.Condition()
        self.snap: "dict | None" = None
        self.player = None
        self.refusals: list = []

        async def dial():
            self.http = aiohttp.ClientSession()
            ws = await self.http.ws_connect(server_url.replace("http", "ws", 1) + "race")
            self.reader = asyncio.ensure_future(self._read(ws))
            return ws

        self.ws = self._call(dial())

    def _call(self, coro, timeout: float = 30.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _read(self, ws) -> None:
        async for msg in ws:
            m = json.loads(msg.data)
            with self.seen:
                if m["t"] == "room":
                    self.snap = m
                elif m["t"] == "welcome":
                    self.player = m["player"]
                elif m["t"] in ("refused", "error"):
                    self.refusals.append(m)
                self.seen.notify_all()

    def send(self, **msg) -> None:
        self._call(self.ws.send_str(json.dumps({"v": 1, **msg})))

    def wait(self, what, timeout: float = 30.0) -> dict:
        """The room's state once ``what(state)`` holds."""
        with self.seen:
            assert self.seen.wait_for(lambda: self.snap is not None and what(self.snap), timeout), self.snap
            return self.snap

    def me(self) -> dict:
        return next(p for p in self.snap["players"] if p["id"] == self.player)

    def board(self) -> Board:
        """The race's board as the server dealt it."""
        return Board.parse(self.wait(lambda s: s["phase"] == "race")["board"])

    def play_out(self, n: "int | None" = None) -> None:
        """Clear ``n`` pairs of the race's board (all, with ``None``), in the solver's order, at :attr:`RATE`
        pairs a second, until the server has counted them."""
        from puzzles.linkup.solver import solve

        board = self.board()
        moves = solve(board).moves
        moves = moves if n is None else moves[:n]
        for a, b in moves:
            self.send(t="pair", a=a, b=b)
            time.sleep(1 / self.RATE)
        self.wait(lambda s: self.me()["left"] == board.tiles() - 2 * len(moves))

    def close(self) -> None:
        async def end():
            await self.ws.close()
            await self.http.close()
            self.reader.cancel()

        self._call(end())
        self.loop.call_soon_threadsafe(self.loop.stop)


def test_three_players_race_on_one_board(open_game, server_url):
    """Friends whose pages speak different languages: the creator in English, the one who follows the link
    in 中文, each page saying everything in its own; the third player a client of the same protocol with no
    page (:class:`Racer`), whose seat, progress and finish the two pages show."""
    la, lb = "en", "zh"
    a = open_game("?game=linkup&lang=%s" % la)  # the creator, with the solver (for Hint)
    expect(a.clock()).to_be_visible()  # solo play: the game's clock
    a.button(t("race", la), exact=True).click()
    link, code = a.race_link(), a.race_code()
    assert "game=linkup" in link and "room=" + code.replace("-", "") in link
    b = open_game(link + "&lang=" + lb, "phone", solver=False)  # by the link, on a phone
    lang_of = {a: la, b: lb}
    expect(line(b)).to_contain_text(t("race_lobby", lb, n=2))  # b seated second, before c
    c = Racer(server_url)
    try:
        c.send(t="join", room=code.lower())  # the friend's code as typed
        for page in (a, b):
            expect(line(page)).to_contain_text(t("race_lobby", lang_of[page], n=3))
            expect(page.race().get_by_role("progressbar")).to_have_count(0)  # no bars before the race
        ready(a, la)
        ready(b, lb)
        expect(line(a)).to_contain_text(t("race_lobby", la, n=3))
        # every text b's line shows from now on (the countdown lasts 3 s; a loaded machine is slow)
        b.evaluate(SEEN_LINES)
        c.send(t="ready", ready=True)
        for page in (a, b):
            expect(line(page)).to_have_text(t("race_on", lang_of[page]), timeout=10_000)
            expect(page.race().get_by_role("progressbar")).to_have_count(2)
        counting = re.escape(t("race_countdown", lb)).replace(re.escape("{s}"), "[123]")
        seen = b.evaluate("window.__raceLines")
        assert any(re.fullmatch(counting, text) for text in seen), seen
        assert Board.from_grid(a.board()) == Board.from_grid(b.board()) == c.board()
        for page in (a, b):  # on the race's board the clock line runs the race's time, not the game's clock
            expect(page.clock()).to_have_text(re.compile("^" + re.escape(t("race_clock", lang_of[page], t=""))
                                                         + "0:0"))
        start = Board.from_grid(a.board())
        total = start.tiles()
        expect(a.button(t("solve", la), exact=True)).to_be_disabled()
        a.panel.get_by_text(t("paste_board", la), exact=True).click()  # the paste box opened
        for key in ("lu_new", "load"):  # nor another board: the race's stays on screen
            expect(a.button(t(key, la), exact=True)).to_be_disabled()
        # a clears two pairs: b's bar of player 1 moves, and the server counts them
        a.connect_pairs(2)
        expect(b.race_bar(name_of(1, lb))).to_have_attribute("aria-valuenow", str(total - 4))
        expect(b.race_bar(name_of(1, lb))).to_have_attribute("aria-valuemax", str(total))
        c.wait(lambda s: s["players"][0]["left"] == total - 4)
        shape = b.race().locator(".race-player").nth(0).locator(".race-shape path")  # player 1's silhouette, no kinds
        expect(shape).to_have_attribute("d", re.compile(r"^(M[^M]+){%d}$" % (total - 4)))
        # b sends forged pairs straight over its socket: refused, never counted
        forged = forged_pairs(start)
        for x, y in forged[:3]:
            send_over_the_socket(b, {"v": 1, "t": "pair", "a": x, "b": y})
        send_over_the_socket(b, {"v": 1, "t": "pair", "a": 0, "b": 0})
        expect(line(b)).to_have_text(t("race_refused", lb))
        b.connect_pairs(1)  # then one real pair: its bar moves by that pair only
        expect(a.race_bar(name_of(2, la))).to_have_attribute("aria-valuenow", str(total - 2))
        # a shuffles (the same tiles: counted, not refused) and asks for a hint (counted), then reloads
        # mid-race: the seat, its progress and its shuffled board come back
        before = a.board()
        a.button(t("lu_shuffle", la), exact=True).click()
        expect(a.status()).to_have_text(t("lu_shuffled", la))
        shuffled = a.board()
        assert shuffled != before and sorted(sum(shuffled, [])) == sorted(sum(before, []))
        a.button(t("hint", la), exact=True).click()
        expect(a.status()).to_have_text(t("lu_hint", la))
        expect(line(a)).to_have_text(t("race_on", la))  # not the server's refusal
        a.reload()
        you = name_of(1, la) + " — " + t("race_you", la) + t("race_sep", la) + t("race_dnf", la, n=total - 4)
        expect(a.race().locator(".race-name").first).to_have_text(you)  # the seat, with its progress
        expect(a.race().get_by_role("progressbar")).to_have_count(2)
        assert Board.from_grid(a.board()).tiles() == total - 4
        assert a.board() == shuffled
        expect(b.race_bar(name_of(1, lb))).to_have_attribute("aria-valuenow", str(total - 4))
        # b clears first, then a, then c; a win on the race's board is timed by the race, not the game's clock
        b.connect_pairs()
        expect(b.status()).to_have_text(t("lu_cleared_race", lb, n=total // 2))
        own = b.race().locator(".race-name", has_text=t("race_you", lb)).first  # "… finished #1 in 0:12.3"
        expect(own).to_contain_text(re.compile(r"\d+:\d\d\.\d"))
        b_time = re.search(r"\d+:\d\d\.\d", own.text_content()).group(0)
        expect(b.clock()).to_have_text(t("race_clock", lb, t=b_time))  # b's own time stays in its clock line
        expect(b.result()).to_be_hidden()  # no record of the game's own: the standings are the race's
        expect(a.race().locator(".race-first")).to_have_text(re.compile(re.escape(name_of(2, la))))
        a.connect_pairs()
        expect(b.race_bar(name_of(3, lb))).to_have_attribute("aria-valuenow", str(total))  # c has not played
        c.play_out()
        assert c.refusals == []
        for page in (a, b):
            expect(line(page)).to_have_text(t("race_done", lang_of[page]))
        rows = a.race().locator(".race-standings tbody tr")
        expect(rows).to_have_count(3)
        expect(rows.nth(0)).to_contain_text(name_of(2, la))
        expect(rows.nth(1)).to_contain_text(name_of(1, la))
        expect(rows.nth(2)).to_contain_text(name_of(3, la))
        expect(b.race().locator(".race-standings tbody tr").nth(0)).to_contain_text(name_of(2, lb))
        cells = [rows.nth(i).locator("td") for i in range(3)]
        assert [cells[i].nth(0).text_content() for i in range(3)] == ["1", "2", "3"]
        assert [cells[i].nth(3).text_content() for i in range(3)] == [str(total // 2)] * 3  # b's forged ones not
        assert cells[1].nth(4).text_content() == "1" and cells[0].nth(4).text_content() == "0"
        assert [cells[i].nth(5).text_content() for i in range(3)] == ["0", "1", "0"]  # a's one shuffle, counted
        # Rematch keeps the room: everyone back in its lobby, Ready again
        a.race().get_by_role("button", name=t("race_rematch", la), exact=True).click()
        for page in (a, b):
            expect(line(page)).to_contain_text(t("race_lobby", lang_of[page], n=3))
            expect(page.race().locator(".race-code")).to_contain_text(code)
        c.wait(lambda s: s["phase"] == "lobby" and len(s["players"]) == 3)
        for page in (a, b):
            ready(page, lang_of[page])
        c.send(t="ready", ready=True)
        for page in (a, b):
            expect(line(page)).to_have_text(t("race_on", lang_of[page]), timeout=10_000)
        again = c.board()
        assert Board.from_grid(a.board()) == Board.from_grid(b.board()) == again and again != start
    finally:
        c.close()


# Which links cannot be a room's is room_code's, unit-tested (tests/test_race_client.py); here the page says
# so in each language, for a link too long to read and one carrying markup.
BAD_ROOMS = {"en": "A" * 60000, "zh": "<b>ABCD2345</b>"}


@pytest.mark.parametrize("la, lb", [("zh", "en"), ("en", "zh")])
def test_create_a_room_or_join_with_a_code_side_by_side_and_ready_says_what_it_will_do(open_game, server_url, la,
                                                                                        lb):
    """A player on a desktop makes a room, a friend on a phone joins it with its code, each page in its own
    language:
    - the desktop page's race panel, built after the first screen, says its help in the page's language,
      with no invitation and no Ready;
    - the friend first follows a room link that cannot be a room's (60,000 characters in English, markup in
      中文): the page says so in words, still offers its ways in, and solo play goes on;
    - out of a room both ways in show (Create a room; the code field and Join on one line, side by side
      with Create but on a phone), no room code; Join with nothing typed, then with a code too short, says
      so; the code typed (in lower case) and Enter join the room, sending nothing but ``join``; in a room
      the code field and Create go, both pages show the lobby of two and no bars;
    - Ready is named by what it will do and pressed while the player is ready (Not ready undoes it, and the
      other page sees it); both ready: the race is on, each page with one bar;
    - with the desktop page in English and the phone in 中文, axe finds nothing serious on either, in the
      lobby and in the race once each player's bar has moved."""
    a = open_game("?game=linkup&lang=" + la, "desktop", solver=False)
    # the panel, built once its module is in (after the first screen), is drawn as if built with the page:
    # its line in the page's language, out of a room (no invitation, no Ready)
    a.wait_for_function("window.__startupDone === true", timeout=60_000)
    expect(line(a)).to_have_text(t("race_help", la))
    expect(a.race().locator(".race-invite")).to_be_hidden()
    expect(a.race().get_by_role("button", name=t("race_ready", la), exact=True)).to_be_hidden()
    b = open_game("?game=linkup&lang=%s&room=%s" % (lb, BAD_ROOMS[lb]), "phone", solver=False)
    expect(line(b)).to_have_text(t("race_bad_link", lb))
    expect(b.race().get_by_role("button", name=t("race_create", lb), exact=True)).to_be_visible()
    assert b.connect_pairs(1) == 1  # solo play goes on
    audit = la == "en"  # the desktop in English, the phone in 中文
    for page, lang in ((a, la), (b, lb)):  # both ways in, before any room is made
        create = page.race().get_by_role("button", name=t("race_create", lang), exact=True)
        field = page.race().get_by_label(t("race_code", lang), exact=True)
        join = page.race().get_by_role("button", name=t("race_join", lang), exact=True)
        for control in (create, field, join):
            expect(control).to_be_visible()
        top = [control.bounding_box()["y"] for control in (create, join)]
        assert page.device == "phone" or abs(top[0] - top[1]) < 30, "side by side"
        boxes = [control.bounding_box() for control in (field, join)]
        assert abs(sum(boxes[0][k] for k in ("y", "height")) - sum(boxes[1][k] for k in ("y", "height"))) < 4, \
            "the code and its Join button on one line"
        expect(page.race().locator(".race-code")).to_be_hidden()
    b.evaluate(RECORD_SENT)
    b.race().get_by_role("button", name=t("race_join", lb), exact=True).click()  # nothing typed
    expect(line(b)).to_have_text(t("race_type_code", lb))
    b.race().get_by_label(t("race_code", lb), exact=True).fill("12")
    b.race().get_by_role("button", name=t("race_join", lb), exact=True).click()
    expect(line(b)).to_have_text(t("race_bad_code", lb))
    a.race().get_by_role("button", name=t("race_create", la), exact=True).click()
    code = a.race_code()
    expect(a.race().get_by_label(t("race_code", la), exact=True)).to_be_hidden()  # in a room: no code field
    b.race().get_by_label(t("race_code", lb), exact=True).fill(code.lower())  # the friend's code as typed
    b.race().get_by_label(t("race_code", lb), exact=True).press("Enter")
    expect(b.race().locator(".race-code")).to_contain_text(code)
    assert b.evaluate("window.__raceSent") == ["join"], "joined without making a room first"
    expect(b.race().get_by_label(t("race_code", lb), exact=True)).to_be_hidden()
    expect(b.race().get_by_role("button", name=t("race_create", lb), exact=True)).to_be_hidden()
    for page, lang in ((a, la), (b, lb)):
        expect(line(page)).to_contain_text(t("race_lobby", lang, n=2))
        expect(page.race().get_by_role("progressbar")).to_have_count(0)
    if audit:
        assert axe_serious(a, server_url) == [] and axe_serious(b, server_url) == []
    # Ready is named by what it will do, and pressed while the player is ready
    ready_a = a.race().get_by_role("button", name=t("race_ready", la), exact=True)
    expect(ready_a).to_have_attribute("aria-pressed", "false")
    ready_a.click()
    unready_a = a.race().get_by_role("button", name=t("race_unready", la), exact=True)
    expect(unready_a).to_have_attribute("aria-pressed", "true")
    mine = a.race().locator(".race-name").first
    expect(mine).to_contain_text(t("race_is_ready", la))
    unready_a.click()
    expect(ready_a).to_have_attribute("aria-pressed", "false")
    expect(mine).to_contain_text(t("race_not_ready", la))
    expect(b.race().locator(".race-name").first).to_contain_text(t("race_not_ready", lb))
    ready(a, la)
    ready(b, lb)
    expect(b.race().get_by_role("button", name=t("race_unready", lb), exact=True)).to_have_attribute(
        "aria-pressed", "true")
    for page, lang in ((a, la), (b, lb)):
        expect(line(page)).to_have_text(t("race_on", lang), timeout=10_000)
        expect(page.race().get_by_role("progressbar")).to_have_count(1)
    if audit:  # each player's bar moves on the other's page
        tiles = Board.from_grid(a.board()).tiles()
        a.connect_pairs(1)
        b.connect_pairs(1)
        expect(a.race_bar(name_of(2, la))).to_have_attribute("aria-valuenow", str(tiles - 2))
        expect(b.race_bar(name_of(1, lb))).to_have_attribute("aria-valuenow", str(tiles - 2))
        assert axe_serious(a, server_url) == [] and axe_serious(b, server_url) == []


def test_served_as_plain_files_race_says_it_needs_the_server(open_game, static_url):
    open_game.allow = ["WebSocket connection to"]
    page = open_game.blank()
    page.page.goto(static_url + "?game=linkup&lang=en")
    from pages import LinkupPage

    page = LinkupPage(page.page, static_url, page._watch, page.device)
    page.wait_ready(solver=False)
    before = page.board()
    page.button("Race", exact=True).click()
    expect(line(page)).to_have_text(t("race_needs_server", "en"))
    assert page.board() == before
    assert page.connect_pairs(1) == 1  # solo play goes on
    expect(page.button("Solve", exact=True)).to_be_enabled()
    expect(page.alert()).to_be_hidden()


def test_a_server_restart_is_said_and_solo_play_goes_on(open_game):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from serve import make_server

    # the server is down on purpose for a moment: what the pages ask of it meanwhile is refused
    open_game.allow = ["WebSocket connection to", "net::ERR_CONNECTION_REFUSED"]
    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    url = "http://127.0.0.1:%d/" % port
    a = open_game(url + "?game=linkup&lang=en", solver=False)
    a.button("Race", exact=True).click()
    b = Racer(url)  # the other player: a client of the protocol with no page
    b.send(t="join", room=a.race_code())
    expect(line(a)).to_contain_text(t("race_lobby", "en", n=2))
    ready(a, "en")
    b.send(t="ready", ready=True)
    expect(line(a)).to_have_text(t("race_on", "en"), timeout=10_000)
    a.connect_pairs(1)
    # the start-up's own requests done (the panels a click opens): the race's socket is lost
    a.wait_for_function("window.__startupDone === true", timeout=60_000)
    server.shutdown()
    b.close()
    again = make_server(port)  # the same port, a new process's empty rooms
    threading.Thread(target=again.serve_forever, daemon=True).start()
    try:
        expect(line(a)).to_have_text(t("race_lost", "en"), timeout=15_000)
        left = Board.from_grid(a.board()).tiles()
        assert a.connect_pairs(1) == 1 and Board.from_grid(a.board()).tiles() == left - 2
        expect(a.button("Solve", exact=True)).to_be_enabled()
    finally:
        again.shutdown()


@pytest.mark.skipif(not os.environ.get("UPDATE_SCREENSHOTS"), reason="UPDATE_SCREENSHOTS=1 writes docs/screens")
@pytest.mark.parametrize("device, lang", [("desktop", "en"), ("phone", "zh")])
def test_screenshots_of_a_race(open_game, device, lang):
    """docs/screens/race-<device>-<lang>.png (a race under way, three players) and race-done-<device>-<lang>.png
    (the standings), made only when asked, like tests/e2e/test_screenshots.py's."""
    out = pathlib.Path(__file__).resolve().parents[2] / "docs" / "screens"
    a = open_game("?game=linkup&lang=%s" % lang, device, solver=False)
    a.button(t("race", lang), exact=True).click()
    link = a.race_link()
    a.race().get_by_label(t("race_name", lang), exact=True).fill("Ann" if lang == "en" else "小明")
    a.race().get_by_label(t("race_name", lang), exact=True).press("Enter")
    others = [open_game(link + "&lang=" + lang, device, solver=False, new=True) for _ in range(2)]
    others[0].race().get_by_label(t("race_name", lang), exact=True).fill("Bo" if lang == "en" else "小红")
    others[0].race().get_by_label(t("race_name", lang), exact=True).press("Enter")
    for page in [a] + others:
        ready(page, lang)
    for page in [a] + others:
        expect(line(page)).to_have_text(t("race_on", lang), timeout=10_000)
    others[0].connect_pairs(7)
    others[1].connect_pairs(3)
    a.connect_pairs(5)
    a.locator("#lu-board .lu-tile:not([hidden])").first.click()
    expect(a.race_bar(name_of(3, lang))).to_have_attribute("aria-valuenow", str(24 - 6))
    if device == "phone":
        a.race().scroll_into_view_if_needed()
    a.wait_for_timeout(400)
    a.screenshot(path=str(out / ("race-%s-%s.png" % (device, lang))))
    others[0].connect_pairs()
    a.connect_pairs()
    others[1].connect_pairs()
    expect(line(a)).to_have_text(t("race_done", lang))
    a.race().locator(".race-standings").scroll_into_view_if_needed()
    a.wait_for_timeout(400)
    a.screenshot(path=str(out / ("race-done-%s-%s.png" % (device, lang))))
