"""The Code panel's "where" line: where the learner's program was when the page last asked it (at the
time limit, and on Stop), and, for a game with a state map, how big the whole search of the board it
was given is.

A learner's first breadth-first search often runs past the limit because its states tell apart what
the game does not (Huarong's four same-shaped generals): "Line 8 · visited held 412,330 items, q
96,112 · the whole search of this board meets 25,955 positions when same-shape pieces count as one
(14,950,080 when told apart)" says both what the program holds and what an exact search needs. The
count is the solver's worker's (the ``map`` job with ``"count": true``, :mod:`puzzles.statespace`),
asked once per sample and board, a job that any newer request, sample or clear cancels.

The part owns its one element and is handed a narrow port: ``t`` (the page's words), ``stepped``
(the solver's worker protocol, :meth:`app.jobs.Jobs.stepped`) and the game's ``spec``."""

import asyncio
import json

MAX_SIZES = 8  # the containers one sample names (static/code.js keeps as many)
SHOWN = 3  # the containers the line names: the largest ones
SMALL = 10  # a container of fewer items (a state's tuple, a grid's rows) is not named beside a larger one


def grouped(n: int) -> str:
    """A whole number with its thousands grouped: ``412,330`` (MicroPython has no ``{:,}``)."""
    text = str(abs(n))
    groups = []
    while len(text) > 3:
        groups.insert(0, text[-3:])
        text = text[:-3]
    return ("-" if n < 0 else "") + ",".join([text] + groups)


def sample_of(msg: dict) -> "tuple | None":
    """A sample message's ``(line, [(name, size), ...])``, or ``None`` when it is not one (static/code.js
    checked it already; the page checks again what it reads)."""
    line, sizes = msg.get("line"), msg.get("sizes")
    if not _whole(line) or not isinstance(sizes, list):
        return None
    return line, [(str(x[0]), x[1]) for x in sizes[:MAX_SIZES]
                  if isinstance(x, list) and len(x) == 2 and _whole(x[1]) and x[1] >= 0]


def reach_of(result: dict) -> "tuple | None":
    """The ``count`` job's answer as ``(positions, merged digits or None, truncated, merges)``, or ``None``."""
    stats = result.get("stats") if result.get("status") == "solved" else None
    if not isinstance(stats, dict) or not _whole(stats.get("positions")):
        return None
    merged = stats.get("merged_digits")
    merged = merged if isinstance(merged, str) and merged.isdigit() else None
    return stats["positions"], merged, stats.get("truncated") is True, stats.get("merges") is True


def where_text(t: object, where: tuple, reach: "tuple | None") -> str:
    """The line's words: ``where`` is :func:`sample_of`'s, ``reach`` :func:`reach_of`'s (or ``None``). The
    containers named are the :data:`SHOWN` largest, without those under :data:`SMALL` items (unless
    no container is larger): what grows in a search, not the state in hand."""
    line, sizes = where
    parts = [t("code_where_line", line=line)]
    sizes = sorted(sizes, key=lambda x: -x[1])
    sizes = [x for x in sizes[:SHOWN] if x[1] >= SMALL] or sizes[:1]
    if sizes:
        held = [t("code_where_held" if k == 0 else "code_where_size", name=name, n=grouped(n))
                for k, (name, n) in enumerate(sizes)]
        parts.append(t("code_where_list").join(held))
    if reach is not None:
        n, merged, truncated, merges = reach
        if truncated:
            parts.append(t("code_where_reach_cut", n=grouped(n)))
        elif merges and merged is not None:
            parts.append(t("code_where_reach_merged", n=grouped(n), m=grouped(int(merged))))
        else:
            parts.append(t("code_where_reach", n=grouped(n)))
    return t("code_where_sep").join(parts)


class WhereLine:
    """The element under the Code panel's status that says where the program was (hidden when it has
    not been asked)."""

    def __init__(self, t: object, stepped: object, spec: object, element: object) -> None:
        self.t, self.stepped, self.spec, self.el = t, stepped, spec, element
        self.where = None  # (line, sizes) of the last sample, or None
        self.reach = None  # the whole search's size for the sampled board: reach_of's, or None
        self.asked = 0  # the count asked last (a newer sample or clear makes an older answer stale)

    def clear(self) -> None:
        self.where, self.reach = None, None
        self.asked += 1
        self.show()

    def sampled(self, msg: dict, board: object) -> "int | None":
        """A sample of the running program, on ``board`` (the grid its function was given, or ``None``):
        said at once; the size of the board's whole search asked of the solver's worker and added when it
        comes. Answers the sampled line (``None``: not a sample)."""
        got = sample_of(msg)
        if got is None:
            return None
        self.where, self.reach = got, None
        self.asked += 1
        self.show()
        if self.spec.map and isinstance(board, list):
            asyncio.create_task(self._count(board, self.asked))
        return got[0]

    async def _count(self, board: list, asked: int) -> None:
        req = json.dumps({"action": "map", "board": json.dumps(board), "options": {}, "count": True})
        result = await self.stepped(req, lambda progress: None, lambda: self.asked != asked)
        if self.asked == asked and self.where is not None:
            self.reach = reach_of(result)
            self.show()

    def show(self) -> None:
        """Draw the line from what is held (also in a new language)."""
        if self.where is None:
            self.el.textContent = ""
            self.el.setAttribute("hidden", "")
            return
        self.el.textContent = where_text(self.t, self.where, self.reach)
        self.el.removeAttribute("hidden")


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
