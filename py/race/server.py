"""The app's one server: the page's files and the race rooms' WebSocket (``/race``), in one asyncio
process (aiohttp). :class:`race.rooms.Lobby` holds all the logic; this module only moves frames
between sockets and the lobby, ticks it every :data:`TICK_S` and makes the race boards in slices.

Limits, so that no one client slows the others (each with a test in tests/test_race_server.py and an
attack in tools/bench_race.py):

* files: only what the page loads (:class:`race.files.Served`), ``404`` for the rest and for any path
  the list refuses, never a traceback;
* connections: at most :data:`CONNS_PER_PEER` open from one address (HTTP and WebSocket alike: more are
  cut at once), :data:`CONN_RATE` new ones a second from it (a bucket of :data:`CONN_BURST`), and
  :data:`MAX_CONNS` in all; an HTTP connection that has not sent a whole request within
  :data:`HEADER_TIMEOUT_S` is closed (a client that dribbles its headers holds nothing for long);
  at most :data:`SOCKETS_PER_PEER` race sockets from one address (``429`` past that);
* frames: the lobby's per-socket and per-address budgets; past the address's, its sockets' next frames
  are left unread for :meth:`race.rooms.Lobby.pause` (TCP's back-pressure slows the sender, not us);
* sending: each socket has its own queue and writer, so a socket whose reader never reads holds up no
  one; past :data:`MAX_QUEUE` messages waiting, it is cut;
* no frame, however formed, raises out of the handler (the lobby answers ``internal`` at worst).

Why aiohttp (README, "Race"): one library serves the static files (with ``ETag``/``Range``, like
``http.server``) and the WebSocket on the same port, caps a frame's size itself (``max_msg_size``) and
pings dead connections (``heartbeat``); ``websockets`` alone serves no files, Starlette needs uvicorn
and two more packages for the same.
"""

import asyncio
import collections
import json
import socket
import threading
import time
from pathlib import Path, PurePosixPath

from aiohttp import WSMsgType, web
from aiohttp.web_protocol import RequestHandler

from race.files import REFRESHED, Served
from race.rooms import MAX_FRAME, Lobby, board_steps

TICK_S = 0.1
SLICE_S = 0.004  # the longest a board's making holds the event loop at once
HEARTBEAT_S = 15.0
HEADER_TIMEOUT_S = 10.0  # a connection with no whole request this long after it opened (or its last one) goes
CONNS_PER_PEER = 128  # TCP connections from one address (a browser opens about seven: a classroom behind a NAT)
CONN_RATE = 20.0  # new connections an address may open a second, sustained (a bucket of CONN_BURST): a page
CONN_BURST = 200.0  # load opens about seven, a reconnecting flood hundreds
MAX_CONNS = 4000
SOCKETS_PER_PEER = 32  # race sockets from one address
MAX_QUEUE = 64  # messages waiting for one socket's reader before it is cut (a race sends a few a second)
# The types http.server gave these files (tools/serve.py's Handler), whatever the system's MIME table says.
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".toml": "text/plain",
         ".py": "text/plain", ".json": "application/json", ".zip": "application/zip", ".svg": "image/svg+xml",
         ".webmanifest": "application/manifest+json"}
# Cross-origin isolation: with these on the page and its workers' scripts, the page has SharedArrayBuffer,
# which the Code panel hands to the learner's worker as Pyodide's interrupt buffer (a slow program is asked
# where it is, then goes on). Every file the page loads is this server's own, so require-corp blocks nothing.
ISOLATION = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}


async def _typed(request: web.Request, response: web.StreamResponse) -> None:
    """A served file gets its type from :data:`TYPES` by its extension."""
    if isinstance(response, web.FileResponse):
        kind = TYPES.get(PurePosixPath(request.path).suffix)
        if kind is not None:
            response.content_type = kind


async def _isolated(request: web.Request, response: web.StreamResponse) -> None:
    """Every answer carries :data:`ISOLATION`."""
    response.headers.update(ISOLATION)


def _encode(msg: dict) -> str:
    text = json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate the lobby let through: escaped, so it can be sent
        text = json.dumps(msg, separators=(",", ":"))
    return text


class Outbox:
    """One socket's messages on their way: a queue and a task that writes them, so that waiting for a slow
    reader holds up that reader alone. Past :data:`MAX_QUEUE` waiting, the connection is cut."""

    def __init__(self, ws: web.WebSocketResponse, transport: object) -> None:
        self.ws, self.transport = ws, transport
        self.queue: collections.deque = collections.deque()
        self.ready = asyncio.Event()
        self.cut = False
        self.task = asyncio.get_running_loop().create_task(self._write())

    def put(self, text: str) -> bool:
        """Queue ``text``; ``False`` (and the connection cut) when the reader is too far behind."""
        if self.cut:
            return False
        if len(self.queue) >= MAX_QUEUE:
            self.close()
            return False
        self.queue.append(text)
        self.ready.set()
        return True

    def close(self) -> None:
        self.cut = True
        self.queue.clear()
        self.task.cancel()
        if self.transport is not None and not self.transport.is_closing():
            self.transport.abort()

    async def _write(self) -> None:
        try:
            while True:
                await self.ready.wait()
                self.ready.clear()
                while self.queue:
                    if self.ws.closed:
                        return
                    await self.ws.send_str(self.queue.popleft())
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass


