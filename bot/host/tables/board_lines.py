"""A quiet table's board: one message in its thread, edited after each placement (bot/edge/posts/board_message.py),
so it says the last few placements rather than only the newest, then whose turn it is.

The lines live in memory; a table brought back by a restart reads its last placements from its record, so
the board goes on as it was.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import TYPE_CHECKING

from engine import Match, Record, RoundStarted

from ... import texts
from ...model.posts import Picture, Post, PostKind
from ...model.table_state import Table

if TYPE_CHECKING:
    from .table_core import TableCore

RECENT = 3  # placements the board tells, the newest last


class BoardLines:
    """The lines of the last RECENT placements of one quiet table."""

    def __init__(self) -> None:
        self.recent: deque[str] = deque(maxlen=RECENT)

    def board(self, happened: str, next_up: str) -> list[str]:
        """The board's text after a placement: the placements before it, this one, whose turn it is."""
        self.recent.append(happened)
        return [*self.recent, next_up]

    def closing(self, lines: list[str]) -> list[str]:
        """The board's text when the match ends early: the last placements, then how it ended."""
        return [*self.recent, *lines]

    def read(self, table: Table, record: Record) -> None:
        """After a restart: the last placements of `record`, told as they were told when played."""
        match = Match(record.players)
        self.recent.clear()
        for events in match.replay_steps(record):
            if events and not isinstance(events[0], RoundStarted):
                self.recent.append(texts.happened(table.lang, table.seating, events))


def on_board(table: Table, post: Post) -> Post:
    """A quiet table's placement post: it edits the board (once the table knows it: the edge also remembers
    the one it made), its mention going in a short message of its own, since an edit notifies nobody."""
    return replace(post, quiet=True, edit_message_id=table.board_message_id)


def last_board(core: TableCore, lines: list[str], pictures: tuple[Picture, ...]) -> None:
    """A quiet table's board edited one last time as its match ends (played out, ended early, lost on time or by a
    withdrawal): the position it ended at and how, with nothing left to press; handed over before the match-end
    message closes the thread."""
    core.hand_over(on_board(core.table, core.publish(PostKind.TURN, lines, pictures=pictures, send=False)))
