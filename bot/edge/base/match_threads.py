"""A match's thread at the end of the match: archived and locked, so it stays readable and takes no
new messages; the bot's own last word there (the Rematch's pointer to the new lobby) reopens it for
that one post and closes it again, since Discord refuses a post into a locked archived thread."""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)


async def _thread(client: discord.Client, channel_id: int) -> discord.abc.GuildChannel | discord.Thread | None:
    """The channel `channel_id`, from the cache or, for an archived thread (discord.py keeps none), from Discord."""
    found = client.get_channel(channel_id)
    if found is not None:
        return found if isinstance(found, discord.Thread | discord.abc.GuildChannel) else None
    try:
        fetched = await client.fetch_channel(channel_id)
    except discord.HTTPException as e:
        log.warning("cannot read channel %s: %s", channel_id, e)
        return None
    return fetched if isinstance(fetched, discord.Thread | discord.abc.GuildChannel) else None


async def post_in_closed_thread(client: discord.Client, channel_id: int, text: str) -> bool:
    """Post `text` as the last word of the finished match's thread `channel_id`, then close it again.

    Discord does not reopen a locked thread for a post (400, 50083 "Thread is archived"), so the bot,
    which created the thread (and locked it with Manage Threads), unarchives it first. Whether it worked:
    a thread the bot can no longer reopen or post in keeps its earlier last word (logged, not an error)."""
    thread = await _thread(client, channel_id)
    if not isinstance(thread, discord.Thread):
        return False
    try:
        if thread.archived:
            thread = await thread.edit(archived=False)
        await thread.send(text)
    except discord.HTTPException as e:
        log.warning("cannot post the last word in thread %s: %s", channel_id, e)
        return False
    finally:
        await close_thread(client, channel_id)
    return True


async def close_thread(client: discord.Client, channel_id: int) -> None:
    """Archive and lock the match thread `channel_id` (nothing for a channel that is not a thread).
    Locking needs Manage Threads; without it the thread is archived only (a post there reopens it)."""
    thread = await _thread(client, channel_id)
    if not isinstance(thread, discord.Thread):
        return
    if thread.archived:
        return  # closed already: Discord refuses any change to an archived thread but reopening it
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
