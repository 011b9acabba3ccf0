"""House rules that a test can hold: lint clean, and each layer imports only what it may."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
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


# -- the repository stands alone ------------------------------------------------------------------
# A fresh clone with nothing beside it must have everything its tests, docs and tools need, so no
# committed file may point outside it: not to a sibling folder, not to a place on one machine.

# Folders that only exist on some machine (spelled in parts so that this file does not match itself).
MACHINE_PATH = re.compile(
    r"(?<![\w.~-])/(?:" + "|".join(["work", "tmp", "home", "root", "Users", "mnt", "srv", "private"]) + r")/"
    r"|\b[A-Za-z]:\\" + r"(?:Users|Windows)\\"
)
# The folder beside the repository that holds the reference rules, and its documents by name.
SIBLING = re.compile(r"\.\./" + "shared" + r"\b|\b" + "shared" + r"/(?:RULES|RECORD|STYLE)\.md\b")
UPWARD = re.compile(r"(?<![\w.])(?:\.\./)+[\w.@%+-]*(?:/[\w.@%+-]+)*")
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)


def _tracked() -> list[str]:
    """The files a clone gets: git's list, or (outside a checkout) every file but the local clutter."""
    git = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if git.returncode == 0 and git.stdout:
        return sorted(p for p in git.stdout.decode().split("\0") if p and (ROOT / p).is_file())
    clutter = {".git", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", "demo-out", "out"}
    return sorted(
        str(p.relative_to(ROOT))
        for p in ROOT.rglob("*")
        if p.is_file() and not clutter & set(p.relative_to(ROOT).parts) and not p.name.endswith(".sqlite3")
    )


def _texts() -> dict[str, str]:
    """Every tracked text file (pictures and other binary files are left out)."""
    out: dict[str, str] = {}
    for name in _tracked():
        data = (ROOT / name).read_bytes()
        if b"\0" in data:
            continue
        try:
            out[name] = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return out


def _inside(path: Path) -> bool:
    return path.resolve().is_relative_to(ROOT)


def test_no_file_refers_to_the_folder_beside_the_repository_or_to_a_machine_path() -> None:
    texts = _texts()
    assert "README.md" in texts and "tests/house_tests/test_house.py" in texts  # the walk found the project
    found = [
        f"{name}:{n}: {line.strip()}"
        for name, text in texts.items()
        for n, line in enumerate(text.splitlines(), 1)
        if SIBLING.search(line) or MACHINE_PATH.search(line)
    ]
    assert not found, "paths outside the repository:\n" + "\n".join(found)


def test_every_upward_path_stays_inside_the_repository() -> None:
    found = [
        f"{name}:{n}: {m.group()}"
        for name, text in _texts().items()
        for n, line in enumerate(text.splitlines(), 1)
        for m in UPWARD.finditer(line)
        if not _inside(ROOT / name / ".." / m.group())
    ]
    assert not found, "paths that climb out of the repository:\n" + "\n".join(found)


def _slug(heading: str) -> str:
    """The anchor a Markdown heading gets on the usual forges: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"`([^`]*)`", r"\1", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(markdown: str) -> set[str]:
    prose = re.sub(r"^```.*?^```", "", markdown, flags=re.M | re.S)
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*\s*$", prose, re.M)}


def _links(markdown: str) -> list[str]:
    """The link targets of a Markdown text, leaving out code blocks and inline code."""
    prose = re.sub(r"^```.*?^```", "", markdown, flags=re.M | re.S)
    prose = re.sub(r"`[^`\n]*`", "", prose)
    return [m.group(1) or m.group(2) for m in LINK.finditer(prose)]


def test_every_relative_link_in_the_docs_points_to_a_file_of_the_repository() -> None:
    tracked = set(_tracked())
    texts = _texts()
    docs = [n for n in texts if n == "README.md" or (n.startswith("docs/") and n.endswith(".md"))]
    assert "docs/rules.md" in docs and "docs/record-format.md" in docs
    broken: list[str] = []
    checked = 0
    for name in docs:
        for target in _links(texts[name]):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # https:, mailto: and the like leave the repository on purpose
            checked += 1
            path, _, anchor = target.partition("#")
            file = (ROOT / name).parent / path if path else ROOT / name
            relative = file.resolve().relative_to(ROOT).as_posix() if _inside(file) else None
            if relative is None:
                broken.append(f"{name}: {target} (outside the repository)")
            elif relative not in tracked and not any(t.startswith(relative + "/") for t in tracked):
                broken.append(f"{name}: {target} (no such file in the repository)")
            elif anchor and relative.endswith(".md") and anchor not in _anchors(texts[relative]):
                broken.append(f"{name}: {target} (no heading #{anchor})")
    assert checked, "no relative links found: the link pattern is broken"
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_ci_runs_the_test_command_the_readme_gives() -> None:
    command = "bash scripts/setup.sh --dev && .venv/bin/python -m pytest"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert command in readme and command in ci.splitlines()[-1]
