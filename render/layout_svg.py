"""The layout as SVG: the same `LayoutGeometry` the PNG pastes its sprites on, written as vector shapes.

One layout, two outputs: `layout_geometry` (render/layout_plan.py) decides where every tile, badge and
dot goes; `layout_image` paints sprites there, this module writes SVG elements there, crisp at any
zoom, for the table on the web (bot/web/). The colours and the pip positions are the PNG's
(`Colors`, `sprites.PIPS`), so both pictures read alike. The SVG names only what is on the table:
each tile carries `data-tile` (its notation, "3-5") and `data-seat` (who placed it).
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from engine import TableSnapshot

from .grid import Rect
from .layout_plan import LayoutGeometry, Mark, MarkKind, TileBox, layout_geometry
from .sprites import PIP_DIAMETER, PIPS
from .style import DEFAULT_STYLE, RGB, Style

SCALE = 12  # SVG user units per grid unit: half a tile is 24
PAD = 6  # around the layout, in user units
ZOOM = 1.5  # the drawing's natural size, in CSS pixels per user unit (a page may shrink it to fit)
EMPTY = Rect(0, 0, 10, 6)  # an empty table's span, in grid units


def hex_colour(c: RGB) -> str:
    return f"#{c[0]:02x}{c[1]:02x}{c[2]:02x}"


def layout_svg(snapshot: TableSnapshot, *, title: str = "", style: Style = DEFAULT_STYLE) -> str:
    """The layout of `snapshot` as an SVG element (text), `title` its accessible name."""
    return svg_of(layout_geometry(snapshot), title=title, style=style)


def svg_of(geometry: LayoutGeometry, *, title: str = "", style: Style = DEFAULT_STYLE) -> str:
    """The SVG of a layout's geometry: felt, tiles (halves and pips), badges and dots."""
    c = style.colors
    b = geometry.bounds if geometry.tiles else EMPTY
    x, y = b.x0 * SCALE - PAD, b.y0 * SCALE - PAD
    w, h = b.width * SCALE + 2 * PAD, b.height * SCALE + 2 * PAD
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x} {y} {w} {h}" role="img" class="layout"'
        f' width="{w * ZOOM:g}" height="{h * ZOOM:g}">',
        f"<title>{escape(title)}</title>" if title else "",
        _defs(style),
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{hex_colour(c.table)}"/>',
    ]
    if not geometry.tiles:
        mid_x, mid_y = (b.x0 + b.x1) * SCALE // 2, (b.y0 + b.y1) * SCALE // 2
        parts.append(_dot(mid_x, mid_y, "open", style))
    parts += [_tile(box, style) for box in geometry.tiles]
    parts += [_badge(mark, style) for mark in geometry.badges]
    parts += [_mark(mark, style) for mark in geometry.dots]
    parts.append("</svg>")
    return "".join(parts)


def _defs(style: Style) -> str:
    """One pip pattern per value and direction, used by every half that shows it."""
    c = style.colors
    r = PIP_DIAMETER / 2 * 2 * SCALE
    side = 2 * SCALE
    defs = [f'<defs><g id="pip"><circle r="{r:.1f}" fill="{hex_colour(c.pip)}"/></g>']
    for value, spots in PIPS.items():
        for vertical in (False, True):
            at = [(fy, 1 - fx) if vertical else (fx, fy) for fx, fy in spots]  # vertical: turned a quarter
            uses = "".join(f'<use href="#pip" x="{x * side:.0f}" y="{y * side:.0f}"/>' for x, y in at)
            defs.append(f'<g id="p{value}{"v" if vertical else "h"}">{uses}</g>')
    defs.append("</defs>")
    return "".join(defs)


def _tile(box: TileBox, style: Style) -> str:
    """A tile: its face (the one just placed ringed in its placer's colour), its divider and its pips."""
    c = style.colors
    r = box.rect
    x, y, w, h = r.x0 * SCALE, r.y0 * SCALE, r.width * SCALE, r.height * SCALE
    face = hex_colour(c.tile_last if box.last else c.tile)
    edge = hex_colour(c.spinner if box.spinner else c.edge)
    stroke = 2.4 if box.spinner else 1.0
    (a, first), (b, second) = box.halves
    tile = f"{a}-{b}"
    out = [f'<g class="tile" data-tile="{tile}" data-seat="{box.seat}">']
    if box.last:
        out.append(
            f'<rect x="{x + 0.5}" y="{y + 0.5}" width="{w - 1}" height="{h - 1}" rx="4"'
            f' fill="{hex_colour(c.seat(box.seat))}"/>'
        )
        x, y, w, h = x + 3, y + 3, w - 6, h - 6
    out.append(
        f'<rect x="{x + 0.7}" y="{y + 0.7}" width="{w - 1.4}" height="{h - 1.4}" rx="3.5" fill="{face}"'
        f' stroke="{edge}" stroke-width="{stroke}"/>'
    )
    if box.vertical:
        mid = (first.y1 if first.y1 <= second.y0 else second.y1) * SCALE
        out.append(_line(x + 4, mid, x + w - 4, mid, c.edge))
    else:
        mid = (first.x1 if first.x1 <= second.x0 else second.x1) * SCALE
        out.append(_line(mid, y + 4, mid, y + h - 4, c.edge))
    for value, half in box.halves:
        out.append(f'<use href="#p{value}{"v" if box.vertical else "h"}" x="{half.x0 * SCALE}" y="{half.y0 * SCALE}"/>')
    out.append("</g>")
    return "".join(out)


def _line(x0: float, y0: float, x1: float, y1: float, colour: RGB) -> str:
    return f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="{hex_colour(colour)}" stroke-width="1"/>'


def _centre(zone: Rect) -> tuple[float, float]:
    return (zone.x0 + zone.x1) * SCALE / 2, (zone.y0 + zone.y1) * SCALE / 2


def _badge(mark: Mark, style: Style) -> str:
    """A counted end: a filled disc with its contribution."""
    c = style.colors
    cx, cy = _centre(mark.zone)
    size = 15 if mark.value is not None and mark.value >= 10 else 18
    return (
        f'<g class="badge"><circle cx="{cx}" cy="{cy}" r="11" fill="{hex_colour(c.badge)}"'
        f' stroke="{hex_colour(c.badge_text)}" stroke-width="0.7"/>'
        f'<text x="{cx}" y="{cy}" dy="0.35em" text-anchor="middle" font-size="{size}" font-weight="bold"'
        f' fill="{hex_colour(c.badge_text)}">{mark.value}</text></g>'
    )


def _mark(mark: Mark, style: Style) -> str:
    cx, cy = _centre(mark.zone)
    return _dot(cx, cy, mark.kind.value, style)


def _dot(cx: float, cy: float, kind: str, style: Style) -> str:
    """A hollow dot (an open point), a fainter smaller one (closed), or a small filled one (shared)."""
    c = style.colors
    if kind == MarkKind.SHARED.value:
        return f'<circle cx="{cx}" cy="{cy}" r="3.8" fill="{hex_colour(c.badge)}"/>'
    r, width, colour = (5.8, 1.8, c.dot) if kind == MarkKind.OPEN.value else (4.3, 1.4, c.dot_closed)
    return f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="{hex_colour(colour)}" stroke-width="{width}"/>'


def seat_colours(players: int, style: Style = DEFAULT_STYLE) -> Sequence[str]:
    """Each seat's colour as CSS writes it: the chips' and the names' colour on the page."""
    return tuple(hex_colour(style.colors.seat(seat)) for seat in range(players))
