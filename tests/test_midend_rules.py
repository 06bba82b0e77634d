"""The rules every game shares, run in CPython on a fake page (tests/fake_page.py): saved games and
links (a reload keeps the moves, a bad link never wipes the saved game and offers it, a link to another
board opens it), saves set aside, hostile pastes and move scripts refused, messages in the page's
language (said again on a language switch), the speed a link may ask for, and Share's link and sheet.
Each view is built as the shell builds it, with the page's own words (``app.i18n``) in English or 中文."""

import asyncio
import functools
import json
import re
import types
from unittest import mock

import pytest

import fake_page
from app.i18n import t
from helpers import NOT_A_BOARD_SAID, PASTED_PROGRAM, hostile, hostile_scripts
from puzzles import linkup, quote
from puzzles.games import GAMES
from puzzles.huarong.layouts import find_layout
from puzzles.sliding import shuffled


@pytest.fixture
def page():
    fake = fake_page.install()
    yield fake
    fake_page.uninstall()


def in_loop(test: object) -> object:
    """Run the test inside an asyncio loop, as the page's code runs (it starts tasks of its own)."""
    @functools.wraps(test)
    def run(*args: object, **kwargs: object) -> None:
        async def body() -> None:
            test(*args, **kwargs)

        asyncio.run(body())

    return run


def open_view(game: str, params: "dict | None" = None, lang: str = "en", linked: "str | None" = None) -> object:
    """The game's real view, built and opened as the shell does, its words the page's own in ``lang``.
    ``linked``: the game the page's link names (the game itself unless told)."""
    spec = GAMES[game]
    module = fake_page.page_module(spec.view)
    i18n = fake_page.page_module("app.i18n")
    shell = mock.MagicMock(name="shell")
    shell.game, shell.params, shell.lang = linked or game, dict(params or {}), lang
    shell.t.side_effect = lambda key, **values: i18n.t(key, shell.lang, **values)
    shell.records = fake_page.page_module("app.records").Records()
    view = module.View(shell, fake_page.Element(), spec)
    view.start()
    return view


def switch_language(view: object, lang: str) -> None:
    """What the header's language switch does to a game: its words said again in ``lang``."""
    view.shell.lang = lang
    view.frame.relabel()


def click(button: object) -> None:
    button.listeners["click"][0](None)


def choose(select: object, value: str) -> None:
    select.listeners["change"][0](types.SimpleNamespace(target=types.SimpleNamespace(value=value)))


def alert(view: object) -> str:
    return str(view.frame.alert.textContent)


def paste(view: object, text: str) -> None:
    """Text typed into the game's "Paste a board" box, then Load."""
    view.life.board_input[1].value = text
    click(view.life.load_btn)


def leave(view: object) -> None:
    """The page left (or reloaded): what its pagehide does, every game written now."""
    view.life.flush()


def one_move(view: object) -> object:
    """Make a legal move (the spec's first); answers the board after it."""
    assert view.play(view.spec.legal_moves(view.session.state)[0])
    return view.session.state


def offered(view: object) -> bool:
    return view.frame.offer_btn.getAttribute("hidden") is None


# game -> (another board than the default, a bad link, an option to change)
CASES = {
    "huarong": (find_layout("指挥若定").board, "[[1,1,0],[1,1]]", ("metric", "piece")),
    "linkup": (linkup.generate(4, 6, 6, 4, 7), "1.4x6.363663451152414146535222.zz", None),
    "sliding": (shuffled(3, 3, 5), "3x3-12345678", ("mode", "fast")),
}


@pytest.mark.parametrize("game", sorted(CASES))
@in_loop
def test_a_reload_keeps_the_board_the_moves_the_redo_and_the_options(page, game):
    """A link's board, two moves, one undone, an option chosen: the page opened again by the same link has
    the board after one move, Redo still possible, the option chosen (its picker showing it). A board pasted
    over the link's drops the link's board from the address, and the plain page then reopens the paste."""
    other, _bad, option = CASES[game]
    link = {"board": other.to_code()}
    view = open_view(game, link)
    assert view.session.state == other
    b1 = one_move(view)
    one_move(view)
    view.undo()
    if option:
        choose(getattr(view, option[0] + "_select"), option[1])
    leave(view)
    again = open_view(game, link)
    assert again.session.state == b1 and again.session.cursor == 1
    assert again.session.can_redo() and again.redo_btn.disabled is False
    if option:
        assert again.session.options[option[0]] == option[1]
        assert getattr(again, option[0] + "_select").value == option[1]
    paste(again, GAMES[game].default().to_json())
    again.shell.drop_board_param.assert_called_with(game)  # the address no longer names the link's board
    after = one_move(again)
    leave(again)
    assert open_view(game).session.state == after


