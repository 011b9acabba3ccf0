"""The bot process: an AutoShardedBot that opens storage, restores tables and serves `/five-up`.

Scale-out is Discord's own sharding. A table lives in one channel, a channel
in one guild, a guild in one shard; so a large deployment can run shard
clusters as separate processes (`SHARD_COUNT`, `SHARD_IDS`), each with its own
database file. Only the `guilds` intent is needed: the bot works by slash
commands and buttons, and reads no messages.
"""

from __future__ import annotations

import logging
import os

import discord
from discord import app_commands
from discord.ext import commands

from .commands import FiveUpCommands
from .computer import ComputerPlayers, ProcessComputer
from .config import Config
from .i18n import t
from .manager import Manager
from .pictures import PngRenderer, Renderer
from .publisher import ChannelPublisher
from .replies import locale_of, reply
from .storage import Storage
from .views import DYNAMIC_ITEMS

log = logging.getLogger(__name__)


class FiveUpBot(commands.AutoShardedBot):
    """Owns the storage, the game manager and the command tree for one process."""

    def __init__(
        self,
        config: Config,
        *,
        renderer: Renderer | None = None,
        computer: ComputerPlayers | None = None,
        computer_pause: tuple[float, float] = (0.8, 2.0),
        **options: object,
    ) -> None:
        shards: dict[str, object] = {}
        if config.shard_count is not None:
            shards["shard_count"] = config.shard_count
        if config.shard_ids is not None:
            shards["shard_ids"] = list(config.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
            **options,
        )
        self.config = config
        self.renderer = renderer or PngRenderer()
        self.computer = computer
        self.computer_pause = computer_pause
        self.storage: Storage | None = None
        self.manager: Manager | None = None
        self.publisher = ChannelPublisher(self)

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(self.config.database_path)
        if self.computer is None:
            workers = max(1, min(2, os.cpu_count() or 1))  # as measured in bench/bench_bot.py
            computer = ProcessComputer(workers=workers)
            await computer.start()
            self.computer = computer
        self.manager = Manager(
            self.storage,
            self.publisher,
            self.renderer,
            self.computer,
            turn_timeout=self.config.turn_timeout,
            computer_pause=self.computer_pause,
        )
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.add_command(FiveUpCommands())
        self.tree.on_error = self.on_app_command_error
        try:
            from .translator import FluentTranslator
        except ImportError:
            log.warning("no command translator: descriptions stay in English")
        else:
            await self.tree.set_translator(FluentTranslator())
        restored = await self.manager.restore()
        log.info("restored %d table(s)", len(restored))
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """To one server at once while developing (DEV_GUILD_ID), else globally."""
        if self.config.dev_guild_id is not None:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d command(s) to guild %s", len(synced), self.config.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d command(s) globally", len(synced))

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Errors that reach the tree (a check, a bad argument): answer politely, log the unexpected."""
        if isinstance(error, app_commands.NoPrivateMessage):
            text = t(locale_of(interaction), "error-guild-only")
        else:
            log.error("command %s failed", interaction.command and interaction.command.qualified_name, exc_info=error)
            text = t(locale_of(interaction), "error-unexpected")
        try:
            await reply(interaction, text)
        except discord.HTTPException as e:
            log.warning("could not answer interaction %s: %s", interaction.id, e)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d server(s), %d shard(s)", self.user, len(self.guilds), self.shard_count or 1)

    async def close(self) -> None:
        if self.manager is not None:
            await self.manager.close()
        await self.publisher.flush()
        if self.storage is not None:
            await self.storage.close()
        await super().close()


async def run(config: Config) -> None:
    """`python -m bot`: run until interrupted; the token is handed to discord.py and never logged."""
    async with FiveUpBot(config) as bot:
        await bot.start(config.token)
