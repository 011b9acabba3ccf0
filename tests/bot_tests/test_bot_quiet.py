"""A quiet table (`/five-up start quiet:True`) through the real discord.py against tests/support/discord_fake: the
choice is said in the lobby and in the match's first message, kept with the table in the database across a
restart, kept by a rematch, and said in Korean and Spanish too; a table opened without it says nothing of it."""

from __future__ import annotations

import random
from pathlib import Path

from support.discord_fake import FakeMessage
from support.manual_timer import ManualTimer
from support.world import World, picker, world

from bot.host.clocks.turn_clock import FOLLOW_UP_S
from bot.model.table_state import Table, TableStatus
from bot.storage import TableRow
from bot.texts.i18n import t
from engine.selfplay import Chooser


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


def _boards(s: World, table: Table) -> list[FakeMessage]:
    """The thread's messages that carry the table picture."""
    return [m for m in s.fake.messages(table.room) if "table.png" in [a.filename for a in m.attachments]]


def _table_picture(message: FakeMessage) -> bytes:
    """The table picture a message carries."""
    return next(a.data for a in message.attachments if a.filename == "table.png")


def _pings(s: World, table: Table) -> list[dict]:
    """Every message the bot sent into the thread that may notify somebody, as sent (deleted ones too)."""
    sent = s.fake.requests_to("POST", "/channels/{channel_id}/messages")
    bodies = [r.json for r in sent if r.params["channel_id"] == str(table.room)]
    return [body for body in bodies if body.get("allowed_mentions", {}).get("users")]


async def _placed(s: World, table: Table, choose: Chooser, times: int = 1) -> None:
    """The player to move places `times` times, through Show my hand and the tile's buttons."""
    for _ in range(times):
        assert table.match is not None and table.match.turn is not None
        await s.place(table, choose(table.match, table.match.turn))


async def test_a_quiet_match_is_one_board_edited_in_place_with_the_mover_mentioned_apart(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="quiet-board") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo], quiet=True)
        choose = picker(random.Random(5))
        said: list[str] = []
        for made in range(1, 9):
            match = table.match
            assert match is not None and match.turn is not None
            await s.place(table, choose(match, match.turn))
            (board,) = _boards(s, table)  # one board, made by the first placement, edited by the others
            assert len(board.history) == made - 1
            said.append(board.content.splitlines()[-2])  # this placement's line, above whose turn it is
            assert board.content.splitlines()[:-1] == said[-3:]  # the last three placements, the newest last
            (picture,) = [a for a in board.attachments if a.filename == "table.png"]
            assert picture.description and picture.data.startswith(b"\x89PNG")  # the newest, described
            assert board.custom_ids()[0] == f"5up:hand:{table.id}"
            assert table.board_message_id == board.id
            messages = s.fake.messages(table.room)  # the first message, the board, the one mention of the mover
            assert len(messages) == 3 and messages[1] is board, [m.content for m in messages]
            mover = table.seats[match.turn or 0].user_id
            assert messages[2].content == t("en", "board-your-move", player=f"<@{mover}>")
            assert messages[2].custom_ids() == [f"5up:hand:{table.id}"]  # one tap from the notification
        pings = _pings(s, table)  # the first message; then, a person after another, each turn by its own message
        assert len(pings) == 1 + 8 and all(len(p["allowed_mentions"]["users"]) == 1 for p in pings)
        for edit in s.fake.requests_to("PATCH", "/channels/{channel_id}/messages/{message_id}"):
            assert edit.params["message_id"] != str(board.id) or edit.json["allowed_mentions"] == {"parse": []}

        record = table.match.record if table.match else None
        assert record is not None and record.placements == 8  # the replay holds every placement
        viewer = await s.fake.slash(ana, s.games, "five-up replay", match=table.id)
        assert viewer is not None and viewer.ok
        s.fake.assert_clean()


async def test_a_restart_goes_on_editing_the_same_board(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="quiet-restart") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo], quiet=True)
        choose = picker(random.Random(8))
        await _placed(s, table, choose, 4)
        (board,) = _boards(s, table)
        lines = board.content.splitlines()[:-1]
        await s.restart()
        table = s.table_in(table.room)
        assert table.quiet and table.board_message_id == board.id  # noted in the database
        await _placed(s, table, choose, 2)
        (again,) = _boards(s, table)  # the restart's note carries no second board
        assert again.id == board.id and len(again.history) == 5
        assert again.content.splitlines()[0] == lines[2]  # the lines before the restart were read from the record
        s.fake.assert_clean()


