"""Ratings kept in storage: a finished match rated as it ends, and a server's ratings rebuilt from its records.

`python -m bot.host.ratings.rating_keeper DATABASE [--server ID ...]` rebuilds them (every server by default):
DATABASE is the SQLite file or postgresql:// URL the bot uses. Exit status 0 when rebuilt, 2 for a
wrong command line, 3 when the database cannot be used (one line says why; nothing is changed).

The figures come from bot/host/ratings/rating_math.py alone (pure); this module only reads and writes them. A
match is rated inside one storage transaction that also reads the ratings it starts from, so
two matches of a server ending together never rate from the same old figures. No Discord here.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from engine import Match, Record

from ...model.rating_change import Change, Rating
from ...model.table_state import Table
from ...storage import (
    RatedMatch,
    RatingChangeRow,
    RatingRow,
    SeatRow,
    Storage,
    StorageOpenError,
    is_postgres_url,
    open_storage,
)
from . import rating_math
from .rating_math import Standing

log = logging.getLogger(__name__)


async def rate_finished(storage: Storage, table: Table) -> list[Change]:
    """Rate a match that has just ended (its result is already stored); its changes, seat by seat.

    A match that is not rated (no server, or every person's seat played by a computer at the end)
    is noted as such, so a rebuild leaves it out too, and gives no changes."""
    match = table.match
    assert match is not None
    if table.guild_id is None:
        return []
    if not table.rated or not rating_math.is_rated(table.guild_id, match, table.seats, table.away, table.forfeit_seat):
        await storage.skip_rating(table.id, table.guild_id)
        return []
    seats = list(table.seats)
    names = {rating_math.key_of(s): s.name if s.user_id is not None else (s.level or "normal") for s in seats}
    found: list[Change] = []

    def update(stored: Mapping[str, RatingRow]) -> tuple[list[RatingChangeRow], list[RatingRow]]:
        standings = {key: _standing(row) for key, row in stored.items()}
        before, played = _before(standings)
        changes = rating_math.rate(match, seats, before, table.forfeit_seat, played)
        rating_math.apply(standings, changes)
        found[:] = changes
        touched = {c.key for c in changes}
        return [_change_row(c) for c in changes], [_rating_row(k, names[k], standings[k]) for k in sorted(touched)]

    await storage.rate_match(table.id, table.guild_id, sorted(names), update)
    return found


async def rebuild(storage: Storage, guild_id: int) -> dict[str, Standing]:
    """A server's ratings again from its stored records, in the order its matches ended; the
    stored figures are replaced by them (and returned). A match noted as not rated stays out."""
    found = await storage.rated_matches(guild_id)
    standings, changes, names = await asyncio.to_thread(_replay, found)
    await storage.replace_ratings(
        guild_id, changes, [_rating_row(key, names[key], s) for key, s in sorted(standings.items())]
    )
    return standings


def _replay(
    found: Sequence[RatedMatch],
) -> tuple[dict[str, Standing], dict[int, list[RatingChangeRow]], dict[str, str]]:
    standings: dict[str, Standing] = {}
    changes: dict[int, list[RatingChangeRow]] = {}
    names: dict[str, str] = {}
    for row in found:
        if row.rated is False:
            continue
        try:
            match = Match.replay(Record.loads(row.record))
        except Exception as e:  # a damaged record costs its own match, not the server's ratings
            log.error("match %s cannot be replayed for the ratings (%s); left out", row.table_id, e)
            continue
        if len(row.seats) != match.players or not rating_math.is_rated(0, match, row.seats, (), row.forfeit_seat):
            continue
        current, played = _before(standings)
        made = rating_math.rate(match, row.seats, current, row.forfeit_seat, played)
        rating_math.apply(standings, made)
        changes[row.table_id] = [_change_row(c) for c in made]
        names.update({rating_math.key_of(s): _name(s) for s in row.seats})
    return standings, changes, names


def _before(standings: Mapping[str, Standing]) -> tuple[dict[str, Rating], dict[str, int]]:
    """The ratings a match starts from, and each player's rated matches so far (for the provisional mark)."""
    return {key: s.rating for key, s in standings.items()}, {key: s.matches for key, s in standings.items()}


def _name(seat: SeatRow) -> str:
    return seat.name if seat.user_id is not None else (seat.level or "normal")


def _standing(row: RatingRow) -> Standing:
    return Standing(Rating(row.mu, row.sigma), row.matches, row.wins, row.last_delta)


def _rating_row(key: str, name: str, standing: Standing) -> RatingRow:
    r = standing.rating
    return RatingRow(key, name, r.mu, r.sigma, standing.matches, standing.wins, standing.last_delta)


def _change_row(change: Change) -> RatingChangeRow:
    b, a = change.before, change.after
    return RatingChangeRow(change.seat, change.key, b.mu, b.sigma, a.mu, a.sigma, change.won)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.host.ratings.rating_keeper",
        description="Rebuild the ratings of every server (or of those named) from the stored match records.",
    )
    parser.add_argument("database", metavar="DATABASE", help="the SQLite file or postgresql:// URL the bot uses")
    parser.add_argument("--server", type=int, action="append", metavar="ID", help="only this server (repeatable)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    return asyncio.run(_rebuild_all(args.database, args.server))


async def _rebuild_all(target: str, servers: list[int] | None) -> int:
    if not is_postgres_url(target) and not Path(target).is_file():
        print(f"cannot rebuild the ratings: there is no database at {target}", file=sys.stderr)
        return 3  # not made: opening a SQLite path that is not there would create an empty database
    try:
        storage = await open_storage(target)
    except StorageOpenError as e:
        print(f"cannot rebuild the ratings: {e}", file=sys.stderr)
        return 3
    try:
        chosen = servers or await storage.rated_servers()
        if not chosen:
            print("no server has a finished match: nothing to rebuild")
        for guild_id in chosen:
            standings = await rebuild(storage, guild_id)
            people = sum(1 for key in standings if rating_math.user_of(key) is not None)
            print(f"server {guild_id}: rebuilt, {people} people and {len(standings) - people} computer levels rated")
    finally:
        await storage.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
