"""Properties that hold in every match: 2,000+ seeded random matches of 2, 3 and 4 players, and hypothesis.

Each match is played to its end by random legal placements, checking after every placement that the
28 tiles are all somewhere exactly once, that scores stay multiples of 5 and never pass 305, and
that forced draws and passes follow the rules; then that its record replays to the same events and
state, and that a match restored from a cut of its record continues exactly as the original did.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    TARGET_RAW,
    BadTargetError,
    Blocked,
    Domino,
    Drew,
    Event,
    GameOver,
    Match,
    Passed,
    Phase,
    Placed,
    Placement,
    Play,
    Record,
    RoundRecord,
    RoundStarted,
)
from engine.selfplay import at_random, first_option, placed, play_to_end

MATCHES = {2: 350, 3: 330, 4: 320}  # 1,000 matches in all; bench/bench_sweeps.py runs 2,000
MAX_PLACEMENTS = 5_000  # far above any real match; a match that long means a loop


@dataclass
class Played:
    match: Match
    plays: list[Play]  # every placement, in order, across rounds
    marks: list[int]  # len(match.events) after each placement


def _seed(players: int, n: int) -> str:
    return f"properties/{players}/{n}"


def _scores_ok(scores: tuple[int, ...] | list[int]) -> bool:
    return all(s % 5 == 0 and s <= TARGET_RAW for s in scores)


def _check_tiles_conserved(match: Match) -> None:
    everywhere = [t for hand in match.hands for t in hand]
    everywhere += match.boneyard[match.drawn :]
    everywhere += match.layout.nodes
    assert len(everywhere) == 28 and len(set(everywhere)) == 28


def _check_forced_part(match: Match, events: list[Event], pile_before: int) -> None:
    """Draws only of unplayable tiles until a playable one; passes only once the boneyard is empty."""
    layout = match.layout
    drawn = 0
    for e in events[1:]:
        if isinstance(e, Drew):
            drawn += 1
            if e.tile == match.must_play:
                assert layout.accepts(e.tile)
            else:
                assert not layout.accepts(e.tile), f"{e.tile} was playable and drawn past"
        elif isinstance(e, Passed):
            assert drawn == pile_before, "a pass while tiles were left to draw"
            assert not any(layout.accepts(t) for t in match.hands[e.seat])


def play_match(players: int, n: int) -> Played:
    match = Match.new(players, _seed(players, n))
    rng = random.Random(n)
    plays: list[Play] = []
    marks: list[int] = []
    while match.phase is Phase.PLAYING:
        assert len(plays) < MAX_PLACEMENTS
        seat = match.turn
        assert seat is not None
        options = match.options()
        assert options, "the seat to move always holds a legal placement"
        option = options[rng.randrange(len(options))]
        pile_before = match.boneyard_left
        events = match.place(seat, option.placement)
        if match.phase is Phase.ROUND_OVER:
            events += match.next_round()
        placed = events[0]
        assert isinstance(placed, Placed)
        assert (placed.seat, placed.tile, placed.on, placed.total, placed.points, placed.result) == (
            seat,
            option.tile,
            option.on,
            option.total,
            option.points,
            option.result,
        )
        assert placed.points % 5 == 0
        for e in events:
            if hasattr(e, "scores"):
                assert _scores_ok(e.scores), e
        if not any(isinstance(e, (Domino, Blocked, GameOver)) for e in events):
            _check_forced_part(match, events, pile_before)
        _check_tiles_conserved(match)
        assert _scores_ok(match.scores)
        plays.append(Play(seat, option.placement))
        marks.append(len(match.events))
    return Played(match, plays, marks)


def _check_end(match: Match) -> None:
    assert match.winner is not None
    assert match.scores[match.winner] == TARGET_RAW
    assert all(s < TARGET_RAW for side, s in enumerate(match.scores) if side != match.winner)
    assert match.events[-1] == GameOver(match.winner, tuple(match.scores))
    assert sum(isinstance(e, GameOver) for e in match.events) == 1
    assert match.turn is None and match.options() == []


def _public(events: list[Event]) -> list[object]:
    """Events as a replay rebuilds them: a record keeps no lot, so a round start compares by its JSON."""
    return [e.to_json() if isinstance(e, RoundStarted) else e for e in events]


def _check_replay(played: Played) -> None:
    match = played.match
    again = Match.replay(match.record)
    assert _public(again.events) == _public(match.events)
    assert again.snapshot() == match.snapshot()
    assert again.record == match.record


def cut_record(record: Record, placements: int) -> Record:
    """The record as saved after `placements` placements (a round not yet begun is left out)."""
    out = Record(record.players)
    left = placements
    for r in record.rounds:
        if left == 0 and out.rounds:
            break
        out.rounds.append(RoundRecord(r.leader, r.hands, r.boneyard, r.plays[:left]))
        left -= len(out.rounds[-1].plays)
    return out


def _check_restore(played: Played, players: int, n: int, cut: int) -> None:
    match = played.match
    restored = Match.restore(cut_record(match.record, cut), _seed(players, n))
    mark = played.marks[cut - 1]
    assert _public(restored.events) == _public(match.events[:mark])
    if isinstance(restored.events[-1], RoundStarted):
        assert restored.events[-1] == match.events[mark - 1]  # dealt again from the seed, lot and all
    for play in played.plays[cut:]:
        restored.place(play.seat, play.placement)
        if restored.phase is Phase.ROUND_OVER:
            restored.next_round()
    assert restored.events[mark:] == match.events[mark:]
    assert restored.snapshot() == match.snapshot()
    assert restored.record == match.record


@pytest.mark.parametrize("players", sorted(MATCHES))
def test_random_matches_keep_every_invariant_replay_and_restore(players: int) -> None:
    rng = random.Random(players)
    rounds = placements = 0
    for n in range(MATCHES[players]):
        played = play_match(players, n)
        # restore at a random cut, and now and then exactly at the end of a round
        cut = rng.randrange(1, len(played.plays) + 1)
        if n % 5 == 0:
            ends = [i + 1 for i, m in enumerate(played.marks) if isinstance(played.match.events[m - 1], RoundStarted)]
            cut = ends[n % len(ends)] if ends else cut
        try:
            _check_end(played.match)
            _check_replay(played)
            _check_restore(played, players, n, cut)
        except AssertionError as e:
            e.add_note(f"match {n} (play_match({players}, {n})), restored at placement {cut}")
            raise
        rounds += played.match.round + 1
        placements += len(played.plays)
    assert rounds > MATCHES[players]  # matches take several rounds: the multi-round paths ran


@settings(max_examples=120, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10_000), st.integers(0, 60))
def test_options_are_exactly_the_placements_the_match_accepts(players: int, n: int, steps: int) -> None:
    match = play_to_end(Match.new(players, f"options/{n}"), at_random(random.Random(n)), until=placed(steps))
    if match.phase is not Phase.PLAYING:
        return
    seat = match.turn
    listed = {(o.tile, o.on) for o in match.options()}
    targets = [None, *match.layout.nodes]
    accepted = set()
    for tile in match.hand(seat):
        for on in targets:
            trial = match.clone()
            try:
                trial.place(seat, Placement(tile, on))
            except (BadTargetError, ValueError):
                continue
            accepted.add((tile, on))
    assert accepted, "the seat to move always holds a legal placement"
    assert accepted == listed
    for other in range(players):
        if other != seat:
            assert match.options(other) == []


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10_000), st.integers(1, 40))
def test_a_clone_plays_on_without_touching_the_original(players: int, n: int, steps: int) -> None:
    match = play_to_end(Match.new(players, f"clone/{n}"), at_random(random.Random(n)), until=placed(steps))
    if match.phase is not Phase.PLAYING:
        return
    before = (match.snapshot(), [match.hand(s) for s in range(players)], len(match.events), match.record.dumps())
    trial = match.clone()
    assert trial.snapshot() == before[0]
    play_to_end(trial, first_option, until=lambda m: m.phase is not Phase.PLAYING)
    assert trial.phase is not Phase.PLAYING  # a clone never deals: it stops at the end of the round
    after = (match.snapshot(), [match.hand(s) for s in range(players)], len(match.events), match.record.dumps())
    assert after == before
