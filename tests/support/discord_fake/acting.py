"""Acting as Discord users: the interactions `FakeDiscord` builds and feeds to the bot.

Each payload has Discord's shape (type 2 command with nested `options` and `resolved`, type 3
component with the clicked message, type 4 autocomplete with a `focused` option, type 5 modal
submit) and carries the user's locale, the guild's locale and permissions computed by discord.py
from the cached guild. It goes to `ConnectionState.parsers["INTERACTION_CREATE"]`, where the real
gateway would hand it over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from .backend import FakeBackend
from .gateway_faults import GatewayLink
from .messages import FakeFile, FakeMessage, walk_components
from .options import encode_options, walk_path
from .payloads import Payload, copied, member_payload, role_payload, user_payload
from .records import InteractionRecord
from .specs import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeThread, FakeUser, new_snowflake

ChannelLike = FakeChannel | FakeThread | discord.abc.Snowflake | int
UserLike = FakeUser | FakeMember | discord.abc.Snowflake | int
MessageLike = FakeMessage | discord.abc.Snowflake | int

SELECT_TYPES = {3, 5, 6, 7, 8}


class UserActions:
    """The half of `FakeDiscord` that plays the users: slash, autocomplete, click, select, submit_modal."""

    client: discord.Client
    backend: FakeBackend
    bot_user: FakeUser
    response_deadline: float | None
    link: GatewayLink

    if TYPE_CHECKING:

        @property
        def state(self) -> Any: ...

        def _clock(self) -> float: ...

        def _deadline_clock(self) -> float: ...

        async def wait_idle(self, *, timeout: float = 60.0, horizon: float | None = None) -> None: ...

    # -- resolving what tests pass ----------------------------------------------------------------

    def _user(self, user: UserLike) -> FakeUser:
        if isinstance(user, FakeMember):
            return user.user
        if isinstance(user, FakeUser):
            return user
        user_id = user if isinstance(user, int) else user.id
        return self.backend.user(user_id)

    def _channel_id(self, channel: ChannelLike) -> int:
        channel_id = channel if isinstance(channel, int) else channel.id
        self.backend.channel(channel_id)  # raises for a channel the fake does not know
        return channel_id

    def _message(self, message: MessageLike) -> FakeMessage:
        message_id = message if isinstance(message, int) else message.id
        return self.backend.message(message_id)

    def _member(self, guild: FakeGuild, user: FakeUser) -> FakeMember:
        member = guild.member(user)
        if member is None:
            raise ValueError(f"{user.name} is not a member of {guild.name}; list them in FakeGuild(members=...)")
        return member

    # -- interactions -----------------------------------------------------------------------------

    def _permissions(self, guild: FakeGuild, channel_id: int, member: FakeMember) -> tuple[int, int]:
        """(member's, bot's) permissions in the channel, computed by discord.py from the cached guild."""
        live_guild = self.client.get_guild(guild.id)
        assert live_guild is not None
        channel = live_guild.get_channel_or_thread(channel_id)
        parent = self.backend.channel(channel_id).get("parent_id")
        if channel is None and parent is not None:  # an archived thread, which discord.py does not cache:
            channel = live_guild.get_channel(int(parent))  # a thread has its parent's permissions
        assert channel is not None, f"channel {channel_id} is not in the bot's cache"
        live_member = discord.Member(data=member_payload(member), guild=live_guild, state=self.state)  # type: ignore[arg-type]
        return channel.permissions_for(live_member).value, channel.permissions_for(live_guild.me).value

    async def _dispatch(
        self,
        kind: discord.InteractionType,
        user: UserLike,
        channel_id: int,
        data: Payload,
        *,
        message: FakeMessage | None = None,
        settle: bool = True,
    ) -> InteractionRecord:
        spec = self._user(user)
        channel = copied(self.backend.channel(channel_id))
        guild = self.backend.guild_of(channel_id)
        interaction_id = new_snowflake()
        token = f"fake-interaction-token-{interaction_id}"
        payload: Payload = {
            "id": str(interaction_id),
            "application_id": str(self.bot_user.id),
            "type": kind.value,
            "data": data,
            "token": token,
            "version": 1,
            "locale": spec.locale,
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "channel_id": str(channel_id),
        }
        if guild is not None:
            member = self._member(guild, spec)
            member_perms, bot_perms = self._permissions(guild, channel_id, member)
            channel["permissions"] = str(member_perms)
            payload |= {
                "guild_id": str(guild.id),
                "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                "guild_locale": guild.preferred_locale,
                "member": member_payload(member) | {"permissions": str(member_perms)},
                "app_permissions": str(bot_perms),
                "authorizing_integration_owners": {"0": str(guild.id)},
                "context": 0,
            }
        else:
            payload |= {
                "user": user_payload(spec),
                "app_permissions": str(discord.Permissions.text().value),
                "authorizing_integration_owners": {"0": str(spec.id)},
                "context": 1,
            }
        payload["channel"] = channel
        if message is not None:
            payload["message"] = copied(message.payload)
        record = InteractionRecord(
            id=interaction_id,
            token=token,
            type=kind,
            user_id=spec.id,
            channel_id=channel_id,
            guild_id=guild.id if guild else None,
            payload=payload,
            dispatched_at=self._deadline_clock(),
            deadline=self.response_deadline,
        )
        self.backend.register_interaction(record)
        # Exactly what the gateway does with an INTERACTION_CREATE event (held back while it is closed).
        self.link.deliver(self.state, "INTERACTION_CREATE", copied(payload))
        if settle:
            await self.wait_idle()
        return record

    def _command(self, name: str, guild_id: int | None) -> tuple[Payload, int, int | None]:
        """The command as Discord knows it: the synced definition if the bot synced, else the tree's."""
        for scope in (guild_id, None):
            for entry in self.backend.commands.get(scope, []):
                if entry["name"] == name and entry.get("type", 1) == 1:
                    return entry, int(entry["id"]), scope
        tree: app_commands.CommandTree | None = self.state._command_tree
        if tree is not None:
            scopes = [(discord.Object(guild_id), guild_id)] if guild_id else []
            for guild_object, scope in [*scopes, (None, None)]:
                command = tree.get_command(name, guild=guild_object)
                if isinstance(command, app_commands.Command | app_commands.Group):
                    command_id = self.backend._command_ids.setdefault((scope, 1, name), new_snowflake())
                    return command.to_dict(tree), command_id, scope
        raise LookupError(f"no slash command /{name} in the tree or the synced commands")

    def _encode_entity(self, guild: FakeGuild | None, channel_id: int, invoker: UserLike) -> Any:
        """Encodes user/role/channel/attachment values; `resolved` permissions are the invoker's, as on Discord."""
        invoker_member = guild.member(self._user(invoker)) if guild else None

        def encode(kind: int, value: Any, resolved: Payload) -> str:
            if kind == 11:
                if not isinstance(value, FakeFile):
                    raise ValueError(f"an attachment option takes a FakeFile, not {value!r}")
                attachment_id = new_snowflake()
                url = f"https://cdn.discordapp.com/ephemeral-attachments/0/{attachment_id}/{value.filename}"
                self.backend.cdn[url] = value.data
                resolved.setdefault("attachments", {})[str(attachment_id)] = {
                    "id": str(attachment_id),
                    "filename": value.filename,
                    "size": value.size,
                    "url": url,
                    "proxy_url": url,
                    "content_type": value.content_type,
                    "ephemeral": True,
                }
                return str(attachment_id)
            if isinstance(value, FakeRole) and kind in (8, 9):
                resolved.setdefault("roles", {})[str(value.id)] = role_payload(value)
                return str(value.id)
            if isinstance(value, FakeChannel | FakeThread) and kind == 7:
                channel = copied(self.backend.channel(value.id))
                if guild is not None and invoker_member is not None:
                    perms, _ = self._permissions(guild, value.id, invoker_member)
                    channel["permissions"] = str(perms)
                resolved.setdefault("channels", {})[str(value.id)] = channel
                return str(value.id)
            if kind in (6, 9):
                spec = self._user(value)
                resolved.setdefault("users", {})[str(spec.id)] = user_payload(spec)
                member = guild.member(spec) if guild else None
                if guild is not None and member is not None:
                    perms, _ = self._permissions(guild, channel_id, member)
                    entry = member_payload(member, with_user=False) | {"permissions": str(perms)}
                    resolved.setdefault("members", {})[str(spec.id)] = entry
                return str(spec.id)
            raise ValueError(f"cannot send {value!r} as an option of type {kind}")

        return encode

    async def _command_interaction(
        self,
        kind: discord.InteractionType,
        user: UserLike,
        channel: ChannelLike,
        command: str,
        values: Mapping[str, Any],
        *,
        focused: str | None = None,
        focused_value: str = "",
        settle: bool = True,
    ) -> InteractionRecord:
        channel_id = self._channel_id(channel)
        guild = self.backend.guild_of(channel_id)
        name, *path = command.split()
        definition, command_id, scope = self._command(name, guild.id if guild else None)
        leaf, root, holder = walk_path(definition, path)
        resolved: Payload = {}
        holder.extend(
            encode_options(
                leaf,
                values,
                self._encode_entity(guild, channel_id, user),
                resolved,
                focused=focused,
                focused_value=focused_value,
            )
        )
        data: Payload = {"id": str(command_id), "name": name, "type": 1, "options": root}
        if scope is not None:
            data["guild_id"] = str(scope)
        if resolved:
            data["resolved"] = resolved
        return await self._dispatch(kind, user, channel_id, data, settle=settle)

    async def slash(
        self,
        user: UserLike,
        channel: ChannelLike,
        command: str,
        /,
        options: Mapping[str, Any] | None = None,
        *,
        settle: bool = True,
        **option_values: Any,
    ) -> InteractionRecord:
        """`user` runs `/command` ("five-up start", "group sub") in `channel` with the given options.

        Options come as keywords (or `options={...}` when a name collides): str, int, float, bool,
        a `FakeUser`/`FakeMember` for user options, a `FakeChannel`/`FakeThread`, a `FakeRole`, a
        `FakeFile` for attachments. Returns once the bot has settled, unless `settle=False`.
        """
        values = {**(options or {}), **option_values}
        return await self._command_interaction(
            discord.InteractionType.application_command, user, channel, command, values, settle=settle
        )

    async def autocomplete(
        self,
        user: UserLike,
        channel: ChannelLike,
        command: str,
        /,
        *,
        focused: str,
        value: str,
        options: Mapping[str, Any] | None = None,
        **option_values: Any,
    ) -> InteractionRecord:
        """`user` types `value` into option `focused`; the record's `.choices` holds the bot's answer."""
        values = {**(options or {}), **option_values}
        return await self._command_interaction(
            discord.InteractionType.autocomplete,
            user,
            channel,
            command,
            values,
            focused=focused,
            focused_value=value,
        )

    def _check_visible(self, spec: FakeUser, msg: FakeMessage) -> None:
        if msg.deleted:
            raise ValueError(f"{msg!r} was deleted")
        if msg.visible_to is not None and msg.visible_to != spec.id:
            raise ValueError(f"{spec.name} cannot see {msg!r}: it is ephemeral to someone else")

    def _component(self, msg: FakeMessage, custom_id: str, kinds: set[int], *, stale: bool = False) -> Payload:
        component = _earlier_component(msg, custom_id) if stale else msg.component(custom_id)
        if component.get("type") not in kinds:
            raise ValueError(f"{custom_id!r} is a component of type {component.get('type')}, not {sorted(kinds)}")
        if component.get("disabled"):
            raise ValueError(f"{custom_id!r} is disabled: no user can click it")
        return component

    async def click(
        self, user: UserLike, message: MessageLike, custom_id: str, *, settle: bool = True, stale: bool = False
    ) -> InteractionRecord:
        """`user` clicks the button `custom_id` on `message` (which they must be able to see).

        `stale=True`: the user's screen still shows an earlier version of the message (a double
        click, a lobby that lost its buttons a moment ago): the button may be on any version of
        it, and Discord sends the interaction with the message as it is now, as it does."""
        spec = self._user(user)
        msg = self._message(message)
        self._check_visible(spec, msg)
        self._component(msg, custom_id, {discord.ComponentType.button.value}, stale=stale)
        data = {"custom_id": custom_id, "component_type": discord.ComponentType.button.value}
        return await self._dispatch(
            discord.InteractionType.component, spec, msg.channel_id, data, message=msg, settle=settle
        )

    async def select(
        self,
        user: UserLike,
        message: MessageLike,
        custom_id: str,
        values: Sequence[Any],
        *,
        settle: bool = True,
    ) -> InteractionRecord:
        """`user` picks `values` in the select menu `custom_id` (option values, or users/roles/channels)."""
        spec = self._user(user)
        msg = self._message(message)
        self._check_visible(spec, msg)
        component = self._component(msg, custom_id, SELECT_TYPES)
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}-{high} values, not {len(values)}")
        kind = component["type"]
        data: Payload = {"custom_id": custom_id, "component_type": kind}
        if kind == discord.ComponentType.select.value:
            offered = [o["value"] for o in component.get("options") or []]
            stray = [v for v in values if v not in offered]
            if stray:
                raise ValueError(f"select {custom_id!r} does not offer {stray}; it offers {offered}")
            data["values"] = list(values)
        else:
            resolved: Payload = {}
            entity = {5: 6, 6: 8, 7: 9, 8: 7}[kind]
            encode = self._encode_entity(self.backend.guild_of(msg.channel_id), msg.channel_id, spec)
            data["values"] = [encode(entity, v, resolved) for v in values]
            data["resolved"] = resolved
        return await self._dispatch(
            discord.InteractionType.component, spec, msg.channel_id, data, message=msg, settle=settle
        )

    async def submit_modal(
        self,
        user: UserLike,
        opened_by: InteractionRecord,
        values: Mapping[str, str | Sequence[str]],
        *,
        settle: bool = True,
    ) -> InteractionRecord:
        """`user` fills the modal the bot answered `opened_by` with (text by custom_id) and submits it."""
        modal = opened_by.modal
        inputs = {c["custom_id"]: c for c in walk_components(modal["components"]) if "custom_id" in c}
        unknown = set(values) - set(inputs)
        if unknown:
            raise ValueError(f"modal has no input(s) {sorted(unknown)}; it has {sorted(inputs)}")

        def submitted(component: Payload) -> Payload | None:
            kind = component["type"]
            if kind == discord.ComponentType.action_row.value:
                children = [s for c in component["components"] if (s := submitted(c)) is not None]
                return {"type": kind, "components": children}
            if kind == 18:  # label
                inner = submitted(component["component"])
                return None if inner is None else {"type": kind, "component": inner}
            custom_id = component.get("custom_id")
            if custom_id is None:
                return None
            given = values.get(custom_id)
            if kind == discord.ComponentType.text_input.value:
                text = "" if given is None else str(given)
                if component.get("required", True) and not text:
                    raise ValueError(f"modal input {custom_id!r} is required")
                low, high = component.get("min_length", 0), component.get("max_length", 4000)
                if text and not low <= len(text) <= high:
                    raise ValueError(f"modal input {custom_id!r} takes {low}-{high} characters")
                return {"type": kind, "custom_id": custom_id, "value": text}
            picked = [] if given is None else [given] if isinstance(given, str) else list(given)
            return {"type": kind, "custom_id": custom_id, "values": picked}

        components = [s for c in modal["components"] if (s := submitted(c)) is not None]
        data = {"custom_id": modal["custom_id"], "components": components}
        source = None
        if opened_by.type is discord.InteractionType.component:
            source = self._message(int(opened_by.payload["message"]["id"]))
        return await self._dispatch(
            discord.InteractionType.modal_submit, user, opened_by.channel_id, data, message=source, settle=settle
        )


def _earlier_component(msg: FakeMessage, custom_id: str) -> Payload:
    """The component `custom_id` on the message now or, failing that, on its latest earlier version with it."""
    for version in [msg.payload, *reversed(msg.history)]:
        for component in walk_components(list(version.get("components") or [])):
            if component.get("custom_id") == custom_id:
                return component
    raise KeyError(f"message {msg.id} never had a component {custom_id!r}")
