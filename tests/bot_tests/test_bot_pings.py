"""Who is mentioned, and when, through the real discord.py (tests/support/discord_fake) with the idle time
injected (a `ManualTimer` the turn clock waits on): at a live table a turn line mentions its person only
at a round's first turn or after another person's placement; after a computer's reply the person is
mentioned once, by a short follow-up line, if they stay idle for 30 s, and not when they opened their
hand; a correspondence table mentions at every turn and never follows up; ping:off wins; and the hand's
buttons show a many-place tile's best points and a last tile's effect (bot/texts/private.py `tile_label`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from support.discord_fake import FakeMessage
from support.manual_timer import ManualTimer
from support.reader import check_turn_lines
from support.world import World, picker, world

from bot.host.clocks.turn_clock import FOLLOW_UP_S
from bot.host.tables.table_core import last_placer
from bot.model.table_state import Table, TableStatus
from bot.texts.i18n import t
from engine import Option, Result

HOUR = 3600.0


@pytest.fixture
def timer() -> ManualTimer:
    """The idle time of every live turn, moved by the test: the bot's turn clock waits on the world's timer."""
    return ManualTimer()


async def idle(s: World, timer: ManualTimer, seconds: float) -> list[dict]:
    """Nobody acts for `seconds`: the posts the bot made meanwhile."""
    before = len(s.posts_to(s.room))
    timer.advance(seconds)
    await s.fake.wait_idle()
    return s.posts_to(s.room)[before:]


def pinged(posts: list[dict]) -> list[int]:
    return [int(u) for body in posts for u in body["allowed_mentions"].get("users", [])]


def follow_up(table: Table, user_id: int) -> str:
    return t(table.lang, "turn-follow-up", mention=f"<@{user_id}>")


def quiet_turn(table: Table) -> bool:
    """The engine says a computer placed last this round: the person's turn line did not mention them."""
    match = table.match
    assert match is not None
    placer = last_placer(match)
    return placer is not None and table.seats[placer].is_computer


async def test_one_person_against_three_computers_is_mentioned_only_when_idle(
    tmp_path: Path, timer: ManualTimer
) -> None:
    async with world(tmp_path, 1, seed="pings-round", timer=timer) as s:
        (ana,) = s.users
        table, _ = await s.open(s.games, [ana], bots=3)
        choose = picker(random.Random(1))
        turns = follow_ups = 0
        while table.status is TableStatus.PLAYING and len(table.match.record.rounds) == 1:
            await s.fake.wait_idle()
            match = table.match
            assert match.turn == 0  # the computers replied at once
            quiet = quiet_turn(table)
            way = turns % 3
            turns += 1
            if way == 1:  # idle: one follow-up at 30 s, not at 29 s, and only once
                assert await idle(s, timer, FOLLOW_UP_S - 1) == []
                posts = await idle(s, timer, 1)
                if quiet:
                    (post,) = posts
                    assert post["content"] == follow_up(table, ana.id) and pinged(posts) == [ana.id]
                    assert s.fake.last_message(table.room).custom_ids() == [f"5up:hand:{table.id}"]
                    follow_ups += 1
                else:  # the round's first turn: its turn line mentioned them already
                    assert posts == []
                assert await idle(s, timer, 10 * FOLLOW_UP_S) == []
            elif way == 2:  # they opened their hand: they are here, no follow-up
                shown = await s.fake.click(ana, s.fake.last_message(table.room), f"5up:hand:{table.id}")
                assert shown.last_reply.ephemeral
                assert await idle(s, timer, 2 * FOLLOW_UP_S) == []
            await s.place(table, choose(match, 0))
        await s.fake.wait_idle()
        assert turns >= 3 and follow_ups >= 1
        posts = s.posts_to(table.room)
        round_starts = sum(1 for body in posts if pinged([body]) and "Round" in body["content"])
        mentions = check_turn_lines(s, table, posts)  # each mention where the rule allows it, and each one due
        assert mentions == len(pinged(posts)) == follow_ups + round_starts
        computer_replies = sum(1 for p in table.match.record.rounds[0].plays if table.seats[p.seat].is_computer)
        assert mentions < turns < computer_replies  # once per turn before (issue 30), never once per reply
        s.fake.assert_clean()


async def test_two_people_and_two_computers_the_person_after_a_person_is_mentioned(
    tmp_path: Path, timer: ManualTimer
) -> None:
    async with world(tmp_path, 2, seed="pings-pairs", timer=timer) as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo], bots=2)
        choose = picker(random.Random(2))
        after_ana = 0
        for _ in range(8):
            await s.fake.wait_idle()
            match = table.match
            if match.turn == 1 and last_placer(match) == 0:  # bo's turn line, right after ana placed
                assert pinged(s.posts_to(table.room)[-1:]) == [bo.id]
                assert await idle(s, timer, 2 * FOLLOW_UP_S) == []  # mentioned already: no follow-up
                after_ana += 1
            elif match.turn == 0 and quiet_turn(table):  # ana after the computers: quiet, then followed up
                assert pinged(s.posts_to(table.room)[-1:]) == []
                posts = await idle(s, timer, FOLLOW_UP_S)
                assert [body["content"] for body in posts] == [follow_up(table, ana.id)]
            await s.place(table, choose(match, match.turn))
        assert after_ana >= 2
        assert check_turn_lines(s, table, s.posts_to(table.room)) > after_ana
        s.fake.assert_clean()


