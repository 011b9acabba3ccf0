"""The queries of a server's settings (what its admins set with /five-up-admin): read one, store one whole.

Written once for both backends (`?` placeholders).
"""

from __future__ import annotations

from .backend_hooks import BackendHooks
from .dialect import Row, whole
from .rows import ServerSettingsRow

_COLUMNS = ("guild_id", "lang", "pace", "channels", "computers", "rated", "cap", "web")


class ServerQueries(BackendHooks):
    """A server's settings (always every shard)."""

    async def server_settings(self, guild_id: int) -> ServerSettingsRow | None:
        async with self._read() as session:
            row = await session.fetchone(
                f"SELECT {', '.join(_COLUMNS)} FROM server_settings WHERE guild_id = ?", guild_id
            )
        return None if row is None else _decode(row)

    async def save_server_settings(self, row: ServerSettingsRow) -> None:
        replaced = ", ".join(f"{c} = excluded.{c}" for c in _COLUMNS[1:])
        async with self._transaction() as session:
            await session.execute(
                f"INSERT INTO server_settings ({', '.join(_COLUMNS)}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                f" ON CONFLICT (guild_id) DO UPDATE SET {replaced}",
                row.guild_id,
                row.lang,
                row.pace,
                row.channels,
                row.computers,
                row.rated,
                row.cap,
                row.web,
            )


def _decode(raw: Row) -> ServerSettingsRow:
    lang, pace, channels = raw["lang"], raw["pace"], raw["channels"]
    if not (lang is None or isinstance(lang, str)) or not isinstance(pace, str) or not isinstance(channels, str):
        raise TypeError(f"server settings: expected text, found {lang!r}, {pace!r}, {channels!r}")
    return ServerSettingsRow(
        guild_id=whole(raw["guild_id"]),
        lang=lang,
        pace=pace,
        channels=channels,
        computers=bool(raw["computers"]),
        rated=bool(raw["rated"]),
        cap=whole(raw["cap"]),
        web=bool(raw["web"]),
    )
