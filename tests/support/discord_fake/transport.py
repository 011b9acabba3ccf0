"""The only layer that is fake: discord.py's HTTP client, and the webhook adapter interactions use.

discord.py talks to Discord through two doors: `HTTPClient.request` (bot routes, with a `Route`)
and `AsyncWebhookAdapter.request` (interaction callbacks and followups, which go through the
client's aiohttp session). For the first, discord.py's own `HTTPClient.request` runs unchanged
(its rate-limit buckets, its 429 handling: wait the Retry-After, send again) over a
`FakeSession` whose `request` answers from the fake backend with an aiohttp-like response:
status, headers and JSON text, refusals included, so discord.py raises its own exceptions. The
second is rerouted when the session it is given is a `FakeSession`, i.e. belongs to a fake
client. Both hand the fake backend the route, the JSON body and the uploaded files.
"""

from __future__ import annotations

import asyncio
import json as jsonlib
import re
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Protocol

import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter
from multidict import CIMultiDict

from .messages import FakeFile


class UnhandledRouteError(AssertionError):
    """The bot used a route (or the network) the fake does not know: the test must fail, loudly."""


class FakeHTTPError(Exception):
    """A refusal the backend answers with, as Discord would (status, JSON error code, message)."""

    def __init__(
        self, status: int, code: int, message: str, *, retry_after: float | None = None, scope: str = "user"
    ) -> None:
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after  # a 429: seconds to wait before sending again
        self.scope = scope  # a 429's X-RateLimit-Scope: user (a route's bucket), shared, or global

    def response(self) -> _FakeResponse:
        """The HTTP answer Discord gives for this refusal, as discord.py reads it."""
        if self.status == 429:
            retry = self.retry_after or 0.0
            is_global = self.scope == "global"
            body = {"message": self.message, "retry_after": retry, "global": is_global}
            # Discord's own 429s come through its proxy (`Via`); without it discord.py reads a Cloudflare ban.
            headers = {"Retry-After": f"{retry:.3f}", "Via": "1.1 google", "X-RateLimit-Scope": self.scope}
            if is_global:
                headers["X-RateLimit-Global"] = "true"
            return _FakeResponse(429, body, headers)
        return _FakeResponse(self.status, {"code": self.code, "message": self.message})

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
        502: "Bad Gateway",
        503: "Service Unavailable",
        504: "Gateway Timeout",
    }

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = self.reasons.get(status, "Error")


class _FakeResponse:
    """What discord.py reads of an aiohttp response: status, reason, headers and the text of the body."""

    def __init__(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        self.status = status
        self.reason = _ErrorResponse.reasons.get(status, "OK" if status < 300 else "Error")
        self.headers: CIMultiDict[str] = CIMultiDict(headers or {})
        if body is None:
            self._text = ""
        else:
            self._text = jsonlib.dumps(body)
            self.headers["Content-Type"] = "application/json"

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def __aenter__(self) -> _FakeResponse:
        return self

    async def __aexit__(self, *_: object) -> None:
        return None


@dataclass(frozen=True)
class _Sending:
    """The request `FakeHTTPClient.request` is making, for the session call discord.py makes inside it."""

    backend: Backend
    route: Route
    files: Sequence[discord.File] | None
    form: Sequence[dict[str, Any]] | None


_sending: ContextVar[_Sending | None] = ContextVar("fake_discord_sending", default=None)


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

    get = post = ws_connect = _refuse

    def request(self, method: str, url: str, **kwargs: Any) -> Any:
        """discord.py's `HTTPClient.request` sending one try of the request `FakeHTTPClient` is making."""
        if self.closed:
            raise RuntimeError("Session is closed")  # aiohttp's own words, once the client has closed
        sending = _sending.get()
        if sending is None or sending.backend is not self.backend or url != sending.route.url:
            return self._refuse(method, url)
        return _Answer(sending, kwargs)


class _Answer:
    """`async with session.request(...) as response`: the backend's answer to one try, as a response."""

    def __init__(self, sending: _Sending, kwargs: dict[str, Any]) -> None:
        self.sending = sending
        self.kwargs = kwargs

    async def __aenter__(self) -> _FakeResponse:
        sending, kwargs = self.sending, self.kwargs
        data = kwargs.get("data")
        body = body_from(jsonlib.loads(data) if isinstance(data, str) else None, sending.form)
        captured = read_files(sending.files)
        route = sending.route
        try:
            result = await sending.backend.handle(
                route.method, route.path, route_params(route), dict(kwargs.get("params") or {}), body, captured
            )
        except FakeHTTPError as error:
            return error.response()
        return _FakeResponse(204 if result is None else 200, result)

    async def __aexit__(self, *_: object) -> None:
        return None

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
        token = _sending.set(_Sending(self.backend, route, files, form))
        try:
            return await super().request(route, files=files, form=form, **kwargs)
        finally:
            _sending.reset(token)

    async def static_login(self, token: str) -> Any:
        self.token = token
        return await self.request(Route("GET", "/users/@me"))

    async def close(self) -> None:
        """As discord.py's: the session closes, and any request after it fails as aiohttp's would."""
        self._HTTPClient__session.closed = True

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
    """Hand one request to the backend; a refusal becomes the discord.py exception a real one would.

    A 429 is waited out and sent again up to five times, as discord.py's webhook adapter does; a
    5xx is raised at once (the adapter would first sleep 1, 3, 5 and 7 real seconds).
    """
    for attempt in range(5):
        captured = read_files(files)
        try:
            return await backend.handle(
                route.method, route.path, route_params(route), dict(query or {}), body, captured
            )
        except FakeHTTPError as error:
            if error.status != 429 or attempt == 4:
                raise error.to_discord() from None
            await asyncio.sleep(error.retry_after or 0.0)
            for file in files or ():
                file.reset(seek=attempt + 1)
    raise RuntimeError("unreachable: the last attempt raises or returns")


_real_webhook_request = AsyncWebhookAdapter.request


async def _routed_webhook_request(self: AsyncWebhookAdapter, route: Route, session: Any, **kwargs: Any) -> Any:
    if isinstance(session, FakeSession):
        if session.closed:
            raise RuntimeError("Session is closed")
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
