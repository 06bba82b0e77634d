# Run by tests/test_micropython.py under MicroPython AND under CPython: the same lines must come out of
# both (the parsers strip Unicode whitespace around a board text by one rule, puzzles.WHITESPACE). One line per case:
# the game, the character's code point, where it stands, and what the parser made of it.
from puzzles import WHITESPACE, PuzzleError, huarong, linkup, sliding, strip

BOARDS = (
    ("huarong", huarong.Board, huarong.DEFAULT),
    ("huarong", huarong.Board, "[[1,1],[1,1],[0,0]]"),
    ("linkup", linkup.Board, linkup.Board.from_grid([[1, 2, 2, 1]]).to_code()),
    ("linkup", linkup.Board, "[[1,2,2,1]]"),
    ("sliding", sliding.Board, sliding.DEFAULT),
    ("sliding", sliding.Board, "[[4,1,2],[5,0,3]]"),
)
# Every character either runtime may call blank, and a few that are not.
CHARS = [chr(c) for c in list(range(0, 33)) + [0x7F, 0x85, 0xA0, 0x1680, 0x2000, 0x200A, 0x200B, 0x2028, 0x2029,
                                              0x202F, 0x205F, 0x3000, 0xFEFF]]


def outcome(board_type, text):
    try:
        return "ok " + board_type.parse(text).to_code()
    except PuzzleError as e:
        return "refused " + e.code


lines = []
for game, board_type, text in BOARDS:
    for ch in CHARS:
        for where, case in (("around", ch + text + ch), ("before", ch * 3 + text), ("after", text + ch * 3)):
            lines.append("%s %04x %s %s" % (game, ord(ch), where, outcome(board_type, case)))
        if text[0] == "[":  # inside the JSON form: only JSON's four are blank there
            lines.append("%s %04x inside %s" % (game, ord(ch), outcome(board_type, text[:2] + ch + text[2:])))
for ch in CHARS:
    line = ch + "gameHandler.move(10, " + ch + "'left'" + ch + ")" + ch + ";" + ch
    try:
        lines.append("script %04x %s" % (ord(ch), huarong.parse_move(line)))
    except PuzzleError as e:
        lines.append("script %04x refused %s" % (ord(ch), e.code))
    lines.append("strip %04x %r" % (ord(ch), strip(ch * 2 + "x" + ch) == "x"))
for line in lines:
    print(line)
blank = [ch for ch in CHARS if ch in WHITESPACE]
assert len(blank) == len(WHITESPACE), "every blank character of the rule is tried"
print("OK whitespace %d cases" % len(lines))