class Relay:
    """The lobby and the sockets of one server."""

    def __init__(self, lobby: "Lobby | None" = None) -> None:
        self.lobby = lobby or Lobby()
        self.making: set = set()
        self.sent = 0
        self.cut = 0  # sockets cut for not reading
        self.outboxes: dict = {}

    async def deliver(self, outs: list) -> None:
        """Queue each ``(ws, message)`` on its socket's :class:`Outbox` (never waiting for a reader); a
        message shared by several sockets is encoded once."""
        texts: dict = {}
        for ws, msg in outs:
            box = self.outboxes.get(ws)
            if box is None or ws.closed:
                continue
            text = texts.get(id(msg))
            if text is None:
                text = texts[id(msg)] = _encode(msg)
            if box.put(text):
                self.sent += 1
            else:
                self.cut += 1
        for code, settings, seed in self.lobby.wanted():
            if (code, seed) not in self.making:
                self.making.add((code, seed))
                asyncio.get_running_loop().create_task(self._make(code, settings, seed))

    async def _make(self, code: str, settings: dict, seed: int) -> None:
        """A countdown's board, made in slices of :data:`SLICE_S` between the relays: a 10 x 20 board takes
        up to half a second of CPU, which in a thread would hold the interpreter's lock from every room's
        relay for as long (the generator yields after each pair it places, as the worker's jobs do)."""
        try:
            steps = board_steps(settings, seed)
            while True:
                end = time.perf_counter() + SLICE_S
                try:
                    while time.perf_counter() < end:
                        next(steps)
                except StopIteration as done:
                    self.lobby.board_made(code, seed, done.value)
                    return
                await asyncio.sleep(0)
        finally:
            self.making.discard((code, seed))

    async def socket(self, request: web.Request) -> web.StreamResponse:
        peer = request.remote or ""
        if self.lobby.sockets(peer) >= SOCKETS_PER_PEER:
            return web.Response(status=429, text="Too many race connections from this address.\n")
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME * 4, heartbeat=HEARTBEAT_S)
        await ws.prepare(request)
        self.lobby.open(ws, peer)
        box = self.outboxes[ws] = Outbox(ws, request.transport)
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self.deliver(self.lobby.receive(ws, msg.data))
                elif msg.type == WSMsgType.BINARY:
                    await self.deliver(self.lobby.receive(ws, None))
                if box.cut:
                    break
                wait = self.lobby.pause(ws)  # an address past its budget: its next frame waits, unread
                await asyncio.sleep(wait)  # (0: a turn for every other socket between two frames of one)
        except (TimeoutError, ConnectionError):
            pass
        finally:
            await self.deliver(self.lobby.close(ws))
            self.outboxes.pop(ws, None)
            box.task.cancel()
        return ws

    async def ticker(self, app: web.Application) -> object:
        async def run() -> None:
            while True:
                await asyncio.sleep(TICK_S)
                await self.deliver(self.lobby.tick())

        task = asyncio.get_running_loop().create_task(run())
        yield
        task.cancel()


MAX_LINE = 65536  # the longest request line served (http.server's limit)


def make_app(root: Path, relay: "Relay | None" = None, cache: str = "no-cache",
             served: "Served | None" = None, refresh: "object | None" = None,
             overlay: "object | None" = None) -> web.Application:
    """The page (``/`` is ``index.html``), the files ``served`` lists (by default
    :class:`race.files.Served` of ``root``), and ``/race``; anything else is ``404``. Files carry ``ETag``,
    ``Last-Modified`` and ``Cache-Control: <cache>`` (tools/serve.py's ``cache_control`` says why).
    ``refresh(path)``, when given, writes the file at ``path`` (one of :data:`race.files.REFRESHED`) again before it
    is served, so a file edited while the server runs makes a new version of the service worker's cache and a
    solver worker that imports it (never the start-up snapshot's older module). ``overlay(root, path, query)``,
    when given (the test server's own pages), answers a request first with ``(body,
    content type)``, or ``None`` to let the files answer."""
    relay = relay or Relay()
    served = served or Served(root)
    app = web.Application()

    async def cached(request: web.Request, response: web.StreamResponse) -> None:
        if isinstance(response, web.FileResponse):
            response.headers["Cache-Control"] = cache

    async def files(request: web.Request) -> web.StreamResponse:
        if refresh is not None and request.path in REFRESHED:
            refresh(request.path)
        if overlay is not None:
            made = overlay(root, request.path[1:], dict(request.query))
            if made is not None:
                return web.Response(body=made[0], content_type=made[1], headers={"Cache-Control": "no-cache"})
        path = served.find(request.path[1:])
        if path is None:
            return web.Response(status=404, text="Not found\n")
        return web.FileResponse(path)

    app.router.add_get("/race", relay.socket)
    app.router.add_get("/{path:.*}", files)
    app.cleanup_ctx.append(relay.ticker)
    app.on_response_prepare.append(_typed)
    app.on_response_prepare.append(cached)
    app.on_response_prepare.append(_isolated)
    return app


