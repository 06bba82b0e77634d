"""What the page's main thread imports, run under MicroPython (the npm build, on Node)."""

import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_main_thread_modules_run_on_micropython():
    proc = subprocess.run(
        ["node", "tests/mpy/run.mjs", "tests/mpy/check_main_thread.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert "OK main thread modules" in proc.stdout


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_linkup_rules_run_on_micropython():
    proc = subprocess.run(
        ["node", "tests/mpy/run.mjs", "tests/mpy/check_linkup.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert "OK linkup" in proc.stdout
