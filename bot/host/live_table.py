"""One live table and its single writer: the lobby actions, the placements, saving and publishing.

A `LiveTable` alone changes its `Table`, always under its own asyncio.Lock, so two
simultaneous clicks can never both place; the engine decides whether a move is legal and who
may make it. Every accepted action is committed to storage before the caller gets an answer
(a failed write rolls the match back to the record last saved), and the public message it
causes is handed, in lock order, to the `Publisher`. Every write states the version of the row
it follows: if another process wrote the table since (it took the guild over), the action is
refused, nothing is applied and the table leaves this process; if the database does not answer,
the action is refused with "try again" and the table stays. Pictures are drawn on a worker thread,
so one table's rendering never stalls another table's turn. What comes next (a computer's
turn, an idle player's clock) is the `Turns`' job, armed after every action.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
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
    format_ended_at,
)

from .. import texts
from ..storage import (
    NEW_TABLE_VERSION,
    NO_DEADLINES,
    Storage,
    StorageUnavailableError,
    TableMovedOnError,
    TurnDeadlines,
)
from . import table_rows as rows
from .pictures import Pictured, Renderer, pictured
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

RETRY_SAVE_S = 5.0  # a computer's move the database did not take is tried again after this long


class Publisher(Protocol):
    def publish(self, post: Post) -> None:
        """Take a public message for a channel. Called in order, under the table's lock: must not block."""
        ...


# Opens the match's own thread, named as given; its id, or None where none can be made (the match
# then plays in the channel). The Discord layer makes it; the table only asks.
ThreadOpener = Callable[[str], Awaitable[int | None]]


