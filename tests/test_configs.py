"""The runtime line: the page's main thread (MicroPython) is given only the
board modules and the app; search code stays in the worker."""

import ast
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
    name = rel[: -len(".py")].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def _file(module: str) -> str:
    """The file of dotted ``module`` in py/: a package's ``__init__.py`` or a module's own."""
    path = module.replace(".", "/")
    return path + "/__init__.py" if (ROOT / "py" / path).is_dir() else path + ".py"


def test_the_main_thread_gets_no_search_module():
    main = configs.main_thread_files()
    worker = configs.worker_files()
    worker_only = [m for m in worker if configs.worker_only(m)]
    assert "puzzles/statespace.py" in worker_only
    assert not set(main) & set(worker_only)
    assert "app/view.py" in main
    for spec in SPECS:  # every registered game: its board on the page, its solver in the worker only
        assert _file(spec.board.__module__) in main and _file(spec.board.__module__) in worker, spec.name
        assert _file(spec.solver) in worker_only, spec.name
        if _file(spec.solver).endswith("/__init__.py"):  # a solver package: its every module
            folder = _file(spec.solver)[: -len("__init__.py")]
            solver_files = [m for m in worker if m.startswith(folder)]
            assert solver_files and not set(solver_files) & set(main), spec.name


def test_the_worker_gets_no_view():
    worker = configs.worker_files()
    for spec in SPECS:  # a view imports the page's DOM (pyscript), which the worker has not
        if spec.view is not None:
            assert _file(spec.view) in configs.main_thread_files(), spec.name
            assert _file(spec.view) not in worker, spec.name
    assert not [m for m in worker if m.startswith("app/")]
    # nor any module of a game that imports the DOM (its panels: a chart, an editor, a race)
    for rel in configs.page_modules():
        if rel.startswith("puzzles/") and "pyscript" in _imports(ROOT / "py" / rel):
            assert rel not in worker and configs.main_only(rel), rel
    assert "puzzles/linkup/race_client.py" in configs.page_modules()  # pure, but the page's alone
    assert "puzzles/linkup/race_client.py" not in worker


def test_no_main_thread_module_imports_one_it_is_not_given():
    given = {_module(m) for m in configs.page_modules()}
    ours = {_module(m) for m in configs.worker_files()} | given
    for rel in configs.page_modules():
        for name in _imports(ROOT / "py" / rel):
            if name in ours:  # stdlib, js and pyscript modules are the runtime's
                assert name in given, "%s imports %s, which the main thread is not given" % (rel, name)


def test_no_worker_module_imports_one_it_is_not_given():
    given = {_module(m) for m in configs.worker_files()}
    ours = {_module(m) for m in configs.main_thread_files()} | given
    for rel in configs.worker_files():
        for name in _imports(ROOT / "py" / rel):
            if name in ours:
                assert name in given, "%s imports %s, which the worker is not given" % (rel, name)


def _top_imports(path: Path) -> set:
    """The modules a file imports when it is imported: its module body's import statements (those
    inside a function or a method run only when it is called)."""
    names = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = list(tree.body)
    while body:
        node = body.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(node.module + "." + a.name for a in node.names)
        else:
            body.extend(ast.iter_child_nodes(node))
    return names


def test_the_first_screen_imports_no_lazy_module():
    """A lazy module's file is not in the file system until the board is playable: a first-screen
    module (or main.py) that imported one at its top would fail to start."""
    lazy = {_module(m) for m in configs.lazy_files()}
    assert {"app.code_panel", "app.map_panel", "app.records_panel", "app.step_view"} <= lazy
    assert not set(configs.lazy_files()) & set(configs.main_thread_files())
    for rel in ["../py/main.py"] + configs.main_thread_files():
        for name in _top_imports(ROOT / "py" / rel):
            assert name not in lazy, "%s imports %s (a lazy module) at its top" % (rel, name)


def test_the_bundles_carry_the_pages_modules_and_its_config_names_the_later_one():
    """The first bundle holds the first screen's modules, the later one the rest (none of the worker's), each
    once; the page's config lists no module of its own in ``[files]`` and names the later bundle."""
    configs.main([])
    first = [p for p, _ in configs.unpack(configs.FIRST_BUNDLE.read_bytes())]
    later = [p for p, _ in configs.unpack(configs.LATER_BUNDLE.read_bytes())]

    def sources(paths: list) -> list:
        return [p[2:].rsplit(".", 1)[0] + ".py" for p in paths]

    assert sources(first) == configs.main_thread_files() and sources(later) == configs.lazy_files()
    assert not any(configs.worker_only(rel) for rel in sources(later))
    text = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    assert 'lazy_modules = "./static/vendor/build/modules-later.bin"' in text
    assert "./py/" not in text
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert 'data-page-modules="./%s"' % configs.FIRST_BUNDLE.relative_to(ROOT).as_posix() in html


