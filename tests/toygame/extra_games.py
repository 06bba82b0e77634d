"""Shipped as ``extra_games.py`` by the test server's configs for a page that asks for the tests'
game (``?testgame=lights``, see ``serving.py``): :func:`puzzles.games.register_extra`, which the
page's and the worker's entry points call before anything reads the registry, imports it, and
the toy joins the registry as a fourth game."""

from puzzles import games
from toygame import lights

games.register(lights.SPEC)
