"""Huarong Road's page parts (py/puzzles/huarong/chart_view.py, compare_view.py, editor_view.py): each is
made with a port of the calls it makes, never with the view, and runs in CPython on a fake DOM and a fake
port: the chart's axis, the comparison's progress, Stop, answer and forgetting, the editor's tools."""

import ast
import asyncio
import pathlib
import sys
import types

import pytest

PY = pathlib.Path(__file__).resolve().parent.parent / "py"
PARTS = {"chart_view": "Chart", "compare_view": "Compare", "editor_view": "Editor"}


class Style:
    def __init__(self) -> None:
        self.props: dict = {}

    def setProperty(self, name: str, value: str) -> None:  # noqa: N802 (the DOM's name)
        self.props[name] = value


class Node:
    """An element of the fake DOM: what app.dom and the parts use of one."""

    def __init__(self, tag: str) -> None:
        self.tag, self.className, self.textContent = tag, "", ""
        self.attrs: dict = {}
        self.children: list = []
        self.style = Style()
        self.listeners: dict = {}
        self.disabled = False
        self.value = ""

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802
        self.attrs[name] = value

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        self.attrs.pop(name, None)

    def appendChild(self, node: "Node") -> None:  # noqa: N802
        self.children.append(node)

    def removeChild(self, node: "Node") -> None:  # noqa: N802
        self.children.remove(node)

    def focus(self) -> None:
        Node.focused = self

    def addEventListener(self, kind: str, handler: object) -> None:  # noqa: N802
        self.listeners[kind] = handler

    @property
    def firstChild(self) -> "Node | None":  # noqa: N802
        return self.children[0] if self.children else None

    def text(self) -> str:
        return self.textContent + "".join(c.text() for c in self.children)

    def find(self, tag: str) -> list:
        found = [self] if self.tag == tag else []
        for c in self.children:
            found += c.find(tag)
        return found


@pytest.fixture
def parts(monkeypatch):
    """The three part modules, imported on a fake ``pyscript`` (and forgotten after the test)."""
    fake = types.ModuleType("pyscript")
    fake.document = types.SimpleNamespace(createElement=Node)
    fake.window = types.SimpleNamespace(drawn=[])
    fake.window.drawBars = lambda plot, n, bars: fake.window.drawn.append((n, bars))
    ffi = types.ModuleType("pyscript.ffi")
    ffi.create_proxy = lambda f: f
    fake.ffi = ffi
    monkeypatch.setitem(sys.modules, "pyscript", fake)
    monkeypatch.setitem(sys.modules, "pyscript.ffi", ffi)
    names = ["app.dom"] + ["puzzles.huarong." + m for m in PARTS]
    for name in names:
        monkeypatch.delitem(sys.modules, name, raising=False)
    import importlib

    mods = {m: importlib.import_module("puzzles.huarong." + m) for m in PARTS}
    yield types.SimpleNamespace(window=fake.window, **mods)
    for name in names:
        sys.modules.pop(name, None)


def t(key: str, **values: object) -> str:
    return key + "".join(" %s=%s" % kv for kv in sorted(values.items()))


def texts() -> dict:
    return {"t": t, "text": lambda node, key, attr=None: node.setAttribute(attr, key) if attr else None}


def button(parent: Node, key: str, handler: object, cls: str = "") -> Node:
    b = Node("button")
    b.textContent = key
    b.listeners["click"] = handler
    parent.appendChild(b)
    return b


