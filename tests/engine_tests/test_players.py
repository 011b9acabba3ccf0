"""Computer players: legal and reproducible choices, the greedy rules of `normal`, the search budget
of `hard`, and an observation that holds only what the seat may know."""

from __future__ import annotations

import doctest
import random
from collections.abc import Callable, Iterator

import pytest
from support.step_clock import StepClock

import engine.players
import engine.players.greedy as greedy
import engine.players.search as search
from engine import ALL_TILES, Drew, Layout, Match, Option, Passed, Phase, Placed, Result, RoundStarted, Tile, parse_tile
from engine.players import LEVELS, Holding, Observation, choose, observe
from engine.players.expert import choose_expert
from engine.players.greedy import lookahead_choice, quick_choice
from engine.players.observation import open_values
from engine.players.sampling import make_world, sample_deal
from engine.selfplay import play_to_end


def positions(players: int, seeds: range) -> Iterator[tuple[Match, int]]:
    """Every decision of random matches (copies, with their history), with the seat to move."""
    for seed in seeds:
        rng = random.Random(seed)
        found: list[tuple[Match, int]] = []

        def noted(m: Match, seat: int, rng: random.Random = rng, found: list[tuple[Match, int]] = found) -> Option:
            found.append((m.clone(keep_history=True), seat))
            return rng.choice(m.options(seat))

        play_to_end(Match.new(players, f"positions/{seed}"), noted)
        yield from found


def find(predicate: Callable[[Match, int], bool], count: int, players: int = 2) -> list[tuple[Match, int]]:
    found = []
    for m, seat in positions(players, range(400)):
        if predicate(m, seat):
            found.append((m, seat))
            if len(found) == count:
                return found
    raise AssertionError(f"only {len(found)} positions found")


def need(m: Match, seat: int) -> int:
    return 305 - m.scores[m.side_of(seat)]


def fits(hand: list[Tile] | tuple[Tile, ...], holdings: tuple[Holding, ...]) -> bool:
    """Whether the tiles can be shared out among the holdings, each tile to a holding that admits it."""
    slots = [h for h in holdings for _ in range(h.count)]
    if len(slots) != len(hand):
        return False
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j, slot in enumerate(slots):
            if j not in seen and slot.admits(hand[i]):
                seen.add(j)
                if j not in owner or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(augment(i, set()) for i in range(len(hand)))


# -- every level --------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_quick_levels_play_whole_matches_legally(level: str, players: int) -> None:
    rng = random.Random(players)
    decisions = 0

    def legal(m: Match, seat: int) -> Option:
        nonlocal decisions
        decisions += 1
        o = choose(m, seat, level, rng=rng)
        assert o in m.options(seat)
        return o

    m = play_to_end(Match.new(players, f"legal/{level}"), legal)
    assert m.winner is not None and decisions > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_chooses_legally(players: int) -> None:
    rng = random.Random(players)
    chosen = 0
    for m, seat in find(lambda m, s: len(m.options(s)) > 1, 6, players):
        o = choose(m, seat, "hard", rng=rng, budget_s=0.02)
        assert o in m.options(seat)
        chosen += 1
    assert chosen == 6


@pytest.mark.parametrize("level", [level for level in LEVELS if level != "expert"])
def test_choices_are_deterministic_given_the_rng(level: str) -> None:
    found = find(lambda m, s: len(m.options(s)) >= 3, 4)
    budget = 60.0  # never reached: the search does its fixed amount of work
    first = [choose(m, s, level, rng=random.Random(7), budget_s=budget) for m, s in found]
    again = [choose(m, s, level, rng=random.Random(7), budget_s=budget) for m, s in found]
    assert first == again


def test_expert_is_deterministic_given_the_rng() -> None:
    """The same search as `choose(..., "expert")`, over 300 worlds instead of its 3,000: the draws, the
    inference's weights and the play-outs repeat exactly at any number of worlds, and a tenth of the work
    keeps the longest test of the suite short."""
    found = find(lambda m, s: len(m.options(s)) >= 3, 4)

    def decide(match: Match, seat: int) -> Option:
        return choose_expert(match, observe(match, seat), random.Random(7), 60.0, worlds=300)

    first = [decide(m, s) for m, s in found]
    assert first == [decide(m, s) for m, s in found]
    assert all(o in m.options(s) for o, (m, s) in zip(first, found, strict=True))


