"""Correspondence tables end to end, through the real discord.py against tests/support/discord_fake, with the
deadlines kept on a `ManualTimer`: a day passes when the test says so, in milliseconds, and no check depends
on how busy the machine is. A one-day match from its lobby to its end with its reminders; a deadline that
passed while the bot was stopped; `timeout:forfeit`; a player away; reminders by direct message."""

from __future__ import annotations

import random
import re
from pathlib import Path

from support.discord_fake import FakeMessage
from support.manual_timer import ManualTimer
from support.world import World, club, picker, world

from bot.model.pace import DAY, HOUR
from bot.model.table_state import Table, TableStatus
from bot.storage import ServerSettingsRow
from bot.texts.i18n import t
from bot.texts.pace_words import time_left

TIMED_OUT = "time ran out, so a computer player made this one move"


async def settle(s: World, timer: ManualTimer, seconds: float = 0.0) -> None:
    """Time passes; the deadline sweeper handles what came due and the bot's posts go out."""
    timer.advance(seconds)
    await s.bot.manager.sweeper.rested()
    await s.fake.wait_idle()


def to_move(s: World, table: Table) -> int:
    assert table.match is not None and table.match.turn is not None
    user_id = table.seats[table.match.turn].user_id
    assert user_id is not None
    return user_id


def said(s: World, table: Table, text: str) -> list[FakeMessage]:
    return [m for m in s.fake.messages(table.room) if text in m.content]


async def test_a_one_day_match_reminds_at_half_time_and_with_an_hour_left_then_a_computer_moves(
    tmp_path: Path,
) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, seed="pace-1d", timer=timer) as s:
        ana, bo = s.users
        table, lobby = await s.open(s.games, [ana, bo], pace="1d")
        assert t("en", "lobby-pace", pace="1 day a move") in lobby.history[0]["content"]  # the lobby said it
        assert table.pace.value == "1d" and table.thread_id is not None
        opening = s.fake.messages(table.room)[0].content
        assert t("en", "match-clock-correspondence", pace="1 day a move") in opening
        assert "⏳ 1 d left" in s.fake.messages(table.room)[-1].content  # the turn line says the time left

        waiting = to_move(s, table)
        move = table.move_no
        await settle(s, timer, 12 * HOUR - 1)
        assert not said(s, table, "it's your move at Five Up")  # not yet half time
        await settle(s, timer, 1)
        (first,) = said(s, table, "it's your move at Five Up")
        assert first.content == f"<@{waiting}>, it's your move at Five Up: ⏳ 12 h left."
        assert f"5up:hand:{table.id}" in first.custom_ids()  # the hand one click away, a fresh answer
        assert table.move_no == move

        await s.restart()  # a reminder given is never given again after a restart
        table = await s.woken(table.room)
        await settle(s, timer, 10 * HOUR)
        assert len(said(s, table, "it's your move at Five Up")) == 1
        await settle(s, timer, HOUR)
        second = said(s, table, "it's your move at Five Up")[1]
        assert second.content == f"<@{waiting}>, it's your move at Five Up: ⏳ 1 h left."
        assert table.move_no == move

        await settle(s, timer, HOUR - 1)
        assert table.move_no == move and not said(s, table, TIMED_OUT)
        await settle(s, timer, 1)
        assert table.move_no == move + 1  # the deadline: a computer made that one move, and only that one
        assert len(said(s, table, TIMED_OUT)) == 1
        assert to_move(s, table) != waiting

        made = await s.play_out(table, picker(random.Random(5)))  # the rest, each turn with its day
        assert table.status is TableStatus.OVER and made > 3
        turn_lines = [m for m in s.fake.messages(table.room) if "to play." in m.content]
        assert turn_lines and all(f"5up:hand:{table.id}" in m.custom_ids() for m in turn_lines)  # days later too
        assert len(said(s, table, TIMED_OUT)) == 1
        final = s.fake.last_message(table.room)
        await s.click(bo, final, f"5up:rematch:{table.id}")  # the rematch keeps the pace
        again = s.table_in(s.games)
        assert again.id != table.id and again.status is TableStatus.LOBBY and again.pace.value == "1d"
        assert t("en", "lobby-pace", pace="1 day a move") in s.fake.last_message(s.games).content
        s.fake.assert_clean()


