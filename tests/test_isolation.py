"""Cross-origin isolation: the serve command's every answer carries COOP/COEP (the Code panel then has
SharedArrayBuffer for the learner's worker's interrupt buffer); the static server, as a static host, sends
none (the service worker adds them: tests/e2e/test_code_where.py)."""

import sys
import threading
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import make_server, make_static_server  # noqa: E402

pytestmark = pytest.mark.waits  # on clocks, sockets or other processes more than it computes (tests/conftest.py)

ISOLATING = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}


def _headers(make, path: str) -> dict:
    server = make(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = "http://127.0.0.1:%d/%s" % (server.server_address[1], path)
        try:
            with urllib.request.urlopen(url) as r:
                return dict(r.headers)
        except urllib.error.HTTPError as e:
            return dict(e.headers)
    finally:
        server.shutdown()


def test_the_serve_command_isolates_every_answer_and_the_static_server_none():
    for path in ("", "static/code-worker.js", "static/vendor/pyodide/pyodide.mjs", "no/such/file"):
        got = _headers(make_server, path)
        assert {k: got.get(k) for k in ISOLATING} == ISOLATING, path
        got = _headers(make_static_server, path)
        assert not any(k in got for k in ISOLATING), path
