"""A match's thread at the end of the match: archived and locked, so it stays readable and takes no
new messages (closed again after the Rematch's pointer to the new lobby, which reopens it)."""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)


async def close_thread(client: discord.Client, channel_id: int) -> None:
    """Archive and lock the match thread `channel_id` (nothing for a channel that is not a thread).
    Locking needs Manage Threads; without it the thread is archived only (a post there reopens it)."""
    thread = client.get_channel(channel_id)
    if thread is None:  # not in the cache (discord.py keeps no archived thread): ask Discord
        try:
            thread = await client.fetch_channel(channel_id)
        except discord.HTTPException as e:
            log.warning("cannot read channel %s to archive it: %s", channel_id, e)
            return
    if not isinstance(thread, discord.Thread):
        return
    try:
        await thread.edit(archived=True, locked=True)
    except discord.Forbidden:
        try:
            await thread.edit(archived=True)
        except discord.HTTPException as e:
            log.warning("cannot archive thread %s: %s", channel_id, e)
        else:
            log.info("thread %s archived, not locked (no Manage Threads)", channel_id)
    except discord.HTTPException as e:
        log.warning("cannot archive thread %s: %s", channel_id, e)
