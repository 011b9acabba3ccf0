"""`python -m engine.duels --players 2 --games 2000 hard normal`: computer players against each other.

One level per seat, in the order given. Seats are rotated fairly: every deal is
played once with each rotation of the levels around the table, so each level
meets the same deals from every seat. Prints each level's win rate with a 95%
(Wilson) confidence interval and the median time it took per decision.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from .match import Match
from .phase import Phase
from .players import LEVELS, Level, choose

MAX_DECISIONS = 20_000  # a match that has not ended by then counts as won by nobody
Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Game `index` of a run of duels: whose level sits where, and the deal."""

    index: int
    levels: tuple[Level, ...]  # by entry, as given on the command line
    seed: str
    budget_s: float | None

    @property
    def players(self) -> int:
        return len(self.levels)

    @property
    def rotation(self) -> int:
        return self.index % self.players

    def entry_at(self, seat: int) -> int:
        return (seat + self.rotation) % self.players

    @property
    def deal_seed(self) -> str:
        return f"{self.seed}/deal/{self.index // self.players}"  # the same deal for each rotation


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    winners: tuple[int, ...]  # entries on the winning side (empty if nobody won)
    times: tuple[tuple[int, float, int], ...]  # per decision: (entry, seconds, options it had)


def play_game(spec: GameSpec) -> GameResult:
    """Play one whole match; every seat has its own random source, seeded from the game."""
    match = Match.new(spec.players, spec.deal_seed)
    rngs = [random.Random(f"{spec.seed}/game/{spec.index}/seat/{s}") for s in range(spec.players)]
    times: list[tuple[int, float, int]] = []
    for _ in range(MAX_DECISIONS):
        if match.phase is Phase.ROUND_OVER:
            match.next_round()
        if match.phase is not Phase.PLAYING:
            break
        seat = match.turn
        assert seat is not None
        entry = spec.entry_at(seat)
        count = len(match.options(seat))
        start = time.perf_counter()
        o = choose(match, seat, spec.levels[entry], rng=rngs[seat], budget_s=spec.budget_s)
        times.append((entry, time.perf_counter() - start, count))
        match.place(seat, o.placement)
    winners: tuple[int, ...] = ()
    if match.winner is not None:
        winners = tuple(spec.entry_at(s) for s in range(spec.players) if match.side_of(s) == match.winner)
    return GameResult(spec.index, winners, tuple(times))


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: sound near 0 and 1 and for small samples."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)  # exact at the ends, where rounding would stray
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


@dataclass(slots=True)
class Tally:
    """What the duels have shown so far, per entry."""

    levels: tuple[str, ...]
    games: int = 0
    undecided: int = 0
    wins: list[int] = field(default_factory=list)
    times: list[list[float]] = field(default_factory=list)
    choice_times: list[list[float]] = field(default_factory=list)  # decisions with more than one option

    def __post_init__(self) -> None:
        n = len(self.levels)
        self.wins = [0] * n
        self.times = [[] for _ in range(n)]
        self.choice_times = [[] for _ in range(n)]

    def add(self, result: GameResult) -> None:
        self.games += 1
        if not result.winners:
            self.undecided += 1
        for entry in result.winners:
            self.wins[entry] += 1
        for entry, seconds, count in result.times:
            self.times[entry].append(seconds)
            if count > 1:
                self.choice_times[entry].append(seconds)

    def lines(self) -> list[str]:
        names = entry_names(self.levels)
        width = max(len(n) for n in names)
        out = []
        for entry, name in enumerate(names):
            wins = self.wins[entry]
            low, high = wilson(wins, self.games)
            rate = wins / self.games if self.games else 0.0
            out.append(
                f"{name:<{width}}  wins {wins}/{self.games} = {rate:6.1%}  95% CI [{low:.1%}, {high:.1%}]"
                f"  median decision {_ms(self.times[entry])} (with a choice {_ms(self.choice_times[entry])})"
                f"  decisions {len(self.times[entry])}"
            )
        if self.undecided:
            out.append(f"undecided after {MAX_DECISIONS} decisions: {self.undecided}/{self.games}")
        return out


def entry_names(levels: Sequence[str]) -> list[str]:
    """Level names, numbered when a level plays more than one seat ("normal#1", "normal#2")."""
    names = []
    for i, level in enumerate(levels):
        if levels.count(level) > 1:
            names.append(f"{level}#{levels[: i + 1].count(level)}")
        else:
            names.append(level)
    return names


def _ms(seconds: list[float]) -> str:
    return f"{statistics.median(seconds) * 1000:.2f} ms" if seconds else "n/a"


def run(
    levels: Sequence[Level | str], games: int, seed: str, jobs: int, budget_s: float | None, progress: bool = False
) -> Tally:
    chosen = tuple(Level(x) for x in levels)
    specs = [GameSpec(i, chosen, seed, budget_s) for i in range(games)]
    tally = Tally(chosen)
    started = time.perf_counter()
    for result in _results(specs, jobs):
        tally.add(result)
        if progress and (tally.games % max(1, games // 20) == 0 or tally.games == games):
            elapsed = time.perf_counter() - started
            print(f"[{tally.games}/{games} games, {elapsed:.0f} s] " + " | ".join(tally.lines()), file=sys.stderr)
    return tally


def _results(specs: list[GameSpec], jobs: int) -> Iterator[GameResult]:
    """Results in game order, whether played here or by `jobs` worker processes."""
    if jobs <= 1:
        yield from map(play_game, specs)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_game, specs, chunksize=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.duels", description=__doc__.split("\n")[0])
    parser.add_argument("levels", nargs="+", choices=[x.value for x in LEVELS], help="one level per seat")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--budget", type=float, default=None, help="seconds per hard decision")
    parser.add_argument("--progress", action="store_true", help="report on stderr as games finish")
    args = parser.parse_args(argv)
    if len(args.levels) != args.players:
        parser.error(f"give one level per seat: {args.players} levels, not {len(args.levels)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    started = time.perf_counter()
    tally = run(args.levels, args.games, args.seed, args.jobs, args.budget, args.progress)
    elapsed = time.perf_counter() - started
    print(
        f"{args.players} players, {tally.games} games (seats rotated), seed {args.seed!r}, "
        f"{args.jobs} job(s), {elapsed:.0f} s"
    )
    for line in tally.lines():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
