"""The interaction handlers running now, counted so that a stop waits for them.

The bot holds one `Handlers` (`interaction.client.handlers`); the door every command, button and
menu passes (`replies.admitted`) counts its handler here, and the bot's stop (bot/edge/app.py) lets
no new one in and waits for the running ones. Kept apart from the replies so that the bot's shape
(bot/edge/base/client.py) can name it without importing the handlers that use it.
"""

from __future__ import annotations

import asyncio

import discord

ADMITTED = "five-up: admitted"  # interaction.extras key: whether this interaction was let in (decided once)


class Handlers:
    """The interaction handlers running now, and whether new ones are still let in.

    A handler counts from its first step (`admitted`) until its task ends, whether it was let in
    or is only saying "restarting"; `finish` waits for all of them, up to a bound."""

    def __init__(self) -> None:
        self.stopping = False
        self._running: dict[asyncio.Task[object], str] = {}

    def admit(self, interaction: discord.Interaction, what: str) -> bool:
        """Count the running handler of `interaction`; True if it may go on (decided once per interaction)."""
        decided = interaction.extras.get(ADMITTED)
        if decided is None:
            decided = interaction.extras[ADMITTED] = not self.stopping
        task = asyncio.current_task()
        if task is not None and task not in self._running:
            self._running[task] = f"{what} (user {interaction.user.id}, channel {interaction.channel_id})"
            task.add_done_callback(self._done)
        return bool(decided)

    def _done(self, task: asyncio.Task[object]) -> None:
        self._running.pop(task, None)

    @property
    def running(self) -> list[str]:
        return list(self._running.values())

    async def finish(self, timeout: float) -> list[str]:
        """Let no new handler in, wait up to `timeout` seconds for the running ones, cancel the rest;
        returns what was cut."""
        self.stopping = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        me = asyncio.current_task()
        while True:
            waiting = [task for task in self._running if task is not me and not task.done()]
            left = deadline - loop.time()
            if not waiting or left <= 0:
                break
            await asyncio.wait(waiting, timeout=left)
        cut = [self._running[task] for task in waiting]
        for task in waiting:
            task.cancel()
        if waiting:
            await asyncio.wait(waiting, timeout=1.0)
        return cut
