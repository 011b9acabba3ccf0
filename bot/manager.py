"""The async game manager: tables in channels, turns, computer seats, idle players, persistence.

One table per channel, each behind its own asyncio.Lock, so two simultaneous
clicks can never both place; the engine decides whether a move is legal and
who may make it. Every accepted action is committed to SQLite before the
caller gets an answer, and the public message it causes is handed, in lock
order, to a `Publisher` (the Discord layer, the demo's printer, a test's
list). Pictures are drawn on a worker thread (`asyncio.to_thread`), so one
table's rendering never stalls another table's turn. No Discord import here.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
import secrets
import time
from collections.abc import Callable
from typing import Protocol

from engine import (
    Drew,
    Event,
    Match,
    Option,
    Phase,
    Placed,
    Placement,
    Record,
    RoundStarted,
    RulesError,
    TableSnapshot,
    Tile,
    parse_tile,
)

from . import texts
from .computer import ComputerPlayers
from .i18n import pick_locale, t
from .pictures import Renderer
from .storage import ChannelBusyError, ResultRow, SeatRow, Storage, TableRow
from .tables import (
    LEVELS,
    MAX_SEATS,
    MIN_PLAYERS,
    Hand,
    Lobby,
    Picture,
    Played,
    Post,
    PostKind,
    Refusal,
    Seat,
    Table,
    TableStatus,
    TargetChoice,
    TileChoice,
)

log = logging.getLogger(__name__)


class Publisher(Protocol):
    def publish(self, post: Post) -> None:
        """Take a public message for a channel. Called in order, under the table's lock: must not block."""
        ...


