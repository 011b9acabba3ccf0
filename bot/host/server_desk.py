"""Each server's settings as the host applies them (coordinator's interim version; replaced at merge)."""

from __future__ import annotations

import logging

from ..model.pace import Pace
from ..model.server_settings import DEFAULT_SETTINGS, ServerSettings
from ..storage import Storage, StorageUnavailableError
from .refusal import Refusal

log = logging.getLogger(__name__)


class ServerDesk:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def settings(self, guild_id: int | None) -> ServerSettings:
        if guild_id is None:
            return DEFAULT_SETTINGS
        try:
            row = await self.storage.server_settings(guild_id)
        except StorageUnavailableError as e:  # nothing can open or join now anyway: say so, as a write would
            log.warning("the settings of server %s not read: the database is unavailable (%s)", guild_id, e)
            raise Refusal("not-saved") from None
        if row is None:
            return DEFAULT_SETTINGS
        try:
            channels = tuple(int(c) for c in row.channels.split())
            return ServerSettings(row.lang, Pace(row.pace), channels, row.computers, row.rated, row.cap)
        except ValueError as e:  # a damaged row: the defaults apply until an admin sets them again
            log.warning("the settings of server %s cannot be read (%s); the defaults apply", guild_id, e)
            return DEFAULT_SETTINGS

    @staticmethod
    def check_open(settings: ServerSettings, *, channel_id: int, parent_id: int | None, bots: int) -> None:
        if not settings.allows(channel_id, parent_id):
            raise Refusal("channel-not-allowed", channels=", ".join(f"<#{c}>" for c in settings.channels))
        if bots and not settings.computers:
            raise Refusal("computers-off")
