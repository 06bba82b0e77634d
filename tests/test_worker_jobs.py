"""The worker's API, called the way the page calls it: JSON in, JSON out, in slices."""

import json

from puzzles.huarong import Board
from worker_jobs import cancel, hint, ping, start, step

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
