"""The tree's shape: py/ has no import circle, and the generic modules name no game.

A game's code lives in its folder (``py/puzzles/GAME/``) and reaches the generic code
through its spec (:class:`puzzles.GameSpec`) in the registry (``py/puzzles/games.py``).
The generic modules read the spec; their code names no game. Docstrings and comments
may name one as an example: only names and string constants count."""

import ast
import io
import pathlib
import re
import tokenize

import pytest

from puzzles.games import NAMES

PY = pathlib.Path(__file__).resolve().parent.parent / "py"
# The generic modules: the app (the shell, the midend and its parts, the Code panel), the
# Code panel's runner, the worker's protocol, and the generic modules of ``puzzles``.
GENERIC = sorted(
    [p for p in (PY / "app").glob("*.py")]
    + [PY / "code_runner.py", PY / "worker.py", PY / "worker_jobs.py", PY / "worker_snapshot.py", PY / "main.py"]
    + [PY / "puzzles" / (name + ".py") for name in
       ("__init__", "__main__", "statespace", "code_cases", "code_check", "code_link", "messages", "input")]
)
# Every registered game's name, and the names the games go by on the page and in the course.
WORDS = sorted(set(NAMES) | {"klotski", "huarong", "linkup", "link-up", "sliding", "华容道", "连连看", "滑动"})


def module_name(path: pathlib.Path) -> str:
    """``py/puzzles/huarong/__init__.py`` -> ``puzzles.huarong``."""
    parts = list(path.relative_to(PY).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _called(node: ast.Call) -> str:
    """The name a call calls: ``f`` of ``f(...)`` and of ``x.f(...)``."""
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def imports(path: pathlib.Path) -> set:
    """The modules of py/ that ``path`` imports, at its top level or inside a function (an
    ``__import__`` or ``import_module`` of a constant name too): for
    ``from A import B`` the module ``A.B`` when it is one, else ``A``; a package's import also
    imports its parent packages (``import puzzles.huarong.solver`` runs ``puzzles/huarong``), but
    for the packages ``path`` is in itself, which are always run before it."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, up ``level - 1`` packages
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            names = [base + "." + a.name if MODULES.get(base + "." + a.name) else base for a in node.names]
        elif isinstance(node, ast.Call) and _called(node) in ("__import__", "import_module") and node.args:
            first = node.args[0]  # a module named by a constant: an import all the same
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names = [first.value]
        for name in names:
            while name:
                if name in MODULES and not (here + ".").startswith(name + "."):  # its own packages run first
                    found.add(name)
                name = name.rpartition(".")[0]
    return found


MODULES = {module_name(p): p for p in PY.rglob("*.py") if "__pycache__" not in p.parts}


def find_cycle(graph: dict) -> list:
    """One import circle of ``graph`` (module -> the modules it imports) as ``[a, b, ..., a]``, or ``[]``."""
    state: dict = {}
    path: list = []

    def visit(node: str) -> list:
        state[node] = "open"
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                got = visit(nxt)
                if got:
                    return got
        state[node] = "done"
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state:
            got = visit(node)
            if got:
                return got
    return []


def test_no_import_circle_in_py():
    graph = {name: imports(path) for name, path in MODULES.items()}
    assert len(graph) > 40 and graph["puzzles.huarong.solver"] >= {"puzzles.statespace", "puzzles.huarong.cases"}
    assert find_cycle(graph) == []


def test_the_cycle_finder_finds_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def _docstrings(source: str) -> set:
    """Where each docstring of ``source`` starts: ``(line, column)``."""
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                if isinstance(first.value.value, str):
                    docstrings.add((first.lineno, first.col_offset))
    return docstrings


def code_strings(source: str) -> str:
    """The string constants of ``source``'s code (docstrings and comments aside), one a line."""
    docstrings = _docstrings(source)
    return "\n".join(tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
                     if tok.type == tokenize.STRING and tok.start not in docstrings)


def naming_lines(source: str) -> list:
    """``(line, token)`` of each name and string constant of ``source`` that names a game,
    docstrings and comments aside."""
    docstrings = _docstrings(source)
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME or (tok.type == tokenize.STRING and tok.start not in docstrings):
            lowered = tok.string.lower()
            if any(word in lowered for word in WORDS):
                found.append((tok.start[0], tok.string))
    return found


def test_the_name_finder_sees_code_and_not_prose():
    source = '"""Huarong, as an example."""\n# linkup\nx = "sliding"\nif game == "huarong":\n    huarong_view = 1\n'
    assert [n for n, _ in naming_lines(source)] == [3, 4, 5]


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(PY)))
def test_a_generic_module_names_no_game(path):
    assert naming_lines(path.read_text(encoding="utf-8")) == []


SCRIPTS = sorted((PY.parent / "static").glob("*.js"))


