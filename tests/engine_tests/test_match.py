"""Turn flow, the neutral lot, and misuse of a match (each refused with a typed, showable error)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable

import pytest

from engine import (
    ALL_TILES,
    BadTargetError,
    Blocked,
    Domino,
    Drew,
    Event,
    IllegalMoveError,
    Match,
    MatchOverError,
    MustPlayDrawnTileError,
    NotYourTurnError,
    Option,
    Passed,
    Phase,
    Placed,
    Placement,
    RecordError,
    Result,
    RoundOverError,
    RoundStarted,
    RulesError,
    TileNotInHandError,
    draw_lot,
    parse_tile,
    side_of,
)
from engine.match import shuffled_tiles
from engine.selfplay import at_random, play_to_end

T = parse_tile
P = Placement.parse

# Two players: seat 0 opens [1|4]; seat 1 holds nothing with a 1 or a 4, so it must draw.
TWO_HANDS = ["1-4 2-2 3-3 5-5 6-6", "0-0 0-2 0-3 2-3 5-6"]
TWO_PILE = "0-5 2-5 1-6"  # two tiles it cannot place, then one it can

# Four players: seat 0 opens [0|0]; seat 1 holds no 0 and no 0 is left to draw, so it passes.
FOUR_HANDS = ["0-0 0-2 0-3 1-1 2-2", "1-2 1-3 1-4 1-5 1-6", "0-1 0-4 2-3 2-4 2-5", "0-5 0-6 2-6 3-3 3-4"]
FOUR_PILE = "3-5 3-6 4-4 4-5 4-6 5-5 5-6 6-6"

# A 4-player round (found by a seeded random search) that ends blocked; leader seat 2.
BLOCKED_4P = {
    "hands": ["1-6 3-4 5-5 1-2 4-4", "4-6 6-6 1-3 3-6 0-0", "0-4 3-5 0-6 0-3 0-2", "2-2 3-3 1-5 1-1 0-1"],
    "boneyard": "1-4 4-5 2-4 2-3 2-6 5-6 0-5 2-5",
    "plays": "2:0-4 3:0-1>0-4 0:3-4>0-4 1:1-3>3-4 2:1-4>0-1 3:1-1>1-3 0:1-6>1-1 1:4-6>1-6 2:4-5>1-4 "
    "3:1-5>4-5 0:1-2>1-1 1:2-4>1-2",
    "last": "0:4-4>4-6",
}


@pytest.fixture
def two(new_round: Callable[..., Match]) -> Match:
    return new_round(2, 0, TWO_HANDS, TWO_PILE)


def test_the_leader_may_open_with_any_tile_and_each_option_says_what_it_scores(two: Match) -> None:
    assert two.turn == 0
    assert two.phase is Phase.PLAYING
    assert two.options() == [
        Option(P("1-4"), 5, 5, Result.SCORED),
        Option(P("2-2"), 4, 0, Result.NONE),
        Option(P("3-3"), 6, 0, Result.NONE),
        Option(P("5-5"), 10, 10, Result.SCORED),
        Option(P("6-6"), 12, 0, Result.NONE),
    ]
    assert two.options(1) == []  # not seat 1's turn


def test_a_seat_that_cannot_place_draws_one_tile_at_a_time_until_it_can(two: Match) -> None:
    events = two.place(0, P("1-4"))
    assert events == [
        Placed(0, P("1-4"), 5, 5, Result.SCORED, (5, 0)),
        Drew(1, T("0-5")),
        Drew(1, T("2-5")),
        Drew(1, T("1-6")),
    ]
    assert two.turn == 1
    assert two.boneyard_left == 18 - 3
    assert two.hand(1)[-3:] == (T("0-5"), T("2-5"), T("1-6"))
    view = two.seat_view(1)
    assert view.must_play == T("1-6")
    assert view.options == (Option(P("1-6@1-4"), 10, 10, Result.SCORED),)


def test_the_drawn_playable_tile_must_be_the_one_placed(two: Match) -> None:
    two.place(0, P("1-4"))
    for other in ("0-0", "0-5", "2-5"):
        with pytest.raises(MustPlayDrawnTileError, match="seat 1 must place the tile it drew, 1-6") as caught:
            two.place(1, Placement(T(other), T("1-4")))
        assert caught.value.code == "must_play_drawn"
    assert two.place(1, P("1-6@1-4"))[0] == Placed(1, P("1-6@1-4"), 10, 10, Result.SCORED, (5, 10))
    assert two.seat_view(1).must_play is None


def test_a_seat_that_can_place_must_place_and_draws_nothing(two: Match) -> None:
    two.place(0, P("1-4"))
    events = two.place(1, P("1-6@1-4"))
    assert [type(e) for e in events] == [Placed]  # seat 0 holds [6|6]: no draw for it
    assert two.turn == 0
    assert two.boneyard_left == 15
    assert two.options() == [Option(P("6-6@1-6"), 16, 0, Result.NONE)]


def test_a_seat_passes_only_once_the_boneyard_is_empty(new_round: Callable[..., Match]) -> None:
    match = new_round(4, 0, FOUR_HANDS, FOUR_PILE)
    events = match.place(0, P("0-0"))
    assert events[1:] == [*(Drew(1, t) for t in map(T, FOUR_PILE.split())), Passed(1)]
    assert match.boneyard_left == 0
    assert match.turn == 2
    assert {o.tile for o in match.options()} == {T("0-1"), T("0-4")}


def test_the_round_is_blocked_as_soon_as_nobody_can_place(
    new_round: Callable[..., Match], play_text: Callable[[Match, str], list]
) -> None:
    match = new_round(4, 2, BLOCKED_4P["hands"], BLOCKED_4P["boneyard"])
    events = play_text(match, BLOCKED_4P["plays"])
    # seat 2 draws the last five tiles and passes; seat 3 passes at once; seat 0 can still place
    assert [e for e in events if isinstance(e, Passed)] == [Passed(2), Passed(3)]
    assert events[-7:] == [*(Drew(2, t) for t in map(T, ["2-3", "2-6", "5-6", "0-5", "2-5"])), Passed(2), Passed(3)]
    assert match.turn == 0
    last = play_text(match, BLOCKED_4P["last"])
    assert [type(e) for e in last] == [Placed, Blocked]  # no passes: nobody can place
    assert match.turn is None
    assert match.phase is Phase.ROUND_OVER
    assert match.options(0) == []


def test_after_a_block_any_seat_may_lead_the_next_round(
    new_round: Callable[..., Match], play_text: Callable[[Match, str], list]
) -> None:
    match = new_round(4, 2, BLOCKED_4P["hands"], BLOCKED_4P["boneyard"])
    play_text(match, BLOCKED_4P["plays"] + " " + BLOCKED_4P["last"])
    assert match.next_leader is None
    hands = [list(map(T, h.split())) for h in FOUR_HANDS]
    events = match.start_round(1, hands, list(map(T, FOUR_PILE.split())))
    assert events == [RoundStarted(1, 1)]
    assert match.turn == 1


def _random_match(players: int, seed: int) -> Match:
    return play_to_end(Match.new(players, f"test-match/{seed}"), at_random(random.Random(seed)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_finisher_leads_after_a_domino_and_a_new_lot_follows_a_block(players: int) -> None:
    dominoes = blocks = 0
    for seed in range(40):
        if dominoes and blocks:
            break
        events = _random_match(players, seed).events
        starts = [i for i, e in enumerate(events) if isinstance(e, RoundStarted)]
        first = events[0]
        assert isinstance(first, RoundStarted) and first.lot
        for i in starts[1:]:
            start = events[i]
            ended = next(e for e in reversed(events[:i]) if isinstance(e, (Domino, Blocked)))
            if isinstance(ended, Domino):
                dominoes += 1
                assert (start.leader, start.lot) == (ended.seat, ())
            else:
                blocks += 1
                assert start.lot, "a block is followed by a new neutral lot"
                final = start.lot[-1].tiles
                best = max(t.pips for _, t in final)
                assert [s for s, t in final if t.pips == best] == [start.leader]
    assert dominoes and blocks


def test_the_lot_redraws_only_among_tied_candidates() -> None:
    redraws = 0
    for seed in range(300):
        leader, draws = draw_lot(random.Random(seed), 4)
        assert [s for s, _ in draws[0].tiles] == [0, 1, 2, 3]
        for before, after in itertools.pairwise(draws):
            best = max(t.pips for _, t in before.tiles)
            tied = [s for s, t in before.tiles if t.pips == best]
            assert len(tied) > 1
            assert [s for s, _ in after.tiles] == tied
            redraws += 1
        final = draws[-1].tiles
        assert len({t for _, t in final}) == len(final)  # each candidate draws a different tile
        best = max(t.pips for _, t in final)
        assert [s for s, t in final if t.pips == best] == [leader]
    assert redraws > 0


def test_the_lot_is_fair_between_seats() -> None:
    counts = Counter(draw_lot(random.Random(f"fair/{i}"), 4)[0] for i in range(4000))
    assert set(counts) == {0, 1, 2, 3}
    assert all(850 < n < 1150 for n in counts.values()), counts


def test_the_same_seed_deals_the_same_match() -> None:
    a, b, c = Match.new(3, "same"), Match.new(3, "same"), Match.new(3, "other")
    assert a.hands == b.hands and a.boneyard == b.boneyard and a.leader == b.leader
    assert (a.hands, a.boneyard) != (c.hands, c.boneyard)
    assert all(len(h) == 5 for h in a.hands)
    assert len(a.boneyard) == 28 - 15


def test_a_deal_shuffles_exactly_as_python_shuffles() -> None:
    """The engine's own shuffle makes the very swaps `random.Random.shuffle` makes: seeds deal what they dealt
    before it was written out, and the lot and the deal of a seed stay what records and restores expect."""
    for n in range(3000):
        seed = f"exact61/shuffle/{n}" if n % 2 else n
        expected = list(ALL_TILES)
        random.Random(seed).shuffle(expected)
        assert shuffled_tiles(random.Random(seed)) == expected
    rng, mirror = random.Random(7), random.Random(7)
    for _ in range(50):  # one source shuffled many times in a row (the lot's redraws, then the deal)
        expected = list(ALL_TILES)
        mirror.shuffle(expected)
        assert shuffled_tiles(rng) == expected


def test_sides_are_teams_only_with_four_players() -> None:
    assert [side_of(4, s) for s in range(4)] == [0, 1, 0, 1]
    assert [side_of(3, s) for s in range(3)] == [0, 1, 2]
    assert [side_of(2, s) for s in range(2)] == [0, 1]
    assert Match(4).sides == 2 and Match(3).sides == 3 and Match(2).sides == 2
    assert Match.new(4, 1).snapshot().seats_of(1) == (1, 3)


@pytest.mark.parametrize("players", [0, 1, 5, "4"])
def test_a_match_has_two_to_four_players(players: object) -> None:
    with pytest.raises(ValueError, match="a match has 2, 3 or 4 players"):
        Match(players)  # type: ignore[arg-type]


# -- misuse -------------------------------------------------------------------


def _state(match: Match) -> tuple:
    return (match.snapshot(), [match.hand(s) for s in range(match.players)], list(match.events), match.record.dumps())


@pytest.mark.parametrize(
    ("seat", "tile", "on", "error", "code", "message"),
    [
        (1, "0-0", None, NotYourTurnError, "not_your_turn", "seat 1 cannot play now: it is seat 0's turn"),
        (0, "0-0", None, TileNotInHandError, "tile_not_in_hand", "seat 0 does not hold 0-0"),
    ],
)
def test_misuse_before_the_opening(
    two: Match, seat: int, tile: str, on: str | None, error: type[RulesError], code: str, message: str
) -> None:
    before = _state(two)
    with pytest.raises(error) as caught:
        two.place(seat, Placement(T(tile), None if on is None else T(on)))
    assert str(caught.value) == message
    assert caught.value.code == code
    assert isinstance(caught.value, IllegalMoveError) and isinstance(caught.value, ValueError)
    assert _state(two) == before


@pytest.mark.parametrize(
    ("tile", "on", "message"),
    [
        ("6-6", "3-3", "seat 0 cannot place 6-6 on 3-3 (3-3 is not on the table)"),
        ("6-6", "1-4", "seat 0 cannot place 6-6 on 1-4 (no open 6 there)"),
        ("6-6", None, "seat 0 cannot place 6-6 (it must name the table tile it attaches to)"),
        ("2-2", "1-6", "seat 0 cannot place 2-2 on 1-6 (no open 2 there)"),
    ],
)
def test_a_bad_target_is_refused_with_a_message_naming_it(two: Match, tile: str, on: str | None, message: str) -> None:
    two.place(0, P("1-4"))
    two.place(1, P("1-6@1-4"))
    before = _state(two)
    with pytest.raises(BadTargetError) as caught:
        two.place(0, Placement(T(tile), None if on is None else T(on)))
    assert str(caught.value) == message
    assert caught.value.code == "bad_target"
    assert caught.value.params["seat"] == 0
    assert caught.value.params["tile"] == tile
    assert _state(two) == before


def test_a_tile_held_by_someone_else_is_not_in_your_hand(two: Match) -> None:
    with pytest.raises(TileNotInHandError, match="seat 0 does not hold 5-6") as caught:
        two.place(0, P("5-6"))
    assert caught.value.params == {"seat": 0, "tile": "5-6"}


def test_acting_after_the_match_ended_is_refused(new_round: Callable[..., Match]) -> None:
    match = new_round(2, 0, TWO_HANDS, TWO_PILE, scores=[300, 0])
    match.place(0, P("1-4"))  # 5 more: exactly 305
    assert match.phase is Phase.OVER
    for seat, tile in ((1, "0-0"), (0, "2-2")):
        with pytest.raises(MatchOverError, match="the match is over") as caught:
            match.place(seat, Placement(T(tile), T("1-4")))
        assert caught.value.code == "match_over"
    assert match.options() == [] and match.options(1) == []


def test_a_play_between_rounds_is_refused(
    new_round: Callable[..., Match], play_text: Callable[[Match, str], list]
) -> None:
    match = new_round(4, 2, BLOCKED_4P["hands"], BLOCKED_4P["boneyard"])
    play_text(match, BLOCKED_4P["plays"] + " " + BLOCKED_4P["last"])
    with pytest.raises(RoundOverError, match="round 0 is over"):
        match.place(0, P("5-5@4-4"))


def test_a_new_round_cannot_start_while_one_is_being_played(two: Match) -> None:
    hands = [list(map(T, h.split())) for h in TWO_HANDS]
    with pytest.raises(RecordError, match="round 1: round 0 has not ended yet"):
        two.start_round(0, hands, [])


@pytest.mark.parametrize(
    ("leader", "hands", "pile", "message"),
    [
        (0, TWO_HANDS[:1], None, "round 0: 1 hands dealt for 2 players"),
        (0, ["1-4 2-2 3-3 5-5", TWO_HANDS[1]], None, "round 0: seat 0 was dealt 4 tiles, not 5"),
        (0, ["1-4 2-2 3-3 5-5 0-0", TWO_HANDS[1]], None, "round 0: tile 0-0 is dealt more than once"),
        (0, TWO_HANDS, "", "round 0: the deal has 10 tiles, not 28"),
        (2, TWO_HANDS, None, "round 0: leader 2 is not a seat"),
    ],
)
def test_a_bad_deal_is_refused(leader: int, hands: list[str], pile: str | None, message: str) -> None:
    dealt = [list(map(T, h.split())) for h in hands]
    used = {t for h in dealt for t in h}
    boneyard = [t for t in map(T, [f"{a}-{b}" for a in range(7) for b in range(a, 7)]) if t not in used]
    with pytest.raises(RecordError) as caught:
        Match(2).start_round(leader, dealt, [] if pile == "" else boneyard)
    assert str(caught.value) == message


def test_redeal_hidden_swaps_only_what_the_seat_cannot_see() -> None:
    match = Match.new(3, "redeal")
    seat = match.turn
    assert seat is not None
    world = match.clone()
    others = [s for s in range(3) if s != seat]
    hidden = sorted(t for s in others for t in world.hands[s]) + sorted(world.boneyard[world.drawn :])
    hidden.reverse()
    sizes = [len(world.hands[s]) for s in range(3)]
    hands: list[list] = [[] for _ in range(3)]
    for s in others:
        hands[s], hidden = hidden[: sizes[s]], hidden[sizes[s] :]
    world.redeal_hidden(seat, hands, hidden)
    assert world.hands[seat] == match.hands[seat]
    assert [world.hands[s] for s in others] == [hands[s] for s in others]
    assert list(world.boneyard[world.drawn :]) == hidden
    assert match.hands != world.hands  # the original is untouched
    with pytest.raises(ValueError):
        world.redeal_hidden(seat, hands, hidden[1:])  # a tile went missing


# -- the round apart from the match ----------------------------------------------


def _to_round_end(match: Match, rng: random.Random) -> list:
    """Random placements until a round ends (or the match); return the events of the last one."""
    while True:
        option = rng.choice(match.options())
        events = match.place(match.turn, option.placement)  # type: ignore[arg-type]
        if match.phase is not Phase.PLAYING:
            return events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_round_that_ends_leaves_the_match_round_over_until_the_caller_deals(players: int) -> None:
    for seed in range(20):
        match = Match.new(players, f"round-over/{seed}")
        events = _to_round_end(match, random.Random(seed))
        if match.phase is Phase.OVER:
            continue
        assert match.phase is Phase.ROUND_OVER and match.turn is None and match.options() == []
        assert not any(isinstance(e, RoundStarted) for e in events)  # nothing is dealt by itself
        finished = match.finished_round
        assert finished is not None and finished.number == match.round == 0
        assert finished.snapshot() == match.snapshot()  # the table as it ended, before the next deal
        assert finished.ending is next(e for e in events if isinstance(e, (Domino, Blocked)))
        assert isinstance(finished.events[0], RoundStarted) and finished.events[-1] is finished.ending
        assert finished.hands == tuple(tuple(h) for h in match.hands)
        with pytest.raises(RoundOverError, match="round 0 is over"):
            match.place(0, Placement(finished.hands[0][0] if finished.hands[0] else T("0-0")))
        before = match.snapshot()
        (started,) = match.next_round()
        assert isinstance(started, RoundStarted) and started.round == 1 and match.phase is Phase.PLAYING
        if isinstance(finished.ending, Domino):
            assert started.leader == finished.ending.seat
        assert match.finished_round is finished and finished.snapshot() == before  # still readable
        assert len(match.layout) == 0
        return
    pytest.fail("no round ended without ending the match")


def test_next_round_only_deals_a_live_match_between_rounds(two: Match) -> None:
    with pytest.raises(ValueError, match="still being played"):
        two.next_round()
    live = Match.new(2, "next-round")
    with pytest.raises(ValueError, match="still being played"):
        live.next_round()
    match = _replayed_to_round_end()
    with pytest.raises(ValueError, match="no seed"):
        match.next_round()


def _replayed_to_round_end() -> Match:
    live = Match.new(2, "restore-boundary")
    _to_round_end(live, random.Random(3))
    assert live.phase is Phase.ROUND_OVER
    return Match.replay(live.record)


def test_restoring_a_record_that_ends_a_round_deals_the_next_and_keeps_the_finished_one() -> None:
    live = Match.new(2, "restore-boundary")
    _to_round_end(live, random.Random(3))
    finished = live.finished_round
    assert finished is not None
    replayed = Match.replay(live.record)
    assert replayed.phase is Phase.ROUND_OVER
    assert replayed.finished_round is not None and replayed.finished_round.snapshot() == finished.snapshot()
    restored = Match.restore(live.record, "restore-boundary")
    live.next_round()
    assert restored.phase is Phase.PLAYING and restored.snapshot() == live.snapshot()
    assert restored.finished_round is not None and restored.finished_round.snapshot() == finished.snapshot()
    assert restored.record == live.record


def test_move_no_counts_every_placement_of_every_round() -> None:
    match = Match.new(3, "move-no")
    made = 0

    def counted(match: Match, events: list[Event]) -> None:
        nonlocal made
        made += 1
        assert match.move_no == made == match.record.placements

    play_to_end(match, at_random(random.Random(5)), until=lambda m: m.round >= 2, after=counted)
    assert match.round == 2 and match.clone().move_no == made
    assert Match.replay(match.record).move_no == made


# -- clones ------------------------------------------------------------------------


def _mutable_parts(match: Match) -> list[object]:
    return [match.record, *match.record.rounds, match.events, match.scores, match.hands, *match.hands, match.layout]


@pytest.mark.parametrize("keep_history", [False, True])
def test_a_clone_shares_no_container_with_its_original(keep_history: bool) -> None:
    match = Match.new(4, "clone-parts")
    rng = random.Random(1)
    for _ in range(30):
        match.place(match.turn, rng.choice(match.options()).placement)  # type: ignore[arg-type]
        if match.phase is Phase.ROUND_OVER:
            match.next_round()
    copy = match.clone(keep_history=keep_history)
    mine = {id(x) for x in _mutable_parts(match)}
    assert not mine & {id(x) for x in _mutable_parts(copy)}
    assert copy.snapshot() == match.snapshot() and copy.move_no == match.move_no
    assert copy.seed is None and copy.boneyard == match.boneyard
    for name in Match.__slots__:  # every slot is copied: nothing is left unset
        getattr(copy, name)
    assert (copy.events == match.events) is keep_history or not match.events


def test_a_clone_played_to_the_round_end_leaves_the_original_as_it_was() -> None:
    match = Match.new(3, "clone-independent")
    rng = random.Random(2)
    for _ in range(4):
        match.place(match.turn, rng.choice(match.options()).placement)  # type: ignore[arg-type]
    before = (match.snapshot(), [match.hand(s) for s in range(3)], list(match.events), match.record.dumps())
    copy = match.clone()
    _to_round_end(copy, random.Random(9))
    assert copy.phase is not Phase.PLAYING and copy.finished_round is not None
    assert (match.snapshot(), [match.hand(s) for s in range(3)], list(match.events), match.record.dumps()) == before
    assert match.finished_round is None


def test_no_round_is_dealt_after_the_match_is_over(new_round: Callable[..., Match]) -> None:
    match = new_round(2, 0, TWO_HANDS, TWO_PILE, scores=[300, 0])
    match.seed = "over"
    match.place(0, P("1-4"))  # 5 more: exactly 305
    assert match.phase is Phase.OVER
    with pytest.raises(MatchOverError):
        match.next_round()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_pickled_or_deep_copied_match_plays_on_exactly_like_the_original(players: int) -> None:
    """The engine finds tiles by identity on its hot paths; a pickled or copied tile is the interned one,
    so a match sent to another process (or deep-copied) goes on as the original does."""
    import copy
    import pickle

    rng = random.Random(players)
    match = Match.new(players, f"pickle/{players}")
    for _ in range(9):
        match.place(match.turn, rng.choice(match.options()).placement)  # type: ignore[arg-type]
    twins = [pickle.loads(pickle.dumps(match)), copy.deepcopy(match)]
    assert all(t is T(str(t)) for twin in twins for hand in twin.hands for t in hand)
    chosen: list[Option] = []

    def choose(m: Match, seat: int) -> Option:
        chosen.append(rng.choice(m.options(seat)))
        return chosen[-1]

    def mirrored(m: Match, events: list[Event]) -> None:
        for twin in twins:
            assert chosen[-1] in twin.options()
            assert twin.place(twin.turn, chosen[-1].placement) == events  # type: ignore[arg-type]

    play_to_end(match, choose, until=lambda m: m.phase is not Phase.PLAYING, after=mirrored)
    assert all(twin.record.to_json() == match.record.to_json() for twin in twins)
