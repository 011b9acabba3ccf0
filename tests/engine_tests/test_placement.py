"""The placement value and its notation: every placement there can be reads back from its text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import ALL_TILES, Match, Placement, Tile, placement

TILES = st.sampled_from(ALL_TILES)
ONS = st.one_of(st.none(), TILES)


@given(TILES, ONS)
def test_the_notation_reads_back_every_tile_on_every_target(tile: Tile, on: Tile | None) -> None:
    p = Placement(tile, on)
    text = str(p)
    assert Placement.parse(text) == p
    assert text == (str(tile) if on is None else f"{tile}@{on}")


def test_every_placement_reads_back_and_is_the_interned_one() -> None:
    for tile in ALL_TILES:
        for on in (None, *ALL_TILES):
            p = Placement(tile, on)
            assert Placement.parse(str(p)) is placement(tile, on)
            assert placement(tile, on) == p


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("3-5", "3-5"),
        ("5-3", "3-5"),
        ("[5|3]", "3-5"),
        (" 3|5 ", "3-5"),
        ("3-5@1-3", "3-5@1-3"),
        ("5-3@3-1", "3-5@1-3"),
        ("[3|5] @ [1|3]", "3-5@1-3"),
        ("6-6@6-6", "6-6@6-6"),  # well formed; the layout is the one to refuse it
    ],
)
def test_parse_accepts_the_tile_spellings_of_the_record(text: str, want: str) -> None:
    assert str(Placement.parse(text)) == want


@pytest.mark.parametrize("text", ["", "@", "3-5@", "@1-3", "3-5@1-3@2-2", "3-7", "35", "3-5 on 1-3", "open"])
def test_anything_else_is_refused_with_the_text_shown(text: str) -> None:
    with pytest.raises(ValueError, match="not a placement"):
        Placement.parse(text)


def test_the_notation_fits_a_discord_custom_id() -> None:
    for tile in ALL_TILES:
        for on in (None, *ALL_TILES):
            text = str(Placement(tile, on))
            assert len(text) <= 7 and set(text) <= set("0123456-@")


def test_a_placement_is_a_frozen_value() -> None:
    p = Placement.parse("1-4")
    with pytest.raises(AttributeError):
        p.on = p.tile  # type: ignore[misc]
    assert {p, Placement.parse("4-1")} == {p}


def test_options_records_and_events_share_the_placement() -> None:
    match = Match.new(2, "placement-shared")
    option = match.options()[0]
    placed = match.place(match.turn or 0, option.placement)[0]
    assert placed.placement is option.placement  # type: ignore[union-attr]
    assert match.record.rounds[0].plays[0].placement is option.placement
    assert (option.tile, option.on) == (option.placement.tile, option.placement.on)
