"""The package keeps its shape, whatever its layout: no import circle (imports inside functions
counted), no import inside a function but the few that load the web app late, no module over 400
lines; create_app alone registers blueprints, hooks, error pages and template names, and registers
every blueprint; each layer (engine <- storage <- pages) imports only from those below it, and the
engine, the storage and the command line's file commands load no web library and no page (nor,
for the engine, the storage) in a fresh interpreter.

Every failure lists exactly what is wrong: each circle with the lines that make it, each module
too long with its length, each import out of place, each registration outside create_app, each
module or command that loads what its layer must not.
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

import pytest
from flask import Blueprint
from web.steps import SOURCE_HANDS, start_series, tally

from scorekeeper.cli import main

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
EXAMPLES = ROOT / "examples"
MOST_LINES = 400
# What the pages need and nothing else may load.
WEB_STACK = ("flask", "flask_wtf", "wtforms", "werkzeug", "jinja2")
# Web modules the layout keeps outside scorekeeper/web/ (every module under it is web).
WEB_MODULES = {"scorekeeper.serve"}


# --- Reading the package -------------------------------------------------------------------


def module_name(path: Path) -> str:
    """The dotted name of a module file of the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_modules() -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    return {
        module_name(path): path
        for path in sorted(PACKAGE.rglob("*.py"))
        if "__pycache__" not in path.parts
    }


MODULES = package_modules()


@dataclass(frozen=True)
class Import:
    """One module the source of another names in an import statement."""

    source: str
    target: str
    line: int
    in_function: str | None  # the function holding the statement, None at module level

    def place(self) -> str:
        return f"{MODULES[self.source].relative_to(ROOT)}:{self.line}"


