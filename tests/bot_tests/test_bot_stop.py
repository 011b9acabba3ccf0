"""A deploy's stop drops nothing: the real signal (SIGTERM, delivered by the kernel to this process)
reaches the bot's own handler while clicks are in flight against the fake Discord, and every
click is answered: the ones already running with their real answer, the ones arriving during the
stop with "the bot is restarting". No ERROR line, and the stop ends on its own."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from pathlib import Path

import aiohttp
import discord
import pytest
from support.discord_fake import FakeMessage
from support.discord_fake.records import InteractionRecord
from support.waiting import knocked, until
from support.world import World, world

from bot.edge.app import stop_on_signals
from bot.model.table_state import Table
from bot.texts.i18n import t

RESTARTING = {lang: t(lang, "error-restarting") for lang in ("en", "ko", "es")}


async def sigterm_and_wait(w: World) -> None:
    """Send this process SIGTERM (the bot's handler is installed) and wait until the bot has stopped."""
    os.kill(os.getpid(), signal.SIGTERM)
    await until(w.bot.is_closed, "the bot stopped")


def suggesting_sent(w: World) -> bool:
    """The autocomplete during the stop has been sent to the bot and has answered."""
    suggestions = [r for r in w.fake.backend.interactions if r.type is discord.InteractionType.autocomplete]
    return bool(suggestions) and knocked(w.fake, suggestions)


def the_hand(record: InteractionRecord) -> FakeMessage:
    """The private hand a "Show my hand" click was answered with."""
    assert not record.failed and not record.rule_problems(), record.rule_problems()
    reply = record.last_reply
    assert reply is not None and reply.ephemeral
    assert [a.filename for a in reply.attachments] == ["hand.png"], reply.content
    return reply


async def mover_of(w: World, table: Table) -> object:
    assert table.match is not None and table.match.turn is not None
    return w.user_at(table, table.match.turn)


@pytest.mark.parametrize("delay_ms", [0, 10, 25, 50, 100, 200])
async def test_a_click_in_flight_when_sigterm_arrives_is_answered(tmp_path: Path, delay_ms: int) -> None:
    async with world(tmp_path, 2) as w:
        table = await w.start_table(w.users)
        mover = await mover_of(w, table)
        undo = stop_on_signals(w.bot)
        try:
            w.fake.backend.latency = 0.03  # every request takes a while: the click is still running at the signal
            click = await w.fake.click(mover, w.public()[-1], f"5up:hand:{table.id}", settle=False)
            if delay_ms:  # the click has started before the signal's moment, however slow the machine
                await until(lambda: w.bot.handlers.running or knocked(w.fake, [click]), "the click's handler started")
                await asyncio.sleep(delay_ms / 1000)  # then a moment of its progress: either outcome is checked
            await sigterm_and_wait(w)
        finally:
            undo()
        await w.fake.close()
        if click.last_reply is not None and click.last_reply.content == RESTARTING["en"]:
            assert delay_ms == 0, "a click already running was turned away"  # only a click not yet started may be
        else:
            the_hand(click)
        w.fake.assert_clean()  # nothing unanswered, nothing stuck on "thinking…", no ERROR logged


async def test_clicks_and_commands_during_the_stop_hear_the_bot_is_restarting(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 3, locales=("en-US", "ko", "es-ES")) as w:
        ana, bo, cy = w.users
        table = await w.start_table([ana, bo])
        mover = await mover_of(w, table)
        other = bo if mover is ana else ana
        post = w.public()[-1]
        record_before = table.match.record.dumps()
        undo = stop_on_signals(w.bot)
        caplog.set_level(logging.INFO, logger="bot")
        try:
            door = w.fake.backend.door
            door.clear()  # Discord's door held: the running click keeps the stop open until the test opens it
            first = await w.fake.click(mover, post, f"5up:hand:{table.id}", settle=False)
            await until(lambda: w.bot.handlers.running, "the first click's handler started")
            os.kill(os.getpid(), signal.SIGTERM)
            await until(lambda: w.bot.handlers.stopping, "the stop began")
            assert w.bot.handlers.stopping and not w.bot.is_closed()
            during = [
                await w.fake.click(other, post, f"5up:hand:{table.id}", settle=False),
                await w.fake.slash(bo, w.channel, "five-up board", settle=False),
                await w.fake.slash(cy, w.channel, "five-up stats", settle=False),
            ]
            suggesting = asyncio.create_task(
                w.fake.autocomplete(mover, w.room, "five-up play", focused="tile", value="")
            )
            await until(
                lambda: knocked(w.fake, during) and suggesting_sent(w),
                "every answer during the stop on its way",
            )
            door.set()
            await until(w.bot.is_closed, "the bot stopped")
            autocomplete = await suggesting
        finally:
            undo()
        await w.fake.close()
        the_hand(first)
        hand_click, board, stats = during
        langs = {ana.id: "en", bo.id: "ko", cy.id: "es"}
        for record in (hand_click, board, stats):
            assert record.ok and record.last_reply is not None and record.last_reply.ephemeral
            assert record.last_reply.content == RESTARTING[langs[record.user_id]]
        assert autocomplete.choices == []
        assert table.match.record.dumps() == record_before  # nothing was played by the turned-away clicks
        messages = [r.getMessage() for r in caplog.records]
        assert "SIGTERM received: stopping" in messages and "stopped" in messages
        assert not [m for m in messages if "cut after" in m]
        w.fake.assert_clean()


async def test_a_handler_past_the_bound_is_cut_and_named_in_the_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 2) as w:
        table = await w.start_table(w.users)
        mover = await mover_of(w, table)
        w.bot.stop_grace = 0.05
        door = w.fake.backend.door
        door.clear()  # the click's answer is held past the bound
        click = await w.fake.click(mover, w.public()[-1], f"5up:hand:{table.id}", settle=False)
        await until(lambda: w.bot.handlers.running, "the click's handler started")
        closing = asyncio.create_task(w.bot.close())
        await until(lambda: any("cut after" in r.getMessage() for r in caplog.records), "the handler cut")
        door.set()  # the rest of the stop (the posts' flush) goes through
        await closing
        await w.fake.close()
        cut = [r for r in caplog.records if "cut after" in r.getMessage()]
        assert len(cut) == 1 and cut[0].levelno == logging.WARNING
        assert f"show hand (user {mover.id}" in cut[0].getMessage()  # type: ignore[attr-defined]
        assert click.failed  # Discord shows it failed: the bound keeps a stop from hanging, and the log names it


