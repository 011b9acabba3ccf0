"""Where a page finds its match: hosted here (the live table in memory), or in the store (finished, or
played by another process), as a replay book and as a cheap count of its placements.

A match being played is built without hands or review (bot/host/replay/book_builder.py): nothing private can
reach a page. A finished match's book never changes and is kept; a running match's book is kept per
placement count. `progress` only counts placements: the live feed asks it often.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass

from engine import Record, RecordError

from ..host.manager import Manager
from ..host.replay.book_builder import build_book
from ..model.replay_book import ReplayBook
from ..model.seating import Seating
from ..model.table_state import TableStatus
from ..storage import BrokenRow, SeatRow

BOOKS_KEPT = 64


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a match is: its placements, where each round starts, and whether it is over."""

    steps: int
    round_starts: tuple[int, ...]
    finished: bool


@dataclass(frozen=True, slots=True)
class Shown:
    """A match as a page shows it: its book, its language, its server and (finished only) its record."""

    book: ReplayBook
    lang: str
    guild_id: int | None
    record: str | None

    @property
    def progress(self) -> Progress:
        return Progress(len(self.book.steps), self.book.round_starts, self.book.finished)


@dataclass(frozen=True, slots=True)
class _Found:
    guild_id: int | None
    lang: str
    seating: Seating
    people: tuple[int | None, ...]
    record: Record
    text: str | None  # the stored record of a finished match
    finished: bool


def progress_of(record: Record, finished: bool) -> Progress:
    starts, count = [], 0
    for played in record.rounds:
        if played.plays:
            starts.append(count)
        count += len(played.plays)
    return Progress(count, tuple(starts), finished)


def _seating(seats: tuple[SeatRow, ...]) -> tuple[Seating, tuple[int | None, ...]]:
    names = tuple(s.name for s in seats)
    return Seating(names, frozenset(i for i, s in enumerate(seats) if s.user_id is None)), tuple(
        s.user_id for s in seats
    )


class MatchSource:
    def __init__(self, manager: Manager) -> None:
        self.manager = manager
        self._books: OrderedDict[tuple[int, int, bool], Shown] = OrderedDict()

    def hosted_here(self, table_id: int) -> bool:
        """The match is hosted by this process (its posts are heard here)."""
        return self.manager.registry.by_id(table_id) is not None

    async def _find(self, table_id: int) -> _Found | None:
        """The match as it stands: from memory when hosted here, else from the store; None when no match
        of that number was started (a lobby, a closed table, no such table)."""
        live = self.manager.registry.by_id(table_id)
        match = None if live is None else live.table.match
        if live is not None and live.table.status is TableStatus.PLAYING and match is not None:
            table = live.table
            people = tuple(s.user_id for s in table.seats)
            record = match.record.copy()  # a copy now: the live match moves on meanwhile
            return _Found(table.guild_id, table.lang, table.seating, people, record, None, False)
        storage = self.manager.storage
        row = await storage.open_table(table_id)
        if row is not None and not isinstance(row, BrokenRow) and row.status == "playing" and row.record:
            seating, people = _seating(row.seats)
            try:
                record = Record.loads(row.record)
            except RecordError:
                return None
            return _Found(row.guild_id, row.lang, seating, people, record, None, False)
        done = await storage.finished_match(table_id)
        if done is None:
            return None
        seating, people = _seating(done.seats)
        try:
            record = Record.loads(done.record)
        except RecordError:
            return None
        return _Found(done.guild_id, done.lang, seating, people, record, done.record, True)

    async def progress(self, table_id: int) -> Progress | None:
        live = self.manager.registry.by_id(table_id)
        match = None if live is None else live.table.match
        if live is not None and live.table.status is TableStatus.PLAYING and match is not None:
            return progress_of(match.record, False)  # hosted here: counted in memory, nothing copied
        found = await self._find(table_id)
        return None if found is None else progress_of(found.record, found.finished)

    async def shown(self, table_id: int) -> Shown | None:
        """The match's book (built off the event loop, then kept), or None when there is no such match."""
        found = await self._find(table_id)
        if found is None:
            return None
        key = (table_id, found.record.placements, found.finished)
        kept = self._books.get(key)
        if kept is not None:
            self._books.move_to_end(key)
            return kept
        try:
            book = await asyncio.to_thread(
                build_book,
                table_id,
                found.guild_id,
                found.seating,
                found.people,
                found.record,
                finished=found.finished,
            )
        except RecordError:
            return None
        shown = Shown(book, found.lang, found.guild_id, found.text)
        self._books[key] = shown
        while len(self._books) > BOOKS_KEPT:
            self._books.popitem(last=False)
        return shown
