"""Small helpers the engine tests share."""


def drain(gen, key: str) -> tuple:
    """Run a generator to its end: ``(progress[key] of every yield, the value it returns)``."""
    seen = []
    while True:
        try:
            seen.append(next(gen)[key])
        except StopIteration as stop:
            return seen, stop.value


def replays(board, moves: list) -> bool:
    """Whether Link-up ``moves`` (pairs of cell indexes) each join by the rules of
    ``puzzles.linkup.connect`` in turn and leave ``board`` cleared."""
    from puzzles.linkup import connect

    for a, b in moves:
        if not connect(board, a // board.cols, a % board.cols, b // board.cols, b % board.cols):
            return False
        board = board.remove(a, b)
    return board.is_cleared()


def linkup_positions(board, most: int = 40) -> list:
    """Link-up positions reachable from ``board``, breadth first, at most ``most``."""
    from puzzles.linkup import joinable_pairs

    out, todo, seen = [], [board], {board}
    while todo and len(out) < most:
        b = todo.pop(0)
        out.append(b)
        for a, c in joinable_pairs(b):
            n = b.remove(a, c)
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return out