async def test_a_deleted_board_is_made_again(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="quiet-deleted") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo], quiet=True)
        choose = picker(random.Random(2))
        await _placed(s, table, choose)
        (board,) = _boards(s, table)
        s.fake.backend._delete(board)  # a moderator deleted it
        await _placed(s, table, choose)
        (made,) = _boards(s, table)
        assert made.id != board.id and table.board_message_id == made.id
        s.fake.assert_clean()


async def test_against_a_computer_each_mention_replaces_the_one_before(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 1, seed="quiet-computer", timer=timer) as s:
        (ana,) = s.users
        table, _ = await s.open(s.games, [ana], bots=1, quiet=True)
        choose = picker(random.Random(4))
        for _ in range(6):
            await s.fake.wait_idle()
            match = table.match
            assert table.status is TableStatus.PLAYING and match is not None and match.turn == 0
            timer.advance(FOLLOW_UP_S)  # idle after the computer's reply: mentioned by a short line
            await s.fake.wait_idle()
            messages = s.fake.messages(table.room)  # its first message, the board once made, one mention
            assert [m.id for m in _boards(s, table)] == ([table.board_message_id] if match.record.placements else [])
            assert len(messages) <= 3, [m.content for m in messages]  # the thread keeps the newest mention only
            await s.place(table, choose(match, 0))
        sent = [body["content"] for body in s.posts_to(table.room) if body["allowed_mentions"].get("users")]
        assert sum(body == t("en", "turn-follow-up", mention=f"<@{ana.id}>") for body in sent) >= 3
        s.fake.assert_clean()


async def test_a_quiet_match_played_out_leaves_its_first_message_its_board_and_its_end(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="quiet-whole") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo], quiet=True)
        made = await s.play_out(table, picker(random.Random(7)))
        assert table.status is TableStatus.OVER and table.match is not None
        first, board, end = s.fake.messages(table.room)  # the last mention went before the thread closed
        assert first.content.startswith("**Round 1.**")
        assert board.id == table.board_message_id and len(board.history) == made - 1
        assert [a.filename for a in end.attachments][-1] == "record.json"
        # the board's last edit shows the final position and the result, and offers nothing more to play
        assert not board.custom_ids() and board.content.splitlines()[-1] in end.content.splitlines()
        assert _table_picture(board) == _table_picture(end)
        assert f"5up:rematch:{table.id}" in end.custom_ids()
        assert table.match.record.placements == made
        s.fake.assert_clean()


async def test_after_a_restart_the_next_mention_still_replaces_the_last_one(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="quiet-mention-restart") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo], quiet=True)
        choose = picker(random.Random(6))
        await _placed(s, table, choose, 2)
        *_, mention = s.fake.messages(table.room)
        assert mention.content.startswith("<@")
        await s.restart()
        table = s.table_in(table.room)
        await _placed(s, table, choose)
        mentions = [m for m in s.fake.messages(table.room) if m.content.endswith(t("en", "board-your-move", player=""))]
        assert len(mentions) == 1 and mentions[0].id != mention.id  # the one from before the restart went
        s.fake.assert_clean()


async def test_a_quiet_match_ended_early_leaves_its_board_at_the_position_it_ended_without_a_button(
    tmp_path: Path,
) -> None:
    async with world(tmp_path, 2, seed="quiet-ended") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo], quiet=True)
        await _placed(s, table, picker(random.Random(3)), 4)
        (board,) = _boards(s, table)
        placed = board.content.splitlines()[:-1]  # the last placements, above whose turn it was
        ended = await s.fake.slash(ana, table.room, "five-up end")
        await s.fake.wait_idle()
        assert ended.ok and table.status is TableStatus.OVER
        _, board, _, end = s.fake.messages(table.room)  # the first, the board, the answer to /end, the end
        assert not board.custom_ids() and board.content.splitlines()[: len(placed)] == placed
        assert board.content.splitlines()[len(placed) :] == end.content.splitlines()  # then how it ended
        assert _table_picture(board) == _table_picture(end)
        s.fake.assert_clean()
