"""Seat colours stay apart for colour-blind players, and every mark reads against what it sits on.

Colour-vision deficiency is simulated with the matrices of Machado, Oliveira and Fernandes (2009,
severity 1.0) applied in linear RGB; distances are CIELAB Delta E (1976) under D65.
"""

from __future__ import annotations

import itertools

import pytest
from support.colour_vision import DEUTERANOPIA, NORMAL, PROTANOPIA, VISIONS, distance

from render import DEFAULT_STYLE
from render.style import contrast

COLORS = DEFAULT_STYLE.colors


def test_the_simulation_confuses_what_colour_blind_players_confuse() -> None:
    """A check of the check: this red and green fall together under deuteranopia, and blue and
    purple, the old seats 2 and 3, are nearly one colour under protanopia."""
    red, green = (200, 60, 40), (90, 130, 40)
    assert distance(red, green, NORMAL) > 80
    assert distance(red, green, DEUTERANOPIA) < 10
    assert distance((48, 110, 220), (150, 84, 204), NORMAL) > 30
    assert distance((48, 110, 220), (150, 84, 204), PROTANOPIA) < 6


@pytest.mark.parametrize("vision", VISIONS)
def test_seat_colours_stay_apart(vision: str) -> None:
    seats = [COLORS.seat(s) for s in range(4)]
    closest = min(distance(a, b, VISIONS[vision]) for a, b in itertools.combinations(seats, 2))
    assert closest >= 25, (vision, closest)


@pytest.mark.parametrize("vision", VISIONS)
def test_the_ring_of_the_tile_just_placed_is_its_placers_colour_not_the_spinner_orange(vision: str) -> None:
    """The ring is the placer's seat colour (as in the band's chip), so it cannot be read as another
    seat's; and no seat colour is the spinners' orange border."""
    m = VISIONS[vision]
    for seat in range(4):
        assert distance(COLORS.seat(seat), COLORS.spinner, m) >= 15, (seat, vision)
        assert distance(COLORS.seat(seat), COLORS.table, m) >= 15, (seat, vision)


def test_the_ring_reads_against_the_felt_or_the_face_of_the_tile() -> None:
    for seat in range(4):
        ring = COLORS.seat(seat)
        assert max(contrast(ring, COLORS.table), contrast(ring, COLORS.tile_last)) >= 2.5, seat


def test_the_seat_colours_are_the_colours_of_the_bots_chips() -> None:
    """🔴 🔵 🟣 🟡: the strongest channel of each seat colour is the one its chip's name says."""
    red, blue, purple, yellow = (COLORS.seat(s) for s in range(4))
    assert red[0] > 200 and red[1] < 100 and red[2] < 100
    assert blue[2] > 200 and blue[0] < 60
    assert purple[2] > 200 and purple[0] > 120 and purple[1] < 120
    assert yellow[0] > 220 and yellow[1] > 180 and yellow[2] < 80


def test_numbers_and_marks_contrast_with_what_they_sit_on() -> None:
    for seat in range(4):
        number = getattr(COLORS, COLORS.seat_number(seat))
        assert contrast(COLORS.seat(seat), number) >= 4.5, seat
        assert contrast(COLORS.seat(seat), COLORS.strip) >= 3, seat  # the chip against the band
    assert contrast(COLORS.dot_closed, COLORS.table) >= 4.5  # the faint dot no longer vanishes
    assert contrast(COLORS.dot, COLORS.table) > contrast(COLORS.dot_closed, COLORS.table)  # but stays fainter
    assert contrast(COLORS.text, COLORS.strip) >= 7 and contrast(COLORS.text, COLORS.sheet_turn) >= 7
    assert contrast(COLORS.muted, COLORS.sheet_turn) >= 3
    # the faint strokes of a house still to be filled: 3:1 on every row they are drawn on, but fainter than the ink
    for back in (COLORS.strip, COLORS.sheet_turn):
        assert contrast(COLORS.chalk_faint, back) >= 3
        assert contrast(COLORS.text, back) > contrast(COLORS.chalk_faint, back) + 2
    for back in (COLORS.paper, COLORS.row_turn, COLORS.row_negative):
        assert contrast(COLORS.ink_faint, back) >= 3
        assert contrast(COLORS.ink, back) > contrast(COLORS.ink_faint, back) + 2
