"""A match of Exact 61 Five Up: deals, turns, forced draws, scoring and settlements.

The match is a plain state machine. Every accepted action appends to its
`record` and to its `events`; after each placement the forced part of the next
turn (draws, passes, a block) happens at once, so the seat to move always holds
a legal placement. A placement that ends a round leaves the match at
`Phase.ROUND_OVER` with the round readable as `finished_round`; the caller then
starts the next one (`next_round`, which deals from the seed), as `dominoes`
keeps its `Game` apart from its `Series`. A replayed match takes its deals from
the record instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import NoReturn

from .errors import (
    BadTargetError,
    MatchOverError,
    MustPlayDrawnTileError,
    NotYourTurnError,
    RecordError,
    RoundOverError,
    RulesError,
    TileNotInHandError,
)
from .events import (
    Award,
    Blocked,
    Domino,
    Drew,
    Event,
    GameOver,
    LotDraw,
    Passed,
    Placed,
    Result,
    RoundStarted,
)
from .frozen import builder
from .layout import Layout
from .option import FATES, SETTLING, Option
from .phase import Phase
from .placement import Placement
from .record import Ending, Play, Record, RoundRecord, read_deal, read_ending, read_header, read_play, round_plays
from .rounds import FinishedRound
from .rules import (
    HAND_SIZE,
    PLAYER_COUNTS,
    SCORING,
    TARGET_RAW,
    block_order,
    partner_of,
    round_to_five,
    seat_sides,
    sides,
)
from .snapshots import SeatView, TableSnapshot
from .tiles import ALL_TILES, Tile, hand_pips

# Enum members read through their class cost some 80 ns a lookup on CPython 3.11 (a plain name, 8 ns);
# the hot paths (options, place, and each round's deal and settlement) read them from these module names instead.
_PLAYING, _ROUND_OVER, _MATCH_OVER = Phase.PLAYING, Phase.ROUND_OVER, Phase.OVER
_NONE, _SCORED, _OVER, _SETTLED = Result.NONE, Result.SCORED, Result.OVER, Result.SETTLED

# The frozen values every round makes, built without their dataclass `__init__` (engine/frozen.py says why).
_round_started = builder(RoundStarted)
_drew = builder(Drew)
_passed = builder(Passed)
_domino = builder(Domino)
_game_over = builder(GameOver)
_finished_round = builder(FinishedRound)


# Where each seat's hand lies in a shuffled set, by number of players (the boneyard is the rest).
_HAND_SLICES = {n: tuple(slice(HAND_SIZE * s, HAND_SIZE * (s + 1)) for s in range(n)) for n in PLAYER_COUNTS}

# Fisher-Yates from the last place down, as `random.Random.shuffle` does it: (place, bits to draw).
_SHUFFLE_STEPS = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, len(ALL_TILES))))


def shuffled_tiles(rng: random.Random) -> list[Tile]:
    """The full set in the order `rng.shuffle(list(ALL_TILES))` gives (a test holds them equal): the same
    swaps, each index drawn from `getrandbits` with the same rejection, written out here so that a deal
    costs half as much, and so that seeds keep dealing the same should Python change its shuffle."""
    tiles = list(ALL_TILES)
    bits = rng.getrandbits
    for i, k in _SHUFFLE_STEPS:
        j = bits(k)
        while j > i:
            j = bits(k)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles


def draw_lot(rng: random.Random, players: int) -> tuple[int, tuple[LotDraw, ...]]:
    """The neutral lot: each candidate draws a tile, the highest pip total leads; ties draw again."""
    candidates = list(range(players))
    draws: list[LotDraw] = []
    while True:
        tiles = shuffled_tiles(rng)
        drawn = tuple(zip(candidates, tiles, strict=False))
        draws.append(LotDraw(drawn))
        best = max(t.pips for _, t in drawn)
        candidates = [s for s, t in drawn if t.pips == best]
        if len(candidates) == 1:
            return candidates[0], tuple(draws)


class Match:
    """One match. Create with `Match.new(players, seed)` or rebuild with `Match.replay(record)`."""

    # Slots keep attribute reads fast on every copy `clone` makes (search plays on thousands of them).
    __slots__ = (
        "_moves_before",
        "_plays",
        "_rng",
        "_round_start",
        "boneyard",
        "drawn",
        "events",
        "finished_round",
        "hands",
        "last",
        "layout",
        "leader",
        "must_play",
        "next_leader",
        "phase",
        "players",
        "record",
        "round",
        "scores",
        "seat_sides",
        "seed",
        "sides",
        "turn",
        "winner",
    )

    def __init__(self, players: int, seed: object | None = None) -> None:
        if players not in PLAYER_COUNTS:
            raise ValueError(f"a match has 2, 3 or 4 players, not {players!r}")
        self.players = players
        self.sides = sides(players)
        self.seat_sides = seat_sides(players)  # the side of each seat
        self.seed = seed  # None: rounds come from a record, not from the random source
        self.record = Record(players)
        self.events: list[Event] = []
        self.scores = [0] * self.sides
        self.phase = Phase.ROUND_OVER
        self.round = -1
        self.leader = 0
        self.hands: list[list[Tile]] = [[] for _ in range(players)]
        self.boneyard: tuple[Tile, ...] = ()  # never changed in place: a clone shares it
        self.drawn = 0  # how many boneyard tiles have been drawn
        self.layout = Layout()
        self.turn: int | None = None
        self.must_play: Tile | None = None
        self.winner: int | None = None
        self.next_leader: int | None = None  # the finisher of the last round, who leads the next
        self.last: Placed | None = None
        self.finished_round: FinishedRound | None = None  # the latest round that ended
        self._moves_before = 0  # placements made in the rounds before the current one
        self._round_start = 0  # where the current round's events begin in `events`
        self._rng: random.Random | None = None  # made at the first deal, seeded afresh for every deal
        self._plays: list[Play] = []  # the current round's placements in `record` (appended to on each one)

    # -- making matches -----------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: object) -> Match:
        """A live match whose deals and lots come from `seed` (any str or int)."""
        match = cls(players, seed)
        match._deal()
        return match

    @classmethod
    def replay(cls, record: Record | object) -> Match:
        """Rebuild a match from its record (a Record, or its JSON data); raises RecordError."""
        players = record.players if isinstance(record, Record) else read_header(record)[0]
        match = cls(players)
        for _ in match.replay_steps(record):
            pass
        return match

    @classmethod
    def restore(cls, record: Record | object, seed: object) -> Match:
        """Rebuild a live match saved as its record; later deals come from `seed` again.

        A record that ends with a finished round is dealt its next round at once, so
        a restored live match is always ready to play; the round that ended stays
        readable as `finished_round` (its picture can be shown after a restart)."""
        match = cls.replay(record)
        match.seed = seed
        if match.phase is Phase.ROUND_OVER:
            match._deal()
        return match

    def clone(self, *, keep_history: bool = False) -> Match:
        """An independent copy of the current state, for search. Without `keep_history` the copy's
        record holds only the current round and its events start empty (cheaper). A clone never
        deals: its search stops at the end of the round."""
        other = Match.__new__(Match)
        _copy_slots(self, other)  # numbers, enums, tiles and frozen values are shared as they are
        other.seed = None
        other._rng = None
        other._own_containers(keep_history)
        return other

    def __getstate__(self) -> tuple[None, dict[str, object]]:
        """Pickled and copied without its random source: a cache each deal seeds afresh, so nothing of the
        state; pickling it would triple what goes to the computer players' processes at every move."""
        slots = {name: getattr(self, name) for name in Match.__slots__ if hasattr(self, name)}
        slots["_rng"] = None
        return None, slots

    def _own_containers(self, keep_history: bool) -> None:
        """After a shallow copy: give this match its own copy of each container that play changes.
        (`boneyard` is a tuple and `finished_round` a frozen value: they are never changed in place.)"""
        record = self.record
        if keep_history:
            self.record = record.copy()
            self.events = list(self.events)
        else:
            self.record = Record(record.players, [r.copy() for r in record.rounds[-1:]])
            self.events = []
            self._round_start = 0
        if self.record.rounds:
            self._plays = self.record.rounds[-1].plays
        self.scores = list(self.scores)
        self.hands = [list(h) for h in self.hands]
        self.layout = self.layout.copy()

    def redeal_hidden(self, seat: int, hands: list[list[Tile]], boneyard: list[Tile]) -> None:
        """Give every seat but `seat` these hands and make `boneyard` the tiles still to draw.

        For search on a clone: a computer player samples what it cannot see and plays on.
        The tiles must be exactly the ones hidden from `seat` now.
        """
        hidden = [t for s, h in enumerate(self.hands) if s != seat for t in h] + list(self.boneyard[self.drawn :])
        given = [t for s, h in enumerate(hands) if s != seat for t in h] + list(boneyard)
        if sorted(hidden) != sorted(given) or any(
            len(h) != len(self.hands[s]) for s, h in enumerate(hands) if s != seat
        ):
            raise ValueError("a redeal must share out exactly the hidden tiles, hand sizes unchanged")
        for s, h in enumerate(hands):
            if s != seat:
                self.hands[s] = list(h)
        self.boneyard = self.boneyard[: self.drawn] + tuple(boneyard)

    def replay_steps(self, record: Record | object) -> Iterator[list[Event]]:
        """Play a record into this fresh match, yielding the events of each step as it goes.

        Given JSON data rather than a Record, it reads each step only when it gets
        there, so that the events before a malformed step are still produced. A record's
        `ending` is checked once every step is played: the match is not over, and the
        scores are the ones the plays reach.
        """
        rounds: list[RoundRecord] | list[object]
        if isinstance(record, Record):
            players, rounds, ending = record.players, record.rounds, record.ending
        else:
            players, rounds = read_header(record)
            assert isinstance(record, dict)  # read_header said so
            ending = read_ending(record, players)
        if players != self.players:
            raise RecordError(f"the record is for {players} players")
        for i, rnd in enumerate(rounds):
            plays: list[Play] | list[object]
            if isinstance(rnd, RoundRecord):
                leader, hands, boneyard, plays = rnd.leader, rnd.hands, rnd.boneyard, rnd.plays
            else:
                leader, hands, boneyard = read_deal(rnd, i)
                plays = round_plays(rnd, i)
            yield self.start_round(leader, hands, boneyard)
            for j, raw in enumerate(plays):
                where = f"round {i}, play {j}"
                play = raw if isinstance(raw, Play) else read_play(raw, where)
                try:
                    events = self.place(play.seat, play.placement)
                except RulesError as e:
                    raise RecordError(str(e), where) from None
                yield events
        if ending is not None:
            self._check_ending(ending)

    def _check_ending(self, ending: Ending) -> None:
        """A record's `ending` agrees with its plays: the rules did not end the match, and its scores
        are the sides' raw scores the plays reach."""
        if self.phase is _MATCH_OVER:
            raise RecordError(f"ending: a side reached {TARGET_RAW}, so the match was played out and has no ending")
        if list(ending.scores) != self.scores:
            reached, given = self.scores, list(ending.scores)
            raise RecordError(f"ending: scores must be {reached}, the scores the plays reach, not {given}")

    # -- rounds -------------------------------------------------------------

    def next_round(self) -> list[Event]:
        """Deal the next round from the seed, once a round is over; return its events (RoundStarted)."""
        if self.phase is _MATCH_OVER:
            raise MatchOverError("the match is over")
        if self.phase is not _ROUND_OVER:
            raise ValueError(f"round {self.round} is still being played")
        if self.seed is None:
            raise ValueError("this match has no seed to deal from (a replay deals from its record)")
        return self._deal()

    def _deal(self) -> list[Event]:
        number = self.round + 1
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(0)
        # Seeding sets the whole state, as `random.Random(...)` does: no earlier deal shows through. One
        # random source per match, not one per round: a fresh one is 2.5 kB to allocate and clear.
        rng.seed(f"exact61/{self.seed}/{number}")
        lot: tuple[LotDraw, ...] = ()
        if self.next_leader is None:
            leader, lot = draw_lot(rng, self.players)
        else:
            leader = self.next_leader
        tiles = shuffled_tiles(rng)
        hands = list(map(tiles.__getitem__, _HAND_SLICES[self.players]))
        return self._begin_round(leader, hands, tiles[HAND_SIZE * self.players :], lot)

    def start_round(
        self, leader: int, hands: list[list[Tile]], boneyard: list[Tile], lot: tuple[LotDraw, ...] = ()
    ) -> list[Event]:
        """Begin the next round with this deal; checks the deal and the leader."""
        number = self.round + 1
        where = f"round {number}"
        if self.phase is Phase.OVER:
            raise RecordError("the match is already over", where)
        if self.phase is not Phase.ROUND_OVER:
            raise RecordError(f"round {self.round} has not ended yet", where)
        if len(hands) != self.players:
            raise RecordError(f"{len(hands)} hands dealt for {self.players} players", where)
        for seat, hand in enumerate(hands):
            if len(hand) != HAND_SIZE:
                raise RecordError(f"seat {seat} was dealt {len(hand)} tiles, not {HAND_SIZE}", where)
        dealt = [t for h in hands for t in h] + list(boneyard)
        if len(set(dealt)) != len(dealt):
            twice = sorted({t for t in dealt if dealt.count(t) > 1})
            raise RecordError(f"tile {twice[0]} is dealt more than once", where)
        if len(dealt) != len(ALL_TILES):
            raise RecordError(f"the deal has {len(dealt)} tiles, not {len(ALL_TILES)}", where)
        if not (0 <= leader < self.players):
            raise RecordError(f"leader {leader} is not a seat", where)
        if self.next_leader is not None and leader != self.next_leader:
            raise RecordError(f"seat {self.next_leader} went out and must lead, not seat {leader}", where)
        return self._begin_round(leader, [list(h) for h in hands], list(boneyard), lot)

    def _begin_round(
        self, leader: int, hands: list[list[Tile]], boneyard: list[Tile], lot: tuple[LotDraw, ...]
    ) -> list[Event]:
        """Start a round with a deal known to be whole (checked by `start_round`, or shuffled from the
        full set by `_deal`); `hands` and `boneyard` become the match's own."""
        start = self._round_start = len(self.events)
        self._moves_before += len(self._plays)
        self.round = number = self.round + 1
        self.leader = leader
        self.hands = hands
        self.boneyard = tuple(boneyard)
        self.drawn = 0
        self.layout = Layout()
        self.must_play = None
        self.last = None
        self.next_leader = None
        self._plays = []
        self.record.rounds.append(RoundRecord(leader, list(map(list, hands)), boneyard, self._plays))
        self.phase = _PLAYING
        self.turn = leader
        self.events.append(_round_started(number, leader, lot))
        return self.events[start:]

    # -- asking -------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return self.seat_sides[seat]

    @property
    def move_no(self) -> int:
        """How many placements the match has seen, over all its rounds."""
        return self._moves_before + len(self._plays)

    def options(self, seat: int | None = None) -> list[Option]:
        """The legal placements of `seat` (default: the seat to move) with what each would score."""
        turn = self.turn
        if seat is None:
            seat = turn
        if seat != turn or turn is None or self.phase is not _PLAYING:
            return []
        hand = self.hands[turn]
        fates = SETTLING if len(hand) == 1 else FATES[TARGET_RAW - self.scores[self.seat_sides[turn]]]
        return self.layout.options_of(hand if self.must_play is None else (self.must_play,), fates)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tuple(self.hands[seat])

    def seat_view(self, seat: int) -> SeatView:
        return SeatView(
            seat, tuple(self.hands[seat]), tuple(self.options(seat)), self.must_play if seat == self.turn else None
        )

    def snapshot(self) -> TableSnapshot:
        """The public table now (after a round ends and before the next deal: the table as it ended)."""
        layout = self.layout
        return TableSnapshot(
            players=self.players,
            sides=self.sides,
            round=self.round,
            leader=self.leader,
            phase=self.phase,
            turn=self.turn,
            scores=tuple(self.scores),
            hand_sizes=tuple(len(h) for h in self.hands),
            boneyard=len(self.boneyard) - self.drawn,
            tiles=layout.view(),
            end_total=layout.total,
            contributions=tuple(layout.contributions()),
            last=self.last,
            winner=self.winner,
        )

    @property
    def boneyard_left(self) -> int:
        return len(self.boneyard) - self.drawn

    # -- acting -------------------------------------------------------------

    def place(self, seat: int, placement: Placement) -> list[Event]:
        """Make `placement` from `seat`'s hand; return the events this caused."""
        tile = placement.tile
        if seat != self.turn or self.phase is not _PLAYING:
            self._refuse_turn(seat)
        hand = self.hands[seat]
        for index, held in enumerate(hand):  # noqa: B007 (kept after the loop)  tiles are interned: identity finds it
            if held is tile:
                break
        else:
            if tile not in hand:
                raise TileNotInHandError(f"seat {seat} does not hold {tile}", seat=seat, tile=str(tile))
            index = hand.index(tile)
        must_play = self.must_play
        if must_play is not None and tile is not must_play and tile != must_play:
            raise MustPlayDrawnTileError(
                f"seat {seat} must place the tile it drew, {must_play}", seat=seat, tile=str(must_play)
            )
        try:
            total = self.layout.place(tile, placement.on, seat)
        except BadTargetError as e:
            raise BadTargetError(f"seat {seat} {e}", seat=seat, **e.params) from None
        del hand[index]
        if must_play is not None:
            self.must_play = None
        self._plays.append(_new_tuple(Play, (seat, placement)))
        points = SCORING[total]
        events = self.events
        if not hand:
            last = self.last = _new_tuple(Placed, (seat, placement, total, points, _SETTLED, tuple(self.scores)))
            start = len(events)
            events.append(last)
            self._settle_domino(seat, points)
            return events[start:]
        side = self.seat_sides[seat]
        result = self._apply(side, points) if points else _NONE
        last = self.last = _new_tuple(Placed, (seat, placement, total, points, result, tuple(self.scores)))
        events.append(last)
        if result is _SCORED and self._check_won(side):
            return events[-2:]  # the placement and the end of the match
        seat += 1
        if seat == self.players:
            seat = 0
        self.turn = seat
        if self.layout.accepts_any(self.hands[seat]):  # the next seat just plays: the usual case
            return [last]
        start = len(events) - 1
        self._advance()
        return events[start:]

    def _refuse_turn(self, seat: int) -> NoReturn:
        """Raise the error that says why `seat` may not place now."""
        if self.phase is Phase.OVER:
            raise MatchOverError("the match is over", seat=seat)
        if self.phase is not _PLAYING:
            raise RoundOverError(f"round {self.round} is over", seat=seat)
        raise NotYourTurnError(f"seat {seat} cannot play now: it is seat {self.turn}'s turn", seat=seat, turn=self.turn)

    def _apply(self, side: int, points: int) -> Result:
        """One scoring event under the exact-target rule: applied whole or cancelled whole."""
        if points == 0:
            return _NONE
        new = self.scores[side] + points
        if new > TARGET_RAW:
            return _OVER
        self.scores[side] = new
        return _SCORED

    def _check_won(self, side: int) -> bool:
        if self.scores[side] != TARGET_RAW:
            return False
        self.winner = side
        self.phase = _MATCH_OVER
        self.turn = None
        self.events.append(_game_over(side, tuple(self.scores)))
        return True

    def _advance(self) -> None:
        """Carry out the forced part of turns: draws until a playable tile, passes, or a block."""
        layout = self.layout
        fits = layout.accepts_any
        while True:
            seat = self.turn
            assert seat is not None
            hand = self.hands[seat]
            if fits(hand):
                return
            if self.drawn < len(self.boneyard):
                t = self.boneyard[self.drawn]
                self.drawn += 1
                hand.append(t)
                self.events.append(_drew(seat, t))
                if layout.accepts(t):
                    self.must_play = t
                    return
                continue
            if not any(fits(h) for h in self.hands):
                self._settle_block()
                return
            self.events.append(_passed(seat))
            self.turn = (seat + 1) % self.players

    def _settle_domino(self, seat: int, placement: int) -> None:
        seat_sides = self.seat_sides
        side = seat_sides[seat]
        hands = tuple(map(tuple, self.hands))  # revealed: in the event and in the finished round
        opponents_pips = 0
        for s, h in enumerate(hands):  # a loop, not a comprehension: this runs once a round, cold
            if seat_sides[s] != side:
                opponents_pips += hand_pips(h)
        partner = partner_of(self.players, seat)
        partner_pips = 0 if partner is None else hand_pips(hands[partner])
        opponents = round_to_five(opponents_pips)
        partner = round_to_five(partner_pips)
        net = placement + opponents - partner
        result = self._apply(side, net)
        self.events.append(
            _domino(
                seat,
                side,
                placement,
                opponents,
                partner,
                net,
                result,
                tuple(self.scores),
                opponents_pips,
                partner_pips,
                hands,
            )
        )
        self.turn = None
        if self._check_won(side):
            self._finish_round(hands)
        else:
            self._end_round(next_leader=seat, hands=hands)

    def _settle_block(self) -> None:
        n = self.players
        seat_side = self.seat_sides
        totals = tuple(hand_pips(h) for h in self.hands)
        order = block_order(totals, self.leader)
        awards: list[Award] = []
        ended = False
        for s in order:
            side = seat_side[s]
            difference = sum(totals[o] - totals[s] for o in range(n) if seat_side[o] != side and totals[o] > totals[s])
            points = round_to_five(difference)
            if points <= 0:
                continue
            if ended:
                awards.append(Award(s, side, points, Result.SKIPPED, difference))
                continue
            result = self._apply(side, points)
            awards.append(Award(s, side, points, result, difference))
            if self.scores[side] == TARGET_RAW:
                ended = True
                self.winner = side
        lowest = min(totals)
        lowest_sides = {seat_side[s] for s in range(n) if totals[s] == lowest}
        round_winner = lowest_sides.pop() if len(lowest_sides) == 1 else None
        hands = tuple(tuple(h) for h in self.hands)
        self.events.append(Blocked(totals, tuple(awards), round_winner, tuple(self.scores), order, hands))
        self.turn = None
        if ended:
            assert self.winner is not None
            self.phase = Phase.OVER
            self.events.append(GameOver(self.winner, tuple(self.scores)))
            self._finish_round(hands)
        else:
            self._end_round(next_leader=None, hands=hands)

    def _end_round(self, next_leader: int | None, hands: tuple[tuple[Tile, ...], ...]) -> None:
        """The round is over and the match is not: wait for `next_round` (or a record's next deal)."""
        self.phase = _ROUND_OVER
        self.next_leader = next_leader
        self._finish_round(hands)

    def _finish_round(self, hands: tuple[tuple[Tile, ...], ...]) -> None:
        assert self.last is not None
        self.finished_round = _finished_round(
            self.round,  # number
            self.leader,
            self.players,
            self.layout,
            hands,
            len(self.boneyard) - self.drawn,  # boneyard
            tuple(self.events[self._round_start :]),
            tuple(self.scores),
            self.last,
            self.phase,
            self.winner,
        )


def _slot_copier(names: tuple[str, ...]) -> Callable[[Match, Match], None]:
    """A function that copies each of `names` from one match to another, written out once from
    `Match.__slots__` (as `dataclasses` writes its methods): as fast as spelling the assignments
    out by hand, and a new slot is copied without anyone adding it here."""
    body = "\n".join(f"    dst.{name} = src.{name}" for name in names)
    namespace: dict[str, Callable[[Match, Match], None]] = {}
    exec(f"def copy_slots(src, dst):\n{body}\n", namespace)
    return namespace["copy_slots"]


_copy_slots = _slot_copier(Match.__slots__)


_new_tuple = tuple.__new__
