"""The roles others play for a hosted table: the Discord layer publishes its messages and opens its thread;
the turn clocks keep its turns. Each is a protocol, so the table host never imports Discord."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from engine import Placement

from ..model.posts import Post
from ..model.table_state import Table


class Publisher(Protocol):
    def publish(self, post: Post) -> None:
        """Take a public message for a channel. Called in order, under the table's lock: must not block."""
        ...


# Opens the match's own thread, named as given; its id, or None where none can be made (the match
# then plays in the channel). The Discord layer makes it; the table only asks.
ThreadOpener = Callable[[str], Awaitable[int | None]]


class Hosted(Protocol):
    """Any table being hosted, as far as what stops its clocks reads."""

    @property
    def table(self) -> Table: ...


class ClockedTable(Protocol):
    """A table whose turns the clock keeps (a `LiveTable`): what the clock reads and asks, each checked
    under the table's lock against the move it was armed at."""

    @property
    def table(self) -> Table: ...

    def computer_may_play(self, move_no: int, seat: int) -> bool: ...

    async def computer_move(self, move_no: int, seat: int, placement: Placement, *, announce: bool) -> None: ...

    async def remind(self, move_no: int, seat: int) -> bool: ...

    async def mark_away(self, move_no: int, seat: int) -> bool: ...

    def needs_follow_up(self, move_no: int, seat: int) -> bool: ...

    async def follow_up(self, move_no: int, seat: int) -> bool: ...


class Turns(Protocol):
    turn_timeout: float  # the reminder comes one timeout into a turn, the computer's take-over two

    async def placement_for(self, table: Table, seat: int) -> Placement:
        """What a computer would place for `seat` now (a correspondence turn whose time ran out)."""
        ...

    def arm(self, live: ClockedTable) -> None:
        """After an action, under the table's lock: start what comes next (a computer, an idle clock)."""
        ...

    def stop(self, live: Hosted) -> None:
        """The table is over or closed: its idle clock stops."""
        ...

    def busy(self, table_id: int) -> bool:
        """A computer's turn is under way at this table (it is not put to sleep meanwhile)."""
        ...
