"""What every game keeps about a player, with no browser in it: the clock of
the game in play and the personal records (best moves and time per layout,
size or seed), with the par found for boards that have none published.

Runs on MicroPython (the page's main thread) and CPython (the tests). The
page stores :class:`Records` as one JSON text under :data:`STORE_KEY`.
"""

import json

STORE_KEY = "bfs-puzzles.records"
RECORDS_VERSION = 1
MAX_KEYS = 400  # records kept per game; the least recently won go first
MAX_PARS = 200  # pars remembered per game
MAX_MS = 10**10  # about four months: a longer time is not a record, it is a clock fault


def num(n: int) -> str:
    """A count as the page shows it: digits, with thousands separators from
    10,000 up (``7462``, ``16,111``) — the same in every line and chart."""
    s = str(int(n))
    sign = ""
    if s[0] == "-":
        sign, s = "-", s[1:]
    if len(s) <= 4:
        return sign + s
    out = ""
    while len(s) > 3:
        out = "," + s[-3:] + out
        s = s[:-3]
    return sign + s + out


def clock_text(ms: float) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour up) of a time in milliseconds."""
    s = int(ms // 1000) if ms > 0 else 0
    if s >= 3600:
        return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
    return "%d:%02d" % (s // 60, s % 60)


def _whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_MS


class Clock:
    """A game's clock: it starts at the player's first move and runs only
    while :meth:`set_running` says so (the game unsolved, its tab open and the
    page visible). Times are milliseconds from any monotonic-enough source."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.started = False
        self.total = 0.0  # milliseconds counted before ``since``
        self.since = None  # when the clock last started running, or None

    def start(self, now: float) -> None:
        """The first move: the clock is started (it runs once :meth:`set_running` allows)."""
        self.started = True

    def set_running(self, running: bool, now: float) -> None:
        running = running and self.started
        if running and self.since is None:
            self.since = now
        elif not running and self.since is not None:
            self.total += max(0.0, now - self.since)
            self.since = None

    @property
    def running(self) -> bool:
        return self.since is not None

    def ms(self, now: float) -> float:
        extra = max(0.0, now - self.since) if self.since is not None else 0.0
        return min(self.total + extra, float(MAX_MS))

    def to_saved(self, now: float) -> dict:
        return {"ms": int(self.ms(now)), "started": self.started}

    def restore(self, data: object) -> None:
        """A saved clock, stopped (:meth:`set_running` starts it again); garbage resets it."""
        self.reset()
        if isinstance(data, dict) and _whole(data.get("ms")) and isinstance(data.get("started"), bool):
            self.total = float(data["ms"])
            self.started = data["started"]


def _clean_entry(entry: object) -> "dict | None":
    """A stored record as it must be, or ``None``: ``{"moves": {unit: n}, "ms": n, "wins": n, "at": n}``."""
    if not isinstance(entry, dict):
        return None
    moves = entry.get("moves")
    if not isinstance(moves, dict):
        return None
    clean = {}
    for unit, n in moves.items():
        if isinstance(unit, str) and len(unit) <= 16 and _whole(n):
            clean[unit] = n
    out = {"moves": clean, "wins": 0, "at": 0}
    if _whole(entry.get("ms")):
        out["ms"] = entry["ms"]
    for name in ("wins", "at"):
        if _whole(entry.get(name)):
            out[name] = entry[name]
    return out if out["wins"] and (clean or "ms" in out) else None


class Records:
    """Personal records: for each game, a key per layout / size / seed (the
    game's :meth:`record_key`) → best moves in each unit the game counts,
    best time, number of wins. Only wins played by hand are added."""

    def __init__(self) -> None:
        self.games: dict = {}  # game -> key -> entry
        self.pars: dict = {}  # game -> "code|unit" -> fewest moves
        self.stamp = 0  # a counter: the order in which records were last won

    # ------------------------------------------------------------ storage
    @classmethod
    def load(cls, text: object) -> "Records":
        """Records from their stored text; anything that does not validate is dropped."""
        rec = cls()
        try:
            data = json.loads(str(text)) if text is not None else None
        except ValueError:
            data = None
        if not isinstance(data, dict) or data.get("v") != RECORDS_VERSION:
            return rec
        games = data.get("games")
        if isinstance(games, dict):
            for game, table in games.items():
                if isinstance(game, str) and isinstance(table, dict):
                    for key, entry in table.items():
                        clean = _clean_entry(entry)
                        if isinstance(key, str) and len(key) <= 2000 and clean is not None:
                            rec.games.setdefault(game, {})[key] = clean
                            rec.stamp = max(rec.stamp, clean["at"])
        pars = data.get("pars")
        if isinstance(pars, dict):
            for game, table in pars.items():
                if isinstance(game, str) and isinstance(table, dict):
                    for key, n in table.items():
                        if isinstance(key, str) and len(key) <= 2000 and _whole(n):
                            rec.pars.setdefault(game, {})[key] = n
        return rec

    def dump(self) -> str:
        return json.dumps({"v": RECORDS_VERSION, "games": self.games, "pars": self.pars})

    def clear(self) -> None:
        self.games = {}
        self.pars = {}

    # ------------------------------------------------------------ reading
    def get(self, game: str, key: str) -> "dict | None":
        return self.games.get(game, {}).get(key)

    def solved(self, game: str, key: str) -> bool:
        return self.get(game, key) is not None

    def keys(self, game: str) -> list:
        """The game's record keys, most recently won first."""
        table = self.games.get(game, {})
        return sorted(table, key=lambda k: -table[k]["at"])

    def count(self) -> int:
        return sum(len(t) for t in self.games.values())

    # ------------------------------------------------------------ writing
    def add_win(self, game: str, key: str, moves: dict, ms: "float | None") -> dict:
        """Add a win (``moves``: ``{unit: count}``; ``ms`` its time, or ``None``
        when it had no clock). Returns ``{"before": the old entry or None,
        "best_moves": {unit: bool}, "best_time": bool}`` — which bests it set."""
        table = self.games.setdefault(game, {})
        before = table.get(key)
        entry = {"moves": dict(before["moves"]) if before else {}, "wins": before["wins"] if before else 0}
        if before and "ms" in before:
            entry["ms"] = before["ms"]
        best_moves = {}
        for unit, n in moves.items():
            old = entry["moves"].get(unit)
            best_moves[unit] = old is None or n < old
            if best_moves[unit]:
                entry["moves"][unit] = int(n)
        best_time = False
        if ms is not None:
            ms = int(min(max(ms, 0), MAX_MS))
            best_time = "ms" not in entry or ms < entry["ms"]
            if best_time:
                entry["ms"] = ms
        entry["wins"] = min(entry["wins"] + 1, MAX_MS)
        self.stamp += 1
        entry["at"] = self.stamp
        table[key] = entry
        if len(table) > MAX_KEYS:
            for old_key in self.keys(game)[MAX_KEYS:]:
                del table[old_key]
        return {"before": before, "best_moves": best_moves, "best_time": best_time}

    def par(self, game: str, code: str, unit: str) -> "int | None":
        return self.pars.get(game, {}).get(code + "|" + unit)

    def set_par(self, game: str, code: str, unit: str, n: int) -> None:
        table = self.pars.setdefault(game, {})
        if len(table) >= MAX_PARS:
            for old in list(table)[: len(table) - MAX_PARS + 1]:
                del table[old]
        table[code + "|" + unit] = int(n)
