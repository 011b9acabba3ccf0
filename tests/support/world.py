"""The one way the tests run the bot end to end: the fake Discord, the real bot on one database, one guild.

`world(...)` starts it and closes everything on the way out. A `World` opens a table as people do
(`open`, `start_table`), places as they do (`place`: Show my hand and the buttons, or `/five-up play`),
plays a match out with a chooser (`play_out`), reads what people see (`reader`, and `slash`/`click`
that read each answer when the world was started with `read=True`), and stops, starts or restarts
the bot on the same database and the same Discord.

The guild: #games (with `overwrites`), #lounge, #backroom, a thread `side-game` under #games, the
players, and a moderator (Manage Messages) who does not play.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

from discord import Permissions
from support.bot_host import hosted_bot, pick
from support.discord_fake import (
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeThread,
    FakeUser,
)
from support.discord_fake.specs import Overwrite
from support.reader import Reader
from support.short_deals import short_deal

from bot.edge.app import FiveUpBot
from bot.host.computers import ComputerPlayers
from bot.host.manager import new_seed
from bot.host.timer import Timer
from bot.model.table_state import Table, TableStatus
from bot.storage import is_postgres_url
from engine import Event, Option
from engine.selfplay import Chooser

SEND = ("POST", "/channels/{channel_id}/messages")
Check = Callable[[Table, list[Event]], None]


def picker(rng: random.Random) -> Chooser:
    """A person's choice among the engine's options (`bot_host.pick`): mostly the best scorer, sometimes any."""
    return lambda match, seat: pick(match.options(seat), rng)


class World:
    """The fake Discord, the bot on `database` (a SQLite path or a PostgreSQL URL), the guild and its people."""

    def __init__(
        self, guild: FakeGuild, users: list[FakeUser], mod: FakeUser, database: str | Path, **bot: object
    ) -> None:
        self.fake: FakeDiscord  # set once the bot runs
        self.database = database
        self.bot_settings = bot  # hosted_bot's: timeout, budget, seed, computer, timer (the same on every restart)
        self._seed = bot.get("seed")  # the world's own deal, if it gave one
        self._dealt: list[str] = []  # seeds `deal_next` queued, taken by the next tables opened
        bot["seed"] = self._next_seed
        self.computer: Any = bot.get("computer")  # the test's own computer players, if it gave some
        self.resources = AsyncExitStack()  # the running bot's database and manager, closed after it
        self.guild = guild
        self.users = users
        self.mod = mod
        self.channel = guild.channel("games")
        self.room: int = self.channel.id  # where the last table opened plays: its thread, once it has one
        self.reader = Reader(tuple(u.name for u in [*users, mod]))
        self.reading = False  # whether `slash` and `click` read every answer as its reader would

    def deal_next(self, seed: str) -> None:
        """The next table opened is dealt from `seed` (tests/support/short_deals.py), whatever the world's seed."""
        self._dealt.append(seed)

    def _next_seed(self) -> str:
        if self._dealt:
            return self._dealt.pop(0)
        if callable(self._seed):
            return str(self._seed())
        return str(self._seed) if self._seed is not None else new_seed()

    @property
    def path(self) -> Path:
        assert not is_postgres_url(self.database), "a PostgreSQL world has no file"
        return Path(self.database)

    @property
    def games(self) -> FakeChannel:
        return self.channel

    @property
    def bot(self) -> FiveUpBot:
        client = self.fake.client
        assert isinstance(client, FiveUpBot)
        return client

    @property
    def table(self) -> Table:
        """The table of #games (or its thread)."""
        return self.table_in(self.channel)

    def table_in(self, channel: object) -> Table:
        table = self.bot.manager.table_in(channel if isinstance(channel, int) else channel.id)  # type: ignore[attr-defined]
        assert table is not None
        return table

    async def woken(self, channel: object) -> Table:
        """The table of this channel or thread, read first if it sleeps (a correspondence match after a
        restart is read when something touches it, as a command there would)."""
        channel_id = channel if isinstance(channel, int) else channel.id  # type: ignore[attr-defined]
        await self.bot.manager.wake_room(channel_id)
        return self.table_in(channel_id)

    def user(self, user_id: int | None) -> FakeUser:
        return next(u for u in self.users if u.id == user_id)

    def user_at(self, table: Table, seat: int) -> FakeUser:
        return self.user(table.seats[seat].user_id)

    def public(self) -> list[FakeMessage]:
        """The public messages where the last table opened plays."""
        return self.fake.messages(self.room)

    def posts_to(self, channel_id: int) -> list[dict]:
        """The JSON of every message the bot posted to this channel or thread and Discord took, in order."""
        return [
            r.json
            for r in self.fake.requests_to(*SEND)
            if r.params["channel_id"] == str(channel_id) and r.status == 200
        ]

    def check_privacy(self, table: Table) -> list[FakeMessage]:
        """Read the new public messages of `table`: none names a tile its events have not made public."""
        return self.reader.public(table.room, table)

    # -- the bot's life ----------------------------------------------------------------------------

    async def new_bot(self) -> FiveUpBot:
        """A bot with fresh resources on the world's database (the previous ones closed first)."""
        await self.resources.aclose()
        self.resources = AsyncExitStack()
        return await self.resources.enter_async_context(hosted_bot(self.database, **self.bot_settings))  # type: ignore[arg-type]

    async def stop(self) -> None:
        """The bot stops (as on SIGTERM) and its database closes: down until `start`."""
        await self.fake.close()
        await self.resources.aclose()

    async def start(self) -> None:
        """A new bot on the same database and the same Discord."""
        self.fake = await self.fake.restart(await self.new_bot())
        self.reader.fake = self.fake

    async def restart(self) -> None:
        """Stop the bot, then start a fresh one on the same database and the same Discord."""
        if not self.fake.client.is_closed():
            await self.fake.close()
        await self.start()

    # -- acting as people ----------------------------------------------------------------------------

    async def slash(self, user: FakeUser, channel: object, command: str, **options: object) -> FakeMessage | None:
        """A slash command; its answer (read, in the table's language or the user's, if the world reads)."""
        channel_id = channel if isinstance(channel, int) else channel.id  # type: ignore[attr-defined]
        before = self.bot.manager.table_in(channel_id)
        record = await self.fake.slash(user, channel, command, **options)  # type: ignore[arg-type]
        table = before or self.bot.manager.table_in(channel_id)
        if not self.reading:
            return record.last_reply
        return self.reader.reply(record, user, table.lang if table else "en")

    async def click(self, user: FakeUser, message: FakeMessage, custom_id: str, lang: str = "en") -> FakeMessage | None:
        """A click; the message that answers it (read, if the world reads)."""
        record = await self.fake.click(user, message, custom_id)
        if not self.reading:
            return record.last_reply
        return self.reader.reply(record, user, lang)

    async def open(self, channel: object, players: Sequence[FakeUser], **options: object) -> tuple[Table, FakeMessage]:
        """The first player opens a table in `channel`, the others press Join, the host presses Start;
        the table in play and its lobby message (its buttons gone)."""
        host, *others = players
        await self.slash(host, channel, "five-up start", **options)
        table = self.table_in(channel)
        lobby = self.fake.last_message(channel)  # type: ignore[arg-type]
        for user in others:
            await self.click(user, lobby, f"5up:lobby:{table.id}:join", table.lang)
        await self.click(host, lobby, f"5up:lobby:{table.id}:start", table.lang)
        await self.fake.wait_idle()
        assert table.status is TableStatus.PLAYING
        lobby = self.fake._message(lobby)
        assert not [c for c in lobby.custom_ids() if c.startswith("5up:lobby")]  # its buttons go once it starts
        self.room = table.room
        if self.reading:
            self.reader.public(table.room, table)
        return table, lobby

    async def start_table(self, players: Sequence[FakeUser], **options: object) -> Table:
        """`open` in #games."""
        table, _ = await self.open(self.channel, players, **options)
        return table

    async def place(self, table: Table, option: Option, *, by_buttons: bool = True) -> FakeMessage:
        """The seat to move places `option` as a person does (Show my hand → the tile's button → the
        target's button if it fits in several places; or `/five-up play`); returns the private receipt."""
        match = table.match
        assert match is not None and match.turn is not None
        user = self.user_at(table, match.turn)
        move = table.move_no
        if by_buttons:
            shown = [m for m in self.fake.messages(table.room) if f"5up:hand:{table.id}" in m.custom_ids()]
            hand = await self.click(user, shown[-1], f"5up:hand:{table.id}", table.lang)  # a quiet table: its board
            assert hand is not None and hand.ephemeral and [a.filename for a in hand.attachments] == ["hand.png"]
            await self.click(user, hand, f"5up:tile:{table.id}:{move}:{option.tile}", table.lang)
            if table.move_no == move:  # the tile fits in several places: the same message asks where
                hand = self.fake._message(hand)
                await self.click(user, hand, f"5up:place:{table.id}:{move}:{option.placement}", table.lang)
            receipt = self.fake._message(hand)  # the hand message, edited into the receipt
            assert not receipt.attachments and not receipt.buttons
        else:
            where = {} if option.on is None else {"on": str(option.on)}
            answer = await self.slash(user, table.channel_id, "five-up play", tile=str(option.tile), **where)
            assert answer is not None
            receipt = answer
        plays = [(x.tile, x.on) for r in table.match.record.rounds for x in r.plays]  # computers may follow
        assert len(plays) > move and plays[move] == (option.tile, option.on), receipt.content
        assert str(option.tile) in receipt.content
        return receipt

    async def play_out(
        self,
        table: Table,
        choose: Chooser,
        *,
        buttons: Callable[[int], bool] = lambda made: True,
        check: Check | None = None,
        limit: int = 10_000,
    ) -> int:
        """Every human placement through Discord until the match ends (or `limit` placements): `choose`
        picks, `buttons(made)` says whether by buttons or by `/five-up play`, and `check(table, events)`
        looks at each placement once the bot has settled. Returns the placements made."""
        made = 0
        while table.status is TableStatus.PLAYING and made < limit:
            await self.fake.wait_idle()
            if table.status is not TableStatus.PLAYING:
                break
            match = table.match
            assert match is not None and match.turn is not None
            cursor = len(match.events)
            await self.place(table, choose(match, match.turn), by_buttons=buttons(made))
            made += 1
            await self.fake.wait_idle()
            if check is not None:
                check(table, match.events[cursor:])
        return made


