"""The request gate's rules for interaction answers, one failure at a time (bot/edge/base/http_gate.py).

The answers are sent through a stand-in for discord.py's adapter that fails as told; the gate's
waits run on a `ManualTimer`. What goes through the real discord.py is in tests/bot_tests/test_outage.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import pytest
from discord.http import Route
from discord.webhook.async_ import async_context
from support.manual_timer import ManualTimer

from bot.edge.base.discord_health import DiscordHealth
from bot.edge.base.http_gate import HttpGate, is_interaction_answer
from bot.edge.base.request_budget import RequestBudget

CALLBACK = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback", webhook_id=7, webhook_token="tok")
EDIT = Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", webhook_id=1, webhook_token="tok")
FOLLOWUP = Route("POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=1, webhook_token="tok")


class _Response:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Error"


def refused(status: int, code: int = 0) -> discord.HTTPException:
    body = {"code": code, "message": "refused"}
    if status >= 500:
        return discord.DiscordServerError(_Response(status), body)  # type: ignore[arg-type]
    return discord.HTTPException(_Response(status), body)  # type: ignore[arg-type]


class Outcomes:
    """A send that fails as told, once per item, then succeeds."""

    def __init__(self, *failures: BaseException) -> None:
        self.failures = list(failures)
        self.tries = 0

    def __call__(self) -> Awaitable[Any]:
        self.tries += 1

        async def send() -> Any:
            if self.failures:
                raise self.failures.pop(0)
            return {"sent": self.tries}

        return send()


async def nothing(since: float, now: float) -> None:
    return None


@pytest.fixture
def timer() -> ManualTimer:
    return ManualTimer()


@pytest.fixture
async def gate(timer: ManualTimer) -> AsyncIterator[HttpGate]:
    health = DiscordHealth(timer, on_down=lambda since: None, on_up=nothing)
    gate = HttpGate(RequestBudget(timer, rate=1000, burst=100), health, timer)
    yield gate
    await health.close()
    await gate.budget.close()


async def drive(timer: ManualTimer, answer: Callable[[], Awaitable[Any]], step: float, steps: int) -> Any:
    task = asyncio.ensure_future(answer())
    for _ in range(steps):
        for _ in range(5):
            await asyncio.sleep(0)
        if task.done():
            break
        timer.advance(step)
    return await task


def test_which_routes_are_interaction_answers() -> None:
    assert is_interaction_answer(CALLBACK) and is_interaction_answer(EDIT) and is_interaction_answer(FOLLOWUP)
    assert not is_interaction_answer(Route("POST", "/channels/{channel_id}/messages", channel_id=3))


async def test_a_callback_already_given_by_a_refused_try_counts_as_answered(timer: ManualTimer, gate: HttpGate) -> None:
    send = Outcomes(refused(502), refused(400, 40060))
    answer = await drive(timer, lambda: gate._answer(send, CALLBACK), 0.25, 10)
    assert answer == {"interaction": {"id": "7"}} and send.tries == 2 and gate.retried == 1
    assert gate.health.failing_since is None  # Discord answered the second try, if with a refusal


async def test_a_callback_is_not_sent_again_after_its_time(timer: ManualTimer, gate: HttpGate) -> None:
    send = Outcomes(*[refused(503)] * 10)
    with pytest.raises(discord.DiscordServerError):
        await drive(timer, lambda: gate._answer(send, CALLBACK), 0.25, 40)
    assert send.tries == 4  # at 0, 0.25, 0.75 and 1.75 s: the next would come after 2.5 s


async def test_an_edit_is_sent_again_after_a_timeout_and_a_followup_is_not(timer: ManualTimer, gate: HttpGate) -> None:
    edit = Outcomes(TimeoutError(), refused(504))
    assert await drive(timer, lambda: gate._answer(edit, EDIT), 0.25, 20) == {"sent": 3}
    followup = Outcomes(TimeoutError())
    with pytest.raises(TimeoutError):
        await drive(timer, lambda: gate._answer(followup, FOLLOWUP), 0.25, 20)
    assert followup.tries == 1


async def test_a_followup_is_sent_again_within_the_tokens_fifteen_minutes(timer: ManualTimer, gate: HttpGate) -> None:
    assert await drive(timer, lambda: gate._answer(Outcomes(), CALLBACK), 1.0, 5) == {"sent": 1}
    followup = Outcomes(*[refused(500)] * 30)
    with pytest.raises(discord.DiscordServerError):
        await drive(timer, lambda: gate._answer(followup, FOLLOWUP), 5.0, 400)
    assert 15 < followup.tries < 30  # every wait, then once a minute, until 15 minutes after the click


async def test_a_refusal_is_not_sent_again(timer: ManualTimer, gate: HttpGate) -> None:
    send = Outcomes(refused(404, 10062))
    with pytest.raises(discord.HTTPException):
        await drive(timer, lambda: gate._answer(send, EDIT), 0.25, 5)
    assert send.tries == 1 and gate.retried == 0


async def test_a_stopped_bot_gives_the_doors_back_but_not_a_newer_bots(timer: ManualTimer, gate: HttpGate) -> None:
    class Client:
        async def request(self, route: Route, **kwargs: Any) -> Any:
            return "sent"

    adapter = async_context.get()
    first, second = Client(), Client()
    gate.uninstall()  # never installed: nothing to give back
    gate.install(first)  # type: ignore[arg-type]
    assert await first.request(Route("GET", "/users/@me")) == "sent" and "request" in vars(first)
    newer = HttpGate(gate.budget, gate.health, timer)
    newer.install(second)  # type: ignore[arg-type]
    gate.uninstall()
    assert "request" not in vars(first) and vars(adapter).get("request") is not None  # the newer bot's stays
    newer.uninstall()
    assert "request" not in vars(adapter) and "request" not in vars(second)
