"""Every click answered, the lobby never goes back, refusals stay private: the bot end to end through
the real discord.py (tests/support/discord_fake), each race played out as Discord delivers it."""

from __future__ import annotations

import asyncio
import logging
import random
from pathlib import Path

import pytest
from support.bot_host import single_place_tiles
from support.waiting import knocked, until
from support.world import World, world

from bot.model.table_state import Table, TableStatus
from bot.texts import lobby_message
from bot.texts.i18n import t


async def open_hand(w: World, table: Table) -> tuple[object, object]:
    """The mover and their private hand message, opened from the latest public post."""
    assert table.match is not None and table.match.turn is not None
    mover = w.user_at(table, table.match.turn)
    await w.fake.click(mover, w.public()[-1], f"5up:hand:{table.id}")
    return mover, w.fake.ephemeral_messages(mover, w.room)[-1]


# -- 1. a click on a button the message no longer has ----------------------------------------------


async def test_join_on_a_lobby_that_lost_its_buttons_is_answered(tmp_path: Path) -> None:
    async with world(tmp_path, 3) as w:
        ana, bo, cy = w.users
        table = await w.start_table([ana, bo])
        lobby = next(m for m in w.fake.messages(w.channel) if m.history)  # the lobby, edited by Start: no buttons
        assert not lobby.buttons
        seats = list(table.seats)
        late = await w.fake.click(cy, lobby, f"5up:lobby:{table.id}:join", stale=True)
        assert late.ok, late.rule_problems()
        assert late.last_reply is not None and late.last_reply.ephemeral
        assert late.last_reply.content == t("en", "error-already-started")
        assert table.seats == seats and not w.fake._message(lobby).buttons  # nothing changed
        w.fake.assert_clean()


async def test_a_double_click_on_start_starts_once_and_answers_twice(tmp_path: Path) -> None:
    async with world(tmp_path, 2) as w:
        ana, bo = w.users
        await w.fake.slash(ana, w.channel, "five-up start")
        lobby = w.fake.last_message(w.channel)
        table = w.table
        await w.fake.click(bo, lobby, f"5up:lobby:{table.id}:join")
        first = await w.fake.click(ana, lobby, f"5up:lobby:{table.id}:start")
        posts = len(w.public())
        record = table.match.record.dumps()
        second = await w.fake.click(ana, lobby, f"5up:lobby:{table.id}:start", stale=True)
        assert first.ok and second.ok, second.rule_problems()
        assert second.last_reply is not None and second.last_reply.ephemeral
        assert second.last_reply.content == t("en", "error-already-started")
        assert len(w.public()) == posts and table.match.record.dumps() == record
        assert table.status is TableStatus.PLAYING and not w.fake._message(lobby).buttons
        w.fake.assert_clean()


async def test_a_double_click_on_a_tile_places_once_and_answers_twice(tmp_path: Path) -> None:
    async with world(tmp_path, 2) as w:
        table = await w.start_table(w.users)
        mover, hand = await open_hand(w, table)
        option = single_place_tiles(table)[0]
        move = table.move_no
        custom_id = f"5up:tile:{table.id}:{move}:{option.tile}"
        posts = len(w.public())
        first = await w.fake.click(mover, hand, custom_id)
        assert table.move_no == move + 1 and not w.fake._message(hand).buttons  # now the receipt
        second = await w.fake.click(mover, hand, custom_id, stale=True)
        assert first.ok and second.ok, second.rule_problems()
        assert table.move_no == move + 1 and len(w.public()) == posts + 1
        assert second.followups and second.followups[-1].ephemeral
        assert second.followups[-1].content == t("en", "error-stale")
        assert w.fake._message(hand).content.startswith("You placed")  # the receipt stays as it was
        w.fake.assert_clean()


async def test_a_click_still_on_the_message_is_handled_once(tmp_path: Path) -> None:
    """The usual path: discord.py finds the button and runs it; nothing runs it a second time."""
    async with world(tmp_path, 2) as w:
        ana, bo = w.users
        await w.fake.slash(ana, w.channel, "five-up start")
        lobby = w.fake.last_message(w.channel)
        table = w.table
        joined = await w.fake.click(bo, lobby, f"5up:lobby:{table.id}:join")
        again = await w.fake.click(bo, lobby, f"5up:lobby:{table.id}:join")
        assert joined.ok and again.ok  # one initial response each: the fake refuses a second
        assert again.last_reply is not None and again.last_reply.content == t("en", "error-already-seated")
        assert [s.user_id for s in table.seats] == [ana.id, bo.id]
        w.fake.assert_clean()


# -- 2. /five-up join or leave racing Start -------------------------------------------------------


