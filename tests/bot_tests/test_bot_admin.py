"""`/five-up-admin` through the real discord.py: a top-level command members without Manage Server neither
see (its default member permissions) nor may use (checked again: a private no, nothing changed); `show`
and every change answered privately in the admin's language; and the settings applied to the tables
opened afterwards: the channels allowed (a thread of one too), computers off, unrated matches, the
default pace and language, the cap of open correspondence tables; and the web page, said with its address."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from discord import Permissions
from support.discord_fake import FakeChannel, FakeDiscord, FakeGuild, FakeMember, FakeRole, FakeThread, FakeUser
from support.i18n_checks import leftover_english
from support.world import World

from bot.model.pace import Pace
from bot.model.server_settings import DEFAULT_SETTINGS, MAX_CHANNELS, ServerSettings
from bot.model.table_state import TableStatus
from bot.storage import StorageUnavailableError
from bot.texts import admin_saved, admin_settings
from bot.texts.i18n import SUPPORTED, t
from bot.web.links import WebLinks, use_links
from bot.web.match_ids import MatchIds

ADMIN_LOCALES = {"en": "en-US", "ko": "ko", "es": "es-ES"}
CHANGES: list[tuple[str, dict[str, object]]] = [
    ("show", {}),
    ("language", {"lang": "ko"}),
    ("pace", {"pace": "1d"}),
    ("channels all", {}),
    ("computers", {"allowed": "off"}),
    ("rated", {"ratings": "off"}),
    ("cap", {"tables": 3}),
    ("web", {"page": "on"}),
]


class Club(World):
    """A world whose guild has admins (Manage Server) reading English, Korean and Spanish."""

    admins: dict[str, FakeUser]

    def admin(self, lang: str = "en") -> FakeUser:
        return self.admins[lang]

    async def ask(self, user: FakeUser, command: str, **options: object) -> str:
        """`user` runs `/five-up-admin command` in #games; the private answer's text."""
        record = await self.fake.slash(user, self.games, f"five-up-admin {command}", options)
        assert record.ok, record.problems
        reply = record.last_reply
        assert reply is not None and reply.ephemeral
        return reply.content

    async def refused(self, user: FakeUser, channel: object, command: str, **options: object) -> str:
        """`user` runs a command that must be refused privately and open nothing; the refusal's text."""
        channel_id = channel.id  # type: ignore[attr-defined]
        before = self.bot.manager.table_in(channel_id)
        record = await self.fake.slash(user, channel, command, **options)  # type: ignore[arg-type]
        reply = record.last_reply
        assert record.ok and reply is not None and reply.ephemeral
        assert self.bot.manager.table_in(channel_id) is before
        return reply.content

    async def settings(self) -> ServerSettings:
        return await self.bot.manager.servers.settings(self.guild.id)

    async def lobby(self, user: FakeUser, channel: object, **options: object) -> None:
        record = await self.fake.slash(user, channel, "five-up start", **options)  # type: ignore[arg-type]
        assert record.ok and record.last_reply is not None and not record.last_reply.ephemeral


@asynccontextmanager
async def club(tmp_path: Path, locales: tuple[str, ...] = ("en-US", "en-US")) -> AsyncIterator[Club]:
    """Players of `locales`, an admin per language (a role with Manage Server), #games with a thread, #lounge,
    #backroom; the bot on a SQLite file."""
    players = [FakeUser(f"player{n}", locale=locale) for n, locale in enumerate(locales)]
    role = FakeRole("admins", Permissions(manage_guild=True))
    admins = {lang: FakeUser(f"admin-{lang}", locale=locale) for lang, locale in ADMIN_LOCALES.items()}
    guild = FakeGuild(
        channels=[FakeChannel("games"), "lounge", "backroom"],
        threads=[FakeThread("side-game", parent="games")],
        roles=[role],
        members=[*players, *(FakeMember(a, roles=[role]) for a in admins.values())],
    )
    w = Club(guild, players, admins["en"], tmp_path / "db.sqlite3", timeout=3600.0)
    w.admins = admins
    try:
        w.fake = await FakeDiscord.start(await w.new_bot(), guilds=[guild], users=players)
        w.reader.fake = w.fake
        try:
            yield w
        finally:
            await w.fake.close()
    finally:
        await w.resources.aclose()


