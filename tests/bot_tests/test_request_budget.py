"""The process's request budget: under Discord's 50 a second by itself, interaction answers first.

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
from bot.edge.request_budget import RequestBudget

CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
POST = "/channels/{channel_id}/messages"


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_burst_then_the_rate() -> None:
    timer = ManualTimer()
    budget = RequestBudget(timer, rate=40, burst=8, reserved=10)
    sent: list[float] = []

    async def one() -> None:
        await budget.acquire(urgent=False)
        sent.append(timer.now())

    tasks = [asyncio.create_task(one()) for _ in range(38)]
    await settle()
    assert len(sent) == 6  # the others' share of the burst: 8 * 30/40
    for _ in range(40):
        timer.advance(1 / 30)
        await settle()
    assert len(sent) == 38  # 6 at once, then 30 a second: the 10 a second kept for answers stay unused
    assert max(per_second_of(sent, timer)) <= 36
    await asyncio.gather(*tasks)
    await budget.close()


def per_second_of(moments: list[float], timer: ManualTimer) -> list[int]:
    start = min(moments)
    counts: dict[int, int] = {}
    for moment in moments:
        counts[int(moment - start)] = counts.get(int(moment - start), 0) + 1
    return [counts.get(s, 0) for s in range(max(counts) + 1)]


async def test_waiting_answers_go_before_waiting_posts() -> None:
    timer = ManualTimer()
    budget = RequestBudget(timer, rate=40, burst=8, reserved=10)
    order: list[str] = []

    async def one(kind: str) -> None:
        await budget.acquire(urgent=kind == "answer")
        order.append(kind)

    posts = [asyncio.create_task(one("post")) for _ in range(20)]
    await settle()
    answers = [asyncio.create_task(one("answer")) for _ in range(5)]
    await settle()
    # the posts' own bucket is empty after 6; the 2 tokens left of the whole burst are the answers'
    assert order == ["post"] * 6 + ["answer"] * 2 and budget.waiting == 17
    for _ in range(60):
        timer.advance(0.025)
        await settle()
    assert order[8:11] == ["answer"] * 3 and order.count("post") == 20
    await asyncio.gather(*posts, *answers)
    await budget.close()


async def test_a_cancelled_request_gives_its_turn_on() -> None:
    timer = ManualTimer()
    budget = RequestBudget(timer, rate=10, burst=1, reserved=2)
    await budget.acquire(urgent=False)
    gone = asyncio.create_task(budget.acquire(urgent=False))
    kept = asyncio.create_task(budget.acquire(urgent=False))
    await settle()
    gone.cancel()
    timer.advance(0.2)
    await settle()
    assert kept.done() and gone.cancelled()
    await budget.close()


def test_the_reserved_share_is_below_the_rate() -> None:
    with pytest.raises(ValueError):
        RequestBudget(ManualTimer(), rate=10, burst=2, reserved=10)


async def test_200_requests_in_one_second_stay_under_the_global_limit_answers_first(tmp_path: Path) -> None:
    """170 posts and 30 slash commands at the same moment, through the real bot: no second sees more than
    48 requests (Discord allows 50), and every command is answered before the posts have gone out."""
    timer = ManualTimer()
    async with world(tmp_path, 2) as w:
        fake, bot = w.fake, w.bot
        fake.response_deadline = None  # the answers' delay is measured on the test's clock below
        fake.faults.clock = timer.now
        bot.gate.budget = RequestBudget(timer, rate=40, burst=8, reserved=10)
        start = timer.now()
        first = len(fake.requests)
        lounge = fake.channel("lounge")
        posts = [asyncio.create_task(lounge.send(f"post {n}")) for n in range(170)]
        await settle()
        commands = [await fake.slash(w.users[n % 2], w.channel, "five-up rules", settle=False) for n in range(30)]
        await fake.wait_idle()
        while not all(p.done() for p in posts):
            timer.advance(0.025)
            await fake.wait_idle()
        await asyncio.gather(*posts)
        sent = fake.requests[first:]
        answers = [r for r in sent if r.path == CALLBACK]
        posted = [r for r in sent if r.path == POST and r.status == 200]
        seconds = per_second(sent, start=start)
        assert len(answers) == 30 and len(posted) == 170 and max(seconds) <= 48
        assert all(c.ok for c in commands)
        assert max(r.at for r in answers) - start <= 0.8  # 30 answers at 40 a second, ahead of every waiting post
        assert max(r.at for r in posted) - start >= 5.0  # the posts took their 30 a second
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
    assert (Config().requests_per_second, Config().outage_after) == (40.0, 5.0)
    for name, value in (("REQUESTS_PER_SECOND", "0"), ("DISCORD_OUTAGE_SECONDS", "-1")):
        with pytest.raises(ConfigError, match=f"{name} must be positive"):
            load_config({name: value}, tmp_path / "none.env")
    with pytest.raises(ConfigError, match="REQUESTS_PER_SECOND must be a number"):
        load_config({"REQUESTS_PER_SECOND": "fast"}, tmp_path / "none.env")


async def test_a_backlog_is_logged_when_it_builds_and_when_it_clears(
    caplog: pytest.LogCaptureFixture,
) -> None:
    timer = ManualTimer()
    budget = RequestBudget(timer, rate=40, burst=8, reserved=10)
    tasks = [asyncio.create_task(budget.acquire(urgent=False)) for _ in range(150)]
    await settle()
    lines = [r.getMessage() for r in caplog.records if "request budget" in r.getMessage()]
    assert len(lines) == 1 and "over 100 requests wait" in lines[0]
    for _ in range(6 * 30):
        timer.advance(1 / 30)
        await settle()
    await asyncio.gather(*tasks)
    lines = [r.getMessage() for r in caplog.records if "request budget" in r.getMessage()]
    assert len(lines) == 2 and "caught up after 4.8 s (144 requests waited)" in lines[1]
    await budget.close()
