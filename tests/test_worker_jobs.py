"""The worker's API, called the way the page calls it: JSON in, JSON out, in slices."""

import json

from puzzles import sliding
from puzzles.huarong import Board
from worker_jobs import cancel, hint, ping, sliding_install, start, step

COURSE = "3114/3114/5226/5786/900a"


def run(job: int) -> tuple:
    slices = 0
    while True:
        answer = json.loads(step(job, 5))
        if answer["done"]:
            return answer["result"], slices
        slices += 1
        assert answer["progress"]["explored"] > 0


def test_solve_in_slices_with_progress():
    job = json.loads(start("huarong", json.dumps({"board": COURSE, "metric": "cell"})))["job"]
    result, slices = run(job)
    assert result["status"] == "solved" and result["steps"] == 116 and slices >= 1
    board = Board.parse(COURSE).play([tuple(m) for m in result["moves"]])
    assert board.is_solved()
    assert sum(result["levels"]) <= result["explored"]


def test_cancel_forgets_the_job():
    job = json.loads(start("huarong", json.dumps({"board": COURSE})))["job"]
    json.loads(step(job, 1))
    assert json.loads(cancel(job)) == {"cancelled": True}
    assert json.loads(cancel(job)) == {"cancelled": False}
    assert json.loads(step(job, 1)) == {"done": True, "result": {"status": "cancelled"}}


def test_bad_requests_answer_an_error():
    assert "ragged" in json.loads(start("huarong", json.dumps({"board": "[[1],[1,1]]"})))["error"]
    assert "error" in json.loads(start("chess", "{}"))
    assert "error" in json.loads(hint("huarong", "not json"))


def test_hint_and_distance():
    answer = json.loads(hint("huarong", json.dumps({"board": COURSE, "metric": "cell"})))
    assert answer["distance"] == 116 and answer["component"] == 25955
    pid, d = answer["moves"][0]
    after = Board.parse(COURSE).move(pid, d)
    again = json.loads(hint("huarong", json.dumps({"board": after.to_compact(), "metric": "cell"})))
    assert again["distance"] == 115
    dead = json.loads(hint("huarong", json.dumps({"board": "2113/2113/4576/4586/900a"})))
    assert dead["distance"] is None and dead["moves"] == []


def test_ping():
    assert ping().startswith("3.")


def test_sliding_solve_in_slices_reports_the_bound():
    korf5 = [[0, 8, 14, 15], [1, 10, 11, 5], [4, 7, 13, 6], [3, 2, 9, 12]]
    job = json.loads(start("sliding", json.dumps({"board": json.dumps(korf5)})))["job"]
    bounds, slices = [], 0
    while True:
        answer = json.loads(step(job, 5))
        if answer["done"]:
            break
        slices += 1
        bounds.append(answer["progress"]["bound"])
    result = answer["result"]
    assert result["status"] == "solved" and result["steps"] == 56 and result["optimal"]
    assert bounds == sorted(bounds) and bounds[-1] <= 56 and slices >= 2
    assert result["seconds"] >= slices * 0.004  # the whole search's time, not one slice's
    assert sliding.Board.from_grid(korf5).play(result["moves"]).is_solved()


def test_sliding_unsolvable_fast_and_bad_requests():
    job = json.loads(start("sliding", json.dumps({"board": "2x3-123540"})))["job"]
    assert json.loads(step(job, 5))["result"]["steps"] == -1
    job = json.loads(start("sliding", json.dumps({"board": "5x5-egd1m4o20ji39b6cn8klha7f5", "mode": "fast"})))["job"]
    result = json.loads(step(job, 1000))["result"]
    assert (
        not result["optimal"] and sliding.Board.parse("5x5-egd1m4o20ji39b6cn8klha7f5").play(result["moves"]).is_solved()
    )
    assert "appears twice" in json.loads(start("sliding", json.dumps({"board": "[[1,1],[2,0]]"})))["error"]
    assert "mode" in json.loads(start("sliding", json.dumps({"board": "2x3-412503", "mode": "slow"})))["error"]


def test_sliding_tables_install_from_the_shipped_bytes():
    with open(sliding.table_path(), "rb") as f:
        answer = json.loads(sliding_install(f.read()))
    assert answer["groups"] == sliding.GROUPS_4X4
    assert "did not load" in json.loads(sliding_install(b'{"rows": 4, "cols": 4, "groups": []}\n'))["error"]
