"""A server's settings in storage, on both backends: saved, read back, replaced whole by the next save,
one server's apart from another's; read by the server desk as the host applies them; and carried by
`python -m bot.storage copy`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from support.storage_raw import Backend

from bot.host.servers.server_desk import ServerDesk
from bot.model.pace import Pace
from bot.model.server_settings import DEFAULT_SETTINGS, ServerSettings
from bot.storage import ServerSettingsRow, Storage, open_storage

pytest_plugins = ["support.storage_backends"]

ROOT = Path(__file__).resolve().parents[2]
KOREAN_DAY = ServerSettingsRow(
    guild_id=9, lang="ko", pace="1d", channels="101 102", computers=False, rated=False, cap=3
)


async def test_settings_are_saved_read_back_and_replaced_whole(storage: Storage) -> None:
    assert await storage.server_settings(9) is None  # a fresh server has no row: the defaults apply
    await storage.save_server_settings(KOREAN_DAY)
    assert await storage.server_settings(9) == KOREAN_DAY
    other = ServerSettingsRow(guild_id=8, lang=None, pace="live", channels="", computers=True, rated=True, cap=10)
    await storage.save_server_settings(other)
    replaced = ServerSettingsRow(guild_id=9, lang=None, pace="3d", channels="", computers=True, rated=True, cap=50)
    await storage.save_server_settings(replaced)
    assert await storage.server_settings(9) == replaced  # every column the new save's, none left from before
    assert await storage.server_settings(8) == other  # another server unaffected
    assert await storage.server_settings(7) is None


async def test_the_desk_changes_one_setting_at_a_time_and_keeps_the_rest(storage: Storage) -> None:
    desk = ServerDesk(storage)
    assert await desk.settings(9) == DEFAULT_SETTINGS
    await desk.set_pace(9, Pace.DAY)
    await desk.allow_channel(9, 101)
    await desk.allow_channel(9, 102)
    await desk.set_computers(9, False)
    await desk.set_rated(9, False)
    await desk.set_lang(9, "ko")
    now = await desk.set_cap(9, 3)
    assert now == ServerSettings("ko", Pace.DAY, (101, 102), False, False, 3)
    assert await storage.server_settings(9) == KOREAN_DAY
    assert await ServerDesk(storage).settings(9) == now  # as a new process reads it
    assert await desk.settings(8) == DEFAULT_SETTINGS
    await desk.disallow_channel(9, 101)
    assert (await desk.settings(9)).channels == (102,)
    assert (await desk.allow_everywhere(9)).channels == ()
    assert await desk.settings(9) == ServerSettings("ko", Pace.DAY, (), False, False, 3)


async def test_a_damaged_row_reads_as_the_defaults_until_an_admin_sets_them(storage: Storage) -> None:
    desk = ServerDesk(storage)
    for damaged in (
        ServerSettingsRow(guild_id=9, lang="fr", pace="1d", channels="", computers=True, rated=True, cap=3),
        ServerSettingsRow(guild_id=9, lang=None, pace="2d", channels="", computers=True, rated=True, cap=3),
        ServerSettingsRow(guild_id=9, lang=None, pace="1d", channels="#games", computers=True, rated=True, cap=3),
        ServerSettingsRow(guild_id=9, lang=None, pace="1d", channels="", computers=True, rated=True, cap=0),
    ):
        await storage.save_server_settings(damaged)
        assert await desk.settings(9) == DEFAULT_SETTINGS
    assert await desk.set_cap(9, 4) == ServerSettings(cap=4)  # a change starts again from the defaults
    assert await storage.server_settings(9) == ServerSettingsRow(9, None, "live", "", True, True, 4)


async def test_the_copy_carries_each_servers_settings(sqlite_backend: Backend, postgres_backend: Backend) -> None:
    for source_backend, target_backend in ((sqlite_backend, postgres_backend), (postgres_backend, sqlite_backend)):
        source = await source_backend.target()
        storage = await open_storage(source)
        try:
            await storage.save_server_settings(KOREAN_DAY)
            await storage.save_server_settings(ServerSettingsRow(8, "es", "live", "", True, True, 10))
        finally:
            await storage.close()
        target = await target_backend.target()
        done = subprocess.run(
            [sys.executable, "-m", "bot.storage", "copy", source, target],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert "2 server_settings" in done.stdout
        copied = await open_storage(target)
        try:
            assert await copied.server_settings(9) == KOREAN_DAY
            assert await copied.server_settings(8) == ServerSettingsRow(8, "es", "live", "", True, True, 10)
        finally:
            await copied.close()
