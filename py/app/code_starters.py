"""The Code panel's starter program per game, with comments in the page's language: the
course's function signatures, a first step, and room for the learner's search. Each game's
are its exercise's (``puzzles/GAME/exercise.py``), found through the registry."""

from puzzles.code_check import exercise_of
from puzzles.games import GAMES


def _starters(game: str) -> tuple:
    spec = GAMES.get(game)
    exercise = exercise_of(spec) if spec is not None else None
    return exercise.starters if exercise is not None else ("", "")


def starter(game: str, lang: str) -> str:
    pair = _starters(game)
    return pair[1] if lang == "zh" else pair[0]


def is_starter(game: str, text: str) -> bool:
    return text in _starters(game)
