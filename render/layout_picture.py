"""The layout picture: the tiles as they lie on the table, the marks of the rules' diagrams, and
the end total written as an equation in a band underneath."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine import Result, TableSnapshot, rules

from .grid import Rect
from .layout_plan import Equation, LayoutGeometry, Mark, MarkKind, TileBox, layout_geometry
from .png import canvas, encode, paste_row, row_width
from .sprites import (
    badge_sprite,
    dot_sprite,
    font,
    reduce_supersampled,
    seat_chip,
    symbol_sprite,
    text_sprite,
    tile_sprite,
    to_palette,
)
from .style import DEFAULT_STYLE, Style

KIND = "layout"
EMPTY_SIZE = (5, 3)  # an empty table, in half-tiles


def layout_png(snapshot: TableSnapshot, *, style: Style = DEFAULT_STYLE) -> bytes:
    """The layout of `snapshot` as PNG bytes."""
    return encode(layout_image(layout_geometry(snapshot), style), style)


def layout_image(geometry: LayoutGeometry, style: Style = DEFAULT_STYLE) -> Image.Image:
    """The layout drawn from its geometry, in palette mode."""
    sizes = style.sizes
    unit = sizes.half // 2  # pixels per grid unit
    margin = sizes.margin
    strip = equation_parts(geometry.equation, style, KIND, sizes.equation_font)
    if geometry.tiles:
        b = geometry.bounds
        table_w, table_h = b.width * unit, b.height * unit
    else:
        b = Rect(0, 0, 0, 0)
        table_w, table_h = EMPTY_SIZE[0] * sizes.half, EMPTY_SIZE[1] * sizes.half
    width = max(table_w + 2 * margin, row_width(strip) + 2 * margin if strip else 0)
    height = table_h + 2 * margin + (sizes.strip if strip else 0)
    image = canvas(style, KIND, (width, height), "table")
    left = (width - table_w) // 2 - b.x0 * unit
    top = margin - b.y0 * unit
    if not geometry.tiles:
        mark = dot_sprite(style, "open", sizes.half)
        image.paste(mark, ((width - mark.width) // 2, (table_h + 2 * margin - mark.height) // 2))
    paint_layout(image, geometry, left, top, style, KIND)
    if strip:
        band = table_h + 2 * margin
        image.paste(style.palette(KIND).index["strip"], (0, band, width, height))
        paste_row(image, strip, (width - row_width(strip)) // 2, band + sizes.strip // 2)
    return image


def paint_layout(image: Image.Image, geometry: LayoutGeometry, left: int, top: int, style: Style, kind: str) -> None:
    """Paste the tiles and marks of `geometry` with grid (0, 0) at pixel (left, top), on the felt."""
    core = image.im
    for sprite, x, y, w, h in _placements(geometry, style, kind, image.mode):
        core.paste(sprite, (left + x, top + y, left + x + w, top + y + h))


# What `paint_layout` pastes for a tile or a mark: its sprite's core, where it goes from grid (0, 0), and its size.
Pasted = tuple[Any, int, int, int, int]
MEMO_SIZE = 4096
_pasted: dict[tuple[int, int, str], tuple[object, Style, Pasted]] = {}


def _placements(geometry: LayoutGeometry, style: Style, kind: str, mode: str) -> list[Pasted]:
    """Each tile's and mark's sprite and place. The boxes and marks of a layout are the same objects picture
    after picture (see `layout_plan`), so each is looked up by identity, not by hashing all it holds; the
    memory keeps the object it was made for, so an id is never taken for another's."""
    out = []
    items: tuple[TileBox | Mark, ...] = (*geometry.tiles, *geometry.badges, *geometry.dots)
    for item in items:
        key = (id(item), id(style), kind)
        found = _pasted.get(key)
        if found is None or found[0] is not item or found[1] is not style:
            found = (item, style, _pasted_of(item, style, kind, mode))
            if len(_pasted) >= MEMO_SIZE:
                _pasted.clear()
            _pasted[key] = found
        out.append(found[2])
    return out