def test_easy_spreads_its_choices() -> None:
    m, seat = find(lambda m, s: len(m.options(s)) >= 4, 1)[0]
    rng = random.Random(1)
    picked = {choose(m, seat, "easy", rng=rng) for _ in range(200)}
    assert picked == set(m.options(seat))


def test_a_single_option_is_returned_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """No search (the search's clock is never read) when there is nothing to choose."""
    found = find(lambda m, s: len(m.options(s)) == 1, 5)
    clock = StepClock()
    monkeypatch.setattr(search, "time", clock)
    for m, seat in found:
        o = choose(m, seat, "hard", rng=random.Random(0), budget_s=30.0)
        assert [o] == m.options(seat)
    assert clock.readings == []


def test_the_docstring_example_holds() -> None:
    failed, attempted = doctest.testmod(engine.players)
    assert attempted > 0 and failed == 0


def test_unknown_level_and_wrong_seat_are_refused() -> None:
    m = Match.new(2, "refuse")
    with pytest.raises(ValueError, match="unknown level"):
        choose(m, m.turn, "grandmaster", rng=random.Random(0))
    with pytest.raises(ValueError, match="nothing to play"):
        choose(m, 1 - m.turn, "easy", rng=random.Random(0))


# -- normal -------------------------------------------------------------------


def test_normal_never_wastes_points_when_it_can_score() -> None:
    def both(m: Match, s: int) -> bool:
        results = {o.result for o in m.options(s)}
        return Result.SCORED in results and Result.OVER in results

    for m, seat in find(both, 12):
        for r in range(3):
            assert choose(m, seat, "normal", rng=random.Random(r)).result is not Result.OVER


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_the_exact_305_is_taken(level: str) -> None:
    def exact_and_other(m: Match, s: int) -> bool:
        options = m.options(s)
        return len(options) > 1 and any(o.result is Result.SCORED and o.points == need(m, s) for o in options)

    for m, seat in find(exact_and_other, 10):
        o = choose(m, seat, level, rng=random.Random(0), budget_s=0.05)
        assert o.result is Result.SCORED and o.points == need(m, seat)
        m.place(seat, o.placement)
        assert m.winner == m.side_of(seat)


def dealt(hands: list[str], leader: int = 0) -> Match:
    """A two-seat match whose first round is dealt by hand; the boneyard holds the rest, in order."""
    tiles = [[parse_tile(t) for t in h.split()] for h in hands]
    taken = {t for h in tiles for t in h}
    m = Match(len(hands))
    m.start_round(leader, tiles, [t for t in ALL_TILES if t not in taken])
    return m


def test_normal_does_not_set_up_the_next_seat() -> None:
    """Opening 1-4 or 2-3 both score 5, but after 1-4 a 1-6 makes 10, while nothing scores after 2-3."""
    m = dealt(["1-4 2-3 0-2 1-2 0-1", "0-0 0-3 0-4 1-3 3-4"])
    assert {(str(o.tile), o.points) for o in m.options() if o.points} == {("1-4", 5), ("2-3", 5)}
    for r in range(5):
        assert str(choose(m, 0, "normal", rng=random.Random(r)).tile) == "2-3"


def test_normal_takes_more_points_for_a_little_risk() -> None:
    """5-5 scores 10 but a 0-5 would answer it with 10; 2-3 scores 5 and leaves nothing. Ten now is
    worth more than a one-in-five chance of ten for the other side."""
    m = dealt(["5-5 2-3 0-2 1-2 0-1", "0-0 0-3 0-4 1-3 3-4"])
    obs = observe(m, 0)
    assert obs.may_hold(1, parse_tile("0-5"))
    assert str(choose(m, 0, "normal", rng=random.Random(0)).tile) == "5-5"


