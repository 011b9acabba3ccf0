"""Ratings per server through the real discord.py (tests/support/discord_fake): each person's new rating
and change on the match-end line, /five-up leaderboard (the one ranking) and /five-up stats (your own
record, rating and place on it) in English, Korean and Spanish, with no English left in the others; a
rating counted from 1000 and marked provisional until PROVISIONAL_MATCHES rated matches, then not; a
match ended early left unrated, a computer level rated, and a rebuild equal to it all; and a match whose
only person was played by a computer to the end, left unrated."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from support.bot_host import CHANNEL, GUILD, open_table, running
from support.discord_fake import FakeMessage, FakeUser, InteractionRecord
from support.i18n_checks import leftover_english
from support.manual_timer import ManualTimer
from support.waiting import settling
from support.world import World, picker, short_picker, world

from bot.host.ratings import rating_keeper
from bot.host.ratings.rating_math import computer_key, person_key
from bot.model.rating_change import PROVISIONAL_MATCHES, START, Rating
from bot.model.table_state import Table, TableStatus
from bot.storage import RatingRow
from bot.texts import seat_tag
from bot.texts.i18n import t
from bot.texts.stats import rating_figure
from bot.texts.words import SEPARATOR, signed

LOCALES = ("en-US", "ko", "es-ES")
LANGS = ("en", "ko", "es")
NAMES = ("Ana", "보라", "Carmen")
MINUS = "\N{MINUS SIGN}"


def reply(answer: InteractionRecord) -> FakeMessage:
    """The bot's (last) answer to an interaction: there must be one."""
    got = answer.last_reply
    assert got is not None
    return got


def shown(row: RatingRow) -> int:
    return Rating(row.mu, row.sigma).shown


def figure(lang: str, row: RatingRow) -> str:
    return rating_figure(lang, shown(row), row.matches)


def ratings_line(message: FakeMessage, lang: str) -> str:
    """The match-end message's rating line (there must be exactly one)."""
    (line,) = [x for x in message.content.splitlines() if x.startswith(t(lang, "ratings-changes", changes=""))]
    return line


def expected_line(lang: str, table: Table, rows: dict[str, RatingRow], people: Sequence[FakeUser]) -> str:
    """The match-end line as designed: each person's new rating (marked while provisional) and change,
    then, on the same line, what those numbers are."""
    entries = []
    for user in people:
        seat = next(i for i, x in enumerate(table.seats) if x.user_id == user.id)
        row = rows[person_key(user.id)]
        entries.append(
            t(
                lang,
                "ratings-change",
                player=f"{seat_tag(seat)} {user.name}",
                rating=figure(lang, row),
                change=signed(row.last_delta),
            )
        )
    note = t(lang, "ratings-changes-note", start=str(START), needed=PROVISIONAL_MATCHES)
    return f"{t(lang, 'ratings-changes', changes=SEPARATOR.join(entries))} {note}"


async def rated_match(s: World, players: list[FakeUser], seed: int, **options: object) -> Table:
    """A match opened with `options` and played to its end, every placement by `/five-up play` (these tests
    check ratings, not how tiles are placed: no hand picture drawn per placement). Two people play the
    short deal `seed` (support/short_deals.py)."""
    short = len(players) == 2 and not options.get("bots")
    choose = short_picker(s, seed) if short else picker(random.Random(seed))
    table, _ = await s.open(s.games, players, **options)
    await s.play_out(table, choose, buttons=lambda made: False)
    assert table.status is TableStatus.OVER
    return table


