"""Tournaments end to end through the real discord.py against tests/support/discord_fake: sign-up by buttons,
rounds the bot pairs and opens in threads by itself, results flowing back, standings after every round, and
the winner announced. Computer players sit for the members in their matches (the members' seats marked
away, as a player who lets their time run out), so a whole event plays in seconds."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from itertools import combinations
from pathlib import Path
from unittest.mock import patch

import pytest
from discord import Permissions
from support.discord_fake import FakeChannel, FakeDiscord, FakeGuild, FakeMember, FakeRole, FakeUser
from support.manual_timer import ManualTimer
from support.short_deals import short_seeds
from support.world import World

from bot import texts
from bot.host.refusal import Refusal
from bot.host.tables.live_table import LiveTable
from bot.host.tournaments import thread_pace
from bot.model.table_state import TableStatus
from bot.model.tournament import EventStatus, Game
from bot.texts.i18n import t

EVENT_BUTTON = re.compile(r"5up:event:(\d+):join")
THREADS = "/channels/{channel_id}/messages/{message_id}/threads"


@asynccontextmanager
async def league(
    tmp_path: Path,
    count: int,
    *,
    locales: Sequence[str] = (),
    timer: ManualTimer | None = None,
    organiser_locale: str = "en-US",
    paced: bool = False,
    per_window: int = thread_pace.OPENINGS_PER_WINDOW,
) -> AsyncIterator[World]:
    """`count` members (of `locales`), an organiser with Manage Server (`s.mod`), #games and #lounge. Unless
    `paced` (`per_window` matches per window), match threads open without the pace of
    bot/host/tournaments/thread_pace.py: these events play rounds seconds apart on the real clock, which no
    Discord event does; the paced tests move a ManualTimer instead. Tables are dealt from
    support/short_deals.py: whole matches of half the usual length, the rounds, results and standings the
    same."""
    players = [FakeUser(f"m{n}", locale=locales[n] if n < len(locales) else "en-US") for n in range(count)]
    role = FakeRole("organisers", Permissions(manage_guild=True))
    organiser = FakeUser("org", locale=organiser_locale)
    guild = FakeGuild(
        channels=[FakeChannel("games"), "lounge"],
        roles=[role],
        members=[*players, FakeMember(organiser, roles=[role])],
    )
    w = World(guild, players, organiser, tmp_path / "db.sqlite3", timeout=3600.0, timer=timer, seed=short_seeds())
    lifted = patch.object(thread_pace, "OPENINGS_PER_WINDOW", per_window if paced else 10**6)
    try:
        with lifted:
            w.fake = await FakeDiscord.start(await w.new_bot(), guilds=[guild], users=players)
            w.reader.fake = w.fake
            try:
                yield w
            finally:
                await w.fake.close()
    finally:
        await w.resources.aclose()


async def create(s: World, **options: object) -> int:
    """The organiser creates an event in #games; its id (from the sign-up message's Join button)."""
    record = await s.fake.slash(s.mod, s.games, "five-up tournament create", **options)
    assert record.ok, record.problems
    signup = s.fake.last_message(s.games)
    (found,) = [int(m[1]) for c in signup.custom_ids() if (m := EVENT_BUTTON.fullmatch(c))]
    return found


async def join_all(s: World, event_id: int, players: Sequence[FakeUser], lang: str = "en") -> None:
    signup = next(m for m in s.fake.messages(s.games) if f"5up:event:{event_id}:join" in m.custom_ids())
    for user in players:
        record = await s.fake.click(user, signup, f"5up:event:{event_id}:join")
        assert record.ok and record.last_reply is not None and record.last_reply.ephemeral
    signup = s.fake._message(signup)
    assert t(lang, "event-signup-count", count=len(players)) in signup.content


async def games(s: World, event_id: int) -> list[Game]:
    return await s.bot.manager.storage.games(event_id)


async def one_match(s: World, event_id: int, lang: str = "en") -> tuple[Game, LiveTable]:
    """The two members join the one-round event, the organiser starts it: its one game and its live table."""
    await join_all(s, event_id, s.users, lang)
    await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
    await s.fake.wait_idle()
    (game,) = await games(s, event_id)
    assert game.table_id is not None and game.thread_id is not None
    live = s.bot.manager.registry.by_id(game.table_id)
    assert live is not None and live.table.match is not None
    return game, live


async def play_round(s: World, event_id: int) -> None:
    """Every match of the event's current round played to its end, computers sitting for the members."""
    manager = s.bot.manager
    event = await manager.storage.event(event_id)
    assert event is not None
    for game in await games(s, event_id):
        if game.round != event.round or game.decided or game.table_id is None:
            continue
        live = manager.registry.by_id(game.table_id)
        assert live is not None and live.table.status is TableStatus.PLAYING
        assert live.table.room != s.games.id  # in a thread of its own
        live.table.away.update(range(len(live.table.seats)))
        manager.turns.arm(live)
    await manager.drain()
    await s.fake.wait_idle()
    await manager.drain()
    await s.fake.wait_idle()