def test_the_lookahead_play_out_weighs_the_next_hand() -> None:
    """`expert`'s play-out policy: 5-5 scores 10 and 2-3 scores 5. Against a next hand holding 0-5, which
    answers 5-5 with 10, it opens 2-3; against hands without an answer, 5-5, as `hard`'s quick policy
    always does."""
    answers = [("0-5 0-0 0-3 1-3 3-4", "2-3"), ("0-0 0-3 0-4 1-3 3-4", "5-5"), ("0-6 0-0 0-3 1-3 3-4", "5-5")]
    for next_hand, expected in answers:
        m = dealt(["5-5 2-3 0-2 1-2 0-1", next_hand])
        assert str(quick_choice(m, 0, m.options()).tile) == "5-5"
        assert str(lookahead_choice(m, 0, m.options()).tile) == expected


def best_reply(m: Match, seat: int, o: Option) -> float:
    """The next seat's best scoring answer to `o` from the hand it holds now, read from a clone's options
    (0 when it must draw or pass first, or when `o` ends the round)."""
    after = m.clone()
    after.place(seat, o.placement)
    nxt = (seat + 1) % m.players
    if after.turn != nxt or len(after.hands[nxt]) != len(m.hands[nxt]):
        return 0.0
    need_next = need(after, nxt)
    worths = [1000.0 if r.points == need_next else r.points for r in after.options(nxt) if r.result is Result.SCORED]
    worths += [r.points + 20.0 for r in after.options(nxt) if r.result is Result.SETTLED]
    return max(worths, default=0.0)


def only(monkeypatch: pytest.MonkeyPatch, **weights: float) -> None:
    """`lookahead_choice` with every weight of its own at 0 but those given."""
    for name in ("LOOKAHEAD_REPLY", "KEEP_PLAYABLE", "LEAVE_NOTHING", "HEADS_UP_ANSWER"):
        monkeypatch.setattr(greedy, name, weights.get(name, 0.0))


Decisions = list[tuple[Match, int]]


def differences(decided: Decisions) -> Iterator[tuple[Match, int, Option, Option]]:
    """Positions of random matches where `lookahead_choice` and `quick_choice` differ (but not as two ways
    of winning the match at once), with the lookahead's choice and the quick one."""
    for m, seat in decided:
        options = m.options(seat)
        quick, look = quick_choice(m, seat, options), lookahead_choice(m, seat, options)
        if look == quick:
            continue
        if quick.result is Result.SCORED and quick.points == need(m, seat):
            assert look.result is Result.SCORED and look.points == quick.points  # another way to win at once
            continue
        yield m, seat, look, quick


def gain(o: Option) -> int:
    return o.points if o.result is Result.SCORED else 0


def quick_value(o: Option) -> float:
    """What `quick_choice` sees in an option that neither wins nor goes out: its points, heavier tiles first."""
    return gain(o) + 0.1 * o.tile.pips


def gives_up_points_to_deny_a_reply(decided: Decisions) -> None:
    """With only the reply weighed: wherever it differs from `quick_choice` it scores no more, and the next
    seat's best answer to it is smaller."""
    found = list(differences(decided))
    assert len(found) >= 20
    for m, seat, look, quick in found:
        assert gain(look) <= gain(quick)
        assert best_reply(m, seat, look) < best_reply(m, seat, quick)


def must_draw_or_pass(m: Match, seat: int, o: Option) -> bool:
    """Whether the next seat has nothing to place after `o`, read from a clone: it drew, was skipped, or
    the table is blocked."""
    after = m.clone()
    after.place(seat, o.placement)
    nxt = (seat + 1) % m.players
    return after.phase is not Phase.PLAYING or after.turn != nxt or len(after.hands[nxt]) != len(m.hands[nxt])


def leaves_the_next_seat_nothing(decided: Decisions) -> None:
    """With only LEAVE_NOTHING weighed: wherever it differs from `quick_choice`, its choice leaves the next
    seat nothing to place and the quick one does not, for at most LEAVE_NOTHING less of quick's value."""
    found = list(differences(decided))
    assert len(found) >= 10
    for m, seat, look, quick in found:
        assert must_draw_or_pass(m, seat, look) and not must_draw_or_pass(m, seat, quick)
        assert quick_value(quick) - quick_value(look) <= 5 + 1e-9  # a tie goes to the first option


