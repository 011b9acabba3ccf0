"""Reading the other seats' placements: only public plays count as evidence, and a deal in which a
seat passed up points it could have scored weighs less than one in which it could not score."""

from __future__ import annotations

import random

from support.hidden_worlds import rehidden

from engine import Drew, Match, Phase, Placed, parse_tile
from engine.layout import Layout
from engine.placement import Placement
from engine.players import observe
from engine.players.inference import Evidence, deal_weight, evidence, likelihood
from engine.players.sampling import sample_deal


def played(players: int, seed: str, moves: int) -> Match:
    """A match after `moves` placements chosen at random (with its history)."""
    m = Match.new(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = m.turn
        assert seat is not None and m.phase is Phase.PLAYING
        m.place(seat, rng.choice(m.options(seat)).placement)
    return m


def test_evidence_is_the_other_seats_choices_since_their_last_draw() -> None:
    found = 0
    for i in range(40):
        m = played(2, f"evidence/{i}", 6)
        if m.phase is not Phase.PLAYING:
            continue
        seat = m.turn
        assert seat is not None
        obs = observe(m, seat)
        items = evidence(obs)
        other = 1 - seat
        for item in items:
            assert item.seat == other
            k = next(j for j, p in enumerate(obs.plays) if p.placement == item.placement)
            assert k > obs.last_draws[other]  # neither a tile just drawn nor a hand changed by a draw since
            assert len(item.layout) == k  # the table as it was before the placement
            later = [p.tile for p in obs.plays[k + 1 :] if p.seat == other]
            assert list(item.later) == later
        mine = [p for j, p in enumerate(obs.plays) if p.seat == other and j > obs.last_draws[other]]
        assert len(items) == len(mine)
        found += len(items)
    assert found > 20


def test_passing_up_points_makes_a_deal_less_likely() -> None:
    """On [3|5] (8 open), placing [0|3] scores 5 (5 open); holding [5|5] too, it could have scored 10+...
    so a hand holding [2|5] (the 2 and the 3 open: 5) or [5|5] makes the placement of a 0-point tile
    less likely than a hand whose only other tile fits nowhere."""
    layout = Layout()
    layout.place(parse_tile("3-5"), None, 0)
    lazy = Evidence(1, Placement(parse_tile("0-3"), parse_tile("3-5")), (), layout, 305)
    assert layout.total_after(parse_tile("0-3"), parse_tile("3-5")) == 5
    assert layout.total_after(parse_tile("5-5"), parse_tile("3-5")) == 13
    assert layout.total_after(parse_tile("2-5"), parse_tile("3-5")) == 5
    assert layout.total_after(parse_tile("3-4"), parse_tile("3-5")) == 9
    rich = likelihood(lazy, [parse_tile("1-2"), parse_tile("4-6")])  # nothing else fits: no choice
    assert rich == 1.0
    equal = likelihood(lazy, [parse_tile("2-5")])  # both score 5
    assert equal == 0.5
    worse = likelihood(lazy, [parse_tile("3-4")])  # the other scores nothing: the choice was right
    assert worse > 0.5
    scoring = Evidence(1, Placement(parse_tile("3-4"), parse_tile("3-5")), (), layout, 305)
    assert likelihood(scoring, [parse_tile("0-3")]) < 0.5  # it placed 0 points while 5 were there
    assert likelihood(scoring, [parse_tile("0-3")]) < likelihood(scoring, [parse_tile("1-6")])


def test_a_deal_weight_is_the_product_and_never_zero() -> None:
    layout = Layout()
    layout.place(parse_tile("3-5"), None, 0)
    item = Evidence(1, Placement(parse_tile("3-4"), parse_tile("3-5")), (), layout, 305)
    hands = [[], [parse_tile("0-3")]]
    assert deal_weight([item, item], hands) == likelihood(item, hands[1]) ** 2
    assert deal_weight([item] * 200, hands) > 0


def test_weights_need_only_the_public_plays() -> None:
    """The evidence of two matches equal in everything a seat may know is the same."""
    for i in range(20):
        m = played(2, f"public/{i}", 7)
        if m.phase is not Phase.PLAYING:
            continue
        seat = m.turn
        assert seat is not None
        other = rehidden(m, seat, random.Random(i))
        a, b = evidence(observe(m, seat)), evidence(observe(other, seat))
        public = [[(e.seat, e.placement, e.later, e.need, e.layout.view()) for e in items] for items in (a, b)]
        assert public[0] == public[1]
        hands, _ = sample_deal(observe(m, seat), random.Random(i))
        assert deal_weight(a, hands) == deal_weight(b, hands)


def test_last_draws_follow_the_public_draws() -> None:
    """`last_draws` counts the placements made before each seat's last draw of the round, as the event
    stream shows them (a draw is public, the tile drawn is not read)."""
    drew_some = 0
    for i in range(30):
        m = played(2, f"draws/{i}", 8)
        if m.phase is not Phase.PLAYING:
            continue
        seat = m.turn
        assert seat is not None
        expected = [-1] * m.players
        placed = 0
        for event in m.events:
            if isinstance(event, Drew):
                expected[event.seat] = placed
            elif isinstance(event, Placed):
                placed += 1
        assert observe(m, seat).last_draws == tuple(expected)
        drew_some += any(x >= 0 for x in expected)
    assert drew_some >= 5
