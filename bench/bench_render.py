"""Benchmark of the renderer: the one picture (with names, and the settlement at a round's end) as the
bot draws it after each placement, full 28-tile layouts, scoresheets and hands, drawn and PNG-encoded;
and how large tiles stay in a phone's preview over random matches.

Run from the project's root: `.venv/bin/python bench/bench_render.py [--quick] [--matches N] [--code DIR]`.
It prints medians of many repeats (the machine is shared, so single runs are noisy) and, beside each,
the floor measured in the same run: a blank canvas of the same size, made and PNG-encoded by the
renderer's own `png.canvas` and `png.encode` (so the floor follows any change of encoder settings),
and the ratio of the two. `--code DIR` draws with the `render` and `engine` of another checkout
(e.g. `git archive main render engine | tar -x -C DIR`), for a before/after in one session. In real
rounds, what is posted after each placement is timed (`table_pngs`: the one picture, or at a crowded
round's end the table and its settlement apart, against the floor of both), in playing order, after
the placement before (the layout search starts from that one's geometry); a second pass draws the same
pictures from geometry made beforehand and encodes them alone, which shows how much of the ratio no faster
geometry or drawing could remove, and the rows by the tiles on the table show where the ratio comes from (a
small layout's picture is mostly its scoresheet, on a small floor). The 28-tile picture is also timed from
nothing. Then, over every position of N random complete matches of 2, 3 and 4
players, the smallest tile (its short side) when the one picture is fitted into 400 x 500 px.
`--quick` runs the same code on tiny input (tests/render_tests/test_bench_render.py), so that it cannot rot.
It is not a test.

Targets: the one picture <= 2x the floor in real rounds and <= 3x at 28 tiles (issue 16); a full
28-tile layout <= 30 ms; scoresheet <= 10 ms; hand <= 10 ms (issue 3); each PNG <= 250 KB; tiles
>= 24 px in the preview, pips >= 4 px and every text >= 11 px (render/legibility.py), round ends included.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if "--code" in sys.argv[:-1]:  # another checkout's renderer and engine, imported instead of this one's
    sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--code") + 1]).resolve()))

from PIL import Image  # noqa: E402

from engine import (  # noqa: E402
    Blocked,
    Domino,
    Event,
    Layout,
    Match,
    Phase,
    Placed,
    Result,
    SeatView,
    TableSnapshot,
    placement,
)
from engine.selfplay import at_random, every_tile_laid, play_to_end  # noqa: E402
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
from render.layout_cache import forget_layouts  # noqa: E402
from render.legibility import table_legibility  # noqa: E402
from render.png import canvas, encode  # noqa: E402

TARGETS_MS = {"layout": 30.0, "scoresheet": 10.0, "hand": 10.0}
TARGET_RATIO = {"real": 2.0, "full": 3.0}  # the one picture against its floor
NAMES = ("Zoë Ñúñez", "김민준", "Bartholomew Montgomery", "최수아")  # accents, Hangul, one to shorten
PREVIEW_HALF = 24.0
MAX_BYTES = 250_000


def full_table(seed: int) -> list[TableSnapshot]:
    """All 28 tiles on the table, position by position (engine.selfplay.every_tile_laid)."""
    table = Layout()
    positions = []
    for n, (t, on) in enumerate(every_tile_laid(random.Random(seed))):
        seat = n % 4
        total = table.place(t, on, seat)
        points = total if total > 0 and total % 5 == 0 else 0
        result = Result.SCORED if points else Result.NONE
        last = Placed(seat, placement(t, on), total, points, result, (120, 35))
        positions.append(
            TableSnapshot(
                4,
                2,
                2,
                0,
                Phase.PLAYING,
                (seat + 1) % 4,
                (120, 35),
                (3, 3, 3, 3),
                0,
                table.view(),
                table.total,
                tuple(table.contributions()),
                last,
                None,
            )
        )
    return positions


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
            phase: Phase = match.phase  # the placement may have ended the round
            if phase is Phase.ROUND_OVER:
                match.next_round()
        if match.phase is Phase.PLAYING and match.turn is not None:
            views.append(match.seat_view(match.turn))
    return views


def median_ms(job: Callable[[Any], object], inputs: list[Any], repeats: int) -> float:
    samples = []
    for r in range(repeats):
        item = inputs[r % len(inputs)]
        start = time.perf_counter()
        job(item)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def blank(kind: str, size: tuple[int, int]) -> Image.Image:
    """A blank canvas of a picture's kind and size, as the renderer makes every picture's canvas."""
    return canvas(DEFAULT_STYLE, kind, size, "table")  # one colour: which one does not matter


def blank_floor_ms(images: list[Image.Image], repeats: int, kind: str = "table") -> float:
    """Encoding blank canvases of the same sizes, kind and palette with the renderer's own encoder (its
    level and settings): what the PNG encoder costs by itself."""
    blanks = [blank(kind, image.size) for image in images]
    return median_ms(lambda b: encode(b, DEFAULT_STYLE), blanks, max(repeats, len(blanks)))  # every size once


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="tiny input (3 repeats, 2 tables, 1 real match): that the bench runs, not its figures",
    )
    parser.add_argument("--matches", type=int, default=None, help="random matches per player count for the preview")
    parser.add_argument("--code", type=Path, help="draw with the render and engine packages of this checkout")
    args = parser.parse_args(argv)
    repeats = 3 if args.quick else 150
    count = 2 if args.quick else 20
    matches = args.matches if args.matches is not None else (1 if args.quick else 100)

    tables = [full_table(seed) for seed in range(count)]
    full = [positions[-1] for positions in tables]
    sheets = [
        TableSnapshot(4, 2, 5, 1, Phase.PLAYING, 2, (230, -15), (4, 3, 5, 2), 6, (), 0, (), None, None),
        TableSnapshot(3, 3, 5, 1, Phase.PLAYING, 0, (45, 300, 120), (4, 3, 5), 6, (), 0, (), None, None),
    ]
    views = seat_views(count)

    start = time.perf_counter()
    layout_png(full[0])
    table_png(full[0], names=NAMES)
    scoresheet_png(sheets[0])
    hand_png(views[0])
    cold = (time.perf_counter() - start) * 1000  # the first pictures also draw the tile and number sprites

    import render

    print(f"renderer benchmark: medians of {repeats} runs, Pillow PNG level {DEFAULT_STYLE.sizes.compress_level}")
    print(f"drawing with {Path(render.__file__).parent}")
    print("(the CPUs are shared with other work, so expect noise of a few ms; floors are measured in this run)")
    print(f"first pictures, sprites drawn once: {cold:.0f} ms\n")
    print(f"{'picture':<40}{'median':>9}{'floor':>9}{'ratio':>8}{'target':>9}{'largest':>11}{'max bytes':>11}")

    def row(name: str, ms: float, floor: float, target: str, size: tuple[int, int], nbytes: int) -> None:
        ratio = f"{ms / floor:.2f}x" if floor else ""
        floor_shown = f"{floor:.2f} ms" if floor else ""
        shape = f"{size[0]}x{size[1]}"
        print(f"{name:<40}{ms:>6.2f} ms{floor_shown:>9}{ratio:>8}{target:>9}{shape:>11}{nbytes or '':>11}")

    def largest(images: list[Image.Image]) -> tuple[int, int]:
        return max((im.size for im in images), key=lambda size: size[0] * size[1])

    def after_the_one_before(positions: list[TableSnapshot]) -> TableSnapshot:
        """Forget every layout, then lay out the pictures of the positions before the last, as the bot did:
        the last one's search starts from the geometry of the one before it (and where a grown frame
        shrank the tiles, from the one before's layout kept to the frame)."""
        forget_layouts()
        for snap in positions[:-1]:
            table_geometry(snap, names=NAMES)
        return positions[-1]

    def timed_after(positions: list[TableSnapshot]) -> float:
        snap = after_the_one_before(positions)
        start = time.perf_counter()
        table_png(snap, names=NAMES)
        return time.perf_counter() - start

    def from_nothing(snap: TableSnapshot) -> bytes:
        forget_layouts()
        return table_png(snap, names=NAMES)

    def geometry_from_nothing(snap: TableSnapshot) -> object:
        forget_layouts()
        return table_geometry(snap, names=NAMES)

    images = [table_image(table_geometry(t, names=NAMES)) for t in full]
    nbytes = max(len(table_png(t, names=NAMES)) for t in full)
    floor = blank_floor_ms(images, repeats)
    samples = [timed_after(tables[r % len(tables)]) for r in range(repeats)]
    ms = statistics.median(samples) * 1000
    row("one picture, 28 tiles", ms, floor, f"{TARGET_RATIO['full']:.0f}x", largest(images), nbytes)
    row("one picture, 28 tiles, from nothing", median_ms(from_nothing, full, repeats), floor, "", largest(images), 0)
    forget_layouts()
    row(
        "  its geometry, from nothing",
        median_ms(geometry_from_nothing, full, repeats),
        0.0,
        "",
        largest(images),
        0,
    )

    real = real_pictures(1 if args.quick else 12)  # quick: one 2-player match, some 180 pictures
    real_rows(real, row)
    ends = [(p.snap, p.end) for p in real if p.end is not None]
    if ends:
        seen, apart = round_end_legibility(ends)
        below = sum(not x.fine() for x in seen)
        tile = min(x.tile for x in seen if x.tile is not None)
        print(
            f"  round ends at 400 px: {below} of {len(seen)} pictures below the limits ({apart} settlements apart); "
            f"smallest tile {tile:.1f} px, pip {min(x.pip or 99 for x in seen):.1f} px, "
            f"text {min(x.text for x in seen):.1f} px"
        )
        ms = median_ms(lambda p: table_png(p[0], names=NAMES, settlement=p[1]), ends, repeats)
        images = [table_image(table_geometry(s, names=NAMES, settlement=e)) for s, e in ends]
        row("one picture, a round's end (settlement)", ms, blank_floor_ms(images, repeats), "", largest(images), 0)

    images = [layout_image(layout_geometry(t)) for t in full]
    nbytes = max(len(layout_png(t)) for t in full)
    ms = median_ms(layout_png, full, repeats)
    row(
        "layout, 28 tiles",
        ms,
        blank_floor_ms(images, repeats, "layout"),
        f"{TARGETS_MS['layout']:.0f} ms",
        largest(images),
        nbytes,
    )

    images = [scoresheet_image(scoresheet_geometry(s)) for s in sheets]
    nbytes = max(len(scoresheet_png(s)) for s in sheets)
    ms = median_ms(scoresheet_png, sheets, repeats)
    target = f"{TARGETS_MS['scoresheet']:.0f} ms"
    row("scoresheet", ms, blank_floor_ms(images, repeats, "scoresheet"), target, largest(images), nbytes)

    images = [hand_image(hand_geometry(v)) for v in views]
    nbytes = max(len(hand_png(v)) for v in views)
    ms = median_ms(hand_png, views, repeats)
    row("hand", ms, blank_floor_ms(images, repeats, "hand"), f"{TARGETS_MS['hand']:.0f} ms", largest(images), nbytes)
    print(f"\nlargest PNG allowed: {MAX_BYTES} bytes")
    preview(matches)


