"""The one picture's machine-readable twin: what table.png shows, as JSON-ready data.

Every tile's pixel rectangle, its parent and the side it joins, every open end with its badge, the
glance bar (round, whose turn, hands, boneyard), the scoreboard rows, the players' names, the
smallest tile, pip and text in a phone's preview and, at a round's end, its settlement, so that tests and other
tools can check or redraw the picture without reading pixels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import TableSnapshot

from .legibility import table_legibility
from .settlement import Settlement, ending_description
from .settlement_picture import posted, settlement_size
from .style import DEFAULT_STYLE, Style
from .table import TableGeometry


def table_description(
    snapshot: TableSnapshot,
    style: Style = DEFAULT_STYLE,
    *,
    names: Sequence[str] | None = None,
    settlement: Settlement | None = None,
    labels: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """What table.png shows, as JSON-ready data (pixel boxes are [x0, y0, x1, y1] in table.png); at a
    round's end whose settlement goes apart (`settlement_picture`), "settlement_picture" is its size."""
    g, apart = posted(snapshot, style, names=names, settlement=settlement, labels=labels)
    eq = g.layout.equation
    last = next((box for box in g.layout.tiles if box.last), None)
    return {
        "size": list(g.size),
        "preview": {
            "size": list(style.sizes.preview),
            "scale": round(g.preview_scale, 4),
            "tile_short_side": round(g.preview_half, 2),
            "smallest": table_legibility(g, style).as_json(),
        },
        "glance": _glance(g),
        "relaxed": [r.value for r in g.layout.relaxed],
        "tiles": _tiles(g, snapshot),
        "ends": _ends(g),
        "equation": None
        if eq is None
        else {"terms": list(eq.terms), "total": eq.total, "points": eq.points // 5, "seat": eq.seat},
        "band": None if g.band is None else list(g.band),
        "sides": _sides(g),
        "names": [
            {"seat": seat, "name": given, "shown": text, "own": own}
            for seat, (given, text, own) in enumerate(
                zip(_given(names, snapshot.players), g.names, g.own_names, strict=True)
            )
        ],
        "last": None
        if last is None
        else {"tile": str(last.tile), "seat": last.seat, "mark": "ring", "colour": list(style.colors.seat(last.seat))},
        "settlement": ending_description(g.ending),
        "panel": None if g.panel is None else list(g.panel),
        "settlement_picture": None if apart is None else {"size": list(settlement_size(apart, style))},
    }


def _tiles(g: TableGeometry, snapshot: TableSnapshot) -> list[dict[str, Any]]:
    """Each tile in playing order: its pips, its pixel rectangles, and what it joins."""
    placed = {pt.tile: pt for pt in snapshot.tiles}
    tiles = []
    for box in g.layout.tiles:
        pt = placed[box.tile]
        tiles.append(
            {
                "tile": str(box.tile),
                "pips": [box.halves[0][0], box.halves[1][0]],  # in reading order: left to right, top to bottom
                "rect": list(g.pixels(box.rect)),
                "halves": [list(g.pixels(h)) for _, h in box.halves],
                "spinner": box.spinner,
                "seat": box.seat,
                "order": box.order,
                "last": box.last,
                "on": None if pt.parent is None else str(pt.parent),
                "side": None if pt.parent_slot is None else pt.parent_slot.value,
            }
        )
    return tiles


def _ends(g: TableGeometry) -> list[dict[str, Any]]:
    """The marks of the free ends: the badges, then the dots."""
    return [
        {
            "tile": str(m.tile),
            "side": m.slot.value,
            "mark": m.kind.value,
            "value": m.value,
            "rect": list(g.pixels(m.zone)),
        }
        for m in (*g.layout.badges, *g.layout.dots)
    ]


def _sides(g: TableGeometry) -> list[dict[str, Any]]:
    """The scoreboard, one row per side."""
    return [
        {
            "side": row.side,
            "seats": list(row.seats),
            "points": row.points,
            "needed": row.needed,
            "houses": list(row.houses),
            "to_move": row.to_move,
            "winner": row.winner,
            "rect": list(box),
        }
        for row, box in zip(g.sheet.rows, g.rows, strict=True)
    ]


def _glance(g: TableGeometry) -> dict[str, Any]:
    """The glance bar: the round, whose turn (a pill in the seat's colour), how the round ended, the hands."""
    b = g.glance
    return {
        "round": b.round,
        "turn": b.turn,
        "outcome": b.outcome,
        "outcome_seats": list(b.outcome_seats),
        "pills": [{"seat": seat, "name": name} for seat, name in enumerate(b.names) if name],
        "hands": list(b.hands),
        "boneyard": b.boneyard,
        "rect": list(g.glance_box),
    }


def _given(names: Sequence[str] | None, players: int) -> list[str | None]:
    return [names[k] if names and k < len(names) else None for k in range(players)]
