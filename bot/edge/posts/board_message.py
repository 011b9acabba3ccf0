"""A quiet table's board (bot/host/tables/board_lines.py): one message in its thread, edited after each placement with
the newest picture and lines, rather than a message per placement.

An edit notifies nobody, so when a placement's post mentions the player to move (the same rule as any turn line), a
short message of its own mentions them; each replaces the one before (a reminder too; after a restart as well, its
id noted with the table), so the thread holds its first message, the board, at most one mention, and the match-end
message. The board is the message the table's first quiet post made: remembered here at once (the table learns it
only once the message is out, and the next placement may already be waiting) and noted by the table through
`on_sent`, so a restart edits the same one. A board somebody deleted is made again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace

import discord

from ...model.posts import Post, PostKind
from ...texts.i18n import t

log = logging.getLogger(__name__)


class QuietBoards:
    """The board message and the latest mention of each quiet table this process has posted to."""

    def __init__(self, note: Callable[[int, int | None], Awaitable[None]] | None = None) -> None:
        self.boards: dict[int, int] = {}  # table -> its board message
        self.pings: dict[int, int] = {}  # table -> the short message mentioning the player to move
        self.note = note  # keeps a table's mention in the database, so that the next start deletes it in turn

    def aimed(self, post: Post) -> Post:
        """A quiet post with the board it edits: the one this process made or edited last, else the table's
        note (None: the first placement, which makes the board)."""
        return replace(post, edit_message_id=self.boards.get(post.table_id, post.edit_message_id))

    def made(self, post: Post, message_id: int) -> None:
        self.boards[post.table_id] = message_id

    def has_board(self, table_id: int) -> bool:
        return table_id in self.boards

    def ping(self, post: Post) -> Post | None:
        """The short message that mentions whoever the post mentions (None: nobody to mention)."""
        if not post.mentions:
            return None
        who = " ".join(f"<@{user}>" for user in post.mentions)
        text = t(post.lang, "board-your-move", player=who)
        return Post(  # with Show my hand: the notification leads to the tiles in one tap
            post.table_id,
            post.channel_id,
            PostKind.TURN,
            text,
            hand_button=True,
            mentions=post.mentions,
            lang=post.lang,
        )

    async def ended(self, client: discord.Client, post: Post) -> None:
        """The match ended (`post` is its last message): the board stays as it was, the mention goes."""
        self.boards.pop(post.table_id, None)
        ping = self.pings.pop(post.table_id, None)
        if ping is not None:
            await self._delete(client, post, ping)

    async def pinged(self, client: discord.Client, post: Post, message_id: int) -> None:
        """A new mention went out: the one before it goes."""
        before = self.pings.get(post.table_id)
        self.pings[post.table_id] = message_id
        if self.note is not None:
            try:
                await self.note(post.table_id, message_id)
            except Exception as e:  # a note: after a restart this mention stays beside the next one
                log.warning("table %s: its mention %s not noted (%s)", post.table_id, message_id, e)
        if before is not None:
            await self._delete(client, post, before)

    async def _delete(self, client: discord.Client, post: Post, message_id: int) -> None:
        try:
            await client.get_partial_messageable(post.channel_id).get_partial_message(message_id).delete()
        except Exception as e:  # deleted already, an outage: one line more in the thread, nothing lost
            log.info("table %s: its mention %s stays (%s)", post.table_id, message_id, e)