async def test_a_five_player_swiss_of_three_rounds_to_the_end(tmp_path: Path) -> None:
    """A Swiss of an odd count played to its end by the bot's own pairing and opening: one bye every round
    and never twice to one player, no two players met twice, every game decided, standings after each round
    (each picture described in plain words, without the message's Markdown), the final standings, and the
    winner announced. 5 players over 3 rounds keep every one of those rules in play (round 3 must avoid both
    a second bye and a rematch) at 6 matches; 9 players over 4 rounds took 16 (the pairer itself at that
    size: tests/bot_tests/test_pairings.py)."""
    async with league(tmp_path, 5) as s:
        event_id = await create(s, name="Friday Swiss", format="swiss", rounds=3)
        await join_all(s, event_id, s.users)
        record = await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        assert record.ok and record.last_reply is not None and record.last_reply.ephemeral
        await s.fake.wait_idle()
        signup = s.fake.messages(s.games)[0]  # the sign-up message, edited
        assert t("en", "event-signup-closed") in signup.content and not signup.custom_ids()
        assert all(u.name in signup.content for u in s.users)  # who plays stays on it
        for round_no in range(1, 4):
            round_games = [g for g in await games(s, event_id) if g.round == round_no]
            assert len(round_games) == 3 and sum(g.second is None for g in round_games) == 1  # one bye a round
            await play_round(s, event_id)
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.status is EventStatus.OVER and event.round == 3
        every = await games(s, event_id)
        byes = [g.first for g in every if g.second is None]
        assert len(byes) == 3 and len(set(byes)) == 3  # never twice to one player
        met = [frozenset((g.first, g.second)) for g in every if g.second is not None]
        assert len(met) == 6 and len(set(met)) == 6  # no two players met twice
        assert all(g.decided and (g.winner is not None) for g in every)
        for g in every:  # each match's end offers its replay and review, and no rematch: the event pairs the next
            if g.thread_id is not None:
                ids = [c for m in s.fake.messages(g.thread_id) for c in m.custom_ids()]
                assert any(f"replay:{g.table_id}" in c for c in ids) and not any("rematch" in c for c in ids)
        posts = s.fake.messages(s.games)
        standings = [m for m in posts if any(a.filename == "standings.png" for a in m.attachments)]
        assert len(standings) == 3  # after rounds 1-2, and the final standings
        assert "final standings" in standings[-1].content
        for message in standings:  # each picture described in plain words, without the message's Markdown
            (picture,) = [a for a in message.attachments if a.filename == "standings.png"]
            assert picture.description and "-# " not in picture.description and "**" not in picture.description
        started = next(m for m in posts if m.content.startswith("🏆 **Friday Swiss** begins"))
        mentioned = {int(u["id"]) for u in started.payload["mentions"]}
        assert mentioned == {u.id for u in s.users}  # the player with round 1's bye hears of the start too
        (over,) = [m for m in posts if "is over. The winner:" in m.content]
        top = [line.split(" · ")[0][3:] for line in standings[-1].content.splitlines() if line.startswith("1. ")]
        assert {int(u["id"]) for u in over.payload["mentions"]} == {u.id for u in s.users if u.name in top}
        s.fake.assert_clean()


async def test_a_four_player_round_robin_meets_every_pair_once(tmp_path: Path) -> None:
    """A round robin played to its end meets every pair exactly once in its (count - 1) rounds. 4 players
    (3 rounds, 6 matches) check it as 6 did (5 rounds, 15 matches; the pairer itself at 6:
    tests/bot_tests/test_pairings.py)."""
    async with league(tmp_path, 4) as s:
        event_id = await create(s, name="League", format="rr")
        await join_all(s, event_id, s.users)
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        await s.fake.wait_idle()
        for _ in range(3):
            await play_round(s, event_id)
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.status is EventStatus.OVER and event.rounds == 3
        met = sorted(tuple(sorted((g.first, g.second))) for g in await games(s, event_id) if g.second is not None)
        assert met == sorted(tuple(sorted(p)) for p in combinations([u.id for u in s.users], 2))
        s.fake.assert_clean()