async def test_members_without_manage_server_neither_see_nor_use_it(tmp_path: Path) -> None:
    async with club(tmp_path, ("ko", "es-ES")) as w:
        synced = w.fake.synced_commands()
        assert synced is not None
        admin = next(c for c in synced if c["name"] == "five-up-admin")
        assert int(admin["default_member_permissions"]) == Permissions(manage_guild=True).value  # Manage Server
        assert admin["dm_permission"] is False  # in servers only
        five_up = next(c for c in synced if c["name"] == "five-up")
        assert five_up["default_member_permissions"] is None  # the game stays everyone's
        subcommands = {o["name"]: o for o in admin["options"]}
        assert set(subcommands) == {"show", "language", "pace", "channels", "computers", "rated", "cap", "web"}
        assert [o["name"] for o in subcommands["channels"]["options"]] == ["add", "remove", "all"]
        for text in _descriptions(admin):  # every description and choice in Korean and Spanish too
            assert {"ko", "es-ES", "es-419"} <= set(text), text
        for lang in SUPPORTED:  # `show`'s footer names every setting a subcommand changes
            assert [n for n in subcommands if n != "show" and f"{n}`" not in t(lang, "admin-how")] == [], lang

        # a player granted the command by the server (or a stale client) is still refused, in their language
        ko, es = w.users
        games = w.guild.channel("games")
        for user, lang in ((ko, "ko"), (es, "es")):
            for command, options in [
                *CHANGES,
                ("channels add", {"channel": games}),
                ("channels remove", {"channel": games}),
            ]:
                answer = await w.ask(user, command, **options)
                assert answer == t(lang, "error-admin-only"), (command, answer)
        assert t("ko", "error-admin-only") != t("es", "error-admin-only") != t("en", "error-admin-only")
        assert await w.bot.manager.storage.server_settings(w.guild.id) is None  # nothing was stored
        assert await w.settings() == DEFAULT_SETTINGS
        w.fake.assert_clean()


def _descriptions(payload: dict) -> list[dict[str, str]]:
    """The localizations of every description and choice name in a command's payload."""
    found = [{"": payload["description"], **payload.get("description_localizations", {})}]
    for choice in payload.get("choices") or []:
        found.append({"": choice["name"], **choice.get("name_localizations", {})})
    for option in payload.get("options") or []:
        found += _descriptions(option)
    return found


async def test_show_lists_the_defaults_then_every_change_and_they_last(tmp_path: Path) -> None:
    async with club(tmp_path) as w:
        admin = w.admin()
        shown = await w.ask(admin, "show")
        assert shown == admin_settings("en", DEFAULT_SETTINGS)
        for line in ("admin-lang-none", "admin-channels-all", "admin-computers-on", "admin-rated-on"):
            assert t("en", line) in shown
        assert t("en", "admin-pace", pace=t("en", "pace-live")) in shown
        assert t("en", "admin-cap", cap=10) in shown

        games, lounge = w.guild.channel("games"), w.guild.channel("lounge")
        expected = DEFAULT_SETTINGS
        steps: list[tuple[str, dict[str, object], ServerSettings, str]] = [
            ("language", {"lang": "ko"}, ServerSettings(lang="ko"), "lang"),
            ("pace", {"pace": "1d"}, ServerSettings(lang="ko", pace=Pace.DAY), "pace"),
            ("channels add", {"channel": games}, ServerSettings("ko", Pace.DAY, (games.id,)), "channels"),
            ("channels add", {"channel": lounge}, ServerSettings("ko", Pace.DAY, (games.id, lounge.id)), "channels"),
            ("channels add", {"channel": games}, ServerSettings("ko", Pace.DAY, (games.id, lounge.id)), "channels"),
            (
                "computers",
                {"allowed": "off"},
                ServerSettings("ko", Pace.DAY, (games.id, lounge.id), False),
                "computers",
            ),
            ("rated", {"ratings": "off"}, ServerSettings("ko", Pace.DAY, (games.id, lounge.id), False, False), "rated"),
            ("cap", {"tables": 3}, ServerSettings("ko", Pace.DAY, (games.id, lounge.id), False, False, 3), "cap"),
        ]
        for command, options, expected, name in steps:
            answer = await w.ask(admin, command, **options)
            assert answer == admin_saved("en", expected, name), command
            assert t("en", "admin-open-keep") in answer
            assert await w.settings() == expected
        shown = await w.ask(admin, "show")
        assert shown == admin_settings("en", expected)
        assert t("en", "admin-channels", channels=f"<#{games.id}>, <#{lounge.id}>") in shown
        assert t("en", "admin-lang", language=t("en", "choice-lang-ko")) in shown
        for line in ("admin-computers-off", "admin-rated-off"):
            assert t("en", line) in shown

        # stored: a restarted bot shows the same
        await w.restart()
        assert await w.ask(admin, "show") == shown

        # a channel off the list; one not on it is refused by name; the last one off: every channel again
        answer = await w.ask(admin, "channels remove", channel=games)
        assert (await w.settings()).channels == (lounge.id,)
        assert answer == admin_saved("en", await w.settings(), "channels")
        backroom = w.guild.channel("backroom")
        refusal = await w.ask(admin, "channels remove", channel=backroom)
        assert refusal == t("en", "error-admin-channel-not-listed", channel=f"<#{backroom.id}>")
        assert (await w.settings()).channels == (lounge.id,)
        await w.ask(admin, "channels remove", channel=lounge)
        assert (await w.settings()).everywhere
        await w.ask(admin, "channels add", channel=lounge)
        answer = await w.ask(admin, "channels all")
        assert answer == admin_saved("en", await w.settings(), "channels") and (await w.settings()).everywhere
        assert t("en", "admin-channels-all") in answer
        answer = await w.ask(admin, "language", lang="none")
        assert (await w.settings()).lang is None and t("en", "admin-lang-none") in answer
        w.fake.assert_clean()


