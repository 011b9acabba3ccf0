"""The gateway drops mid-match and comes back: by RESUME (the missed events replayed) or by a fresh IDENTIFY
(READY again, on_ready again, the missed events gone). Either way no table acts twice, no computer move
is repeated, and lobbies and buttons still work."""

from __future__ import annotations

import logging
import random
from collections import Counter
from pathlib import Path

import pytest
from support.bot_host import single_place_tiles
from support.discord_fake import FakeMessage
from support.manual_timer import ManualTimer
from support.world import SEND, World, picker, world

from bot.model.table_state import Table, TableStatus


def plays(table: Table) -> list[tuple[object, object]]:
    assert table.match is not None
    return [(x.tile, x.on) for r in table.match.record.rounds for x in r.plays]


def posts_since(w: World, first: int) -> list[str]:
    """The bodies of the messages the bot posted since request `first`, as Discord took them."""
    route = SEND
    return [repr(r.json) for r in w.fake.requests[first:] if (r.method, r.path) == route and r.status == 200]


async def lobby_before(w: World) -> tuple[Table, FakeMessage]:
    """A lobby opened in #lounge before the gateway drops: its host, nobody else yet."""
    host = w.users[0]
    lounge = w.fake.channel("lounge")
    await w.slash(host, lounge, "five-up start")
    table = w.table_in(lounge)
    return table, w.fake.last_message(lounge)


async def still_works(w: World, table: Table, lobby: FakeMessage) -> None:
    """The lobby opened before the drop fills and starts by its buttons."""
    host, guest = w.users[:2]
    await w.click(guest, lobby, f"5up:lobby:{table.id}:join")
    await w.click(host, lobby, f"5up:lobby:{table.id}:start")
    await w.fake.wait_idle()
    assert table.status is TableStatus.PLAYING


async def test_a_resume_mid_match_replays_the_held_click_once(tmp_path: Path) -> None:
    async with world(tmp_path, 2, timer=ManualTimer(), seed="resume") as w:
        table, _ = await w.open(w.channel, w.users[:1], bots=2)
        await w.play_out(table, picker(random.Random(3)), limit=2)
        waiting, lobby = await lobby_before(w)
        first = len(w.fake.requests)
        moves = len(plays(table))
        w.fake.close_gateway(resumable=True)
        assert table.match is not None and table.match.turn is not None
        human = w.user_at(table, table.match.turn)
        held = await w.fake.click(human, w.public()[-1], f"5up:hand:{table.id}")
        assert held.failed  # the click waits with the gateway
        await w.fake.resume_gateway()
        assert held.ok and held.last_reply is not None and held.last_reply.ephemeral
        assert len(plays(table)) == moves  # opening a hand places nothing
        await w.play_out(table, picker(random.Random(4)), limit=3)
        made = plays(table)[moves:]
        assert len(made) >= 3 and table.move_no == len(plays(table))
        sent = posts_since(w, first)
        assert [body for body, n in Counter(sent).items() if n > 1] == []  # no post twice
        await still_works(w, waiting, lobby)
        w.fake.assert_clean()


async def test_a_fresh_identify_mid_match_acts_nothing_twice(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.edge.app")
    async with world(tmp_path, 2, timer=ManualTimer(), seed="identify") as w:
        table, _ = await w.open(w.channel, w.users[:1], bots=2)
        await w.play_out(table, picker(random.Random(5)), limit=2)
        waiting, lobby = await lobby_before(w)
        tables = {t.id for t in w.bot.manager.registry.tables()}
        # The person's placement is under way when the gateway drops: the computers answer it meanwhile.
        assert table.match is not None and table.match.turn is not None
        human = w.user_at(table, table.match.turn)
        hand = await w.fake.click(human, w.public()[-1], f"5up:hand:{table.id}")
        assert hand.last_reply is not None
        option = single_place_tiles(table)[0]
        moves = len(plays(table))
        await w.fake.click(human, hand.last_reply, f"5up:tile:{table.id}:{table.move_no}:{option.tile}", settle=False)
        w.fake.close_gateway(resumable=False)
        await w.fake.wait_idle()
        assert len(plays(table)) > moves  # placed, and the computers replied, with the gateway down
        moves = len(plays(table))
        first = len(w.fake.requests)
        await w.fake.identify_again()  # READY, GUILD_CREATE, on_ready a second time
        assert sum("ready as" in r.getMessage() for r in caplog.records) == 2
        assert {t.id for t in w.bot.manager.registry.tables()} == tables
        assert len(plays(table)) == moves and posts_since(w, first) == []  # nothing acted, nothing posted again
        await w.play_out(table, picker(random.Random(6)), limit=3)
        assert len(plays(table)) >= moves + 3 and table.move_no == len(plays(table))
        sent = posts_since(w, first)
        assert [body for body, n in Counter(sent).items() if n > 1] == []
        await still_works(w, waiting, lobby)
        w.fake.assert_clean()
