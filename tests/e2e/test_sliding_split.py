"""A hard 4 × 4 fewest-moves search in the page runs on two solver workers (the first and a helper), answers
the fewest moves, and Cancel stops both; either worker dying mid-search is survived."""

import json
import re

import pytest
from playwright.sync_api import expect

from puzzles.sliding import Board

pytestmark = pytest.mark.e2e

KORF = json.loads((__import__("pathlib").Path(__file__).resolve().parents[1] / "data" / "korf-instances.json")
                  .read_text())["instances"]


def korf(korf_id: int) -> Board:
    return Board.from_grid(next(i for i in KORF if i["korf_id"] == korf_id)["board"])


def published(korf_id: int) -> int:
    """Korf's published fewest moves for his instance ``korf_id``."""
    return next(i for i in KORF if i["korf_id"] == korf_id)["optimal"]


# Every call of the solver's protocol loop, noted per worker: the requests each worker was given and the
# steps it ran (the page calls window.runWorkerJob afresh for every job). Installed once; ``WATCH_AGAIN``
# starts the notes afresh. With ``window.__kill`` ("helper" or "solver"), that worker is ended (it stops
# answering) the moment the helper is given its first piece of a split search, that piece's request already
# sent: mid-search, whatever the machine's speed.
WATCH = """() => {
  const run = window.runWorkerJob;
  window.runWorkerJob = (solver, game, request, options) => {
    const name = String(solver.name);
    window.__pieces.push([name, String(request)]);
    const counted = Object.assign({}, solver, {
      step: (job, ms) => { window.__steps[name] = (window.__steps[name] || 0) + 1; return solver.step(job, ms); },
    });
    const job = run(counted, game, request, options);
    const kill = window.__kill;
    if (kill && name.startsWith('helper') && JSON.parse(request).share) {
      window.solverWorkers.all.find((w) => kill === 'helper' ? w.helper : w.name === 'solver').worker.terminate();
      window.__kill = null;
    }
    return job;
  };
}"""
WATCH_AGAIN = "(kill) => { window.__pieces = []; window.__steps = {}; window.__kill = kill; }"
SHARERS = "new Set(window.__pieces.filter(([n, r]) => JSON.parse(r).share).map(([n]) => n)).size"
SHARED = "() => " + SHARERS
HELPER_UP = "() => window.solverWorkers.all.some((w) => w.helper && w.version)"


