"""Waiting, without the fake Discord, until the host has finished what a moved timer started.

A test that moves a `ManualTimer` (tests/support/manual_timer.py) wakes the manager's idle watches,
which then post and write through aiosqlite's thread: work the test cannot await directly. `settling`
counts that work the way the fake Discord does (tests/support/discord_fake/idle.py) and its `settle`
returns once the loop has nothing left to do now, however long a busy machine takes to get there.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from support.discord_fake.idle import IdleWatcher

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
