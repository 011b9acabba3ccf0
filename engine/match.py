"""A match of Exact 61 Five Up: deals, turns, forced draws, scoring and settlements.

The match is a plain state machine. Every accepted action appends to its
`record` and to its `events`; after each placement the forced part of the next
turn (draws, passes, a block) happens at once, so the seat to move always holds
a legal placement. A live match deals its rounds from its seed; a replayed one
takes them from the record.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

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
from .layout import Layout
from .record import Play, Record, RoundRecord, read_deal, read_header, read_play, round_plays
from .tiles import ALL_TILES, HAND_SIZE, TARGET_RAW, Tile, hand_pips, round_to_five
from .views import Option, Phase, SeatView, TableSnapshot


def side_of(players: int, seat: int) -> int:
    """With 4 players partners sit opposite: seats 0 & 2 are side 0, 1 & 3 side 1."""
    return seat % 2 if players == 4 else seat


def draw_lot(rng: random.Random, players: int) -> tuple[int, tuple[LotDraw, ...]]:
    """The neutral lot: each candidate draws a tile, the highest pip total leads; ties draw again."""
    candidates = list(range(players))
    draws: list[LotDraw] = []
    while True:
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        drawn = tuple(zip(candidates, tiles, strict=False))
        draws.append(LotDraw(drawn))
        best = max(t.pips for _, t in drawn)
        candidates = [s for s, t in drawn if t.pips == best]
        if len(candidates) == 1:
            return candidates[0], tuple(draws)


class Match:
    """One match. Create with `Match.new(players, seed)` or rebuild with `Match.replay(record)`."""

    def __init__(self, players: int, seed: object | None = None) -> None:
        if players not in (2, 3, 4):
            raise ValueError(f"a match has 2, 3 or 4 players, not {players!r}")
        self.players = players
        self.sides = 2 if players == 4 else players
        self.seed = seed  # None: rounds come from a record, not from the random source
        self.record = Record(players)
        self.events: list[Event] = []
        self.scores = [0] * self.sides
        self.phase = Phase.ROUND_OVER
        self.round = -1
        self.leader = 0
        self.hands: list[list[Tile]] = [[] for _ in range(players)]
        self.boneyard: list[Tile] = []
        self.drawn = 0  # how many boneyard tiles have been drawn
        self.layout = Layout()
        self.turn: int | None = None
        self.must_play: Tile | None = None
        self.winner: int | None = None
        self.next_leader: int | None = None  # the finisher of the last round, who leads the next
        self.last: Placed | None = None

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
        """Rebuild a live match saved as its record; later deals come from `seed` again."""
        match = cls.replay(record)
        match.seed = seed
        if match.phase is Phase.ROUND_OVER:
            match._deal()
        return match

    def clone(self, *, keep_history: bool = False) -> Match:
        """An independent copy of the current state, for search. Without `keep_history` the copy's
        record holds only the current round and its events start empty (cheaper)."""
        other = Match.__new__(Match)
        other.players = self.players
        other.sides = self.sides
        other.seed = None  # a clone never deals: search stops at the end of the round
        rounds = self.record.rounds if keep_history else self.record.rounds[-1:]
        other.record = Record(
            self.players,
            [RoundRecord(r.leader, [list(h) for h in r.hands], list(r.boneyard), list(r.plays)) for r in rounds],
        )
        other.events = list(self.events) if keep_history else []
        other.scores = list(self.scores)
        other.phase = self.phase
        other.round = self.round
        other.leader = self.leader
        other.hands = [list(h) for h in self.hands]
        other.boneyard = list(self.boneyard)
        other.drawn = self.drawn
        other.layout = self.layout.copy()
        other.turn = self.turn
        other.must_play = self.must_play
        other.winner = self.winner
        other.next_leader = self.next_leader
        other.last = self.last
        return other

    def redeal_hidden(self, seat: int, hands: list[list[Tile]], boneyard: list[Tile]) -> None:
        """Give every seat but `seat` these hands and make `boneyard` the tiles still to draw.

        For search on a clone: a computer player samples what it cannot see and plays on.
        The tiles must be exactly the ones hidden from `seat` now.
        """
        hidden = [t for s, h in enumerate(self.hands) if s != seat for t in h] + self.boneyard[self.drawn :]
        given = [t for s, h in enumerate(hands) if s != seat for t in h] + list(boneyard)
        if sorted(hidden) != sorted(given) or any(
            len(h) != len(self.hands[s]) for s, h in enumerate(hands) if s != seat
        ):
            raise ValueError("a redeal must share out exactly the hidden tiles, hand sizes unchanged")
        for s, h in enumerate(hands):
            if s != seat:
                self.hands[s] = list(h)
        self.boneyard = self.boneyard[: self.drawn] + list(boneyard)

    def replay_steps(self, record: Record | object) -> Iterator[list[Event]]:
        """Play a record into this fresh match, yielding the events of each step as it goes.

        Given JSON data rather than a Record, it reads each step only when it gets
        there, so that the events before a malformed step are still produced.
        """
        if isinstance(record, Record):
            players = record.players
            rounds: list = [(r.leader, r.hands, r.boneyard, r.plays) for r in record.rounds]
        else:
            players, rounds = read_header(record)
        if players != self.players:
            raise RecordError(f"the record is for {players} players")
        for i, rnd in enumerate(rounds):
            if isinstance(rnd, tuple):
                leader, hands, boneyard, plays = rnd
            else:
                leader, hands, boneyard = read_deal(rnd, i)
                plays = round_plays(rnd, i)
            start = len(self.events)
            self.start_round(leader, hands, boneyard)
            yield self.events[start:]
            for j, raw in enumerate(plays):
                where = f"round {i}, play {j}"
                play = raw if isinstance(raw, Play) else read_play(raw, where)
                start = len(self.events)
                try:
                    self.place(play.seat, play.tile, play.on)
                except RulesError as e:
                    raise RecordError(str(e), where) from None
                yield self.events[start:]

    # -- rounds -------------------------------------------------------------

    def _deal(self) -> None:
        number = self.round + 1
        rng = random.Random(f"exact61/{self.seed}/{number}")
        lot: tuple[LotDraw, ...] = ()
        if self.next_leader is None:
            leader, lot = draw_lot(rng, self.players)
        else:
            leader = self.next_leader
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        hands = [tiles[HAND_SIZE * s : HAND_SIZE * (s + 1)] for s in range(self.players)]
        self.start_round(leader, hands, tiles[HAND_SIZE * self.players :], lot)

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
        start = len(self.events)
        self.round = number
        self.leader = leader
        self.hands = [list(h) for h in hands]
        self.boneyard = list(boneyard)
        self.drawn = 0
        self.layout = Layout()
        self.must_play = None
        self.last = None
        self.next_leader = None
        self.record.rounds.append(RoundRecord(leader, [list(h) for h in hands], list(boneyard), []))
        self.phase = Phase.PLAYING
        self.turn = leader
        self.events.append(RoundStarted(number, leader, lot))
        return self.events[start:]

    # -- asking -------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return side_of(self.players, seat)

    def options(self, seat: int | None = None) -> list[Option]:
        """The legal placements of `seat` (default: the seat to move) with what each would score."""
        if seat is None:
            seat = self.turn
        if self.phase is not Phase.PLAYING or seat != self.turn or seat is None:
            return []
        hand = self.hands[seat]
        tiles = [self.must_play] if self.must_play is not None else hand
        layout = self.layout
        last = len(hand) == 1
        room = TARGET_RAW - self.scores[seat % 2 if self.players == 4 else seat]  # what the side may still gain
        by_pip = layout._by_pip  # the open table tiles for each pip value
        opening = not layout.nodes
        out: list[Option] = []
        for t in tiles:
            if not (opening or by_pip[t.low] or by_pip[t.high]):
                continue  # most tiles in a hand fit nowhere: skip them without building a list
            for on, total in layout.placements(t):
                if total > 0 and total % 5 == 0:
                    points = total
                    result = Result.SETTLED if last else (Result.OVER if points > room else Result.SCORED)
                else:
                    points = 0
                    result = Result.SETTLED if last else Result.NONE
                out.append(Option(t, on, total, points, result))
        return out

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tuple(self.hands[seat])

    def seat_view(self, seat: int) -> SeatView:
        return SeatView(
            seat, tuple(self.hands[seat]), tuple(self.options(seat)), self.must_play if seat == self.turn else None
        )

    def snapshot(self) -> TableSnapshot:
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

    def place(self, seat: int, tile: Tile, on: Tile | None = None) -> list[Event]:
        """Place `tile` from `seat`'s hand onto table tile `on`; return the events this caused."""
        if self.phase is Phase.OVER:
            raise MatchOverError("the match is over", seat=seat)
        if self.phase is not Phase.PLAYING:
            raise RoundOverError(f"round {self.round} is over", seat=seat)
        if seat != self.turn:
            raise NotYourTurnError(
                f"seat {seat} cannot play now: it is seat {self.turn}'s turn", seat=seat, turn=self.turn
            )
        hand = self.hands[seat]
        index = _find(hand, tile)
        if index < 0:
            raise TileNotInHandError(f"seat {seat} does not hold {tile}", seat=seat, tile=str(tile))
        if self.must_play is not None and tile is not self.must_play and tile != self.must_play:
            raise MustPlayDrawnTileError(
                f"seat {seat} must place the tile it drew, {self.must_play}", seat=seat, tile=str(self.must_play)
            )
        try:
            total = self.layout.place(tile, on, seat)
        except BadTargetError as e:
            raise BadTargetError(f"seat {seat} {e}", seat=seat, **e.params) from None
        start = len(self.events)
        del hand[index]
        self.must_play = None
        self.record.rounds[-1].plays.append(Play(seat, tile, on))
        points = total if total > 0 and total % 5 == 0 else 0
        side = seat % 2 if self.players == 4 else seat
        if not hand:
            self.last = Placed(seat, tile, on, total, points, Result.SETTLED, tuple(self.scores))
            self.events.append(self.last)
            self._settle_domino(seat, points)
        else:
            result = self._apply(side, points)
            self.last = Placed(seat, tile, on, total, points, result, tuple(self.scores))
            self.events.append(self.last)
            if not self._check_won(side):
                self.turn = (seat + 1) % self.players
                self._advance()
        return self.events[start:]

    def _apply(self, side: int, points: int) -> Result:
        """One scoring event under the exact-305 rule: applied whole or cancelled whole."""
        if points == 0:
            return Result.NONE
        new = self.scores[side] + points
        if new > TARGET_RAW:
            return Result.OVER
        self.scores[side] = new
        return Result.SCORED

    def _check_won(self, side: int) -> bool:
        if self.scores[side] != TARGET_RAW:
            return False
        self.winner = side
        self.phase = Phase.OVER
        self.turn = None
        self.events.append(GameOver(side, tuple(self.scores)))
        return True

    def _advance(self) -> None:
        """Carry out the forced part of turns: draws until a playable tile, passes, or a block."""
        layout = self.layout
        if not layout.nodes:
            return  # the leader opens with any tile
        by_pip = layout._by_pip  # the open table tiles for each pip value
        while True:
            seat = self.turn
            assert seat is not None
            hand = self.hands[seat]
            if _can_place(hand, by_pip):
                return
            if self.drawn < len(self.boneyard):
                t = self.boneyard[self.drawn]
                self.drawn += 1
                hand.append(t)
                self.events.append(Drew(seat, t))
                if by_pip[t.low] or by_pip[t.high]:
                    self.must_play = t
                    return
                continue
            if not any(_can_place(h, by_pip) for h in self.hands):
                self._settle_block()
                return
            self.events.append(Passed(seat))
            self.turn = (seat + 1) % self.players

    def _settle_domino(self, seat: int, placement: int) -> None:
        side = self.side_of(seat)
        opponents_pips = sum(hand_pips(h) for s, h in enumerate(self.hands) if self.side_of(s) != side)
        partner_pips = hand_pips(self.hands[(seat + 2) % 4]) if self.players == 4 else 0
        opponents = round_to_five(opponents_pips)
        partner = round_to_five(partner_pips)
        net = placement + opponents - partner
        result = self._apply(side, net)
        self.events.append(
            Domino(
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
                tuple(tuple(h) for h in self.hands),
            )
        )
        self.turn = None
        if not self._check_won(side):
            self._end_round(next_leader=seat)

    def _settle_block(self) -> None:
        n = self.players
        totals = [hand_pips(h) for h in self.hands]
        # ascending totals; equal totals clockwise from the round's leader
        order = sorted(range(n), key=lambda s: (totals[s], (s - self.leader) % n))
        awards: list[Award] = []
        ended = False
        for s in order:
            side = self.side_of(s)
            difference = sum(
                totals[o] - totals[s] for o in range(n) if self.side_of(o) != side and totals[o] > totals[s]
            )
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
        lowest_sides = {self.side_of(s) for s in range(n) if totals[s] == lowest}
        round_winner = lowest_sides.pop() if len(lowest_sides) == 1 else None
        self.events.append(
            Blocked(tuple(totals), tuple(awards), round_winner, tuple(self.scores), tuple(tuple(h) for h in self.hands))
        )
        self.turn = None
        if ended:
            assert self.winner is not None
            self.phase = Phase.OVER
            self.events.append(GameOver(self.winner, tuple(self.scores)))
        else:
            self._end_round(next_leader=None)

    def _end_round(self, next_leader: int | None) -> None:
        self.phase = Phase.ROUND_OVER
        self.next_leader = next_leader
        if self.seed is not None:
            self._deal()


def _find(hand: list[Tile], tile: Tile) -> int:
    """Where `tile` is in `hand`, or -1. Tiles are interned, so identity finds it without calling `==`."""
    for i, t in enumerate(hand):
        if t is tile:
            return i
    for i, t in enumerate(hand):
        if t == tile:
            return i
    return -1


def _can_place(hand: list[Tile], by_pip: tuple[dict[Tile, None], ...]) -> bool:
    """Whether some tile of `hand` matches an open point (`by_pip`: the open table tiles per pip value)."""
    for t in hand:
        if by_pip[t.low] or by_pip[t.high]:
            return True
    return False
