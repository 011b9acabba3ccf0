"""The render tests' stored matches and reference pictures: the snapshots a record replays to, a table
of all 28 tiles, the docs' walkthrough as the geometry must mark it, and a near-enough picture comparison."""

from __future__ import annotations

import io
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from engine import (
    Blocked,
    Domino,
    Event,
    Layout,
    Match,
    Phase,
    Placed,
    Placement,
    Record,
    Result,
    TableSnapshot,
)
from engine.selfplay import every_tile_laid

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "records"


def replay_snapshots(name: str) -> list[TableSnapshot]:
    """The snapshot after each placement of a replay fixture record."""
    data = json.loads((FIXTURES / f"{name}.record.json").read_text(encoding="utf-8"))
    match = Match(data["players"])
    out = []
    for events in match.replay_steps(data):
        if any(isinstance(e, Placed) for e in events):
            out.append(match.snapshot())
    return out


def closed(*tiles: str) -> set[tuple[str, str, str]]:
    return {(t, s, "closed") for t in tiles for s in ("branch_a", "branch_b")}


def opened(*tiles: str) -> set[tuple[str, str, str]]:
    return {(t, s, "open") for t in tiles for s in ("branch_a", "branch_b")}


# The walkthrough of docs/rules.md, placement by placement: the counted ends (filled badges), the open
# points that do not count (hollow dots), and the equation's terms as the seeds write them.
WALKTHROUGH = [
    ({("1-4", "low", 1), ("1-4", "high", 4)}, set(), (4, 1), 5),
    ({("1-1", "line_b", 2), ("1-4", "high", 4)}, closed("1-1"), (2, 4), 6),
    ({("1-1", "line_b", 2), ("4-4", "line_b", 8)}, closed("1-1", "4-4"), (2, 8), 10),
    ({("1-1", "line_b", 2), ("3-4", "low", 3)}, closed("1-1") | opened("4-4"), (2, 3), 5),
    ({("1-2", "high", 2), ("3-4", "low", 3)}, opened("1-1", "4-4"), (2, 3), 5),
    (
        {("1-2", "high", 2), ("1-5", "high", 5), ("3-4", "low", 3)},
        {("1-1", "branch_b", "open")} | opened("4-4"),
        (2, 5, 3),
        10,
    ),
    (
        {("1-2", "high", 2), ("5-5", "line_b", 10), ("3-4", "low", 3)},
        {("1-1", "branch_b", "open")} | opened("4-4") | closed("5-5"),
        (2, 3, 10),
        15,
    ),
    (
        {("0-5", "low", 0), ("1-2", "high", 2), ("3-4", "low", 3)},
        {("1-1", "branch_b", "open")} | opened("4-4", "5-5"),
        (0, 2, 3),
        5,
    ),
    (
        {("0-5", "low", 0), ("1-2", "high", 2), ("1-3", "high", 3), ("3-4", "low", 3)},
        opened("4-4", "5-5"),
        (0, 2, 3, 3),
        8,
    ),
]


def full_table(seed: int) -> TableSnapshot:
    """All 28 tiles on the table (random legal placements, restarted when stuck): more than any round reaches."""
    table = Layout()
    last = None
    for seat, (tile, on) in enumerate(every_tile_laid(random.Random(seed))):
        total = table.place(tile, on, seat % 4)
        last = Placed(seat % 4, Placement(tile, on), total, 0, Result.NONE, (0, 0))
    return TableSnapshot(
        4,
        2,
        0,
        0,
        Phase.PLAYING,
        0,
        (0, 0),
        (0, 0, 0, 0),
        0,
        table.view(),
        table.total,
        tuple(table.contributions()),
        last,
        None,
    )


Step = tuple[TableSnapshot, list[Event], Domino | Blocked | None]


def replayed(name: str) -> Iterator[Step]:
    """Each step of a stored record: the table after it, its events, and the round's settlement if it ended one."""
    record = Record.loads((FIXTURES / f"{name}.record.json").read_bytes())
    match = Match(record.players)
    for events in match.replay_steps(record):
        yield match.snapshot(), events, ending_of(events)


def ending_of(events: list[Event]) -> Domino | Blocked | None:
    return next((e for e in events if isinstance(e, (Domino, Blocked))), None)


REFERENCES = Path(__file__).resolve().parents[1] / "data" / "render"


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """Mean difference per channel (0-255), and the share of pixels that differ by more than a quarter."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    strong = diff.convert("L").point(lambda v: 255 if v > 64 else 0)
    return mean, ImageStat.Stat(strong).mean[0] / 255


def assert_like_reference(name: str, data: bytes) -> None:
    """Same size, and nearly the same pixels (a newer Pillow or FreeType may shade a few edges differently)."""
    path = REFERENCES / name
    if os.environ.get("RENDER_UPDATE_REFERENCES"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    reference = Image.open(path)
    image = decode(data)
    assert image.size == reference.size
    mean, strong = difference(image, reference)
    assert mean < 1.5 and strong < 0.005, (name, mean, strong)
