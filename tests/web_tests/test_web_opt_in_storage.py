"""A server's web page setting in storage, on both backends: off by default, turned on and off by the server desk
(as `/five-up-admin web` does), kept apart from the other settings (migration 0010)."""

from __future__ import annotations

from bot.host.server_desk import ServerDesk
from bot.model.pace import Pace
from bot.storage import Storage

pytest_plugins = ["support.storage_backends"]


async def test_the_web_page_is_off_until_turned_on_and_keeps_the_other_settings(storage: Storage) -> None:
    desk = ServerDesk(storage)
    assert not (await desk.settings(9)).web
    await desk.set_pace(9, Pace.DAY)
    assert (await storage.server_settings(9)).web is False  # type: ignore[union-attr]
    on = await desk.set_web(9, True)
    assert on.web and on.pace is Pace.DAY
    row = await storage.server_settings(9)
    assert row is not None and row.web is True and row.pace == Pace.DAY.value
    assert not (await desk.settings(8)).web  # another server stays off
    await desk.set_cap(9, 4)
    assert (await desk.settings(9)).web  # a later change keeps it
    assert not (await desk.set_web(9, False)).web
    assert (await storage.server_settings(9)).web is False  # type: ignore[union-attr]
