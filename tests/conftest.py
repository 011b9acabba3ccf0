"""Shared helpers for the engine tests: deals and plays written as short text.

Deals are written the way a person reads them ("1-4 2-2 3-3"), so a test shows the hands it is
about; plays are "seat:tile" for an opening and "seat:tile>on" for the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from pg_server import PostgresServer

from engine import ALL_TILES, Event, Match, Placement, Tile, parse_tile


def read_tiles(text: str) -> list[Tile]:
    return [parse_tile(word) for word in text.split()]


def read_plays(text: str) -> list[tuple[int, Tile, Tile | None]]:
    """'2:5-5 3:4-5>5-5' -> [(2, 5-5, None), (3, 4-5, 5-5)]."""
    out: list[tuple[int, Tile, Tile | None]] = []
    for word in text.split():
        seat, _, rest = word.partition(":")
        tile, _, on = rest.partition(">")
        out.append((int(seat), parse_tile(tile), parse_tile(on) if on else None))
    return out


def start_round(
    players: int, leader: int, hands: list[str], boneyard: str = "", scores: list[int] | None = None
) -> Match:
    """A match (no seed: it never deals by itself) at the start of a round with this deal.

    `boneyard` gives the first tiles to be drawn; every tile not dealt follows in set order.
    `scores` puts the sides at a score reached in earlier rounds.
    """
    match = Match(players)
    if scores is not None:
        match.scores[:] = scores
    dealt = [read_tiles(h) for h in hands]
    pile = read_tiles(boneyard)
    used = {t for h in dealt for t in h} | set(pile)
    pile += [t for t in ALL_TILES if t not in used]
    match.start_round(leader, dealt, pile)
    return match


def play(match: Match, plays: str) -> list[Event]:
    """Make each play in turn; return the events they caused."""
    events: list[Event] = []
    for seat, tile, on in read_plays(plays):
        events += match.place(seat, Placement(tile, on))
    return events


@pytest.fixture(scope="session")
def new_round() -> Callable[..., Match]:
    """`new_round(players, leader, hands, boneyard="", scores=None)`: see `start_round`."""
    return start_round


@pytest.fixture(scope="session")
def play_text() -> Callable[[Match, str], list[Event]]:
    """`play_text(match, "0:1-4 1:1-6>1-4")`: make the plays, return their events."""
    return play


# -- PostgreSQL: one server per test run, each test on new databases (storage_backends.py) -----------


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