def make_guild(
    users: list[FakeUser], *, locale: str = "en-US", mod_locale: str = "en-US", overwrites: Sequence[Overwrite] = ()
) -> tuple[FakeGuild, FakeUser]:
    """The guild every world plays in, and its moderator."""
    moderators = FakeRole("moderators", Permissions(manage_messages=True))
    mod = FakeMember(FakeUser("mod", locale=mod_locale), roles=[moderators])
    guild = FakeGuild(
        preferred_locale=locale,
        channels=[FakeChannel("games", overwrites=list(overwrites)), "lounge", "backroom"],
        threads=[FakeThread("side-game", parent="games")],
        roles=[moderators],
        members=[*users, mod],
    )
    return guild, mod.user


@asynccontextmanager
async def world(
    where: Path | str,
    count: int | None = None,
    *,
    locales: Sequence[str] = (),
    names: Sequence[str] = (),
    guild_locale: str = "en-US",
    mod_locale: str = "en-US",
    overwrites: Sequence[Overwrite] = (),
    read: bool = False,
    settle_horizon: float = 1.0,
    timeout: float = 3600.0,
    budget: float | None = None,
    seed: str | None = None,
    computer: ComputerPlayers | None = None,
    timer: Timer | None = None,
) -> AsyncIterator[World]:
    """`count` players (default: as many as `names` or `locales` give, else 2; named `names`, else
    player0, player1, …; of `locales`, else en-US) and the bot.

    `where` is a folder (the bot's SQLite file goes in it) or a database: a SQLite path ending in
    .sqlite3 or a PostgreSQL URL. `read=True` reads every answer and public message (`Reader`).
    `seed` deals every table alike, so a run plays the same every time. `timer` (a `ManualTimer`) keeps the
    correspondence deadlines of every bot the world starts: a day passes when the test says so."""
    if count is None:
        count = max(len(names), len(locales)) or 2
    users = [
        FakeUser(
            names[n] if n < len(names) else f"player{n}",
            locale=locales[n] if n < len(locales) else "en-US",
        )
        for n in range(count)
    ]
    guild, mod = make_guild(users, locale=guild_locale, mod_locale=mod_locale, overwrites=overwrites)
    database = where if is_postgres_url(where) or str(where).endswith(".sqlite3") else Path(where) / "db.sqlite3"
    w = World(guild, users, mod, database, timeout=timeout, budget=budget, seed=seed, computer=computer, timer=timer)
    w.reading = read
    try:
        w.fake = await FakeDiscord.start(await w.new_bot(), guilds=[guild], users=users, settle_horizon=settle_horizon)
        w.reader.fake = w.fake
        try:
            yield w
        finally:
            await w.fake.close()  # the bot running now, which may be a restarted one
    finally:
        await w.resources.aclose()


