"""Benchmark of the replay viewer through the real discord.py (tests/support/discord_fake), on a 150-placement match.

Run from the project's root: `.venv/bin/python bench/bench_replay.py [--quick]`. It prints figures
and is not a test. A finished 4-player match of about 150 placements is stored in a real SQLite file;
the bot runs on the fake Discord and a player clicks as people do, one click after the last answer
has arrived and the bot has settled (its pictures drawn ahead included):

1. Baseline, same run: a click on the rules' Next button (an edit with no picture): the floor of a
   click through discord.py and the fake's HTTP.
2. The viewer's first answer: `/five-up replay match:` with nothing cached (a fresh replay desk, as
   after a restart), until its message with the picture is there (target p95 <= 1 s).
3. Steps: ▶ through every placement, then ⏭, ⏮ and a jump to each round by the select; click ->
   the viewer edited with the new picture (target p95 <= 300 ms), and the slowest step.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the fake Discord

from support.bot_host import hosted_bot  # noqa: E402
from support.discord_fake import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser, InteractionRecord  # noqa: E402

from bot.edge.app import FiveUpBot  # noqa: E402
from bot.host.replay.replay_desk import _replay_desk_by_manager  # noqa: E402
from bot.storage import ResultRow, SeatRow  # noqa: E402
from engine import Match, Record  # noqa: E402
from engine.selfplay import long_match  # noqa: E402

STEP_TARGET_MS = 300.0
FIRST_TARGET_MS = 1000.0
POLL_S = 0.001


async def store(bot: FiveUpBot, guild_id: int, channel_id: int, users: list[FakeUser], record: Record) -> int:
    storage = bot.manager.storage
    seats = [SeatRow(u.id, u.name) for u in users]
    table_id = await storage.create_table(
        guild_id=guild_id, channel_id=channel_id, host_id=users[0].id, lang="en", level="normal", seed="b", seats=seats
    )
    text = record.dumps()
    await storage.start_match(table_id, seats, text)
    final = Match.replay(record)
    results = [
        ResultRow(s, u.id, u.name, final.winner == final.side_of(s), final.scores[final.side_of(s)] // 5)
        for s, u in enumerate(users)
    ]
    await storage.finish_match(table_id, guild_id, text, results)
    return table_id


async def until(done: Callable[[], bool], limit_s: float = 30.0) -> None:
    deadline = time.perf_counter() + limit_s
    while not done():
        if time.perf_counter() > deadline:
            raise TimeoutError("no answer")
        await asyncio.sleep(POLL_S)


async def timed(act: Callable[[], Awaitable[object]], done: Callable[[], bool]) -> float:
    """ms from the click to the answer being there."""
    start = time.perf_counter()
    await act()
    await until(done)
    return (time.perf_counter() - start) * 1000


def placement_shown(message: FakeMessage) -> int:
    first = message.content.splitlines()[0]
    return int(first.rsplit("placement ", 1)[1].split(" of ")[0])


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def line(name: str, values: list[float], target: float | None = None) -> str:
    verdict = "" if target is None else f" ({'ok' if p95(values) <= target else 'OVER TARGET'}, p95 <= {target:.0f} ms)"
    return (
        f"{name}: n={len(values)} p50 {statistics.median(values):.1f} ms, p95 {p95(values):.1f} ms, "
        f"worst {max(values):.1f} ms{verdict}"
    )


class Reader:
    """One player clicking, each click after the last answer and the bot's settling."""

    def __init__(self, fake: FakeDiscord, user: FakeUser, table_id: int) -> None:
        self.fake = fake
        self.user = user
        self.table_id = table_id
        self.viewer: FakeMessage | None = None

    def shown(self) -> int:
        assert self.viewer is not None
        return placement_shown(self.fake._message(self.viewer))

    async def rules_click(self, rules: FakeMessage, button: str) -> float:
        before = self.fake._message(rules).embed_dicts

        async def act() -> None:
            await self.fake.click(self.user, rules, button, settle=False)

        ms = await timed(act, lambda: self.fake._message(rules).embed_dicts != before)
        await self.fake.wait_idle()
        return ms

    async def open(self, games: int) -> float:
        opened: list[InteractionRecord] = []

        async def act() -> None:
            opened.append(await self.fake.slash(self.user, games, "five-up replay", match=self.table_id, settle=False))

        def answered() -> bool:
            reply = opened[-1].last_touched if opened else None
            return reply is not None and bool(reply.attachments)

        ms = await timed(act, answered)
        await self.fake.wait_idle()
        self.viewer = opened[-1].last_touched
        return ms

    async def click(self, custom_id: str, shows: int) -> float:
        assert self.viewer is not None
        viewer = self.fake._message(self.viewer)

        async def act() -> None:
            await self.fake.click(self.user, viewer, custom_id, settle=False)

        ms = await timed(act, lambda: self.shown() == shows)
        await self.fake.wait_idle()
        return ms

    async def pick_round(self, number: int, shows: int) -> float:
        assert self.viewer is not None
        viewer = self.fake._message(self.viewer)

        async def act() -> None:
            await self.fake.select(self.user, viewer, f"5up:rpround:{self.table_id}", [str(number)], settle=False)

        ms = await timed(act, lambda: self.shown() == shows)
        await self.fake.wait_idle()
        return ms