async def test_refusals_are_private_and_change_nothing(tmp_path: Path) -> None:
    async with league(tmp_path, 3) as s:
        a, b, c = s.users
        refused = await s.fake.slash(a, s.games, "five-up tournament create", name="Mine")
        assert refused.last_reply is not None and refused.last_reply.ephemeral
        assert refused.last_reply.content == t("en", "error-event-create-not-allowed")
        event_id = await create(s, name="Cup", format="swiss", rounds=2)
        signup = s.fake.last_message(s.games)
        await s.fake.click(a, signup, f"5up:event:{event_id}:join")
        twice = await s.fake.click(a, signup, f"5up:event:{event_id}:join")
        assert twice.last_reply is not None and twice.last_reply.content == t(
            "en", "error-event-already-in", name="Cup"
        )
        early = await s.fake.slash(b, s.games, "five-up tournament start", event=event_id)
        assert early.last_reply is not None and early.last_reply.content == t("en", "error-event-not-organiser")
        too_few = await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        assert too_few.last_reply is not None
        assert too_few.last_reply.content == t("en", "error-event-too-few", name="Cup", min=2, count=1)
        await s.fake.click(b, signup, f"5up:event:{event_id}:join")
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        await s.fake.wait_idle()
        late = await s.fake.click(c, signup, f"5up:event:{event_id}:join", stale=True)
        assert late.last_reply is not None and late.last_reply.content == t("en", "error-event-closed", name="Cup")
        assert not s.fake._message(signup).custom_ids()  # the sign-up message lost its buttons
        s.fake.assert_clean()


async def test_a_withdrawal_mid_event_loses_the_game_and_leaves_the_pairings(tmp_path: Path) -> None:
    """A player who withdraws in round 2 loses their running match at once (said in its thread, nobody's rating
    moved, shown in the pairings), is paired no more in round 3, and is marked in the final standings.
    4 players (round 3: the 3 left, one with a bye) check it as 5 did, with one match fewer."""
    async with league(tmp_path, 4) as s:
        event_id = await create(s, name="Cup", format="swiss", rounds=3)
        await join_all(s, event_id, s.users)
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        await s.fake.wait_idle()
        await play_round(s, event_id)
        (playing,) = [g for g in await games(s, event_id) if g.round == 2 and g.second is not None][:1]
        leaver = playing.first
        assert playing.table_id is not None
        live = s.bot.manager.registry.by_id(playing.table_id)
        assert live is not None and live.table.move_no == 0  # nobody has placed a tile in it yet
        user = next(u for u in s.users if u.id == leaver)
        answer = await s.fake.slash(user, s.games, "five-up tournament withdraw", event=event_id)
        assert answer.last_reply is not None and answer.last_reply.content == t("en", "event-left-playing", name="Cup")
        await s.fake.wait_idle()
        lost = next(g for g in await games(s, event_id) if g.round == 2 and g.first == leaver)
        assert lost.winner == lost.second and lost.how == "withdrawn"  # their running match: lost at once
        assert lost.thread_id is not None and lost.table_id is not None
        winner = next(u for u in s.users if u.id == lost.second)
        thread = [m.content for m in s.fake.messages(lost.thread_id)]
        said = t("en", "event-match-withdrew", player=user.name, name="Cup", winner=winner.name)
        assert any(said in text for text in thread), thread  # the thread says why, and who wins by it
        assert not any("time ran out" in text for text in thread)
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.rated
        for player in (leaver, winner.id):  # no placement was made: nobody's rating moved
            assert await s.bot.manager.storage.rating(event.guild_id, f"user:{player}") is None
        pairings = await s.fake.slash(winner, s.games, "five-up tournament pairings", event=event_id)
        assert pairings.last_reply is not None
        assert t("en", "event-won-withdrawn", winner=winner.name, loser=user.name) in pairings.last_reply.content
        await play_round(s, event_id)
        await play_round(s, event_id)
        later = [g for g in await games(s, event_id) if g.round == 3]
        assert later and all(leaver not in (g.first, g.second) for g in later)  # paired no more
        final = [m for m in s.fake.messages(s.games) if "final standings" in m.content][-1]
        assert f"{user.name} ·" in final.content and "(withdrew)" in final.content
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.status is EventStatus.OVER
        s.fake.assert_clean()


async def test_a_withdrawal_after_a_placement_is_rated_and_said_in_the_thread(tmp_path: Path) -> None:
    async with league(tmp_path, 2, locales=["es-ES", "es-ES"], organiser_locale="es-ES") as s:
        event_id = await create(s, name="Copa", format="swiss", rounds=1)
        assert t("es", "event-format-swiss", rounds=1) == "suizo a una ronda"
        assert "suizo a una ronda" in s.fake.last_message(s.games).content
        game, live = await one_match(s, event_id, "es")
        await s.place(live.table, live.table.match.options()[0])
        await s.fake.wait_idle()
        leaver = next(u for u in s.users if u.id == s.user_at(live.table, live.table.match.turn).id)  # type: ignore[arg-type]
        winner = next(u for u in s.users if u is not leaver)
        await s.fake.slash(leaver, s.games, "five-up tournament withdraw", event=event_id)
        await s.fake.wait_idle()
        thread = s.fake.messages(game.thread_id)[-1].content
        assert t("es", "event-match-withdrew", player=leaver.name, name="Copa", winner=winner.name) in thread
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.status is EventStatus.OVER
        for player in (leaver, winner):  # a tile was placed: the match counts, lost by the one who left
            assert await s.bot.manager.storage.rating(event.guild_id, f"user:{player.id}") is not None
        (game,) = await games(s, event_id)
        assert game.winner == winner.id and game.how == "withdrawn"
        s.fake.assert_clean()