async def test_a_full_list_of_channels_is_refused_by_its_size(tmp_path: Path) -> None:
    async with club(tmp_path) as w:
        desk = w.bot.manager.servers
        for n in range(MAX_CHANNELS):
            await desk.allow_channel(w.guild.id, 1000 + n)
        full = await w.settings()
        refusal = await w.ask(w.admin("es"), "channels add", channel=w.guild.channel("lounge"))
        assert refusal == t("es", "error-admin-channels-full", max=MAX_CHANNELS)
        assert await w.settings() == full
        w.fake.assert_clean()


async def test_tables_open_only_in_the_channels_allowed_and_their_threads(tmp_path: Path) -> None:
    async with club(tmp_path, ("en-US", "ko")) as w:
        ana, bo = w.users
        games, lounge, backroom = (w.guild.channel(n) for n in ("games", "lounge", "backroom"))
        await w.ask(w.admin(), "channels add", channel=games)
        await w.ask(w.admin(), "channels add", channel=backroom)
        allowed = f"<#{games.id}>, <#{backroom.id}>"
        refusal = await w.refused(ana, lounge, "five-up start")
        assert refusal == t("en", "error-channel-not-allowed", channels=allowed)
        assert f"<#{games.id}>" in refusal and f"<#{backroom.id}>" in refusal
        refusal = await w.refused(bo, lounge, "five-up start", bots=1)
        assert refusal == t("ko", "error-channel-not-allowed", channels=allowed)
        assert w.fake.messages(lounge) == []  # nothing public: no lobby, no thread
        # a thread of an allowed channel is allowed, and so is the channel itself
        side = w.fake.channel("side-game")
        await w.lobby(ana, side, thread=False)
        assert w.bot.manager.table_in(side.id) is not None
        await w.lobby(bo, games)
        assert w.table.status is TableStatus.LOBBY
        w.fake.assert_clean()


async def test_computers_off_refuses_bots_and_people_still_play(tmp_path: Path) -> None:
    async with club(tmp_path, ("es-ES", "en-US")) as w:
        carmen, _ = w.users
        await w.ask(w.admin("ko"), "computers", allowed="off")
        refusal = await w.refused(carmen, w.games, "five-up start", bots=1)
        assert refusal == t("es", "error-computers-off")
        assert w.fake.messages(w.games) == []
        table = await w.start_table(w.users)  # people only: as before
        assert [s.user_id for s in table.seats] == [u.id for u in w.users]
        w.fake.assert_clean()


async def test_rated_off_and_the_default_pace_and_language_apply_to_tables_opened_afterwards(tmp_path: Path) -> None:
    async with club(tmp_path) as w:
        ana, bo = w.users
        lounge, backroom = w.guild.channel("lounge"), w.guild.channel("backroom")
        await w.lobby(ana, lounge)  # opened before any change: keeps what it was opened with
        before = w.table_in(lounge)
        assert (before.rated, before.pace, before.lang) == (True, Pace.LIVE, "en")

        await w.ask(w.admin(), "rated", ratings="off")
        await w.ask(w.admin(), "pace", pace="1d")
        answer = await w.ask(w.admin(), "language", lang="es")
        assert t("en", "admin-lang", language=t("en", "choice-lang-es")) in answer
        table = await w.start_table([ana, bo])  # no pace, no lang given
        assert (table.rated, table.pace, table.lang) == (False, Pace.DAY, "es")
        assert any(t("es", "pace-1d") in m.content for m in w.fake.messages(table.room))  # said in Spanish
        assert (before.rated, before.pace, before.lang) == (True, Pace.LIVE, "en")

        await w.lobby(bo, backroom, pace="live", lang="ko")  # what the host names still wins
        chosen = w.table_in(backroom)
        assert (chosen.rated, chosen.pace, chosen.lang) == (False, Pace.LIVE, "ko")
        w.fake.assert_clean()


