"""The suite's shared fixtures (the helpers behind them live in tests/support/).

Engine: a round dealt from text and plays made from text (support/engine_text.py).
PostgreSQL: one server per run, and a durable one for the tests that crash it (support/pg_server.py);
the per-test databases on it come from support/storage_backends.py.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.engine_text import play, start_round
from support.pg_server import PostgresServer
from support.storage_raw import Backend

from engine import Event, Match

# The run keeps compiled modules (__pycache__, ignored by git) even where PYTHONDONTWRITEBYTECODE is set, as it is
# on this project's machines: else every test worker and every process a test starts (benches, a second bot)
# compiles the bot and the assertion-rewritten tests anew, about 4 s of a 2-core machine's time each.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# -- the engine: deals and plays as text ------------------------------------------------------------


@pytest.fixture(scope="session")
def new_round() -> Callable[..., Match]:
    """`new_round(players, leader, hands, boneyard="", scores=None)`: see `start_round`."""
    return start_round


@pytest.fixture(scope="session")
def play_text() -> Callable[[Match, str], list[Event]]:
    """`play_text(match, "0:1-4 1:1-6>1-4")`: make the plays, return their events."""
    return play


# -- PostgreSQL: one server per test run, each test on new databases (support/storage_backends.py) ---


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    """The run's PostgreSQL server (fsync off), started at its first use; if it cannot start, every test
    that needs it errors with the reason (PostgresUnavailableError): PostgreSQL is never skipped."""
    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def crash_server() -> Iterator[PostgresServer]:
    """A second server, durable (fsync on: a crash keeps exactly what was committed), for the tests that
    crash and restart it, so that no other test sees it go away. One per run, shared by those tests."""
    server = PostgresServer(durable=True).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def crash_server_up(crash_server: PostgresServer) -> PostgresServer:
    """The crash server, started again if a test that failed half-way left it down."""
    if not crash_server.running:
        crash_server.start_again()
    return crash_server


@pytest.fixture
def own_server(crash_server_up: PostgresServer) -> PostgresServer:
    """The run's crash server, for a test that crashes it on purpose; durable: a crash keeps what was committed."""
    return crash_server_up


@pytest.fixture
async def own_url(own_server: PostgresServer) -> str:
    """A new empty database on the crash server; not dropped after the test: on this durable server a
    DROP DATABASE waits for a checkpoint."""
    return await Backend("postgres", Path(), own_server).target()


def pytest_collection_finish(session: pytest.Session) -> None:
    """What the imports and the collection made lives to the end: `gc.freeze` keeps it out of the full
    collections, which otherwise walk all of it again each time (in three bot and engine test files, one
    process: 54 full collections took 7.2 s of 33 s; 5.2 s frozen)."""
    gc.freeze()
