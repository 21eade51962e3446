"""The package keeps its shape, whatever its layout: no import circle (imports inside functions
counted), no import inside a function but the few that load the web app late, no module over 400
lines, and the engine, the storage and the command line's file commands run without Flask.

Every failure lists exactly what is wrong: each circle with the lines that make it, each module
too long with its length, each import out of place, each module or command that loads the web
stack.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

import pytest
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
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))
            if "__pycache__" not in path.parts}


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
    found = [name for name, path in MODULES.items()
             if any(isinstance(node, ast.FunctionDef) and node.name == "create_app"
                    for node in ast.parse(path.read_text(encoding="utf-8")).body)]
    assert len(found) == 1, f"one module should define create_app, found {found}"
    return found[0]


FACTORY = app_factory()
# The only imports that may sit inside a function, as (module, target): the app factory loads
# Flask and the pages only when an app is made, and the command line loads the web app only
# to serve it (and to ask it where its database lives).
LAZY_IMPORTS = {
    (FACTORY, "flask"),
    (FACTORY, "scorekeeper.*"),
    ("scorekeeper.cli", FACTORY),
    ("scorekeeper.cli", "scorekeeper.serve"),
    ("scorekeeper.cli", "scorekeeper.web.passcode"),
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
            lines = [i.place() + (f" (in {i.in_function})" if i.in_function else "")
                     for i in IMPORTS if i.source == source and i.target == target]
            steps.append(f"  {source} -> {target}: {', '.join(lines)}")
    return (f"{', '.join(group)} import each other, e.g. {' -> '.join(way_round(group, edges))}:\n"
            + "\n".join(steps))


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
        describe_circle(group, edges) for group in found_circles)


def test_imports_sit_at_the_top_of_modules_but_the_web_apps_late_ones():
    misplaced = [f"{i.place()}: {i.source} imports {i.target} inside {i.in_function}()"
                 for i in IMPORTS if i.in_function and not any(
                     i.source == module and fnmatch(i.target, target)
                     for module, target in LAZY_IMPORTS)]
    assert not misplaced, "imports inside functions:\n" + "\n".join(misplaced)


def test_no_module_of_the_package_is_over_400_lines():
    lengths = {path.relative_to(ROOT): len(path.read_text(encoding="utf-8").splitlines())
               for path in MODULES.values()}
    too_long = [f"{path}: {n} lines" for path, n in sorted(lengths.items()) if n > MOST_LINES]
    assert not too_long, f"modules over {MOST_LINES} lines:\n" + "\n".join(too_long)


# --- Without Flask ------------------------------------------------------------------------------

# Run in a fresh interpreter: import modules, or run one command line; say which part of the web
# stack it loaded, and the command's status.
RUNNER = """
import contextlib, importlib, io, json, sys
kind, what, web = json.loads(sys.argv[1])
status = 0
if kind == "import":
    for name in what:
        importlib.import_module(name)
else:
    from scorekeeper.cli import main
    with contextlib.redirect_stdout(io.StringIO()):
        status = main(what)
loaded = sorted({name.split(".")[0] for name in sys.modules} & set(web))
package = sorted(name for name in sys.modules if name.split(".")[0] == "scorekeeper"
                 and name.split(".")[:2] != ["scorekeeper", "engine"])
print(json.dumps({"status": status, "loaded": loaded, "package": package}))
"""


def fresh_interpreter(kind: str, what: list[str]) -> dict:
    """What a fresh interpreter loaded of the web stack after importing or running `what`."""
    done = subprocess.run([sys.executable, "-c", RUNNER, json.dumps([kind, what, WEB_STACK])],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, f"{kind} {what} failed:\n{done.stderr}"
    return json.loads(done.stdout.splitlines()[-1])


def web_loaded_by_importing(names: list[str]) -> list[str]:
    """One line per module whose import, alone in a fresh interpreter, loads the web stack
    (all of them in one interpreter first: when that loads none of it, none does)."""
    if not fresh_interpreter("import", names)["loaded"]:
        return []
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda name: fresh_interpreter("import", [name]), names))
    return [f"importing {name} loads {', '.join(result['loaded'])}"
            for name, result in zip(names, results, strict=True) if result["loaded"]]


def is_web(name: str) -> bool:
    return name in WEB_MODULES or name == "scorekeeper.web" or name.startswith("scorekeeper.web.")


ENGINE = [name for name in MODULES if name.split(".")[:2] == ["scorekeeper", "engine"]]
# Storage and everything else that is neither the engine nor a page: the package itself, the
# database and its rows, export and import, backup, the command line.
STORAGE = [name for name in MODULES if not is_web(name) and name not in ENGINE]


def test_the_storage_modules_are_found_apart_from_the_engine_and_the_pages():
    assert ENGINE and "scorekeeper.engine" in ENGINE
    assert "scorekeeper.cli" in STORAGE and "scorekeeper" in STORAGE
    assert not {"scorekeeper.serve", *ENGINE} & set(STORAGE)
    assert not is_web("scorekeeper.webbed") and is_web("scorekeeper.web.hands")


def test_the_engine_loads_no_flask():
    loaded = web_loaded_by_importing(ENGINE)
    assert not loaded, "\n".join(loaded)


def test_the_storage_loads_no_flask():
    loaded = web_loaded_by_importing(STORAGE)
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


@pytest.mark.parametrize("command", [
    "score", "series",
    "export", "export from the instance folder",
    "import",
    "backup",
])
def test_the_command_line_runs_without_flask(command_lines, command):
    result = fresh_interpreter("run", command_lines[command])
    assert result["status"] == 0, command_lines[command]
    assert result["loaded"] == [], (
        f"scorekeeper {command} loads {', '.join(result['loaded'])}; the modules it loads "
        f"beside the engine: {', '.join(result['package'])}")


# --- Migrations frozen in time -------------------------------------------------------------------

MIGRATIONS = "scorekeeper.store.migrations"
FROZEN = "scorekeeper.store.frozen"


def test_the_migrations_import_nothing_of_the_package_but_their_frozen_copies():
    """A migration runs on old databases for ever: what it calls must never change, so it may
    use sqlite-utils, the standard library and store/frozen/, never the rest of the store or
    the engine (both change, and an old database would stop upgrading)."""
    frozen = [name for name in MODULES if name == FROZEN or name.startswith(f"{FROZEN}.")]
    assert frozen, f"{FROZEN} is missing"
    out_of_place = [f"{i.place()}: {i.source} imports {i.target}" for i in IMPORTS
                    if i.source in (MIGRATIONS, *frozen) and i.target.startswith("scorekeeper")
                    and i.target not in frozen]
    assert not out_of_place, ("migrations calling code that changes (freeze a copy in "
                              "store/frozen/ instead):\n" + "\n".join(out_of_place))
