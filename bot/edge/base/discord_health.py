"""Whether Discord is there: an outage begins when it fails for more than a few seconds, and ends when it answers.

Every request the process makes reports here how it went (bot/edge/base/http_gate.py), and the gateway
reports when it drops and comes back (bot/edge/app.py). A failure is a 5xx after discord.py's own
tries, a timeout or a lost connection; a 429 or a refusal (403, 404) is Discord answering. When
failures (or a closed gateway) last `grace` seconds with no success in between, the outage begins
as of its first failure: `on_down(since)` stops the turn clocks (bot/host/tables/outage_clocks.py). While
it lasts, a cheap request (`probe`) asks Discord every `probe_every` seconds, so the end is seen even
when nothing else is sent. The first success with the gateway up ends it: `on_up(since, now)` starts
the clocks again with the time they had left. The log names each outage twice (begun, over: how
long, how many requests failed), never once per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from ...host.timer import Timer

log = logging.getLogger(__name__)

GRACE_S = 5.0  # failures this long, with no success between, are an outage
PROBE_EVERY_S = 5.0  # during an outage, ask Discord this often whether it is back


class DiscordHealth:
    """Counts failures and successes, and turns a run of failures longer than `grace` into one outage."""

    def __init__(
        self,
        timer: Timer,
        *,
        on_down: Callable[[float], None],
        on_up: Callable[[float, float], Coroutine[Any, Any, None]],
        probe: Callable[[], Awaitable[object]] | None = None,
        grace: float = GRACE_S,
        probe_every: float = PROBE_EVERY_S,
    ) -> None:
        self.timer = timer
        self.on_down = on_down
        self.on_up = on_up
        self.probe = probe
        self.grace = grace
        self.probe_every = probe_every
        self.failing_since: float | None = None  # the first failure since the last success
        self.gateway_down_since: float | None = None
        self._shards_down: set[int] = set()
        self.outage_since: float | None = None  # set while an outage is declared
        self.failed = 0  # requests failed since the run of failures began
        self.outages = 0
        self._watch: asyncio.Task[None] | None = None
        self._ending: asyncio.Task[None] | None = None

    @property
    def down(self) -> bool:
        return self.outage_since is not None

    def _trouble_since(self) -> float | None:
        moments = [m for m in (self.failing_since, self.gateway_down_since) if m is not None]
        return min(moments) if moments else None

    # -- what the requests and the gateway report -----------------------------------------------

    def request_failed(self) -> None:
        self.failed += 1
        if self.failing_since is None:
            self.failing_since = self.timer.now()
        self._watch_trouble()

    def request_ok(self) -> None:
        self.failing_since = None
        self._maybe_over()

    def gateway_closed(self, shard_id: int) -> None:
        self._shards_down.add(shard_id)
        if self.gateway_down_since is None:
            self.gateway_down_since = self.timer.now()
        self._watch_trouble()

    def gateway_open(self, shard_id: int) -> None:
        self._shards_down.discard(shard_id)
        if not self._shards_down:
            self.gateway_down_since = None
            self._maybe_over()

    # -- turning trouble into an outage ----------------------------------------------------------

    def _watch_trouble(self) -> None:
        if self._watch is None or self._watch.done():
            self._watch = asyncio.create_task(self._watching(), name="discord-health")

    async def _watching(self) -> None:
        """Wait out the grace; if the trouble is still there, the outage begins; then probe until it ends."""
        while (since := self._trouble_since()) is not None and self.outage_since is None:
            await self.timer.sleep_until(since + self.grace)
            if self._trouble_since() == since and self.outage_since is None:
                self._begin(since)
        while self.outage_since is not None:
            await self.timer.sleep_until(self.timer.now() + self.probe_every)
            if self.outage_since is not None and self.failing_since is not None and self.probe is not None:
                with contextlib.suppress(Exception):  # its outcome is reported by the gate like any request
                    await self.probe()

    def _begin(self, since: float) -> None:
        self.outage_since = since
        self.outages += 1
        causes = (("requests failing", self.failing_since), ("gateway closed", self.gateway_down_since))
        what = ", ".join(cause for cause, moment in causes if moment is not None)
        log.warning("Discord outage began %.0f s ago (%s): turn clocks stopped", self.timer.now() - since, what)
        self.on_down(since)

    def _maybe_over(self) -> None:
        if self._trouble_since() is not None:
            return
        if self.outage_since is None:
            self.failed = 0
            return
        since, self.outage_since = self.outage_since, None
        now = self.timer.now()
        log.warning(
            "Discord outage over after %.0f s (%d request(s) failed): turn clocks go on with the time they had left",
            now - since,
            self.failed,
        )
        self.failed = 0
        self._ending = asyncio.create_task(self.on_up(since, now), name="discord-outage-over")

    async def settled(self) -> None:
        """Wait for the clocks to start again after the last outage (tests, the stop)."""
        if self._ending is not None:
            await asyncio.shield(self._ending)

    async def close(self) -> None:
        watch, self._watch = self._watch, None
        if watch is not None:
            watch.cancel()
            with contextlib.suppress(BaseException):
                await watch
        if self._ending is not None:
            with contextlib.suppress(BaseException):
                await self._ending
