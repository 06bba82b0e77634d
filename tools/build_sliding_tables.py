"""Build the sliding-puzzle pattern tables shipped in static/data/.

    python3 tools/build_sliding_tables.py [--shape 4x4|3x5] [--out PATH]

Runs the engine's own :func:`puzzles.sliding.solver.build_table` for each group of
the shape's partition (:data:`puzzles.sliding.solver.GROUPS`: 4 × 4 is 6-6-3, 3 × 5
is 6-6-2, which also serves 5 × 3 turned on its diagonal) and writes them with
:func:`puzzles.sliding.solver.encode_tables` to the shape's file of
:data:`puzzles.sliding.solver.SHIPPED`. Pure CPython; a six-tile table takes about
ten minutes for 4 × 4 and one to two minutes for 3 × 5 on a laptop-class core.
"""

import argparse
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from puzzles.sliding import solver as sliding_solver  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", default="4x4", choices=["%dx%d" % s for s in sliding_solver.SHIPPED])
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    rows, cols = (int(x) for x in args.shape.split("x"))
    groups = sliding_solver.GROUPS[(rows, cols)]
    out = args.out or str(ROOT / "static" / "data" / sliding_solver.SHIPPED[(rows, cols)])
    tables = []
    for group in groups:
        t0 = time.perf_counter()
        table = sliding_solver.build_table(rows, cols, group)
        depth = max(v for v in table if v != 255)
        print("group %s: %.1f s, deepest %d" % (group, time.perf_counter() - t0, depth), flush=True)
        tables.append(table)
    data = sliding_solver.encode_tables(rows, cols, groups, tables)
    pathlib.Path(out).write_bytes(data)
    print("wrote %s (%d bytes)" % (out, len(data)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
