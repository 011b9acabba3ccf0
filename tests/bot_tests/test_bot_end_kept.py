"""`/five-up end` keeps what was played, through the real discord.py (tests/support/discord_fake): a
match ended after a round is kept as ended early with its score so far and its record (marked in the
database, and in the record's `ending`: by whom, the score then), listed by `/five-up history` in each
reader's language, not rated;
its thread gets the score, the record and the match-end buttons and is closed, and a Rematch from
there works. An end in the lobby, or before the first placement, stays a plain close."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from support.world import after_a_round, world

from bot.model.table_state import TableStatus
from bot.texts import scores_line
from bot.texts.i18n import t
from engine import Match, Record

ROOT = Path(__file__).parents[2]


async def test_an_ended_match_keeps_its_score_record_and_history_line(tmp_path: Path) -> None:
    async with world(tmp_path, 3, locales=("en-US", "ko", "es-ES")) as s:
        ana, bo, cy = s.users
        storage = s.bot.manager.storage
        table = await after_a_round(s, 5)
        thread_id = table.thread_id
        assert thread_id is not None
        match = table.match
        assert match is not None
        scores, plays = list(match.scores), [[(p.tile, p.on) for p in r.plays] for r in match.record.rounds]
        lobby_id = table.lobby_message_id
        assert lobby_id is not None

        ended = await s.fake.slash(ana, thread_id, "five-up end")
        await s.fake.wait_idle()
        assert ended.ok and not ended.last_reply.ephemeral
        # said in the thread itself, the answer does not point to it: the thread's next message tells the rest
        said = t("en", "match-ended-by", player=t("en", "player-called", name="player0"))
        assert ended.last_reply.content == said
        assert table.status is TableStatus.OVER and s.bot.manager.table_in(s.games.id) is None

        # the thread's last word: the score so far, the picture, the record, the match-end buttons; then it closes
        last = s.fake.last_message(thread_id)
        so_far = scores_line("en", table.seating, scores)
        assert last.content == f"{t('en', 'match-ended-early')}\n{so_far}"
        files = {a.filename: a.data for a in last.attachments}
        assert set(files) == {"table.png", "record.json"}
        assert last.custom_ids() == [f"5up:rematch:{table.id}", f"5up:replay:{table.id}:0", f"5up:review:{table.id}"]
        meta = s.fake.backend.channel(thread_id)["thread_metadata"]
        assert meta["archived"] and meta["locked"]
        lobby = s.fake._message(lobby_id).content  # the channel's lobby says where, and the score so far
        assert lobby.startswith(t("en", "lobby-ended-early-thread", thread=f"<#{thread_id}>")) and so_far in lobby

        # the record is what storage holds, in the record format: who played, when and how it ended
        stored = await storage.table_record(table.id)
        assert stored is not None and files["record.json"].decode("utf-8") == stored
        record = Record.loads(stored)
        assert [[(p.tile, p.on) for p in r.plays] for r in record.rounds] == plays
        assert record.names == ["player0", "player1"] and record.ended_at is not None
        assert record.ending is not None and (record.ending.how, record.ending.by) == ("ended_early", 0)
        assert list(record.ending.scores) == scores
        kept = Match.replay(record)
        assert kept.scores == scores and kept.winner is None
        saved = tmp_path / "record.json"
        saved.write_bytes(files["record.json"])
        replayed = subprocess.run(
            [sys.executable, "-m", "engine.replay", str(saved)], cwd=ROOT, capture_output=True, text=True
        )
        assert replayed.returncode == 0, replayed.stderr
        row = await storage.finished_match(table.id)
        assert row is not None and row.ended_early  # the mark is in the database

        # not rated, no result counted
        assert await storage.ratings(s.guild.id) == []
        assert [(m.table_id, m.rated) for m in await storage.rated_matches(s.guild.id)] == [(table.id, False)]
        assert await storage.player_stats(s.guild.id, ana.id) is None

        # /five-up history: its line, marked, in each reader's language; its record and picture
        for user, lang in ((bo, "ko"), (cy, "es")):
            listed = await s.fake.slash(user, s.games, "five-up history")
            (line,) = listed.last_reply.content.splitlines()[1:-1]
            assert line.startswith(f"#{table.id} · ")
            assert line.endswith(f"{scores_line(lang, table.seating, scores)} · {t(lang, 'history-ended-early')}")
        fetched = await s.fake.slash(ana, s.games, "five-up history", match=table.id)
        got = fetched.last_reply
        assert got.ephemeral and t("en", "history-match-ended-early") in got.content
        assert {a.filename: a.data for a in got.attachments}["record.json"].decode("utf-8") == stored

        # its replay and review open from the last message like a finished match's
        for button in (f"5up:replay:{table.id}:0", f"5up:review:{table.id}"):
            opened = await s.fake.click(bo, last, button)
            assert opened.ok and opened.last_reply.ephemeral and opened.last_reply.content, button

        # a Rematch from the closed thread: the new lobby in the channel, the thread links to it, closed again
        asked = await s.fake.click(bo, last, f"5up:rematch:{table.id}")
        assert asked.ok
        again = s.bot.manager.table_in(s.games.id)
        assert again is not None and again.status is TableStatus.LOBBY
        new_lobby = s.fake.last_message(s.games)
        assert str(new_lobby.id) in s.fake.last_message(thread_id).content
        meta = s.fake.backend.channel(thread_id)["thread_metadata"]
        assert meta["archived"] and meta["locked"]
        s.fake.assert_clean()


async def test_an_end_asked_in_the_channel_says_where_the_match_is_kept(tmp_path: Path) -> None:
    async with world(tmp_path, 2, locales=("en-US", "ko")) as s:
        ana, _ = s.users
        table = await after_a_round(s, 5)
        thread_id = table.thread_id
        assert thread_id is not None
        ended = await s.fake.slash(ana, s.games, "five-up end")
        await s.fake.wait_idle()
        said = t("en", "match-ended-by", player=t("en", "player-called", name="player0"))
        kept = t("en", "table-ended-kept", room=f"<#{thread_id}>")
        assert ended.ok and ended.last_reply.content == f"{said}\n{kept}"
        assert table.status is TableStatus.OVER
        s.fake.assert_clean()


async def test_an_end_in_the_lobby_or_before_any_placement_is_a_plain_close(tmp_path: Path) -> None:
    async with world(tmp_path, 2, locales=("en-US", "ko")) as s:
        ana, bo = s.users
        await s.fake.slash(ana, s.games, "five-up start")
        in_lobby = s.bot.manager.table_in(s.games.id)
        assert in_lobby is not None and in_lobby.status is TableStatus.LOBBY
        ended = await s.fake.slash(ana, s.games, "five-up end")
        said = t("en", "table-ended", player=t("en", "player-called", name="player0"))
        assert ended.last_reply.content == said and in_lobby.status is TableStatus.CLOSED

        unplayed, lobby = await s.open(s.games, [ana, bo])
        assert unplayed.match is not None and not any(r.plays for r in unplayed.match.record.rounds)
        ended = await s.fake.slash(ana, unplayed.room, "five-up end")
        await s.fake.wait_idle()
        assert ended.last_reply.content == said and unplayed.status is TableStatus.CLOSED
        assert s.fake._message(lobby).content == t("en", "lobby-closed")

        listed = await s.fake.slash(bo, s.games, "five-up history")
        assert listed.last_reply.content == t("ko", "history-none")  # nothing played, nothing kept
        assert await s.bot.manager.storage.rated_matches(s.guild.id) == []
        s.fake.assert_clean()