async def test_a_match_of_an_event_is_ended_early_by_its_organiser_only_and_counts_by_the_score(
    tmp_path: Path,
) -> None:
    """Its players may not stop it (the first seat ahead would take the game): the refusal names the event and
    the way out, and changes nothing. The organiser may: the thread says what the match counts for, the
    pairings say it was ended early, the record says how it ended, and the match's end offers no Rematch
    (a Rematch asked for all the same is refused: the event pairs the next match)."""
    async with league(tmp_path, 2) as s:
        event_id = await create(s, name="Cup", format="swiss", rounds=1)
        game, live = await one_match(s, event_id)
        match = live.table.match
        while match.scores[0] == match.scores[1] or match.turn is None:  # until one side is ahead
            await s.place(live.table, max(match.options(), key=lambda o: o.points))
        await s.fake.wait_idle()
        scores = tuple(texts.shown(p) for p in match.scores[:2])
        moves = live.table.move_no
        for player in s.users:
            refused = await s.fake.slash(player, game.thread_id, "five-up end")
            assert refused.last_reply is not None and refused.last_reply.ephemeral
            assert refused.last_reply.content == t("en", "error-end-event-game", name="Cup")
        assert live.table.status is TableStatus.PLAYING and live.table.move_no == moves

        await s.fake.slash(s.mod, game.thread_id, "five-up end")
        await s.fake.wait_idle()
        winner = live.table.seats[0 if scores[0] > scores[1] else 1].name
        thread = [m.content for m in s.fake.messages(game.thread_id)]
        said = t("en", "event-game-stopped-won", name="Cup", winner=winner)
        assert any(said in text for text in thread), thread[-3:]
        (game,) = await games(s, event_id)
        assert game.how == "ended" and (game.first_points, game.second_points) == scores
        assert game.winner == live.table.seats[0 if scores[0] > scores[1] else 1].user_id
        pairings = await s.fake.slash(s.users[0], s.games, "five-up tournament pairings", event=event_id)
        assert pairings.last_reply is not None
        shown = t("en", "event-won-ended", winner=winner, first=scores[0], second=scores[1])
        assert shown in pairings.last_reply.content
        ids = [c for m in s.fake.messages(game.thread_id) for c in m.custom_ids()]
        assert any(f"replay:{game.table_id}" in c for c in ids) and not any("rematch" in c for c in ids), ids
        row = await s.bot.manager.storage.finished_match(game.table_id)
        assert row is not None and '"how": "ended_early"' in row.record
        with pytest.raises(Refusal) as refused_rematch:
            await s.bot.manager.rematch(table_id=game.table_id, user_id=s.users[0].id, guild_id=s.guild.id)
        assert (refused_rematch.value.code, refused_rematch.value.params) == ("rematch-event", {"name": "Cup"})
        s.fake.assert_clean()


async def test_an_event_ended_early_crowns_nobody(tmp_path: Path) -> None:
    async with league(tmp_path, 4) as s:
        first = await create(s, name="Short", format="swiss", rounds=3)
        await join_all(s, first, s.users[:3])
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=first)
        await s.fake.wait_idle()
        seen = len(s.fake.messages(s.games))
        ended = await s.fake.slash(s.mod, s.games, "five-up tournament end", event=first)
        await s.fake.wait_idle()
        assert ended.last_reply is not None and ended.last_reply.ephemeral
        said = t("en", "event-ended", name="Short", organiser=s.mod.name)
        assert ended.last_reply.content == said
        after = [m.content for m in s.fake.messages(s.games)[seen:]]
        assert after == [said]  # no game was played: no standings, and no winner
        event = await s.bot.manager.storage.event(first)
        assert event is not None and event.status is EventStatus.OVER

        second = await create(s, name="Long", format="swiss", rounds=3)
        await join_all(s, second, s.users)
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=second)
        await s.fake.wait_idle()
        await play_round(s, second)  # round 1 played; round 2 opens
        seen = len(s.fake.messages(s.games))
        await s.fake.slash(s.mod, s.games, "five-up tournament end", event=second)
        await s.fake.wait_idle()
        after = s.fake.messages(s.games)[seen:]
        title = t("en", "event-standings-ended", name="Long", round=2, rounds=3)
        assert after[0].content == t("en", "event-ended", name="Long", organiser=s.mod.name)
        (table,) = [m for m in after if any(a.filename == "standings.png" for a in m.attachments)]
        assert table.content.startswith(title)  # the standings as they stood
        assert not any("The winner" in m.content for m in after)
        asked = await s.fake.slash(s.users[0], s.games, "five-up tournament standings", event=second)
        assert asked.last_reply is not None and asked.last_reply.content.startswith(title)
        s.fake.assert_clean()