def targets(source: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules one statement imports, relative imports resolved; for `from x import y`,
    x.y when y is a module of the package, else x."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        here = source if MODULES[source].name == "__init__.py" else source.rpartition(".")[0]
        for _ in range(node.level - 1):
            here = here.rpartition(".")[0]
        base = f"{here}.{base}" if base else here
    names = {f"{base}.{alias.name}" for alias in node.names}
    yield from sorted({name if name in MODULES else base for name in names})


def imports_of(source: str) -> Iterator[Import]:
    """Every import statement of a module, at module level or inside a function (those under
    `if TYPE_CHECKING:` too: a circle of types is a circle of layers all the same)."""
    tree = ast.parse(MODULES[source].read_text(encoding="utf-8"))

    def visit(node: ast.AST, function: str | None) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                yield from visit(child, child.name)
            elif isinstance(child, ast.Import | ast.ImportFrom):
                for target in targets(source, child):
                    yield Import(source, target, child.lineno, function)
            else:
                yield from visit(child, function)

    yield from visit(tree, None)


IMPORTS = [found for source in MODULES for found in imports_of(source)]


def app_factory() -> str:
    """The module that defines the app factory, create_app, at its top level."""
    found = [
        name
        for name, path in MODULES.items()
        if any(
            isinstance(node, ast.FunctionDef) and node.name == "create_app"
            for node in ast.parse(path.read_text(encoding="utf-8")).body
        )
    ]
    assert len(found) == 1, f"one module should define create_app, found {found}"
    return found[0]


FACTORY = app_factory()
# The only imports that may sit inside a function, as (module, target): the app factory loads
# Flask, the pages and what it registers them with only when an app is made, and the command
# line loads the web app only to serve it (and to ask it where its database lives).
LAZY_IMPORTS = {
    (FACTORY, "flask"),
    (FACTORY, "flask_babel"),
    (FACTORY, "werkzeug.exceptions"),
    (FACTORY, "sqlite3"),
    (FACTORY, "scorekeeper.*"),
    ("scorekeeper.cli", FACTORY),
    ("scorekeeper.cli", "scorekeeper.serve"),
    ("scorekeeper.cli", "scorekeeper.web.access.passcode"),
}


# --- No circle, no import inside a function, no long module -----------------------------------


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (or a module importing itself),
    each as one circle through all of its modules' first member, by Tarjan's algorithm."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return sorted(groups)


def way_round(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """The shortest circle from the group's first module back to it, inside the group: an
    example of the circle; every import inside the group is listed beside it."""
    start = group[0]
    paths = {start: [start]}
    queue = [start]
    for node in queue:
        for nxt in sorted(edges[node] & set(group)):
            if nxt == start:
                return [*paths[node], start]
            if nxt not in paths:
                paths[nxt] = [*paths[node], nxt]
                queue.append(nxt)
    raise AssertionError(f"no way round {group}")


def describe_circle(group: list[str], edges: dict[str, set[str]]) -> str:
    """The modules of a circle, one way round it, and every import between its modules."""
    steps = []
    for source in group:
        for target in sorted(edges[source] & set(group)):
            lines = [
                i.place() + (f" (in {i.in_function})" if i.in_function else "")
                for i in IMPORTS
                if i.source == source and i.target == target
            ]
            steps.append(f"  {source} -> {target}: {', '.join(lines)}")
    return (
        f"{', '.join(group)} import each other, e.g. {' -> '.join(way_round(group, edges))}:\n"
        + "\n".join(steps)
    )


def test_a_circle_is_found_with_a_way_round_it():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert circles(edges) == [["a", "b", "c"], ["e"]]
    assert way_round(["a", "b", "c"], edges) == ["a", "b", "c", "a"]


def test_no_import_circle_among_the_packages_modules():
    edges: dict[str, set[str]] = {name: set() for name in MODULES}
    for found in IMPORTS:
        if found.target in MODULES:
            edges[found.source].add(found.target)
    found_circles = circles(edges)
    assert not found_circles, "import circles:\n" + "\n".join(
        describe_circle(group, edges) for group in found_circles
    )


def test_imports_sit_at_the_top_of_modules_but_the_web_apps_late_ones():
    misplaced = [
        f"{i.place()}: {i.source} imports {i.target} inside {i.in_function}()"
        for i in IMPORTS
        if i.in_function
        and not any(
            i.source == module and fnmatch(i.target, target) for module, target in LAZY_IMPORTS
        )
    ]
    assert not misplaced, "imports inside functions:\n" + "\n".join(misplaced)


def test_no_module_of_the_package_is_over_400_lines():
    lengths = {
        path.relative_to(ROOT): len(path.read_text(encoding="utf-8").splitlines())
        for path in MODULES.values()
    }
    too_long = [f"{path}: {n} lines" for path, n in sorted(lengths.items()) if n > MOST_LINES]
    assert not too_long, f"modules over {MOST_LINES} lines:\n" + "\n".join(too_long)


# --- One place makes the app -----------------------------------------------------------------

# What adds a blueprint, a hook, an error page or a name the templates read to the whole app,
# called on the app or through a blueprint: only the app factory does it, so that create_app
# lists everything the app is made of.
APP_WIDE = frozenset(
    {
        "register_blueprint",
        "init_app",
        "record",
        "record_once",
        "before_request",
        "before_app_request",
        "after_request",
        "after_app_request",
        "teardown_request",
        "teardown_app_request",
        "teardown_appcontext",
        "app_errorhandler",
        "context_processor",
        "app_context_processor",
        "template_global",
        "app_template_global",
        "add_template_global",
        "add_app_template_global",
        "template_filter",
        "app_template_filter",
        "add_template_filter",
        "add_app_template_filter",
        "template_test",
        "app_template_test",
        "add_template_test",
        "add_app_template_test",
        "url_value_preprocessor",
        "app_url_value_preprocessor",
        "url_defaults",
        "app_url_defaults",
    }
)
# A blueprint (always named `bp`) keeps its own error pages: they answer only its routes.
BLUEPRINT_OWN = frozenset({"errorhandler", "register_error_handler"})
# The app's tables a module could fill directly: Jinja's globals, filters and tests, and the
# routes' converters. (What the app keeps in `app.extensions` is state, not a registration:
# the server sets where it listens there.)
APP_TABLES = frozenset({"globals", "filters", "tests", "converters"})


def registrations(source: str) -> list[tuple[int, str]]:
    """Each place in a module's source that registers something on the app: (line, what)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            owner = ast.unparse(node.value)
            if node.attr in APP_WIDE or (node.attr in BLUEPRINT_OWN and owner != "bp"):
                found.append((node.lineno, f"{owner}.{node.attr}"))
        elif isinstance(node, ast.Assign | ast.AugAssign):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if (
                    isinstance(target, ast.Subscript)
                    and isinstance(target.value, ast.Attribute)
                    and target.value.attr in APP_TABLES
                ):
                    found.append((node.lineno, ast.unparse(target)))
    return sorted(found)


def test_a_registration_is_found_in_every_form():
    source = """
@bp.app_template_global()
def shown(): ...
@bp.route("/")
def page(): ...
@bp.errorhandler(KeyError)
def own_error(): ...
app.before_request(shown)
app.register_error_handler(KeyError, own_error)
app.jinja_env.globals["x"] = 1
csrf.init_app(app)
bp.add_app_template_filter(shown, "shown")
current_app.jinja_env.get_template("x.html")
"""
    assert registrations(source) == [
        (2, "bp.app_template_global"),
        (8, "app.before_request"),
        (9, "app.register_error_handler"),
        (10, "app.jinja_env.globals['x']"),
        (11, "csrf.init_app"),
        (12, "bp.add_app_template_filter"),
    ]


def test_only_create_app_registers_on_the_app():
    found = {
        name: registrations(path.read_text(encoding="utf-8")) for name, path in MODULES.items()
    }
    elsewhere = [
        f"{MODULES[name].relative_to(ROOT)}:{line}: {what}"
        for name, places in found.items()
        if name != FACTORY
        for line, what in places
    ]
    assert not elsewhere, "registered outside create_app:\n" + "\n".join(elsewhere)
    made = [what for _, what in found[FACTORY]]
    assert made.count("app.register_blueprint") >= 15 and "app.before_request" in made


def test_every_blueprint_of_the_pages_is_registered(app):
    defined = {
        f"{name}.{attr}": value
        for name in MODULES
        if is_web(name)
        for attr, value in vars(importlib.import_module(name)).items()
        if isinstance(value, Blueprint)
    }
    registered = {id(bp) for bp in app.blueprints.values()}
    assert len(defined) >= 15
    missing = sorted(where for where, bp in defined.items() if id(bp) not in registered)
    assert not missing, "blueprints create_app does not register: " + ", ".join(missing)


# --- The layers: engine <- storage <- pages ---------------------------------------------------


def is_web(name: str) -> bool:
    return name in WEB_MODULES or name == "scorekeeper.web" or name.startswith("scorekeeper.web.")


ENGINE = [name for name in MODULES if name.split(".")[:2] == ["scorekeeper", "engine"]]
# Storage and everything else that is neither the engine nor a page: the package itself, the
# database and its rows, export and import, backup, the command line.
STORAGE = [name for name in MODULES if not is_web(name) and name not in ENGINE]


def layer(name: str) -> int:
    """0 for the engine, 1 for the storage, 2 for the pages."""
    return 0 if name in ENGINE else 2 if is_web(name) else 1


def is_lazy(found: Import) -> bool:
    """Whether an import is one of the few allowed inside a function."""
    return bool(found.in_function) and any(
        found.source == module and fnmatch(found.target, target) for module, target in LAZY_IMPORTS
    )


def test_the_storage_modules_are_found_apart_from_the_engine_and_the_pages():
    assert ENGINE and "scorekeeper.engine" in ENGINE
    assert "scorekeeper.cli" in STORAGE and "scorekeeper" in STORAGE
    assert "scorekeeper.store.hands" in STORAGE and "scorekeeper.store.db" in STORAGE
    assert not {"scorekeeper.serve", *ENGINE} & set(STORAGE)
    assert not is_web("scorekeeper.webbed") and is_web("scorekeeper.web.hands.pages")
    assert [
        layer("scorekeeper.engine.tiles"),
        layer("scorekeeper.store.db"),
        layer("scorekeeper.web.shell.db"),
    ] == [0, 1, 2]


def test_each_layer_imports_only_from_the_layers_below_it():
    upward = [
        f"{i.place()}: {i.source} imports {i.target}"
        for i in IMPORTS
        if i.target in MODULES and layer(i.target) > layer(i.source) and not is_lazy(i)
    ]
    assert not upward, "imports from a layer above:\n" + "\n".join(upward)


# Run in a fresh interpreter: import modules, or run one command line; give every module it
# loaded, and the command's status.
RUNNER = """
import contextlib, importlib, io, json, sys
kind, what = json.loads(sys.argv[1])
status = 0
if kind == "import":
    for name in what:
        importlib.import_module(name)
else:
    from scorekeeper.cli import main
    with contextlib.redirect_stdout(io.StringIO()):
        status = main(what)
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""
# What the engine keeps away from besides the web: the storage's libraries.
STORAGE_LIBRARIES = ("sqlite_utils", "sqlite3")


def fresh_interpreter(kind: str, what: list[str]) -> dict:
    """What a fresh interpreter loaded after importing or running `what`, and the status."""
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, json.dumps([kind, what])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"{kind} {what} failed:\n{done.stderr}"
    return json.loads(done.stdout.splitlines()[-1])


def from_above(below: int, modules: list[str]) -> list[str]:
    """What of the loaded modules a layer (0 engine, 1 storage) must not load: the web stack
    and the pages; for the engine, the storage's libraries and the store too."""
    tops = {name.split(".")[0] for name in modules}
    found = sorted(tops & set(WEB_STACK)) + [name for name in modules if is_web(name)]
    if below == 0:
        found += sorted(tops & set(STORAGE_LIBRARIES))
        found += [name for name in modules if name.split(".")[:2] == ["scorekeeper", "store"]]
    return found


def loaded_from_above(names: list[str], below: int) -> list[str]:
    """One line per module whose import, alone in a fresh interpreter, loads what its layer
    must not (all of them in one interpreter first: when that loads none of it, none does)."""
    if not from_above(below, fresh_interpreter("import", names)["modules"]):
        return []
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda name: fresh_interpreter("import", [name]), names))
    return [
        f"importing {name} loads {', '.join(from_above(below, result['modules']))}"
        for name, result in zip(names, results, strict=True)
        if from_above(below, result["modules"])
    ]


