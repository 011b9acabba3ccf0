"""Bot processes on one PostgreSQL database: killed with SIGKILL mid-match, split by shard, re-split.

Each process here is a real Python process that reads its settings from the environment
(`DATABASE_URL`, `SHARD_COUNT`, `SHARD_IDS`) with `bot.config.load_config`, makes its storage and
game manager with `bot.edge.app.hosting` exactly as `python -m bot` does, restores the tables of its
shards as the bot's `setup_hook` does, and then makes the human placements through the manager,
as the buttons do, printing one JSON line per placement once the manager has accepted it (the
moment the player would get their answer). Only Discord is left out. The same file is the
process: `python tests/storage_tests/test_bot_postgres_processes.py serve --moves N` (`--stepped`: each
placement waits for a line on its stdin, so the test decides how far it gets, not the machine's speed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
SHARD_SHIFT = 22  # a guild's shard is (guild_id >> 22) % shard_count


# -- the process ----------------------------------------------------------------------------------


async def serve(moves: int, stepped: bool) -> None:
    """Restore this process's tables, then make up to `moves` placements at each, saying so as each is accepted."""
    from bot.config import load_config
    from bot.edge.app import hosting
    from bot.host.computers import InlineComputer
    from bot.model.table_state import TableStatus

    config = load_config(os.environ, env_file=None)
    async with hosting(config, computer=InlineComputer(), computer_pause=(0.0, 0.0)) as (manager, publisher):
        tables = await manager.restore()
        say({"restored": {str(t.id): _plays(t) for t in tables}, "pid": os.getpid()})
        made = dict.fromkeys((t.id for t in tables), 0)
        while any(t.status is TableStatus.PLAYING and made[t.id] < moves for t in tables):
            for table in tables:
                if table.status is not TableStatus.PLAYING or made[table.id] >= moves:
                    continue
                if stepped:
                    await asyncio.to_thread(sys.stdin.readline)  # the test's go for this placement
                match = table.match
                assert match is not None and match.turn is not None
                seat = match.turn
                option = match.options(seat)[0]
                await manager.play(
                    table_id=table.id,
                    user_id=table.seats[seat].user_id,
                    placement=option.placement,
                    move_no=table.move_no,
                    locale="en",
                )
                made[table.id] += 1
                say({"ack": table.id, "plays": _plays(table), "status": str(table.status)})
        say({"done": {str(t.id): str(t.status) for t in tables}})
        await publisher.close()  # no Discord here: the public posts are dropped


def _plays(table: object) -> list[str]:
    match = table.match  # type: ignore[attr-defined]
    if match is None:
        return []
    return [f"{p.tile}>{p.on}" for r in match.record.rounds for p in r.plays]


def say(line: dict[str, object]) -> None:
    print(json.dumps(line), flush=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["serve"])
    parser.add_argument("--moves", type=int, default=1)
    parser.add_argument("--stepped", action="store_true")
    args = parser.parse_args()
    import logging

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    asyncio.run(serve(args.moves, args.stepped))
    return 0


# -- the tests ------------------------------------------------------------------------------------

pytest_plugins = ["support.storage_backends"]


