"""What the other seats' placements say about their hands: a weight for each sampled deal.

A seat that placed a 0-point tile while holding one that scored 20 is unlikely to be playing well;
more likely it did not hold that tile. For every placement another seat made this round with a real
choice (not a tile it had just drawn, and with no draw since, so that its hand then was its hand now
plus the tiles it placed later), a deal is weighted by the chance that a seat holding that hand would
have made that placement, under a simple model of play: a softmax over the points each placement
would have scored (the exact target above all). The evidence is read from public plays only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..layout import Layout
from ..option import SETTLING
from ..placement import Placement
from ..rules import SCORING, TARGET_RAW
from ..tiles import Tile
from .observation import Observation

SHARPNESS = 0.12  # per raw point: a placement scoring 10 more is e^1.2, about 3.3 times as likely
WIN_POINTS = 100.0  # how a placement reaching the target exactly counts in the model
MIN_WEIGHT = 1e-6  # no deal is ruled out entirely: the model of play is only a model


@dataclass(frozen=True, slots=True)
class Evidence:
    """A placement by `seat` from a hand of its current tiles plus `later` (placed since), on `layout`
    (the table before it), when its side needed `need` raw points."""

    seat: int
    placement: Placement
    later: tuple[Tile, ...]
    layout: Layout
    need: int


def evidence(obs: Observation) -> list[Evidence]:
    """The other seats' placements this round that show a choice, from the observation's public plays."""
    found: list[Evidence] = []
    layout = Layout()
    totals: list[int] = []
    layouts: list[Layout] = []
    for play in obs.plays:
        layouts.append(layout.copy())
        totals.append(layout.place(play.tile, play.placement.on, play.seat))
    for k, play in enumerate(obs.plays):
        s = play.seat
        if s == obs.seat or k <= obs.last_draws[s]:
            continue
        side = obs.side_of(s)
        later = tuple(p.tile for p in obs.plays[k + 1 :] if p.seat == s)
        gained = sum(SCORING[totals[j]] for j in range(k, len(obs.plays)) if obs.side_of(obs.plays[j].seat) == side)
        need = TARGET_RAW - obs.scores[side] + gained
        found.append(Evidence(s, play.placement, later, layouts[k], need))
    return found


def _worth(total: int, need: int) -> float:
    points = SCORING[total]
    if not points or points > need:
        return 0.0
    return WIN_POINTS if points == need else float(points)


def likelihood(item: Evidence, hand: list[Tile] | tuple[Tile, ...]) -> float:
    """The chance, under the model, that a seat holding `hand` plus `item.later` placed as it did."""
    tiles = (item.placement.tile, *item.later, *hand)
    chosen = -1.0
    worths: list[float] = []
    for o in item.layout.options_of(tiles, SETTLING):  # the options themselves: no list of pairs made from them
        w = _worth(o.total, item.need)
        worths.append(w)
        if o.placement == item.placement:
            chosen = w
    if chosen < 0 or len(worths) < 2:
        return 1.0  # the placement was not a choice in this deal (or it cannot be judged): no evidence
    top = max(worths)
    return math.exp(SHARPNESS * (chosen - top)) / sum(math.exp(SHARPNESS * (w - top)) for w in worths)


def deal_weight(items: list[Evidence], hands: list[list[Tile]]) -> float:
    """The weight of a sampled deal: the product of the likelihoods of every placement in evidence."""
    weight = 1.0
    for item in items:
        weight *= likelihood(item, hands[item.seat])
    return max(weight, MIN_WEIGHT)
