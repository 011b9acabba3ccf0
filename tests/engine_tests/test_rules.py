"""The table's arithmetic (engine.rules): seating, points for an end total, displayed points, the target."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import rules

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_partners_sit_opposite_with_four_players_and_everyone_plays_alone_otherwise() -> None:
    assert [rules.side_of(4, s) for s in range(4)] == [0, 1, 0, 1]
    assert [rules.side_of(3, s) for s in range(3)] == [0, 1, 2]
    assert [rules.side_of(2, s) for s in range(2)] == [0, 1]
    assert [rules.sides(n) for n in (2, 3, 4)] == [2, 3, 2]
    assert [rules.partner_of(4, s) for s in range(4)] == [2, 3, 0, 1]
    assert rules.partner_of(3, 1) is None and rules.partner_of(2, 0) is None
    assert rules.seats_of(4, 1) == (1, 3) and rules.seats_of(3, 2) == (2,)
    assert rules.seat_sides(4) == (0, 1, 0, 1)


@pytest.mark.parametrize("players", rules.PLAYER_COUNTS)
def test_every_seat_is_on_exactly_one_side(players: int) -> None:
    seats = [s for side in range(rules.sides(players)) for s in rules.seats_of(players, side)]
    assert sorted(seats) == list(range(players))
    for side in range(rules.sides(players)):
        assert all(rules.side_of(players, s) == side for s in rules.seats_of(players, side))


@given(st.integers(-50, rules.MAX_END_TOTAL))
def test_an_end_total_scores_itself_when_a_positive_multiple_of_five(total: int) -> None:
    points = rules.points_for(total)
    assert points == (total if total > 0 and total % 5 == 0 else 0)
    if total >= 0:
        assert rules.SCORING[total] == points


def test_the_target_is_305_raw_shown_as_61() -> None:
    assert (rules.TARGET_RAW, rules.TARGET) == (305, 61)
    assert rules.displayed(rules.TARGET_RAW) == 61
    assert [rules.displayed(raw) for raw in (0, 5, 10, 15, -15)] == [0, 1, 2, 3, -3]
    assert rules.room(290) == 15


@pytest.mark.parametrize(("value", "rounded"), [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (12, 10), (13, 15), (26, 25)])
def test_rounding_to_five(value: int, rounded: int) -> None:
    assert rules.round_to_five(value) == rounded


def test_a_block_settles_the_lightest_hand_first_and_ties_clockwise_from_the_leader() -> None:
    assert rules.block_order((10, 21, 55, 10), leader=2) == (3, 0, 1, 2)
    assert rules.block_order((13, 10, 19, 10), leader=2) == (3, 1, 0, 2)
    assert rules.block_order((7, 7, 7), leader=1) == (1, 2, 0)


def test_no_other_engine_module_spells_the_target_or_the_seating_again() -> None:
    for path in ENGINE.rglob("*.py"):
        if path.name == "rules.py":
            continue
        code = "\n".join(line.split("#")[0] for line in path.read_text().splitlines())
        assert "305" not in code, path
        assert not re.search(r"seat \+ 2\) % 4|% 2 if .*players == 4", code), path
        assert not re.search(r"total % 5 == 0|// 5\b", code), path
