"""Deals of the hidden tiles that fit an observation (determinization), and worlds built from them.

A *world* is a clone of the match in which the other seats' hands and the
undrawn boneyard are replaced by a sampled deal. Searching in many worlds and
averaging is how `hard` copes with what it cannot see.
"""

from __future__ import annotations

import random

from ..match import Match
from ..tiles import Tile
from .observation import Observation

_QUICK_ATTEMPTS = 3


def sample_deal(obs: Observation, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """Random hands for the other seats and a random undrawn boneyard, consistent with `obs`.

    Tiles for constrained seats are chosen first, most constrained first, each
    uniformly among the unseen tiles that fit; the rest are dealt from a
    shuffle. When that quick way runs into a dead end a few times, each choice
    is instead checked to leave the remaining constraints satisfiable.
    """
    pool = sorted(obs.unseen)
    constrained: list[tuple[int, frozenset[int], int]] = []  # (seat, excluded, how many unseen tiles fit)
    free = [0] * obs.players
    for seat, holdings in enumerate(obs.holdings):
        for h in holdings:
            if h.excluded:
                fits = sum(1 for t in pool if h.admits(t))
                constrained.extend((seat, h.excluded, fits) for _ in range(h.count))
            else:
                free[seat] += h.count
    constrained.sort(key=lambda c: c[2])
    for attempt in range(_QUICK_ATTEMPTS + 1):
        hands: list[list[Tile]] = [[] for _ in range(obs.players)]
        left = list(pool)
        careful = attempt == _QUICK_ATTEMPTS
        for i, (seat, excluded, _) in enumerate(constrained):
            fitting = [j for j, t in enumerate(left) if t.low not in excluded and t.high not in excluded]
            rng.shuffle(fitting)
            if not fitting:
                break
            if careful:
                later = [c[1] for c in constrained[i + 1 :]]
                fitting = [next((j for j in fitting if _satisfiable(later, left[:j] + left[j + 1 :])), fitting[0])]
            hands[seat].append(left.pop(fitting[0]))
        else:
            rng.shuffle(left)
            for seat, n in enumerate(free):
                hands[seat].extend(left[:n])
                del left[:n]
            hands[obs.seat] = list(obs.hand)
            return hands, left
    raise ValueError("no deal of the unseen tiles fits this observation")


def _satisfiable(slots: list[frozenset[int]], tiles: list[Tile]) -> bool:
    """Whether every slot (the pips it excludes) can get its own tile: bipartite matching."""
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        excluded = slots[i]
        for j, t in enumerate(tiles):
            if j in seen or t.low in excluded or t.high in excluded:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(slots)))


def make_world(match: Match, obs: Observation, hands: list[list[Tile]], boneyard: list[Tile]) -> Match:
    """A clone of `match` with the hidden tiles replaced by the given deal."""
    world = match.clone()
    world.redeal_hidden(obs.seat, hands, boneyard)
    return world
