"""The solver worker's start-up snapshot: worker.toml points at it only
when it exists, it holds the worker's modules, a stale one is never used, and an
interpreter started from it solves (Pyodide under Node, like the snapshot's maker)."""

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import configs  # noqa: E402

pytestmark = pytest.mark.waits  # on clocks, sockets or other processes more than it computes (tests/conftest.py)


def test_worker_toml_names_the_snapshot_loader_only_when_the_snapshot_exists(tmp_path, monkeypatch):
    monkeypatch.setattr(configs, "SNAPSHOT", tmp_path / "snapshot.bin")
    assert 'interpreter = "./static/vendor/pyodide/pyodide.mjs"' in configs.configs()[ROOT / "worker.toml"]
    (tmp_path / "snapshot.bin").write_bytes(b"x")
    text = configs.configs()[ROOT / "worker.toml"]
    assert 'interpreter = "./static/pyodide-snapshot.mjs"' in text
    assert (ROOT / "static" / "pyodide-snapshot.mjs").exists()
    # the [files] are the same either way, and the pairs tools/snapshot.mjs writes are those
    pairs = json.loads(subprocess.check_output([sys.executable, str(ROOT / "tools/configs.py"), "--worker-files"]))
    assert ['"./%s" = "./%s"' % (src, dst) for src, dst in pairs] == text.split("[files]\n")[1].splitlines()
    assert ["py/worker_jobs.py", "worker_jobs.py"] in pairs


def test_the_snapshot_is_made_again_when_what_it_holds_changes(monkeypatch):
    stamp = configs.snapshot_stamp()
    assert stamp == configs.snapshot_stamp()
    files = configs.worker_files()
    monkeypatch.setattr(configs, "worker_files", lambda: files[:-1])
    assert configs.snapshot_stamp() != stamp
    monkeypatch.setattr(configs, "worker_files", lambda: files)
    monkeypatch.setattr(configs, "SNAPSHOT_MAKERS", configs.SNAPSHOT_MAKERS[1:])
    assert configs.snapshot_stamp() != stamp


# Runs in a fresh CPython in a copy of py/ (the worker's working directory): prepare() as
# tools/snapshot.mjs calls it, then what the page does: static/solver-worker.js writes the digest its
# config names and either no file (the digest is the snapshot's: FETCHED false) or every file (changed,
# in some cases), then imports worker.py.
PROBE = textwrap.dedent(
    """
    import json, os, sys
    sys.path.insert(0, os.getcwd())
    CHANGE, FILES, NAMED, FETCHED = json.loads(sys.argv[1])
    import worker_snapshot
    summary = worker_snapshot.prepare({"worker.py": open("worker.py").read()}, FILES)
    held = {name: id(sys.modules[name]) for name in summary["modules"]}
    import random
    state = random.getstate()  # as the snapshot would hold it
    # the page's working directory: none of the [files] unless fetched, worker.py, the digest named
    if not FETCHED:
        for path in FILES:
            os.remove(path)
    for path, text in CHANGE.items():
        open(path, "a").write(text)
    open("files.digest", "w").write(NAMED)
    import worker
    import worker_jobs
    json.dump({
        "modules": summary["modules"],
        "started_from": worker.STARTED_FROM,
        "same_objects": all(id(sys.modules.get(n)) == i for n, i in held.items()),
        "marker": getattr(worker_jobs, "MARKER", None),
        "hits": sorted(os.path.relpath(p) for p in worker_snapshot.HITS),
        "worker_marker": getattr(worker, "MARKER", None),
        "no_pyc": sys.dont_write_bytecode and not os.path.exists("__pycache__"),
        "reseeded": random.getstate() != state,
        "solved": json.loads(worker_jobs.start("huarong", {"board": "3114/3114/5226/5786/900a"})),
        "digest": summary["digest"],
    }, sys.stdout)
    """
)


