# Run under MicroPython and CPython by tests/test_micropython.py: every game's input
# function (puzzles.<game>_input.interpret) on small boards, every event of a set, the
# outcomes printed one a line; both runtimes must print the same lines.
from puzzles.games import GAMES
from puzzles.huarong import Board as HBoard
from puzzles.huarong import input as huarong_input
from puzzles.input import ARROW_KEY_DIRECTION, Refused, event, gesture_direction
from puzzles.linkup import Board as LBoard
from puzzles.linkup import input as linkup_input
from puzzles.sliding import Board as SBoard
from puzzles.sliding import input as sliding_input


def show(x):
    """A text for ``x`` that does not depend on the runtime's dict order."""
    if isinstance(x, dict):
        return "{" + ", ".join("%s: %s" % (k, show(x[k])) for k in sorted(x)) + "}"
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(show(v) for v in x) + "]"
    if isinstance(x, Refused):
        return "refused(%s, %s, %r)" % (show(x.pieces), show(x.cells), x.say)
    return repr(x)


KEYS = sorted(ARROW_KEY_DIRECTION) + ["Escape", "Home", "End", "Enter", "q"]
DIRS = ["up", "down", "left", "right", "nowhere"]
count = 0


def run(name, module, board, uis, ids):
    global count
    spec = GAMES[name]
    evs = []
    for i in ids:
        evs.append(event("tap", piece=i))
        evs.append(event("tap", cell=i))
        for k in KEYS:
            evs.append(event("key", piece=i, cell=i, key=k))
        for d in DIRS:
            evs.append(event("drag", piece=i, direction=d))
    for d in DIRS:
        evs.append(event("swipe", direction=d))
    for ui in uis:
        for ev in evs:
            outcome, new = module.interpret(board, ui, ev)
            if isinstance(outcome, list):
                b = board
                for m in outcome:
                    b = spec.apply(b, m)  # every move is one the rules accept
            evt = "%s %s %s %s %s" % (ev["kind"], ev["piece"], ev["cell"], ev["key"], ev["direction"])
            print("%s %s | %s -> %s %s" % (name, show(ui), evt, show(outcome), show(new)))
            count += 1


hb = HBoard.parse("11.2/11.2/....")
run("huarong", huarong_input, hb, [{"selected": None}, {"selected": 1}, {"selected": 2}], range(-1, 13))
lb = LBoard.parse("[[1,2,0],[2,0,3],[1,0,3]]")
uis = [
    {"selected": None, "cursor": 0, "turned": False},
    {"selected": 0, "cursor": 0, "turned": False},
    {"selected": 3, "cursor": 5, "turned": True},
]
run("linkup", linkup_input, lb, uis, range(-1, 10))
run("sliding", sliding_input, SBoard.parse("[[1,2,3],[4,0,5]]"), [{}], range(-1, 7))
run("sliding", sliding_input, SBoard.goal(4, 4), [{}], range(0, 17))
for dx, dy in ((0, 0), (10, -3), (-30, 5), (7, 40), (-2, -25), (24, 24), (-24, 24)):
    print("gesture %d %d -> %s" % (dx, dy, gesture_direction(dx, dy, 24)))
print("OK input %d" % count)
