"""What is kept per player: whether they are mentioned on their turn, and the stats of their results.

Written once for both backends (`?` placeholders); NULL-safe equality is the dialect's one word.
"""

from __future__ import annotations

from collections.abc import Sequence

from .dialect import marks, real, whole
from .hooks import BackendHooks
from .rows import PlayerStats


class PlayerRows(BackendHooks):
    """Ping settings, the leaderboard and one player's stats (always every shard)."""

    async def ping_off(self, user_ids: Sequence[int]) -> set[int]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return set()
        async with self._read() as session:
            rows = await session.fetch(
                f"SELECT user_id FROM player_settings WHERE NOT ping AND user_id IN ({marks(len(ids))})", *ids
            )
        return {whole(row[0]) for row in rows}

    async def set_ping(self, user_id: int, on: bool) -> None:
        async with self._transaction() as session:
            await session.execute(
                "INSERT INTO player_settings (user_id, ping) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET ping = excluded.ping",
                user_id,
                on,
            )

    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        same = self.dialect.same
        async with self._read() as session:
            rows = await session.fetch(
                "SELECT user_id, (SELECT name FROM results r2 WHERE r2.user_id = r.user_id"
                f" AND r2.guild_id {same} ? ORDER BY finished_at DESC LIMIT 1),"
                " COUNT(*), SUM(CAST(won AS INTEGER)), AVG(points) FROM results r"
                f" WHERE guild_id {same} ? GROUP BY user_id"
                " ORDER BY SUM(CAST(won AS INTEGER)) DESC, COUNT(*) DESC, user_id LIMIT ?",
                guild_id,
                guild_id,
                limit,
            )
        return [PlayerStats(whole(u), str(n), whole(m), whole(w), real(a)) for u, n, m, w, a in rows]

    async def player_stats(self, guild_id: int | None, user_id: int) -> PlayerStats | None:
        same = self.dialect.same
        async with self._read() as session:
            row = await session.fetchone(
                "SELECT COUNT(*), SUM(CAST(won AS INTEGER)), AVG(points), (SELECT name FROM results"
                f" WHERE guild_id {same} ? AND user_id = ? ORDER BY finished_at DESC LIMIT 1)"
                f" FROM results WHERE guild_id {same} ? AND user_id = ?",
                guild_id,
                user_id,
                guild_id,
                user_id,
            )
        if row is None or not row[0]:
            return None
        matches, wins, average, name = row
        return PlayerStats(user_id, str(name), whole(matches), whole(wins), real(average))
