"""`expert`: determinized search like `hard`, with play-outs that look at the next seat's reply, valued by
the chance of winning the match, weighting each sampled deal by what the other seats' placements say, and
searching longer when the choice is close.

Like `hard`, it samples deals of the tiles it cannot see that fit its observation (what draws and
passes revealed) and tries every option in the same worlds, each played out to the end of the round.
Four things differ. Its play-outs use `lookahead_choice`: every seat weighs the next seat's best reply
from the hand it holds in that world, and what its placement leaves itself, so an option is not judged
by play-outs in which the seats hand each other counts. A played-out world
is worth its chance of winning the match from the scores and who leads next (`match_odds`), not its
score lead: near the target the same lead is worth much more, and the lead of the next round matters.
Each deal counts by how likely the other seats' placements this round were had they held those hands
(`inference`). And a close call between the two best options goes on searching past the usual budget.
It reads nothing but the observation: the worlds are dealt from it, the real hidden tiles replaced
before play.
"""

from __future__ import annotations

import random
import time

from ..match import Match
from ..option import Option
from ..phase import Phase
from .greedy import lookahead_choice
from .inference import deal_weight, evidence
from .match_odds import TABLE_PLAYERS, odds
from .observation import Observation
from .sampling import make_world
from .search import outcome, play_out, sampled_choice, settled_choice

EXPERT_BUDGET_S = 0.15  # its own default: most decisions stop here, so the median stays under 250 ms ...
EXPERT_LATE_S = 0.8  # ... while a close call may go on to this (the 99th percentile must stay under 1 s)
MAX_WORLDS = 3000
MIN_WORLDS = 32  # before stopping early because one option is clearly best


def choose_expert(
    match: Match, obs: Observation, rng: random.Random, budget_s: float | None, worlds: int = MAX_WORLDS
) -> Option:
    """The option with the best weighted average over sampled worlds: at most `worlds` of them, fewer when
    one option is clearly best or the time runs out: EXPERT_BUDGET_S, or EXPERT_LATE_S for a close call,
    or exactly `budget_s` when one is given (a fixed `worlds` and no deadline reached: reproducible)."""
    forced = settled_choice(obs)
    if forced is not None:
        return forced
    start = time.perf_counter()
    if budget_s is None:
        deadline, late = start + EXPERT_BUDGET_S, start + EXPERT_LATE_S
    else:
        deadline, late = start + budget_s, None
    items = evidence(obs)
    return sampled_choice(
        match,
        obs,
        rng,
        deadline=deadline,
        worlds=worlds,
        min_worlds=MIN_WORLDS,
        value=answered,
        deal=make_world,
        weigh=(lambda hands: deal_weight(items, hands)) if items else None,
        late_deadline=late,
    )


def answered(world: Match, side: int) -> float:
    """The value for `side` of a world in which it has just placed: played out with `lookahead_choice`,
    then valued by `match_value`."""
    if world.phase is Phase.PLAYING:
        play_out(world, lookahead_choice)
    return match_value(world, side)


def match_value(world: Match, side: int) -> float:
    """The value for `side` of a played-out world: its chance of winning the match from the scores and
    who leads next (`match_odds`), 1 or 0 if the match is decided; with three players the score lead."""
    if world.winner is not None:
        return 1.0 if world.winner == side else 0.0
    if world.players not in TABLE_PLAYERS:
        return outcome(world, side)
    nxt = world.next_leader
    leads = None if nxt is None or world.phase is not Phase.ROUND_OVER else world.seat_sides[nxt] == side
    return odds(world.players).chance(world.scores[side], world.scores[1 - side], leads)
