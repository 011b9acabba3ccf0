"""`expert`: determinized search like `hard`, with more careful play-outs and more worlds.

Like `hard`, it samples deals of the tiles it cannot see that fit its observation (what draws and
passes revealed) and tries every option in the same worlds. `hard` plays each world out greedily:
every seat grabs the most points now. In `expert`'s play-outs (heads-up) every seat also weighs what
the next seat could score right after each placement, judged only from the tiles that seat can see,
so an option is valued by a continuation closer to good play. It reads nothing but the observation:
the worlds are dealt from it, and the real hidden tiles are replaced before play.
"""

from __future__ import annotations

import math
import random
import time

from ..events import Result
from ..match import Match
from ..rules import SCORING, TARGET_RAW
from ..tiles import ALL_TILES, Tile
from ..views import Option, Phase
from .greedy import REPLY_WEIGHT, WIN_WORTH
from .observation import Observation
from .sampling import make_world
from .search import PLAYOUT_LIMIT, outcome, play_out, sampled_choice, settled_choice

EXPERT_BUDGET_S = 0.2  # its own default: a decision's median stays well under 250 ms
MAX_WORLDS = 400
MIN_WORLDS = 32  # before stopping early because one option is clearly best
# Where the careful play-out is used. Heads-up it beat `hard`'s greedy one; with four players an expert
# pair using it lost more often than not to a hard pair (bench/bench_expert.py), so there the play-outs are
# `hard`'s own and `expert` differs only in searching more worlds before it stops early.
CAREFUL_PLAYERS = frozenset({2})


def choose_expert(
    match: Match, obs: Observation, rng: random.Random, budget_s: float | None, worlds: int = MAX_WORLDS
) -> Option:
    """The option with the best average over sampled worlds: at most `worlds` of them, fewer when the
    budget runs out or one option is clearly best (a fixed `worlds` and no deadline: reproducible)."""
    forced = settled_choice(obs)
    if forced is not None:
        return forced
    deadline = time.perf_counter() + (EXPERT_BUDGET_S if budget_s is None else budget_s)
    return sampled_choice(
        match, obs, rng, deadline=deadline, worlds=worlds, min_worlds=MIN_WORLDS, value=answered, deal=make_world
    )


def answered(world: Match, side: int) -> float:
    """The value for `side` of a world in which it has just placed, played out with the careful policy."""
    if world.phase is not Phase.PLAYING:
        return outcome(world, side)
    if world.players not in CAREFUL_PLAYERS:
        play_out(world)
        return outcome(world, side)
    for _ in range(PLAYOUT_LIMIT):
        if world.phase is not Phase.PLAYING:
            break
        seat = world.turn
        assert seat is not None
        options = world.options(seat)
        o = options[0] if len(options) == 1 else careful_choice(world, seat, options)
        world.place(seat, o.placement)
    return outcome(world, side)


def careful_choice(world: Match, seat: int, options: list[Option]) -> Option:
    """The play-out policy of `expert`: `quick_choice`'s points, less what the next seat (an opponent)
    could score right after, judged from what `seat` itself can see (its hand and the table)."""
    side = world.seat_sides[seat]
    need = TARGET_RAW - world.scores[side]
    nxt = (seat + 1) % world.players
    opponent_next = world.seat_sides[nxt] != side
    best = options[0]
    best_value = -math.inf
    hidden: list[Tile] | None = None
    for o in options:
        result = o.result
        if result is Result.SCORED:
            if o.points == need:
                return o
            value = float(o.points)
        elif result is Result.SETTLED:
            value = o.points + 20.0
        else:
            value = 0.0
        value += 0.1 * o.tile.pips
        if opponent_next and result is not Result.SETTLED:
            if hidden is None:
                seen = {*world.hands[seat], *world.layout}
                hidden = [t for t in ALL_TILES if t not in seen]
            value -= REPLY_WEIGHT * _threat(world, o, nxt, hidden)
        if value > best_value:
            best, best_value = o, value
    return best


def _threat(world: Match, o: Option, nxt: int, hidden: list[Tile]) -> float:
    """What seat `nxt` may score right after `o`, if it holds a fitting tile among `hidden`."""
    layout = world.layout.copy()
    layout.place(o.tile, o.on)
    need = TARGET_RAW - world.scores[world.seat_sides[nxt]]
    best = 0
    scoring = 0
    for t in hidden:
        if t is o.tile:
            continue
        top = 0
        for _, total in layout.placements(t):
            points = SCORING[total]
            if points and points <= need:
                points = WIN_WORTH if points == need else points
                if points > top:
                    top = points
        if top:
            scoring += 1
            if top > best:
                best = top
    if not best:
        return 0.0
    return best * min(1.0, len(world.hands[nxt]) * scoring / max(1, len(hidden) - 1))
