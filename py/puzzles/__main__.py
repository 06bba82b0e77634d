"""One command line for every game: ``python -m puzzles GAME [BOARD] [options]``.

Prints the solution as the course's console lines (``gameHandler.move(10,
'left')``, ``gameHandler.connect(0, 1, 0, 2)``, ``gameHandler.move(5)``),
pasteable into the course's panel, or the worker's JSON result with
``--json``; a summary goes to standard error. Exit status: 0 solved, 1 no
solution (or gave up), 2 bad input.
"""

import argparse
import json
import sys

from puzzles import PuzzleError, load_module, run
from puzzles.games import GAMES


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m puzzles", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="game", required=True, metavar="GAME")
    for name, spec in GAMES.items():
        p = sub.add_parser(name, help="solve a %s board" % name)
        p.add_argument("board", nargs="?", help="the course's JSON form or a share code (default: the game's)")
        for option, choices in spec.options.items():
            p.add_argument("--" + option, choices=choices, help="default: chosen for the board (%s)" % choices[0])
        p.add_argument("--json", action="store_true", help="print the result as the worker answers it")
        if spec.layouts:
            p.add_argument("--list", action="store_true", help="list the classic layouts (a layout's name is a board)")
    return ap


def _board(spec: object, text: "str | None") -> object:
    if text is None:
        return spec.default()
    if spec.layouts:
        lay = load_module(spec.layouts).find_layout(text)
        if lay is not None:
            return lay.board
    return spec.board.parse(text)


def main(argv: "list[str] | None" = None) -> int:
    args = _parser().parse_args(argv)
    spec = GAMES[args.game]
    if getattr(args, "list", False):
        for lay in load_module(spec.layouts).LAYOUTS:
            print("%-12s %-36s %s" % (lay.zh, lay.en, lay.board.to_compact()))
        return 0
    try:
        board = _board(spec, args.board)
    except PuzzleError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    options = spec.defaults(board)
    for option in spec.options:
        if getattr(args, option) is not None:
            options[option] = getattr(args, option)
    solver = load_module(spec.solver)
    result = run(solver.JOBS["solve"](board, options, {}))
    if args.json:
        print(json.dumps(result.to_dict(spec.encode_move), ensure_ascii=False))
    elif result.status == "solved":
        b = board
        for move in result.moves:
            print(spec.format_move(b, move))
            b = spec.apply(b, move)
        n = spec.count(result.moves, options)
        print("// %d moves (%s), %d positions searched" % (n, _about(options), result.positions), file=sys.stderr)
    else:
        print("// %s: %d positions searched" % (result.status, result.positions), file=sys.stderr)
    return 0 if result.status == "solved" else 1


def _about(options: dict) -> str:
    return ", ".join("%s %s" % kv for kv in sorted(options.items())) or "fewest pairs"


if __name__ == "__main__":
    raise SystemExit(main())
