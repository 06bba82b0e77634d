"""What one ``gameHandler.move`` costs the page: a course script plays thousands of them, so a Huarong
move may cost no more than a sliding puzzle's (each redraws only what the move changed)."""

import pytest

pytestmark = pytest.mark.e2e

# Counts every write the page's code makes to the DOM (attributes, classes, styles, children, texts and
# the controls' properties) in window.__writes.
COUNT_WRITES = """() => {
  if (window.__writes !== undefined) return;
  window.__writes = 0;
  const wrap = (proto, name) => {
    const f = proto[name];
    proto[name] = function (...a) { window.__writes++; return f.apply(this, a); };
  };
  const wrapSetter = (proto, name) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    Object.defineProperty(proto, name, {...d, set(v) { window.__writes++; d.set.call(this, v); }});
  };
  for (const n of ["setAttribute", "removeAttribute", "toggleAttribute", "replaceChildren", "remove"])
    wrap(Element.prototype, n);
  for (const n of ["appendChild", "insertBefore", "removeChild"]) wrap(Node.prototype, n);
  for (const n of ["toggle", "add", "remove"]) wrap(DOMTokenList.prototype, n);
  wrap(CSSStyleDeclaration.prototype, "setProperty");
  wrapSetter(Node.prototype, "textContent");
  wrapSetter(HTMLElement.prototype, "hidden");
  for (const proto of [HTMLSelectElement.prototype, HTMLInputElement.prototype, HTMLTextAreaElement.prototype])
    wrapSetter(proto, "value");
  for (const proto of [HTMLButtonElement.prototype, HTMLSelectElement.prototype, HTMLInputElement.prototype])
    wrapSetter(proto, "disabled");
}"""
# ``n`` moves, ``a`` and ``b`` in turn (a legal back-and-forth): the DOM writes and ms per move.
PLAY = """async ([n, a, b]) => {
  const w = window.__writes, t0 = performance.now();
  for (let i = 0; i < n; i++) { if (!(await gameHandler.move(...(i % 2 ? b : a)))) return null; }
  return [(window.__writes - w) / n, (performance.now() - t0) / n];
}"""
HUARONG = [[10, "left"], [10, "right"]]  # the course's board: soldier 10 into the gap and back


def sliding_back_and_forth(page) -> list:
    """The arguments of a legal back-and-forth on the sliding puzzle's board: a tile beside the blank, twice."""
    b = page.board()
    r, c = next((r, c) for r, row in enumerate(b) for c, v in enumerate(row) if v == 0)
    tile = b[r][c - 1] if c > 0 else b[r][c + 1]
    return [[tile], [tile]]


@pytest.mark.longtask
def test_a_huarong_move_costs_about_what_a_sliding_move_does(open_game):
    """Their time, in turns, seven rounds of 100 moves each; the fastest round of each game is compared
    (the round least disturbed by the machine's other work). Then (the page's DOM calls counted from
    here, which slows them) the DOM writes of 20 back-and-forth moves of each game: a Huarong move writes
    no more than a sliding move does."""
    page = open_game("?lang=en")
    sliding_args = sliding_back_and_forth(page.show("sliding"))
    times = {"huarong": [], "sliding": []}
    for _ in range(7):
        for game, args in (("huarong", HUARONG), ("sliding", sliding_args)):
            page.show(game)
            page.wait_for_timeout(200)
            result = page.evaluate(PLAY, [100] + args)
            assert result is not None, "the back-and-forth moves were refused"
            times[game].append(result[1])
    huarong, sliding = min(times["huarong"]), min(times["sliding"])
    assert huarong <= 2.5 * sliding, "ms per move: Huarong %.2f, sliding %.2f (%s)" % (huarong, sliding, times)

    page.evaluate(COUNT_WRITES)
    writes = {game: page.show(game).evaluate(PLAY, [20] + args)
              for game, args in (("huarong", HUARONG), ("sliding", sliding_args))}
    assert None not in writes.values(), "the back-and-forth moves were refused: %r" % writes
    assert writes["huarong"][0] <= writes["sliding"][0], "DOM writes per move: %r" % writes
