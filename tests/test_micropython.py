"""What the page's main thread imports, run under MicroPython (the npm build, on Node)."""

import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize(
    "script, done",
    [
        ("check_main_thread.py", "OK strict json"),
        ("check_linkup.py", "OK linkup"),
        ("check_sliding.py", "OK sliding"),
    ],
)
def test_runs_on_micropython(script, done):
    proc = subprocess.run(
        ["node", "tests/mpy/run.mjs", "tests/mpy/" + script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert done in proc.stdout
