"""The queries of tournaments (bot/model/tournament.py): events, their entrants in join order, their games.

Written once for both backends (`?` placeholders). An event's save is version-checked like a table's
(`EventMovedOnError` on a stale copy); entrants and games are written by their own small statements,
each its own transaction, so every step of an event survives a restart.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.model.pace import OnTimeout, Pace
from bot.model.tournament import GAME_HOWS, Entrant, Event, EventStatus, Format, Game

from .backend_hooks import BackendHooks
from .dialect import Row, real, whole
from .storage_errors import EventMovedOnError
from .table_read_queries import shard_clause

_EVENT = (
    "id",
    "guild_id",
    "channel_id",
    "organiser_id",
    "name",
    "format",
    "rounds",
    "pace",
    "on_timeout",
    "rated",
    "close_at",
    "status",
    "round",
    "message_id",
    "version",
    "lang",
    "round_deadline",
)
_GAME = (
    "round",
    "first_id",
    "second_id",
    "table_id",
    "winner",
    "first_points",
    "second_points",
    "how",
    "thread_id",
    "opening_id",
)
_SELECT_EVENT = f"SELECT {', '.join(_EVENT)} FROM tournaments"
_SELECT_GAME = f"SELECT {', '.join(_GAME)} FROM tournament_games"


class TournamentQueries(BackendHooks):
    """Create, read and save events; sign-ups and withdrawals; a round's games and their results."""

    async def create_event(self, event: Event) -> int:
        async with self._transaction() as session:
            event_id = await session.fetchval(
                f"INSERT INTO tournaments ({', '.join(_EVENT[1:])}) VALUES ({', '.join('?' * (len(_EVENT) - 1))})"
                " RETURNING id",
                event.guild_id,
                event.channel_id,
                event.organiser_id,
                event.name,
                event.format.value,
                event.rounds,
                event.pace.value,
                event.on_timeout.value,
                event.rated,
                event.close_at,
                event.status.value,
                event.round,
                event.message_id,
                event.version,
                event.lang,
                event.round_deadline,
            )
        return whole(event_id)

    async def event(self, event_id: int) -> Event | None:
        async with self._read() as session:
            row = await session.fetchone(f"{_SELECT_EVENT} WHERE id = ?", event_id)
        return None if row is None else decode_event(row)

    async def events(self, guild_id: int, *, open_only: bool = False) -> list[Event]:
        where = " AND status <> 'over'" if open_only else ""
        async with self._read() as session:
            rows = await session.fetch(f"{_SELECT_EVENT} WHERE guild_id = ?{where} ORDER BY id DESC", guild_id)
        return [decode_event(r) for r in rows]

    async def events_due(self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None) -> list[Event]:
        shards, args = shard_clause(shard_count, shard_ids)
        async with self._read() as session:
            rows = await session.fetch(
                f"{_SELECT_EVENT} t WHERE status <> 'over'"
                f" AND (status = 'running' OR (status = 'signup' AND close_at IS NOT NULL)){shards} ORDER BY id",
                *args,
            )
        return [decode_event(r) for r in rows]

    async def save_event(self, event: Event) -> None:
        async with self._transaction() as session:
            version = await session.fetchval(
                "UPDATE tournaments SET status = ?, round = ?, rounds = ?, message_id = ?, round_deadline = ?,"
                " version = version + 1 WHERE id = ? AND version = ? RETURNING version",
                event.status.value,
                event.round,
                event.rounds,
                event.message_id,
                event.round_deadline,
                event.id,
                event.version,
            )
        if version is None:
            raise EventMovedOnError(event.id, event.version)
        event.version = whole(version)

    async def add_entrant(self, event_id: int, entrant: Entrant) -> bool:
        async with self._transaction() as session:
            added = await session.fetchval(
                "INSERT INTO tournament_entrants (event_id, user_id, seq, name, rating, withdrawn_round)"
                " SELECT ?, ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ? FROM tournament_entrants WHERE event_id = ?"
                " ON CONFLICT (event_id, user_id) DO NOTHING RETURNING user_id",
                event_id,
                entrant.user_id,
                entrant.name,
                entrant.rating,
                entrant.withdrawn_round,
                event_id,
            )
        return added is not None

    async def remove_entrant(self, event_id: int, user_id: int) -> bool:
        async with self._transaction() as session:
            removed = await session.fetchval(
                "DELETE FROM tournament_entrants WHERE event_id = ? AND user_id = ? RETURNING user_id",
                event_id,
                user_id,
            )
        return removed is not None

    async def withdraw_entrant(self, event_id: int, user_id: int, round_no: int) -> None:
        async with self._transaction() as session:
            await session.execute(
                "UPDATE tournament_entrants SET withdrawn_round = ? WHERE event_id = ? AND user_id = ?",
                round_no,
                event_id,
                user_id,
            )

    async def entrants(self, event_id: int) -> list[Entrant]:
        async with self._read() as session:
            rows = await session.fetch(
                "SELECT user_id, name, rating, withdrawn_round FROM tournament_entrants WHERE event_id = ?"
                " ORDER BY seq",
                event_id,
            )
        return [decode_entrant(r) for r in rows]

    async def add_games(self, event_id: int, games: Sequence[Game]) -> None:
        """Games are appended: each round's boards numbered after those it already has."""
        async with self._transaction() as session:
            boards: dict[int, int] = {}
            rows: list[tuple[object, ...]] = []
            for g in games:
                if g.round not in boards:
                    boards[g.round] = whole(
                        await session.fetchval(
                            "SELECT COUNT(*) FROM tournament_games WHERE event_id = ? AND round = ?", event_id, g.round
                        )
                    )
                boards[g.round] += 1
                board = boards[g.round]
                rows.append(
                    (event_id, g.round, board, g.first, g.second, g.table_id, g.winner, *_result(g), *_where(g))
                )
            await session.executemany(
                "INSERT INTO tournament_games (event_id, round, board, first_id, second_id, table_id, winner,"
                " first_points, second_points, how, thread_id, opening_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )

    async def set_game_table(self, event_id: int, round_no: int, first: int, table_id: int) -> None:
        await self._set_game(event_id, round_no, first, "table_id", table_id)

    async def set_game_thread(self, event_id: int, round_no: int, first: int, thread_id: int) -> None:
        await self._set_game(event_id, round_no, first, "thread_id", thread_id)

    async def set_game_opening(self, event_id: int, round_no: int, first: int, message_id: int) -> None:
        await self._set_game(event_id, round_no, first, "opening_id", message_id)

    async def _set_game(self, event_id: int, round_no: int, first: int, column: str, value: int) -> None:
        """One of a game's noted ids (`column` is one of ours, never a caller's text)."""
        async with self._transaction() as session:
            await session.execute(
                f"UPDATE tournament_games SET {column} = ? WHERE event_id = ? AND round = ? AND first_id = ?",
                value,
                event_id,
                round_no,
                first,
            )

    async def tables_opened_in(self, channel_id: int, host_id: int) -> list[int]:
        """Read by a table's channel, which no index covers: asked only for a game whose thread was noted
        and whose table was not (a crash between the two, or a match that could not start), which is rare."""
        async with self._read() as session:
            rows = await session.fetch(
                "SELECT id FROM tables WHERE channel_id = ? AND host_id = ? ORDER BY id DESC", channel_id, host_id
            )
        return [whole(r["id"]) for r in rows]

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
        if how not in GAME_HOWS:
            raise ValueError(f"a game cannot end {how!r}")
        async with self._transaction() as session:
            await session.execute(
                "UPDATE tournament_games SET winner = ?, first_points = ?, second_points = ?, how = ?"
                " WHERE event_id = ? AND round = ? AND first_id = ?",
                winner,
                first_points,
                second_points,
                how,
                event_id,
                round_no,
                first,
            )

    async def games(self, event_id: int) -> list[Game]:
        async with self._read() as session:
            rows = await session.fetch(f"{_SELECT_GAME} WHERE event_id = ? ORDER BY round, board", event_id)
        return [decode_game(r) for r in rows]

    async def game_of_table(self, table_id: int) -> tuple[int, Game] | None:
        async with self._read() as session:
            row = await session.fetchone(
                f"SELECT event_id, {', '.join(_GAME)} FROM tournament_games WHERE table_id = ?"
                " ORDER BY event_id DESC LIMIT 1",
                table_id,
            )
        return None if row is None else (whole(row["event_id"]), decode_game(row))


def decode_event(raw: Row) -> Event:
    """An event row; a damaged one (an unknown format, pace or status) is a ValueError."""
    name = raw["name"]
    if not isinstance(name, str):
        raise TypeError(f"tournament {raw['id']}: name {name!r} is not text")
    return Event(
        id=whole(raw["id"]),
        guild_id=whole(raw["guild_id"]),
        channel_id=whole(raw["channel_id"]),
        organiser_id=whole(raw["organiser_id"]),
        name=name,
        format=Format(_text(raw, "format")),
        rounds=whole(raw["rounds"]),
        pace=Pace(_text(raw, "pace")),
        on_timeout=OnTimeout(_text(raw, "on_timeout")),
        rated=bool(raw["rated"]),
        close_at=_real_or_none(raw["close_at"]),
        status=EventStatus(_text(raw, "status")),
        round=whole(raw["round"]),
        message_id=_whole_or_none(raw["message_id"]),
        version=whole(raw["version"]),
        lang=_text(raw, "lang"),
        round_deadline=_real_or_none(raw["round_deadline"]),
    )


def decode_entrant(raw: Row) -> Entrant:
    name = raw["name"]
    if not isinstance(name, str):
        raise TypeError(f"entrant {raw['user_id']}: name {name!r} is not text")
    return Entrant(whole(raw["user_id"]), name, real(raw["rating"]), _whole_or_none(raw["withdrawn_round"]))


def decode_game(raw: Row) -> Game:
    how = raw["how"]
    if not isinstance(how, str):
        raise TypeError(f"game: how {how!r} is not text")
    return Game(
        round=whole(raw["round"]),
        first=whole(raw["first_id"]),
        second=_whole_or_none(raw["second_id"]),
        table_id=_whole_or_none(raw["table_id"]),
        winner=_whole_or_none(raw["winner"]),
        first_points=whole(raw["first_points"]),
        second_points=whole(raw["second_points"]),
        how=how,
        thread_id=_whole_or_none(raw["thread_id"]),
        opening_id=_whole_or_none(raw["opening_id"]),
    )


def _result(game: Game) -> tuple[int, int, str]:
    return game.first_points, game.second_points, game.how


def _where(game: Game) -> tuple[int | None, int | None]:
    return game.thread_id, game.opening_id


def _text(raw: Row, column: str) -> str:
    value = raw[column]
    if not isinstance(value, str):
        raise TypeError(f"{column}: {value!r} is not text")
    return value


def _whole_or_none(value: object) -> int | None:
    return None if value is None else whole(value)


def _real_or_none(value: object) -> float | None:
    return None if value is None else real(value)
