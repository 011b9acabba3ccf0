"""Public table messages, sent to each room (channel or thread) in the order the manager published them.

The manager hands over a `Post` under the table's lock and moves on; a small worker per room sends the posts
one message after another over Discord's HTTP API (`get_partial_messageable`: no cache or gateway event
needed), so a slow upload never holds a table's lock and the messages never overtake each other. A post a move
caused is already in the outbox (bot/storage/outbox_queries.py, written with the move): it leaves it once
Discord has taken it, and a restart sends what is left (`recover`, before any new post) — so such a post is
delivered at least once, and shown once, since its message carries a nonce Discord enforces. When Discord or
the network fails (5xx, a 429 beyond discord.py's own waits, a timeout), the same message is tried again,
after a pause that grows, for as long as it takes; the room waits meanwhile and, when it is through, catches
up in one message rather than replaying its backlog (bot/edge/posts/catch_up.py). A post Discord refuses for good
is logged and skipped. The publisher exists before the bot (the game manager is built with it) and the bot
attaches itself when it is created; posts made before the client is ready wait until it is.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

import discord

from ...model.posts import Pending, Post, PostKind
from .board_message import QuietBoards
from .catch_up import LagLog, key, merged, next_batch
from .post_sending import PassingError, PostSender, RefusedError, send_direct

log = logging.getLogger(__name__)

FIRST_PAUSE_S = 0.5  # after a message failed for a passing reason; doubled after each failure, up to MAX_PAUSE_S
MAX_PAUSE_S = 8.0
FLUSH_GRACE_S = 10.0  # a stop waits this long for the posts still on their way (the outbox keeps the rest)


class Outbox(Protocol):
    """What the publisher reads and writes of the outbox (the storage: bot/storage/outbox_queries.py)."""

    async def pending_posts(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[Pending]: ...

    async def claim_posts(self, table_id: int, versions: Sequence[int], batch: int) -> None: ...

    async def posts_delivered(self, table_id: int, versions: Sequence[int]) -> None: ...

    async def set_mention_message(self, table_id: int, message_id: int | None) -> None: ...

    async def quiet_mentions(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> dict[int, int]: ...


class ChannelPublisher:
    def __init__(
        self,
        outbox: Outbox | None = None,
        *,
        pause: Callable[[float], Awaitable[None]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._client: discord.Client | None = None  # until the bot attaches itself, posts wait
        self._attached = asyncio.Event()
        self._outbox = outbox
        self.pause = pause  # what waits between tries of a failed message (a test hands in its own)
        self._clock = clock
        self._queues: dict[int, deque[Post]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._claims: dict[tuple[int, int], int] = {}  # outbox post -> the merged message it was last tried in
        self._alone: set[tuple[int, int]] = set()  # outbox posts perhaps tried alone before a restart
        self._sender = PostSender()
        self._boards = QuietBoards(None if outbox is None else outbox.set_mention_message)
        self._lag = LagLog()
        self._closed = False
        self._forgetting: set[asyncio.Task[None]] = set()  # delivered posts leaving the outbox
        self._wake = asyncio.Event()  # set (and replaced) when Discord answers again: every pause ends at once
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

    async def recover(self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None) -> int:
        """After a start: the outbox's posts left undelivered go first, each room's in order, before any new
        post. A room's first one may have been on its way as the process stopped: it goes alone, with the
        nonce it had; a merged message that was being tried goes again exactly as it was. Returns how many."""
        if self._outbox is None:
            return 0
        self._boards.pings.update(await self._outbox.quiet_mentions(shard_count, shard_ids))  # deleted in turn
        pending = await self._outbox.pending_posts(shard_count, shard_ids)
        rooms: set[int] = set()
        for item in pending:
            post_key = key(item.post)
            assert post_key is not None
            if item.batch is not None:
                self._claims[post_key] = item.batch
            elif item.post.channel_id not in rooms:
                self._alone.add(post_key)
            rooms.add(item.post.channel_id)
            self.publish(item.post)
        if pending:
            log.info("outbox: %d post(s) left from before the start, in %d room(s), go first", len(pending), len(rooms))
        return len(pending)

    def publish(self, post: Post) -> None:
        if self._closed:
            return  # stopping: a post of the outbox goes after the next start, any other is lost with the process
        queue = self._queues.setdefault(post.channel_id, deque())
        self._lag.waiting(post.channel_id, len(queue), self._clock())
        queue.append(post)
        if post.channel_id not in self._workers:
            self._workers[post.channel_id] = asyncio.create_task(self._drain(post.channel_id))

    async def _drain(self, room: int) -> None:
        queue = self._queues[room]
        try:
            client = await self._ready_client()
            while queue:
                batch = next_batch(queue, self._claims, self._alone)
                await self._deliver(client, batch)
                for _ in batch:
                    queue.popleft()
                self._lag.sent(room, len(queue), self._clock())
        finally:
            del self._queues[room]
            del self._workers[room]

    async def _deliver(self, client: discord.Client, batch: list[Post]) -> None:
        """One message for `batch`, tried until Discord takes it or refuses it for good; the outbox follows."""
        post = merged(batch)
        if post.direct_to is not None:
            await send_direct(client, post)
            return
        if post.quiet:
            post = self._boards.aimed(post)
        versions = [p.outbox for p in batch if p.outbox is not None]
        claimed = all(self._claims.get((post.table_id, v)) == versions[0] for v in versions)  # as before a restart
        if len(versions) > 1 and not claimed and not await self._claim(post.table_id, versions):
            batch[1:] = []  # the claim was not kept: the first post alone, as a restart would send it
            post, versions = batch[0], versions[:1]
        if post.record is not None:  # the match's end: a quiet table's last mention goes before the thread closes
            await self._boards.ended(client, post)
        message = await self._taken(client, post)
        if post.quiet:  # the board, then its mention (bot/edge/posts/board_message.py)
            await self._mention_apart(client, post, message)
        elif post.kind is PostKind.REMINDER and message is not None and self._boards.has_board(post.table_id):
            await self._boards.pinged(client, post, message.id)  # a quiet table's mention: it replaces the last
        if versions and self._outbox is not None:  # the room goes on meanwhile: a restart before it ends
            forgetting = asyncio.create_task(self._delivered(post.table_id, versions))  # sends the same nonce
            self._forgetting.add(forgetting)
            forgetting.add_done_callback(self._forgetting.discard)
        for p in batch:
            post_key = key(p)
            if post_key is not None:
                self._claims.pop(post_key, None)
                self._alone.discard(post_key)
        if message is not None and self.on_sent is not None:
            await self.on_sent(post, message.id)

    async def _taken(self, client: discord.Client, post: Post) -> discord.Message | None:
        """`post` sent, tried until Discord takes it (its message) or refuses it for good (None)."""
        failures = outages = 0
        while True:
            try:
                message: discord.Message | None = await self._sender.send(client, post)
            except PassingError as e:
                failures += 1
                outages = outages if e.limited else outages + 1  # a busy bucket is waited out, not backed off
                wait = min(MAX_PAUSE_S, FIRST_PAUSE_S * 2 ** max(0, outages - 1))
                if failures == 1:
                    log.warning("posting to %s failed (%s); trying again until Discord takes it", post.channel_id, e)
                await self._rest(wait)
                continue
            except RefusedError:
                message = None
            break
        if failures > 1:
            log.info("posting to %s went through after %d failure(s)", post.channel_id, failures)
        return message

    async def _mention_apart(self, client: discord.Client, post: Post, board: discord.Message | None) -> None:
        """A quiet table's board is out (made or edited): remembered, and the player to move mentioned in a
        short message of its own when the post mentions them, the previous one deleted."""
        if board is not None:
            self._boards.made(post, board.id)
        ping = self._boards.ping(post)
        if ping is None:
            return
        pinged = await self._taken(client, ping)
        if pinged is not None:
            await self._boards.pinged(client, post, pinged.id)

    def wake(self) -> None:
        """Discord answers again (the end of an outage): every room waiting to try again tries now."""
        self._wake.set()
        self._wake = asyncio.Event()

    async def _rest(self, seconds: float) -> None:
        """`pause`, cut short by `wake`."""
        rest = asyncio.ensure_future(self.pause(seconds))
        woken = asyncio.ensure_future(self._wake.wait())
        await asyncio.wait({rest, woken}, return_when=asyncio.FIRST_COMPLETED)
        for waiting in (rest, woken):
            waiting.cancel()

    async def _claim(self, table_id: int, versions: list[int]) -> bool:
        if self._outbox is None:
            return True
        try:
            await self._outbox.claim_posts(table_id, versions, versions[0])
        except Exception as e:
            log.warning("table %s: a merged message not claimed (%s); its first post goes alone", table_id, e)
            return False
        for version in versions:
            self._claims[(table_id, version)] = versions[0]
        return True

    async def _delivered(self, table_id: int, versions: list[int]) -> None:
        assert self._outbox is not None
        try:
            await self._outbox.posts_delivered(table_id, versions)
        except Exception as e:  # sent again after a restart, with the same nonce: Discord shows it once
            log.warning("table %s: delivered posts %s stay in the outbox (%s)", table_id, versions, e)

    async def flush(self, grace: float = FLUSH_GRACE_S) -> None:
        """Wait until every published post has been sent (tests, shutdown), at most `grace` seconds (an
        outage must not hold a stop: the outbox keeps its posts); a client that never became ready cannot
        send, so its waiting posts are dropped rather than waited for."""
        if self._client is None or not self._client.is_ready():
            await self.close()
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        while self._workers:
            left = deadline - loop.time()
            if left <= 0:
                log.warning("stop: %d room(s) still had posts on their way; the outbox keeps them", len(self._workers))
                await self.close()
                return
            await asyncio.wait(list(self._workers.values()), timeout=left)
        await self._forgotten()

    async def close(self) -> None:
        """Stop sending: the workers end where they are (a kill would end them too; the outbox keeps its posts)."""
        self._closed = True
        for task in list(self._workers.values()):
            task.cancel()
        await asyncio.gather(*list(self._workers.values()), return_exceptions=True)
        await self._forgotten()

    async def _forgotten(self) -> None:
        """The delivered posts' deletions under way, ended (at most a few seconds: else they are sent again
        after the next start, with their nonce)."""
        if self._forgetting:
            await asyncio.wait(list(self._forgetting), timeout=FLUSH_GRACE_S)
