"""What the fake remembers: every HTTP request, and every interaction with how the bot answered it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from .messages import FakeFile, FakeMessage

Payload = dict[str, Any]

#: Callback types Discord accepts for each interaction type.
ALLOWED_CALLBACKS: dict[discord.InteractionType, set[int]] = {
    discord.InteractionType.application_command: {4, 5, 9, 12},
    discord.InteractionType.component: {4, 5, 6, 7, 9, 12},
    discord.InteractionType.autocomplete: {8},
    discord.InteractionType.modal_submit: {4, 5, 6, 7},
}


@dataclass
class CapturedRequest:
    """One HTTP request the bot made: the route template, its parameters, the JSON body and the files."""

    method: str
    path: str
    params: dict[str, str]
    query: dict[str, Any]
    json: Any
    files: list[FakeFile]
    status: int = 0
    at: float = 0.0  # when it reached Discord, on the fault rules' clock (faults.py)
    outcome: str = ""  # "ok", or the fault that hit it: "429", "503", "timeout", "disconnect (applied)"…

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} {self.params} -> {self.status}>"


@dataclass(eq=False)
class InteractionRecord:
    """One interaction the fake sent to the bot, and everything the bot did with its token.

    `failed` is Discord's "This interaction failed": no initial response at all. `problems` lists
    every way the bot broke the interaction rules (two initial responses, a followup before the
    response, a late response, a "thinking…" that never resolved, a disallowed callback type).
    """

    id: int
    token: str
    type: discord.InteractionType
    user_id: int
    channel_id: int
    guild_id: int | None
    payload: Payload
    dispatched_at: float
    deadline: float | None
    response_type: discord.InteractionResponseType | None = None
    response_data: Payload | None = None
    response_delay: float | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    last_touched: FakeMessage | None = None

    def __repr__(self) -> str:
        answer = self.response_type.name if self.response_type else "unanswered"
        return f"<InteractionRecord {self.type.name} {self.name!r} -> {answer}>"

    @property
    def name(self) -> str:
        data = self.payload.get("data", {})
        if self.type in (discord.InteractionType.component, discord.InteractionType.modal_submit):
            return data.get("custom_id", "")
        parts = [data.get("name", "")]
        options = data.get("options") or []
        while options and options[0].get("type") in (1, 2):
            parts.append(options[0]["name"])
            options = options[0].get("options") or []
        return " ".join(parts)

    @property
    def failed(self) -> bool:
        """Discord would show "This interaction failed": the bot never sent an initial response."""
        return self.response_type is None

    @property
    def answered(self) -> bool:
        return not self.failed

    @property
    def deferred(self) -> bool:
        return self.response_type in (
            discord.InteractionResponseType.deferred_channel_message,
            discord.InteractionResponseType.deferred_message_update,
        )

    @property
    def ok(self) -> bool:
        return self.answered and not self.rule_problems()

    def rule_problems(self) -> list[str]:
        """Every broken interaction rule, including the two only knowable at the end."""
        found = list(self.problems)
        if self.failed:
            found.append(f"{self!r}: never answered (Discord shows 'This interaction failed')")
        elif self.original is not None and self.original.loading and not self.original.deleted:
            found.append(f"{self!r}: deferred with thinking but never followed up (stuck on 'is thinking…')")
        return found

    @property
    def messages(self) -> list[FakeMessage]:
        """Messages this interaction created: the response message (if it made one) and the followups."""
        created = [] if self.original is None or self.original.interaction_id != self.id else [self.original]
        return created + self.followups

    @property
    def last_reply(self) -> FakeMessage | None:
        """The message this interaction last created or changed, as it is now."""
        return self.last_touched

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and self.original.ephemeral

    @property
    def choices(self) -> list[Payload]:
        """The autocomplete choices the bot returned (name, value, maybe name_localizations)."""
        if self.response_type is not discord.InteractionResponseType.autocomplete_result:
            raise AssertionError(f"{self!r} was not answered with autocomplete choices")
        assert self.response_data is not None
        return list(self.response_data.get("choices") or [])

    @property
    def modal(self) -> Payload:
        if self.response_type is not discord.InteractionResponseType.modal:
            raise AssertionError(f"{self!r} was not answered with a modal")
        assert self.response_data is not None
        return self.response_data
