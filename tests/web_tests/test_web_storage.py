"""The site on both backends: a server's web page setting, off by default, turned on and off by the server desk
(as `/five-up-admin web` does), kept apart from the other settings (migration 0010); and a match hosted by one
game manager followed live by the site of another on the same database, as between processes."""

from __future__ import annotations

import asyncio
import random

import aiohttp
from support.bot_host import CHANNEL, open_table, pick, running
from support.waiting import HANG

from bot.host.servers.server_desk import ServerDesk
from bot.model.pace import Pace
from bot.storage import Storage
from bot.web.match_ids import MatchIds
from bot.web.site import serving

IDS = MatchIds(b"web storage tests")

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


async def test_a_spectator_of_another_process_follows_the_match_from_the_store(target: str) -> None:
    """Two game managers on one database, as two processes would be: the site of the one that does not host the
    match follows it by reading the store (bot/web/live_feed.py), each placement within its poll."""
    async with running(target) as (host, recorder, _), running(target) as (other, _, _):
        table = await open_table(host, recorder, [1, 2])
        await host.start(user_id=1, locale="en", channel_id=CHANNEL)
        rng = random.Random(3)
        async with serving(other, IDS, host="127.0.0.1", port=0) as site, aiohttp.ClientSession() as session:
            assert not site.source.hosted_here(table.id)
            async with session.get(f"http://127.0.0.1:{site.port}/m/{IDS.key(table.id)}/live") as stream:
                for _ in range(4):
                    match = table.match
                    assert match is not None and match.turn is not None
                    option = pick(match.options(match.turn), rng)
                    user = table.seats[match.turn].user_id
                    await host.play(table_id=table.id, user_id=user, placement=option.placement, locale="en")
                    wanted = f'"steps": {match.record.placements},'.encode()
                    while wanted not in await asyncio.wait_for(stream.content.readuntil(b"\n\n"), HANG):
                        pass
