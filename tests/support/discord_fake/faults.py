"""Fault rules: a Discord that answers 429, 5xx, times out or answers slowly, when a test says so.

A test sets rules on `fake.faults` and clears them when the incident is over::

    fake.faults.seed(7)                                   # the share of requests hit is reproducible
    storm = fake.faults.rate_limit(share=0.05, retry_after=0.02)                  # 5% answered 429
    fake.faults.server_error(503, path="/channels/{channel_id}/messages", channel_id=thread.id)
    fake.faults.timeout(path="/interactions/*", takes_effect=True, times=1)    # applied, but unseen
    fake.faults.slow(0.05, method="PATCH")
    fake.faults.clear(storm)                              # or clear() for all of them

A rule matches by method (None: any), by route template (`path`, a glob over discord.py's `Route.path`,
e.g. "/interactions/*" for interaction callbacks) and by route parameters (`channel_id=` one
thread); it hits a `share` of the matching requests (drawn from the seeded random) and at most
`times` of them (None: until cleared). The first rule that hits decides the answer.

What the bot sees is what discord.py makes of Discord's answer, through its unchanged code:
- 429 (`rate_limit`): `Retry-After` and `X-RateLimit-Scope` (user, shared or global; a global one
  has `"global": true`), and discord.py sleeps that long in real time and sends again, so keep
  `retry_after` tiny (0.01-0.05 s). Interaction callbacks and followups are sent again the same way.
- 5xx (`server_error`): discord.py's `HTTPClient.request` raises `DiscordServerError` at once for 503;
  for 500/502/504 it first sends again after sleeping 1, 3, 5, 7 real seconds, so tests use 503 unless
  they mean to pay that. Interaction routes raise at once for every 5xx (the fake does not copy the
  webhook adapter's own 5xx back-off), leaving the retry to the bot.
- a timeout (`timeout`): `aiohttp.ServerTimeoutError` (an `asyncio.TimeoutError`), either before the
  request reaches Discord or after Discord applied it (`takes_effect=True`: the message exists, the
  interaction is answered, yet the bot does not know); a dropped connection (`disconnect`):
  `aiohttp.ServerDisconnectedError`, the same two ways.
- a slow answer (`slow`): the answer comes `delay` seconds later (real time: keep it small).

Every request is in `fake.requests` with the moment it arrived (`at`, on `faults.clock`: the fake's
loop time unless a test hands in its own clock) and its outcome, so a test can count requests per
second (`per_second`) or how many were refused.
"""

from __future__ import annotations

import fnmatch
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

import aiohttp

from .records import CapturedRequest
from .transport import FakeHTTPError

Kind = Literal["rate_limit", "server_error", "timeout", "disconnect", "slow"]
Scope = Literal["user", "shared", "global"]

