"""What a test declares about the fake Discord world: users, roles, channels, threads and guilds.

These are plain descriptions. `FakeDiscord.start` turns them into gateway payloads (READY,
GUILD_CREATE) so discord.py builds its own `Guild`, `Member` and channel objects from them.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import discord

DISCORD_EPOCH_MS = 1420070400000
_sequence = itertools.count(1)


def new_snowflake() -> int:
    """A fresh, increasing Discord snowflake whose timestamp is now (ids sort by creation, as on Discord)."""
    millis = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (millis << 22) | (next(_sequence) & 0x3FFFFF)


#: What @everyone may do in a fresh guild (Discord's defaults, minus voice).
DEFAULT_EVERYONE = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    read_message_history=True,
    use_application_commands=True,
)

#: What the bot's managed role grants, on top of @everyone: what a game table needs.
DEFAULT_BOT = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    manage_threads=True,
    manage_messages=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    read_message_history=True,
    use_application_commands=True,
)


def _copy(permissions: discord.Permissions) -> discord.Permissions:
    return discord.Permissions(permissions.value)


@dataclass(eq=False)
class FakeUser:
    """A Discord account. `locale` is the client language Discord reports as `interaction.locale`."""

    name: str
    locale: str = "en-US"
    global_name: str | None = None
    bot: bool = False
    accepts_dms: bool = True
    id: int = field(default_factory=new_snowflake)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class FakeRole:
    name: str
    permissions: discord.Permissions = field(default_factory=discord.Permissions.none)
    position: int = 1
    id: int = field(default_factory=new_snowflake)


@dataclass(eq=False)
class FakeMember:
    """A user's membership of one guild, when it needs roles or a nickname."""

    user: FakeUser
    roles: Sequence[FakeRole] = ()
    nick: str | None = None


@dataclass(eq=False)
class Overwrite:
    """A channel permission overwrite for a role, a member, or "everyone"."""

    target: FakeRole | FakeUser | Literal["everyone"]
    allow: discord.Permissions = field(default_factory=discord.Permissions.none)
    deny: discord.Permissions = field(default_factory=discord.Permissions.none)


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel."""

    name: str
    overwrites: Sequence[Overwrite] = ()
    topic: str | None = None
    id: int = field(default_factory=new_snowflake)


@dataclass(eq=False)
class FakeThread:
    """A thread that already exists when the bot connects (threads the bot creates are added by the fake)."""

    name: str
    parent: FakeChannel | str
    private: bool = False
    archived: bool = False
    locked: bool = False
    owner: FakeUser | None = None
    id: int = field(default_factory=new_snowflake)


@dataclass(eq=False)
class FakeGuild:
    """A guild and everything in it. Channels may be given by name; `members` may be users or `FakeMember`s."""

    name: str = "Fake Guild"
    preferred_locale: str = "en-US"
    channels: Sequence[FakeChannel | str] = ("general",)
    threads: Sequence[FakeThread] = ()
    members: Sequence[FakeUser | FakeMember] = ()
    roles: Sequence[FakeRole] = ()
    everyone_permissions: discord.Permissions = field(
        default_factory=lambda: discord.Permissions(DEFAULT_EVERYONE.value)
    )
    bot_permissions: discord.Permissions = field(default_factory=lambda: discord.Permissions(DEFAULT_BOT.value))
    owner: FakeUser | None = None
    id: int = field(default_factory=new_snowflake)
    bot_role_id: int = field(default_factory=new_snowflake)

    def __post_init__(self) -> None:
        self.channels = [FakeChannel(c) if isinstance(c, str) else c for c in self.channels]
        self.members = [m if isinstance(m, FakeMember) else FakeMember(m) for m in self.members]
        for thread in self.threads:
            if isinstance(thread.parent, str):
                thread.parent = self.channel(thread.parent)
        if self.owner is None:
            # An owner outside the players: the owner bypasses every permission check.
            self.owner = FakeUser("guild-owner")

    def channel(self, name: str) -> FakeChannel:
        for channel in self.channels:
            assert isinstance(channel, FakeChannel)
            if channel.name == name:
                return channel
        raise KeyError(f"guild {self.name!r} has no channel {name!r}")

    def member(self, user: FakeUser) -> FakeMember | None:
        for member in self.members:
            assert isinstance(member, FakeMember)
            if member.user.id == user.id:
                return member
        return None
