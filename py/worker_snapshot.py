"""The solver worker's start-up snapshot: what it holds.

Booting CPython in the page's worker (Pyodide) and compiling its modules from
source takes seconds; a memory snapshot of an interpreter that has done it
starts in a fraction of that. ``tools/snapshot.mjs`` (run by ``tools/setup.sh``)
starts Pyodide under Node, writes the worker's files where the page's worker
(static/solver-worker.js) writes them (the virtual working directory), calls
:func:`prepare` and saves the interpreter's memory as
``static/vendor/pyodide/snapshot.bin``; the page's worker starts from it
through ``static/pyodide-snapshot.mjs``. This module runs only there, never in
the page: the page finds it already imported (tools/configs.py imports it too,
for :func:`files_digest`).

Rules:

1. The snapshot holds the worker's own modules imported (``worker_jobs`` and
   every ``puzzles`` module, the games' solvers too) and the standard modules
   ``worker.py`` imports.
2. It keeps each of those modules' source as it was (:data:`SOURCES`) and
   the digest of the files it was made from (:data:`DIGEST`, see
   :func:`files_digest`; every one of them is imported, or no snapshot is
   made). ``worker.toml`` names the digest of the files the page would fetch:
   when the two are equal, static/solver-worker.js fetches none of them;
   else it writes them all and ``py/worker.py`` compares them with the
   sources, and if any differs or is gone, drops every module of this project
   so they are imported from the files again: a stale snapshot is slower,
   never wrong.
3. The worker's entry, ``worker.py`` (which must not be imported here: it
   does the check of rule 2 when the page imports it), is compiled here
   (:data:`CODE`), and the import system takes a compiled module only when the
   file it loads has exactly the source it was compiled from.
4. No ``.pyc`` files are written: the worker's file system lives as long as the
   page.
5. Every page started from one snapshot shares its hash seed (nothing here
   relies on it being secret); ``random`` is seeded again by ``py/worker.py``.
"""

import hashlib
import importlib
import importlib.machinery
import os
import sys

SOURCES: dict = {}  # a module's file (absolute path) -> its source, as the snapshot imported it
DIGEST = ""  # files_digest of the files the snapshot was made from ("" until prepare)
CODE: dict = {}  # a file (absolute path) -> (its source, the code compiled from it)
HITS: list = []  # the files whose compiled code was taken instead of compiling them
_ORIGINAL = None  # SourceFileLoader.source_to_code before install()


def ours(name: str) -> bool:
    """Whether module ``name`` is one of this project's worker modules (the ones
    written from ``worker.toml``'s ``[files]``)."""
    return name == "worker_jobs" or name == "puzzles" or name.startswith("puzzles.")


def files_digest(files: list) -> str:
    """The SHA-256 (hex) of the worker's files: ``(destination, bytes)`` pairs in the order of
    ``worker.toml``'s ``[files]``, a destination as a path from the working directory (``puzzles/x.py``,
    no ``./``), each destination and its length before its bytes, so that no two lists of files share a
    digest by moving bytes from one file to the next. tools/configs.py writes it into ``worker.toml``;
    :func:`prepare` keeps the one the snapshot was made from."""
    digest = hashlib.sha256()
    for destination, data in files:
        digest.update(b"%s\0%d\0" % (destination.encode(), len(data)) + data)
    return digest.hexdigest()


def _read(path: str) -> "bytes | None":
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _source_to_code(self: object, data: object, path: str, *, _optimize: int = -1) -> object:
    """``SourceFileLoader.source_to_code`` that takes the compiled code of
    :data:`CODE` when the source is exactly the one it was compiled from."""
    hit = CODE.get(path)
    if hit is not None and _optimize == -1 and bytes(data) == hit[0]:
        HITS.append(path)
        return hit[1]
    return _ORIGINAL(self, data, path, _optimize=_optimize)


def install() -> None:
    """Route the import system's compile step through :data:`CODE` (rule 3)."""
    global _ORIGINAL
    loader = importlib.machinery.SourceFileLoader
    if _ORIGINAL is None:
        _ORIGINAL = loader.source_to_code
    loader.source_to_code = _source_to_code


def _files(tree: dict, folder: str) -> list:
    """``(path, text)`` of every file in a nested ``{name: text or folder}``."""
    out = []
    for name, value in tree.items():
        path = os.path.join(folder, name)
        out.extend(_files(value, path) if isinstance(value, dict) else [(path, value)])
    return out


def prepare(compiled: dict, files: "list | None" = None) -> dict:
    """Import what the worker imports (rule 1), record the sources and the
    digest of ``files`` (the destinations of ``worker.toml``'s ``[files]``, as
    written in the working directory; rule 2), compile the files of ``compiled``
    (``{"worker.py": text}``, nested ``{name: text or folder}`` from the working
    directory; rule 3). Answers a summary: the modules and files it holds.
    Raises ``ValueError`` naming a file of ``files`` that no module imported
    here came from (a page trusting the digest would never have it)."""
    global DIGEST
    import asyncio  # noqa: F401  (the standard modules worker.py imports)
    import json  # noqa: F401
    import random  # noqa: F401

    import worker_jobs  # noqa: F401

    folder = os.path.dirname(sys.modules["puzzles"].__file__)
    for where, dirs, names in os.walk(folder):  # the games' folders too
        dirs.sort()
        package = ["puzzles"] + [p for p in os.path.relpath(where, folder).split(os.sep) if p != "."]
        for name in sorted(names):
            if name.endswith(".py") and name != "__main__.py":
                stem = [] if name == "__init__.py" else [name[: -len(".py")]]
                importlib.import_module(".".join(package + stem))
    for name, module in sorted(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if ours(name) and path:
            source = _read(path)
            if source is not None:
                SOURCES[os.path.abspath(path)] = source
    files = list(files or ())
    missing = [f for f in files if os.path.abspath(f) not in SOURCES]
    if missing:
        raise ValueError("the snapshot imports no module from %s" % ", ".join(missing))
    DIGEST = files_digest([(f, SOURCES[os.path.abspath(f)]) for f in files]) if files else ""
    for path, text in _files(compiled, os.getcwd()):
        if path.endswith(".py"):
            CODE[path] = (text.encode(), compile(text, path, "exec", dont_inherit=True))
    install()
    sys.dont_write_bytecode = True  # rule 4
    importlib.invalidate_caches()
    return {"modules": sorted(n for n in sys.modules if ours(n)), "compiled": sorted(CODE), "digest": DIGEST}
