"""What one seat legitimately knows: its own hand and the public table, nothing else.

Computer players decide only from an `Observation`. It is rebuilt from the
public event stream of the current round (placements, draws and passes; never
the tile another seat drew), so no hidden tile can leak into a decision.

A seat that draws or passes shows that it holds no tile matching the open
values of that moment. Those facts are kept as *holdings*: per seat, groups of
hidden tiles that share the same set of pips they cannot carry. Tiles drawn
later are not bound by earlier facts, hence groups rather than one set per seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..events import Drew, Event, Passed, Placed, RoundStarted
from ..layout import Layout
from ..match import Match
from ..option import Option
from ..phase import Phase
from ..record import Play, Record
from ..rules import HAND_SIZE, TARGET_RAW, side_of
from ..tiles import ALL_TILES, Tile


@dataclass(frozen=True, slots=True)
class Holding:
    """`count` hidden tiles of one seat, none of which has a pip in `excluded`."""

    count: int
    excluded: frozenset[int]

    def admits(self, t: Tile) -> bool:
        return t.low not in self.excluded and t.high not in self.excluded


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's information set: equal for every deal of the hidden tiles that fits what it saw."""

    seat: int
    players: int
    round: int
    leader: int
    hand: tuple[Tile, ...]
    options: tuple[Option, ...]
    must_play: Tile | None
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    boneyard: int
    plays: tuple[Play, ...]  # this round's placements
    unseen: frozenset[Tile]  # neither in this seat's hand nor on the table: other hands and the boneyard
    holdings: tuple[tuple[Holding, ...], ...]  # per seat, oldest group first; empty for this seat
    last_draws: tuple[int, ...]  # per seat, how many of `plays` were made when it last drew this round (-1: never)
    layout: Layout = field(compare=False, repr=False)  # the table rebuilt from `plays`; do not mutate

    def side_of(self, seat: int) -> int:
        return side_of(self.players, seat)

    @property
    def side(self) -> int:
        return self.side_of(self.seat)

    @property
    def need(self) -> int:
        """Raw points this seat's side still needs to reach the target exactly."""
        return TARGET_RAW - self.scores[self.side]

    def may_hold(self, seat: int, t: Tile) -> bool:
        """Whether `seat` can be holding the unseen tile `t`, given what its draws and passes showed."""
        if t not in self.unseen or seat == self.seat:
            return False
        return any(h.admits(t) for h in self.holdings[seat])


def open_values(layout: Layout) -> frozenset[int]:
    """The pip values a tile can attach to now."""
    return layout.open_values()


def observe(match: Match, seat: int) -> Observation:
    """The observation of `seat`: its hand, the public state, and what draws and passes revealed."""
    if match.phase is not Phase.PLAYING:
        raise ValueError("there is nothing to decide: no round is being played")
    snapshot = match.snapshot()
    view = match.seat_view(seat)
    hand = view.hand
    layout = Layout()
    plays: list[Play] = []
    groups = [[_Group(HAND_SIZE)] for _ in range(match.players)]
    drawing: dict[int, tuple[int, frozenset[int]]] = {}  # seat -> (tiles drawn so far, values it could not match)
    last_draws = [-1] * match.players

    def exclude_all(s: int, values: frozenset[int]) -> None:
        for g in groups[s]:
            g.excluded |= values

    def close_draws(s: int, kept: int) -> None:
        """A run of draws ended: the seat held nothing playable before it, nor in the `kept` tiles drawn."""
        _, values = drawing.pop(s)
        exclude_all(s, values)
        if kept:
            groups[s].append(_Group(kept, values))

    for event in _round_events(match):
        if isinstance(event, Drew):  # the drawn tile itself is private: only the fact of drawing is public
            count, values = drawing.get(event.seat, (0, open_values(layout)))
            drawing[event.seat] = (count + 1, values)
            last_draws[event.seat] = len(plays)
        elif isinstance(event, Passed):
            if event.seat in drawing:
                close_draws(event.seat, drawing[event.seat][0])
            exclude_all(event.seat, open_values(layout))
        elif isinstance(event, Placed):
            s, t = event.seat, event.tile
            if s in drawing:
                close_draws(s, drawing[s][0] - 1)  # the tile placed is the playable one just drawn
            else:
                _take(groups[s], t)
            layout.place(t, event.on, s)
            plays.append(Play(s, event.placement))
    for s, (count, _) in drawing.items():  # this seat is drawing now; its drawn tiles are its own business
        groups[s].append(_Group(count))

    holdings: list[tuple[Holding, ...]] = []
    for s in range(match.players):
        merged: dict[frozenset[int], int] = {}
        for g in groups[s]:
            if g.count > 0:
                key = frozenset(g.excluded)
                merged[key] = merged.get(key, 0) + g.count
        found = tuple(Holding(n, x) for x, n in merged.items())
        if sum(h.count for h in found) != snapshot.hand_sizes[s]:  # should not happen; stay sound anyway
            found = (Holding(snapshot.hand_sizes[s], frozenset()),)
        holdings.append(() if s == seat else found)

    unseen = frozenset(ALL_TILES) - set(hand) - {p.tile for p in plays}
    return Observation(
        seat=seat,
        players=match.players,
        round=snapshot.round,
        leader=snapshot.leader,
        hand=hand,
        options=view.options,
        must_play=view.must_play,
        scores=snapshot.scores,
        hand_sizes=snapshot.hand_sizes,
        boneyard=snapshot.boneyard,
        plays=tuple(plays),
        unseen=unseen,
        holdings=tuple(holdings),
        last_draws=tuple(last_draws),
        layout=layout,
    )


class _Group:
    """A holding while it is being worked out: mutable."""

    __slots__ = ("count", "excluded")

    def __init__(self, count: int, excluded: frozenset[int] = frozenset()) -> None:
        self.count = count
        self.excluded = set(excluded)


def _take(groups: list[_Group], t: Tile) -> None:
    """A seat placed `t` from its hand: count it out of the oldest group it fits.

    Groups are nested (older groups exclude at least what newer ones do), so
    taking from the oldest fitting group never claims more than is known.
    """
    for g in groups:
        if g.count > 0 and t.low not in g.excluded and t.high not in g.excluded:
            g.count -= 1
            return
    for g in reversed(groups):
        if g.count > 0:
            g.count -= 1
            return


def _round_events(match: Match) -> list[Event]:
    """The events of the current round. A clone made without history has none, so they are
    regenerated by replaying the round's record; only their public parts are read."""
    events = match.events
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], RoundStarted):
            return events[i + 1 :]
    current = match.record.rounds[-1]
    return Match.replay(Record(match.players, [current])).events[1:]
