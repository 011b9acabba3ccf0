"""No circle of imports among the files of the product: a reader can start at any file and read downwards.

Every import counts, also one inside a function or under `if TYPE_CHECKING:`: a circle there still
means two files that cannot be understood one without the other. A package's `__init__.py` is a file
like any other (importing `from ..storage import X` leans on `bot/storage/__init__.py`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "render", "bot")


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def imported(path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules that `path` imports, by name; `from . import x` names the module `x` where one is."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            submodules = [f"{module}.{a.name}" for a in node.names if f"{module}.{a.name}" in known]
            targets = submodules if len(submodules) == len(node.names) else [module, *submodules]
        else:
            continue
        found |= {t for t in targets if t in known}
    found.discard(module_name(path))
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return found


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imported(path, known) for name, path in known.items()}


@pytest.mark.parametrize("package", PACKAGES)
def test_no_circle_of_imports(package: str) -> None:
    graph = import_graph()
    inside = {m: {t for t in ts if t.split(".")[0] == package} for m, ts in graph.items() if m.split(".")[0] == package}
    assert circles(inside) == [], f"files of {package}/ that import each other in a circle"


def test_circles_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"x": {"y"}, "y": set()}) == []