# ====================================================================== shape
def test_each_part_is_made_with_a_port_and_never_imports_the_view():
    for module, cls in PARTS.items():
        tree = ast.parse((PY / "puzzles" / "huarong" / (module + ".py")).read_text(encoding="utf-8"))
        part = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
        init = next(n for n in part.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
        assert [a.arg for a in init.args.args] == ["self", "port"], module
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not imported & {"app.view", "puzzles.huarong.view", "app.hooks"}, module
    view = ast.parse((PY / "puzzles" / "huarong" / "view.py").read_text(encoding="utf-8"))
    made = [n for n in ast.walk(view) if isinstance(n, ast.Call) and getattr(n.func, "id", "") in PARTS.values()]
    assert len(made) == 3
    for call in made:  # handed a dict of calls, the view itself nowhere among them
        assert not [n for n in ast.walk(call) if isinstance(n, ast.Name) and n.id == "self"
                    and not _inside_lambda_or_attribute(call, n)], ast.unparse(call)


def _inside_lambda_or_attribute(root: ast.AST, target: ast.Name) -> bool:
    """Whether ``target`` is used as ``self.x`` (a call of the view's handed on) rather than ``self``."""
    for node in ast.walk(root):
        if isinstance(node, ast.Attribute) and node.value is target:
            return True
    return False


# ====================================================================== the chart
def test_the_charts_axis_names_the_first_the_last_and_a_few_between(parts):
    assert parts.chart_view.ticks(0) == [0]
    assert parts.chart_view.ticks(4) == [0, 1, 2, 3, 4]
    assert parts.chart_view.ticks(116) == [0, 29, 58, 87, 116]
    for deepest in range(5, 300):
        ticks = parts.chart_view.ticks(deepest)
        assert ticks[0] == 0 and ticks[-1] == deepest and 3 <= len(ticks) <= 6 and ticks == sorted(set(ticks))


def test_the_chart_redraws_only_changed_bars_and_goes_on_forget(parts):
    chart = parts.chart_view.Chart(texts())
    box = Node("div")
    chart.build(box)
    node = box.children[0]
    assert node.attrs["aria-label"] == "chart"
    chart.draw([1, 3, 2])
    chart.draw([1, 3, 5, 4])
    assert [n for n, _bars in parts.window.drawn] == [3, 4]
    assert parts.window.drawn[-1][1].count("chart_bar") == 2  # depths 2 and 3 only
    assert node.attrs["aria-label"] == "chart_label at=2 d=3 n=13 top=5"
    chart.relabel()  # a language switch: every bar again
    assert parts.window.drawn[-1][1].count("chart_bar") == 4
    chart.forget()
    assert chart.levels is None and node.children == []


# ====================================================================== the comparison
class Jobs:
    """The port's job calls: ``stepped`` reports the given progress steps, then answers ``result``
    (``cancelled`` once the part's cancel flag is up)."""

    def __init__(self, steps: list, result: dict) -> None:
        self.steps, self.result = steps, result
        self.side: list = []
        self.during = None

    def request(self, action: str) -> str:
        return "request:" + action

    async def stepped(self, request: str, progress: object, cancelled: object) -> dict:
        assert request == "request:compare"
        for p in self.steps:
            progress(p)
            if self.during is not None:
                self.during()
            if cancelled():
                return {"status": "cancelled"}
        return self.result

    def side_job(self, running: bool) -> None:
        self.side.append(running)


SIDES = {"equal": {"status": "solved", "positions": 1000, "steps": 116, "seconds": 0.5, "limit": 10**6},
         "distinct": {"status": "unknown", "positions": 10**6, "steps": None, "seconds": 9.0, "limit": 10**6}}


def _compare(parts, jobs: Jobs):
    port = dict(texts(), button=button, request=jobs.request, stepped=jobs.stepped, side_job=jobs.side_job)
    part = parts.compare_view.Compare(port)
    panel = Node("div")
    part.build(panel)
    return part


def test_the_comparison_shows_progress_then_its_table(parts):
    jobs = Jobs([{"side": "equal", "positions": 500}], {"status": "done", "stats": {"sides": SIDES}})
    seen = []
    part = _compare(parts, jobs)
    jobs.during = lambda: seen.append((part.line.textContent, part.run_btn.disabled, "hidden" in part.stop_btn.attrs))
    asyncio.run(part.run())
    assert seen == [("compare_progress n=500 side=compare_equal", True, False)]
    assert jobs.side == [True, False] and not part.run_btn.disabled and "hidden" in part.stop_btn.attrs
    assert part.line.textContent == "compare_done"
    rows = part.out.find("tr")
    assert [r.text() for r in rows[1:]] == ["compare_equal10001160.50",
                                            "compare_distinctcompare_gave_up n=1,000,000—9.00"]
    assert part.out.children[-1].text() == "compare_ratio_more r=1000.0"


def test_stop_and_a_move_each_end_the_comparison(parts):
    jobs = Jobs([{"side": "equal", "positions": 1}] * 3, {"status": "done", "stats": {"sides": SIDES}})
    part = _compare(parts, jobs)
    jobs.during = part.stop
    asyncio.run(part.run())
    assert part.line.textContent == "compare_stopped" and part.running is None
    jobs.during = part.forget  # the position changed: the box is cleared and stays so
    asyncio.run(part.run())
    assert part.shown is None and part.line.textContent == "" and part.out.children == []


def test_a_failed_comparison_says_why(parts):
    part = _compare(parts, Jobs([], {"status": "error", "error": {"text": "boom"}}))
    asyncio.run(part.run())
    assert part.line.textContent == "compare_failed msg=boom"


# ====================================================================== the editor
def test_the_editor_places_selects_and_erases_through_its_port(parts):
    from puzzles.huarong.draft import HuarongDraft

    state = {"draft": HuarongDraft(5, 4), "selected": None, "focus": None}
    said = []

    def select(parent: Node, key: str, id_: str) -> Node:
        s = Node("select")
        parent.appendChild(s)
        return s

    port = dict(texts(), lang=lambda: "en", select=select, button=button, guard=lambda f: f,
                play_button=lambda bar: None, draft=lambda: state["draft"], selected=lambda: state["selected"],
                set_selected=lambda i: state.update(selected=i), focus=lambda: state["focus"],
                set_focus=lambda rc: state.update(focus=rc), edited=lambda: said.append("edited"),
                set_draft=lambda d: state.update(draft=d), refused=lambda e, *n: said.append(e.key),
                render=lambda: said.append("render"))
    editor = parts.editor_view.Editor(port)
    bar, board = Node("div"), Node("div")
    editor.build(bar)
    editor.listen(board)
    editor._cell_click(0, 1, None)  # the boss, the default tool
    assert state["draft"].pieces == [[0, 1, 2, 2]] and said[-1] == "edited"
    editor._cell_click(0, 1, None)
    assert said[-1] == "ed_one_boss" and len(state["draft"].pieces) == 1  # refused, said
    editor._piece_click(0)
    assert state["selected"] == 0
    editor.tool_btns["erase"].listeners["click"](None)
    assert editor.tool == "erase" and state["selected"] is None
    editor._piece_click(0)
    assert state["draft"].pieces == []
    editor.draw()
    assert len(board.find("button")) == 20 and editor.rows.value == "5"
    assert Node.focused.attrs["data-cell"] == "1"  # the focus stays where the erased piece was
    assert editor.status()[0] == "ed_invalid"
