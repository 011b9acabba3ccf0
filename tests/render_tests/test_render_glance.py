"""What a player reads at a glance on a phone: every picture legible at 400 px wide (from the geometry),
the glance bar (round, whose turn, hands, boneyard, how a round ended), the scoresheet naming the
players, and the settlement's rounding written out (18 -> 20 -> +4)."""

from __future__ import annotations

import dataclasses
import io
import random

from PIL import Image
from support.render_records import FIXTURES, replayed

from engine import Blocked, Domino, Event, Match, Phase, Placed, TableSnapshot
from engine.selfplay import at_random, play_to_end
from render import (
    DEFAULT_STYLE,
    hand_geometry,
    hand_png,
    scoresheet_geometry,
    scoresheet_png,
    table_description,
    table_png,
)
from render.legibility import hand_legibility, scoresheet_legibility, table_legibility
from render.scoresheet import NAMES_WIDTH, scoresheet_boxes, sheet_names
from render.settlement_picture import posted, settlement_legibility, settlement_size, table_pngs
from render.table import table_geometry

NAMES = ("Zoë Ñúñez", "김민준", "Bartholomew Montgomery", "최수아")
COLORS = DEFAULT_STYLE.colors
SIZES = DEFAULT_STYLE.sizes
RECORDS = sorted(p.name.removesuffix(".record.json") for p in FIXTURES.glob("*.record.json"))
# The round ends of the stored records whose settlement does not fit under the layout legibly.
CROWDED_ROUND_ENDS = {("block-4p-block", 0), ("in-progress-3p", 0)}


def test_every_picture_of_every_record_is_legible_at_400_px_wide() -> None:
    """Every picture posted (the one picture, or the table and its settlement apart): tiles >= 24 px,
    pips >= 4 px and every text >= 11 px at 400 px wide, round ends included."""
    below, apart, pictures, ends = [], set(), 0, 0
    for name in RECORDS:
        for snap, events, end in replayed(name):
            if not any(isinstance(e, Placed) for e in events):
                continue
            g, settled = posted(snap, names=NAMES[: snap.players], settlement=end)
            seen = [table_legibility(g)]
            if settled is not None:
                assert end is not None and g.panel is None and settled.panel_rows  # only a round end goes apart
                seen.append(settlement_legibility(settled))
                apart.add((name, snap.round))
            pictures += len(seen)
            ends += end is not None
            below += [(name, snap.round, len(snap.tiles), s) for s in seen if not s.fine()]
    assert pictures > 2000 and ends > 100
    assert below == []
    assert apart == CROWDED_ROUND_ENDS  # the rest keep their settlement under the layout


def test_a_crowded_round_end_posts_its_settlement_apart_and_a_usual_one_does_not() -> None:
    for name, crowded in (("in-progress-3p", True), ("match-2p-exact-1", False)):
        snap, _, end = next(s for s in replayed(name) if s[2] is not None)
        players = snap.players
        pngs = table_pngs(snap, names=NAMES[:players], settlement=end)
        together = table_png(snap, names=NAMES[:players], settlement=end)
        if not crowded:
            assert pngs == (together,)
            continue
        table, settled = (Image.open(io.BytesIO(data)) for data in pngs)
        g, apart = posted(snap, names=NAMES[:players], settlement=end)
        assert apart is not None and table.size == g.size and settled.size == settlement_size(apart)
        assert not table_legibility(table_geometry(snap, names=NAMES[:players], settlement=end)).fine()
        assert table_legibility(g).fine() and settlement_legibility(apart).fine()
        assert settled.size[0] <= 800 and settled.size[1] < g.size[1]
        # the settlement picture draws the panel's words: the band colour with text on it, not a blank
        colours = settled.convert("RGB").getcolors(4096) or []
        assert len(colours) > 20, len(colours)


def test_a_layout_beyond_its_frame_keeps_legible_with_tighter_bars() -> None:
    """A 3-player match whose eighth round's layout cannot keep to its frame (30u tall): margins and bars
    tighten, and at its end the settlement goes apart, instead of tiles under 24 px."""
    tight = 0
    seen = []

    def drawn(match: Match, events: list[Event]) -> None:
        nonlocal tight
        end = next((e for e in events if isinstance(e, Domino | Blocked)), None)
        g, apart = posted(match.snapshot(), names=NAMES[:3], settlement=end)
        tight += g.size[1] - g.rows[-1][3] == 4  # the tighter bottom margin
        seen.append(table_legibility(g))
        if apart is not None:
            seen.append(settlement_legibility(apart))

    play_to_end(Match.new(3, "sweep/4"), at_random(random.Random(4)), after=drawn)
    assert tight >= 5 and all(s.fine() for s in seen), [s for s in seen if not s.fine()]


