"""docs/architecture.md's diagram is the code's: every arrow it draws is an import some file makes, and every
import from one room to another (a wing of bot/, the assembling files, render/, engine/) is drawn. Read from
the imports each time, so a new arrow in the code fails here until the page shows it, and an arrow the code
dropped fails until the page loses it. bot/config.py, the settings every wing may read, is left out of the
drawing (the page says so)."""

from __future__ import annotations

import re

from support.imports import ROOT, imports_of

PAGE = ROOT / "docs" / "architecture.md"
WINGS = ("edge", "web", "host", "texts", "model", "storage")
ROOMS = {*WINGS, "main", "render", "engine"}
ARROW = re.compile(r"^\s*(\w+)\s*-->\s*(\w+)\s*$", re.M)
NODE = re.compile(r"^\s*(\w+)\[", re.M)


def room(module: str) -> str | None:
    """The room a module is in: a wing, `main` (bot/__main__.py, bot/demo.py), render or engine; None for
    bot/config.py, the bare `bot` package and anything outside the project."""
    parts = module.split(".")
    if parts[0] in ("render", "engine"):
        return parts[0]
    if parts[0] != "bot" or len(parts) < 2 or parts[1] == "config":
        return None
    return parts[1] if parts[1] in WINGS else "main"


def code_arrows() -> set[tuple[str, str]]:
    found = set()
    for top in ("bot", "render", "engine"):
        for path in (ROOT / top).rglob("*.py"):
            here = room(".".join(path.relative_to(ROOT).with_suffix("").parts))
            for module in imports_of(path):
                there = room(module)
                if here and there and there != here:
                    found.add((here, there))
    return found


def drawn() -> tuple[set[str], set[tuple[str, str]]]:
    """The nodes and arrows of the page's mermaid flowchart."""
    (chart,) = re.findall(r"```mermaid\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    return set(NODE.findall(chart)), {(a, b) for a, b in ARROW.findall(chart)}


def differences(arrows: set[tuple[str, str]], code: set[tuple[str, str]]) -> list[str]:
    """What the drawing and the code disagree on, in words (empty when they agree)."""
    return [f"not drawn: {a} --> {b}" for a, b in sorted(code - arrows)] + [
        f"no code makes: {a} --> {b}" for a, b in sorted(arrows - code)
    ]


def test_the_diagram_draws_every_room_and_exactly_the_arrows_the_imports_make() -> None:
    nodes, arrows = drawn()
    assert nodes == ROOMS, f"rooms missing: {ROOMS - nodes}; not rooms: {nodes - ROOMS}"
    assert not differences(arrows, code_arrows())


def test_an_arrow_drawn_without_code_or_code_not_drawn_is_named() -> None:
    """The comparison itself, on the page's arrows with one wrong arrow added and one true arrow taken away
    (the two faults the page had before this test: storage --> engine drawn, the web wing left out)."""
    _, arrows = drawn()
    code = code_arrows()
    assert ("edge", "web") in code and ("storage", "engine") not in code
    wrong = (arrows | {("storage", "engine")}) - {("edge", "web")}
    assert differences(wrong, code) == ["not drawn: edge --> web", "no code makes: storage --> engine"]
    assert room("bot.edge.app") == "edge" and room("bot.demo") == "main" and room("bot.config") is None
