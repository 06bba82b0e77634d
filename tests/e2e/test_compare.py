""""What equivalence buys" as a job of its own: progress, its own
Stop, Solve usable meanwhile, and an honest answer for the side that gives up."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

WORDS = {
    "en": {"box": "What equivalence buys", "run": "Compare", "stop": "Stop comparing", "solve": "Solve",
           "progress": "Comparing…", "stopped": "Comparison stopped.", "gave_up": "gave up after 1,000,000 positions",
           "equal": "same-shape pieces equal", "distinct": "all pieces distinct", "solved": "Solved: 116 moves",
           "more": "more than"},
    "zh": {"box": "等价处理省了多少", "run": "比较", "stop": "停止比较", "solve": "求解",
           "progress": "正在比较", "stopped": "已停止比较。", "gave_up": "搜索 1,000,000 个局面后放弃",
           "equal": "同形棋子等价", "distinct": "所有棋子不同", "solved": "已解出：116 步", "more": "超过"},
}


def test_compare_with_progress_stop_and_solve_meanwhile(open_game):
    """Stop; a move, which stops the comparison of the position gone; Solve while it runs, which answers
    and plays while the comparison goes on to its end. In English, then the page switched to 中文: the
    comparison's table says the same in it."""
    w = WORDS["en"]
    page = open_game("?speed=0&lang=en")
    panel = page.panel
    panel.get_by_text(w["box"], exact=True).click()
    line = panel.locator(".compare-line")
    # Stop
    panel.get_by_role("button", name=w["run"], exact=True).click()
    expect(line).to_contain_text(w["progress"])
    panel.get_by_role("button", name=w["stop"]).click()
    expect(line).to_have_text(w["stopped"])
    expect(panel.get_by_role("button", name=w["stop"])).to_be_hidden()
    # a move stops the comparison of the position gone; the move back leaves the board it started from
    panel.get_by_role("button", name=w["run"], exact=True).click()
    expect(line).to_contain_text(w["progress"])
    page.evaluate("gameHandler.move(10, 'left')")
    expect(line).to_have_text("")
    expect(panel.get_by_role("button", name=w["run"], exact=True)).to_be_enabled()
    expect(panel.locator(".compare-table")).to_have_count(0)
    assert page.evaluate("gameHandler.move(10, 'right')")
    # run again, and Solve while it runs: Solve answers and plays; the comparison goes on to its end
    panel.get_by_role("button", name=w["run"], exact=True).click()
    expect(line).to_contain_text(w["progress"])
    panel.get_by_role("button", name=w["solve"], exact=True).click()
    expect(page.get_by_role("status").filter(visible=True)).to_have_text(w["solved"], timeout=30_000)
    page.wait_for_function("gameHandler.isSolved()")
    distinct = panel.get_by_role("row", name=re.compile(w["distinct"]))
    expect(distinct).to_contain_text(w["gave_up"], timeout=60_000)
    expect(panel.get_by_role("row", name=re.compile(w["equal"]))).to_contain_text("116")
    expect(panel.locator(".compare-out")).to_contain_text(w["more"])
    page.switch_language()
    w = WORDS["zh"]
    expect(panel.get_by_role("row", name=re.compile(w["distinct"]))).to_contain_text(w["gave_up"])
    expect(panel.get_by_role("row", name=re.compile(w["equal"]))).to_contain_text("116")
    expect(panel.locator(".compare-out")).to_contain_text(w["more"])
    expect(panel.get_by_role("button", name=w["run"], exact=True)).to_be_enabled()