def test_what_a_layer_must_not_load_is_found():
    loaded = [
        "flask.app",
        "json",
        "scorekeeper.engine.tiles",
        "scorekeeper.store.db",
        "scorekeeper.web.shell.db",
        "sqlite3",
        "werkzeug",
    ]
    assert from_above(1, loaded) == ["flask", "werkzeug", "scorekeeper.web.shell.db"]
    assert from_above(0, loaded) == [
        "flask",
        "werkzeug",
        "scorekeeper.web.shell.db",
        "sqlite3",
        "scorekeeper.store.db",
    ]
    assert from_above(0, ["json", "scorekeeper", "scorekeeper.engine.tiles"]) == []


def test_the_engine_loads_no_web_library_no_storage_and_no_page():
    loaded = loaded_from_above(ENGINE, 0)
    assert not loaded, "\n".join(loaded)


def test_the_storage_loads_no_web_library_and_no_page():
    loaded = loaded_from_above(STORAGE, 1)
    assert not loaded, "\n".join(loaded)


@pytest.fixture
def filled_database(client, tmp_path) -> Path:
    """The app's database holding a series of the Rummikub rules' four hands."""
    series_id = start_series(client)
    for hand in SOURCE_HANDS:
        saved = client.post(f"/series/{series_id}/hands/new", data=tally("ABCD", hand))
        assert saved.status_code == 302
    return tmp_path / "scorekeeper.db"


