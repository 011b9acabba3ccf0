"""Waiting for what a test cannot await, as long as it takes (bounded only against a hang), never for a time.

A test that moves a `ManualTimer` (tests/support/manual_timer.py) wakes the manager's idle watches,
which then post and write through aiosqlite's thread: work the test cannot await directly. `settling`
counts that work the way the fake Discord does (tests/support/discord_fake/idle.py) and its `settle`
returns once the loop has nothing left to do now, however long a busy machine takes to get there.
`until` waits for a state the test cannot await (a handler started, a stop begun) the same way: as
long as it takes, bounded only against a hang; `knocked` tells whether interactions have sent their
answer to the fake Discord (which a test may hold at its door: `backend.door`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from support.discord_fake import FakeDiscord
from support.discord_fake.idle import IdleWatcher
from support.discord_fake.records import InteractionRecord

HANG = 120.0  # seconds: only a hung test gets this far; a slow machine settles well within it


@asynccontextmanager
async def settling(horizon: float = 1.0) -> AsyncIterator[Callable[[], Awaitable[None]]]:
    """Count the loop's thread work while inside; yields `settle`, which waits until it is all done."""
    watcher = IdleWatcher(asyncio.get_running_loop(), horizon=horizon)
    watcher.install()
    try:
        yield lambda: watcher.wait(timeout=HANG)
    finally:
        watcher.uninstall()


async def until(condition: Callable[[], object], what: str) -> None:
    """Return once `condition()` holds, looking again after every turn of the loop (or a millisecond)."""
    hung = time.monotonic() + HANG
    while not condition():
        if time.monotonic() > hung:
            raise AssertionError(f"never came: {what}")
        await asyncio.sleep(0.001)


def knocked(fake: FakeDiscord, records: list[InteractionRecord]) -> bool:
    """Every one of these interactions has sent a request (its answer) to Discord's door."""
    tokens = {request.params.get("webhook_token") for request in fake.backend.requests}
    return all(record.token in tokens for record in records)
