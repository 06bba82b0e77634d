"""What the page's main thread imports, run under MicroPython (the npm build, on Node)."""

import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from helpers import hostile, hostile_scripts

pytestmark = pytest.mark.waits  # on clocks, sockets or other processes more than it computes (tests/conftest.py)

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize(
    "script, done",
    [
        ("check_main_thread.py", "OK strict json"),
        ("check_linkup.py", "OK linkup"),
        ("check_sliding.py", "OK sliding"),
        ("check_code.py", "OK code"),
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


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_one_whitespace_rule_on_both_runtimes():
    """CPython and MicroPython each class Unicode whitespace their own way (U+3000, U+2028,
    \\x1c-\\x1f among others), so the parsers use one rule of their own. The same script prints the same
    1,058 outcomes on both runtimes (puzzles.WHITESPACE, puzzles.strip)."""
    script = "tests/mpy/check_whitespace.py"
    mpy = subprocess.run(["node", "tests/mpy/run.mjs", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    cpy = subprocess.run(
        [sys.executable, script], cwd=ROOT, capture_output=True, text=True, timeout=120, env={"PYTHONPATH": "py"}
    )
    assert mpy.returncode == 0 and cpy.returncode == 0, mpy.stderr + cpy.stderr
    assert "OK whitespace" in cpy.stdout
    assert mpy.stdout.splitlines() == cpy.stdout.splitlines()
    assert "huarong 3000 around ok 3114/3114/5226/5786/900a" in cpy.stdout  # the ideographic space is blank
    assert "huarong 001c around refused bad_piece_char" in cpy.stdout  # \x1c is not


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_input_functions_mean_the_same_on_both_runtimes():
    """What a tap, key, drag or swipe means (puzzles.<game>_input) is decided on the
    page's main thread, on MicroPython, and unit-tested in CPython: the same events on the same
    boards give the same outcomes and UI states on both (1,640 cases, every move applied)."""
    script = "tests/mpy/check_input.py"
    mpy = subprocess.run(["node", "tests/mpy/run.mjs", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    cpy = subprocess.run(
        [sys.executable, script], cwd=ROOT, capture_output=True, text=True, timeout=120, env={"PYTHONPATH": "py"}
    )
    assert mpy.returncode == 0 and cpy.returncode == 0, mpy.stderr + cpy.stderr
    assert "OK input 1640" in cpy.stdout
    assert mpy.stdout.splitlines() == cpy.stdout.splitlines()
    assert "huarong {selected: 1} | tap None 2 None None -> [[1, 'right']] {selected: 1}" in cpy.stdout
    assert "sliding {} | swipe None None None down -> [2] {}" in cpy.stdout


HOSTILE_PASTES = 100  # per game (seed 1: the end-to-end test pastes the first of them in the page)
HOSTILE_LINKS = 12  # per game (seed 2: the end-to-end test opens a few of them as links)
HOSTILE_SCRIPTS = 100  # Huarong move scripts (seed 3)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_refuses_hostile_text_as_cpython_does(tmp_path):
    """The page's parsers run on MicroPython: every hostile paste, link and move script of the
    end-to-end tests (tests/helpers.py, more of them than the page is given there) is refused on
    MicroPython with the same message, English and 中文, as on CPython."""
    from puzzles.games import GAMES

    cases = []
    for game in sorted(GAMES):
        cases += [["paste", game, text] for text in hostile(game, HOSTILE_PASTES, 1)]
        cases += [["link", game, text] for text in hostile(game, HOSTILE_LINKS, 2)]
    cases += [["script", "huarong", text] for text in hostile_scripts(HOSTILE_SCRIPTS, 3)]
    script = tmp_path / "check_refusals.py"
    body = (ROOT / "tests/mpy/check_refusals.py").read_text(encoding="utf-8")
    head = "import json\nCASES = json.loads(%r)\n" % json.dumps(cases, ensure_ascii=False)
    script.write_text(head + body, encoding="utf-8")
    mpy = subprocess.run(["node", "tests/mpy/run.mjs", str(script)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    cpy = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": "py"})
    assert mpy.returncode == 0 and cpy.returncode == 0, mpy.stderr + cpy.stderr
    assert cpy.stdout.splitlines()[-1] == "OK refusals %d of %d" % (len(cases), len(cases))
    assert mpy.stdout.splitlines() == cpy.stdout.splitlines()
