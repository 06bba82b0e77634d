"""Race rooms under load: PLAYERS simulated players in ROOMS rooms of one server, on localhost,
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


def local_address(group: int, k: int) -> str:
    """The ``k``-th loopback address of a group: every room's players, and each attacker, come from
    addresses of their own (Linux answers all of 127.0.0.0/8), as players of different homes do."""
    return "127.%d.%d.%d" % (group, k // 250 % 250, k % 250 + 1)


def session(address: str) -> object:
    """An aiohttp client session whose connections come from ``address``."""
    import aiohttp

    connector = aiohttp.TCPConnector(limit=0, local_addr=(address, 0))
    return aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None), connector=connector)


async def play_room(stats: Stats, http: object, url: str, n: int, end: list, seated: asyncio.Event,
                    count: list, seed: int, extra: int = 0, codes: "list | None" = None) -> list:
    """One room of ``n`` players (``http``: their session): created, joined, then rounds of play until
    ``end[0]``. ``extra``: players from outside to wait for before Ready (the deaf attack's); ``codes``:
    where the room's code is put."""
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
    if codes is not None:
        codes.append(host.room)
    count[0] += n
    await seated.wait()
    try:
        if extra:
            await host.wait(lambda s: len(s["players"]) >= n + extra, 30)
        await _rounds(stats, players, host, end[0], rng)
    except (TimeoutError, ConnectionError) as e:  # a server that stalls: the room's play ends
        stats.errors.append("stalled: " + type(e).__name__)
    await asyncio.sleep(1.0)  # the last relays arrive
    for p in players:
        await p.ws.close()
    for task in tasks:
        task.cancel()
    return players


async def _rounds(stats: Stats, players: list, host: Player, deadline: float, rng: random.Random) -> None:
    from puzzles.linkup import PRESETS, layout_steps

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


async def run(url: str, seconds: float, pid: int) -> dict:

    stats = Stats()
    seated = asyncio.Event()
    count = [0]
    per = PLAYERS // ROOMS
    memory = {"start": rss_mb(pid)}
    sessions = [session(local_address(1, i)) for i in range(ROOMS)]  # a room's players share an address
    try:
        end = [0.0]  # the play's end, from when every player is seated
        rooms = [asyncio.create_task(play_room(stats, sessions[i], url, per, end, seated, count, i))
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
    finally:
        for http in sessions:
            await http.close()
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


# ---------------------------------------------------------------------------------------------- attacks
ATTACKS = ("flood", "rooms", "reconnect", "undo", "deaf", "slow")
ATTACK_TEXT = {
    "flood": "rate flood: 50 sockets of one address sending pings as fast as they can",
    "rooms": "room-creation flood: 101 addresses creating rooms in a loop, reconnecting every 20",
    "reconnect": "reconnect storm: 64 loops over 16 addresses connecting, creating, closing",
    "undo": "shuffle + undo: 20 seats (4 rooms) shuffling the 10 x 20 board, then shuffle and undo in turn",
    "deaf": "deaf readers: 3 racers in each honest room that send (Ready, 19 names a second) but never read",
    "slow": "slow HTTP: 500 connections over 50 addresses dribbling a request's headers, a byte a second",
}
RACE_BASELINE = "69cd4c1"  # the race server before its limits (the tree tools/benchlib.py's BASELINE predates it)
HONEST_ROOMS = 6  # 3 players each, every room from an address of its own
DEAF_PER_ROOM = 3  # the honest rooms' other three seats: loopback's kernel buffers take 1.6 MB before a send waits
LEAD_S = {"deaf": 25.0}  # how long an attack runs before the honest rooms press Ready (4 s by default): the
# deaf readers' kernel and server buffers take that long to fill


def before_race_tree(ref: str = RACE_BASELINE) -> Path:
    """The race server of ``ref`` (its py/, tools/, the page's small files), exported once with git archive
    into .bench/race-<ref>, the vendored runtimes linked from this tree."""
    where = ROOT / ".bench" / ("race-" + ref)
    if not (where / "tools" / "serve.py").exists():
        where.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", ref, "py", "tools", "static", "index.html", "favicon.ico"],
                                 cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    vendor = where / "static" / "vendor"
    if not vendor.exists():
        os.symlink(ROOT / "static" / "vendor", vendor)
    return where


def start_server(root: Path) -> tuple:
    """``root``'s tools/serve.py on a free port, in a process of its own: ``(process, port)``."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    python = str(ROOT / ".venv" / "bin" / "python")
    server = subprocess.Popen([python, str(root / "tools" / "serve.py"), "--port", "0"], cwd=root,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = server.stdout.readline()
    return server, int(re.search(r":(\d+)/", line).group(1))


def _ws_frame(text: str) -> bytes:
    """A client's (masked) WebSocket text frame."""
    data = text.encode()
    mask = os.urandom(4)
    n = len(data)
    head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big"))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


async def _deaf(port: int, code: str, address: str, end: float, out: dict) -> None:
    """Join room ``code`` over a raw socket with a 1 KB receive buffer, press Ready, then change its name
    19 times a second (each change is sent to the whole room, itself included), never reading past the
    handshake."""
    import base64
    import socket

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.bind((address, 0))
    sock.setblocking(False)
    loop = asyncio.get_running_loop()
    await loop.sock_connect(sock, ("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    await loop.sock_sendall(sock, ("GET /race HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                                   "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n"
                                   % key).encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += await loop.sock_recv(sock, 1)  # the handshake's answer, a byte at a time: nothing past it
    for msg in ({"t": "join", "room": code}, {"t": "ready", "ready": True}):
        await loop.sock_sendall(sock, _ws_frame(json.dumps(dict(msg, v=1))))
    k = 0
    try:
        while time.perf_counter() < end:
            k += 1
            name = json.dumps({"v": 1, "t": "name", "name": "deaf reader %08d" % k})
            await asyncio.wait_for(loop.sock_sendall(sock, _ws_frame(name)), 2)
            out["sent"] += 1
            await asyncio.sleep(1 / 19)  # within a socket's rate
    except (TimeoutError, OSError):
        out["cut"] += 1
    sock.close()


async def _flood(url: str, end: float, out: dict) -> None:
    http = session(local_address(66, 0))
    sockets = []
    for _ in range(50):
        try:
            sockets.append(await http.ws_connect(url))
        except Exception:  # noqa: BLE001 - a server that refuses some: the rest flood
            out["refused"] += 1

    async def drain(ws: object) -> None:
        async for _msg in ws:
            out["answers"] += 1

    async def pour(ws: object) -> None:
        try:
            while time.perf_counter() < end and out["sent"] < 400_000:
                await ws.send_str('{"v":1,"t":"ping"}')
                out["sent"] += 1
                if out["sent"] % 50 == 0:
                    await asyncio.sleep(0)
        except (ConnectionError, RuntimeError):
            out["cut"] += 1

    readers = [asyncio.create_task(drain(ws)) for ws in sockets]
    await asyncio.gather(*(pour(ws) for ws in sockets))
    for task in readers:
        task.cancel()
    await http.close()


async def _rooms(url: str, end: float, out: dict) -> None:
    async def one(k: int) -> None:
        http = session(local_address(77, k))
        try:
            while time.perf_counter() < end and out["sent"] < 30_000:
                ws = await http.ws_connect(url)
                for _ in range(20):
                    await ws.send_str('{"v":1,"t":"create"}')
                    out["sent"] += 1
                    while True:
                        msg = json.loads((await asyncio.wait_for(ws.receive(), 10)).data)
                        if msg["t"] in ("room", "error"):
                            out["made" if msg["t"] == "room" else "refused"] += 1
                            break
                    if time.perf_counter() >= end:
                        break
                await ws.close()
        except Exception as e:  # noqa: BLE001 - cut or refused: this address stops
            out["cut"] += 1
            out.setdefault("why", type(e).__name__)
        await http.close()

    await asyncio.gather(*(one(k) for k in range(101)))


async def _reconnect(url: str, end: float, out: dict) -> None:
    async def one(k: int) -> None:
        http = session(local_address(78, k % 16))
        while time.perf_counter() < end and out["sent"] < 50_000:
            try:
                ws = await http.ws_connect(url)
                await ws.send_str('{"v":1,"t":"create"}')
                await asyncio.wait_for(ws.receive(), 10)
                await ws.close()
                out["sent"] += 1
            except Exception:  # noqa: BLE001 - refused: try again
                out["refused"] += 1
                await asyncio.sleep(0.01)
        await http.close()

    await asyncio.gather(*(one(k) for k in range(64)))


async def _undo(url: str, end: float, out: dict) -> None:
    from puzzles.linkup import Board

    async def room(r: int) -> None:
        https = [session(local_address(88, 10 * r + k)) for k in range(5)]
        seats = [await http.ws_connect(url, max_msg_size=1 << 22) for http in https]
        snaps: list = [None] * 5

        async def listen(k: int) -> None:
            async for frame in seats[k]:
                msg = json.loads(frame.data)
                if msg["t"] == "room":
                    snaps[k] = msg
                elif msg["t"] == "welcome" and k == 0:
                    snaps[0] = msg

        tasks = [asyncio.create_task(listen(k)) for k in range(5)]
        await seats[0].send_str(json.dumps({"v": 1, "t": "create", "settings": {"preset": "large", "kinds": 50}}))
        while not (snaps[0] and snaps[0].get("room")):
            await asyncio.sleep(0.05)
        code = snaps[0]["room"]
        for ws in seats[1:]:
            await ws.send_str(json.dumps({"v": 1, "t": "join", "room": code}))
        await asyncio.sleep(0.5)
        for ws in seats:
            await ws.send_str('{"v":1,"t":"ready","ready":true}')
        while not (snaps[0] and snaps[0].get("phase") == "race"):
            await asyncio.sleep(0.05)
        board = Board.parse(snaps[0]["board"])
        tiles = [v for v in board.cells if v]
        codes = []
        for k in range(1, 40):
            t = tiles[k:] + tiles[:k]
            it = iter(t)
            codes.append(Board(board.rows, board.cols, [next(it) if v else 0 for v in board.cells]).to_code())
        half = time.perf_counter() + (end - time.perf_counter()) * 0.4

        async def abuse(ws: object) -> None:
            k = 0
            try:
                while time.perf_counter() < end:
                    if time.perf_counter() < half or k % 2 == 0:
                        await ws.send_str(json.dumps({"v": 1, "t": "shuffle", "board": codes[k % len(codes)]}))
                    else:
                        await ws.send_str('{"v":1,"t":"undo"}')
                    out["sent"] += 1
                    k += 1
                    await asyncio.sleep(1 / 19)  # within a socket's rate: every frame is handled
            except (ConnectionError, RuntimeError):
                out["cut"] += 1

        await asyncio.gather(*(abuse(ws) for ws in seats))
        for task in tasks:
            task.cancel()
        for http in https:
            await http.close()

    await asyncio.gather(*(room(r) for r in range(4)))


async def _slow(port: int, end: float, out: dict) -> None:
    async def one(k: int) -> None:
        address = local_address(55, k % 50)
        while time.perf_counter() < end:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
            except OSError:
                out["refused"] += 1
                await asyncio.sleep(1)
                continue
            out["opened"] += 1
            since = time.perf_counter()
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            try:
                while time.perf_counter() < end:
                    writer.write(b"x")
                    await writer.drain()
                    try:  # an answer or the end of the stream: the server gave up on this request
                        await asyncio.wait_for(reader.read(100), 1.0)
                        break
                    except TimeoutError:
                        pass
            except OSError:
                pass
            if time.perf_counter() < end:
                out["closed_by_server"] += 1
            else:
                out["open_at_end"] += 1
            out["longest_s"] = round(max(out.get("longest_s", 0), time.perf_counter() - since), 1)
            writer.close()

    await asyncio.gather(*(one(k) for k in range(500)))


def attacker_main(argv: list) -> None:
    """``bench_race.py --attack NAME PORT SECONDS [CODE...]``: one attack, its counts printed as JSON."""
    name, port, seconds, codes = argv[0], int(argv[1]), float(argv[2]), argv[3:]
    url = "ws://127.0.0.1:%d/race" % port
    out = {"sent": 0, "answers": 0, "cut": 0, "made": 0, "refused": 0, "opened": 0, "closed_by_server": 0,
           "open_at_end": 0}

    async def go() -> None:
        end = time.perf_counter() + seconds
        if name == "flood":
            await _flood(url, end, out)
        elif name == "rooms":
            await _rooms(url, end, out)
        elif name == "reconnect":
            await _reconnect(url, end, out)
        elif name == "undo":
            await _undo(url, end, out)
        elif name == "deaf":
            await asyncio.gather(*(_deaf(port, code, local_address(99, DEAF_PER_ROOM * k + j), end, out)
                                   for k, code in enumerate(codes) for j in range(DEAF_PER_ROOM)))
        elif name == "slow":
            await _slow(port, end, out)

    try:
        asyncio.run(go())
    finally:
        print(json.dumps(out), flush=True)


async def _probe(base: str, end: float, loads: list) -> None:
    """The page's loads meanwhile: ``index.html`` fetched twice a second from an address of its own."""
    async with session(local_address(2, 0)) as http:
        while time.perf_counter() < end:
            t0 = time.perf_counter()
            try:
                async with http.get(base + "index.html", timeout=__import__("aiohttp").ClientTimeout(total=20)) as r:
                    await r.read()
                    loads.append((time.perf_counter() - t0, r.status))
            except Exception:  # noqa: BLE001 - a load that failed counts as one
                loads.append((time.perf_counter() - t0, 0))
            await asyncio.sleep(0.5)


async def honest_under(name: str, port: int, seconds: float) -> dict:
    """HONEST_ROOMS rooms of 3 playing for ``seconds`` while the attacker process runs ``name``."""
    url = "ws://127.0.0.1:%d/race" % port
    stats, seated, count, codes = Stats(), asyncio.Event(), [0], []
    sessions = [session(local_address(1, i)) for i in range(HONEST_ROOMS)]
    extra = DEAF_PER_ROOM if name == "deaf" else 0
    end = [0.0]
    rooms = [asyncio.create_task(play_room(stats, sessions[i], url, 3, end, seated, count, 100 + i, extra, codes))
             for i in range(HONEST_ROOMS)]
    while count[0] < 3 * HONEST_ROOMS:
        await asyncio.sleep(0.05)
    python = str(ROOT / ".venv" / "bin" / "python")
    lead = LEAD_S.get(name, 4.0)
    attacker = await asyncio.create_subprocess_exec(
        python, str(Path(__file__).resolve()), "--attack", name, str(port), str(seconds + lead + 2), *codes,
        stdout=asyncio.subprocess.PIPE)
    await asyncio.sleep(lead)
    end[0] = time.perf_counter() + seconds
    seated.set()
    loads: list = []
    probe = asyncio.create_task(_probe("http://127.0.0.1:%d/" % port, end[0], loads))
    rooms_players = await asyncio.gather(*rooms)
    await probe
    try:
        raw, _err = await asyncio.wait_for(attacker.communicate(), 30)
        attack = json.loads(raw.decode().strip().splitlines()[-1])
    except (TimeoutError, ValueError, IndexError):
        attacker.kill()
        attack = {}
    for http in sessions:
        await http.close()
    players = [p for ps in rooms_players for p in ps]
    by_room: dict = {}
    for p in players:
        by_room.setdefault(p.room, []).append(p.id)
    missed = 0
    for (room, _rnd, pid_, _k), _sent in stats.sent_at.items():
        others = [q for q in by_room.get(room, []) if q != pid_]
        missed += len(set(others) - stats.seen.get((room, _rnd, pid_, _k), set()))
    return {"stats": stats, "missed": missed, "attack": attack, "loads": loads}


def attack_bench(seconds: float = 15.0, attacks: tuple = ATTACKS, before: str = RACE_BASELINE) -> None:
    """Each attack beside HONEST_ROOMS honest rooms, on the race server before (``before``) and after."""
    from benchlib import table

    sides = [("before " + before, before_race_tree(before)), ("after", ROOT)]
    print("race under attack: %d honest rooms of 3 (8 x 18), each from its own loopback address, playing a pair "
          "every %.1f s a player for %.0f s; the attacker a process of its own, started 4 s before (deaf: 25 s); "
          "%d cores, load average %.1f" % (HONEST_ROOMS, PACE, seconds, os.cpu_count(), os.getloadavg()[0]))
    rows = []
    for name in attacks:
        print("\n%s: %s" % (name, ATTACK_TEXT[name]), flush=True)
        for side, root in sides:
            server, port = start_server(root)
            try:
                cpu0 = cpu_s(server.pid)
                gc.disable()
                try:
                    out = asyncio.run(honest_under(name, port, seconds))
                finally:
                    gc.enable()
                cpu = cpu_s(server.pid) - cpu0
                rss = rss_mb(server.pid)
            finally:
                server.terminate()
                try:
                    _o, err = server.communicate(timeout=10)
                except subprocess.TimeoutExpired:
                    server.kill()
                    _o, err = server.communicate()
            s, lat = out["stats"], sorted(out["stats"].latencies)
            tracebacks = err.count("Traceback")

            def pct(q: float, lat: list = lat) -> str:
                return "%.1f" % (lat[min(len(lat) - 1, int(q * len(lat)))] * 1000) if lat else "-"

            loads = out["loads"]
            slowest = max((t for t, _st in loads), default=float("nan")) * 1000
            failed = sum(1 for _t, st in loads if st != 200)
            lost = s.gaps + out["missed"]
            row = [name, side, len(lat), pct(0.5), pct(0.99), pct(1.0), lost, "%.0f" % slowest, failed,
                   "%.1f" % cpu, "%.0f" % rss, tracebacks, ",".join(sorted(set(s.errors))) or "-",
                   " ".join("%s=%s" % kv for kv in sorted(out["attack"].items()) if kv[1])]
            rows.append(row)
            print("  %-16s relay p50 %s ms, p99 %s ms, max %s ms, %d samples; lost %d; page load max %.0f ms (%d "
                  "failed); server CPU %.1f s, RSS %.0f MB, tracebacks %d; honest errors %s; attacker %s"
                  % (side, row[3], row[4], row[5], row[2], lost, slowest, failed, cpu, rss, tracebacks, row[12],
                     row[13]), flush=True)
    table("The honest rooms' relay latency (ms) and losses under each attack",
          ["attack", "server", "samples", "p50", "p99", "max", "lost", "page max ms", "page failed", "server CPU s",
           "RSS MB", "tracebacks", "honest errors", "attacker"], rows)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--attack"]:
        attacker_main(sys.argv[2:])
    else:
        bench(float(sys.argv[1]) if len(sys.argv) > 1 else 60.0)
