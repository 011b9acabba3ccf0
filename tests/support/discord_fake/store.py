"""What the fake Discord keeps (channels, messages with bytes and edits, interactions) and its door.

`BackendCore.handle` is where every captured request arrives; it finds the route's answer in the
route table, and turns the message bodies it is given into stored messages, refusing what a real
Discord refuses. The answers themselves live in `rest_routes.py` and `interaction_routes.py`.
"""

from __future__ import annotations

import asyncio
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from .faults import Faults
from .limits import message_problems
from .messages import EPHEMERAL, LOADING, FakeFile, FakeMessage
from .payloads import (
    copied,
    guild_create_payload,
    iso_now,
    member_payload,
    user_payload,
)
from .records import CapturedRequest, InteractionRecord
from .routing import ROUTES
from .specs import FakeGuild, FakeMember, FakeUser, new_snowflake
from .transport import FakeHTTPError, UnhandledRouteError

Payload = dict[str, Any]
CDN = "https://cdn.discordapp.com"
HAS_THREAD = discord.MessageFlags.has_thread.flag
_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass
class _Failure:
    method: str
    path: str
    error: FakeHTTPError
    times: int


@dataclass
class _RateLimit:
    """Discord's per-route bucket: at most `limit` requests per `per` seconds for each value of the
    route's major parameter (a channel); beyond that, 429 with the seconds until a slot frees."""

    method: str
    path: str
    limit: int
    per: float
    sent: dict[str, deque[float]] = field(default_factory=dict)
    refused: int = 0

    def retry_after(self, request: CapturedRequest, now: float) -> float | None:
        if (request.method, request.path) != (self.method, self.path):
            return None
        key = request.params.get("channel_id") or request.params.get("guild_id") or ""
        sent = self.sent.setdefault(key, deque())
        while sent and sent[0] <= now - self.per:
            sent.popleft()
        if len(sent) >= self.limit:
            self.refused += 1
            return max(sent[0] + self.per - now, 0.001)
        sent.append(now)
        return None


def is_interaction_endpoint(request: CapturedRequest) -> bool:
    """An answer through an interaction: its callback, or a followup or an edit by its token (the
    endpoints Discord does not count in a bot's global limit)."""
    return request.path.startswith(("/interactions/", "/webhooks/{webhook_id}/{webhook_token}"))


@dataclass
class _GlobalLimit:
    """Discord's global limit: at most `limit` requests in any `per` seconds from the bot, interaction
    endpoints not counted; beyond that, a global 429. Counted on each request's own stamp (`at`)."""

    limit: int
    per: float
    sent: deque[float] = field(default_factory=deque)
    refused: int = 0
    counted: int = 0  # requests it counted (those not to interaction endpoints)

    def retry_after(self, request: CapturedRequest) -> float | None:
        if is_interaction_endpoint(request):
            return None
        now = request.at
        while self.sent and self.sent[0] <= now - self.per:
            self.sent.popleft()
        if len(self.sent) >= self.limit:
            self.refused += 1
            return max(self.sent[0] + self.per - now, 0.001)
        self.sent.append(now)
        self.counted += 1
        return None


