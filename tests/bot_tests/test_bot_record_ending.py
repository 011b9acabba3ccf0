"""How a match stopped before it was played out is written in the record it leaves, its `ending`
(docs/record-format.md), through the real discord.py against tests/support/discord_fake: `/five-up end` by
the host at the table or by a moderator who does not play, lost on time at a `timeout:forfeit` table, and
a withdrawal from a tournament. The record.json attached to the match's last message is the one storage
holds, `/five-up history` and the web page hand out the same, and `python -m engine.replay` replays it."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
from discord import Permissions
from support.discord_fake import FakeChannel, FakeDiscord, FakeGuild, FakeMember, FakeMessage, FakeRole, FakeUser
from support.manual_timer import ManualTimer
from support.world import World, after_a_round, picker, short_picker, world

from bot.model.pace import HOUR
from bot.model.table_state import TableStatus
from bot.web.match_ids import MatchIds
from bot.web.site import serving
from engine import Match, Record

ROOT = Path(__file__).parents[2]
IDS = MatchIds(b"record ending tests")


def attached_record(message: FakeMessage) -> str:
    files = {a.filename: a.data for a in message.attachments}
    assert "record.json" in files, sorted(files)
    return files["record.json"].decode("utf-8")


def replayed(tmp_path: Path, text: str, name: str) -> list[dict[str, Any]]:
    """`python -m engine.replay` on the record as a file: it must accept it; its events, parsed."""
    path = tmp_path / f"{name}.json"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "engine.replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0 and run.stderr == "", run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def check_replay(tmp_path: Path, text: str, scores: list[int]) -> None:
    """The record replays; its ending changes no event (the same record without it prints the same), and
    the last event's scores are the ending's."""
    events = replayed(tmp_path, text, "kept")
    bare = json.loads(text)
    del bare["ending"]
    assert replayed(tmp_path, json.dumps(bare), "bare") == events
    last = next((e["scores"] for e in reversed(events) if "scores" in e), [0] * len(scores))
    assert last == scores
    assert Match.replay(Record.loads(text)).scores == scores


async def test_an_end_mid_match_says_who_ended_it_and_the_score_then(tmp_path: Path) -> None:
    async with world(tmp_path, 2) as s, serving(s.bot.manager, IDS, host="127.0.0.1", port=0) as site:
        ana, _ = s.users
        table = await after_a_round(s, 5)
        assert table.match is not None and table.thread_id is not None
        scores = list(table.match.scores)
        assert any(scores)  # a round was settled: the score is worth writing down
        by = table.seat_of(ana.id)
        assert by is not None and ana.id == table.host_id

        ended = await s.fake.slash(ana, table.thread_id, "five-up end")
        await s.fake.wait_idle()
        assert ended.ok and table.status is TableStatus.OVER

        text = attached_record(s.fake.last_message(table.thread_id))
        assert text == await s.bot.manager.storage.table_record(table.id)
        kept = json.loads(text)
        assert kept["ending"] == {"how": "ended_early", "by": by, "scores": scores}
        assert list(kept) == ["format", "players", "names", "ended_at", "ending", "rounds"]
        record = Record.loads(text)
        assert record.ending is not None and record.ending.how == "ended_early"
        assert record.ending.by == by and list(record.ending.scores) == scores
        assert record.dumps() == text  # read and written again, byte for byte
        check_replay(tmp_path, text, scores)

        fetched = await s.fake.slash(ana, s.games, "five-up history", match=table.id)
        assert fetched.last_reply is not None and attached_record(fetched.last_reply) == text
        url = f"http://127.0.0.1:{site.port}/m/{IDS.key(table.id)}/record.json"
        async with aiohttp.ClientSession() as session, session.get(url) as response:
            assert response.status == 200 and await response.text() == text
        s.fake.assert_clean()


async def test_an_end_by_a_moderator_who_does_not_play_names_no_seat(tmp_path: Path) -> None:
    async with world(tmp_path, 2) as s:
        table = await after_a_round(s, 7)
        assert table.match is not None and table.thread_id is not None and table.seat_of(s.mod.id) is None
        scores = list(table.match.scores)
        ended = await s.fake.slash(s.mod, table.thread_id, "five-up end")
        await s.fake.wait_idle()
        assert ended.ok and table.status is TableStatus.OVER
        text = attached_record(s.fake.last_message(table.thread_id))
        assert json.loads(text)["ending"] == {"how": "ended_early", "by": None, "scores": scores}
        check_replay(tmp_path, text, scores)
        s.fake.assert_clean()


async def test_a_match_lost_on_time_says_whose_time_ran_out(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, seed="record-ending-timeout", timer=timer) as s:
        table, _ = await s.open(s.games, s.users, pace="12h", timeout="forfeit")
        rng = random.Random(3)
        assert await s.play_out(table, picker(rng), limit=3) == 3
        match = table.match
        assert match is not None and match.turn is not None  # still being played
        loser, scores = match.turn, list(match.scores)
        timer.advance(12 * HOUR)
        await s.bot.manager.sweeper.rested()
        await s.fake.wait_idle()
        assert table.status is TableStatus.OVER and table.forfeit_seat == loser

        text = attached_record(s.fake.last_message(table.room))
        assert text == await s.bot.manager.storage.table_record(table.id)
        assert json.loads(text)["ending"] == {"how": "timeout", "by": loser, "scores": scores}
        check_replay(tmp_path, text, scores)
        s.fake.assert_clean()


@asynccontextmanager
async def league(tmp_path: Path) -> AsyncIterator[World]:
    """Two members and an organiser with Manage Server (`s.mod`), who may run tournaments in #games."""
    players = [FakeUser("m0"), FakeUser("m1")]
    organisers = FakeRole("organisers", Permissions(manage_guild=True))
    organiser = FakeUser("org")
    guild = FakeGuild(
        channels=[FakeChannel("games"), "lounge"],
        roles=[organisers],
        members=[*players, FakeMember(organiser, roles=[organisers])],
    )
    s = World(guild, players, organiser, tmp_path / "db.sqlite3", timeout=3600.0)
    try:
        s.fake = await FakeDiscord.start(await s.new_bot(), guilds=[guild], users=players)
        s.reader.fake = s.fake
        try:
            yield s
        finally:
            await s.fake.close()
    finally:
        await s.resources.aclose()


