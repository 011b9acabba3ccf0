"""The bot process: resources first, then an AutoShardedBot that serves `/five-up` with them.

`hosting` opens what the bot works with (the database, the computer players' worker
processes, the game manager and its publisher) and closes it again after the bot; the bot is
handed those and restores the saved tables in `setup_hook`. Scale-out is Discord's own
sharding. A table lives in one channel, a channel in one guild, a guild in one shard; so a
large deployment can run shard clusters as separate processes (`SHARD_COUNT`, `SHARD_IDS`),
all on one PostgreSQL database (`DATABASE_URL`), each restoring only the tables of its own
shards. Only the `guilds` intent is needed: the bot works by slash commands and buttons, and
reads no messages.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from ..config import Config
from ..host.computers import ComputerPlayers, ProcessComputer
from ..host.manager import Manager, new_seed
from ..host.pictures import PngRenderer, Renderer
from ..host.tables.outage_clocks import OutageClocks
from ..host.timer import SystemTimer, Timer
from ..storage import open_storage
from ..web.heard_posts import HeardPublisher
from ..web.links import links_of, use_links
from ..web.match_ids import MatchIds, site_secret
from ..web.site import serving
from .base.client import FiveUpClient, Interaction
from .base.discord_health import DiscordHealth
from .base.handlers import Handlers
from .base.http_gate import HttpGate
from .base.lobby_turns import LobbyTurns
from .base.replies import admitted, answer_error, connection_lost
from .base.request_budget import BURST, RATE, RequestBudget
from .base.vanished_clicks import answer_vanished_click
from .dynamic_items import DYNAMIC_ITEMS
from .posts.publisher import ChannelPublisher
from .replay.replay_buttons import REPLAY_ITEMS
from .tournaments.event_buttons import match_thread_opener

log = logging.getLogger(__name__)


UNKNOWN_INTERACTION = 10062  # Discord's code for an interaction it no longer waits for (the 3 s are up)
STOP_GRACE_S = 10.0  # on a stop, the handlers already running get this long to finish and answer


def _late_autocomplete(record: logging.LogRecord) -> bool:
    """A logging filter: an autocomplete answered after Discord gave up becomes one debug line.

    Under load an autocomplete can miss Discord's deadline; the user has typed on by then, so
    nothing is lost, but discord.py logs the 404 "Unknown interaction" as an exception with its
    traceback. Every other record passes unchanged."""
    error = record.exc_info[1] if record.exc_info else None
    if (
        isinstance(error, discord.NotFound)
        and error.code == UNKNOWN_INTERACTION
        and str(record.msg).startswith("Ignoring exception in autocomplete")
    ):
        command = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
        log.debug("autocomplete for %s answered after Discord gave up (Unknown interaction)", command)
        return False
    in_autocomplete = str(record.msg).startswith("Ignoring exception in autocomplete")
    if error is not None and in_autocomplete and connection_lost(error):
        command = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
        log.warning("autocomplete for %s not answered: the connection to Discord failed (%r)", command, error)
        return False
    return True


def _no_voice_warnings() -> None:
    """The bot uses no voice: discord.py's start-up warnings that PyNaCl and davey (voice
    libraries) are missing say nothing to whoever runs it. discord.py warns once per process,
    when these flags of its VoiceClient are set; clearing them before the client is made is
    its own way to stay quiet (the flags exist only in versions that warn)."""
    for flag in ("warn_nacl", "warn_dave"):
        if getattr(discord.VoiceClient, flag, False):
            setattr(discord.VoiceClient, flag, False)


class FiveUpTree(app_commands.CommandTree):
    """Every command's errors, whether raised by its body, a check or an argument, take the one error path."""

    async def interaction_check(self, interaction: Interaction, /) -> bool:  # type: ignore[override]
        """Every command and autocomplete goes through the stop's door (see `replies.admitted`), and finds
        the correspondence match of its channel or thread in memory (`Manager.wake_room`)."""
        command = interaction.command
        if not await admitted(interaction, f"/{command.qualified_name}" if command else "a command"):
            return False
        await interaction.client.manager.wake_room(interaction.channel_id)  # a sleeping match played here is read
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        command = interaction.command
        await answer_error(interaction, error, f"/{command.qualified_name}" if command else "a command")


