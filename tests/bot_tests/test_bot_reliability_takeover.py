"""A computer take-over racing the player's own click: one placement per move, whoever is first, and
an older hand (or a command sent before the take-over) never places for a later move.

The turn's idle time is on the world's `ManualTimer`: the take-over starts when the test moves it, and
the computer choosing for her waits for the test's go, so every race here is set up step by step."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

from support.bot_host import single_place_tiles
from support.manual_timer import ManualTimer
from support.waiting import knocked
from support.world import World, world

from bot.host.computers import InlineComputer
from bot.model.table_state import Table
from bot.texts.i18n import t
from engine import Match, Tile

TIMEOUT = 20.0  # a turn's idle time, on the test's clock: reminded at one, taken over at two
NEVER = 120.0  # real seconds after which what a test waits for is taken as never happening (a hang)


class GatedComputer:
    """The real inline computer, except that a take-over (a person's seat) waits for the test's go."""

    def __init__(self) -> None:
        self.inner = InlineComputer()
        self.people: set[int] = set()
        self.waiting = asyncio.Event()  # a take-over is choosing
        self.go = asyncio.Event()

    async def choose(self, match: Match, seat: int, level: str, rng_seed: str) -> tuple[Tile, Tile | None]:
        if seat in self.people:
            self.waiting.set()
            await self.go.wait()
            self.go.clear()
            self.waiting.clear()
        return await self.inner.choose(match, seat, level, rng_seed)


def race_world(tmp_path: Path) -> AbstractAsyncContextManager[World]:
    """ana alone with the bot, whose computer players hold a take-over back until the test says go."""
    return world(
        tmp_path, names=["ana"], timeout=TIMEOUT, seed="takeover-race", computer=GatedComputer(), timer=ManualTimer()
    )


async def ana_to_move(w: World) -> Table:
    """A table of ana and one computer, at ana's turn, with the take-over choosing and held back."""
    table = w.bot.manager.table_in(w.channel.id)
    if table is None:
        table = await w.start_table(w.users, bots=1)
        w.computer.people = {table.seat_of(w.users[0].id)}
    seat = table.seat_of(w.users[0].id)
    await until(lambda: table.match.turn == seat and not w.computer.waiting.is_set(), "ana gets the turn", w)
    return table


async def until(condition: Callable[[], bool], what: str, w: World | None = None) -> None:
    """Wait (the bot settled, if `w`) until `condition` holds; NEVER real seconds mean it never will."""
    end = time.monotonic() + NEVER
    while not condition():
        assert time.monotonic() < end, f"never: {what}"
        if w is not None:
            await w.fake.wait_idle()
        await asyncio.sleep(0.005)


async def takeover_placed(w: World, table: Table, move: int) -> None:
    """Let the held take-over go on, and wait until it has placed move `move` and the bot has settled."""
    w.computer.go.set()
    await until(lambda: table.move_no > move, "the computer placed her move")
    await w.fake.wait_idle()


async def held_takeover(w: World, table: Table) -> None:
    """ana's two idle timeouts pass: the computer is now choosing for her, waiting for `go`."""
    w.bot_settings["timer"].advance(2 * TIMEOUT)
    await until(w.computer.waiting.is_set, "the take-over is choosing", w)
    assert table.seat_of(w.users[0].id) in table.away


async def answered(record: object) -> None:
    """Until the bot has answered `record` (its settle would stop early: requests in flight are timers)."""
    reply = lambda: getattr(record, "last_reply", None)  # noqa: E731
    await until(lambda: reply() is not None and not reply().loading, "answered")


def plays(table: Table) -> list[tuple[int, Tile, Tile | None]]:
    return [(p.seat, p.tile, p.on) for r in table.match.record.rounds for p in r.plays]


async def test_the_players_click_first_then_the_takeover_does_nothing(tmp_path: Path) -> None:
    async with race_world(tmp_path) as w:
        ana = w.users[0]
        table = await ana_to_move(w)
        seat = table.seat_of(ana.id)
        await w.fake.click(ana, w.public()[-1], f"5up:hand:{table.id}")
        hand = w.fake.ephemeral_messages(ana, w.room)[-1]
        option = single_place_tiles(table)[0]
        move = table.move_no
        await held_takeover(w, table)
        record = await w.fake.click(ana, hand, f"5up:tile:{table.id}:{move}:{option.tile}", settle=False)
        await answered(record)
        await w.fake.wait_idle()
        assert plays(table)[move] == (seat, option.tile, option.on)  # hers, as clicked
        assert w.fake._message(hand).content.startswith("You placed")
        posts = len(w.public())
        w.computer.go.set()  # the take-over carries on: too late, it places nothing
        await w.fake.wait_idle()
        assert plays(table)[move] == (seat, option.tile, option.on)
        assert not any("is away" in m.content for m in w.public()[posts:])
        assert seat not in table.away
        w.fake.assert_clean()


async def test_the_takeover_first_then_the_old_hand_is_out_of_date(tmp_path: Path) -> None:
    async with race_world(tmp_path) as w:
        ana = w.users[0]
        table = await ana_to_move(w)
        await w.fake.click(ana, w.public()[-1], f"5up:hand:{table.id}")
        hand = w.fake.ephemeral_messages(ana, w.room)[-1]
        move = table.move_no
        ids = [b["custom_id"] for b in hand.buttons]
        assert ids and all(f":{move}:" in custom_id for custom_id in ids)
        await held_takeover(w, table)
        await takeover_placed(w, table, move)
        assert any("is away" in m.content for m in w.public())  # the computer placed her move
        after = plays(table)
        for custom_id in ids:  # every button of the older hand: out of date, and nothing placed
            late = await w.fake.click(ana, hand, custom_id)
            assert late.ok and late.followups and late.followups[-1].content == t("en", "error-stale")
            assert plays(table) == after
        w.fake.assert_clean()


async def test_a_command_sent_before_the_takeover_never_places_a_later_move(tmp_path: Path) -> None:
    async with race_world(tmp_path) as w:
        ana = w.users[0]
        table = await ana_to_move(w)
        seat = table.seat_of(ana.id)
        move = table.move_no
        option = table.match.options(seat)[0]
        await held_takeover(w, table)
        door = w.fake.backend.door
        door.clear()  # the command's defer is held in flight while the computer places
        values = {"tile": str(option.tile)} | ({} if option.on is None else {"on": str(option.on)})
        record = await w.fake.slash(ana, w.channel, "five-up play", settle=False, **values)
        await until(lambda: knocked(w.fake, [record]), "the command's defer sent")
        w.computer.go.set()  # the computer places her move now
        await until(lambda: table.move_no > move, "the computer placed her move")
        door.set()
        await answered(record)
        await w.fake.wait_idle()
        assert record.last_reply.ephemeral
        assert record.last_reply.content == t("en", "error-moved-on"), record.last_reply.content
        made = plays(table)
        assert made[move][0] == seat and sum(1 for p in made[move:] if p[0] == seat) <= 1
        assert seat not in table.away  # she acted: the computer stops playing for her
        w.fake.assert_clean()


async def test_the_takeover_first_then_the_old_places_are_out_of_date(tmp_path: Path) -> None:
    """The second step of a placement: where the tile goes, chosen after the computer placed for her."""
    async with race_world(tmp_path) as w:
        ana = w.users[0]
        for _ in range(30):  # play on (quickly: no take-over) until a tile of hers fits in several places
            table = await ana_to_move(w)
            seat = table.seat_of(ana.id)
            by_tile: dict[Tile, list[object]] = {}
            for option in table.match.options(seat):
                by_tile.setdefault(option.tile, []).append(option)
            many = [tile for tile, options in by_tile.items() if len(options) > 1]
            if many:
                break
            await w.place(table, table.match.options(seat)[0])
        else:
            raise AssertionError("no tile of hers ever fitted in two places")
        await w.fake.click(ana, w.public()[-1], f"5up:hand:{table.id}")
        hand = w.fake.ephemeral_messages(ana, w.room)[-1]
        move = table.move_no
        await w.fake.click(ana, hand, f"5up:tile:{table.id}:{move}:{many[0]}")
        places = [b["custom_id"] for b in w.fake._message(hand).buttons if b["custom_id"].startswith("5up:place:")]
        assert len(places) > 1 and table.move_no == move
        await held_takeover(w, table)
        await takeover_placed(w, table, move)
        after = plays(table)
        assert after[move][0] == seat  # the computer's placement for her
        for custom_id in places:
            late = await w.fake.click(ana, hand, custom_id)
            assert late.ok and late.followups and late.followups[-1].content == t("en", "error-stale")
            assert plays(table) == after
        assert seat not in table.away  # her click says she is back
        w.fake.assert_clean()
