"""A quiet table (`/five-up start quiet:True`) through the real discord.py against tests/support/discord_fake: the
choice is said in the lobby and in the match's first message, kept with the table in the database across a
restart, kept by a rematch, and said in Korean and Spanish too; a table opened without it says nothing of it."""

from __future__ import annotations

import random
from pathlib import Path

from support.world import picker, world

from bot.model.table_state import TableStatus
from bot.storage import TableRow
from bot.texts.i18n import t


async def test_a_quiet_table_says_so_keeps_it_across_a_restart_and_its_rematch_keeps_it(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="quiet-1") as s:
        ana, bo = s.users
        table, lobby = await s.open(s.games, [ana, bo], quiet=True)
        assert table.quiet and table.thread_id is not None
        assert t("en", "lobby-quiet") in lobby.history[0]["content"]  # the lobby said it before the start
        opening = s.fake.messages(table.room)[0].content
        assert t("en", "match-quiet") in opening  # and the match's first message says it once
        assert sum(t("en", "match-quiet") in m.content for m in s.fake.messages(table.room)) == 1
        row = await s.bot.manager.storage.open_table(table.id)
        assert isinstance(row, TableRow) and row.quiet

        await s.restart()  # the choice is the table's for its whole life
        table = await s.woken(table.room)
        assert table.quiet and table.status is TableStatus.PLAYING
        made = await s.play_out(table, picker(random.Random(3)))
        assert table.status is TableStatus.OVER and made > 3
        finished = await s.bot.manager.storage.finished_match(table.id)
        assert finished is not None and finished.quiet

        final = s.fake.last_message(table.room)
        await s.click(bo, final, f"5up:rematch:{table.id}")  # the rematch keeps it
        again = s.table_in(s.games)
        assert again.id != table.id and again.status is TableStatus.LOBBY and again.quiet
        assert t("en", "lobby-quiet") in s.fake.last_message(s.games).content
        s.fake.assert_clean()


async def test_a_table_opened_without_quiet_says_nothing_of_it(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="quiet-2") as s:
        ana, bo = s.users
        table, lobby = await s.open(s.games, [ana, bo])
        assert not table.quiet
        assert t("en", "lobby-quiet") not in lobby.history[0]["content"]
        assert not [m for m in s.fake.messages(table.room) if t("en", "match-quiet") in m.content]
        row = await s.bot.manager.storage.open_table(table.id)
        assert isinstance(row, TableRow) and not row.quiet
        s.fake.assert_clean()


async def test_a_quiet_table_is_said_in_korean_and_spanish(tmp_path: Path) -> None:
    for lang in ("ko", "es"):
        async with world(tmp_path / lang, 2, seed=f"quiet-{lang}") as s:
            ana, bo = s.users
            table, lobby = await s.open(s.games, [ana, bo], quiet=True, lang=lang)
            assert t(lang, "lobby-quiet") in lobby.history[0]["content"]
            assert t(lang, "match-quiet") in s.fake.messages(table.room)[0].content
            assert t(lang, "match-quiet") != t("en", "match-quiet")
            s.fake.assert_clean()