class BotProcess:
    """One bot process on `url`, with these shard settings; its JSON lines read as they come."""

    def __init__(self, url: str, *, moves: int, stepped: bool = False, shards: tuple[int, str] | None = None) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("SHARD_COUNT", "SHARD_IDS", "DATABASE_PATH")}
        env["DATABASE_URL"] = url
        if shards is not None:
            env["SHARD_COUNT"], env["SHARD_IDS"] = str(shards[0]), shards[1]
        self.process = subprocess.Popen(
            [sys.executable, str(HERE), "serve", "--moves", str(moves), *(["--stepped"] if stepped else [])],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE if stepped else None,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    async def line(self, timeout: float = 120.0) -> dict:
        assert self.process.stdout is not None
        text = await asyncio.wait_for(asyncio.to_thread(self.process.stdout.readline), timeout)
        if not text:
            raise AssertionError(f"the bot process ended early: {self.errors()}")
        return json.loads(text)

    async def finish(self, timeout: float = 180.0) -> list[dict]:
        """Every line still to come, once the process has ended by itself (status 0)."""
        out, err = await asyncio.wait_for(asyncio.to_thread(self.process.communicate), timeout)
        assert self.process.returncode == 0, err
        self.stderr = err
        return [json.loads(line) for line in out.splitlines()]

    def errors(self) -> str:
        self.process.kill()
        _, err = self.process.communicate()
        return err

    def step(self) -> None:
        """Let a stepped process make its next placement."""
        assert self.process.stdin is not None
        self.process.stdin.write("go\n")
        self.process.stdin.flush()

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing the process might still do."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)
        assert self.process.returncode == -signal.SIGKILL


@asynccontextmanager
async def setup_manager(url: str) -> AsyncIterator[object]:
    from bot.host.computers import InlineComputer
    from bot.host.manager import Manager
    from bot.host.pictures import PngRenderer
    from bot.storage import open_storage

    class Nobody:
        def publish(self, post: object) -> None:
            pass

    storage = await open_storage(url)
    manager = Manager(storage, Nobody(), PngRenderer(), InlineComputer(), computer_pause=(0.0, 0.0))
    try:
        yield manager
    finally:
        await manager.close()
        await storage.close()


async def open_tables(url: str, guilds: list[int], *, players: int = 2, moves: int = 1) -> dict[int, int]:
    """A match in progress in each guild, `moves` placements made; table id -> guild id."""
    made: dict[int, int] = {}
    async with setup_manager(url) as manager:
        for n, guild in enumerate(guilds):
            channel, host = 1000 + n, 100 * (n + 1)
            await manager.open_table(  # type: ignore[attr-defined]
                guild_id=guild, channel_id=channel, host_id=host, host_name="ana", lang="en", seed=f"proc-{n}"
            )
            for seat in range(1, players):
                await manager.join(channel_id=channel, user_id=host + seat, name=f"p{seat}", locale="en")  # type: ignore[attr-defined]
            await manager.start(channel_id=channel, user_id=host, locale="en")  # type: ignore[attr-defined]
            table = manager.table_in(channel)  # type: ignore[attr-defined]
            for _ in range(moves):
                option = table.match.options(table.match.turn)[0]
                user = table.seats[table.match.turn].user_id
                await manager.play(channel_id=channel, user_id=user, placement=option.placement, locale="en")  # type: ignore[attr-defined]
            made[table.id] = guild
    return made


async def stored_plays(url: str) -> dict[int, tuple[str, list[str]]]:
    """Every table's status and placements as the database has them."""
    from support.storage_raw import Raw

    from engine import Record

    async with Raw(url) as raw:
        rows = await raw.fetch("SELECT id, status, record FROM tables ORDER BY id")
    return {
        int(i): (
            str(s),
            [] if r is None else [f"{p.tile}>{p.on}" for x in Record.loads(str(r)).rounds for p in x.plays],
        )
        for i, s, r in rows
    }


def guild_on(shard: int, n: int) -> int:
    """A guild id whose shard out of 4 is `shard` (out of 2: `shard % 2`)."""
    return ((4 * n + shard) << SHARD_SHIFT) | 17


async def test_a_bot_killed_mid_match_loses_no_acknowledged_move(postgres_backend: object) -> None:
    url = await postgres_backend.target()  # type: ignore[attr-defined]
    (table_id,) = await open_tables(url, [guild_on(1, 0)], players=3, moves=0)

    first = BotProcess(url, moves=10_000, stepped=True)
    restored = await first.line()
    assert list(restored["restored"]) == [str(table_id)]
    acked: list[str] = []
    while len(acked) < 6:
        first.step()
        line = await first.line()
        assert line["ack"] == table_id
        acked = line["plays"]
    first.step()  # the next placement begins…
    first.kill()  # …and the process dies mid-match: perhaps in the middle of that placement's write

    status, saved = (await stored_plays(url))[table_id]
    assert status == "playing" and saved[: len(acked)] == acked  # every acknowledged placement is there
    assert len(saved) <= len(acked) + 1  # and at most the one being made when it died

    second = BotProcess(url, moves=10_000)
    lines = await second.finish()
    assert lines[0]["restored"] == {str(table_id): saved}  # it carries on from exactly what was saved
    assert lines[-1]["done"] == {str(table_id): "over"}
    status, final = (await stored_plays(url))[table_id]
    assert status == "over" and final[: len(saved)] == saved
    assert final == lines[-2]["plays"]
    assert "Traceback" not in second.stderr and "no longer hosted" not in second.stderr


async def test_processes_with_their_own_shards_share_one_database_and_a_new_shard_count_finds_every_table(
    postgres_backend: object,
) -> None:
    url = await postgres_backend.target()  # type: ignore[attr-defined]
    guilds = [guild_on(shard, n) for n in range(2) for shard in range(4)]  # two guilds on each of 4 shards
    tables = await open_tables(url, guilds)
    before = await stored_plays(url)

    # two processes at once, four shards between them
    low, high = BotProcess(url, moves=1, shards=(4, "0,1")), BotProcess(url, moves=1, shards=(4, "2,3"))
    low_lines, high_lines = await asyncio.gather(low.finish(), high.finish())
    by_shard = {tid: (guild >> SHARD_SHIFT) % 4 for tid, guild in tables.items()}
    low_ids = {int(i) for i in low_lines[0]["restored"]}
    high_ids = {int(i) for i in high_lines[0]["restored"]}
    assert low_ids == {t for t, s in by_shard.items() if s in (0, 1)} and len(low_ids) == 4
    assert high_ids == {t for t, s in by_shard.items() if s in (2, 3)} and len(high_ids) == 4
    after = await stored_plays(url)
    for tid in tables:  # each table moved on once, by the one process that hosts it
        assert after[tid][1][:-1] == before[tid][1] and after[tid][0] == "playing"
    for process in (low, high):
        assert "no longer hosted" not in process.stderr and "Traceback" not in process.stderr

    # the deployment is re-split into two shards: every table is picked up by its new owner
    even, odd = BotProcess(url, moves=1, shards=(2, "0")), BotProcess(url, moves=1, shards=(2, "1"))
    even_lines, odd_lines = await asyncio.gather(even.finish(), odd.finish())
    even_ids = {int(i) for i in even_lines[0]["restored"]}
    odd_ids = {int(i) for i in odd_lines[0]["restored"]}
    assert even_ids == {t for t, g in tables.items() if (g >> SHARD_SHIFT) % 2 == 0}
    assert odd_ids == {t for t, g in tables.items() if (g >> SHARD_SHIFT) % 2 == 1}
    assert even_ids | odd_ids == set(tables) and not even_ids & odd_ids
    again = await stored_plays(url)
    for tid in tables:
        assert again[tid][1][:-1] == after[tid][1]
    # and each process restored what the last one saved, move for move
    for lines in (even_lines, odd_lines):
        for tid, plays in lines[0]["restored"].items():
            assert plays == after[int(tid)][1]


if __name__ == "__main__":
    sys.exit(main())
