"""`hard`: determinized Monte Carlo search over the hidden tiles.

For each sampled world (a deal of the unseen tiles that fits the observation),
every option is played out to the end of the round with the quick greedy
policy, and the outcome is valued for this seat's side. All options are tried
in the same worlds, so their averages differ by the option and not by luck of
the deal. The option with the best average wins.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..match import Match
from ..option import Option
from ..phase import Phase
from ..tiles import Tile
from .greedy import playable, quick_choice, wins_now
from .observation import Observation
from .sampling import make_world, sample_deal

DEFAULT_BUDGET_S = 0.2
MAX_WORLDS = 200  # a fixed amount of work, so that a decision is reproducible when the budget is not hit
MIN_WORLDS = 24  # before stopping early because one option is clearly best
CLEAR_LEAD = 3.0  # standard errors of the paired difference that count as "clearly best"
CLOSE_LEAD = 1.0  # standard errors within which the two best options are a close call
WIN_VALUE = 300.0  # a won (or lost) match, in raw points of score difference
PLAYOUT_LIMIT = 200  # placements; a round never gets near it


def choose_hard(match: Match, obs: Observation, rng: random.Random, budget_s: float | None) -> Option:
    forced = settled_choice(obs)
    if forced is not None:
        return forced
    deadline = time.perf_counter() + (DEFAULT_BUDGET_S if budget_s is None else budget_s)
    return sampled_choice(
        match, obs, rng, deadline=deadline, worlds=MAX_WORLDS, min_worlds=MIN_WORLDS, value=played_out
    )


def settled_choice(obs: Observation) -> Option | None:
    """The option to take without searching: one that wins the match now, or the only one there is."""
    options = playable(obs)
    for o in options:
        if wins_now(obs, o):
            return o
    return options[0] if len(options) == 1 else None


def sampled_choice(
    match: Match,
    obs: Observation,
    rng: random.Random,
    *,
    deadline: float,
    worlds: int,
    min_worlds: int,
    value: Callable[[Match, int], float],
    deal: Callable[[Match, Observation, list[list[Tile]], list[Tile]], Match] = make_world,
    weigh: Callable[[list[list[Tile]]], float] | None = None,
    late_deadline: float | None = None,
) -> Option:
    """The option with the best average `value` over sampled worlds (deals of the unseen tiles that fit
    the observation, made by `deal`), every option tried in the same worlds: at most `worlds` of them,
    fewer when the deadline passes or, after `min_worlds`, one option is clearly best. With a
    `late_deadline`, a close call (`close_call`) goes on searching past the deadline until then. With `weigh`,
    each world counts in the averages by the weight it gives the deal's hands."""
    options = playable(obs)
    values: list[list[float]] = [[] for _ in options]
    weights: list[float] = []
    seat, side = obs.seat, obs.side
    for n in range(1, worlds + 1):
        hands, boneyard = sample_deal(obs, rng)
        if weigh is not None:
            weights.append(weigh(hands))
        base = deal(match, obs, hands, boneyard)
        for i, o in enumerate(options):
            world = base.clone()
            world.place(seat, o.placement)
            values[i].append(value(world, side))
        if n >= min_worlds and clear_winner(values, weights or None):
            break
        if time.perf_counter() >= deadline and (
            late_deadline is None or time.perf_counter() >= late_deadline or not close_call(values, weights or None)
        ):
            break
    if weigh is None:
        means = [sum(v) / len(v) for v in values]
    else:
        total = sum(weights)
        means = [sum(w * x for w, x in zip(weights, v, strict=True)) / total for v in values]
    return options[means.index(max(means))]


def played_out(world: Match, side: int) -> float:
    """`hard`'s value of a world in which `side` has just placed: played out greedily, then its outcome."""
    play_out(world)
    return outcome(world, side)


Policy = Callable[[Match, int, list[Option]], Option]


def play_out(world: Match, policy: Policy = quick_choice) -> None:
    """Play the world to the end of its round with `policy` for every seat (it stops at round over: a
    clone never deals)."""
    for _ in range(PLAYOUT_LIMIT):
        if world.phase is not Phase.PLAYING:
            return
        seat = world.turn
        assert seat is not None
        options = world.options(seat)
        o = policy(world, seat, options)
        world.place(seat, o.placement)


def outcome(world: Match, side: int) -> float:
    """The value of a finished play-out for `side`: the match result if decided, else the score lead."""
    if world.winner is not None:
        return WIN_VALUE if world.winner == side else -WIN_VALUE
    scores = world.scores
    others = max(s for i, s in enumerate(scores) if i != side)
    return float(scores[side] - others)


def clear_winner(values: list[list[float]], weights: list[float] | None = None) -> bool:
    """Whether the best option leads every other by CLEAR_LEAD paired standard errors."""
    if weights is not None:
        return _clear_weighted(values, weights)
    n = len(values[0])
    means = [sum(v) / n for v in values]
    best = max(range(len(values)), key=means.__getitem__)
    for i, v in enumerate(values):
        if i == best:
            continue
        diffs = [a - b for a, b in zip(values[best], v, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if var == 0:
            if mean <= 0:
                return False
        elif mean <= CLEAR_LEAD * math.sqrt(var / n):
            return False
    return True


def _clear_weighted(values: list[list[float]], weights: list[float]) -> bool:
    """`clear_winner` for weighted worlds: the weighted mean of the paired differences, against its
    standard error estimated with the weights' effective number of worlds."""
    total = sum(weights)
    effective = total * total / sum(w * w for w in weights)
    if effective < 2:
        return False
    means = [sum(w * x for w, x in zip(weights, v, strict=True)) / total for v in values]
    best = max(range(len(values)), key=means.__getitem__)
    for i, v in enumerate(values):
        if i == best:
            continue
        diffs = [a - b for a, b in zip(values[best], v, strict=True)]
        mean = means[best] - means[i]
        var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
        if var == 0:
            if mean <= 0:
                return False
        elif mean <= CLEAR_LEAD * math.sqrt(var / effective):
            return False
    return True


def close_call(values: list[list[float]], weights: list[float] | None = None) -> bool:
    """Whether the two best options are within CLOSE_LEAD paired standard errors of each other: a choice
    that more worlds may still change."""
    n = len(values[0])
    w = weights if weights is not None else [1.0] * n
    total = sum(w)
    effective = total * total / sum(x * x for x in w)
    if effective < 2 or len(values) < 2:
        return len(values) >= 2
    means = [sum(a * x for a, x in zip(w, v, strict=True)) / total for v in values]
    first, second = sorted(range(len(values)), key=means.__getitem__, reverse=True)[:2]
    diffs = [a - b for a, b in zip(values[first], values[second], strict=True)]
    mean = means[first] - means[second]
    var = sum(a * (d - mean) ** 2 for a, d in zip(w, diffs, strict=True)) / total
    return mean < CLOSE_LEAD * math.sqrt(var / effective)
