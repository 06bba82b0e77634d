"""A language switch redraws every word of every game's panel."""

import re

import pytest
from pages import each_game
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


# ----------------------------------------------------------------- a language switch redraws every word
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
ENGLISH_WORDS = re.compile(r"[A-Za-z]{3,}(?:\s+[A-Za-z]{2,}){2,}")  # three English words in a row: a sentence
PANEL_TEXT = """() => {
  const panel = document.querySelector('[role=tabpanel]:not([hidden])');
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === 3) { parts.push(node.textContent); return; }
    if (node.nodeType !== 1 || node.hidden || node.matches('.lu-board, select, option, textarea')) return;
    for (const child of node.childNodes) walk(child);
  };
  walk(panel);
  for (const a of panel.querySelectorAll('[aria-label], [placeholder], [title]'))
    if (!a.closest('[hidden]'))
      for (const name of ['aria-label', 'placeholder', 'title'])
        if (a.getAttribute(name)) parts.push(a.getAttribute(name));
  parts.push(document.getElementById('solver-note').textContent);
  return parts.map(s => s.trim()).filter(Boolean);
}"""


def _leftovers(page, lang):
    texts = page.evaluate(PANEL_TEXT)
    if lang == "en":
        return [s for s in texts if CJK.search(s)]
    return [s for s in texts if ENGLISH_WORDS.search(s)]


def test_a_language_switch_leaves_no_word_behind(open_game):
    """In each game: Solve, undo a few moves, ask a hint; then each switch redraws every text of the
    panel: no CJK character left in English, no English sentence left in 中文."""
    for game, page in each_game(open_game, 0, "zh"):
        page.button("求解").click()
        page.wait_solved()
        expect(page.counter()).not_to_have_attribute("data-playing", re.compile("."))
        for lang in ("en", "zh"):
            page.switch_language()
            assert _leftovers(page, lang) == [], (game, lang)
        page.button("撤销").click()
        page.button("撤销").click()
        page.button("提示").click()
        expect(page.status()).not_to_have_text(re.compile("正在计算提示"), timeout=30_000)
        for lang in ("en", "zh", "en", "zh"):  # ends in 中文, as the next game starts
            page.switch_language()
            assert _leftovers(page, lang) == [], (game, lang)