async def test_one_match_then_the_leaderboard_and_stats_in_three_languages(tmp_path: Path) -> None:
    """A match ended early is not rated; two newcomers' first match-end line counts from 1000 and marks them
    provisional; the line in Korean and in Spanish (a hard computer rated, its change not shown); the
    leaderboard and /five-up stats in the three languages are one ranking with no English left; and the
    figures equal a rebuild from the stored records."""
    async with world(tmp_path, locales=LOCALES, names=NAMES) as s:
        ana, bora, carmen = s.users
        storage = s.bot.manager.storage
        guild = s.guild.id
        games = s.fake.channel("games")

        # a match ended early is not rated
        early, _ = await s.open(s.games, [ana, bora])
        await s.play_out(early, picker(random.Random(1)), limit=3)
        assert early.status is TableStatus.PLAYING
        ended = await s.fake.slash(ana, early.room, "five-up end")
        assert ended.ok and early.status is TableStatus.OVER  # kept, ended early (tests/bot_tests/test_bot_end_kept.py)
        assert t("en", "ratings-changes", changes="").strip() not in reply(ended).content
        assert await storage.ratings(guild) == []
        assert [(m.table_id, m.rated) for m in await storage.rated_matches(guild)] == [(early.id, False)]

        # two newcomers in English: counted from 1000, so the loser reads 927?, not −73 under "starts at 0"
        first = await rated_match(s, [ana, bora], 2)
        assert first.lang == "en" and first.match is not None
        rows = {r.player: r for r in await storage.ratings(guild)}
        winner = first.seats[first.match.winner].user_id
        entries = [
            f"{seat_tag(i)} {u.name} " + ("1138? (+138)" if u.id == winner else f"927? ({MINUS}73)")
            for i, u in enumerate((ana, bora))
        ]
        line = ratings_line(s.fake.last_message(first.room), "en")
        assert line == (
            f"Ratings: {SEPARATOR.join(entries)} — in brackets, this match's change; everyone starts at 1000;"
            " ? = provisional, fewer than 5 rated matches."
        )
        assert line == expected_line("en", first, rows, [ana, bora])
        mine = rows[person_key(ana.id)]
        stats = reply(await s.fake.slash(ana, games, "five-up stats"))
        won = mine.wins == 1
        assert stats.ephemeral and stats.content.splitlines() == [
            "**Your Five Up in this server**",
            t("en", "stats-yours", matches=1, wins=mine.wins, average=stats_average(first, 0)),
            f"Your rating: {'1138?' if won else '927?'} (last match: {'+138' if won else MINUS + '73'}),"
            " provisional until 5 rated matches: 1 so far.",
            f"You are number {1 if won else 2} on this server's leaderboard: /five-up leaderboard",
            "-# Everyone starts at 1000. A rating is a cautious estimate of how well you play (μ − 3σ): it rises with"
            " wins, and with each match as the bot grows surer of you. ? = provisional, fewer than 5 rated matches."
            " Only matches played to the end count.",
        ]

        # in Korean, and in Spanish with a hard computer: the level is rated, its seat's change not shown
        second = await rated_match(s, [carmen, ana], 3, lang="ko")
        rows = {r.player: r for r in await storage.ratings(guild)}
        line = ratings_line(s.fake.last_message(second.room), "ko")
        assert line == expected_line("ko", second, rows, [carmen, ana]) and "?" in line
        assert leftover_english("ko", line, NAMES) == [], line
        third = await rated_match(s, [carmen, bora], 4, bots=1, level="hard", lang="es")
        rows = {r.player: r for r in await storage.ratings(guild)}
        line = ratings_line(s.fake.last_message(third.room), "es")
        assert line == expected_line("es", third, rows, [carmen, bora]) and seat_tag(2) not in line
        assert leftover_english("es", line, NAMES) == [], line
        level = await storage.rating(guild, computer_key("hard"))
        assert level is not None and level.matches == 1

        # one ranking: the leaderboard's order is the stored order (by the number shown), and the place
        # /five-up stats gives each person is their line on it
        board = await storage.ratings(guild)
        assert [shown(r) for r in board] == sorted((shown(r) for r in board), reverse=True)
        assert {r.player for r in board} == {person_key(u.id) for u in s.users}
        for user, lang in zip(s.users, LANGS, strict=True):
            answer = await s.fake.slash(user, games, "five-up leaderboard")
            board_reply = reply(answer)
            assert answer.ok and board_reply.ephemeral
            note = t(lang, "ratings-note", start=str(START), needed=PROVISIONAL_MATCHES)
            hard = t(lang, "ratings-level", level=t(lang, "choice-level-hard"), rating=figure(lang, level))
            assert board_reply.content.splitlines() == [
                f"**{t(lang, 'ratings-title')}**",
                *(
                    t(
                        lang,
                        "ratings-line",
                        rank=n,
                        player=r.name,
                        rating=figure(lang, r),
                        matches=r.matches,
                        wins=r.wins,
                    )
                    for n, r in enumerate(board, start=1)
                ),
                t(lang, "ratings-computers", levels=hard),
                f"-# {note}",
            ]
            assert all("?" in x for x in board_reply.content.splitlines()[1:4])  # two rated matches each
            assert leftover_english(lang, board_reply.content, NAMES) == [], board_reply.content

            stats = reply(await s.fake.slash(user, games, "five-up stats"))
            mine = next(r for r in board if r.player == person_key(user.id))
            place = board.index(mine) + 1
            change = signed(mine.last_delta)
            assert stats.content.splitlines()[2:] == [
                t(
                    lang,
                    "ratings-yours-provisional",
                    rating=figure(lang, mine),
                    change=change,
                    matches=2,
                    needed=PROVISIONAL_MATCHES,
                ),
                t(lang, "ratings-yours-place", rank=place),
                f"-# {note}",
            ]
            assert not [u.name for u in s.users if u is not user and u.name in stats.content]  # no second board
            assert leftover_english(lang, stats.content, NAMES) == [], stats.content
        carmen_line = next(x for x in board_reply.content.splitlines() if carmen.name in x)
        assert "2 partidas" in carmen_line  # Carmen played two rated matches (Spanish, from her own answer)

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


