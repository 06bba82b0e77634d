"""The learner's code in a shared link (py/puzzles/code_link.py): packed into the URL's fragment,
read back the same on both runtimes (MicroPython packs on the page, CPython here), a damaged, cut
or too long link refused with a reason, never half opened."""

import pathlib
import shutil
import subprocess

import pytest

from puzzles.code_link import MAX_CODE, LinkError, pack, unpack

ROOT = pathlib.Path(__file__).resolve().parent.parent


def program(n: int = 8686) -> str:
    """A program of ``n`` characters with Chinese comments (a learner's long solution)."""
    lines, size, i = [], 0, 0
    while size < n:
        line = "# 第 %d 步：从队列取出状态，试每个方向（广度优先搜索）\n" % i
        line += "state_%d = [%d, %d, 'left']\n" % (i, i, i * 7 % 13)
        lines.append(line)
        size += len(line)
        i += 1
    return "".join(lines)[:n]


def test_a_long_program_with_chinese_comments_round_trips_in_a_short_link():
    code = program()
    assert len(code) == 8686
    packed = pack(code)
    assert unpack(packed) == code
    assert len(packed) < 8000, "far under what any server or browser refuses (unpacked, a 70,025-byte link)"
    assert all(ch.isascii() and (ch.isalnum() or ch in "-_.") for ch in packed), "nothing to escape in a URL"
    assert unpack(pack("")) == "" and unpack(pack("print('你好')\n")) == "print('你好')\n"


@pytest.mark.parametrize("how", ["flip", "cut", "empty", "version", "alphabet", "padding"])
def test_a_damaged_link_is_refused_never_half_opened(how):
    packed = pack(program(3000))
    damaged = {
        "flip": packed[:60] + ("A" if packed[60] != "A" else "B") + packed[61:],
        "cut": packed[: len(packed) // 2],
        "empty": "",
        "version": "9" + packed[1:],
        "alphabet": packed[:30] + "%" + packed[31:],
        "padding": packed + "==",
    }[how]
    with pytest.raises(LinkError) as e:
        unpack(damaged)
    assert e.value.args[0] == "damaged"


def test_a_link_with_more_than_the_panels_characters_says_how_long():
    with pytest.raises(LinkError) as e:
        unpack(pack("x" * (MAX_CODE + 5)))
    assert e.value.args[0] == "too_long" and e.value.args[1] > MAX_CODE
    bomb = pack("\n" * (50 * MAX_CODE))  # a small link that inflates far past the limit: cut at the limit
    with pytest.raises(LinkError) as e:
        unpack(bomb)
    assert e.value.args[0] == "too_long"
    assert unpack(pack("é" * MAX_CODE)) == "é" * MAX_CODE


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_micropython_and_cpython_read_each_others_links(tmp_path):
    """The page (MicroPython) packs what Share puts in a link and unpacks what it opens."""
    code = program()
    script = tmp_path / "check_code_link.py"
    script.write_text(
        "from puzzles.code_link import pack, unpack, LinkError\n"
        "code = %r\n"
        "assert unpack(%r) == code\n"
        "try:\n    unpack(%r)\n    raise AssertionError('opened')\nexcept LinkError as e:\n"
        "    assert e.args[0] == 'damaged'\n"
        "print('PACKED ' + pack(code))\n" % (code, pack(code), pack(code)[:-9]),
        encoding="utf-8",
    )
    proc = subprocess.run(["node", "tests/mpy/run.mjs", str(script)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    packed = proc.stdout.split("PACKED ", 1)[1].strip()
    assert unpack(packed) == code
    assert len(packed) < 8000
