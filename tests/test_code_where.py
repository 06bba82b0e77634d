"""The Code panel's "where" line (py/app/code_where.py): a sample of the learner's program said with its
line and containers, the size of the whole search of its board asked of the solver's worker once per
sample (with the request the ``map`` job answers with ``"count": true``) and added when it comes; a newer
sample, or a clear, makes an older answer stale (never shown) and cancels its job; both languages."""

import asyncio
import json

from app.code_where import WhereLine, grouped, reach_of, sample_of, where_text
from app.i18n import t
from fake_page import Element
from puzzles import huarong, run, sliding
from puzzles.statespace import map_job

COURSE = "[[2,1,1,3],[2,1,1,3],[4,6,6,5],[4,7,8,5],[9,0,0,10]]"  # 横刀立马


def words(lang: str):
    return lambda key, **values: t(key, lang, **values)


def answer(board_code: str, game=huarong) -> dict:
    """What the worker answers a count request (the job run here, through the worker's dict form)."""
    board = game.Board.parse(board_code)
    return run(map_job(board, {}, {"action": "map", "count": True})).to_dict(lambda m: m)


class Jobs:
    """The solver's worker protocol, answering each request when the test says."""

    def __init__(self) -> None:
        self.asked: list = []  # (request, cancelled(), future)

    async def stepped(self, request: str, progress: object, cancelled: object) -> dict:
        fut = asyncio.get_running_loop().create_future()
        self.asked.append((json.loads(request), cancelled, fut))
        return await fut


class Spec:
    map = True


def test_grouped():
    assert [grouped(n) for n in (0, 999, 1000, 25955, 14950080, -1234)] == [
        "0", "999", "1,000", "25,955", "14,950,080", "-1,234"]


def test_a_sample_is_read_field_by_field():
    assert sample_of({"line": 8, "sizes": [["visited", 70327], ["q", 9260]]}) == (8, [("visited", 70327), ("q", 9260)])
    assert sample_of({"line": True, "sizes": []}) is None
    assert sample_of({"line": 3, "sizes": "x"}) is None
    assert sample_of({"line": 3, "sizes": [["a", -1], ["b", True], ["c", 2, 3], ["d", 4]]}) == (3, [("d", 4)])


def test_the_words_in_both_languages():
    where = (8, [("visited", 70327), ("q", 9260)])
    reach = reach_of(answer(COURSE))
    assert reach == (25955, str(25955 * 24 * 24), False, True)
    assert where_text(words("en"), where, None) == "Line 8 · visited held 70,327 items, q 9,260"
    en = where_text(words("en"), where, reach)
    assert en.startswith("Line 8 · visited held 70,327 items, q 9,260 · ")
    assert en.endswith("meets 25,955 positions when same-shape pieces count as one (14,950,080 when told apart)")
    zh = where_text(words("zh"), where, reach)
    assert "第 8 行" in zh and "25,955 个局面" in zh and "14,950,080" in zh
    plain = reach_of(answer("2x3-412503", sliding))
    assert plain == (360, None, False, False)
    assert where_text(words("en"), (2, []), plain) == "Line 2 · the whole search of this board meets 360 positions"
    crowded = (8, [("state", 5), ("q", 9260), ("d", 5), ("visited", 70327), ("seen", 12), ("nxt", 5)])
    assert where_text(words("en"), crowded, None) == "Line 8 · visited held 70,327 items, q 9,260, seen 12"
    assert where_text(words("en"), (4, [("row", 4), ("grid", 5)]), None) == "Line 4 · grid held 5 items"
    cut = (5000, None, True, False)
    assert where_text(words("en"), (2, []), cut).endswith("meets more than 5,000 positions")
    assert reach_of({"status": "error"}) is None and reach_of({"status": "solved", "stats": {}}) is None


def test_the_count_is_asked_once_added_when_it_comes_and_stale_answers_never_show():
    async def scenario() -> None:
        jobs, el = Jobs(), Element("p")
        line = WhereLine(words("en"), jobs.stepped, Spec(), el)
        grid = json.loads(COURSE)
        assert line.sampled({"line": 8, "sizes": [["visited", 10]]}, grid) == 8
        await asyncio.sleep(0)
        assert el.textContent == "Line 8 · visited held 10 items" and not el.hasAttribute("hidden")
        (req, cancelled, fut), = jobs.asked
        assert req == {"action": "map", "board": COURSE.replace(",", ", "), "options": {}, "count": True}
        assert huarong.Board.parse(req["board"]) == huarong.Board.parse(COURSE)
        assert not cancelled()
        line.sampled({"line": 9, "sizes": [["visited", 20]]}, grid)  # a newer sample: the first answer is stale
        await asyncio.sleep(0)
        assert cancelled()
        fut.set_result(answer(COURSE))
        await asyncio.sleep(0)
        assert el.textContent == "Line 9 · visited held 20 items"
        _, cancelled2, fut2 = jobs.asked[1]
        fut2.set_result(answer(COURSE))
        await asyncio.sleep(0)
        assert el.textContent.startswith("Line 9 · visited held 20 items · the whole search of this board meets 25,955")
        line.t = words("zh")
        line.show()  # a language switch: drawn again from what is held
        assert el.textContent.startswith("第 9 行")
        line.clear()
        assert el.getAttribute("hidden") is not None and el.textContent == ""
        assert cancelled2()  # cleared: a job still running would be cancelled

    asyncio.run(scenario())


def test_no_count_without_a_map_or_a_board():
    async def scenario() -> None:
        jobs = Jobs()
        no_map = Spec()
        no_map.map = False
        WhereLine(words("en"), jobs.stepped, no_map, Element("p")).sampled({"line": 1, "sizes": []}, [[1]])
        WhereLine(words("en"), jobs.stepped, Spec(), Element("p")).sampled({"line": 1, "sizes": []}, None)
        assert WhereLine(words("en"), jobs.stepped, Spec(), Element("p")).sampled({"line": 0.5}, [[1]]) is None
        await asyncio.sleep(0)
        assert jobs.asked == []

    asyncio.run(scenario())