class Turns(Protocol):
    turn_timeout: float  # the reminder comes one timeout into a turn, the computer's take-over two

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

    def __init__(
        self, table: Table, services: Services, *, saved_record: str | None = None, version: int = NEW_TABLE_VERSION
    ) -> None:
        self.table = table
        self.services = services
        self.lock = asyncio.Lock()
        self.saved_record = saved_record  # the record as last committed: what a failed write rolls back to
        self.version = version  # the stored row's version as last written here: what the next write expects
        self.moved_on = False  # another process wrote the table: it is no longer hosted here
        self._unsaved = False  # the last write found the database unavailable (logged once until one succeeds)
        self.pictures: tuple[Picture, ...] = ()  # the latest table pictures, for /five-up board and score

    # -- the lobby ----------------------------------------------------------

    def lobby(self, note: str = "") -> Lobby:
        return texts.lobby_message(self.table, note)

    async def set_lobby_message(self, message_id: int | None) -> None:
        async with self.lock:
            await self._write(
                lambda version: self.services.storage.set_lobby_message(self.table.id, message_id, version)
            )
            self.table.lobby_message_id = message_id

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
            await self._write(
                lambda version: self.services.storage.save_seats(table.id, rows.seat_rows(seats), version)
            )
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
            await self._write(
                lambda version: self.services.storage.save_seats(table.id, rows.seat_rows(seats), version)
            )
            table.seats = seats
            return self.lobby(texts.left(locale))

    async def sit_with(self, *, user_id: int, partner_id: int, locale: str) -> Lobby:
        """At a 4-seat lobby, sit opposite `partner_id` (partners sit opposite: seats 1 & 3, 2 & 4).

        The chooser takes the seat opposite the partner and whoever sat there takes the chooser's
        seat. A computer moves wherever it is sent; a person is never moved next to a computer by
        someone else's choice (that team is full until they choose otherwise). At a table of four
        people any choice can be made: both teams stay teams of people."""
        table = self.table
        async with self.lock:
            self._check_lobby()
            seat = table.seat_of(user_id)
            if seat is None:
                raise Refusal("not-seated")
            if len(table.seats) != MAX_SEATS:
                raise Refusal("partners-need-four")
            chosen = table.seat_of(partner_id)
            if chosen is None:
                raise Refusal("partner-gone")
            if chosen == seat:
                raise Refusal("partner-self")
            opposite = (chosen + 2) % MAX_SEATS
            partner = table.seats[chosen]
            if opposite == seat:
                raise Refusal("already-partners", player=partner.name)
            moved, left_behind = table.seats[opposite], table.seats[(seat + 2) % MAX_SEATS]
            if not moved.is_computer and left_behind.is_computer:
                raise Refusal("team-full", player=partner.name, partner=moved.name)
            seats = list(table.seats)
            seats[seat], seats[opposite] = moved, seats[seat]
            await self._write(
                lambda version: self.services.storage.save_seats(table.id, rows.seat_rows(seats), version)
            )
            table.seats = seats
            return self.lobby(texts.partnered(locale, partner.name))

    async def start(self, *, user_id: int, locale: str, open_thread: ThreadOpener | None = None) -> Lobby:
        """The host starts the match: the first round is dealt and the first turn message posted,
        in a thread of its own when `open_thread` makes one (and the host did not ask otherwise)."""
        table = self.table
        async with self.lock:
            self._check_host_in_lobby(user_id)
            if len(table.seats) < MIN_PLAYERS:
                raise Refusal("need-players")
            match = Match.new(len(table.seats), table.seed)
            record = match.record.dumps()
            thread_id = None
            if table.use_thread and open_thread is not None:
                thread_id = await open_thread(texts.thread_name(table.lang, table.seating.names))
            seat_rows = rows.seat_rows(table.seats)
            now = self.services.now()
            deadlines = self._deadlines(match, now)
            await self._write(
                lambda version: self.services.storage.start_match(
                    table.id, seat_rows, record, version, thread_id=thread_id, deadlines=deadlines
                )
            )
            table.no_ping = await self._ping_off()
            table.match = match
            table.thread_id = thread_id
            self.saved_record = record
            table.status = TableStatus.PLAYING
            self._turn_begins(now, deadlines)
            # the match's first message says once when reminders and take-overs come; turn lines do not repeat it
            lines = texts.narrate(table.lang, table.seating, match.events, round_number=0)
            lines += [texts.clock_rules(table.lang, self.services.turns.turn_timeout), self._turn()]
            self._publish(PostKind.TURN, lines, hand_button=True, mentions=self._to_ping())
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
            if table.thread_id is not None:
                self._show_in_lobby()
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
        await self._write(lambda version: self.services.storage.close_table(self.table.id, reason, version))
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

    async def play(self, *, user_id: int, placement: Placement, locale: str, move_no: int | None) -> Played:
        """A player's placement. One without `on` goes wherever its tile fits, if that is one place
        only (the opening has no `on`). `move_no` (from a button, or when a command was sent) must
        match the table's, or the click is stale."""
        async with self.lock:
            match = self._playing()
            seat = self._seat(user_id)
            self._back(seat)  # even a late click says the player is here: the computer stops playing for them
            if move_no is not None and move_no != self.table.move_no:
                raise Refusal("stale")
            if placement.on is None:
                fits = [o.placement for o in match.options(seat) if o.tile == placement.tile]
                if len(fits) > 1:
                    shown = ", ".join(str(p.on) for p in fits)
                    raise Refusal("say-where", tile=str(placement.tile), targets=shown)
                if fits:
                    placement = fits[0]
            post = await self._apply(seat, placement)
            return Played(texts.played_text(locale, placement), post)

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
            now = self.services.now()  # their turn: a fresh clock, from now (kept in memory until the next write)
            self._turn_begins(now, self._deadlines(table.match, now))
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
                pictures = self.pictures or await self._pictures(self._pictured())
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

    async def computer_move(self, move_no: int, seat: int, placement: Placement, *, announce: bool) -> None:
        """A computer's placement for `seat`, if it is still due; `announce` says so publicly (a take-over)."""
        async with self.lock:
            if not self.computer_may_play(move_no, seat):
                return
            # said once when the take-over starts; the status line then marks the seat as away
            note = texts.takeover(self.table.lang, self.table.seats[seat].name) if announce else ""
            try:
                await self._apply(seat, placement, note=note)
            except Refusal as refusal:  # not saved (logged by _write): tried again later; moved on: stops here
                if refusal.code == "not-saved":
                    asyncio.get_running_loop().call_later(RETRY_SAVE_S, self._retry_computer, move_no)
                elif refusal.code != "table-moved":
                    log.exception("computer turn refused at table %s, move %s", self.table.id, move_no)
            except Exception:
                log.exception("computer turn failed at table %s, move %s", self.table.id, move_no)

    def _retry_computer(self, move_no: int) -> None:
        """The computer's move was not saved: if nothing happened since, its turn starts again."""
        if not self.moved_on and self.waiting_for(move_no):
            self.services.turns.arm(self)

    async def remind(self, move_no: int, seat: int) -> bool:
        """Nudge the player to move, if nobody has moved since `move_no` (False: somebody has). The
        reminder, once given, is written down: a restart does not give it again."""
        table = self.table
        async with self.lock:
            if not self.waiting_for(move_no):
                return False
            user_id = table.seats[seat].user_id
            clock = self.services.clock
            deadline = table.take_over_at if table.take_over_at is not None else self.services.now()
            text = texts.reminder(table.lang, user_id, since=clock(table.turn_started), deadline=clock(deadline))
            self._publish(PostKind.REMINDER, [text], hand_button=True, mentions=(user_id or 0,))
            table.remind_at = None
            given = TurnDeadlines(None, table.take_over_at)
            with contextlib.suppress(Refusal):  # not saved (logged by _write): a restart may remind once more
                await self._write(lambda version: self.services.storage.save_deadlines(table.id, given, version))
            return True

    async def mark_away(self, move_no: int, seat: int) -> bool:
        """The player let their time run out: a computer plays for them until they are back."""
        async with self.lock:
            if not self.waiting_for(move_no):
                return False
            self.table.away.add(seat)
            return True

    # -- who is mentioned -------------------------------------------------------

    async def _ping_off(self) -> set[int]:
        """The seated players who asked not to be mentioned on their turn (a failed read mentions everyone)."""
        users = [s.user_id for s in self.table.seats if s.user_id is not None]
        try:
            return await self.services.storage.ping_off(users)
        except Exception:
            log.exception("reading the ping settings of table %s failed", self.table.id)
            return set()

    def set_ping(self, user_id: int, on: bool) -> None:
        """A seated player changed their setting: the next turn message follows it."""
        if on:
            self.table.no_ping.discard(user_id)
        else:
            self.table.no_ping.add(user_id)

    def _to_ping(self) -> tuple[int, ...]:
        """The person to move, if a person is to move (not a computer, nor a computer for them) and wants it."""
        table = self.table
        match = table.match
        if table.status is not TableStatus.PLAYING or match is None or match.turn is None:
            return ()
        seat = match.turn
        user_id = table.seats[seat].user_id
        if user_id is None or seat in table.away or user_id in table.no_ping:
            return ()
        return (user_id,)

    # -- after a restart ------------------------------------------------------

    async def resume(self) -> None:
        """Brought back from storage: a match in progress says so, with its pictures, and carries on."""
        table = self.table
        now = self.services.now()
        if table.status is not TableStatus.PLAYING:
            table.turn_started = now
            return
        table.no_ping = await self._ping_off()
        assert table.match is not None
        if table.take_over_at is None and table.remind_at is None:  # saved before deadlines were kept
            self._turn_begins(now, self._deadlines(table.match, now))
        else:  # the turn goes on where it was: its start, as the reminder says it
            started = (table.take_over_at or now) - 2 * self.services.turns.turn_timeout
            table.turn_started = min(started, now)
        pictured = self._pictured()
        pictures = await self._pictures(pictured) if pictured.snapshot.tiles else ()
        lines = [texts.restored(table.lang), *self._status()]
        self._publish(PostKind.RESTORED, lines, pictures=pictures, hand_button=True)
        self.services.turns.arm(self)

    # -- placing, saving, publishing ------------------------------------------

    def _pictured(self) -> Pictured:
        assert self.table.match is not None
        return pictured(self.table.match)

    async def _apply(self, seat: int, placement: Placement, *, note: str = "") -> Post:
        """Place, commit, draw the pictures, publish. The caller holds the lock."""
        table = self.table
        match = table.match
        assert match is not None
        drew = texts.forced_draws(match.events, seat)  # told with this placement, not as a message of their own
        try:
            events = match.place(seat, placement)
        except RulesError as e:
            raise Refusal.from_rules(e, table.seating.names) from None
        round_number = match.round
        if match.phase is Phase.ROUND_OVER:
            events += match.next_round()
        pictured = self._pictured()
        now = self.services.now()
        deadlines = self._deadlines(match, now)
        try:
            await self._save(deadlines)
        except BaseException:
            # the placement never became durable: forget it, so memory matches the database
            table.match = Match.restore(Record.loads(self.saved_record or ""), table.seed)
            raise
        self._turn_begins(now, deadlines)
        pictures = await self._pictures(pictured)
        # one glance: what just happened, then who moves next (a new round's score, or the winner)
        happened = texts.happened(table.lang, table.seating, events, drew=drew)
        lines = [f"{note} {happened}" if note else happened]
        lines.append(texts.next_up(table.lang, table.seating, events, match.scores, self._turn()))
        over = match.phase is Phase.OVER
        post = self._publish(
            PostKind.TURN,
            lines,
            pictures=pictures,
            hand_button=not over,
            mentions=self._to_ping(),
            record=self.saved_record if over else None,  # exactly what storage holds
        )
        if table.thread_id is not None and (over or match.round != round_number):
            self._show_in_lobby()  # the channel sees the score after each round, and the result
        self.services.turns.arm(self)
        return post

    async def _save(self, deadlines: TurnDeadlines) -> None:
        table = self.table
        match = table.match
        assert match is not None
        record = match.record.dumps()
        storage = self.services.storage
        if match.phase is Phase.OVER:
            # the record kept and handed out says who played and when it ended (no rule reads these)
            kept = match.record.copy()
            kept.names = [texts.unescaped(name) for name in table.seating.names]
            kept.ended_at = format_ended_at(self.services.now())
            record = kept.dumps()
            results = rows.result_rows(table)
            await self._write(lambda version: storage.finish_match(table.id, table.guild_id, record, results, version))
            table.status = TableStatus.OVER
            self.services.forget(self)
        else:
            await self._write(lambda version: storage.save_record(table.id, record, version, deadlines=deadlines))
        self.saved_record = record

    def _deadlines(self, match: Match, now: float) -> TurnDeadlines:
        """The clock of the turn beginning `now`: for a person, the reminder one turn timeout on and the
        take-over two; for a seat a computer already plays for (its player away), the take-over at
        once; none for a computer's own seat, or when nobody is to move."""
        seat = match.turn
        if seat is None or match.phase is not Phase.PLAYING or self.table.seats[seat].is_computer:
            return NO_DEADLINES
        if seat in self.table.away:
            return TurnDeadlines(None, now)
        timeout = self.services.turns.turn_timeout
        return TurnDeadlines(now + timeout, now + 2 * timeout)

    def _turn_begins(self, now: float, deadlines: TurnDeadlines) -> None:
        """Memory follows what was written: the turn's start and its deadlines."""
        self.table.turn_started = now
        self.table.remind_at, self.table.take_over_at = deadlines.remind_at, deadlines.take_over_at

    async def _scoresheet(self, snapshot: TableSnapshot) -> tuple[Picture, ...]:
        """The scoresheet alone, drawn on a worker thread; a drawing failure costs only the picture."""
        try:
            return (await asyncio.to_thread(self.services.renderer.scoresheet, snapshot),)
        except Exception:
            log.exception("drawing the scoresheet of table %s failed at move %s", self.table.id, self.table.move_no)
            return ()

    async def _write(self, write: Callable[[int], Awaitable[int]]) -> None:
        """Every write of this table: it expects the version last written here and keeps the one returned.

        The table moved on (another process wrote it: the guild was taken over): nothing changed,
        the action is refused and the table leaves this process, logged once. The database did
        not answer: the action is refused with "try again", the table stays (logged once until a
        write succeeds again). The caller changes memory only after this returns."""
        table = self.table
        if self.moved_on:
            raise Refusal("table-moved")
        try:
            self.version = await write(self.version)
        except TableMovedOnError:
            self.moved_on = True
            log.warning(
                "table %s (channel %s) was written by another process since version %s: no longer hosted here",
                table.id,
                table.channel_id,
                self.version,
            )
            self.services.forget(self)
            raise Refusal("table-moved") from None
        except StorageUnavailableError as e:
            if not self._unsaved:
                log.warning("table %s: not saved, the database is unavailable (%s); the action is refused", table.id, e)
            self._unsaved = True
            raise Refusal("not-saved") from None
        self._unsaved = False

    async def _pictures(self, pictured: Pictured) -> tuple[Picture, ...]:
        """The table's pictures, drawn on a worker thread. The placement is already saved, so a
        drawing failure costs the pictures of this one message, never the move."""
        table = self.table
        draw = functools.partial(
            self.services.renderer.table,
            pictured.snapshot,
            names=table.seating.names,
            settlement=pictured.settlement,
            labels=texts.picture_labels(table.lang),
        )
        try:
            pictures = await asyncio.to_thread(draw)
        except Exception:
            log.exception("drawing table %s failed at move %s", self.table.id, self.table.move_no)
            return ()
        self.pictures = pictures
        return pictures

    def _status(self) -> list[str]:
        """Hands, boneyard, scores and whose turn: what a restart and /five-up board say."""
        table = self.table
        assert table.match is not None
        pinged = self._to_ping()
        return texts.status(
            table.lang,
            table.seating,
            table.match.snapshot(),
            computer_seats=table.computer_seats(),
            away_seats=frozenset(table.away),
            mention=pinged[0] if pinged else None,
        )

    def _turn(self) -> str:
        """Whose turn it is, the person mentioned when they are to be pinged (empty when the match is over)."""
        table = self.table
        assert table.match is not None
        pinged = self._to_ping()
        return texts.turn_text(
            table.lang,
            table.seating,
            table.match.snapshot(),
            computer_seats=table.computer_seats(),
            away_seats=frozenset(table.away),
            mention=pinged[0] if pinged else None,
        )

    def _publish(
        self,
        kind: PostKind,
        lines: list[str],
        *,
        pictures: tuple[Picture, ...] = (),
        hand_button: bool = False,
        mentions: tuple[int, ...] = (),
        record: str | None = None,
    ) -> Post:
        """A message of the match, where it is played (its thread, or the channel); the match-end
        message carries the record and the Rematch button."""
        table = self.table
        text = texts.clip("\n".join(lines))
        post = Post(
            table.id,
            table.room,
            kind,
            text,
            pictures,
            hand_button,
            mentions,
            table.move_no,
            table.lang,
            record=record,
            rematch=record is not None,
        )
        return self._hand_over(post)

    def _show_in_lobby(self) -> None:
        """The lobby message in the channel shows the match as it stands now (its thread, score, result)."""
        table = self.table
        if table.lobby_message_id is None:
            return
        text = texts.lobby_message(table).text
        post = Post(
            table.id, table.channel_id, PostKind.LOBBY, text, lang=table.lang, edit_message_id=table.lobby_message_id
        )
        self._hand_over(post)

    def _hand_over(self, post: Post) -> Post:
        try:
            self.services.publisher.publish(post)
        except Exception:
            log.exception("publishing to channel %s failed (table %s)", post.channel_id, post.table_id)
        return post


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
