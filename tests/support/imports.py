"""What a project file imports, read from its syntax tree: the house tests' one reading of the imports."""

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
