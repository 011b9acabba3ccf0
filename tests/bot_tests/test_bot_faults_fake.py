"""The test Discord's fault rules (429, 5xx, timeouts, slow answers, a dropped gateway), through real discord.py."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from support.discord_fake import FakeDiscord, FakeGuild, FakeMember, FakeUser
from support.discord_fake.faults import per_second

POSTS = "/channels/{channel_id}/messages"
CALLBACKS = "/interactions/*"


class FaultyBot(commands.AutoShardedBot):
    """Answers `/ping`, counts its on_ready and resumes, and keeps what failed instead of logging errors."""

    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), shard_count=1)
        self.readies = 0
        self.resumes = 0
        self.answer_errors: list[str] = []
        ping = app_commands.Command(name="ping", description="pong", callback=self._ping)
        self.tree.add_command(ping)

    async def _ping(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("pong")
        except (TimeoutError, discord.HTTPException) as error:
            self.answer_errors.append(type(error).__name__)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_ready(self) -> None:
        self.readies += 1

    async def on_resumed(self) -> None:
        self.resumes += 1


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    alice = FakeUser("alice")
    fake = await FakeDiscord.start(FaultyBot(), guilds=[FakeGuild("Club", members=[alice])])
    yield fake
    await fake.close()


def alice(fake: FakeDiscord) -> FakeUser:
    member = fake.guilds[0].members[0]
    assert isinstance(member, FakeMember)
    return member.user


async def test_a_share_of_429s_is_reproducible_and_discord_py_sends_again(fake: FakeDiscord) -> None:
    channel = fake.channel("general")
    hit_runs = []
    for _ in range(2):
        fake.faults.seed(11)
        rule = fake.faults.rate_limit(method="POST", path=POSTS, share=0.3, retry_after=0.01)
        before = len(fake.requests)
        for n in range(10):
            await channel.send(f"m{n}")
        hit_runs.append([r.outcome for r in fake.requests[before:]])
        fake.faults.clear(rule)
    assert hit_runs[0] == hit_runs[1] and hit_runs[0].count("429") == rule.hits >= 1
    assert [m.content for m in fake.messages(channel)] == [f"m{n}" for n in range(10)] * 2
    fake.assert_clean()


async def test_a_global_429_says_so_and_holds_every_route(fake: FakeDiscord) -> None:
    channel = fake.channel("general")
    fake.faults.rate_limit(scope="global", times=1, retry_after=0.01)
    await channel.send("after the global limit")
    refused, sent = fake.requests_to("POST", POSTS)[-2:]
    assert (refused.outcome, sent.outcome) == ("429", "ok")
    assert fake.last_message(channel).content == "after the global limit"
    fake.assert_clean()


async def test_503_reaches_the_bot_and_changes_nothing_until_cleared(fake: FakeDiscord) -> None:
    channel = fake.channel("general")
    rule = fake.faults.server_error(503, method="POST", path=POSTS, channel_id=channel.id)
    with pytest.raises(discord.DiscordServerError):
        await channel.send("lost")
    assert fake.messages(channel) == [] and rule.hits == 1
    fake.faults.clear()
    await channel.send("delivered")
    assert [m.content for m in fake.messages(channel)] == ["delivered"]
    fake.assert_clean()


async def test_a_server_error_must_be_a_5xx(fake: FakeDiscord) -> None:
    with pytest.raises(ValueError):
        fake.faults.server_error(404)


@pytest.mark.parametrize("takes_effect", [False, True])
async def test_a_timeout_with_and_without_effect(fake: FakeDiscord, takes_effect: bool) -> None:
    channel = fake.channel("general")
    fake.faults.timeout(method="POST", path=POSTS, takes_effect=takes_effect, times=1)
    with pytest.raises(TimeoutError):
        await channel.send("maybe")
    assert [m.content for m in fake.messages(channel)] == (["maybe"] if takes_effect else [])
    assert fake.requests_to("POST", POSTS)[-1].outcome == ("timeout (applied)" if takes_effect else "timeout")
    fake.assert_clean()


async def test_interaction_answers_wait_out_a_429_and_see_a_503(fake: FakeDiscord) -> None:
    channel = fake.channel("general")
    fake.faults.rate_limit(path=CALLBACKS, times=1, retry_after=0.01)
    record = await fake.slash(alice(fake), channel, "ping")
    assert record.ok and record.last_reply is not None and record.last_reply.content == "pong"
    fake.faults.server_error(503, path=CALLBACKS, times=1)
    failed = await fake.slash(alice(fake), channel, "ping")
    assert failed.failed and fake.client.answer_errors == ["DiscordServerError"]  # type: ignore[attr-defined]


async def test_an_applied_timeout_answers_the_interaction_the_bot_thinks_failed(fake: FakeDiscord) -> None:
    fake.faults.timeout(path=CALLBACKS, takes_effect=True, times=1)
    record = await fake.slash(alice(fake), fake.channel("general"), "ping")
    assert record.ok and fake.client.answer_errors == ["RequestTimedOut"]  # type: ignore[attr-defined]


async def test_slow_answers_arrive_late_but_whole(fake: FakeDiscord) -> None:
    channel = fake.channel("general")
    rule = fake.faults.slow(0.01, method="POST", path=POSTS)
    await channel.send("slowly")
    assert rule.hits == 1 and fake.last_message(channel).content == "slowly"
    assert fake.requests_to("POST", POSTS)[-1].outcome == "ok"


async def test_the_record_counts_requests_per_second_on_the_test_clock(fake: FakeDiscord) -> None:
    now = [100.0]
    fake.faults.clock = lambda: now[0]
    channel = fake.channel("general")
    start = len(fake.requests)
    for n in range(7):
        now[0] = 100.0 + n * 0.4  # 0.0 0.4 0.8 | 1.2 1.6 | 2.0 2.4
        await channel.send(f"m{n}")
    assert per_second(fake.requests[start:]) == [3, 2, 2]
    assert per_second(fake.requests[start:], start=99.0) == [0, 3, 2, 2]


async def test_a_resumed_gateway_replays_what_it_missed(fake: FakeDiscord) -> None:
    client: FaultyBot = fake.client  # type: ignore[assignment]
    fake.close_gateway(resumable=True)
    assert not fake.sockets[0].open
    held = await fake.slash(alice(fake), fake.channel("general"), "ping")
    assert held.failed  # the click waits with the gateway
    await fake.resume_gateway()
    assert held.answered and client.resumes == 1 and client.readies == 1
    fake.assert_clean()


async def test_a_fresh_identify_misses_the_events_in_between_and_is_ready_again(fake: FakeDiscord) -> None:
    client: FaultyBot = fake.client  # type: ignore[assignment]
    fake.close_gateway(resumable=False)
    lost = await fake.slash(alice(fake), fake.channel("general"), "ping")
    with pytest.raises(RuntimeError):
        await fake.resume_gateway()
    await fake.identify_again()
    assert client.readies == 2 and client.resumes == 0 and fake.sockets[0].open
    assert lost.failed  # never delivered: Discord showed "This interaction failed"
    after = await fake.slash(alice(fake), fake.channel("general"), "ping")
    assert after.ok


@pytest.mark.parametrize("takes_effect", [False, True])
async def test_a_dropped_connection_with_and_without_effect(fake: FakeDiscord, takes_effect: bool) -> None:
    channel = fake.channel("general")
    fake.faults.disconnect(method="POST", path=POSTS, takes_effect=takes_effect, times=1)
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await channel.send("maybe")
    assert [m.content for m in fake.messages(channel)] == (["maybe"] if takes_effect else [])
    assert fake.requests_to("POST", POSTS)[-1].outcome == ("disconnect (applied)" if takes_effect else "disconnect")
    await channel.send("after")
    assert fake.last_message(channel).content == "after"
    fake.assert_clean()
