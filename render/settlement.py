"""What a round's last picture and the match's last picture add: the settlement, and the winner.

Read from the engine's own events (`Domino` and `Blocked`, as `FinishedRound.ending` gives them),
never worked out again: who went out, the placement points, the opponents' and the partner's pips
with what they became (rounded to 5, then points: 18 -> 20 -> +4), the net and whether it counted;
for a block, every hand's pips in the
order the awards were made, each award and what became of it. At the match's end: the winning
side and the event that reached the target exactly (a placement, a domino or one award).

The few words the panel needs come from the caller (`labels`, in the table's language); the
English ones are the default. Numbers are displayed points (raw / 5), signed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import Blocked, Domino, Phase, Result, TableSnapshot, rules

Settlement = Domino | Blocked

# The words of the table picture, by key: what the bot passes as `labels`, from its catalogs.
DEFAULT_LABELS: dict[str, str] = {
    "seat": "Seat {seat}",  # stands in for a name the fonts cannot draw; {seat} is the seat number
    "out": "went out",  # after the name of the player who placed their last tile
    "placement": "placement",  # the points of the last placement
    "opponents": "opponents' pips",
    "partner": "partner's pips",
    "net": "net",
    "over": "over 61: cancelled",  # a settlement or an award that would pass the target
    "blocked": "blocked",  # the heading of a block's settlement
    "pips": "pips",  # the heading of the column of pips left in each hand
    "award": "award",  # the heading of the column of awards
    "skipped": "match already won",  # an award after the target was reached
    "wins": "wins",  # after the winner's name at the match's end
    "round": "Round {round}",  # the glance bar's round; {round} is its number
}


def merged_labels(labels: Mapping[str, str] | None) -> dict[str, str]:
    """The caller's words over the English defaults; an unknown key is a caller's mistake."""
    if not labels:
        return DEFAULT_LABELS
    unknown = set(labels) - set(DEFAULT_LABELS)
    if unknown:
        raise ValueError(f"unknown picture labels: {sorted(unknown)}; known: {sorted(DEFAULT_LABELS)}")
    return {**DEFAULT_LABELS, **labels}


@dataclass(frozen=True, slots=True)
class Term:
    """One line of a domino's settlement: a named term, the pips it came from, its displayed points."""

    key: str  # "placement", "opponents", "partner" or "net"
    pips: int | None
    points: int  # displayed, signed as it enters the net
    result: Result | None = None  # the net's: scored or cancelled
    rounded: int | None = None  # the pips rounded to the nearest 5 (18 -> 20), before they are divided by 5


@dataclass(frozen=True, slots=True)
class HandLine:
    """One hand of a blocked round, in the order of the awards."""

    order: int  # 1, 2, ...: when its award (if any) was made
    seat: int
    pips: int
    points: int | None  # displayed award, None when it won nothing
    result: Result | None


@dataclass(frozen=True, slots=True)
class Ending:
    """What the picture's panel shows under the layout at a round's or the match's end."""

    kind: str  # "domino", "block" or "match" (the match won by a placement alone)
    seat: int | None  # who went out (domino)
    terms: tuple[Term, ...]  # domino
    hands: tuple[HandLine, ...]  # block, in award order
    winner: int | None  # the side that won the match with this picture
    winner_seats: tuple[int, ...]
    reached: str | None  # what reached the target: "place", "domino", or "award:<seat>"


def ending_of(snapshot: TableSnapshot, settlement: Settlement | None) -> Ending | None:
    """The panel of this picture: a round's settlement, the match's winner, both, or nothing."""
    over = snapshot.phase is Phase.OVER and snapshot.winner is not None
    winner = snapshot.winner if over else None
    seats = snapshot.seats_of(winner) if winner is not None else ()
    if isinstance(settlement, Domino):
        d = settlement
        partner = rules.partner_of(snapshot.players, d.seat)
        terms = [
            Term("placement", None, rules.displayed(d.placement)),
            Term("opponents", d.opponents_pips, rules.displayed(d.opponents), rounded=d.opponents),
        ]
        if partner is not None:
            terms.append(Term("partner", d.partner_pips, -rules.displayed(d.partner), rounded=d.partner))
        terms.append(Term("net", None, rules.displayed(d.net), d.result))
        reached = "domino" if over and d.result is Result.SCORED else None
        return Ending("domino", d.seat, tuple(terms), (), winner, seats, reached)
    if isinstance(settlement, Blocked):
        b = settlement
        awards = {a.seat: a for a in b.awards}
        hands = []
        for k, seat in enumerate(b.order):
            a = awards.get(seat)
            points = rules.displayed(a.points) if a is not None else None
            hands.append(HandLine(k + 1, seat, b.totals[seat], points, a.result if a is not None else None))
        reached = None
        if over:  # the last award applied is the one that reached the target: the later ones were skipped
            scored = [a for a in b.awards if a.result is Result.SCORED]
            reached = f"award:{scored[-1].seat}" if scored else None
        return Ending("block", None, (), tuple(hands), winner, seats, reached)
    if over:
        return Ending("match", None, (), (), winner, seats, "place")
    return None


def ending_description(ending: Ending | None) -> dict[str, Any] | None:
    """The panel as JSON-ready data, for the picture's twin."""
    if ending is None:
        return None
    out: dict[str, Any] = {"kind": ending.kind}
    if ending.kind == "domino":
        out["seat"] = ending.seat
        for t in ending.terms:
            out[t.key] = t.points
            if t.pips is not None:
                out[f"{t.key}_pips"] = t.pips
            if t.rounded is not None:
                out[f"{t.key}_rounded"] = t.rounded
            if t.result is not None:
                out["result"] = t.result.value
                out["counted"] = t.result is Result.SCORED
    if ending.kind == "block":
        out["order"] = [h.seat for h in ending.hands]
        out["pips"] = {str(h.seat): h.pips for h in ending.hands}
        out["awards"] = [
            {"order": h.order, "seat": h.seat, "points": h.points, "result": h.result.value}
            for h in ending.hands
            if h.points is not None and h.result is not None
        ]
        out["cancelled"] = [h.seat for h in ending.hands if h.result is Result.OVER]
    out["winner"] = None if ending.winner is None else {"side": ending.winner, "seats": list(ending.winner_seats)}
    out["reached"] = ending.reached
    return out
