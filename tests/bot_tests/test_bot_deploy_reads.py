"""Reads that must stay cheap or honest, through the real discord.py: `/five-up stats` and `/five-up
history` while PostgreSQL is stopped say so (try again) instead of the generic apology; the history
autocomplete reads the server's finished matches once, not on every keystroke, and again once a
match of that server ends."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from support.pg_server import PostgresServer
from support.world import club, finished_match, world

from bot.storage import FinishedRow
from bot.texts.i18n import t

pytest_plugins = ["support.storage_backends"]


async def test_stats_and_history_while_postgresql_is_stopped_say_so(own_server: PostgresServer, own_url: str) -> None:
    async with club(own_url, ["ko", "es-ES"], guild_locale="ko", seed="pg-stats") as c:
        channel = c.guild.channel("games")
        ana, bo = c.users
        await asyncio.to_thread(own_server.crash)
        try:
            stats = await c.slash(ana, channel, "five-up stats")
            assert stats.ephemeral and stats.content == t("ko", "error-db-unavailable")
            history = await c.slash(bo, channel, "five-up history")
            assert history.ephemeral and history.content == t("es", "error-db-unavailable")
            hint = await c.fake.autocomplete(bo, channel, "five-up history", focused="match", value="")
            assert hint.choices == []  # no suggestions meanwhile, and no error
        finally:
            await asyncio.to_thread(own_server.start_again)
        stats = await c.slash(ana, channel, "five-up stats")  # back by itself once the server is
        assert stats.content != t("ko", "error-db-unavailable") and stats.ephemeral
        problems = c.fake.problems()
        assert problems == [], problems  # warnings only: no ERROR, no unanswered interaction


async def test_the_history_autocomplete_reads_once_per_finished_match(tmp_path: Path) -> None:
    """Five keystrokes in /five-up history's match field read the server's finished matches once; a match of
    that server ending makes the next keystroke read again, once. (The matches are placed by /five-up play:
    what is counted is the reads, not how the tiles were placed.)"""
    async with world(tmp_path, 2) as s:
        first, _ = await finished_match(s, 31, by_buttons=False)
        storage = s.bot.manager.storage
        reads: list[int | None] = []
        real: Callable[..., Awaitable[list[FinishedRow]]] = storage.finished_matches

        async def counted(guild_id: int | None, *args: object) -> list[FinishedRow]:
            reads.append(guild_id)
            return await real(guild_id, *args)

        storage.finished_matches = counted  # type: ignore[method-assign]
        user = s.users[0]
        for typed in ("", "1", "pl", "player", "#1"):
            hint = await s.fake.autocomplete(user, s.games, "five-up history", focused="match", value=typed)
            if typed in ("", "#1"):
                assert [c["value"] for c in hint.choices] == [first]
        assert len(reads) == 1  # five keystrokes, one read

        second, _ = await finished_match(
            s, 32, by_buttons=False
        )  # a match of this server ends: the next keystroke reads again
        hint = await s.fake.autocomplete(user, s.games, "five-up history", focused="match", value="")
        assert [c["value"] for c in hint.choices] == [second, first] and len(reads) == 2
        await s.fake.autocomplete(user, s.games, "five-up history", focused="match", value="2")
        assert len(reads) == 2
        s.fake.assert_clean()
