"""The house stays readable: in bot/ and render/ no module over 400 lines, no class over 300, no function over 60.

Measured from the code's own syntax tree, from a class's or a function's `class`/`def` line to its
last statement (its docstring and the comments between its statements count; decorators do not),
methods and nested functions included.
Each wing is checked on its own, so a failure names the wing, and every offender with its length.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
MAX_CLASS_LINES = 300
MAX_FUNCTION_LINES = 60
MAX_MODULE_LINES = 400
TOP = "(top)"  # the modules directly in bot/: config, demo, the entry point
RENDER = "(render)"  # the pictures: held to the same sizes as a wing of the bot


@dataclass(frozen=True, slots=True)
class Body:
    kind: str  # "class" or "function"
    name: str  # dotted inside its module: `Manager.start`, a nested function `outer.inner`
    lines: int

    def limit(self) -> int:
        return MAX_CLASS_LINES if self.kind == "class" else MAX_FUNCTION_LINES


def bodies(source: str) -> list[Body]:
    """Every class and function in `source`, with its dotted name and its length in lines."""
    found: list[Body] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                kind = "class" if isinstance(child, ast.ClassDef) else "function"
                assert child.end_lineno is not None
                found.append(Body(kind, name, child.end_lineno - child.lineno + 1))
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def wing_files(wing: str) -> list[Path]:
    if wing == TOP:
        return sorted(BOT.glob("*.py"))
    if wing == RENDER:
        return sorted((ROOT / "render").rglob("*.py"))
    return sorted((BOT / wing).rglob("*.py"))


def wings() -> list[str]:
    folders = sorted(p.name for p in BOT.iterdir() if p.is_dir() and p.name != "__pycache__")
    return [TOP, *folders, RENDER]


def offenders(wing: str, kind: str) -> list[str]:
    too_long: list[str] = []
    for path in wing_files(wing):
        for body in bodies(path.read_text(encoding="utf-8")):
            if body.kind == kind and body.lines > body.limit():
                too_long.append(f"{path.relative_to(ROOT).as_posix()}: {body.name} ({body.lines} lines)")
    return too_long


@pytest.mark.parametrize("wing", wings())
def test_no_class_is_over_300_lines(wing: str) -> None:
    assert wing_files(wing), f"{wing} holds no module"
    too_long = offenders(wing, "class")
    assert not too_long, f"classes over {MAX_CLASS_LINES} lines: " + "; ".join(too_long)


@pytest.mark.parametrize("wing", wings())
def test_no_module_is_over_400_lines(wing: str) -> None:
    lines = {p: len(p.read_text(encoding="utf-8").splitlines()) for p in wing_files(wing)}
    too_long = [f"{p.relative_to(ROOT).as_posix()} ({n} lines)" for p, n in lines.items() if n > MAX_MODULE_LINES]
    assert not too_long, f"modules over {MAX_MODULE_LINES} lines: " + "; ".join(too_long)


@pytest.mark.parametrize("wing", wings())
def test_no_function_is_over_60_lines(wing: str) -> None:
    too_long = offenders(wing, "function")
    assert not too_long, f"functions over {MAX_FUNCTION_LINES} lines: " + "; ".join(too_long)


def test_the_measure_counts_from_the_header_to_the_last_line_and_names_methods() -> None:
    method = "    async def long(self) -> None:\n" + "        pass\n" * 60  # 61 lines: one over
    short = "    def short(self) -> int:\n" + "        # a comment\n" * 58 + "        return 1\n"  # 60: at the limit
    source = "import os\n\n\n@decorated\nclass Big:\n    '''A docstring.'''\n\n" + method + short
    found = {b.name: b for b in bodies(source)}
    assert found["Big"] == Body("class", "Big", 3 + 61 + 60)  # header, docstring, blank; not the decorator
    assert found["Big.long"] == Body("function", "Big.long", 61)
    assert found["Big.short"] == Body("function", "Big.short", 60)
    too_long = [b.name for b in found.values() if b.lines > b.limit()]
    assert too_long == ["Big.long"]


def test_the_measure_finds_nested_functions_and_classes_over_the_limit() -> None:
    inner = "    def inner() -> None:\n" + "        pass\n" * 61
    source = "def outer() -> None:\n" + inner + "\n\nclass Huge:\n" + "    x = 1\n" * 300
    found = {b.name: b.lines for b in bodies(source)}
    assert found == {"outer": 63, "outer.inner": 62, "Huge": 301}
