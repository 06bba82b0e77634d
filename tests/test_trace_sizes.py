"""Step through's queue and visited set found among a step's variables (app.trace_sizes), as the
recorder writes them (trace_recorder.text_of): by type, then name, then size."""

from collections import deque

from app.trace_sizes import sizes
from trace_recorder import text_of


def rows(**values) -> list:
    return [[name, text_of(v), ""] for name, v in values.items()]


def test_the_course_s_huarong_bfs_a_deque_and_a_set():
    board = [[2, 1, 1, 3], [2, 1, 1, 3], [4, 6, 6, 5], [4, 7, 8, 5], [9, 0, 0, 10]]
    got = rows(board=board, q=deque([(board, [])] * 12), visited={str(i) for i in range(340)},
               moves=[(1, "up")] * 3, cur=board)
    assert sizes(got) == (12, 340)


def test_a_list_is_a_queue_only_by_its_name_and_a_dict_a_visited_set_only_by_its_name():
    board = [[1, 2, 3], [4, 0, 5]]
    assert sizes(rows(board=board, path=[1, 2, 3, 4])) == (None, None)
    assert sizes(rows(board=board, queue=["123450"] * 7, dist={"a": 1, "b": 2})) == (7, 2)
    assert sizes(rows(frontier=[1] * 5, pos={1: [(0, 0)]})) == (5, None)


def test_names_come_before_sizes_and_an_empty_queue_is_zero():
    got = rows(big=deque(range(50)), q=deque(), seen=set(range(9)), other=set(range(99)))
    assert sizes(got) == (0, 9)
    assert sizes(rows(a=deque(range(3)), b=deque(range(8)), s1=frozenset(range(4)))) == (8, 4)


def test_one_item_and_plain_values():
    assert sizes(rows(q=deque([1]), visited={1}, n=3, name="q")) == (1, 1)
    assert sizes([]) == (None, None)
