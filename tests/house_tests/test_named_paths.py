"""Every path the code's comments and the docs name exists, so a reader who follows one is not sent nowhere.

A path here is a project folder followed by a file name (`bot/edge/app.py`, `docs/rules.md`,
`tests/data/records/`), written in a comment, a docstring or a Markdown file of the project. A path may
name a folder (ending in `/`) or a glob (`tests/data/records/*.json`): it must match something.
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("bot", "engine", "render", "tests", "bench", "docs", "scripts", "requirements", ".ci")
NAMED = re.compile(r"(?<![\w./-])((?:" + "|".join(re.escape(f) for f in FOLDERS) + r")/[\w./*{}-]*[\w*/])")


def tracked(*patterns: str) -> list[Path]:
    out = subprocess.run(["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True)
    return [ROOT / line for line in out.stdout.splitlines() if line]


def exists(named: str) -> bool:
    named = named.rstrip(".")
    if "{" in named:
        return True  # a template (`requirements/{kind}.lock`), filled in by the code around it
    if "*" in named:
        return any(ROOT.glob(named))
    return (ROOT / named).exists()


def named_in(path: Path) -> list[tuple[int, str]]:
    """(line, path) for each project path named in `path`'s comments and docstrings (all of a Markdown file)."""
    found: list[tuple[int, str]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for match in NAMED.finditer(line):
            found.append((number, match.group(1)))
    return found


HERE = Path(__file__).resolve()  # its own examples name what does not exist, on purpose
SOURCES = [p for p in tracked("*.py", "*.md", "*.sh", "*.toml", ".ci/run") if p.exists() and p.resolve() != HERE]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_path_named_exists(path: Path) -> None:
    missing = [f"line {n}: {named}" for n, named in named_in(path) if not exists(named)]
    assert not missing, f"{path.relative_to(ROOT)} names paths that do not exist: {missing}"


def class_members() -> dict[str, set[str]]:
    """Each class of the product (bot, engine, render) and the names defined in it or a base class of it."""
    own: dict[str, set[str]] = {}
    bases: dict[str, list[str]] = {}
    for path in tracked("bot/*.py", "engine/*.py", "render/*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names = own.setdefault(node.name, set())
                bases.setdefault(node.name, []).extend(b.id for b in node.bases if isinstance(b, ast.Name))
                for item in node.body:
                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                        names.add(item.name)
                        names |= {  # instance attributes: `self.name = …` in a method
                            t.attr
                            for n in ast.walk(item)
                            if isinstance(n, ast.Assign | ast.AnnAssign)
                            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
                        }
                    elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        names.add(item.target.id)
                    elif isinstance(item, ast.Assign):
                        names |= {t.id for t in item.targets if isinstance(t, ast.Name)}

    def every(name: str, seen: frozenset[str] = frozenset()) -> set[str]:
        found = set(own.get(name, ()))
        for base in bases.get(name, ()):
            if base not in seen:
                found |= every(base, seen | {name})
        return found

    return {name: every(name) for name in own}


QUALIFIED = re.compile(r"`([A-Z]\w*)\.(\w+)")


def test_every_method_named_in_backticks_exists() -> None:
    """`LiveTable.sit_with` in a comment or doc is a method the class has (or inherits)."""
    members = class_members()
    stale = [
        f"{path.relative_to(ROOT)}:{number}: {cls}.{name}"
        for path in SOURCES
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for cls, name in QUALIFIED.findall(line)
        if cls in members and name not in members[cls] and not name.isupper()
    ]
    assert not stale, f"names that no class has: {stale}"


def test_the_checks_see_what_they_look_for() -> None:
    assert (1, "bot/edge/app.py") in named_in_text("see bot/edge/app.py.")
    assert not exists("bot/app.py")
    assert "sit_with" not in class_members().get("Match", set())


def named_in_text(text: str) -> list[tuple[int, str]]:
    return [(n, m.group(1)) for n, line in enumerate(text.splitlines(), 1) for m in NAMED.finditer(line)]
