"""One live table and its single writer: the lobby actions, the placements, saving and publishing.

A `LiveTable` alone changes its `Table`, always under its own asyncio.Lock, so two
simultaneous clicks can never both place; the engine decides whether a move is legal and who
may make it. Every accepted action is committed to storage before the caller gets an answer
(a failed write rolls the match back to the record last saved), and the public message it
causes is handed, in lock order, to the `Publisher`. Pictures are drawn on a worker thread,
so one table's rendering never stalls another table's turn. What comes next (a computer's
turn, an idle player's clock) is the `Turns`' job, armed after every action.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine import (
    Blocked,
    Domino,
    Drew,
    Event,
    Match,
    Option,
    Phase,
    Placed,
    Record,
    RoundStarted,
    RulesError,
    TableSnapshot,
    Tile,
    parse_tile,
)

from . import rows, texts
from .pictures import Renderer
from .storage import Storage
from .tables import (
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
)

log = logging.getLogger(__name__)


class Publisher(Protocol):
    def publish(self, post: Post) -> None:
        """Take a public message for a channel. Called in order, under the table's lock: must not block."""
        ...


class Turns(Protocol):
    def arm(self, live: LiveTable) -> None:
        """After an action, under the table's lock: start what comes next (a computer, an idle clock)."""
        ...

    def stop(self, live: LiveTable) -> None:
        """The table is over or closed: its idle clock stops."""
        ...


@dataclass(frozen=True, slots=True)
class Services:
    """What every live table of a process shares: where it saves, publishes and draws, and its clocks."""

    storage: Storage
    publisher: Publisher
    renderer: Renderer
    turns: Turns
    clock: Callable[[float], str]  # a moment as players read it (a Discord timestamp, the demo's hh:mm:ss)
    now: Callable[[], float]
    forget: Callable[[LiveTable], None]  # the registry lets go of a table that is over or closed


