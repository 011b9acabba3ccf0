"""The table's pictures: the renderer's pure functions, called off the event loop by the manager."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple, Protocol

from engine import Blocked, Domino, Match, Phase, SeatView, TableSnapshot

from ..model.posts import Picture, StandingsWords
from ..model.standings import Standing

TABLE_PICTURE = "table.png"
LEGEND_PICTURE = "legend.png"
SCORESHEET_PICTURE = "scoresheet.png"
SETTLEMENT_PICTURE = "settlement.png"  # a crowded round end's settlement, posted beside its table


@dataclass(frozen=True, slots=True)
class Legend:
    """What the table picture's symbols mean: the numbered picture and the marks it numbers."""

    picture: Picture
    items: tuple[str, ...]  # the numbered marks in the picture's order (catalog keys `legend-<item>`)
    values: Mapping[str, int]  # what the legend texts' placeholders stand for


class Pictured(NamedTuple):
    """What a table picture shows: a snapshot and, when it shows a round that ended, that round's settlement."""

    snapshot: TableSnapshot
    settlement: Domino | Blocked | None


def pictured(match: Match) -> Pictured:
    """What a table's picture shows: the round in play or, until the first placement of the next round
    (and at the match's end), the round that just ended with its settlement and nobody marked to move.
    From the match alone, so a restart at a round boundary, the history and the thread show the same."""
    snapshot = match.snapshot()
    finished = match.finished_round
    if finished is None or (snapshot.tiles and match.phase is not Phase.OVER):
        return Pictured(snapshot, None)  # a round in play
    settled = next((e for e in reversed(finished.events) if isinstance(e, Domino | Blocked)), None)
    if match.phase is Phase.OVER:  # the final layout; its settlement, unless a placement won it
        return Pictured(snapshot, settled if finished.number == snapshot.round else None)
    return Pictured(finished.snapshot(), settled)


class Renderer(Protocol):
    def table(
        self,
        snapshot: TableSnapshot,
        *,
        names: Sequence[str] | None = None,
        settlement: Domino | Blocked | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> tuple[Picture, ...]:
        """The public pictures of the table after a placement: nothing private may be drawn. `names`: the
        players by seat; `settlement`: the round's Domino or Blocked at its last picture; `labels`: the
        picture's few words in the table's language (render.settlement.DEFAULT_LABELS' keys)."""
        ...

    def scoresheet(
        self,
        snapshot: TableSnapshot,
        *,
        names: Sequence[str] | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> Picture:
        """The scoresheet alone, for `/five-up score`: each chip followed by its player's name (`names`)."""
        ...

    def hand(self, view: SeatView) -> Picture:
        """One seat's hand, for that player's eyes only."""
        ...

    def legend(self) -> Legend:
        """The legend of the table picture, for `/five-up help`."""
        ...

    def standings(self, words: StandingsWords, table: Sequence[Standing], *, final: bool) -> Picture:
        """A tournament's standings, as the table pictures look (names legible at 400 px wide)."""
        ...


class PngRenderer:
    """One picture per placement (`render.table_png`: layout, equation and scoresheet together, read
    on a phone without tapping), the scoresheet alone, and a player's hand, named for attachments."""

    def table(
        self,
        snapshot: TableSnapshot,
        *,
        names: Sequence[str] | None = None,
        settlement: Domino | Blocked | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> tuple[Picture, ...]:
        import render

        pngs = render.table_pngs(snapshot, names=names, settlement=settlement, labels=labels)
        return tuple(Picture(name, png) for name, png in zip((TABLE_PICTURE, SETTLEMENT_PICTURE), pngs, strict=False))

    def scoresheet(
        self,
        snapshot: TableSnapshot,
        *,
        names: Sequence[str] | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> Picture:
        import render

        return Picture(SCORESHEET_PICTURE, render.scoresheet_png(snapshot, names=names, labels=labels))

    def hand(self, view: SeatView) -> Picture:
        import render

        return Picture("hand.png", render.hand_png(view))

    def legend(self) -> Legend:
        return _png_legend()

    def standings(self, words: StandingsWords, table: Sequence[Standing], *, final: bool) -> Picture:
        from render.standings_picture import StandingRow, StandingsHeaders, standings_png

        headers = StandingsHeaders(**words.headers)
        rows = [
            StandingRow(s.rank, s.name, s.points, s.buchholz, s.sonneborn_berger, s.game_points, s.withdrawn)
            for s in table
        ]
        return Picture(
            "standings.png", standings_png(words.title, words.subtitle, headers, rows, highlight_winner=final)
        )


@cache
def _png_legend() -> Legend:
    """Drawn once: the legend is the same for every table and language (its words are in the catalogs)."""
    import render

    return Legend(Picture(LEGEND_PICTURE, render.legend_png()), tuple(render.LEGEND_ITEMS), dict(render.LEGEND_VALUES))
