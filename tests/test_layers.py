"""app/ is layered: no top-level part (a package such as app/runs/, or a module such as
app/config.py) imports itself through others, by a circle of any length, so each can be
read, tested and changed with only the parts below it. An import counts wherever it
stands: at module level, inside a function or under TYPE_CHECKING."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from tests.support.app_source import APP, imports_of, module_of


def _part(module: str) -> str | None:
    """The top-level part of app/ a dotted name is in: app.items.schemas -> items."""
    names = module.split(".")
    return names[1] if names[0] == "app" and len(names) > 1 else None


def _importing_files() -> dict[tuple[str, str], set[str]]:
    """(part, another part it imports) -> the files of the first that import the second."""
    files: dict[tuple[str, str], set[str]] = defaultdict(set)
    for path in APP.rglob("*.py"):
        part = _part(module_of(path))
        for name in imports_of(path):
            other = _part(name)
            if part is not None and other is not None and other != part:
                files[part, other].add(str(path.relative_to(APP.parent)))
    return files


def circles(edges: Iterable[tuple[str, str]]) -> list[list[str]]:
    """The strongly connected components of more than one part (Tarjan's algorithm): each
    is a set of parts that import one another by some circle."""
    graph: dict[str, list[str]] = defaultdict(list)
    for a, b in edges:
        graph[a].append(b)
        graph.setdefault(b, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(part: str) -> None:
        index[part] = low[part] = len(index)
        stack.append(part)
        for other in graph[part]:
            if other not in index:
                visit(other)
                low[part] = min(low[part], low[other])
            elif other in stack:
                low[part] = min(low[part], index[other])
        if low[part] == index[part]:
            component = []
            while (top := stack.pop()) != part:
                component.append(top)
            if component:
                found.append(sorted([part, *component]))

    for part in sorted(graph):
        if part not in index:
            visit(part)
    return found


def test_circles_are_found_whatever_their_length() -> None:
    assert circles([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]) == [["a", "b", "c"]]
    assert circles([("a", "b"), ("b", "a"), ("x", "y")]) == [["a", "b"]]
    assert circles([("a", "b"), ("b", "c"), ("a", "c")]) == []


def test_no_part_of_app_imports_itself_through_others() -> None:
    files = _importing_files()
    assert {"main", "runs", "tables", "items", "benchmarks"} <= {a for a, _ in files}
    found = []
    for circle in circles(files):
        imports = [f"  {a} -> {b}: {sorted(files[a, b])}"
                   for a in circle for b in circle if (a, b) in files]
        found.append(" / ".join(circle) + "\n" + "\n".join(imports))
    assert found == [], "parts that import each other by a circle:\n" + "\n".join(found)


def test_each_part_has_its_tests_beside_it_and_helpers_are_in_support() -> None:
    """tests/<part>/ for every part of app/; modules that are not tests live in
    tests/support/, not among the tests."""
    tests = APP.parent / "tests"
    parts = sorted(p.name for p in APP.iterdir() if (p / "__init__.py").is_file())
    without = [p for p in parts if not list((tests / p).glob("test_*.py"))]
    assert without == [], f"no tests/<part>/ with tests for {without}"
    loose = sorted(p.name for p in tests.glob("*.py")
                   if not p.name.startswith("test_") and p.name not in ("__init__.py",
                                                                       "conftest.py"))
    assert loose == [], f"helpers outside tests/support/: {loose}"


def _module_imports(part: str) -> dict[tuple[str, str], set[str]]:
    """(module, another module of the same part it imports) -> that file; a package counts
    as its __init__ module, and `from package import module` as an import of that module
    (every module of a package runs its __init__ first, whatever the import's form)."""
    paths = {module_of(p).removesuffix(".__init__"): p for p in (APP / part).rglob("*.py")}
    files: dict[tuple[str, str], set[str]] = defaultdict(set)
    for module, path in paths.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                submodules = [f"{node.module}.{a.name}" for a in node.names
                              if f"{node.module}.{a.name}" in paths]
                names = submodules if len(submodules) == len(node.names) else [node.module]
            for name in names:
                if name in paths and name != module:
                    files[module, name].add(str(path.relative_to(APP.parent)))
    return files


def test_no_module_imports_itself_through_others_inside_a_part() -> None:
    """Inside each package too (the benchmarks' scorers, the registry that lists the
    catalog, the catalog entries built on both), TYPE_CHECKING imports counted."""
    parts = sorted(p.name for p in APP.iterdir() if (p / "__init__.py").is_file())
    assert {"benchmarks", "inference", "runs"} <= set(parts)
    assert ("app.benchmarks.registry", "app.benchmarks.catalog") in _module_imports("benchmarks")
    found = {part: found for part in parts if (found := circles(_module_imports(part)))}
    assert found == {}


# The parts of app/ in layers, bottom first: a part imports parts of its own layer or of
# layers below, never above (docs/layout.md names the layers).
LAYERS: list[tuple[str, set[str]]] = [
    ("foundations", {"__version__", "versions", "native", "api_keys", "config", "http",
                     "scoring", "methodology", "item_files", "faces"}),
    ("storage", {"records", "db", "tables", "migrate", "server_pools"}),
    ("guards", {"guards", "telemetry"}),
    ("models and benchmarks", {"gguf", "inference", "benchmarks", "callbacks", "items",
                               "doctor"}),
    ("runs and results", {"runs", "results", "audits", "bundles"}),
    ("the application", {"main", "ui", "serving", "openapi_export", "cli"}),
]


def upward(files: dict[tuple[str, str], set[str]]) -> list[str]:
    """Each import that runs up the layers: `part (layer) -> part (layer): files`."""
    layer_of = {part: (i, name) for i, (name, parts) in enumerate(LAYERS) for part in parts}
    return [f"{a} ({layer_of[a][1]}) -> {b} ({layer_of[b][1]}): {sorted(where)}"
            for (a, b), where in sorted(files.items()) if layer_of[b][0] > layer_of[a][0]]


def test_upward_imports_are_found() -> None:
    assert upward({("scoring", "runs"): {"app/scoring/x.py"}}) == [
        "scoring (foundations) -> runs (runs and results): ['app/scoring/x.py']"]
    assert upward({("runs", "scoring"): {"app/runs/x.py"}}) == []


def test_each_part_stands_in_one_layer_and_imports_none_above_it() -> None:
    files = _importing_files()
    parts = {a for a, _ in files} | {b for _, b in files}
    placed = [part for _name, members in LAYERS for part in members]
    assert sorted(placed) == sorted(set(placed)), "a part in two layers"
    assert parts <= set(placed), f"in no layer: {sorted(parts - set(placed))}"
    assert upward(files) == []


def test_the_layout_names_the_layers_as_the_test_holds_them() -> None:
    text = (APP.parent / "docs" / "layout.md").read_text(encoding="utf-8")
    section = text.split("## The layers", 1)[1].split("\n## ", 1)[0]
    named = [(m.group(1), {p.removesuffix("/").removesuffix(".py")
                           for p in re.findall(r"`([\w./]+)`", m.group(2))})
             for m in re.finditer(r"^\d\. ([\w ]+): (.*?)[;.]$", section,
                                  flags=re.MULTILINE | re.DOTALL)]
    assert named == [(name, parts - {"__version__"}) for name, parts in LAYERS]


WIRING = {"main", "openapi_export"}  # the parts that mount routes


def _face(part: str) -> set[str] | None:
    """The names a package lets others use (its __init__'s __all__); None: no face yet."""
    init = APP / part / "__init__.py"
    if not init.is_file():
        return None
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            assert isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None
            return set(ast.literal_eval(node.value))
    return None


def past_faces(sources: Iterable[tuple[Path, str]] | None = None) -> list[str]:
    """Each import by another part that reaches into a faced package's modules, or takes a
    name its face does not give (in app/'s files, or in the sources given)."""
    found = []
    for path, text in sources or ((p, p.read_text(encoding="utf-8")) for p in APP.rglob("*.py")):
        part = _part(module_of(path))
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            names = node.module.split(".")
            target = _part(node.module)
            face = None if target in (None, part) else _face(str(target))
            if face is None or (part in WIRING and names[-1].endswith(("endpoints", "routes"))):
                continue  # the application wires each package's routes itself
            where = f"{path.relative_to(APP.parent)}:{node.lineno}"
            if len(names) > 2:
                found.append(f"{where} reaches into {node.module}")
            found += [f"{where} takes {a.name} from app.{target}, not on its face"
                      for a in node.names if a.name not in face]
    return sorted(found)


def test_every_package_has_a_face_and_no_part_reaches_past_one() -> None:
    """Each package's __init__ names its __all__, and other parts use those names only."""
    packages = {p.name for p in APP.iterdir() if (p / "__init__.py").is_file()}
    assert {"records", "scoring", "runs", "inference"} <= packages
    assert sorted(p for p in packages if _face(p) is None) == []
    assert past_faces() == []


def test_a_reach_past_a_face_is_found() -> None:
    source = ("from app.records.run_plan import RunPlan\n"
              "from app.records import RunState, not_on_the_face\n"
              "from app.runs.execute import work\n")
    assert past_faces([(APP / "results" / "x.py", source)]) == [
        "app/results/x.py:1 reaches into app.records.run_plan",
        "app/results/x.py:2 takes not_on_the_face from app.records, not on its face",
        "app/results/x.py:3 reaches into app.runs.execute",
        "app/results/x.py:3 takes work from app.runs, not on its face"]