class Real(NamedTuple):
    """One picture of a real round, as the bot drew it, and its costs (seconds) measured beside it."""

    snap: TableSnapshot
    end: Domino | Blocked | None
    seconds: float  # `table_pngs`: geometry, drawing and encoding, as posted
    floor: float  # the blank canvases of the same sizes, encoded
    drawn: float  # drawing and encoding again from the geometry made beforehand (no geometry)
    encoded: float  # encoding those pictures alone (no geometry, no drawing)
    floor_again: float  # the floor measured beside those two
    size: tuple[int, int]


def posted_pngs(snap: TableSnapshot, end: Domino | Blocked | None) -> tuple[bytes, ...]:
    """What the bot posts after a placement: `table_pngs` (a checkout before it: `table_png` alone)."""
    import render

    if hasattr(render, "table_pngs"):
        return render.table_pngs(snap, names=NAMES, settlement=end)
    return (table_png(snap, names=NAMES, settlement=end),)


def posted_drawing(snap: TableSnapshot, end: Domino | Blocked | None) -> Callable[[], list[Image.Image]]:
    """The drawing of what `posted_pngs` posts, with its geometry made now (untimed): the part of a picture's
    cost that is not its geometry."""
    try:
        from render.settlement_picture import posted, settlement_image
    except ImportError:
        g = table_geometry(snap, names=NAMES, settlement=end)
        return lambda: [table_image(g)]
    table, apart = posted(snap, names=NAMES, settlement=end)
    return lambda: [table_image(table)] + ([settlement_image(apart)] if apart is not None else [])


