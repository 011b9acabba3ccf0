"""The one door of every request the process sends to Discord: a token first, the outcome reported after.

discord.py sends through two doors: `HTTPClient.request` (posts, edits, threads, commands) and its
webhook adapter (interaction answers: the callback, followups, edits of the answer). `install`
wraps both, on the bot's own `HTTPClient` and on the adapter discord.py uses by default, without
changing either class: a request Discord counts in the bot's global limit takes a token of the
`RequestBudget` first, in the turn of the server it is for; an interaction answer, which Discord does
not count there, goes at once. Each then tells `DiscordHealth` whether Discord answered. (Per-route
buckets, a thread's few posts a few seconds, apply to both: discord.py reads them from the headers.)

An interaction answer refused with a 5xx is sent again here, after short waits, while its token
lives: the callback until 2.5 s after the click (Discord takes none after 3 s), a followup or an
edit until 15 minutes after. The command or the button itself ran once; only its answer is sent
again. A retried callback that Discord says was already given (40060) was applied by the try
that failed: that is the answer. A timeout is sent again only for an edit (doing it twice changes
nothing); a callback or a followup that timed out may have been applied, so it is not repeated.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from ...host.timer import Timer
from .discord_health import DiscordHealth
from .request_budget import RequestBudget

log = logging.getLogger(__name__)

CALLBACK_S = 2.5  # a callback is tried again until this long after its first try (Discord: 3 s)
TOKEN_S = 15 * 60.0  # an interaction token's life: followups and edits are tried again within it
RETRY_WAITS = (0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)  # between tries; the last one repeats
ALREADY_ANSWERED = 40060  # Discord: "Interaction has already been acknowledged"

Send = Callable[..., Awaitable[Any]]


def is_interaction_answer(route: Route) -> bool:
    """The callback, or a followup or an edit through the interaction's token."""
    return route.path.startswith("/interactions/") or (
        route.path.startswith("/webhooks/{webhook_id}/{webhook_token}") and route.webhook_token is not None
    )


def failed_to_reach(error: BaseException) -> bool:
    """Discord did not answer: a 5xx after discord.py's own tries, a timeout, a lost connection."""
    return isinstance(error, (discord.DiscordServerError, asyncio.TimeoutError, aiohttp.ClientError, OSError))


class HttpGate:
    """Budget and health for every request; tries interaction answers again on a 5xx."""

    def __init__(self, budget: RequestBudget, health: DiscordHealth, timer: Timer) -> None:
        self.budget = budget
        self.health = health
        self.timer = timer  # the retries' waits (the budget's clock)
        self.retried = 0  # interaction answers sent again after a 5xx (the log's and the tests' figure)
        self._first_try: dict[str, float] = {}  # interaction token -> its callback's first try
        self._http: HTTPClient | None = None
        self._adapter: AsyncWebhookAdapter | None = None
        self._wrappers: tuple[object, ...] = ()
        self.guild_of: Callable[[int], int | None] = lambda channel_id: None  # a channel's server, if known

    def key(self, route: Route) -> int | None:
        """Whose turn a request waits in: its server's, else its channel's (a DM, an unknown channel)."""
        if route.guild_id is not None:
            return int(route.guild_id)
        channel_id = None if route.channel_id is None else int(route.channel_id)
        return None if channel_id is None else self.guild_of(channel_id) or channel_id

    def install(self, http: HTTPClient) -> None:
        """Wrap the bot's HTTP client and discord.py's default webhook adapter (this bot's, once it runs)."""
        send = http.request
        adapter = async_context.get()

        async def bot_request(route: Route, **kwargs: Any) -> Any:
            return await self._send(send, route, bound=True, **kwargs)

        async def answer_request(route: Route, session: Any, **kwargs: Any) -> Any:
            own = type(adapter).request  # looked up per call: whatever discord.py (or a test) has there now
            tries = 0

            def again() -> Awaitable[Any]:
                nonlocal tries
                if tries:
                    for file in kwargs.get("files") or ():
                        file.reset()  # the upload is read from its start again
                tries += 1
                return own(adapter, route, session, **kwargs)

            return await self._answer(again, route)

        http.request = bot_request  # type: ignore[method-assign]
        adapter.request = answer_request  # type: ignore[method-assign]
        self._http, self._adapter = http, adapter
        self._wrappers = (bot_request, answer_request)

    def uninstall(self) -> None:
        """Give discord.py its doors back (the bot stops), unless a bot started since has taken them."""
        if not self._wrappers:
            return
        for owner, wrapper in zip((self._http, self._adapter), self._wrappers, strict=True):
            if owner is not None and vars(owner).get("request") is wrapper:
                del vars(owner)["request"]
        self._http = self._adapter = None
        self._wrappers = ()

    async def _send(self, send: Send, route: Route, *, bound: bool, **kwargs: Any) -> Any:
        """`bound`: a request of the global limit, which waits for its token."""
        if bound:
            await self.budget.acquire(self.key(route))
        try:
            result = await send(route, **kwargs)
        except BaseException as error:
            if failed_to_reach(error):
                self.health.request_failed()
            elif isinstance(error, discord.HTTPException):
                self.health.request_ok()  # Discord answered, if with a refusal
            raise
        self.health.request_ok()
        return result

    async def _answer(self, send: Callable[[], Awaitable[Any]], route: Route) -> Any:
        """An interaction answer, tried again on a 5xx (and an edit on a timeout) while its token lives."""
        if not is_interaction_answer(route):
            return await self._send(lambda _route: send(), route, bound=True)  # a webhook of the bot's own
        callback = route.path.startswith("/interactions/")
        token = str(route.webhook_token)
        first = self.timer.now()
        if callback:
            self._first_try[token] = first
            self._forget_old(first)
        started = first if callback else self._first_try.get(token, first)
        limit = started + (CALLBACK_S if callback else TOKEN_S)
        tries = 0
        while True:
            try:
                return await self._send(lambda _route: send(), route, bound=False)
            except discord.HTTPException as error:
                if tries and callback and error.code == ALREADY_ANSWERED:
                    log.info("interaction %s: its answer was applied by a try that failed", route.webhook_id)
                    return {"interaction": {"id": str(route.webhook_id)}}
                if not isinstance(error, discord.DiscordServerError):
                    raise
                wait = RETRY_WAITS[min(tries, len(RETRY_WAITS) - 1)]
                if self.timer.now() + wait > limit:
                    raise
            except (TimeoutError, aiohttp.ClientError):
                wait = RETRY_WAITS[min(tries, len(RETRY_WAITS) - 1)]
                if route.method != "PATCH" or self.timer.now() + wait > limit:
                    raise
            tries += 1
            self.retried += 1
            await self.timer.sleep_until(self.timer.now() + wait)

    def _forget_old(self, now: float) -> None:
        if len(self._first_try) > 1000:
            self._first_try = {t: at for t, at in self._first_try.items() if at > now - TOKEN_S}
