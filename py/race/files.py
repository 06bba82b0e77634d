"""What the app's servers serve (both of tools/serve.py's: the aiohttp one and ``--static``): the files the
page and its workers load, and nothing else of the checkout (not ``.git/``, ``.venv/``, ``tests/``, the
tools or the solvers the page never imports). Pure: no server library, so the plain-files server uses it too.

The list:

* the page and what it names at the root: ``index.html`` (also ``/``), ``favicon.ico``, the two PyScript
  configs, the service worker ``sw.js`` and the web app manifest ``manifest.webmanifest``;
* everything under ``static/`` (styles, scripts, the runtimes in ``static/vendor/``, data, icons);
* the Python files the page's scripts and workers load: ``py/main.py``, ``py/worker.py``,
  ``py/code_runner.py`` and ``py/trace_recorder.py`` (fetched by ``static/code-worker.js``) and every
  ``py/`` file the configs list (the solver worker's; the page's own come in bundles under ``static/``)
  (read from ``pyscript.toml`` and ``worker.toml`` as ``tools/configs.py`` wrote them);
* ``extra``: more paths, for a caller that needs them (the tests' axe-core).

A path is refused before the disk is asked when it is too long, holds a segment that starts with a dot
(``..``, ``.git``) or a backslash or NUL, so a hostile path costs a string check, never an ``OSError``.
"""

import re
from pathlib import Path

ROOT_FILES = ("index.html", "favicon.ico", "pyscript.toml", "worker.toml", "sw.js", "manifest.webmanifest")
PAGE_PY = ("py/main.py", "py/worker.py", "py/code_runner.py", "py/trace_recorder.py")
PREFIXES = ("static/",)
CONFIGS = ("pyscript.toml", "worker.toml")
TEST_FILES = ("node_modules/axe-core/axe.min.js",)  # the accessibility checker the end-to-end tests inject
# The files a server writes again from the tree (tools/configs.py) before it sends them, so that a file edited
# while it serves shows on the next load: the page's two bundles of modules, the service worker's list of
# files and version, and the solver worker's config, whose digest of the worker's files says whether the
# start-up snapshot was made from them.
REFRESHED = ("/static/vendor/build/modules-first.bin", "/static/vendor/build/modules-later.bin",
             "/static/vendor/sw-files.js", "/worker.toml")
MAX_PATH = 512  # characters: the longest path under static/ is about 80
_LISTED = re.compile(r'^"\./(py/[A-Za-z0-9_/]+\.py)"\s*=', re.M)


def listed_py(root: Path) -> set:
    """The ``py/`` files the two configs under ``root`` list (none for a config that is missing)."""
    out = set()
    for name in CONFIGS:
        try:
            text = (root / name).read_text(encoding="utf-8")
        except OSError:
            continue
        out.update(_LISTED.findall(text))
    return out


class Served:
    """The files of ``root`` a server may send: :meth:`find` maps a request's path to one, or ``None``.
    The configs' list is read again when a config changed (a server writes worker.toml again as it is asked
    for: a worker file added meanwhile is listed there, and is sent)."""

    def __init__(self, root: Path, extra: tuple = ()) -> None:
        self.root = Path(root).resolve()
        self.fixed = set(ROOT_FILES) | set(PAGE_PY) | set(extra)
        self._listed: tuple = (None, set())  # (the configs' (size, mtime) when read, their py/ files)

    def listed(self) -> set:
        """The ``py/`` files the configs list now."""
        stamp = []
        for name in CONFIGS:
            try:
                st = (self.root / name).stat()
                stamp.append((st.st_size, st.st_mtime_ns))
            except OSError:
                stamp.append(None)
        if self._listed[0] != stamp:
            self._listed = (stamp, listed_py(self.root))
        return self._listed[1]

    def allowed(self, rel: str) -> bool:
        """``rel`` (a request's decoded path, without its leading ``/``) is on the list."""
        if rel == "":
            rel = "index.html"
        if len(rel) > MAX_PATH or "\\" in rel or "\x00" in rel:
            return False
        parts = rel.split("/")
        if any(p == "" or p.startswith(".") for p in parts):
            return False
        return rel in self.fixed or any(rel.startswith(p) for p in PREFIXES) or rel in self.listed()

    def find(self, rel: str) -> "Path | None":
        """The file to send for ``rel``: on the list and a regular file; else ``None``. (No segment of a listed
        path is ``..``, so it names a file under ``root``; a symlink the checkout itself holds is followed,
        as a benchmark's copy of the tree links ``static/vendor/``.)"""
        if not self.allowed(rel):
            return None
        path = self.root / (rel or "index.html")
        try:
            return path if path.is_file() else None
        except (OSError, ValueError):
            return None
