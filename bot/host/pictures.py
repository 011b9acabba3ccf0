"""The table's pictures: the renderer's pure functions, called off the event loop by the manager."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from engine import SeatView, TableSnapshot

from .tables import Picture

TABLE_PICTURE = "table.png"
LEGEND_PICTURE = "legend.png"
SCORESHEET_PICTURE = "scoresheet.png"


@dataclass(frozen=True, slots=True)
class Legend:
    """What the table picture's symbols mean: the numbered picture and the marks it numbers."""

    picture: Picture
    items: tuple[str, ...]  # the numbered marks in the picture's order (catalog keys `legend-<item>`)
    values: Mapping[str, int]  # what the legend texts' placeholders stand for


class Renderer(Protocol):
    def table(self, snapshot: TableSnapshot) -> tuple[Picture, ...]:
        """The public pictures of the table after a placement: nothing private may be drawn."""
        ...

    def scoresheet(self, snapshot: TableSnapshot) -> Picture:
        """The scoresheet alone, for `/five-up score`."""
        ...

    def hand(self, view: SeatView) -> Picture:
        """One seat's hand, for that player's eyes only."""
        ...

    def legend(self) -> Legend:
        """The legend of the table picture, for `/five-up help`."""
        ...


class PngRenderer:
    """One picture per placement (`render.table_png`: layout, equation and scoresheet together, read
    on a phone without tapping), the scoresheet alone, and a player's hand, named for attachments."""

    def table(self, snapshot: TableSnapshot) -> tuple[Picture, ...]:
        import render

        return (Picture(TABLE_PICTURE, render.table_png(snapshot)),)

    def scoresheet(self, snapshot: TableSnapshot) -> Picture:
        import render

        return Picture(SCORESHEET_PICTURE, render.scoresheet_png(snapshot))

    def hand(self, view: SeatView) -> Picture:
        import render

        return Picture("hand.png", render.hand_png(view))

    def legend(self) -> Legend:
        return _png_legend()


@cache
def _png_legend() -> Legend:
    """Drawn once: the legend is the same for every table and language (its words are in the catalogs)."""
    import render

    return Legend(Picture(LEGEND_PICTURE, render.legend_png()), tuple(render.LEGEND_ITEMS), dict(render.LEGEND_VALUES))
