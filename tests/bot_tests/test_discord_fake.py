"""The fake Discord harness, exercised through a small real discord.py bot defined here."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from support.discord_fake import (
    FakeChannel,
    FakeDiscord,
    FakeFile,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeThread,
    FakeUser,
    Overwrite,
    UnhandledRouteError,
)
from support.discord_fake.records import CapturedRequest
from support.discord_fake.store import _GlobalLimit
from support.manual_timer import ManualTimer

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (320).to_bytes(4, "big") + (200).to_bytes(4, "big") + b"\x08\x06"
GREETING = {"ko": "안녕하세요", "es-ES": "Hola", "en-US": "Hello"}
TILES = ["0-0", "1-3", "3-3", "3-5", "2-6"]


def render_board() -> bytes:
    """Stands in for the real renderer: blocking work the bot must run off the event loop."""
    return PNG + b"board"


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"counter:(?P<count>\d+)"):
    """State lives in the custom_id, so a click works on any message, even after a restart."""

    def __init__(self, count: int) -> None:
        super().__init__(discord.ui.Button(label=str(count), custom_id=f"counter:{count}"))
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> Counter:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.count + 1))
        await interaction.response.edit_message(content=f"count {self.count + 1}", view=view)


class JoinView(discord.ui.View):
    """A persistent view: timeout=None and a fixed custom_id, registered in setup_hook."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.name == "mallory":
            await interaction.response.send_message("not at this table", ephemeral=True)
            return False
        return True

    @discord.ui.button(label="Join", custom_id="table:join", style=discord.ButtonStyle.primary)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f"{interaction.user.display_name} joined")


