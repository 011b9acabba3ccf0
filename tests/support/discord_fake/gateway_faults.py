"""A gateway that drops: the bot's session closes, then comes back by RESUME or by a fresh IDENTIFY.

While the link is down, the events Discord would send (messages, channel updates, interactions
users start) wait in `missed`. `resume` replays them in order and ends with RESUMED, as Discord
does for a resumable session; `identify` drops them (a fresh session misses whatever happened in
between) and starts over with READY and one GUILD_CREATE per guild as of now, after which
discord.py dispatches `on_ready` a second time. The HTTP side keeps working throughout, as
Discord's does; `faults.server_error` makes it fail too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from .gateway import FakeGatewaySocket, shard_of
from .payloads import Payload, ready_payload
from .specs import FakeGuild, FakeUser


@dataclass
class GatewayLink:
    """Whether the session is up, and what Discord sent while it was not."""

    up: bool = True
    resumable: bool = True
    missed: list[tuple[str, Payload]] = field(default_factory=list)
    closes: int = 0

    def deliver(self, state: Any, event: str, data: Payload) -> None:
        """Hand an event to discord.py's parser, or keep it for a resume while the link is down."""
        if self.up:
            state.parsers[event](data)
        else:
            self.missed.append((event, data))


def close(client: discord.Client, link: GatewayLink, sockets: list[FakeGatewaySocket], *, resumable: bool) -> None:
    """The websocket closes: discord.py's shards dispatch `disconnect` and `shard_disconnect`."""
    if not link.up:
        raise RuntimeError("the gateway is already closed")
    link.up, link.resumable = False, resumable
    link.closes += 1
    for ws in sockets:
        ws.open = False
        client.dispatch("disconnect")
        client.dispatch("shard_disconnect", ws.shard_id or 0)


def resume(client: discord.Client, link: GatewayLink, sockets: list[FakeGatewaySocket]) -> None:
    """RESUME: every missed event, in order, then RESUMED on each shard."""
    if link.up or not link.resumable:
        raise RuntimeError("nothing to resume: the gateway is up, or its session was invalidated")
    link.up = True
    state = client._connection
    missed, link.missed = link.missed, []
    for ws in sockets:
        ws.open = True
        ws.sequence += len(missed)
    for event, data in missed:
        state.parsers[event](data)
    for ws in sockets:
        state.parsers["RESUMED"]({"__shard_id__": ws.shard_id or 0})


async def identify(
    client: discord.Client,
    link: GatewayLink,
    sockets: list[FakeGatewaySocket],
    bot: FakeUser,
    guilds: list[FakeGuild],
    guild_create: Callable[[int], Payload],
    *,
    timeout: float,
) -> None:
    """A fresh IDENTIFY: missed events are gone; READY and each guild as it is now; wait for on_ready."""
    if link.up:
        raise RuntimeError("the gateway is up: close it first")
    link.up, link.missed = True, []
    state = client._connection
    saved_timeout = state.guild_ready_timeout
    state.guild_ready_timeout = 0.01  # every GUILD_CREATE is queued before discord.py waits for them
    ready = asyncio.ensure_future(client.wait_for("ready", timeout=timeout))
    await asyncio.sleep(0)  # the waiter is registered before READY arrives
    try:
        for ws in sockets:
            ws.open = True
            ws.session_id = f"fake-session-{link.closes}"
            ws.sequence = 0
            if isinstance(client, discord.AutoShardedClient):
                shard = ws.shard_id or 0
                mine = [g for g in guilds if shard_of(g.id, ws.shard_count) == shard]
                state.parsers["READY"](ready_payload(bot, mine, shard=(shard, ws.shard_count)))
            else:
                mine = guilds
                state.parsers["READY"](ready_payload(bot, mine))
            for guild in mine:
                state.parsers["GUILD_CREATE"](guild_create(guild.id))
        await ready
    finally:
        state.guild_ready_timeout = saved_timeout


__all__ = ["GatewayLink", "close", "identify", "resume"]
