"""The tournament part of the storage interface (interface.py's `Storage` inherits it): events, entrants, games.

Apart from `Storage` so that neither class outgrows the house's size; both backends speak it through
tournament_queries.py. Everything here is every shard's (an event spans channels and tables).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from bot.model.tournament import Entrant, Event, Game


class TournamentStorage(ABC):
    """A server's tournaments (bot/model/tournament.py), each step a durable transaction."""

    @abstractmethod
    async def create_event(self, event: Event) -> int:
        """Store a new event as given (its `id` is ignored); returns the new id."""

    @abstractmethod
    async def event(self, event_id: int) -> Event | None: ...

    @abstractmethod
    async def events(self, guild_id: int, *, open_only: bool = False) -> list[Event]:
        """The server's events, newest first; `open_only`: those in sign-up or running."""

    @abstractmethod
    async def events_due(self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None) -> list[Event]:
        """The events a process must look after: running ones, and those in sign-up with a close time (the
        host compares it with the clock), of the servers on its shards (every server without shards), so
        that two processes never open one round's matches twice."""

    @abstractmethod
    async def save_event(self, event: Event) -> None:
        """Store its status, round, rounds and sign-up message if it is still at `event.version`, and
        add one to `event.version`; EventMovedOnError (nothing changed) otherwise."""

    @abstractmethod
    async def add_entrant(self, event_id: int, entrant: Entrant) -> bool:
        """Sign someone up, after everyone already in; False (nothing changed) if they already are."""

    @abstractmethod
    async def remove_entrant(self, event_id: int, user_id: int) -> bool:
        """Someone leaves during sign-up; False if they were not in."""

    @abstractmethod
    async def withdraw_entrant(self, event_id: int, user_id: int, round_no: int) -> None:
        """Someone leaves a running event: they play no game from round `round_no` on."""

    @abstractmethod
    async def entrants(self, event_id: int) -> list[Entrant]:
        """In join order."""

    @abstractmethod
    async def add_games(self, event_id: int, games: Sequence[Game]) -> None:
        """Add games (a round's pairings, in board order, after any of that round already stored)."""

    @abstractmethod
    async def set_game_table(self, event_id: int, round_no: int, first: int, table_id: int) -> None:
        """The table a game (found by its round and first player) is played at."""

    @abstractmethod
    async def set_game_thread(self, event_id: int, round_no: int, first: int, thread_id: int) -> None:
        """The thread a game's match is played in, noted before its table opens."""

    @abstractmethod
    async def set_game_opening(self, event_id: int, round_no: int, first: int, message_id: int) -> None:
        """The message a game's thread is made on, noted before the thread is asked for."""

    @abstractmethod
    async def tables_opened_in(self, channel_id: int, host_id: int) -> list[int]:
        """The ids of the tables (open or not) opened in this channel or thread by this host, newest first."""

    @abstractmethod
    async def set_game_result(
        self,
        event_id: int,
        round_no: int,
        first: int,
        winner: int | None,
        first_points: int,
        second_points: int,
        how: str,
    ) -> None:
        """A game's result (`how` one of tournament.GAME_HOWS; anything else is a ValueError)."""

    @abstractmethod
    async def games(self, event_id: int) -> list[Game]:
        """By round, then board order."""

    @abstractmethod
    async def game_of_table(self, table_id: int) -> tuple[int, Game] | None:
        """The event id and game a match's table was opened for; None for a table of no event."""
