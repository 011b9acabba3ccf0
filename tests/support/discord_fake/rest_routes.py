"""Discord's REST routes for users, the application, commands, guilds, channels, threads and messages."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import discord

from .limits import command_problems
from .messages import EPHEMERAL, FakeMessage
from .payloads import (
    application_payload,
    copied,
    dm_channel_payload,
    iso_now,
    member_payload,
    thread_payload,
    user_payload,
)
from .records import CapturedRequest
from .routing import route
from .specs import FakeGuild, FakeMember, new_snowflake
from .store import HAS_THREAD, BackendCore
from .transport import FakeHTTPError

Payload = dict[str, Any]


class RestRoutes(BackendCore):
    """Answers for the bot's REST calls; each checks what Discord checks before changing the store."""

    # -- users, application, commands ------------------------------------------------------------

    @route("GET", "/users/@me")
    def _me(self, request: CapturedRequest) -> Payload:
        return user_payload(self.bot) | {"verified": True, "mfa_enabled": False, "flags": 0}

    @route("GET", "/oauth2/applications/@me")
    def _application(self, request: CapturedRequest) -> Payload:
        return application_payload(self.bot, self.owner)

    @route("GET", "/users/{user_id}")
    def _get_user(self, request: CapturedRequest) -> Payload:
        return user_payload(self.user(int(request.params["user_id"])))

    def _check_application(self, request: CapturedRequest) -> None:
        if int(request.params["application_id"]) != self.bot.id:
            raise FakeHTTPError(403, 50001, "Missing Access")

    def _upsert(self, guild_id: int | None, request: CapturedRequest) -> list[Payload]:
        self._check_application(request)
        if guild_id is not None and guild_id not in self.guilds:
            raise FakeHTTPError(403, 50001, "Missing Access")
        commands = request.json or []
        refusals = command_problems(commands)
        if refusals:
            raise self._refuse(400, 50035, "; ".join(refusals), problem=f"command sync refused: {refusals}")
        stored = []
        for command in commands:
            key = (guild_id, command.get("type", 1), command["name"])
            command_id = self._command_ids.setdefault(key, new_snowflake())
            entry = copied(command) | {
                "id": str(command_id),
                "application_id": str(self.bot.id),
                "version": str(new_snowflake()),
                "type": command.get("type", 1),
            }
            entry.setdefault("default_member_permissions", None)
            entry.setdefault("nsfw", False)
            if guild_id is not None:
                entry["guild_id"] = str(guild_id)
            stored.append(entry)
        self.commands[guild_id] = stored
        return stored

    @route("PUT", "/applications/{application_id}/commands")
    def _sync_global(self, request: CapturedRequest) -> list[Payload]:
        return self._upsert(None, request)

    @route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
    def _sync_guild(self, request: CapturedRequest) -> list[Payload]:
        return self._upsert(int(request.params["guild_id"]), request)

    @route("GET", "/applications/{application_id}/commands")
    def _global_commands(self, request: CapturedRequest) -> list[Payload]:
        self._check_application(request)
        return self.commands.get(None, [])

    @route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
    def _guild_commands(self, request: CapturedRequest) -> list[Payload]:
        self._check_application(request)
        return self.commands.get(int(request.params["guild_id"]), [])

    # -- guilds and members -----------------------------------------------------------------------

    def _guild(self, request: CapturedRequest) -> FakeGuild:
        guild = self.guilds.get(int(request.params["guild_id"]))
        if guild is None:
            raise FakeHTTPError(404, 10004, "Unknown Guild")
        return guild

    @route("GET", "/guilds/{guild_id}")
    def _get_guild(self, request: CapturedRequest) -> Payload:
        data = self.guild_payloads[self._guild(request).id]
        return {k: v for k, v in data.items() if k not in ("channels", "threads", "members", "voice_states")}

    @route("GET", "/guilds/{guild_id}/channels")
    def _guild_channels(self, request: CapturedRequest) -> list[Payload]:
        guild_id = str(self._guild(request).id)
        return [c for c in self.channels.values() if c.get("guild_id") == guild_id and c["type"] not in (10, 11, 12)]

    @route("GET", "/guilds/{guild_id}/members/{member_id}")
    def _get_member(self, request: CapturedRequest) -> Payload:
        guild = self._guild(request)
        user_id = int(request.params["member_id"])
        if user_id == self.bot.id:
            return next(m for m in self.guild_payloads[guild.id]["members"] if m["user"]["id"] == str(user_id))
        member = next((m for m in guild.members if isinstance(m, FakeMember) and m.user.id == user_id), None)
        if member is None:
            raise FakeHTTPError(404, 10007, "Unknown Member")
        return member_payload(member)

    # -- channels and threads ---------------------------------------------------------------------

    @route("GET", "/channels/{channel_id}")
    def _get_channel(self, request: CapturedRequest) -> Payload:
        return self.channel(int(request.params["channel_id"]))

    @route("POST", "/users/@me/channels")
    def _open_dm(self, request: CapturedRequest) -> Payload:
        user = self.user(int(request.json["recipient_id"]))
        channel_id = self.dm_channels.get(user.id)
        if channel_id is None:
            channel_id = self.dm_channels[user.id] = new_snowflake()
            self.channels[channel_id] = dm_channel_payload(channel_id, user)
        return self.channels[channel_id]

    def _create_thread(self, parent_id: int, body: Payload, *, private: bool, thread_id: int | None = None) -> Payload:
        parent = self.channel(parent_id)
        if parent["type"] != discord.ChannelType.text.value:
            raise FakeHTTPError(400, 50024, "Cannot execute action on this channel type")
        perms = self.bot_permissions(parent_id)
        assert perms is not None
        allowed = perms.create_private_threads if private else perms.create_public_threads
        if not (perms.view_channel and allowed):
            raise FakeHTTPError(403, 50013, "Missing Permissions")
        name = body.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise self._refuse(400, 50035, "Invalid Form Body: thread name", problem=f"thread name {name!r} invalid")
        data = thread_payload(
            thread_id=thread_id or new_snowflake(),
            guild_id=int(parent["guild_id"]),
            parent_id=parent_id,
            owner_id=self.bot.id,
            name=name,
            private=private,
            auto_archive_duration=body.get("auto_archive_duration") or 4320,
            invitable=body.get("invitable", True),
            member_count=1,
        )
        thread_id = int(data["id"])
        self.channels[thread_id] = data
        self.thread_members[thread_id] = {self.bot.id}
        event = copied(data) | {
            "newly_created": True,
            "member": {"id": str(thread_id), "user_id": str(self.bot.id), "join_timestamp": iso_now(), "flags": 0},
        }
        # The gateway's THREAD_CREATE arrives with the REST answer; sending it first keeps tests deterministic.
        self.emit("THREAD_CREATE", event)
        return data

    @route("POST", "/channels/{channel_id}/threads")
    def _thread_without_message(self, request: CapturedRequest) -> Payload:
        private = request.json.get("type", 12) == discord.ChannelType.private_thread.value
        return self._create_thread(int(request.params["channel_id"]), request.json, private=private)

    @route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
    def _thread_from_message(self, request: CapturedRequest) -> Payload:
        channel_id = int(request.params["channel_id"])
        msg = self.message(int(request.params["message_id"]), channel_id)
        if msg.flags & HAS_THREAD:
            raise FakeHTTPError(400, 160004, "A thread has already been created for this message")
        # A thread started from a message shares the message's id.
        data = self._create_thread(channel_id, request.json, private=False, thread_id=msg.id)
        msg.payload["flags"] = msg.flags | HAS_THREAD
        msg.payload["thread"] = copied(data)
        return data

    @route("PATCH", "/channels/{channel_id}")
    def _edit_channel(self, request: CapturedRequest) -> Payload:
        channel_id = int(request.params["channel_id"])
        channel = self.channel(channel_id)
        body = request.json or {}
        is_thread = channel["type"] in (10, 11, 12)
        perms = self.bot_permissions(channel_id)
        if "name" in body:
            channel["name"] = body["name"]
        if is_thread:
            meta = channel["thread_metadata"]
            manages = perms is None or perms.manage_threads
            if "locked" in body and body["locked"] != meta["locked"] and not manages:
                raise FakeHTTPError(403, 50013, "Missing Permissions")
            if meta["archived"] and body.get("archived") is not False:  # only active threads can be changed
                raise FakeHTTPError(400, 50083, "Thread is archived")
            if meta["archived"] and meta["locked"] and not (manages or channel.get("owner_id") == str(self.bot.id)):
                raise FakeHTTPError(403, 50013, "Missing Permissions")  # its creator or a moderator reopens it
            for key in ("archived", "locked", "auto_archive_duration", "invitable"):
                if key in body:
                    meta[key] = body[key]
            if "archived" in body:
                meta["archive_timestamp"] = iso_now()
            self.emit("THREAD_UPDATE", copied(channel))
        else:
            if perms is not None and not perms.manage_channels:
                raise FakeHTTPError(403, 50013, "Missing Permissions")
            if "topic" in body:
                channel["topic"] = body["topic"]
            self.emit("CHANNEL_UPDATE", copied(channel))
        return channel

    @route("DELETE", "/channels/{channel_id}")
    def _delete_channel(self, request: CapturedRequest) -> Payload:
        channel_id = int(request.params["channel_id"])
        channel = self.channel(channel_id)
        perms = self.bot_permissions(channel_id)
        if channel["type"] in (10, 11, 12):
            if perms is not None and not perms.manage_threads:
                raise FakeHTTPError(403, 50013, "Missing Permissions")
            del self.channels[channel_id]
            keys = ("id", "guild_id", "parent_id", "type")
            self.emit("THREAD_DELETE", {k: channel[k] for k in keys})
        elif channel["type"] == discord.ChannelType.private.value:
            pass  # closing a DM only hides it
        else:
            if perms is not None and not perms.manage_channels:
                raise FakeHTTPError(403, 50013, "Missing Permissions")
            del self.channels[channel_id]
            self.emit("CHANNEL_DELETE", copied(channel))
        return channel

    def _thread(self, request: CapturedRequest) -> int:
        thread_id = int(request.params["channel_id"])
        if self.channel(thread_id)["type"] not in (10, 11, 12):
            raise FakeHTTPError(400, 50024, "Cannot execute action on this channel type")
        return thread_id

    @route("PUT", "/channels/{channel_id}/thread-members/{user_id}")
    def _add_thread_member(self, request: CapturedRequest) -> None:
        thread_id = self._thread(request)
        user = self.user(int(request.params["user_id"]))
        self.thread_members[thread_id].add(user.id)

    @route("PUT", "/channels/{channel_id}/thread-members/@me")
    def _join_thread(self, request: CapturedRequest) -> None:
        self.thread_members.setdefault(self._thread(request), set()).add(self.bot.id)

    @route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
    def _remove_thread_member(self, request: CapturedRequest) -> None:
        self.thread_members.setdefault(self._thread(request), set()).discard(int(request.params["user_id"]))

    @route("DELETE", "/channels/{channel_id}/thread-members/@me")
    def _leave_thread(self, request: CapturedRequest) -> None:
        self.thread_members.setdefault(self._thread(request), set()).discard(self.bot.id)

    @route("GET", "/channels/{channel_id}/thread-members")
    def _list_thread_members(self, request: CapturedRequest) -> list[Payload]:
        thread_id = self._thread(request)
        return [
            {"id": str(thread_id), "user_id": str(u), "join_timestamp": iso_now(), "flags": 0}
            for u in sorted(self.thread_members.get(thread_id, ()))
        ]

    @route("POST", "/channels/{channel_id}/typing")
    def _typing(self, request: CapturedRequest) -> None:
        self.channel(int(request.params["channel_id"]))

    # -- channel messages -------------------------------------------------------------------------

    @route("POST", "/channels/{channel_id}/messages")
    def _send(self, request: CapturedRequest) -> Payload:
        channel_id = int(request.params["channel_id"])
        self._check_can_post(channel_id, request.files)
        body = request.json or {}
        flags = int(body.get("flags") or 0)
        if flags & EPHEMERAL:
            raise self._refuse(400, 50035, "Invalid Form Body: flags", problem="a channel message cannot be ephemeral")
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):  # Discord keeps one message per nonce (a few minutes)
            made = self.nonces.get((channel_id, str(nonce)))
            if made is not None:
                return made.payload
        msg = self._new_message(channel_id, body, request.files, flags=flags)
        if nonce is not None:
            self.nonces[(channel_id, str(nonce))] = msg
        return msg.payload

    @route("GET", "/channels/{channel_id}/messages/{message_id}")
    def _get_message(self, request: CapturedRequest) -> Payload:
        msg = self.message(int(request.params["message_id"]), int(request.params["channel_id"]))
        if msg.visible_to is not None:
            raise FakeHTTPError(404, 10008, "Unknown Message")
        return msg.payload

    @route("GET", "/channels/{channel_id}/messages")
    def _history(self, request: CapturedRequest) -> list[Payload]:
        messages = self.visible_messages(int(request.params["channel_id"]))
        limit = int(request.query.get("limit", 50))
        if "before" in request.query:
            messages = [m for m in messages if m.id < int(request.query["before"])][-limit:]
        elif "after" in request.query:
            messages = [m for m in messages if m.id > int(request.query["after"])][:limit]
        elif "around" in request.query:
            ids = [m.id for m in messages]
            pivot = min(range(len(ids)), key=lambda i: abs(ids[i] - int(request.query["around"])), default=0)
            messages = messages[max(0, pivot - limit // 2) : pivot + (limit + 1) // 2]
        else:
            messages = messages[-limit:]
        return [m.payload for m in reversed(messages)]

    @route("PATCH", "/channels/{channel_id}/messages/{message_id}")
    def _edit_message(self, request: CapturedRequest) -> Payload:
        msg = self.message(int(request.params["message_id"]), int(request.params["channel_id"]))
        if msg.visible_to is not None:
            raise FakeHTTPError(404, 10008, "Unknown Message")
        if msg.payload["author"]["id"] != str(self.bot.id):
            raise FakeHTTPError(403, 50005, "Cannot edit a message authored by another user")
        self._check_not_closed(msg.channel_id)
        self._edit(msg, request.json or {}, request.files)
        return msg.payload

    def _check_not_closed(self, channel_id: int) -> None:
        """A message of an archived and locked thread can no longer be changed (as a post there is refused)."""
        meta = self.channel(channel_id).get("thread_metadata")
        if meta is not None and meta["archived"] and meta["locked"]:
            raise FakeHTTPError(400, 50083, "Thread is archived")

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}")
    def _delete_message(self, request: CapturedRequest) -> None:
        channel_id = int(request.params["channel_id"])
        msg = self.message(int(request.params["message_id"]), channel_id)
        perms = self.bot_permissions(channel_id)
        own = msg.payload["author"]["id"] == str(self.bot.id)
        if msg.visible_to is not None or (not own and perms is not None and not perms.manage_messages):
            raise FakeHTTPError(403, 50013, "Missing Permissions")
        self._check_not_closed(channel_id)
        self._delete(msg)

    def _reaction(self, request: CapturedRequest) -> tuple[FakeMessage, str]:
        msg = self.message(int(request.params["message_id"]), int(request.params["channel_id"]))
        return msg, unquote(request.params["emoji"])

    @route("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me")
    def _react(self, request: CapturedRequest) -> None:
        msg, emoji = self._reaction(request)
        perms = self.bot_permissions(msg.channel_id)
        if perms is not None and not perms.add_reactions:
            raise FakeHTTPError(403, 50013, "Missing Permissions")
        reactions = msg.payload.setdefault("reactions", [])
        if not any(r["emoji"]["name"] == emoji for r in reactions):
            reactions.append(
                {
                    "count": 1,
                    "count_details": {"burst": 0, "normal": 1},
                    "me": True,
                    "me_burst": False,
                    "burst_colors": [],
                    "emoji": {"id": None, "name": emoji},
                }
            )

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me")
    def _unreact(self, request: CapturedRequest) -> None:
        msg, emoji = self._reaction(request)
        msg.payload["reactions"] = [r for r in msg.payload.get("reactions", []) if r["emoji"]["name"] != emoji]

    @route("PUT", "/channels/{channel_id}/messages/pins/{message_id}")
    def _pin(self, request: CapturedRequest) -> None:
        self.message(int(request.params["message_id"]), int(request.params["channel_id"])).payload["pinned"] = True

    @route("DELETE", "/channels/{channel_id}/messages/pins/{message_id}")
    def _unpin(self, request: CapturedRequest) -> None:
        self.message(int(request.params["message_id"]), int(request.params["channel_id"])).payload["pinned"] = False

    # -- files ------------------------------------------------------------------------------------

    @route("GET", "cdn")
    def _cdn(self, request: CapturedRequest) -> bytes:
        try:
            return self.cdn[request.params["url"]]
        except KeyError:
            raise FakeHTTPError(404, 0, "asset not found") from None
