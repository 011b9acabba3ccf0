"""A table's turn clock survives a deploy, through the real discord.py (tests/support/discord_fake) and a
real SQLite file: the reminder and the take-over are stored with the table, so a restart in the
middle of a turn neither resets nor skips them, a reminder already given is not given again, and a
moment that passed while the bot was down comes at once, after the "the bot restarted" post (the
take-over alone when both passed).

The bot's clock is the test's (a `ManualTimer` the world hands every bot it starts): a turn lasts ten
minutes, and the test moves the clock forward while the bot is down, so that a moment falls due
"while down" or "half a second after the restart", then on in quarter seconds until the post comes.
Each check is on that clock (which moment a post came at), never on how long the machine took."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest
from support.discord_fake import FakeMessage
from support.manual_timer import ManualTimer
from support.world import World, world

from bot.model.table_state import TableStatus
from bot.texts.i18n import t

REMINDER = "it's your turn at Five Up"
RESTORED = t("en", "table-restored")
TIMEOUT = 600.0  # a turn's idle time
STEP = 0.25  # how far the clock moves between two looks for a post
NEVER = 3 * TIMEOUT  # on the bot's clock: a post not come by then is taken as never coming


@pytest.fixture
async def clocked(tmp_path: object) -> AsyncIterator[tuple[World, ManualTimer]]:
    """Two players and the bot, on the test's clock (on every restart), a table started."""
    clock = ManualTimer()
    async with world(tmp_path, 2, timeout=TIMEOUT, timer=clock) as w:  # type: ignore[arg-type]
        table = await w.start_table(w.users)
        assert table.remind_at is not None and table.take_over_at is not None
        assert abs(table.take_over_at - table.remind_at - TIMEOUT) < 1e-6
        yield w, clock


async def restart_at(w: World, clock: ManualTimer, moment: float) -> int:
    """Stop the bot, move the clock to `moment`, start it again; the index of its "restarted" post."""
    room = w.table.room
    await w.stop()
    clock.advance_to(moment)
    before = len(w.fake.messages(room))
    await w.start()
    assert RESTORED in w.fake.messages(room)[before].content
    return before


async def first_post(
    w: World, clock: ManualTimer, wanted: Callable[[FakeMessage], bool], after: int
) -> tuple[float, int]:
    """(the bot's clock when it was first seen, its index) of the first message in the table's room past
    index `after` that is `wanted`: the bot settles, the test looks, the clock moves a STEP on, and again."""
    room = w.table.room
    deadline = clock.now() + NEVER
    while clock.now() < deadline:
        await w.fake.wait_idle()
        for index, message in enumerate(w.fake.messages(room)[after:], start=after):
            if wanted(message):
                return clock.now(), index
        clock.advance(STEP)
    raise AssertionError(f"no such message: {[m.content[:60] for m in w.fake.messages(room)[after:]]}")


def is_reminder(message: FakeMessage) -> bool:
    return REMINDER in message.content


def is_takeover(message: FakeMessage) -> bool:
    return "is away, so a computer player places for them" in message.content


async def test_a_restart_mid_turn_neither_resets_nor_skips_the_clock(clocked: tuple[World, ManualTimer]) -> None:
    w, clock = clocked
    table = w.table
    remind_at, take_over_at = table.remind_at, table.take_over_at
    mover, move = table.match.turn, table.move_no
    await restart_at(w, clock, remind_at - TIMEOUT / 2)  # mid-turn, long before the reminder
    again = w.table
    assert (again.remind_at, again.take_over_at) == (remind_at, take_over_at)  # kept, not reset
    restarted = await restart_at(w, clock, remind_at - 0.5)  # half a second before it
    again = w.table
    seen, index = await first_post(w, clock, is_reminder, restarted)
    assert remind_at <= seen < take_over_at  # at its own moment: not a fresh timeout after the restart
    assert f"<@{w.users[mover].id}>" in w.fake.messages(again.room)[index].content
    restarted = await restart_at(w, clock, take_over_at - 0.5)
    seen, taken = await first_post(w, clock, is_takeover, restarted)
    assert take_over_at <= seen
    assert w.table.move_no >= move + 1  # the computer placed for the idle player
    reminders = [m for m in w.fake.messages(again.room)[:taken] if is_reminder(m)]
    assert len(reminders) == 1
    w.fake.assert_clean()


async def test_a_reminder_given_before_the_restart_is_not_given_again(clocked: tuple[World, ManualTimer]) -> None:
    w, clock = clocked
    remind_at, take_over_at = w.table.remind_at, w.table.take_over_at
    restarted = await restart_at(w, clock, remind_at - 0.5)
    await first_post(w, clock, is_reminder, restarted)
    await w.restart()
    assert w.table.remind_at is None and w.table.take_over_at == take_over_at
    restarted = await restart_at(w, clock, take_over_at - 0.5)
    seen, index = await first_post(w, clock, is_takeover, restarted)
    assert take_over_at <= seen
    assert len([m for m in w.fake.messages(w.table.room)[:index] if is_reminder(m)]) == 1  # this turn's: once
    w.fake.assert_clean()


async def test_a_reminder_due_while_down_comes_at_once_after_the_restart_post(
    clocked: tuple[World, ManualTimer],
) -> None:
    w, clock = clocked
    room, remind_at, take_over_at = w.table.room, w.table.remind_at, w.table.take_over_at
    restarted = await restart_at(w, clock, remind_at + 0.1)  # the reminder falls due while down
    seen, index = await first_post(w, clock, is_reminder, restarted)
    assert index > restarted and seen < take_over_at  # at once, after the restart post
    assert not any(is_takeover(m) for m in w.fake.messages(room)[restarted:index])
    assert w.table.take_over_at == take_over_at and w.table.status is TableStatus.PLAYING
    restarted = await restart_at(w, clock, take_over_at - 0.5)
    seen, _ = await first_post(w, clock, is_takeover, restarted)
    assert take_over_at <= seen  # and the take-over still at its own time
    w.fake.assert_clean()


async def test_a_take_over_due_while_down_comes_at_once_without_a_late_reminder(
    clocked: tuple[World, ManualTimer],
) -> None:
    w, clock = clocked
    table = w.table
    room, take_over_at = table.room, table.take_over_at
    move, mover = table.move_no, table.match.turn
    restarted = await restart_at(w, clock, take_over_at + 0.1)
    seen, index = await first_post(w, clock, is_takeover, restarted)
    assert index > restarted and seen < take_over_at + TIMEOUT  # at once, not a turn later
    again = w.table
    assert again.status is TableStatus.PLAYING and again.move_no > move  # the computer placed for them
    assert mover in again.away or again.match.turn != mover
    late = [m for m in w.fake.messages(room)[restarted:index] if is_reminder(m)]
    assert late == []  # both moments passed: the take-over says it all
    w.fake.assert_clean()
