"""Where a match's players are, across deploys and permission changes, through the real discord.py
(tests/support/discord_fake): a table that cannot be read after a restart is announced in its thread; a
finished match's thread is archived and locked once its result and record are posted (and again
after a rematch's pointer to its new lobby); losing the permission to post in the thread mid-match
moves the table's posts to the channel with one line saying so."""

from __future__ import annotations

import logging
import random
import sqlite3
from pathlib import Path

import pytest
from discord import Permissions
from support.discord_fake import Overwrite
from support.world import picker, short_picker, world

from bot.model.table_state import TableStatus
from bot.texts.i18n import t

EDIT_CHANNEL = ("PATCH", "/channels/{channel_id}")
SEND = ("POST", "/channels/{channel_id}/messages")


@pytest.mark.parametrize("damage", ["record", "seat"])
async def test_a_table_that_cannot_be_read_is_announced_in_its_thread(tmp_path: Path, damage: str) -> None:
    async with world(tmp_path, 2, locales=("ko", "en-US")) as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo], lang="ko")
        await s.play_out(table, picker(random.Random(1)), limit=2)
        thread_id = table.thread_id
        assert thread_id is not None
        await s.fake.close()
        db = sqlite3.connect(s.path)
        with db:
            if damage == "record":  # read, but cannot be replayed: "cannot be restored"
                db.execute("UPDATE tables SET record = ? WHERE id = ?", ("{not a record", table.id))
            else:  # cannot even be read: "cannot be read"
                db.execute("UPDATE seats SET user_id = 'garbage' WHERE table_id = ?", (table.id,))
        db.close()
        in_channel = len(s.fake.messages(s.games))
        await s.restart()
        notice = s.fake.last_message(thread_id)
        assert notice.content == t("ko", "table-closed-unreadable") and not notice.buttons
        assert len(s.fake.messages(s.games)) == in_channel  # the channel holds the lobby only, as before
        assert s.bot.manager.table_in(thread_id) is None and s.bot.manager.table_in(s.games.id) is None
        problems = s.fake.problems()  # the row is reported in the log (an ERROR), nothing else
        assert len(problems) == 1 and ("cannot be read" in problems[0] or "cannot be restored" in problems[0])


async def test_a_restored_match_says_so_in_its_thread(tmp_path: Path) -> None:
    async with world(tmp_path, 2) as s:
        table, _ = await s.open(s.games, s.users)
        in_channel = len(s.fake.messages(s.games))
        await s.restart()
        assert t("en", "table-restored") in s.fake.last_message(table.thread_id).content
        assert len(s.fake.messages(s.games)) == in_channel
        s.fake.assert_clean()


@pytest.mark.parametrize("manage_threads", [True, False])
async def test_a_finished_match_thread_is_archived_and_locked_after_its_result(
    tmp_path: Path, manage_threads: bool
) -> None:
    deny = () if manage_threads else (Overwrite("everyone", deny=Permissions(manage_threads=True)),)
    async with world(tmp_path, 3, locales=("en-US", "en-US", "es-ES"), overwrites=deny) as s:
        ana, bo, cy = s.users
        choose = short_picker(s, 7)
        table, _ = await s.open(s.games, [ana, bo])
        thread_id = table.thread_id
        await s.play_out(table, choose)
        assert table.status is TableStatus.OVER
        final = s.fake.last_message(thread_id)
        assert "record.json" in [a.filename for a in final.attachments]
        meta = s.fake.backend.channel(thread_id)["thread_metadata"]
        assert meta["archived"] and meta["locked"] is manage_threads
        # in this order: the result with its record, then the thread closes
        requests = s.fake.requests
        result_at = max(
            i for i, r in enumerate(requests) if (r.method, r.path) == SEND and r.params["channel_id"] == str(thread_id)
        )
        closed_at = [
            i
            for i, r in enumerate(requests)
            if (r.method, r.path) == EDIT_CHANNEL and r.params["channel_id"] == str(thread_id) and r.status == 200
        ]
        assert len(closed_at) == 1 and closed_at[0] > result_at
        # someone who did not play is told so, for a finished match, and nothing opens
        stranger = await s.fake.click(cy, final, f"5up:rematch:{table.id}")
        assert stranger.last_reply.ephemeral
        assert stranger.last_reply.content == t("es", "error-rematch-not-player")
        assert s.bot.manager.table_in(s.games.id) is None and s.fake.last_message(thread_id).id == final.id
        # a Rematch from the closed thread opens in the channel; the thread's pointer to it closes the thread again
        asked = await s.fake.click(bo, final, f"5up:rematch:{table.id}")
        note = t("en", "rematch-opened", host="player0", channel=f"<#{s.games.id}>")
        assert asked.ok and asked.last_reply.ephemeral and asked.last_reply.content == note
        again = s.bot.manager.table_in(s.games.id)
        lobby = s.fake.last_message(s.games)
        assert again is not None and again.status is TableStatus.LOBBY and again.id != table.id
        assert lobby.custom_ids()[0] == f"5up:lobby:{again.id}:join"
        jump = f"https://discord.com/channels/{s.fake.guild().id}/{s.games.id}/{lobby.id}"
        link = s.fake.last_message(thread_id)  # the pointer to the new lobby, the thread's last word
        assert link.id != final.id and link.content == t("en", "rematch-link", link=jump)
        meta = s.fake.backend.channel(thread_id)["thread_metadata"]
        assert meta["archived"] and meta["locked"] is manage_threads
        s.fake.assert_clean()


async def test_losing_the_thread_mid_match_moves_the_posts_to_the_channel(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 2, locales=("es-ES", "en-US")) as s:
        table, _ = await s.open(s.games, s.users, lang="es")
        thread_id = table.thread_id
        rng = random.Random(3)
        await s.play_out(table, picker(rng), limit=2)
        in_thread, in_channel = len(s.fake.messages(thread_id)), len(s.fake.messages(s.games))
        s.fake.set_overwrites(s.games, Overwrite("everyone", deny=Permissions(send_messages_in_threads=True)))
        caplog.set_level(logging.WARNING, logger="bot")
        made = await s.play_out(table, picker(rng), limit=3)
        assert made == 3
        assert len(s.fake.messages(thread_id)) == in_thread  # nothing more could go there
        moved = s.fake.messages(s.games)[in_channel:]
        assert moved[0].content == t("es", "table-moved-to-channel")
        turns = moved[1:]
        assert len(turns) == made and all(m.custom_ids() == [f"5up:hand:{table.id}"] for m in turns)
        assert table.move_no == len([p for r in table.match.record.rounds for p in r.plays])
        said = [r for r in caplog.records if "cannot post in thread" in r.getMessage()]
        assert len(said) == 1 and said[0].levelno == logging.WARNING  # once, not once per post
        # the players carry on from the channel: its Show my hand answers there
        mover = s.user(table.seats[table.match.turn].user_id)
        shown = await s.fake.click(mover, turns[-1], f"5up:hand:{table.id}")
        assert shown.last_reply.ephemeral and shown.last_reply.attachments
        refused = [r for r in s.fake.requests_to(*SEND) if r.status == 403]
        assert len(refused) == 1  # one refused post; every later one went straight to the channel
        s.fake.assert_clean()