def _saved_games() -> dict:
    """Every game with a board of its own (a link's) and one move on it, saved: {game: the board after it}."""
    after = {}
    for game in sorted(CASES):
        view = open_view(game, {"board": CASES[game][0].to_code()})
        after[game] = one_move(view)
        leave(view)
    return after


@pytest.mark.parametrize("game", sorted(CASES))
@in_loop
def test_a_bad_link_never_wipes_the_saved_game_and_offers_it(page, game):
    """A bad link opens the default board with the alert and offers the saved game, whose save it leaves
    alone; the offer, taken (after a switch to 中文), opens it with its move and drops the link's board from
    the address; the plain page then reopens every saved game, no alert."""
    after = _saved_games()
    stored = dict(page.window.safeStorage.data)
    view = open_view(game, {"board": CASES[game][1]})
    assert "The board in the link was not loaded" in alert(view)
    assert view.session.state == GAMES[game].default() and view.session.cursor == 0
    assert offered(view)
    page.window.timers.fire(ignore_delay=True)
    assert page.window.safeStorage.data == stored  # nothing written over any saved game
    switch_language(view, "zh")
    click(view.frame.offer_btn)
    assert alert(view) == "" and not offered(view)
    assert view.session.state == after[game] and view.session.cursor == 1
    view.shell.drop_board_param.assert_called_with(game)
    for name in sorted(CASES):
        again = open_view(name)
        assert again.session.state == after[name] and again.session.cursor == 1, name
        assert alert(again) == "", name


@in_loop
def test_a_move_under_a_bad_link_withdraws_the_offer_and_saves_the_board_played(page):
    """The offer lasts until the player plays the default board: that move is the game now, saved."""
    _saved_games()
    view = open_view("sliding", {"board": CASES["sliding"][1]})
    assert offered(view)
    board = one_move(view)
    assert not offered(view)
    leave(view)
    assert open_view("sliding").session.state == board


@pytest.mark.parametrize("game", sorted(CASES))
@in_loop
def test_a_link_to_another_board_opens_it_and_keeps_a_saved_game_in_progress_until_a_move(page, game):
    """A link to another board opens that board; a saved game with moves in it is not written over: the
    alert says so (in the page's language) and offers it, and the plain page still reopens it. A move on
    the link's board makes that the game, saved; a link opened over a saved game with no move says nothing."""
    view = open_view(game)
    saved = one_move(view)
    leave(view)
    stored = dict(page.window.safeStorage.data)
    other = CASES[game][0]
    view = open_view(game, {"board": other.to_json()})
    assert view.session.state == other and view.session.cursor == 0
    assert alert(view) == t("link_kept_save", "en") and offered(view)
    switch_language(view, "zh")
    assert alert(view) == t("link_kept_save", "zh")
    page.window.timers.fire(ignore_delay=True)
    assert page.window.safeStorage.data == stored  # nothing written over the saved game
    leave(view)
    again = open_view(game)
    assert again.session.state == saved and again.session.cursor == 1
    leave(again)
    view = open_view(game, {"board": other.to_json()})
    after = one_move(view)
    assert alert(view) == "" and not offered(view)
    leave(view)
    view = open_view(game)
    assert view.session.state == after
    view.undo()  # the saved game now has no move made in it
    leave(view)
    view = open_view(game, {"board": GAMES[game].default().to_json()})
    assert alert(view) == "" and not offered(view)


# game -> (a bad board to paste, a bad link)
BAD = {
    "huarong": ("[[1,1,0],[1,1]]", "11/11/0!"),
    "linkup": ("[[1,2],[2]]", "1.2x2.1122.00"),
    "sliding": ("[[1,1],[2,0]]", "2x3-41250"),
}
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def assert_chinese(text: str, typed: str) -> None:
    """Chinese text whose only English is the user's own input, quoted."""
    rest = text.replace(typed, "")
    assert re.search(r"[\u4e00-\u9fff]", rest), text
    assert not ENGLISH_WORD.search(rest), text


@pytest.mark.parametrize("game", sorted(BAD))
@in_loop
def test_messages_about_bad_input_are_chinese_under_zh(page, game):
    """The bad link's alert, a bad paste's, and Huarong's bad move script's: 中文 but for the input quoted;
    the language switch says the error again in English."""
    pasted, link = BAD[game]
    view = open_view(game, {"board": link}, "zh")
    assert "链接中的棋盘未能载入" in alert(view)
    assert_chinese(alert(view), link)
    paste(view, pasted)
    assert alert(view) and "链接" not in alert(view)
    assert_chinese(alert(view), pasted)
    if game == "huarong":
        view.script_text = "gameHandler.move(10, 'left')\ngameHandler.move(1, 'down')"
        view._on_script(None)
        assert "第 2 行" in alert(view)
        assert_chinese(alert(view), "")
    switch_language(view, "en")
    assert ENGLISH_WORD.search(alert(view))


