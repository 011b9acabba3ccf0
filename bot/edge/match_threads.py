"""A match's thread at the end of the match: archived and locked, so it stays readable and takes no
new messages; opened again when a Rematch is asked for from it (the rematch plays there)."""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)


async def close_thread(client: discord.Client, channel_id: int) -> None:
    """Archive and lock the match thread `channel_id` (nothing for a channel that is not a thread).
    Locking needs Manage Threads; without it the thread is archived only (a post there reopens it)."""
    thread = client.get_channel(channel_id)
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


async def reopen_thread(client: discord.Client, channel_id: int) -> None:
    """A closed match thread opened again (a rematch plays in it); nothing for anything else."""
    thread = client.get_channel(channel_id)  # discord.py keeps no archived thread: ask Discord
    if thread is None:
        try:
            thread = await client.fetch_channel(channel_id)
        except discord.HTTPException as e:
            log.warning("cannot read channel %s to reopen it: %s", channel_id, e)
            return
    if not isinstance(thread, discord.Thread) or not (thread.archived or thread.locked):
        return
    try:
        await thread.edit(archived=False, locked=False)
    except discord.HTTPException as e:
        log.warning("cannot reopen thread %s: %s", channel_id, e)
