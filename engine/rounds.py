"""A finished round, kept apart from the match: what the caller shows once a round has ended.

As `dominoes` keeps its `Game` apart from its `Series`, a round that ends
leaves the match at round over with this value readable; the caller deals the
next round when it is ready (`Match.next_round`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .events import Blocked, Domino, Event, Placed
from .layout import Layout
from .phase import Phase
from .rules import sides
from .snapshots import TableSnapshot
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class FinishedRound:
    """A round as it ended: its table, the hands revealed, its events, and the scores after it.

    Kept by the match (`Match.finished_round`) after the next round is dealt, so
    the caller can still show the round that just ended, even after a restart.
    """

    number: int
    leader: int
    players: int
    layout: Layout  # the table as it ended; nothing changes it any more (do not mutate)
    hands: tuple[tuple[Tile, ...], ...]  # every seat's remaining tiles
    boneyard: int  # tiles left undrawn
    events: tuple[Event, ...]  # from its RoundStarted to its Domino or Blocked (and GameOver); a search
    # clone made without history holds only those since it was made
    scores: tuple[int, ...]  # after its settlement
    last: Placed  # its last placement
    phase: Phase  # ROUND_OVER, or OVER when its settlement ended the match
    winner: int | None  # the match's winning side, if its settlement ended the match

    @property
    def ending(self) -> Domino | Blocked:
        """The settlement: a Domino (someone went out) or Blocked."""
        for event in reversed(self.events):
            if isinstance(event, (Domino, Blocked)):
                return event
        raise LookupError("the round's settlement is not among its events")

    def snapshot(self) -> TableSnapshot:
        """The table as the round ended (nobody to move), for its picture."""
        layout = self.layout
        return TableSnapshot(
            players=self.players,
            sides=sides(self.players),
            round=self.number,
            leader=self.leader,
            phase=self.phase,
            turn=None,
            scores=self.scores,
            hand_sizes=tuple(len(h) for h in self.hands),
            boneyard=self.boneyard,
            tiles=layout.view(),
            end_total=layout.total,
            contributions=tuple(layout.contributions()),
            last=self.last,
            winner=self.winner,
        )