async def test_a_deadline_that_passed_while_the_bot_was_stopped_acts_once_after_the_start(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, seed="pace-down", timer=timer) as s:
        ana, bo = s.users
        table = await s.start_table([ana, bo], pace="1h")
        move, table_id = table.move_no, table.id
        await s.stop()
        timer.advance(5 * HOUR)  # down for five hours: the half-time reminder and the deadline both passed
        await s.start()
        table = await s.woken(s.games)  # a sleeping correspondence match is read when a command comes ...
        await settle(s, timer)  # ... and the sweeper found its deadline at start-up
        assert table.id == table_id and table.move_no == move + 1
        assert len(said(s, table, TIMED_OUT)) == 1
        assert not said(s, table, "it's your move at Five Up")  # a reminder after its deadline says nothing
        await s.restart()
        table = await s.woken(s.games)
        await settle(s, timer)
        assert table.move_no == move + 1 and len(said(s, table, TIMED_OUT)) == 1  # once, not again
        s.fake.assert_clean()


async def test_timeout_forfeit_loses_the_match_and_the_ratings_say_so(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, seed="pace-forfeit", timer=timer) as s:
        ana, bo = s.users
        table, lobby = await s.open(s.games, [ana, bo], pace="12h", timeout="forfeit")
        assert t("en", "lobby-pace-forfeit", pace="12 hours a move") in lobby.history[0]["content"]
        loser = to_move(s, table)
        winner = next(u.id for u in (ana, bo) if u.id != loser)
        await settle(s, timer, 12 * HOUR)
        assert table.status is TableStatus.OVER and table.forfeit_seat == table.seat_of(loser)
        final = s.fake.last_message(table.room)
        assert (
            "time ran out: their side loses the match" in final.content and "wins the match by forfeit" in final.content
        )
        assert "record.json" in [a.filename for a in final.attachments]
        assert f"5up:rematch:{table.id}" in final.custom_ids()
        storage = s.bot.manager.storage
        row = await storage.finished_match(table.id)
        assert row is not None and row.forfeit_seat == table.seat_of(loser) and row.on_timeout == "forfeit"
        won, lost = (
            await storage.rating(s.guild.id, f"user:{winner}"),
            await storage.rating(s.guild.id, f"user:{loser}"),
        )
        assert won is not None and lost is not None
        assert (won.wins, won.matches, lost.wins, lost.matches) == (1, 1, 0, 1)  # rated as a win and a loss
        assert won.last_delta > 0 > lost.last_delta
        s.fake.assert_clean()


async def to_move_first(s: World, table: Table, user_id: int, seed: int = 1) -> None:
    """Whoever else is to move places (a person's choice), until it is `user_id`'s move."""
    choose = picker(random.Random(seed))
    while to_move(s, table) != user_id:
        assert table.match is not None and table.match.turn is not None
        await s.place(table, choose(table.match, table.match.turn))
        await s.fake.wait_idle()


async def test_away_stops_the_clock_until_it_ends_or_the_player_plays(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, seed="pace-away", timer=timer) as s:
        ana, bo = s.users
        table = await s.start_table([ana, bo], pace="1d")
        await to_move_first(s, table, ana.id)
        move = table.move_no
        await settle(s, timer, 6 * HOUR)  # a quarter of her day gone
        answer = await s.slash(ana, s.fake.channel("lounge"), "five-up settings", away=2)
        assert answer is not None and answer.ephemeral
        assert answer.content.startswith("You are away until <t:") and "one of them was running" in answer.content
        await s.fake.wait_idle()
        (line,) = said(s, table, "is away until")
        assert line.content.startswith("⏸️ player0 is away until <t:")
        assert ":f>: their clock stands still" in line.content  # a date, not "in 2 days"
        await settle(s, timer, 2 * DAY - HOUR)
        assert table.move_no == move  # no deadline, no reminder while she is away
        assert not said(s, table, "it's your move at Five Up")
        await settle(s, timer, HOUR)  # the away ends: her clock runs again with the 18 h it had left
        await settle(s, timer, 6 * HOUR)
        assert [m.content.rsplit(": ", 1)[1] for m in said(s, table, "it's your move")] == ["⏳ 12 h left."]
        await settle(s, timer, 11 * HOUR)
        assert [m.content.rsplit(": ", 1)[1] for m in said(s, table, "it's your move")][1:] == ["⏳ 1 h left."]
        await settle(s, timer, HOUR - 1)
        assert table.move_no == move
        await settle(s, timer, 1)
        assert table.move_no == move + 1 and len(said(s, table, TIMED_OUT)) == 1

        await to_move_first(s, table, ana.id)
        await s.slash(ana, s.fake.channel("lounge"), "five-up settings", away=3)
        assert ana.id in table.away_until
        assert table.match is not None and table.match.turn is not None
        await s.place(table, picker(random.Random(3))(table.match, table.match.turn), by_buttons=False)
        await s.fake.wait_idle()
        assert ana.id not in table.away_until
        assert (await s.bot.manager.storage.player_settings(ana.id)).away_until is None
        s.fake.assert_clean()


