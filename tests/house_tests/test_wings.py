"""The bot's wings, top to bottom: the Discord edge, the table host, the texts, the model; storage at the bottom.

Read from the code's own imports, so a new module lands in the right wing or this fails: the arrows
run one way (edge -> host -> texts -> model), only `bot/edge/` (and the entry point, through the
edge) may import discord, the model and storage import no other wing, and no two files share a name
with different meanings.
"""

from __future__ import annotations

import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from support.imports import circles, imports_of, loading_graph

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
WINGS = ("edge", "web", "host", "texts", "model", "storage")
# what each wing may import inside bot/ (besides itself); the top-level modules (config, demo, __main__)
# assemble the wings and may import any of them
MAY_IMPORT = {
    "edge": {"web", "host", "texts", "model", "storage", "config"},
    "web": {"host", "texts", "model", "storage", "config"},  # the table on the web: pages from the host's matches
    "host": {"texts", "model", "storage", "config"},
    "texts": {"model", "storage"},  # the words read the model's plain values and storage's rows (the stats)
    "model": set(),  # the plain values every wing shares: they import the engine only
    "storage": {"model"},  # tournaments are stored as the model's plain values (bot/model/tournament.py)
}
SAME_MEANING = {"__init__.py", "__main__.py", "conftest.py"}  # a package's own files, one meaning everywhere


def wing_of(path: Path) -> str | None:
    parts = path.relative_to(BOT).parts
    return parts[0] if len(parts) > 1 and parts[0] in WINGS else None


@pytest.mark.parametrize("path", sorted(BOT.rglob("*.py")), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_each_module_imports_only_what_its_wing_may(path: Path) -> None:
    wing = wing_of(path)
    imported = imports_of(path)
    uses_discord = any(m == "discord" or m.startswith("discord.") for m in imported)
    if wing != "edge":
        assert not uses_discord, f"{path.relative_to(ROOT)} imports discord: only bot/edge/ may"
    if wing is None:
        return  # bot/__main__.py, config.py, demo.py: where the wings are assembled
    for module in imported:
        parts = module.split(".")
        if parts[0] != "bot" or len(parts) < 2:
            continue
        other = parts[1]
        if other != wing:
            assert other in MAY_IMPORT[wing], f"{path.relative_to(ROOT)} ({wing}) imports {module}"


def test_the_wings_are_there_and_the_edge_alone_knows_discord() -> None:
    assert {p.name for p in BOT.iterdir() if p.is_dir() and p.name != "__pycache__"} >= set(WINGS)
    edge_discord = [p for p in (BOT / "edge").rglob("*.py") if "discord" in {m.split(".")[0] for m in imports_of(p)}]
    assert edge_discord, "the edge is where discord is imported"


def test_no_two_files_share_a_name_with_different_meanings() -> None:
    places: dict[str, list[str]] = defaultdict(list)
    for package in ("bot", "engine", "render", "bench", "scripts"):
        for path in (ROOT / package).rglob("*.py"):
            if "__pycache__" not in path.parts and path.name not in SAME_MEANING:
                places[path.name].append(path.relative_to(ROOT).as_posix())
    twice = {name: where for name, where in places.items() if len(where) > 1}
    assert not twice, f"one name, several files: {twice}"


def test_every_module_of_the_bot_imports_first_on_its_own() -> None:
    """Whichever module a tool or a test imports first, the wings load (no import cycle bites).

    Only a module inside a circle of the loading graph (its imports, and its packages' `__init__.py`, which run
    before it) can fail when it is imported first: outside every circle, each import finds its target done or
    loading nothing of the importer's. So each circle's members are imported first one by one, the circle's
    modules dropped before each (what lies outside a circle is loaded whole and cannot be caught half-done),
    and the circles are read from the code, so a new one is tried at once."""
    groups = circles(loading_graph())
    assert any(m.startswith("bot.") for g in groups for m in g), "bot/storage/ and bot/texts/ re-export modules"
    # the collector is off (the dropped modules are garbage, not kept); the modules' compiled code comes from
    # __pycache__, which the run writes (tests/conftest.py): a fresh import executes every module again
    script = (
        "import gc, importlib, sys\n"
        "gc.disable()\n"
        "failed = []\n"
        f"for group in {groups!r}:\n"
        "    for name in group:\n"
        "        for loaded in group:\n"
        "            sys.modules.pop(loaded, None)\n"
        "        try:\n"
        "            importlib.import_module(name)\n"
        "        except Exception as e:\n"
        "            failed.append(f'{name}: {e!r}')\n"
        "print('\\n'.join(failed))\n"
        "sys.exit(1 if failed else 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
