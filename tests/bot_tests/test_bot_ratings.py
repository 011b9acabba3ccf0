"""Ratings per server through the real discord.py (tests/support/discord_fake): each person's change on the
match-end message, /five-up leaderboard and the rating in /five-up stats in English, Korean and
Spanish, a match ended early left unrated, a computer level rated, and a rebuild equal to it all; and
a match whose only person was played by a computer to the end, left unrated."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from support.bot_host import CHANNEL, GUILD, open_table, running
from support.discord_fake import FakeMessage, InteractionRecord
from support.world import picker, world

from bot.host import rating_keeper
from bot.host.ratings import computer_key, person_key
from bot.model.rating_change import Rating
from bot.model.table_state import TableStatus
from bot.storage import RatingRow
from bot.texts import seat_tag
from bot.texts.i18n import t
from bot.texts.stats import rating_number
from bot.texts.words import SEPARATOR, signed

LOCALES = ("en-US", "ko", "es-ES")
LANGS = ("en", "ko", "es")


def reply(answer: InteractionRecord) -> FakeMessage:
    """The bot's (last) answer to an interaction: there must be one."""
    got = answer.last_reply
    assert got is not None
    return got


def shown(row: RatingRow) -> int:
    return Rating(row.mu, row.sigma).shown


async def test_rated_matches_the_leaderboard_and_stats_in_three_languages(tmp_path: Path) -> None:
    async with world(tmp_path, 3, locales=LOCALES) as s:
        ana, bo, cy = s.users
        storage = s.bot.manager.storage
        guild = s.guild.id
        games = s.fake.channel("games")

        # a match ended early is not rated
        early, _ = await s.open(s.games, [ana, bo])
        await s.play_out(early, picker(random.Random(1)), limit=3)
        assert early.status is TableStatus.PLAYING
        ended = await s.fake.slash(ana, early.room, "five-up end")
        assert ended.ok and early.status is TableStatus.OVER  # kept, ended early (tests/bot_tests/test_bot_end_kept.py)
        assert t("en", "ratings-changes", changes="").strip() not in reply(ended).content
        assert await storage.ratings(guild) == []
        assert [(m.table_id, m.rated) for m in await storage.rated_matches(guild)] == [(early.id, False)]

        # two people: the match-end message shows each one's change
        first, _ = await s.open(s.games, [ana, bo])
        await s.play_out(first, picker(random.Random(2)))
        assert first.status is TableStatus.OVER and first.lang == "en"
        final = s.fake.last_message(first.room)
        rows = {r.player: r for r in await storage.ratings(guild)}
        entries = []
        for i, u in enumerate((ana, bo)):
            row = rows[person_key(u.id)]
            player = f"{seat_tag(i)} {u.name}"
            entries.append(
                t(
                    "en",
                    "ratings-change",
                    player=player,
                    rating=rating_number(shown(row)),
                    change=signed(row.last_delta),
                )
            )
        assert t("en", "ratings-changes", changes=SEPARATOR.join(entries)) in final.content.splitlines()
        assert first.match is not None
        winner, loser = (ana, bo) if first.match.winner == 0 else (bo, ana)
        assert rows[person_key(winner.id)].last_delta > 0 > rows[person_key(loser.id)].last_delta

        # a Spanish table with a hard computer: the level is rated, its seat's change not shown
        second, _ = await s.open(s.games, [cy, bo], bots=1, level="hard", lang="es")
        await s.play_out(second, picker(random.Random(3)))
        assert second.status is TableStatus.OVER
        final = s.fake.last_message(second.room)
        (line,) = [x for x in final.content.splitlines() if x.startswith(t("es", "ratings-changes", changes=""))]
        assert f"{seat_tag(0)} {cy.name}" in line and f"{seat_tag(1)} {bo.name}" in line and seat_tag(2) not in line
        level = await storage.rating(guild, computer_key("hard"))
        assert level is not None and level.matches == 1

        board = await storage.ratings(guild)
        assert [r.player for r in board] == sorted(
            (r.player for r in board), key=lambda p: -shown(next(x for x in board if x.player == p))
        )
        assert {r.player for r in board} == {person_key(u.id) for u in (ana, bo, cy)}
        for user, lang in zip((ana, bo, cy), LANGS, strict=True):
            answer = await s.fake.slash(user, games, "five-up leaderboard")
            board_reply = reply(answer)
            assert answer.ok and board_reply.ephemeral
            lines = board_reply.content.splitlines()
            assert lines[0] == f"**{t(lang, 'ratings-title')}**"
            assert lines[1 : 1 + len(board)] == [
                t(
                    lang,
                    "ratings-line",
                    rank=n,
                    player=r.name,
                    rating=rating_number(shown(r)),
                    matches=r.matches,
                    wins=r.wins,
                )
                for n, r in enumerate(board, start=1)
            ]
            hard = t(lang, "ratings-level", level=t(lang, "choice-level-hard"), rating=rating_number(shown(level)))
            assert lines[1 + len(board)] == t(lang, "ratings-computers", levels=hard)
            assert lines[-1] == f"-# {t(lang, 'ratings-note')}"

            stats = await s.fake.slash(user, games, "five-up stats")
            mine = await storage.rating(guild, person_key(user.id))
            assert mine is not None
            said = t(lang, "ratings-yours", rating=rating_number(shown(mine)), change=signed(mine.last_delta))
            assert reply(stats).content.splitlines()[-1] == said
        bo_line = next(x for x in board_reply.content.splitlines() if bo.name in x)
        assert "2 partidas" in bo_line  # bo played both rated matches (Spanish, from cy's answer)

        # the figures are what a rebuild from the stored records gives, in the order the matches ended
        live = {r.player: (r.mu, r.sigma, r.matches, r.wins, r.last_delta) for r in await storage.ratings(guild)}
        rebuilt = await rating_keeper.rebuild(storage, guild)
        assert {
            k: (x.rating.mu, x.rating.sigma, x.matches, x.wins, x.last_delta)
            for k, x in rebuilt.items()
            if k.startswith("user:")
        } == live
        assert rebuilt[computer_key("hard")].rating == Rating(level.mu, level.sigma)
        s.fake.assert_clean()


