"""The interaction routes: the initial callback, followups, and edits of the response through the token.

These carry Discord's interaction rules: one initial response of a type allowed for the
interaction, within the deadline; followups and edits only after it; the first followup after a
"thinking" defer becomes the deferred message itself.
"""

from __future__ import annotations

from typing import Any

import discord

from .limits import choice_problems
from .messages import EPHEMERAL, LOADING, FakeMessage
from .payloads import copied
from .records import ALLOWED_CALLBACKS, CapturedRequest, InteractionRecord
from .routing import route
from .store import BackendCore
from .transport import FakeHTTPError

Payload = dict[str, Any]


class InteractionRoutes(BackendCore):
    """Answers for the routes an interaction token opens, recording how the bot used it."""

    def _source_message(self, record: InteractionRecord) -> FakeMessage:
        return self.message(int(record.payload["message"]["id"]))

    def _touch(self, record: InteractionRecord, msg: FakeMessage) -> FakeMessage:
        record.last_touched = msg
        return msg

    @route("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
    def _callback(self, request: CapturedRequest) -> Payload:
        record = self._interaction(request.params["webhook_token"])
        if int(request.params["webhook_id"]) != record.id:
            raise FakeHTTPError(404, 10062, "Unknown interaction")
        kind = int(request.json["type"])
        data = request.json.get("data") or {}
        delay = self.deadline_clock() - record.dispatched_at
        if record.response_type is not None:
            raise self._refuse(
                400,
                40060,
                "Interaction has already been acknowledged.",
                problem=f"{record!r}: a second initial response (type {kind})",
                record=record,
            )
        if kind not in ALLOWED_CALLBACKS[record.type]:
            raise self._refuse(
                400,
                50035,
                f"Invalid Form Body: callback type {kind}",
                problem=f"{record!r}: callback type {kind} is not allowed for a {record.type.name} interaction",
                record=record,
            )
        if record.deadline is not None and delay > record.deadline:
            raise self._refuse(
                404,
                10062,
                "Unknown interaction",
                problem=f"{record!r}: first response after {delay:.2f}s; Discord allows {record.deadline}s",
                record=record,
            )
        flags = int(data.get("flags") or 0)
        resource: Payload = {"type": kind}
        if kind == 4:
            visible_to = record.user_id if flags & EPHEMERAL else None
            message_type = 20 if record.type is discord.InteractionType.application_command else 0
            msg = self._new_message(
                record.channel_id,
                data,
                request.files,
                message_type=message_type,
                flags=flags & EPHEMERAL,
                visible_to=visible_to,
                record=record,
            )
            record.original = msg
            self._touch(record, msg)
            resource["message"] = msg.payload
        elif kind == 5:
            msg = self._new_message(
                record.channel_id,
                {},
                [],
                message_type=20 if record.type is discord.InteractionType.application_command else 0,
                flags=LOADING | (flags & EPHEMERAL),
                visible_to=record.user_id if flags & EPHEMERAL else None,
                record=record,
            )
            record.original = msg
        elif kind in (6, 7):
            source = self._source_message(record)
            record.original = source
            if kind == 7:
                self._edit(source, data, request.files, record)
                self._touch(record, source)
                resource["message"] = source.payload
        elif kind == 8:
            refusals = choice_problems(data.get("choices") or [], _focused_type(record.payload["data"]))
            if refusals:
                raise self._refuse_for(record, refusals)
        elif kind == 9:
            refusals = _modal_problems(data)
            if refusals:
                raise self._refuse_for(record, refusals)
        else:
            raise self._refuse_for(record, [f"unsupported callback type {kind}"])
        record.response_type = discord.InteractionResponseType(kind)
        record.response_data = copied(data)
        record.response_delay = delay
        summary: Payload = {
            "id": str(record.id),
            "type": record.type.value,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(flags & EPHEMERAL),
        }
        if record.original is not None:
            summary["response_message_id"] = str(record.original.id)
        return {"interaction": summary, "resource": resource}

    def _webhook_record(self, request: CapturedRequest, action: str) -> InteractionRecord:
        if int(request.params["webhook_id"]) != self.bot.id:
            raise FakeHTTPError(404, 10015, "Unknown Webhook")
        record = self._interaction(request.params["webhook_token"])
        if record.response_type is None:
            problem = f"{record!r}: {action} before the initial response"
            raise self._refuse(404, 10015, "Unknown Webhook", problem=problem, record=record)
        return record

    def _webhook_message(self, record: InteractionRecord, message_id: str) -> FakeMessage:
        if message_id == "@original":
            if record.original is None or record.original.deleted:
                raise FakeHTTPError(404, 10008, "Unknown Message")
            return record.original
        msg = self.message(int(message_id))
        if msg is not record.original and msg not in record.followups:
            raise FakeHTTPError(404, 10008, "Unknown Message")
        return msg

    @route("POST", "/webhooks/{webhook_id}/{webhook_token}")
    def _followup(self, request: CapturedRequest) -> Payload | None:
        record = self._webhook_record(request, "a followup")
        body = request.json or {}
        original = record.original
        if original is not None and original.loading and not original.deleted:
            # Discord turns the first followup after a "thinking" defer into the deferred message itself
            # (once the bot deleted that placeholder, a followup is a message of its own).
            self._edit(original, body, request.files, record)
            msg = self._touch(record, original)
        else:
            flags = int(body.get("flags") or 0) & EPHEMERAL
            msg = self._new_message(
                record.channel_id,
                body,
                request.files,
                flags=flags,
                visible_to=record.user_id if flags else None,
                record=record,
            )
            record.followups.append(msg)
            self._touch(record, msg)
        wait = str(request.query.get("wait", "0")).lower() in ("1", "true")
        return msg.payload if wait else None

    @route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
    def _get_original(self, request: CapturedRequest) -> Payload:
        record = self._webhook_record(request, "fetching the original response")
        return self._webhook_message(record, "@original").payload

    @route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    def _get_webhook_message(self, request: CapturedRequest) -> Payload:
        record = self._webhook_record(request, "fetching a followup")
        return self._webhook_message(record, request.params["message_id"]).payload

    def _edit_webhook_message(self, request: CapturedRequest, message_id: str) -> Payload:
        record = self._webhook_record(request, "editing the response")
        msg = self._webhook_message(record, message_id)
        self._edit(msg, request.json or {}, request.files, record)
        return self._touch(record, msg).payload

    @route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
    def _edit_original(self, request: CapturedRequest) -> Payload:
        return self._edit_webhook_message(request, "@original")

    @route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    def _edit_followup(self, request: CapturedRequest) -> Payload:
        return self._edit_webhook_message(request, request.params["message_id"])

    @route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
    def _delete_original(self, request: CapturedRequest) -> None:
        record = self._webhook_record(request, "deleting the response")
        self._delete(self._webhook_message(record, "@original"))

    @route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    def _delete_followup(self, request: CapturedRequest) -> None:
        record = self._webhook_record(request, "deleting a followup")
        self._delete(self._webhook_message(record, request.params["message_id"]))


def _modal_problems(data: Payload) -> list[str]:
    problems = []
    title = data.get("title") or ""
    if not 1 <= len(title) <= 45:
        problems.append(f"modal title {title!r} must be 1-45 characters")
    if not 1 <= len(data.get("components") or []) <= 5:
        problems.append("a modal needs 1-5 top-level components")
    if not 1 <= len(data.get("custom_id") or "") <= 100:
        problems.append("a modal needs a custom_id of 1-100 characters")
    return problems


def _focused_type(data: Payload) -> int:
    """The option type of the field the user is typing in, from an autocomplete interaction's data."""
    options = data.get("options") or []
    while options:
        focused = next((o for o in options if o.get("focused")), None)
        if focused is not None:
            return int(focused["type"])
        options = next((o.get("options") or [] for o in options if o["type"] in (1, 2)), [])
    raise AssertionError("an autocomplete interaction without a focused option")