def round_end_legibility(ends: Sequence[tuple[TableSnapshot, Domino | Blocked | None]]) -> tuple[list[Any], int]:
    """The legibility of every picture posted at these round ends, and how many settlements went apart
    (a checkout before `settlement_picture`: the one picture's)."""
    try:
        from render.settlement_picture import posted, settlement_legibility
    except ImportError:
        return [table_legibility(table_geometry(s, names=NAMES, settlement=e)) for s, e in ends], 0
    seen, apart = [], 0
    for s, e in ends:
        g, settled = posted(s, names=NAMES, settlement=e)
        seen.append(table_legibility(g))
        if settled is not None:
            seen.append(settlement_legibility(settled))
            apart += 1
    return seen, apart


def real_pictures(matches: int) -> list[Real]:
    """Every picture of random complete 2-, 3- and 4-player matches, drawn in playing order as the bot
    draws them (names, and at a round's end its settlement), each with the time it took and the floor
    (a blank canvas of its size encoded right after it, so that the shared machine's load weighs on both
    alike). Then, in a second pass, so as not to disturb the first: the same pictures drawn and encoded
    again from their geometry made beforehand, then encoded alone, each beside a floor of its own: what a
    faster geometry, then a faster drawing too, could at best bring the cost to."""
    positions: list[tuple[TableSnapshot, Domino | Blocked | None]] = []
    first = []
    forget_layouts()
    for seed in range(matches):

        def drawn(match: Match, events: list[Event]) -> None:
            end = next((e for e in events if isinstance(e, (Domino, Blocked))), None)
            snap = match.snapshot()
            start = time.perf_counter()
            pictures = posted_pngs(snap, end)
            seconds = time.perf_counter() - start
            sizes = []
            for data in pictures:
                with Image.open(io.BytesIO(data)) as image:
                    sizes.append(image.size)
            positions.append((snap, end))
            first.append((seconds, floor_of(sizes), sizes))

        play_to_end(Match.new(2 + seed % 3, f"bench-real/{seed}"), at_random(random.Random(seed)), after=drawn)
    out = []
    forget_layouts()
    for (snap, end), (seconds, floor, sizes) in zip(positions, first, strict=True):
        draw = posted_drawing(snap, end)
        start = time.perf_counter()
        for picture in draw():
            encode(picture, DEFAULT_STYLE)
        redrawn = time.perf_counter() - start
        again = floor_of(sizes)
        drawing = draw()
        start = time.perf_counter()
        for picture in drawing:
            encode(picture, DEFAULT_STYLE)
        out.append(Real(snap, end, seconds, floor, redrawn, time.perf_counter() - start, again, sizes[0]))
    return out


