"""Deals whose whole two-player match is short, for tests that play whole matches for what comes after them.

A match to exactly 61 takes about 160 placements on a random seed, whether two `normal` computers play it
(2,000 seeds: median 159, fewest 68) or two people choosing as `bot_host.pick` does (median 157, fewest 77).
Tests that need finished matches (tournaments' rounds and standings, ratings, history, replays) deal them
from here instead: the same rules, the same whole matches, about half the placements.

- SHORT_TWO: table seeds for two `normal` computers. The bot deals each table from its seed and seeds a
  computer's choice by the table's seed, move and seat (bot/host/clocks/turn_clock.py).
- SHORT_FIRST_TWO: table seeds for two people who each place their first option (`engine.selfplay.first_option`,
  a median of 208 placements on a random seed: 1,500 seeds, fewest 93).
- SHORT_PICKED: (table seed, chooser seed) pairs for two people whose chooser is `pick` with
  `random.Random(chooser seed)`, one draw sequence for the whole match (`World.play_out`).

A deal plays out as `placements` says as long as the engine's rules and the players are unchanged;
tests/bot_tests/test_short_deals.py keeps both lists honest, and `python tests/support/short_deals.py N`
searches N seeds again."""

from __future__ import annotations

import itertools
import random
import sys
from collections.abc import Callable
from pathlib import Path

if __name__ == "__main__":
    sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

from support.bot_host import pick

from engine import Match
from engine.players import choose
from engine.selfplay import Chooser, first_option, play_to_end

SHORT_TWO = ("s895", "s993", "s1787", "s1388", "s55", "s728", "s467", "s350", "s969", "s1367", "s1685", "s637")
SHORT_FIRST_TWO = ("f2-1161", "f2-347", "f2-637", "f2-491")
SHORT_PICKED = (
    ("p298", 298),
    ("p64", 64),
    ("p1870", 1870),
    ("p1155", 1155),
    ("p972", 972),
    ("p846", 846),
    ("p1814", 1814),
    ("p1083", 1083),
    ("p1982", 1982),
    ("p1159", 1159),
    ("p309", 309),
    ("p1766", 1766),
    ("p1968", 1968),
    ("p859", 859),
    ("p1456", 1456),
    ("p523", 523),
)
MOST = 105  # placements each of these matches takes at most


def _placements(seed: str, players: int, chooser: Chooser) -> int:
    """The placements of a whole match dealt from `seed`, every seat choosing by `chooser`."""
    made: list[None] = []
    play_to_end(Match.new(players, seed), chooser, after=lambda match, events: made.append(None))
    return len(made)


def placements(seed: str, players: int = 2, level: str = "normal") -> int:
    """A whole match's placements, every seat the computer at `level` as the bot seeds it
    (f"{seed}/{move_no}/{seat}")."""
    return _placements(
        seed, players, lambda m, seat: choose(m, seat, level, rng=random.Random(f"{seed}/{m.move_no}/{seat}"))
    )


def picked_placements(seed: str, chooser_seed: int, players: int = 2) -> int:
    """A whole match's placements, every seat a person choosing by `pick` from one `random.Random(chooser_seed)`."""
    rng = random.Random(chooser_seed)
    return _placements(seed, players, lambda m, seat: pick(m.options(seat), rng))


def first_placements(seed: str, players: int = 2) -> int:
    """A whole match's placements, every seat placing its first option."""
    return _placements(seed, players, first_option)


def short_deal(number: int) -> tuple[str, int]:
    """Short people's deal `number` (any int; distinct numbers below len(SHORT_PICKED) apart give distinct
    deals): (table seed, chooser seed)."""
    return SHORT_PICKED[number % len(SHORT_PICKED)]


def short_seeds() -> Callable[[], str]:
    """The bot's `seeds`: SHORT_TWO in turn, round and round (one iterator, so a restart deals on from it)."""
    return itertools.cycle(SHORT_TWO).__next__


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print("computers:", sorted((placements(f"s{n}"), f"s{n}") for n in range(count))[:16])
    print("first options:", sorted((first_placements(f"f2-{n}"), f"f2-{n}") for n in range(count))[:8])
    print("people:", sorted((picked_placements(f"p{n}", n), f"p{n}", n) for n in range(count))[:16])
