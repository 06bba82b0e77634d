"""The rules of playback and of counting, run by the page's own code in every game: a player's move
stops a playback, the playback's own moves do not, a reload keeps played moves, and the count the page
shows is the game's count.

A game's real view (:class:`app.view.GameView` and its parts: the :class:`~app.playback.Player`, the
:class:`~app.lifecycle.Lifecycle`, the :class:`~app.session.Session`) runs on a fake page
(tests/fake_page.py). The machine below starts a solver's playback at speed 0 (one move a batch, each
batch a timer the machine fires), pauses and steps it, and interleaves a player's moves (legal or not,
through the view's move path), undo, redo, jumps, option changes and reloads (the saved game written
and a new view opened on it), checking after every step that

* a player's move, undo, redo, jump, option change or reload leaves no playback; the playback's own
  moves leave it playing, and it only ever plays on the board it started on (never a refused move);
* the count the page redraws (:meth:`GameView.count`, incremental) is the game's ``spec.count`` of the
  moves made, in every option the game counts by;
* a reload keeps every move made, the playback's included (start, moves, cursor, board).
"""

import asyncio
import json

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import fake_page
from puzzles.games import GAMES
from puzzles.huarong import solver as huarong_solver
from puzzles.linkup import solver as linkup_solver
from puzzles.sliding import solver as sliding_solver

SOLUTIONS: dict = {}  # (game, board code): the solver's moves


@pytest.fixture(autouse=True, scope="module")
def _fake_page():
    PAGE["fake"] = fake_page.install()
    yield
    fake_page.uninstall()


PAGE: dict = {}



def solution(game, board):
    """The solver's moves from ``board`` (as the page decodes them), or ``[]``."""
    key = (game, board.to_code())
    if key not in SOLUTIONS:
        spec = GAMES[game]
        solver = {"huarong": huarong_solver, "sliding": sliding_solver, "linkup": linkup_solver}[game]
        moves = [] if board.is_solved() else solver.solve(board).moves
        SOLUTIONS[key] = [spec.decode_move(json.loads(json.dumps(spec.encode_move(m)))) for m in moves]
    return SOLUTIONS[key]


def option_sets(game):
    """Every combination of the game's options (one per value of each)."""
    out = [{}]
    for name, values in GAMES[game].options.items():
        out = [dict(o, **{name: v}) for o in out for v in values]
    return out


def open_view(game):
    from unittest import mock

    spec = GAMES[game]
    shell = mock.MagicMock(name="shell")
    shell.game, shell.params, shell.lang = game, {"speed": "0"}, "en"
    shell.t.side_effect = lambda key, **values: key
    shell.records = fake_page.page_module("app.records").Records()
    view = fake_page.page_module(spec.view).View(shell, fake_page.Element(), spec)
    view.start()
    return view


