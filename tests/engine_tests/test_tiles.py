"""Tiles of the double-six set, their notation, and rounding to the nearest 5."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import ALL_TILES, Tile, hand_pips, parse_tile, round_to_five, tile


def test_the_set_is_the_28_tiles_of_double_six() -> None:
    assert len(ALL_TILES) == 28
    assert len(set(ALL_TILES)) == 28
    assert {(t.low, t.high) for t in ALL_TILES} == {(a, b) for a in range(7) for b in range(a, 7)}
    assert sum(t.is_double for t in ALL_TILES) == 7
    assert [t.index for t in ALL_TILES] == list(range(28))


def test_a_tile_is_the_same_whichever_half_is_named_first() -> None:
    assert tile(4, 1) is tile(1, 4)
    assert tile(4, 1) == Tile(1, 4)
    assert (tile(4, 1).low, tile(4, 1).high) == (1, 4)
    assert hash(Tile(1, 4)) == hash(tile(1, 4))
    assert {Tile(1, 4): "x"}[tile(4, 1)] == "x"


@pytest.mark.parametrize(("a", "b"), [(7, 1), (-1, 2), (3, 9)])
def test_tiles_outside_the_set_are_refused(a: int, b: int) -> None:
    with pytest.raises(ValueError, match="not a double-six tile"):
        tile(a, b)


def test_a_tile_cannot_be_built_high_half_first() -> None:
    with pytest.raises(ValueError, match="not a double-six tile"):
        Tile(4, 1)


def test_halves_pips_and_the_other_half() -> None:
    t = tile(2, 5)
    assert t.pips == 7
    assert not t.is_double
    assert t.other(2) == 5
    assert t.other(5) == 2
    d = tile(3, 3)
    assert d.is_double
    assert d.pips == 6
    assert d.other(3) == 3


@pytest.mark.parametrize("text", ["1-4", "4-1", "1|4", "4|1", "[1|4]", "[4|1]", " [ 4 | 1 ] "])
def test_every_accepted_spelling_reads_as_the_same_tile(text: str) -> None:
    assert parse_tile(text) is tile(1, 4)


@pytest.mark.parametrize("text", ["", "1-", "1-7", "14", "1/4", "[1-4", "1-4]", "a-b", "1-4-2", "-1-4"])
def test_other_spellings_are_refused_with_the_text_shown(text: str) -> None:
    with pytest.raises(ValueError, match="not a tile"):
        parse_tile(text)


@pytest.mark.parametrize("value", [None, 14, (1, 4), ["1-4"]])
def test_non_text_is_refused(value: object) -> None:
    with pytest.raises(ValueError, match="not a tile"):
        parse_tile(value)


def test_notation_round_trips_and_is_written_low_first() -> None:
    for t in ALL_TILES:
        assert str(t) == f"{t.low}-{t.high}"
        assert parse_tile(str(t)) is t
        assert eval(repr(t), {"Tile": Tile}) == t
    assert str(parse_tile("[6|3]")) == "3-6"


@given(st.integers(0, 6), st.integers(0, 6), st.sampled_from(["{}-{}", "{}|{}", "[{}|{}]"]))
def test_any_spelling_of_any_tile_reads_back(a: int, b: int, spelling: str) -> None:
    assert parse_tile(spelling.format(a, b)) is tile(a, b)


@pytest.mark.parametrize(
    ("value", "rounded"),
    [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (12, 10), (13, 15), (15, 15), (17, 15), (18, 20), (34, 35)],
)
def test_rounding_to_the_nearest_five(value: int, rounded: int) -> None:
    assert round_to_five(value) == rounded


@given(st.integers(0, 200))
def test_rounding_moves_at_most_two_and_lands_on_a_multiple_of_five(value: int) -> None:
    rounded = round_to_five(value)
    assert rounded % 5 == 0
    assert abs(rounded - value) <= 2
    assert (rounded > value) == (value % 5 in (3, 4))


def test_hand_pips_adds_both_halves_of_every_tile() -> None:
    assert hand_pips([]) == 0
    assert hand_pips([tile(0, 0)]) == 0
    assert hand_pips([tile(5, 6), tile(1, 5), tile(4, 6), tile(4, 5)]) == 36
    assert hand_pips(ALL_TILES) == 168
