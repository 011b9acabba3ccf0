"""The process's own speed limit for requests to Discord: a token bucket with a lane kept for interactions.

Discord allows a bot about 50 requests a second in all (its global limit) and answers 429 beyond,
which costs a wait and a second try. So every request this process makes takes a token first:
tokens come at `rate` a second and up to `burst` may be saved up, so no second ever sees more than
`burst + rate` requests (8 + 40 = 48 by default). An interaction answer must reach Discord within
3 s of the click; it takes only a token of the whole bucket, and is served before anything else
waiting. Everything else (posts, edits, threads, hand refreshes) also needs a token of its own
smaller bucket, refilled at `rate - reserved`, so at least `reserved` tokens a second are always
left for interaction answers however busy the tables are. The time is the `Timer` it is handed,
so a test moves it by hand. When more than `BACKLOG` requests wait at once, the log says so once,
and once more when none waits any longer (how long, how many waited), not a line per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from dataclasses import dataclass

from ..host.timer import Timer

log = logging.getLogger(__name__)

RATE = 40.0  # tokens a second for every request of the process: below Discord's 50 with the burst on top
BURST = 8.0  # tokens that may be saved up while the process is quiet
RESERVED = 10.0  # of RATE, a second's tokens that only interaction answers may take
BACKLOG = 100  # requests waiting at once: the process asks for more than the budget gives (logged once)
WHOLE = 1.0 - 1e-9  # a token, give or take the rounding of refills


@dataclass
class _Bucket:
    rate: float
    capacity: float
    tokens: float
    at: float

    def refill(self, now: float) -> None:
        self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def ready_at(self) -> float:
        """When this bucket holds a whole token (now, if it does)."""
        return self.at + max(0.0, 1.0 - self.tokens) / self.rate


class RequestBudget:
    """Tokens for requests: `await acquire(urgent=...)` before each; urgent ones (interaction answers) go first."""

    def __init__(self, timer: Timer, *, rate: float = RATE, burst: float = BURST, reserved: float = RESERVED) -> None:
        if not 0 <= reserved < rate:
            raise ValueError(f"the reserved share ({reserved}/s) must be below the rate ({rate}/s)")
        self.timer = timer
        now = timer.now()
        self._all = _Bucket(rate, burst, burst, now)
        others_burst = max(1.0, burst * (rate - reserved) / rate)
        self._others = _Bucket(rate - reserved, others_burst, others_burst, now)
        self._urgent: deque[asyncio.Future[None]] = deque()
        self._normal: deque[asyncio.Future[None]] = deque()
        self._pump: asyncio.Task[None] | None = None
        self.waited = 0  # requests that had to wait for a token (the log's and the bench's figure)
        self._behind: tuple[float, int] | None = None  # since when more than BACKLOG waited, `waited` then

    @property
    def rate(self) -> float:
        return self._all.rate

    @property
    def waiting(self) -> int:
        return sum(not f.done() for f in (*self._urgent, *self._normal))

    async def acquire(self, *, urgent: bool) -> None:
        """Return once this request may go out (at once when tokens are there and nobody waits before it)."""
        self._refill()
        if self._grant_now(urgent):
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        (self._urgent if urgent else self._normal).append(future)
        self.waited += 1
        if self._behind is None and len(self._urgent) + len(self._normal) > BACKLOG:
            self._behind = (self.timer.now(), self.waited - 1 - BACKLOG)
            log.warning("request budget: over %d requests wait (asked faster than %g a second)", BACKLOG, self.rate)
        if urgent and self._pump is not None:
            self._pump.cancel()  # it may sleep for a token of the other lane: an answer needs only the whole bucket's
        if urgent or self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._hand_out(), name="request-budget")
        await future

    def _refill(self) -> None:
        now = self.timer.now()
        self._all.refill(now)
        self._others.refill(now)

    def _grant_now(self, urgent: bool) -> bool:
        """Take a token at once if one is there and no request of at least this priority waits for it."""
        self._prune()
        if urgent:
            if self._urgent or self._all.tokens < WHOLE:
                return False
            self._all.tokens -= 1.0
            return True
        if self._urgent or self._normal or self._all.tokens < WHOLE or self._others.tokens < WHOLE:
            return False
        self._all.tokens -= 1.0
        self._others.tokens -= 1.0
        return True

    def _prune(self) -> None:
        for lane in (self._urgent, self._normal):
            while lane and lane[0].done():  # a waiter that was cancelled (its handler gave up)
                lane.popleft()

    def _grant_waiting(self) -> None:
        """Hand the tokens there are to the waiting requests: interaction answers first, then the rest in order."""
        self._prune()
        while self._urgent and self._all.tokens >= WHOLE:
            self._all.tokens -= 1.0
            self._urgent.popleft().set_result(None)
            self._prune()
        while not self._urgent and self._normal and self._all.tokens >= WHOLE and self._others.tokens >= WHOLE:
            self._all.tokens -= 1.0
            self._others.tokens -= 1.0
            self._normal.popleft().set_result(None)
            self._prune()

    async def _hand_out(self) -> None:
        """While requests wait: sleep until the next token is due, then hand it out."""
        while True:
            self._refill()
            self._grant_waiting()
            if self._urgent:
                moment = self._all.ready_at()
            elif self._normal:
                moment = max(self._all.ready_at(), self._others.ready_at())
            else:
                self._caught_up()
                return
            await self.timer.sleep_until(moment)

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
        for future in (*self._urgent, *self._normal):
            future.cancel()
        self._urgent.clear()
        self._normal.clear()
