"""Scoring events under the exact-305 rule, and the two round settlements, worked by hand.

The longer rounds were found by a seeded random search and are written out here as deals and
plays; every expected figure is worked by hand in the comments from the hands left at the end.
`scores=` puts the sides at a score from earlier rounds, so one round can show the target rule.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import (
    Award,
    Blocked,
    Domino,
    GameOver,
    Match,
    MatchOverError,
    Phase,
    Placed,
    Placement,
    RecordError,
    Result,
    parse_tile,
)

T = parse_tile
P = Placement.parse
NewRound = Callable[..., Match]
PlayText = Callable[[Match, str], list]

# 4 players, leader seat 2, who goes out with [3|5] on [0|5] (end total 10). Side 0 made 20 before.
PARTNER = {
    "leader": 2,
    "hands": ["3-3 2-4 0-5 5-5 4-4", "1-3 5-6 1-2 0-0 0-6", "2-3 0-3 3-4 3-5 1-4", "0-2 1-5 4-6 3-6 1-6"],
    "boneyard": "0-1 4-5 2-6 2-5 2-2 0-4 1-1 6-6",
    "plays": "2:2-3 3:3-6>2-3 0:2-4>2-3 1:0-6>3-6 2:1-4>2-4 3:0-2>0-6 0:0-1>1-4 1:0-0>0-1 2:0-3>0-0 "
    "3:2-6>0-2 0:3-3>0-3 1:1-3>3-3 2:3-4>3-3 3:1-6>2-6 0:0-5>0-0 1:1-2>1-3",
    "last": "2:3-5>0-5",
}

# 4 players, leader seat 2, who goes out with [4|4] on [1|4] (end total 19: no points); side 0 made 10.
NEGATIVE = {
    "leader": 2,
    "hands": ["3-3 0-1 2-4 3-4 0-6", "5-6 4-6 1-4 3-6 4-5", "5-5 2-6 1-3 1-5 4-4", "0-2 0-5 0-4 1-6 1-2"],
    "boneyard": "0-0 0-3 2-3 1-1 2-5 2-2 6-6 3-5",
    "plays": "2:1-3 3:1-6>1-3 0:0-6>1-6 1:3-6>1-3 2:2-6>3-6 3:0-2>0-6 0:2-4>0-2 1:4-5>2-4 2:5-5>4-5 "
    "3:1-2>2-6 0:0-1>1-2 1:5-6>5-5 2:1-5>5-5 3:0-5>0-1 0:1-1>1-5 1:1-4>1-1",
    "last": "2:4-4>1-4",
}

# 4 players, leader seat 2; blocked after seat 0's [4|4]. Sides made (15, 10) before the block.
# Left: seat 0 [5|5] = 10; seat 1 [6|6][3|6][0|0] = 21; seat 2 nine tiles = 55; seat 3 [2|2][3|3] = 10.
TIE_ACROSS_TEAMS = {
    "leader": 2,
    "hands": ["1-6 3-4 5-5 1-2 4-4", "4-6 6-6 1-3 3-6 0-0", "0-4 3-5 0-6 0-3 0-2", "2-2 3-3 1-5 1-1 0-1"],
    "boneyard": "1-4 4-5 2-4 2-3 2-6 5-6 0-5 2-5",
    "plays": "2:0-4 3:0-1>0-4 0:3-4>0-4 1:1-3>3-4 2:1-4>0-1 3:1-1>1-3 0:1-6>1-1 1:4-6>1-6 2:4-5>1-4 "
    "3:1-5>4-5 0:1-2>1-1 1:2-4>1-2 0:4-4>4-6",
}

# 4 players, leader seat 2; blocked after seat 0's [5|5]. Sides made (15, 35) before the block.
# Left: seat 0 [2|2][1|2][2|4] = 13; seat 1 [4|6] = 10; seat 2 [1|6][6|6] = 19; seat 3 [1|1][4|4] = 10.
TIE_WITHIN_TEAM = {
    "leader": 2,
    "hands": ["0-4 4-5 5-5 0-2 5-6", "2-5 1-5 0-3 4-6 0-0", "1-6 3-6 6-6 0-1 3-3", "1-1 3-4 3-5 1-3 4-4"],
    "boneyard": "2-6 2-3 1-4 0-6 2-2 1-2 2-4 0-5",
    "plays": "2:3-3 3:3-4>3-3 0:0-4>3-4 1:0-3>0-4 2:3-6>3-3 3:1-3>3-3 0:5-6>3-6 1:1-5>1-3 2:2-3>3-3 "
    "3:3-5>5-6 0:0-2>2-3 1:2-5>1-5 2:2-6>2-5 3:0-6>2-6 0:0-5>0-2 1:0-0>0-6 2:0-1>0-0 3:1-4>0-1 "
    "0:4-5>1-4 0:5-5>4-5",
}

# 3 players, leader seat 1; blocked once seat 0 draws the last two tiles. Sides made (25, 5, 0).
# Left: seat 0 [0|0][2|2][0|1][0|3] = 8; seat 1 [1|1] = 2; seat 2 [5|5][1|2][2|3] = 18.
THREE_BLOCK = {
    "leader": 1,
    "hands": ["6-6 3-4 4-6 0-0 2-2", "5-6 1-1 1-4 4-5 4-4", "2-5 5-5 1-5 0-5 3-3"],
    "boneyard": "1-6 3-5 0-6 2-6 1-3 2-4 3-6 0-2 1-2 2-3 0-4 0-1 0-3",
    "plays": "1:1-4 2:1-5>1-4 0:3-4>1-4 1:5-6>1-5 2:3-3>3-4 0:4-6>5-6 1:4-4>4-6 2:3-5>3-3 0:1-3>3-3 "
    "1:4-5>3-5 2:1-6>1-3 0:0-6>1-6 1:2-4>4-4 2:0-5>0-6 0:2-6>2-4 1:3-6>3-3 2:2-5>0-5 0:6-6>2-6 "
    "1:0-2>2-5 2:0-4>0-2",
}


def _round(new_round: NewRound, deal: dict, scores: list[int] | None = None) -> Match:
    return new_round(len(deal["hands"]), deal["leader"], deal["hands"], deal["boneyard"], scores)


# -- placements and the exact-305 rule ------------------------------------------


def test_a_placement_that_would_pass_305_is_cancelled_whole_and_play_goes_on(new_round: NewRound) -> None:
    match = new_round(2, 0, ["5-5 1-4 2-2 3-3 6-6", "0-5 0-1 0-2 0-3 0-4"], scores=[300, 0])
    opening = {o.tile: o for o in match.options()}[T("5-5")]
    assert (opening.points, opening.result) == (10, Result.OVER)
    events = match.place(0, P("5-5"))
    assert events == [Placed(0, P("5-5"), 10, 10, Result.OVER, (300, 0))]
    assert match.scores == [300, 0]
    assert match.turn == 1 and match.phase is Phase.PLAYING


def test_exactly_305_mid_round_ends_the_match_at_once(new_round: NewRound, play_text: PlayText) -> None:
    match = new_round(2, 0, ["1-4 2-2 3-3 5-5 6-6", "0-0 0-2 0-3 2-3 5-6"], "0-5 2-5 1-6", scores=[0, 295])
    play_text(match, "0:1-4")
    events = match.place(1, P("1-6@1-4"))  # ends [4] + [6] = 10: 295 + 10 = 305
    assert events == [Placed(1, P("1-6@1-4"), 10, 10, Result.SCORED, (5, 305)), GameOver(1, (5, 305))]
    assert (match.phase, match.turn, match.winner) == (Phase.OVER, None, 1)
    assert match.snapshot().winner == 1
    assert len(match.hand(0)) == 4 and len(match.hand(1)) == 7  # mid-round: tiles still in hand
    with pytest.raises(MatchOverError):
        match.place(0, P("6-6@1-6"))
    assert match.events[-1] == GameOver(1, (5, 305))


# -- domino -------------------------------------------------------------------------


def test_domino_with_a_partner_deduction(new_round: NewRound, play_text: PlayText) -> None:
    match = _round(new_round, PARTNER)
    play_text(match, PARTNER["plays"])
    assert match.scores == [20, 0]
    events = play_text(match, PARTNER["last"])
    # P = 10. Opponents: seat 1 [5|6] = 11, seat 3 [1|5][4|6][4|5] = 6 + 10 + 9 = 25: 36 -> 35.
    # Partner seat 0: [5|5][4|4] = 18 -> 20, rounded on its own (36 - 18 = 18 would round to 20, not 15).
    # Net 10 + 35 - 20 = 25, one event: 20 -> 45.
    placed, domino = events
    assert placed == Placed(2, P("3-5@0-5"), 10, 10, Result.SETTLED, (20, 0))
    assert domino == Domino(
        seat=2,
        side=0,
        placement=10,
        opponents=35,
        partner=20,
        net=25,
        result=Result.SCORED,
        scores=(45, 0),
        opponents_pips=36,
        partner_pips=18,
        hands=((T("5-5"), T("4-4")), (T("5-6"),), (), (T("1-5"), T("4-6"), T("4-5"))),
    )
    assert match.scores == [45, 0]
    assert (match.phase, match.turn, match.next_leader) == (Phase.ROUND_OVER, None, 2)


def test_domino_whose_net_would_pass_305_is_cancelled_whole(new_round: NewRound, play_text: PlayText) -> None:
    match = _round(new_round, PARTNER, scores=[265, 0])
    play_text(match, PARTNER["plays"])
    assert match.scores == [285, 0]
    option = next(o for o in match.options() if o.on == T("0-5"))
    assert (option.tile, option.points, option.result) == (T("3-5"), 10, Result.SETTLED)
    # 285 + 10 alone would fit, but the net 25 would make 310: nothing of it applies
    domino = play_text(match, PARTNER["last"])[-1]
    assert (domino.net, domino.result, domino.scores) == (25, Result.OVER, (285, 0))
    assert match.scores == [285, 0]
    assert match.phase is Phase.ROUND_OVER and match.winner is None


def test_domino_reaching_exactly_305_wins(new_round: NewRound, play_text: PlayText) -> None:
    match = _round(new_round, PARTNER, scores=[260, 0])
    events = play_text(match, PARTNER["plays"] + " " + PARTNER["last"])
    assert events[-2:] == [events[-2], GameOver(0, (305, 0))]
    assert isinstance(events[-2], Domino) and events[-2].result is Result.SCORED
    assert (match.phase, match.winner, match.next_leader) == (Phase.OVER, 0, None)


def test_a_negative_net_is_applied_and_may_take_a_side_below_zero(new_round: NewRound, play_text: PlayText) -> None:
    match = _round(new_round, NEGATIVE, scores=[-10, 0])
    play_text(match, NEGATIVE["plays"])
    assert match.scores == [0, 15]
    domino = play_text(match, NEGATIVE["last"])[-1]
    # P = 0 (end total 19). Opponents: seat 1 [4|6] = 10, seat 3 [0|4] = 4: 14 -> 15.
    # Partner seat 0: [3|3][3|4][0|0][0|3][2|3] = 6 + 7 + 0 + 3 + 5 = 21 -> 20. Net 0 + 15 - 20 = -5.
    assert isinstance(domino, Domino)
    assert (domino.placement, domino.opponents, domino.partner, domino.net) == (0, 15, 20, -5)
    assert (domino.opponents_pips, domino.partner_pips) == (14, 21)
    assert (domino.result, domino.scores) == (Result.SCORED, (-5, 15))


def test_a_domino_netting_zero_scores_nothing(new_round: NewRound, play_text: PlayText) -> None:
    # Two players: seat 0 goes out on its fifth turn; seat 1 is left with [0|0] alone.
    match = new_round(2, 0, ["0-1 1-2 2-3 3-4 4-6", "0-0 1-1 2-2 3-3 4-4"], "5-5 5-6 6-6 0-2 0-3 0-4 0-5 0-6 1-3 1-4")
    events = play_text(match, "0:0-1 1:1-1>0-1 0:1-2>1-1 1:2-2>1-2 0:2-3>2-2 1:3-3>2-3 0:3-4>3-3 1:4-4>3-4")
    assert match.hand(1) == (T("0-0"),)
    # [4|6] fills the free line of [4|4], which turns interior: the ends are 0 ([0|1]) + 6 ([4|6]) = 6
    placed, domino = match.place(0, P("4-6@4-4"))
    assert (placed.total, placed.points, placed.result) == (6, 0, Result.SETTLED)
    assert (domino.placement, domino.opponents, domino.partner, domino.net) == (0, 0, 0, 0)
    assert domino.result is Result.NONE
    assert events and match.next_leader == 0


def test_the_finisher_must_lead_the_next_round(new_round: NewRound, play_text: PlayText) -> None:
    match = _round(new_round, PARTNER)
    play_text(match, PARTNER["plays"] + " " + PARTNER["last"])
    hands = [list(map(T, h.split())) for h in PARTNER["hands"]]
    pile = list(map(T, PARTNER["boneyard"].split()))
    with pytest.raises(RecordError, match="round 1: seat 2 went out and must lead, not seat 0"):
        match.start_round(0, hands, pile)
    match.start_round(2, hands, pile)
    assert (match.round, match.turn) == (1, 2)


# -- blocked rounds ------------------------------------------------------------------


def test_block_with_the_lowest_hand_tied_across_teams_is_a_draw(new_round: NewRound, play_text: PlayText) -> None:
    match = _round(new_round, TIE_ACROSS_TEAMS)
    blocked = play_text(match, TIE_ACROSS_TEAMS["plays"])[-1]
    # Totals (10, 21, 55, 10). Equal totals go clockwise from the leader (seat 2): seat 3, then seat 0.
    # seat 3: only seat 2 (55) is a higher opponent (seat 0 is equal, seat 1 a partner): 45 -> 45
    # seat 0: seat 1 (21) gives 11, seat 3 is equal: 11 -> 10
    # seat 1: seat 2 gives 34 (seat 0 is lower): 34 -> 35; seat 2 is highest: nothing
    assert blocked == Blocked(
        totals=(10, 21, 55, 10),
        awards=(
            Award(3, 1, 45, Result.SCORED, 45),
            Award(0, 0, 10, Result.SCORED, 11),
            Award(1, 1, 35, Result.SCORED, 34),
        ),
        winner=None,
        scores=(25, 90),
        order=(3, 0, 1, 2),
        hands=blocked.hands,
    )
    assert [sum(t.pips for t in h) for h in blocked.hands] == [10, 21, 55, 10]


def test_block_with_the_lowest_hand_tied_within_a_team_is_won_by_that_team(
    new_round: NewRound, play_text: PlayText
) -> None:
    match = _round(new_round, TIE_WITHIN_TEAM)
    blocked = play_text(match, TIE_WITHIN_TEAM["plays"])[-1]
    # Totals (13, 10, 19, 10): partners 1 and 3 share the lowest, so side 1 wins the round.
    # Clockwise from the leader (seat 2): seat 3 before seat 1. Each: (13 - 10) + (19 - 10) = 12 -> 10.
    # seat 0 (13) has no higher opponent; seat 2 is highest.
    assert isinstance(blocked, Blocked)
    assert blocked.totals == (13, 10, 19, 10)
    assert blocked.awards == (Award(3, 1, 10, Result.SCORED, 12), Award(1, 1, 10, Result.SCORED, 12))
    assert (blocked.winner, blocked.scores) == (1, (15, 55))


def test_three_player_block(new_round: NewRound, play_text: PlayText) -> None:
    match = _round(new_round, THREE_BLOCK)
    blocked = play_text(match, THREE_BLOCK["plays"])[-1]
    # seat 1 (2): (8 - 2) + (18 - 2) = 22 -> 20; seat 0 (8): 18 - 8 = 10; seat 2 (18): nothing
    assert isinstance(blocked, Blocked)
    assert blocked.totals == (8, 2, 18)
    assert blocked.awards == (Award(1, 1, 20, Result.SCORED, 22), Award(0, 0, 10, Result.SCORED, 10))
    assert (blocked.winner, blocked.scores) == (1, (35, 25, 0))
    assert match.next_leader is None


def test_a_cancelled_block_award_does_not_stop_an_independent_one(new_round: NewRound, play_text: PlayText) -> None:
    match = _round(new_round, THREE_BLOCK, scores=[0, 290, 0])
    blocked = play_text(match, THREE_BLOCK["plays"])[-1]
    # side 1 is at 295: its 20 would make 315 and is cancelled; seat 0's 10 still applies
    assert blocked.awards == (Award(1, 1, 20, Result.OVER, 22), Award(0, 0, 10, Result.SCORED, 10))
    assert blocked.scores == (35, 295, 0)
    assert match.phase is Phase.ROUND_OVER


def test_an_award_reaching_exactly_305_ends_the_match_and_skips_the_rest(
    new_round: NewRound, play_text: PlayText
) -> None:
    match = _round(new_round, THREE_BLOCK, scores=[0, 280, 0])
    events = play_text(match, THREE_BLOCK["plays"])
    blocked, over = events[-2:]
    assert blocked.awards == (Award(1, 1, 20, Result.SCORED, 22), Award(0, 0, 10, Result.SKIPPED, 10))
    assert blocked.scores == (25, 305, 0)
    assert over == GameOver(1, (25, 305, 0))
    assert (match.phase, match.winner) == (Phase.OVER, 1)


def test_the_order_of_tied_awards_decides_who_reaches_305_first(new_round: NewRound, play_text: PlayText) -> None:
    # side 1 at 260 before the block: seat 3's 45 (applied before seat 0's, clockwise from the leader)
    # makes exactly 305, so seat 0's 10 and seat 1's 35 are skipped
    match = _round(new_round, TIE_ACROSS_TEAMS, scores=[0, 250])
    events = play_text(match, TIE_ACROSS_TEAMS["plays"])
    blocked, over = events[-2:]
    assert [(a.seat, a.result) for a in blocked.awards] == [
        (3, Result.SCORED),
        (0, Result.SKIPPED),
        (1, Result.SKIPPED),
    ]
    assert blocked.scores == (15, 305) and over == GameOver(1, (15, 305))
