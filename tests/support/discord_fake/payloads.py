"""Discord API payloads (users, members, roles, channels, threads, guilds, READY) built from the specs.

The shapes follow Discord's documented objects, so discord.py parses them exactly as it parses the
gateway's and the REST API's: nothing here is a discord.py object.
"""

from __future__ import annotations

import copy
import datetime as dt
import marshal
from typing import Any

import discord

from .specs import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeThread, FakeUser, Overwrite

Payload = dict[str, Any]


def copied(value: Any) -> Any:
    """A deep copy of a JSON-like payload, as a wire would give: what the fake hands out is never shared with
    what it keeps. `marshal` copies dicts, lists and scalars in C, about ten times as fast as `copy.deepcopy`,
    which the fake used to spend a twentieth of a match's time in; anything else falls back to deepcopy."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return copy.deepcopy(value)


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


def user_payload(user: FakeUser) -> Payload:
    return {
        "id": str(user.id),
        "username": user.name,
        "discriminator": "0",
        "global_name": user.global_name,
        "avatar": None,
        "bot": user.bot,
        "system": False,
        "public_flags": 0,
    }


def member_payload(member: FakeMember, *, with_user: bool = True) -> Payload:
    data: Payload = {
        "roles": [str(role.id) for role in member.roles],
        "nick": member.nick,
        "avatar": None,
        "joined_at": iso_now(),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user_payload(member.user)
    return data


def role_payload(role: FakeRole, *, bot_id: int | None = None) -> Payload:
    data: Payload = {
        "id": str(role.id),
        "name": role.name,
        "color": 0,
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": role.position,
        "permissions": str(role.permissions.value),
        "managed": bot_id is not None,
        "mentionable": False,
        "flags": 0,
    }
    if bot_id is not None:
        data["tags"] = {"bot_id": str(bot_id)}
    return data


def overwrite_payload(overwrite: Overwrite, guild: FakeGuild) -> Payload:
    target = overwrite.target
    if target == "everyone":
        target_id, kind = guild.id, 0
    elif isinstance(target, FakeRole):
        target_id, kind = target.id, 0
    else:
        assert isinstance(target, FakeUser)
        target_id, kind = target.id, 1
    return {
        "id": str(target_id),
        "type": kind,
        "allow": str(overwrite.allow.value),
        "deny": str(overwrite.deny.value),
    }


def text_channel_payload(channel: FakeChannel, guild: FakeGuild, position: int) -> Payload:
    return {
        "id": str(channel.id),
        "type": discord.ChannelType.text.value,
        "guild_id": str(guild.id),
        "name": channel.name,
        "position": position,
        "permission_overwrites": [overwrite_payload(o, guild) for o in channel.overwrites],
        "topic": channel.topic,
        "nsfw": False,
        "parent_id": None,
        "rate_limit_per_user": 0,
        "last_message_id": None,
        "flags": 0,
    }


def thread_payload(
    *,
    thread_id: int,
    guild_id: int,
    parent_id: int,
    owner_id: int,
    name: str,
    private: bool = False,
    archived: bool = False,
    locked: bool = False,
    auto_archive_duration: int = 1440,
    invitable: bool = True,
    member_count: int = 0,
) -> Payload:
    kind = discord.ChannelType.private_thread if private else discord.ChannelType.public_thread
    now = iso_now()
    return {
        "id": str(thread_id),
        "type": kind.value,
        "guild_id": str(guild_id),
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "name": name,
        "last_message_id": None,
        "message_count": 0,
        "total_message_sent": 0,
        "member_count": member_count,
        "rate_limit_per_user": 0,
        "flags": 0,
        "applied_tags": [],
        "thread_metadata": {
            "archived": archived,
            "auto_archive_duration": auto_archive_duration,
            "archive_timestamp": now,
            "locked": locked,
            "invitable": invitable,
            "create_timestamp": now,
        },
    }


def spec_thread_payload(thread: FakeThread, guild: FakeGuild, bot_id: int) -> Payload:
    parent = thread.parent
    assert isinstance(parent, FakeChannel)
    return thread_payload(
        thread_id=thread.id,
        guild_id=guild.id,
        parent_id=parent.id,
        owner_id=(thread.owner.id if thread.owner else bot_id),
        name=thread.name,
        private=thread.private,
        archived=thread.archived,
        locked=thread.locked,
    )


def bot_role(guild: FakeGuild, bot: FakeUser) -> FakeRole:
    """The managed role Discord gives a bot when it is invited."""
    return FakeRole(bot.name, guild.bot_permissions, position=2, id=guild.bot_role_id)


def guild_create_payload(guild: FakeGuild, bot: FakeUser) -> Payload:
    """GUILD_CREATE as the gateway sends it for a small guild: every member, channel, role and active thread."""
    own_role = bot_role(guild, bot)
    everyone = FakeRole("@everyone", guild.everyone_permissions, position=0, id=guild.id)
    roles = [role_payload(everyone), role_payload(own_role, bot_id=bot.id)]
    roles += [role_payload(role) for role in guild.roles]
    members = [member_payload(m) for m in guild.members if isinstance(m, FakeMember)]
    members.append(member_payload(FakeMember(bot, roles=[own_role])))
    channels = [text_channel_payload(c, guild, i) for i, c in enumerate(guild.channels) if isinstance(c, FakeChannel)]
    assert guild.owner is not None
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": str(guild.owner.id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": guild.preferred_locale,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "description": None,
        "features": [],
        "emojis": [],
        "stickers": [],
        "roles": roles,
        "channels": channels,
        "threads": [spec_thread_payload(t, guild, bot.id) for t in guild.threads],
        "members": members,
        # member_count == len(members) makes discord.py see the guild as fully chunked: no chunk request.
        "member_count": len(members),
        "large": False,
        "unavailable": False,
        "joined_at": iso_now(),
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "max_members": 500000,
        "vanity_url_code": None,
        "banner": None,
    }


def ready_payload(bot: FakeUser, guilds: list[FakeGuild], *, shard: tuple[int, int] = (0, 1)) -> Payload:
    user = user_payload(bot) | {"verified": True, "mfa_enabled": False, "flags": 0, "email": None}
    return {
        "v": 10,
        "user": user,
        "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
        "session_id": "fake-session",
        "resume_gateway_url": "wss://gateway.discord.invalid",
        "shard": list(shard),
        "application": {"id": str(bot.id), "flags": 0},
        "private_channels": [],
        "relationships": [],
    }


def application_payload(bot: FakeUser, owner: FakeUser) -> Payload:
    return {
        "id": str(bot.id),
        "name": bot.name,
        "description": "",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user_payload(owner),
        "team": None,
        "verify_key": "0" * 64,
        "flags": 0,
        "summary": "",
        "tags": [],
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "approximate_guild_count": 1,
        "bot": user_payload(bot),
    }


def dm_channel_payload(channel_id: int, user: FakeUser) -> Payload:
    return {
        "id": str(channel_id),
        "type": discord.ChannelType.private.value,
        "last_message_id": None,
        "recipients": [user_payload(user)],
        "flags": 0,
    }