async def test_join_or_leave_by_command_racing_start_never_brings_the_lobby_back(tmp_path: Path) -> None:
    rng = random.Random(13)
    async with world(tmp_path, 3) as w:
        ana, bo, cy = w.users
        for attempt in range(40):
            leaving = attempt % 2 == 1
            await w.fake.slash(ana, w.channel, "five-up start")
            lobby = w.fake.last_message(w.channel)
            table = w.table
            await w.fake.click(bo, lobby, f"5up:lobby:{table.id}:join")
            if leaving:
                await w.fake.click(cy, lobby, f"5up:lobby:{table.id}:join")
            command = "five-up leave" if leaving else "five-up join"
            w.fake.backend.latency = 0.03  # the race's requests in flight while the table moves on
            racing = asyncio.ensure_future(w.fake.slash(cy, w.channel, command, settle=False))
            await asyncio.sleep(rng.uniform(0, 0.002))
            start = asyncio.ensure_future(w.fake.click(ana, lobby, f"5up:lobby:{table.id}:start", settle=False))
            records = await asyncio.gather(racing, start)
            await w.fake.wait_idle()
            w.fake.backend.latency = 0.0  # the lobby's setup and the end need no wire delay
            assert all(r.ok for r in records), [r.rule_problems() for r in records]
            assert table.status is TableStatus.PLAYING
            shown = w.fake._message(lobby)
            assert not shown.buttons, f"attempt {attempt}: the lobby came back: {shown.content}"
            assert shown.content == lobby_message(table).text  # the seats the match started with
            ended = await w.fake.slash(ana, w.channel, "five-up end")
            assert ended.ok
        w.fake.assert_clean()


# -- 3. a /five-up board refusal is private -------------------------------------------------------


async def test_board_or_score_racing_end_refuses_privately(tmp_path: Path) -> None:
    rng = random.Random(5)
    async with world(tmp_path, 2) as w:
        ana, bo = w.users
        w.fake.backend.latency = 0.02
        refused = 0
        door = w.fake.backend.door
        for attempt in range(17):
            table = await w.start_table([ana, bo])
            command = "five-up score" if attempt % 2 else "five-up board"
            # public: the answer that could leave a public "thinking…" behind (a private one never can)
            looking = asyncio.ensure_future(w.fake.slash(bo, w.channel, command, public=True, settle=False))
            if attempt < 16:  # at a random moment
                await asyncio.sleep(rng.uniform(0, 0.03))
                ending = asyncio.ensure_future(w.fake.slash(ana, w.channel, "five-up end", settle=False))
                board, end = await asyncio.gather(looking, ending)
            else:  # the last one in the race's window, whatever the machine's speed: the board's "thinking…" is
                door.clear()  # on its way when the table ends
                board = await looking
                await until(lambda: knocked(w.fake, [board]), "the board's thinking… sent")  # noqa: B023
                end = await w.fake.slash(ana, w.channel, "five-up end", settle=False)
                await until(lambda: table.status is TableStatus.CLOSED, "the table ended")  # noqa: B023
                door.set()
            await w.fake.wait_idle()
            assert board.ok and end.ok, board.rule_problems() + end.rule_problems()
            assert table.status is TableStatus.CLOSED
            shown = [m for m in board.messages if not m.deleted]
            assert len(shown) == 1, shown
            if shown[0].ephemeral:  # refused: only the asker sees why, and no "thinking…" stays behind
                refused += 1
                assert not shown[0].attachments and shown[0].content
            else:
                assert shown[0].attachments  # the board, before the table ended
            for message in [*w.public(), *w.fake.messages(w.channel)]:
                assert "There is no Five Up table" not in message.content
                assert t("en", "error-table-gone") not in message.content
        assert refused, "no attempt was refused: not even the one held in the race's window"
        w.fake.assert_clean()


# -- 6. an autocomplete answered after Discord gave up ----------------------------------------------


async def test_a_late_autocomplete_answer_is_one_debug_line(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with world(tmp_path, 2) as w:
        table = await w.start_table(w.users)
        mover = w.user_at(table, table.match.turn)
        caplog.set_level(logging.DEBUG)
        caplog.clear()
        w.fake.fail_next(
            "POST",
            "/interactions/{webhook_id}/{webhook_token}/callback",
            status=404,
            code=10062,
            message="Unknown interaction",
        )
        late = await w.fake.autocomplete(mover, w.channel, "five-up play", focused="tile", value="")
        assert late.failed  # Discord had given up: the answer never arrived
        about = [r for r in caplog.records if "autocomplete" in r.getMessage().lower()]
        assert len(about) <= 1 and all(r.levelno == logging.DEBUG and not r.exc_info for r in about), [
            (r.levelname, r.getMessage()) for r in about
        ]
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING and "PyNaCl" not in r.getMessage()]
        # the next one is answered as usual
        hint = await w.fake.autocomplete(mover, w.channel, "five-up play", focused="tile", value="")
        assert hint.ok and hint.choices
        assert w.fake.errors.records == []