class TileSelect(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=300)  # a far timer: wait_idle must not wait for it

    @discord.ui.select(custom_id="pick:tile", options=[discord.SelectOption(label=t, value=t) for t in TILES])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class SeatView(discord.ui.View):
    """Acknowledges a click without a new message (deferred update), then edits the message."""

    def __init__(self) -> None:
        super().__init__(timeout=600)

    @discord.ui.button(label="Sit", custom_id="seat:sit")
    async def sit(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        button.disabled = True
        await interaction.edit_original_response(content=f"seated: {interaction.user.name}", view=self)
        await interaction.followup.send("you sit at seat 1", ephemeral=True)


class ScoreLayout(discord.ui.LayoutView):
    """A components-v2 message: text displays and a button inside a container."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        row = discord.ui.ActionRow()
        row.add_item(discord.ui.Button(label="Refresh", custom_id="score:refresh"))
        self.add_item(discord.ui.Container(discord.ui.TextDisplay("Score 0 : 0"), row))


class NameModal(discord.ui.Modal, title="Table name"):
    name = discord.ui.TextInput(label="Name", custom_id="table:name", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"table {self.name.value}", ephemeral=True)


class TinyBot(commands.Bot):
    def __init__(self, **options: object) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), **options)
        self.seen_errors: list[str] = []
        self.background: list[asyncio.Task[None]] = []
        self.clock = ManualTimer(start=0.0)  # the fake's clock where a test hands it over (`oops slow` moves it)
        self.board_free = asyncio.Event()  # `later`'s background board waits until this is set
        self.board_free.set()
        for command in build_groups(self):
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        self.add_view(JoinView())
        self.add_dynamic_items(Counter)
        await self.tree.sync()


class TinyShardedBot(commands.AutoShardedBot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), shard_count=2)
        self.seen_errors: list[str] = []
        self.background: list[asyncio.Task[None]] = []
        for command in build_groups(self):
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        await self.tree.sync()


def build_groups(bot: commands.Bot) -> list[app_commands.Group]:
    group = app_commands.Group(name="five-up", description="Exact 61 Five Up")
    admin = app_commands.Group(name="admin", description="Table settings", parent=group)
    oops = app_commands.Group(name="oops", description="Misbehaving on purpose")

    @group.command(name="start", description="Open a table")
    @app_commands.describe(lang="Language for the table")
    @app_commands.choices(lang=[app_commands.Choice(name=n, value=n) for n in ("en", "ko", "es")])
    async def start(interaction: discord.Interaction, lang: str = "en") -> None:
        greeting = GREETING.get(str(interaction.locale), "Hello")
        text = f"{greeting} {interaction.user.display_name} [{interaction.guild_locale}] table={lang}"
        await interaction.response.send_message(text, view=JoinView())

    @group.command(name="play", description="Play a tile")
    async def play(interaction: discord.Interaction, tile: str) -> None:
        await interaction.response.send_message(f"played {tile}", ephemeral=True)

    @play.autocomplete("tile")
    async def play_tiles(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f"tile {t}", value=t) for t in TILES if current in t]

    @group.command(name="board", description="Show the board")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        image = await asyncio.to_thread(render_board)
        embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(image), "board.png"))
        await interaction.followup.send("your hand", ephemeral=True)

    @group.command(name="hand", description="Show my hand privately")
    async def hand(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        image = await asyncio.to_thread(render_board)
        await interaction.edit_original_response(
            content="your hand", attachments=[discord.File(io.BytesIO(image), "hand.png")]
        )

    @group.command(name="card", description="A file in the first response")
    async def card(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "rules card", file=discord.File(io.BytesIO(b"rules"), "rules.txt"), ephemeral=True
        )

    @group.command(name="scratch", description="Answers, then deletes the answer")
    async def scratch(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("temporary")
        await interaction.delete_original_response()

    @group.command(name="seat", description="A seat button")
    async def seat(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("free seat", view=SeatView())

    @group.command(name="score", description="A components-v2 scoresheet")
    async def score(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(view=ScoreLayout())

    @oops.command(name="reuse", description="Sends one discord.File twice")
    async def reuse(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        picture = discord.File(io.BytesIO(render_board()), "board.png")
        await interaction.channel.send(file=picture)
        await interaction.channel.send(file=picture)
        await interaction.followup.send("sent twice")

    @oops.command(name="remember", description="Answers, then stores and reports in the background")
    async def remember(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("noted", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)

        async def store() -> None:
            async with aiosqlite.connect(":memory:") as db:
                await db.execute("CREATE TABLE moves (tile TEXT)")
                await db.executemany("INSERT INTO moves VALUES (?)", [(t,) for t in TILES])
                async with db.execute("SELECT count(*) FROM moves") as cursor:
                    row = await cursor.fetchone()
            assert row is not None
            await channel.send(f"{row[0]} moves stored")

        bot.background.append(asyncio.create_task(store()))

    @group.command(name="counter", description="A counter button")
    async def counter(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(0))
        await interaction.response.send_message("count 0", view=view)

    @group.command(name="pick", description="Pick a tile")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick one", view=TileSelect(), ephemeral=True)

    @group.command(name="rename", description="Name the table")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @group.command(name="thread", description="Open a game thread")
    async def thread(interaction: discord.Interaction, opponent: discord.Member) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        game = await interaction.channel.create_thread(
            name=f"vs {opponent.display_name}", type=discord.ChannelType.public_thread
        )
        await game.add_user(opponent)
        await game.send(f"{opponent.mention} your move")
        await interaction.response.send_message(f"opened {game.mention}", ephemeral=True)

    @group.command(name="announce", description="Post in the channel")
    async def announce(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.abc.Messageable)
        try:
            await interaction.channel.send("announcement")
        except discord.Forbidden as error:
            bot.seen_errors.append(f"forbidden {error.code}")
            await interaction.response.send_message("I may not post here", ephemeral=True)
            return
        await interaction.response.send_message("posted", ephemeral=True)

    @group.command(name="later", description="Answer now, post the board in the background")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("working on it", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)

        async def post_board() -> None:
            await asyncio.sleep(0.05)  # a timer due soon: `wait_idle` waits for it (within its horizon)
            await bot.board_free.wait()
            image = await asyncio.to_thread(render_board)
            await channel.send("late board", file=discord.File(io.BytesIO(image), "late.png"))

        bot.background.append(asyncio.create_task(post_board()))

    @group.command(name="whoami", description="Report what Discord says about me")
    async def whoami(interaction: discord.Interaction) -> None:
        perms = interaction.permissions
        me = interaction.app_permissions
        text = f"manage_guild={perms.manage_guild} send={perms.send_messages} bot_threads={me.manage_threads}"
        await interaction.response.send_message(text, ephemeral=True)

    @group.command(name="dm", description="Send me a DM")
    async def dm(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("your hand: 3-5")
        except discord.Forbidden as error:
            await interaction.response.send_message(f"cannot DM you ({error.code})", ephemeral=True)
            return
        await interaction.response.send_message("check your DMs", ephemeral=True)

    @oops.command(name="silent", description="Never answers")
    async def silent(interaction: discord.Interaction) -> None:
        return None

    @oops.command(name="crash", description="Raises")
    async def crash(interaction: discord.Interaction) -> None:
        raise RuntimeError("boom")

    @oops.command(name="twice", description="Answers twice, bypassing discord.py's own guard")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        interaction.response._response_type = None  # what a second, unaware code path amounts to
        try:
            await interaction.response.send_message("second")
        except discord.HTTPException as error:
            bot.seen_errors.append(f"{error.status} {error.code}")

    @oops.command(name="early", description="Sends a followup before answering")
    async def early(interaction: discord.Interaction) -> None:
        try:
            await interaction.followup.send("too soon")
        except discord.NotFound as error:
            bot.seen_errors.append(f"not found {error.code}")
        await interaction.response.send_message("now")

    @oops.command(name="slow", description="Answers after a pause")
    async def slow(interaction: discord.Interaction) -> None:
        bot.clock.advance(0.3)  # 0.3 s of the fake's clock pass before the answer
        try:
            await interaction.response.send_message("finally")
        except discord.NotFound as error:
            bot.seen_errors.append(f"not found {error.code}")

    @oops.command(name="long", description="Too much text")
    async def long(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as error:
            bot.seen_errors.append(f"{error.status} {error.code}")

    @oops.command(name="emojis", description="Uses a route the fake does not serve")
    async def emojis(interaction: discord.Interaction) -> None:
        assert interaction.guild is not None
        await interaction.guild.fetch_emojis()

    @admin.command(name="seats", description="Set the number of seats")
    async def seats(interaction: discord.Interaction, count: app_commands.Range[int, 2, 4]) -> None:
        await interaction.response.send_message(f"seats={count}", ephemeral=True)

    return [group, oops]


ALICE = "alice"


@pytest.fixture
def people() -> dict[str, FakeUser]:
    return {
        "alice": FakeUser("alice", locale="ko"),
        "bob": FakeUser("bob", locale="es-ES", global_name="Bobby"),
        "carol": FakeUser("carol", locale="en-US", accepts_dms=False),
        "mallory": FakeUser("mallory"),
    }


@pytest.fixture
def table(people: dict[str, FakeUser]) -> FakeGuild:
    hosts = FakeRole("hosts", discord.Permissions(manage_guild=True))
    readonly = FakeChannel("readonly", overwrites=[Overwrite("everyone", deny=discord.Permissions(send_messages=True))])
    return FakeGuild(
        "Domino Club",
        preferred_locale="es-ES",
        channels=["general", readonly],
        threads=[FakeThread("old game", parent="general")],
        roles=[hosts],
        members=[FakeMember(people["alice"], roles=[hosts]), people["bob"], people["carol"], people["mallory"]],
    )


@pytest.fixture
async def fake(table: FakeGuild) -> AsyncIterator[FakeDiscord]:
    bot = TinyBot()
    fake = await FakeDiscord.start(bot, guilds=[table])
    yield fake
    await fake.close()


async def test_startup_runs_setup_hook_and_syncs_commands(fake: FakeDiscord, table: FakeGuild) -> None:
    synced = fake.synced_commands()
    assert synced is not None and [c["name"] for c in synced] == ["five-up", "oops"]
    subcommands = {o["name"] for o in synced[0]["options"]}
    assert {"start", "play", "board", "admin"} <= subcommands
    assert fake.client.is_ready()
    guild = fake.guild()
    assert guild.name == "Domino Club" and str(guild.preferred_locale) == "es-ES"
    assert {c.name for c in guild.text_channels} == {"general", "readonly"}
    assert [t.name for t in guild.threads] == ["old game"]
    assert guild.me.guild_permissions.manage_threads
    assert [r.path for r in fake.requests[:2]] == ["/users/@me", "/oauth2/applications/@me"]


async def test_slash_command_carries_locales_and_choices(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "five-up start", lang="ko")
    assert record.ok and not record.ephemeral
    reply = record.last_reply
    assert reply is not None and reply.content == "안녕하세요 alice [es-ES] table=ko"
    assert fake.messages(fake.channel("general")) == [reply]
    assert reply.custom_ids() == ["table:join"]
    bob_record = await fake.slash(people["bob"], fake.channel("general"), "five-up start")
    assert bob_record.last_reply is not None and bob_record.last_reply.content.startswith("Hola Bobby")
    with pytest.raises(ValueError, match="not one of the choices"):
        await fake.slash(people["alice"], fake.channel("general"), "five-up start", lang="fr")
    with pytest.raises(ValueError, match="unknown option"):
        await fake.slash(people["alice"], fake.channel("general"), "five-up start", colour="red")


async def test_subcommand_group_and_range(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "five-up admin seats", count=3)
    assert record.last_reply is not None and record.last_reply.content == "seats=3"
    assert fake.ephemeral_messages(people["alice"]) == [record.last_reply]
    assert fake.messages(fake.channel("general")) == []
    options = record.payload["data"]["options"]
    assert options == [
        {
            "name": "admin",
            "type": 2,
            "options": [{"name": "seats", "type": 1, "options": [{"name": "count", "type": 4, "value": 3}]}],
        }
    ]
    with pytest.raises(ValueError, match="above the maximum"):
        await fake.slash(people["alice"], fake.channel("general"), "five-up admin seats", count=5)
    with pytest.raises(ValueError, match="needs a subcommand"):
        await fake.slash(people["alice"], fake.channel("general"), "five-up admin")


async def test_autocomplete_returns_the_bots_choices(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.autocomplete(people["bob"], fake.channel("general"), "five-up play", focused="tile", value="3")
    assert record.ok
    assert [c["value"] for c in record.choices] == ["1-3", "3-3", "3-5"]
    assert record.choices[0]["name"] == "tile 1-3"
    focused = record.payload["data"]["options"][0]["options"][0]
    assert focused == {"name": "tile", "type": 3, "value": "3", "focused": True}


async def test_persistent_view_and_interaction_check(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    general = fake.channel("general")
    # A message from "before the restart": only the view registered in setup_hook can answer it.
    old = fake.seed_message(general, content="table open", view=JoinView())
    record = await fake.click(people["bob"], old, "table:join")
    assert record.ok and record.last_reply is not None
    assert record.last_reply.content == "Bobby joined" and not record.last_reply.ephemeral
    refused = await fake.click(people["mallory"], old, "table:join")
    assert refused.ephemeral and refused.last_reply is not None
    assert refused.last_reply.content == "not at this table"
    assert fake.ephemeral_messages(people["mallory"]) == [refused.last_reply]
    with pytest.raises(KeyError, match="no component"):
        await fake.click(people["bob"], old, "table:leave")


async def test_dynamic_item_parses_state_from_custom_id(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    general = fake.channel("general")
    first = await fake.slash(people["alice"], general, "five-up counter")
    message = first.last_reply
    assert message is not None and message.custom_ids() == ["counter:0"]
    click = await fake.click(people["bob"], message, "counter:0")
    assert click.response_type is discord.InteractionResponseType.message_update
    assert message.content == "count 1" and message.custom_ids() == ["counter:1"]
    assert message.edited and message.history[0]["content"] == "count 0"
    seeded = discord.ui.View(timeout=None)
    seeded.add_item(Counter(41))
    old = fake.seed_message(general, content="count 41", view=seeded)
    await fake.click(people["carol"], old, "counter:41")
    assert old.content == "count 42"


async def test_deferred_reply_with_file_and_ephemeral_followup(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "five-up board")
    assert record.ok and record.response_type is discord.InteractionResponseType.deferred_channel_message
    board, hand = record.messages
    assert board is record.original and not board.loading
    [image] = board.attachments
    assert image.filename == "board.png" and image.data == render_board()
    attachment = board.payload["attachments"][0]
    assert attachment["size"] == len(render_board())
    assert (attachment["width"], attachment["height"]) == (320, 200)
    assert board.embeds[0].image.url == attachment["url"]  # attachment:// rewritten to the CDN url
    assert hand.ephemeral and hand.visible_to == people["alice"].id and hand.content == "your hand"
    assert record.last_reply is hand
    assert fake.messages(fake.channel("general")) == [board]
    followups = fake.requests_to("POST", "/webhooks/{webhook_id}/{webhook_token}")
    assert [len(r.files) for r in followups] == [1, 0]


async def test_select_menu_and_far_view_timeout(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["bob"], fake.channel("general"), "five-up pick")
    menu = record.last_reply
    assert menu is not None and menu.ephemeral
    with pytest.raises(ValueError, match="does not offer"):
        await fake.select(people["bob"], menu, "pick:tile", ["9-9"])
    with pytest.raises(ValueError, match="ephemeral to someone else"):
        await fake.select(people["alice"], menu, "pick:tile", ["3-5"])
    picked = await fake.select(people["bob"], menu, "pick:tile", ["3-5"])
    assert picked.ok and menu.content == "picked 3-5" and menu.components == []


async def test_modal_round_trip(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    opened = await fake.slash(people["alice"], fake.channel("general"), "five-up rename")
    assert opened.ok and opened.modal["title"] == "Table name"
    with pytest.raises(ValueError, match="is required"):
        await fake.submit_modal(people["alice"], opened, {})
    submitted = await fake.submit_modal(people["alice"], opened, {"table:name": "Spinners"})
    assert submitted.last_reply is not None and submitted.last_reply.content == "table Spinners"


async def test_threads_members_and_mentions(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "five-up thread", opponent=people["bob"])
    assert record.ok
    thread = fake.channel("vs Bobby")
    assert isinstance(thread, discord.Thread) and thread.parent == fake.channel("general")
    assert fake.thread_members(thread) == {fake.bot_user.id, people["bob"].id}
    [post] = fake.messages(thread)
    assert post.content == f"<@{people['bob'].id}> your move"
    assert [m["id"] for m in post.payload["mentions"]] == [str(people["bob"].id)]
    # Interactions work inside the thread the bot made, with the thread as interaction.channel.
    inside = await fake.slash(people["bob"], thread, "five-up whoami")
    assert inside.ok and inside.payload["channel"]["type"] == discord.ChannelType.public_thread.value


async def test_permissions_come_from_roles_and_overwrites(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    alice = await fake.slash(people["alice"], fake.channel("general"), "five-up whoami")
    bob = await fake.slash(people["bob"], fake.channel("readonly"), "five-up whoami")
    assert alice.last_reply is not None and bob.last_reply is not None
    assert alice.last_reply.content == "manage_guild=True send=True bot_threads=True"
    assert bob.last_reply.content == "manage_guild=False send=False bot_threads=True"
    blocked = await fake.slash(people["bob"], fake.channel("readonly"), "five-up announce")
    assert blocked.last_reply is not None and blocked.last_reply.content == "I may not post here"
    assert fake.client.seen_errors == ["forbidden 50013"]  # type: ignore[attr-defined]
    assert fake.messages(fake.channel("readonly")) == []


async def test_direct_messages(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    ok = await fake.slash(people["alice"], fake.channel("general"), "five-up dm")
    assert ok.last_reply is not None and ok.last_reply.content == "check your DMs"
    assert [m.content for m in fake.dm_messages(people["alice"])] == ["your hand: 3-5"]
    refused = await fake.slash(people["carol"], fake.channel("general"), "five-up dm")
    assert refused.last_reply is not None and refused.last_reply.content == "cannot DM you (50007)"
    assert fake.dm_messages(people["carol"]) == []


async def test_wait_idle_lets_background_work_finish(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "five-up later")
    assert record.ok
    [late] = fake.messages(fake.channel("general"))
    assert late.content == "late board" and late.attachments[0].data == render_board()
    assert all(task.done() for task in fake.client.background)  # type: ignore[attr-defined]
    fake.client.board_free.clear()  # type: ignore[attr-defined]  # not posted before the test looks, however slow
    unsettled = await fake.slash(people["alice"], fake.channel("general"), "five-up later", settle=False)
    assert len(fake.messages(fake.channel("general"))) == 1
    fake.client.board_free.set()  # type: ignore[attr-defined]
    await fake.wait_idle()
    assert unsettled.ok and len(fake.messages(fake.channel("general"))) == 2


async def test_unanswered_and_crashed_interactions_fail(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    silent = await fake.slash(people["alice"], fake.channel("general"), "oops silent")
    assert silent.failed and not silent.ok
    crashed = await fake.slash(people["alice"], fake.channel("general"), "oops crash")
    assert crashed.failed
    problems = fake.problems()
    assert any("oops silent" in p and "This interaction failed" in p for p in problems)
    assert any("logged error" in p and "'crash'" in p and "boom" in p for p in problems)
    with pytest.raises(AssertionError, match="never answered"):
        fake.assert_clean()


async def test_interaction_rules_are_enforced(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    twice = await fake.slash(people["alice"], fake.channel("general"), "oops twice")
    early = await fake.slash(people["alice"], fake.channel("general"), "oops early")
    assert fake.client.seen_errors == ["400 40060", "not found 10015"]  # type: ignore[attr-defined]
    assert [m.content for m in twice.messages] == ["first"]
    assert any("second initial response" in p for p in twice.problems)
    assert any("a followup before the initial response" in p for p in early.problems)
    assert early.answered and early.last_reply is not None and early.last_reply.content == "now"


async def test_message_limits_are_enforced(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "oops long")
    assert record.failed
    assert fake.client.seen_errors == ["400 50035"]  # type: ignore[attr-defined]
    assert any("content is 2001 characters" in p for p in fake.problems())


async def test_unknown_route_fails_loudly(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    await fake.slash(people["alice"], fake.channel("general"), "oops emojis")
    assert any("unhandled route: GET /guilds/{guild_id}/emojis" in p for p in fake.problems())
    with pytest.raises(UnhandledRouteError):
        await fake.client.http.request(discord.http.Route("GET", "/gateway/bot"))


async def test_injected_failure(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    fake.fail_next("POST", "/channels/{channel_id}/messages")
    record = await fake.slash(people["alice"], fake.channel("general"), "five-up announce")
    assert record.last_reply is not None and record.last_reply.content == "I may not post here"
    again = await fake.slash(people["alice"], fake.channel("general"), "five-up announce")
    assert again.last_reply is not None and again.last_reply.content == "posted"
    assert [m.content for m in fake.messages(fake.channel("general"))] == ["announcement"]


async def test_attachment_bytes_can_be_read_back(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "five-up board")
    assert record.original is not None
    channel = fake.channel("general")
    message = await channel.fetch_message(record.original.id)
    assert await message.attachments[0].read() == render_board()


async def test_late_response_is_refused() -> None:
    alice = FakeUser("alice")
    guild = FakeGuild(members=[alice])
    bot = TinyBot()
    fake = await FakeDiscord.start(bot, guilds=[guild], response_deadline=0.1, clock=bot.clock.now)
    try:
        record = await fake.slash(alice, fake.channel("general"), "oops slow")
        assert record.failed
        assert fake.client.seen_errors == ["not found 10062"]  # type: ignore[attr-defined]
        assert any("first response after" in p for p in record.problems)
    finally:
        await fake.close()


async def test_autosharded_bot(people: dict[str, FakeUser]) -> None:
    guilds = [FakeGuild(f"guild {i}", members=[people["alice"]]) for i in range(3)]
    bot = TinyShardedBot()
    fake = await FakeDiscord.start(bot, guilds=guilds)
    try:
        assert sorted(bot.shards) == [0, 1] and len(bot.guilds) == 3
        for guild in guilds:
            record = await fake.slash(people["alice"], fake.channel("general", guild), "five-up whoami")
            assert record.ok
        assert {g.shard_id for g in bot.guilds} <= {0, 1}
        fake.assert_clean()
    finally:
        await fake.close()


async def test_a_clean_match_like_flow_is_clean(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    general = fake.channel("general")
    start = await fake.slash(people["alice"], general, "five-up start")
    assert start.last_reply is not None
    await fake.click(people["bob"], start.last_reply, "table:join")
    await fake.autocomplete(people["alice"], general, "five-up play", focused="tile", value="5")
    await fake.slash(people["alice"], general, "five-up play", tile="3-5")
    await fake.slash(people["bob"], general, "five-up board")
    fake.assert_clean()
    assert [r.name for r in fake.interactions] == [
        "five-up start",
        "table:join",
        "five-up play",
        "five-up play",
        "five-up board",
    ]
    assert all(r.response_delay is not None and 0 <= r.response_delay < 3 for r in fake.interactions)


async def test_attachment_option_is_readable_by_the_bot(table: FakeGuild, people: dict[str, FakeUser]) -> None:
    bot = TinyBot()
    received: list[bytes] = []

    @bot.tree.command(name="upload", description="Upload a record")
    async def upload(interaction: discord.Interaction, record: discord.Attachment) -> None:
        received.append(await record.read())
        await interaction.response.send_message(f"got {record.filename} ({record.size} bytes)", ephemeral=True)

    fake = await FakeDiscord.start(bot, guilds=[table])
    try:
        file = FakeFile("match.json", b'{"seed": 7}')
        reply = await fake.slash(people["alice"], fake.channel("general"), "upload", record=file)
        assert reply.last_reply is not None and reply.last_reply.content == "got match.json (11 bytes)"
        assert received == [b'{"seed": 7}']
    finally:
        await fake.close()


async def test_deferred_ephemeral_edit_with_file(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["bob"], fake.channel("general"), "five-up hand")
    assert record.ok and record.ephemeral
    message = record.original
    assert message is not None and not message.loading and message.content == "your hand"
    assert [f.filename for f in message.attachments] == ["hand.png"]
    assert message.attachments[0].data == render_board()
    assert fake.ephemeral_messages(people["bob"]) == [message]
    assert fake.messages(fake.channel("general")) == []


async def test_file_in_initial_response(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "five-up card")
    assert record.last_reply is not None and record.last_reply.ephemeral
    [card] = record.last_reply.attachments
    assert (card.filename, card.data, card.content_type) == ("rules.txt", b"rules", "text/plain; charset=utf-8")


async def test_deleted_response_disappears(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "five-up scratch")
    assert record.ok and record.original is not None and record.original.deleted
    assert fake.messages(fake.channel("general")) == []


async def test_deferred_update_then_edit_and_followup(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    seat = (await fake.slash(people["alice"], fake.channel("general"), "five-up seat")).last_reply
    assert seat is not None
    click = await fake.click(people["carol"], seat, "seat:sit")
    assert click.ok and click.response_type is discord.InteractionResponseType.deferred_message_update
    assert seat.content == "seated: carol" and seat.component("seat:sit")["disabled"] is True
    assert [m.content for m in click.messages] == ["you sit at seat 1"]
    assert click.messages[0].visible_to == people["carol"].id
    with pytest.raises(ValueError, match="disabled"):
        await fake.click(people["bob"], seat, "seat:sit")


async def test_components_v2_layout(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "five-up score")
    message = record.last_reply
    assert record.ok and message is not None
    assert message.flags & discord.MessageFlags.components_v2.flag
    assert "Score 0 : 0" in message.text and message.custom_ids() == ["score:refresh"]
    click = await fake.click(people["alice"], message, "score:refresh")
    assert click.failed  # no item handles it: Discord would say "This interaction failed"


async def test_restart_keeps_messages_threads_and_persistent_views(
    fake: FakeDiscord, people: dict[str, FakeUser]
) -> None:
    general = fake.channel("general")
    table = (await fake.slash(people["alice"], general, "five-up start")).last_reply
    counter = (await fake.slash(people["alice"], general, "five-up counter")).last_reply
    await fake.slash(people["alice"], general, "five-up thread", opponent=people["bob"])
    assert table is not None and counter is not None
    restarted = await fake.restart(TinyBot())
    assert fake.client.is_closed() and restarted.client.is_ready()
    assert isinstance(restarted.channel("vs Bobby"), discord.Thread)
    joined = await restarted.click(people["bob"], table, "table:join")
    assert joined.last_reply is not None and joined.last_reply.content == "Bobby joined"
    await restarted.click(people["bob"], counter, "counter:0")
    assert counter.content == "count 1"
    assert len(restarted.requests_to("PUT", "/applications/{application_id}/commands")) == 2
    restarted.assert_clean()
    await restarted.close()


async def test_wait_idle_waits_for_aiosqlite_threads(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "oops remember")
    assert record.ok
    assert [m.content for m in fake.messages(fake.channel("general"))] == ["5 moves stored"]


async def test_a_file_sent_twice_arrives_empty(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    record = await fake.slash(people["alice"], fake.channel("general"), "oops reuse")
    assert record.ok
    first, second = fake.messages(fake.channel("general"))
    assert first.attachments[0].data == render_board() and second.attachments[0].size == 0
    assert any("empty file 'board.png'" in p for p in fake.problems())


def test_limits_match_discords() -> None:
    from support.discord_fake.limits import choice_problems, command_problems, message_problems

    assert message_problems({"content": "x" * 2000}, []) == []
    assert message_problems({}, []) == ["Cannot send an empty message"]
    assert message_problems({"embeds": [{"description": "가" * 4097}]}, []) == [
        "embeds[0].description is 4097 characters; Discord allows 4096"
    ]
    options = [{"label": str(i), "value": str(i)} for i in range(26)]
    row = {"type": 1, "components": [{"type": 3, "custom_id": "s", "options": options}]}
    assert message_problems({"components": [row]}, []) == ["select 's' has 26 options; Discord allows 1-25"]
    assert choice_problems([{"name": "one", "value": "1"}], 4) == ["choice value '1' does not fit an option of type 4"]
    command = {"name": "five-up", "description": "d", "type": 1, "name_localizations": {"ko": "Five"}}
    assert command_problems([command]) == ["/five-up: name 'Five' (ko) must be 1-32 lowercase letters, digits, - or _"]


async def test_fetches_answer_from_the_fake(fake: FakeDiscord, people: dict[str, FakeUser], table: FakeGuild) -> None:
    client = fake.client
    assert (await client.fetch_user(people["bob"].id)).global_name == "Bobby"
    member = await fake.guild().fetch_member(people["alice"].id)
    assert [r.name for r in member.roles] == ["@everyone", "hosts"]
    channel = await client.fetch_channel(table.channel("general").id)
    assert isinstance(channel, discord.TextChannel) and channel.name == "general"
    with pytest.raises(discord.NotFound):
        await fake.guild().fetch_member(12345)
    assert (await client.application_info()).id == fake.bot_user.id


def test_every_faked_route_is_one_discord_py_uses() -> None:
    """A typo in a route template would make the fake answer a request discord.py never sends."""
    import support.discord_fake.backend  # noqa: F401  (registers the routes)
    from support.discord_fake.routing import ROUTES

    package = Path(discord.__file__).parent
    source = (package / "http.py").read_text() + (package / "webhook" / "async_.py").read_text()
    used = set(re.findall(r"Route\(\s*'([A-Z]+)',\s*'([^']+)'", source))
    assert len(ROUTES) > 30
    assert {key for key in ROUTES if key != ("GET", "cdn")} <= used


async def test_a_429_is_waited_out_by_discord_py(fake: FakeDiscord, people: dict[str, FakeUser]) -> None:
    """Beyond the route's rate the fake answers 429 with Retry-After; discord.py's own request loop
    waits and sends the same request again (its file rewound), so every message arrives, in order."""
    channel = fake.channel("general")
    route = ("POST", "/channels/{channel_id}/messages")
    limiter = fake.limit_rate(*route, limit=2, per=0.3)
    loop = asyncio.get_running_loop()
    began = loop.time()
    for n in range(5):
        await channel.send(f"m{n}", file=discord.File(io.BytesIO(render_board()), filename=f"m{n}.png"))
    elapsed = loop.time() - began
    mine = fake.messages(channel)[-5:]
    assert [m.content for m in mine] == [f"m{n}" for n in range(5)]
    assert all(m.attachments[0].data == render_board() for m in mine)  # the upload survived the retry
    statuses = [r.status for r in fake.requests_to(*route)]
    assert limiter.refused == statuses.count(429) >= 1 and statuses.count(200) == 5
    assert elapsed >= 0.25  # discord.py slept the Retry-After before trying again
    fake.assert_clean()


def test_the_global_limit_counts_every_request_but_interaction_answers() -> None:
    """`limit_globally`: 50 in any second, then a global 429 until the oldest is a second old; callbacks and
    followups by an interaction's token pass however many there are (Discord does not bind them)."""

    def request(path: str, at: float) -> CapturedRequest:
        return CapturedRequest("POST", path, {}, {}, None, [], at=at)

    limit = _GlobalLimit(50, 1.0)
    posts = [limit.retry_after(request("/channels/{channel_id}/messages", 10.0)) for _ in range(60)]
    assert posts[:50] == [None] * 50 and all(wait == pytest.approx(1.0) for wait in posts[50:])
    answers = ["/interactions/{webhook_id}/{webhook_token}/callback", "/webhooks/{webhook_id}/{webhook_token}"]
    assert all(limit.retry_after(request(path, 10.5)) is None for path in answers for _ in range(100))
    assert limit.retry_after(request("/channels/{channel_id}/messages", 11.0)) is None  # a second later
    assert (limit.refused, limit.counted) == (10, 51)
