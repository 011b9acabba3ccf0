"""Benchmark of opening a tournament round: 100 matches' threads through the fake Discord at the bot's pace.

Run from the project's root: `.venv/bin/python bench/bench_round_opening.py [--quick] [--players N]`.
It prints figures and is not a test. The real discord.py talks to tests/support/discord_fake; N members
(200 by default: round 1 of a Swiss is 100 matches) sign up to an event and its organiser starts it. The
clock is a `ManualTimer` moved a second at a time, so the figures are in the bot's own time, the time
Discord would see: how long until every match had its thread, how many requests the bot made per second
over the opening, and the most the event's channel got of each kind that Discord limits on its own:
messages in any 5 seconds (Discord allows 5) and new threads in any 10 seconds (bot/host/tournaments/thread_pace.py).
Baseline, same run: the same round opened without the pace (as before it), every thread asked for at
once. Also the wall-clock time each run took here. --quick: 24 members.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from unittest.mock import patch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # support: the fake Discord, the world, the hand-moved timer

from discord import Permissions  # noqa: E402
from support.discord_fake import FakeChannel, FakeDiscord, FakeGuild, FakeMember, FakeRole, FakeUser  # noqa: E402
from support.manual_timer import ManualTimer  # noqa: E402
from support.world import World  # noqa: E402

from bot.host.tournaments import thread_pace  # noqa: E402
from bot.model.tournament import Entrant  # noqa: E402

THREADS = "/channels/{channel_id}/messages/{message_id}/threads"
MESSAGES = "/channels/{channel_id}/messages"
LONGEST = 3600  # simulated seconds: a run that takes longer has gone wrong


@dataclass
class Opening:
    matches: int
    seconds: float  # simulated: start to the last thread
    requests: int  # every request to Discord over the opening
    peak_messages: int  # the most messages posted in the event's channel in any 5 s
    peak_threads: int  # the most threads made on its messages in any 10 s
    wall: float


async def open_round(players: int, paced: bool, folder: Path) -> Opening:
    users = [FakeUser(f"m{n}") for n in range(players)]
    role = FakeRole("organisers", Permissions(manage_guild=True))
    organiser = FakeUser("org")
    guild = FakeGuild(
        channels=[FakeChannel("games")], roles=[role], members=[*users, FakeMember(organiser, roles=[role])]
    )
    timer = ManualTimer()
    w = World(
        guild, users, organiser, folder / f"{'paced' if paced else 'unpaced'}.sqlite3", timeout=3600.0, timer=timer
    )
    limit = thread_pace.OPENINGS_PER_WINDOW if paced else 10**6
    with patch.object(thread_pace, "OPENINGS_PER_WINDOW", limit):
        try:
            w.fake = await FakeDiscord.start(await w.new_bot(), guilds=[guild], users=users)
            return await _measure(w, timer, players)
        finally:
            await w.fake.close()
            await w.resources.aclose()


async def _measure(w: World, timer: ManualTimer, players: int) -> Opening:
    games = w.guild.channel("games")
    made = await w.fake.slash(w.mod, games, "five-up tournament create", name="Big", format="swiss", rounds=1)
    assert made.ok, made.problems
    storage = w.bot.manager.storage
    (event,) = await storage.events(w.guild.id)
    for user in w.users:  # signed up straight in the database: the clicks are not what is measured
        await storage.add_entrant(event.id, Entrant(user.id, user.name))
    matches = players // 2
    first_request = len(w.fake.requests)
    started_wall, started = time.perf_counter(), timer.now()
    messages: list[int] = []  # messages posted in the event's channel by each simulated second
    threads: list[int] = []  # threads made there by each simulated second
    last_thread = started
    await w.fake.slash(w.mod, games, "five-up tournament start", event=event.id)
    while True:
        await w.fake.wait_idle()
        mine = [
            r
            for r in w.fake.requests[first_request:]
            if r.method == "POST" and str(r.params.get("channel_id")) == str(games.id)
        ]
        messages.append(sum(1 for r in mine if r.path == MESSAGES))
        threads.append(sum(1 for r in mine if r.path == THREADS))
        if threads[-1] >= matches:
            last_thread = timer.now()
            break
        if timer.now() - started > LONGEST:
            raise RuntimeError("the round did not open")
        timer.advance(1.0)
    wall = time.perf_counter() - started_wall
    requests = len(w.fake.requests) - first_request
    opened = [g for g in await storage.games(event.id) if g.second is not None and g.table_id is not None]
    assert len(opened) == matches, f"{len(opened)} of {matches} matches opened"
    return Opening(matches, last_thread - started, requests, _peak(messages, 5), _peak(threads, 10), wall)


def _peak(totals: list[int], span: int) -> int:
    """The most added in any `span` seconds, from running totals taken a second apart."""
    counts = [b - a for a, b in zip([0, *totals], totals, strict=False)]
    return max(sum(counts[i : i + span]) for i in range(len(counts)))


def describe(name: str, o: Opening) -> str:
    rate = f"{o.requests / o.seconds:.1f} a second over the opening" if o.seconds else "all at once"
    return (
        f"  {name}: {o.matches} matches opened in {o.seconds:.0f} s of the bot's time; {o.requests} requests,"
        f" {rate}; in the event's channel at most {o.peak_messages} messages in 5 s and {o.peak_threads}"
        f" new threads in 10 s; {o.wall:.1f} s of wall clock here"
    )


async def main_async(players: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        unpaced = await open_round(players, False, Path(folder))
        paced = await open_round(players, True, Path(folder))
    print(f"round 1 of a {players}-player Swiss, through the fake Discord:")
    print(describe("baseline, unpaced", unpaced))
    print(describe(f"paced ({thread_pace.OPENINGS_PER_WINDOW} a {thread_pace.WINDOW_SECONDS:.0f} s)", paced))
    print(
        f"  the pace: {paced.peak_messages / max(unpaced.peak_messages, 1):.2f}x the baseline's most messages in"
        f" 5 s, the whole round open after {paced.seconds / 60:.1f} min"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args()
    asyncio.run(main_async(args.players or (24 if args.quick else 200)))


if __name__ == "__main__":
    main()