class LiveTable:
    """A table being hosted: its state (`table`), its lock, its last saved record, its latest pictures."""

    def __init__(self, table: Table, services: Services, *, saved_record: str | None = None) -> None:
        self.table = table
        self.services = services
        self.lock = asyncio.Lock()
        self.saved_record = saved_record  # the record as last committed: what a failed write rolls back to
        self.pictures: tuple[Picture, ...] = ()  # the latest table pictures, for /five-up board and score

    # -- the lobby ----------------------------------------------------------

    def lobby(self, note: str = "") -> Lobby:
        return texts.lobby_message(self.table, note)

    async def set_lobby_message(self, message_id: int | None) -> None:
        async with self.lock:
            self.table.lobby_message_id = message_id
            await self.services.storage.set_lobby_message(self.table.id, message_id)

    async def join(self, *, user_id: int, name: str, locale: str) -> Lobby:
        table = self.table
        async with self.lock:
            self._check_lobby()
            if table.seat_of(user_id) is not None:
                raise Refusal("already-seated")
            if len(table.seats) >= MAX_SEATS:
                raise Refusal("table-full")
            # people sit before the computer seats, so friends who join play with each other
            humans = sum(1 for s in table.seats if not s.is_computer)
            seats = [*table.seats[:humans], Seat(user_id, texts.plain(name)), *table.seats[humans:]]
            await self.services.storage.save_seats(table.id, rows.seat_rows(seats))
            table.seats = seats
            return self.lobby(texts.joined(locale, humans + 1))

    async def leave(self, *, user_id: int, locale: str) -> Lobby:
        table = self.table
        async with self.lock:
            seat = table.seat_of(user_id)
            if seat is None:
                raise Refusal("not-seated")
            if table.status is not TableStatus.LOBBY:
                raise Refusal("cannot-leave-now")
            if user_id == table.host_id:
                raise Refusal("host-cannot-leave")
            seats = [s for i, s in enumerate(table.seats) if i != seat]
            await self.services.storage.save_seats(table.id, rows.seat_rows(seats))
            table.seats = seats
            return self.lobby(texts.left(locale))

    async def start(self, *, user_id: int, locale: str) -> Lobby:
        """The host starts the match: the first round is dealt and the first turn message posted."""
        table = self.table
        async with self.lock:
            self._check_host_in_lobby(user_id)
            if len(table.seats) < MIN_PLAYERS:
                raise Refusal("need-players")
            match = Match.new(len(table.seats), table.seed)
            record = match.record.dumps()
            await self.services.storage.start_match(table.id, rows.seat_rows(table.seats), record)
            table.match = match
            self.saved_record = record
            table.status = TableStatus.PLAYING
            table.turn_started = self.services.now()
            lines = texts.narrate(table.lang, table.seating, match.events, round_number=0)
            self._publish(PostKind.TURN, [*lines, *self._status()], hand_button=True)
            self.services.turns.arm(self)
            return self.lobby(texts.started_privately(locale))

    async def cancel(self, *, user_id: int) -> Lobby:
        """The host closes the lobby."""
        async with self.lock:
            self._check_host_in_lobby(user_id)
            await self._close("cancelled by the host")
            return texts.lobby_cancelled(self.table)

    async def end(self, *, user_id: int, name: str, can_manage: bool) -> Post:
        """The host, or anyone allowed to manage messages, ends the table.

        The closing message is returned, not published: the caller answers with it."""
        table = self.table
        async with self.lock:
            if user_id != table.host_id and not can_manage:
                raise Refusal("end-not-allowed")
            await self._close(f"ended by {user_id}")
            text = texts.table_ended(table.lang, texts.plain(name))
            return Post(table.id, table.channel_id, PostKind.CLOSED, text, move_no=table.move_no, lang=table.lang)

    def _check_host_in_lobby(self, user_id: int) -> None:
        """Starting and cancelling are the host's, and only while the lobby is open."""
        self._check_lobby()
        if user_id != self.table.host_id:
            raise Refusal("not-host", host=self.table.host_name())

    def _check_lobby(self) -> None:
        if self.table.status is TableStatus.PLAYING:
            raise Refusal("already-started")
        if self.table.status is not TableStatus.LOBBY:
            raise Refusal("table-gone")

    async def _close(self, reason: str) -> None:
        await self.services.storage.close_table(self.table.id, reason)
        self.table.status = TableStatus.CLOSED
        self.services.forget(self)

    # -- playing ------------------------------------------------------------

    def _playing(self) -> Match:
        if self.table.status is TableStatus.LOBBY:
            raise Refusal("not-started")
        if self.table.status is not TableStatus.PLAYING or self.table.match is None:
            raise Refusal("table-gone")
        return self.table.match

    def _seat(self, user_id: int) -> int:
        seat = self.table.seat_of(user_id)
        if seat is None:
            raise Refusal("not-seated")
        return seat

    async def play(
        self, *, user_id: int, tile: str | Tile, on: str | Tile | None, locale: str, move_no: int | None
    ) -> Played:
        """A player's placement. `on` None: wherever the tile fits, if that is one place only
        (the opening has no `on`). `move_no` (from a button) must match the table's, or the
        click is stale."""
        placed = _read_tile(tile)
        target = None if on is None or on == "" else _read_tile(on)
        async with self.lock:
            match = self._playing()
            seat = self._seat(user_id)
            self._back(seat)  # even a late click says the player is here: the computer stops playing for them
            if move_no is not None and move_no != self.table.move_no:
                raise Refusal("stale")
            if target is None:
                targets = [o.on for o in match.options(seat) if o.tile == placed]
                if len(targets) > 1:
                    shown = ", ".join(str(x) for x in targets)
                    raise Refusal("say-where", tile=str(placed), targets=shown)
                if targets:
                    target = targets[0]
            post = await self._apply(seat, placed, target)
            return Played(texts.played_text(locale, placed, target), post)

    def options_for(self, user_id: int) -> list[Option]:
        """The legal options of this user now (for autocomplete): empty when it is not their turn."""
        table = self.table
        if table.match is None or table.status is not TableStatus.PLAYING:
            return []
        seat = table.seat_of(user_id)
        return [] if seat is None else table.match.options(seat)

    async def hand(self, *, user_id: int, locale: str, picture: bool = True) -> Hand:
        """A player's private view: their tiles, what they drew, and a choice per playable tile."""
        table = self.table
        async with self.lock:
            match = self._playing()
            seat = self._seat(user_id)
            back = self._back(seat)
            view = match.seat_view(seat)
            move_no = table.move_no
            drawn = _recent_draws(match.events, seat)
            text = texts.hand_text(locale, table.seating, view, drawn=drawn, turn=match.turn, back=back)
        choices = texts.hand_choices(locale, view.options)
        image = await asyncio.to_thread(self.services.renderer.hand, view) if picture else None
        return Hand(table.id, move_no, text, image, choices)

    def _back(self, seat: int) -> bool:
        """The player acted: the computer stops playing for them. True when they were away."""
        table = self.table
        if seat not in table.away:
            return False
        table.away.discard(seat)
        if table.match is not None and table.match.turn == seat:
            self.services.turns.arm(self)
        return True

    async def board(self, *, scoresheet_only: bool = False) -> Post:
        """The latest pictures of the table again (not published: the caller replies with it)."""
        table = self.table
        async with self.lock:
            match = self._playing()
            if scoresheet_only:
                pictures = await self._scoresheet(match.snapshot())
                lines = [texts.scores_line(table.lang, table.seating, match.scores)]
            else:
                pictures = self.pictures or await self._pictures(match.snapshot())
                lines = self._status()
            text = "\n".join(lines)
            return Post(table.id, table.channel_id, PostKind.BOARD, text, pictures, True, (), table.move_no, table.lang)

    # -- what the turn clock asks -------------------------------------------

    def computer_may_play(self, move_no: int, seat: int) -> bool:
        """Still this seat's turn at this move, and a computer's to play (its own, or for someone away)."""
        table = self.table
        return (
            table.status is TableStatus.PLAYING
            and table.match is not None
            and table.move_no == move_no
            and table.match.turn == seat
            and (table.seats[seat].is_computer or seat in table.away)
        )

    def waiting_for(self, move_no: int) -> bool:
        """The match is on and nobody has moved since `move_no`."""
        return self.table.move_no == move_no and self.table.status is TableStatus.PLAYING

    async def computer_move(self, move_no: int, seat: int, tile: Tile, on: Tile | None, *, announce: bool) -> None:
        """A computer's placement for `seat`, if it is still due; `announce` says so publicly (a take-over)."""
        async with self.lock:
            if not self.computer_may_play(move_no, seat):
                return
            # said once when the take-over starts; the status line then marks the seat as away
            note = texts.takeover(self.table.lang, self.table.seats[seat].name) if announce else ""
            try:
                await self._apply(seat, tile, on, note=note)
            except Exception:
                log.exception("computer turn failed at table %s, move %s", self.table.id, move_no)

    async def remind(self, move_no: int, seat: int, *, since: float, deadline: float) -> bool:
        """Nudge the player to move, if nobody has moved since `move_no` (False: somebody has)."""
        async with self.lock:
            if not self.waiting_for(move_no):
                return False
            user_id = self.table.seats[seat].user_id
            clock = self.services.clock
            text = texts.reminder(self.table.lang, user_id, since=clock(since), deadline=clock(deadline))
            self._publish(PostKind.REMINDER, [text], hand_button=True, mentions=(user_id or 0,))
            return True

    async def mark_away(self, move_no: int, seat: int) -> bool:
        """The player let their time run out: a computer plays for them until they are back."""
        async with self.lock:
            if not self.waiting_for(move_no):
                return False
            self.table.away.add(seat)
            return True

    # -- after a restart ------------------------------------------------------

    async def resume(self) -> None:
        """Brought back from storage: a match in progress says so, with its pictures, and carries on."""
        table = self.table
        table.turn_started = self.services.now()
        if table.status is not TableStatus.PLAYING:
            return
        assert table.match is not None
        snapshot = table.match.snapshot()
        pictures = await self._pictures(snapshot) if snapshot.tiles else ()
        lines = [texts.restored(table.lang), *self._status()]
        self._publish(PostKind.RESTORED, lines, pictures=pictures, hand_button=True)
        self.services.turns.arm(self)

    # -- placing, saving, publishing ------------------------------------------

    async def _apply(self, seat: int, tile: Tile, on: Tile | None, *, note: str = "") -> Post:
        """Place, commit, draw the pictures, publish. The caller holds the lock."""
        table = self.table
        match = table.match
        assert match is not None
        before = match.clone()
        round_number = match.round
        try:
            events = match.place(seat, tile, on)
        except RulesError as e:
            raise Refusal.from_rules(e, table.seating.names) from None
        try:
            await self._save()
        except BaseException:
            # the placement never became durable: forget it, so memory matches the database
            table.match = Match.restore(Record.loads(self.saved_record or ""), table.seed)
            raise
        if any(isinstance(e, (Domino, Blocked)) for e in events) and match.phase is not Phase.OVER:
            before.place(seat, tile, on)  # the clone never deals: it shows the round as it ended
            finished = before.snapshot()
            # ... while the scoresheet marks who moves next, as the text under it says
            pictured = dataclasses.replace(finished, turn=match.turn)
        else:
            finished = pictured = match.snapshot()
        pictures = await self._pictures(pictured)
        table.turn_started = self.services.now()
        lines = [note] if note else []
        lines += texts.narrate(
            table.lang, table.seating, events, round_number=round_number, ends=finished.contributions
        )
        if match.phase is Phase.OVER:
            lines += texts.match_over(table.lang, table.seating, match.scores)
        else:
            lines += self._status()
        post = self._publish(PostKind.TURN, lines, pictures=pictures, hand_button=match.phase is not Phase.OVER)
        self.services.turns.arm(self)
        return post

    async def _save(self) -> None:
        table = self.table
        match = table.match
        assert match is not None
        record = match.record.dumps()
        if match.phase is Phase.OVER:
            await self.services.storage.finish_match(table.id, table.guild_id, record, rows.result_rows(table))
            table.status = TableStatus.OVER
            self.services.forget(self)
        else:
            await self.services.storage.save_record(table.id, record)
        self.saved_record = record

    async def _scoresheet(self, snapshot: TableSnapshot) -> tuple[Picture, ...]:
        """The scoresheet alone, drawn on a worker thread; a drawing failure costs only the picture."""
        try:
            return (await asyncio.to_thread(self.services.renderer.scoresheet, snapshot),)
        except Exception:
            log.exception("drawing the scoresheet of table %s failed at move %s", self.table.id, self.table.move_no)
            return ()

    async def _pictures(self, snapshot: TableSnapshot) -> tuple[Picture, ...]:
        """The table's pictures, drawn on a worker thread. The placement is already saved, so a
        drawing failure costs the pictures of this one message, never the move."""
        try:
            pictures = await asyncio.to_thread(self.services.renderer.table, snapshot)
        except Exception:
            log.exception("drawing table %s failed at move %s", self.table.id, self.table.move_no)
            return ()
        self.pictures = pictures
        return pictures

    def _status(self) -> list[str]:
        table = self.table
        assert table.match is not None
        return texts.status(
            table.lang,
            table.seating,
            table.match.snapshot(),
            turn_started=table.turn_started,
            clock=self.services.clock,
            computer_seats=table.computer_seats(),
            away_seats=frozenset(table.away),
        )

    def _publish(
        self,
        kind: PostKind,
        lines: list[str],
        *,
        pictures: tuple[Picture, ...] = (),
        hand_button: bool = False,
        mentions: tuple[int, ...] = (),
    ) -> Post:
        table = self.table
        text = texts.clip("\n".join(lines))
        post = Post(table.id, table.channel_id, kind, text, pictures, hand_button, mentions, table.move_no, table.lang)
        try:
            self.services.publisher.publish(post)
        except Exception:
            log.exception("publishing to channel %s failed (table %s)", table.channel_id, table.id)
        return post


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