class FiveUpBot(FiveUpClient):
    """Serves `/five-up` and the buttons for the game manager it is handed, posting through `publisher`."""

    def __init__(self, config: Config, manager: Manager, publisher: ChannelPublisher, **options: Any) -> None:
        shards: dict[str, Any] = {}  # discord.py's keyword arguments, given only when configured
        if config.shard_count is not None:
            shards["shard_count"] = config.shard_count
        if config.shard_ids is not None:
            shards["shard_ids"] = list(config.shard_ids)
        _no_voice_warnings()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=FiveUpTree,
            **shards,
            **options,
        )
        self.config = config
        self.manager = manager
        self.publisher = publisher
        self.web_links = links_of(config)  # the link buttons to the table on the web (None: no PUBLIC_URL)
        use_links(self.web_links)
        logging.getLogger("discord.app_commands.tree").addFilter(_late_autocomplete)  # once: filters are a set
        self.lobby_turns = LobbyTurns()  # a lobby action and its message edit, one at a time per table
        self.handlers = Handlers()  # the interaction handlers running now; none new once stopping
        self.stop_grace = STOP_GRACE_S
        self._stopping: asyncio.Task[None] | None = None
        # A request of the global limit takes a token (an interaction answer does not), every request reports
        # whether Discord answered; an outage stops the turn clocks until it ends (http_gate.py, discord_health.py).
        rate = config.requests_per_second
        self.request_budget = RequestBudget(SystemTimer(time.monotonic), rate=rate, burst=max(1.0, rate * BURST / RATE))
        self.outage_clocks = OutageClocks(manager.turns, manager.sweeper, manager.registry)
        self.health = DiscordHealth(
            manager.timer,
            on_down=self.outage_clocks.stop,
            on_up=self._discord_back,
            probe=self._probe,
            grace=config.outage_after,
        )
        self.gate = HttpGate(self.request_budget, self.health, self.request_budget.timer)
        self.gate.guild_of = self._guild_of  # posts wait in their server's turn
        publisher.attach(self)
        publisher.on_sent = manager.posted  # the latest message of each match, for /five-up turns
        manager.tournaments.rounds.opener = match_thread_opener(self)  # a tournament's matches get threads here

    async def setup_hook(self) -> None:
        self.gate.install(self.http)  # before the first request the bot makes
        from .commands import FiveUpCommands  # reads the English catalog: the descriptions are its text
        from .servers.admin_commands import AdminCommands

        self.add_dynamic_items(*DYNAMIC_ITEMS, *REPLAY_ITEMS)
        self.tree.add_command(FiveUpCommands())
        self.tree.add_command(AdminCommands())  # /five-up-admin, top-level: Manage Server by default
        try:
            from .base.translator import FluentTranslator
        except ImportError:
            log.warning("no command translator: descriptions stay in English")
        else:
            await self.tree.set_translator(FluentTranslator())
        await self.publisher.recover(self.config.shard_count, self.config.shard_ids)  # the outbox before anything new
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

    def _guild_of(self, channel_id: int) -> int | None:
        """The server of a channel or thread the bot has in its cache (None: a DM, or not cached)."""
        guild = getattr(self.get_channel(channel_id), "guild", None)
        return None if guild is None else int(guild.id)

    async def on_interaction(self, interaction: discord.Interaction[FiveUpBot]) -> None:
        """A click on a button its message no longer shows is answered too (see `answer_vanished_click`)."""
        await answer_vanished_click(interaction, (*DYNAMIC_ITEMS, *REPLAY_ITEMS))

    async def on_ready(self) -> None:
        log.info("ready as %s in %d server(s), %d shard(s)", self.user, len(self.guilds), self.shard_count or 1)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        self.health.gateway_closed(shard_id)

    async def on_shard_connect(self, shard_id: int) -> None:
        self.health.gateway_open(shard_id)

    async def on_shard_resumed(self, shard_id: int) -> None:
        self.health.gateway_open(shard_id)

    async def _discord_back(self, since: float, now: float) -> None:
        """The outage is over: the posts waiting to be sent again go now, and the turn clocks go on."""
        self.publisher.wake()
        await self.outage_clocks.restart(since, now)

    async def _probe(self) -> object:
        """During an outage: is Discord back? (The cheapest request there is.)"""
        return await self.http.request(Route("GET", "/users/@me"))

    @property
    def stop_asked(self) -> bool:
        """A stop was asked (a signal, or `close`): what `start` raises after that is the stop, not a failure."""
        return self._stopping is not None

    def stop_on_signal(self, signum: int) -> None:
        """SIGTERM or SIGINT: the stop begins (see `close`); a second signal changes nothing."""
        log.info("%s received: stopping", signal.Signals(signum).name)
        if self._stopping is None:
            self._stopping = asyncio.create_task(self._stop())

    async def close(self) -> None:
        """The stop, once however often it is asked for: see `_stop`."""
        if self._stopping is None:
            self._stopping = asyncio.create_task(self._stop())
        await asyncio.shield(self._stopping)

    async def _stop(self) -> None:
        """New clicks and commands are told the bot is restarting; the handlers already running finish
        and answer (cut after `stop_grace` seconds, named in the log); no new turns start; the public
        posts made so far go out; then the connection closes. The database closes after the bot
        (`hosting`), holding every move a player was told was saved."""
        cut = await self.handlers.finish(self.stop_grace)
        if cut:
            log.warning("stop: %d handler(s) cut after %g s: %s", len(cut), self.stop_grace, "; ".join(cut))
        await self.manager.close()
        await self.publisher.flush()
        await super().close()
        await self.health.close()
        await self.request_budget.close()
        self.gate.uninstall()
        log.info("stopped")