@pytest.mark.parametrize("lang", ["en-US", "ko", "es-ES"])
async def test_a_blank_name_is_refused_privately_and_creates_nothing(tmp_path: Path, lang: str) -> None:
    async with league(tmp_path, 1, organiser_locale=lang) as s:
        refused = await s.fake.slash(s.mod, s.games, "five-up tournament create", name="   ", format="swiss")
        assert refused.last_reply is not None and refused.last_reply.ephemeral
        assert refused.last_reply.content == t(lang, "error-event-name-blank")
        assert s.fake.messages(s.games) == []
        assert await s.bot.manager.tournaments.events(s.guild.id) == []
        s.fake.assert_clean()


async def test_standings_wait_for_the_first_round_and_count_a_round_robins_real_rounds(tmp_path: Path) -> None:
    """Standings asked before round 1 say there are no pairings yet; during a round they say which of the round
    robin's real rounds is being played, and each round's posted standings count them. 3 players (a bye a
    round, 3 rounds: one match each) count 3 rounds as 4 players do, at half the matches."""
    async with league(tmp_path, 3) as s:
        event_id = await create(s, name="Club", format="rr")
        await join_all(s, event_id, s.users)
        early = await s.fake.slash(s.users[0], s.games, "five-up tournament standings", event=event_id)
        assert early.last_reply is not None and early.last_reply.ephemeral
        assert early.last_reply.content == t("en", "event-no-pairings", name="Club")  # as `pairings` says
        assert not early.last_reply.attachments
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        await s.fake.wait_idle()
        for round_no in (1, 2):  # 3 players meet in 3 rounds (one sits out each); a round being played is said to be
            title = t("en", "event-standings-during", name="Club", round=round_no, rounds=3)
            asked = await s.fake.slash(s.users[0], s.games, "five-up tournament standings", event=event_id)
            assert asked.last_reply is not None and asked.last_reply.content.startswith(title)
            await play_round(s, event_id)
        posted = [m for m in s.fake.messages(s.games) if any(a.filename == "standings.png" for a in m.attachments)]
        after = [t("en", "event-standings-title", name="Club", round=n, rounds=3) for n in (1, 2)]
        assert [m.content.split("\n")[0] for m in posted] == after
        s.fake.assert_clean()


async def test_restarts_between_rounds_and_mid_round_lose_nothing(tmp_path: Path) -> None:
    async with league(tmp_path, 4) as s:
        event_id = await create(s, name="Marathon", format="rr")
        await join_all(s, event_id, s.users)
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        await s.fake.wait_idle()
        await s.restart()  # mid-round: round 1's matches are open and untouched
        await s.fake.wait_idle()
        assert len([g for g in await games(s, event_id) if g.round == 1]) == 2
        await play_round(s, event_id)  # round 1 ends, round 2 opens
        await s.restart()  # between rounds
        await s.fake.wait_idle()
        for _ in range(2):
            await play_round(s, event_id)
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.status is EventStatus.OVER
        every = await games(s, event_id)
        assert len(every) == 6 and all(g.decided for g in every)  # 3 rounds of 2: each pair once, none twice
        assert len({g.table_id for g in every}) == 6
        s.fake.assert_clean()


