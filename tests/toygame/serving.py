"""The test server's page with the tests' own game: ``/?testgame=lights&game=lights`` (the aiohttp
server of ``tools/serve.py``'s ``make_server(tests=True)`` consults :func:`respond` before its
files; the product's servers never do, and a static host serves no such page).

For a page that asks for a game of :data:`GAMES`:

* ``index.html`` comes with its two PyScript configs named ``pyscript.NAME.toml`` and
  ``worker.NAME.toml`` (nothing else of the page changes: the shell is the product's). A name, not
  a query: PyScript reads a config as TOML only when its URL ends in ``.toml``; beside the
  product's, so that the paths inside resolve alike;
* those configs are the product's (``tools/configs.py``) plus this package's files: ``toygame/``
  with the game's folder, split between the main thread and the worker by the same rules as the
  product's game folders (``configs.worker_only``, ``configs.main_only``), and ``extra_games.py``,
  which the entry points import (:func:`puzzles.games.register_extra`) to register the game;
* the package's modules are served from ``tests/toygame/`` (and nothing else of ``tests/``).
"""

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
if str(TESTS.parent / "tools") not in sys.path:
    sys.path.insert(0, str(TESTS.parent / "tools"))
import configs  # noqa: E402

GAMES = ("lights",)  # the games a page may ask for; their folders are this package's
CONFIG = re.compile(r'config="\./(pyscript|worker)\.toml"')
OURS = re.compile(r"^(pyscript|worker)\.([a-z]+)\.toml$")


def _package_files() -> list:
    """This package's modules a page may load, as paths from tests/ (``toygame/lights/view.py``)."""
    return sorted(p.relative_to(TESTS).as_posix() for p in HERE.rglob("*.py")
                  if "__pycache__" not in p.parts and p.name != "serving.py")


def config_text(which: str) -> str:
    """The product's config ``which`` (``pyscript`` or ``worker``) with this package's files added."""
    if which == "pyscript":  # the product's modules come in its bundles (static/boot.js, py/app/lazy.py)
        head, files = configs.main_config(), []
        ours = [f for f in _package_files() if not configs.worker_only(f)]
    else:
        # no digest: no snapshot was made from these files, so the worker fetches them all (and keeps the
        # snapshot's modules when the product's files are the ones it was made from)
        head, files = configs.WORKER % (configs.worker_interpreter(), ""), configs.worker_files()
        ours = [f for f in _package_files() if not configs.main_only(f)]
    lines = ['"./tests/%s" = "./%s"' % (f, f) for f in ours if f != "toygame/extra_games.py"]
    lines.append('"./tests/toygame/extra_games.py" = "./extra_games.py"')
    return configs.render(head, files) + "\n".join(lines) + "\n"


def respond(root: Path, rel: str, query: dict) -> "tuple | None":
    """``(body, content type)`` for the request of ``rel`` (a path from the root, no leading ``/``)
    with ``query`` when it is the tests' page or one of its files, else ``None`` (served as usual)."""
    game = query.get("testgame")
    if game in GAMES and rel in ("", "index.html"):
        page = (root / "index.html").read_text(encoding="utf-8")
        page = CONFIG.sub(lambda m: 'config="./%s.%s.toml"' % (m.group(1), game), page)
        return page.encode(), "text/html"
    config = OURS.match(rel)
    if config and config.group(2) in GAMES:
        return config_text(config.group(1)).encode(), "text/plain"
    if rel.startswith("tests/") and rel[len("tests/"):] in _package_files():
        return (TESTS / rel[len("tests/"):]).read_bytes(), "text/plain"
    return None