@asynccontextmanager
async def hosting(
    config: Config,
    *,
    computer: ComputerPlayers | None = None,
    renderer: Renderer | None = None,
    computer_pause: tuple[float, float] = (0.8, 2.0),
    seeds: Callable[[], str] = new_seed,
    timer: Timer | None = None,
) -> AsyncIterator[tuple[Manager, ChannelPublisher]]:
    """The game manager on its database, with its computer players and publisher; closed on the way out.

    By default the computers choose in worker processes, started here (tests pass their own, and a
    `timer` they move by hand for correspondence deadlines). With `WEB_PORT` set, the table on the web
    (bot/web/) is served beside it; it hears every post through a `HeardPublisher`."""
    async with AsyncExitStack() as stack:
        storage = await open_storage(config.database)  # the backend the target names
        stack.push_async_callback(storage.close)
        log.info("storage: %s", config.database_shown)
        if computer is None:
            workers = max(1, min(2, os.cpu_count() or 1))  # as measured in bench/bench_bot.py
            pool = ProcessComputer(workers=workers)
            stack.callback(pool.close)
            await pool.start()
            computer = pool
        publisher = ChannelPublisher(storage)  # the outbox: posts written with their moves
        manager = Manager(
            storage,
            HeardPublisher(publisher),  # the site's listener hook; the posts go on to Discord unchanged
            renderer or PngRenderer(),
            computer,
            turn_timeout=config.turn_timeout,
            lobby_expiry=config.lobby_expiry,
            computer_pause=computer_pause,
            seeds=seeds,
            timer=timer,
            shard_count=config.shard_count,
            shard_ids=config.shard_ids,
            outbox=True,
        )
        stack.push_async_callback(manager.close)
        if config.web_port is not None:
            ids = MatchIds(site_secret(config.web_secret, config.token))
            await stack.enter_async_context(serving(manager, ids, host=config.web_host, port=config.web_port))
        yield manager, publisher


def stop_on_signals(bot: FiveUpBot) -> Callable[[], None]:
    """SIGTERM and SIGINT begin the bot's stop rather than interrupting whatever runs; returns the undo.
    (Where the event loop cannot take signals, Ctrl-C still interrupts as Python does.)"""
    loop = asyncio.get_running_loop()
    installed = []
    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(signum, bot.stop_on_signal, signum)
        except (NotImplementedError, RuntimeError):
            continue
        installed.append(signum)

    def undo() -> None:
        for signum in installed:
            loop.remove_signal_handler(signum)

    return undo


class TokenRefusedError(RuntimeError):
    """Discord refused the token: `python -m bot` says so in one line (the token itself is never shown)."""


class DiscordUnreachableError(RuntimeError):
    """Discord could not be reached (no network, DNS, a firewall): `python -m bot` says so in one line."""


async def run(config: Config) -> None:
    """`python -m bot`: run until SIGTERM or SIGINT, then stop cleanly (see `FiveUpBot._stop`); the
    token is handed to discord.py and never logged."""
    async with hosting(config) as (manager, publisher), FiveUpBot(config, manager, publisher) as bot:
        undo = stop_on_signals(bot)
        try:
            await bot.start(config.token)
        except discord.LoginFailure as e:
            raise TokenRefusedError from e
        except (aiohttp.ClientConnectionError, discord.GatewayNotFound, TimeoutError) as e:
            if bot.stop_asked:
                return  # stopped while still connecting (a deploy during start-up): a clean stop, status 0
            detail = " ".join(str(e).split())[:200] or type(e).__name__  # one line, whatever aiohttp said
            raise DiscordUnreachableError(detail) from e
        finally:
            await bot.close()
            undo()
