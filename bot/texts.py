"""What players read: the engine's events and views put into words through the Fluent catalogs.

Nothing here decides a rule. Every number comes from an engine value (an
event, an option, a snapshot); this module only chooses the sentence. Raw
points are shown as displayed points (raw / 5); pips stay pips. Public texts
never mention a tile that is still in someone's hand, except in a round
settlement, where the rules reveal every hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import (
    Blocked,
    Domino,
    Drew,
    Event,
    GameOver,
    Option,
    Passed,
    Placed,
    Result,
    RoundStarted,
    SeatView,
    TableSnapshot,
    Tile,
    rules,
)

from .i18n import t

_MARKDOWN = re.compile(r"([\\*_~|`>\[\]#])")
SEPARATOR = " · "


def plain(name: str) -> str:
    """A user's name with Markdown neutralised, so "*_x_*" reads as typed and cannot restyle a message."""
    return _MARKDOWN.sub(r"\\\1", name.strip() or "?")


def shown(raw: int) -> int:
    """Displayed points: one point per 5 raw."""
    return rules.displayed(raw)


def tile_list(tiles: Sequence[Tile]) -> str:
    return SEPARATOR.join(str(x) for x in tiles)


def discord_clock(timestamp: float) -> str:
    """A Discord relative timestamp ("5 minutes ago"), shown in each reader's own time zone."""
    return f"<t:{int(timestamp)}:R>"


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where, as shown: names already made plain, and the number of players."""

    names: tuple[str, ...]

    @property
    def players(self) -> int:
        return len(self.names)

    def side_of(self, seat: int) -> int:
        return rules.side_of(self.players, seat)

    def sides(self) -> int:
        return rules.sides(self.players)

    def side_size(self, side: int) -> int:
        return len(rules.seats_of(self.players, side))

    def side_name(self, lang: str, side: int) -> str:
        if self.players == 4:
            return t(lang, "side-team", first=self.names[side], second=self.names[side + 2])
        return self.names[side]


# -- the play-by-play -------------------------------------------------------


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
            lines.append(t(lang, "drew", player=seating.names[event.seat], count=count))
            i += count
            continue
        if isinstance(event, RoundStarted):
            number = event.round + 1
            lines.append(_round_started(lang, seating, event))
        elif isinstance(event, Passed):
            lines.append(t(lang, "passed", player=seating.names[event.seat]))
        elif isinstance(event, Placed):
            lines.append(_placed(lang, seating, event, ends))
        elif isinstance(event, Domino):
            lines.extend(_domino(lang, seating, event, number))
        elif isinstance(event, Blocked):
            lines.extend(_blocked(lang, seating, event, number))
        elif isinstance(event, GameOver):
            lines.append(
                t(lang, "game-over", side=seating.side_name(lang, event.winner), count=seating.side_size(event.winner))
            )
        i += 1
    return lines


def _drew_by(event: Event, seat: int) -> bool:
    return isinstance(event, Drew) and event.seat == seat


def _round_started(lang: str, seating: Seating, event: RoundStarted) -> str:
    number = event.round + 1
    leader = seating.names[event.leader]
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
    who = seating.names[event.seat]
    if event.on is None:
        head = t(lang, "placed-opening", player=who, tile=str(event.tile))
    else:
        head = t(lang, "placed-on", player=who, tile=str(event.tile), on=str(event.on))
    side = seating.side_name(lang, seating.side_of(event.seat))
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
    side = seating.side_name(lang, event.side)
    lines = [t(lang, "domino-title", player=seating.names[event.seat], round=number)]
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
    lines.append(t(lang, key, net=shown(event.net), side=side))
    return lines


def _blocked(lang: str, seating: Seating, event: Blocked, number: int) -> list[str]:
    lines = [t(lang, "block-title", round=number)]
    if event.hands:
        lines.append(_hands(lang, seating, event.hands))
    # in the order the engine settled the hands (equal totals clockwise from the leader)
    ranking = SEPARATOR.join(
        t(lang, "block-rank", rank=rank, player=seating.names[s], pips=event.totals[s])
        for rank, s in enumerate(event.order, start=1)
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
                side=seating.side_name(lang, award.side),
            )
        )
    if not event.awards:
        lines.append(t(lang, "block-no-awards"))
    if event.winner is None:
        lines.append(t(lang, "block-draw"))
    else:
        lines.append(
            t(lang, "block-winner", side=seating.side_name(lang, event.winner), count=seating.side_size(event.winner))
        )
    return lines


# -- the status under every message ----------------------------------------


def status(
    lang: str,
    seating: Seating,
    snapshot: TableSnapshot,
    *,
    turn_started: float,
    clock: Callable[[float], str],
    computer_seats: frozenset[int] = frozenset(),
    away_seats: frozenset[int] = frozenset(),
) -> list[str]:
    """Tiles left per player, the boneyard, the scores, and whose turn it is (with the turn clock)."""
    lines = []
    if snapshot.winner is None:
        hands = SEPARATOR.join(
            t(lang, "status-hand", player=seating.names[s], count=n) for s, n in enumerate(snapshot.hand_sizes)
        )
        lines.append(t(lang, "status-hands", hands=hands, boneyard=snapshot.boneyard))
    lines.append(scores_line(lang, seating, snapshot.scores))
    turn = snapshot.turn
    if turn is not None:
        who = seating.names[turn]
        if turn in computer_seats:
            lines.append(t(lang, "status-turn-computer", player=who))
        elif turn in away_seats:
            lines.append(t(lang, "status-turn-away", player=who))
        else:
            lines.append(t(lang, "status-turn", player=who, clock=clock(turn_started)))
    return lines


def scores_line(lang: str, seating: Seating, scores: Sequence[int]) -> str:
    entries = SEPARATOR.join(
        t(lang, "status-score", side=seating.side_name(lang, side), points=shown(raw))
        for side, raw in enumerate(scores)
    )
    return t(lang, "status-scores", scores=entries)


# -- private: a player's own hand -------------------------------------------


def outcome(locale: str, option: Option) -> str:
    """What an option would do, in a few words: "+2", "no points", "over 61, cancelled", "last tile"."""
    if option.result is Result.SCORED:
        return t(locale, "option-points", points=shown(option.points))
    if option.result is Result.OVER:
        return t(locale, "option-over")
    if option.result is Result.SETTLED:  # its points join the round's settlement
        if option.points:
            return t(locale, "option-settled-points", points=shown(option.points))
        return t(locale, "option-settled")
    return t(locale, "option-none")


def best(options: Sequence[Option]) -> Option:
    """The option of a tile to show on its button: the one that scores most (an engine number)."""
    return max(options, key=lambda o: (o.result is Result.SCORED, o.points))


def tile_label(locale: str, options: Sequence[Option]) -> str:
    """A tile's button: its outcome when it fits in one place, an arrow when there is a choice."""
    tile = str(options[0].tile)
    if len(options) == 1:
        return t(locale, "button-tile", tile=tile, outcome=outcome(locale, options[0]))
    return t(locale, "button-tile-many", tile=tile)


