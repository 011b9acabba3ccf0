"""Public table messages, sent to each channel in the order the manager published them.

The manager hands over a `Post` under the table's lock and moves on; a small
worker per channel (or thread) sends the posts one after another over Discord's HTTP API
(`get_partial_messageable`: no cache or gateway event needed), so a slow
upload never holds a table's lock and the messages never overtake each other. When
Discord answers 429, discord.py waits the Retry-After and sends the same request again,
inside that one `send`: the worker does not move on, so nothing is lost or reordered.
A post may instead edit a message (the lobby in the channel, showing where the match is).
The publisher exists before the bot (the game manager is built with it) and the bot
attaches itself when it is created; posts made before the client is ready (tables restored
in `setup_hook`) wait until it is, and a post that fails is logged and skipped: the posts
queued behind it still go out. Two things are about threads: when the bot may no longer post in
a match's thread, that post and every later one of the thread go to its channel, after one
line saying so; and once a match-end message (its record attached) is in its thread, the thread
is archived and locked: readable, closed to new messages.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from ..model.posts import Post
from ..texts.i18n import t
from .hand_buttons import show_hand_view
from .match_end import match_end_view
from .match_threads import close_thread
from .replies import files, record_file

log = logging.getLogger(__name__)


class ChannelPublisher:
    def __init__(self) -> None:
        self._client: discord.Client | None = None  # until the bot attaches itself, posts wait
        self._attached = asyncio.Event()
        self._queues: dict[int, deque[Post]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._moved: dict[int, int] = {}  # thread -> its channel, where its posts go since posting there failed
        self.on_sent: Callable[[Post, int], Awaitable[None]] | None = None  # told of each message sent

    def attach(self, client: discord.Client) -> None:
        """The client that sends the posts (the bot, as it is created)."""
        self._client = client
        self._attached.set()

    async def _ready_client(self) -> discord.Client:
        await self._attached.wait()
        assert self._client is not None
        if not self._client.is_ready():
            await self._client.wait_until_ready()
        return self._client

    def publish(self, post: Post) -> None:
        queue = self._queues.setdefault(post.channel_id, deque())
        queue.append(post)
        if post.channel_id not in self._workers:
            self._workers[post.channel_id] = asyncio.create_task(self._drain(post.channel_id))

    async def _drain(self, channel_id: int) -> None:
        queue = self._queues[channel_id]
        try:
            client = await self._ready_client()
            while queue:
                await self.send(client, queue.popleft())
        finally:
            del self._queues[channel_id]
            del self._workers[channel_id]

    async def send(self, client: discord.Client, post: Post) -> discord.Message | None:
        """Send one post now; a failure is logged and does not stop the posts after it. A thread the
        bot may no longer post in hands its posts to its channel; a match-end post closes its thread."""
        room = self._moved.get(post.channel_id, post.channel_id)
        if post.direct_to is not None:
            return await _send_direct(client, post)
        try:
            message = await self._send(client, post, room)
        except discord.Forbidden as e:
            parent = None if room != post.channel_id else await _parent_of(client, room)
            if parent is None:
                log.warning("cannot post to channel %s (table %s): %s", room, post.table_id, e)
                return None
            log.warning(
                "cannot post in thread %s (table %s): %s; the table's posts go to channel %s",
                room,
                post.table_id,
                e,
                parent,
            )
            self._moved[post.channel_id] = parent
            notice = Post(post.table_id, parent, post.kind, t(post.lang, "table-moved-to-channel"), lang=post.lang)
            await self.send(client, notice)
            return await self.send(client, post)
        except discord.NotFound as e:
            log.warning("cannot post to channel %s (table %s): %s", room, post.table_id, e)
        except Exception:
            log.exception("posting to channel %s failed (table %s, %s)", room, post.table_id, post.kind)
        else:
            if post.record is not None and room == post.channel_id:
                await close_thread(client, room)
            if self.on_sent is not None:
                await self.on_sent(post, message.id)
            return message
        return None

    async def _send(self, client: discord.Client, post: Post, room: int) -> discord.Message:
        channel = client.get_partial_messageable(room)
        extra: dict[str, Any] = {}  # files and a view, when the post has them
        attached = files(post.pictures)
        if post.record is not None:
            attached.append(record_file(post.record, post.lang))
        if attached:
            extra["files"] = attached
        if post.hand_button:
            extra["view"] = show_hand_view(post.table_id, post.lang)
        elif post.rematch:
            extra["view"] = match_end_view(post.table_id, post.lang)
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in post.mentions if u]
        )
        if post.edit_message_id is not None:
            message = channel.get_partial_message(post.edit_message_id)
            return await message.edit(content=post.text, view=None, allowed_mentions=mentions)
        return await channel.send(post.text, allowed_mentions=mentions, **extra)

    async def flush(self) -> None:
        """Wait until every published post has been sent (tests, shutdown); a client that never
        became ready cannot send, so its waiting posts are dropped rather than waited for."""
        if self._client is None or not self._client.is_ready():
            await self.close()
            return
        while self._workers:
            await asyncio.gather(*list(self._workers.values()), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._workers.values()):
            task.cancel()
        await asyncio.gather(*list(self._workers.values()), return_exceptions=True)


async def _parent_of(client: discord.Client, channel_id: int) -> int | None:
    """The channel a thread belongs to; None for a channel that is not a thread (or cannot be read)."""
    found = client.get_channel(channel_id)
    if found is None:
        try:
            found = await client.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
    return found.parent_id if isinstance(found, discord.Thread) else None


async def _send_direct(client: discord.Client, post: Post) -> discord.Message | None:
    """A direct message the person asked for (a correspondence reminder); one they cannot get is logged."""
    assert post.direct_to is not None
    try:
        user = client.get_user(post.direct_to) or await client.fetch_user(post.direct_to)
        return await user.send(post.text, view=show_hand_view(post.table_id, post.lang))
    except discord.HTTPException as e:
        log.info("no direct message to user %s (table %s): %s", post.direct_to, post.table_id, e)
        return None
