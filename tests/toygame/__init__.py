"""The tests' own games, each one folder as the product's are (``lights/``: 3 × 3 lights out),
registered by the tests only: in CPython for one test at a time (:class:`registered`), and on a
page of the test server that asks for one (``?testgame=lights``, see ``serving.py``), where
``extra_games.py`` registers it before the shell reads the registry. The product's registry
(``py/puzzles/games.py``) never names them.

This package runs on the page too (MicroPython): nothing here imports more than the registry.
"""

from puzzles import games, messages


class registered:
    """``with registered() as spec:`` the toy in the registry (:func:`puzzles.games.register`),
    its error messages and page texts in the catalogues, as a page that starts with it has them
    (``app.i18n`` merges a registered game's texts when it is first imported); all taken out
    again after."""

    def __enter__(self) -> object:
        from app import i18n
        from toygame import lights
        from toygame.lights import texts

        games.register(lights.SPEC)
        self.added = [(messages.MESSAGES, texts.MESSAGES), (i18n._TEXT, texts.TEXTS)]
        for table, entries in self.added:
            table.update(entries)
        return lights.SPEC

    def __exit__(self, *exc: object) -> None:
        games.unregister("lights")
        for table, entries in self.added:
            for key in entries:
                table.pop(key, None)
