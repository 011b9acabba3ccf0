"""How fast a tournament round opens its match threads in one channel (docs/tournaments.md, "Opening a round").

Each match opened costs the event's channel two requests (the message mentioning both players, then the
thread on it). Discord limits a channel's messages to about 5 in 5 seconds and thread creation to a bucket
it does not publish (shared across the server, with a long wait once it is overrun); discord.py waits out
a 429, but each one counts toward Discord's ban for too many refused requests. So the bot paces itself:
at most `per_window` openings in any `window` seconds per channel, half of that channel's message budget,
the rest left for the round's announcement and the other events there. The clock is the host's `Timer`,
so the tests move it by hand.
"""

from __future__ import annotations

import asyncio
from collections import deque

from ..timer import Timer

OPENINGS_PER_WINDOW = 4
WINDOW_SECONDS = 10.0


class ThreadPace:
    """A sliding window per channel: an opening waits until fewer than `per_window` happened in the last
    `window` seconds there."""

    def __init__(self, timer: Timer, per_window: int | None = None, window: float | None = None) -> None:
        self.timer = timer
        self.per_window = OPENINGS_PER_WINDOW if per_window is None else per_window  # read now: tests may lift it
        self.window = WINDOW_SECONDS if window is None else window
        self._recent: dict[int, deque[float]] = {}
        self._waits: set[asyncio.Future[None]] = set()
        self._closed = False

    async def turn(self, channel_id: int) -> None:
        """Return when one more opening in `channel_id` keeps to the pace, and count it."""
        recent = self._recent.setdefault(channel_id, deque())
        while True:
            now = self.timer.now()
            while recent and recent[0] <= now - self.window:
                recent.popleft()
            if self._closed:
                raise asyncio.CancelledError  # the process is stopping: the next one opens the rest
            if len(recent) < self.per_window:
                recent.append(now)
                return
            wait = asyncio.ensure_future(self.timer.sleep_until(recent[0] + self.window))
            self._waits.add(wait)
            try:
                await wait
            finally:
                self._waits.discard(wait)

    def close(self) -> None:
        """The process is stopping: a round waiting for its turn stops where it is (its games without a
        match are opened by the next start, none twice: a game gets its table as soon as its thread)."""
        self._closed = True
        for wait in self._waits:
            wait.cancel()

    def seconds_for(self, openings: int) -> float:
        """How long `openings` take at this pace from a quiet channel (the last one's start)."""
        return max(0, (openings - 1) // self.per_window) * self.window
