"""The service worker's list of files (tools/configs.py writes static/vendor/sw-files.js, which sw.js
imports): every file the page loads is in it with its integrity, nothing else, and the version changes
whenever any listed file does."""

import base64
import hashlib
import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import configs  # noqa: E402

needs_vendor = pytest.mark.skipif(not (ROOT / "static/vendor/pyodide").is_dir(), reason="no static/vendor/ (set-up)")


def _toml_files(name: str) -> set:
    return {"py/" + m for m in re.findall(r'^"\./py/([^"]+)"', (ROOT / name).read_text(), re.M)}


def test_every_file_of_the_page_is_listed():
    configs.main([])  # the two PyScript configs, from the tree
    files = set(configs.page_files())
    html = (ROOT / "index.html").read_text()
    linked = {m for m in re.findall(r'(?:href|src|config)="\./([^"]+)"', html)}
    assert linked and linked <= files, linked - files
    assert _toml_files("pyscript.toml") | _toml_files("worker.toml") <= files
    # the page's modules, in two bundles: offline, a first click needs the later one's (app.lazy)
    assert {"static/vendor/build/modules-first.bin", "static/vendor/build/modules-later.bin"} <= files
    assert {"", "sw.js"} & files == {""}  # the page itself; the worker script is the browser's to keep
    assert {"py/main.py", "py/worker.py", "py/code_runner.py", "manifest.webmanifest", "favicon.ico"} <= files
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert {i["src"] for i in manifest["icons"]} <= files
    for js in ("boot.js", "code.js", "code-worker.js", "map.js", "map-render.js", "offline.js", "pyodide-snapshot.mjs",
               "solver-worker.js"):
        assert "static/" + js in files, js


@needs_vendor
def test_the_runtimes_and_snapshots_are_listed_and_nothing_else():
    files = set(configs.page_files())
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "snapshot.bin", "code-snapshot.bin"):
        if (ROOT / "static/vendor/pyodide" / name).exists():
            assert "static/vendor/pyodide/" + name in files, name
    assert "static/vendor/micropython/micropython.wasm" in files
    assert "static/vendor/pyscript/core.js" in files
    assert "static/vendor/codemirror/code-editor.js" in files
    assert not [f for f in files if f.startswith(("static/src/", "static/data/", "py/race/", "tests/"))]
    assert not [f for f in files if f.endswith(".stamp") or "/." in "/" + f or "sw-files" in f]
    lazy = configs.sw_manifest()["lazy"]
    assert set(lazy) == {p.relative_to(ROOT).as_posix() for p in (ROOT / "static/data").glob("*.pdb")}


def test_integrity_is_the_files_sha256(tmp_path):
    f = tmp_path / "a.bin"
    f.write_bytes(b"\x00\x01huarong")
    assert configs.integrity(f) == "sha256-" + base64.b64encode(hashlib.sha256(b"\x00\x01huarong").digest()).decode()
    f.write_bytes(b"\x00\x01HUARONG")  # the same size: a new mtime tells it changed
    os.utime(f, ns=(1, 1))
    assert configs.integrity(f) == "sha256-" + base64.b64encode(hashlib.sha256(b"\x00\x01HUARONG").digest()).decode()


def test_the_version_changes_with_any_file(tmp_path, monkeypatch):
    for name in ("index.html", "static/app.css", "static/data/t.pdb"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    monkeypatch.setattr(configs, "ROOT", tmp_path)
    monkeypatch.setattr(configs, "page_files", lambda: ["", "static/app.css"])
    first = configs.sw_manifest()
    assert set(first["files"]) == {"", "static/app.css"} and set(first["lazy"]) == {"static/data/t.pdb"}
    assert configs.sw_manifest() == first
    versions = {first["version"]}
    for name in ("static/app.css", "static/data/t.pdb", "index.html"):
        (tmp_path / name).write_text(name + " changed")
        versions.add(configs.sw_manifest()["version"])
    assert len(versions) == 4


def test_the_list_is_written_by_a_rename_never_into_a_shared_file(tmp_path, monkeypatch):
    vendor = tmp_path / "vendor"
    vendor.mkdir()
    shared = tmp_path / "elsewhere.js"
    shared.write_text("another checkout's list")
    os.link(shared, vendor / "sw-files.js")  # static/vendor/'s files may be hard links
    monkeypatch.setattr(configs, "SW_FILES", vendor / "sw-files.js")
    monkeypatch.setattr(configs, "sw_files_text", lambda: "self.APP = {};\n")
    assert configs.write_sw_files()
    assert (vendor / "sw-files.js").read_text() == "self.APP = {};\n"
    assert shared.read_text() == "another checkout's list"
    assert [p.name for p in vendor.iterdir()] == ["sw-files.js"]  # no temporary file left
