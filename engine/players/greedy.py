"""`normal`: a greedy player with a little sense, and the play-out policies: `hard`'s quick one and
`expert`'s, which also looks at the next seat's best reply."""

from __future__ import annotations

import random

from ..events import Result
from ..layout import Layout
from ..match import Match
from ..option import FATES, SETTLING, Option
from ..rules import TARGET_RAW, partner_of, points_for, round_to_five
from ..tiles import Tile
from .observation import Observation

# How much a point the next opponent is likely to score weighs against a point scored now.
REPLY_WEIGHT = 0.7
# What reaching the target exactly is worth, in raw points, when weighing an opponent's reply.
WIN_WORTH = 200
# Raw points per pip for getting rid of a tile, by how many tiles the closest opponent holds.
DUMP_WEIGHT = {1: 0.8, 2: 0.6, 3: 0.35, 4: 0.2}
DUMP_WEIGHT_EARLY = 0.1
# Going out ends the round and lets this seat lead the next: worth something even when cancelled.
GOING_OUT_FLOOR = 10
# In `lookahead_choice`: how much the next seat's best reply weighs against this seat's own points,
LOOKAHEAD_REPLY = 0.7
# per tile of its own that it can still place, for leaving the next seat nothing to place, and heads-up per
# point of its best answer to the other seat's likely reply. Chosen by playing the policies against each
# other in whole matches (bench/bench_players.py prints such a duel).
KEEP_PLAYABLE = 2.0
LEAVE_NOTHING = 5.0
HEADS_UP_ANSWER = 0.5

# The play-out policies run thousands of times a decision: enum members read once, here, rather than
# through the enum class on every option (about 80 ns each on CPython 3.11).
_SCORED = Result.SCORED
_SETTLED = Result.SETTLED


def wins_now(obs: Observation, o: Option) -> bool:
    return o.result is Result.SCORED and o.points == obs.need


def playable(obs: Observation) -> list[Option]:
    """The options worth considering: never one whose points would be cancelled while another scores."""
    options = list(obs.options)
    if any(o.result is Result.SCORED for o in options):
        return [o for o in options if o.result is not Result.OVER]
    return options


def choose_normal(obs: Observation, rng: random.Random) -> Option:
    options = playable(obs)
    for o in options:
        if wins_now(obs, o):
            return o
    if len(options) == 1:
        return options[0]
    values = [option_value(obs, o) for o in options]
    best = max(values)
    return rng.choice([o for o, v in zip(options, values, strict=True) if v >= best - 1e-9])


def option_value(obs: Observation, o: Option) -> float:
    """Points now, minus what the next opponent can expect to score in reply, plus tile dumping."""
    if o.result is Result.SETTLED:
        return going_out_value(obs, o)
    gain = o.points if o.result is Result.SCORED else 0
    return gain - REPLY_WEIGHT * expected_reply(obs, o) + dump_weight(obs) * o.tile.pips


def going_out_value(obs: Observation, o: Option) -> float:
    """A domino's expected net: this placement plus the opponents' pips (as far as one can guess)."""
    mean = sum(t.pips for t in obs.unseen) / len(obs.unseen) if obs.unseen else 0.0
    opponents = sum(n for s, n in enumerate(obs.hand_sizes) if obs.side_of(s) != obs.side)
    mate = partner_of(obs.players, obs.seat)
    partner = 0 if mate is None else obs.hand_sizes[mate]
    net = o.points + round_to_five(round(opponents * mean)) - round_to_five(round(partner * mean))
    return net if net <= obs.need else GOING_OUT_FLOOR


def dump_weight(obs: Observation) -> float:
    closest = min(n for s, n in enumerate(obs.hand_sizes) if obs.side_of(s) != obs.side)
    if obs.boneyard > 0:
        closest += 1  # the round is unlikely to end while others may still draw
    return DUMP_WEIGHT.get(closest, DUMP_WEIGHT_EARLY)


def expected_reply(obs: Observation, o: Option) -> float:
    """What the next seat can expect to score right after `o`, treating each unseen tile it may hold
    as held independently with the same chance."""
    nxt = (obs.seat + 1) % obs.players
    candidates = [t for t in obs.unseen if t is not o.tile and obs.may_hold(nxt, t)]
    if not candidates:
        return 0.0
    layout = obs.layout.copy()
    layout.place(o.tile, o.on, obs.seat)
    need = TARGET_RAW - obs.scores[obs.side_of(nxt)]
    replies: list[int] = []
    for t in candidates:
        best = 0
        for reply in layout.options_of((t,), SETTLING):
            total = reply.total
            points = points_for(total)
            if points and total <= need:
                points = WIN_WORTH if total == need else total
                if points > best:
                    best = points
        if best:
            replies.append(best)
    if not replies:
        return 0.0
    chance = min(1.0, obs.hand_sizes[nxt] / len(candidates))
    replies.sort(reverse=True)
    expected, none_yet = 0.0, 1.0
    for points in replies:
        expected += none_yet * chance * points
        none_yet *= 1.0 - chance
    return expected


