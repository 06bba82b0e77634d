"""Check's hidden cases for the Code panel, with the exact answers: the solver worker's
``cases`` job, which each game's solver registers (``JOBS["cases"] = cases_job(...)``) from
the cases of the game's folder (its ``cases.py``: worker-only, see ``tools/configs.py``). The
learner's worker never sees the cases' answers: it is handed the boards and arguments only.

A game's cases are a generator (every case made from a fixed seed, so a Check is the same
each time) that yields ``{"positions": n}`` as it goes and returns a list of ``{"label",
"board", "args", "expected"}`` (``board`` as rows; a case outside the exercise also has
``"set": "beyond"``, which the page reports on its own line).

The job answers ``loaded`` (no moves) with ``stats["boards"]`` (each board once, as rows)
and ``stats["cases"]``: the cases, each ``board`` now its place in ``boards``. The cases are
made once in a worker: they are the same every time, so a learner's next Check starts at once
(Huarong's take about a second of Pyodide's CPU, a phone's several); each job hands out a copy.
"""

import copy

from puzzles import Result


def cases_job(make: object) -> object:
    """A game's ``cases`` job, ``(board, options, request) -> generator``, from ``make``, a
    function of no argument whose generator yields progress dicts and returns the cases."""
    made: list = []  # (cases, boards), once made

    def job(board: object, options: dict, request: dict):
        if not made:
            cases = yield from make()
            boards, index = [], {}
            for case in cases:  # each board once: a case names it by its place in ``boards``
                key = id(case["board"])
                if key not in index:
                    index[key] = len(boards)
                    boards.append(case["board"])
                case["board"] = index[key]
            made.append((cases, boards))
        cases, boards = copy.deepcopy(made[0])
        return Result("loaded", [], len(cases), cases=cases, boards=boards)

    return job
