"""What a correspondence table does when its deadline sweeper comes (bot/host/clocks/deadline_sweeper.py).

The sweeper found the table's `wake_at` passed; under the table's lock this decides what was due:
a computer's own move the process never made (started again), a player's away ended (their clock
goes again) or not (it stays stopped), a reminder (the thread, and a direct message for those who
asked), or the deadline (a computer plays that one move, or, at a `timeout:forfeit` table, the side
loses the match). Every one is written, checked against the table's version, before anything is
posted: when two processes share a database, only the one whose write lands says or plays
anything, so a deadline acts exactly once.
"""

from __future__ import annotations

import logging

from engine import How

from ... import texts
from ...model.posts import Post, PostKind
from ...model.table_state import Table, TableStatus
from ...storage import TurnDeadlines
from ...texts.tournament_words import match_withdrew
from ..clocks.correspondence_clock import left, paused, reminded, resumed
from ..refusal import Refusal
from .board_lines import last_board
from .event_games import end_buttons
from .live_table import LiveTable
from .row_conversion import kept_record, result_rows

log = logging.getLogger(__name__)


class CorrespondenceTurns:
    """The deadline side of one correspondence table, made for each visit of the sweeper (it keeps nothing)."""

    def __init__(self, live: LiveTable) -> None:
        self.live = live

    async def due(self) -> None:
        """Whatever the table's clock says is due now; a write another process beat changes nothing."""
        live = self.live
        table = live.table
        try:
            async with live.lock:
                timed_out = await self._due_now()
            if timed_out is not None:
                await self._time_out(*timed_out)
        except Refusal as refusal:  # logged by write; the sweeper comes back (moved on: read afresh)
            log.info("table %s: deadline not acted on (%s)", table.id, refusal.code)

    async def _due_now(self) -> tuple[int, int] | None:
        """Under the lock: a reminder, a pause or a return happens here; a deadline is returned
        (seat, move) for a computer's move or a forfeit."""
        live = self.live
        table = live.table
        match = table.match
        if table.status is not TableStatus.PLAYING or match is None or match.turn is None:
            return None
        seat, now, clock = match.turn, live.services.now(), live.clock
        user_id = table.seats[seat].user_id
        turn = table.turn_length
        if user_id is None or turn is None:
            live.services.turns.arm(live)  # a computer's own move this process did not make (it stopped)
            await self._write(live.deadlines(match, now))
            return None
        if clock.paused_at is not None:
            until = (await live.services.storage.player_settings(user_id)).away_until
            if until is not None and until > now:
                table.away_until[user_id] = until
                await self._write(paused(clock, now, until))
            else:
                table.away_until.pop(user_id, None)
                await self._write(resumed(clock, now))
            return None
        if clock.take_over_at is not None and clock.take_over_at <= now:
            return seat, table.move_no
        if clock.remind_at is not None and clock.remind_at <= now:
            given = reminded(clock, turn, now)
            seconds = left(given, now) or 0.0
            text = texts.correspondence_reminder(table.lang, user_id, texts.time_left(table.lang, seconds))
            reminder = live.publish(PostKind.REMINDER, [text], hand_button=True, mentions=(user_id,), send=False)
            await self._write(given, reminder)
            await self._remind_directly(table, user_id, seconds)
            return None
        await self._write(clock)  # not due by this clock: the stored wake_at follows it (or it was stale)
        return None

    async def _write(self, clock: TurnDeadlines, post: Post | None = None) -> None:
        """The turn's clock written, with the reminder `post` in the outbox when there is one (a restart
        posts it); then the post goes."""
        live = self.live
        table_id = live.table.id
        kept = live.kept(post)
        await live.write(lambda version: live.services.storage.save_deadlines(table_id, clock, version, post=kept))
        live.set_clock(clock)
        if post is not None:
            live.hand_over(live.written(post))

    async def _remind_directly(self, table: Table, user_id: int, seconds: float) -> None:
        """The player to move was reminded in the thread (their hand one click away): by a direct message
        too when they asked for one."""
        live = self.live
        try:
            wants_dm = (await live.services.storage.player_settings(user_id)).dm_reminders
        except Exception:
            log.exception("reading the settings of user %s failed; no direct message", user_id)
            return
        if wants_dm:
            note = texts.direct_reminder(table.lang, texts.time_left(table.lang, seconds), table.room)
            live.publish(PostKind.REMINDER, [note], direct_to=user_id)

    async def _time_out(self, seat: int, move_no: int) -> None:
        """The deadline passed: a forfeit, or a computer's one move for the seat (chosen outside the lock)."""
        live = self.live
        table = live.table
        if table.on_timeout.value == "forfeit":
            async with live.lock:
                if live.waiting_for(move_no):
                    await self._forfeit(seat)
            return
        assert table.match is not None
        placement = await live.services.turns.placement_for(table, seat)
        async with live.lock:
            if not live.waiting_for(move_no) or table.match is None or table.match.turn != seat:
                return
            note = texts.timed_out(table.lang, table.seats[seat].name)
            await live.apply_placement(seat, placement, note=note)

    async def forfeit(self, seat: int, *, withdrew_from: str | None = None) -> None:
        """The side of `seat` loses the match now: its round's deadline passed, or (`withdrew_from`, the
        tournament's name) its player withdrew from the tournament."""
        async with self.live.lock:
            if self.live.table.status is TableStatus.PLAYING:
                await self._forfeit(seat, withdrew_from)

    async def _forfeit(self, seat: int, withdrew_from: str | None = None) -> None:
        """The side of `seat` loses the match: stored with its results (and rated) before it is said. A
        withdrawal before any placement is not rated: nothing was played, and no rating should move."""
        live = self.live
        table = live.table
        match = table.match
        assert match is not None
        how: How = "timeout" if withdrew_from is None else "withdrawal"
        record = kept_record(table, live.services.now(), (how, seat))  # the record says how it ended, and by whom
        table.forfeit_seat = seat
        winner = table.winning_side
        results = result_rows(table)
        storage = live.services.storage
        assert winner is not None
        if withdrew_from is None:
            said = [texts.forfeited(table.lang, table.seating, seat, winner)]
        else:
            said = [match_withdrew(table.lang, table.seating, seat, winner, withdrew_from)]
        rated = withdrew_from is None or match.move_no > 0
        post = await end_buttons(storage, table.id, live.publish(PostKind.TURN, said, record=record, send=False))
        kept = live.kept(post)  # the match-end message, into the outbox with the end
        try:
            await live.write(
                lambda version: storage.finish_match(
                    table.id, table.guild_id, record, results, version, forfeit_seat=seat, post=kept
                )
            )
        except BaseException:
            table.forfeit_seat = None
            raise
        table.status = TableStatus.OVER
        live.saved_record = record
        live.services.forget(live)
        if table.quiet:
            last_board(live, live.board_lines.closing(said), live.pictures)
        if rated:
            live.hand_over(await live.with_ratings(live.written(post), said))
        else:
            await self._not_rated()
            live.hand_over(live.written(post))
        if table.thread_id is not None:
            live.show_in_lobby()

    async def _not_rated(self) -> None:
        """The ended match noted as not rated, so a rebuild of the ratings leaves it out too."""
        table = self.live.table
        if table.guild_id is None:
            return
        try:
            await self.live.services.storage.skip_rating(table.id, table.guild_id)
        except Exception:
            log.exception("noting forfeited table %s as not rated failed; a rebuild would rate it", table.id)

    # -- a player away, and back ---------------------------------------------------

    async def away(self, user_id: int, until: float | None) -> None:
        """`user_id` is away until `until` (None: back): their clock here stops, or goes again, when it
        is their move, and the others are told."""
        live = self.live
        table = live.table
        async with live.lock:
            if until is None:
                table.away_until.pop(user_id, None)
            else:
                table.away_until[user_id] = until
            match = table.match
            if table.status is not TableStatus.PLAYING or match is None or match.turn is None:
                return
            if table.seats[match.turn].user_id != user_id or table.turn_length is None:
                return
            now = live.services.now()
            clock = live.clock
            if until is not None:
                await self._write(paused(clock, now, until))
                text = texts.player_away(table.lang, table.seats[match.turn].name, texts.discord_date(until))
            elif clock.paused_at is not None:
                await self._write(resumed(clock, now))
                text = texts.player_back(table.lang, table.seats[match.turn].name)
            else:
                return
            live.publish(PostKind.AWAY, [text])