def test_the_legibility_numbers_follow_the_geometry() -> None:
    snap, _, _ = next(s for s in replayed("match-4p-exact-5") if len(s[0].tiles) >= 10)
    g = table_geometry(snap, names=NAMES)
    seen = table_legibility(g)
    assert seen.scale == g.preview_scale == min(1.0, 400 / g.size[0], 500 / g.size[1])
    assert seen.tile == SIZES.half * g.preview_scale == g.preview_half
    assert seen.pip is not None and round(seen.pip, 6) == round(0.2 * SIZES.half * g.preview_scale, 6)
    assert seen.text >= 11 and seen.smallest_text == "chip number"  # a chip's number is the smallest text
    assert table_description(snap, names=NAMES)["preview"]["smallest"] == seen.as_json()
    shrunk = table_legibility(dataclasses.replace(g, preview_scale=0.4))
    assert not shrunk.fine() and shrunk.tile is not None and shrunk.tile < 24  # the check can fail


def test_the_glance_bar_says_the_round_whose_turn_every_hand_and_the_boneyard() -> None:
    for name, players in (("match-2p-exact-1", 2), ("match-4p-exact-5", 4)):
        snap, _, _ = next(s for s in replayed(name) if s[0].phase is Phase.PLAYING and len(s[0].tiles) >= 3)
        d = table_description(snap, names=NAMES[:players])
        bar = d["glance"]
        assert bar["round"] == snap.round + 1 and bar["turn"] == snap.turn and bar["outcome"] is None
        assert bar["hands"] == list(snap.hand_sizes) and len(bar["hands"]) == players
        assert bar["boneyard"] == (snap.boneyard if players < 4 else None)
        (pill,) = bar["pills"]
        assert pill["seat"] == snap.turn and pill["name"][:2] == NAMES[pill["seat"]][:2]
        # the pill of the seat to move, in its colour, is many pixels, not a 5 px ▶
        image = Image.open(io.BytesIO(_png(snap, players))).convert("RGB").crop(tuple(bar["rect"]))
        assert snap.turn is not None
        seat_pixels = sum(n for n, c in image.getcolors(1 << 16) or [] if c == COLORS.seat(snap.turn))
        assert seat_pixels > 2 * SIZES.table_chip**2  # a pill and a chip, not a small mark
        assert d["glance"]["rect"][3] <= (d["band"] or d["sides"][0]["rect"])[1]  # right under the layout


def test_a_round_end_and_the_match_end_say_how_in_the_glance_bar() -> None:
    steps = list(replayed("match-2p-exact-1"))
    domino = next(s for s in steps if isinstance(s[2], Domino))
    d = table_description(domino[0], names=NAMES[:2], settlement=domino[2])
    assert d["glance"]["outcome"] == "out" and d["glance"]["outcome_seats"] == [domino[2].seat]  # type: ignore[union-attr]
    assert d["glance"]["turn"] is None and d["glance"]["pills"][0]["seat"] == domino[2].seat  # type: ignore[union-attr]
    final = steps[-1]
    f = table_description(final[0], names=NAMES[:2], settlement=final[2])
    assert final[0].phase is Phase.OVER and f["glance"]["outcome"] == "wins"
    assert f["glance"]["outcome_seats"] == list(final[0].seats_of(final[0].winner))  # type: ignore[arg-type]


def test_the_settlement_writes_the_rounding_out() -> None:
    shown = 0
    for snap, _, end in replayed("match-4p-exact-5"):
        if not isinstance(end, Domino):
            continue
        s = table_description(snap, names=NAMES, settlement=end)["settlement"]
        assert (s["opponents_pips"], s["opponents_rounded"], s["opponents"]) == (
            end.opponents_pips,
            end.opponents,
            end.opponents // 5,
        )  # e.g. 18 -> 20 -> +4
        assert abs(s["opponents_rounded"] - s["opponents_pips"]) <= 2 and s["opponents_rounded"] % 5 == 0
        g = table_geometry(snap, names=NAMES, settlement=end)
        row = next(r for r in g.panel_rows if r.cells is not None and r.cells[3] is not None)
        assert row.cells is not None and all(row.cells[k] for k in range(6))  # word, pips, ->, rounded, ->, points
        shown += 1
    assert shown >= 2


def test_the_scoresheet_names_the_players_and_stays_legible() -> None:
    for name in ("match-3p-exact-9", "match-4p-exact-5"):
        snap = list(replayed(name))[-1][0]
        names = NAMES[: snap.players]
        drawn = sheet_names(snap, names, None)
        assert len(drawn) == snap.players and all(drawn) and drawn[1] == "김민준"
        named = Image.open(io.BytesIO(scoresheet_png(snap, names=names)))
        chips = Image.open(io.BytesIO(scoresheet_png(snap)))
        assert named.size == scoresheet_boxes(scoresheet_geometry(snap), names=drawn).size
        assert chips.width < named.width <= NAMES_WIDTH
        assert scoresheet_legibility(named.size).fine()
    assert sheet_names(snap, ["\ue000", "x", "y", "z"], {"seat": "자리 {seat}"})[0] == "자리 1"  # nothing drawable


def test_the_hand_is_legible_at_400_px_wide() -> None:
    match = Match.new(2, "glance-hand")  # seven tiles each: the widest a dealt hand starts
    assert match.turn is not None
    view = match.seat_view(match.turn)
    size = Image.open(io.BytesIO(hand_png(view))).size
    assert size == hand_geometry(view).size and hand_legibility(size).fine(), hand_legibility(size)


def _png(snap: TableSnapshot, players: int) -> bytes:
    return table_png(snap, names=NAMES[:players])
