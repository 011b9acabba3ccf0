"""The queries of what is kept per player: whether they are mentioned on their turn, when they are away,
whether reminders come by direct message, and the stats of their results.

Written once for both backends (`?` placeholders); NULL-safe equality is the dialect's one word.
"""

from __future__ import annotations

from collections.abc import Sequence

from .backend_hooks import BackendHooks
from .dialect import Row, marks, real, whole
from .row_decoders import PLAYER_SETTINGS_COLUMNS, decode_player_settings
from .rows import PlayerSettingsRow, PlayerStats

# One setting written alone: a new row takes the defaults of the others (ping has none in the schema: on).
_SET_ONE = (
    "INSERT INTO player_settings (user_id, ping, {column}) VALUES (?, ?, ?)"
    " ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column}"
)


class PlayerQueries(BackendHooks):
    """Player settings, the leaderboard and one player's stats (always every shard)."""

    async def ping_off(self, user_ids: Sequence[int]) -> set[int]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return set()
        async with self._read() as session:
            rows = await session.fetch(
                f"SELECT user_id FROM player_settings WHERE NOT ping AND user_id IN ({marks(len(ids))})", *ids
            )
        return {whole(row["user_id"]) for row in rows}

    async def set_ping(self, user_id: int, on: bool) -> None:
        async with self._transaction() as session:
            await session.execute(
                "INSERT INTO player_settings (user_id, ping) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET ping = excluded.ping",
                user_id,
                on,
            )

    async def player_settings(self, user_id: int) -> PlayerSettingsRow:
        async with self._read() as session:
            row = await session.fetchone(
                f"SELECT {', '.join(PLAYER_SETTINGS_COLUMNS)} FROM player_settings WHERE user_id = ?", user_id
            )
        return decode_player_settings(row)

    async def set_away(self, user_id: int, until: float | None) -> None:
        async with self._transaction() as session:
            await session.execute(_SET_ONE.format(column="away_until"), user_id, True, until)

    async def set_dm_reminders(self, user_id: int, on: bool) -> None:
        async with self._transaction() as session:
            await session.execute(_SET_ONE.format(column="dm_reminders"), user_id, True, on)

    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        async with self._read() as session:
            rows = await session.fetch(
                f"SELECT r.user_id, {self._latest_name('r.user_id')}, {_TOTALS} FROM results r"
                f" WHERE r.guild_id {self.dialect.same} ? GROUP BY r.user_id"
                " ORDER BY wins DESC, matches DESC, r.user_id LIMIT ?",
                guild_id,
                guild_id,
                limit,
            )
        return [_stats(whole(row["user_id"]), row) for row in rows]

    async def player_stats(self, guild_id: int | None, user_id: int) -> PlayerStats | None:
        async with self._read() as session:
            row = await session.fetchone(
                f"SELECT {self._latest_name('?')}, {_TOTALS} FROM results r"
                f" WHERE r.guild_id {self.dialect.same} ? AND r.user_id = ?",
                user_id,
                guild_id,
                guild_id,
                user_id,
            )
        if row is None or not row["matches"]:
            return None
        return _stats(user_id, row)

    def _latest_name(self, user: str) -> str:
        """The column `name`: the player's name at their latest result in the server (its `?` takes the server)."""
        return (
            f"(SELECT latest.name FROM results latest WHERE latest.user_id = {user}"
            f" AND latest.guild_id {self.dialect.same} ? ORDER BY latest.finished_at DESC LIMIT 1) AS name"
        )


_TOTALS = "COUNT(*) AS matches, SUM(CAST(r.won AS INTEGER)) AS wins, AVG(r.points) AS average"


def _stats(user_id: int, row: Row) -> PlayerStats:
    return PlayerStats(user_id, str(row["name"]), whole(row["matches"]), whole(row["wins"]), real(row["average"]))