def js_naming_lines(source: str) -> list:
    """The lines of a script's code (``//`` and ``/* */`` comments aside) that name a game."""
    source = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), source, flags=re.S)
    found = []
    for number, line in enumerate(source.splitlines(), 1):
        code = re.sub(r"(^|[^:\\])//.*", r"\1", line).lower()
        if any(word in code for word in WORDS):
            found.append((number, line.strip()))
    return found


def test_the_script_name_finder_sees_code_and_not_comments():
    source = '// huarong\n/* sliding\n linkup */\nconst a = 1; // huarong\nM.huarong = 1;\nfetch("http://x/huarong")\n'
    assert [n for n, _ in js_naming_lines(source)] == [5, 6]


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_the_pages_scripts_name_no_game(path):
    """The page's own scripts (the boot, the map's drawing, the Code panel's glue) read what a game's spec
    and space say (the map's ``preview``), never a game's name."""
    assert len(SCRIPTS) >= 4 and js_naming_lines(path.read_text(encoding="utf-8")) == []


def test_every_games_legal_moves_are_the_moves_its_rules_take():
    """The spec's ``legal_moves``: each move ``apply`` takes, from the default board and a few moves on."""
    from puzzles.games import SPECS

    for spec in SPECS:
        board = spec.default()
        for _ in range(3):
            moves = spec.legal_moves(board)
            assert moves, spec.name
            for move in moves:
                assert spec.decode_move(spec.encode_move(move)) == move, (spec.name, move)
                spec.apply(board, move)  # a PuzzleError here: a move the rules refuse
            board = spec.apply(board, moves[-1])


# ---------------------------------------------------------------- the midend: no forwarding
# A game's view calls each part directly (``self.frame.say``, ``self.jobs.run_job``): it holds no
# alias of a part's method (``self.say = frame.say``) and no property that only reads a part's state
# (``editing = property(lambda self: self.editor.editing)``); a part holds no alias of a method of
# another part it holds. Call-backs handed to a part (its ``calls`` and its ``Port``) are the
# view's own methods, not aliases.
SOURCES = sorted(MODULES.values())


def forwarding_aliases(owner: object, strict: bool) -> list:
    """The names of ``owner``'s instance attributes that are bound methods of another object: any other
    (``strict``, the view) or one that ``owner`` also holds as an attribute (a part)."""
    held = {id(value) for value in vars(owner).values()}
    found = []
    for name, value in vars(owner).items():
        target = getattr(value, "__self__", None)
        if type(value).__name__ != "method" or target is None or target is owner:
            continue
        if strict or id(target) in held:
            found.append(name)
    return sorted(found)


def _reads_a_part(node: object, self_name: str) -> bool:
    """``self.a.b`` (or deeper, a subscript at the end too): an expression that only reads another
    object's state through one of ``self``'s attributes."""
    depth = 0
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        depth += isinstance(node, ast.Attribute)
        node = node.value
    return depth >= 2 and isinstance(node, ast.Name) and node.id == self_name


def _getter_forwards(fn: object) -> bool:
    """A getter (a lambda or a ``def``) whose whole body reads another part's state."""
    if not fn.args.args:
        return False
    me = fn.args.args[0].arg
    if isinstance(fn, ast.Lambda):
        return _reads_a_part(fn.body, me)
    body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    return len(body) == 1 and isinstance(body[0], ast.Return) and _reads_a_part(body[0].value, me)


def forwarding_properties(source: str) -> list:
    """``(line, name)`` of each property in ``source`` whose getter only reads another part's state:
    ``x = property(lambda self: self.part.x)`` and ``@property def x(self): return self.part.x``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and node.value.args:
            call = node.value
            if isinstance(call.func, ast.Name) and call.func.id == "property":
                getter = call.args[0]
                if isinstance(getter, ast.Lambda) and _getter_forwards(getter):
                    found.append((node.lineno, ast.unparse(node.targets[0])))
        elif isinstance(node, ast.FunctionDef) and _getter_forwards(node):
            if any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list):
                found.append((node.lineno, node.name))
    return found


def test_the_forwarding_finders_find_forwarding():
    source = (
        "class V:\n"
        "    editing = property(lambda self: self.editor.editing)\n"
        "    own = property(lambda self: self.shown and self.ready)\n"
        "    @property\n"
        "    def clock(self):\n"
        "        '''The clock.'''\n"
        "        return self.records.clock\n"
        "    @property\n"
        "    def busy(self):\n"
        "        return self.jobs.job is not None\n"
    )
    assert forwarding_properties(source) == [(2, "editing"), (5, "clock")]

    class Part:
        def say(self) -> None:
            """A part's method."""

    class View:
        def render(self) -> None:
            """The view's own method."""

    view, part, other = View(), Part(), Part()
    view.frame, view.redraw = part, view.render
    assert forwarding_aliases(view, strict=True) == []
    view.say = part.say
    assert forwarding_aliases(view, strict=True) == ["say"]
    other.render, other.neighbour = view.render, part  # a call-back handed in is not an alias
    assert forwarding_aliases(other, strict=False) == []
    other.say = part.say  # a method of a part it holds is
    assert forwarding_aliases(other, strict=False) == ["say"]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PY)))