def floor_of(sizes: list[tuple[int, int]]) -> float:
    """Seconds to encode blank canvases of these sizes (a settlement apart: the floor of both pictures)."""
    empties = [blank("table", size) for size in sizes]
    start = time.perf_counter()
    for empty in empties:
        encode(empty, DEFAULT_STYLE)
    return time.perf_counter() - start


def real_rows(real: list[Real], row: Callable[[str, float, float, str, tuple[int, int], int], None]) -> None:
    """The real rounds' rows: all pictures, then how much of their cost no geometry or drawing could remove,
    then by the tiles on the table (a small layout's picture is mostly its scoresheet, and its floor small)."""
    median = statistics.median
    for label, chosen in (
        ("real rounds", real),
        ("real rounds, 14+ tiles", [p for p in real if len(p.snap.tiles) >= 14]),
    ):
        if not chosen:
            continue
        floor = median(p.floor for p in chosen) * 1000
        nbytes = max(len(table_png(p.snap, names=NAMES, settlement=p.end)) for p in chosen[-50:])
        biggest = max((p.size for p in chosen), key=lambda size: size[0] * size[1])
        target = f"{TARGET_RATIO['real']:.0f}x"
        row(f"one picture, {label}", median(p.seconds for p in chosen) * 1000, floor, target, biggest, nbytes)
        if label == "real rounds":  # the second pass, against its own floor
            again = median(p.floor_again for p in chosen) * 1000
            row("  drawn from geometry made beforehand", median(p.drawn for p in chosen) * 1000, again, "", biggest, 0)
            row("  its PNG encoding alone", median(p.encoded for p in chosen) * 1000, again, "", biggest, 0)
    for low, high in ((0, 3), (4, 7), (8, 13), (14, 28)):
        chosen = [p for p in real if low <= len(p.snap.tiles) <= high]
        if chosen:
            floor = median(p.floor for p in chosen) * 1000
            biggest = max((p.size for p in chosen), key=lambda size: size[0] * size[1])
            row(
                f"  {low}-{high} tiles ({len(chosen)} pictures)",
                median(p.seconds for p in chosen) * 1000,
                floor,
                "",
                biggest,
                0,
            )