class BackendCore:
    """The fake Discord's memory, and the one method every request goes through."""

    def __init__(
        self,
        *,
        bot: FakeUser,
        owner: FakeUser,
        guilds: list[FakeGuild],
        users: list[FakeUser],
        clock: Callable[[], float],
        emit: Callable[[str, Payload], None],
        bot_permissions: Callable[[int], discord.Permissions | None],
    ) -> None:
        self.bot = bot
        self.owner = owner
        self.guilds = {g.id: g for g in guilds}
        self.clock = clock
        self.deadline_clock = clock  # an answer's 3 s: the harness sets its own (FakeDiscord._deadline_clock)
        self.emit = emit
        self.bot_permissions = bot_permissions
        self.users: dict[int, FakeUser] = {bot.id: bot, owner.id: owner}
        self.users.update({u.id: u for u in users})
        self.guild_payloads: dict[int, Payload] = {}
        self.channels: dict[int, Payload] = {}
        for guild in guilds:
            assert guild.owner is not None
            self.users[guild.owner.id] = guild.owner
            for member in guild.members:
                assert isinstance(member, FakeMember)
                self.users[member.user.id] = member.user
            data = guild_create_payload(guild, bot)
            self.guild_payloads[guild.id] = data
            for channel in [*data["channels"], *data["threads"]]:
                self.channels[int(channel["id"])] = channel
        self.thread_members: dict[int, set[int]] = {}
        self.dm_channels: dict[int, int] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.by_channel: dict[int, list[FakeMessage]] = {}
        self.cdn: dict[str, bytes] = {}
        self.commands: dict[int | None, list[Payload]] = {}
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self.interactions: list[InteractionRecord] = []
        self._by_token: dict[str, InteractionRecord] = {}
        self.requests: list[CapturedRequest] = []
        self.problems: list[str] = []
        self.unhandled: list[str] = []
        self._failures: list[_Failure] = []
        self.rate_limits: list[_RateLimit] = []
        self.global_limit: _GlobalLimit | None = None  # Discord's 50 a second, when a test asks for it
        self.latency = 0.0
        self.door = asyncio.Event()  # cleared by a test: every request waits at Discord's door until it is set
        self.door.set()
        self.nonces: dict[tuple[int, str], FakeMessage] = {}  # (channel, nonce) -> the message an enforced nonce made
        self.faults = Faults(lambda: self.clock())  # rules a test sets: 429s, 5xx, timeouts, slow answers (faults.py)

    # -- the door ---------------------------------------------------------------------------------

    async def handle(
        self,
        method: str,
        path: str,
        params: dict[str, str],
        query: dict[str, Any],
        body: Any,
        files: list[FakeFile],
    ) -> Any:
        request = CapturedRequest(method, path, params, query, copied(body), files)
        self.requests.append(request)
        fault = self.faults.decide(request)
        # A real request always yields to the event loop; so does the fake, to keep task interleaving honest.
        # `latency` (seconds, 0 by default) is how long a request takes to reach Discord: races between
        # requests in flight play out as they do over a real network.
        await asyncio.sleep(self.latency + fault.delay)
        await self.door.wait()
        if fault.lost_before is not None:
            raise fault.lost_before
        try:
            if fault.refuse is not None:
                raise fault.refuse
            self._rate_limited(request)
            self._injected_failure(request)
            handler = ROUTES.get((method, path))
            if handler is None:
                what = f"{method} {path} {params}"
                self.record_unhandled(what)
                raise UnhandledRouteError(f"the fake Discord does not know the route {what}")
            result = handler(self, request)
        except FakeHTTPError as error:
            request.status = error.status
            if request.outcome == "ok":
                request.outcome = str(error.status)
            raise
        request.status = 204 if result is None else 200
        if fault.lost_after is not None:
            raise fault.lost_after  # Discord applied it; the bot never hears so
        return copied(result)

    def guild_create(self, guild_id: int) -> Payload:
        """GUILD_CREATE as of now: the channels and active threads the guild has at this moment."""
        data = copied(self.guild_payloads[guild_id])
        mine = [c for c in self.channels.values() if c.get("guild_id") == str(guild_id)]
        data["channels"] = [copied(c) for c in mine if c["type"] not in (10, 11, 12)]
        data["threads"] = [
            copied(c) for c in mine if c["type"] in (10, 11, 12) and not c["thread_metadata"]["archived"]
        ]
        return data

    def record_unhandled(self, what: str) -> None:
        self.unhandled.append(what)
        self.problems.append(f"unhandled route: {what}")

    def fail_next(self, method: str, path: str, *, status: int, code: int, message: str, times: int = 1) -> None:
        self._failures.append(_Failure(method, path, FakeHTTPError(status, code, message), times))

    def limit_rate(self, method: str, path: str, *, limit: int, per: float) -> _RateLimit:
        limiter = _RateLimit(method, path, limit, per)
        self.rate_limits.append(limiter)
        return limiter

    def limit_globally(self, *, limit: int = 50, per: float = 1.0) -> _GlobalLimit:
        self.global_limit = _GlobalLimit(limit, per)
        return self.global_limit

    def _rate_limited(self, request: CapturedRequest) -> None:
        if self.global_limit is not None and (wait := self.global_limit.retry_after(request)) is not None:
            raise FakeHTTPError(429, 0, "You are being rate limited.", retry_after=wait, scope="global")
        for limiter in self.rate_limits:
            wait = limiter.retry_after(request, self.clock())
            if wait is not None:
                raise FakeHTTPError(429, 0, "You are being rate limited.", retry_after=wait)

    def _injected_failure(self, request: CapturedRequest) -> None:
        for failure in self._failures:
            if failure.method == request.method and failure.path == request.path and failure.times > 0:
                failure.times -= 1
                raise failure.error

    def _refuse(
        self,
        status: int,
        code: int,
        message: str,
        *,
        problem: str | None = None,
        record: InteractionRecord | None = None,
    ) -> FakeHTTPError:
        if problem is not None:
            self.problems.append(problem)
            if record is not None:
                record.problems.append(problem)
        return FakeHTTPError(status, code, message)

    def _refuse_for(self, record: InteractionRecord, refusals: list[str]) -> FakeHTTPError:
        text = "; ".join(refusals)
        return self._refuse(400, 50035, f"Invalid Form Body: {text}", problem=f"{record!r}: {text}", record=record)

    # -- lookups ----------------------------------------------------------------------------------

    def channel(self, channel_id: int) -> Payload:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise FakeHTTPError(404, 10003, "Unknown Channel") from None

    def guild_of(self, channel_id: int) -> FakeGuild | None:
        guild_id = self.channel(channel_id).get("guild_id")
        return self.guilds[int(guild_id)] if guild_id else None

    def message(self, message_id: int, channel_id: int | None = None) -> FakeMessage:
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or (channel_id is not None and msg.channel_id != channel_id):
            raise FakeHTTPError(404, 10008, "Unknown Message")
        return msg

    def user(self, user_id: int) -> FakeUser:
        try:
            return self.users[user_id]
        except KeyError:
            raise FakeHTTPError(404, 10013, "Unknown User") from None

    def register_interaction(self, record: InteractionRecord) -> None:
        self.interactions.append(record)
        self._by_token[record.token] = record

    def _interaction(self, token: str) -> InteractionRecord:
        try:
            return self._by_token[token]
        except KeyError:
            raise FakeHTTPError(404, 10062, "Unknown interaction") from None

    def visible_messages(self, channel_id: int) -> list[FakeMessage]:
        return [m for m in self.by_channel.get(channel_id, []) if not m.deleted and m.visible_to is None]

    # -- messages ---------------------------------------------------------------------------------

    def _mentions(self, content: str) -> list[Payload]:
        found = [self.users[int(i)] for i in dict.fromkeys(_MENTION.findall(content)) if int(i) in self.users]
        return [user_payload(u) for u in found]

    def _attachment(self, channel_id: int, file: FakeFile, ephemeral: bool) -> tuple[int, Payload]:
        attachment_id = new_snowflake()
        url = f"{CDN}/attachments/{channel_id}/{attachment_id}/{file.filename}"
        self.cdn[url] = file.data
        data: Payload = {
            "id": str(attachment_id),
            "filename": file.filename,
            "size": file.size,
            "url": url,
            "proxy_url": url.replace(CDN, "https://media.discordapp.net"),
            "content_type": file.content_type,
            "ephemeral": ephemeral,
            "flags": 0,
        }
        if file.description is not None:
            data["description"] = file.description
        if file.image_size is not None:
            data["width"], data["height"] = file.image_size
        return attachment_id, data

    def _apply_body(
        self,
        msg: FakeMessage,
        body: Payload,
        files: list[FakeFile],
        *,
        creating: bool,
        record: InteractionRecord | None = None,
    ) -> None:
        """Turn a create/edit body into the message's new state, or refuse it as Discord would."""
        new = copied(msg.payload)
        new_files = dict(msg.files)
        if "content" in body:
            new["content"] = body["content"] or ""
            new["mentions"] = self._mentions(new["content"])
        for key in ("embeds", "components"):
            if key in body:
                new[key] = copied(body[key]) or []
        if body.get("flags") is not None:
            keep = new.get("flags", 0) & (EPHEMERAL | LOADING | HAS_THREAD)
            new["flags"] = keep | (int(body["flags"]) & ~(EPHEMERAL | LOADING))
        if "attachments" in body or files:
            kept, fresh = [], []
            listed = body.get("attachments")
            if listed is None:
                listed = [{"id": i} for i in range(len(files))]
            for entry in listed:
                entry_id = int(entry["id"])
                if entry_id in msg.files:
                    kept.append(next(a for a in msg.payload["attachments"] if int(a["id"]) == entry_id))
                elif 0 <= entry_id < len(files):
                    file = files[entry_id]
                    if entry.get("description") is not None:
                        file = FakeFile(file.filename, file.data, entry["description"])
                    if not file.data:
                        # Discord takes an empty upload; it is nearly always a discord.File sent twice.
                        self.problems.append(f"empty file {file.filename!r} uploaded to channel {msg.channel_id}")
                    attachment_id, data = self._attachment(msg.channel_id, file, msg.ephemeral)
                    new_files[attachment_id] = file
                    fresh.append(data)
                else:
                    raise self._refuse(400, 50035, f"Invalid Form Body: unknown attachment {entry_id}")
            new["attachments"] = kept + fresh
            new_files = {int(a["id"]): new_files[int(a["id"])] for a in new["attachments"]}
        live_files = [new_files[int(a["id"])] for a in new["attachments"]]
        refusals = message_problems(new, live_files)
        if refusals:
            empty = refusals == ["Cannot send an empty message"]
            where = repr(record) if record is not None else f"message in channel {msg.channel_id}"
            raise self._refuse(
                400,
                50006 if empty else 50035,
                "; ".join(refusals),
                problem=f"{where} refused: {'; '.join(refusals)}",
                record=record,
            )
        new["embeds"] = [self._resolve_embed(e, new["attachments"], msg.channel_id) for e in new["embeds"]]
        if msg.loading:
            new["flags"] &= ~LOADING  # the first edit of a "thinking…" placeholder is its real content
        elif not creating:
            msg.history.append(msg.payload)
            new["edited_timestamp"] = iso_now()
        msg.payload = new
        msg.files = new_files

    def _resolve_embed(self, embed: Payload, attachments: list[Payload], channel_id: int) -> Payload:
        """Discord swaps `attachment://name` in an embed for the uploaded file's CDN url."""
        embed = dict(embed)
        embed.setdefault("type", "rich")
        for key in ("image", "thumbnail"):
            url = (embed.get(key) or {}).get("url", "")
            if not url.startswith("attachment://"):
                continue
            name = url.removeprefix("attachment://")
            match = next((a for a in attachments if a["filename"] == name), None)
            if match is None:
                self.problems.append(f"embed {key} refers to {url} but the message in {channel_id} has no such file")
                continue
            embed[key] = {"url": match["url"], "proxy_url": match["proxy_url"], "flags": 0}
            if "width" in match:
                embed[key] |= {"width": match["width"], "height": match["height"]}
        return embed

    def _new_message(
        self,
        channel_id: int,
        body: Payload,
        files: list[FakeFile],
        *,
        message_type: int = 0,
        flags: int = 0,
        visible_to: int | None = None,
        record: InteractionRecord | None = None,
        message_id: int | None = None,
    ) -> FakeMessage:
        payload: Payload = {
            "id": str(message_id or new_snowflake()),
            "channel_id": str(channel_id),
            "author": user_payload(self.bot),
            "content": "",
            "timestamp": iso_now(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "reactions": [],
            "pinned": False,
            "type": message_type,
            "flags": flags,
        }
        if record is not None:
            user = user_payload(self.user(record.user_id))
            payload["webhook_id"] = payload["application_id"] = str(self.bot.id)
            owners = {"0": str(record.guild_id)} if record.guild_id else {"1": str(record.user_id)}
            metadata: Payload = {
                "id": str(record.id),
                "type": record.type.value,
                "user": user,
                "authorizing_integration_owners": owners,
            }
            if record.original is not None and record.original.interaction_id == record.id:
                metadata["original_response_message_id"] = str(record.original.id)
            if record.type is discord.InteractionType.component:
                metadata["interacted_message_id"] = record.payload["message"]["id"]
            payload["interaction_metadata"] = metadata
            payload["interaction"] = {
                "id": str(record.id),
                "type": record.type.value,
                "name": record.name,
                "user": user,
            }
        msg = FakeMessage(payload, visible_to=visible_to, interaction_id=record.id if record else None)
        if not flags & LOADING:  # a "thinking…" placeholder has no body to check
            self._apply_body(msg, body, files, creating=True, record=record)
        if "message_reference" in body:
            reference = body["message_reference"]
            referenced = self.messages.get(int(reference["message_id"]))
            msg.payload["type"] = 19
            msg.payload["message_reference"] = reference
            msg.payload["referenced_message"] = copied(referenced.payload) if referenced else None
        self.messages[msg.id] = msg
        self.by_channel.setdefault(channel_id, []).append(msg)
        if msg.visible_to is None:
            self._emit_message("MESSAGE_CREATE", msg)
        return msg

    def seed(self, channel_id: int, body: Payload, author: FakeUser) -> FakeMessage:
        """Store a message that predates the session, without any gateway event."""
        emit, self.emit = self.emit, lambda event, data: None
        try:
            msg = self._new_message(channel_id, body, [])
        finally:
            self.emit = emit
        msg.payload["author"] = user_payload(author)
        return msg

    def _edit(
        self, msg: FakeMessage, body: Payload, files: list[FakeFile], record: InteractionRecord | None = None
    ) -> None:
        self._apply_body(msg, body, files, creating=False, record=record)
        if msg.visible_to is None:
            self._emit_message("MESSAGE_UPDATE", msg)

    def _delete(self, msg: FakeMessage) -> None:
        msg.deleted = True
        if msg.visible_to is None:
            guild = self.channel(msg.channel_id).get("guild_id")
            event = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if guild:
                event["guild_id"] = guild
            self.emit("MESSAGE_DELETE", event)

    def _emit_message(self, event: str, msg: FakeMessage) -> None:
        data = copied(msg.payload)
        guild = self.channel(msg.channel_id).get("guild_id")
        if guild:
            data["guild_id"] = guild
            data["member"] = member_payload(FakeMember(self.bot), with_user=False)
        self.emit(event, data)

    def _check_can_post(self, channel_id: int, files: list[FakeFile]) -> None:
        channel = self.channel(channel_id)
        if channel["type"] == discord.ChannelType.private.value:
            recipient = self.user(int(channel["recipients"][0]["id"]))
            if not recipient.accepts_dms:
                raise FakeHTTPError(403, 50007, "Cannot send messages to this user")
            return
        perms = self.bot_permissions(channel_id)
        assert perms is not None
        is_thread = channel["type"] in (10, 11, 12)
        can_send = perms.send_messages_in_threads if is_thread else perms.send_messages
        if not (perms.view_channel and can_send) or (files and not perms.attach_files):
            raise FakeHTTPError(403, 50013, "Missing Permissions")
        if is_thread:
            meta = channel["thread_metadata"]
            if meta["archived"] and meta["locked"]:  # a locked thread is not reopened by a post, even a moderator's
                raise FakeHTTPError(400, 50083, "Thread is archived")
            if meta["locked"] and not perms.manage_threads:
                raise FakeHTTPError(403, 50083, "Thread is locked")
            if meta["archived"]:
                meta["archived"] = False  # posting in an archived (unlocked) thread reopens it
                self.emit("THREAD_UPDATE", copied(channel))