@in_loop
def test_the_speed_a_link_asks_for_is_bounded(page):
    view = open_view("sliding", {"speed": "99999999999999999999"})
    assert view.player.speed == 5000 and view.frame.speed_select.value == "5000"
    assert view.play(view.spec.legal_moves(view.session.state)[0])


PASTES = 25  # of each game's hostile texts (seed 1)
SCRIPTS = 25  # of the hostile move scripts (seed 3)


@pytest.mark.parametrize("game", sorted(GAMES))
@in_loop
def test_hostile_pastes_are_refused_one_by_one_with_an_alert_and_the_board_stays(page, game):
    view = open_view(game)
    before = view.session.state
    for text in hostile(game, PASTES, 1):
        view.frame.alert.textContent = ""
        paste(view, text)
        assert alert(view), "no alert for %r in %s" % (text[:60], game)
    assert view.session.state == before and view.session.cursor == 0


@in_loop
def test_hostile_move_scripts_are_refused_with_an_alert_and_change_nothing(page):
    view = open_view("huarong")
    for script in hostile_scripts(SCRIPTS, 3):
        view.frame.alert.textContent = ""
        view.script_text = script
        view._on_script(None)
        assert alert(view), "no alert for %r" % script[:60]
    assert view.session.state == GAMES["huarong"].default() and view.session.cursor == 0


@in_loop
def test_a_linkup_link_of_a_billion_rows_is_refused_with_the_sides_limit(page):
    view = open_view("linkup", {"board": "1.999999999x0..TK"})
    assert "each side must be 1 to 24" in alert(view)
    assert view.session.state == linkup.SPEC.default()


# Saved histories that jump to a board of another size.
BAD_SAVES = {
    "sliding": {"v": 2, "start": "2x3-412503", "moves": [{"jump": "3x3-123456780"}], "cursor": 1},
    "linkup": {"v": 2, "start": linkup.SPEC.default().to_code(), "moves": [{"jump": "[[1,1]]"}], "cursor": 1},
}


@pytest.mark.parametrize("game", sorted(BAD_SAVES))
@in_loop
def test_a_saved_game_jumping_to_another_size_is_set_aside_and_replaced(page, game):
    """The game says, in its alert, that its save was set aside and why, and opens its default board;
    another game's alert says nothing of it; the game opened replaces the save, so the next start says
    nothing more."""
    page.window.safeStorage.set("bfs-puzzles." + game, json.dumps(BAD_SAVES[game]))
    other = open_view("huarong", linked=game)
    assert alert(other) == ""
    view = open_view(game)
    assert "The saved game could not be reopened" in alert(view) and "another size" in alert(view)
    assert view.session.state == GAMES[game].default() and view.session.cursor == 0
    one_move(view)
    leave(view)
    assert alert(open_view(game)) == ""


@in_loop
def test_a_save_too_long_is_refused_before_parsing_in_chinese(page, monkeypatch):
    lifecycle = fake_page.page_module("app.lifecycle")
    monkeypatch.setattr(lifecycle.json, "loads", mock.Mock(side_effect=AssertionError("parsed")))
    huge = json.dumps({"v": 2, "start": "2" * 2_000_000, "moves": []})
    page.window.safeStorage.set("bfs-puzzles.sliding", huge)
    view = open_view("sliding", lang="zh")
    assert "保存的对局无法重新打开" in alert(view)
    assert "最多只接受 400000 个" in alert(view)
    assert view.session.state.grid() == [[4, 1, 2], [5, 0, 3]]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", ["huarong", "linkup", "sliding"])
@in_loop
def test_a_program_pasted_as_a_board_is_said_to_be_no_board(page, game, lang):
    """Said in the alert and under the box (the same words, the box marked invalid), with a bounded piece
    of the text as typed and no row or column; said again in the other language on a switch; a board
    pasted then takes the note and the alert away."""
    view = open_view(game, lang=lang)
    before = view.session.state
    paste(view, PASTED_PROGRAM)
    said = alert(view)
    assert NOT_A_BOARD_SAID[game, lang] in said and quote(PASTED_PROGRAM) in said
    assert view.session.state == before
    assert not re.search(r"row \d+, column \d+|第 \d+ 行第 \d+ 列", said)
    note, area = view.frame.notes[game + "-board-input"]
    assert str(note.textContent) == said and not note.hidden
    assert area.getAttribute("aria-invalid") == "true"
    other = "zh" if lang == "en" else "en"
    switch_language(view, other)
    assert NOT_A_BOARD_SAID[game, other] in str(note.textContent) and NOT_A_BOARD_SAID[game, other] in alert(view)
    paste(view, before.to_json())
    assert note.hidden and area.getAttribute("aria-invalid") is None and alert(view) == ""