def test_a_module_edited_since_its_build_is_bundled_as_its_source(tmp_path, monkeypatch):
    """A bundle holds a module's .mpy while the build's digest is its source's, else its source (a server
    writes the bundles again as a browser asks for them, tests/test_race_server.py: an edit shows on the
    next load); an unchanged bundle is not written again."""
    compiled = configs.compiled_modules()
    if not compiled:
        pytest.skip("no .mpy build (tools/setup.sh makes it)")
    rel = "app/view.py"
    assert rel in compiled
    got = dict(configs.unpack(configs.bundle([rel, "app/dom.py"], compiled)))
    assert got["./app/view.mpy"] == compiled[rel].read_bytes() and "./app/view.py" not in got
    stale = dict(compiled)
    del stale[rel]
    got = dict(configs.unpack(configs.bundle([rel], stale)))
    assert got == {"./app/view.py": (ROOT / "py" / rel).read_bytes()}
    monkeypatch.setattr(configs, "BUILD", tmp_path / "build")
    monkeypatch.setattr(configs, "FIRST_BUNDLE", tmp_path / "build" / "first.bin")
    monkeypatch.setattr(configs, "LATER_BUNDLE", tmp_path / "build" / "later.bin")
    assert configs.write_bundles()
    inode = (tmp_path / "build" / "first.bin").stat().st_ino
    configs.write_bundles()
    assert (tmp_path / "build" / "first.bin").stat().st_ino == inode  # unchanged: not written


@given(st.lists(st.tuples(st.text(min_size=1, max_size=30), st.binary(max_size=300)), max_size=8))
def test_a_bundle_unpacks_to_what_was_packed(files):
    assert configs.unpack(configs.pack(files)) == files


@pytest.mark.parametrize("blob", [b"", b"PYB1", b"PYB2\x02\x00\x00\x00[]", b"PYB1\x02\x00\x00\x00[]x",
                                  b"PYB1\x0b\x00\x00\x00[[\"a\",5]]abc"])
def test_anything_but_a_bundle_is_refused(blob):
    with pytest.raises(ValueError):
        configs.unpack(blob)


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_the_pages_unpacker_reads_what_the_tools_pack(tmp_path):
    """static/page-files.js (the page's side, under Node) unpacks a bundle packed here, byte for byte, and
    refuses one cut short."""
    files = [("./app/a.mpy", bytes(range(256)) * 3), ("./puzzles/b/c.py", "print('中文')\n".encode()), ("./e", b"")]
    (tmp_path / "ok.bin").write_bytes(configs.pack(files))
    (tmp_path / "short.bin").write_bytes(configs.pack(files)[:-1])
    script = """
import { readFileSync } from "node:fs";
import { unpack } from "%s";
const read = (name) => { const b = readFileSync(name); return b.buffer.slice(b.byteOffset, b.byteOffset + b.length); };
const out = unpack(read(process.argv[2])).map(([path, bytes]) => [path, Buffer.from(bytes).toString("hex")]);
let refused = false;
try { unpack(read(process.argv[3])); } catch (e) { refused = true; }
console.log(JSON.stringify({ out, refused }));
""" % (ROOT / "static" / "page-files.js").as_uri()
    (tmp_path / "check.mjs").write_text(script)
    done = subprocess.run(["node", str(tmp_path / "check.mjs"), str(tmp_path / "ok.bin"), str(tmp_path / "short.bin")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer == {"out": [[p, data.hex()] for p, data in files], "refused": True}


def test_the_worker_config_is_written_again_only_when_a_worker_file_changed(tmp_path, monkeypatch):
    """worker.toml's digest follows the worker's files (a server writes it again as a browser asks for it:
    tests/test_race_server.py); an unchanged config is not written again."""
    real = configs.ROOT
    for rel in configs.worker_files():
        (tmp_path / "py" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "py" / rel).write_bytes((real / "py" / rel).read_bytes())
    monkeypatch.setattr(configs, "ROOT", tmp_path)
    configs.write_worker_config()
    first = (tmp_path / "worker.toml").read_text()
    inode = (tmp_path / "worker.toml").stat().st_ino
    configs.write_worker_config()
    assert (tmp_path / "worker.toml").stat().st_ino == inode  # unchanged: not written
    with open(tmp_path / "py" / "worker_jobs.py", "a") as f:
        f.write("\n# edited\n")
    configs.write_worker_config()
    second = (tmp_path / "worker.toml").read_text()
    digest = re.compile(r'^digest = "([0-9a-f]{64})"$', re.M)
    assert digest.search(first)[1] != digest.search(second)[1] == configs.worker_digest()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left