async def test_sign_ups_close_on_time_and_a_round_deadline_ends_stalled_matches(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with league(tmp_path, 2, timer=timer) as s:
        event_id = await create(s, name="Slow", format="swiss", rounds=1, pace="1d", timeout="forfeit", close=2)
        await join_all(s, event_id, s.users)
        timer.advance(2 * 3600 - 1)
        await s.fake.wait_idle()
        assert [g for g in await games(s, event_id)] == []  # not yet
        timer.advance(1)
        await s.fake.wait_idle()
        (game,) = await games(s, event_id)  # the sign-up closed: round 1 paired and opened by itself
        assert game.table_id is not None and not game.decided
        table = s.bot.manager.registry.by_id(game.table_id)
        assert table is not None and table.table.pace.value == "1d"
        to_move = table.table.seats[table.table.match.turn].user_id  # type: ignore[union-attr]
        # nobody plays; every turn's day is stopped by an away, so only the round's deadline can end it
        for user in s.users:
            await s.fake.slash(user, s.games, "five-up settings", away=14)
        await s.fake.wait_idle()
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.round_deadline is not None
        timer.advance_to(event.round_deadline)
        await s.bot.manager.sweeper.rested()
        await s.fake.wait_idle()
        (game,) = await games(s, event_id)
        assert game.decided and game.winner is not None and game.winner != to_move  # the player to move lost
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.status is EventStatus.OVER
        s.fake.assert_clean()


async def test_an_event_reads_in_korean_and_spanish(tmp_path: Path) -> None:
    from support.i18n_checks import leftover_english

    async with league(tmp_path, 3, locales=["ko", "es-ES", "ko"], organiser_locale="ko") as s:
        record = await s.fake.slash(s.mod, s.games, "five-up tournament create", name="밤 대회", format="rr")
        assert record.ok
        signup = s.fake.last_message(s.games)
        event_id = int(EVENT_BUTTON.fullmatch(signup.custom_ids()[0])[1])  # type: ignore[index]
        for user in s.users:
            await s.fake.click(user, signup, f"5up:event:{event_id}:join")
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        await s.fake.wait_idle()
        for _ in range(3):
            await play_round(s, event_id)
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.status is EventStatus.OVER
        names = (*(u.name for u in s.users), "밤 대회")
        assert event.lang == "ko"  # an English server: the organiser's own language
        spanish = await s.fake.slash(s.users[1], s.games, "five-up tournament standings", event=event_id)
        assert spanish.last_reply is not None
        assert spanish.last_reply.content.startswith(t("es", "event-standings-final", name="밤 대회"))
        assert leftover_english("es", spanish.last_reply.content, names) == []
        korean = await s.fake.slash(s.users[0], s.games, "five-up tournament pairings", event=event_id)
        assert korean.last_reply is not None and leftover_english("ko", korean.last_reply.content, names) == []
        posted = [m.content for m in s.fake.messages(s.games)]  # the sign-up, rounds, standings, the winner
        assert len(posted) > 8 and all(leftover_english("ko", text, names) == [] for text in posted), posted
        assert any(text.startswith(t("ko", "event-standings-final", name="밤 대회")) for text in posted)
        s.fake.assert_clean()


async def test_a_twelve_match_round_opens_paced_and_a_restart_mid_opening_opens_the_rest_once(tmp_path: Path) -> None:
    """bot/host/tournaments/thread_pace.py: at most 4 match threads per 10 s in the event's channel; a restart while the
    round is still opening opens the matches that had none, and none twice."""
    timer = ManualTimer()
    threads_path = "/channels/{channel_id}/messages/{message_id}/threads"
    async with league(tmp_path, 24, timer=timer, paced=True) as s:
        event_id = await create(s, name="Big", format="swiss", rounds=2)
        await join_all(s, event_id, s.users)
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        await s.fake.wait_idle()  # the round is paired; its opening waits on the (hand-moved) clock
        opened = [len(s.fake.requests_to("POST", threads_path))]
        for _ in range(2):
            timer.advance(5)
            await s.fake.wait_idle()
            opened.append(len(s.fake.requests_to("POST", threads_path)))
        assert opened == [4, 4, 8]  # 4 at once, none more within 10 s, then 4 more
        await s.restart()  # 4 matches still without a thread
        await s.fake.wait_idle()
        assert len(s.fake.requests_to("POST", threads_path)) == 12  # the new process opened the 4 left at once
        round_one = [g for g in await games(s, event_id) if g.round == 1]
        assert len(round_one) == 12 and all(g.table_id is not None for g in round_one)
        assert len({g.table_id for g in round_one}) == 12
        rooms = [s.bot.manager.registry.by_id(g.table_id).table.room for g in round_one]  # type: ignore[union-attr, arg-type]
        assert len(set(rooms)) == 12 and s.games.id not in rooms  # a thread each, none twice
        announced = [m for m in s.fake.messages(s.games) if m.content.startswith("**Big**")]
        timer.advance(60)
        await s.fake.wait_idle()
        assert len(s.fake.requests_to("POST", threads_path)) == 12  # the stopped process opened nothing more
        assert len([m for m in s.fake.messages(s.games) if m.content.startswith("**Big**")]) == len(announced)
        s.fake.assert_clean()


async def _stuck(*_args: object, **_kwargs: object) -> None:
    """A step that never returns: the process stops (restarts) in the middle of it, as in a crash."""
    await asyncio.get_running_loop().create_future()


async def finish_in(s: World, thread_id: int) -> None:
    """The match played in this thread to its end, computers sitting for the members."""
    manager = s.bot.manager
    (live,) = manager.registry.in_channel(thread_id)
    live.table.away.update(range(len(live.table.seats)))
    manager.turns.arm(live)
    await manager.drain()
    await s.fake.wait_idle()


@pytest.mark.parametrize("stops_in", ["table-opening", "match-start", "table-noting", "table-noting-match-over"])
async def test_a_crash_while_a_match_opens_leaves_one_thread_and_one_match_per_game(
    tmp_path: Path, stops_in: str
) -> None:
    """The process stops after a game's thread was made and noted: before its table is opened, after its
    lobby is saved but not started, or after its match started but before the table is noted on the game.
    The restart opens the match in the noted thread, or takes over the table already there (its result read
    if that match ended meanwhile): each game of the round has one thread and one match, played to its result.
    """
    threads_path = "/channels/{channel_id}/messages/{message_id}/threads"
    async with league(tmp_path, 4, timer=ManualTimer()) as s:
        event_id = await create(s, name="Crash", format="swiss", rounds=1)
        await join_all(s, event_id, s.users)
        rounds = s.bot.manager.tournaments.rounds
        if stops_in == "table-opening":
            rounds._open_table = _stuck  # type: ignore[method-assign]
        elif stops_in == "match-start":
            rounds.start_match = _stuck
        else:
            s.bot.manager.storage.set_game_table = _stuck  # type: ignore[method-assign]
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        await s.fake.wait_idle()
        assert len(s.fake.requests_to("POST", threads_path)) == 1  # the first game's thread, then the stop
        (stopped,) = [g for g in await games(s, event_id) if g.thread_id is not None]
        assert stopped.table_id is None and stopped.thread_id is not None
        before = await s.bot.manager.storage.tables_opened_in(stopped.thread_id, stopped.first)
        assert len(before) == (0 if stops_in == "table-opening" else 1)
        if stops_in == "table-noting-match-over":
            await finish_in(s, stopped.thread_id)  # it ends while its game knows nothing of it
            assert await s.bot.manager.storage.finished_match(before[0]) is not None
        await s.restart()
        await s.fake.wait_idle()
        round_one = await games(s, event_id)
        assert len(s.fake.requests_to("POST", threads_path)) == len(round_one) == 2  # no second thread
        assert len({g.thread_id for g in round_one}) == 2 and all(g.table_id is not None for g in round_one)
        for game in round_one:
            assert game.thread_id is not None
            tables = await s.bot.manager.storage.tables_opened_in(game.thread_id, game.first)
            assert tables == [game.table_id]  # one match in its thread: the one noted on the game
            if game.decided:
                continue
            live = s.bot.manager.registry.by_id(game.table_id)  # type: ignore[arg-type]
            assert live is not None and live.table.status is TableStatus.PLAYING
            assert live.table.room == game.thread_id
        again = next(g for g in round_one if g.first == stopped.first)
        if before:
            assert again.table_id == before[0]  # the table opened before the stop, taken over
        if stops_in == "table-noting-match-over":
            assert again.decided and again.how in ("played", "forfeit") and again.winner is not None
        await play_round(s, event_id)
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.status is EventStatus.OVER
        assert all(g.decided and g.winner is not None for g in await games(s, event_id))
        s.fake.assert_clean()


def threads_of(s: World, channel: FakeChannel) -> Counter[str]:
    """The threads made under `channel` in the fake Discord, by name (a match's names its round and players)."""
    made = s.fake.backend.channels.values()
    return Counter(c["name"] for c in made if c.get("parent_id") == str(channel.id) and c["type"] in (11, 12))


@pytest.mark.parametrize("lost", ["message", "thread"])
async def test_restarts_while_round_two_opens_leave_one_message_and_one_thread_per_game(
    tmp_path: Path, lost: str
) -> None:
    """5 players, Swiss, one match opened per 10 s (bot/host/tournaments/thread_pace.py). Round 2's first opening
    is made by Discord but its answer is lost (a timeout: its message, or its thread, exists unknown to the bot); the
    bot restarts after round 1's results while round 2's second match still waits its turn, and again in the
    middle of the first round-2 match while that second one waits again. Each game has one opening message and
    one thread on it, and its match is played there to the end."""
    timer = ManualTimer()
    async with league(tmp_path, 5, timer=timer, paced=True, per_window=1) as s:
        event_id = await create(s, name="Spring Open", format="swiss", rounds=2)
        await join_all(s, event_id, s.users)
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        await s.fake.wait_idle()
        timer.advance(10)  # round 1's second match
        await s.fake.wait_idle()
        await play_round(s, event_id)  # round 1's results; round 2 paired, its first match waits its turn
        where = "/channels/{channel_id}/messages" if lost == "message" else THREADS
        s.fake.faults.timeout(takes_effect=True, method="POST", path=where, channel_id=s.games.id, times=1)
        timer.advance(10)  # the first opening: Discord makes it, the bot never hears so
        await s.fake.wait_idle()
        await s.restart()  # the second match still waiting its turn
        await s.fake.wait_idle()
        playing = [g for g in await games(s, event_id) if g.round == 2 and g.table_id is not None]
        assert len(playing) == 1 and playing[0].thread_id is not None
        live = s.bot.manager.registry.by_id(playing[0].table_id)  # type: ignore[arg-type]
        assert live is not None and live.table.match is not None
        await s.place(live.table, live.table.match.options()[0])
        await s.fake.wait_idle()
        await s.restart()  # mid-match, the other match waiting its turn again
        await s.fake.wait_idle()
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None
        names = {u.id: u.name for u in s.users}
        round_two = [g for g in await games(s, event_id) if g.round == 2 and g.second is not None]
        made = threads_of(s, s.games)
        for game in round_two:
            assert game.second is not None and game.thread_id is not None and game.table_id is not None
            name = t("en", "event-thread-name", name="Spring Open", round=2, first=names[game.first],
                     second=names[game.second])  # fmt: skip
            opening = texts.match_opening(event, game)
            assert made[name] == 1, made  # one thread for the game, none beside it
            assert [m.id for m in s.fake.messages(s.games) if m.content == opening] == [game.thread_id]
            live = s.bot.manager.registry.by_id(game.table_id)
            assert live is not None and live.table.room == game.thread_id
        assert sum(made.values()) == 4  # two rounds of two matches
        await play_round(s, event_id)
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.status is EventStatus.OVER
        assert all(g.decided for g in await games(s, event_id))
        s.fake.assert_clean()


async def test_an_opening_deleted_before_its_thread_is_made_again_on_the_next_try(tmp_path: Path) -> None:
    """Discord refuses a match's thread once (a 503) after its message was noted, and a moderator deletes that
    message: the next start posts a new one (another nonce, not the deleted message's) and makes the thread on it."""
    async with league(tmp_path, 2, timer=ManualTimer()) as s:
        event_id = await create(s, name="Cup", format="swiss", rounds=1)
        await join_all(s, event_id, s.users)
        s.fake.faults.server_error(503, method="POST", path=THREADS, times=1)
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        await s.fake.wait_idle()
        (game,) = await games(s, event_id)
        assert game.opening_id is not None and game.thread_id is None and game.table_id is None
        s.fake.backend._delete(s.fake._message(game.opening_id))
        await s.restart()
        await s.fake.wait_idle()
        (game,) = await games(s, event_id)
        assert game.thread_id is not None and game.thread_id == game.opening_id and game.table_id is not None
        assert sum(threads_of(s, s.games).values()) == 1
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None
        assert [m.id for m in s.fake.messages(s.games) if m.content == texts.match_opening(event, game)] == [
            game.thread_id
        ]
        await play_round(s, event_id)
        event = await s.bot.manager.storage.event(event_id)
        assert event is not None and event.status is EventStatus.OVER
        s.fake.assert_clean()


@pytest.mark.parametrize("locale", ["en-US", "ko", "es-ES"])
async def test_every_join_and_leave_shows_its_count_on_the_event_message(tmp_path: Path, locale: str) -> None:
    """Five members join one after another, then four leave: each click edits the event message to the count it
    made, the number itself (1 as well as 2-5), and tells its member privately that they are in, or out."""
    lang = locale.split("-")[0]
    async with league(tmp_path, 5, locales=[locale] * 5, organiser_locale=locale) as s:
        event_id = await create(s, name="Spring Open", format="swiss", rounds=3)
        signup = s.fake.last_message(s.games)
        clicks = [(user, "join") for user in s.users] + [(user, "leave") for user in s.users[:4]]
        for user, action in clicks:
            record = await s.fake.click(user, signup, f"5up:event:{event_id}:{action}")
            said = t(lang, "event-joined" if action == "join" else "event-left", name="Spring Open")
            assert record.ok and record.last_reply is not None and record.last_reply.ephemeral
            assert record.last_reply.content == said and record.last_reply.visible_to == user.id
        message = s.fake._message(signup)
        shown = [version["content"].split("\n")[1] for version in [*message.history, message.payload]]
        counts = [0, 1, 2, 3, 4, 5, 4, 3, 2, 1]
        assert shown == [t(lang, "event-signup-count", count=n) for n in counts]
        numbers = [re.search(rf"(?<!\d){n}(?!\d)", line) for n, line in zip(counts, shown, strict=True)]
        assert all(numbers[1:]), shown  # the number itself, 1 too (nobody: said in words)
        s.fake.assert_clean()
