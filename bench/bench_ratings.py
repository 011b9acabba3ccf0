"""Benchmark of rating a finished match: the median time per match, pure and with its storage write.

Run from the project's root: `.venv/bin/python bench/bench_ratings.py [--matches N] [--quick]`.
It prints figures and is not a test (tests/bot_tests/test_bench_ratings.py runs `--quick` so it keeps working).
Matches are played to the end with random legal placements, 2, 3 and 4 players, people and computer
levels mixed, one server whose ratings grow as they are rated in turn. Figures, each with its
yardstick measured in the same run:

- `rate()` (bot/host/ratings/rating_math.py: the ranking, openskill, a level at two seats) against openskill's
  own `PlackettLuce.rate` on the same teams (the floor any rating must pay);
- `rate_finished()` (bot/host/ratings/rating_keeper.py: read the players' ratings, rate, write the changes
  and the new ratings, one SQLite transaction) against `save_record()`, the write every placement
  makes, on the same file.

Target (issue 17): rating a match <= 5 ms median, storage included.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from openskill.models import PlackettLuceRating  # noqa: E402

from bot.host.ratings.rating_keeper import rate_finished  # noqa: E402
from bot.host.ratings.rating_math import model, placings, rate  # noqa: E402
from bot.host.tables import row_conversion  # noqa: E402
from bot.model.rating_change import Rating  # noqa: E402
from bot.model.table_state import Seat, Table, TableStatus  # noqa: E402
from bot.storage import SqliteStorage  # noqa: E402
from engine import Match  # noqa: E402
from engine.selfplay import at_random, play_to_end  # noqa: E402

TARGET_MS = 5.0
GUILD = 1
LEVELS = ("easy", "normal", "hard")


def played_out(players: int, rng: random.Random) -> Match:
    """A match to its end, every placement a random legal one."""
    match = Match.new(players, rng.getrandbits(32))
    return play_to_end(match, at_random(rng))


def seats_for(players: int, rng: random.Random, people: int) -> list[Seat]:
    """At least one person; each other seat a person of the server's `people` or a computer level."""
    users = rng.sample(range(1, people + 1), players)
    seats = [Seat(users[0], f"user{users[0]}")]
    for n in users[1:]:
        if rng.random() < 0.3:
            level = rng.choice(LEVELS)
            seats.append(Seat(None, f"Computer {level}", level))
        else:
            seats.append(Seat(n, f"user{n}"))
    return seats


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def openskill_alone(match: Match, seats: list[Seat], current: dict[str, Rating]) -> float:
    """The seconds openskill itself takes on this match's teams and ranks (ratings made beforehand)."""
    m = model()
    teams: dict[int, list[PlackettLuceRating]] = {}
    ranks: dict[int, float] = {}
    for p in placings(match, seats):
        r = current.get(p.key, Rating())
        side = match.side_of(p.seat)
        teams.setdefault(side, []).append(m.rating(mu=r.mu, sigma=r.sigma))
        ranks[side] = float(p.rank)
    sides = sorted(teams)
    start = time.perf_counter()
    m.rate([teams[side] for side in sides], ranks=[ranks[side] for side in sides])
    return time.perf_counter() - start


async def run(count: int, people: int, folder: Path) -> dict[str, float]:
    rng = random.Random(17)
    games = [(m, seats_for(m.players, rng, people)) for m in (played_out(2 + i % 3, rng) for i in range(count))]
    storage = await SqliteStorage.open(folder / "bench.sqlite3")
    try:
        pure: list[float] = []
        floor: list[float] = []
        stored: list[float] = []
        plain: list[float] = []
        current: dict[str, Rating] = {}
        for match, seats in games:
            floor.append(openskill_alone(match, seats, current))
            start = time.perf_counter()
            changes = rate(match, seats, current)
            pure.append(time.perf_counter() - start)
            current.update({c.key: c.after for c in changes})

            rows = row_conversion.seat_rows(seats)
            table_id = await storage.create_table(
                guild_id=GUILD, channel_id=table_id_hint(len(stored)), host_id=1, lang="en", level="normal",
                seed="bench", seats=rows,
            )  # fmt: skip
            record = match.record.dumps()
            await storage.start_match(table_id, rows, record)
            start = time.perf_counter()
            await storage.save_record(table_id, record)
            plain.append(time.perf_counter() - start)
            table = Table(table_id, GUILD, 0, 1, "en", "normal", "bench", TableStatus.OVER, seats, match=match)
            await storage.finish_match(table_id, GUILD, record, row_conversion.result_rows(table))
            start = time.perf_counter()
            await rate_finished(storage, table)
            stored.append(time.perf_counter() - start)
    finally:
        await storage.close()
    return {
        "rate": median_ms(pure),
        "openskill": median_ms(floor),
        "rate_finished": median_ms(stored),
        "save_record": median_ms(plain),
    }


def table_id_hint(n: int) -> int:
    """A channel of its own per table (one open table per channel)."""
    return 10_000 + n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=300, help="matches rated (a third each of 2, 3, 4 players)")
    parser.add_argument("--people", type=int, default=40, help="people in the server")
    parser.add_argument("--quick", action="store_true", help="a handful of matches: checks the script runs")
    args = parser.parse_args(argv)
    count = 6 if args.quick else args.matches
    with tempfile.TemporaryDirectory() as folder:
        got = asyncio.run(run(count, args.people, Path(folder)))
    verdict = "met" if got["rate_finished"] <= TARGET_MS else "MISSED"
    print(f"{count} matches rated in one server of {args.people} people (2, 3 and 4 players; computers mixed in)")
    print(line("rate() (pure)", got["rate"], f"ratio {ratio(got, 'rate', 'openskill')} of the baseline"))
    print(line("baseline openskill rate", got["openskill"]))
    print(line("rate_finished() (SQLite)", got["rate_finished"], f"target <= {TARGET_MS:.0f} ms: {verdict}"))
    print(
        line(
            "baseline save_record", got["save_record"], f"rate_finished is {ratio(got, 'rate_finished', 'save_record')}"
        )
    )
    return 0


def line(name: str, ms: float, note: str = "") -> str:
    return f"  {name:<26}{ms:8.3f} ms median" + (f"   ({note})" if note else "")


def ratio(got: dict[str, float], ours: str, base: str) -> str:
    return f"{got[ours] / got[base]:.2f}x" if got[base] > 0 else "n/a"


if __name__ == "__main__":
    raise SystemExit(main())
