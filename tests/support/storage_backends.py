"""Fixtures that run a storage test on both backends: a SQLite file and a database on a real PostgreSQL.

Use it from a test module with `pytest_plugins = ["support.storage_backends"]`. `backend` is parametrized
("sqlite", "postgres"); the PostgreSQL server starts once per run (`pg_server` in conftest.py, made
by tests/support/pg_server.py) and each test gets new databases on it. If the server cannot start, the tests
that need it error with the reason (PostgresUnavailableError): PostgreSQL is never skipped.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from support.storage_raw import Backend

from bot.storage import Storage


async def _backend(kind: str, request: pytest.FixtureRequest, folder: Path) -> Backend:
    if kind == "sqlite":
        return Backend("sqlite", folder)
    return Backend("postgres", folder, request.getfixturevalue("pg_server"))


@pytest.fixture(params=["sqlite", "postgres"])
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """Each test using this runs twice: on a SQLite file and on PostgreSQL."""
    chosen = await _backend(request.param, request, tmp_path)
    yield chosen
    await chosen.drop()


@pytest.fixture
async def sqlite_backend(tmp_path: Path) -> Backend:
    return Backend("sqlite", tmp_path)


@pytest.fixture
async def postgres_backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    chosen = await _backend("postgres", request, tmp_path)
    yield chosen
    await chosen.drop()


@pytest.fixture
async def target(backend: Backend) -> str:
    """A new empty database on the test's backend."""
    return await backend.target()


@pytest.fixture
async def storage(backend: Backend, target: str) -> AsyncIterator[Storage]:
    """The storage opened (and migrated) on a new database of the test's backend."""
    opened = await backend.open(target)
    yield opened
    await opened.close()
