"""Race rooms under load (issue #25): PLAYERS simulated players in ROOMS rooms of one server, on localhost,
playing real pairs for --seconds (60 by default).

The server is the app's own (``tools/serve.py``, a process of its own so its memory is its alone); the
players are aiohttp WebSocket clients in this process. Each room: one player creates it (8 x 18, 36 kinds),
the others join by its code, all press Ready; after the countdown each player clears the board in the
generator's order reversed (so every pair is legal, and the bench searches nothing), one pair every PACE
seconds (jittered), and when the race is done the creator asks for a rematch and everyone is ready again,
until the time is up.

Figures:
- messages lost: each room numbers its messages (``seq``); every seated connection must see every number
  (gaps counted), and every pair a player sends must show in each other player's view of the room;
- relay latency: from a player sending a pair to another player of its room seeing that pair counted
  (both clocks this process's: it includes this process's own event-loop delay, so it is an upper bound);
- server memory: its RSS (/proc) when started, with every player seated, and at the end.
"""

import asyncio
import gc
import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

PLAYERS = 200
ROOMS = 40
PACE = 0.5  # seconds between one player's pairs, on average
SETTINGS = {"preset": "kshisen", "kinds": 36}


def cpu_s(pid: int) -> float:
    """The process's CPU time (user + system), seconds."""
    fields = Path("/proc/%d/stat" % pid).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path("/proc/%d/status" % pid).read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Stats:
    def __init__(self) -> None:
        self.latencies: list = []
        self.sent_at: dict = {}  # (room, player id, pairs count) -> perf_counter when sent
        self.seen: dict = {}  # (room, player id, pairs count) -> set of viewers that saw it
        self.gaps = 0
        self.pairs = 0
        self.refused = 0
        self.errors: list = []
        self.rounds = 0
        self.received = 0


class Player:
    def __init__(self, stats: Stats, http: object, url: str, rng: random.Random) -> None:
        self.stats, self.http, self.url, self.rng = stats, http, url, rng
        self.ws = None
        self.id = None
        self.room = None
        self.seq = None
        self.snap = None
        self.changed = asyncio.Event()
        self.pairs_seen: dict = {}
        self.round = None

    async def send(self, **msg: object) -> None:
        await self.ws.send_str(json.dumps(dict(msg, v=1)))

    async def listen(self) -> None:
        async for frame in self.ws:
            msg = json.loads(frame.data)
            now = time.perf_counter()
            self.stats.received += 1
            kind = msg["t"]
            if kind == "welcome":
                self.id, self.room = msg["player"], msg["room"]
            elif kind == "room":
                if self.seq is not None and msg["seq"] != self.seq + 1:
                    self.stats.gaps += msg["seq"] - self.seq - 1
                self.seq = msg["seq"]
                self.snap = msg
                if msg.get("round") != self.round:
                    self.round, self.pairs_seen = msg.get("round"), {}
                for p in msg["players"]:
                    if p["id"] == self.id:
                        continue
                    last = self.pairs_seen.get(p["id"], 0)
                    if p["pairs"] > last:
                        for k in range(last + 1, p["pairs"] + 1):
                            key = (msg["room"], msg.get("round"), p["id"], k)
                            sent = self.stats.sent_at.get(key)
                            if sent is not None:
                                self.stats.latencies.append(now - sent)
                            self.stats.seen.setdefault(key, set()).add(self.id)
                    self.pairs_seen[p["id"]] = p["pairs"]
                self.changed.set()
            elif kind == "refused":
                self.stats.refused += 1
            elif kind == "error":
                self.stats.errors.append(msg["code"])

    async def wait(self, test: object, timeout: float = 30.0) -> None:
        end = time.perf_counter() + timeout
        while not (self.snap is not None and test(self.snap)):
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.01, end - time.perf_counter()))


async def sliced(steps: object) -> object:
    """Run a generator to its value in 4 ms slices (40 rooms start at once: their boards' orders, worked
    out in one go, would stall this process's loop, and so every latency it measures, for half a second)."""
    while True:
        end = time.perf_counter() + 0.004
        try:
            while time.perf_counter() < end:
                next(steps)
        except StopIteration as done:
            return done.value
        await asyncio.sleep(0)


async def play_room(stats: Stats, http: object, url: str, n: int, end: list, seated: asyncio.Event,
                    count: list, seed: int) -> list:
    from puzzles.linkup import PRESETS, layout_steps

    rng = random.Random(seed)
    players = [Player(stats, http, url, rng) for _ in range(n)]
    tasks = []
    for p in players:
        p.ws = await http.ws_connect(url, max_msg_size=1 << 16)
        tasks.append(asyncio.create_task(p.listen()))
    host = players[0]
    await host.send(t="create", settings=SETTINGS)
    await host.wait(lambda s: True)
    for p in players[1:]:
        await p.send(t="join", room=host.room)
        await p.wait(lambda s: True)
    count[0] += n
    await seated.wait()
    deadline = end[0]
    solved: dict = {}
    while time.perf_counter() < deadline:
        for p in players:
            await p.send(t="ready", ready=True)
        await host.wait(lambda s: s["phase"] == "race", 15)
        seed = host.snap["seed"]
        if seed not in solved:  # the generator's own order, reversed, clears its board (no search here)
            rows, cols, _k, _p = PRESETS[SETTINGS["preset"]]
            _perm, placed = await sliced(layout_steps(rows, cols, seed))
            solved[seed] = [(min(a, b), max(a, b)) for a, b in reversed(placed)]
        moves, rnd = solved[seed], host.snap["round"]
        stats.rounds += 1

        async def run(p: Player, moves: list = moves, rnd: int = rnd) -> None:
            await p.wait(lambda s: s["phase"] == "race" and s["round"] == rnd, 15)
            for k, (a, b) in enumerate(moves, 1):
                if time.perf_counter() >= deadline:
                    return
                await asyncio.sleep(rng.uniform(0.5, 1.5) * PACE)
                stats.sent_at[(p.room, rnd, p.id, k)] = time.perf_counter()
                stats.pairs += 1
                await p.send(t="pair", a=a, b=b)

        await asyncio.gather(*(run(p) for p in players))
        if time.perf_counter() >= deadline:
            break
        await host.wait(lambda s: s["phase"] == "done", 15)
        await host.send(t="rematch")
        await host.wait(lambda s: s["phase"] == "lobby", 15)
    await asyncio.sleep(1.0)  # the last relays arrive
    for p in players:
        await p.ws.close()
    for task in tasks:
        task.cancel()
    return players


