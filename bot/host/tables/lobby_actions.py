"""The lobby of a hosted table: who sits where, and the host's start or cancel.

A lobby and a match are two lifetimes of one table: `LobbyActions` holds what happens before the
first deal (join, leave, choose a partner, hand the table over, start, cancel), the `LiveTable` it belongs to holds the
match. It changes the table only through the `TableCore` both share: its lock and versioned writes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine import Match

from ... import texts
from ...model.answers import Lobby
from ...model.posts import PostKind
from ...model.table_state import MAX_SEATS, MIN_PLAYERS, Seat, TableStatus
from ...texts.lobby import host_handed, host_left, host_now
from ..refusal import Refusal
from ..table_roles import ThreadOpener
from .partner_proposals import PartnerProposals, ProposalKey
from .row_conversion import seat_rows
from .table_core import TableCore


class LobbyActions:
    """The lobby half of a `LiveTable`: every action takes the table's lock and writes before it changes memory."""

    def __init__(self, live: TableCore, arm_clock: Callable[[], None]) -> None:
        self.live = live
        self.arm_clock = arm_clock  # once the match is dealt: the live table's turn clock starts
        self.partners = PartnerProposals(live)  # partner choices, and those waiting for answers

    async def set_lobby_message(self, message_id: int | None) -> None:
        live = self.live
        async with live.lock:
            await live.write(
                lambda version: live.services.storage.set_lobby_message(live.table.id, message_id, version)
            )
            live.table.lobby_message_id = message_id

    async def join(self, *, user_id: int, name: str, locale: str) -> Lobby:
        live = self.live
        table = live.table
        async with live.lock:
            self._check_lobby()
            if table.seat_of(user_id) is not None:
                raise Refusal("already-seated")
            if len(table.seats) >= MAX_SEATS:
                raise Refusal("table-full")
            # people sit before the computer seats, so friends who join play with each other
            humans = sum(1 for s in table.seats if not s.is_computer)
            seats = [*table.seats[:humans], Seat(user_id, texts.plain(name)), *table.seats[humans:]]
            await live.write(lambda version: live.services.storage.save_seats(table.id, seat_rows(seats), version))
            table.seats = seats
            return live.lobby(texts.joined(locale, humans + 1))

    async def leave(self, *, user_id: int, locale: str) -> Lobby:
        """A player leaves the lobby. When the host leaves, the next person seated hosts it (said in the
        lobby); a host with nobody else seated closes it."""
        live = self.live
        table = live.table
        async with live.lock:
            seat = table.seat_of(user_id)
            if seat is None:
                raise Refusal("not-seated")
            if table.status is not TableStatus.LOBBY:
                raise Refusal("cannot-leave-now")
            seats = [s for i, s in enumerate(table.seats) if i != seat]
            heir = next((s for s in seats if s.user_id is not None), None) if user_id == table.host_id else None
            if user_id == table.host_id and heir is None:
                await live.close("the host left")
                return replace(texts.lobby_cancelled(table), note=texts.left(locale))
            new_host = None if heir is None else heir.user_id
            await live.write(
                lambda version: live.services.storage.save_seats(table.id, seat_rows(seats), version, host_id=new_host)
            )
            old_host = table.host_name()
            table.seats = seats
            if heir is None or heir.user_id is None:
                return live.lobby(texts.left(locale))
            table.host_id = heir.user_id
            lobby = live.lobby(texts.left(locale))
            return replace(lobby, text=f"{lobby.text}\n{host_left(table.lang, old_host, heir.name)}")

    async def hand_over(self, *, user_id: int, seat: int, locale: str) -> Lobby:
        """The host hands the lobby to the person in `seat` (0-based), who starts it from now on (said in the lobby)."""
        live = self.live
        table = live.table
        async with live.lock:
            self._check_host_in_lobby(user_id)
            heir = table.seats[seat] if 0 <= seat < len(table.seats) else None
            if heir is None:
                raise Refusal("host-not-seated")
            if heir.user_id is None:
                raise Refusal("host-computer")
            if heir.user_id == user_id:
                raise Refusal("host-already")
            new_host = heir.user_id
            seats = seat_rows(table.seats)
            await live.write(
                lambda version: live.services.storage.save_seats(table.id, seats, version, host_id=new_host)
            )
            old_host = table.host_name()
            table.host_id = new_host
            lobby = live.lobby(host_now(locale, heir.name))
            return replace(lobby, text=f"{lobby.text}\n{host_handed(table.lang, old_host, heir.name)}")

    async def sit_with(self, *, user_id: int, partner_id: int, locale: str) -> Lobby:
        """At a 4-seat lobby, sit opposite `partner_id` (partners sit opposite: seats 1 & 3, 2 & 4).

        The chooser takes the seat opposite the partner and whoever sat there takes the chooser's
        seat. A choice that moves only computers or the chooser is made at once; one that would move
        another person, or part them from a person they partnered, waits for their Accept
        (`PartnerProposals`). Either way the lobby then says who sits where and with whom."""
        async with self.live.lock:
            self._check_lobby()
            return await self.partners.choose(user_id=user_id, partner_id=partner_id, locale=locale)

    async def answer_partner(self, *, user_id: int, key: ProposalKey, accept: bool, locale: str) -> Lobby:
        """Someone a partner choice asks accepts or declines it (`PartnerProposals.answer`)."""
        async with self.live.lock:
            self._check_lobby()
            return await self.partners.answer(user_id=user_id, key=key, accept=accept, locale=locale)

    async def start(self, *, user_id: int, locale: str, open_thread: ThreadOpener | None = None) -> Lobby:
        """The host starts the match: the first round is dealt and the first turn message posted,
        in a thread of its own when `open_thread` makes one (and the host did not ask otherwise)."""
        live = self.live
        table = live.table
        async with live.lock:
            self._check_host_in_lobby(user_id)
            if len(table.seats) < MIN_PLAYERS:
                raise Refusal("need-players")
            match = Match.new(len(table.seats), table.seed)
            record = match.record.dumps()
            thread_id = None
            if table.use_thread and open_thread is not None:
                thread_id = await open_thread(texts.thread_name(table.lang, table.seating.names))
            seated = seat_rows(table.seats)
            now = live.services.now()
            deadlines = live.deadlines(match, now)
            before = (table.no_ping, table.turn_started, live.clock)
            table.no_ping = await live.ping_off()
            table.match, table.thread_id, table.status = match, thread_id, TableStatus.PLAYING
            live.turn_begins(now, deadlines)  # the first message says whose turn it is, with its clock
            lines, mentions = self._opening(match), live.to_ping()
            post = live.publish(PostKind.TURN, lines, hand_button=True, mentions=mentions, send=False)
            kept = live.kept(post)  # written with the match: a restart posts it
            try:
                await live.write(
                    lambda version: live.services.storage.start_match(
                        table.id, seated, record, version, thread_id=thread_id, deadlines=deadlines, post=kept
                    )
                )
            except BaseException:  # not started: memory goes back to the lobby the database still holds
                table.match, table.thread_id, table.status = None, None, TableStatus.LOBBY
                table.no_ping, table.turn_started, clock = before
                live.set_clock(clock)
                raise
            live.saved_record = record
            live.hand_over(live.written(post))
            self.arm_clock()
            return live.lobby(texts.started_privately(locale))

    def _opening(self, match: Match) -> list[str]:
        """The match's first message: the lot, once when reminders and take-overs come (turn lines do not
        repeat it), that the table is quiet if it is, and whose turn it is."""
        live, table = self.live, self.live.table
        lines = texts.narrate(table.lang, table.seating, match.events, round_number=0)
        if table.pace.is_correspondence:
            rules = texts.correspondence_rules(table.lang, table.pace, table.on_timeout)
        else:
            rules = texts.clock_rules(table.lang, live.services.turns.turn_timeout)
        lines += [rules, texts.quiet_rules(table.lang)] if table.quiet else [rules]
        lines.append(live.turn_line())
        return lines

    async def cancel(self, *, user_id: int) -> Lobby:
        """The host closes the lobby."""
        live = self.live
        async with live.lock:
            self._check_host_in_lobby(user_id)
            await live.close("cancelled by the host")
            return texts.lobby_cancelled(live.table)

    def _check_host_in_lobby(self, user_id: int) -> None:
        """Starting and cancelling are the host's, and only while the lobby is open."""
        live = self.live
        self._check_lobby()
        if user_id != live.table.host_id:
            raise Refusal("not-host", host=live.table.host_name())

    def _check_lobby(self) -> None:
        live = self.live
        if live.table.status is TableStatus.PLAYING:
            raise Refusal("already-started")
        if live.table.status is not TableStatus.LOBBY:
            raise Refusal("table-gone")