async def test_the_cap_refuses_one_correspondence_table_too_many(tmp_path: Path) -> None:
    async with club(tmp_path) as w:
        ana, _ = w.users
        answer = await w.ask(w.admin(), "cap", tables=1)
        assert t("en", "admin-cap", cap=1) in answer
        await w.lobby(ana, w.games, pace="1d")
        refusal = await w.refused(ana, w.guild.channel("lounge"), "five-up start", pace="3d")
        assert refusal == t("en", "error-cap-reached-you", cap=1)
        await w.lobby(ana, w.guild.channel("lounge"), pace="live")  # live tables are not counted
        w.fake.assert_clean()


@pytest.mark.parametrize("lang", ["ko", "es"])
async def test_admins_read_their_own_language(tmp_path: Path, lang: str) -> None:
    async with club(tmp_path) as w:
        admin = w.admin(lang)
        shown = await w.ask(admin, "show")
        assert shown == admin_settings(lang, DEFAULT_SETTINGS)
        assert shown != admin_settings("en", DEFAULT_SETTINGS)
        games = w.guild.channel("games")
        answers = [shown]
        for command, options in [*CHANGES[1:], ("channels add", {"channel": games})]:
            answers.append(await w.ask(admin, command, **options))
        settings = await w.settings()
        assert answers[-1] == admin_saved(lang, settings, "channels")
        assert t(lang, "admin-open-keep") in answers[-1]
        answers.append(await w.ask(admin, "show"))
        assert answers[-1] == admin_settings(lang, settings)
        for answer in answers:
            assert leftover_english(lang, answer) == [], answer
        w.fake.assert_clean()


@pytest.mark.parametrize("lang", ["en", "ko", "es"])
async def test_the_web_setting_says_where_the_page_is(tmp_path: Path, lang: str) -> None:
    """With `PUBLIC_URL`, turning the page on (and `show`) gives its address; without one, the answer says why it
    cannot; the web page belongs to no table, so "tables already open keep…" is not said of it."""
    async with club(tmp_path) as w:
        admin = w.admin(lang)
        answer = await w.ask(admin, "web", page="on")
        assert answer == admin_saved(lang, ServerSettings(web=True), "web")
        assert t(lang, "admin-web-no-address") in answer and "/s/" not in answer
        page = f"https://five-up.example/s/{w.guild.id}"
        use_links(WebLinks("https://five-up.example/", MatchIds(b"admin tests")))
        try:
            answer = await w.ask(admin, "web", page="on")
            assert answer == admin_saved(lang, ServerSettings(web=True), "web", page)
            assert answer == "\n".join((t(lang, "admin-saved"), "• " + t(lang, "admin-web-on-at", url=page)))
            assert f"<{page}>" in answer  # a link Discord shows without an embed
            shown = await w.ask(admin, "show")
            assert shown == admin_settings(lang, ServerSettings(web=True), page) and f"<{page}>" in shown
            answer = await w.ask(admin, "web", page="off")
            assert answer == "\n".join((t(lang, "admin-saved"), "• " + t(lang, "admin-web-off")))
            shown = await w.ask(admin, "show")
            assert "/s/" not in shown and t(lang, "admin-web-off") in shown
            answer = await w.ask(admin, "rated", ratings="off")  # the other settings still say it
            assert t(lang, "admin-open-keep") in answer and "/s/" not in answer
        finally:
            use_links(None)
        w.fake.assert_clean()


async def test_a_database_that_does_not_answer_is_said_and_nothing_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with club(tmp_path) as w:
        storage = w.bot.manager.storage
        await w.ask(w.admin(), "cap", tables=4)

        async def down(*args: object) -> None:
            raise StorageUnavailableError("connection lost")

        with monkeypatch.context() as patched:
            patched.setattr(storage, "save_server_settings", down)
            assert await w.ask(w.admin("ko"), "cap", tables=5) == t("ko", "error-not-saved")
        assert (await w.settings()).cap == 4
        with monkeypatch.context() as patched:
            patched.setattr(storage, "server_settings", down)
            assert await w.ask(w.admin("es"), "show") == t("es", "error-db-unavailable")
            assert await w.ask(w.admin(), "rated", ratings="off") == t("en", "error-not-saved")
        assert await w.ask(w.admin(), "show") == admin_settings("en", ServerSettings(cap=4))
        w.fake.assert_clean()
