"""Computer players: `choose(match, seat, level, rng=...)` picks one of `match.options(seat)`.

Every level decides from the seat's `Observation` only (its hand and what is
public), never from the other hands; `hard` and `expert` sample those they cannot see.

>>> import random
>>> from engine import Match
>>> m = Match.new(2, seed=1)
>>> choose(m, m.turn, Level.NORMAL, rng=random.Random(0)) in m.options()
True
"""

from __future__ import annotations

import random
from enum import StrEnum

from ..match import Match
from ..option import Option
from .expert import EXPERT_BUDGET_S, choose_expert
from .greedy import choose_normal
from .observation import Holding, Observation, observe
from .search import DEFAULT_BUDGET_S, choose_hard


class Level(StrEnum):
    """How well a computer seat plays. The values are what records, commands and storage spell."""

    EASY = "easy"  # any legal placement, at random
    NORMAL = "normal"  # greedy, with an eye on the next opponent's reply
    HARD = "hard"  # determinized search over the hidden tiles
    EXPERT = "expert"  # the same search, valuing the match and reading the others' placements


LEVELS: tuple[Level, ...] = tuple(Level)

__all__ = ["DEFAULT_BUDGET_S", "EXPERT_BUDGET_S", "LEVELS", "Holding", "Level", "Observation", "choose", "observe"]


def choose(match: Match, seat: int, level: Level | str, *, rng: random.Random, budget_s: float | None = None) -> Option:
    """The option `seat` plays at `level`; deterministic given `rng` (and, for `hard` and `expert`, as long
    as `budget_s`, default DEFAULT_BUDGET_S or EXPERT_BUDGET_S, does not cut their amount of search short)."""
    try:
        level = Level(level)
    except ValueError:
        raise ValueError(f"unknown level {level!r}: choose from {', '.join(LEVELS)}") from None
    options = match.options(seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to play now")
    if len(options) == 1:
        return options[0]
    if level is Level.EASY:
        return rng.choice(options)
    obs = observe(match, seat)
    if level is Level.NORMAL:
        return choose_normal(obs, rng)
    if level is Level.HARD:
        return choose_hard(match, obs, rng, budget_s)
    return choose_expert(match, obs, rng, budget_s)
