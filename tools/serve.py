"""Serve the app from the repository root on localhost; prints the URL to open.

Usage: python3 tools/serve.py [--port N]   (0 picks a free port)
"""

import argparse
import functools
import http.server
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "text/plain",
        ".py": "text/plain",
        ".json": "application/json",
        ".zip": "application/zip",
    }

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


def make_server(port: int = 0) -> http.server.ThreadingHTTPServer:
    """A server of the repository root; the PyScript configs are written from the tree first."""
    sys.path.insert(0, str(ROOT / "tools"))
    import configs

    configs.main([])
    handler = functools.partial(Handler, directory=str(ROOT))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8000)
    args = ap.parse_args()
    if not (ROOT / "static/vendor/pyscript/core.js").exists():
        print("static/vendor/ is missing: run tools/setup.sh first", file=sys.stderr)
        return 1
    server = make_server(args.port)
    print(f"Serving the app: open http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
