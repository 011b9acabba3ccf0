"""Waiting until the bot has finished reacting: no callback ready, no thread job, no timer due soon.

An interaction starts work the test cannot await directly: the command tree's task, the view's
task, and whatever the bot spawns (a render in `asyncio.to_thread`, a database write through
aiosqlite's thread, a board posted in the background). `IdleWatcher.wait` returns when the event
loop has nothing left to do *now*: no ready callbacks, no job in the default executor, no task
inside a library known to do its work on its own thread, and no timer due within `horizon`
seconds. Timers further away (a view's 180 s timeout, a turn clock) are the future, not work in
progress, so they do not hold the wait up.

Work on a thread is invisible to the loop until it ends, so it is counted on the way in: jobs
given to `loop.run_in_executor` (what `asyncio.to_thread` and process pools use), and calls into
aiosqlite, whose connections run every query on a worker thread of their own, and into asyncpg,
whose queries wait on the PostgreSQL server's socket (invisible to the loop too). Both counters are
installed for the fake's lifetime only. The loop itself is read through two CPython internals
(`_ready`, `_scheduled`), stable in the loops pytest-asyncio uses; a loop without them is refused.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Future as ThreadFuture
from typing import Any

#: Async methods whose work runs on a library's own worker thread, or waits on a database server's
#: socket with nothing of it on the loop's ready queue or timers: (module, class, methods).
THREAD_BACKED = (
    ("aiosqlite.core", "Connection", ("_connect", "_execute", "close")),
    ("asyncpg.pool", "Pool", ("_acquire", "release", "expire_connections", "close")),
    ("asyncpg.connection", "Connection", ("execute", "executemany", "fetch", "fetchval", "fetchrow")),
    ("asyncpg.transaction", "Transaction", ("start", "commit", "rollback")),
)


class IdleWatcher:
    def __init__(self, loop: asyncio.AbstractEventLoop, *, horizon: float) -> None:
        self.loop = loop
        self.horizon = horizon
        self.in_executor = 0
        self.in_threads = 0
        self._original: Callable[..., Any] | None = None
        self._woken: asyncio.Future[None] | None = None  # what a waiter sleeps on: a thread job ending wakes it
        self._patched: list[tuple[type, str, Any]] = []
        if not hasattr(loop, "_ready") or not hasattr(loop, "_scheduled"):
            raise RuntimeError(f"{type(loop).__name__} does not expose _ready/_scheduled; cannot detect idleness")

    def install(self) -> None:
        """Count jobs handed to the loop's executor (what `asyncio.to_thread` uses)."""
        original = self.loop.run_in_executor
        self._original = original

        def counted(executor: Any, func: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
            future = original(executor, func, *args)
            self.in_executor += 1
            future.add_done_callback(self._job_done)
            return future

        self.loop.run_in_executor = counted  # type: ignore[method-assign]
        for module_name, class_name, methods in THREAD_BACKED:
            try:
                owner = getattr(importlib.import_module(module_name), class_name)
            except ImportError:
                continue
            for name in methods:
                original_method = owner.__dict__[name]
                self._patched.append((owner, name, original_method))
                setattr(owner, name, self._counting(original_method))

    def _counting(self, method: Callable[..., Coroutine[Any, Any, Any]]) -> Callable[..., Any]:
        @functools.wraps(method)
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.in_threads += 1
            try:
                return await method(*args, **kwargs)
            finally:
                self.in_threads -= 1
                self._wake()

        return counted

    def uninstall(self) -> None:
        if self._original is not None:
            del self.loop.run_in_executor  # drop the instance attribute; the class method shows again
            self._original = None
        for owner, name, original_method in reversed(self._patched):
            setattr(owner, name, original_method)
        self._patched.clear()

    def _job_done(self, _: asyncio.Future[Any] | ThreadFuture[Any]) -> None:
        self.in_executor -= 1
        self._wake()

    def _wake(self) -> None:
        if self._woken is not None and not self._woken.done():
            self._woken.set_result(None)

    async def _pause(self, seconds: float) -> None:
        """Sleep until a thread job ends or `seconds` pass, whichever is first: a wait for a picture drawn on a
        thread ends when it is drawn, not at the next poll."""
        self._woken = self.loop.create_future()
        alarm = self.loop.call_later(seconds, self._wake)
        try:
            await self._woken
        finally:
            alarm.cancel()
            self._woken = None

    def _ready_callbacks(self) -> int:
        try:
            return sum(1 for handle in self.loop._ready if not handle._cancelled)  # type: ignore[attr-defined]
        except RuntimeError:  # a worker thread queued a callback meanwhile (call_soon_threadsafe): work is ready
            return 1

    def _next_timer(self) -> float | None:
        """Seconds to the next live timer. asyncio keeps its timers in a heap and drops cancelled ones lazily:
        when the heap's first is live it is the next one, and the scan over all is needed only otherwise."""
        scheduled = self.loop._scheduled  # type: ignore[attr-defined]
        if scheduled and not scheduled[0]._cancelled:
            return scheduled[0].when() - self.loop.time()
        whens = [h.when() for h in scheduled if not h._cancelled]
        return min(whens) - self.loop.time() if whens else None

    def busy_reason(self) -> str | None:
        """Why the loop is not idle yet, or None when it is."""
        if self._ready_callbacks():
            return "callbacks are ready to run"
        if self.in_executor:
            return f"{self.in_executor} job(s) are running in the executor"
        if self.in_threads:
            return f"{self.in_threads} call(s) wait on a library's worker thread"
        next_timer = self._next_timer()
        if next_timer is not None and next_timer <= self.horizon:
            return f"a timer is due in {max(next_timer, 0):.3f}s"
        return None

    async def wait(self, *, timeout: float, horizon: float | None = None) -> None:
        saved = self.horizon
        if horizon is not None:
            self.horizon = horizon
        try:
            await self._wait(timeout)
        finally:
            self.horizon = saved

    async def _wait(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        calm = 0
        while True:
            await asyncio.sleep(0)
            reason = self.busy_reason()
            if reason is None:
                calm += 1
                # Idle on two passes in a row: a callback that only now scheduled another is caught.
                if calm >= 2:
                    return
                continue
            calm = 0
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot did not settle within {timeout}s: {reason}")
            if not reason.startswith("callbacks"):
                # Let the timer fire or the thread finish without spinning the CPU.
                next_timer = self._next_timer()
                pause = 0.005 if next_timer is None else min(max(next_timer, 0.0), 0.005)
                await self._pause(pause)
