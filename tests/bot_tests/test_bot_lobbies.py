"""Many tables in one channel, through the real discord.py on the fake Discord: lobbies and matches side by
side (each match in its thread, a slash command in the channel following the rule of
bot/host/tables/table_choice.py), one match at a time played in the channel itself, a lobby that closes itself
when nobody starts it (time on a `ManualTimer`, across a restart), and a host who leaves or hands over."""

from __future__ import annotations

import random
from pathlib import Path

from support.manual_timer import START, ManualTimer
from support.world import World, picker, world

from bot.model.table_state import Table, TableStatus
from bot.texts.i18n import t

MINUTE = 60.0


async def settle(s: World, timer: ManualTimer, seconds: float = 0.0) -> None:
    """Time passes; the deadline sweeper handles what came due and the bot's posts go out."""
    timer.advance(seconds)
    await s.bot.manager.sweeper.rested()
    await s.fake.wait_idle()


async def lobby(s: World, host: object, channel: object | None = None, **options: object) -> Table:
    """`host` opens a lobby with `/five-up start` (in #games unless told); the new table."""
    room = s.games if channel is None else channel
    await s.slash(host, room, "five-up start", **options)
    table = s.table_in(room)  # the newest table of the channel
    assert table.status is TableStatus.LOBBY and table.host_id == host.id  # type: ignore[attr-defined]
    return table


def lobby_message(s: World, table: Table):  # type: ignore[no-untyped-def]
    assert table.lobby_message_id is not None
    return s.fake._message(table.lobby_message_id)


async def press(s: World, user: object, table: Table, action: str):  # type: ignore[no-untyped-def]
    return await s.click(user, lobby_message(s, table), f"5up:lobby:{table.id}:{action}", table.lang)  # type: ignore[arg-type]


async def test_two_lobbies_and_two_matches_share_a_channel_each_match_in_its_thread(tmp_path: Path) -> None:
    async with world(tmp_path, 4, seed="many-tables") as s:
        ana, bo, cy, di = s.users
        games = s.games
        first = await lobby(s, ana)
        second = await lobby(s, bo)
        assert first.id != second.id
        joined = await s.slash(cy, games, "five-up join")  # in the channel: the newest lobby
        assert joined is not None and joined.content == t("en", "lobby-joined", number=2)
        assert second.seat_of(cy.id) == 1 and first.seat_of(cy.id) is None
        await press(s, di, first, "join")  # a button names its own table
        assert first.seat_of(di.id) == 1
        again = await s.slash(ana, games, "five-up join")  # her own lobby is the one she sits at
        assert again is not None and again.content == t("en", "error-already-seated")

        await press(s, ana, first, "start")
        await press(s, bo, second, "start")
        assert first.status is second.status is TableStatus.PLAYING
        assert None not in (first.thread_id, second.thread_id) and first.thread_id != second.thread_id
        third = await lobby(s, cy, bots=1)  # two lobbies more, while both matches go on
        fourth = await lobby(s, di)
        tables = {live.table.id for live in s.bot.manager.registry.in_channel(games.id)}
        assert tables == {first.id, second.id, third.id, fourth.id}
        assert s.table_in(first.thread_id) is first and s.table_in(second.thread_id) is second

        # in a match's thread, that match; in the channel, the caller's own match
        board = await s.slash(s.mod, first.thread_id, "five-up board")
        assert board is not None and board.ephemeral and [a.filename for a in board.attachments] == ["table.png"]
        hand = await s.slash(cy, second.thread_id, "five-up hand")
        assert hand is not None and [a.filename for a in hand.attachments] == ["hand.png"]
        mine = await s.slash(bo, games, "five-up hand")  # bo's own match, though four tables share the channel
        expected = await s.bot.manager.hand(user_id=bo.id, locale="en", table_id=second.id, picture=False)
        assert mine is not None and [a.filename for a in mine.attachments] == ["hand.png"]
        assert mine.content == expected.text
        # the moderator sits nowhere: two matches, so the answer lists every table with its link
        listed = await s.slash(s.mod, games, "five-up score")
        assert listed is not None and listed.ephemeral and not listed.attachments
        assert listed.content.startswith(t("en", "error-which-table"))
        for table in (first, second):
            assert f"#{table.id} · " in listed.content and f"<#{table.thread_id}>" in listed.content
        for table in (third, fourth):
            link = f"https://discord.com/channels/{s.guild.id}/{games.id}/{table.lobby_message_id}"
            assert f"#{table.id} · " in listed.content and link in listed.content
        moderator_joins = await s.slash(s.mod, games, "five-up join")  # a lobby command: the newest lobby
        assert moderator_joins is not None and fourth.seat_of(s.mod.id) == 1

        # both matches played to the end side by side: by buttons in the thread, and by /five-up play in
        # the channel (each player's own match there)
        chooser = picker(random.Random(30))
        made = 0
        while TableStatus.PLAYING in (first.status, second.status):
            for table in (first, second):
                if table.status is TableStatus.PLAYING:
                    made += await s.play_out(table, chooser, buttons=lambda n: n % 2 == 0, limit=4)
        assert first.status is second.status is TableStatus.OVER and made > 20
        assert third.status is fourth.status is TableStatus.LOBBY  # the lobbies wait on
        s.fake.assert_clean()


