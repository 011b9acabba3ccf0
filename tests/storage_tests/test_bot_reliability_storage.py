"""An unreadable database stops the bot with one line and a distinct status, and is left as it was;
a damaged results page still only costs /five-up stats."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from bot.__main__ import database_problem
from bot.storage import (
    SCHEMA_VERSION,
    SeatRow,
    SqliteStorage,
    StorageOpenError,
    StorageUnavailableError,
    open_storage,
)
from bot.texts.i18n import t

ROOT = Path(__file__).resolve().parents[2]
BAD_DATABASE = 3  # python -m bot's exit status for a database it cannot use


async def _filled(path: Path, tables: int = 30) -> None:
    """A real database written by the bot's storage: tables with seats, and results."""
    storage = await SqliteStorage.open(path)
    try:
        for n in range(tables):
            await storage.create_table(
                guild_id=1,
                channel_id=100 + n,
                host_id=7,
                lang="en",
                level="normal",
                seed=f"{n:040d}",
                seats=[SeatRow(7, "ana " * 30), SeatRow(None, "Computer 1", "easy")],
            )
    finally:
        await storage.close()
    with closing(sqlite3.connect(path)) as db:  # finished matches for the stats; closed: all in the file itself
        db.executemany(
            "INSERT INTO results VALUES (?, 0, 1, 7, ?, 1, 61, 0)", [(n, "ana " * 40) for n in range(1, tables + 1)]
        )
        db.commit()


def _page_of(path: Path, table: str) -> tuple[int, int]:
    with sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True) as db:
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
        size = db.execute("PRAGMA page_size").fetchone()[0]
    return (root - 1) * size, size


def _scribble(path: Path, table: str) -> None:
    """Garbage over the first page of a table's b-tree, as a bad disk or a torn copy leaves it."""
    offset, size = _page_of(path, table)
    data = bytearray(path.read_bytes())
    data[offset : offset + size] = bytes((n * 37 + 11) % 251 for n in range(size))
    path.write_bytes(bytes(data))


def not_sqlite(path: Path) -> None:
    path.write_text("name,score\nana,61\n" * 200, encoding="utf-8")


def half_copied(path: Path) -> None:
    asyncio.run(_filled(path))
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def damaged_tables_page(path: Path) -> None:
    asyncio.run(_filled(path))
    _scribble(path, "tables")


def newer_schema(path: Path) -> None:
    asyncio.run(_filled(path))
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA user_version = 99")


BAD_FILES: dict[str, tuple[Callable[[Path], None], str, tuple[str, ...]]] = {
    "not SQLite": (not_sqlite, "not-sqlite", ("is not a SQLite database", "Move it aside")),
    "half-copied": (half_copied, "damaged", ("is damaged", "Restore it from a backup")),
    "damaged tables page": (damaged_tables_page, "damaged", ("is damaged", "move it aside")),
    "schema 99": (newer_schema, "newer", ("newer version", "schema 99", "Upgrade the bot")),
}


def _state(path: Path) -> tuple[bytes, int, list[str]]:
    return path.read_bytes(), path.stat().st_mtime_ns, sorted(p.name for p in path.parent.iterdir())


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_python_m_bot_names_an_unusable_database_in_one_line(tmp_path: Path, kind: str) -> None:
    make, problem, words = BAD_FILES[kind]
    where = tmp_path / "data"
    where.mkdir()
    path = where / "five_up.sqlite3"
    make(path)
    before = _state(path)
    environ = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH")}
    environ |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "not-a-real-token", "DATABASE_PATH": str(path)}
    run = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=environ, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == BAD_DATABASE, run.stderr
    (line,) = run.stderr.splitlines()  # one line, no traceback
    assert str(path) in line and all(word in line for word in words), line
    assert _state(path) == before  # not a byte, not the mtime, no -wal or -shm beside it
    with pytest.raises(StorageOpenError) as refused:
        asyncio.run(open_storage(path))
    assert refused.value.problem == problem and _state(path) == before


def test_a_damaged_results_page_still_opens_and_only_stats_fail(tmp_path: Path) -> None:
    path = tmp_path / "five_up.sqlite3"
    asyncio.run(_filled(path))
    _scribble(path, "results")
    _scribble(path, "results_by_guild")

    async def use() -> None:
        storage = await open_storage(path)
        try:
            found, broken = await storage.open_tables()
            assert len(found) == 30 and not broken  # every table comes back
            with pytest.raises(sqlite3.DatabaseError):  # /five-up stats apologises (the one error path)
                await storage.leaderboard(1)
        finally:
            await storage.close()

    asyncio.run(use())


