"""Each server's settings (what its admins set with `/five-up-admin`): read for every table that opens
or is joined, changed and stored whole by the admin command; a table keeps what it was opened with."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace

from ...model.pace import Pace
from ...model.server_settings import DEFAULT_SETTINGS, MAX_CHANNELS, ServerSettings
from ...storage import ServerSettingsRow, Storage, StorageUnavailableError
from ...texts.i18n import SUPPORTED
from ..refusal import Refusal

log = logging.getLogger(__name__)

_Change = Callable[[ServerSettings], ServerSettings]  # one admin's change, applied to the settings as stored


class ServerDesk:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._changing = asyncio.Lock()  # one change at a time: each reads the row, changes one thing, stores it whole

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
            return _settings(row)
        except ValueError as e:  # a damaged row: the defaults apply until an admin sets them again
            log.warning("the settings of server %s cannot be read (%s); the defaults apply", guild_id, e)
            return DEFAULT_SETTINGS

    @staticmethod
    def check_open(settings: ServerSettings, *, channel_id: int, parent_id: int | None, bots: int) -> None:
        if not settings.allows(channel_id, parent_id):
            raise Refusal("channel-not-allowed", channels=", ".join(f"<#{c}>" for c in settings.channels))
        if bots and not settings.computers:
            raise Refusal("computers-off")

    # -- what the admins change ------------------------------------------------------------------

    async def set_lang(self, guild_id: int, lang: str | None) -> ServerSettings:
        """New tables' language when `/five-up start` names none (None: as without settings)."""
        if lang is not None and lang not in SUPPORTED:
            raise ValueError(f"no catalog for {lang!r}")
        return await self._change(guild_id, lambda s: replace(s, lang=lang))

    async def set_pace(self, guild_id: int, pace: Pace) -> ServerSettings:
        return await self._change(guild_id, lambda s: replace(s, pace=pace))

    async def set_computers(self, guild_id: int, allowed: bool) -> ServerSettings:
        return await self._change(guild_id, lambda s: replace(s, computers=allowed))

    async def set_rated(self, guild_id: int, rated: bool) -> ServerSettings:
        return await self._change(guild_id, lambda s: replace(s, rated=rated))

    async def set_web(self, guild_id: int, on: bool) -> ServerSettings:
        """The server's page on the web (bot/web/server_page.py) shown or not."""
        return await self._change(guild_id, lambda s: replace(s, web=on))

    async def set_cap(self, guild_id: int, cap: int) -> ServerSettings:
        return await self._change(guild_id, lambda s: replace(s, cap=cap))  # outside 1..MAX_CAP: ValueError

    async def allow_channel(self, guild_id: int, channel_id: int) -> ServerSettings:
        """One more channel on the allow-list (refused once it names MAX_CHANNELS)."""

        def added(settings: ServerSettings) -> ServerSettings:
            if channel_id not in settings.channels and len(settings.channels) >= MAX_CHANNELS:
                raise Refusal("admin-channels-full", max=MAX_CHANNELS)
            return settings.with_channel(channel_id)

        return await self._change(guild_id, added)

    async def disallow_channel(self, guild_id: int, channel_id: int) -> ServerSettings:
        """A channel off the allow-list; one that is not on it is refused, naming it."""

        def removed(settings: ServerSettings) -> ServerSettings:
            if channel_id not in settings.channels:
                raise Refusal("admin-channel-not-listed", channel=f"<#{channel_id}>")
            return settings.without_channel(channel_id)

        return await self._change(guild_id, removed)

    async def allow_everywhere(self, guild_id: int) -> ServerSettings:
        return await self._change(guild_id, lambda s: replace(s, channels=()))

    async def _change(self, guild_id: int, change: _Change) -> ServerSettings:
        """The server's settings as they are now, changed by `change`, stored whole; what is now set."""
        async with self._changing:
            changed = change(await self.settings(guild_id))
            try:
                await self.storage.save_server_settings(_row(guild_id, changed))
            except StorageUnavailableError as e:
                log.warning("the settings of server %s not saved: the database is unavailable (%s)", guild_id, e)
                raise Refusal("not-saved") from None
        log.info("server %s: settings now %s", guild_id, changed)
        return changed


def _settings(row: ServerSettingsRow) -> ServerSettings:
    """A stored row as the host reads it (ValueError for one no admin could have saved)."""
    if row.lang is not None and row.lang not in SUPPORTED:
        raise ValueError(f"language {row.lang!r}")
    channels = tuple(int(c) for c in row.channels.split())
    return ServerSettings(row.lang, Pace(row.pace), channels, row.computers, row.rated, row.cap, row.web)


def _row(guild_id: int, settings: ServerSettings) -> ServerSettingsRow:
    return ServerSettingsRow(
        guild_id=guild_id,
        lang=settings.lang,
        pace=settings.pace.value,
        channels=" ".join(str(c) for c in settings.channels),
        computers=settings.computers,
        rated=settings.rated,
        cap=settings.cap,
        web=settings.web,
    )