def target_label(locale: str, option: Option) -> str:
    if option.on is None:
        return t(locale, "choice-opening", total=option.total, outcome=outcome(locale, option))
    return t(locale, "button-target", on=str(option.on), total=option.total, outcome=outcome(locale, option))


def hand_text(
    locale: str,
    seating: Seating,
    view: SeatView,
    *,
    drawn: Sequence[Tile],
    turn: int | None,
    back: bool = False,
) -> str:
    lines = []
    if back:
        lines.append(t(locale, "hand-back"))
    if view.hand:
        lines.append(t(locale, "hand-tiles", tiles=tile_list(view.hand), pips=sum(x.pips for x in view.hand)))
    else:
        lines.append(t(locale, "hand-empty"))
    if drawn:
        lines.append(t(locale, "hand-drew", tiles=tile_list(drawn)))
    if view.must_play is not None:
        lines.append(t(locale, "hand-must-place", tile=str(view.must_play)))
    if turn is None:
        lines.append(t(locale, "hand-over"))
    elif turn == view.seat and view.options:
        lines.append(t(locale, "hand-your-turn"))
    else:
        lines.append(t(locale, "hand-wait", player=seating.names[turn]))
    return "\n".join(lines)


def played_text(locale: str, tile: Tile, on: Tile | None) -> str:
    if on is None:
        return t(locale, "hand-played", tile=str(tile))
    return t(locale, "hand-played-on", tile=str(tile), on=str(on))


def clip(text: str, limit: int = 2000) -> str:
    """Discord refuses a message over 2000 characters: keep the start, mark the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