SERVER_MESSAGES = {
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


@dataclass(eq=False)
class FaultRule:
    """One rule: which requests it hits and how Discord answers them; `hits` counts the requests it hit."""

    kind: Kind
    method: str | None = None
    path: str | None = None
    params: dict[str, str] = field(default_factory=dict)
    share: float = 1.0
    times: int | None = None
    status: int = 429
    retry_after: float = 0.02
    scope: Scope = "user"
    takes_effect: bool = False
    delay: float = 0.0
    hits: int = 0

    def matches(self, request: CapturedRequest) -> bool:
        if self.times is not None and self.hits >= self.times:
            return False
        if self.method is not None and request.method != self.method:
            return False
        if self.path is not None and not fnmatch.fnmatchcase(request.path, self.path):
            return False
        return all(request.params.get(name) == value for name, value in self.params.items())

    def error(self) -> FakeHTTPError:
        if self.kind == "rate_limit":
            return FakeHTTPError(429, 0, "You are being rate limited.", retry_after=self.retry_after, scope=self.scope)
        return FakeHTTPError(self.status, 0, SERVER_MESSAGES.get(self.status, "Server Error"))


class RequestTimedOut(aiohttp.ServerTimeoutError):
    """What aiohttp raises when Discord does not answer in time; whether it applied the request is unknown."""


@dataclass
class Decision:
    """What happens to one request: a delay, then an error before the route runs, or a timeout after it."""

    delay: float = 0.0
    refuse: FakeHTTPError | None = None
    lost_before: Exception | None = None  # raised before the route runs: nothing happened
    lost_after: Exception | None = None  # raised after it ran: it happened, the bot does not know
    outcome: str = "ok"


class Faults:
    """The rules a test set, the seeded random that picks the share they hit, and the clock of the record."""

    def __init__(self, clock: Callable[[], float], *, seed: int = 0) -> None:
        self.clock = clock  # stamps `CapturedRequest.at`; a test may hand in its own
        self.rules: list[FaultRule] = []
        self._random = random.Random(seed)

    def seed(self, seed: int) -> None:
        self._random = random.Random(seed)

    def _add(self, rule: FaultRule, channel_id: int | str | None) -> FaultRule:
        if channel_id is not None:
            rule.params["channel_id"] = str(channel_id)
        if not 0.0 <= rule.share <= 1.0:
            raise ValueError(f"share must be between 0 and 1, not {rule.share}")
        self.rules.append(rule)
        return rule

    def rate_limit(
        self,
        *,
        method: str | None = None,
        path: str | None = None,
        channel_id: int | str | None = None,
        share: float = 1.0,
        times: int | None = None,
        retry_after: float = 0.02,
        scope: Scope = "user",
    ) -> FaultRule:
        """Answer 429 with `Retry-After: retry_after`; `scope="global"` is the 50-a-second limit."""
        rule = FaultRule("rate_limit", method, path, share=share, times=times, retry_after=retry_after, scope=scope)
        return self._add(rule, channel_id)

    def server_error(
        self,
        status: int = 503,
        *,
        method: str | None = None,
        path: str | None = None,
        channel_id: int | str | None = None,
        share: float = 1.0,
        times: int | None = None,
    ) -> FaultRule:
        """Answer a 5xx (500, 502, 503 or 504) without applying the request."""
        if status not in SERVER_MESSAGES:
            raise ValueError(f"a server error is one of {sorted(SERVER_MESSAGES)}, not {status}")
        rule = FaultRule("server_error", method, path, share=share, times=times, status=status)
        return self._add(rule, channel_id)

    def timeout(
        self,
        *,
        takes_effect: bool = False,
        method: str | None = None,
        path: str | None = None,
        channel_id: int | str | None = None,
        share: float = 1.0,
        times: int | None = None,
    ) -> FaultRule:
        """The bot's request times out; with `takes_effect`, Discord applied it all the same."""
        rule = FaultRule("timeout", method, path, share=share, times=times, takes_effect=takes_effect)
        return self._add(rule, channel_id)

    def disconnect(
        self,
        *,
        takes_effect: bool = False,
        method: str | None = None,
        path: str | None = None,
        channel_id: int | str | None = None,
        share: float = 1.0,
        times: int | None = None,
    ) -> FaultRule:
        """The connection drops (`aiohttp.ServerDisconnectedError`); with `takes_effect`, after Discord applied it."""
        rule = FaultRule("disconnect", method, path, share=share, times=times, takes_effect=takes_effect)
        return self._add(rule, channel_id)

    def slow(
        self,
        delay: float,
        *,
        method: str | None = None,
        path: str | None = None,
        channel_id: int | str | None = None,
        share: float = 1.0,
        times: int | None = None,
    ) -> FaultRule:
        """Answer `delay` seconds late (real time), then normally."""
        rule = FaultRule("slow", method, path, share=share, times=times, delay=delay)
        return self._add(rule, channel_id)

    def clear(self, rule: FaultRule | None = None) -> None:
        """The incident is over: drop `rule`, or every rule."""
        if rule is None:
            self.rules.clear()
        elif rule in self.rules:
            self.rules.remove(rule)

    def decide(self, request: CapturedRequest) -> Decision:
        """Stamp the request and pick its fate: the first matching rule whose share draws it."""
        request.at = self.clock()
        decision = Decision()
        for rule in self.rules:
            if not rule.matches(request):
                continue
            if rule.share < 1.0 and self._random.random() >= rule.share:
                continue
            rule.hits += 1
            if rule.kind == "slow":
                decision.delay += rule.delay
                continue  # a slow answer can still be any other answer
            if rule.kind in ("timeout", "disconnect"):
                error = timed_out(request) if rule.kind == "timeout" else dropped(request)
                if rule.takes_effect:
                    decision.lost_after = error
                else:
                    decision.lost_before = error
                decision.outcome = f"{rule.kind} (applied)" if rule.takes_effect else rule.kind
            else:
                decision.refuse = rule.error()
                decision.outcome = str(decision.refuse.status)
            break
        request.outcome = decision.outcome
        return decision


def timed_out(request: CapturedRequest) -> RequestTimedOut:
    return RequestTimedOut(f"the fake Discord did not answer {request.method} {request.path} in time")


def dropped(request: CapturedRequest) -> aiohttp.ServerDisconnectedError:
    return aiohttp.ServerDisconnectedError(f"the fake Discord dropped {request.method} {request.path}")


def per_second(requests: list[CapturedRequest], *, start: float | None = None) -> list[int]:
    """How many requests arrived in each whole second from `start` (the first request's moment)."""
    if not requests:
        return []
    origin = min(r.at for r in requests) if start is None else start
    counts = Counter(int((r.at - origin) // 1.0) for r in requests if r.at >= origin)
    return [counts.get(second, 0) for second in range(max(counts) + 1)] if counts else []


__all__ = ["Decision", "FaultRule", "Faults", "RequestTimedOut", "dropped", "per_second", "timed_out"]