class Server:
    """The app's server on ``127.0.0.1:port`` (0: a free one), ``http.server``'s interface:
    ``server_address``, ``serve_forever()`` (blocks, in any thread) and ``shutdown()``."""

    def __init__(self, root: Path, port: int = 0, host: str = "127.0.0.1", cache: str = "no-cache",
                 extra: tuple = (), refresh: "object | None" = None, overlay: "object | None" = None) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((host, port))
        self.sock.listen(512)
        self.sock.setblocking(False)
        self.server_address = self.sock.getsockname()
        self.relay = Relay()
        self.app = make_app(root, self.relay, cache, Served(root, extra), refresh, overlay)
        self.conns = Conns()
        self.loop = None
        self._stop = None
        self._done = threading.Event()

    def serve_forever(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._stop = asyncio.Event()
        try:
            self.loop.run_until_complete(self._serve())
        finally:
            self.loop.close()
            self._done.set()

    async def _serve(self) -> None:
        # A link's request line may be as long as http.server took (64 KiB, aiohttp's default is 8 KiB): a
        # long board in a link reaches the page, which refuses it with a message (tests/e2e/test_hostile.py).
        # keepalive_timeout: aiohttp closes a connection that has no request in progress this long after it
        # opened or answered its last one, a half-sent request included.
        runner = web.AppRunner(self.app, access_log=None, handle_signals=False, shutdown_timeout=1.0,
                               max_line_size=MAX_LINE, keepalive_timeout=HEADER_TIMEOUT_S)
        await runner.setup()
        factory = _guarded(runner.server, self.conns)
        listening = await asyncio.get_running_loop().create_server(factory, sock=self.sock)
        try:
            await self._stop.wait()
        finally:
            listening.close()
            await runner.cleanup()

    def shutdown(self) -> None:
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._stop.set)
            self._done.wait(10)


class Conns:
    """The TCP connections open, by address and in all, and each address's bucket of new ones."""

    def __init__(self, clock: object = time.monotonic) -> None:
        self.clock = clock
        self.by_peer: dict = {}
        self.total = 0
        self.buckets: dict = {}  # address -> [tokens, when]; forgotten once full again
        self.admitted = 0

    def admit(self, peer: str) -> bool:
        """A new connection from ``peer``: ``False`` (cut it) past a limit."""
        now = self.clock()
        bucket = self.buckets.get(peer)
        tokens = CONN_BURST if bucket is None else min(CONN_BURST, bucket[0] + (now - bucket[1]) * CONN_RATE)
        if tokens < 1 or self.by_peer.get(peer, 0) >= CONNS_PER_PEER or self.total >= MAX_CONNS:
            return False
        self.buckets[peer] = [tokens - 1, now]
        self.by_peer[peer] = self.by_peer.get(peer, 0) + 1
        self.total += 1
        self.admitted += 1
        if self.admitted % 1000 == 0:
            for key, (left, at) in list(self.buckets.items()):
                if left + (now - at) * CONN_RATE >= CONN_BURST:
                    del self.buckets[key]
        return True

    def gone(self, peer: str) -> None:
        self.total -= 1
        self.by_peer[peer] -= 1
        if self.by_peer[peer] <= 0:
            del self.by_peer[peer]


def _guarded(server: web.Server, conns: Conns) -> object:
    """``server``'s protocol factory, counting connections by address: one past :data:`CONNS_PER_PEER` from
    its address, or past :data:`MAX_CONNS` in all, is cut as it opens (it costs no request handling)."""

    class Guarded(RequestHandler):
        peer = None

        def connection_made(self, transport: object) -> None:
            name = transport.get_extra_info("peername")
            peer = name[0] if name else ""
            if not conns.admit(peer):
                transport.abort()
                return
            self.peer = peer
            super().connection_made(transport)

        def connection_lost(self, exc: "BaseException | None") -> None:
            if self.peer is None:
                return
            conns.gone(self.peer)
            self.peer = None
            super().connection_lost(exc)

    kwargs = dict(getattr(server, "_kwargs", {}))
    return lambda: Guarded(server, loop=asyncio.get_running_loop(), **kwargs)