async def test_one_match_at_a_time_plays_in_the_channel_itself(tmp_path: Path) -> None:
    async with world(tmp_path, 4) as s:
        ana, bo, cy, di = s.users
        games = s.games
        here = await lobby(s, ana, thread=False)
        await press(s, bo, here, "join")
        await press(s, ana, here, "start")
        assert here.status is TableStatus.PLAYING and here.thread_id is None
        waiting = await lobby(s, cy, thread=False)
        await press(s, di, waiting, "join")
        refused = await press(s, cy, waiting, "start")
        assert refused is not None and refused.ephemeral
        assert refused.content == t("en", "error-channel-match-busy")
        assert waiting.status is TableStatus.LOBBY and waiting.seats[1].user_id == di.id  # nothing changed
        threaded = await lobby(s, di)  # a match in a thread of its own is never refused
        await s.slash(cy, games, "five-up leave")  # cy's own lobby is the one she hosts: she hands it to di
        assert waiting.host_id == di.id
        await press(s, bo, threaded, "join")
        await press(s, di, threaded, "start")
        assert threaded.status is TableStatus.PLAYING and threaded.thread_id is not None

        ended = await s.slash(ana, games, "five-up end")  # her own table in the channel: the match played here
        assert ended is not None and not ended.ephemeral and s.bot.manager.registry.by_id(here.id) is None
        await press(s, cy, waiting, "join")
        await press(s, di, waiting, "start")  # the channel is free for a match again
        assert waiting.status is TableStatus.PLAYING and waiting.thread_id is None
        s.fake.assert_clean()


async def test_a_lobby_nobody_starts_closes_itself_even_across_a_restart(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 3, timer=timer) as s:
        ana, bo, cy = s.users
        first = await lobby(s, ana)
        closes = t("en", "lobby-closes", when=f"<t:{int(START + 30 * MINUTE)}:R>")
        assert closes in lobby_message(s, first).content  # said in the lobby from the start
        await press(s, bo, first, "join")
        assert closes in lobby_message(s, first).content  # and at every change
        started = await lobby(s, cy)
        await press(s, ana, started, "join")
        await press(s, cy, started, "start")  # a started match does not expire
        await settle(s, timer, 30 * MINUTE - 1)
        assert first.status is TableStatus.LOBBY
        await settle(s, timer, 1)
        assert first.status is TableStatus.CLOSED and s.bot.manager.registry.by_id(first.id) is None
        message = lobby_message(s, first)
        assert message.content == t("en", "lobby-expired") and not message.custom_ids()
        assert started.status is TableStatus.PLAYING

        early = await lobby(s, bo)  # closes at +60 min
        await settle(s, timer, 20 * MINUTE)
        late = await lobby(s, ana)  # closes at +80 min
        late_closes = t("en", "lobby-closes", when=f"<t:{int(START + 80 * MINUTE)}:R>")
        await s.stop()
        timer.advance(15 * MINUTE)  # down while the first one's moment passed
        await s.start()
        await settle(s, timer)
        assert lobby_message(s, early).content == t("en", "lobby-expired")
        assert s.bot.manager.registry.by_id(early.id) is None
        late = s.bot.manager.registry.by_id(late.id).table  # type: ignore[union-attr]
        assert late.status is TableStatus.LOBBY
        await press(s, cy, late, "join")
        assert late_closes in lobby_message(s, late).content  # its moment kept, not reset by the restart
        await settle(s, timer, 15 * MINUTE - 1)
        assert late.status is TableStatus.LOBBY
        await settle(s, timer, 1)
        assert late.status is TableStatus.CLOSED and lobby_message(s, late).content == t("en", "lobby-expired")
        s.fake.assert_clean()


