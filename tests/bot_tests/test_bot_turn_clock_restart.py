"""A table's turn clock survives a deploy, through the real discord.py (tests/support/discord_fake) and a
real SQLite file: the reminder and the take-over are stored with the table, so a restart in the
middle of a turn neither resets nor skips them, a reminder already given is not given again, and a
moment that passed while the bot was down comes at once, after the "the bot restarted" post (the
take-over alone when both passed). Short turn timeouts; times are the wall clock the deadlines are
written in."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

from support.discord_fake import FakeMessage
from support.world import World, world

from bot.host.tables import TableStatus
from bot.texts.i18n import t

REMINDER = "it's your turn at Five Up"
RESTORED = t("en", "table-restored")
SLACK = 0.6  # how late a timer may fire on a busy machine and still be "on time"


def clocked_world(tmp_path: Path, timeout: float) -> AbstractAsyncContextManager[World]:
    """Two players and the bot with its turn timeout set (the same on every restart)."""
    return world(tmp_path, 2, timeout=timeout, settle_horizon=0.05)


async def first_post(
    w: World, room: int, wanted: Callable[[FakeMessage], bool], after: int, limit: float
) -> tuple[float, int]:
    """(wall time it was first seen, its index) of the first message in `room` past index `after` that is `wanted`."""
    deadline = time.time() + limit
    while time.time() < deadline:
        for index, message in enumerate(w.fake.messages(room)[after:], start=after):
            if wanted(message):
                return time.time(), index
        await asyncio.sleep(0.01)
    raise AssertionError(f"no such message within {limit} s: {[m.content[:60] for m in w.fake.messages(room)[after:]]}")


def is_reminder(message: FakeMessage) -> bool:
    return REMINDER in message.content


def is_takeover(message: FakeMessage) -> bool:
    return "is away, so a computer player places for them" in message.content


async def test_a_restart_mid_turn_neither_resets_nor_skips_the_clock(tmp_path: Path) -> None:
    async with clocked_world(tmp_path, timeout=1.5) as w:
        table = await w.start_table(w.users)
        room = table.room
        remind_at, take_over_at = table.remind_at, table.take_over_at
        assert remind_at is not None and take_over_at is not None
        assert abs(take_over_at - remind_at - 1.5) < 1e-6
        mover, move = table.match.turn, table.move_no
        await asyncio.sleep(max(0.0, remind_at - 0.6 - time.time()))  # most of the way to the reminder
        await w.stop()
        await w.start()
        again = w.table
        assert (again.remind_at, again.take_over_at) == (remind_at, take_over_at)  # kept, not reset
        restored_at = len(w.fake.messages(room)) - 1
        assert RESTORED in w.fake.messages(room)[restored_at].content
        seen, index = await first_post(w, room, is_reminder, restored_at, limit=5)
        assert remind_at <= seen < remind_at + SLACK  # on time: not a fresh timeout after the restart
        assert f"<@{w.users[mover].id}>" in w.fake.messages(room)[index].content
        seen, taken = await first_post(w, room, is_takeover, index, limit=5)
        assert take_over_at <= seen < take_over_at + SLACK
        assert again.move_no >= move + 1  # the computer placed for the idle player
        reminders = [m for m in w.fake.messages(room)[:taken] if is_reminder(m)]
        assert len(reminders) == 1
        w.fake.assert_clean()


async def test_a_reminder_given_before_the_restart_is_not_given_again(tmp_path: Path) -> None:
    async with clocked_world(tmp_path, timeout=1.5) as w:
        table = await w.start_table(w.users)
        room, take_over_at = table.room, table.take_over_at
        await first_post(w, room, is_reminder, 0, limit=5)
        await w.stop()
        await w.start()
        assert w.table.remind_at is None and w.table.take_over_at == take_over_at
        seen, index = await first_post(w, room, is_takeover, 0, limit=5)
        assert seen < take_over_at + SLACK
        assert len([m for m in w.fake.messages(room)[:index] if is_reminder(m)]) == 1  # this turn's: once
        w.fake.assert_clean()


async def test_a_reminder_due_while_down_comes_at_once_after_the_restart_post(tmp_path: Path) -> None:
    async with clocked_world(tmp_path, timeout=1.5) as w:
        table = await w.start_table(w.users)
        room, remind_at, take_over_at = table.room, table.remind_at, table.take_over_at
        await w.stop()
        await asyncio.sleep(max(0.0, remind_at + 0.1 - time.time()))  # the reminder falls due while down
        before = len(w.fake.messages(room))
        await w.start()
        started = time.time()
        messages = w.fake.messages(room)
        assert RESTORED in messages[before].content
        seen, index = await first_post(w, room, is_reminder, before, limit=5)
        assert index > before and seen - started < SLACK  # at once, after the restart post
        assert not any(is_takeover(m) for m in w.fake.messages(room)[before:index])
        seen, _ = await first_post(w, room, is_takeover, index, limit=5)
        assert take_over_at <= seen < take_over_at + SLACK  # and the take-over still at its own time
        w.fake.assert_clean()


async def test_a_take_over_due_while_down_comes_at_once_without_a_late_reminder(tmp_path: Path) -> None:
    async with clocked_world(tmp_path, timeout=0.4) as w:
        table = await w.start_table(w.users)
        room, take_over_at = table.room, table.take_over_at
        move = table.move_no
        mover = table.match.turn
        await w.stop()
        await asyncio.sleep(max(0.0, take_over_at + 0.1 - time.time()))
        before = len(w.fake.messages(room))
        await w.start()
        started = time.time()
        assert RESTORED in w.fake.messages(room)[before].content
        seen, index = await first_post(w, room, is_takeover, before, limit=5)
        assert index > before and seen - started < SLACK
        again = w.table
        assert again.status is TableStatus.PLAYING and again.move_no > move  # the computer placed for them
        assert mover in again.away or again.match.turn != mover
        late = [m for m in w.fake.messages(room)[before:index] if is_reminder(m)]
        assert late == []  # both moments passed: the take-over says it all
        w.fake.assert_clean()
