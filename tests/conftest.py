"""Shared fixtures: a local server for the app (the one tools/serve.py runs: the page and the race
rooms), the same files served as plain files (``static_url``: no race rooms), and Chromium's launch arguments
(the end-to-end tests' one page fixture, ``open_game``, is in tests/e2e/conftest.py)."""

import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def server_url():
    from serve import make_server

    if not (ROOT / "static/vendor/pyscript/core.js").exists():
        pytest.fail("static/vendor/ is missing: run tools/setup.sh test")
    server = make_server(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()


@pytest.fixture(scope="session")
def static_url():
    """The page served as plain files (``tools/serve.py --static``): what a static host gives, no rooms."""
    from serve import make_static_server

    server = make_static_server(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--no-first-run"],
    }
