"""The only layer that is fake: discord.py's HTTP client, and the webhook adapter interactions use.

discord.py talks to Discord through two doors: `HTTPClient.request` (bot routes, with a `Route`)
and `AsyncWebhookAdapter.request` (interaction callbacks and followups, which go through the
client's aiohttp session). `FakeHTTPClient` overrides the first; the second is rerouted when the
session it is given is a `FakeSession`, i.e. belongs to a fake client. Both hand the fake backend
the route, the JSON body and the uploaded files, and turn its refusals into the very
`discord.HTTPException` subclasses a real response would raise.
"""

from __future__ import annotations

import asyncio
import json as jsonlib
import re
from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar, Protocol

import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

from .messages import FakeFile


class UnhandledRouteError(AssertionError):
    """The bot used a route (or the network) the fake does not know: the test must fail, loudly."""


class FakeHTTPError(Exception):
    """A refusal the backend answers with, as Discord would (status, JSON error code, message)."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message

    def to_discord(self) -> discord.HTTPException:
        response = _ErrorResponse(self.status)
        body = {"code": self.code, "message": self.message}
        if self.status == 403:
            return discord.Forbidden(response, body)  # type: ignore[arg-type]
        if self.status == 404:
            return discord.NotFound(response, body)  # type: ignore[arg-type]
        if self.status >= 500:
            return discord.DiscordServerError(response, body)  # type: ignore[arg-type]
        return discord.HTTPException(response, body)  # type: ignore[arg-type]


class _ErrorResponse:
    """The two attributes `discord.HTTPException` reads from an aiohttp response."""

    reasons: ClassVar[dict[int, str]] = {
        400: "Bad Request",
        403: "Forbidden",
        404: "Not Found",
        429: "Too Many Requests",
        500: "Server Error",
    }

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = self.reasons.get(status, "Error")


class Backend(Protocol):
    async def handle(
        self,
        method: str,
        path: str,
        params: dict[str, str],
        query: dict[str, Any],
        body: Any,
        files: list[FakeFile],
    ) -> Any: ...

    def record_unhandled(self, what: str) -> None: ...


class FakeSession:
    """Stands where the aiohttp session would be. Interactions carry it; nothing may send through it."""

    closed = False

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        what = f"network use through the aiohttp session: {args!r}"
        self.backend.record_unhandled(what)
        raise UnhandledRouteError(what)

    request = get = post = ws_connect = _refuse

    async def close(self) -> None:
        return None


@cache
def _template_pattern(path: str) -> re.Pattern[str]:
    pattern = re.escape(path)
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", pattern)
    return re.compile(pattern + r"$")


def route_params(route: Route) -> dict[str, str]:
    """The values a `Route` was formatted with (message_id, user_id, emoji…), read back from its URL."""
    relative = route.url[len(Route.BASE) :]
    match = _template_pattern(route.path).match(relative.split("?", 1)[0])
    return dict(match.groupdict()) if match else {}


def read_files(files: Sequence[discord.File] | None) -> list[FakeFile]:
    """The bytes of each upload, read to the end as aiohttp would: a File sent twice arrives empty."""
    captured = []
    for file in files or ():
        data = file.fp.read()
        captured.append(FakeFile(file.filename, bytes(data), file.description))
    return captured


def body_from(json_body: Any, multipart: Sequence[dict[str, Any]] | None) -> Any:
    """The JSON body, whether sent as JSON or as the `payload_json` part of a multipart form."""
    if multipart:
        for part in multipart:
            if part.get("name") == "payload_json":
                return jsonlib.loads(part["value"])
        return {}
    return json_body


class FakeHTTPClient(HTTPClient):
    """discord.py's HTTP client with the network replaced by the fake backend."""

    def __init__(self, backend: Backend, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(loop)
        self.backend = backend
        self._HTTPClient__session = FakeSession(backend)  # the name-mangled slot interactions read
        self._global_over = asyncio.Event()
        self._global_over.set()

    async def request(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Sequence[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        body = body_from(kwargs.get("json"), form)
        return await forward(self.backend, route, body, files, kwargs.get("params"))

    async def static_login(self, token: str) -> Any:
        self.token = token
        return await self.request(Route("GET", "/users/@me"))

    async def close(self) -> None:
        return None

    def clear(self) -> None:
        return None

    async def get_from_cdn(self, url: str) -> bytes:
        return await self.backend.handle("GET", "cdn", {"url": url}, {}, None, [])

    async def ws_connect(self, url: str, *, compress: int = 0) -> Any:
        what = f"a gateway connection to {url}"
        self.backend.record_unhandled(what)
        raise UnhandledRouteError(what)


async def forward(
    backend: Backend,
    route: Route,
    body: Any,
    files: Sequence[discord.File] | None,
    query: dict[str, Any] | None,
) -> Any:
    """Hand one request to the backend; a refusal becomes the discord.py exception a real one would."""
    captured = read_files(files)
    try:
        return await backend.handle(route.method, route.path, route_params(route), dict(query or {}), body, captured)
    except FakeHTTPError as error:
        raise error.to_discord() from None


_real_webhook_request = AsyncWebhookAdapter.request


async def _routed_webhook_request(self: AsyncWebhookAdapter, route: Route, session: Any, **kwargs: Any) -> Any:
    if isinstance(session, FakeSession):
        body = body_from(kwargs.get("payload"), kwargs.get("multipart"))
        return await forward(session.backend, route, body, kwargs.get("files"), kwargs.get("params"))
    return await _real_webhook_request(self, route, session, **kwargs)


def install_webhook_routing() -> None:
    """Send interaction and webhook requests made with a fake session to its backend (idempotent).

    Requests made with any other session still go to the real adapter untouched.
    """
    if AsyncWebhookAdapter.request is not _routed_webhook_request:
        AsyncWebhookAdapter.request = _routed_webhook_request  # type: ignore[method-assign]


__all__ = [
    "FakeHTTPClient",
    "FakeHTTPError",
    "FakeSession",
    "UnhandledRouteError",
    "install_webhook_routing",
]
