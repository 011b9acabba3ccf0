"""What the publisher makes of the outbox a restart finds (bot/edge/posts/publisher.py,
bot/edge/posts/catch_up.py), with a recording client and outbox: a merged message that was being tried goes
again exactly as it was, with its nonce; a room's first leftover post goes alone (it may have been on its way);
the posts behind it catch up in one message, claimed before it is sent; a match-end post is never merged;
delivered posts leave the outbox."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.edge.posts.publisher import ChannelPublisher
from bot.model.posts import Pending, Picture, Post, PostKind

TABLE = 4
ROOM = 70


@dataclass
class _Message:
    id: int


@dataclass
class _Channel:
    sent: list[tuple[str, str | None, list[str]]]

    async def send(self, text: str, **extra: object) -> _Message:
        files = [f.filename for f in extra.get("files", [])]  # type: ignore[attr-defined]
        self.sent.append((text, extra.get("nonce"), files))  # type: ignore[arg-type]
        return _Message(len(self.sent))

    def get_partial_message(self, message_id: int) -> _Edited:
        return _Edited(self.sent, message_id)


@dataclass
class _Edited:
    """A message edited in place: recorded as ("edit <id>: <text>", None, its files)."""

    sent: list[tuple[str, str | None, list[str]]]
    id: int

    async def edit(self, *, content: str, **extra: object) -> _Edited:
        files = [f.filename for f in extra.get("attachments", [])]  # type: ignore[attr-defined]
        self.sent.append((f"edit {self.id}: {content}", None, files))
        return self

    async def delete(self) -> None:
        self.sent.append((f"delete {self.id}", None, []))


@dataclass
class _Client:
    sent: list[tuple[str, str | None, list[str]]] = field(default_factory=list)

    def is_ready(self) -> bool:
        return True

    def get_partial_messageable(self, channel_id: int) -> _Channel:
        return _Channel(self.sent)

    def get_channel(self, channel_id: int) -> object:
        return object()  # not a thread: a match-end post has no thread to close here


@dataclass
class _Outbox:
    pending: list[Pending]
    claimed: list[tuple[int, list[int], int]] = field(default_factory=list)
    delivered: list[int] = field(default_factory=list)
    mentions: dict[int, int | None] = field(default_factory=dict)

    async def pending_posts(self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None) -> list:
        return self.pending

    async def claim_posts(self, table_id: int, versions: Sequence[int], batch: int) -> None:
        self.claimed.append((table_id, list(versions), batch))

    async def posts_delivered(self, table_id: int, versions: Sequence[int]) -> None:
        self.delivered += versions

    async def set_mention_message(self, table_id: int, message_id: int | None) -> None:
        self.mentions[table_id] = message_id

    async def quiet_mentions(self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None) -> dict:
        return {t: m for t, m in self.mentions.items() if m is not None}


def _post(version: int, *, record: str | None = None, board: int | None = None, mentions: tuple[int, ...] = ()) -> Post:
    """A placement's post kept in the outbox; `board`: a quiet table's, edits that message."""
    picture = (Picture("table.png", b"\x89PNG" + bytes([version])),)
    return Post(
        TABLE,
        ROOM,
        PostKind.TURN,
        f"move {version}",
        picture,
        True,
        mentions,
        record=record,
        outbox=version,
        quiet=board is not None,
        edit_message_id=board,
    )


async def _restart(pending: list[Pending]) -> tuple[_Client, _Outbox]:
    client, outbox = _Client(), _Outbox(pending)
    publisher = ChannelPublisher(outbox)
    publisher.attach(client)  # type: ignore[arg-type]
    assert await publisher.recover() == len(pending)
    await publisher.flush()
    return client, outbox


async def test_a_merged_message_being_tried_goes_again_as_it_was_and_the_rest_catch_up_after_it() -> None:
    client, outbox = await _restart(
        [Pending(_post(11), 11), Pending(_post(12), 11), Pending(_post(13)), Pending(_post(14)), Pending(_post(15))]
    )
    assert client.sent == [
        ("move 11\nmove 12", f"5up{TABLE}v11", ["table.png"]),  # the same message, the same nonce
        ("move 13\nmove 14\nmove 15", f"5up{TABLE}v13", ["table.png"]),  # caught up: one message
    ]
    assert outbox.claimed == [(TABLE, [13, 14, 15], 13)]  # claimed before it was sent; the first was already
    assert sorted(outbox.delivered) == [11, 12, 13, 14, 15]


async def test_a_rooms_first_leftover_post_goes_alone_with_its_own_nonce() -> None:
    client, outbox = await _restart([Pending(_post(21)), Pending(_post(22)), Pending(_post(23))])
    assert [(text, nonce) for text, nonce, _ in client.sent] == [
        ("move 21", f"5up{TABLE}v21"),  # perhaps sent before the stop: Discord keeps one message for its nonce
        ("move 22\nmove 23", f"5up{TABLE}v22"),
    ]
    assert outbox.claimed == [(TABLE, [22, 23], 22)]


async def test_a_match_end_post_is_never_merged() -> None:
    client, _ = await _restart(
        [Pending(_post(31)), Pending(_post(32)), Pending(_post(33, record="{}")), Pending(_post(34))]
    )
    assert [(text, files) for text, _, files in client.sent] == [
        ("move 31", ["table.png"]),
        ("move 32", ["table.png"]),  # the post before the end is not merged into it
        ("move 33", ["table.png", "record.json"]),
        ("move 34", ["table.png"]),
    ]


async def test_a_quiet_tables_board_catches_up_in_one_edit_and_mentions_the_player_to_move_now() -> None:
    quiet = [Pending(_post(v, board=900, mentions=(m,))) for v, m in ((41, 5), (42, 6), (43, 5))]
    client, outbox = await _restart([*quiet, Pending(_post(44, record="{}"))])
    assert [(text, files) for text, _, files in client.sent] == [
        ("edit 900: move 43", ["table.png"]),  # the board as it is now: one edit, not one per placement
        ("<@5>, it's your move: the board is just above.", []),  # whoever is to move now, not each one before
        ("delete 2", []),  # the last mention goes before the match's end closes the thread
        ("move 44", ["table.png", "record.json"]),  # which is a message of its own
    ]
    assert sorted(outbox.delivered) == [41, 42, 43, 44]