async def test_ping_off_wins_over_the_follow_up(tmp_path: Path, timer: ManualTimer) -> None:
    async with world(tmp_path, 1, seed="pings-round", timer=timer) as s:
        (ana,) = s.users
        await s.fake.slash(ana, s.games, "five-up settings", ping="off")
        table, _ = await s.open(s.games, [ana], bots=3)
        choose = picker(random.Random(1))
        for _ in range(3):
            await s.fake.wait_idle()
            assert await idle(s, timer, 3 * FOLLOW_UP_S) == []
            await s.place(table, choose(table.match, 0))
        assert check_turn_lines(s, table, s.posts_to(table.room), quiet=frozenset({ana.id})) == 0
        s.fake.assert_clean()


async def test_a_correspondence_table_mentions_once_per_turn_and_never_follows_up(
    tmp_path: Path, timer: ManualTimer
) -> None:
    async with world(tmp_path, 1, seed="pings-round", timer=timer) as s:
        (ana,) = s.users
        table, _ = await s.open(s.games, [ana], bots=3, pace="1d")
        choose = picker(random.Random(1))
        turns = 0
        for _ in range(4):
            await s.fake.wait_idle()
            assert pinged(s.posts_to(table.room)[-1:]) == [ana.id]  # even after a computer's reply
            turns += 1
            assert await idle(s, timer, HOUR) == []  # no follow-up (its reminder is at half time)
            await s.place(table, choose(table.match, 0))
        await s.fake.wait_idle()
        turns += table.match.turn == 0
        posts = s.posts_to(table.room)
        assert check_turn_lines(s, table, posts) == len(pinged(posts)) == turns
        assert not any(follow_up(table, ana.id) == body["content"] for body in posts)
        s.fake.assert_clean()


# -- the hand's buttons ---------------------------------------------------------------------------


def expected_label(lang: str, options: list[Option]) -> str:
    """A tile's button as the engine's options say it should read."""
    tile = str(options[0].tile)
    if options[0].result is Result.SETTLED:
        top = max(o.points for o in options)
        effect = t(lang, "option-settled-points", points=top // 5) if top else t(lang, "option-settled")
        key = "button-tile" if len(options) == 1 else "button-tile-many-last"
        return t(lang, key, tile=tile, outcome=effect)
    scored = [o.points // 5 for o in options if o.result is Result.SCORED]
    if len(options) == 1:
        return t(lang, "button-tile", tile=tile, outcome=_one(lang, options[0]))
    if not scored:
        return t(lang, "button-tile-many", tile=tile)
    return t(lang, "button-tile-many-best", tile=tile, outcome=t(lang, "option-points", points=max(scored)))


def _one(lang: str, option: Option) -> str:
    if option.result is Result.SCORED:
        return t(lang, "option-points", points=option.points // 5)
    return t(lang, "option-over" if option.result is Result.OVER else "option-none")


def labels(hand: FakeMessage) -> dict[str, str]:
    """The hand's tile buttons: tile -> label."""
    return {b["custom_id"].rsplit(":", 1)[1]: b["label"] for b in hand.buttons if ":tile:" in b["custom_id"]}


@pytest.mark.parametrize("lang", ["en", "ko", "es"])
async def test_hand_buttons_show_the_best_points_and_the_last_tile(tmp_path: Path, lang: str) -> None:
    locale = {"en": "en-US", "ko": "ko", "es": "es-ES"}[lang]
    async with world(tmp_path, 2, locales=(locale, locale), seed="pings-hand") as s:
        table, _ = await s.open(s.games, s.users, lang=lang)
        choose = picker(random.Random(3))
        seen_many = seen_last = 0
        while table.status is TableStatus.PLAYING and not (seen_many and seen_last):
            await s.fake.wait_idle()
            match = table.match
            user = s.user_at(table, match.turn)
            by_tile: dict[str, list[Option]] = {}
            for option in match.options(match.turn):
                by_tile.setdefault(str(option.tile), []).append(option)
            scoring_many = any(len(g) > 1 and any(o.result is Result.SCORED for o in g) for g in by_tile.values())
            last = len(match.hands[match.turn]) == 1 and by_tile
            if scoring_many or last:
                shown = await s.fake.click(user, s.fake.last_message(table.room), f"5up:hand:{table.id}")
                hand = shown.last_reply
                assert labels(hand) == {tile: expected_label(lang, group) for tile, group in by_tile.items()}
                assert all(len(label) <= 80 for label in labels(hand).values())
                seen_many += scoring_many
                seen_last += bool(last)
                if last:
                    assert all(t(lang, "option-settled").split(":")[0] in x for x in labels(hand).values())
            await s.place(table, choose(match, match.turn))
        assert seen_many and seen_last
        s.fake.assert_clean()
