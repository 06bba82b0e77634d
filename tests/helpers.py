"""Small helpers the engine tests share."""


def drain(gen, key: str) -> tuple:
    """Run a generator to its end: ``(progress[key] of every yield, the value it returns)``."""
    seen = []
    while True:
        try:
            seen.append(next(gen)[key])
        except StopIteration as stop:
            return seen, stop.value