def test_no_property_only_forwards_to_a_part(path):
    assert forwarding_properties(path.read_text(encoding="utf-8")) == []


def _parts(view: object) -> list:
    """``(path, object)`` of the view and every part reachable from it (objects of the app's and the
    game's classes), ports aside."""
    packages = {"app", "puzzles", type(view).__module__.split(".")[0]}
    seen, out, todo = set(), [], [("view", view)]
    while todo:
        path, obj = todo.pop(0)
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        out.append((path, obj))
        for name, value in vars(obj).items():
            if type(value).__module__.split(".")[0] in packages and hasattr(value, "__dict__"):
                if type(value).__name__ != "Port":
                    todo.append((path + "." + name, value))
    return out


def check_no_aliases(game: str) -> None:
    """Game ``game``'s real view, built on the fake page (tests/fake_page.py): neither it nor any of its
    parts holds an alias of another part's method."""
    import fake_page
    from test_midend_page import make_view

    fake_page.install()
    try:
        view = make_view(game)
        parts = _parts(view)
        assert {"view.frame", "view.jobs", "view.life", "view.editor", "view.records"} <= {p for p, _ in parts}
        for path, part in parts:
            assert forwarding_aliases(part, strict=part is view) == [], path
    finally:
        fake_page.uninstall()


@pytest.mark.parametrize("game", NAMES)
def test_no_view_or_part_holds_an_alias_of_another_parts_method(game):
    check_no_aliases(game)


# ---------------------------------------------------------------- the generic tables hold generic texts
# A text only one game uses lives in that game's ``texts.py`` (merged into the page's table and the
# messages by the registry), not in app.i18n's or puzzles.messages' own table.
GENERIC_TABLES = ((PY / "app" / "i18n.py", "_TEXT"), (PY / "puzzles" / "messages.py", "MESSAGES"))


def table_keys(path: pathlib.Path, name: str) -> list:
    """The keys written in the module's own dict ``name`` (what the games add at run time aside)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                return [k.value for k in node.value.keys if isinstance(k, ast.Constant)]
    raise AssertionError("no table %s in %s" % (name, path))


def key_users(files: dict) -> dict:
    """``key-like string -> {who}``: for each file's text (``{who: [text, ...]}``), the quoted
    lowercase words it holds, each noted with who holds it (a game's name, or ``""``: generic code)."""
    users: dict = {}
    for who, texts in files.items():
        for text in texts:
            for match in re.finditer(r"[\"']([a-z][a-z0-9_]*)[\"']", text):
                users.setdefault(match.group(1), set()).add(who)
    return users


def one_games_keys(keys: list, users: dict) -> list:
    """``(key, game)`` of each key that names a game, or that only one game's code uses (a ``_one``
    plural goes with its key)."""
    found = []
    for key in keys:
        base = key[:-4] if key.endswith("_one") else key
        who = users.get(base, set())
        if any(word in key for word in WORDS):
            found.append((key, "named"))
        elif len(who) == 1 and "" not in who:
            found.append((key, next(iter(who))))
    return found


def _code_files() -> dict:
    """The code that may use a text: each game's folder's, and the generic code (py/'s other modules
    and the page's scripts), the tables themselves and the games' texts modules aside."""
    files: dict = {}
    for path in PY.rglob("*.py"):
        rel = path.relative_to(PY).parts
        if "__pycache__" in rel or path.name == "texts.py" or path in [p for p, _ in GENERIC_TABLES]:
            continue
        who = rel[1] if rel[0] == "puzzles" and len(rel) > 2 else ""
        files.setdefault(who, []).append(code_strings(path.read_text(encoding="utf-8")))
    files.setdefault("", []).extend(p.read_text(encoding="utf-8") for p in SCRIPTS)
    return files


def test_the_key_finder_finds_one_games_keys():
    users = key_users({"": ['t("ready")', "say('both')"], "huarong": ['t("hr_x")', 'say("both")'],
                       "linkup": ['"lu_y"', '"both"']})
    assert one_games_keys(["ready", "both", "hr_x", "hr_x_one", "lu_y", "tab_sliding", "unused"], users) == [
        ("hr_x", "huarong"), ("hr_x_one", "huarong"), ("lu_y", "linkup"), ("tab_sliding", "named")]


@pytest.mark.parametrize("table", GENERIC_TABLES, ids=lambda t: t[0].name)
def test_a_generic_table_holds_no_games_own_text(table):
    keys = table_keys(*table)
    assert len(keys) > 10
    assert one_games_keys(keys, key_users(_code_files())) == []
