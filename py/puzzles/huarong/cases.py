"""Huarong's hidden cases for the Code panel's Check (worker only: the solver worker's
``cases`` job, see :mod:`puzzles.code_cases`).

The first :data:`LAYOUTS_CHECKED` classic layouts and one with no solution (走投无路); the
answer is the fewest steps in both metrics by the exact solver, ``None`` when there is no
solution.
"""

from puzzles.huarong.layouts import LAYOUTS

LAYOUTS_CHECKED = 10


def cases(search: object):
    """The cases, a generator of progress that returns them (see :mod:`puzzles.code_cases`);
    ``search`` is the solver's exact search."""
    cases = []
    chosen = [lay for lay in LAYOUTS if lay.par["cell"] is not None][:LAYOUTS_CHECKED]
    chosen += [lay for lay in LAYOUTS if lay.par["cell"] is None][:1]
    for lay in chosen:
        counts = {}
        for metric in ("cell", "piece"):
            result = yield from search(lay.board, metric)
            counts[metric] = result.stats["steps"] if result.status == "solved" else None
        expected = None if counts["cell"] is None else counts
        cases.append({"label": lay.zh, "board": lay.board.grid(), "args": [], "expected": expected})
        yield {"positions": len(cases)}
    return cases
