"""Benchmark of the renderer: the one picture and full 28-tile layouts, scoresheets and hands,
drawn and PNG-encoded; and how large tiles stay in a phone's preview over random matches.

Run from the project's root: `.venv/bin/python bench/bench_render.py [--quick] [--matches N]`. It
prints medians of many repeats (the machine is shared, so single runs are noisy) and, beside each,
the floor measured in the same run: encoding a blank canvas of the same size and mode at the same
level. Then, over every position of N random complete matches of 2, 3 and 4 players, the smallest
tile (its short side) when the one picture is fitted into 400 x 500 px. It is not a test.

Targets: the one picture of 28 tiles <= 30 ms (issue 10); a full 28-tile layout <= 30 ms;
scoresheet <= 10 ms; hand <= 10 ms (issue 3); each PNG <= 250 KB; tiles >= 24 px in the preview.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from engine import (  # noqa: E402
    ALL_TILES,
    Layout,
    Match,
    Phase,
    Placed,
    Result,
    SeatView,
    TableSnapshot,
)
from render import (  # noqa: E402
    DEFAULT_STYLE,
    hand_geometry,
    hand_image,
    hand_png,
    layout_geometry,
    layout_image,
    layout_png,
    scoresheet_geometry,
    scoresheet_image,
    scoresheet_png,
    table_geometry,
    table_image,
    table_png,
)

TARGETS_MS = {"table": 30.0, "layout": 30.0, "scoresheet": 10.0, "hand": 10.0}
PREVIEW_HALF = 24.0
MAX_BYTES = 250_000


def full_table(seed: int) -> TableSnapshot:
    """All 28 tiles on the table: random legal placements on an engine Layout, restarted when stuck."""
    rng = random.Random(seed)
    while True:
        table = Layout()
        left = list(ALL_TILES)
        last = None
        while left:
            playable = [t for t in left if table.accepts(t)]
            if not playable:
                break
            t = rng.choice(playable)
            on = rng.choice(table.targets(t))
            seat = len(table) % 4
            total = table.place(t, on, seat)
            left.remove(t)
            points = total if total > 0 and total % 5 == 0 else 0
            last = Placed(seat, t, on, total, points, Result.SCORED if points else Result.NONE, (120, 35))
        if not left:
            return TableSnapshot(
                4, 2, 2, 0, Phase.PLAYING, (last.seat + 1) % 4 if last else 0, (120, 35), (3, 3, 3, 3), 0,
                table.view(), table.total, tuple(table.contributions()), last, None,
            )  # fmt: skip


def seat_views(count: int) -> list[SeatView]:
    """Views of the seat to move in the middle of random 4-player rounds (it always has options)."""
    views: list[SeatView] = []
    seed = 0
    while len(views) < count:
        match = Match.new(4, f"bench-hand/{seed}")
        rng = random.Random(seed)
        seed += 1
        for _ in range(rng.randrange(3, 12)):
            if match.phase is not Phase.PLAYING:
                break
            option = rng.choice(match.options())
            match.place(match.turn, option.placement)  # type: ignore[arg-type]
            if match.phase is Phase.ROUND_OVER:
                match.next_round()
        if match.phase is Phase.PLAYING and match.turn is not None:
            views.append(match.seat_view(match.turn))
    return views


def median_ms(job: Callable[[object], object], inputs: list, repeats: int) -> float:
    samples = []
    for r in range(repeats):
        item = inputs[r % len(inputs)]
        start = time.perf_counter()
        job(item)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def blank_floor_ms(images: list[Image.Image], repeats: int) -> float:
    """Encoding blank canvases of the same sizes and mode (and palette): what the PNG encoder costs by itself."""
    blanks = []
    for image in images:
        blank = Image.new("P", image.size, 0)
        blank.putpalette(image.getpalette() or [])
        blanks.append(blank)

    def encode(blank: Image.Image) -> None:
        blank.save(io.BytesIO(), "PNG", compress_level=DEFAULT_STYLE.sizes.compress_level)

    return median_ms(encode, blanks, repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--matches", type=int, default=100, help="random matches per player count for the preview")
    args = parser.parse_args()
    repeats = 30 if args.quick else 150

    tables = [full_table(seed) for seed in range(20)]
    sheets = [
        TableSnapshot(4, 2, 5, 1, Phase.PLAYING, 2, (230, -15), (4, 3, 5, 2), 6, (), 0, (), None, None),
        TableSnapshot(3, 3, 5, 1, Phase.PLAYING, 0, (45, 300, 120), (4, 3, 5), 6, (), 0, (), None, None),
    ]
    views = seat_views(20)

    start = time.perf_counter()
    layout_png(tables[0])
    scoresheet_png(sheets[0])
    hand_png(views[0])
    cold = (time.perf_counter() - start) * 1000  # the first pictures also draw the tile and number sprites

    print(f"renderer benchmark: medians of {repeats} runs, Pillow PNG level {DEFAULT_STYLE.sizes.compress_level}")
    print("(the CPUs are shared with other work, so expect noise of a few ms; floors are measured in this run)")
    print(f"first pictures, sprites drawn once: {cold:.0f} ms\n")
    print(f"{'picture':<34}{'median':>9}{'target':>9}{'floor':>9}{'largest':>12}{'max bytes':>11}")

    def row(name: str, ms: float, target: float | None, floor: float, size: tuple[int, int], nbytes: int) -> None:
        shown = f"{target:.0f} ms" if target else ""
        floor_shown = f"{floor:.1f} ms" if floor else ""
        print(f"{name:<34}{ms:>6.1f} ms{shown:>9}{floor_shown:>9}{f'{size[0]}x{size[1]}':>12}{nbytes or '':>11}")

    def largest(images: list[Image.Image]) -> tuple[int, int]:
        return max((im.size for im in images), key=lambda size: size[0] * size[1])

    images = [table_image(table_geometry(t)) for t in tables]
    nbytes = max(len(table_png(t)) for t in tables)
    row("one picture, 28 tiles: geometry", median_ms(table_geometry, tables, repeats), None, 0.0, largest(images), 0)
    ms = median_ms(table_png, tables, repeats)
    row("one picture, 28 tiles", ms, TARGETS_MS["table"], blank_floor_ms(images, repeats), largest(images), nbytes)
    late = late_positions(20)
    images = [table_image(table_geometry(t)) for t in late]
    nbytes = max(len(table_png(t)) for t in late)
    ms = median_ms(table_png, late, repeats)
    row(
        "one picture, late in real rounds",
        ms,
        TARGETS_MS["table"],
        blank_floor_ms(images, repeats),
        largest(images),
        nbytes,
    )

    images = [layout_image(layout_geometry(t)) for t in tables]
    nbytes = max(len(layout_png(t)) for t in tables)
    row("layout, 28 tiles: geometry only", median_ms(layout_geometry, tables, repeats), None, 0.0, largest(images), 0)
    ms = median_ms(layout_png, tables, repeats)
    row("layout, 28 tiles", ms, TARGETS_MS["layout"], blank_floor_ms(images, repeats), largest(images), nbytes)

    images = [scoresheet_image(scoresheet_geometry(s)) for s in sheets]
    nbytes = max(len(scoresheet_png(s)) for s in sheets)
    ms = median_ms(scoresheet_png, sheets, repeats)
    row("scoresheet", ms, TARGETS_MS["scoresheet"], blank_floor_ms(images, repeats), largest(images), nbytes)

    images = [hand_image(hand_geometry(v)) for v in views]
    nbytes = max(len(hand_png(v)) for v in views)
    ms = median_ms(hand_png, views, repeats)
    row("hand", ms, TARGETS_MS["hand"], blank_floor_ms(images, repeats), largest(images), nbytes)
    print(f"\nlargest PNG allowed: {MAX_BYTES} bytes")
    preview(args.matches)


def match_positions(players: int, seed: int) -> Iterator[TableSnapshot]:
    """Every position of a random complete match (the table after each placement)."""
    match = Match.new(players, f"bench-preview/{seed}")
    rng = random.Random(seed)
    while match.phase is not Phase.OVER:
        if match.phase is Phase.ROUND_OVER:
            match.next_round()
        option = rng.choice(match.options())
        match.place(match.turn, option.placement)  # type: ignore[arg-type]
        yield match.snapshot()  # after a round's last placement: the finished layout


def late_positions(count: int) -> list[TableSnapshot]:
    """The most crowded layout of random 3- and 4-player matches."""
    return [max(match_positions(3 + seed % 2, seed), key=lambda s: len(s.tiles)) for seed in range(count)]


def preview(matches: int) -> None:
    """The smallest tile in the 400 x 500 preview over every position of random matches."""
    print(f"\npreview 400x500, every position of {matches} random matches per player count:")
    print(
        f"{'players':<9}{'positions':>10}{'smallest tile':>15}{'below 24 px':>13}{'rules relaxed':>15}{'slowest':>10}"
    )
    for players in (2, 3, 4):
        positions = below = relaxed = 0
        smallest, slowest = float("inf"), 0.0
        for seed in range(matches):
            for snap in match_positions(players, seed):
                if not snap.tiles:
                    continue
                start = time.perf_counter()
                g = table_geometry(snap)
                slowest = max(slowest, time.perf_counter() - start)
                positions += 1
                smallest = min(smallest, g.preview_half)
                below += g.preview_half < PREVIEW_HALF
                relaxed += bool(g.layout.relaxed)
        print(f"{players:<9}{positions:>10}{smallest:>12.1f} px{below:>13}{relaxed:>15}{slowest * 1000:>7.0f} ms")


if __name__ == "__main__":
    main()
