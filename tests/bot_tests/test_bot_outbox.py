"""Every public post of a placement is durable (the outbox: bot/storage/outbox_queries.py, bot/edge/posts/publisher.py),
through the real discord.py against tests/support/discord_fake and its fault rules: a post Discord answers 503
goes out once when it answers again; one whose request timed out after Discord made it is not doubled (the
nonce); one whose process died between the move's commit and the post goes out after the start, once, before
the table's next post; a thread held up by 429s catches up in one message with the newest board."""

from __future__ import annotations

import asyncio
import logging
import random
import re
from pathlib import Path

import pytest
from support.world import World, picker, world

from bot.model.table_state import Table
from bot.texts.i18n import t

POSTS = "/channels/{channel_id}/messages"
PLACED = re.compile(r"(?:placed|opened with) ([0-6]-[0-6])")


class Pauses:
    """The publisher's pause between tries, in the test's hands: each wait is noted; `held` ones wait for `go`."""

    def __init__(self, *, held: bool = False) -> None:
        self.waits: list[float] = []
        self.go = asyncio.Event()
        if not held:
            self.go.set()

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        await self.go.wait()


def placed_lines(s: World, table: Table) -> list[str]:
    """Every placement line in the table's thread, in order, whichever message holds it."""
    return [tile for m in s.fake.messages(table.room) for tile in PLACED.findall(m.content)]


def plays(table: Table) -> list[str]:
    assert table.match is not None
    return [str(p.tile) for r in table.match.record.rounds for p in r.plays]


async def place_one(s: World, table: Table, seed: int) -> None:
    assert table.match is not None and table.match.turn is not None
    await s.place(table, picker(random.Random(seed))(table.match, table.match.turn))
    await s.fake.wait_idle()


async def test_a_post_answered_503_goes_out_once_when_discord_answers_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 2, seed="outbox-503") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo])
        pauses = Pauses()
        s.bot.publisher.pause = pauses
        s.fake.faults.server_error(503, path=POSTS, channel_id=table.room, times=2)
        await place_one(s, table, 1)
        assert pauses.waits == [0.5, 1.0]  # tried again after a pause that grows
        sent = [r.outcome for r in s.fake.requests_to("POST", POSTS) if r.params["channel_id"] == str(table.room)]
        assert sent[-3:] == ["503", "503", "ok"]
        assert placed_lines(s, table) == plays(table)  # the placement's line, once
        assert await s.bot.manager.storage.pending_posts() == []  # delivered: it left the outbox
        assert [r.levelno for r in caplog.records if "trying again until Discord takes it" in r.getMessage()] == [
            logging.WARNING
        ]  # named once, not per try
        s.fake.assert_clean()


async def test_a_post_whose_request_timed_out_after_discord_made_it_is_not_doubled(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="outbox-timeout") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo])
        s.bot.publisher.pause = Pauses()
        s.fake.faults.timeout(takes_effect=True, path=POSTS, channel_id=table.room, times=1)
        before = len(s.fake.messages(table.room))
        await place_one(s, table, 2)
        sent = [r for r in s.fake.requests_to("POST", POSTS) if r.params["channel_id"] == str(table.room)]
        assert [r.outcome for r in sent[-2:]] == ["timeout (applied)", "ok"]
        assert sent[-1].json["nonce"] == sent[-2].json["nonce"] and sent[-1].json["enforce_nonce"]
        assert len(s.fake.messages(table.room)) == before + 1  # Discord kept one message for the nonce
        assert placed_lines(s, table) == plays(table)
        s.fake.assert_clean()


async def test_a_post_lost_with_its_process_after_the_moves_commit_goes_out_after_the_start_once(
    tmp_path: Path,
) -> None:
    async with world(tmp_path, 2, seed="outbox-kill") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo])
        await s.bot.publisher.close()  # the process dies after the move's commit, before its post is sent
        await place_one(s, table, 3)
        made = plays(table)
        assert placed_lines(s, table) == made[:-1]  # nobody saw it
        (waiting,) = await s.bot.manager.storage.pending_posts()
        assert waiting.post.outbox is not None and waiting.post.pictures
        await s.restart()
        await s.fake.wait_idle()
        table = s.table_in(table.room)
        assert placed_lines(s, table) == made  # there now, once
        contents = [m.content for m in s.fake.messages(table.room)]
        restored = next(i for i, c in enumerate(contents) if t("en", "table-restored") in c)
        assert PLACED.search(contents[restored - 1])  # before the table's next post
        assert await s.bot.manager.storage.pending_posts() == []
        s.fake.assert_clean()


