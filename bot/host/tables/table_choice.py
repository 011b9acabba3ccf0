"""Which table a command means when it names none: a channel holds any number of lobbies and matches.

A button carries its table's id, and a match's thread is its table's own; only a slash command in a
channel needs this rule (docs/playing.md says it to players):

1. the caller's own table there (one they host or sit at) that suits the command: a lobby for join,
   leave, start and hand-over; a match for hand, play, board and score; any for end;
2. else, for a lobby command, the newest lobby; for the others, the only table that suits it (or the
   only table there at all: its own answer says why not);
3. else a private answer listing the channel's tables, each with a link to its lobby or thread.

No Discord import here.
"""

from __future__ import annotations

from enum import StrEnum

from ...model.table_state import Table, TableStatus
from ...storage import TableRef
from ...texts.i18n import pick_locale
from ...texts.lobby import which_table
from ..refusal import Refusal
from .table_registry import TableRegistry


class Want(StrEnum):
    """What a command acts on."""

    LOBBY = "lobby"
    MATCH = "match"
    ANY = "any"


class WhichTable(Refusal):
    """A channel with several tables and no way to tell which one the caller means: the answer lists them."""

    def __init__(self, tables: list[Table], asleep: list[TableRef]) -> None:
        super().__init__("which-table")
        self.tables = tables
        self.asleep = asleep

    def text(self, locale: object) -> str:
        return which_table(pick_locale(locale), self.tables, self.asleep)


def _suits(table: Table, want: Want) -> bool:
    if want is Want.LOBBY:
        return table.status is TableStatus.LOBBY
    if want is Want.MATCH:
        return table.status is TableStatus.PLAYING
    return True


def choose(registry: TableRegistry, room: int, user_id: int | None, want: Want) -> int:
    """The id of the table a command in `room` (a channel or a thread) from `user_id` is for; a refusal
    when there is none, or a `WhichTable` when the rule above cannot tell."""
    in_thread = registry.in_thread(room)
    if in_thread is not None:
        return in_thread.table.id
    asleep_id = registry.asleep_in_thread(room)
    if asleep_id is not None:  # a sleeping match of this thread
        return asleep_id
    tables = [live.table for live in registry.in_channel(room)]
    asleep = registry.asleep_in_channel(room)
    if not tables and not asleep:
        raise Refusal("table-moved" if registry.moved(room) else "no-table")
    suiting = [table for table in tables if _suits(table, want)]
    own = [t for t in suiting if user_id is not None and (t.host_id == user_id or t.seat_of(user_id) is not None)]
    if len(own) == 1:
        return own[0].id
    if own:
        raise WhichTable(own, [])
    if want is Want.LOBBY:
        if suiting:
            return suiting[0].id  # the newest lobby
        asleep = []  # a sleeping table is a match: no lobby to act on
    candidates = [t.id for t in suiting] + [ref.id for ref in asleep]
    if len(candidates) == 1:
        return candidates[0]
    if len(tables) + len(asleep) == 1:
        return tables[0].id if tables else asleep[0].id
    raise WhichTable(tables, registry.asleep_in_channel(room))
