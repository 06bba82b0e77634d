"""The app's one server: the page's files and the race rooms' WebSocket (``/race``), in one asyncio
process (aiohttp). :class:`race.rooms.Lobby` holds all the logic; this module only moves frames
between sockets and the lobby, ticks it every :data:`TICK_S` and makes the race boards in slices.

Why aiohttp (README, "Race"): one library serves the static files (with ``ETag``/``Range``, like
``http.server``) and the WebSocket on the same port, caps a frame's size itself (``max_msg_size``) and
pings dead connections (``heartbeat``); ``websockets`` alone serves no files, Starlette needs uvicorn
and two more packages for the same.
"""

import asyncio
import json
import socket
import threading
import time
from pathlib import Path, PurePosixPath

from aiohttp import WSMsgType, web

from race.rooms import MAX_FRAME, Lobby, board_steps

TICK_S = 0.1
SLICE_S = 0.004  # the longest a board's making holds the event loop at once
HEARTBEAT_S = 15.0
# The types http.server gave these files (tools/serve.py's Handler), whatever the system's MIME table says.
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".toml": "text/plain",
         ".py": "text/plain", ".json": "application/json", ".zip": "application/zip", ".svg": "image/svg+xml",
         ".webmanifest": "application/manifest+json"}
SW_FILES = "static/vendor/sw-files.js"  # the service worker's list of files and version (tools/configs.py)


async def _typed(request: web.Request, response: web.StreamResponse) -> None:
    """A served file gets its type from :data:`TYPES` by its extension."""
    if isinstance(response, web.FileResponse):
        kind = TYPES.get(PurePosixPath(request.path).suffix)
        if kind is not None:
            response.content_type = kind


class Relay:
    """The lobby and the sockets of one server."""

    def __init__(self, lobby: "Lobby | None" = None) -> None:
        self.lobby = lobby or Lobby()
        self.making: set = set()
        self.sent = 0

    async def deliver(self, outs: list) -> None:
        """Send each ``(ws, message)``; a message shared by several sockets is encoded once."""
        texts: dict = {}
        for ws, msg in outs:
            text = texts.get(id(msg))
            if text is None:
                text = texts[id(msg)] = json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
            if not ws.closed:
                try:
                    await ws.send_str(text)
                    self.sent += 1
                except (ConnectionError, RuntimeError):
                    pass
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

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME * 4, heartbeat=HEARTBEAT_S)
        await ws.prepare(request)
        self.lobby.open(ws, request.remote or "")
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self.deliver(self.lobby.receive(ws, msg.data))
                elif msg.type == WSMsgType.BINARY:
                    await self.deliver(self.lobby.receive(ws, None))
        finally:
            await self.deliver(self.lobby.close(ws))
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
             refresh: "object | None" = None) -> web.Application:
    """The page (``/`` is ``index.html``), every file under ``root``, and ``/race``. Files carry ``ETag``,
    ``Last-Modified`` and ``Cache-Control: <cache>`` (tools/serve.py's ``cache_control`` says why).
    ``refresh()``, when given, writes :data:`SW_FILES` again before it is served, so a file edited while
    the server runs makes a new version of the service worker's cache."""
    relay = relay or Relay()
    app = web.Application()

    async def cached(request: web.Request, response: web.StreamResponse) -> None:
        if isinstance(response, web.FileResponse):
            response.headers["Cache-Control"] = cache

    async def index(request: web.Request) -> web.FileResponse:
        return web.FileResponse(root / "index.html")

    async def sw_files(request: web.Request) -> web.FileResponse:
        refresh()
        return web.FileResponse(root / SW_FILES)

    app.router.add_get("/", index)
    if refresh is not None:
        app.router.add_get("/" + SW_FILES, sw_files)
    app.router.add_get("/race", relay.socket)
    app.router.add_static("/", root, show_index=False, follow_symlinks=False)
    app.cleanup_ctx.append(relay.ticker)
    app.on_response_prepare.append(_typed)
    app.on_response_prepare.append(cached)
    return app


class Server:
    """The app's server on ``127.0.0.1:port`` (0: a free one), ``http.server``'s interface:
    ``server_address``, ``serve_forever()`` (blocks, in any thread) and ``shutdown()``."""

    def __init__(self, root: Path, port: int = 0, host: str = "127.0.0.1", cache: str = "no-cache",
                 refresh: "object | None" = None) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((host, port))
        self.sock.listen(512)
        self.sock.setblocking(False)
        self.server_address = self.sock.getsockname()
        self.relay = Relay()
        self.app = make_app(root, self.relay, cache, refresh)
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
        runner = web.AppRunner(self.app, access_log=None, handle_signals=False, shutdown_timeout=1.0,
                               max_line_size=MAX_LINE)
        await runner.setup()
        await web.SockSite(runner, self.sock).start()
        try:
            await self._stop.wait()
        finally:
            await runner.cleanup()

    def shutdown(self) -> None:
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._stop.set)
            self._done.wait(10)
