"""A part's narrow view of its game: a :class:`Port` holds only the names the part declares (its
``PORT`` tuple: the game's hooks and constants it reads), taken from the game's view when the part is
built, so that no part is handed the view itself and a test can hand a part a port of fakes."""


class Port:
    """``names`` of ``source`` (bound methods, constants), as attributes; nothing else."""

    def __init__(self, source: object, names: tuple) -> None:
        for name in names:
            setattr(self, name, getattr(source, name))
