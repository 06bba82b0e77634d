"""A fourth game: the tests' toy, 3 × 3 lights out
(tests/toygame/), registered for one test at a time, runs through the generic
tests, which find every game in ``puzzles.games``. It touches no file but its
own: its messages and page texts are added by :class:`toygame.registered`, as a
page that starts with it registered has them.

The per-game checks called here are the suite's own functions; with the toy
registered they meet a game they have never seen.
"""

import pytest

import test_fuzz_parse
import test_i18n
import test_job_slices
import test_links_and_saves_refused
import test_messages
import test_session
import test_worker_jobs
import toygame
from puzzles import games


@pytest.fixture
def lights():
    with toygame.registered() as spec:
        yield spec


def test_the_registry_takes_the_toy_and_gives_it_back(lights):
    assert games.NAMES[-1] == "lights" and games.GAMES["lights"] is lights and games.SPECS[-1] is lights
    with pytest.raises(ValueError):
        games.register(lights)


def test_the_toy_is_gone_after_its_test():
    assert "lights" not in games.GAMES and "lights" not in games.NAMES
    assert all(spec.name != "lights" for spec in games.SPECS)


def test_toy_spec_round_trips(lights):
    board = lights.default()
    assert lights.board.parse(board.to_code()) == board == lights.board.parse(board.to_json())
    test_links_and_saves_refused.test_every_game_has_a_shape_rule()
    test_links_and_saves_refused.test_foreign_errors_of_a_decoder_come_out_as_value_errors("lights")
    test_fuzz_parse.test_decode_move_raises_only_value_error(name="lights")


def test_toy_session(lights):
    for bad in test_session.GARBAGE:
        test_session.test_restore_accepts_nothing_it_did_not_validate("lights", bad)
    test_links_and_saves_refused.test_restore_with_foreign_steps_is_all_or_nothing(name="lights")


def test_toy_worker_jobs(lights):
    test_worker_jobs.test_every_game_answers_one_result_shape("lights")
    test_job_slices.test_every_job_has_a_generator_and_no_actions_are_left()
    result = test_worker_jobs.run_request("lights", test_worker_jobs.request("111/111/111", "solve"))
    board = lights.board.parse("111/111/111")
    for m in result["moves"]:
        board = lights.apply(board, lights.decode_move(m))
    assert result["status"] == "solved" and board.is_solved()


def test_toy_messages(lights):
    test_messages.test_every_code_has_both_languages_with_the_same_placeholders()
    test_messages.test_every_code_raised_is_in_the_catalogue_and_every_entry_is_raised()
    test_messages.test_no_engine_raise_is_left_as_plain_text()
    with pytest.raises(lights.board.error) as info:
        lights.board.parse("120/000/000")
    assert info.value.code == "lights_bad_cell" and "'120/000/000'" in str(info.value)


def test_toy_i18n_keys(lights):
    test_i18n.test_every_key_the_app_uses_exists()


def test_the_generic_checks_see_the_toy():
    """Registered without its texts, the toy fails the checks that must cover every game: so they
    read the registry, and do not pass by not looking."""
    from toygame import lights as lights_module

    games.register(lights_module.SPEC)
    try:
        with pytest.raises(AssertionError, match="tab_lights"):
            test_i18n.test_every_key_the_app_uses_exists()
        with pytest.raises(AssertionError):
            test_messages.test_every_code_raised_is_in_the_catalogue_and_every_entry_is_raised()
    finally:
        games.unregister("lights")
