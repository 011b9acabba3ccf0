"""`python -m bot.storage copy`: everything moves between SQLite and PostgreSQL, checked and never over data."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from support.storage_raw import Backend, Raw

from bot.storage import COPY_COLUMNS, ResultRow, SeatRow, Storage, TableMovedOnError, open_storage

pytest_plugins = ["support.storage_backends"]

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.storage", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


async def _populate(storage: Storage) -> None:
    """Lobbies, a match in play some moves in, finished matches with results, a closed table, a DM table."""
    seats = [SeatRow(11, "Ana"), SeatRow(None, "Computer 1", "hard"), SeatRow(12, "Bo")]
    for n in range(3):
        table_id = await storage.create_table(
            guild_id=9, channel_id=100 + n, host_id=11, lang="es", level="normal", seed=f"seed{n}", seats=seats
        )
        if n == 0:
            await storage.set_lobby_message(table_id, 5550 + n)
        if n >= 1:
            await storage.start_match(table_id, seats, '{"r": 0}')
            for move in range(n * 3):
                await storage.save_record(table_id, f'{{"r": {move + 1}, "text": "한국어 ñ"}}')
        if n == 2:
            await storage.finish_match(
                table_id, 9, '{"r": "end"}', [ResultRow(0, 11, "Ana", True, 61), ResultRow(2, 12, "Bo", False, 33)]
            )
    closed = await storage.create_table(
        guild_id=8, channel_id=200, host_id=12, lang="ko", level="easy", seed="x", seats=seats[:2]
    )
    await storage.close_table(closed, "cancelled by the host")
    await storage.create_table(
        guild_id=None, channel_id=300, host_id=13, lang="en", level="hard", seed="dm", seats=[SeatRow(13, "Cy")]
    )


def _normal(dump: dict[str, list[tuple[object, ...]]]) -> dict[str, list[tuple[object, ...]]]:
    """The same rows whichever backend holds them (`won` is 0/1 in SQLite, a boolean in PostgreSQL)."""
    return {**dump, "results": [(*r[:5], int(bool(r[5])), *r[6:]) for r in dump["results"]]}


async def _dump(target: str) -> dict[str, list[tuple[object, ...]]]:
    async with Raw(target) as raw:
        return _normal(await raw.dump())


async def _filled(backend: Backend) -> str:
    target = await backend.target()
    storage = await backend.open(target)
    await _populate(storage)
    await storage.close()
    return target


@pytest.mark.parametrize(("source_kind", "target_kind"), [("sqlite", "postgres"), ("postgres", "sqlite")])
async def test_a_copy_moves_everything_and_the_bot_goes_on_there(
    sqlite_backend: Backend, postgres_backend: Backend, source_kind: str, target_kind: str
) -> None:
    backends = {"sqlite": sqlite_backend, "postgres": postgres_backend}
    source = await _filled(backends[source_kind])
    target = await backends[target_kind].target()
    done = _run("copy", source, target)
    assert done.returncode == 0, done.stderr
    assert (
        done.stdout.strip().endswith("the counts match")
        and "5 tables, 12 seats, 2 results, 0 player_settings" in done.stdout
    )
    assert await _dump(target) == await _dump(source)

    before, after = await open_storage(source), await open_storage(target)
    try:
        assert await after.open_tables() == await before.open_tables()  # ids, seats, records, versions
        assert await after.leaderboard(9) == await before.leaderboard(9)
        rows, _ = await after.open_tables()
        playing = next(r for r in rows if r.status == "playing")
        assert playing.version > 0
        with pytest.raises(TableMovedOnError):
            await after.save_record(playing.id, "{}", expected_version=playing.version - 1)
        assert await after.save_record(playing.id, '{"r": "go on"}', expected_version=playing.version) == (
            playing.version + 1
        )
        fresh = await after.create_table(
            guild_id=9, channel_id=400, host_id=11, lang="en", level="normal", seed="new", seats=[SeatRow(11, "A")]
        )
        assert fresh > max(r.id for r in rows)  # ids go on after the copied ones
    finally:
        await before.close()
        await after.close()


async def test_a_non_empty_target_is_refused_unless_forced(sqlite_backend: Backend, postgres_backend: Backend) -> None:
    source = await _filled(sqlite_backend)
    target = await postgres_backend.target()
    storage = await open_storage(target)
    await storage.create_table(
        guild_id=1, channel_id=1, host_id=1, lang="en", level="normal", seed="mine", seats=[SeatRow(1, "Mine")]
    )
    await storage.close()
    kept = await _dump(target)

    refused = _run("copy", source, target)
    assert refused.returncode == 3
    assert (
        refused.stderr.count("\n") == 1
        and "not empty (1 tables, 1 seats, 0 results, 0 player_settings, 0 match_ratings, 0 ratings, 0 rating_changes,"
        " 0 server_settings, 0 tournaments, 0 tournament_entrants, 0 tournament_games)"
        in refused.stderr
    )
    assert "--force" in refused.stderr and refused.stdout == ""
    assert await _dump(target) == kept  # nothing written

    forced = _run("copy", source, target, "--force")
    assert forced.returncode == 0, forced.stderr
    assert "replaced in" in forced.stdout and "1 tables, 1 seats, 0 results, 0 player_settings" in forced.stdout
    assert await _dump(target) == await _dump(source)


async def test_a_copy_into_a_sqlite_file_is_refused_the_same_way(sqlite_backend: Backend) -> None:
    source, target = await _filled(sqlite_backend), await _filled(sqlite_backend)
    kept = await _dump(target)
    refused = _run("copy", source, target)
    counts = (
        "5 tables, 12 seats, 2 results, 0 player_settings, 0 match_ratings, 0 ratings, 0 rating_changes,"
        " 0 server_settings, 0 tournaments, 0 tournament_entrants, 0 tournament_games"
    )
    assert refused.returncode == 3 and f"not empty ({counts})" in refused.stderr
    assert await _dump(target) == kept


async def test_errors_are_one_line_with_an_exit_status(sqlite_backend: Backend, tmp_path: Path) -> None:
    source = await _filled(sqlite_backend)
    nowhere = f"postgresql://postgres@/none?host={tmp_path / 'no-server-here'}"
    for args, status in [
        (("copy", source, nowhere), 1),  # no server there
        (("copy", source, source), 1),  # onto itself
        (("copy", str(tmp_path / "missing-folder" / "x" / "db.sqlite3"), "postgresql://:secret@/x?host=/nope"), 1),
        (("copy", source), 2),  # no target
        (("move", source, nowhere), 2),
    ]:
        done = _run(*args)
        assert done.returncode == status, (args, done.stderr)
        assert done.stderr.count("\n") <= 2 and "Traceback" not in done.stderr, done.stderr
        assert "secret" not in done.stderr + done.stdout
    assert (await _dump(source))["tables"]  # the source is untouched


def test_the_help_documents_the_exit_statuses() -> None:
    done = _run("copy", "--help")
    assert done.returncode == 0
    for status in ("0", "1", "2", "3", "4"):
        assert f"\n  {status}  " in done.stdout
    assert "--force" in done.stdout and "postgresql://" in done.stdout


# A target that silently drops every result row written to it (a stray trigger left by someone's tool).
DROP_RESULTS = {
    "sqlite": ["CREATE TRIGGER swallow BEFORE INSERT ON results BEGIN SELECT RAISE(IGNORE); END"],
    "postgres": [
        "CREATE FUNCTION swallow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$",
        "CREATE TRIGGER swallow BEFORE INSERT ON results FOR EACH ROW EXECUTE FUNCTION swallow()",
    ],
}


@pytest.mark.parametrize(("source_kind", "target_kind"), [("sqlite", "postgres"), ("postgres", "sqlite")])
async def test_counts_that_differ_after_the_copy_roll_it_back_with_status_4(
    sqlite_backend: Backend, postgres_backend: Backend, source_kind: str, target_kind: str
) -> None:
    backends = {"sqlite": sqlite_backend, "postgres": postgres_backend}
    source = await _filled(backends[source_kind])
    target = await backends[target_kind].target()
    await (await open_storage(target)).close()  # the schema, no rows
    async with Raw(target) as raw:
        for statement in DROP_RESULTS[target_kind]:
            await raw.execute(statement)
    done = _run("copy", source, target)
    assert done.returncode == 4, done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("the counts differ after the copy") and "Traceback" not in done.stderr
    assert "expected 5 tables, 12 seats, 2 results" in line and "found 5 tables, 12 seats, 0 results" in line
    assert done.stdout == ""
    assert await _dump(target) == {"tables": [], "seats": [], "results": []}  # rolled back: not a row of it
    assert (await _dump(source))["results"]  # the source is untouched


NOT_COPIED = {"outbox"}  # posts waiting to be sent: copy with the bot stopped after it sent them (docs)


async def test_a_copy_moves_every_column_of_every_table(sqlite_backend: Backend, postgres_backend: Backend) -> None:
    """A column a migration adds must be copied too (a table's mention message was not): the copy's
    column lists are every column of the migrated schema, on both backends, the outbox alone left out."""
    for backend in (sqlite_backend, postgres_backend):
        target = await backend.target()
        await (await backend.open(target)).close()  # migrated
        async with Raw(target) as raw:
            if raw.postgres:
                rows = await raw.fetch(
                    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'"
                )
            else:
                tables = [r[0] for r in await raw.fetch("SELECT name FROM sqlite_master WHERE type = 'table'")]
                rows = [(t, c[1]) for t in tables for c in await raw.fetch(f"PRAGMA table_info({t})")]
        schema: dict[str, set[str]] = {}
        for table, column in rows:
            schema.setdefault(str(table), set()).add(str(column))
        schema.pop("schema_version", None)  # the migrations' own bookkeeping, written by each database
        assert set(schema) == set(COPY_COLUMNS) | NOT_COPIED, backend
        for table, columns in COPY_COLUMNS.items():
            assert set(columns) == schema[table], (backend, table, schema[table] ^ set(columns))
