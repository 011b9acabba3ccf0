"""What a hosted table is given: where it saves, publishes and draws, its clocks, and what keeps its turns
(`Services`, shared by every live table of a process), and the roles the Discord layer and the turn clocks
play for it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from engine import Placement

from ..model.posts import Post
from ..model.table_state import Table
from ..storage import Storage
from .pictures import Renderer

if TYPE_CHECKING:
    from .table_core import TableCore


class Publisher(Protocol):
    def publish(self, post: Post) -> None:
        """Take a public message for a channel. Called in order, under the table's lock: must not block."""
        ...


# Opens the match's own thread, named as given; its id, or None where none can be made (the match
# then plays in the channel). The Discord layer makes it; the table only asks.
ThreadOpener = Callable[[str], Awaitable[int | None]]


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

    def stop(self, live: TableCore) -> None:
        """The table is over or closed: its idle clock stops."""
        ...

    def busy(self, table_id: int) -> bool:
        """A computer's turn is under way at this table (it is not put to sleep meanwhile)."""
        ...


@dataclass(frozen=True, slots=True)
class Services:
    """What every live table of a process shares: where it saves, publishes and draws, and its clocks."""

    storage: Storage
    publisher: Publisher
    renderer: Renderer
    turns: Turns
    clock: Callable[[float], str]  # a moment as players read it (a Discord timestamp, the demo's hh:mm:ss)
    now: Callable[[], float]
    forget: Callable[[TableCore], None]  # the registry lets go of a table that is over or closed
    nudge: Callable[[float | None], None] = lambda moment: None  # a correspondence moment written: the sweeper's
    outbox: bool = False  # a move writes its post to the outbox, where the publisher takes it from