def placeable(m: Match, seat: int, o: Option) -> int:
    after = m.layout.copy()
    after.place(o.tile, o.on, seat)
    return sum(1 for t in m.hand(seat) if t is not o.tile and after.accepts(t))


def keeps_tiles_placeable(decided: Decisions) -> None:
    """With only KEEP_PLAYABLE weighed: wherever it differs from `quick_choice`, its choice leaves more of
    its own tiles placeable, for at most KEEP_PLAYABLE of quick's value a tile more."""
    found = list(differences(decided))
    assert len(found) >= 20
    for m, seat, look, quick in found:
        more = placeable(m, seat, look) - placeable(m, seat, quick)
        assert more > 0 and quick_value(quick) - quick_value(look) <= 2.0 * more + 1e-9


@pytest.mark.parametrize("players", [2, 4])
def test_each_weight_of_the_lookahead_play_out_alone_does_what_it_says(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each of the play-out's own weights alone (the others at 0), on the same decisions of 60 random matches:
    the reply, leaving the next seat nothing, keeping tiles placeable (each check's docstring says what
    holds). One test, so the positions, most of its time, are made once."""
    decided = list(positions(players, range(60)))
    for weight, value, holds in (
        ("LOOKAHEAD_REPLY", 0.7, gives_up_points_to_deny_a_reply),
        ("LEAVE_NOTHING", 5.0, leaves_the_next_seat_nothing),
        ("KEEP_PLAYABLE", 2.0, keeps_tiles_placeable),
    ):
        only(monkeypatch, **{weight: value})
        holds(decided)


# -- what a seat may know -----------------------------------------------------


def test_observation_does_not_change_when_hidden_tiles_do() -> None:
    changed = 0
    for m, seat in find(lambda m, s: m.round > 0 and len(m.events) > 8, 20, players=3):
        before = observe(m, seat)
        hidden = [t for s in range(m.players) if s != seat for t in m.hand(s)] + list(m.boneyard[m.drawn :])
        other = m.clone(keep_history=True)
        shuffled = random.Random(len(hidden)).sample(hidden, len(hidden))
        for s in range(m.players):
            if s != seat:
                n = len(other.hands[s])
                other.hands[s], shuffled = shuffled[:n], shuffled[n:]
        other.boneyard = other.boneyard[: other.drawn] + tuple(shuffled)
        changed += any(other.hand(s) != m.hand(s) for s in range(m.players))
        assert observe(other, seat) == before
        assert not set(before.hand) & set(hidden)
    assert changed >= 15


def test_observation_of_a_clone_without_history_is_the_same() -> None:
    for m, seat in find(lambda m, s: len(m.record.rounds[-1].plays) > 4, 10, players=4):
        assert observe(m.clone(), seat) == observe(m, seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_what_draws_and_passes_reveal_is_true_and_used(players: int) -> None:
    """The real hidden hands always fit the holdings, the holdings do say something, and the unseen
    tiles are exactly the other hands and the undrawn boneyard."""
    constrained = 0
    checked = 0
    for m, seat in positions(players, range(12)):
        obs = observe(m, seat)
        hidden = {t for s in range(players) if s != seat for t in m.hand(s)}
        assert obs.unseen == hidden | set(m.boneyard[m.drawn :])
        assert obs.holdings[seat] == ()
        for s in range(players):
            if s != seat:
                assert fits(m.hand(s), obs.holdings[s])
                constrained += any(h.excluded for h in obs.holdings[s])
                checked += 1
    assert constrained > checked // 20


def test_a_pass_marks_the_seat_void_in_the_open_values() -> None:
    seen = 0
    for seed in range(40):
        m = Match.new(2, f"pass/{seed}")
        rng = random.Random(seed)
        while m.phase is Phase.PLAYING and seen < 5:
            events = len(m.events)
            o = rng.choice(m.options())
            m.place(m.turn, o.placement)
            if m.phase is Phase.ROUND_OVER:
                m.next_round()
            passed = [e for e in m.events[events:] if isinstance(e, Passed)]
            if passed and m.phase is Phase.PLAYING:
                layout = Layout()
                start = max(i for i, e in enumerate(m.events) if isinstance(e, RoundStarted))
                for e in m.events[start:]:
                    if isinstance(e, Placed):
                        layout.place(e.tile, e.on)
                void = passed[-1].seat
                obs = observe(m, 1 - void)
                assert all(h.excluded >= open_values(layout) for h in obs.holdings[void])
                seen += 1
    assert seen == 5


def test_drawn_tiles_stay_private() -> None:
    """A seat that drew and then placed holds the tiles it drew first: the observer knows only that
    they do not match what was open, never which they are."""
    for m, seat in find(lambda m, s: any(isinstance(e, Drew) and e.seat != s for e in m.events[-6:]), 10):
        obs = observe(m, seat)
        for s in range(m.players):
            if s != seat:
                for t in m.hand(s):
                    assert t in obs.unseen and obs.may_hold(s, t)


# -- sampling the hidden tiles ------------------------------------------------


def test_samples_fit_even_when_the_constraints_are_tight() -> None:
    """Two seats barred from 3s and 5s leave exactly three tiles for a third seat barred from 0s and 1s:
    a sampler that picks freely in the wrong order gets stuck here."""
    unseen = frozenset(
        parse_tile(t) for t in ["0-0", "0-1", "4-4", "4-5", "0-6", "1-1", "1-2", "5-6", "6-6", "2-6", "3-6"]
    )
    no_35 = (Holding(4, frozenset({3, 5})),)
    obs = Observation(
        seat=2,
        players=4,
        round=0,
        leader=0,
        hand=tuple(parse_tile(t) for t in ("2-2", "4-6", "1-6")),
        options=(),
        must_play=None,
        scores=(0, 0),
        hand_sizes=(4, 4, 3, 3),
        boneyard=0,
        plays=(),
        unseen=unseen,
        holdings=(no_35, no_35, (), (Holding(3, frozenset({0, 1})),)),
        last_draws=(-1, -1, -1, -1),
        layout=Layout(),
    )
    for r in range(40):
        hands, boneyard = sample_deal(obs, random.Random(r))
        assert boneyard == []
        assert sorted(hands[3]) == sorted(parse_tile(t) for t in ("4-5", "5-6", "3-6"))
        assert fits(hands[0], no_35) and fits(hands[1], no_35)
        assert set(hands[0]) | set(hands[1]) | set(hands[3]) == unseen


def test_a_world_keeps_the_seat_and_the_table_and_plays_on() -> None:
    for m, seat in find(lambda m, s: m.boneyard_left > 2 and len(m.options(s)) > 1, 5, players=3):
        obs = observe(m, seat)
        hands, boneyard = sample_deal(obs, random.Random(0))
        world = make_world(m, obs, hands, boneyard)
        assert world.hand(seat) == m.hand(seat)
        assert world.options(seat) == m.options(seat)
        assert world.snapshot().hand_sizes == m.snapshot().hand_sizes
        assert world.boneyard_left == m.boneyard_left
        assert {t for s in range(3) if s != seat for t in world.hand(s)} | set(boneyard) == obs.unseen
        o = world.options(seat)[0]
        world.place(seat, o.placement)
        assert m.hand(seat) == obs.hand  # the real match is untouched


# -- hard's budget --------------------------------------------------------------


def test_hard_respects_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search reads the clock after each sampled world and stops at the first reading past the deadline
    (one world, a play-out per option, may finish after it); a larger budget samples more worlds."""
    found = find(lambda m, s: len(m.options(s)) >= 4 and m.boneyard_left > 4, 4)
    for m, seat in found:
        read: dict[float, int] = {}
        for budget in (0.005, 0.02):
            clock = StepClock()
            monkeypatch.setattr(search, "time", clock)
            choose(m, seat, "hard", rng=random.Random(0), budget_s=budget)
            deadline = clock.readings[0] + budget
            past = [r for r in clock.readings if r >= deadline]
            assert len(past) <= 2 and past == clock.readings[len(clock.readings) - len(past) :], "went on past it"
            read[budget] = len(clock.readings)
        assert read[0.005] <= read[0.02]
