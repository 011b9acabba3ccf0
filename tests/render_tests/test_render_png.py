"""The pictures themselves: valid palette PNGs of the drawn size, small, with the marks, tallies and
labels where their geometry says, and close to the reference images kept in tests/data/render.

Set RENDER_UPDATE_REFERENCES=1 to rewrite the reference images after a deliberate change of look.
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from PIL import Image
from support.render_records import (
    FIXTURES,
    REFERENCES,
    assert_like_reference,
    decode,
    difference,
    full_table,
    replay_snapshots,
)

from engine import Match, Option, Phase, Placed, Placement, Result, SeatView, TableSnapshot, parse_tile
from render import (
    DEFAULT_STYLE,
    HOUSE_STROKES,
    Colors,
    Rect,
    Style,
    hand_geometry,
    hand_png,
    layout_geometry,
    layout_png,
    scoresheet_boxes,
    scoresheet_geometry,
    scoresheet_png,
)
from render.sprites import text_sprite

COLORS = DEFAULT_STYLE.colors
HALF = DEFAULT_STYLE.sizes.half
UNIT = HALF // 2


def rgb(data: bytes) -> Image.Image:
    return decode(data).convert("RGB")


def near(colour: tuple[int, ...], expected: tuple[int, int, int], tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], expected, strict=True))


def sheet(scores: tuple[int, ...], players: int = 4, turn: int | None = 1, winner: int | None = None) -> TableSnapshot:
    """A table between rounds with these raw scores."""
    sides = 2 if players == 4 else players
    phase = Phase.OVER if winner is not None else Phase.PLAYING
    return TableSnapshot(players, sides, 3, 0, phase, turn, scores, (5,) * players, 4, (), 0, (), None, winner)


# -- layout -------------------------------------------------------------------


def test_layout_is_a_palette_png_of_the_size_its_geometry_needs() -> None:
    snap = replay_snapshots("seed-walkthrough")[-1]
    image = decode(layout_png(snap))
    assert (image.format, image.mode) == ("PNG", "P")
    g = layout_geometry(snap)
    s = DEFAULT_STYLE.sizes
    assert image.height == g.bounds.height * UNIT + 2 * s.margin + s.strip
    assert image.width >= g.bounds.width * UNIT + 2 * s.margin


def test_full_tables_render_small_enough() -> None:
    for seed in range(5):
        data = layout_png(full_table(seed))
        assert len(data) <= 250_000
        assert decode(data).mode == "P"


def test_an_empty_table_is_a_small_picture_without_an_equation() -> None:
    snap = Match.new(3, "empty").snapshot()
    image = rgb(layout_png(snap))
    assert image.size == (5 * HALF + 2 * DEFAULT_STYLE.sizes.margin, 3 * HALF + 2 * DEFAULT_STYLE.sizes.margin)
    assert near(image.getpixel((2, image.height - 2)), COLORS.table)  # no equation band


def _origin(snap: TableSnapshot) -> tuple[int, int, Image.Image]:
    """Where grid (0, 0) lands in the picture, and the picture."""
    g = layout_geometry(snap)
    image = rgb(layout_png(snap))
    table_w = g.bounds.width * UNIT
    return (image.width - table_w) // 2 - g.bounds.x0 * UNIT, DEFAULT_STYLE.sizes.margin - g.bounds.y0 * UNIT, image


def test_marks_tiles_and_spinners_are_drawn_where_the_geometry_puts_them() -> None:
    snap = replay_snapshots("seed-walkthrough")[-1]
    g = layout_geometry(snap)
    left, top, image = _origin(snap)

    def centre(r: Rect) -> tuple[int, int]:
        return left + (r.x0 + r.x1) * UNIT // 2, top + (r.y0 + r.y1) * UNIT // 2

    assert g.badges and g.dots
    for mark in g.badges:
        x, y = centre(mark.zone)
        assert near(image.getpixel((x - int(0.3 * HALF), y)), COLORS.badge), mark  # the disc, beside the number
    for mark in g.dots:
        x, y = centre(mark.zone)
        assert near(image.getpixel((x, y)), COLORS.table), mark  # hollow
        assert near(image.getpixel((x + int(0.21 * HALF), y)), COLORS.dot), mark  # its ring
    for box in g.tiles:
        x, y = centre(box.rect)
        edge_x = left + box.rect.x0 * UNIT + 3  # just inside the left edge, halfway down
        border = image.getpixel((edge_x, y))
        assert near(border, COLORS.spinner) == box.spinner, box
        region = image.crop(
            (left + box.rect.x0 * UNIT, top + box.rect.y0 * UNIT, left + box.rect.x1 * UNIT, top + box.rect.y1 * UNIT)
        )
        face = COLORS.tile_last if box.last else COLORS.tile
        share = sum(n for n, c in region.getcolors(1 << 16) if near(c, face, 6)) / (region.width * region.height)
        assert share > 0.4, box  # the rest: border, pips and rounded corners


def test_layout_matches_its_reference_images() -> None:
    snapshots = replay_snapshots("seed-walkthrough")
    assert_like_reference("walkthrough-3.png", layout_png(snapshots[2]))
    assert_like_reference("walkthrough-9.png", layout_png(snapshots[-1]))
    cancelled = dataclasses.replace(snapshots[4], last=snapshots[4].last._replace(result=Result.OVER))
    assert_like_reference("walkthrough-5-over.png", layout_png(cancelled))


def test_the_reference_comparison_sees_a_changed_picture() -> None:
    snapshots = replay_snapshots("seed-walkthrough")
    reference = Image.open(REFERENCES / "walkthrough-5-over.png")
    scored = decode(layout_png(snapshots[4]))  # the same table, but the points were scored, not cancelled
    assert scored.size == reference.size
    mean, strong = difference(scored, reference)
    assert strong > 0.001 or mean > 1.5


def test_colours_come_from_the_style() -> None:
    snap = replay_snapshots("seed-walkthrough")[0]
    blue = Style(colors=dataclasses.replace(Colors(), table=(10, 20, 200)))
    assert near(rgb(layout_png(snap, style=blue)).getpixel((1, 1)), (10, 20, 200), 0)
    assert near(rgb(layout_png(snap)).getpixel((1, 1)), COLORS.table, 0)


def test_the_equation_band_shows_the_placing_seat_and_what_the_points_became() -> None:
    snap = replay_snapshots("seed-walkthrough")[2]  # seat 0 placed [4|4]: 2 + 8 = 10 -> +2

    def band(s: TableSnapshot) -> Image.Image:
        image = rgb(layout_png(s))
        return image.crop((0, image.height - DEFAULT_STYLE.sizes.strip, image.width, image.height))

    def colours(image: Image.Image, colour: tuple[int, int, int]) -> int:
        return sum(n for n, c in image.getcolors(1 << 16) if near(c, colour, 8))

    assert isinstance(snap.last, Placed)
    scored = band(snap)
    assert colours(scored, COLORS.seat0) > 100 and colours(scored, COLORS.seat1) == 0
    assert colours(scored, COLORS.badge) > 300
    other_seat = band(dataclasses.replace(snap, last=snap.last._replace(seat=1)))
    assert colours(other_seat, COLORS.seat1) > 100 and colours(other_seat, COLORS.seat0) == 0
    over = band(dataclasses.replace(snap, last=snap.last._replace(result=Result.OVER)))
    # seat 0's chip is red too: the cancelled pill is what adds the red, with no yellow left
    assert colours(over, COLORS.over) > colours(scored, COLORS.over) + 300 and colours(over, COLORS.badge) == 0
    settled = band(dataclasses.replace(snap, last=snap.last._replace(result=Result.SETTLED)))
    assert 0 < colours(settled, COLORS.badge) < colours(scored, COLORS.badge)  # an outline, not a filled pill
    nothing = band(replay_snapshots("seed-walkthrough")[1])  # 2 + 4 = 6 -> 0
    assert colours(nothing, COLORS.badge) == 0 and colours(nothing, COLORS.muted) > 50


# -- scoresheet -----------------------------------------------------------------

TALLIES = [
    (0, (), 61),
    (1, (1,), 60),
    (9, (9,), 52),
    (10, (10,), 51),
    (11, (10, 1), 50),
    (60, (10,) * 6, 1),
    (61, (10,) * 6 + (1,), 0),
    (-3, (3,), 64),
]


@pytest.mark.parametrize(("points", "houses", "needed"), TALLIES)
def test_scoresheet_tallies_houses_and_strokes(points: int, houses: tuple[int, ...], needed: int) -> None:
    snap = sheet((5 * points, 100), turn=3)
    row = scoresheet_geometry(snap).rows[0]
    assert (row.points, row.houses, row.needed, row.negative) == (points, houses, needed, points < 0)
    assert sum(row.houses) == abs(points)
    image = rgb(scoresheet_png(snap))
    boxes = scoresheet_boxes(scoresheet_geometry(snap))
    assert image.size == boxes.size
    ink = COLORS.ink_negative if points < 0 else COLORS.ink
    for strokes, (x0, y0, x1, _) in zip(houses, boxes.houses[0], strict=True):
        size = x1 - x0
        for k, (a, b, c, d) in enumerate(HOUSE_STROKES):
            t = 0.3 if k < 2 else 0.25  # a point on the stroke away from where strokes cross
            x, y = x0 + round((a + (c - a) * t) * size), y0 + round((b + (d - b) * t) * size)
            pixel = image.getpixel((x, y))
            assert near(pixel, ink, 40) == (k < strokes), (points, k, pixel)
            assert near(pixel, COLORS.ink_faint, 20) == (k >= strokes), (points, k, pixel)
    assert (boxes.minus[0] is not None) == (points < 0)


def test_scoresheet_marks_the_side_to_move_and_a_negative_score() -> None:
    snap = sheet((45, -15), turn=2)
    rows = scoresheet_geometry(snap).rows
    assert [r.to_move for r in rows] == [2, None]
    assert [r.seats for r in rows] == [(0, 2), (1, 3)]
    image = rgb(scoresheet_png(snap))
    boxes = scoresheet_boxes(scoresheet_geometry(snap))
    (ax0, ay0, ax1, _), (_, by0, bx1, _) = boxes.blocks
    assert near(image.getpixel((ax1 - 3, ay0 + 3)), COLORS.row_turn, 2)
    assert near(image.getpixel((bx1 - 3, by0 + 3)), COLORS.row_negative, 2)
    head = image.crop((ax0, ay0, ax1, boxes.houses[0][0][1]))  # a team shows both seats' colours
    found = {
        name
        for name in ("seat0", "seat1", "seat2", "seat3")
        for n, c in head.getcolors(1 << 16)
        if n > 20 and near(c, getattr(COLORS, name), 4)
    }
    assert found == {"seat0", "seat2"}


def test_scoresheet_crowns_the_winner_and_keeps_one_row_per_side() -> None:
    snap = sheet((305, 290, 40), players=3, turn=None, winner=0)
    rows = scoresheet_geometry(snap).rows
    assert [(r.side, r.seats, r.winner, r.needed) for r in rows] == [
        (0, (0,), True, 0),
        (1, (1,), False, 3),
        (2, (2,), False, 53),
    ]
    image = rgb(scoresheet_png(snap))
    boxes = scoresheet_boxes(scoresheet_geometry(snap))
    assert len(boxes.blocks) == 3
    first = image.crop(boxes.blocks[0])
    assert sum(n for n, c in first.getcolors(1 << 16) if near(c, COLORS.badge, 10)) > 100  # the star


def test_scoresheet_matches_its_reference_image() -> None:
    assert_like_reference("scoresheet-4p.png", scoresheet_png(sheet((230, -15), turn=1)))


# -- hand -------------------------------------------------------------------------

HAND = tuple(parse_tile(t) for t in ("3-5", "0-0", "2-6", "4-4", "1-3"))


def hand_view(playable: tuple[str, ...]) -> SeatView:
    options = tuple(Option(Placement(parse_tile(t), parse_tile("5-5")), 0, 0, Result.NONE) for t in playable)
    return SeatView(0, HAND, options, None)


def test_hand_sets_playable_tiles_apart_and_labels_them_like_the_buttons() -> None:
    view = hand_view(("4-4", "3-5", "3-5"))  # a tile playable in two places is listed once
    g = hand_geometry(view)
    assert [(str(t.tile), t.playable, t.dim) for t in g.tiles] == [
        ("3-5", True, False),
        ("4-4", True, False),
        ("0-0", False, True),
        ("2-6", False, True),
        ("1-3", False, True),
    ]
    assert all(t.label == str(t.tile) for t in g.tiles)
    (plate,) = g.plates
    for t in g.tiles:
        x0, y0, x1, y1 = t.box
        inside = plate[0] <= x0 and x1 <= plate[2] and plate[1] <= y0 and y1 <= plate[3]
        assert inside == t.playable
    image = decode(hand_png(view))
    assert image.mode == "P" and image.size == g.size
    for t in g.tiles:  # each label is exactly the text of its button, in the label colour of its group
        back = "playable" if t.playable else "hand"
        label = text_sprite(
            DEFAULT_STYLE,
            "hand",
            str(t.tile),
            DEFAULT_STYLE.sizes.hand_label_font,
            back,
            "label_dim" if t.dim else "label",
        )
        x, y = t.label_at
        assert image.crop((x, y, x + label.width, y + label.height)).tobytes() == label.tobytes()
    colour = rgb(hand_png(view))
    dim_tile = g.tiles[2].box
    assert near(colour.getpixel(((dim_tile[0] + dim_tile[2]) // 2, dim_tile[1] + 6)), COLORS.tile_dim, 6)
    assert near(colour.getpixel((plate[0] + 3, (plate[1] + plate[3]) // 2)), COLORS.playable, 2)


def test_a_hand_out_of_turn_has_nothing_set_apart_or_greyed() -> None:
    g = hand_geometry(hand_view(()))
    assert g.plates == ()
    assert [str(t.tile) for t in g.tiles] == [str(t) for t in HAND]
    assert not any(t.playable or t.dim for t in g.tiles)


def test_a_long_hand_wraps_and_stays_small() -> None:
    tiles = tuple(parse_tile(f"{a}-{b}") for a in range(4) for b in range(a, 7))[:20]
    view = SeatView(1, tiles, (Option(Placement(tiles[-1], parse_tile("6-6")), 0, 0, Result.NONE),), tiles[-1])
    g = hand_geometry(view)
    assert g.tiles[0].tile == tiles[-1] and g.tiles[0].playable  # the tile just drawn, which must be played
    assert len({t.box[1] for t in g.tiles}) == 3  # three rows
    data = hand_png(view)
    assert len(data) < 50_000 and decode(data).size == g.size


def test_hand_matches_its_reference_image() -> None:
    assert_like_reference("hand.png", hand_png(hand_view(("3-5", "4-4"))))


def test_pictures_of_a_real_match_decode() -> None:
    data = json.loads((FIXTURES / "match-4p-mixed-7.record.json").read_text(encoding="utf-8"))
    snap = Match.replay(data).snapshot()
    assert snap.phase is Phase.OVER
    for png in (layout_png(snap), scoresheet_png(snap)):
        assert decode(png).mode == "P"
    assert [row.winner for row in scoresheet_geometry(snap).rows].count(True) == 1
