"""The table's pictures: the renderer's pure functions, called off the event loop by the manager."""

from __future__ import annotations

from typing import Protocol

from engine import SeatView, TableSnapshot

from .tables import Picture


class Renderer(Protocol):
    def table(self, snapshot: TableSnapshot) -> tuple[Picture, ...]:
        """The public pictures of the table (layout, scoresheet): nothing private may be drawn."""
        ...

    def hand(self, view: SeatView) -> Picture:
        """One seat's hand, for that player's eyes only."""
        ...


class PngRenderer:
    """`render.layout_png`, `render.scoresheet_png` and `render.hand_png`, named for attachments."""

    def table(self, snapshot: TableSnapshot) -> tuple[Picture, ...]:
        import render

        return (
            Picture("layout.png", render.layout_png(snapshot)),
            Picture("scoresheet.png", render.scoresheet_png(snapshot)),
        )

    def hand(self, view: SeatView) -> Picture:
        import render

        return Picture("hand.png", render.hand_png(view))
