"""The play-by-play: each engine event of a placement put into words, in the table's language.

Nothing here decides a rule. Every number comes from an engine event; this module only chooses
the sentence. Raw points are shown as displayed points (raw / 5); pips stay pips. Public texts
never mention a tile that is still in someone's hand, except in a round settlement, where the
rules reveal every hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Blocked, Domino, Drew, Event, GameOver, Passed, Placed, Result, RoundStarted, Tile

from ..model.seating import Seating
from .i18n import t
from .seat_names import called, side_name
from .words import SEPARATOR, shown, signed


def narrate(
    lang: str,
    seating: Seating,
    events: Sequence[Event],
    *,
    round_number: int,
    ends: Sequence[tuple[Tile, int]] | None = None,
) -> list[str]:
    """One line (or a few) per event, in order.

    `round_number` is the round under way when the batch began (0-based); `ends` lists the
    counted ends after the batch's placement, for the "Ends 4 + 1 = 5" breakdown.
    """
    lines: list[str] = []
    number = round_number + 1
    i = 0
    while i < len(events):
        event = events[i]
        if isinstance(event, Drew):
            count = 1
            while i + count < len(events) and _drew_by(events[i + count], event.seat):
                count += 1
            lines.append(t(lang, "drew", player=called(lang, seating, event.seat), count=count))
            i += count
            continue
        if isinstance(event, RoundStarted):
            number = event.round + 1
            lines.append(_round_started(lang, seating, event))
        elif isinstance(event, Passed):
            lines.append(t(lang, "passed", player=called(lang, seating, event.seat)))
        elif isinstance(event, Placed):
            lines.append(_placed(lang, seating, event, ends))
        elif isinstance(event, Domino):
            lines.extend(_domino(lang, seating, event, number))
        elif isinstance(event, Blocked):
            lines.extend(_blocked(lang, seating, event, number))
        elif isinstance(event, GameOver):
            lines.append(
                t(lang, "game-over", side=side_name(lang, seating, event.winner), count=seating.side_size(event.winner))
            )
        i += 1
    return lines


def _drew_by(event: Event, seat: int) -> bool:
    return isinstance(event, Drew) and event.seat == seat


def _round_started(lang: str, seating: Seating, event: RoundStarted) -> str:
    number = event.round + 1
    leader = called(lang, seating, event.leader)
    if not event.lot:
        return t(lang, "round-finisher", round=number, player=leader)
    passes = [
        ", ".join(t(lang, "round-lot-entry", player=seating.names[s], tile=str(x)) for s, x in draw.tiles)
        for draw in event.lot
    ]
    draws = passes[0] + "".join(f"; {t(lang, 'round-lot-again', draws=p)}" for p in passes[1:])
    return t(lang, "round-lot", round=number, draws=draws, player=leader)


def _ends(lang: str, total: int, ends: Sequence[tuple[Tile, int]] | None) -> str:
    if ends:
        values = " + ".join(str(v) for _, v in ends)
        if sum(v for _, v in ends) == total and len(ends) > 1:
            return t(lang, "ends-breakdown", values=values, total=total)
    return t(lang, "ends-total", total=total)


def _placed(lang: str, seating: Seating, event: Placed, ends: Sequence[tuple[Tile, int]] | None) -> str:
    who = called(lang, seating, event.seat)
    if event.on is None:
        head = t(lang, "placed-opening", player=who, tile=str(event.tile))
    else:
        head = t(lang, "placed-on", player=who, tile=str(event.tile), on=str(event.on))
    side = side_name(lang, seating, seating.side_of(event.seat))
    counted = _ends(lang, event.total, ends)
    key = {
        Result.SCORED: "outcome-scored",
        Result.OVER: "outcome-over",
        Result.SETTLED: "outcome-settled",
    }.get(event.result, "outcome-none")
    return f"{head} {t(lang, key, ends=counted, points=shown(event.points), side=side)}"


def _hands(lang: str, seating: Seating, hands: Sequence[Sequence[Tile]]) -> str:
    entries = []
    for seat, hand in enumerate(hands):
        if hand:
            pips = sum(x.pips for x in hand)
            tiles = ", ".join(str(x) for x in hand)
            entries.append(t(lang, "settlement-hand", player=seating.names[seat], tiles=tiles, pips=pips))
        else:
            entries.append(t(lang, "settlement-hand-empty", player=seating.names[seat]))
    return "\n".join([t(lang, "settlement-hands"), *entries])


def _domino(lang: str, seating: Seating, event: Domino, number: int) -> list[str]:
    side = side_name(lang, seating, event.side)
    lines = [t(lang, "domino-title", player=called(lang, seating, event.seat), round=number)]
    if event.hands:
        lines.append(_hands(lang, seating, event.hands))
    lines.append(t(lang, "domino-placement", points=shown(event.placement)))
    lines.append(
        t(lang, "domino-opponents", pips=event.opponents_pips, rounded=event.opponents, points=shown(event.opponents))
    )
    if seating.players == 4:
        lines.append(
            t(lang, "domino-partner", pips=event.partner_pips, rounded=event.partner, points=shown(event.partner))
        )
    key = {Result.SCORED: "domino-net-scored", Result.OVER: "domino-net-over"}.get(event.result, "domino-net-none")
    lines.append(t(lang, key, net=signed(shown(event.net)), side=side))
    return lines


def _blocked(lang: str, seating: Seating, event: Blocked, number: int) -> list[str]:
    lines = [t(lang, "block-title", round=number)]
    if event.hands:
        lines.append(_hands(lang, seating, event.hands))
    # in the order the engine settled the hands (equal totals clockwise from the leader)
    order = event.order
    ranking = SEPARATOR.join(
        t(lang, "block-rank", rank=rank, player=seating.names[s], pips=event.totals[s])
        for rank, s in enumerate(order, start=1)
    )
    lines.append(t(lang, "block-ranking", ranking=ranking))
    for award in event.awards:
        key = {
            Result.SCORED: "block-award-scored",
            Result.OVER: "block-award-over",
        }.get(award.result, "block-award-skipped")
        lines.append(
            t(
                lang,
                key,
                player=seating.names[award.seat],
                difference=award.difference,
                rounded=award.points,
                points=shown(award.points),
                side=side_name(lang, seating, award.side),
            )
        )
    if not event.awards:
        lines.append(t(lang, "block-no-awards"))
    if event.winner is None:
        lines.append(t(lang, "block-draw"))
    else:
        lines.append(
            t(lang, "block-winner", side=side_name(lang, seating, event.winner), count=seating.side_size(event.winner))
        )
    return lines