def test_a_database_after_a_crash_still_opens(tmp_path: Path) -> None:
    """The checks never refuse a healthy file: here one whose last commits are only in its -wal."""
    path = tmp_path / "five_up.sqlite3"
    asyncio.run(_filled(path, tables=3))
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    child = (
        "import sqlite3, os, sys\n"
        "db = sqlite3.connect(sys.argv[1]); db.execute('PRAGMA wal_autocheckpoint = 0')\n"
        "db.execute(\"UPDATE tables SET seed = 'after' WHERE id = 1\"); db.commit()\n"
        "os._exit(0)\n"  # no close: the commit stays in the -wal, as after a SIGKILL
    )
    subprocess.run([sys.executable, "-c", child, str(path)], check=True, timeout=60)
    assert path.with_name(path.name + "-wal").stat().st_size > 0

    async def use() -> str:
        storage = await open_storage(path)
        try:
            found, _ = await storage.open_tables()
            return next(row.seed for row in found if row.id == 1)
        finally:
            await storage.close()

    assert asyncio.run(use()) == "after"


def test_the_lines_say_what_to_do_in_every_language() -> None:
    cases = [
        StorageOpenError("not-sqlite", "data/five_up.sqlite3"),
        StorageOpenError("damaged", "data/five_up.sqlite3", "database disk image is malformed"),
        StorageOpenError("newer", "data/five_up.sqlite3", found=99, known=SCHEMA_VERSION),
        StorageOpenError("cannot-open", "data/five_up.sqlite3", "Permission denied"),
        StorageOpenError("unreachable", "db.example:5432/five_up", "Connect call failed"),
        StorageOpenError("refused", "db.example:5432/five_up", 'password authentication failed for user "five"'),
    ]
    for error in cases:
        line = database_problem(error)
        assert "\n" not in line and error.where in line and line.startswith("five-up: ")
        for lang in ("ko", "es"):
            other = t(lang, f"cli-database-{error.problem}", where=error.where, detail="x", found=99, known=2)
            assert error.where in other and other != line


async def test_an_unreachable_postgres_is_named_without_its_password() -> None:
    with pytest.raises(StorageOpenError) as refused:
        await open_storage("postgresql://five:s3cret-pw@127.0.0.1:9/five_up")
    error = refused.value
    assert isinstance(error, StorageUnavailableError) and error.problem == "unreachable"
    assert error.where == "127.0.0.1:9/five_up" and "cannot connect" in str(error)
    line = database_problem(error)
    assert "127.0.0.1:9/five_up" in line and "s3cret" not in line and "s3cret" not in str(error)


def test_a_directory_in_place_of_the_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "five_up.sqlite3"
    path.mkdir()
    with pytest.raises(StorageOpenError) as refused:
        asyncio.run(open_storage(path))
    assert refused.value.problem == "cannot-open" and str(path) in str(refused.value)
    shutil.rmtree(path)


async def test_every_write_to_a_file_another_connection_has_locked_is_refused_unapplied(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "five_up.sqlite3"
    storage = await SqliteStorage.open(path, busy_timeout=0.05)
    seats = [SeatRow(7, "Ana"), SeatRow(None, "Computer 1", "easy")]
    table_id = await storage.create_table(
        guild_id=1, channel_id=100, host_id=7, lang="en", level="normal", seed="s", seats=seats
    )
    writes = {
        "create_table": lambda: storage.create_table(
            guild_id=1, channel_id=101, host_id=7, lang="en", level="normal", seed="t", seats=seats
        ),
        "save_seats": lambda: storage.save_seats(table_id, seats[:1], expected_version=0),
        "start_match": lambda: storage.start_match(table_id, seats, "{}", expected_version=0),
        "close_table": lambda: storage.close_table(table_id, "gone", expected_version=0),
        "set_ping": lambda: storage.set_ping(7, False),
    }
    before = _dump(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # a second connection holds the write lock
    try:
        for name, write in writes.items():
            with pytest.raises(StorageUnavailableError, match="database is locked"):
                await write()
            assert _dump(path) == before, name
        assert await storage.table_record(table_id) is None  # reads go on (WAL)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert len([r for r in caplog.records if "locked" in r.getMessage()]) == 1  # logged once
    assert await storage.start_match(table_id, seats, "{}", expected_version=0) == 1  # nothing was applied
    await storage.set_ping(7, False)
    assert await storage.ping_off([7]) == {7}
    await storage.close()


def _dump(path: Path) -> list[list[tuple[object, ...]]]:
    with closing(sqlite3.connect(path)) as db:
        return [db.execute(f"SELECT * FROM {t}").fetchall() for t in ("tables", "seats", "player_settings")]
