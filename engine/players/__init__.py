"""Computer players: `choose(match, seat, level, rng=...)` picks one of `match.options(seat)`.

Every level decides from the seat's `Observation` only (its hand and what is
public), never from the other hands; `hard` samples those it cannot see.

>>> import random
>>> from engine import Match
>>> m = Match.new(2, seed=1)
>>> choose(m, m.turn, "normal", rng=random.Random(0)) in m.options()
True
"""

from __future__ import annotations

import random

from ..match import Match
from ..views import Option
from .greedy import choose_normal
from .observation import Holding, Observation, observe
from .search import DEFAULT_BUDGET_S, choose_hard

LEVELS = ("easy", "normal", "hard")

__all__ = ["DEFAULT_BUDGET_S", "LEVELS", "Holding", "Observation", "choose", "observe"]


def choose(match: Match, seat: int, level: str, *, rng: random.Random, budget_s: float | None = None) -> Option:
    """The option `seat` plays at `level`; deterministic given `rng` (and, for `hard`, as long as
    `budget_s`, default DEFAULT_BUDGET_S, does not cut its fixed amount of search short)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
    options = match.options(seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to play now")
    if len(options) == 1:
        return options[0]
    if level == "easy":
        return rng.choice(options)
    obs = observe(match, seat)
    if level == "normal":
        return choose_normal(obs, rng)
    return choose_hard(match, obs, rng, budget_s)