async def test_nobody_rated_yet_in_each_language(tmp_path: Path) -> None:
    async with world(tmp_path, 3, locales=LOCALES) as s:
        for user, lang in zip(s.users, LANGS, strict=True):
            answer = await s.fake.slash(user, s.fake.channel("games"), "five-up leaderboard")
            assert reply(answer).content.splitlines() == [
                f"**{t(lang, 'ratings-title')}**",
                t(lang, "ratings-none"),
                f"-# {t(lang, 'ratings-note')}",
            ]
            stats = await s.fake.slash(user, s.fake.channel("games"), "five-up stats")
            assert reply(stats).content.splitlines()[-1] == t(lang, "ratings-yours-none")
        s.fake.assert_clean()


async def test_a_match_its_people_left_to_the_computers_is_not_rated(tmp_path: Path) -> None:
    """The only person lets their time run out for good: computers finish the match for everyone.
    It ends and counts in the server's history, but rates nobody, and a rebuild agrees."""
    async with running(tmp_path / "db.sqlite3", turn_timeout=0.02) as (manager, recorder, storage):
        table = await open_table(manager, recorder, [1], bots=1, level="easy", seed="gone")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        for _ in range(1500):  # until the match-end message (the one with the record) is out
            if recorder.posts and recorder.posts[-1].record is not None:
                break
            await asyncio.sleep(0.02)
        final = recorder.posts[-1]
        assert table.status is TableStatus.OVER and table.away == {0} and final.record is not None
        assert t("en", "ratings-changes", changes="").strip() not in final.text
        assert await storage.ratings(GUILD) == [] and await storage.rating(GUILD, computer_key("easy")) is None
        assert [(m.table_id, m.rated) for m in await storage.rated_matches(GUILD)] == [(table.id, False)]
        assert await rating_keeper.rebuild(storage, GUILD) == {}