async def test_a_thread_held_up_by_429s_catches_up_in_one_message_with_the_newest_board(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.edge.posts.catch_up")
    async with world(tmp_path, 1, seed="outbox-burst") as s:
        (ana,) = s.users
        table, _ = await s.open(s.games, [ana], bots=3)
        await s.fake.wait_idle()
        pauses = Pauses(held=True)
        s.bot.publisher.pause = pauses
        storm = s.fake.faults.rate_limit(path=POSTS, channel_id=table.room, retry_after=0.01)
        shown = len(s.fake.messages(table.room))
        before = len(plays(table))
        await place_one(s, table, 4)  # ana's post waits out the 429s; the three computers play meanwhile
        burst = plays(table)[before:]
        assert len(burst) >= 3 and pauses.waits == [0.5]
        assert len(await s.bot.manager.storage.pending_posts()) == len(burst)  # all kept, none shown yet
        s.fake.faults.clear(storm)
        pauses.go.set()
        await s.fake.wait_idle()
        first, merged = s.fake.messages(table.room)[shown:]  # ana's post, then the computers' in one message
        assert PLACED.findall(first.content) == burst[:1]
        assert PLACED.findall(merged.content) == burst[1:]
        live = s.bot.manager.registry.by_id(table.id)
        assert live is not None
        assert [a.data for a in merged.attachments] == [live.pictures[0].data]  # the newest board, alone
        assert placed_lines(s, table) == plays(table)
        assert await s.bot.manager.storage.pending_posts() == []
        said = [r.getMessage() for r in caplog.records if r.getMessage().startswith(f"room {table.room} ")]
        assert len(said) == 2  # the fall-behind named once as it starts, once as it ends
        assert said[0].startswith(f"room {table.room} fell behind")
        assert said[1].startswith(f"room {table.room} caught up after")
        assert said[1].endswith(f": {len(burst) - 1} post(s) waited, sent in 2 message(s)")
        s.fake.assert_clean()


async def test_the_end_of_an_outage_sends_the_waiting_posts_at_once(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="outbox-wake") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo])
        pauses = Pauses(held=True)  # the pause would last as long as the test
        s.bot.publisher.pause = pauses
        down = s.fake.faults.server_error(503, path=POSTS, channel_id=table.room)
        await place_one(s, table, 5)
        assert pauses.waits == [0.5] and placed_lines(s, table) == plays(table)[:-1]
        s.fake.faults.clear(down)
        s.bot.publisher.wake()  # what the outage watch does when Discord answers again
        await s.fake.wait_idle()
        assert placed_lines(s, table) == plays(table)
        assert not pauses.go.is_set()  # the pause itself never ended
        s.fake.assert_clean()


async def test_a_match_ended_early_keeps_its_last_message_across_a_restart(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="outbox-end") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo])
        await place_one(s, table, 6)
        await s.bot.publisher.close()  # the process dies once the end is committed, before its message
        ended = await s.fake.slash(ana, table.room, "five-up end")
        assert ended.ok
        assert [p.post.kind.value for p in await s.bot.manager.storage.pending_posts()] == ["closed"]
        await s.restart()
        await s.fake.wait_idle()
        last = s.fake.messages(table.room)[-1]  # the thread's last word, once, with its record
        assert t("en", "match-ended-early") in last.content
        assert sorted(a.filename for a in last.attachments) == ["record.json", "table.png"]
        assert sum(t("en", "match-ended-early") in m.content for m in s.fake.messages(table.room)) == 1
        assert await s.bot.manager.storage.pending_posts() == []
        s.fake.assert_clean()


async def test_a_matchs_first_message_lost_with_its_process_goes_out_after_the_start_once(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="outbox-opening") as s:
        ana, bo = s.users
        await s.slash(ana, s.games, "five-up start")
        table = s.table_in(s.games)
        lobby = s.fake.last_message(s.games)
        await s.click(bo, lobby, f"5up:lobby:{table.id}:join")
        await s.bot.publisher.close()  # the process dies after the match's start is written, before its post
        await s.click(ana, lobby, f"5up:lobby:{table.id}:start")
        room = table.room
        assert room != s.games.id and s.fake.messages(room) == []  # its thread, empty: nobody saw the start
        (waiting,) = await s.bot.manager.storage.pending_posts()
        assert waiting.post.text.startswith("**Round 1.**") and waiting.post.hand_button
        await s.restart()
        await s.fake.wait_idle()
        contents = [m.content for m in s.fake.messages(room)]
        assert contents[0] == waiting.post.text  # there now, first, once
        assert sum(c.startswith("**Round 1.**") for c in contents) == 1
        assert t("en", "table-restored") in contents[1]  # before the table's next post
        assert await s.bot.manager.storage.pending_posts() == []
        s.fake.assert_clean()
