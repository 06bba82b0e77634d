"""A fourth game: the tests' toy, 3 × 3 lights out
(tests/toygame/), registered for one test at a time, runs through the generic
tests, which find every game in ``puzzles.games``. It touches no file but its
own: its messages and page texts are added by :class:`toygame.registered`, as a
page that starts with it registered has them.

The per-game checks called here are the suite's own functions; with the toy
registered they meet a game they have never seen.
"""

import re
import subprocess
from pathlib import Path

import pytest

import test_fuzz_parse
import test_i18n
import test_job_slices
import test_links_and_saves_refused
import test_messages
import test_session
import test_structure
import test_worker_jobs
import toygame
from puzzles import games, messages


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


def test_toy_view_holds_no_forwarding(lights):
    test_structure.check_no_aliases("lights")
    for path in sorted((Path(__file__).resolve().parent / "toygame").rglob("*.py")):
        assert test_structure.forwarding_properties(path.read_text(encoding="utf-8")) == [], path


def test_the_generic_checks_see_the_toy():
    """Registered without its texts, the toy fails the checks that must cover every game: so they
    read the registry, and do not pass by not looking."""
    from app import i18n
    from toygame import lights as lights_module
    from toygame.lights import texts

    # Importing the toy adds its messages (as a game's module does); whatever ran before may have added
    # its texts too: both taken out for this test, so that the toy is registered without them.
    taken = [(table, {k: table.pop(k) for k in entries if k in table})
             for table, entries in ((messages.MESSAGES, texts.MESSAGES), (i18n._TEXT, texts.TEXTS))]
    games.register(lights_module.SPEC)
    try:
        with pytest.raises(AssertionError, match="board_lights"):  # its view's keys: its folder is read
            test_i18n.test_every_key_the_app_uses_exists()
        with pytest.raises(AssertionError):
            test_messages.test_every_code_raised_is_in_the_catalogue_and_every_entry_is_raised()
    finally:
        games.unregister("lights")
        for table, entries in taken:
            table.update(entries)


ROOT = Path(__file__).resolve().parent.parent
# The toy's folder, and the only other files that may name it: the two test files that drive it (in
# CPython and in Chromium), the test server's one hook (tools/serve.py's make_server(tests=True) imports
# toygame.serving) and the design notes that describe it. The product's registry, py/, static/, the
# page and the configs never do: the page learns of the toy only from the test server's configs.
TOY_FOLDER = "tests/toygame/"
MAY_NAME_IT = {"tests/test_toygame.py", "tests/e2e/test_fourth_game.py", "tools/serve.py",
               "docs/design.md", "docs/testing.md"}
# What names it: its package, its page's switch, its name and texts, its board's element and its texts' keys.
NAMING = re.compile(r"toygame|testgame|[\"']lights[\"']|\blights\.[A-Za-z]|import lights|lights out|关灯|"
                    r"\blo[-_][a-z]|lights_[a-z]|_lights\b", re.I)


def names_the_toy(text: str) -> list:
    """The lines of ``text`` that name the toy game."""
    return [line for line in text.splitlines() if NAMING.search(line)]


def test_the_name_finder_sees_the_toy_and_not_the_map_lighting_up():
    code = 'import toygame\nx = 1\n"?testgame=lights"\nspec("lights")\n"lo_ready"\n"tab_lights"\nlights.SPEC'
    assert names_the_toy(code) == ['import toygame', '"?testgame=lights"', 'spec("lights")', '"lo_ready"',
                                   '"tab_lights"', 'lights.SPEC']
    assert names_the_toy("progress lights the wavefront\nthe wavefront lights (for tests)\nslow_light") == []


def test_no_file_outside_the_toys_folder_names_it_but_those_that_drive_it():
    tracked = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    found = {}
    for rel in tracked:
        path = ROOT / rel
        if rel.startswith(TOY_FOLDER) or rel in MAY_NAME_IT or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # images, data
            continue
        lines = names_the_toy(text)
        if lines:
            found[rel] = lines[:3]
    assert len(tracked) > 100 and found == {}
    for rel in MAY_NAME_IT - {"docs/design.md", "docs/testing.md"}:  # each exception of code is needed
        assert names_the_toy((ROOT / rel).read_text(encoding="utf-8")), rel


def _get(url: str) -> tuple:
    """``(status, body)`` of a GET."""
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, ""


def test_only_the_test_server_serves_the_toys_page(server_url):
    """The test server's ``?testgame=lights`` page names configs that ship the toy's folder (its search
    code to the worker only, its view to the page only); the product's server, given the same URLs,
    serves the product's page and nothing of the toy."""
    import threading

    from serve import make_server

    status, page = _get(server_url + "?testgame=lights&game=lights")
    assert status == 200 and 'config="./pyscript.lights.toml"' in page and 'config="./worker.lights.toml"' in page
    main, worker = _get(server_url + "pyscript.lights.toml")[1], _get(server_url + "worker.lights.toml")[1]
    assert '"./tests/toygame/lights/view.py"' in main and '"./tests/toygame/lights/solver.py"' not in main
    assert '"./tests/toygame/lights/solver.py"' in worker and '"./tests/toygame/lights/view.py"' not in worker
    assert '"./tests/toygame/extra_games.py" = "./extra_games.py"' in main and "extra_games.py" in worker
    assert _get(server_url + "tests/toygame/lights/__init__.py")[0] == 200
    for other in ("tests/toygame/serving.py", "tests/test_toygame.py", "pyscript.other.toml"):
        assert _get(server_url + other)[0] == 404, other
    assert 'config="./pyscript.toml"' in _get(server_url + "?testgame=other")[1]

    product = make_server(0)
    threading.Thread(target=product.serve_forever, daemon=True).start()
    try:
        url = "http://127.0.0.1:%d/" % product.server_address[1]
        status, page = _get(url + "?testgame=lights&game=lights")
        assert status == 200 and 'config="./pyscript.toml"' in page and "lights" not in page
        for path in ("pyscript.lights.toml", "worker.lights.toml", "tests/toygame/lights/__init__.py"):
            assert _get(url + path)[0] == 404, path
        assert "toygame" not in _get(url + "pyscript.toml")[1] + _get(url + "worker.toml")[1]
    finally:
        product.shutdown()
