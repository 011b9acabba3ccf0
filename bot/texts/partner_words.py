"""The words of a partner choice at a 4-seat lobby: the proposal the lobby shows while the people it
would move are asked, the line saying who moved where once it is made, and the private answers
of the chooser and of those asked (bot/host/tables/partner_proposals.py decides; here it is said)."""

from __future__ import annotations

from collections.abc import Iterable

from ..model.answers import PartnerProposal
from ..model.seat_swap import SeatSwap, partner_swap
from ..model.seating import Seating
from ..model.table_state import MAX_SEATS, Seat, Table
from .i18n import t
from .seat_names import side_name


def _seating(seats: Iterable[Seat]) -> Seating:
    seats = tuple(seats)
    return Seating(tuple(s.name for s in seats), frozenset(i for i, s in enumerate(seats) if s.is_computer))


def _name(lang: str, seat: Seat) -> str:
    """A seat's player as a sentence names them: a person with the language's courtesy, a computer as it is."""
    return seat.name if seat.is_computer else t(lang, "player-called", name=seat.name)


def people(lang: str, table: Table, user_ids: Iterable[int]) -> str:
    """ "Alice, José" (Korean "Alice 님, José 님"): the seated people named, in the order given."""
    names = [_name(lang, table.seats[seat]) for u in user_ids if (seat := table.seat_of(u)) is not None]
    return ", ".join(names)


def proposal_lines(table: Table, proposal: PartnerProposal) -> list[str]:
    """The lobby's lines for a pending choice: who wants to sit with whom, the teams it would make, and
    whose Accept it waits for (none when the seats no longer allow it: the host then ends it)."""
    chooser, chosen, seats = proposal.chooser, proposal.chosen, table.seats
    if len(seats) != MAX_SEATS or chooser == chosen or (chosen + 2) % MAX_SEATS == chooser:
        return []
    lang = table.lang
    after = _seating(partner_swap(seats, chooser, chosen).after)
    return [
        t(
            lang,
            "lobby-proposal",
            chooser=_name(lang, seats[chooser]),
            partner=_name(lang, seats[chosen]),
            first=side_name(lang, after, 0),
            second=side_name(lang, after, 1),
        ),
        t(lang, "lobby-proposal-waiting", names=people(lang, table, proposal.waiting)),
    ]


def seats_changed(lang: str, swap: SeatSwap) -> str:
    """The lobby's line once a choice is made: who moved to which seat, and who now sits with whom."""
    seats = swap.before
    return t(
        lang,
        "lobby-changed",
        chooser=_name(lang, seats[swap.chooser]),
        partner=_name(lang, seats[swap.chosen]),
        moved=_name(lang, seats[swap.moved]),
        left=_name(lang, seats[swap.left]),
        to=swap.moved + 1,
        back=swap.chooser + 1,
    )


def declined(table: Table, player_id: int, chooser: int) -> str:
    """The lobby's line once someone asked declines (`chooser`: the seat of the one who chose): nobody moved."""
    lang = table.lang
    return t(lang, "lobby-declined", player=people(lang, table, [player_id]), chooser=_name(lang, table.seats[chooser]))


def asked_note(locale: str, table: Table, proposal: PartnerProposal) -> str:
    """The chooser's private word: whom the choice waits for."""
    return t(locale, "lobby-asked", names=people(locale, table, proposal.waiting))


def still_waiting_note(locale: str, table: Table, proposal: PartnerProposal) -> str:
    return t(locale, "lobby-still-waiting", names=people(locale, table, proposal.waiting))


def accepted_note(locale: str, table: Table, proposal: PartnerProposal) -> str:
    """The private word of one who accepted: whom the choice still waits for."""
    return t(locale, "lobby-you-accepted", names=people(locale, table, proposal.waiting))


def accepted_done_note(locale: str, swap: SeatSwap) -> str:
    """The private word of the last to accept: the seats changed."""
    seats = swap.before
    return t(
        locale,
        "lobby-you-accepted-done",
        chooser=_name(locale, seats[swap.chooser]),
        partner=_name(locale, seats[swap.chosen]),
    )


def declined_note(locale: str) -> str:
    return t(locale, "lobby-you-declined")
