"""The worker's one protocol, called the way the page calls it: JSON in, JSON out, in slices."""

import json
import time

import pytest

from helpers import step_to_end
from puzzles import Result
from puzzles.games import GAMES
from puzzles.huarong import Board
from puzzles.sliding import Board as SlidingBoard
from puzzles.sliding import solver as sliding_solver
from worker_jobs import cancel, ping, start, step

COURSE = "3114/3114/5226/5786/900a"


def request(board: str, action: str = "solve", **options: object) -> str:
    return json.dumps({"action": action, "board": board, "options": options})


def run(job: int, budget_ms: float = 5) -> tuple:
    """``(the job's result, how many progress answers came before it)``, each progress past some work."""
    answer, progress = step_to_end(job, budget_ms)
    assert all(p["positions"] > 0 for p in progress), progress
    return answer["result"], len(progress)


def run_request(game: str, req: str) -> dict:
    started = json.loads(start(game, req))
    assert "job" in started, started
    return run(started["job"], 1000)[0]


def test_solve_in_slices_with_progress():
    job = json.loads(start("huarong", request(COURSE, metric="cell")))["job"]
    result, slices = run(job)
    assert result["status"] == "solved" and result["stats"]["steps"] == 116 and slices >= 1
    board = Board.parse(COURSE).play([tuple(m) for m in result["moves"]])
    assert board.is_solved()
    assert sum(result["stats"]["levels"]) <= result["stats"]["positions"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_answers_one_result_shape(game):
    spec = GAMES[game]
    board = spec.default()
    for action in ("solve", "hint"):
        t0 = time.perf_counter()
        result = run_request(game, request(board.to_code(), action))
        took = time.perf_counter() - t0
        assert set(result) == {"status", "moves", "stats"}
        assert result["status"] in ("solved", "unsolvable", "unknown")
        # the default board is not solved: the search explored positions, its own time within the run's
        assert result["stats"]["positions"] > 0 and 0 < result["stats"]["seconds"] <= took, (result["stats"], took)
        moves = [spec.decode_move(m) for m in result["moves"]]
        after = board
        for m in moves:
            after = spec.apply(after, m)
        if action == "solve":
            assert result["status"] == "solved" and after.to_code() != board.to_code()
        else:
            assert len(moves) >= 1


def test_cancel_forgets_the_job():
    job = json.loads(start("huarong", request(COURSE)))["job"]
    json.loads(step(job, 1))
    assert json.loads(cancel(job)) == {"cancelled": True}
    assert json.loads(cancel(job)) == {"cancelled": False}
    assert json.loads(step(job, 1)) == {"done": True, "result": {"status": "cancelled", "moves": [], "stats": {}}}


def test_bad_requests_answer_an_error():
    err = json.loads(start("huarong", request("[[1],[1,1]]")))["error"]
    assert "ragged" in err["text"] and err["code"]
    assert "error" in json.loads(start("chess", "{}"))
    assert "error" in json.loads(start("huarong", "not json"))
    assert "error" in json.loads(start("huarong", request(COURSE, action="dance")))


def test_hint_and_distance():
    result = run_request("huarong", request(COURSE, "hint", metric="cell"))
    assert result["stats"]["distance"] == 116 and result["stats"]["positions"] == 25955
    pid, d = result["moves"][0]
    after = Board.parse(COURSE).move(pid, d)
    again = run_request("huarong", request(after.to_compact(), "hint", metric="cell"))
    assert again["stats"]["distance"] == 115
    dead = run_request("huarong", request("2113/2113/4576/4586/900a", "hint"))
    assert dead["status"] == "unsolvable" and dead["moves"] == []


def test_compare_reports_both_sides():
    result = run_request("huarong", request("1100/1100/0000/0023", "compare"))
    sides = result["stats"]["sides"]
    assert sides["equal"]["steps"] == sides["distinct"]["steps"]
    assert sides["distinct"]["positions"] >= sides["equal"]["positions"]


def test_linkup_generate_and_shuffle_are_sliced_jobs():
    req = {"action": "generate", "rows": 8, "cols": 18, "kinds": 36, "per_kind": 4, "seed": 3}
    result = run_request("linkup", json.dumps(req))
    # a made board says so: status "made", the board beside the stats, not in them, and no moves
    assert result["status"] == "made" and result["moves"] == [] and "board" not in result["stats"]
    board = GAMES["linkup"].board.parse(result["board"])
    assert (board.rows, board.cols) == (8, 18)
    result = run_request("linkup", json.dumps({"action": "shuffle", "board": board.to_code(), "seed": 1}))
    assert result["status"] == "made" and result["moves"] == [] and "board" not in result["stats"]
    shuffled = GAMES["linkup"].board.parse(result["board"])
    assert sorted(shuffled.cells) == sorted(board.cells) and shuffled != board


def test_only_a_made_board_has_a_board():
    assert Result("made", [], 3, board="1.1").to_dict(str) == {
        "status": "made",
        "moves": [],
        "stats": {"positions": 3},
        "board": "1.1",
    }
    assert "board" not in Result("solved", [], 3).to_dict(str)
    for bad in (lambda: Result("made", [], 3), lambda: Result("solved", [], 3, board="1.1")):
        with pytest.raises(ValueError):
            bad()


def test_ping():
    assert ping().startswith("3.")


def test_sliding_solve_in_slices_reports_the_bound():
    korf5 = [[0, 8, 14, 15], [1, 10, 11, 5], [4, 7, 13, 6], [3, 2, 9, 12]]
    job = json.loads(start("sliding", request(json.dumps(korf5))))["job"]
    answer, progress = step_to_end(job, 5)
    slices = len(progress)
    # the search's bounds; a process that has no 4 x 4 tables yet builds them first
    bounds = [p["bound"] for p in progress if "bound" in p]
    result = answer["result"]
    stats = result["stats"]
    assert result["status"] == "solved" and stats["steps"] == 56 and stats["optimal"]
    assert bounds and bounds == sorted(bounds) and bounds[-1] <= 56 and slices >= 2
    assert stats["seconds"] >= slices * 0.004  # the whole search's time, not one slice's
    assert SlidingBoard.from_grid(korf5).play(result["moves"]).is_solved()


def test_sliding_unsolvable_fast_and_options():
    result = run_request("sliding", request("2x3-123540"))
    assert result["status"] == "unsolvable" and result["stats"]["steps"] == -1
    code = "5x5-egd1m4o20ji39b6cn8klha7f5"
    result = run_request("sliding", request(code, mode="fast"))
    assert not result["stats"]["optimal"] and SlidingBoard.parse(code).play(result["moves"]).is_solved()
    err = json.loads(start("sliding", request("[[1,1],[2,0]]")))["error"]
    assert "appears twice" in err["text"]
    # an unknown option value falls back to the board's default (fast above 16 cells)
    assert run_request("sliding", request(code, mode="slow"))["stats"]["method"] == "fast"


def test_sliding_tables_install_from_the_shipped_bytes():
    with open(sliding_solver.table_path(), "rb") as f:
        data = f.read()
    job = json.loads(start("sliding", {"action": "tables", "data": data}))["job"]
    result, slices = run(job, 5)
    assert result["stats"]["groups"] == sliding_solver.GROUPS_4X4 and slices >= 1
    assert result["status"] == "loaded" and result["moves"] == [] and "board" not in result
    for damaged in (data[: len(data) // 2], b'{"rows": 4, "cols": 4, "groups": []}\n', b"junk"):
        started = json.loads(start("sliding", {"action": "tables", "data": damaged}))
        if "error" not in started:
            answer = step_to_end(started["job"], 1000)[0]
            assert "error" in answer, "damaged tables must be refused"


def test_compare_gives_up_honestly_on_the_distinct_side(monkeypatch):
    """横刀立马 with pieces told apart has 14,950,080 reachable positions (the state map's count): the
    distinct side stops at its limit and says so (``unknown``, no steps, the limit), the equal side solves
    it. The limit is lowered to 200,000 here (the rule is the same at the product's; its seconds are the
    benchmark's)."""
    from puzzles.huarong import solver as huarong_solver

    monkeypatch.setattr(huarong_solver, "COMPARE_LIMIT", 200_000)
    COMPARE_LIMIT = huarong_solver.COMPARE_LIMIT
    result = run_request("huarong", request("3114/3114/5226/5786/900a", "compare"))
    equal, distinct = result["stats"]["sides"]["equal"], result["stats"]["sides"]["distinct"]
    assert equal["status"] == "solved" and equal["steps"] == 116 and equal["positions"] < COMPARE_LIMIT
    assert distinct["status"] == "unknown" and distinct["steps"] is None
    assert distinct["limit"] == COMPARE_LIMIT <= distinct["positions"] < COMPARE_LIMIT + 1000


def test_a_job_may_start_under_an_id_given_before():
    """worker.py hands out a download's job id at once (new_id) and starts the job under it when the file is in."""
    from worker_jobs import new_id

    job = new_id()
    assert new_id() != job
    answer = json.loads(start("sliding", request("2x3-412503"), job))
    assert answer == {"job": job}
    out = step_to_end(job, 40)[0]
    assert out["result"]["status"] == "solved"


def test_warm_up_runs_the_search_through_the_protocol_and_leaves_nothing_behind():
    """worker.py warms the search (a cold runtime runs the first searches about three times slower, its
    code not yet optimized); it must leave no job, no cached table,
    and work on a board of its own, never the default one a player's first Solve asks for."""
    import worker_jobs
    from puzzles.huarong import solver as huarong_solver

    tables = list(huarong_solver._tables)
    jobs = dict(worker_jobs._jobs)
    out = worker_jobs.warm_up(0.0)  # one unit, whatever the budget
    assert out["units"] == len(out["unit_ms"]) >= 1
    assert worker_jobs._jobs == jobs and huarong_solver._tables == tables
    warm = GAMES["huarong"].warm_up
    assert sorted(r["options"]["metric"] for r in warm) == ["cell", "piece"]
    for req in warm:
        assert Board.parse(req["board"]).to_code() != GAMES["huarong"].default().to_code()
        result = run_request("huarong", req)
        assert result["status"] == "solved" and result["stats"]["positions"] > 1000  # a search, not a lookup
    assert worker_jobs.warm_up(60.0, most_units=2)["units"] == 2  # the work it needs, not a minute of it


def test_the_warm_up_yields_between_units_and_may_be_left_at_any():
    """The browser's worker warms up a unit a task, after it has said it is ready, and stops at the page's
    first job: the generator yields after each unit with no job or table left over, and answers what
    :func:`worker_jobs.warm_up` answers."""
    import worker_jobs
    from puzzles.huarong import solver as huarong_solver

    tables = list(huarong_solver._tables)
    jobs = dict(worker_jobs._jobs)
    gen = worker_jobs.warm_up_units(60.0, most_units=3)
    assert next(gen) == 1 and worker_jobs._jobs == jobs and huarong_solver._tables == tables
    gen.close()  # left after a unit (a job of the page came)
    assert worker_jobs._jobs == jobs and huarong_solver._tables == tables
    gen = worker_jobs.warm_up_units(60.0, most_units=3)
    seen = []
    while True:
        try:
            seen.append(next(gen))
        except StopIteration as stop:
            out = stop.value
            break
    assert seen == list(range(1, out["units"])) and 1 <= out["units"] <= 3 and len(out["unit_ms"]) == out["units"]


def test_the_browsers_warm_up_stops_at_the_pages_first_job_even_one_over_before_its_next_unit(monkeypatch):
    """worker.py's warm-up in the browser (a unit a task): the page's look-ahead on a small board starts and
    ends between two units; the warm-up runs one unit at most after the job began, then stops and says so
    (the mark it leaves). Its units here are counted stand-ins that never end by themselves."""
    import asyncio
    import types

    import worker
    import worker_jobs

    marks = []
    fake_js = types.SimpleNamespace(performance=types.SimpleNamespace(mark=marks.append))
    monkeypatch.setattr(worker, "js", fake_js, raising=False)  # the browser's, imported there at start
    monkeypatch.setattr(worker, "_page_jobs", [0])
    monkeypatch.setattr(worker, "WARMED", {})
    units = []

    def endless(most_s: float):
        while True:
            units.append(len(units) + 1)
            yield len(units)

    monkeypatch.setattr(worker_jobs, "warm_up_units", endless)

    async def scenario() -> tuple:
        warming = asyncio.ensure_future(worker._warm_up())
        while len(units) < 2:
            await asyncio.sleep(0)
        job = json.loads(await worker.start("sliding", request("[[1,2,3],[4,5,0]]")))["job"]
        while not json.loads(await worker.step(job, 40))["done"]:
            pass
        assert not worker_jobs._jobs  # over before the warm-up's next unit
        at_job = len(units)
        await asyncio.wait_for(warming, 5)
        return at_job, len(units)

    at_job, ran = asyncio.run(scenario())
    assert ran <= at_job + 1, (at_job, ran)
    assert marks == ['solver-warm-up:{"stopped": "a job of the page"}']


def test_a_spent_budget_still_answers_a_progress():
    """A step whose budget is gone before its first slice (0 ms here; on a loaded machine) runs one
    slice and answers a progress dict, never ``null`` (which the page would take for a dead worker)."""
    job = json.loads(start("huarong", request(COURSE, metric="cell")))["job"]
    answer = json.loads(step(job, 0))
    assert answer["done"] is False and isinstance(answer["progress"], dict)
    assert answer["progress"]["positions"] > 0  # the slice it ran did some work
    cancel(job)


# ------------------------------------------------------------- the worker's protocol: coded errors only
@pytest.mark.parametrize(
    "game,request_",
    [
        ("huarong", "[]"),
        ("huarong", "5"),
        ("huarong", '"solve"'),
        ("huarong", "null"),
        ("huarong", ["solve"]),
        ("huarong", 7),
        ("chess", "{}"),
        (["huarong"], "{}"),
        ("huarong", '{"action": ["solve"]}'),
        ("huarong", '{"action": "dance"}'),
        ("huarong", "not json"),
    ],
)
def test_start_answers_a_coded_error_for_any_request(game, request_):
    import worker_jobs

    err = json.loads(worker_jobs.start(game, request_))["error"]
    assert err["code"] == "bad_request" and err["text"].startswith("the solver was asked")


@pytest.mark.parametrize("job", [[], {}, "1", None, 1.5, True, [1]])
def test_step_and_cancel_answer_a_coded_error_for_any_job_id(job):
    import worker_jobs

    answer = json.loads(worker_jobs.step(job, 40))
    assert answer["done"] is True and answer["error"]["code"] == "bad_request"
    assert json.loads(worker_jobs.cancel(job)) == {"cancelled": False}


def test_a_fault_inside_a_job_is_a_coded_internal_error(monkeypatch):
    """No raw Python text reaches the page: a fault of ours is named by its type only."""
    import worker_jobs
    from puzzles.sliding import solver as sliding_solver

    def broken(board, options, request):
        raise ValueError("byte must be in range(0, 256)")
        yield

    monkeypatch.setitem(sliding_solver.JOBS, "solve", broken)
    job = json.loads(worker_jobs.start("sliding", json.dumps({"action": "solve", "board": "2x3-412503"})))["job"]
    err = json.loads(worker_jobs.step(job, 40))["error"]
    assert err["code"] == "internal_error" and err["values"] == {"error": "ValueError"}
    assert "byte" not in err["text"]
    from puzzles.messages import render

    assert render(err["code"], "zh", err["values"]) == "应用内部出错（ValueError）；棋盘保持原样"