async def test_a_host_who_leaves_hands_the_lobby_to_the_next_person(tmp_path: Path) -> None:
    async with world(tmp_path, 3, locales=["ko", "es-ES", "en-US"]) as s:
        ana, bo, cy = s.users
        table = await lobby(s, ana, lang="ko", bots=1)
        await press(s, bo, table, "join")
        await press(s, cy, table, "join")
        await press(s, ana, table, "leave")  # the button edits the lobby message: said there, to everyone
        assert table.host_id == bo.id and table.seat_of(ana.id) is None
        said = lobby_message(s, table).content
        assert t("ko", "lobby-host-left", old=ana.name, new=bo.name) in said
        assert said.startswith(t("ko", "lobby-title", host=t("ko", "player-called", name=bo.name)))
        await s.restart()  # the new host is kept
        table = s.table_in(s.games)
        assert table.host_id == bo.id
        not_host = await press(s, ana, table, "start")
        assert not_host is not None and not_host.content == t("ko", "error-not-host", host=bo.name)
        await press(s, cy, table, "leave")
        alone = await s.slash(bo, s.games, "five-up leave")  # the last person leaves: only a computer is left
        assert alone is not None and alone.ephemeral and alone.content == t("es", "lobby-left")
        assert table.status is TableStatus.CLOSED and not lobby_message(s, table).custom_ids()
        s.fake.assert_clean()


async def test_the_host_hands_the_lobby_over_with_five_up_host(tmp_path: Path) -> None:
    async with world(tmp_path, 3, locales=["en-US", "es-ES", "ko"]) as s:
        ana, bo, cy = s.users
        other = await lobby(s, cy)  # another lobby in the channel: ana's command finds her own
        table = await lobby(s, ana, bots=1)
        await press(s, bo, table, "join")  # seats: ana, bo, computer
        not_host = await s.slash(bo, s.games, "five-up host", seat=1)
        assert not_host is not None and not_host.content == t("es", "error-not-host", host=ana.name)
        for seat, code in ((1, "host-already"), (3, "host-computer"), (4, "host-not-seated")):
            refused = await s.slash(ana, s.games, "five-up host", seat=seat)
            assert refused is not None and refused.ephemeral and refused.content == t("en", f"error-{code}")
        assert table.host_id == ana.id
        handed = await s.slash(ana, s.games, "five-up host", seat=2)
        assert handed is not None and handed.ephemeral
        assert handed.content == t("en", "lobby-host-now", player=bo.name)
        assert table.host_id == bo.id and other.host_id == cy.id
        assert t("en", "lobby-host-handed", old=ana.name, new=bo.name) in lobby_message(s, table).content
        refused = await press(s, ana, table, "start")
        assert refused is not None and refused.content == t("en", "error-not-host", host=bo.name)
        await press(s, bo, table, "start")
        assert table.status is TableStatus.PLAYING and table.host_id == bo.id
        s.fake.assert_clean()
