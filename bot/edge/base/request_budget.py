"""The process's own speed limit for the requests Discord counts in its global limit, served server by server.

Discord allows a bot 50 requests a second in all (its global limit) and answers 429 beyond, which costs
a wait and a second try, and 10,000 refused requests in 10 minutes ban the IP for a while. Interaction
answers (the callback, followups and edits through the interaction's token) are not bound to that
limit (Discord's rate-limit documentation says so), so they never come here: bot/edge/base/http_gate.py sends
them at once. Everything else (posts, edits by the bot's own token, threads, command sync) takes a token
first: tokens come at `rate` a second and up to `burst` may be saved up, so no second sees more than
`burst + rate` of them (45 + 4 = 49 by default: one below Discord's 50, for the rounding of two clocks,
ours and Discord's, that do not start their seconds together). Several processes that share one bot
token share its limit too: each gets a share of the rate (REQUESTS_PER_SECOND).

Waiting requests are served round-robin by their `key` (the server the request is for, or its channel):
one server with fifty busy tables waits behind its own posts, not in front of another server's. The time
is the `Timer` it is handed, so a test moves it by hand. When more than `BACKLOG` requests wait at once,
the log says so once, and once more when none waits any longer (how long, how many waited), not a line
per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict, deque
from collections.abc import Hashable
from dataclasses import dataclass

from ...host.timer import Timer

log = logging.getLogger(__name__)

RATE = 45.0  # tokens a second: with the burst on top, one below Discord's global 50
BURST = 4.0  # tokens that may be saved up while the process is quiet
EARLY = 1e-6  # seconds a request may go before its moment: more than a Unix-time clock's rounding (2.4e-7 s)
BACKLOG = 100  # requests waiting at once: the process asks for more than the budget gives (logged once)


@dataclass
class _Schedule:
    """The token bucket kept as moments (GCRA): `due` is when the next request would go at the steady rate;
    one may go earlier by up to `slack` (the burst). A wait is then a moment to reach, compared with a
    margin (`EARLY`) that float rounding at Unix-time clocks cannot cross, never a fraction of a token."""

    interval: float  # seconds between requests at the steady rate
    slack: float  # (burst - 1) intervals: how far ahead of `due` a request may go
    due: float

    def ready_at(self) -> float:
        return self.due - self.slack

    def take(self, now: float) -> bool:
        """Whether a request may go now (give or take `EARLY`); if so, it is counted."""
        if now < self.due - self.slack - EARLY:
            return False
        self.due = max(self.due, now) + self.interval
        return True


class RequestBudget:
    """Tokens for global-bound requests: `await acquire(key)` before each; waiters take turns by key."""

    def __init__(self, timer: Timer, *, rate: float = RATE, burst: float = BURST) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a budget needs a positive rate ({rate}/s) and room for one token ({burst})")
        self.timer = timer
        self._rate = rate
        self._schedule = _Schedule(1.0 / rate, (burst - 1.0) / rate, timer.now())
        self._queues: OrderedDict[Hashable, deque[asyncio.Future[None]]] = OrderedDict()  # by key, next first
        self._pump: asyncio.Task[None] | None = None
        self.waited = 0  # requests that had to wait for a token (the log's and the bench's figure)
        self._behind: tuple[float, int] | None = None  # since when more than BACKLOG waited, `waited` then

    @property
    def rate(self) -> float:
        return self._rate

    @property
    def waiting(self) -> int:
        return sum(not f.done() for queue in self._queues.values() for f in queue)

    async def acquire(self, key: Hashable = None) -> None:
        """Return once this request may go out (at once when a token is there and nobody waits)."""
        self._prune()
        if not self._queues and self._schedule.take(self.timer.now()):
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queues.setdefault(key, deque()).append(future)
        self.waited += 1
        if self._behind is None and self.waiting > BACKLOG:
            self._behind = (self.timer.now(), self.waited - 1 - BACKLOG)
            log.warning("request budget: over %d requests wait (asked faster than %g a second)", BACKLOG, self.rate)
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._hand_out(), name="request-budget")
        await future

    def _prune(self) -> None:
        """Forget waiters that were cancelled (their handler gave up) and keys with nobody left."""
        for key in list(self._queues):
            queue = self._queues[key]
            while queue and queue[0].done():
                queue.popleft()
            if not queue:
                del self._queues[key]

    def _grant_waiting(self) -> None:
        """Hand the tokens there are to the waiting requests, one key's first waiter at a time."""
        self._prune()
        now = self.timer.now()
        while self._queues and self._schedule.take(now):
            key, queue = next(iter(self._queues.items()))
            queue.popleft().set_result(None)
            self._queues.move_to_end(key)  # the next token goes to the next key
            self._prune()

    async def _hand_out(self) -> None:
        """While requests wait: sleep until the next token is due, then hand it out."""
        while True:
            self._grant_waiting()
            if not self._queues:
                self._caught_up()
                return
            await self.timer.sleep_until(self._schedule.ready_at())

    def _caught_up(self) -> None:
        if self._behind is not None:
            since, waited_before = self._behind
            self._behind = None
            log.warning(
                "request budget: caught up after %.1f s (%d requests waited)",
                self.timer.now() - since,
                self.waited - waited_before,
            )

    async def close(self) -> None:
        """Stop handing out (the bot stops); requests still waiting are cancelled."""
        pump, self._pump = self._pump, None
        if pump is not None:
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pump
        for queue in self._queues.values():
            for future in queue:
                future.cancel()
        self._queues.clear()
