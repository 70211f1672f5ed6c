"""The package's layers only point down (docs/ARCHITECTURE.md, "The order of the layers").

The contract is the import-linter configuration in ``pyproject.toml`` (``[tool.importlinter]``):
its layers contract, which counts the imports inside functions too, so an import that reaches up
from inside a function breaks it like any other. Two things it doesn't see are checked here:
every module of the package is in a layer (a new module can't escape the contract), and no import
cycle joins two modules, inside a layer too (the effects and the rules share one). The contract's
ignored imports are the only ones both checks leave out, each with its reason."""
from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "mtgengine"
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
(LAYERS,) = [c for c in CONFIG["contracts"] if c["type"] == "layers"]


def _layer_modules() -> set[str]:
    """The modules and packages the layers name (an optional layer's parentheses removed)."""
    names = set()
    for layer in LAYERS["layers"]:
        for part in layer.replace("|", ":").split(":"):
            names.add(part.strip().strip("()"))
    return names


def _ignored() -> set[tuple[str, str]]:
    pairs = {tuple(s.strip() for s in line.split("->")) for line in LAYERS.get("ignore_imports", [])}
    assert all(len(p) == 2 and "*" not in "".join(p) for p in pairs), "ignored imports name two modules, no wildcards"
    return pairs  # type: ignore[return-value]


def _graph() -> dict[str, set[str]]:
    """Every import between the package's modules, those inside functions too (annotations' imports
    under ``if TYPE_CHECKING:`` left out, as the contract does), but the contract's ignored ones."""
    origin = importlib.util.find_spec("mtgengine").origin        # the checkout under test, not an installed copy
    assert origin is not None and Path(origin).resolve().parent == PACKAGE, origin
    g = grimp.build_graph("mtgengine", cache_dir=None, exclude_type_checking_imports=True)
    ignored = _ignored()
    return {m: {i for i in g.find_modules_directly_imported_by(m) if (m, i) not in ignored} for m in g.modules}


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_layers_contract_holds() -> None:
    lint = pytest.importorskip("importlinter.cli")
    assert lint.lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0, \
        "an import reaches up a layer: see the report above (lint-imports)"


def test_every_module_is_in_a_layer() -> None:
    named = _layer_modules()
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ["mtgengine", *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            continue                         # a package is in the layer of its modules
        module = ".".join(parts)
        if not any(".".join(parts[:i]) in named for i in range(2, len(parts) + 1)):
            missing.append(module)
    assert not missing, f"modules in no layer of pyproject.toml's contract: {missing}"


def test_no_import_cycle() -> None:
    cycles = _cycles(_graph())
    assert not cycles, f"modules importing each other (see the contract's ignore_imports): {[sorted(c) for c in cycles]}"


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