CLUB = ("ana", "보라", "Carmen", "dee", "Éva")


def club(
    where: Path | str, locales: Sequence[str], *, guild_locale: str, **options: object
) -> AbstractAsyncContextManager[World]:
    """A club of readers: ana, 보라, Carmen, … of these `locales`, a moderator who reads Spanish, and every
    answer and public message read (`read=True`)."""
    return world(
        where,
        names=CLUB[: len(locales)],
        locales=locales,
        guild_locale=guild_locale,
        mod_locale="es-ES",
        read=True,
        **options,  # type: ignore[arg-type]
    )


async def after_a_round(s: World, seed: int) -> Table:
    """A two-player match in its thread, played by people until its first round has ended."""
    table, _ = await s.open(s.games, s.users[:2])
    rng = random.Random(seed)
    while table.match is not None and table.match.round < 1:
        assert await s.play_out(table, picker(rng), limit=1) == 1
    assert table.status is TableStatus.PLAYING
    return table


def short_picker(s: World, number: int) -> Chooser:
    """The next table opened is dealt short deal `number` (tests/support/short_deals.py); its two people's
    chooser, to play it out with."""
    deal, picks = short_deal(number)
    s.deal_next(deal)
    return picker(random.Random(picks))


async def finished_match(s: World, seed: int, *, by_buttons: bool = True) -> tuple[int, int]:
    """A two-player match played to the end in its thread: (table id, thread id), the short deal `seed`
    (tests/support/short_deals.py: a whole match in about half the usual placements). Each placement by Show my
    hand and its buttons, or (`by_buttons=False`, for a test that needs the match, not how it was placed) by
    `/five-up play`, which draws no hand picture."""
    ana, bo = s.users[:2]
    choose = short_picker(s, seed)
    table, _ = await s.open(s.games, [ana, bo])
    await s.play_out(table, choose, buttons=lambda made: by_buttons)
    assert table.status is TableStatus.OVER and table.thread_id is not None
    return table.id, table.thread_id
