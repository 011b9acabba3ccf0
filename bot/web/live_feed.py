"""Following a match live: each spectator's stream gets the match's progress whenever a placement is made.

One watcher per watched match asks the `MatchSource` how far the match is: at once when the host
publishes a post of that table (the listener hook, bot/web/heard_posts.py), and every `poll` seconds
besides, which is how a match hosted by another process (several processes on one PostgreSQL
database) or one whose posts were not heard is followed. A frame carries only counts (placements,
where rounds start, whether it is over): the page fetches the step itself, public parts only.

Each spectator has a bounded queue; one whose queue is full (a slow reader) is dropped, never
buffered without bound, and its browser reconnects. A watcher stops when its last spectator leaves.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass, field

from ..model.posts import Post
from .match_source import MatchSource, Progress

log = logging.getLogger(__name__)

QUEUE_SIZE = 8  # frames a spectator may fall behind before it is dropped
POLL_S = 0.5  # how often a watched match is read when its posts cannot be heard (hosted by another process)
HEARD_POLL_S = 5.0  # how often one hosted here (whose posts are heard) is read all the same


def frame(progress: Progress | None) -> bytes:
    """A server-sent event of the match's progress (`gone`: no such match any more)."""
    if progress is None:
        return b"event: gone\ndata: {}\n\n"
    data = {"steps": progress.steps, "roundStarts": list(progress.round_starts), "finished": progress.finished}
    return f"event: progress\ndata: {json.dumps(data)}\n\n".encode()  # encoded once for every spectator


@dataclass(eq=False)
class Spectator:
    queue: asyncio.Queue[bytes] = field(default_factory=lambda: asyncio.Queue(QUEUE_SIZE))
    dropped: bool = False


class _Watch:
    def __init__(self) -> None:
        self.spectators: set[Spectator] = set()
        self.heard = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.last: Progress | None = None


class LiveFeed:
    def __init__(self, source: MatchSource, poll: float = POLL_S, heard_poll: float = HEARD_POLL_S) -> None:
        self.source = source
        self.poll = poll
        self.heard_poll = heard_poll
        self.hearing = False  # the host's posts reach `heard` (bot/web/site.py `serving` hooks it)
        self._watches: dict[int, _Watch] = {}
        self.dropped = 0  # spectators dropped for falling behind, since the start

    def heard(self, post: Post) -> None:
        """The listener hook: a post of a watched table wakes its watcher (never blocks)."""
        watch = self._watches.get(post.table_id)
        if watch is not None:
            watch.heard.set()

    @property
    def spectators(self) -> int:
        return sum(len(w.spectators) for w in self._watches.values())

    async def join(self, table_id: int) -> tuple[Spectator, Progress | None]:
        """A new spectator of `table_id`, and the match's progress now (its first frame)."""
        watch = self._watches.get(table_id)
        if watch is None:
            watch = self._watches[table_id] = _Watch()
        spectator = Spectator()
        watch.spectators.add(spectator)
        if watch.task is None:
            watch.last = await self.source.progress(table_id)
            watch.task = asyncio.create_task(self._follow(table_id, watch), name=f"web-watch-{table_id}")
        return spectator, watch.last

    def leave(self, table_id: int, spectator: Spectator) -> None:
        watch = self._watches.get(table_id)
        if watch is None:
            return
        watch.spectators.discard(spectator)
        if not watch.spectators:
            del self._watches[table_id]
            if watch.task is not None:
                watch.task.cancel()

    async def _follow(self, table_id: int, watch: _Watch) -> None:
        """Read the match's progress when heard (or every `poll` s) and send each change to every spectator;
        nothing to follow once the match is over or gone."""
        while watch.spectators and watch.last is not None and not watch.last.finished:
            heard_here = self.hearing and self.source.hosted_here(table_id)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watch.heard.wait(), self.heard_poll if heard_here else self.poll)
            watch.heard.clear()
            try:
                now = await self.source.progress(table_id)
            except Exception:
                log.warning("web: reading match %s for its spectators failed", table_id, exc_info=True)
                continue
            if now == watch.last:
                continue
            if now is not None and now.finished:  # its spectators reload: the finished book is built first, once
                with contextlib.suppress(Exception):  # a failure here is the page's to meet (and log) again
                    await self.source.shown(table_id)
            watch.last = now
            self._send(watch, frame(now))

    def _send(self, watch: _Watch, text: bytes) -> None:
        for spectator in tuple(watch.spectators):
            try:
                spectator.queue.put_nowait(text)
            except asyncio.QueueFull:
                spectator.dropped = True
                watch.spectators.discard(spectator)
                self.dropped += 1

    async def close(self) -> None:
        """Every stream ends (its browser reconnects, to this process once it is back) and every watcher stops."""
        tasks = [w.task for w in self._watches.values() if w.task is not None]
        for watch in self._watches.values():
            for spectator in watch.spectators:
                spectator.dropped = True
                with contextlib.suppress(asyncio.QueueFull):
                    spectator.queue.put_nowait(b"")
        self._watches.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
