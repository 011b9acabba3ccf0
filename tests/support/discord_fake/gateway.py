"""The gateway side, without a socket: READY and GUILD_CREATE fed to discord.py's own parsers.

discord.py's websocket does two things the bot can see: it hands each event's JSON to
`ConnectionState.parsers[EVENT]`, and it sends a few commands out (presence, member chunks).
`connect` does the first exactly as the websocket would; `FakeGatewaySocket` stands in for the
second, so `change_presence` and `guild.chunk()` work and are recorded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import discord

from .payloads import Payload, member_payload, ready_payload
from .specs import FakeGuild, FakeMember, FakeUser


class FakeGatewaySocket:
    """Where `client.ws` (or each shard's `ws`) points: the outbound gateway commands, recorded."""

    open = True
    latency = 0.0
    session_id = "fake-session"
    sequence = 0

    def __init__(self, state: Any, guilds: dict[int, FakeGuild], shard_id: int | None, shard_count: int) -> None:
        self._state = state
        self._guilds = guilds
        self.shard_id = shard_id
        self.shard_count = shard_count
        self.presences: list[dict[str, Any]] = []

    def is_ratelimited(self) -> bool:
        return False

    async def change_presence(self, *, activity: Any = None, status: str | None = None, since: float = 0.0) -> None:
        self.presences.append({"activity": activity, "status": status})

    async def request_chunks(
        self,
        guild_id: int,
        query: str | None = None,
        *,
        limit: int,
        user_ids: list[int] | None = None,
        presences: bool = False,
        nonce: str | None = None,
    ) -> None:
        """Answer a member request with one GUILD_MEMBERS_CHUNK, as the gateway does for a small guild."""
        guild = self._guilds[guild_id]
        members = [m for m in guild.members if isinstance(m, FakeMember)]
        if user_ids:
            members = [m for m in members if m.user.id in user_ids]
        elif query:
            members = [m for m in members if m.user.name.lower().startswith(query.lower())]
        if limit:
            members = members[:limit]
        chunk: Payload = {
            "guild_id": str(guild_id),
            "members": [member_payload(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if nonce is not None:
            chunk["nonce"] = nonce
        asyncio.get_running_loop().call_soon(self._state.parsers["GUILD_MEMBERS_CHUNK"], chunk)

    async def close(self, code: int = 1000) -> None:
        self.open = False

    async def voice_state(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("the fake gateway has no voice")


class FakeShard:
    """What `AutoShardedClient` keeps per shard; only what `ShardInfo` and `close()` touch."""

    def __init__(self, shard_id: int, ws: FakeGatewaySocket) -> None:
        self.id = shard_id
        self.ws = ws

    async def close(self) -> None:
        await self.ws.close()

    async def disconnect(self) -> None:
        await self.ws.close()


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


async def connect(
    client: discord.Client,
    bot: FakeUser,
    guilds: list[FakeGuild],
    guild_create: Callable[[int], Payload],
    *,
    timeout: float,
) -> list[FakeGatewaySocket]:
    """Open the fake gateway session: READY (per shard), one GUILD_CREATE per guild, then wait for on_ready."""
    state = client._connection
    by_id = {g.id: g for g in guilds}
    saved_timeout = state.guild_ready_timeout
    # Every GUILD_CREATE is queued before discord.py starts waiting for them, so a short wait loses none.
    state.guild_ready_timeout = 0.01
    sockets = []
    try:
        if isinstance(client, discord.AutoShardedClient):
            count = client.shard_count or 1
            client.shard_count = count
            shard_ids = list(client.shard_ids or range(count))
            state.shard_count = count
            state.shard_ids = shard_ids
            shards = client._AutoShardedClient__shards  # type: ignore[attr-defined]
            for shard_id in shard_ids:
                ws = FakeGatewaySocket(state, by_id, shard_id, count)
                shards[shard_id] = FakeShard(shard_id, ws)
                sockets.append(ws)
            for shard_id in shard_ids:
                mine = [g for g in guilds if shard_of(g.id, count) == shard_id]
                state.parsers["READY"](ready_payload(bot, mine, shard=(shard_id, count)))
                for guild in mine:
                    state.parsers["GUILD_CREATE"](guild_create(guild.id))
        else:
            ws = FakeGatewaySocket(state, by_id, client.shard_id, client.shard_count or 1)
            client.ws = ws  # type: ignore[assignment]
            sockets.append(ws)
            state.parsers["READY"](ready_payload(bot, guilds))
            for guild in guilds:
                state.parsers["GUILD_CREATE"](guild_create(guild.id))
        await asyncio.wait_for(client.wait_until_ready(), timeout=timeout)
    finally:
        state.guild_ready_timeout = saved_timeout
    return sockets
