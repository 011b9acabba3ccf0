"""What this server's finished matches and players say: the history, one finished match, stats, ratings.

Read-only, apart from a small cache: nothing here changes a table. The manager owns one
(`manager.archive`) and tells it when a table of a server ends, so the history autocomplete
reads that server's matches again. No Discord import here.
"""

from __future__ import annotations

import asyncio
import logging
import time

from engine import Match, Record

from ... import texts
from ...model.posts import Picture
from ...model.seating import Seating
from ...storage import FinishedRow, Storage, StorageUnavailableError
from ...texts.i18n import pick_locale
from ..pictures import Renderer, pictured
from ..ratings import rating_math
from ..refusal import Refusal

log = logging.getLogger(__name__)


HISTORY_CACHE_S = 60.0  # the history autocomplete reads the server's matches again after this long
BOARD_SIZE = 10  # the people /five-up leaderboard lists; /five-up stats names the reader's place among them


class MatchArchive:
    """The finished matches of every server, and its players' records and ratings, as the commands show them."""

    def __init__(self, storage: Storage, renderer: Renderer) -> None:
        self.storage = storage
        self.renderer = renderer
        # guild -> (when read, [(match number, seat names)]): what the history autocomplete shows
        self._history_index: dict[int | None, tuple[float, list[tuple[int, tuple[str, ...]]]]] = {}

    def forget_index(self, guild_id: int | None) -> None:
        """A match of this server may just have ended: its autocomplete reads the matches again."""
        self._history_index.pop(guild_id, None)

    async def history(self, *, guild_id: int | None, locale: str) -> str:
        """This server's recent finished matches: number, date, players and final score."""
        try:
            found = await self.storage.finished_matches(guild_id)
        except StorageUnavailableError as e:
            log.warning("history for guild %s not read: the database is unavailable (%s)", guild_id, e)
            raise Refusal("db-unavailable") from None
        finals = await asyncio.to_thread(lambda: [_final(row) for row in found])
        lines = [
            texts.history_line(locale, row.id, row.finished_at, names, match.scores, ended_early=row.ended_early)
            for row, (names, match) in zip(found, finals, strict=True)
        ]
        return texts.history_text(locale, lines)

    async def history_choices(self, *, guild_id: int | None, locale: str) -> list[tuple[int, str]]:
        """(match number, label) of this server's recent finished matches, for the autocomplete.

        Every keystroke asks, so the numbers and names are kept per server (not the records) and
        read again only when a table of that server ends here, or after HISTORY_CACHE_S."""
        now = time.monotonic()
        cached = self._history_index.get(guild_id)
        if cached is None or now - cached[0] > HISTORY_CACHE_S:
            try:
                found = await self.storage.finished_matches(guild_id)
            except StorageUnavailableError:
                return []  # no suggestions this keystroke; the command itself says what is wrong
            cached = (now, [(row.id, tuple(s.name for s in row.seats)) for row in found])
            self._history_index[guild_id] = cached
        return [(table_id, texts.history_choice(locale, table_id, list(names))) for table_id, names in cached[1]]

    async def finished(
        self, *, guild_id: int | None, table_id: int, locale: str
    ) -> tuple[str, str, tuple[Picture, ...]]:
        """One finished match of this server: a line about it, its record (as stored), and its final
        picture, drawn from the replayed record on a worker thread."""
        row = await self.storage.finished_match(table_id)
        if row is None or row.guild_id != guild_id:
            raise Refusal("no-such-match", id=table_id)
        renderer = self.renderer
        lang = pick_locale(locale)
        labels = texts.picture_labels(lang)
        computers = frozenset(i for i, s in enumerate(row.seats) if s.user_id is None)

        def replay_and_draw() -> tuple[tuple[str, ...], Match, tuple[Picture, ...]]:
            names, match = _final(row)
            shown = pictured(match)  # the match's last picture, as its thread showed it
            drawn = renderer.table(shown.snapshot, names=names, settlement=shown.settlement, labels=labels)
            said = texts.table_alt(lang, Seating(names, computers), *shown)  # in the reader's language
            return names, match, tuple(p.described(said) for p in drawn)

        names, match, pictures = await asyncio.to_thread(replay_and_draw)
        text = texts.history_match(locale, row.id, row.finished_at, names, match.scores, ended_early=row.ended_early)
        return text, row.record, pictures

    async def stats(self, *, guild_id: int | None, user_id: int, locale: str) -> str:
        """The caller's own record and rating, and their place on the server's one leaderboard (the
        board itself is `leaderboard`); a database not answering is said as such."""
        key = rating_math.person_key(user_id)
        try:
            mine = await self.storage.player_stats(guild_id, user_id)
            rating = board = None
            if guild_id is not None and (rating := await self.storage.rating(guild_id, key)) is not None:
                board = await self.storage.ratings(guild_id, "user", BOARD_SIZE)
        except StorageUnavailableError as e:
            log.warning("stats for guild %s not read: the database is unavailable (%s)", guild_id, e)
            raise Refusal("db-unavailable") from None
        place = next((rank for rank, row in enumerate(board or (), start=1) if row.player == key), None)
        return texts.stats_text(locale, mine, rating, place, BOARD_SIZE)

    async def leaderboard(self, *, guild_id: int | None, locale: str) -> str:
        """This server's one leaderboard: its top people by rating (μ − 3σ), and its computer levels'."""
        if guild_id is None:
            return texts.leaderboard_text(locale, [])
        try:
            people = await self.storage.ratings(guild_id, "user", BOARD_SIZE)
            computers = await self.storage.ratings(guild_id, "computer")
        except StorageUnavailableError as e:
            log.warning("ratings for guild %s not read: the database is unavailable (%s)", guild_id, e)
            raise Refusal("db-unavailable") from None
        return texts.leaderboard_text(locale, people, computers)


def _final(row: FinishedRow) -> tuple[tuple[str, ...], Match]:
    """A finished match replayed from its record: the names at its seats, and the match as it ended."""
    return tuple(s.name for s in row.seats), Match.replay(Record.loads(row.record))