@pytest.fixture
def command_lines(filled_database, tmp_path, monkeypatch) -> dict[str, list[str]]:
    """Each file command, on small real files: the examples, an export of a real database, and
    the database found in the instance folder (given here as people do, by the environment)."""
    archive = tmp_path / "export.json"
    assert main(["export", "--database", str(filled_database), str(archive)]) == 0
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(filled_database.parent))
    return {
        "export from the instance folder": ["export", str(tmp_path / "found.json")],
        "score": ["score", str(EXAMPLES / "hands" / "romanian.json")],
        "series": ["series", str(EXAMPLES / "series" / "rummikub-score-table.json")],
        "export": ["export", "--database", str(filled_database), str(tmp_path / "again.json")],
        "import": ["import", "--database", str(tmp_path / "fresh.db"), str(archive)],
        "backup": ["backup", "--database", str(filled_database), str(tmp_path / "copy.db")],
    }


@pytest.mark.parametrize(
    "command",
    [
        "score",
        "series",
        "export",
        "export from the instance folder",
        "import",
        "backup",
    ],
)
def test_the_command_line_runs_without_flask_or_a_page(command_lines, command):
    result = fresh_interpreter("run", command_lines[command])
    assert result["status"] == 0, command_lines[command]
    package = [
        name
        for name in result["modules"]
        if name.split(".")[0] == "scorekeeper" and layer(name) > 0
    ]
    assert from_above(1, result["modules"]) == [], (
        f"scorekeeper {command} loads {', '.join(from_above(1, result['modules']))}; the "
        f"modules it loads beside the engine: {', '.join(package)}"
    )


# --- Migrations frozen in time -------------------------------------------------------------------

# The modules holding migrations: store/migrations.py and every store/migrations_*.py beside it
# (m001 to m005 are in migrations_early.py), or the modules of a store/migrations/ package.
MIGRATIONS = [name for name in MODULES if fnmatch(name, "scorekeeper.store.migrations*")]
FROZEN = "scorekeeper.store.frozen"


def test_the_migrations_import_nothing_of_the_package_but_their_frozen_copies():
    """A migration runs on old databases for ever: what it calls must never change, so it may
    use sqlite-utils, the standard library, store/frozen/ and the other modules of migrations,
    never the rest of the store or the engine (both change, and an old database would stop
    upgrading)."""
    assert {"scorekeeper.store.migrations", "scorekeeper.store.migrations_early"} <= set(
        MIGRATIONS
    ), f"the migrations are not all found: {MIGRATIONS}"
    frozen = [name for name in MODULES if name == FROZEN or name.startswith(f"{FROZEN}.")]
    assert frozen, f"{FROZEN} is missing"
    out_of_place = [
        f"{i.place()}: {i.source} imports {i.target}"
        for i in IMPORTS
        if i.source in (*MIGRATIONS, *frozen)
        and i.target.startswith("scorekeeper")
        and i.target not in (*MIGRATIONS, *frozen)
    ]
    assert not out_of_place, (
        "migrations calling code that changes (freeze a copy in "
        "store/frozen/ instead):\n" + "\n".join(out_of_place)
    )
