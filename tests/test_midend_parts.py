"""The midend's shape: ``GameView`` wires parts, each in its own file; a game's view
overrides only the hooks listed in ``py/app/hooks.py``; no part imports the view; no mixins."""

import ast
import pathlib

from puzzles.games import SPECS

PY = pathlib.Path(__file__).resolve().parent.parent / "py"
APP = PY / "app"
PARTS = ("frame", "lifecycle", "jobs", "playback", "records_keeper", "editor_frame", "map_panel", "game_handler",
         "keys", "hooks", "session")
GAME_VIEWS = sorted(spec.view for spec in SPECS if spec.view)  # dotted, such as puzzles.huarong.view


def _class(module: str, name: str) -> ast.ClassDef:
    """Class ``name`` of ``module``: a part of py/app by its file's name, or a game's view by its dotted name."""
    path = PY.joinpath(*module.split(".")).with_suffix(".py") if "." in module else APP / (module + ".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)


def _members(cls: ast.ClassDef) -> set:
    """Methods and class attributes a class defines, and what its methods set on ``self``."""
    out = set()
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.add(node.name)
        elif isinstance(node, ast.Assign):
            out.update(t.id for t in node.targets if isinstance(t, ast.Name))
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                out.add(node.attr)
    return out


def _methods(cls: ast.ClassDef) -> set:
    return {n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))} | {
        t.id for n in cls.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)
    }


def test_a_games_view_overrides_only_the_declared_hooks():
    hooks = _methods(_class("hooks", "Hooks"))
    view = _members(_class("view", "GameView")) - hooks
    assert {"draw", "build_board", "show_hint", "will_load", "after_solve"} <= hooks
    assert len(GAME_VIEWS) >= 3
    for name in GAME_VIEWS:
        overridden = _methods(_class(name, "View")) & view
        assert overridden == {"__init__"}, (name, sorted(overridden))


def test_a_games_view_uses_none_of_the_views_private_names():
    """What a game's view may use of ``GameView`` is public: the hooks and the tools the view hands on
    (``button``, ``select``, ``guard``...); a name with a leading underscore is the view's own."""
    private = {m for m in _members(_class("view", "GameView")) if m.startswith("_") and not m.startswith("__")}
    assert private, "GameView has private names to keep to itself"
    for name in GAME_VIEWS:
        own = _members(_class(name, "View"))
        for node in ast.walk(_class(name, "View")):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
                assert node.attr not in private or node.attr in own, (name, node.attr)


def test_every_hook_says_what_it_is_for():
    for node in _class("hooks", "Hooks").body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert ast.get_docstring(node), node.name


def test_the_parts_never_import_the_view_and_there_are_no_mixins():
    assert not list(APP.glob("mixin_*.py"))
    for part in PARTS:
        tree = ast.parse((APP / (part + ".py")).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "app.view" and not (node.module or "").endswith("_view"), part
            if isinstance(node, ast.Import):
                assert all(a.name != "app.view" for a in node.names), part


def test_no_part_is_constructed_with_the_view_and_no_statement_is_joined_with_a_backslash():
    """Each part gets its game's hooks as a narrow port (``Port(self, Part.PORT)``), never ``self``."""
    tree = ast.parse((APP / "view.py").read_text(encoding="utf-8"))
    built = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id[:1].isupper():
            if node.func.id == "Port":
                continue
            built += 1
            args = list(node.args) + [k.value for k in node.keywords]
            assert not any(isinstance(a, ast.Name) and a.id == "self" for a in args), node.func.id
    assert built >= 7
    for path in APP.glob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not line.rstrip().endswith("\\"), (path.name, number)


def test_the_view_is_mostly_wiring():
    lines = (APP / "view.py").read_text(encoding="utf-8").count("\n")
    assert lines <= 350, lines


def test_the_session_notifies_its_subscribers_in_order_and_adopts_a_replayed_game():
    from app.session import Session
    from puzzles.games import GAMES

    spec = GAMES["sliding"]
    session = Session(spec.default(), spec.apply)
    session.options = {"k": "v"}
    heard = []
    session.subscribe(lambda kind: heard.append(("a", kind)))
    session.subscribe(lambda kind: heard.append(("b", kind)))
    session.changed("moved")
    assert heard == [("a", "moved"), ("b", "moved")]
    other = Session(spec.default(), spec.apply)
    move = next(t for t in range(1, 9) if other.state.line_to_blank(t) == [t])
    other.play(move)
    session.adopt(other)
    assert (session.start, session.state, session.cursor, session.made) == (other.start, other.state, 1, [move])
    assert session.options == {"k": "v"}  # the options and the subscribers stay the session's own
    session.changed("travelled")
    assert heard[-1] == ("b", "travelled")


def test_only_the_frame_writes_the_frames_elements():
    """Jobs and the Code panel say things through the frame (``frame.say``, ``frame.mark``,
    ``frame.show_progress_box``), so the frame redraws them on a language switch; neither writes
    ``frame.<element>``'s text or attributes itself."""
    writes = ("setAttribute", "removeAttribute", "textContent", "hidden", "disabled")
    for part in ("jobs", "code_panel"):
        tree = ast.parse((APP / (part + ".py")).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in writes and isinstance(node.value, ast.Attribute):
                owner = node.value.value
                named = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
                assert named != "frame", (part, node.value.attr, node.attr, node.lineno)