def _pasted_of(item: TileBox | Mark, style: Style, kind: str, mode: str) -> Pasted:
    half = style.sizes.half
    unit = half // 2
    if isinstance(item, TileBox):
        (a, _), (b_pip, _) = item.halves
        face = "tile_last" if item.last else "tile"
        ring = item.seat if item.last else None
        r = item.rect
        vertical = r.y1 - r.y0 > r.x1 - r.x0
        sprite = tile_sprite(style, kind, a, b_pip, vertical, half, face, "table", item.spinner, ring)
        x, y = r.x0 * unit, r.y0 * unit
    else:
        if item.kind is MarkKind.BADGE:
            assert item.value is not None
            sprite = badge_sprite(style, item.value, half, kind)
        else:
            sprite = dot_sprite(style, item.kind.value, half, kind)
        zone = item.zone
        x = zone.x0 * unit + (zone.width * unit - sprite.width) // 2
        y = zone.y0 * unit + (zone.height * unit - sprite.height) // 2
    if sprite.mode != mode:
        sprite = sprite.convert(mode)
    return sprite.im, x, y, sprite.width, sprite.height


def equation_parts(equation: Equation | None, style: Style, kind: str, size: int) -> list[tuple[Image.Image, int]]:
    """`[seat] 2 + 8 = 10 → +2`: the placer, the counted ends, their sum, and the displayed points."""
    if equation is None:
        return []
    return list(_equation_sprites(equation, style, kind, size))


@lru_cache(maxsize=64)
def _equation_sprites(equation: Equation, style: Style, kind: str, size: int) -> tuple[tuple[Image.Image, int], ...]:
    """The equation's sprites, found once per picture rather than once for its width and again to draw it."""
    space = size // 4

    def text(s: str, fore: str = "text") -> tuple[Image.Image, int]:
        return text_sprite(style, kind, s, size, "strip", fore), space

    parts: list[tuple[Image.Image, int]] = []
    if equation.seat is not None:
        parts.append((seat_chip(style, kind, equation.seat, round(size * 1.25), "strip"), space * 2))
    for k, term in enumerate(equation.terms):
        if k:
            parts.append(text("+"))
        parts.append(text(str(term)))
    if not equation.terms:
        parts.append(text("0"))
    parts.append(text("="))
    parts.append((text_sprite(style, kind, str(equation.total), size, "strip", "text"), space * 2))
    parts.append((symbol_sprite(style, kind, "arrow", size, "strip", "muted"), space * 2))
    displayed = rules.displayed(equation.points)
    if equation.points == 0:
        parts.append(text("0", "muted"))
    else:
        parts.append((result_pill(style, f"+{displayed}", size, equation.result, kind), 0))
    return tuple(parts)


@lru_cache(maxsize=256)
def result_pill(style: Style, label: str, size: int, result: Result | None, kind: str = KIND) -> Image.Image:
    """The displayed points of the placement: filled when scored, outlined when they join the round's
    settlement (the last tile of a round), red and struck through when cancelled for passing 61."""
    c = style.colors
    ss = style.sizes.supersample
    f = font(size * ss)
    text_w = f.getlength(label)
    ascent, descent = f.getmetrics()
    h = round((ascent + descent) * 1.05)
    w = round(text_w + h * 0.8)
    image = Image.new("RGB", (w, h), c.strip)
    draw = ImageDraw.Draw(image)
    over = result is Result.OVER
    colour = c.over if over else c.badge
    box = (0, 0, w - 1, h - 1)
    if result is Result.SETTLED:
        draw.rounded_rectangle(box, radius=h // 2, outline=colour, width=round(0.08 * h))
        draw.text((w / 2, h / 2), label, fill=colour, font=f, anchor="mm", stroke_width=ss // 2)
    else:
        draw.rounded_rectangle(box, radius=h // 2, fill=colour)
        fore = c.text if over else c.badge_text
        draw.text((w / 2, h / 2), label, fill=fore, font=f, anchor="mm", stroke_width=ss // 2)
    if over:
        draw.line((h * 0.2, h * 0.8, w - h * 0.2, h * 0.2), fill=c.text, width=round(0.07 * h))
    return to_palette(reduce_supersampled(image, ss), style, kind)
