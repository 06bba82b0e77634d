"""Step through: which of the learner's variables are the search's queue and its visited set, found from
a step's variables as the page has them (``[name, text, kind]``: the recorder's text of a container starts
with its type and size, ``deque, 12 items: …``; ``kind`` ``"q"`` a deque or list, ``"s"`` a set or dict),
and their sizes, for "queue 12 · visited 340" beside the program's board.

The queue: a deque (the one named like a queue first, else the largest), else a list named like a queue
(a list may as well be a board, a path or a row, so only its name makes it one). The visited set: a set or
frozenset (named like one first, else the largest), else a dict named like one (``visited``, ``seen``,
``parent``, ``dist``…: a dict of where each state came from counts the states seen). Pure: runs on the
page's MicroPython and in CPython (the tests)."""

import re

SIZE = re.compile(r"^(deque|list|set|frozenset|dict), (\d+) items?")
QUEUE_NAMES = ("q", "queue", "que", "dq", "frontier", "fringe", "todo", "open", "open_list", "openlist",
               "pending", "work", "worklist", "bfs", "level", "layer", "cur", "current", "nxt", "next_level")
SEEN_NAMES = ("visited", "seen", "vis", "visit", "explored", "closed", "done", "parent", "parents", "prev",
              "came_from", "camefrom", "from_", "dist", "distance", "distances", "depth", "steps", "memo",
              "known", "marked", "used", "been")


def _named(name: str, names: tuple) -> bool:
    low = name.lower().strip("_")
    return low in names or any(low.startswith(n) for n in names if len(n) >= 4)


def sizes(rows: list) -> tuple:
    """``(queue, visited)``: the sizes of the step's queue and visited set, each ``None`` when no
    variable is one."""
    deques, lists, sets, dicts = [], [], [], []
    for row in rows:
        if len(row) < 2:
            continue
        m = SIZE.match(str(row[1]))
        if m is None:
            continue
        name, n = str(row[0]), int(m.group(2))
        {"deque": deques, "list": lists, "set": sets, "frozenset": sets, "dict": dicts}[m.group(1)].append((name, n))
    queue = _pick(deques, QUEUE_NAMES, False)
    if queue is None:
        queue = _pick(lists, QUEUE_NAMES, True)
    seen = _pick(sets, SEEN_NAMES, False)
    if seen is None:
        seen = _pick(dicts, SEEN_NAMES, True)
    return queue, seen


def _pick(found: list, names: tuple, only_named: bool) -> "int | None":
    named = [n for name, n in found if _named(name, names)]
    if named:
        return max(named)
    if only_named or not found:
        return None
    return max(n for _name, n in found)
