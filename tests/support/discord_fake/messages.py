"""Messages as the fake Discord stores them: the payload it would return, the uploaded bytes, the edits."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

Payload = dict[str, Any]

EPHEMERAL = discord.MessageFlags.ephemeral.flag
LOADING = discord.MessageFlags.loading.flag


@dataclass(frozen=True)
class FakeFile:
    """One uploaded file, with the exact bytes the bot sent."""

    filename: str
    data: bytes
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def spoiler(self) -> bool:
        return self.filename.startswith("SPOILER_")

    @property
    def content_type(self) -> str:
        suffix = self.filename.rsplit(".", 1)[-1].lower() if "." in self.filename else ""
        return {
            "png": "image/png",
            "jpg": "image/jpeg",
            "jpeg": "image/jpeg",
            "gif": "image/gif",
            "webp": "image/webp",
            "txt": "text/plain; charset=utf-8",
            "json": "application/json; charset=utf-8",
        }.get(suffix, "application/octet-stream")

    @property
    def image_size(self) -> tuple[int, int] | None:
        """Width and height read from a PNG header, as Discord reports them for images."""
        if self.data[:8] == b"\x89PNG\r\n\x1a\n" and len(self.data) >= 24:
            width, height = struct.unpack(">II", self.data[16:24])
            return width, height
        return None


def walk_components(components: list[Payload]) -> Iterator[Payload]:
    """Every component in a message or modal, nested ones included (rows, sections, containers, labels)."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        for key in ("accessory", "component"):
            if key in component:
                yield from walk_components([component[key]])


@dataclass(eq=False)
class FakeMessage:
    """A message on the fake Discord. `payload` is exactly what the API returns for it now."""

    payload: Payload
    files: dict[int, FakeFile] = field(default_factory=dict)
    history: list[Payload] = field(default_factory=list)
    visible_to: int | None = None
    interaction_id: int | None = None
    deleted: bool = False
    _text: tuple[tuple[object, ...], str] | None = field(default=None, init=False, repr=False)  # kept `text`

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        return f"<FakeMessage id={self.id} channel={self.channel_id}{flags} content={self.content!r}>"

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel_id"])

    @property
    def flags(self) -> int:
        return int(self.payload.get("flags", 0))

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while a deferred response still shows "… is thinking"."""
        return bool(self.flags & LOADING)

    @property
    def edited(self) -> bool:
        return bool(self.history)

    @property
    def content(self) -> str:
        return self.payload.get("content") or ""

    @property
    def embed_dicts(self) -> list[Payload]:
        return list(self.payload.get("embeds") or [])

    @property
    def embeds(self) -> list[discord.Embed]:
        return [discord.Embed.from_dict(e) for e in self.embed_dicts]

    @property
    def attachments(self) -> list[FakeFile]:
        """The files the message carries now, in the order Discord lists them."""
        return [self.files[int(a["id"])] for a in self.payload.get("attachments") or []]

    @property
    def components(self) -> list[Payload]:
        return list(self.payload.get("components") or [])

    def all_components(self) -> list[Payload]:
        return list(walk_components(self.components))

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c]

    def component(self, custom_id: str) -> Payload:
        for component in self.all_components():
            if component.get("custom_id") == custom_id:
                return component
        raise KeyError(f"message {self.id} has no component {custom_id!r}; it has {self.custom_ids()}")

    @property
    def buttons(self) -> list[Payload]:
        return [c for c in self.all_components() if c.get("type") == discord.ComponentType.button.value]

    @property
    def text(self) -> str:
        """Every word a reader sees: content, embeds, component labels and text displays, one per line.

        Kept until the payload or its content, embeds or components change (an edit makes a new payload):
        the reader asks each message of a channel for it after every placement."""
        payload = self.payload
        key = (payload, payload.get("content"), payload.get("embeds"), payload.get("components"))
        if self._text is not None and all(a is b for a, b in zip(self._text[0], key, strict=True)):
            return self._text[1]
        text = self._read_text()
        self._text = (key, text)
        return text

    def _read_text(self) -> str:
        parts = [self.content]
        for embed in self.embed_dicts:
            parts += [embed.get("title"), embed.get("description")]
            parts += [(embed.get("author") or {}).get("name"), (embed.get("footer") or {}).get("text")]
            for embed_field in embed.get("fields") or []:
                parts += [embed_field.get("name"), embed_field.get("value")]
        for component in self.all_components():
            parts += [component.get("label"), component.get("placeholder"), component.get("content")]
            parts += [option.get("label") for option in component.get("options") or []]
        return "\n".join(p for p in parts if p)