@in_loop
def test_share_hands_the_system_sheet_this_games_link_and_says_shared(page):
    """The sheet gets the link to this game's board; its success is said in the status."""
    view = open_view("sliding")
    answers = []

    class Promise:
        def then(self, on_done, on_failed):
            answers.append(on_done)

    page.window.navigator.share.side_effect = lambda data: Promise()
    view.life.share_button(None)
    (data,), _ = page.window.navigator.share.call_args
    assert "game=sliding" in data["url"] and "board=" in data["url"]
    answers[0](None)
    assert str(view.frame.status.textContent) == "Shared."


@in_loop
def test_share_from_a_refused_draft_hands_the_sheet_no_older_link(page):
    """A link was shared; then the editor's draft has no 曹操: Share refuses the draft (said in the alert)
    and hands the system sheet nothing, not the link made before."""
    view = open_view("huarong")
    page.window.navigator.share.side_effect = lambda data: mock.MagicMock(name="promise")
    view.life.share_button(None)
    assert page.window.navigator.share.call_count == 1
    view.editor._on_edit(None)
    draft = view.editor.draft
    draft.remove(draft.piece_at(0, 1))  # 曹操, top middle on the default board
    view.life.share_button(None)
    assert re.search("no piece 1", alert(view))
    assert page.window.navigator.share.call_count == 1


class SolverHere:
    """``shell.solver`` with the worker's jobs (``worker_jobs``) run in this process, stepped in slices
    through the page's protocol: progress handed on, a cancel honoured, the result or the error answered.
    No worker is up (``worker`` is ``None``), so no look-ahead search starts by itself."""

    worker = None
    failed = None

    async def run(self, game: str, request: str, progress: object, cancelled: object, started: object) -> dict:
        return await fake_page.run_job_here(game, request, progress, cancelled, started)


def status(view: object) -> str:
    return str(view.frame.status.textContent)


def shown(node: object) -> bool:
    return node.getAttribute("hidden") is None


@pytest.mark.parametrize("game", sorted(CASES))
def test_no_stale_text_after_undo_reset_or_a_new_board(page, game, monkeypatch):
    """A solve's outcome, its progress line and a share link on screen: Undo takes them away (and
    Huarong's chart); a hint's mark goes with Reset; a new board pasted leaves nothing of the old one."""

    async def body() -> None:
        view = open_view(game, {"board": CASES[game][0].to_code(), "speed": "0"})
        view.shell.solver = SolverHere()
        built = asyncio.ensure_future(view.build_own_later())  # built once the board plays (Huarong's chart)
        await fake_page.drive(page.window, built.done)
        built.result()
        frame = view.frame
        await view._on_solve(None)
        assert re.match(r"^(Solved|Cleared): \d+", status(view)), status(view)
        await fake_page.drive(page.window, lambda: view.player.playback is None, 60)
        assert view.session.state.is_solved()
        assert re.search(r"positions? searched", str(frame.progress_text.textContent))
        assert shown(frame.progress)
        if game == "huarong":
            assert view.chart.levels and view.chart.node.children  # the chart's bars
        view.life.share_button(None)
        assert frame.share_link is not None and shown(frame.share_box)
        # Undo: the outcome, the progress and the link go
        view.undo()
        assert not re.search("Solved|Cleared", status(view))
        assert not shown(frame.progress) and str(frame.progress_text.textContent) == ""
        assert frame.share_link is None and not shown(frame.share_box)
        if game == "huarong":
            assert not view.chart.levels and not view.chart.node.children
        # a hint, then Reset: the mark goes
        await view._on_hint(None)
        assert view.hinted and "Hint" in status(view)
        click(view.reset_btn)
        assert not view.hinted and "Hint" not in status(view)
        # a new board (pasted): nothing of the old one
        view.life.share_button(None)
        await view._on_hint(None)
        assert view.hinted and frame.share_link is not None
        paste(view, GAMES[game].default().to_json())
        assert view.session.state == GAMES[game].default()
        assert frame.share_link is None and not shown(frame.share_box)
        assert not shown(frame.progress) and not view.hinted

    asyncio.run(body())
