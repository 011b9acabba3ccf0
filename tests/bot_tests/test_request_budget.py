"""The process's request budget: Discord's global limit for posts and edits, none for interaction answers.

The budget runs on a `ManualTimer`, so "a second" is the test's: it moves time a token at a time
and counts, in the fake Discord's record (stamped on the same timer), what arrived in each second.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from support.discord_fake.faults import per_second
from support.manual_timer import ManualTimer
from support.world import world

from bot.config import Config, ConfigError, load_config
from bot.edge.base.request_budget import RequestBudget

CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
POST = "/channels/{channel_id}/messages"


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_burst_then_the_rate() -> None:
    timer = ManualTimer()
    budget = RequestBudget(timer, rate=45, burst=4)
    sent: list[float] = []

    async def one() -> None:
        await budget.acquire()
        sent.append(timer.now())

    tasks = [asyncio.create_task(one()) for _ in range(94)]
    await settle()
    assert len(sent) == 4  # the burst
    for _ in range(90):
        timer.advance(1 / 45)
        await settle()
    assert len(sent) == 94  # 4 at once, then 45 a second
    assert max(per_second_of(sent, timer)) <= 49  # one below Discord's 50
    await asyncio.gather(*tasks)
    await budget.close()


def per_second_of(moments: list[float], timer: ManualTimer) -> list[int]:
    start = min(moments)
    counts: dict[int, int] = {}
    for moment in moments:
        counts[int(moment - start)] = counts.get(int(moment - start), 0) + 1
    return [counts.get(s, 0) for s in range(max(counts) + 1)]


async def test_waiting_posts_take_turns_by_server() -> None:
    """A server that asked for 30 posts first does not hold back another's 3: they alternate."""
    timer = ManualTimer()
    budget = RequestBudget(timer, rate=10, burst=1)
    order: list[str] = []

    async def one(server: str) -> None:
        await budget.acquire(server)
        order.append(server)

    busy = [asyncio.create_task(one("busy")) for _ in range(30)]
    await settle()
    quiet = [asyncio.create_task(one("quiet")) for _ in range(3)]
    await settle()
    for _ in range(40):
        timer.advance(0.1)
        await settle()
    assert order[:8] == ["busy", "busy", "quiet", "busy", "quiet", "busy", "quiet", "busy"]
    assert order.count("busy") == 30 and budget.waiting == 0
    await asyncio.gather(*busy, *quiet)
    await budget.close()


async def test_a_cancelled_request_gives_its_turn_on() -> None:
    timer = ManualTimer()
    budget = RequestBudget(timer, rate=10, burst=1)
    await budget.acquire()
    gone = asyncio.create_task(budget.acquire())
    kept = asyncio.create_task(budget.acquire())
    await settle()
    gone.cancel()
    timer.advance(0.1)
    await settle()
    assert kept.done() and gone.cancelled()
    await budget.close()


def test_a_budget_needs_a_rate_and_room_for_a_token() -> None:
    for rate, burst in ((0, 2), (10, 0.5)):
        with pytest.raises(ValueError):
            RequestBudget(ManualTimer(), rate=rate, burst=burst)


async def test_300_answers_go_at_once_and_200_posts_stay_under_the_global_limit(tmp_path: Path) -> None:
    """200 posts and 300 slash commands at the same moment, through the real bot: every command is answered
    at that moment (Discord does not count interaction answers in its global limit, so none waits for a
    token), and no second sees more than 49 posts: the test Discord, holding the bot to Discord's global
    limit (50 in any second, interaction endpoints not counted), refuses none."""
    timer = ManualTimer()
    async with world(tmp_path, 2) as w:
        fake, bot = w.fake, w.bot
        fake.response_deadline = None  # the answers' delay is measured on the test's clock below
        fake.faults.clock = timer.now
        bot.gate.budget = RequestBudget(timer)
        limit = fake.limit_globally()  # Discord's 50 a second, interaction endpoints not counted
        start = timer.now()
        first = len(fake.requests)
        lounge = fake.channel("lounge")
        posts = [asyncio.create_task(lounge.send(f"post {n}")) for n in range(200)]
        await settle()
        commands = [await fake.slash(w.users[n % 2], w.channel, "five-up rules", settle=False) for n in range(300)]
        await fake.wait_idle()
        answered = [r for r in fake.requests[first:] if r.path == CALLBACK]
        assert len(answered) == 300 and all(r.at == start for r in answered)  # the clock has not moved
        assert all(c.ok for c in commands)
        while not all(p.done() for p in posts):
            timer.advance(1 / 45)
            await fake.wait_idle()
        await asyncio.gather(*posts)
        posted = [r for r in fake.requests[first:] if r.path == POST and r.status == 200]
        assert len(posted) == 200 and max(per_second(posted, start=start)) <= 49
        assert max(r.at for r in posted) - start >= 4.0  # 200 posts at 45 a second
        assert (limit.refused, limit.counted) == (0, 200)  # not one 429; the 300 answers were not counted
        fake.assert_clean()


def test_the_bench_runs_in_its_quick_mode() -> None:
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(root / "bench" / "bench_request_budget.py"), "--quick"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "busiest second" in done.stdout and any(ch.isdigit() for ch in done.stdout)


def test_the_rate_and_the_outage_grace_are_settings(tmp_path: Path) -> None:
    config = load_config({"REQUESTS_PER_SECOND": "20", "DISCORD_OUTAGE_SECONDS": "12"}, tmp_path / "none.env")
    assert (config.requests_per_second, config.outage_after) == (20.0, 12.0)
    assert (Config().requests_per_second, Config().outage_after) == (45.0, 5.0)
    for name, value in (("REQUESTS_PER_SECOND", "0"), ("DISCORD_OUTAGE_SECONDS", "-1")):
        with pytest.raises(ConfigError, match=f"{name} must be positive"):
            load_config({name: value}, tmp_path / "none.env")
    with pytest.raises(ConfigError, match="REQUESTS_PER_SECOND must be a number"):
        load_config({"REQUESTS_PER_SECOND": "fast"}, tmp_path / "none.env")


async def test_a_backlog_is_logged_when_it_builds_and_when_it_clears(
    caplog: pytest.LogCaptureFixture,
) -> None:
    timer = ManualTimer()
    budget = RequestBudget(timer, rate=40, burst=10)
    tasks = [asyncio.create_task(budget.acquire()) for _ in range(150)]
    await settle()
    lines = [r.getMessage() for r in caplog.records if "request budget" in r.getMessage()]
    assert len(lines) == 1 and "over 100 requests wait" in lines[0]
    for _ in range(5 * 40):
        timer.advance(1 / 40)
        await settle()
    await asyncio.gather(*tasks)
    lines = [r.getMessage() for r in caplog.records if "request budget" in r.getMessage()]
    assert len(lines) == 2 and "caught up after 3.5 s (140 requests waited)" in lines[1]
    await budget.close()
