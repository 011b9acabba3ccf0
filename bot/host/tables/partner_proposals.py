"""Partner choices at a 4-seat lobby: made at once when they move only computers or the chooser, asked
first when they would move another person or part them from a person they partnered.

Nobody is moved by someone else's choice without saying yes: such a choice becomes a proposal the
lobby shows with Accept and Decline (bot/edge/tables/lobby_buttons.py), and the seats change only once
everyone it asks has accepted; one Decline ends it and nothing moves. A proposal is tied to the
table's version when it was made, so any write since (someone joins or leaves, another choice is
made, the match starts) ends it, and a click on it is refused as stale. It is held in memory: after
a restart its buttons still carry everything needed to take it up again (the chooser, the person
chosen, the version), so a click then counts as that person's Accept or Decline.
"""

from __future__ import annotations

from dataclasses import replace

from ...model.answers import Lobby, PartnerProposal
from ...model.seat_swap import SeatSwap, partner_swap
from ...model.table_state import MAX_SEATS
from ...texts import lobby_message, partnered
from ...texts.partner_words import (
    accepted_done_note,
    accepted_note,
    asked_note,
    declined,
    declined_note,
    people,
    seats_changed,
    still_waiting_note,
)
from ..refusal import Refusal
from .row_conversion import seat_rows
from .table_core import TableCore

ProposalKey = tuple[int, int, int]  # the chooser's seat, the seat chosen, the table's version when it was made


def _key(proposal: PartnerProposal) -> ProposalKey:
    return proposal.chooser, proposal.chosen, proposal.stamp


class PartnerProposals:
    """One lobby's partner choices: the one waiting for answers, and the lobby's last word about them.
    Its caller holds the table's lock and has checked that the lobby is open."""

    def __init__(self, live: TableCore) -> None:
        self.live = live
        self.pending: PartnerProposal | None = None
        self.news: tuple[int, str] | None = None  # the lobby's line about the last choice, and the version it is of
        self.ended: set[ProposalKey] = set()  # declined or replaced here: a late click on them is stale

    def lobby(self, note: str = "") -> Lobby:
        """The lobby message with the choice waiting and the last change, while the table is as they found it."""
        version = self.live.version
        news = self.news[1] if self.news is not None and self.news[0] == version else ""
        return lobby_message(self.live.table, note, proposal=self._current(), news=news)

    async def choose(self, *, user_id: int, partner_id: int, locale: str) -> Lobby:
        """`user_id` wants to sit opposite `partner_id`: done at once if it asks nobody, else proposed."""
        table = self.live.table
        swap = self._swap(user_id, partner_id)
        if not swap.asked:
            await self._make(swap)
            return self.lobby(partnered(locale, table.seats[swap.chosen].name))
        current = self._current()
        if current is not None and (current.chooser, current.chosen) == (swap.chooser, swap.chosen):
            return self.lobby(still_waiting_note(locale, table, current))
        if current is not None:
            self.ended.add(_key(current))  # the lobby shows one choice at a time: the latest
        self.pending = PartnerProposal(swap.chooser, swap.chosen, self.live.version, swap.asked)
        self.news = None
        return self.lobby(asked_note(locale, table, self.pending))

    async def answer(self, *, user_id: int, key: ProposalKey, accept: bool, locale: str) -> Lobby:
        """Someone asked accepts or declines the proposal `key`; the last Accept makes the change."""
        table = self.live.table
        proposal = self._find(key)
        if user_id not in proposal.asked:
            raise Refusal("proposal-not-asked", names=people(locale, table, proposal.waiting))
        if not accept:
            self.pending = None
            self.ended.add(key)
            self.news = (self.live.version, declined(table, user_id, proposal.chooser))
            return self.lobby(declined_note(locale))
        proposal = replace(proposal, accepted=proposal.accepted | {user_id})
        if proposal.waiting:
            self.pending = proposal
            return self.lobby(accepted_note(locale, table, proposal))
        swap = partner_swap(table.seats, proposal.chooser, proposal.chosen)
        await self._make(swap)
        return self.lobby(accepted_done_note(locale, swap))

    def _current(self) -> PartnerProposal | None:
        """The proposal waiting, unless the table was written since it was made."""
        pending = self.pending
        if pending is not None and pending.stamp != self.live.version:
            self.pending = pending = None
        return pending

    def _find(self, key: ProposalKey) -> PartnerProposal:
        """The proposal a button names: the one waiting, or after a restart the same made again
        from the button (the table unchanged since); any other is stale."""
        current = self._current()
        if current is not None and _key(current) == key:
            return current
        chooser, chosen, stamp = key
        if current is not None or key in self.ended or stamp != self.live.version:
            raise Refusal("proposal-stale")
        seats = self.live.table.seats
        chooser_id, partner_id = (seats[i].user_id if i < len(seats) else None for i in (chooser, chosen))
        if chooser_id is None or partner_id is None:
            raise Refusal("proposal-stale")
        try:
            swap = self._swap(chooser_id, partner_id)
        except Refusal:
            raise Refusal("proposal-stale") from None
        if not swap.asked:
            raise Refusal("proposal-stale")
        self.pending = PartnerProposal(chooser, chosen, stamp, swap.asked)
        return self.pending

    def _swap(self, user_id: int, partner_id: int) -> SeatSwap:
        """The swap seating `user_id` opposite `partner_id`, or the polite no when it cannot be made."""
        table = self.live.table
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
        if (chosen + 2) % MAX_SEATS == seat:
            raise Refusal("already-partners", player=table.seats[chosen].name)
        return partner_swap(table.seats, seat, chosen)

    async def _make(self, swap: SeatSwap) -> None:
        """The seats change (written first); the lobby then says who moved where."""
        live, table = self.live, self.live.table
        seats = list(swap.after)
        await live.write(lambda version: live.services.storage.save_seats(table.id, seat_rows(seats), version))
        table.seats = seats
        self.pending = None
        self.news = (live.version, seats_changed(table.lang, swap))