def probe(tmp_path: Path, change: dict, named: "str | None" = None, fetched: bool = True) -> dict:
    """The probe in a copy of the worker's files; ``named``: the digest the page's config names (by default
    one no snapshot has: the page fetched the files and the check compares them)."""
    work = tmp_path / "py"
    for rel in configs.worker_files() + ["worker.py", "worker_snapshot.py"]:  # the worker's files
        (work / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "py" / rel, work / rel)
    args = [change, configs.worker_files(), "0" * 64 if named is None else named, fetched]
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(args)], cwd=work, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_a_page_naming_the_snapshots_digest_needs_none_of_the_files(tmp_path):
    """The digest the snapshot keeps is the one tools/configs.py writes into worker.toml for the same
    files; a page whose config names it writes none of them, and the snapshot's modules are used."""
    digest = configs.worker_digest()
    assert 'digest = "%s"' % digest in configs.configs()[ROOT / "worker.toml"]
    r = probe(tmp_path, {}, named=digest, fetched=False)
    assert r["digest"] == digest
    assert r["started_from"] == "snapshot" and r["same_objects"] and "job" in r["solved"]


def test_the_files_digest_follows_every_byte_name_and_boundary():
    from worker_snapshot import files_digest

    base = files_digest([("a.py", b"xy"), ("b.py", b"z")])
    assert base == files_digest([("a.py", b"xy"), ("b.py", b"z")])
    for other in ([("a.py", b"x"), ("b.py", b"yz")], [("a.py", b"xy"), ("c.py", b"z")],
                  [("a.py", b"xy"), ("b.py", b"Z")], [("b.py", b"z"), ("a.py", b"xy")], [("a.py", b"xy")]):
        assert files_digest(other) != base, other


def test_a_snapshot_made_from_files_it_did_not_import_is_refused(tmp_path):
    """A file of worker.toml that no module the snapshot imports came from would be missing from a page
    that trusts the digest: no snapshot is made."""
    for rel in configs.worker_files() + ["worker_snapshot.py"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "py" / rel, tmp_path / rel)
    (tmp_path / "stray.py").write_text("X = 1\n")
    files = configs.worker_files() + ["stray.py"]
    out = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, '.'); import worker_snapshot; "
         "worker_snapshot.prepare({}, %r)" % files],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert out.returncode != 0 and "the snapshot imports no module from stray.py" in out.stderr


def test_the_snapshot_holds_every_worker_module_and_uses_them_when_the_files_match(tmp_path):
    r = probe(tmp_path, {})
    files = [f[: -len(".py")].replace("/", ".").replace(".__init__", "") for f in configs.worker_files()]
    assert r["modules"] == sorted(files)
    assert r["started_from"] == "snapshot" and r["same_objects"]
    # worker.py came from the compiled code (rule 3), and no .pyc was written (rule 4)
    assert r["hits"] == ["worker.py"]
    assert r["no_pyc"] and r["reseeded"]
    assert "job" in r["solved"]


@pytest.mark.parametrize("path", ["worker_jobs.py", "puzzles/huarong/solver.py", "puzzles/games.py"])
def test_a_changed_file_drops_the_snapshot_modules(tmp_path, path):
    r = probe(tmp_path, {path: "\nMARKER = 7\n"})
    assert r["started_from"] == "stale snapshot" and not r["same_objects"]
    if path == "worker_jobs.py":
        assert r["marker"] == 7  # the module is the file's, not the snapshot's
    assert "job" in r["solved"]


def test_a_changed_worker_entry_is_compiled_from_its_source(tmp_path):
    r = probe(tmp_path, {"worker.py": "\nMARKER = 3\n"})
    assert r["hits"] == [] and r["worker_marker"] == 3
    assert r["started_from"] == "snapshot"


