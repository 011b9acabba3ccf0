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

from ..match import Match
from ..views import Option, Phase
from .greedy import playable, quick_choice, wins_now
from .observation import Observation
from .sampling import make_world, sample_deal

DEFAULT_BUDGET_S = 0.2
MAX_WORLDS = 200  # a fixed amount of work, so that a decision is reproducible when the budget is not hit
MIN_WORLDS = 24  # before stopping early because one option is clearly best
CLEAR_LEAD = 3.0  # standard errors of the paired difference that count as "clearly best"
WIN_VALUE = 300.0  # a won (or lost) match, in raw points of score difference
PLAYOUT_LIMIT = 200  # placements; a round never gets near it


def choose_hard(match: Match, obs: Observation, rng: random.Random, budget_s: float | None) -> Option:
    options = playable(obs)
    for o in options:
        if wins_now(obs, o):
            return o
    if len(options) == 1:
        return options[0]
    deadline = time.perf_counter() + (DEFAULT_BUDGET_S if budget_s is None else budget_s)
    values: list[list[float]] = [[] for _ in options]
    seat, side = obs.seat, obs.side
    for _ in range(MAX_WORLDS):
        hands, boneyard = sample_deal(obs, rng)
        base = make_world(match, obs, hands, boneyard)
        for i, o in enumerate(options):
            world = base.clone()
            world.place(seat, o.placement)
            play_out(world)
            values[i].append(outcome(world, side))
        if time.perf_counter() >= deadline or _clear_winner(values):
            break
    means = [sum(v) / len(v) for v in values]
    best = max(means)
    return options[means.index(best)]


def play_out(world: Match) -> None:
    """Play the world to the end of its round (it stops at round over: a clone never deals)."""
    for _ in range(PLAYOUT_LIMIT):
        if world.phase is not Phase.PLAYING:
            return
        seat = world.turn
        assert seat is not None
        options = world.options(seat)
        o = quick_choice(world, seat, options)
        world.place(seat, o.placement)


def outcome(world: Match, side: int) -> float:
    """The value of a finished play-out for `side`: the match result if decided, else the score lead."""
    if world.winner is not None:
        return WIN_VALUE if world.winner == side else -WIN_VALUE
    scores = world.scores
    others = max(s for i, s in enumerate(scores) if i != side)
    return float(scores[side] - others)


def _clear_winner(values: list[list[float]]) -> bool:
    """Whether the best option leads every other by CLEAR_LEAD paired standard errors."""
    n = len(values[0])
    if n < MIN_WORLDS:
        return False
    means = [sum(v) / n for v in values]
    best = max(range(len(values)), key=means.__getitem__)
    for i, v in enumerate(values):
        if i == best:
            continue
        diffs = [a - b for a, b in zip(values[best], v, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean <= CLEAR_LEAD * math.sqrt(var / n) and var > 0:
            return False
        if var == 0 and mean <= 0:
            return False
    return True
