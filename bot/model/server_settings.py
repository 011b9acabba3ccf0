"""What a server's admins decide with `/five-up-admin`: the defaults of new tables and where they may open.

Stored per server; applied to tables opened after a change (a table keeps what it was opened with).
"""

from __future__ import annotations

from dataclasses import dataclass

from .pace import Pace

DEFAULT_CAP = 10  # open correspondence tables a player may sit at in one server
MAX_CAP = 50
MAX_CHANNELS = 25  # channels an allow-list names (a select menu holds 25)


@dataclass(frozen=True, slots=True)
class ServerSettings:
    lang: str | None = None  # None: the server's or the host's language, as without settings
    pace: Pace = Pace.LIVE  # a new table's pace when `/five-up start` names none
    channels: tuple[int, ...] = ()  # where tables may open; empty: every channel
    computers: bool = True  # whether computer players may sit
    rated: bool = True  # whether matches are rated
    cap: int = DEFAULT_CAP  # open correspondence tables a player may sit at

    def allows(self, channel_id: int, parent_id: int | None = None) -> bool:
        """A table may open in this channel (or in a thread of an allowed channel)."""
        return (
            not self.channels or channel_id in self.channels or (parent_id is not None and parent_id in self.channels)
        )


DEFAULT_SETTINGS = ServerSettings()