def test_without_a_snapshot_the_worker_imports_its_files():
    out = subprocess.run(
        [sys.executable, "-c", "import worker, sys; print(worker.STARTED_FROM, 'worker_snapshot' in sys.modules)"],
        cwd=ROOT / "py",
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split() == ["files", "False"]


def test_the_worker_warms_its_search_on_import_outside_the_browser():
    """Importing worker.py in CPython (the tests, the command line) runs the warm-up at once; in the
    browser it runs after the page's first call (tests/e2e/test_startup.py)."""
    out = subprocess.run(
        [sys.executable, "-c", "import worker, worker_jobs; print(worker.WARMED['units'], len(worker_jobs._jobs))"],
        cwd=ROOT / "py",
        capture_output=True,
        text=True,
        check=True,
    )
    units, jobs = map(int, out.stdout.split())
    assert units >= 1 and jobs == 0


NODE_SOLVE = textwrap.dedent(
    """
    import { readFileSync } from "node:fs";
    import { pathToFileURL } from "node:url";
    const [vendor, snapshot, packing] = process.argv.slice(2);
    const { unpack } = await import(pathToFileURL(packing).href);
    const { loadPyodide } = await import(pathToFileURL(vendor + "/pyodide.mjs").href);
    const py = await loadPyodide({ indexURL: vendor + "/", _loadSnapshot: unpack(readFileSync(snapshot)) });
    console.log(py.runPython(`
    import json, sys, worker_jobs
    held = "puzzles.huarong.solver" in sys.modules
    request = {"board": "3114/3114/5226/5786/900a", "options": {"metric": "cell"}}
    job = json.loads(worker_jobs.start("huarong", request))["job"]
    while True:
        answer = json.loads(worker_jobs.step(job, 1000))
        if answer["done"]:
            break
    json.dumps({"held": held, "result": answer["result"], "version": worker_jobs.ping(),
                "digest": sys.modules["worker_snapshot"].DIGEST})
    `));
    """
)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
@pytest.mark.heavy
def test_an_interpreter_started_from_a_new_snapshot_solves(tmp_path):
    vendor = ROOT / "static" / "vendor" / "pyodide"
    if not (vendor / "pyodide.mjs").exists():
        pytest.fail("static/vendor/ is missing: run tools/setup.sh")
    snapshot = tmp_path / "snapshot.bin"
    made = subprocess.run(["node", str(ROOT / "tools/snapshot.mjs"), str(snapshot)], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    assert "modules imported" in made.stdout and snapshot.stat().st_size > 1_000_000
    head = snapshot.read_bytes()[:8]  # packed (static/snapshot-pack.mjs): its zero pages, about half, left out
    assert head[:4] == b"SNPZ" and snapshot.stat().st_size < 0.75 * int.from_bytes(head[4:8], "little")
    script = tmp_path / "solve.mjs"
    script.write_text(NODE_SOLVE)
    out = subprocess.run(["node", str(script), str(vendor), str(snapshot), str(ROOT / "static/snapshot-pack.mjs")],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout.strip().splitlines()[-1])
    assert answer["held"] and answer["version"].startswith("3.")
    assert answer["result"]["status"] == "solved" and answer["result"]["stats"]["steps"] == 116
    assert answer["digest"] == configs.worker_digest()  # what worker.toml names: the page fetches no file


def test_the_stamp_is_written_by_a_rename_never_into_a_shared_file(tmp_path, monkeypatch):
    """static/vendor/'s files may be hard links shared with other checkouts: making this checkout's
    snapshot must leave theirs (and its stamp) as they were."""
    import os

    vendor = tmp_path / "pyodide"
    vendor.mkdir()
    shared = tmp_path / "elsewhere.stamp"
    shared.write_text("another checkout's stamp\n")
    os.link(shared, vendor / "snapshot.stamp")
    (vendor / "snapshot.bin").write_bytes(b"old")
    monkeypatch.setattr(configs, "SNAPSHOT", vendor / "snapshot.bin")
    monkeypatch.setattr(configs, "snapshot_stamp", lambda: "ours")
    monkeypatch.setattr(configs.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, 0))
    assert configs.make_snapshot()
    assert (vendor / "snapshot.stamp").read_text() == "ours\n"
    assert shared.read_text() == "another checkout's stamp\n"
    assert sorted(p.name for p in vendor.iterdir()) == ["snapshot.bin", "snapshot.stamp"]
