"""A lobby nobody started closes itself: what the deadline sweeper does when a lobby's moment comes.

A lobby's moment is kept in the database (its `take_over_at` and `wake_at`, written when it opens), so a
restart neither forgets nor resets it: the sweeper (bot/host/clocks/deadline_sweeper.py) finds it due, at once if
it passed while the bot was down. Under the table's lock the lobby is closed (a versioned write: with two
processes on one database only one closes it) and its message edited to say so, without its buttons.
"""

from __future__ import annotations

import logging

from ...model.posts import Post, PostKind
from ...model.table_state import TableStatus
from ...storage import NO_DEADLINES, TurnDeadlines
from ...texts.lobby import lobby_expired
from ..refusal import Refusal
from .table_core import TableCore

log = logging.getLogger(__name__)


class LobbyExpiry:
    """The expiry side of one lobby, made for each visit of the sweeper (it keeps nothing)."""

    def __init__(self, live: TableCore) -> None:
        self.live = live

    async def due(self) -> None:
        """Closes the lobby if its moment has come; a moment not yet come is written again (the stored one was
        stale), a write another process beat changes nothing."""
        live = self.live
        table = live.table
        try:
            async with live.lock:
                if table.status is not TableStatus.LOBBY:
                    return
                closes_at = table.take_over_at
                if closes_at is None or closes_at > live.services.now():
                    clock = NO_DEADLINES if closes_at is None else TurnDeadlines(None, closes_at, closes_at)
                    await live.write(lambda version: live.services.storage.save_deadlines(table.id, clock, version))
                    live.set_clock(clock)
                    return
                await live.close("expired: nobody started it")
                self._say_expired()
        except Refusal as refusal:  # logged by write; the sweeper comes back (moved on: another process has it)
            log.info("lobby %s: not closed (%s)", table.id, refusal.code)

    def _say_expired(self) -> None:
        table = self.live.table
        if table.lobby_message_id is None:
            return
        text = lobby_expired(table.lang)
        message_id = table.lobby_message_id
        post = Post(table.id, table.channel_id, PostKind.LOBBY, text, lang=table.lang, edit_message_id=message_id)
        try:
            self.live.services.publisher.publish(post)
        except Exception:
            log.exception("could not say in channel %s that lobby %s expired", table.channel_id, table.id)
