"""What a project file imports, read from its syntax tree: the house tests' one reading of the imports, and the
import graph of the product's packages with its circles."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imports_of(path: Path) -> set[str]:
    """The modules `path` imports, absolute (`bot.model.table_state`, `discord`, `engine`), wherever the import
    stands (inside a function or under `if TYPE_CHECKING:` too)."""
    package = list(path.relative_to(ROOT).with_suffix("").parts)[:-1]  # a module's or an __init__'s package
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
                found.add(module)
                if not node.module:
                    found |= {f"{module}.{a.name}" for a in node.names}
            elif node.module:
                found.add(node.module)
    return found


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


def loading_graph() -> dict[str, set[str]]:
    """The import graph as Python loads it: a module's packages (`bot`, `bot.storage` for
    `bot.storage.rows`) run their `__init__.py` before the module itself, so each module also leans on them."""
    graph = import_graph()
    for name, targets in graph.items():
        parts = name.split(".")
        targets |= {".".join(parts[:i]) for i in range(1, len(parts))} - {name}
    return graph
