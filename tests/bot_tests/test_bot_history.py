"""The record in the players' hands, end to end through the real discord.py: Rematch from the
match-end message (also after a restart), and /five-up history with its record and final picture
after a restart, replayed with `python -m engine.replay` and drawn with `python -m render`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from support.world import finished_match, world

from bot.host.refusal import Refusal
from bot.model.table_state import TableStatus
from bot.texts.i18n import t
from engine import Match, Record

ROOT = Path(__file__).parents[2]


async def test_rematch_the_same_seats_after_a_restart(tmp_path: Path) -> None:
    async with world(tmp_path, 3, locales=("en-US", "es-ES", "ko")) as s:
        ana, bo, cy = s.users
        old_id, thread_id = await finished_match(s, 11)
        old = await s.bot.manager.storage.finished_match(old_id)
        await s.restart()  # the Rematch button outlives the process that made it
        final = s.fake.last_message(thread_id)
        assert final.custom_ids() == [f"5up:rematch:{old_id}", f"5up:replay:{old_id}:0", f"5up:review:{old_id}"]

        stranger = await s.fake.click(cy, final, f"5up:rematch:{old_id}")
        assert stranger.last_reply.ephemeral and stranger.last_reply.content == t("ko", "error-rematch-not-player")
        assert s.bot.manager.table_in(thread_id) is None and s.bot.manager.table_in(s.games.id) is None

        asked = await s.fake.click(bo, final, f"5up:rematch:{old_id}")  # not the host: anyone who played
        assert asked.ok
        lobby = s.fake.last_message(s.games)  # in the channel where the match was started
        table = s.bot.manager.table_in(s.games.id)
        assert table is not None and table.status is TableStatus.LOBBY and table.id != old_id
        assert table.host_id == ana.id == old.host_id  # the old host hosts again
        assert [(x.user_id, x.name) for x in table.seats] == [(x.user_id, x.name) for x in old.seats]
        assert table.lang == old.lang and table.seed != old.seed
        assert "1. player0" in lobby.content and "2. player1" in lobby.content
        assert t("en", "lobby-rematch") in lobby.content
        assert lobby.custom_ids() == [f"5up:lobby:{table.id}:{a}" for a in ("join", "leave", "start", "cancel")]
        note = next(m for m in asked.messages if m.ephemeral)
        assert note.content == t("es", "rematch-opened", host="player0", channel=f"<#{s.games.id}>")
        link = f"https://discord.com/channels/{s.fake.guild().id}/{s.games.id}/{lobby.id}"
        assert link in s.fake.last_message(thread_id).content  # the old thread's last word links to it

        again = await s.fake.click(ana, final, f"5up:rematch:{old_id}")  # one new lobby at a time
        assert again.last_reply.ephemeral
        assert again.last_reply.content == t("en", "error-rematch-open", channel=f"<#{s.games.id}>")

        await s.fake.click(bo, lobby, f"5up:lobby:{table.id}:leave")  # anyone may leave before the start
        assert [x.user_id for x in table.seats] == [ana.id]
        await s.fake.click(bo, lobby, f"5up:lobby:{table.id}:join")
        refused = await s.fake.click(bo, lobby, f"5up:lobby:{table.id}:start")
        assert refused.last_reply.ephemeral and table.status is TableStatus.LOBBY
        await s.fake.click(ana, lobby, f"5up:lobby:{table.id}:start")
        assert table.status is TableStatus.PLAYING
        # the rematch plays in a thread of its own, made on its lobby in the channel
        assert table.thread_id == lobby.id != thread_id and table.room == lobby.id
        assert s.fake.last_message(table.thread_id).custom_ids() == [f"5up:hand:{table.id}"]
        s.fake.assert_clean()


async def test_history_and_a_record_fetched_after_a_restart(tmp_path: Path) -> None:
    """After a restart /five-up history lists the server's matches newest first (in each reader's language,
    with scores and dates), the autocomplete offers them, and a match fetched by id gives the very record and
    final picture its match-end message had; the record replays with `python -m engine.replay` to the same
    result and draws with `python -m render`; an unknown id, or another server's match, is refused. (The
    matches are placed by /five-up play, which draws no hand picture: the record is what is checked.)"""
    async with world(tmp_path, 2, locales=("en-US", "ko")) as s:
        ana, bo = s.users
        first, _ = await finished_match(s, 21, by_buttons=False)
        second, thread_id = await finished_match(s, 22, by_buttons=False)
        final = s.fake.last_message(thread_id)
        shown = {a.filename: a.data for a in final.attachments}
        stored = await s.bot.manager.storage.table_record(second)
        await s.restart()

        listed = await s.fake.slash(bo, s.games, "five-up history")
        reply = listed.last_reply
        assert reply.ephemeral and reply.content.splitlines()[0] == t("ko", "history-title")
        lines = reply.content.splitlines()[1:-1]
        assert [line.split(" · ")[0] for line in lines] == [f"#{second}", f"#{first}"]  # newest first
        match = Match.replay(Record.loads(stored))
        assert "player0, player1" in lines[0] and f"**{match.scores[0] // 5}**" in lines[0]
        assert "<t:" in lines[0] and ":d>" in lines[0]  # the date, in each reader's own calendar

        hint = await s.fake.autocomplete(ana, s.games, "five-up history", focused="match", value="")
        assert [c["value"] for c in hint.choices] == [second, first]

        fetched = await s.fake.slash(ana, thread_id, "five-up history", match=second)  # from the thread too
        got = fetched.last_reply
        assert got.ephemeral and got.content.startswith(f"**Match #{second}**")
        files = {a.filename: a.data for a in got.attachments}
        assert set(files) == {"record.json", "table.png"}
        assert files["record.json"].decode("utf-8") == stored == shown["record.json"].decode("utf-8")
        assert files["table.png"] == shown["table.png"]

        record = tmp_path / "record.json"
        record.write_bytes(files["record.json"])
        replayed = subprocess.run(
            [sys.executable, "-m", "engine.replay", str(record)], cwd=ROOT, capture_output=True, text=True
        )
        assert replayed.returncode == 0, replayed.stderr
        last = json.loads(replayed.stdout.splitlines()[-1])
        assert last == {"event": "game_over", "winner": match.winner, "scores": match.scores}
        drawn = subprocess.run(
            [sys.executable, "-m", "render", str(record), "--out", str(tmp_path / "pictures")],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        assert drawn.returncode == 0, drawn.stderr
        assert (tmp_path / "pictures" / "layout.png").read_bytes().startswith(b"\x89PNG")

        missing = await s.fake.slash(ana, s.games, "five-up history", match=second + 100)
        assert missing.last_reply.ephemeral
        assert missing.last_reply.content == t("en", "error-no-such-match", id=second + 100)
        try:
            await s.bot.manager.archive.finished(guild_id=s.guild.id + 1, table_id=second, locale="en")
        except Refusal as refusal:  # another server's match is not this server's to give out
            assert refusal.code == "no-such-match"
        else:
            raise AssertionError("another server's match was handed out")
        s.fake.assert_clean()


async def test_history_before_any_match(tmp_path: Path) -> None:
    async with world(tmp_path, 1, locales=("es-ES",)) as s:
        listed = await s.fake.slash(s.users[0], s.games, "five-up history")
        assert listed.last_reply.content == t("es", "history-none") and listed.last_reply.ephemeral
        s.fake.assert_clean()
