"""Game records (docs/record-format.md): the deals and the placements, and optionally who sat
where (`names`), when the match ended (`ended_at`) and how a match that was not played out
stopped (`ending`), which no rule reads.

Reading checks the shape of the record and spells tiles canonically; whether
the deals and plays obey the rules is checked by replaying them (`Match`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, NamedTuple, cast

from .errors import RecordError
from .placement import Placement, placement
from .rules import sides
from .tiles import Tile, parse_tile

FORMAT = "exact61-record/1"
ENDED_AT_FORMAT = "%Y-%m-%dT%H:%M:%SZ"  # a UTC moment to the second: "2026-12-01T16:00:00Z"

How = Literal["ended_early", "timeout", "withdrawal"]
HOWS: tuple[How, ...] = ("ended_early", "timeout", "withdrawal")  # the ways a match stops before it is played out


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
    # `text`'s pieces so far: the deal's JSON, then one play's JSON each for the first plays (see `text`)
    _pieces: list[str] = field(default_factory=list, compare=False, repr=False)
    _last: Play | None = field(default=None, compare=False, repr=False)  # the last play `_pieces` hold

    def copy(self) -> RoundRecord:
        """An independent copy (the tiles and plays are values and are shared)."""
        return RoundRecord(self.leader, [list(h) for h in self.hands], list(self.boneyard), list(self.plays))

    def to_json(self) -> dict[str, Any]:
        return {**self._deal(), "plays": [p.to_json() for p in self.plays]}

    def _deal(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "hands": [[str(t) for t in h] for h in self.hands],
            "boneyard": [str(t) for t in self.boneyard],
        }

    def text(self) -> str:
        """`json.dumps(self.to_json(), ensure_ascii=False)`, made from what the last call made.

        The bot saves the whole record after every placement: written anew each time, a match's saves cost
        its length squared. A round's deal never changes once dealt and its plays only grow (`Match` appends
        them), so the deal's text and each play's are made once; the plays list is checked to still hold
        the same last play the pieces were made from, else they are made anew."""
        pieces, plays = self._pieces, self.plays
        done = len(pieces) - 1
        if done < 0 or done > len(plays) or (done and plays[done - 1] is not self._last):
            deal = json.dumps(self._deal(), ensure_ascii=False)
            pieces[:] = [deal[:-1] + ', "plays": [']
            done = 0
        for play in plays[done:]:
            pieces.append(json.dumps(play.to_json(), ensure_ascii=False))
        self._last = plays[-1] if plays else None
        return pieces[0] + ", ".join(pieces[1:]) + "]}"


@dataclass(frozen=True, slots=True)
class Ending:
    """How a match stopped before the rules ended it: `how`, the seat that `by` names (the seat that
    ended it, None when someone not at the table did; the seat that lost on time; the seat that
    withdrew), and every side's raw score then, indexed by side."""

    how: How
    by: int | None
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"how": self.how, "by": self.by, "scores": list(self.scores)}


@dataclass(slots=True)
class Record:
    players: int
    rounds: list[RoundRecord] = field(default_factory=list)
    names: list[str] | None = None  # the players' names as shown at the table, one per seat (optional)
    ended_at: str | None = None  # when the match ended, UTC, in ENDED_AT_FORMAT (optional)
    ending: Ending | None = None  # how a match not played out stopped (optional)

    @property
    def placements(self) -> int:
        """How many placements the record holds, over all its rounds."""
        return sum(len(r.plays) for r in self.rounds)

    def copy(self) -> Record:
        names = None if self.names is None else list(self.names)
        return Record(self.players, [r.copy() for r in self.rounds], names, self.ended_at, self.ending)

    def to_json(self) -> dict[str, Any]:
        out = self._head()
        out["rounds"] = [r.to_json() for r in self.rounds]
        return out

    def _head(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "players": self.players}
        if self.names is not None:
            out["names"] = list(self.names)
        if self.ended_at is not None:
            out["ended_at"] = self.ended_at
        if self.ending is not None:
            out["ending"] = self.ending.to_json()
        return out

    def dumps(self, indent: int | None = None) -> str:
        """The record as JSON text; on one line (`indent` None) from each round's kept text (`RoundRecord.text`)."""
        if indent is not None:
            return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)
        head = json.dumps(self._head(), ensure_ascii=False)
        return head[:-1] + ', "rounds": [' + ", ".join([r.text() for r in self.rounds]) + "]}"

    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        return cls.from_json(load_json(text))

    @classmethod
    def from_json(cls, data: object) -> Record:
        players, rounds = read_header(data)
        assert isinstance(data, dict)  # read_header said so
        out = cls(
            players, names=read_names(data, players), ended_at=read_ended_at(data), ending=read_ending(data, players)
        )
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
    """The number of players and the raw rounds (the optional `names`, `ended_at` and `ending` checked, not
    returned)."""
    if not isinstance(data, dict):
        raise RecordError("the record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {data.get('format')!r}")
    players = data.get("players")
    if type(players) is not int or players not in (2, 3, 4):
        raise RecordError(f"players must be 2, 3 or 4, not {players!r}")
    read_names(data, players)  # optional, but well formed when present
    read_ended_at(data)
    read_ending(data, players)
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list")
    return players, rounds


def read_names(data: dict[str, Any], players: int) -> list[str] | None:
    """The optional `names`: one string per seat."""
    names = data.get("names")
    if names is None:
        return None
    if not isinstance(names, list) or len(names) != players or not all(isinstance(n, str) for n in names):
        raise RecordError(f"names must be a list of {players} strings, one per seat, not {names!r}")
    return list(names)


def read_ended_at(data: dict[str, Any]) -> str | None:
    """The optional `ended_at`: a UTC date and time to the second, "2026-12-01T16:00:00Z"."""
    ended_at = data.get("ended_at")
    if ended_at is None:
        return None
    try:
        if not isinstance(ended_at, str):
            raise ValueError
        datetime.strptime(ended_at, ENDED_AT_FORMAT)
    except ValueError:
        raise RecordError(f'ended_at must be a UTC time such as "2026-12-01T16:00:00Z", not {ended_at!r}') from None
    return ended_at


def read_ending(data: dict[str, Any], players: int) -> Ending | None:
    """The optional `ending`: how, by which seat, and the sides' raw scores then (that they are the
    scores the plays reach is checked by the replay)."""
    ending = data.get("ending")
    if ending is None:
        return None
    if not isinstance(ending, dict):
        raise RecordError(f"ending must be an object with how, by and scores, not {ending!r}")
    how = ending.get("how")
    if how not in HOWS:
        raise RecordError(f"ending: how must be one of {', '.join(map(repr, HOWS))}, not {how!r}")
    by = ending.get("by")  # absent is null, as a play's `on`
    nobody = how == "ended_early"  # someone not at the table may end a match; only a seat loses on time or withdraws
    if not ((by is None and nobody) or (type(by) is int and 0 <= by < players)):
        seats = f"a seat, 0 to {players - 1}" + (", or null" if nobody else f", for a {how}")
        raise RecordError(f"ending: by must be {seats}, not {by!r}")
    scores = ending.get("scores")
    count = sides(players)
    if not isinstance(scores, list) or len(scores) != count or not all(type(s) is int for s in scores):
        raise RecordError(f"ending: scores must be a list of {count} integers, one per side, not {scores!r}")
    return Ending(cast(How, how), by, tuple(scores))


def format_ended_at(timestamp: float) -> str:
    """A moment (seconds since the epoch) as a record's `ended_at`."""
    return datetime.fromtimestamp(int(timestamp), UTC).strftime(ENDED_AT_FORMAT)


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