async def run(quick: bool) -> int:
    players, span, opens = (2, (1, 10_000), 2) if quick else (4, (140, 160), 10)
    record = long_match(players, span, "bench-replay")
    users = [FakeUser(f"player{n}") for n in range(players)]
    guild = FakeGuild(channels=[FakeChannel("games")], members=users)
    with tempfile.TemporaryDirectory() as folder:
        async with hosted_bot(Path(folder) / "bench.sqlite3") as bot:
            fake = await FakeDiscord.start(bot, guilds=[guild], users=users)
            try:
                games = fake.channel("games")
                table_id = await store(bot, guild.id, games.id, users, record)
                reader = Reader(fake, users[0], table_id)
                print(f"a finished {players}-player match: {record.placements} placements, {len(record.rounds)} rounds")

                rules = (await fake.slash(users[0], games, "five-up rules")).last_reply
                assert rules is not None
                baseline = [
                    await reader.rules_click(rules, "5up:rules:1:next" if n % 2 == 0 else "5up:rules:0:prev")
                    for n in range(5 if quick else 20)
                ]
                first = []
                for _ in range(opens):
                    _replay_desk_by_manager.pop(bot.manager, None)  # nothing cached, as after a restart
                    first.append(await reader.open(games.id))

                last = record.placements - 1
                steps: list[tuple[float, int]] = []
                for n in range(1, min(last, 5) + 1) if quick else range(1, last + 1):
                    steps.append((await reader.click(f"5up:rp:{table_id}:{n}:next", n + 1), n + 1))
                for _ in range(1 if quick else 3):
                    steps.append((await reader.click(f"5up:rp:{table_id}:0:first", 1), 1))
                    steps.append((await reader.click(f"5up:rp:{table_id}:{last}:last", last + 1), last + 1))
                starts = [sum(len(r.plays) for r in record.rounds[:k]) for k in range(len(record.rounds))]
                for k in range(1, 2 if quick else len(starts)):
                    steps.append((await reader.pick_round(k, starts[k] + 1), starts[k] + 1))

                times = [ms for ms, _ in steps]
                slowest = max(steps)
                print(line("baseline: a rules-page click (no picture)", baseline))
                print(line("the viewer's first answer, nothing cached", first, FIRST_TARGET_MS))
                print(line("a replay step (▶, ⏮, ⏭, a round)", times, STEP_TARGET_MS))
                ratio = statistics.median(times) / statistics.median(baseline)
                print(
                    f"a step against the baseline: {ratio:.1f}x; slowest: placement {slowest[1]}, {slowest[0]:.1f} ms"
                )
            finally:
                await fake.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short match and a few clicks (for the test)")
    args = parser.parse_args(argv)
    return asyncio.run(run(args.quick))


if __name__ == "__main__":
    raise SystemExit(main())