def quick_choice(world: Match, seat: int, options: list[Option]) -> Option:
    """The play-out policy: the most points that count (the exact target above all), going out when it can,
    heavier tiles first. Looks only at the seat's own options, and is cheap."""
    need = TARGET_RAW - world.scores[world.side_of(seat)]
    best = options[0]
    best_value = -1.0
    for o in options:
        result = o.result
        if result is Result.SCORED:
            value = 1000.0 if o.points == need else o.points
        elif result is Result.SETTLED:
            value = o.points + 20.0
        else:
            value = 0.0
        value += 0.1 * o.tile.pips
        if value > best_value:
            best, best_value = o, value
    return best


def lookahead_choice(world: Match, seat: int, options: list[Option]) -> Option:
    """`expert`'s play-out policy: `quick_choice`'s values, less LOOKAHEAD_REPLY times the best value the
    next seat can reply with from its own hand (in a world, where every hand is dealt). So a play-out
    does not leave the next seat an easy count that `quick_choice` would hand it. Reaching the target
    is taken at once, and going out ends the round: there is no reply to either.

    Two more things count (`KEEP_PLAYABLE`, `LEAVE_NOTHING`): each of its own tiles that can still be
    placed, and leaving the next seat nothing to place (it must draw). Heads-up the seat moves again right
    after the reply, so its best answer to the reply the other seat would most likely make counts too
    (`HEADS_UP_ANSWER`)."""
    if len(options) == 1:
        return options[0]
    scores, sides = world.scores, world.seat_sides
    need = TARGET_RAW - scores[sides[seat]]
    nxt = seat + 1 if seat + 1 < world.players else 0
    replies = world.hands[nxt]
    reply_need = TARGET_RAW - scores[sides[nxt]]
    reply_fates = SETTLING if len(replies) == 1 else FATES[reply_need]
    heads_up = world.players == 2
    hand = world.hands[seat]
    layout = world.layout
    best = options[0]
    best_value = -1e9
    for o in options:
        result = o.result
        if result is _SETTLED:
            value = o.points + 20.0 + 0.1 * o.tile.pips
        else:
            gained = 0
            if result is _SCORED:
                if o.points == need:
                    return o  # the match is won: nobody replies
                gained = o.points
            value = gained + 0.1 * o.tile.pips
            after = layout.copy()
            after.place(o.tile, o.on, seat)
            answers = after.options_of(replies, reply_fates)
            value -= LOOKAHEAD_REPLY * _best_worth(answers, reply_need)
            rest = [t for t in hand if t is not o.tile]
            value += KEEP_PLAYABLE * sum(1 for t in rest if after.accepts(t))
            if not answers:
                value += LEAVE_NOTHING
            elif heads_up:
                value += HEADS_UP_ANSWER * _answer_worth(after, answers, nxt, rest, need - gained)
        if value > best_value:
            best, best_value = o, value
    return best


def _best_worth(options: list[Option], need: int) -> float:
    """The best of `options` as `quick_choice` values it, without its pip tie-break (0 when none scores or
    goes out)."""
    best = 0.0
    for r in options:
        if r.result is _SCORED:
            worth = 1000.0 if r.points == need else r.points
        elif r.result is _SETTLED:
            worth = r.points + 20.0
        else:
            continue
        if worth > best:
            best = worth
    return best


def _answer_worth(after: Layout, replies: list[Option], other: int, rest: list[Tile], need: int) -> float:
    """Heads-up: the best worth of this seat's answer, with `rest` in hand and `need` raw points to go, to
    the reply (of `replies`) the other seat would most likely make on the table `after` this placement."""
    likely = max(replies, key=_greedy_key)
    then = after.copy()
    then.place(likely.tile, likely.on, other)
    return _best_worth(then.options_of(rest, SETTLING if len(rest) == 1 else FATES[need]), need)


def _greedy_key(o: Option) -> float:
    return (o.points if o.result is _SCORED else 0) + 0.1 * o.tile.pips
