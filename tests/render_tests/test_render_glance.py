"""What a player reads at a glance on a phone: every picture legible at 400 px wide (from the geometry),
the glance bar (round, whose turn, hands, boneyard, how a round ended), the scoresheet naming the
players, and the settlement's rounding written out (18 -> 20 -> +4)."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image
from support.render_records import FIXTURES, replayed

from engine import Domino, Match, Phase, Placed, TableSnapshot
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
from render.table import table_geometry

NAMES = ("Zoë Ñúñez", "김민준", "Bartholomew Montgomery", "최수아")
COLORS = DEFAULT_STYLE.colors
SIZES = DEFAULT_STYLE.sizes
RECORDS = sorted(p.name.removesuffix(".record.json") for p in FIXTURES.glob("*.record.json"))
# Round ends whose finished layout cannot keep to what the settlement panel leaves, even laid again
# (the band gives way to the panel first): their tiles stay >= 22 px, their text >= 10 px.
CROWDED_ROUND_ENDS = 2


def test_every_picture_of_every_record_is_legible_at_400_px_wide() -> None:
    below, pictures, ends = [], 0, 0
    for name in RECORDS:
        players = None
        for snap, events, end in replayed(name):
            if not any(isinstance(e, Placed) for e in events):
                continue
            players = snap.players
            g = table_geometry(snap, names=NAMES[:players], settlement=end)
            seen = table_legibility(g)
            pictures += 1
            ends += end is not None
            if not seen.fine():
                assert end is not None, (name, snap.round, len(snap.tiles), seen)  # in play: always legible
                assert seen.tile is not None and seen.tile >= 22 and seen.text >= 10, (name, seen)
                below.append((name, snap.round))
    assert pictures > 2000 and ends > 100
    assert len(below) <= CROWDED_ROUND_ENDS, below


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