async def test_a_withdrawal_from_a_tournament_says_who_withdrew(tmp_path: Path) -> None:
    async with league(tmp_path) as s:
        created = await s.fake.slash(s.mod, s.games, "five-up tournament create", name="Cup", format="swiss", rounds=1)
        assert created.ok, created.problems
        signup = s.fake.last_message(s.games)
        join = next(c for c in signup.custom_ids() if c.endswith(":join"))
        event_id = int(join.split(":")[2])
        for user in s.users:
            assert (await s.fake.click(user, signup, join)).ok
        await s.fake.slash(s.mod, s.games, "five-up tournament start", event=event_id)
        await s.fake.wait_idle()
        (game,) = await s.bot.manager.storage.games(event_id)
        assert game.table_id is not None and game.thread_id is not None
        live = s.bot.manager.registry.by_id(game.table_id)
        assert live is not None and live.table.match is not None
        table, match = live.table, live.table.match
        await s.place(table, match.options()[0])
        await s.fake.wait_idle()
        assert match.turn is not None  # still being played
        leaver, scores = match.turn, list(match.scores)

        await s.fake.slash(s.user_at(table, leaver), s.games, "five-up tournament withdraw", event=event_id)
        await s.fake.wait_idle()
        assert table.status is TableStatus.OVER and table.forfeit_seat == leaver

        text = attached_record(s.fake.last_message(game.thread_id))
        assert text == await s.bot.manager.storage.table_record(table.id)
        assert json.loads(text)["ending"] == {"how": "withdrawal", "by": leaver, "scores": scores}
        check_replay(tmp_path, text, scores)
        s.fake.assert_clean()


async def test_a_match_played_out_has_no_ending(tmp_path: Path) -> None:
    async with world(tmp_path, 2) as s:
        choose = short_picker(s, 11)
        table, _ = await s.open(s.games, s.users)
        await s.play_out(table, choose)
        assert table.status is TableStatus.OVER and table.thread_id is not None
        text = attached_record(s.fake.last_message(table.thread_id))
        assert "ending" not in json.loads(text) and Record.loads(text).ending is None
        s.fake.assert_clean()