async def test_turns_lists_every_table_waiting_for_me_nearest_deadline_first_with_links(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, seed="pace-turns", timer=timer) as s:
        ana, bo = s.users
        side = s.fake.channel("side-game")
        tables = {}
        for channel, pace in ((s.games, "1d"), (s.fake.channel("lounge"), "1h"), (side, "3d")):
            table, _ = await s.open(channel, [ana, bo], pace=pace)
            await to_move_first(s, table, ana.id)
            tables[pace] = table
        assert tables["3d"].room == side.id  # a table started in a thread plays there

        def expected(table: Table) -> str:
            last = s.fake.messages(table.room)[-1]
            return f"https://discord.com/channels/{s.guild.id}/{table.room}/{last.id}"

        answer = await s.slash(ana, s.fake.channel("backroom"), "five-up turns")
        assert answer is not None and answer.ephemeral
        assert answer.content.startswith("3 tables are waiting for your move (nearest deadline first):")
        links = re.findall(r"\(<?(https://discord\.com/channels/[0-9/]+)>?\)", answer.content)
        assert links == [expected(tables[p]) for p in ("1h", "1d", "3d")]
        assert "1 hour a move" in answer.content and "with player1" in answer.content
        nobody = await s.slash(bo, s.fake.channel("backroom"), "five-up turns")
        assert nobody is not None and nobody.content == "No table is waiting for your move in this server."

        await s.restart()  # every correspondence match sleeps now: the list reads them
        again = await s.slash(ana, s.fake.channel("backroom"), "five-up turns")
        assert again is not None
        assert re.findall(r"\(<?(https://discord\.com/channels/[0-9/]+)>?\)", again.content) == links
        s.fake.assert_clean()


async def test_the_servers_cap_on_correspondence_tables_refuses_one_more_by_name(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, timer=timer) as s:
        ana, bo = s.users
        storage = s.bot.manager.storage
        await storage.save_server_settings(ServerSettingsRow(s.guild.id, None, "live", "", True, True, 2))
        await s.open(s.games, [ana, bo], pace="1d")
        await s.open(s.fake.channel("lounge"), [ana, bo], pace="3d")
        refused = await s.slash(ana, s.fake.channel("backroom"), "five-up start", pace="12h")
        assert refused is not None and refused.ephemeral
        assert refused.content == (
            "You already sit at 2 open correspondence tables in this server, the most its admins allow."
            " Finish one first."
        )
        assert s.bot.manager.table_in(s.fake.channel("backroom").id) is None  # nothing opened
        await s.slash(s.mod, s.fake.channel("backroom"), "five-up start", pace="1d")  # ana may not join this one
        lobby = s.fake.last_message(s.fake.channel("backroom"))
        table = s.table_in(s.fake.channel("backroom"))
        record = await s.fake.click(ana, lobby, f"5up:lobby:{table.id}:join")
        assert record.last_reply is not None and record.last_reply.ephemeral
        assert record.last_reply.content.startswith("You already sit at 2 open correspondence tables")
        assert table.seat_of(ana.id) is None
        live = await s.slash(ana, s.fake.channel("side-game"), "five-up start")  # a live table is not capped
        assert live is not None and not live.ephemeral
        s.fake.assert_clean()


async def test_reminders_come_by_direct_message_to_those_who_asked(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, seed="pace-dm", timer=timer) as s:
        ana, bo = s.users
        answer = await s.slash(ana, s.games, "five-up settings", dm="on")
        assert answer is not None and answer.content == t("en", "settings-dm-on")
        table = await s.start_table([ana, bo], pace="1d")
        await to_move_first(s, table, ana.id)
        await settle(s, timer, 12 * HOUR)
        (direct,) = s.fake.dm_messages(ana)
        assert direct.content == f"It's your move at Five Up (⏳ 12 h left): <#{table.room}>"
        await to_move_first(s, table, bo.id)
        await settle(s, timer, 12 * HOUR)
        assert s.fake.dm_messages(bo) == []  # bo did not ask: the thread's mention only
        assert said(s, table, f"<@{bo.id}>, it's your move at Five Up")
        s.fake.assert_clean()


