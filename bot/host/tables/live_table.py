"""One live table and its single writer: the match played at it (its lobby is bot/host/tables/lobby_actions.py).

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
import logging
from dataclasses import replace

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
    Tile,
)

from ... import texts
from ...model.answers import Hand, Played
from ...model.posts import Post, PostKind
from ...model.rating_change import Change
from ...model.table_state import Table, TableStatus
from ...storage import (
    NEW_TABLE_VERSION,
    TurnDeadlines,
)
from ...texts.lobby import ended_early_kept
from ..ratings.rating_keeper import rate_finished
from ..refusal import Refusal
from .board_lines import BoardLines, last_board, on_board
from .event_games import check_may_end, counts_for, end_buttons, event_of
from .idle_turn import IdleTurn
from .lobby_actions import LobbyActions
from .match_ending import keep_ended_match, played_any
from .row_conversion import kept_record, result_rows
from .table_core import Services

log = logging.getLogger(__name__)

RETRY_SAVE_S = 5.0  # a computer's move the database did not take is tried again after this long


class LiveTable(IdleTurn):
    """A table being hosted: the match played at it (placements, hands, the turn clock's asks, a restart), on
    the `TableCore` it shares with its lobby (`lobby_actions`)."""

    def __init__(
        self, table: Table, services: Services, *, saved_record: str | None = None, version: int = NEW_TABLE_VERSION
    ) -> None:
        super().__init__(table, services, saved_record=saved_record, version=version)
        self.lobby_actions = LobbyActions(self, self.arm_clock)
        self.board_lines = BoardLines()  # a quiet table's last placements, told on its board

    def arm_clock(self) -> None:
        """After an action, under the lock: the turn clock starts what comes next (a computer, an idle watch)."""
        self.services.turns.arm(self)

    async def end(self, *, user_id: int, name: str, can_manage: bool, asked_in: int | None = None) -> Post:
        """The host, or anyone allowed to manage messages, ends the table: a match with a placement made is
        kept as ended early (bot/host/tables/match_ending.py), anything else closes.

        The closing message is returned, not published: the caller answers with it, in `asked_in`; asked
        anywhere but the match's own room, it says where the match's score and record are."""
        table = self.table
        async with self.lock:
            event = await event_of(self.services.storage, table.id)
            check_may_end(table, event, user_id, can_manage)
            text = texts.table_ended(table.lang, texts.plain(name))
            if table.status is TableStatus.PLAYING and played_any(table.match):
                draw, by = (lambda: self._pictures(self._pictured())), table.seat_of(user_id)
                await keep_ended_match(self, draw, self.board_lines, by=by, event_game=event is not None)
                said = [texts.table_ended(table.lang, texts.plain(name), match_kept=True), *counts_for(table, event)]
                if asked_in != table.room:  # in the room itself, its next message says so
                    said.append(ended_early_kept(table.lang, table.room))
                text = "\n".join(said)
            else:
                await self.close(f"ended by {user_id}")
                if table.thread_id is not None:
                    self.show_in_lobby()
            return Post(table.id, table.channel_id, PostKind.CLOSED, text, move_no=table.move_no, lang=table.lang)

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
            post = await self.apply_placement(seat, placement)
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
            if match.turn == seat:  # they are looking: no follow-up mention this turn
                self.heard()
            if (
                back and match.turn == seat
            ):  # back on their own turn: their fresh clock is written, so a restart keeps it
                clock = TurnDeadlines(table.remind_at, table.take_over_at)
                with contextlib.suppress(Refusal):  # not saved (logged by write): the hand is shown all the same
                    await self.write(lambda version: self.services.storage.save_deadlines(table.id, clock, version))
            view = match.seat_view(seat)
            move_no = table.move_no
            drawn = _recent_draws(match.events, seat)
            text = texts.hand_text(locale, table.seating, view, drawn=drawn, turn=match.turn, back=back)
            text = f"{text}\n{texts.hand_table_line(locale, table, user_id)}"  # a hand opened days later says whose
            said = texts.hand_alt(locale, table.seating, view, turn=match.turn)
        choices = texts.hand_choices(locale, view.options)
        image = (await asyncio.to_thread(self.services.renderer.hand, view)).described(said) if picture else None
        return Hand(table.id, move_no, text, image, choices)

    def _back(self, seat: int) -> bool:
        """The player acted: the computer stops playing for them. True when they were away."""
        table = self.table
        if seat not in table.away:
            return False
        table.away.discard(seat)
        if table.match is not None and table.match.turn == seat:
            now = self.services.now()  # their turn: a fresh clock, from now
            self.turn_begins(now, self.deadlines(table.match, now))
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

    async def computer_move(self, move_no: int, seat: int, placement: Placement, *, announce: bool) -> None:
        """A computer's placement for `seat`, if it is still due; `announce` says so publicly (a take-over)."""
        async with self.lock:
            if not self.computer_may_play(move_no, seat):
                return
            # said once when the take-over starts; the status line then marks the seat as away
            note = texts.takeover(self.table.lang, self.table.seats[seat].name) if announce else ""
            try:
                await self.apply_placement(seat, placement, note=note)
            except Refusal as refusal:  # not saved (logged by write): tried again later; moved on: stops here
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

    # -- after a restart ------------------------------------------------------

    async def resume(self) -> None:
        """Brought back from storage: a match in progress says so, with its pictures, and carries on."""
        table = self.table
        now = self.services.now()
        if table.status is not TableStatus.PLAYING:
            table.turn_started = now
            return
        table.no_ping = await self.ping_off()
        assert table.match is not None
        if table.take_over_at is None and table.remind_at is None:  # saved before deadlines were kept
            self.turn_begins(now, self.deadlines(table.match, now))
        else:  # the turn goes on where it was: its start, as the reminder says it
            started = (table.take_over_at or now) - 2 * self.services.turns.turn_timeout
            table.turn_started = min(started, now)
        pictured = self._pictured()
        pictures = await self._pictures(pictured) if pictured.snapshot.tiles else ()
        if table.quiet:  # its board goes on, with its last placements; the restart's note needs no picture
            self.board_lines.read(table, table.match.record)
            pictures = () if table.board_message_id is not None else pictures
        lines = [texts.restored(table.lang), *self._status()]
        self.publish(PostKind.RESTORED, lines, pictures=pictures, hand_button=True)
        self.services.turns.arm(self)

    # -- placing, saving, publishing ------------------------------------------

    async def apply_placement(self, seat: int, placement: Placement, *, note: str = "") -> Post:
        """Place, draw the pictures, commit the move with its public post (the outbox), hand the post over.
        The caller holds the lock."""
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
        now = self.services.now()
        deadlines = self.deadlines(match, now)
        before = (table.turn_started, self.clock, self.pictures)
        self.turn_begins(now, deadlines)  # the post says whose turn it is, with its clock: written with the move
        pictures = await self._pictures(self._pictured())
        # one glance: what just happened, then who moves next (a new round's score, or the winner)
        happened = texts.happened(table.lang, table.seating, events, drew=drew)
        lines = [f"{note} {happened}" if note else happened]
        lines.append(texts.next_up(table.lang, table.seating, events, match.scores, self.turn_line()))
        over = match.phase is Phase.OVER
        on_the_board = table.quiet and not over  # the match-end message is a message of its own, as always
        post = self.publish(
            PostKind.TURN,
            self.board_lines.board(*lines) if on_the_board else lines,
            pictures=pictures,
            hand_button=not over,
            mentions=self.to_ping(),
            send=False,
        )
        post = on_board(table, post) if on_the_board else post
        try:
            post = await self._save(deadlines, post)
        except BaseException:
            # the placement never became durable: forget it, so memory matches the database
            table.match = Match.restore(Record.loads(self.saved_record or ""), table.seed)
            table.turn_started, clock, self.pictures = before
            self.set_clock(clock)
            raise
        if over:  # and each person's new rating, completed in the outbox before the post goes out
            post = await self.with_ratings(post, lines)
        if over and table.quiet:
            last_board(self, self.board_lines.board(*lines), pictures)
        self.hand_over(post)
        if table.thread_id is not None and (over or match.round != round_number):
            self.show_in_lobby()  # the channel sees the score after each round, and the result
        self.services.turns.arm(self)
        return post

    async def _save(self, deadlines: TurnDeadlines, post: Post) -> Post:
        """The placement durable with its post: the record with the next turn's clock, or the finished match,
        its results and its record attached to the post. Returns the post as kept in the outbox."""
        table = self.table
        match = table.match
        assert match is not None
        record = match.record.dumps()
        storage = self.services.storage
        kept = self.kept(post)
        if match.phase is Phase.OVER:
            record = kept_record(table, self.services.now())
            results = result_rows(table)
            post = replace(post, record=record, rematch=True)  # exactly what storage holds
            post = await end_buttons(storage, table.id, post)  # no Rematch at a tournament's game
            final = self.kept(post)
            await self.write(
                lambda version: storage.finish_match(table.id, table.guild_id, record, results, version, post=final)
            )
            table.status = TableStatus.OVER
            self.services.forget(self)
        else:
            await self.write(
                lambda version: storage.save_record(table.id, record, version, deadlines=deadlines, post=kept)
            )
        self.saved_record = record
        return self.written(post)

    async def with_ratings(self, post: Post, lines: list[str]) -> Post:
        """A match-end post with each person's rating change (a match played out, or lost on time), its outbox
        row completed to match (a failed update leaves the row without them: a restart would post the result
        without the ratings)."""
        table = self.table
        changes = texts.rating_changes(table.lang, table.seating, await self._rate())
        if not changes:
            return post
        text = texts.clip("\n".join([*lines, *changes]))
        try:
            if post.outbox is not None:
                await self.services.storage.set_post_text(table.id, post.outbox, text)
        except Exception as e:
            log.warning("table %s: the rating lines of its last post not kept in the outbox (%s)", table.id, e)
        return replace(post, text=text)

    async def _rate(self) -> list[Change]:
        """The finished match's rating changes (bot/host/ratings/rating_keeper.py). The result is saved already:
        a rating that cannot be written is logged and left to a rebuild, the match ends all the same."""
        try:
            return await rate_finished(self.services.storage, self.table)
        except Exception:
            log.exception("rating table %s failed; a rebuild of the server's ratings will include it", self.table.id)
            return []


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
