"""The hand picture (for the ephemeral hand message): one seat's tiles, standing, each labelled
with its text notation (`3-5`) exactly as the play buttons name it. The tiles it may play now
come first, on a green plate; the rest follow, greyed."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine import SeatView, Tile

from .png import canvas, encode
from .sprites import text_sprite, tile_sprite
from .style import DEFAULT_STYLE, Style

KIND = "hand"


@dataclass(frozen=True, slots=True)
class HandTile:
    tile: Tile
    label: str  # str(tile): what the play button says
    playable: bool
    dim: bool  # greyed: it is this seat's turn and this tile cannot be played
    box: tuple[int, int, int, int]  # the tile, in pixels (x0, y0, x1, y1)
    label_at: tuple[int, int]  # the top left corner of its label


@dataclass(frozen=True, slots=True)
class HandGeometry:
    tiles: tuple[HandTile, ...]
    plates: tuple[tuple[int, int, int, int], ...]  # the plates behind runs of playable tiles
    size: tuple[int, int]


def hand_geometry(view: SeatView, style: Style = DEFAULT_STYLE) -> HandGeometry:
    """Where each tile of `view.hand` goes: playable ones first (in hand order), then the others."""
    s = style.sizes
    playable = {o.tile for o in view.options}
    ordered = [t for t in view.hand if t in playable] + [t for t in view.hand if t not in playable]
    half, gap, margin = s.hand_half, s.hand_gap, s.margin
    label_h = round(s.hand_label_font * 1.4)
    cell_w = max(half, text_sprite(style, KIND, "6-6", s.hand_label_font, "hand", "label").width) + gap
    cell_h = 2 * half + label_h + gap
    group_gap = 2 * gap  # between the playable tiles and the rest
    columns = max(1, min(s.hand_columns, len(ordered)))
    tiles: list[HandTile] = []
    plates: list[tuple[int, int, int, int]] = []
    width = 0
    for row_start in range(0, len(ordered), columns):
        y = margin + (row_start // columns) * (cell_h + gap)
        x = margin
        run: list[int] = []
        for k, t in enumerate(ordered[row_start : row_start + columns]):
            is_playable = t in playable
            if k and not is_playable and ordered[row_start + k - 1] in playable:
                x += group_gap
            left = x + (cell_w - half) // 2
            label_w = text_sprite(style, KIND, str(t), s.hand_label_font, "hand", "label").width
            label_at = (left + (half - label_w) // 2, y + 2 * half + gap // 3)
            dim = bool(playable) and not is_playable
            tiles.append(HandTile(t, str(t), is_playable, dim, (left, y, left + half, y + 2 * half), label_at))
            if is_playable:
                run.append(x)
            x += cell_w
        if run:
            plates.append((run[0] - gap // 2, y - gap // 2, run[-1] + cell_w - gap // 2, y + cell_h - gap // 2))
        width = max(width, x - gap + margin)
    rows = max(1, -(-len(ordered) // columns))
    height = margin * 2 + rows * cell_h + (rows - 1) * gap - gap
    return HandGeometry(tuple(tiles), tuple(plates), (max(width, 2 * margin + half), height))


def hand_png(view: SeatView, *, style: Style = DEFAULT_STYLE) -> bytes:
    """One seat's hand as PNG bytes."""
    return encode(hand_image(hand_geometry(view, style), style), style)


def hand_image(geometry: HandGeometry, style: Style = DEFAULT_STYLE) -> Image.Image:
    s = style.sizes
    image = canvas(style, KIND, geometry.size, "hand")
    index = style.palette(KIND).index
    draw = ImageDraw.Draw(image)
    for x0, y0, x1, y1 in geometry.plates:
        draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=s.hand_gap, fill=index["playable"])
    for item in geometry.tiles:
        back = "playable" if item.playable else "hand"
        face = "tile_dim" if item.dim else "tile"
        t = item.tile
        image.paste(tile_sprite(style, KIND, t.low, t.high, True, s.hand_half, face, back, t.is_double), item.box[:2])
        label = text_sprite(style, KIND, item.label, s.hand_label_font, back, "label_dim" if item.dim else "label")
        image.paste(label, item.label_at)
    return image
