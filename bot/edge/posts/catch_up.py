"""How a room that fell behind catches up instead of replaying its backlog (docs/discord_failures.md).

While one message of a room is on its way (or waits out a 429 or an outage), the posts behind it wait. When it is
through, the placements that wait in that room go out as ONE message: their lines in order, the newest picture only
(the board as it is now, never an older one as the latest), whoever any of them mentions. A match-end post (its
record) is never merged with anything, nor is a post of another table. Several edits of one message (the lobby in
the channel, a quiet table's board) that wait become the newest alone. A merged message of the outbox was claimed
under its first post's version before it was first tried: a retry, even after a restart, sends exactly those posts
again with the same nonce, so Discord shows it once.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from ...model.posts import Post, PostKind

log = logging.getLogger(__name__)

MAX_TEXT = 2000  # Discord's limit on a message's content: a merge stops before it


def _mergeable(post: Post) -> bool:
    plain = post.record is None and post.edit_message_id is None and post.direct_to is None and not post.quiet
    return post.outbox is not None and post.kind is PostKind.TURN and plain  # a placement's post, in the outbox


def key(post: Post) -> tuple[int, int] | None:
    """A post's place in the outbox (table, version), None for a post that is not kept there."""
    return None if post.outbox is None else (post.table_id, post.outbox)


def next_batch(queue: deque[Post], claims: Mapping[tuple[int, int], int], alone: set[tuple[int, int]]) -> list[Post]:
    """The posts at the head of a room's queue that go out as the next message (at least the first).

    `claims`: the merged message each outbox post was last tried in (by its first version); `alone`: outbox
    posts that may have been tried alone before a restart, so go alone again."""
    first = queue[0]
    first_key = key(first)
    if first_key is not None and first_key in claims:  # tried before as a merged message: exactly that again
        batch = claims[first_key]
        return _run(queue, lambda p: _claimed(p, claims) == batch)
    if first.quiet:  # a quiet table's board: only its newest state matters, and whom it mentions
        return _run(queue, lambda p: p.quiet and p.table_id == first.table_id and _claimed(p, claims) is None)
    if first.edit_message_id is not None:  # edits of one message: only the newest matters
        return _run(queue, lambda p: p.edit_message_id == first.edit_message_id and p.direct_to is None)
    if not _mergeable(first) or first_key in alone:
        return [first]
    batch_posts = [first]
    length = len(first.text)
    for post in list(queue)[1:]:
        post_key = key(post)
        if not _mergeable(post) or post.table_id != first.table_id or (post_key is not None and post_key in claims):
            break
        length += 1 + len(post.text)
        if length > MAX_TEXT:
            break
        batch_posts.append(post)
    return batch_posts


def _claimed(post: Post, claims: Mapping[tuple[int, int], int]) -> int | None:
    post_key = key(post)
    return None if post_key is None else claims.get(post_key)


def _run(queue: deque[Post], belongs: Callable[[Post], bool]) -> list[Post]:
    """The longest run at the head of `queue` whose posts `belongs` accepts, the first always."""
    run = [queue[0]]
    for post in list(queue)[1:]:
        if not belongs(post):
            break
        run.append(post)
    return run


def merged(batch: list[Post]) -> Post:
    """One message for a batch: a lone post as it is; edits of one message, the newest; placements, their
    lines in order with the newest post's pictures, buttons and mentions added up."""
    last = batch[-1]
    if last.quiet:  # the board as it is now (its mention: the player to move now); the first post's nonce
        return replace(last, outbox=batch[0].outbox)
    if len(batch) == 1 or last.edit_message_id is not None:
        return last
    mentions: list[int] = []
    for post in batch:
        mentions += [m for m in post.mentions if m not in mentions]
    text = "\n".join(post.text for post in batch)
    return replace(last, text=text, mentions=tuple(mentions), outbox=batch[0].outbox)


def nonce(post: Post) -> str | None:
    """The nonce of an outbox message (Discord shows one message per nonce for a few minutes): its table and
    first version, at most 25 characters; None for a post not kept in the outbox (discord.py picks one)."""
    if post.outbox is None:
        return None
    return f"5up{post.table_id}v{post.outbox}"[-25:]


@dataclass
class Lag:
    """A room falling behind: named in the log once as it starts and once as it is current again."""

    started: float
    waited: int = 0  # posts that waited behind another message
    messages: int = 0  # messages it took to catch up


@dataclass
class LagLog:
    """Which rooms are behind now; each fall-behind is logged once at its start and once at its end."""

    behind: dict[int, Lag] = field(default_factory=dict)

    def waiting(self, room: int, queued: int, now: float) -> None:
        """A post joined `queued` others waiting in `room`: the room is behind (logged at its first)."""
        if queued < 1:
            return
        lag = self.behind.get(room)
        if lag is None:
            lag = self.behind[room] = Lag(now)
            log.info("room %s fell behind: posts wait for the one on its way", room)
        lag.waited += 1

    def sent(self, room: int, left: int, now: float) -> None:
        """A message of `room` went out with `left` posts still waiting: the room is current when none do."""
        lag = self.behind.get(room)
        if lag is None:
            return
        lag.messages += 1
        if left == 0:
            del self.behind[room]
            log.info(
                "room %s caught up after %.1f s: %d post(s) waited, sent in %d message(s)",
                room,
                now - lag.started,
                lag.waited,
                lag.messages,
            )
