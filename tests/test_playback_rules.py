"""The rules of playback and of counting, at the unit level, in every game: a reload keeps played moves,
a player's move stops a playback, and a move saves one step, not the whole history.

The page's :class:`app.view.GameView` applies one rule to a playback: a player's move from any
source stops it first. The machine below drives the very :class:`Session` and :class:`Playback`
the page uses through the same rule, interleaving a solver's playback (paused, stepped) with a
player's moves, undo, redo, jumps and reloads (the saved form, through JSON, restored), and checks
after every step that

* the playback never meets a move the board refuses (it only plays on the board it started on);
* :meth:`Session.counted` (the incremental count the page redraws on every move) equals the
  game's ``spec.count`` of the moves made, in every option the game counts by;
* a reload keeps every move made, the playback's included (start, moves, cursor, board).
"""

import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from app.session import Playback, Session
from puzzles.games import GAMES
from puzzles.huarong import solver as huarong_solver
from puzzles.linkup import joinable_pairs
from puzzles.linkup import solver as linkup_solver
from puzzles.sliding import solver as sliding_solver


def legal_moves(game, board):
    """Every move a player could make on ``board``."""
    if game == "huarong":
        return board.legal_moves()
    if game == "sliding":
        return [t for t in range(1, len(board.cells)) if board.line_to_blank(t) == [t]]
    return [(min(a, b), max(a, b)) for a, b in joinable_pairs(board)]


def solution(game, board):
    """The solver's moves from ``board`` (as the page decodes them), or ``[]``."""
    spec = GAMES[game]
    if board.is_solved():
        return []
    if game == "huarong":
        result = huarong_solver.solve(board)
    elif game == "sliding":
        result = sliding_solver.solve(board)
    else:
        result = linkup_solver.solve(board)
    return [spec.decode_move(json.loads(json.dumps(spec.encode_move(m)))) for m in result.moves]


def option_sets(game):
    """Every combination of the game's options (one per value of each)."""
    spec = GAMES[game]
    out = [{}]
    for name, values in spec.options.items():
        out = [dict(o, **{name: v}) for o in out for v in values]
    return out


class Playing(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.game = None

    @initialize(game=st.sampled_from(sorted(GAMES)))
    def open(self, game):
        self.game = game
        self.spec = GAMES[game]
        self.session = Session(self.spec.default(), self.spec.apply)
        self.playback = None
        self.solutions = {}
        self.options = option_sets(game)[0]

    # ------------------------------------------------------------ the page's rule
    def stop(self):
        if self.playback is not None:
            self.playback.stop()
            self.playback = None

    @rule()
    def solve(self):
        board = self.session.state
        key = board.to_code()
        if key not in self.solutions:
            self.solutions[key] = solution(self.game, board)
        self.stop()
        if self.solutions[key]:
            self.playback = Playback(self.solutions[key], 0)

    @rule(n=st.integers(1, 6))
    def playback_plays(self, n):
        pb = self.playback
        for _ in range(n):
            if pb is None or pb.done:
                break
            move = pb.next_move()
            if move is None:
                break
            self.session.play(move)  # the rule makes this legal: raises (and fails) otherwise

    @rule()
    def pause_or_resume(self):
        if self.playback is not None:
            self.playback.toggle_pause()

    @rule()
    def step(self):
        if self.playback is not None:
            self.playback.step()

    @rule(data=st.data(), legal=st.booleans())
    def player_moves(self, data, legal):
        """A player's move, legal or not, from any source: the playback stops first."""
        self.stop()
        moves = legal_moves(self.game, self.session.state)
        if legal and moves:
            self.session.play(data.draw(st.sampled_from(moves)))
        else:
            before = (self.session.state, len(self.session.moves), self.session.cursor)
            bad = {"huarong": (1, "up"), "sliding": 99, "linkup": (0, 0)}[self.game]
            try:
                self.session.play(bad)
            except (ValueError, TypeError, IndexError, KeyError):
                pass
            else:
                before = None
            if before is not None:
                assert (self.session.state, len(self.session.moves), self.session.cursor) == before

    @rule()
    def undo(self):
        self.stop()
        self.session.undo()

    @rule()
    def redo(self):
        self.stop()
        self.session.redo()

    @rule()
    def jump_to_start(self):
        self.stop()
        self.session.jump(self.session.start)

    @rule()
    def reload(self):
        """The page is reloaded: what was saved (through JSON) is what opens; a playback does not survive."""
        saved = json.loads(json.dumps(self.session.to_saved(lambda b: b.to_code(), self.spec.encode_move)))
        other = Session(self.spec.default(), self.spec.apply)
        other.restore(saved, self.spec.board.parse, self.spec.decode_move)
        assert other.start == self.session.start and other.cursor == self.session.cursor
        assert other.state == self.session.state and other.made == self.session.made
        self.stop()
        self.session = other

    @rule(data=st.data())
    def switch_options(self, data):
        """An option changed (Huarong's metric, the sliding puzzle's mode): the playback stops."""
        self.stop()
        self.options = data.draw(st.sampled_from(option_sets(self.game)))

    # ------------------------------------------------------------ what must always hold
    @invariant()
    def counts_are_the_games_counts(self):
        if self.game is None:
            return
        options = self.options
        want = self.spec.count(self.session.made, options)
        assert self.session.counted(lambda ms: self.spec.count(ms, options), json.dumps(options)) == want

    @invariant()
    def a_playback_plays_on_its_own_board(self):
        pb = self.playback
        if pb is None or pb.done:
            return
        board = self.session.state
        self.spec.apply(board, pb.moves[pb.index])  # legal: the board is where the playback left it


TestPlaying = Playing.TestCase
TestPlaying.settings = settings(
    max_examples=60, stateful_step_count=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def test_counted_follows_undo_branches_and_option_changes():
    """The incremental count after a branch (undo, then another move) and a metric switch."""
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
