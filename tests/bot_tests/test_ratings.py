"""The rating of a finished match (bot/host/ratings/rating_math.py), checked against openskill's own numbers.

The expected figures are computed here with openskill's Plackett-Luce at its own defaults (μ 25,
σ 25/3), straight from its API; the bot's model is the same one with every parameter times
SCALE, so its figures must be exactly SCALE times those."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from openskill.models import PlackettLuce, PlackettLuceRating

from bot.host.ratings import rating_math
from bot.host.ratings.rating_math import Standing, computer_key, is_rated, person_key, placings, rate
from bot.model.rating_change import NEW, PROVISIONAL_MATCHES, SCALE, START, Rating, provisional
from bot.storage import SeatRow
from engine import Match, Record

RECORDS = Path(__file__).parents[1] / "data" / "records"


def finished(name: str) -> Match:
    match = Match.replay(Record.loads((RECORDS / f"{name}.record.json").read_text(encoding="utf-8")))
    assert match.winner is not None
    return match


def people(n: int) -> list[SeatRow]:
    return [SeatRow(100 + i, f"p{i}") for i in range(n)]


def scaled(r: Rating) -> tuple[float, float]:
    return r.mu / SCALE, r.sigma / SCALE


def test_two_players_as_openskill_rates_them() -> None:
    match = finished("match-2p-exact-1")  # scores 305 and 300: seat 0 won
    changes = rate(match, people(2), {})
    plain = PlackettLuce()
    [[a], [b]] = plain.rate([[plain.rating()], [plain.rating()]], ranks=[0, 1])
    assert [c.seat for c in changes] == [0, 1] and [c.won for c in changes] == [True, False]
    assert scaled(changes[0].after) == pytest.approx((a.mu, a.sigma), rel=1e-12)
    assert scaled(changes[1].after) == pytest.approx((b.mu, b.sigma), rel=1e-12)
    assert changes[0].before == changes[1].before == NEW and NEW.shown == START == 1000
    assert changes[0].delta == round(SCALE * (a.mu - 3 * a.sigma)) > 0 > changes[1].delta
    assert [c.after.shown for c in changes] == [1138, 927] and [c.delta for c in changes] == [138, -73]
    assert [c.matches for c in changes] == [1, 1] and all(c.provisional for c in changes)


def test_three_players_ranked_by_final_score_from_their_ratings() -> None:
    match = finished("match-3p-exact-9")
    assert match.winner == 0 and match.scores[1] > match.scores[2]  # 305, 295, 170
    before = {person_key(100): Rating(1200.0, 200.0), person_key(102): Rating(900.0, 250.0)}  # p1 is new
    changes = rate(match, people(3), before)
    plain = PlackettLuce()
    teams = [[plain.rating(mu=r.mu / SCALE, sigma=r.sigma / SCALE)] for r in (before[person_key(100)], NEW)]
    teams.append([plain.rating(mu=900.0 / SCALE, sigma=250.0 / SCALE)])
    expected = plain.rate(teams, ranks=[0, 1, 2])
    for change, [r] in zip(changes, expected, strict=True):
        assert scaled(change.after) == pytest.approx((r.mu, r.sigma), rel=1e-12)
    assert [c.before for c in changes] == [before[person_key(100)], NEW, before[person_key(102)]]
    assert [p.rank for p in placings(match, people(3))] == [0, 1, 2]


def test_equal_losing_scores_tie() -> None:
    match = finished("match-3p-exact-9")
    match.scores = [305, 170, 170]  # the two losers level: one rank for both
    assert [p.rank for p in placings(match, people(3))] == [0, 1, 1]
    changes = rate(match, people(3), {})
    plain = PlackettLuce()
    expected = plain.rate([[plain.rating()] for _ in range(3)], ranks=[0, 1, 1])
    for change, [r] in zip(changes, expected, strict=True):
        assert scaled(change.after) == pytest.approx((r.mu, r.sigma), rel=1e-12)
    assert changes[1].after == changes[2].after


def test_four_players_rate_as_two_teams() -> None:
    match = finished("match-4p-blocky-6")  # side 1 (seats 1 and 3) won
    assert match.winner == 1
    before = {person_key(101): Rating(1100.0, 300.0), person_key(102): Rating(800.0, 150.0)}
    changes = rate(match, people(4), before)
    plain = PlackettLuce()

    def r(key: str) -> PlackettLuceRating:
        got = before.get(key, NEW)
        return plain.rating(mu=got.mu / SCALE, sigma=got.sigma / SCALE)

    [[s0, s2], [s1, s3]] = plain.rate(
        [[r(person_key(100)), r(person_key(102))], [r(person_key(101)), r(person_key(103))]], ranks=[1, 0]
    )
    for seat, want in ((0, s0), (1, s1), (2, s2), (3, s3)):
        assert scaled(changes[seat].after) == pytest.approx((want.mu, want.sigma), rel=1e-12)
    assert [c.won for c in changes] == [False, True, False, True]
    assert changes[0].after.mu < changes[0].before.mu and changes[1].after.mu > changes[1].before.mu


def test_computers_are_rated_as_their_level() -> None:
    match = finished("match-3p-exact-9")  # seat 0 won, 1 second, 2 third
    seats = [SeatRow(None, "Bot 1", "hard"), SeatRow(7, "ana"), SeatRow(None, "Bot 2", "hard")]
    hard = Rating(1500.0, 120.0)
    changes = rate(match, seats, {computer_key("hard"): hard})
    assert [c.key for c in changes] == [computer_key("hard"), person_key(7), computer_key("hard")]
    plain = PlackettLuce()
    h = plain.rating(mu=hard.mu / SCALE, sigma=hard.sigma / SCALE)
    h2 = plain.rating(mu=hard.mu / SCALE, sigma=hard.sigma / SCALE)
    [[first], [second], [third]] = plain.rate([[h], [plain.rating()], [h2]], ranks=[0, 1, 2])
    # one player at two seats: the level's new rating is the average of its two seats' results
    average = ((first.mu + third.mu) / 2, (first.sigma + third.sigma) / 2)
    assert scaled(changes[0].after) == pytest.approx(average, rel=1e-12) and changes[0].after == changes[2].after
    assert scaled(changes[1].after) == pytest.approx((second.mu, second.sigma), rel=1e-12)

    standings: dict[str, Standing] = {}
    rating_math.apply(standings, changes)
    assert standings[computer_key("hard")].matches == 1  # one match, though two seats
    assert standings[person_key(7)].wins == 0 and standings[person_key(7)].matches == 1


def test_beating_a_stronger_level_gains_more() -> None:
    match = finished("match-2p-exact-1")  # seat 0 won
    ana = SeatRow(1, "ana")
    easy = rate(match, [ana, SeatRow(None, "Bot", "easy")], {computer_key("easy"): Rating(700.0, 150.0)})
    hard = rate(match, [ana, SeatRow(None, "Bot", "hard")], {computer_key("hard"): Rating(1400.0, 150.0)})
    assert hard[0].after.mu - hard[0].before.mu > easy[0].after.mu - easy[0].before.mu > 0


def test_what_is_rated() -> None:
    match = finished("match-2p-exact-1")
    seats = [SeatRow(1, "ana"), SeatRow(None, "Bot", "normal")]
    assert is_rated(5, match, seats)
    assert is_rated(5, match, seats, away={1})  # the computer's own seat is no person's
    assert not is_rated(5, match, seats, away={0})  # the only person was played by a computer at the end
    assert is_rated(5, match, people(2), away={0})  # one person still at the table
    assert not is_rated(5, match, people(2), away={0, 1})
    assert not is_rated(None, match, seats)  # no server, no server ratings
    unfinished = Match.replay(Record.loads((RECORDS / "in-progress-3p.record.json").read_text(encoding="utf-8")))
    assert not is_rated(5, unfinished, people(3))
    computers_only = [SeatRow(None, "Bot 1", "easy"), SeatRow(None, "Bot 2", "hard")]
    assert not is_rated(5, match, computers_only)


def test_a_rebuild_rates_in_order_from_each_match_before() -> None:
    first, second = finished("match-2p-exact-1"), finished("match-2p-random-8")  # seat 0 won, then seat 1
    seats = people(2)
    one = rate(first, seats, {})
    two = rate(second, seats, {c.key: c.after for c in one})
    rebuilt = rating_math.rebuild([(first, seats), (second, seats)])
    for c in two:
        assert rebuilt[c.key] == Standing(c.after, 2, int(one[c.seat].won) + int(c.won), c.delta)
    swapped = rating_math.rebuild([(second, seats), (first, seats)])
    assert swapped != rebuilt  # the order matters: a rebuild must follow the order matches ended


def test_shown_rating_is_mu_minus_three_sigma_rounded_counted_from_start() -> None:
    assert Rating(1000.0, 1000.0 / 3).shown == START
    assert Rating(1234.4, 100.0).shown == START + 934 and Rating(1234.6, 100.0).shown == START + 935
    assert Rating(500.0, 300.0).shown == START - 400
    # the change shown is the change of round(μ − 3σ), as stored (`last_delta`) before ratings were counted from START
    for before, after in ((Rating(1000.5, 0.0), Rating(1001.5, 0.0)), (Rating(1200.0, 150.2), NEW)):
        assert after.shown - before.shown == round(after.mu - 3 * after.sigma) - round(before.mu - 3 * before.sigma)
    with pytest.raises(ValueError, match="seats"):
        rate(finished("match-2p-exact-1"), people(3), {})
    assert dataclasses.replace(NEW, mu=1030.0).shown == START + 30


def test_provisional_until_enough_rated_matches_counted_per_player() -> None:
    assert [provisional(n) for n in range(PROVISIONAL_MATCHES + 2)] == [True] * PROVISIONAL_MATCHES + [False] * 2
    match = finished("match-3p-exact-9")
    played = {person_key(100): PROVISIONAL_MATCHES - 1, person_key(101): 9}  # p2 is new
    changes = rate(match, people(3), {}, played=played)
    assert [c.matches for c in changes] == [PROVISIONAL_MATCHES, 10, 1]
    assert [c.provisional for c in changes] == [False, False, True]
    rebuilt = rating_math.rebuild([(match, people(3))] * PROVISIONAL_MATCHES)
    assert {s.matches for s in rebuilt.values()} == {PROVISIONAL_MATCHES}
