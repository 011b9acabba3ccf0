"""The short deals the tournament tests play (tests/support/short_deals.py) are still short: if the engine's
rules or the players change, a deal that grew past MOST is named here rather than slowing the suite
unnoticed. It counts placements, never time."""

from __future__ import annotations

from support.short_deals import (
    MOST,
    SHORT_FIRST_TWO,
    SHORT_PICKED,
    SHORT_TWO,
    first_placements,
    picked_placements,
    placements,
)


def test_every_short_deal_is_a_whole_match_of_at_most_most_placements() -> None:
    lengths = {seed: placements(seed) for seed in SHORT_TWO}
    assert all(0 < n <= MOST for n in lengths.values()), lengths


def test_every_short_deal_of_people_is_a_whole_match_of_at_most_most_placements() -> None:
    lengths = {deal: picked_placements(*deal) for deal in SHORT_PICKED}
    assert all(0 < n <= MOST for n in lengths.values()), lengths


def test_every_short_deal_of_first_options_is_a_whole_match_of_at_most_most_placements() -> None:
    lengths = {seed: first_placements(seed) for seed in SHORT_FIRST_TWO}
    assert all(0 < n <= MOST for n in lengths.values()), lengths
