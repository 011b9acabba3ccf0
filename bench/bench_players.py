"""Benchmark of the computer players: the median time of one decision per level, on mid-game positions.

Run from the project's root: `.venv/bin/python bench/bench_players.py [--positions N] [--players P] [--quick]`.
It prints figures and is not a test. The yardsticks, measured in the same run on the same positions,
are `match.options()` (what any player must at least ask) and `observe()` (the seat's information set,
which `normal` and `hard` build before deciding). Positions are real choices (two options or more),
since a single option is returned at once by every level. Last, the searches' inner loop: one world
per position played out to the round's end with `hard`'s quick policy (the baseline) and with
`expert`'s lookahead policy; and how strong each policy is, as a duel of whole matches in which the
policies play each other with every hand in view (as they do in a world), each deal twice with the
seats swapped. The lookahead policy's weights were chosen with such duels.

Targets (issues 5 and 19): `hard` and `expert` decide in <= 250 ms median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Match, Option  # noqa: E402
from engine.players import LEVELS, choose, observe  # noqa: E402
from engine.players.greedy import lookahead_choice, quick_choice  # noqa: E402
from engine.players.sampling import make_world, sample_deal  # noqa: E402
from engine.players.search import Policy, play_out  # noqa: E402
from engine.selfplay import play_to_end  # noqa: E402

HARD_TARGET_MS = 250.0


def midgame_positions(count: int, players: int) -> list[tuple[Match, int]]:
    """Positions from `normal` self-play with at least four tiles on the table and a real choice to make."""
    found: list[tuple[Match, int]] = []
    seed = 0
    while len(found) < count:
        match = Match.new(players, f"bench-players/{seed}")
        rng = random.Random(seed)
        seed += 1

        def normal(match: Match, seat: int, rng: random.Random = rng) -> Option:
            if len(match.snapshot().tiles) >= 4 and len(match.options(seat)) >= 2 and rng.random() < 0.2:
                found.append((match.clone(keep_history=True), seat))
            return choose(match, seat, "normal", rng=rng)

        play_to_end(match, normal, until=lambda m: len(found) >= count)
    return found


def median_ms(positions: list[tuple[Match, int]], decide: Callable[[Match, int, int], object]) -> float:
    samples = []
    for i, (match, seat) in enumerate(positions):
        start = time.perf_counter()
        decide(match, seat, i)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def play_out_us(worlds: list[Match], policy: Policy, repeat: int = 5) -> float:
    """The median time of one play-out (a clone of a world played to the round's end), in us."""
    samples = []
    for _ in range(repeat):
        for world in worlds:
            start = time.perf_counter()
            play_out(world.clone(), policy)
            samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1e6


def duel(players: int, matches: int, policy: Policy, other: Policy) -> int:
    """How many of `matches` whole matches `policy`'s side wins against `other`'s (seeds paired, seats swapped)."""
    won = 0
    for i in range(matches):
        match = Match.new(players, f"bench-players-duel/{players}/{i // 2}")
        side = i % 2

        def sides(match: Match, seat: int, side: int = side) -> Option:
            chooser = policy if match.side_of(seat) == side else other
            return chooser(match, seat, match.options(seat))

        won += play_to_end(match, sides).winner == side
    return won


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--budget", type=float, default=None, help="the searching levels' budget in s")
    parser.add_argument("--duels", type=int, default=2000, help="matches of the play-out policies' duel")
    parser.add_argument("--quick", action="store_true", help="four positions at a 10 ms budget: a smoke run")
    args = parser.parse_args(argv)
    if args.quick:
        args.positions, args.budget, args.duels = 4, 0.01, 100
    positions = midgame_positions(args.positions, args.players)
    options = statistics.mean(len(m.options(s)) for m, s in positions)
    print(f"{len(positions)} mid-game positions, {args.players} players, {options:.1f} options on average")
    print(f"  baseline match.options(): {median_ms(positions, lambda m, s, i: m.options(s)):8.3f} ms")
    print(f"  baseline observe():       {median_ms(positions, lambda m, s, i: observe(m, s)):8.3f} ms")
    for level in LEVELS:

        def decide(m: Match, s: int, i: int, level: str = level) -> object:
            return choose(m, s, level, rng=random.Random(i), budget_s=args.budget)

        ms = median_ms(positions, decide)
        verdict = f"  (target <= {HARD_TARGET_MS:.0f} ms: {'met' if ms <= HARD_TARGET_MS else 'MISSED'})"
        print(f"  {level:<24}  {ms:8.3f} ms{verdict if level in ('hard', 'expert') else ''}")
    rng = random.Random(0)
    worlds = [make_world(m, obs, *sample_deal(obs, rng)) for m, s in positions for obs in [observe(m, s)]]
    quick = play_out_us(worlds, quick_choice)
    look = play_out_us(worlds, lookahead_choice)
    print(f"  play-out, hard's quick policy (baseline):  {quick:8.1f} us")
    print(f"  play-out, expert's lookahead policy:       {look:8.1f} us  ({look / quick:.2f} x the baseline)")
    for players in (2, 4):
        won = duel(players, args.duels, lookahead_choice, quick_choice)
        rate = won / args.duels
        print(f"  duel, {players} players, lookahead policy vs quick policy: {won}/{args.duels} won = {rate:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
