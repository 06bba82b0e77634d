"""Build the 4×4 sliding-puzzle pattern tables shipped in static/data/.

    python3 tools/build_sliding_tables.py [--out PATH]

Runs the engine's own :func:`puzzles.sliding_solver.build_table` for each group of
:data:`puzzles.sliding_solver.GROUPS_4X4` (6-6-3) and writes them with
:func:`puzzles.sliding_solver.encode_tables`. Pure CPython; the two six-tile tables
take a few minutes each on a laptop-class core.
"""

import argparse
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from puzzles import sliding_solver  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "static" / "data" / sliding_solver.TABLE_FILE))
    args = parser.parse_args()
    tables = []
    for group in sliding_solver.GROUPS_4X4:
        t0 = time.perf_counter()
        table = sliding_solver.build_table(4, 4, group)
        depth = max(v for v in table if v != 255)
        print("group %s: %.1f s, deepest %d" % (group, time.perf_counter() - t0, depth), flush=True)
        tables.append(table)
    data = sliding_solver.encode_tables(4, 4, sliding_solver.GROUPS_4X4, tables)
    pathlib.Path(args.out).write_bytes(data)
    print("wrote %s (%d bytes)" % (args.out, len(data)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
