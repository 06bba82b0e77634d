"""The runtime line: the page's main thread (MicroPython) is given only the
board modules and the app; search code stays in the worker."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import configs  # noqa: E402
from puzzles.games import SPECS  # noqa: E402


def _imports(path: Path) -> set:
    """Every module a file names in an import statement (dotted, as written)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(node.module + "." + a.name for a in node.names)
    return names


def _module(rel: str) -> str:
    return rel[: -len(".py")].replace("/", ".")


def test_the_main_thread_gets_no_search_module():
    main = configs.main_thread_files()
    worker_only = [m for m in configs.worker_files() if m.endswith("_solver.py") or m in configs.WORKER_ONLY]
    assert "puzzles/statespace.py" in worker_only
    assert not set(main) & set(worker_only)
    assert "app/view.py" in main
    for spec in SPECS:  # every registered game: its board on the page, its solver in the worker only
        assert spec.board.__module__.replace(".", "/") + ".py" in main, spec.name
        assert spec.solver.replace(".", "/") + ".py" in worker_only, spec.name


def test_no_main_thread_module_imports_one_it_is_not_given():
    given = {_module(m) for m in configs.main_thread_files()}
    ours = {_module(m) for m in configs.worker_files()} | given
    for rel in configs.main_thread_files():
        for name in _imports(ROOT / "py" / rel):
            if name in ours:  # stdlib, js and pyscript modules are the runtime's
                assert name in given, "%s imports %s, which the main thread is not given" % (rel, name)
