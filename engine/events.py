"""What happened: one frozen value per event, printable as the replay's JSON lines (docs/record-format.md).

`to_json()` gives exactly the fields of the replay contract; the other
attributes (revealed hands, pip sums before rounding, the lot) are for the bot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from .placement import Placement
from .tiles import Tile


class Result(StrEnum):
    SCORED = "scored"  # applied
    OVER = "over"  # cancelled whole: it would pass the target (rules.TARGET_RAW)
    NONE = "none"  # no points
    SETTLED = "settled"  # the last placement of a round: its points join the domino event
    SKIPPED = "skipped"  # a block award after the match had already ended


@dataclass(frozen=True, slots=True)
class LotDraw:
    """One pass of the neutral lot: each candidate's tile; the highest pip total leads."""

    tiles: tuple[tuple[int, Tile], ...]  # (seat, tile drawn)


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    leader: int
    lot: tuple[LotDraw, ...] = ()  # empty when the finisher of the last round leads
    event = "round"

    def to_json(self) -> dict[str, Any]:
        return {"event": "round", "round": self.round, "leader": self.leader}


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    tile: Tile
    event = "draw"

    def to_json(self) -> dict[str, Any]:
        return {"event": "draw", "seat": self.seat, "tile": str(self.tile)}


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int
    event = "pass"

    def to_json(self) -> dict[str, Any]:
        return {"event": "pass", "seat": self.seat}


class Placed(NamedTuple):
    """A placement made: the end total it gave and what became of its points.

    A named tuple rather than a frozen dataclass, as `option.Option` is: every placement makes one,
    and a tuple is made about four times faster (it is just as immutable)."""

    seat: int
    placement: Placement
    total: int
    points: int
    result: Result
    scores: tuple[int, ...]

    @property
    def event(self) -> str:
        return "place"

    @property
    def tile(self) -> Tile:
        return self.placement.tile

    @property
    def on(self) -> Tile | None:
        return self.placement.on

    def to_json(self) -> dict[str, Any]:
        on = self.placement.on
        return {
            "event": "place",
            "seat": self.seat,
            "tile": str(self.placement.tile),
            "on": None if on is None else str(on),
            "total": self.total,
            "points": self.points,
            "result": self.result.value,
            "scores": list(self.scores),
        }


@dataclass(frozen=True, slots=True)
class Domino:
    """Round end by a player going out: P + O - D as one event for the finisher's side."""

    seat: int
    side: int
    placement: int
    opponents: int
    partner: int
    net: int
    result: Result
    scores: tuple[int, ...]
    opponents_pips: int = 0  # before rounding
    partner_pips: int = 0
    hands: tuple[tuple[Tile, ...], ...] = field(default=())  # every seat's remaining tiles, revealed
    event = "domino"

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "domino",
            "seat": self.seat,
            "side": self.side,
            "placement": self.placement,
            "opponents": self.opponents,
            "partner": self.partner,
            "net": self.net,
            "result": self.result.value,
            "scores": list(self.scores),
        }


@dataclass(frozen=True, slots=True)
class Award:
    """One hand's blocked-round award: the rounded sum of the higher opponents' differences."""

    seat: int
    side: int
    points: int
    result: Result
    difference: int = 0  # before rounding

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "side": self.side, "points": self.points, "result": self.result.value}


@dataclass(frozen=True, slots=True)
class Blocked:
    """Round end with nobody able to place: every hand settled in `order`, lowest total first."""

    totals: tuple[int, ...]
    awards: tuple[Award, ...]
    winner: int | None  # side, or None for a draw
    scores: tuple[int, ...]
    order: tuple[int, ...]  # every seat, in the order its hand was settled (rules.block_order)
    hands: tuple[tuple[Tile, ...], ...] = field(default=())
    event = "block"

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "block",
            "totals": list(self.totals),
            "awards": [a.to_json() for a in self.awards],
            "winner": self.winner,
            "scores": list(self.scores),
        }


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: int
    scores: tuple[int, ...]
    event = "game_over"

    def to_json(self) -> dict[str, Any]:
        return {"event": "game_over", "winner": self.winner, "scores": list(self.scores)}


Event = RoundStarted | Drew | Passed | Placed | Domino | Blocked | GameOver