class Manager:
    """Every table this process hosts. Create, then `await restore()` to bring back saved tables."""

    def __init__(
        self,
        storage: Storage,
        publisher: Publisher,
        renderer: Renderer,
        computer: ComputerPlayers,
        *,
        turn_timeout: float = 300.0,
        computer_pause: tuple[float, float] = (0.8, 2.0),
        clock: Callable[[float], str] = texts.discord_clock,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.publisher = publisher
        self.renderer = renderer
        self.computer = computer
        self.turn_timeout = turn_timeout
        self.computer_pause = computer_pause
        self.clock = clock
        self.now = now
        self._by_id: dict[int, Table] = {}
        self._by_channel: dict[int, Table] = {}
        self._opening = asyncio.Lock()
        self._pause_rng = random.Random()

    # -- finding tables -----------------------------------------------------

    def table_in(self, channel_id: int) -> Table | None:
        return self._by_channel.get(channel_id)

    def tables(self) -> list[Table]:
        return list(self._by_id.values())

    def _table(self, *, channel_id: int | None = None, table_id: int | None = None) -> Table:
        if table_id is not None:
            table = self._by_id.get(table_id)
            if table is None or (channel_id is not None and table.channel_id != channel_id):
                raise Refusal("table-gone")
            return table
        table = self._by_channel.get(channel_id) if channel_id is not None else None
        if table is None:
            raise Refusal("no-table")
        return table

    # -- the lobby ----------------------------------------------------------

    async def open_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        lang: str,
        bots: int = 0,
        level: str = "normal",
        seat_host: bool = True,
        seed: str | None = None,
    ) -> Lobby:
        """A new table in this channel, the host in seat 1 (unless `seat_host` is False) and `bots` computers."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        if not 0 <= bots <= MAX_SEATS - int(seat_host):
            raise Refusal("too-many-bots")
        seats = [Seat(host_id, texts.plain(host_name))] if seat_host else []
        seats += [Seat(None, t(lang, "computer-name", number=n + 1), level) for n in range(bots)]
        seed = seed if seed is not None else secrets.token_hex(8)
        async with self._opening:
            if channel_id in self._by_channel:
                raise Refusal("channel-busy")
            try:
                table_id = await self.storage.create_table(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=host_id,
                    lang=lang,
                    level=level,
                    seed=seed,
                    seats=_rows(seats),
                )
            except ChannelBusyError:
                raise Refusal("channel-busy") from None
            table = Table(table_id, guild_id, channel_id, host_id, lang, level, seed, TableStatus.LOBBY, seats)
            self._register(table)
        return self.lobby(table)

    def lobby(self, table: Table, note: str = "") -> Lobby:
        """The lobby message as it should read now."""
        lang = table.lang
        if table.status is TableStatus.LOBBY:
            lines = [
                t(lang, "lobby-title", host=table.host_name() if table.seat_of(table.host_id) is not None else "—")
            ]
            for number, seat in enumerate(table.seats, start=1):
                if seat.is_computer:
                    level = t(lang, f"level-{seat.level}")
                    lines.append(t(lang, "lobby-seat-computer", number=number, player=seat.name, level=level))
                else:
                    lines.append(t(lang, "lobby-seat-player", number=number, player=seat.name))
            if len(table.seats) == MAX_SEATS:
                seating = table.seating
                lines.append(
                    t(lang, "lobby-teams", first=seating.side_name(lang, 0), second=seating.side_name(lang, 1))
                )
            lines.append(t(lang, "lobby-count", count=len(table.seats)))
            return Lobby(table.id, lang, "\n".join(lines), True, note, table.lobby_message_id)
        if table.status is TableStatus.CLOSED:
            return Lobby(table.id, lang, t(lang, "lobby-closed"), False, note, table.lobby_message_id)
        names = ", ".join(s.name for s in table.seats)
        text = f"{t(lang, 'lobby-started')}\n{names}"
        return Lobby(table.id, lang, text, False, note, table.lobby_message_id)

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        table = self._by_id.get(table_id)
        if table is not None:
            table.lobby_message_id = message_id
            await self.storage.set_lobby_message(table_id, message_id)

    async def join(
        self, *, user_id: int, name: str, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        table = self._table(channel_id=channel_id, table_id=table_id)
        async with table.lock:
            self._check_lobby(table)
            if table.seat_of(user_id) is not None:
                raise Refusal("already-seated")
            if len(table.seats) >= MAX_SEATS:
                raise Refusal("table-full")
            # people sit before the computer seats, so friends who join play with each other
            humans = sum(1 for s in table.seats if not s.is_computer)
            seats = [*table.seats[:humans], Seat(user_id, texts.plain(name)), *table.seats[humans:]]
            await self.storage.save_seats(table.id, _rows(seats))
            table.seats = seats
            return self.lobby(table, t(locale, "lobby-joined", number=humans + 1))

    async def leave(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        table = self._table(channel_id=channel_id, table_id=table_id)
        async with table.lock:
            seat = table.seat_of(user_id)
            if seat is None:
                raise Refusal("not-seated")
            if table.status is not TableStatus.LOBBY:
                raise Refusal("cannot-leave-now")
            if user_id == table.host_id:
                raise Refusal("host-cannot-leave")
            seats = [s for i, s in enumerate(table.seats) if i != seat]
            await self.storage.save_seats(table.id, _rows(seats))
            table.seats = seats
            return self.lobby(table, t(locale, "lobby-left"))

    async def start(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        """The host starts the match: the first round is dealt and the first turn message posted."""
        table = self._table(channel_id=channel_id, table_id=table_id)
        async with table.lock:
            self._check_host_in_lobby(table, user_id)
            if len(table.seats) < MIN_PLAYERS:
                raise Refusal("need-players")
            match = Match.new(len(table.seats), table.seed)
            record = match.record.dumps()
            await self.storage.start_match(table.id, _rows(table.seats), record)
            table.match = match
            table.saved_record = record
            table.status = TableStatus.PLAYING
            table.turn_started = self.now()
            lines = texts.narrate(table.lang, table.seating, match.events, round_number=0)
            self._publish(table, PostKind.TURN, [*lines, *self._status(table)], hand_button=True)
            self._after_action(table)
            return self.lobby(table, t(locale, "lobby-started-private"))

    async def cancel(
        self, *, user_id: int, locale: str, channel_id: int | None = None, table_id: int | None = None
    ) -> Lobby:
        """The host closes the lobby."""
        table = self._table(channel_id=channel_id, table_id=table_id)
        async with table.lock:
            self._check_host_in_lobby(table, user_id)
            await self._close(table, "cancelled by the host")
            text = t(table.lang, "lobby-cancelled", player=table.host_name())
            return Lobby(table.id, table.lang, text, False, "", table.lobby_message_id)

    async def end(self, *, channel_id: int, user_id: int, name: str, can_manage: bool) -> Post:
        """The host, or anyone allowed to manage messages, ends the table in this channel.

        The closing message is returned, not published: the caller answers with it."""
        table = self._table(channel_id=channel_id)
        async with table.lock:
            if user_id != table.host_id and not can_manage:
                raise Refusal("end-not-allowed")
            await self._close(table, f"ended by {user_id}")
            text = t(table.lang, "table-ended", player=texts.plain(name))
            return Post(table.id, table.channel_id, PostKind.CLOSED, text, move_no=table.move_no, lang=table.lang)

    def _check_host_in_lobby(self, table: Table, user_id: int) -> None:
        """Starting and cancelling are the host's, and only while the lobby is open."""
        self._check_lobby(table)
        if user_id != table.host_id:
            raise Refusal("not-host", host=table.host_name())

    def _check_lobby(self, table: Table) -> None:
        if table.status is TableStatus.PLAYING:
            raise Refusal("already-started")
        if table.status is not TableStatus.LOBBY:
            raise Refusal("table-gone")

    async def _close(self, table: Table, reason: str) -> None:
        await self.storage.close_table(table.id, reason)
        table.status = TableStatus.CLOSED
        self._forget(table)

    # -- playing ------------------------------------------------------------

    def _playing(self, table: Table) -> Match:
        if table.status is TableStatus.LOBBY:
            raise Refusal("not-started")
        if table.status is not TableStatus.PLAYING or table.match is None:
            raise Refusal("table-gone")
        return table.match

    def _seat(self, table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal("not-seated")
        return seat

    async def play(
        self,
        *,
        user_id: int,
        tile: str | Tile,
        on: str | Tile | None = None,
        locale: str,
        channel_id: int | None = None,
        table_id: int | None = None,
        move_no: int | None = None,
    ) -> Played:
        """A player's placement. `on` None: wherever the tile fits, if that is one place only
        (the opening has no `on`). `move_no` (from a button) must match the table's, or the
        click is stale."""
        table = self._table(channel_id=channel_id, table_id=table_id)
        placed = _read_tile(tile)
        target = None if on is None or on == "" else _read_tile(on)
        async with table.lock:
            match = self._playing(table)
            seat = self._seat(table, user_id)
            if move_no is not None and move_no != table.move_no:
                raise Refusal("stale")
            self._back(table, seat)
            if target is None:
                targets = [o.on for o in match.options(seat) if o.tile == placed]
                if len(targets) > 1:
                    shown = ", ".join(str(x) for x in targets)
                    raise Refusal("say-where", tile=str(placed), targets=shown)
                if targets:
                    target = targets[0]
            post = await self._apply(table, seat, placed, target)
            return Played(table.id, texts.played_text(locale, placed, target), post)

    def choices(self, *, channel_id: int, user_id: int) -> list[Option]:
        """The caller's legal options now (for autocomplete): empty when it is not their turn."""
        table = self._by_channel.get(channel_id)
        if table is None or table.match is None or table.status is not TableStatus.PLAYING:
            return []
        seat = table.seat_of(user_id)
        return [] if seat is None else table.match.options(seat)

    async def hand(
        self,
        *,
        user_id: int,
        locale: str,
        channel_id: int | None = None,
        table_id: int | None = None,
        picture: bool = True,
    ) -> Hand:
        """A player's private view: their tiles, what they drew, and a choice per playable tile."""
        table = self._table(channel_id=channel_id, table_id=table_id)
        async with table.lock:
            match = self._playing(table)
            seat = self._seat(table, user_id)
            back = self._back(table, seat)
            view = match.seat_view(seat)
            move_no = table.move_no
            text = texts.hand_text(
                locale, table.seating, view, drawn=_recent_draws(match.events, seat), turn=match.turn, back=back
            )
        by_tile: dict[Tile, list[Option]] = {}
        for option in view.options:
            by_tile.setdefault(option.tile, []).append(option)
        choices = tuple(
            TileChoice(
                tile,
                texts.tile_label(locale, options),
                tuple(TargetChoice(o.on, texts.target_label(locale, o)) for o in options),
            )
            for tile, options in by_tile.items()
        )
        image = await asyncio.to_thread(self.renderer.hand, view) if picture else None
        return Hand(table.id, move_no, seat, text, image, choices)

    def _back(self, table: Table, seat: int) -> bool:
        """The player acted: the computer stops playing for them. True when they were away."""
        if seat not in table.away:
            return False
        table.away.discard(seat)
        if table.match is not None and table.match.turn == seat:
            self._after_action(table)
        return True

    async def _apply(self, table: Table, seat: int, tile: Tile, on: Tile | None, *, note: str = "") -> Post:
        """Place, commit, draw the pictures, publish. The caller holds the table's lock."""
        match = table.match
        assert match is not None
        round_number = match.round
        try:
            events = match.place(seat, Placement(tile, on))
        except RulesError as e:
            raise Refusal.from_rules(e, table.seating.names) from None
        if match.phase is Phase.ROUND_OVER:
            finished = match.snapshot()  # the round as it ended, before the next deal
            events += match.next_round()
            # ... while the scoresheet marks who moves next, as the text under it says
            pictured = dataclasses.replace(finished, turn=match.turn)
        else:
            finished = pictured = match.snapshot()
        try:
            await self._save(table)
        except BaseException:
            # the placement never became durable: forget it, so memory matches the database
            table.match = Match.restore(Record.loads(table.saved_record or ""), table.seed)
            raise
        pictures = await self._pictures(table, pictured)
        table.turn_started = self.now()
        lines = [note] if note else []
        lines += texts.narrate(
            table.lang, table.seating, events, round_number=round_number, ends=finished.contributions
        )
        if match.phase is Phase.OVER:
            lines += [texts.scores_line(table.lang, table.seating, match.scores), t(table.lang, "match-record")]
        else:
            lines += self._status(table)
        post = self._publish(table, PostKind.TURN, lines, pictures=pictures, hand_button=match.phase is not Phase.OVER)
        self._after_action(table)
        return post

    async def _pictures(self, table: Table, snapshot: TableSnapshot) -> tuple[Picture, ...]:
        """The table's pictures, drawn on a worker thread. The placement is already saved, so a
        drawing failure costs the pictures of this one message, never the move."""
        try:
            pictures = await asyncio.to_thread(self.renderer.table, snapshot)
        except Exception:
            log.exception("drawing table %s failed at move %s", table.id, table.move_no)
            return ()
        table.pictures = pictures
        return pictures

    async def _save(self, table: Table) -> None:
        match = table.match
        assert match is not None
        record = match.record.dumps()
        if match.phase is Phase.OVER:
            assert match.winner is not None
            results = [
                ResultRow(
                    i, s.user_id, s.name, match.side_of(i) == match.winner, texts.shown(match.scores[match.side_of(i)])
                )
                for i, s in enumerate(table.seats)
                if s.user_id is not None
            ]
            await self.storage.finish_match(table.id, table.guild_id, record, results)
            table.status = TableStatus.OVER
            self._forget(table)
        else:
            await self.storage.save_record(table.id, record)
        table.saved_record = record

    def _status(self, table: Table) -> list[str]:
        assert table.match is not None
        return texts.status(
            table.lang,
            table.seating,
            table.match.snapshot(),
            turn_started=table.turn_started,
            clock=self.clock,
            computer_seats=table.computer_seats(),
            away_seats=frozenset(table.away),
        )

    def _publish(
        self,
        table: Table,
        kind: PostKind,
        lines: list[str],
        *,
        pictures: tuple[Picture, ...] = (),
        hand_button: bool = False,
        mentions: tuple[int, ...] = (),
    ) -> Post:
        post = Post(
            table.id,
            table.channel_id,
            kind,
            texts.clip("\n".join(lines)),
            pictures,
            hand_button,
            mentions,
            table.move_no,
            table.lang,
        )
        try:
            self.publisher.publish(post)
        except Exception:
            log.exception("publishing to channel %s failed (table %s)", table.channel_id, table.id)
        return post

    # -- whose turn next: computers, idle players ------------------------------

    def _after_action(self, table: Table) -> None:
        """Arm what comes next: a computer's turn, or the idle watch of the person to move."""
        current = asyncio.current_task()
        if table.timer is not None and table.timer is not current:
            table.timer.cancel()
        table.timer = None
        match = table.match
        if table.status is not TableStatus.PLAYING or match is None or match.turn is None:
            return
        seat = match.turn
        if table.seats[seat].is_computer or seat in table.away:
            table.task = asyncio.create_task(self._computer_turn(table, table.move_no, seat))
        else:
            table.timer = asyncio.create_task(self._idle_watch(table, table.move_no, seat))

    def _computer_may_play(self, table: Table, move_no: int, seat: int) -> bool:
        return (
            table.status is TableStatus.PLAYING
            and table.match is not None
            and table.move_no == move_no
            and table.match.turn == seat
            and (table.seats[seat].is_computer or seat in table.away)
        )

    async def _computer_turn(self, table: Table, move_no: int, seat: int, *, announce: bool = False) -> None:
        """A computer places for `seat`; `announce` says so publicly (the first move for an idle player)."""
        low, high = self.computer_pause
        if high > 0:
            await asyncio.sleep(self._pause_rng.uniform(low, high))
        if not self._computer_may_play(table, move_no, seat):
            return
        match = table.match
        assert match is not None
        level = table.seats[seat].level or table.level
        try:
            tile, on = await self.computer.choose(match, seat, level, f"{table.seed}/{move_no}/{seat}")
        except Exception:
            log.exception("computer player failed at table %s, move %s; it plays its first option", table.id, move_no)
            first = match.options(seat)[0]
            tile, on = first.tile, first.on
        async with table.lock:
            if not self._computer_may_play(table, move_no, seat):
                return
            # said once when the take-over starts; the status line then marks the seat as away
            note = t(table.lang, "takeover", player=table.seats[seat].name) if announce else ""
            try:
                await self._apply(table, seat, tile, on, note=note)
            except Exception:
                log.exception("computer turn failed at table %s, move %s", table.id, move_no)

    async def _idle_watch(self, table: Table, move_no: int, seat: int) -> None:
        """After one timeout the table is reminded; after a second, a computer places for the seat."""
        started = table.turn_started
        await asyncio.sleep(self.turn_timeout)
        async with table.lock:
            if table.move_no != move_no or table.status is not TableStatus.PLAYING:
                return
            user_id = table.seats[seat].user_id
            text = t(
                table.lang,
                "reminder",
                mention=f"<@{user_id}>",
                since=self.clock(started),
                deadline=self.clock(started + 2 * self.turn_timeout),
            )
            self._publish(table, PostKind.REMINDER, [text], hand_button=True, mentions=(user_id or 0,))
        await asyncio.sleep(self.turn_timeout)
        async with table.lock:
            if table.move_no != move_no or table.status is not TableStatus.PLAYING:
                return
            table.away.add(seat)
            table.timer = None
            table.task = asyncio.create_task(self._computer_turn(table, move_no, seat, announce=True))

    async def drain(self) -> None:
        """Wait until no computer turn is pending at any table (tests, the demo, shutdown)."""
        while True:
            pending = [x.task for x in self._by_id.values() if x.task is not None and not x.task.done()]
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    async def close(self) -> None:
        """Stop timers and computer turns (the database keeps everything needed to resume)."""
        for table in list(self._by_id.values()):
            for task in (table.timer, table.task):
                if task is not None and not task.done():
                    task.cancel()
                    with contextlib.suppress(BaseException):
                        await task
        self.computer.close()

    # -- public pictures on request ----------------------------------------

    async def board(self, *, channel_id: int, scoresheet_only: bool = False) -> Post:
        """The latest pictures of the table again (not published: the caller replies with it)."""
        table = self._table(channel_id=channel_id)
        async with table.lock:
            match = self._playing(table)
            pictures = table.pictures or await self._pictures(table, match.snapshot())
            if scoresheet_only:
                pictures = tuple(p for p in pictures if p.filename == "scoresheet.png")
                lines = [texts.scores_line(table.lang, table.seating, match.scores)]
            else:
                lines = self._status(table)
            text = "\n".join(lines)
            return Post(table.id, table.channel_id, PostKind.BOARD, text, pictures, True, (), table.move_no, table.lang)

    async def stats(self, *, guild_id: int | None, user_id: int, locale: str) -> str:
        board = await self.storage.leaderboard(guild_id)
        mine = await self.storage.player_stats(guild_id, user_id)
        lines = [f"**{t(locale, 'stats-title')}**"]
        if not board:
            lines.append(t(locale, "stats-none"))
        for rank, row in enumerate(board, start=1):
            lines.append(
                t(
                    locale,
                    "stats-line",
                    rank=rank,
                    player=row.name,
                    wins=row.wins,
                    matches=row.matches,
                    average=round(row.average_points, 1),
                )
            )
        if mine is None:
            lines.append(t(locale, "stats-yours-none"))
        else:
            lines.append(
                t(locale, "stats-yours", matches=mine.matches, wins=mine.wins, average=round(mine.average_points, 1))
            )
        return "\n".join(lines)

    # -- restarting ------------------------------------------------------------

    async def restore(self) -> list[Table]:
        """Bring back every open table; a row that cannot be read is logged and its table closed."""
        rows, broken = await self.storage.open_tables()
        for bad in broken:
            log.error("table %s cannot be read (%s); closing it", bad.id, bad.reason)
            await self.storage.close_table(bad.id, f"unreadable: {bad.reason}"[:500])
            if bad.channel_id is not None:
                self._announce_unreadable(bad.id, bad.channel_id, bad.lang)
        restored = []
        for row in rows:
            try:
                table = _table_from_row(row)
            except Exception as e:
                log.error("table %s cannot be restored (%s); closing it", row.id, e)
                await self.storage.close_table(row.id, f"unreadable: {e}"[:500])
                self._announce_unreadable(row.id, row.channel_id, row.lang)
                continue
            table.turn_started = self.now()
            self._register(table)
            restored.append(table)
            if table.status is TableStatus.PLAYING:
                assert table.match is not None
                snapshot = table.match.snapshot()
                pictures = await self._pictures(table, snapshot) if snapshot.tiles else ()
                lines = [t(table.lang, "table-restored"), *self._status(table)]
                self._publish(table, PostKind.RESTORED, lines, pictures=pictures, hand_button=True)
                self._after_action(table)
        return restored

    def _announce_unreadable(self, table_id: int, channel_id: int, lang: str | None) -> None:
        """Tell the channel, in the table's language when it is known (English otherwise)."""
        lang = pick_locale(lang)
        post = Post(table_id, channel_id, PostKind.CLOSED, t(lang, "table-closed-unreadable"), lang=lang)
        try:
            self.publisher.publish(post)
        except Exception:
            log.exception("could not tell channel %s that table %s was closed", channel_id, table_id)

    def _register(self, table: Table) -> None:
        self._by_id[table.id] = table
        self._by_channel[table.channel_id] = table

    def _forget(self, table: Table) -> None:
        if table.timer is not None and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer = None
        self._by_id.pop(table.id, None)
        if self._by_channel.get(table.channel_id) is table:
            del self._by_channel[table.channel_id]


def _rows(seats: list[Seat]) -> list[SeatRow]:
    return [SeatRow(s.user_id, s.name, s.level) for s in seats]


def _read_tile(value: str | Tile) -> Tile:
    try:
        return parse_tile(value)
    except ValueError:
        raise Refusal("bad-tile", text=str(value)[:20]) from None


def _recent_draws(events: list[Event], seat: int) -> list[Tile]:
    """The tiles `seat` drew since its last placement this round (shown to that player only)."""
    drawn: list[Tile] = []
    for event in reversed(events):
        if isinstance(event, RoundStarted) or (isinstance(event, Placed) and event.seat == seat):
            break
        if isinstance(event, Drew) and event.seat == seat:
            drawn.append(event.tile)
    drawn.reverse()
    return drawn


def _table_from_row(row: TableRow) -> Table:
    status = TableStatus(row.status)
    if row.lang not in ("en", "ko", "es") or row.level not in LEVELS:
        raise ValueError(f"unknown language {row.lang!r} or level {row.level!r}")
    seats = [Seat(s.user_id, s.name, s.level) for s in row.seats]
    if not seats:
        raise ValueError("a table without seats")
    table = Table(row.id, row.guild_id, row.channel_id, row.host_id, row.lang, row.level, row.seed, status, seats)
    table.lobby_message_id = row.lobby_message_id
    if status is TableStatus.PLAYING:
        if row.record is None:
            raise ValueError("a match in progress without its record")
        match = Match.restore(Record.loads(row.record), row.seed)
        if match.players != len(seats):
            raise ValueError(f"the record has {match.players} players but the table {len(seats)} seats")
        if match.phase is not Phase.PLAYING:
            raise ValueError(f"the match is {match.phase}, not in progress")
        table.match = match
        table.saved_record = row.record
    return table
