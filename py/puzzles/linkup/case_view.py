"""A Link-up board that is not the one in play, drawn with the game's own tiles: Check's first failing
case (the solver's path and the learner's drawn over it as lines, told apart by line as well as colour:
solid for the solver's, dashed with square corners for the learner's) and the case stepped through
("Step through this case", drawn in place of the game's board, its cells marked as the game's are).

Every cell of the drawing has ``data-r``/``data-c`` (rows and columns as the learner's program numbers
them: from 0, the ring -1 and the size); a tile has the game's face and colour and its kind's number,
the number the program reads. The drawing is an image (``role="img"``) whose name is its text
alternative: the case and both paths by their corners."""

from pyscript import document

from app.dom import clear, el
from app.faces import face

SVG = "http://www.w3.org/2000/svg"


def corners(path: list) -> list:
    """A path's cells where it starts, turns or ends (what a person reads it by)."""
    if len(path) <= 2:
        return list(path)
    out = [path[0]]
    for i in range(1, len(path) - 1):
        (ra, ca), (rb, cb), (rc, cc) = path[i - 1], path[i], path[i + 1]
        if (rb - ra, cb - ca) != (rc - rb, cc - cb):
            out.append(path[i])
    out.append(path[-1])
    return out


def path_words(path: list) -> str:
    """A path's corners as text, ``(0,1) → (-1,1) → (-1,3) → (2,3)``."""
    return " → ".join("(%d,%d)" % (p[0], p[1]) for p in corners(path))


def draw_board(box: object, grid: list, labels: bool) -> tuple:
    """``grid``'s tiles and its ring drawn in ``box`` as a grid of equal cells (with row and column
    numbers first when ``labels``); ``(cells, svg)``: the cell nodes by ``(r, c)`` and the layer for lines,
    whose unit is one cell (:func:`point`)."""
    clear(box)
    rows, cols = len(grid), len(grid[0])
    lab = 1 if labels else 0
    box.style.setProperty("--cols", str(cols + 2 + lab))
    box.style.setProperty("--rows", str(rows + 2 + lab))
    if labels:
        el("span", box, "cg lab", aria_hidden="true")
        for c in range(-1, cols + 1):
            el("span", box, "cg lab", text=str(c), aria_hidden="true")
    cells = {}
    for r in range(-1, rows + 1):
        if labels:
            el("span", box, "cg lab", text=str(r), aria_hidden="true")
        for c in range(-1, cols + 1):
            inside = 0 <= r < rows and 0 <= c < cols
            v = grid[r][c] if inside else 0
            node = el("span", box, "cg" + ("" if inside else " ring"), data_r=r, data_c=c)
            if v:
                symbol, colour = face(v)
                # one element a tile (its face as text, its kind's number drawn from data-kind by the CSS):
                # an 8 x 18 case is a task of its own, well under 50 ms
                tile = el("span", node, "lu-case-tile", data_kind=v, text=symbol)
                tile.style.setProperty("--tile", colour)
            cells[(r, c)] = node
    svg = document.createElementNS(SVG, "svg")
    svg.setAttribute("class", "lu-case-lines")
    svg.setAttribute("aria-hidden", "true")
    svg.setAttribute("viewBox", "0 0 %d %d" % (cols + 2 + lab, rows + 2 + lab))
    box.appendChild(svg)
    return cells, svg


def point(r: int, c: int, rows: int, cols: int, labels: bool) -> str:
    """The centre of cell ``(r, c)`` in the lines' layer (a point off the drawing is drawn at its edge)."""
    lab = 1 if labels else 0
    r = max(-1, min(rows, r))
    c = max(-1, min(cols, c))
    return "%.1f,%.1f" % (c + 1.5 + lab, r + 1.5 + lab)


def line(svg: object, path: list, rows: int, cols: int, labels: bool, cls: str) -> None:
    """``path`` (``[[r, c], ...]``) drawn as a line of class ``cls`` through its cells' centres, a mark at
    each corner."""
    if not path:
        return
    node = document.createElementNS(SVG, "polyline")
    node.setAttribute("class", cls)
    node.setAttribute("points", " ".join(point(p[0], p[1], rows, cols, labels) for p in path))
    svg.appendChild(node)
    for p in corners(path):
        mark = document.createElementNS(SVG, "rect" if cls == "yours" else "circle")
        x, y = (float(v) for v in point(p[0], p[1], rows, cols, labels).split(","))
        if cls == "yours":
            for k, v in (("x", x - 0.16), ("y", y - 0.16), ("width", 0.32), ("height", 0.32)):
                mark.setAttribute(k, "%.2f" % v)
        else:
            mark.setAttribute("cx", "%.2f" % x)
            mark.setAttribute("cy", "%.2f" % y)
            mark.setAttribute("r", "0.2")
        mark.setAttribute("class", cls + "-corner")
        svg.appendChild(mark)


def draw_case(shell: object, parent: object, grid: list, expected: list, answer: "list | None", name: str) -> None:
    """Check's failing case in ``parent``: its legend, then the board with both paths, named ``name`` and
    the paths in words (the learner's ``answer`` only when it is rows of whole-number pairs)."""
    shell.text(el("p", parent, "help lu-case-legend"), "lu_case_legend")
    rows, cols = len(grid), len(grid[0])
    box = el("div", parent, "code-grid lu-case", role="img")
    _cells, svg = draw_board(box, grid, True)
    line(svg, expected or [], rows, cols, True, "expected")
    if isinstance(answer, list):
        line(svg, answer[:400], rows, cols, True, "yours")
    none = shell.t("code_none")
    box.setAttribute("aria-label", shell.t("lu_case_alt", name=name, expected=path_words(expected) if expected
                                           else none, yours=path_words(answer[:400]) if answer else none))