async def run(url: str, seconds: float, pid: int) -> dict:
    import aiohttp

    stats = Stats()
    seated = asyncio.Event()
    count = [0]
    per = PLAYERS // ROOMS
    memory = {"start": rss_mb(pid)}
    timeout = aiohttp.ClientTimeout(total=None)
    conn = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(timeout=timeout, connector=conn) as http:
        end = [0.0]  # the play's end, from when every player is seated
        rooms = [asyncio.create_task(play_room(stats, http, url, per, end, seated, count, i))
                 for i in range(ROOMS)]
        while count[0] < PLAYERS:
            await asyncio.sleep(0.05)
        end[0] = time.perf_counter() + seconds
        seated.set()
        memory["seated"] = rss_mb(pid)
        memory["cpu"], memory["received"] = cpu_s(pid), stats.received
        mine = os.times()
        series = []

        async def sample() -> None:
            while True:
                await asyncio.sleep(seconds / 6)
                series.append(rss_mb(pid))

        sampler = asyncio.create_task(sample())
        rooms_players = await asyncio.gather(*rooms)
        sampler.cancel()
        memory["series"] = series
        memory["end"] = rss_mb(pid)
        memory["cpu"], memory["received"] = cpu_s(pid) - memory["cpu"], stats.received - memory["received"]
        now = os.times()
        memory["bench_cpu"] = now.user + now.system - mine.user - mine.system
    players = [p for ps in rooms_players for p in ps]
    by_room: dict = {}
    for p in players:
        by_room.setdefault(p.room, []).append(p.id)
    missed = 0
    for (room, _rnd, pid_, _k), _sent in stats.sent_at.items():
        others = [q for q in by_room[room] if q != pid_]
        missed += len(set(others) - stats.seen.get((room, _rnd, pid_, _k), set()))
    return {"stats": stats, "memory": memory, "missed": missed, "players": len(players)}


def bench(seconds: float = 60.0) -> None:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    load0 = os.getloadavg()[0]
    python = str(ROOT / ".venv" / "bin" / "python")
    server = subprocess.Popen([python, str(ROOT / "tools" / "serve.py"), "--port", "0"], stdout=subprocess.PIPE,
                              text=True, env=env)
    try:
        line = server.stdout.readline()
        port = int(re.search(r":(\d+)/", line).group(1))
        url = "ws://127.0.0.1:%d/race" % port
        time.sleep(0.5)
        gc.disable()  # the players' bookkeeping grows to 100,000s of objects: full collections would stall
        try:  # this process's loop for tens of ms, and so every latency it measures (the server's is untouched)
            out = asyncio.run(run(url, seconds, server.pid))
        finally:
            gc.enable()
        idle = rss_mb(server.pid)
    finally:
        server.terminate()
        server.wait(10)
    s, lat = out["stats"], sorted(out["stats"].latencies)
    load = os.getloadavg()[0]

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")

    m = out["memory"]
    print("race: %d players in %d rooms (8 x 18, 36 kinds), %.0f s of play on localhost; the server one process; "
          "load average %.1f at the start, %.1f at the end on %d cores" % (out["players"], ROOMS, seconds, load0, load,
                                                                         os.cpu_count()))
    print("  pairs sent %d (rounds started %d), refused %d, errors %s" % (s.pairs, s.rounds, s.refused,
                                                                          sorted(set(s.errors)) or "none"))
    print("  messages lost: %d seq gaps, %d pair updates a player never saw" % (s.gaps, out["missed"]))
    print("  relay latency (pair sent -> another player sees it), %d samples: p50 %.1f ms, p90 %.1f ms, "
          "p99 %.1f ms, max %.1f ms" % (len(lat), pct(0.5), pct(0.9), pct(0.99), pct(1.0)))
    print("  server CPU during play: %.1f s for %d messages received by players (%.0f µs a message; the same "
          "under any load, unlike the latency)" % (m["cpu"], m["received"], 1e6 * m["cpu"] / max(1, m["received"])))
    print("  the players' process (this one) used %.1f s of CPU meanwhile" % m["bench_cpu"])
    print("  server RSS: start %.1f MB, all seated %.1f MB, during play %s MB, end of play %.1f MB, all gone %.1f MB"
          % (m["start"], m["seated"], " ".join("%.1f" % x for x in m["series"]), m["end"], idle))


if __name__ == "__main__":
    bench(float(sys.argv[1]) if len(sys.argv) > 1 else 60.0)
