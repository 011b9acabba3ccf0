"""What every part of a hosted table shares: its state and lock, its versioned writes, its clock, who is mentioned, its
pictures and its public posts. `TableCore` is the plumbing under a `LiveTable` (the match,
bot/host/tables/live_table.py) and its `LobbyActions` (join, leave, partners, start, cancel:
bot/host/tables/lobby_actions.py). Every write of the table goes through `write`, under the table's lock, before
memory changes; every public message through `publish`, in lock order."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from engine import Match, Phase, TableSnapshot

from ... import texts
from ...model.answers import Lobby
from ...model.posts import Picture, Post, PostKind
from ...model.table_state import Table, TableStatus
from ...storage import (
    NEW_TABLE_VERSION,
    NO_DEADLINES,
    Storage,
    StorageUnavailableError,
    TableMovedOnError,
    TurnDeadlines,
)
from ..clocks.correspondence_clock import left, turn_clock
from ..pictures import Pictured, Renderer, pictured
from ..refusal import Refusal
from ..table_roles import Publisher, Turns

log = logging.getLogger(__name__)


def last_placer(match: Match) -> int | None:
    """The seat that made the latest placement of the round being played (None before its first)."""
    rounds = match.record.rounds
    plays = rounds[-1].plays if rounds else []
    return plays[-1].seat if plays else None


@dataclass(frozen=True, slots=True)
class Services:
    """What every live table of a process shares: where it saves, publishes and draws, and its clocks."""

    storage: Storage
    publisher: Publisher
    renderer: Renderer
    turns: Turns
    clock: Callable[[float], str]  # a moment as players read it (a Discord timestamp, the demo's hh:mm:ss)
    now: Callable[[], float]
    forget: Callable[[TableCore], None]  # the registry lets go of a table that is over or closed
    nudge: Callable[[float | None], None] = lambda moment: None  # a correspondence moment written: the sweeper's
    outbox: bool = False  # a move writes its post to the outbox, where the publisher takes it from


class TableCore:
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
        self.clock = NO_DEADLINES  # the turn's clock as last written (table.remind_at etc. mirror it)
        self.heard_at: int | None = None  # the move whose mover was followed up or showed they are here

    def lobby(self, note: str = "") -> Lobby:
        return texts.lobby_message(self.table, note)

    async def write(self, write: Callable[[int], Awaitable[int]]) -> None:
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

    async def close(self, reason: str) -> None:
        await self.write(lambda version: self.services.storage.close_table(self.table.id, reason, version))
        self.table.status = TableStatus.CLOSED
        self.services.forget(self)

    def deadlines(self, match: Match, now: float) -> TurnDeadlines:
        """The clock of the turn beginning `now`: for a person, the reminder one turn timeout on and the
        take-over two; for a seat a computer already plays for (its player away), the take-over at
        once; none for a computer's own seat, or when nobody is to move. A correspondence turn's
        clock is its pace's (bot/host/clocks/correspondence_clock.py)."""
        seat = match.turn
        turn = self.table.turn_length
        if seat is not None and match.phase is Phase.PLAYING and turn is not None:
            user_id = self.table.seats[seat].user_id
            away = None if user_id is None else self.table.away_until.get(user_id)
            return turn_clock(turn, user_id, now, away)
        if seat is None or match.phase is not Phase.PLAYING or self.table.seats[seat].is_computer:
            return NO_DEADLINES
        user_id = self.table.seats[seat].user_id
        if seat in self.table.away:
            return TurnDeadlines(None, now, to_move=user_id)
        timeout = self.services.turns.turn_timeout
        return TurnDeadlines(now + timeout, now + 2 * timeout, to_move=user_id)

    def turn_begins(self, now: float, deadlines: TurnDeadlines) -> None:
        """Memory follows what was written: the turn's start and its deadlines."""
        self.table.turn_started = now
        self.set_clock(deadlines)

    def set_clock(self, deadlines: TurnDeadlines) -> None:
        """Memory follows the clock as written (a reminder given, a pause, a return)."""
        self.clock = deadlines
        if deadlines.wake_at is not None:
            self.services.nudge(deadlines.wake_at)
        table = self.table
        table.remind_at, table.take_over_at, table.paused_at = (
            deadlines.remind_at,
            deadlines.take_over_at,
            deadlines.paused_at,
        )

    def clock_note(self, lang: str) -> str:
        """A correspondence turn's time left, or whose clock stands still while they are away ("" live)."""
        table = self.table
        match = table.match
        if table.turn_length is None or match is None or match.turn is None:
            return ""
        user_id = table.seats[match.turn].user_id
        if user_id is None:
            return ""
        if table.paused_at is not None:
            until = table.away_until.get(user_id)
            return texts.clock_stopped(lang, texts.discord_date(until)) if until is not None else ""
        seconds = left(self.clock, self.services.now())
        return "" if seconds is None else texts.time_left(lang, seconds)

    async def ping_off(self) -> set[int]:
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

    def to_ping(self) -> tuple[int, ...]:
        """The person the turn line mentions: the one to move, when they want it and the turn line is
        the moment to (`_turn_line_mentions`). Never a computer, nor a person a computer plays for."""
        user_id = self._mentionable()
        return (user_id,) if user_id is not None and self._turn_line_mentions() else ()

    def _mentionable(self) -> int | None:
        """The person to move, if a person is to move (not a computer, nor a computer for them) and wants mentions."""
        table = self.table
        match = table.match
        if table.status is not TableStatus.PLAYING or match is None or match.turn is None:
            return None
        seat = match.turn
        user_id = table.seats[seat].user_id
        if user_id is None or seat in table.away or user_id in table.no_ping:
            return None
        return user_id

    def _turn_line_mentions(self) -> bool:
        """A correspondence table mentions the mover at every turn (hours apart). A live table mentions them
        at the first turn of a round, or after another person's placement; after a computer's (or one a
        computer made for someone away) or their own, they are watching already: only if they stay idle
        does a follow-up mention them (`needs_follow_up`). One person against computers is mentioned
        once per round, not once per computer reply (issue 30)."""
        table = self.table
        match = table.match
        if table.turn_length is not None or match is None:
            return True
        placer = last_placer(match)
        if placer is None:  # the round's first turn
            return True
        return not table.seats[placer].is_computer and placer not in table.away and placer != match.turn

    def needs_follow_up(self, move_no: int, seat: int) -> bool:
        """Whether `seat`, still to move at `move_no` at a live table, gets the idle follow-up mention: its
        turn line did not mention them, they want mentions, and neither a follow-up nor a sign of them
        (their hand opened) came this turn."""
        table = self.table
        match = table.match
        return (
            table.turn_length is None
            and match is not None
            and table.move_no == move_no
            and match.turn == seat
            and self.heard_at != move_no
            and self._mentionable() is not None
            and not self._turn_line_mentions()
        )

    def heard(self) -> None:
        """The person to move showed they are here (or was followed up): no follow-up this turn."""
        self.heard_at = self.table.move_no

    def _pictured(self) -> Pictured:
        assert self.table.match is not None
        return pictured(self.table.match)

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
        computers, away = table.computer_seats(), frozenset(table.away)
        said = texts.table_alt(table.lang, table.seating, *pictured, computer_seats=computers, away_seats=away)
        pictures = tuple(p.described(said) for p in pictures)
        self.pictures = pictures
        return pictures

    async def _scoresheet(self, snapshot: TableSnapshot) -> tuple[Picture, ...]:
        """The scoresheet alone, drawn on a worker thread; a drawing failure costs only the picture."""
        said = texts.scoresheet_alt(self.table.lang, self.table.seating, snapshot)
        try:
            names, labels = self.table.seating.names, texts.picture_labels(self.table.lang)
            sheet = await asyncio.to_thread(
                lambda: self.services.renderer.scoresheet(snapshot, names=names, labels=labels)
            )
            return (sheet.described(said),)
        except Exception:
            log.exception("drawing the scoresheet of table %s failed at move %s", self.table.id, self.table.move_no)
            return ()

    def _status(self) -> list[str]:
        """Hands, boneyard, scores and whose turn: what a restart and /five-up board say."""
        table = self.table
        assert table.match is not None
        pinged = self.to_ping()
        return texts.status(
            table.lang,
            table.seating,
            table.match.snapshot(),
            computer_seats=table.computer_seats(),
            away_seats=frozenset(table.away),
            mention=pinged[0] if pinged else None,
        ) + [note for note in (self.clock_note(table.lang),) if note]

    def turn_line(self) -> str:
        """Whose turn it is, the person mentioned when they are to be pinged (empty when the match is over)."""
        table = self.table
        assert table.match is not None
        pinged = self.to_ping()
        line = texts.turn_text(
            table.lang,
            table.seating,
            table.match.snapshot(),
            computer_seats=table.computer_seats(),
            away_seats=frozenset(table.away),
            mention=pinged[0] if pinged else None,
        )
        note = self.clock_note(table.lang)
        return f"{line} · {note}" if line and note else line

    def publish(
        self,
        kind: PostKind,
        lines: list[str],
        *,
        pictures: tuple[Picture, ...] = (),
        hand_button: bool = False,
        mentions: tuple[int, ...] = (),
        record: str | None = None,
        direct_to: int | None = None,
        send: bool = True,
    ) -> Post:
        """A message of the match, where it is played (its thread, or the channel); the match-end
        message carries the record and the Rematch button; `direct_to`: that person's direct messages instead;
        `send` False: composed, not handed over (a move writes it to the outbox first, then `hand_over`)."""
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
            direct_to=direct_to,
        )
        return self.hand_over(post) if send else post

    def show_in_lobby(self) -> None:
        """The lobby message in the channel shows the match as it stands now (its thread, score, result)."""
        table = self.table
        if table.lobby_message_id is None:
            return
        text, edit = texts.lobby_message(table).text, table.lobby_message_id
        self.hand_over(Post(table.id, table.channel_id, PostKind.LOBBY, text, lang=table.lang, edit_message_id=edit))

    def kept(self, post: Post | None) -> Post | None:
        """`post` as the outbox is to hold it, written with the change it tells of (None without an outbox)."""
        return post if self.services.outbox else None

    def written(self, post: Post) -> Post:
        """`post` kept by the last write, marked with its version so the publisher takes it from the outbox."""
        return replace(post, outbox=self.version) if self.services.outbox else post

    def hand_over(self, post: Post) -> Post:
        try:
            self.services.publisher.publish(post)
        except Exception:
            log.exception("publishing to channel %s failed (table %s)", post.channel_id, post.table_id)
        return post