def match_positions(players: int, seed: int) -> Iterator[TableSnapshot]:
    """Every position of a random complete match (the table after each placement)."""
    positions: list[TableSnapshot] = []  # after a round's last placement: the finished layout
    match = Match.new(players, f"bench-preview/{seed}")
    play_to_end(match, at_random(random.Random(seed)), after=lambda m, _: positions.append(m.snapshot()))
    yield from positions


def late_positions(count: int) -> list[TableSnapshot]:
    """The most crowded layout of random 3- and 4-player matches."""
    return [max(match_positions(3 + seed % 2, seed), key=lambda s: len(s.tiles)) for seed in range(count)]


def preview(matches: int) -> None:
    """The smallest tile in the 400 x 500 preview over every position of random matches."""
    print(
        f"\npreview 400x500 (smallest tile, pip and text), every position of {matches} random matches per player count:"
    )
    print(
        f"{'players':<9}{'positions':>10}{'smallest tile':>15}{'below 24 px':>13}{'rules relaxed':>15}{'slowest':>10}"
        f"{'pip':>8}{'text':>8}"
    )
    for players in (2, 3, 4):
        positions = below = relaxed = 0
        smallest, slowest, pip, text = float("inf"), 0.0, float("inf"), float("inf")
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
                seen = table_legibility(g)
                pip, text = min(pip, seen.pip or pip), min(text, seen.text)
        print(
            f"{players:<9}{positions:>10}{smallest:>12.1f} px{below:>13}{relaxed:>15}{slowest * 1000:>7.0f} ms"
            f"{pip:>5.1f} px{text:>5.1f} px"
        )


if __name__ == "__main__":
    main()
