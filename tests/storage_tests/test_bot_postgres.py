"""The bot on PostgreSQL, end to end: whole matches through the fake Discord, a second process taking
a table over (the double-writer refusal), the server going away under a match, and a SQLite
database copied over with `python -m bot.storage copy` and played on.

Every test runs the real bot (`bot.edge.app.hosting` picks the backend from the config, as `python -m
bot` does) against a real PostgreSQL server (tests/support/pg_server.py); the club of `support.world` reads
every reply in the reader's language. A second process is a second manager with its own
connection pool on the same database, restoring the same table as a rolling restart would.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from support.bot_host import Recorder
from support.manual_timer import ManualTimer
from support.pg_server import PostgresServer
from support.short_deals import SHORT_FIRST_TWO
from support.storage_raw import Backend, Raw
from support.waiting import settling
from support.world import club

import bot.storage.sqlite
from bot.config import load_config
from bot.edge.app import hosting
from bot.host.computers import InlineComputer
from bot.host.manager import Manager
from bot.host.pictures import PngRenderer
from bot.host.tables import live_table
from bot.model.table_state import Table, TableStatus
from bot.storage import PostgresStorage, open_storage
from bot.texts.i18n import pick_locale, t
from engine import Option, Record
from engine.selfplay import first_option

pytest_plugins = ["support.storage_backends"]

ROOT = Path(__file__).resolve().parents[2]
PAUSE = 0.3  # seconds of a computer's pause, on the test's `ManualTimer`
MOVED_ON = "no longer hosted here"  # in the one warning a process logs when another took its table over


@asynccontextmanager
async def other_process(database: str, **options: object) -> AsyncIterator[tuple[Manager, Recorder]]:
    """A second bot process's game manager on the same database: its own pool, its own memory."""
    storage = await open_storage(database)
    recorder = Recorder()
    settings: dict = {"computer_pause": (0.0, 0.0), "turn_timeout": 3600.0} | options
    manager = Manager(storage, recorder, PngRenderer(), InlineComputer(), **settings)
    try:
        yield manager, recorder
    finally:
        await manager.close()
        await storage.close()


async def stored(url: str, table_id: int) -> tuple[str, int, int]:
    """A table's status, version and number of placements as the database has them."""
    async with Raw(url) as raw:
        ((status, version, record),) = await raw.fetch(
            "SELECT status, version, record FROM tables WHERE id = ?", table_id
        )
    placed = 0 if record is None else sum(len(r.plays) for r in Record.loads(str(record)).rounds)
    return str(status), int(version), placed


def plays(table: Table) -> list[tuple[object, object]]:
    assert table.match is not None
    return [(p.tile, p.on) for r in table.match.record.rounds for p in r.plays]


def moved_on_warnings(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if MOVED_ON in r.getMessage()]


# -- the configuration ----------------------------------------------------------------------------


