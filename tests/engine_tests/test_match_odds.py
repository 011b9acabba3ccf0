"""The table of match chances `expert` values its play-outs with: it is what its generator makes
(some positions' rounds replayed), it reads the right way round, and `expert` uses it."""

from __future__ import annotations

import random

import pytest

from engine import Match, Phase
from engine.players.expert import match_value
from engine.players.match_odds import LOWEST, SAMPLES, TABLE_PLAYERS, TOP, Odds, odds, positions, sampled_rounds
from engine.rules import POINT
from engine.selfplay import first_option, play_to_end

TOLERANCE = 5e-5  # the table is stored in whole 1/100000s


def residual(table: Odds, mine: int, theirs: int) -> float:
    """How far the table's chance of a position is from the average over its rounds, replayed."""
    ends = sampled_rounds(table.players, mine, theirs)
    assert len(ends) == SAMPLES
    return abs(table.leading(mine, theirs) - sum(table.after(end) for end in ends) / SAMPLES)


@pytest.mark.parametrize("players", TABLE_PLAYERS)
def test_regenerated_positions_match_the_table(players: int) -> None:
    """Replaying the rounds of a sample of positions (the first, the last, and random ones) gives back
    the checked-in chances: every position's is the average over where its rounds ended."""
    table = odds(players)
    every = positions(players)
    assert len(table.rows) == len(table.rows[0]) == (TOP - LOWEST[players]) // POINT + 1
    sample = [every[0], every[-1], (TOP, TOP - POINT), *random.Random(players).sample(every, 5)]
    for mine, theirs in sample:
        assert residual(table, mine, theirs) < TOLERANCE, (mine, theirs)


def test_the_check_catches_a_wrong_entry() -> None:
    """One entry changed by 1%: the position it belongs to no longer matches its rounds."""
    table = odds(2)
    rows = [list(row) for row in table.rows]
    rows[-1][-2] += 0.01
    assert residual(Odds(2, rows), TOP, TOP - POINT) > 100 * TOLERANCE


@pytest.mark.parametrize("players", TABLE_PLAYERS)
def test_chances_read_the_right_way_round(players: int) -> None:
    table = odds(players)
    assert table.leading(TOP, 0) > 0.99 and table.leading(0, TOP) < 0.01
    assert table.leading(200, 100) > table.leading(150, 100) > table.leading(100, 100) > table.leading(50, 100)
    assert 0.45 < table.leading(0, 0) < 0.6  # the leader's edge is small at the start
    for mine, theirs in [(250, 280), (300, 300), (0, 0)]:
        lot = table.chance(mine, theirs, None)
        mine_leads, they_lead = table.chance(mine, theirs, True), table.chance(mine, theirs, False)
        assert they_lead < lot < mine_leads
        assert table.chance(theirs, mine, None) == pytest.approx(1 - lot)
    assert table.leading(LOWEST[players] - 50, 0) == table.leading(LOWEST[players], 0)  # below the floor


def test_the_exact_target_makes_scores_non_linear() -> None:
    """What the table is for: the same lead is worth much more late in a match than early, and so is
    leading the next round (2 players)."""
    table = odds(2)
    assert table.leading(300, 250) > table.leading(50, 0) + 0.15
    assert table.leading(TOP, TOP) > table.leading(0, 0) + 0.15


def test_expert_values_a_played_out_world_by_the_table() -> None:
    m = play_to_end(Match.new(2, "odds-value"), first_option, until=lambda m: m.phase is not Phase.PLAYING)
    assert m.phase is Phase.ROUND_OVER
    table = odds(2)
    leads = None if m.next_leader is None else m.next_leader == 0
    assert match_value(m, 0) == table.chance(m.scores[0], m.scores[1], leads)
    assert match_value(m, 0) + match_value(m, 1) == pytest.approx(1.0)
    m.scores[0] = 305
    m.winner = 0
    assert (match_value(m, 0), match_value(m, 1)) == (1.0, 0.0)
