"""Link-up: the search over pairings with learnt nogoods (puzzles.linkup.solver.nogood), checked against an
independent exhaustive search (tests/helpers.py's ``linkup_clearable``, a walk of its own for the rule): every
answer on small boards, every nogood it finds or learns (no clearing order makes its literals all true),
every clearing order replayed; the closure's replay of its last joins against a closure from scratch;
that it yields often (a bounded number of route tests between two yields)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import drain_with_progress, replays
from helpers import linkup_clearable as clearable
from helpers import linkup_joins as joins
from puzzles import Rng, run
from puzzles.linkup import Board
from puzzles.linkup import solver as linkup_solver
from puzzles.linkup.solver import nogood as ng
from puzzles.linkup.solver.bits import Bits
from puzzles.linkup.solver.nogood import MATES, _close, _Nogoods, greedy, nogood_search, supported
from test_linkup_decide import board_of, mixed_board


def answer(b: Board, budget: int = 10**6) -> tuple:
    return run(nogood_search(b.rows, b.cols, list(b.cells), budget, [0]))


def relabelled(cells: tuple, tiles: list, lits) -> tuple:
    """The board with each pair that the literals ``lits`` fix given a label of its own (above every kind):
    it clears exactly when some clearing order of ``cells`` pairs those kinds so."""
    out = list(cells)
    label = 100
    for v, p in lits:
        four = tiles[v]
        for i in range(4):
            j = MATES[p][i]
            if i < j:
                out[four[i]] = out[four[j]] = label
                label += 1
    return tuple(out)


def test_the_three_pairings_are_every_way_to_pair_four_tiles():
    ways = set()
    for m in MATES:
        assert sorted(m) == [0, 1, 2, 3] and all(m[m[i]] == i and m[i] != i for i in range(4))
        ways.add(frozenset(frozenset((i, m[i])) for i in range(4)))
    assert len(ways) == 3


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2), st.integers(2, 5), st.integers(0, 10**6))
def test_agrees_with_exhaustive_search_and_replays(shape, kinds, seed):
    b = board_of(shape, kinds, seed)
    status, moves = answer(b)
    truth = clearable(b.rows, b.cols, tuple(b.cells))
    assert status == ("solved" if truth else "unsolvable"), b
    if truth:
        assert replays(b, moves), b


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2), st.lists(st.sampled_from((2, 4)), min_size=2, max_size=8), st.integers(0, 10**6))
def test_kinds_of_two_and_four_with_holes(shape, sizes, seed):
    b = mixed_board(shape, sizes, seed)
    assert supported(list(b.cells))
    status, moves = answer(b)
    truth = clearable(b.rows, b.cols, tuple(b.cells))
    assert status == ("solved" if truth else "unsolvable"), b
    if truth:
        assert replays(b, moves), b
    assert linkup_solver.solve(b).status == status


def test_kinds_of_six_are_not_taken():
    assert not supported([1] * 6 + [2] * 4)
    assert supported([1, 1, 0, 2, 2, 2, 2])


# Boards of kinds of four, with a few holes, that the exhaustive search still decides in a fraction of
# a second, and crowded enough that the search learns (on smaller ones it seldom meets a conflict).
DENSE = ((5, 5, 6), (5, 6, 7), (6, 6, 8))


def dense_board(shape: int, seed: int) -> Board:
    rows, cols, fours = DENSE[shape]
    cells = [i // 4 + 1 for i in range(fours * 4)] + [0] * (rows * cols - fours * 4)
    Rng(seed).shuffle(cells)
    return Board(rows, cols, cells)


def searched(b: Board, seed: "int | None") -> tuple:
    """``(search, status, nogoods the closure gave)``: the search run to its end; with a ``seed``, its
    decisions are random (any kind, any pairing not ruled out: the search is complete whatever it
    decides, and random choices meet more conflicts)."""
    s = _Nogoods(b.rows, b.cols, list(b.cells), 10**6, [0])
    found = []
    plain = s._shrink

    def shrink(left, mate):
        lits = yield from plain(left, mate)
        found.append(frozenset(lits))
        return lits

    s._shrink = shrink
    if seed is not None:
        rng = random.Random(seed)

        def decide(mate):
            free = [v for v in range(len(s.val)) if s.val[v] < 0]
            if not free:
                return False
            v = rng.choice(free)
            s.starts.append(len(s.trail))
            s.assign(v, rng.choice([q for q in range(3) if s.ruled[v][q] is None]), None)
            return True

        s.decide = decide
    status, moves = run(s.run())
    if status == "solved":
        assert replays(b, moves), b
    return s, status, found


@pytest.mark.heavy
def test_every_nogood_found_or_learnt_holds():
    """Each nogood the closure gives (shrunk) and each one learnt by resolution: no clearing order pairs
    its kinds as it says (the board with those pairs relabelled cannot be cleared, by exhaustive search);
    and the answer is the exhaustive search's, with the search's own decisions or random ones. (A fixed
    sample: an exhaustive search of a crowded board now and then takes a minute, so no random ones.)"""
    checked = 0
    for seed in range(40):
        b = dense_board(seed % 3, seed)
        s, status, found = searched(b, seed if seed % 4 else None)
        assert status == ("solved" if clearable(b.rows, b.cols, tuple(b.cells)) else "unsolvable"), b
        for lits in set(found) | {frozenset(n) for n in s.nogoods}:
            trial = relabelled(b.cells, s.tiles, lits)
            assert not clearable(b.rows, b.cols, trial), (b, sorted(lits))
            checked += 1
    assert checked >= 30, checked


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2), st.integers(3, 5), st.integers(0, 10**6))
def test_random_decisions_agree_with_exhaustive_search(shape, kinds, seed):
    b = board_of(shape, kinds, seed)
    _s, status, _found = searched(b, seed)
    assert status == ("solved" if clearable(b.rows, b.cols, tuple(b.cells)) else "unsolvable"), b


def test_the_closure_replayed_from_its_last_joins_is_the_closure_from_scratch():
    """Random assignments, one after another (deeper, shallower, changed), on 8 x 18 boards: the tiles
    left by :meth:`_Nogoods.close` (which takes the last closure's joins again up to the first it no
    longer allows) are those left by a closure from scratch, with no hint."""
    checked = stuck = 0
    for seed in range(6):
        rng = random.Random(seed)
        kinds = [i // 4 + 1 for i in range(144)]
        rng.shuffle(kinds)
        s = _Nogoods(8, 18, kinds, 10**6, [0])
        for _ in range(40):
            for v in range(len(s.val)):
                r = rng.random()
                if r < 0.15:
                    s.val[v] = rng.randrange(3)
                elif r < 0.3:
                    s.val[v] = -1
            mate = s.mates()
            left = s.close(mate)
            scratch = _close(Bits(8, 18, kinds), mate, s.group, [t for t in range(144) if kinds[t]], None, [], {}, {})
            assert sorted(left) == sorted(scratch)
            checked += 1
            stuck += bool(left)
            if not left and all(p >= 0 for p in s.val):
                pairs = [(t, m) for t, m in enumerate(mate) if m > t]
                assert replays(Board(8, 18, kinds), greedy(8, 18, kinds, pairs))
    assert checked == 240 and 20 < stuck < 230, stuck


# Uniformly shuffled 8 x 18 boards (random.Random(424242), the 30th and the 33rd shuffles) that this
# search proves impossible. The 30th is checked by a long independent run: the rounds of moves alone (the
# solver of commit 9eec750, no search over pairings) proved it in 43,113 positions (306 s). The 33rd, the
# hardest proof of those 100, that solver left undecided after 400,000 positions (330 s CPU); its proof
# was checked as a certificate instead (see test_an_impossible_proof_checks_independently).
HARD_IMPOSSIBLE = (
    "1.8x18.r8g6qj8ldnavfycihu4ybaadg9tmsbihkA3wxqz3ykhqelmh22dgzkb8oi9t9v7vs6ztm1r2nA5ufwAfe1jejvlo47np5wq"
    "cgj2moc331rz5pd796puuA1i6a4tsp4yoer8ckxsnwf7bxx5l.HK",
    "1.8x18.qr2fqxAk81888xz1hli4o9fqge5uzdhjidbwlpzccaml36os4b71kbnz45fvrc4w3ehjxtgipuhwym6vndcdujajgq5ka"
    "tam2Avo52rxys1ptmA6k7ips9vnuo9ye6sye3n9lA77bwgfr32t.VS",
)


def test_hard_boards_are_proved_in_a_bounded_number_of_closures():
    for code in HARD_IMPOSSIBLE:
        b = Board.parse(code)
        count = [0]
        status, moves = run(nogood_search(b.rows, b.cols, list(b.cells), 3000, count))
        assert (status, moves) == ("unsolvable", []) and count[0] < 3000


def test_it_yields_after_a_bounded_number_of_route_tests(monkeypatch):
    """A slice between two yields holds a closure or one try at shrinking a nogood: at most a few
    thousand route tests (a route test is about a microsecond or two of CPython)."""
    calls = [0]
    plain = ng.joins

    def counted(*args):
        calls[0] += 1
        return plain(*args)

    monkeypatch.setattr(ng, "joins", counted)
    for code in HARD_IMPOSSIBLE:
        b = Board.parse(code)
        gen = nogood_search(b.rows, b.cols, list(b.cells), 10**6, [0])
        per_slice = []

        def count(_progress, per_slice=per_slice):
            per_slice.append(calls[0])
            calls[0] = 0

        calls[0] = 0
        drain_with_progress(gen, each=count)
        slices, most = len(per_slice), max(per_slice)
        assert slices > 100 and most < 3000, (slices, most)


def test_the_solver_yields_inside_the_search_over_pairings():
    b = Board.parse(HARD_IMPOSSIBLE[0])
    gen = linkup_solver.search(b, budget=3000, chunk=200)
    yields, res = drain_with_progress(gen)
    seen = len(yields)
    assert res.status == "unsolvable" and seen > res.positions // 4


def _stuck_with(b: Board, tiles: list, lits) -> list:
    """The tiles an independent closure leaves (the rule by test_linkup_decide's walk): a tile goes when it
    joins an allowed partner (its mate under ``lits``, else any tile of its kind) through empty cells."""
    kinds: dict = {}
    for i, k in enumerate(b.cells):
        if k:
            kinds.setdefault(k, []).append(i)
    allowed = {i: [x for x in kinds[k] if x != i] for i, k in enumerate(b.cells) if k}
    for v, p in lits:
        a, c, d, e = tiles[v]
        for x, y in (((a, c), (d, e)), ((a, d), (c, e)), ((a, e), (c, d)))[p]:
            allowed[x], allowed[y] = [y], [x]
    now = list(b.cells)
    left = sorted(allowed)
    while True:
        rest = []
        for t in left:
            if any(joins(tuple(now), b.rows, b.cols, t, u) for u in allowed[t]):
                now[t] = 0
            else:
                rest.append(t)
        if len(rest) == len(left):
            return rest
        left = rest


def _conflicts(domains: list, nogoods: list) -> bool:
    """Unit propagation over the pairings left to each kind: whether it reaches a nogood all true."""
    changed = True
    while changed:
        changed = False
        for n in nogoods:
            if any(p not in domains[v] for v, p in n):
                continue
            open_ = [(v, p) for v, p in n if len(domains[v]) > 1]
            if not open_:
                return True
            if len(open_) == 1:
                v, p = open_[0]
                domains[v] = domains[v] - {p}
                changed = True
                if not domains[v]:
                    return True
    return False


def test_an_impossible_proof_checks_independently():
    """The proof of HARD_IMPOSSIBLE[0] as a certificate: each nogood the closure gave is found again by an
    independent closure; each nogood learnt follows by unit propagation from those before (its literals
    all true lead to a conflict); and from nothing, propagation conflicts: no pairing of the kinds escapes.
    (Run by hand on HARD_IMPOSSIBLE[1] too: 307 closure nogoods, 321 learnt, all checked, about 30 s.)"""
    b = Board.parse(HARD_IMPOSSIBLE[0])
    s, status, found = searched(b, None)
    assert status == "unsolvable"
    db = sorted(set(found), key=sorted)
    for lits in db:
        assert _stuck_with(b, s.tiles, lits), sorted(lits)
    full = frozenset((0, 1, 2))
    for n in s.nogoods:
        domains = [full] * len(s.tiles)
        for v, p in n:
            domains[v] = frozenset((p,))
        assert _conflicts(domains, db), n
        db.append(n)
    assert _conflicts([full] * len(s.tiles), db)
    assert not _conflicts([full] * len(s.tiles), list(set(found))[:3]), "the check can fail"