async def test_the_bot_opens_postgresql_from_its_config_and_never_logs_the_password(
    postgres_backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    url = await postgres_backend.target()
    # the test server trusts every local connection, so any password is accepted and must stay unseen
    with_password = url.replace("postgresql://postgres@", "postgresql://postgres:s3cret-pw@")
    config = load_config({"DATABASE_URL": with_password.replace("postgresql://", "postgres://")}, env_file=None)
    caplog.set_level(logging.DEBUG)
    async with hosting(config, computer=InlineComputer(), computer_pause=(0.0, 0.0)) as (manager, _):
        assert isinstance(manager.storage, PostgresStorage)
        assert await manager.restore() == []
    assert "storage: postgresql://postgres:***@/" in caplog.text
    assert "s3cret-pw" not in caplog.text and "s3cret-pw" not in repr(config)


# -- whole matches --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locales", "guild_locale", "seed"),
    [(["ko", "es-ES", "en-US", "ko"], "ko", "review-4-165"), (["es-ES", "en-US", "ko"], "es", "pg-3")],
)
async def test_whole_matches_through_discord_on_postgresql(
    postgres_backend: Backend, locales: list[str], guild_locale: str, seed: str
) -> None:
    url = await postgres_backend.target()
    async with club(url, locales, guild_locale=guild_locale, seed=seed) as c:
        channel = c.guild.channel("games")
        table, _ = await c.open(channel, c.users, thread=False)
        for _ in range(3):
            await c.place(table, table.match.options(table.match.turn)[0], by_buttons=True)
        before = plays(table)
        await c.restart()  # the bot restores the match from PostgreSQL
        table = c.table_in(channel)
        assert plays(table) == before
        made = await c.play_out(table, first_option, buttons=lambda n: n % 2 == 0, check=c.reader.placement)
        assert table.status is TableStatus.OVER and made > 10
        status, version, placed = await stored(url, table.id)
        # every write went through the version check, one step each: the lobby message, each join,
        # the start, then one per placement (the last one finishing the match)
        assert status == "over" and placed == len(plays(table))
        assert version == 1 + (len(c.users) - 1) + 1 + placed
        async with Raw(url) as raw:
            results = await raw.fetch("SELECT user_id, won FROM results WHERE table_id = ? ORDER BY seat", table.id)
        assert [r[0] for r in results] == [u.id for u in c.users] and any(r[1] for r in results)
        stats = await c.slash(c.users[0], channel, "five-up stats")  # your own record and rating, read back
        lang = pick_locale(c.users[0].locale)
        assert t(lang, "stats-yours-none") not in stats.content and t(lang, "ratings-yours-none") not in stats.content
        assert any(t(lang, "ratings-yours-place", rank=n) in stats.content for n in range(1, len(c.users) + 1))
        c.fake.assert_clean()


# -- two processes, one table ---------------------------------------------------------------------


