"""The outbox on both backends (bot/storage/outbox_queries.py): a move's post is written in the move's own
transaction or not at all, read back whole (its pictures' bytes, mentions, record) in the order written, only
the newest waiting post of a room keeps its pictures, a merged message's claim survives, delivered posts leave,
and a restart reads only the posts of its shards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.model.posts import Picture, Post, PostKind
from bot.storage import NO_DEADLINES, ResultRow, SeatRow, Storage, TableMovedOnError

pytest_plugins = ["support.storage_backends"]

SEATS = (SeatRow(11, "Ana"), SeatRow(12, "Bo"))
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4


async def _playing(storage: Storage, room: int, guild_id: int = 9) -> tuple[int, int]:
    table_id = await storage.create_table(
        guild_id=guild_id, channel_id=room - 1, host_id=11, lang="ko", level="normal", seed="s", seats=SEATS
    )
    version = await storage.start_match(table_id, SEATS, '{"r": 0}', thread_id=room)
    return table_id, version


def _post(table_id: int, room: int, text: str, *, pictured: bool = True, move_no: int = 1) -> Post:
    pictures = (Picture("table.png", PNG + text.encode(), f"the board after {text}"),) if pictured else ()
    return Post(table_id, room, PostKind.TURN, text, pictures, True, (11, 12), move_no, "ko")


async def test_a_moves_post_is_kept_with_the_move_and_read_back_whole(storage: Storage) -> None:
    table_id, version = await _playing(storage, 501)
    first = await storage.save_record(table_id, '{"r": 1}', version, post=_post(table_id, 501, "one"))
    assert first == version + 1
    (pending,) = await storage.pending_posts()
    assert pending.batch is None
    post = pending.post
    assert (post.table_id, post.channel_id, post.kind, post.text, post.outbox) == (
        table_id,
        501,
        PostKind.TURN,
        "one",
        first,
    )
    assert post.pictures == (Picture("table.png", PNG + b"one", "the board after one"),)
    assert (post.hand_button, post.mentions, post.move_no, post.lang, post.record) == (True, (11, 12), 1, "ko", None)


async def test_a_refused_move_leaves_no_post(storage: Storage) -> None:
    table_id, version = await _playing(storage, 502)
    await storage.save_record(table_id, '{"r": 1}', version)
    with pytest.raises(TableMovedOnError):  # written at a version that moved on: neither the move nor its post
        await storage.save_record(table_id, '{"r": 2}', version, post=_post(table_id, 502, "stale"))
    assert await storage.pending_posts() == []
    assert await storage.table_record(table_id) == '{"r": 1}'


async def test_only_the_newest_waiting_post_of_a_room_keeps_its_pictures(storage: Storage) -> None:
    table_id, version = await _playing(storage, 503)
    other, other_version = await _playing(storage, 600)
    for n in range(3):
        version = await storage.save_record(table_id, "{}", version, post=_post(table_id, 503, f"m{n}", move_no=n))
    await storage.save_record(other, "{}", other_version, post=_post(other, 600, "elsewhere"))
    pending = await storage.pending_posts()
    assert [p.post.text for p in pending] == ["m0", "m1", "m2", "elsewhere"]  # the order they were written
    assert [len(p.post.pictures) for p in pending] == [0, 0, 1, 1]  # another room keeps its own
    assert pending[2].post.pictures[0].data == PNG + b"m2"


async def test_a_claimed_message_keeps_its_pictures_and_its_claim_until_delivered(storage: Storage) -> None:
    table_id, version = await _playing(storage, 504)
    versions = []
    for n in range(2):
        version = await storage.save_record(table_id, "{}", version, post=_post(table_id, 504, f"m{n}"))
        versions.append(version)
    await storage.claim_posts(table_id, versions, versions[0])
    version = await storage.save_record(table_id, "{}", version, post=_post(table_id, 504, "later"))
    pending = await storage.pending_posts()
    assert [(p.post.text, p.batch) for p in pending] == [("m0", versions[0]), ("m1", versions[0]), ("later", None)]
    assert [len(p.post.pictures) for p in pending] == [0, 1, 1]  # being sent: its newest picture stays
    await storage.posts_delivered(table_id, versions)
    assert [p.post.text for p in await storage.pending_posts()] == ["later"]


async def test_the_match_end_post_carries_its_record_and_its_rating_lines(storage: Storage) -> None:
    table_id, version = await _playing(storage, 505)
    results = [ResultRow(0, 11, "Ana", True, 61), ResultRow(1, 12, "Bo", False, 30)]
    end = Post(table_id, 505, PostKind.TURN, "won", (), False, (), 9, "ko", record='{"r": "end"}', rematch=True)
    final = await storage.finish_match(table_id, 9, '{"r": "end"}', results, version, post=end)
    await storage.set_post_text(table_id, final, "won\nAna +12")
    (pending,) = await storage.pending_posts()
    assert pending.post.record == '{"r": "end"}' and pending.post.rematch and pending.post.text == "won\nAna +12"
    assert pending.post.outbox == final


async def test_a_restart_reads_the_posts_of_its_shards(storage: Storage) -> None:
    here, version = await _playing(storage, 506, guild_id=0)
    there, there_version = await _playing(storage, 507, guild_id=1 << 22)  # the guild of shard 1 of 2
    await storage.save_record(here, "{}", version, post=_post(here, 506, "here"))
    await storage.save_record(there, "{}", there_version, post=_post(there, 507, "there"))
    assert [p.post.text for p in await storage.pending_posts(2, [0])] == ["here"]
    assert [p.post.text for p in await storage.pending_posts(2, [1])] == ["there"]
    assert len(await storage.pending_posts()) == 2


async def test_a_matchs_first_message_and_a_reminder_are_kept_with_their_writes(storage: Storage) -> None:
    table_id = await storage.create_table(
        guild_id=9, channel_id=600, host_id=11, lang="es", level="normal", seed="s", seats=SEATS
    )
    opening = _post(table_id, 601, "round 1", pictured=False)
    started = await storage.start_match(table_id, SEATS, '{"r": 0}', thread_id=601, post=opening)
    reminder = Post(table_id, 601, PostKind.REMINDER, "<@11>, your move", hand_button=True, mentions=(11,), lang="es")
    reminded = await storage.save_deadlines(table_id, NO_DEADLINES, started, post=reminder)
    kept = [(p.post.kind, p.post.text, p.post.outbox, p.post.mentions) for p in await storage.pending_posts()]
    assert kept == [
        (PostKind.TURN, "round 1", started, (11, 12)),
        (PostKind.REMINDER, "<@11>, your move", reminded, (11,)),
    ]


async def test_a_quiet_tables_placement_is_read_back_aimed_at_the_board_the_table_noted(storage: Storage) -> None:
    table_id, version = await _playing(storage, 701)
    placed = replace(_post(table_id, 701, "board"), quiet=True)
    written = await storage.save_record(table_id, '{"r": 1}', version, post=placed)
    (pending,) = await storage.pending_posts()
    assert pending.post.quiet and pending.post.edit_message_id is None  # no board yet: the post makes it
    await storage.set_board_message(table_id, 7777)
    (pending,) = await storage.pending_posts()
    assert pending.post.quiet and pending.post.edit_message_id == 7777 and pending.post.outbox == written
    await storage.posts_delivered(table_id, [written])
    plain = await storage.save_record(table_id, '{"r": 2}', written, post=_post(table_id, 701, "end"))
    (pending,) = await storage.pending_posts()  # a post that is not the board's edits nothing
    assert pending.post.outbox == plain and not pending.post.quiet and pending.post.edit_message_id is None


async def test_a_quiet_tables_mention_is_noted_for_the_next_start(storage: Storage) -> None:
    table_id, _ = await _playing(storage, 801)
    other, _ = await _playing(storage, 803, guild_id=(7 << 22))
    assert await storage.quiet_mentions() == {}
    await storage.set_mention_message(table_id, 9001)
    await storage.set_mention_message(other, 9002)
    assert await storage.quiet_mentions() == {table_id: 9001, other: 9002}
    assert await storage.quiet_mentions(2, [1]) == {other: 9002}  # of this process's shards only
    await storage.set_mention_message(table_id, None)
    assert await storage.quiet_mentions() == {other: 9002}