async def test_a_correspondence_match_reads_well_in_korean_and_spanish(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with club(tmp_path, ["ko", "es-ES"], guild_locale="ko", seed="pace-words", timer=timer) as s:
        ana, bora = s.users  # ana reads Korean, 보라 Spanish; the table speaks the server's Korean
        table, lobby = await s.open(s.games, [ana, bora], pace="1d", timeout="forfeit")
        assert t("ko", "lobby-pace-forfeit", pace=t("ko", "pace-1d")) in lobby.history[0]["content"]
        await to_move_first(s, table, bora.id)
        await s.slash(bora, s.games, "five-up settings", away=1, dm="on")  # read in Spanish
        assert bora.id in table.away_until
        await settle(s, timer, DAY)  # the away ends; her clock runs again
        await settle(s, timer, 12 * HOUR)  # half time: the thread's mention and a direct message
        reminder = said(s, table, f"<@{bora.id}>")[-1]
        hand = await s.click(bora, reminder, f"5up:hand:{table.id}", "ko")  # yesterday's hand expired: a fresh one
        assert hand is not None and hand.ephemeral
        assert t("es", "hand-table", table=table.id, room=f"<#{table.room}>", opponents="ana") in hand.content
        for user in (ana, bora):
            await s.slash(user, s.games, "five-up turns")
        await settle(s, timer, 12 * HOUR)  # the deadline: forfeit
        assert table.status is TableStatus.OVER
        s.check_privacy(table)  # every public message read in Korean: no English left, no raw key
        (direct,) = s.fake.dm_messages(bora)
        assert direct.content == t(
            "ko", "reminder-direct", left=t("ko", "time-left-hours", hours=12), where=f"<#{table.room}>"
        )
        s.fake.assert_clean()


async def test_spanish_time_left_agrees_with_its_number(tmp_path: Path) -> None:
    """ "queda 1 día" / "queda 1 h" but "quedan 12 h": the verb and the day follow the number, in the turn line
    and in the reminders of a Spanish server's one-day match."""
    timer = ManualTimer()
    async with world(tmp_path, 2, locales=["es-ES", "es-ES"], guild_locale="es-ES", seed="pace-es", timer=timer) as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo], pace="1d")
        assert table.lang == "es"
        assert "⏳ queda 1 día" in s.fake.messages(table.room)[-1].content  # the turn line
        waiting = to_move(s, table)
        await settle(s, timer, 12 * HOUR)
        half = said(s, table, f"<@{waiting}>")[-1]
        assert half.content == t("es", "reminder-correspondence", mention=f"<@{waiting}>", left="⏳ quedan 12 h")
        await settle(s, timer, 11 * HOUR)
        last = said(s, table, f"<@{waiting}>")[-1]
        assert last.content == t("es", "reminder-correspondence", mention=f"<@{waiting}>", left="⏳ queda 1 h")
        assert [time_left("es", x) for x in (3 * DAY, DAY + 5 * HOUR, 60, 300)] == [
            "⏳ quedan 3 días",
            "⏳ quedan 1 día y 5 h",
            "⏳ queda 1 min",
            "⏳ quedan 5 min",
        ]
        s.fake.assert_clean()


async def test_a_quiet_table_lost_on_time_leaves_its_board_without_a_button(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, seed="pace-quiet-forfeit", timer=timer) as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo], pace="12h", timeout="forfeit", quiet=True)
        choose = picker(random.Random(2))
        for _ in range(3):  # the board is made and edited
            assert table.match is not None and table.match.turn is not None
            await s.place(table, choose(table.match, table.match.turn))
        await settle(s, timer, 12 * HOUR)
        assert table.status is TableStatus.OVER
        board = s.fake._message(table.board_message_id or 0)
        final = s.fake.last_message(table.room)
        assert not board.custom_ids() and "time ran out: their side loses the match" in board.content
        assert [a.filename for a in board.attachments] == ["table.png"]  # the position it ended at, kept
        assert f"5up:rematch:{table.id}" in final.custom_ids()
        s.fake.assert_clean()
