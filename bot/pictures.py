"""The table's pictures: the renderer's pure functions, called off the event loop by the manager."""

from __future__ import annotations

from typing import Protocol

from engine import SeatView, TableSnapshot

from .tables import Picture

TABLE_PICTURE = "table.png"
SCORESHEET_PICTURE = "scoresheet.png"


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
