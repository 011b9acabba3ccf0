"""Choosing partners at a 4-seat lobby, through the real discord.py: the "Sit with…" menu, the teams the
lobby shows, the refusals that change nothing, the seats kept across a restart, and the smaller lobbies
left as they were; and the language a new table takes."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.bot_host import hosted_bot
from support.discord_fake import FakeDiscord, FakeGuild, FakeMessage, FakeUser
from support.world import World, world

from bot.edge.base.command_words import table_language
from bot.edge.tables.lobby_buttons import lobby_view
from bot.model.table_state import Table, TableStatus
from bot.texts import lobby_message, side_name
from bot.texts.i18n import t


def menu_id(table: Table) -> str:
    return f"5up:sit:{table.id}"


def seats(table: Table) -> list[str]:
    return [s.name for s in table.seats]


async def lobby_of(w: World, players: list[FakeUser], **options: object) -> tuple[Table, FakeMessage]:
    """The first player opens a table (with `options`), the others press Join."""
    await w.fake.slash(players[0], w.channel, "five-up start", **options)
    table = w.table
    lobby = w.fake.last_message(w.channel)
    for user in players[1:]:
        record = await w.fake.click(user, lobby, f"5up:lobby:{table.id}:join")
        assert record.ok
    return table, lobby


async def sit_with(w: World, user: FakeUser, lobby: FakeMessage, table: Table, partner: FakeUser) -> str:
    """`user` picks `partner` in the menu; returns the private answer."""
    record = await w.fake.select(user, lobby, menu_id(table), [str(partner.id)])
    assert record.ok, record.rule_problems()
    reply = record.last_reply
    assert reply is not None and reply.ephemeral
    return reply.content


async def test_four_people_choose_partners_and_the_lobby_shows_the_teams(tmp_path: Path) -> None:
    async with world(tmp_path, 4, locales=("en-US", "ko", "es-ES", "en-GB")) as w:
        ana, bo, cy, di = w.users
        table, lobby = await lobby_of(w, w.users)
        shown = w.fake._message(lobby)
        menu = shown.component(menu_id(table))
        assert [o["label"] for o in menu["options"]] == ["player0", "player1", "player2", "player3"]
        assert menu["placeholder"] == t("en", "lobby-sit-with")
        assert "**player0 & player2** vs **player1 & player3**" in shown.content
        assert t("en", "lobby-choose") in shown.content and t("en", "lobby-full") in shown.content

        # di sits with ana: di would take cy's seat, opposite ana, and cy di's: everyone's partner changes,
        # so nothing moves until ana, bo and cy accept (bot_tests/test_bot_partner_consent.py has the rest)
        answer = await sit_with(w, di, lobby, table, ana)
        assert answer == t("en", "lobby-asked", names="player0, player1, player2")
        assert seats(table) == ["player0", "player1", "player2", "player3"]
        for user in (ana, bo, cy):
            pressed = await w.fake.click(
                user, lobby, next(c for c in w.fake._message(lobby).custom_ids() if ":yes_" in c)
            )
            assert pressed.ok
        assert seats(table) == ["player0", "player1", "player3", "player2"]
        shown = w.fake._message(lobby)
        assert "**player0 & player3** vs **player1 & player2**" in shown.content
        assert [o["description"] for o in shown.component(menu_id(table))["options"]] == [
            "Seat 1", "Seat 2", "Seat 3", "Seat 4",
        ]  # fmt: skip

        # bo (Korean) picks cy, already his partner: told so, in Korean, and nothing moves
        versions = len(w.fake._message(lobby).history)
        again = await sit_with(w, bo, lobby, table, cy)
        assert again == t("ko", "error-already-partners", player="player2") and "player2와 파트너" in again
        assert seats(table) == ["player0", "player1", "player3", "player2"]
        assert len(w.fake._message(lobby).history) == versions  # the lobby message was not touched

        # the seats are stored: after a restart they are the same
        await w.restart()
        table = w.table
        assert seats(table) == ["player0", "player1", "player3", "player2"]

        # the host starts: the match plays in the order chosen, partners opposite
        record = await w.fake.click(ana, lobby, f"5up:lobby:{table.id}:start")
        assert record.ok and table.status is TableStatus.PLAYING
        assert table.match is not None and table.match.players == 4
        assert side_name("en", table.seating, 0) == "player0 & player3"
        assert menu_id(table) not in w.fake._message(lobby).custom_ids()  # the menu went with the lobby
        w.fake.assert_clean()


async def test_bad_choices_are_refused_privately_and_change_nothing(tmp_path: Path) -> None:
    async with world(tmp_path, 3, locales=("en-US", "ko", "es-ES")) as w:
        ana, bo, cy = w.users
        table, lobby = await lobby_of(w, w.users, bots=1)
        # ana, bo and cy joined after the computer's seat was made: people sit first, the computer last
        assert seats(table) == ["player0", "player1", "player2", t("en", "computer-name", number=1)]
        before = seats(table)

        async def refused(user: FakeUser, partner_id: int, lang: str, key: str, **params: object) -> None:
            record = await w.fake.select(user, lobby, menu_id(table), [str(partner_id)])
            assert record.ok and record.last_reply is not None and record.last_reply.ephemeral
            assert record.last_reply.content == t(lang, key, **params)
            assert seats(table) == before

        # someone who is not seated
        await refused(w.mod, ana.id, "en", "error-not-seated")
        # one's own name
        await refused(bo, bo.id, "ko", "error-partner-self")
        # bo would move cy beside the computer: not done, but asked of cy and of ana, whose partner she is
        answer = await sit_with(w, bo, lobby, table, ana)
        assert answer == t("ko", "lobby-asked", names="player0 님, player2 님")
        assert "player0 님, player2 님에게 물어봤습니다" in answer
        assert seats(table) == before
        # cy leaving ana for bo would leave ana beside the computer: ana is asked too, and says yes
        answer = await sit_with(w, cy, lobby, table, bo)
        assert answer == t("es", "lobby-asked", names="player0")
        assert seats(table) == before
        yes = next(c for c in w.fake._message(lobby).custom_ids() if ":yes_" in c)
        pressed = await w.fake.click(ana, lobby, yes)
        assert pressed.last_reply is not None
        assert pressed.last_reply.content == t("en", "lobby-you-accepted-done", chooser="player2", partner="player1")
        assert seats(table) == ["player0", "player1", t("en", "computer-name", number=1), "player2"]
        before = seats(table)

        # a menu left from before someone left: that player is gone
        old = w.fake.seed_message(w.channel, content="an older lobby", view=lobby_view(lobby_message(table)))
        left = await w.fake.slash(bo, w.channel, "five-up leave")
        assert left.ok and seats(table) == ["player0", t("en", "computer-name", number=1), "player2"]
        before = seats(table)
        record = await w.fake.select(cy, old, menu_id(table), [str(ana.id)])
        assert record.last_reply is not None and record.last_reply.content == t("es", "error-partners-need-four")
        assert seats(table) == before
        # and now that only three sit, the lobby has no menu and says how many seats are taken
        shown = w.fake._message(lobby)
        assert menu_id(table) not in shown.custom_ids() and t("en", "lobby-count", count=3) in shown.content

        # after the start, the old menu is answered that the match has started
        await w.fake.click(bo, lobby, f"5up:lobby:{table.id}:join")
        full = w.fake._message(lobby)
        assert menu_id(table) in full.custom_ids()
        stale = w.fake.seed_message(
            w.channel,
            content="the lobby before the start",
            view=lobby_view(lobby_message(table)),
        )
        await w.fake.click(ana, lobby, f"5up:lobby:{table.id}:start")
        assert table.status is TableStatus.PLAYING
        before = seats(table)
        record = await w.fake.select(cy, stale, menu_id(table), [str(ana.id)])
        assert record.last_reply is not None and record.last_reply.content == t("es", "error-already-started")
        assert seats(table) == before
        problems = w.fake.problems()
        assert problems == [], problems


async def test_two_and_three_player_lobbies_have_no_partners(tmp_path: Path) -> None:
    async with world(tmp_path, 3) as w:
        table, lobby = await lobby_of(w, w.users[:2])
        shown = w.fake._message(lobby)
        assert menu_id(table) not in shown.custom_ids()
        assert t("en", "lobby-count", count=2) in shown.content and " vs " not in shown.content
        await w.fake.click(w.users[2], lobby, f"5up:lobby:{table.id}:join")
        shown = w.fake._message(lobby)
        assert menu_id(table) not in shown.custom_ids() and t("en", "lobby-count", count=3) in shown.content
        # a lobby of one person and three computers has nobody to choose
        await w.fake.click(w.users[0], lobby, f"5up:lobby:{table.id}:cancel")
        await w.fake.slash(w.users[0], w.channel, "five-up start", bots=3)
        solo = w.fake.last_message(w.channel)
        assert not any(x.startswith("5up:sit:") for x in solo.custom_ids()) and " vs " in solo.content
        w.fake.assert_clean()


@pytest.mark.parametrize(
    ("guild", "host", "lang"),
    [
        ("en-US", "ko", "ko"),  # a server that is not a Community server says en-US: the host's Korean wins
        ("en-US", "es-419", "es"),
        ("en-US", "en-GB", "en"),
        ("en-US", "fr", "en"),
        ("fr", "es-ES", "es"),  # a server language we lack says no more than en-US does
        ("ko", "es-ES", "ko"),  # a Korean or Spanish server keeps its language
        ("es-ES", "ko", "es"),
    ],
)
def test_the_language_of_a_new_table(guild: str, host: str, lang: str) -> None:
    assert table_language(guild, host) == lang


async def test_a_new_table_takes_the_host_language_on_an_english_server(tmp_path: Path) -> None:
    korean, spanish = FakeUser("minjun", locale="ko"), FakeUser("inés", locale="es-ES")
    guild = FakeGuild(preferred_locale="en-US", channels=["games", "lounge", "backroom"], members=[korean, spanish])
    async with hosted_bot(tmp_path / "db.sqlite3") as bot:
        fake = await FakeDiscord.start(bot, guilds=[guild], users=[korean, spanish])
        try:
            games, lounge, backroom = (guild.channel(x) for x in ("games", "lounge", "backroom"))
            await fake.slash(korean, games, "five-up start")
            table = bot.manager.table_in(games.id)
            assert table is not None and table.lang == "ko"
            assert fake.last_message(games).content.startswith(t("ko", "lobby-title", host="minjun 님"))
            await fake.slash(spanish, lounge, "five-up start")
            assert bot.manager.table_in(lounge.id).lang == "es"  # type: ignore[union-attr]
            await fake.slash(korean, backroom, "five-up start", lang="en")  # said outright: that language
            assert bot.manager.table_in(backroom.id).lang == "en"  # type: ignore[union-attr]
            fake.assert_clean()
        finally:
            await fake.close()