def stats_average(table: Table, seat: int) -> float:
    """A seat's points in its one finished match, as `/five-up stats` averages them."""
    assert table.match is not None
    return float(table.match.scores[table.match.side_of(seat)] // 5)


async def test_provisional_until_enough_rated_matches_then_not(tmp_path: Path) -> None:
    """The mark stays on the match-end line, the leaderboard and /five-up stats while a person has
    fewer than PROVISIONAL_MATCHES rated matches, and goes with the last of them."""
    async with world(tmp_path, 2) as s:
        ana, bo = s.users
        storage = s.bot.manager.storage
        games = s.fake.channel("games")
        for played in range(1, PROVISIONAL_MATCHES + 1):
            table = await rated_match(s, [ana, bo], 10 + played)
            rows = {r.player: r for r in await storage.ratings(s.guild.id)}
            assert {r.matches for r in rows.values()} == {played}
            line = ratings_line(s.fake.last_message(table.room), "en")
            assert line == expected_line("en", table, rows, [ana, bo])
            entries = line.removeprefix("Ratings: ").split(" — ")[0].split(SEPARATOR)
            assert [("?" in e) for e in entries] == [played < PROVISIONAL_MATCHES] * 2, line
            stats = reply(await s.fake.slash(ana, games, "five-up stats")).content.splitlines()
            mine = rows[person_key(ana.id)]
            if played < PROVISIONAL_MATCHES:
                assert stats[2].startswith(f"Your rating: {shown(mine)}? (") and f": {played} so far." in stats[2]
            else:
                assert stats[2] == f"Your rating: {shown(mine)} (last match: {signed(mine.last_delta)})."
        board = reply(await s.fake.slash(bo, games, "five-up leaderboard")).content.splitlines()
        assert board[1:3] == [
            f"{n}. {r.name}: {shown(r)} ({PROVISIONAL_MATCHES} matches, {r.wins} won)"
            for n, r in enumerate(await storage.ratings(s.guild.id), start=1)
        ]
        s.fake.assert_clean()


async def test_nobody_rated_yet_in_each_language(tmp_path: Path) -> None:
    async with world(tmp_path, locales=LOCALES, names=NAMES) as s:
        for user, lang in zip(s.users, LANGS, strict=True):
            note = f"-# {t(lang, 'ratings-note', start=str(START), needed=PROVISIONAL_MATCHES)}"
            answer = await s.fake.slash(user, s.fake.channel("games"), "five-up leaderboard")
            assert reply(answer).content.splitlines() == [
                f"**{t(lang, 'ratings-title')}**",
                t(lang, "ratings-none"),
                note,
            ]
            stats = reply(await s.fake.slash(user, s.fake.channel("games"), "five-up stats"))
            assert stats.content.splitlines() == [
                f"**{t(lang, 'stats-title')}**",
                t(lang, "stats-yours-none"),
                t(lang, "ratings-yours-none"),
                note,
            ]
            assert leftover_english(lang, stats.content, NAMES) == [], stats.content
        s.fake.assert_clean()


async def test_a_match_its_people_left_to_the_computers_is_not_rated(tmp_path: Path) -> None:
    """The only person lets their time run out for good: computers finish the match for everyone.
    It ends and counts in the server's history, but rates nobody, and a rebuild agrees."""
    timer = ManualTimer()
    timeout = 20.0
    async with (
        settling() as settle,
        running(tmp_path / "db.sqlite3", turn_timeout=timeout, timer=timer) as (manager, recorder, storage),
    ):
        table = await open_table(manager, recorder, [1], bots=1, level="easy", seed="gone")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        await manager.drain()  # a computer that leads has placed: the person's turn has begun
        timer.advance(2 * timeout)  # reminded, then taken over; the computers finish the match
        await settle()
        await manager.drain()
        await settle()  # the match-end message (the one with the record) is out
        final = recorder.posts[-1]
        assert table.status is TableStatus.OVER and table.away == {0} and final.record is not None
        assert t("en", "ratings-changes", changes="").strip() not in final.text
        assert await storage.ratings(GUILD) == [] and await storage.rating(GUILD, computer_key("easy")) is None
        assert [(m.table_id, m.rated) for m in await storage.rated_matches(GUILD)] == [(table.id, False)]
        assert await rating_keeper.rebuild(storage, GUILD) == {}
