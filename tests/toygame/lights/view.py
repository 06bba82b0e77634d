"""Lights out on the page: nine lights, each a button (a press is one move, a click, a tap,
Enter or Space on it, or ``gameHandler.move(cell)``). Everything else (Solve, Hint, Undo,
saves and links, the map, the Code panel) is :class:`app.view.GameView`'s, read from the
spec. Its look is set here, on its own elements: the game adds nothing to the page's CSS."""

from app.dom import el, hit, on
from app.view import GameView, game_texts
from puzzles import exact_int
from puzzles.input import event as input_event
from toygame.lights import CELLS, SIDE
from toygame.lights import input as lights_input

CELL_PX = 64
ON, OFF = "#f2c94c", "#3b2a16"


class View(GameView):
    TEXT = game_texts(ready="lo_ready", paste_help="lo_paste_help")

    def __init__(self, shell: object, panel: object, spec: object) -> None:
        self.lights: list = []
        super().__init__(shell, panel, spec)

    def build_board(self, parent: object) -> None:
        self.board_el = el("div", parent, "lo-board play-only", role="group", id="lo-board")
        self.shell.text(self.board_el, "board_lights", "aria-label")
        style = self.board_el.style
        style.display = "grid"
        style.gridTemplateColumns = "repeat(%d, %dpx)" % (SIDE, CELL_PX)
        style.gap = "6px"
        style.padding = "10px"
        style.alignSelf = "start"
        for cell in range(CELLS):
            b = el("button", self.board_el, "lo-light", type="button", data_cell=cell)
            b.style.width = b.style.height = "%dpx" % CELL_PX
            b.style.borderRadius = "10px"
            self.shell.text(b, "lo_light", "aria-label", r=cell // SIDE + 1, c=cell % SIDE + 1)
            self.lights.append(b)
        on(self.board_el, "click", self._on_click)

    def build_side(self, side: object) -> None:
        self.shell.text(el("p", side, "help"), "lo_keys_help")

    def draw(self) -> None:
        board = self.session.state
        hinted = self.hinted[0] if self.hinted else -1
        for cell, b in enumerate(self.lights):
            lit = board.cells[cell] == 1
            b.setAttribute("aria-pressed", "true" if lit else "false")
            b.style.background = ON if lit else OFF
            b.style.outline = "4px dashed #2471a3" if cell == hinted else ""
        self.board_el.classList.toggle("won", board.is_solved() and self.session.cursor > 0)

    def move(self, cell: object) -> bool:
        """``gameHandler.move(cell)``: press light ``cell`` (0-8, row by row)."""
        try:
            return self.play(exact_int(cell))
        except ValueError:
            return False

    def handler_methods(self) -> tuple:
        return (
            {
                "move": lambda *a: self.move(a[0]) if len(a) == 1 else False,
                "isSolved": lambda *a: self.session.state.is_solved(),
            },
            [],
        )

    def _on_click(self, event: object) -> None:
        found = hit(event, ".lo-light", "cell")
        if found is None:
            return
        outcome, _ui = lights_input.interpret(self.session.state, {}, input_event("tap", piece=found[1]))
        for cell in outcome or []:
            self.move(cell)

    def show_hint(self, moves: list, stats: dict) -> None:
        cell = moves[0]
        self.frame.say("lo_hint", r=cell // SIDE + 1, c=cell % SIDE + 1, n=stats["distance"])
