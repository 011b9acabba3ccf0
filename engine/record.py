"""Game records (docs/record-format.md): the deals and the placements, nothing else.

Reading checks the shape of the record and spells tiles canonically; whether
the deals and plays obey the rules is checked by replaying them (`Match`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .errors import RecordError
from .placement import Placement, placement
from .tiles import Tile, parse_tile

FORMAT = "exact61-record/1"


class Play(NamedTuple):
    """One line of a round's plays: the seat that moved and its placement (a named tuple, as
    `Option` is: one is made on every move)."""

    seat: int
    placement: Placement

    @property
    def tile(self) -> Tile:
        return self.placement.tile

    @property
    def on(self) -> Tile | None:
        return self.placement.on

    def to_json(self) -> dict[str, Any]:
        on = self.placement.on
        out: dict[str, Any] = {"seat": self.seat, "tile": str(self.placement.tile)}
        if on is not None:
            out["on"] = str(on)
        return out


@dataclass(slots=True)
class RoundRecord:
    leader: int
    hands: list[list[Tile]]
    boneyard: list[Tile]
    plays: list[Play] = field(default_factory=list)

    def copy(self) -> RoundRecord:
        """An independent copy (the tiles and plays are values and are shared)."""
        return RoundRecord(self.leader, [list(h) for h in self.hands], list(self.boneyard), list(self.plays))

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "hands": [[str(t) for t in h] for h in self.hands],
            "boneyard": [str(t) for t in self.boneyard],
            "plays": [p.to_json() for p in self.plays],
        }


@dataclass(slots=True)
class Record:
    players: int
    rounds: list[RoundRecord] = field(default_factory=list)

    @property
    def placements(self) -> int:
        """How many placements the record holds, over all its rounds."""
        return sum(len(r.plays) for r in self.rounds)

    def copy(self) -> Record:
        return Record(self.players, [r.copy() for r in self.rounds])

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "players": self.players, "rounds": [r.to_json() for r in self.rounds]}

    def dumps(self, indent: int | None = None) -> str:
        return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)

    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        return cls.from_json(load_json(text))

    @classmethod
    def from_json(cls, data: object) -> Record:
        players, rounds = read_header(data)
        out = cls(players)
        for i, rnd in enumerate(rounds):
            leader, hands, boneyard = read_deal(rnd, i)
            plays = [read_play(p, f"round {i}, play {j}") for j, p in enumerate(round_plays(rnd, i))]
            out.rounds.append(RoundRecord(leader, hands, boneyard, plays))
        return out


# The readers below are separate so that a replay can read a record step by
# step and print every event before the first bad step.


def load_json(text: str | bytes) -> object:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RecordError(f"not valid JSON ({e})") from None


def read_header(data: object) -> tuple[int, list[object]]:
    """The number of players and the raw rounds."""
    if not isinstance(data, dict):
        raise RecordError("the record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {data.get('format')!r}")
    players = data.get("players")
    if type(players) is not int or players not in (2, 3, 4):
        raise RecordError(f"players must be 2, 3 or 4, not {players!r}")
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list")
    return players, rounds


def read_deal(data: object, index: int) -> tuple[int, list[list[Tile]], list[Tile]]:
    """A round's leader, hands and boneyard, spelled canonically (rules are checked later)."""
    where = f"round {index}"
    if not isinstance(data, dict):
        raise RecordError("a round must be a JSON object", where)
    leader = data.get("leader")
    if type(leader) is not int:
        raise RecordError(f"leader must be a seat number, not {leader!r}", where)
    hands = data.get("hands")
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise RecordError("hands must be a list of lists of tiles", where)
    boneyard = data.get("boneyard")
    if not isinstance(boneyard, list):
        raise RecordError("boneyard must be a list of tiles", where)
    round_plays(data, index)
    return leader, [[_read_tile(t, where) for t in h] for h in hands], [_read_tile(t, where) for t in boneyard]


def round_plays(data: object, index: int) -> list[object]:
    plays = data.get("plays", []) if isinstance(data, dict) else None
    if not isinstance(plays, list):
        raise RecordError("plays must be a list", f"round {index}")
    return plays


def read_play(data: object, where: str) -> Play:
    if not isinstance(data, dict):
        raise RecordError("a play must be a JSON object", where)
    seat = data.get("seat")
    if type(seat) is not int:
        raise RecordError(f"seat must be a seat number, not {seat!r}", where)
    on = data.get("on")
    return Play(seat, placement(_read_tile(data.get("tile"), where), None if on is None else _read_tile(on, where)))


def _read_tile(text: object, where: str) -> Tile:
    try:
        return parse_tile(text)
    except ValueError as e:
        raise RecordError(str(e), where) from None