async def test_a_table_another_process_took_over_is_refused_left_alone_and_dropped(
    postgres_backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    url = await postgres_backend.target()
    caplog.set_level(logging.WARNING)
    async with club(url, ["es-ES", "ko"], guild_locale="es", seed="pg-2") as c:
        channel = c.guild.channel("games")
        table, _ = await c.open(channel, c.users, thread=False)
        for _ in range(2):
            await c.place(table, table.match.options(table.match.turn)[0], by_buttons=True)
        async with other_process(url) as (other, _):
            (theirs,) = await other.restore()  # a rolling restart: the new process restores the same table
            seat = theirs.match.turn
            mover = theirs.seats[seat].user_id
            option = theirs.match.options(seat)[0]
            await other.play(
                table_id=theirs.id, user_id=mover, placement=option.placement, move_no=theirs.move_no, locale="en"
            )  # the second process's write wins
            async with Raw(url) as raw:
                before = await raw.dump()

            # here, the old process still thinks the same player is to move: their move is refused
            user = c.user_at(table, seat)
            assert table.match.turn == seat and table.move_no == theirs.move_no - 1
            reply = await c.slash(user, channel, "five-up play", **_where(option))
            assert reply.ephemeral and reply.content == t(pick_locale(user.locale), "error-table-moved")
            async with Raw(url) as raw:
                assert await raw.dump() == before  # nothing written
            assert plays(table) == plays(theirs)[:-1]  # nothing applied in memory either
            assert c.bot.manager.table_in(channel.id) is None  # dropped here ...
            assert table.id not in c.bot.manager.turns._idle  # ... its idle clock stopped
            assert len(moved_on_warnings(caplog)) == 1

            # later clicks and commands here say the same, change nothing, and log nothing more
            post = c.fake.messages(channel)[-1]
            again = await c.click(user, post, f"5up:hand:{table.id}", table.lang)
            assert again.content == t(pick_locale(user.locale), "error-table-moved")
            again = await c.slash(user, channel, "five-up play", **_where(option))
            assert again.content == t(pick_locale(user.locale), "error-table-moved")
            assert len(moved_on_warnings(caplog)) == 1
            async with Raw(url) as raw:
                assert await raw.dump() == before

            # the process that took over plays on
            seat = theirs.match.turn
            option = theirs.match.options(seat)[0]
            await other.play(
                table_id=theirs.id,
                user_id=theirs.seats[seat].user_id,
                placement=option.placement,
                move_no=theirs.move_no,
                locale="en",
            )
            assert (await stored(url, theirs.id))[2] == len(plays(theirs))
        c.fake.assert_clean()


def _where(option: Option) -> dict[str, str]:
    return {"tile": str(option.tile)} | ({} if option.on is None else {"on": str(option.on)})


async def test_two_processes_racing_a_computer_turn_write_it_once(
    backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    """Both restore a table where a computer is to move; one's placement lands, the other stops quietly.

    On both backends: two processes on one SQLite file (a mistake, but a possible one) are refused alike."""
    url = await backend.target()
    caplog.set_level(logging.WARNING)
    timer = ManualTimer()  # the computers think until the test moves it, however long the restores take
    pause = {"computer_pause": (0.5, 0.5), "timer": timer}
    async with settling() as settle:
        async with other_process(url, **pause) as (setup, _):  # its computer never gets to move: no time passes
            await setup.open_table(
                guild_id=7, channel_id=100, host_id=1, host_name="ana", lang="en", bots=1, seed="race-1"
            )
            table = setup.table_in(100)
            await setup.start(channel_id=100, user_id=1, locale="en")
            while table.match.turn == 0:  # the person moves until the computer is next
                option = table.match.options(0)[0]
                await setup.play(channel_id=100, user_id=1, placement=option.placement, locale="en")
            status, version, placed = await stored(url, table.id)
            assert status == "playing" and table.match.turn == 1 and placed == len(plays(table))
        # the bot restarts during a rolling deploy: two processes restore the same table at once
        async with other_process(url, **pause) as (a, _), other_process(url, **pause) as (b, _):
            (ta,) = await a.restore()
            (tb,) = await b.restore()
            for _ in range(50):  # the winner's computer may have a second move to make (a person is next after)
                timer.advance(0.5)  # the pauses end: both computers place, one write lands
                await settle()
                if all(m.table_in(100) is None or m.table_in(100).match.turn == 0 for m in (a, b)):
                    break
            await a.drain()
            await b.drain()
            holders = [m for m in (a, b) if m.table_in(100) is not None]
            assert len(holders) == 1, "exactly one process still hosts the table"
            winner = holders[0].table_in(100)
            status, version_after, placed_after = await stored(url, table.id)
            assert status == "playing" and placed_after == len(plays(winner)) > placed
            assert version_after == version + (placed_after - placed)  # one write per placement, none lost or doubled
            assert plays(winner)[:placed] == plays(ta)[:placed] == plays(tb)[:placed]
            assert len(moved_on_warnings(caplog)) == 1
            assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# -- the server goes away under a match -----------------------------------------------------------


async def test_postgresql_restarting_under_a_match_costs_only_the_move_being_made(
    own_server: PostgresServer, own_url: str
) -> None:
    async with club(own_url, ["ko", "en-US"], guild_locale="ko", seed=SHORT_FIRST_TWO[0]) as c:  # a short match
        channel = c.guild.channel("games")
        table, _ = await c.open(channel, c.users, thread=False)
        for _ in range(4):
            await c.place(table, table.match.options(table.match.turn)[0], by_buttons=True)
        made = plays(table)
        move = table.move_no
        user = c.user_at(table, table.match.turn)
        option = table.match.options(table.match.turn)[0]

        await asyncio.to_thread(own_server.crash)  # the bot's event loop runs on meanwhile, as it would
        reply = await c.slash(user, channel, "five-up play", **_where(option))
        assert reply.ephemeral and reply.content == t(pick_locale(user.locale), "error-not-saved")
        assert table.move_no == move and plays(table) == made  # not applied without being saved
        assert c.bot.manager.table_in(channel.id) is table  # the table stays
        # a button press while it is down gets the same answer, in the player's language
        hand = await c.click(user, c.fake.messages(channel)[-1], f"5up:hand:{table.id}", table.lang)
        assert hand.ephemeral and hand.attachments  # showing the hand needs no database
        clicked = await c.fake.click(user, hand, f"5up:tile:{table.id}:{move}:{option.tile}")
        on_id = f"5up:place:{table.id}:{move}:{option.placement}"
        if on_id in c.fake._message(hand).custom_ids():  # the tile fits in several places: choose one
            clicked = await c.fake.click(user, c.fake._message(hand), on_id)
        answer = c.reader.reply(clicked, user, table.lang)
        assert answer.content == t(pick_locale(user.locale), "error-not-saved") and table.move_no == move
        # nor can a new table be opened meanwhile: the same answer, and no table left behind
        lounge = c.guild.channel("lounge")
        opened = await c.slash(c.users[1], lounge, "five-up start")
        assert opened.ephemeral and opened.content == t(pick_locale(c.users[1].locale), "error-not-saved")
        assert c.bot.manager.table_in(lounge.id) is None

        await asyncio.to_thread(own_server.start_again)
        async with Raw(own_url) as raw:  # every move acknowledged before the crash is there
            record = await raw.value("SELECT record FROM tables WHERE id = ?", table.id)
        assert sum(len(r.plays) for r in Record.loads(str(record)).rounds) == len(made)
        receipt = await c.place(table, option, by_buttons=False)  # and the bot reconnected by itself
        assert str(option.tile) in receipt.content and table.move_no == move + 1

        await asyncio.to_thread(own_server.restart)  # a clean restart between moves: every pooled connection cut
        await c.fake.wait_idle()  # the pool's idle connections hear the server's goodbye (already on their sockets)
        option = table.match.options(table.match.turn)[0]
        receipt = await c.place(table, option, by_buttons=True)  # not noticed
        assert str(option.tile) in receipt.content and table.move_no == move + 2
        made = await c.play_out(table, first_option, buttons=lambda n: n % 2 == 0, check=c.reader.placement)
        status, _, placed = await stored(own_url, table.id)
        assert status == "over" and placed == len(plays(table))
        c.fake.assert_clean()


async def test_a_computer_move_the_database_refused_is_tried_again_and_logged_once(
    own_server: PostgresServer, own_url: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_table, "RETRY_SAVE_S", 0.2)  # a loop timer: `settle` waits for it
    caplog.set_level(logging.WARNING)
    timer = ManualTimer()  # the computer thinks until the test moves it
    async with settling() as settle, other_process(own_url, computer_pause=(PAUSE, PAUSE), timer=timer) as (manager, _):
        await manager.open_table(guild_id=7, channel_id=5, host_id=1, host_name="ana", lang="en", bots=1, seed="r-2")
        table = manager.table_in(5)
        await manager.start(channel_id=5, user_id=1, locale="en")
        await settle()
        while True:  # the person moves; then it is the computer's turn, its pause just begun
            if table.match.turn == 1:  # the computer leads: its pause passes
                timer.advance(PAUSE)
                await settle()
                continue
            option = table.match.options(0)[0]
            await manager.play(channel_id=5, user_id=1, placement=option.placement, locale="en")
            if table.match.turn == 1:
                break
        move = table.move_no
        await asyncio.to_thread(own_server.crash)  # while the computer "thinks"
        for _ in range(3):  # several tries, every one refused
            timer.advance(PAUSE)  # it places; the database refuses; after RETRY_SAVE_S its turn starts again
            await settle()
        assert table.move_no == move and manager.table_in(5) is table
        refused = [r for r in caplog.records if r.getMessage().startswith(f"table {table.id}: not saved")]
        assert len(refused) == 1, "logged once, however often it is tried"
        await asyncio.to_thread(own_server.start_again)
        for _ in range(20):  # tries, not seconds: the pool may need one to find the server again
            if table.move_no > move:
                break
            timer.advance(PAUSE)
            await settle()
        assert table.move_no > move, "the computer's move was made once the database was back"
        for _ in range(20):  # the computer may go again
            if table.status is not TableStatus.PLAYING or table.match.turn != 1:
                break
            timer.advance(PAUSE)
            await settle()
        await manager.drain()
        status, _, placed = await stored(own_url, table.id)
        assert status == "playing" and placed == len(plays(table))
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# -- from SQLite to PostgreSQL --------------------------------------------------------------------


async def test_a_sqlite_database_copied_to_postgresql_plays_on(tmp_path: Path, postgres_backend: Backend) -> None:
    path = tmp_path / "five_up.sqlite3"
    url = await postgres_backend.target()
    async with club(path, ["en-US", "es-ES"], guild_locale="en", seed=SHORT_FIRST_TWO[1]) as c:  # short matches
        games, lounge = c.guild.channel("games"), c.guild.channel("lounge")
        finished, _ = await c.open(games, c.users, thread=False)
        await c.play_out(finished, first_option, buttons=lambda n: n % 2 == 0, check=c.reader.placement)
        assert finished.status is TableStatus.OVER
        table, _ = await c.open(lounge, c.users, thread=False)
        for _ in range(3):
            await c.place(table, table.match.options(table.match.turn)[0], by_buttons=True)
        made = plays(table)
        await c.fake.close()  # the bot is stopped before the copy
        await c.resources.aclose()

        copy = subprocess.run(
            [sys.executable, "-m", "bot.storage", "copy", str(path), url],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert copy.returncode == 0, copy.stderr
        assert "the counts match" in copy.stdout

        c.database = url  # the bot starts again on PostgreSQL
        c.fake = await c.fake.restart(await c.new_bot())
        c.reader.fake = c.fake
        table = c.table_in(lounge)
        assert plays(table) == made and c.bot.manager.table_in(games.id) is None
        await c.play_out(table, first_option, buttons=lambda n: n % 2 == 0, check=c.reader.placement)
        assert table.status is TableStatus.OVER
        stats = await c.slash(c.users[0], lounge, "five-up stats")
        assert "Your record: 2 played" in stats.content  # the copied match and the one finished here
        async with Raw(url) as raw:
            assert await raw.value("SELECT count(*) FROM results") == 4
        c.fake.assert_clean()


# -- another process holds the SQLite file's write lock ------------------------------------------


async def test_a_sqlite_file_locked_by_another_process_costs_only_the_move_being_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The SQLite twin of the PostgreSQL crash above: "database is locked" is answered like a lost connection."""
    monkeypatch.setattr(bot.storage.sqlite, "BUSY_TIMEOUT", 0.1)  # seconds a write waits for the lock
    caplog.set_level(logging.WARNING)
    path = tmp_path / "five_up.sqlite3"
    async with club(path, ["es-ES", "ko"], guild_locale="es-ES", seed="sqlite-lock") as c:
        channel = c.guild.channel("games")
        table, _ = await c.open(channel, c.users, thread=False)
        await c.place(table, table.match.options(table.match.turn)[0], by_buttons=True)
        made, move = plays(table), table.move_no
        user = c.user_at(table, table.match.turn)
        option = table.match.options(table.match.turn)[0]

        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process's write transaction, held open
        try:
            for _ in range(2):
                reply = await c.slash(user, channel, "five-up play", **_where(option))
                assert reply.ephemeral and reply.content == t(pick_locale(user.locale), "error-not-saved")
                assert table.move_no == move and plays(table) == made  # not applied without being saved
            lounge = c.guild.channel("lounge")
            opened = await c.slash(c.users[1], lounge, "five-up start")
            assert opened.ephemeral and opened.content == t(pick_locale(c.users[1].locale), "error-not-saved")
            assert c.bot.manager.table_in(lounge.id) is None and c.bot.manager.table_in(channel.id) is table
        finally:
            other.execute("ROLLBACK")
            other.close()
        locked = [r for r in caplog.records if "locked" in r.getMessage() and r.name == "bot.storage.sqlite"]
        assert len(locked) == 1, "the storage logs the held lock once"

        status, version, placed = await stored(str(path), table.id)
        assert (status, placed) == ("playing", len(made))  # nothing of the refused writes is in the file
        receipt = await c.place(table, option, by_buttons=False)  # the lock is gone: the move goes in
        assert str(option.tile) in receipt.content and table.move_no == move + 1
        assert await stored(str(path), table.id) == ("playing", version + 1, len(made) + 1)
        c.fake.assert_clean()
