"""What a server's admins decide with `/five-up-admin`: the defaults of new tables and where they may open.

Stored per server; applied to tables opened after a change (a table keeps what it was opened with).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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
    web: bool = False  # the server's page on the web (its leaderboard and recent matches) is shown

    def __post_init__(self) -> None:
        """Settings no admin could have made (a damaged row, a bad call) are refused, not applied."""
        if not 1 <= self.cap <= MAX_CAP:
            raise ValueError(f"a cap of {self.cap} is outside 1..{MAX_CAP}")
        if len(self.channels) > MAX_CHANNELS or len(set(self.channels)) != len(self.channels):
            raise ValueError(f"{len(self.channels)} channels (at most {MAX_CHANNELS}, each once)")

    def allows(self, channel_id: int, parent_id: int | None = None) -> bool:
        """A table may open in this channel (or in a thread of an allowed channel)."""
        return (
            not self.channels or channel_id in self.channels or (parent_id is not None and parent_id in self.channels)
        )

    @property
    def everywhere(self) -> bool:
        """No allow-list: tables may open in every channel."""
        return not self.channels

    def with_channel(self, channel_id: int) -> ServerSettings:
        """This channel on the allow-list too (the list as it was when it is there already)."""
        if channel_id in self.channels:
            return self
        return replace(self, channels=(*self.channels, channel_id))

    def without_channel(self, channel_id: int) -> ServerSettings:
        """This channel off the allow-list (the last one off: every channel again)."""
        return replace(self, channels=tuple(c for c in self.channels if c != channel_id))


DEFAULT_SETTINGS = ServerSettings()
