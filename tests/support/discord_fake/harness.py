"""`FakeDiscord`: start a real discord.py bot against the fake, act as users, inspect what it did."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import discord

from .acting import ChannelLike, UserActions, UserLike
from .backend import FakeBackend
from .faults import Faults
from .gateway import FakeGatewaySocket, connect
from .gateway_faults import GatewayLink, close, identify, resume
from .idle import IdleWatcher
from .messages import FakeMessage
from .payloads import Payload, copied, overwrite_payload
from .records import CapturedRequest, InteractionRecord
from .specs import FakeGuild, FakeUser, Overwrite, new_snowflake
from .transport import FakeHTTPClient, install_webhook_routing

MESSAGE_EVENTS = ("MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE")
HANG = 60.0  # seconds: only a hung bot takes this long to connect or settle; a busy machine never should


class _ErrorLog(logging.Handler):
    """Keeps every ERROR logged while the fake runs: an exception the bot swallowed still fails a test."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class FakeDiscord(UserActions):
    """A fake Discord around a real `discord.Client`/`commands.Bot`; see the package docstring."""

    def __init__(
        self,
        client: discord.Client,
        *,
        guilds: Sequence[FakeGuild],
        users: Sequence[FakeUser],
        response_deadline: float | None,
        settle_horizon: float,
        bot_name: str,
        backend: FakeBackend | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.client = client
        self.clock = clock  # the seconds interactions and requests are timed by: the loop's, unless a test's own
        self.response_deadline = response_deadline
        self.settle_horizon = settle_horizon
        if backend is None:
            bot_id = client._connection.application_id or new_snowflake()
            backend = FakeBackend(
                bot=FakeUser(bot_name, bot=True, id=bot_id),
                owner=FakeUser("app-owner"),
                guilds=list(guilds),
                users=list(users),
                clock=self._clock,
                emit=self._emit,
                bot_permissions=self._bot_permissions,
            )
        else:
            # A restart: the same Discord (channels, messages, commands), now answering a new client.
            backend.clock, backend.emit, backend.bot_permissions = self._clock, self._emit, self._bot_permissions
        backend.deadline_clock = self._deadline_clock
        self.backend = backend
        self.guilds = list(backend.guilds.values())
        self.bot_user = backend.bot
        self.sockets: list[FakeGatewaySocket] = []
        self.link = GatewayLink()  # the gateway session: up, or closed with the events it missed
        self.errors = _ErrorLog()
        self._idle: IdleWatcher | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- life cycle -------------------------------------------------------------------------------

    @classmethod
    async def start(
        cls,
        client: discord.Client,
        *,
        guilds: Sequence[FakeGuild] = (),
        users: Sequence[FakeUser] = (),
        response_deadline: float | None = 3.0,
        settle_horizon: float = 1.0,
        bot_name: str = "Five Up",
        token: str = "fake-token",
        timeout: float = HANG,
        clock: Callable[[], float] | None = None,
    ) -> FakeDiscord:
        """Log the client in against the fake (running its `setup_hook`), connect it, and wait for on_ready.

        `response_deadline`: seconds the bot has for an initial interaction response (Discord: 3;
        None turns the check off). `settle_horizon`: timers due sooner than this are waited for by
        `wait_idle`; later ones (view timeouts, turn clocks) are not. `clock`: what the response deadline
        and the requests' moments are read on (a test's own, e.g. a `ManualTimer`'s `now`: a late answer is
        then late however busy the machine is); without it requests are stamped on the loop's time and the
        deadline counts the process's CPU time (`_deadline_clock`).
        """
        fake = cls(
            client,
            guilds=guilds,
            users=users,
            response_deadline=response_deadline,
            settle_horizon=settle_horizon,
            bot_name=bot_name,
            clock=clock,
        )
        await fake._start(token, timeout)
        return fake

    async def _start(self, token: str, timeout: float) -> None:
        loop = asyncio.get_running_loop()
        self._loop = loop
        install_webhook_routing()
        http = FakeHTTPClient(self.backend, loop)
        # The three places discord.py keeps its HTTP client; interactions read the session from the state's.
        self.client.http = http
        self.client._connection.http = http
        tree = self.client._connection._command_tree
        if tree is not None:
            tree._http = http
        self._idle = IdleWatcher(loop, horizon=self.settle_horizon)
        self._idle.install()
        logging.getLogger().addHandler(self.errors)
        await self.client.login(token)
        self.sockets = await connect(
            self.client, self.bot_user, self.guilds, self.backend.guild_create, timeout=timeout
        )
        await self.wait_idle(timeout=timeout)

    async def restart(self, client: discord.Client, *, timeout: float = HANG) -> FakeDiscord:
        """Close this client (if still open) and start `client` against the same fake Discord.

        Messages, threads and registered commands survive, as they do on Discord, so a test can
        check that persistent views and stored games still work after the bot restarts.
        """
        if not self.client.is_closed():
            await self.close()
        fake = FakeDiscord(
            client,
            guilds=(),
            users=(),
            response_deadline=self.response_deadline,
            settle_horizon=self.settle_horizon,
            bot_name=self.bot_user.name,
            backend=self.backend,
            clock=self.clock,
        )
        await fake._start("fake-token", timeout)
        return fake

    async def close(self) -> None:
        """Close the client as a shutdown would, and take the fake's hooks out of the event loop."""
        try:
            await self.client.close()
        finally:
            if self._idle is not None:
                self._idle.uninstall()
            logging.getLogger().removeHandler(self.errors)

    async def __aenter__(self) -> FakeDiscord:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _clock(self) -> float:
        if self.clock is not None:
            return self.clock()
        assert self._loop is not None
        return self._loop.time()

    def _deadline_clock(self) -> float:
        """What an answer's 3 s are counted on: a test's own clock, else the CPU time of this process (the bot
        and the fake), so a handler that works too long before answering is late on any machine, and one kept
        waiting by what else runs on a busy machine is not."""
        if self.clock is not None:
            return self.clock()
        return time.process_time()

    async def wait_idle(self, *, timeout: float = HANG, horizon: float | None = None) -> None:
        """Return once everything the bot started has settled (see `idle.py` for what counts)."""
        assert self._idle is not None, "FakeDiscord.start() first"
        await self._idle.wait(timeout=timeout, horizon=horizon)

    # -- the gateway, inbound ---------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.client._connection

    def _emit(self, event: str, data: Payload) -> None:
        """A gateway event caused by the bot's own request, delivered if its intents ask for it."""
        intents = self.client.intents
        if event in MESSAGE_EVENTS:
            in_guild = "guild_id" in data
            if not (intents.guild_messages if in_guild else intents.dm_messages):
                return
            # Message events reach the bot after the REST answer, as on Discord.
            assert self._loop is not None
            self._loop.call_soon(self.link.deliver, self.state, event, data)
            return
        if intents.guilds:
            self.link.deliver(self.state, event, data)

    def _bot_permissions(self, channel_id: int) -> discord.Permissions | None:
        channel = self.state.get_channel(channel_id) or self.client.get_channel(channel_id)
        if channel is None:
            guild_id = self.backend.channel(channel_id).get("guild_id")
            if guild_id is None:
                return None
            guild = self.client.get_guild(int(guild_id))
            assert guild is not None
            channel = guild.get_channel_or_thread(channel_id)
            parent = self.backend.channel(channel_id).get("parent_id")
            if channel is None and parent is not None:  # an archived thread, which discord.py does not cache:
                channel = guild.get_channel(int(parent))  # a thread has its parent's permissions
        if channel is None or isinstance(channel, discord.DMChannel):
            return None
        guild = channel.guild
        return channel.permissions_for(guild.me)

    def guild(self, guild: FakeGuild | str | None = None) -> discord.Guild:
        """The bot's own `discord.Guild` for a spec or a name (the only guild when there is one)."""
        if guild is None:
            if len(self.guilds) != 1:
                raise ValueError("several guilds: say which")
            guild = self.guilds[0]
        if isinstance(guild, str):
            guild = next(g for g in self.guilds if g.name == guild)
        found = self.client.get_guild(guild.id)
        assert found is not None
        return found

    def channel(self, channel: ChannelLike | str, guild: FakeGuild | str | None = None) -> Any:
        """The bot's own channel or thread object, by spec, id, or name."""
        if isinstance(channel, str):
            found = discord.utils.get(self.guild(guild).channels, name=channel) or discord.utils.get(
                self.guild(guild).threads, name=channel
            )
            if found is None:
                raise KeyError(f"no channel or thread named {channel!r}")
            return found
        channel_id = self._channel_id(channel)
        return self.client.get_channel(channel_id) or self.client.get_partial_messageable(channel_id)

    def seed_message(
        self,
        channel: ChannelLike,
        *,
        content: str = "",
        view: discord.ui.View | discord.ui.LayoutView | None = None,
        author: UserLike | None = None,
    ) -> FakeMessage:
        """A message that already exists, e.g. one the bot posted before a restart (persistent views).

        No gateway event is sent for it: it predates this session. `author` defaults to the bot.
        """
        channel_id = self._channel_id(channel)
        body: Payload = {"content": content}
        if view is not None:
            body["components"] = view.to_components()
        msg = self.backend.seed(channel_id, body, self._user(author) if author is not None else self.bot_user)
        return msg

    def set_overwrites(self, channel: ChannelLike, *overwrites: Overwrite) -> None:
        """A moderator changes a channel's permission overwrites while the bot runs (its threads follow):
        Discord tells the bot with CHANNEL_UPDATE, and checks the bot's requests against them from now on."""
        channel_id = self._channel_id(channel)
        data = self.backend.channel(channel_id)
        guild = self.backend.guild_of(channel_id)
        assert guild is not None, "overwrites belong to server channels"
        data["permission_overwrites"] = [overwrite_payload(o, guild) for o in overwrites]
        self.state.parsers["CHANNEL_UPDATE"](copied(data))

    def dm_channel(self, user: UserLike) -> int:
        """The id of the user's DM channel with the bot (opened if need be), for DMs and interactions there."""
        spec = self._user(user)
        channel_id = self.backend.dm_channels.get(spec.id)
        if channel_id is None:
            request = CapturedRequest("POST", "/users/@me/channels", {}, {}, {"recipient_id": str(spec.id)}, [])
            channel_id = int(self.backend._open_dm(request)["id"])
        return channel_id

    # -- inspection -------------------------------------------------------------------------------

    @property
    def interactions(self) -> list[InteractionRecord]:
        return self.backend.interactions

    @property
    def requests(self) -> list[CapturedRequest]:
        """Every HTTP request the bot made, in order (route template, parameters, JSON body, files)."""
        return self.backend.requests

    def requests_to(self, method: str, path: str) -> list[CapturedRequest]:
        return [r for r in self.backend.requests if r.method == method and r.path == path]

    def messages(self, channel: ChannelLike) -> list[FakeMessage]:
        """The messages everyone sees in the channel now (not deleted, not ephemeral), oldest first."""
        return self.backend.visible_messages(self._channel_id(channel))

    def last_message(self, channel: ChannelLike) -> FakeMessage:
        messages = self.messages(channel)
        if not messages:
            raise AssertionError(f"no message in channel {self._channel_id(channel)}")
        return messages[-1]

    def ephemeral_messages(self, user: UserLike, channel: ChannelLike | None = None) -> list[FakeMessage]:
        """The ephemeral messages only `user` sees (optionally in one channel), oldest first."""
        spec = self._user(user)
        channel_id = None if channel is None else self._channel_id(channel)
        return [
            m
            for m in self.backend.messages.values()
            if m.visible_to == spec.id and not m.deleted and channel_id in (None, m.channel_id)
        ]

    def uploads(self, channel: ChannelLike | None = None) -> list[tuple[FakeMessage, Payload]]:
        """Every attachment the bot ever uploaded (in `channel`, or anywhere): public or ephemeral, edited
        away or deleted since, in the order the messages were made; each with its message and the
        attachment as Discord lists it (`filename`, and `description` when the upload gave one)."""
        channel_id = None if channel is None else self._channel_id(channel)
        found: dict[str, tuple[FakeMessage, Payload]] = {}
        for message in self.backend.messages.values():
            if channel_id not in (None, message.channel_id):
                continue
            for state in [*message.history, message.payload]:
                for attachment in state.get("attachments") or []:
                    found.setdefault(attachment["id"], (message, attachment))
        return list(found.values())

    def dm_messages(self, user: UserLike) -> list[FakeMessage]:
        channel_id = self.backend.dm_channels.get(self._user(user).id)
        return [] if channel_id is None else self.backend.visible_messages(channel_id)

    def thread_members(self, thread: ChannelLike) -> set[int]:
        return set(self.backend.thread_members.get(self._channel_id(thread), set()))

    def synced_commands(self, guild: FakeGuild | None = None) -> list[Payload] | None:
        """The command list the bot last registered (globally, or for `guild`), or None if it never did."""
        return self.backend.commands.get(guild.id if guild else None)

    @property
    def presences(self) -> list[dict[str, Any]]:
        return [p for ws in self.sockets for p in ws.presences]

    def fail_next(
        self, method: str, path: str, *, status: int = 403, code: int = 50013, message: str = "Missing Permissions"
    ) -> None:
        """Make the bot's next request to this route fail as Discord would (e.g. a Forbidden)."""
        self.backend.fail_next(method, path, status=status, code=code, message=message)

    def limit_rate(self, method: str, path: str, *, limit: int, per: float) -> Any:
        """Answer 429 (with Retry-After) beyond `limit` requests per `per` seconds to this route, per
        channel, as Discord's buckets do; discord.py waits and sends again. Returns the limiter
        (its `refused` counts the 429s)."""
        return self.backend.limit_rate(method, path, limit=limit, per=per)

    def limit_globally(self, *, limit: int = 50, per: float = 1.0) -> Any:
        """Answer a global 429 beyond `limit` requests in any `per` seconds, as Discord's global limit does,
        not counting interaction endpoints (callbacks, followups and edits by an interaction's token), which
        it does not bind. Counted on the fault rules' clock (`faults.clock`). Returns the limiter (its
        `refused` counts the 429s, `counted` the requests it counted)."""
        return self.backend.limit_globally(limit=limit, per=per)

    @property
    def faults(self) -> Faults:
        """The fault rules of the HTTP side: 429s, 5xx, timeouts, slow answers (faults.py)."""
        return self.backend.faults

    def close_gateway(self, *, resumable: bool = True) -> None:
        """The gateway session drops; events wait for `resume_gateway`, or are lost to `identify_again`."""
        close(self.client, self.link, self.sockets, resumable=resumable)

    async def resume_gateway(self) -> None:
        """RESUME the closed session: the missed events, in order, then RESUMED; then settle."""
        resume(self.client, self.link, self.sockets)
        await self.wait_idle()

    async def identify_again(self, *, timeout: float = HANG) -> None:
        """A fresh IDENTIFY after a close: READY and every guild anew, on_ready once more; then settle."""
        await identify(
            self.client,
            self.link,
            self.sockets,
            self.bot_user,
            self.guilds,
            self.backend.guild_create,
            timeout=timeout,
        )
        await self.wait_idle(timeout=timeout)

    def problems(self) -> list[str]:
        """Everything a real Discord would have refused or shown as broken, plus errors the bot logged."""
        found = list(self.backend.problems)
        for record in self.backend.interactions:
            found += [p for p in record.rule_problems() if p not in record.problems]
        for log in self.errors.records:
            error = f": {log.exc_info[1]!r}" if log.exc_info and log.exc_info[1] is not None else ""
            found.append(f"logged error from {log.name}: {log.getMessage()}{error}")
        return found

    def assert_clean(self) -> None:
        """Fail with the full list if anything in `problems()` happened."""
        found = self.problems()
        if found:
            raise AssertionError("the fake Discord saw problems:\n- " + "\n- ".join(found))


__all__ = ["FakeDiscord"]