def test_a_split_search_answers_in_fewest_moves_cancels_both_workers_and_survives_either_dying(open_game):
    """One sliding page, its split search set up first: a quick Korf board (#2) solved (its Solve loads the
    pattern tables and starts the helper), and the helper up, so that each later 4 x 4 search is split from
    its start. Then, in turn:
    - a hard board (Korf's #6: 52 moves, six iterations; in the last one, one share finds a solution while
      the other would search on, and is cancelled): pieces go to both workers, the answer is the fewest
      moves and is played, and a piece cancelled after it says nothing over it;
    - Cancel during a long search (Korf's #82) stops both workers, and the board is as it was;
    - the first worker stops answering during a split search: said, and a fresh one starts, loaded with the
      tables the page had loaded (Korf's #28), so the next Solve (Korf's #4), split again with the helper, is the fewest
      moves, and the fresh worker and the helper search a board alike;
    - a helper that stops answering on its first piece hands that piece back: the first worker searches it
      and every later round alone, and the answer is still the fewest moves (Korf's #35)."""
    page = open_game("?game=sliding&lang=en&speed=0&board=" + korf(2).to_code())
    page.solve(re.compile(r"^Solved: \d+ moves$"), timeout=90_000)
    page.wait_for_function(HELPER_UP, timeout=90_000)
    page.evaluate(WATCH)

    # a hard board, split between both workers
    page.evaluate(WATCH_AGAIN, None)
    page.paste_board(korf(6).to_code())
    page.solve()
    optimal = published(6)
    expect(page.status()).to_have_text("Solved: %d moves" % optimal, timeout=120_000)
    page.wait_solved()
    page.wait_for_timeout(1_000)  # a piece cancelled after the answer says nothing over it
    expect(page.status()).to_have_text("Solved: %d moves" % optimal)
    assert page.move_count() == optimal
    assert page.board() == Board.goal(4, 4).grid()
    expect(page.status()).to_have_attribute("data-workers", "2")
    assert page.evaluate(SHARED) == 2, "pieces of the split search went to both workers"
    assert page.evaluate("window.solverWorkers.all.length") == 2

    # Cancel stops both workers
    board = korf(82)  # the hardest for this search: many seconds
    page.evaluate(WATCH_AGAIN, None)
    page.paste_board(board.to_code())
    page.solve()
    # both workers on a piece of its eighth iteration (of nine; each iteration about six times the one before),
    # each piece seconds of search: a piece Cancel failed to stop would still be stepping 1.5 s later
    page.wait_for_function("() => Object.values(window.__steps).filter((n) => n > 0).length === 2 && new Set("
                           "window.__pieces.filter(([n, r]) => JSON.parse(r).round >= 7).map(([n]) => n)).size === 2",
                           timeout=120_000)
    expect(page.locator("html")).to_have_attribute("data-solver-state", "solving")
    page.button("Cancel").click()
    expect(page.status()).to_have_text("Solve cancelled; the board is as it was.")
    expect(page.locator("html")).to_have_attribute("data-solver-state", "idle")
    steps = page.evaluate("() => Object.assign({}, window.__steps)")
    page.wait_for_timeout(1_500)
    assert page.evaluate("() => Object.assign({}, window.__steps)") == steps, "neither worker steps on"
    assert page.board() == board.grid()
    assert page.move_count() == 0

    # the first worker dies mid-search; a fresh one searches alike
    page.evaluate(WATCH_AGAIN, "solver")
    page.paste_board(korf(28).to_code())  # each board here is new to the page: no answer kept from before
    page.solve()
    expect(page.status()).to_contain_text("The solver stopped", timeout=60_000)
    expect(page.locator("#solver-note")).to_contain_text("ready", timeout=120_000)
    page.wait_for_selector("html[data-solver-state=idle]", timeout=120_000)
    assert page.board() == korf(28).grid()  # the board as it was
    page.evaluate(WATCH_AGAIN, None)
    page.paste_board(korf(4).to_code())  # split again with the helper
    page.solve()
    expect(page.status()).to_have_text("Solved: %d moves" % published(4), timeout=180_000)
    page.wait_solved()
    assert page.evaluate(SHARED) == 2, "the fresh worker and the helper searched"
    assert page.evaluate("window.solverWorkers.all.filter((w) => !w.helper).length") == 2  # the dead one, the fresh
    # the same search on the fresh worker and on the helper: the same heuristic, the same positions
    request = json.dumps({"action": "solve", "board": korf(2).to_code(), "options": {"mode": "optimal"}})
    positions = page.evaluate("""async (request) => {
        const out = [];
        for (const w of window.solverWorkers.all.filter((w) => w.name !== 'solver')) {
            const end = await window.runWorkerJob(w, 'sliding', request);
            out.push(JSON.parse(end.text).result.stats.positions);
        }
        return out;
    }""", request)
    assert len(positions) == 2 and positions[0] == positions[1], positions

    # the helper dies on its first piece; the first worker finishes the search
    page.evaluate(WATCH_AGAIN, "helper")
    page.paste_board(korf(35).to_code())
    page.solve()
    expect(page.status()).to_have_text("Solved: %d moves" % published(35), timeout=300_000)
    page.wait_solved()
    assert page.board() == Board.goal(4, 4).grid()
    expect(page.locator("#solver-note")).to_contain_text("ready")
    pieces = [(name, json.loads(request)) for name, request in page.evaluate("window.__pieces")]
    given = [(r["round"], r["share"]) for name, r in pieces if name.startswith("helper") and "share" in r]
    searched = [(r["round"], r["share"]) for name, r in pieces if not name.startswith("helper") and "share" in r]
    assert len(given) == 1 and given[0] in searched, "the dead helper's piece, searched by the first worker"
    assert len({r for r, _ in searched}) > 1, "and the rounds after it"