async def test_a_lost_connection_while_answering_is_one_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 2) as w:
        table = await w.start_table(w.users)
        mover = await mover_of(w, table)
        manager = w.bot.manager
        real_hand = manager.hand

        async def dropped(**kwargs: object) -> object:
            raise aiohttp.ServerDisconnectedError()

        manager.hand = dropped  # type: ignore[method-assign]
        try:
            record = await w.fake.click(mover, w.public()[-1], f"5up:hand:{table.id}")
        finally:
            manager.hand = real_hand  # type: ignore[method-assign]
        warnings = [r for r in caplog.records if r.name.startswith("bot") and r.levelno >= logging.WARNING]
        assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING and warnings[0].exc_info is None
        assert "connection to Discord failed (ServerDisconnectedError" in warnings[0].getMessage()
        assert record.ok and record.last_reply.content == t("en", "error-unexpected")
        w.fake.assert_clean()


async def test_an_autocomplete_losing_its_connection_is_one_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 2) as w:
        table = await w.start_table(w.users)
        mover = await mover_of(w, table)
        manager = w.bot.manager

        def dropped(**kwargs: object) -> list[object]:
            raise aiohttp.ServerDisconnectedError()

        manager.choices = dropped  # type: ignore[method-assign]
        caplog.clear()
        await w.fake.autocomplete(mover, w.room, "five-up play", focused="tile", value="")
        said = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(said) == 1 and said[0].levelno == logging.WARNING and said[0].exc_info is None
        assert "autocomplete for five-up play not answered" in said[0].getMessage()
        assert not w.fake.errors.records  # no ERROR: the traceback discord.py would log is the one warning
