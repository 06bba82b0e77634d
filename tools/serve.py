"""Serve the app from the repository root on localhost, the page and the race rooms in one process
(aiohttp, see py/race/server.py); prints the URL to open.

Usage: python3 tools/serve.py [--port N] [--static]
  --port N   0 picks a free port
  --static   the page as plain files (http.server), no race rooms: what any static host gives

Run with a Python that lacks the app's pinned dependencies (pyproject.toml), it runs itself again
under the .venv tools/setup.sh made.
"""

import argparse
import functools
import http.server
import os
import pathlib
import sys
import threading
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"


def cache_control(max_age: int = 0) -> str:
    """The files' ``Cache-Control``. By default ``no-cache``: the browser asks each time whether a file
    changed (an answer without a body when it did not), so an edited or updated file shows on the next load.
    Without the header a browser guesses how long a file stays fresh from its age on disk (a tenth of
    it): a file last changed a day ago was kept 2.4 hours without asking, one a minute old 6 s, and a page
    could mix old modules with new ones. ``max_age`` (s) lets it keep the files that long, for a tree known
    not to change meanwhile (the tests': tests/conftest.py)."""
    return "max-age=%d" % max_age if max_age else "no-cache"


class Handler(http.server.SimpleHTTPRequestHandler):
    """http.server's file handler, sending only what :class:`race.files.Served` lists (``served``, set by
    :func:`make_static_server`; 404 for the rest), and closing a client that sends nothing for
    ``timeout`` seconds (one that dribbles its request holds a thread that long at most)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "text/plain",
        ".py": "text/plain",
        ".json": "application/json",
        ".zip": "application/zip",
        ".webmanifest": "application/manifest+json",
    }

    max_age = 0  # see cache_control
    served = None  # a race.files.Served: None serves nothing
    refreshed = ()  # race.files.REFRESHED: the paths written again before they are sent (see _refresh)
    timeout = 10.0

    def send_head(self) -> object:
        rel = urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0])
        if self.served is None or self.served.find(rel[1:] if rel.startswith("/") else rel) is None:
            self.send_error(404, "Not found")
            return None
        return super().send_head()

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path in self.refreshed:  # see _refresh
            _refresh(path)
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.max_age))
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


def _configs() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import configs

    configs.main([])


_REFRESHING = threading.Lock()  # one writer at a time: an older text never replaces a newer one


def _refresh(path: str) -> None:
    """The file at ``path`` written again from the tree as a browser asks for it (the page asks for its two
    bundles and the solver worker for its config at every start), so a file edited while serving is the one
    the page or the solver's worker imports: a bundle of the page's modules (both are made at once), the
    solver worker's config (its files' digest), or the service worker's list of files and version, a digest
    of every file, the other three among them (all are written, then)."""
    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    import configs

    sw = "/static/vendor/sw-files.js"
    with _REFRESHING:
        if path != "/worker.toml":
            configs.write_bundles()
        if path in ("/worker.toml", sw):
            configs.write_worker_config()
        if path == sw:
            configs.write_sw_files()


def make_static_server(port: int = 0, max_age: int = 0, tests: bool = False) -> http.server.ThreadingHTTPServer:
    """The page's files as plain files (no race rooms); the PyScript configs are written first.
    ``max_age``, ``tests``: see :func:`make_server`."""
    _configs()
    sys.path.insert(0, str(ROOT / "py"))
    from race.files import REFRESHED, TEST_FILES, Served

    served = Served(ROOT, TEST_FILES if tests else ())
    handler = functools.partial(type("Handler", (Handler,), {"max_age": max_age, "served": served,
                                                             "refreshed": REFRESHED}),
                                directory=str(ROOT))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def make_server(port: int = 0, max_age: int = 0, tests: bool = False) -> object:
    """The app's server (the page and ``/race``), ``http.server``'s interface: ``server_address``,
    ``serve_forever()``, ``shutdown()``; the PyScript configs are written first. It sends the files the
    page loads (py/race/files.py) and nothing else of the checkout; ``tests`` adds what the end-to-end
    tests inject (axe-core) and the page of the tests' own game (``?testgame=``, tests/toygame/serving.py).
    The browser asks on every load whether a file changed, unless ``max_age`` (s) lets it keep them that
    long (see :func:`cache_control`)."""
    _configs()
    sys.path.insert(0, str(ROOT / "py"))
    from race.files import TEST_FILES
    from race.server import Server

    overlay = None
    if tests:  # the page of the tests' own game, ?testgame=NAME (tests/toygame/serving.py)
        sys.path.insert(0, str(ROOT / "tests"))
        from toygame.serving import respond as overlay
    return Server(ROOT, port, cache=cache_control(max_age), extra=TEST_FILES if tests else (), refresh=_refresh,
                  overlay=overlay)


def _reexec() -> None:
    """Without the pinned dependencies here, run again under the set-up's .venv (once)."""
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        if VENV_PYTHON.exists() and os.environ.get("BFS_SERVE_REEXEC") != "1":
            os.environ["BFS_SERVE_REEXEC"] = "1"
            os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), *sys.argv])
        print("aiohttp is missing: run tools/setup.sh first (it makes .venv)", file=sys.stderr)
        raise SystemExit(1) from None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--static", action="store_true", help="plain files, no race rooms")
    args = ap.parse_args()
    if not (ROOT / "static/vendor/pyscript/core.js").exists():
        print("static/vendor/ is missing: run tools/setup.sh first", file=sys.stderr)
        return 1
    if not args.static:
        _reexec()
    server = make_static_server(args.port) if args.static else make_server(args.port)
    print(f"Serving the app: open http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