class Playing(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.game = None
        self.loop = asyncio.new_event_loop()
        self.window = PAGE["fake"].window
        self.window.safeStorage = fake_page.Storage()
        self.window.timers.queue.clear()
        fake_page.page_module("app.playback").BATCH_MS = -1  # one move a batch: a machine's step each

    def teardown(self):
        if self.game is not None:
            self.page(self.view.player.stop)
        for task in asyncio.all_tasks(self.loop):
            task.cancel()
        self.loop.run_until_complete(asyncio.sleep(0))
        self.loop.close()

    def page(self, fn, *args):
        """Run ``fn(*args)`` as the page would, in its event loop, and answer what it returns."""
        async def call():
            return fn(*args)

        return self.loop.run_until_complete(call())

    @initialize(game=st.sampled_from(sorted(GAMES)))
    def open(self, game):
        self.game = game
        self.spec = GAMES[game]
        self.view = self.page(open_view, game)

    @property
    def session(self):
        return self.view.session

    # ------------------------------------------------------------ what a player and the page do
    @rule()
    def solve(self):
        moves = solution(self.game, self.session.state)
        if moves:
            self.page(self.view.player.start, moves)  # what Solve does with the solver's answer

    @rule(n=st.integers(1, 6))
    def time_passes(self, n):
        """The page runs on: the playback's batches (each a timer of its own) and its loop."""
        for _ in range(n):
            before = self.session.cursor
            self.loop.run_until_complete(asyncio.sleep(0.002))
            self.window.timers.fire()
            if self.view.player.playing:  # its own moves leave it playing (or end it)
                assert self.session.cursor >= before

    @rule()
    def pause_or_resume(self):
        self.page(self.view.player._on_pause, None)

    @rule()
    def step(self):
        self.page(self.view.player._on_step, None)

    @rule(data=st.data(), legal=st.booleans())
    def player_moves(self, data, legal):
        """A player's move, legal or not, from any source: the playback stops first."""
        moves = GAMES[self.game].legal_moves(self.session.state)
        before = (self.session.state, len(self.session.moves), self.session.cursor)
        if legal and moves:
            assert self.page(self.view.play, data.draw(st.sampled_from(moves)))
            assert self.session.cursor == before[2] + 1
        else:
            bad = {"huarong": (1, "up"), "sliding": 99, "linkup": (0, 0)}[self.game]
            if not self.page(self.view.play, bad):
                assert (self.session.state, len(self.session.moves), self.session.cursor) == before
        assert self.view.player.playback is None

    @rule()
    def undo(self):
        self.page(self.view.undo)
        assert self.view.player.playback is None

    @rule()
    def redo(self):
        self.page(self.view.redo)
        assert self.view.player.playback is None

    @rule()
    def jump_to_start(self):
        self.page(self.view.jump, self.session.start)
        assert self.view.player.playback is None

    @rule()
    def reload(self):
        """The page is reloaded: what was saved is what opens; a playback does not survive."""
        old = self.session
        document = PAGE["fake"].document
        document.visibilityState = "hidden"  # a reload hides the page: what is not written is written now
        self.page(self.view.sync_activity)
        document.visibilityState = "visible"
        self.page(self.view.player.stop)  # the page is gone, and its timers with it
        self.window.timers.queue.clear()
        self.view = self.page(open_view, self.game)
        assert self.session.start == old.start and self.session.cursor == old.cursor
        assert self.session.state == old.state and self.session.made == old.made
        assert self.view.player.playback is None

    @rule(data=st.data())
    def switch_options(self, data):
        """An option changed (Huarong's metric, the sliding puzzle's mode): the playback stops."""
        chosen = data.draw(st.sampled_from(option_sets(self.game)))
        for name, value in chosen.items():
            self.page(self.view.life.set_option, name, value)
        if chosen:  # a game with no options (Link-up) has none to change
            assert self.view.player.playback is None

    # ------------------------------------------------------------ what must always hold
    @invariant()
    def counts_are_the_games_counts(self):
        if self.game is None:
            return
        assert self.view.count() == self.spec.count(self.session.made, self.session.options)

    @invariant()
    def a_playback_plays_on_its_own_board(self):
        pb = self.game is not None and self.view.player.playback
        if not pb or pb.done:
            return
        self.spec.apply(self.session.state, pb.moves[pb.index])  # legal: the board is where it left it


TestPlaying = Playing.TestCase
TestPlaying.settings = settings(
    max_examples=15, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def test_counted_follows_undo_branches_and_option_changes():
    """The incremental count after a branch (undo, then another move) and a metric switch."""
    from app.session import Session

    spec = GAMES["huarong"]
    s = Session(spec.default(), spec.apply)
    for m in [(10, "left"), (10, "left"), (10, "right")]:
        s.play(m)
    piece = json.dumps({"metric": "piece"})
    assert s.counted(lambda ms: spec.count(ms, {"metric": "piece"}), piece) == 1
    s.undo()
    s.undo()
    s.play((6, "down"))  # a branch: the count forgets the moves undone
    assert s.counted(lambda ms: spec.count(ms, {"metric": "piece"}), piece) == 2
    assert s.counted(lambda ms: spec.count(ms, {"metric": "cell"}), "cell") == 2
    s.undo()
    assert s.counted(lambda ms: spec.count(ms, {"metric": "cell"}), "cell") == 1
