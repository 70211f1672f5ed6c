"""The package's modules import each other without cycles at module level, but the one of the
payment rules (docs/ARCHITECTURE.md, "The order of the layers"), and the effects' interpreter, its
resolutions and the casting and payment rules import nothing inside a function: where a
resolving effect casts or pays, it goes through ``effects.rules_interface``."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "mtgengine"

#: Paying a cost activates mana abilities (CR 605.3a), activating an ability pays its cost (CR
#: 602.2b): ``rules.mana_payment`` imports ``rules.activation`` last, as a module.
KNOWN_CYCLES = [{"mtgengine.rules.activation", "mtgengine.rules.mana_payment"}]

#: Modules with no import inside a function (none dodges a cycle there).
NO_LATE_IMPORTS = ["effects/resolve.py", "effects/rules_interface.py", "effects/resolutions", "effects/attachment.py",
                   "effects/meld_pairs.py", "rules/casting.py", "rules/castability.py", "rules/spell_choices.py",
                   "rules/spell_costs.py", "rules/total_cost.py", "rules/mana_requirements.py",
                   "rules/mana_sources.py", "rules/mana_planning.py", "rules/mana_payment.py"]


def _name(path: Path) -> str:
    parts = ["mtgengine", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in PACKAGE.rglob("*.py")}


def _target(module: str, path: Path, node: ast.ImportFrom) -> list[str]:
    """The package modules an ``from ... import ...`` statement loads."""
    if node.level:
        base = module.split(".")[:len(module.split(".")) - node.level + (path.name == "__init__.py")]
        where = ".".join(base + ([node.module] if node.module else []))
    else:
        where = node.module or ""
    found = [f"{where}.{a.name}" for a in node.names if f"{where}.{a.name}" in MODULES]
    return found + ([where] if where in MODULES and len(found) < len(node.names) else [])


def _module_level_imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        edges: set[str] = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom):
                edges.update(_target(module, path, node))
            elif isinstance(node, ast.Import):
                edges.update(a.name for a in node.names if a.name in MODULES)
        # importing a module imports its packages first (but the importer's own, already loading)
        own = {".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 1)}
        packages = {".".join(e.split(".")[:i]) for e in edges for i in range(2, e.count(".") + 1)}
        graph[module] = (edges | {p for p in packages if p in MODULES}) - own - {module}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_module_level_import_cycle_but_the_known_one() -> None:
    assert sorted(map(sorted, _cycles(_module_level_imports()))) == sorted(map(sorted, KNOWN_CYCLES))


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_no_import_inside_a_function_in_the_interpreter_and_the_casting_rules() -> None:
    late = []
    for name in NO_LATE_IMPORTS:
        top = PACKAGE / name
        for path in sorted(top.rglob("*.py")) if top.is_dir() else [top]:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    late += [f"{path.relative_to(PACKAGE)}:{n.lineno}" for n in ast.walk(node)
                             if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not late, late
