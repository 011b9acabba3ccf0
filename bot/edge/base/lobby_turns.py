"""One lobby action at a time per table, together with the edit of the lobby message that shows it.

Kept apart from the lobby's buttons because the commands (`/five-up join`, `/five-up end`) take the
same turns, and the bot holds the one `LobbyTurns` its handlers share (`interaction.client.lobby_turns`).
"""

from __future__ import annotations

import asyncio


class LobbyTurns:
    """One lobby action at a time per table, together with the edit of the lobby message that shows it.

    An action (join, leave, start, cancel, end; by button or by command) and its message edit run
    under the table's turn here, so the edits reach Discord in the order of the actions and each
    shows the table as that action left it: a `/five-up join` a moment before Start can never put
    Join/Leave/Start back on a lobby that has started. The bot holds one (`bot.lobby_turns`)."""

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}
        self._holders: dict[int, int] = {}  # table id -> tasks holding or waiting for its turn

    def of(self, table_id: int | None) -> LobbyTurn:
        """`async with bot.lobby_turns.of(table_id):` (None: no table, nothing to wait for)."""
        return LobbyTurn(self, table_id)


class LobbyTurn:
    """A class rather than an @asynccontextmanager, as the storage's transaction (the fake's idle watch)."""

    def __init__(self, turns: LobbyTurns, table_id: int | None) -> None:
        self._turns = turns
        self._table_id = table_id

    async def __aenter__(self) -> None:
        table_id = self._table_id
        if table_id is None:
            return
        turns = self._turns
        lock = turns._locks.setdefault(table_id, asyncio.Lock())
        turns._holders[table_id] = turns._holders.get(table_id, 0) + 1
        try:
            await lock.acquire()
        except BaseException:
            self._let_go()
            raise

    async def __aexit__(self, *_: object) -> None:
        if self._table_id is None:
            return
        self._turns._locks[self._table_id].release()
        self._let_go()

    def _let_go(self) -> None:
        turns, table_id = self._turns, self._table_id
        assert table_id is not None
        turns._holders[table_id] -= 1
        if not turns._holders[table_id]:  # nobody else waits: forget the table's lock
            del turns._holders[table_id]
            del turns._locks[table_id]
