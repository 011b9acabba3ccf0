"""House rules that a test can hold: lint clean, and each layer imports only what it may."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names)


def _imports(package: str) -> dict[str, set[str]]:
    """Top-level modules imported by each file of `package` (relative imports excluded)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def test_engine_imports_only_the_standard_library() -> None:
    for path, names in _imports("engine").items():
        foreign = {n for n in names if n not in STDLIB and n != "engine"}
        assert not foreign, f"{path} imports {sorted(foreign)}"


def test_render_imports_only_engine_pillow_and_stdlib() -> None:
    allowed = STDLIB | {"engine", "render", "PIL"}
    for path, names in _imports("render").items():
        assert names <= allowed, f"{path} imports {sorted(names - allowed)}"


def test_ruff_is_clean() -> None:
    ruff = Path(sys.executable).with_name("ruff")
    command = [str(ruff)] if ruff.exists() else [sys.executable, "-m", "ruff"]
    proc = subprocess.run([*command, "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
