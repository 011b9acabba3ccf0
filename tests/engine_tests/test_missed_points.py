"""engine.review: the best a seat could have scored at each placement against what it scored, on
positions built by hand (a missed 15, a cancelled over-61 placement, a forced drawn tile, the
opening) and on a short record whose misses are worked out below by hand."""

from __future__ import annotations

import random

import pytest
from support.engine_text import deal, short_record

from engine import Match, Placement, RecordError, Result, parse_tile, review
from engine.review import judge


def started(*hands: str, boneyard: str = "", leader: int = 0) -> Match:
    match = Match(len(hands))
    dealt, rest = deal(*hands, boneyard=boneyard)
    match.start_round(leader, dealt, rest)  # type: ignore[arg-type]
    return match


def p(text: str) -> Placement:
    return Placement.parse(text)


def test_the_opening_judged_against_every_tile_of_the_hand() -> None:
    # openings: 5-5 counts 10, 4-6 counts 10, 2-3 counts 5, 0-1 counts 1, 1-2 counts 3
    match = started("5-5 4-6 2-3 0-1 1-2", "0-0 0-2 0-3 0-4 0-5")
    got = judge(match, 0, p("2-3"))
    assert (got.scored, got.best, got.missed, got.options) == (5, 10, 5, 5)
    assert set(got.better) == {p("5-5"), p("4-6")}
    assert (got.round, got.move, got.seat, got.made) == (0, 0, 0, p("2-3"))


def test_a_missed_15() -> None:
    match = started("3-6 0-1 2-4 1-2 0-2", "6-6 3-4 0-3 1-5 2-5")
    opening = judge(match, 0, p("3-6"))  # 9: no opening of this hand scores
    assert (opening.scored, opening.best, opening.missed, opening.better) == (0, 0, 0, ())
    # on [3|6]: 6-6 on the 6 counts 3 + 12 = 15; 3-4 on the 3 counts 4 + 6 = 10; 0-3 counts 0 + 6 = 6
    got = judge(match, 1, p("0-3@3-6"), step=1, move=1)
    assert (got.scored, got.best, got.missed, got.options) == (0, 15, 15, 3)
    assert got.better == (p("6-6@3-6"),)


def test_a_placement_over_61_is_worth_nothing() -> None:
    match = started("4-6 2-3 0-1 1-2 0-2", "0-0 0-3 0-4 0-5 0-6")
    match.scores[0] = 300  # 60 displayed: 10 more would pass 61, 5 more reaches it
    options = {o.placement: o for o in match.options(0)}
    assert options[p("4-6")].result is Result.OVER and options[p("2-3")].result is Result.SCORED
    got = judge(match, 0, p("4-6"))
    assert (got.scored, got.best, got.missed, got.better) == (0, 5, 5, (p("2-3"),))
    assert match.scores[0] == 300  # cancelled whole


def test_the_winning_placement_scores_and_over_61_does_not_count_as_best() -> None:
    match = started("4-6 2-3 0-1 1-2 0-2", "0-0 0-3 0-4 0-5 0-6")
    match.scores[0] = 300
    got = judge(match, 0, p("2-3"))
    assert (got.scored, got.best, got.missed) == (5, 5, 0)
    assert match.winner == 0


def test_a_forced_drawn_tile_with_one_target() -> None:
    # seat 1 holds no 6: it draws 0-4 (no fit), then 3-6, which it must place: 12 + 3 = 15
    match = started("6-6 0-5 1-4 2-4 4-5", "0-1 0-2 1-2 1-3 2-3", boneyard="0-4 3-6")
    judge(match, 0, p("6-6"))
    assert match.must_play == parse_tile("3-6")
    got = judge(match, 1, p("3-6@6-6"), step=1, move=1)
    assert (got.scored, got.best, got.missed, got.options, got.better) == (15, 15, 0, 1, ())


@pytest.mark.parametrize(("before", "worth"), [(0, 10), (300, 0)])
def test_a_domino_is_worth_its_points_unless_its_settlement_is_cancelled(before: int, worth: int) -> None:
    # seat 0 is left with one tile, 5-5: opening with it counts 10 and ends the round, and the
    # settlement 10 + seat 1's 20 pips = 30 applies at 0 but would pass 61 from 300
    match = started("5-5 0-1 0-2 0-3 0-4", "1-2 1-3 1-4 1-5 0-0")
    match.hands[0] = [parse_tile("5-5")]
    match.scores[0] = before
    got = judge(match, 0, p("5-5"))
    assert (got.scored, got.best, got.missed) == (worth, worth, 0)
    assert match.scores[0] == before + (30 if worth else 0)


def test_a_record_worked_by_hand() -> None:
    figures = review(short_record().to_json())  # the JSON data is read too
    assert [(j.step, j.round, j.move, j.seat) for j in figures.placements] == [
        (0, 0, 0, 0),
        (1, 0, 1, 1),
        (2, 0, 2, 0),
        (3, 0, 3, 1),
    ]
    assert [(j.scored, j.best, j.missed) for j in figures.placements] == [(5, 10, 5), (0, 0, 0), (0, 10, 10), (0, 0, 0)]
    assert figures.placements[2].better == (p("3-5@2-3"),)
    assert figures.placements[3].options == 2
    seat0 = figures.of_seat(0)
    assert (seat0.placements, seat0.scored, seat0.best, seat0.missed) == (2, 5, 20, 15)
    assert [j.step for j in seat0.costliest] == [2, 0]
    seat1 = figures.of_seat(1)
    assert (seat1.placements, seat1.missed, seat1.costliest) == (2, 0, ())


def test_a_bad_record_is_refused_where_it_goes_wrong() -> None:
    data = short_record().to_json()
    data["rounds"][0]["plays"][1] = {"seat": 1, "tile": "1-5", "on": "2-3"}
    with pytest.raises(RecordError, match="round 0, play 1"):
        review(data)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_matches_agree_with_the_scores(players: int) -> None:
    """Over whole random matches: a placement's worth is what it added to its side's score (a domino
    aside, whose points join the settlement), and nothing scored beats the best."""
    rng = random.Random(players)
    match = Match.new(players, f"review-{players}")
    gains: list[int | None] = []
    while match.phase.value != "over":
        if match.phase.value == "round_over":
            match.next_round()
            continue
        seat = match.turn
        assert seat is not None
        side = match.side_of(seat)
        before = match.scores[side]
        events = match.place(seat, rng.choice(match.options(seat)).placement)
        settled = any(getattr(e, "result", None) is Result.SETTLED for e in events)
        gains.append(None if settled else match.scores[side] - before)
    figures = review(match.record)
    assert len(figures.placements) == len(gains) == match.record.placements
    for judged, gain in zip(figures.placements, gains, strict=True):
        assert 0 <= judged.scored <= judged.best and judged.options >= 1
        assert gain is None or judged.scored == gain
    assert sum(j.missed for j in figures.placements) > 0  # a random player misses points
