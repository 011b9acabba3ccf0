"""One public message sent over Discord's HTTP API, and what each failure means for it.

`send_once` sends a post (its files, its view, its mentions, the outbox nonce) and never retries: the
publisher (bot/edge/posts/publisher.py) decides. A failure is `Passing` (Discord or the network failed: 5xx, 429
beyond discord.py's own waits, a timeout, a dropped connection; the same message is tried again) or `Refused`
(Discord will never take it: a bug, a deleted channel; logged, and the room moves on). A thread the bot may no
longer post in hands its posts to its channel, after one line saying so; once a match-end message (its record
attached) is in its thread, the thread is archived and locked.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any

import aiohttp
import discord

from ...model.posts import Post
from ...texts.i18n import t
from ..base.match_threads import close_thread
from ..base.replies import files, record_file
from ..tables.hand_buttons import show_hand_view
from ..tables.match_end import match_end_view
from .catch_up import nonce

log = logging.getLogger(__name__)


class PassingError(Exception):
    """Discord or the network failed this time: the same message is tried again later. `limited`: a 429 that
    outlasted discord.py's own waits (the bucket is busy, Discord is up), not an outage."""

    def __init__(self, what: str, *, limited: bool = False) -> None:
        super().__init__(what)
        self.limited = limited


class RefusedError(Exception):
    """Discord will never take this message (logged already): the room moves on without it."""


def passing(error: BaseException) -> bool:
    """An outage or a limit, not a refusal: 5xx, 429, a timeout, a connection that failed."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, TimeoutError | asyncio.TimeoutError | aiohttp.ClientError | OSError)


class PostSender:
    """Sends posts for the publisher; remembers the threads whose posts go to their channel instead."""

    def __init__(self) -> None:
        self.moved: dict[int, int] = {}  # thread -> its channel, where its posts go since posting there failed

    async def send(self, client: discord.Client, post: Post) -> discord.Message:
        """One message for `post`, or PassingError / RefusedError."""
        room = self.moved.get(post.channel_id, post.channel_id)
        try:
            message = await self._send(client, post, room)
        except discord.Forbidden as e:
            parent = None if room != post.channel_id else await _parent_of(client, room)
            if parent is None:
                log.warning("cannot post to channel %s (table %s): %s", room, post.table_id, e)
                raise RefusedError from e
            log.warning(
                "cannot post in thread %s (table %s): %s; the table's posts go to channel %s",
                room,
                post.table_id,
                e,
                parent,
            )
            self.moved[post.channel_id] = parent
            text = t(post.lang, "table-moved-to-channel")
            try:
                await self._send(client, Post(post.table_id, parent, post.kind, text, lang=post.lang), parent)
            except discord.HTTPException as failed:  # the posts go there all the same; only the note is missing
                log.warning("the note that table %s moved to %s was not sent: %s", post.table_id, parent, failed)
            return await self.send(client, post)
        except discord.NotFound as e:
            log.warning("cannot post to channel %s (table %s): %s", room, post.table_id, e)
            raise RefusedError from e
        except Exception as e:
            if passing(e):
                limited = isinstance(e, discord.HTTPException) and e.status == 429
                raise PassingError(f"{type(e).__name__}: {e}", limited=limited) from e
            log.exception("posting to channel %s failed (table %s, %s)", room, post.table_id, post.kind)
            raise RefusedError from e
        if post.record is not None and room == post.channel_id:
            await close_thread(client, room)
        return message

    async def _send(self, client: discord.Client, post: Post, room: int) -> discord.Message:
        channel = client.get_partial_messageable(room)
        extra: dict[str, Any] = {}  # files, a view and a nonce, when the post has them
        attached = files(post.pictures)
        if post.record is not None:
            attached.append(record_file(post.record, post.lang))
        if attached:
            extra["files"] = attached
        if post.hand_button:
            extra["view"] = show_hand_view(post.table_id, post.lang)
        elif post.record is not None:  # the match-end message: Replay and Review, and Rematch if it offers one
            extra["view"] = match_end_view(post.table_id, post.lang, rematch=post.rematch)
        given = nonce(post)
        if given is not None:
            extra["nonce"] = given  # discord.py asks Discord to enforce it: one message however often it is sent
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in post.mentions if u]
        )
        if post.quiet:  # a quiet table's board: its mention goes apart (bot/edge/posts/board_message.py)
            mentions = discord.AllowedMentions.none()
            if post.edit_message_id is not None:
                board = channel.get_partial_message(post.edit_message_id)
                try:
                    return await board.edit(
                        content=post.text, attachments=attached, view=extra.get("view"), allowed_mentions=mentions
                    )
                except discord.NotFound:  # deleted: a new board (with fresh files: a send consumes them)
                    log.info("table %s: its board %s is gone; a new one", post.table_id, post.edit_message_id)
                    return await self._send(client, replace(post, edit_message_id=None), room)
        elif post.edit_message_id is not None:
            message = channel.get_partial_message(post.edit_message_id)
            return await message.edit(content=post.text, view=None, allowed_mentions=mentions)
        return await channel.send(post.text, allowed_mentions=mentions, **extra)


async def _parent_of(client: discord.Client, channel_id: int) -> int | None:
    """The channel a thread belongs to; None for a channel that is not a thread (or cannot be read)."""
    found = client.get_channel(channel_id)
    if found is None:
        try:
            found = await client.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
    return found.parent_id if isinstance(found, discord.Thread) else None


async def send_direct(client: discord.Client, post: Post) -> discord.Message | None:
    """A direct message the person asked for (a correspondence reminder); one they cannot get is logged."""
    assert post.direct_to is not None
    try:
        user = client.get_user(post.direct_to) or await client.fetch_user(post.direct_to)
        return await user.send(post.text, view=show_hand_view(post.table_id, post.lang))
    except discord.HTTPException as e:
        log.info("no direct message to user %s (table %s): %s", post.direct_to, post.table_id, e)
    except Exception as e:  # a timeout, a lost connection: a reminder's copy is not worth holding the room for
        if passing(e):
            log.info("no direct message to user %s (table %s): %s", post.direct_to, post.table_id, e)
        else:
            log.exception("a direct message to user %s failed (table %s)", post.direct_to, post.table_id)
    return None
