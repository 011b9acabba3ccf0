"""The outbox: the public posts moves caused, kept until Discord has taken them (docs/discord_failures.md).

A post is written by `insert_post`, inside the transaction of the move that caused it (table_write_queries.py),
under its table's id and the version that move wrote: the move and its post are durable together or not at all. The
publisher deletes it once delivered; a restart reads what is left (`pending_posts`) and sends it before anything new
(a quiet table's placement edits its board again, as the table notes it). Only the newest waiting post of a room
keeps its pictures (a thread that fell behind shows only its newest board), so the outbox holds at most one picture
per busy thread however far behind it is. Written once for both backends (`?` placeholders).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence

from ..model.posts import Pending, Picture, Post, PostKind
from .backend_hooks import BackendHooks
from .dialect import Row, Session, marks, whole
from .table_read_queries import shard_clause

_COLUMNS = (
    "o.table_id, o.version, o.room, o.kind, o.text, o.hand_button, o.mentions, o.move_no, o.lang, o.record,"
    " o.rematch, o.pictures, o.picture_data, o.batch, o.quiet, t.board_message_id"
)


async def insert_post(session: Session, table_id: int, version: int, post: Post) -> None:
    """Inside a move's transaction: its post, kept under (table_id, version); older waiting posts of the same
    room, not yet being sent, let their pictures go when this one brings newer ones."""
    if post.pictures:
        await session.execute(
            "UPDATE outbox SET pictures = '[]', picture_data = NULL WHERE room = ? AND batch IS NULL",
            post.channel_id,
        )
    described = [{"filename": p.filename, "description": p.description, "size": len(p.data)} for p in post.pictures]
    data = b"".join(p.data for p in post.pictures) if post.pictures else None
    await session.execute(
        "INSERT INTO outbox (table_id, version, room, kind, text, hand_button, mentions, move_no, lang, record,"
        " rematch, pictures, picture_data, created_at, quiet) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        table_id,
        version,
        post.channel_id,
        post.kind.value,
        post.text,
        post.hand_button,
        " ".join(str(m) for m in post.mentions),
        post.move_no,
        post.lang,
        post.record,
        post.rematch,
        json.dumps(described),
        data,
        time.time(),
        post.quiet,
    )


def decode_pending(row: Row) -> Pending:
    """One outbox row, as the publisher sends it again."""
    pictures: list[Picture] = []
    stored = row["picture_data"]
    data = bytes(stored) if isinstance(stored, bytes | bytearray | memoryview) else b""
    start = 0
    for described in json.loads(str(row["pictures"])):
        size = int(described["size"])
        pictures.append(Picture(described["filename"], data[start : start + size], described["description"]))
        start += size
    mentions = str(row["mentions"])
    quiet = bool(row["quiet"])  # a quiet table's placement: it edits the board the table noted
    board = row["board_message_id"]
    post = Post(
        whole(row["table_id"]),
        whole(row["room"]),
        PostKind(str(row["kind"])),
        str(row["text"]),
        tuple(pictures),
        bool(row["hand_button"]),
        tuple(int(m) for m in mentions.split()) if mentions else (),
        whole(row["move_no"]),
        str(row["lang"]),
        record=None if row["record"] is None else str(row["record"]),
        rematch=bool(row["rematch"]),
        edit_message_id=whole(board) if quiet and board is not None else None,
        outbox=whole(row["version"]),
        quiet=quiet,
    )
    return Pending(post, None if row["batch"] is None else whole(row["batch"]))


class OutboxQueries(BackendHooks):
    """What the publisher reads and writes of the outbox: the posts left after a restart, a merged message's
    claim, the delivered posts' deletion, and a match-end post's rating lines."""

    async def pending_posts(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[Pending]:
        shards, args = shard_clause(shard_count, shard_ids)
        async with self._read() as session:
            rows = await session.fetch(
                f"SELECT {_COLUMNS} FROM outbox o JOIN tables t ON t.id = o.table_id WHERE 1 = 1{shards} ORDER BY o.id",
                *args,
            )
        return [decode_pending(row) for row in rows]

    async def claim_posts(self, table_id: int, versions: Sequence[int], batch: int) -> None:
        async with self._transaction() as session:
            await session.execute(
                f"UPDATE outbox SET batch = ? WHERE table_id = ? AND version IN ({marks(len(versions))})",
                batch,
                table_id,
                *versions,
            )

    async def posts_delivered(self, table_id: int, versions: Sequence[int]) -> None:
        async with self._transaction() as session:
            await session.execute(
                f"DELETE FROM outbox WHERE table_id = ? AND version IN ({marks(len(versions))})", table_id, *versions
            )

    async def set_mention_message(self, table_id: int, message_id: int | None) -> None:
        async with self._transaction() as session:
            await session.execute("UPDATE tables SET mention_message_id = ? WHERE id = ?", message_id, table_id)

    async def quiet_mentions(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> dict[int, int]:
        shards, args = shard_clause(shard_count, shard_ids)
        async with self._read() as session:
            rows = await session.fetch(
                "SELECT t.id, t.mention_message_id FROM tables t"
                f" WHERE t.status = 'playing' AND t.mention_message_id IS NOT NULL{shards}",
                *args,
            )
        return {whole(r["id"]): whole(r["mention_message_id"]) for r in rows}

    async def set_post_text(self, table_id: int, version: int, text: str) -> None:
        async with self._transaction() as session:
            await session.execute(
                "UPDATE outbox SET text = ? WHERE table_id = ? AND version = ?", text, table_id, version
            )
