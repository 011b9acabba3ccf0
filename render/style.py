"""Colours and sizes of every picture, in one place, and the shared palette they are drawn with.

Pictures are drawn in palette ("P") mode, which keeps PNG encoding cheap; antialiased edges
need the in-between shades of every pair of colours that meet, so the palette holds a ramp
for each such pair (`RAMPS`). Change a colour here and everything follows.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache, cached_property

from PIL import Image

RGB = tuple[int, int, int]
RAMP_STEPS = 8  # shades from one colour to the other, both ends included
# The one picture (and the layout) meet more pairs of colours than the others: fewer shades keep them in 256.
KIND_STEPS = {"table": 6, "layout": 7}


@dataclass(frozen=True)
class Colors:
    """Every colour the pictures use (like python-chess's DEFAULT_COLORS)."""

    table: RGB = (24, 84, 58)  # the felt behind the layout
    strip: RGB = (14, 52, 36)  # the band with the end-total equation
    tile: RGB = (250, 246, 232)
    tile_last: RGB = (255, 234, 160)  # the face of the tile just placed (ringed in its placer's seat colour)
    tile_dim: RGB = (168, 168, 160)  # a tile in hand that cannot be played now
    edge: RGB = (70, 66, 58)
    pip: RGB = (28, 28, 28)
    pip_dim: RGB = (96, 96, 92)
    spinner: RGB = (246, 128, 24)  # the border of every double: the rules' orange
    badge: RGB = (255, 206, 0)  # a counted end
    badge_text: RGB = (20, 20, 20)
    dot: RGB = (238, 242, 236)  # an open point that does not count
    dot_closed: RGB = (150, 196, 174)  # a branch that is not open yet (4.5:1 on the felt)
    text: RGB = (240, 240, 232)
    muted: RGB = (140, 170, 156)  # no points
    over: RGB = (232, 64, 64)  # cancelled: it would pass 61
    paper: RGB = (250, 247, 238)  # the scoresheet
    ink: RGB = (34, 40, 92)
    ink_faint: RGB = (128, 130, 138)  # the strokes still to come in a house: 3:1 on every row
    ink_negative: RGB = (200, 30, 30)
    row_turn: RGB = (232, 240, 252)  # the row of the side to move
    row_negative: RGB = (253, 228, 226)
    hand: RGB = (44, 48, 56)  # behind the hand
    playable: RGB = (62, 110, 78)  # the plate behind playable tiles
    label: RGB = (246, 246, 246)
    label_dim: RGB = (150, 152, 158)
    white: RGB = (255, 255, 255)
    # Seats, the colours of the chips the bot's texts use (🔴 🔵 🟣 🟡): at least 25 CIELAB units apart
    # in normal vision and under simulated protanopia, deuteranopia and tritanopia (see
    # tests/render_tests/test_render_colours.py), each 3:1 against the band and 4.5:1 against its number.
    seat0: RGB = (235, 60, 60)  # red
    seat1: RGB = (20, 150, 215)  # blue
    seat2: RGB = (150, 95, 255)  # purple
    seat3: RGB = (250, 210, 40)  # yellow
    # the scoresheet under the one picture: chalk on the felt's dark band
    sheet_turn: RGB = (36, 88, 64)  # the row of the side to move
    chalk_faint: RGB = (130, 170, 150)  # the strokes still to come in a house: 3:1 on both bands

    def seat(self, seat: int) -> RGB:
        return (self.seat0, self.seat1, self.seat2, self.seat3)[seat % 4]

    def seat_number(self, seat: int) -> str:
        """The colour of the number on a seat's chip: white or near-black, whichever contrasts more."""
        colour = self.seat(seat)
        white, dark = contrast(colour, self.white), contrast(colour, self.badge_text)
        return "white" if white >= dark else "badge_text"

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in fields(self))


def luminance(c: RGB) -> float:
    """Relative luminance (WCAG 2), for contrast ratios."""

    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


DEFAULT_COLORS = Colors()

SEATS = ("seat0", "seat1", "seat2", "seat3")

# For each kind of picture, the pairs of colours that meet at an antialiased edge: (under, over).
RAMPS: dict[str, tuple[tuple[str, str], ...]] = {
    "layout": (
        *(("table", c) for c in ("edge", "spinner", "badge", "dot", "dot_closed", "tile", "text", *SEATS)),
        *((face, c) for face in ("tile", "tile_last") for c in ("edge", "pip", "spinner")),
        *((seat, c) for seat in SEATS for c in ("edge", "spinner")),  # the ring round the tile just placed
        ("badge", "badge_text"),
        *(("strip", c) for c in ("text", "muted", "over", "badge", *SEATS)),
        *((seat, number) for seat in SEATS for number in ("white", "badge_text")),
    ),
    "scoresheet": (
        *((row, c) for row in ("paper", "row_turn", "row_negative") for c in ("ink", "ink_faint", "ink_negative")),
        ("ink_faint", "ink"),
        ("ink_faint", "ink_negative"),
        ("paper", "row_turn"),
        ("paper", "row_negative"),
        *((row, seat) for row in ("paper", "row_turn", "row_negative") for seat in SEATS),
        *((seat, number) for seat in SEATS for number in ("white", "badge_text")),
        ("paper", "badge"),
        ("row_turn", "badge"),
        ("badge", "badge_text"),
    ),
    # the one picture: the layout, the equation band, and the scoresheet in chalk on the band
    "table": (
        *(("table", c) for c in ("edge", "spinner", "badge", "dot", "dot_closed", "tile", "text", *SEATS)),
        *((face, c) for face in ("tile", "tile_last") for c in ("edge", "pip", "spinner")),
        *((seat, c) for seat in SEATS for c in ("edge", "spinner")),  # the ring round the tile just placed
        ("badge", "badge_text"),
        *((band, c) for band in ("strip", "sheet_turn") for c in ("text", "chalk_faint", "over", "badge", *SEATS)),
        ("strip", "muted"),
        ("sheet_turn", "muted"),
        ("chalk_faint", "text"),
        ("chalk_faint", "over"),
        *((seat, number) for seat in SEATS for number in ("white", "badge_text")),
    ),
    "hand": (
        *((under, c) for under in ("hand", "playable") for c in ("edge", "spinner", "label", "label_dim", "tile")),
        ("hand", "playable"),
        ("hand", "tile_dim"),
        *((face, c) for face in ("tile", "tile_dim") for c in ("edge", "pip", "pip_dim", "spinner")),
    ),
}


@dataclass(frozen=True)
class Sizes:
    """Sizes in pixels. `half` is the side of half a tile (even: the layout's grid unit is half of it);
    everything on the table scales with it."""

    half: int = 48
    margin: int = 18
    strip: int = 64  # height of the equation band
    equation_font: int = 34
    badge_font: int = 28
    supersample: int = 4  # sprites are drawn this much larger, then reduced: smooth edges
    compress_level: int = 1  # zlib's fastest level: 1.5x the size of level 6 in a third of its time
    # scoresheet
    house: int = 58
    row: int = 84
    score_font: int = 34
    small_font: int = 24
    chip: int = 40  # its number is 22 px
    # the one picture (table.png), drawn at twice the size of the phone preview it must read in
    preview: tuple[int, int] = (400, 500)  # what a phone shows without tapping
    preview_ratio: int = 2  # pixels of the picture per pixel of the preview, at most
    table_margin: int = 8
    table_strip: int = 56  # the equation band
    table_equation_font: int = 32
    table_row: int = 54  # one side of the scoresheet
    table_house: int = 38
    table_score_font: int = 32
    table_small_font: int = 26
    table_chip: int = 40  # its number is 22 px: 11 px in the preview, as every text of the picture at least
    table_name_font: int = 26  # a player's name beside their chip
    table_panel_font: int = 26  # the settlement panel at a round's end
    table_panel_row: int = 44
    table_glance: int = 52  # the glance bar: the round, whose turn (or how the round ended), every hand, the boneyard
    table_glance_font: int = 26
    legible_text: float = 11.0  # the smallest text, tile (short side) and pip a phone's preview may show, in px
    legible_tile: float = 24.0
    legible_pip: float = 4.0
    # hand
    hand_half: int = 46
    hand_gap: int = 14
    hand_label_font: int = 26
    hand_columns: int = 8


DEFAULT_SIZES = Sizes()


@dataclass(frozen=True)
class Style:
    """Colours and sizes together: what a picture is drawn with, and the key of every sprite cache."""

    colors: Colors = DEFAULT_COLORS
    sizes: Sizes = DEFAULT_SIZES

    # A style keys every sprite cache, so it is hashed many times per picture: hash it once.
    @cached_property
    def _hash(self) -> int:
        return hash((self.colors, self.sizes))

    def __hash__(self) -> int:
        return self._hash

    def palette(self, kind: str) -> Palette:
        """The palette of one kind of picture ("layout", "scoresheet" or "hand")."""
        return _palette(self.colors, kind)


class Palette:
    """The 256-entry palette: each named colour once, then the in-between shades of each ramp."""

    def __init__(self, colors: Colors, pairs: tuple[tuple[str, str], ...], steps: int = RAMP_STEPS) -> None:
        entries: list[RGB] = []
        self.index: dict[str, int] = {}
        for name in colors.names():
            self.index[name] = len(entries)
            entries.append(getattr(colors, name))
        self.ramps: dict[tuple[str, str], tuple[int, ...]] = {}
        for back, fore in pairs:
            a, b = getattr(colors, back), getattr(colors, fore)
            ramp = [self.index[back]]
            for k in range(1, steps - 1):
                t = k / (steps - 1)
                ramp.append(len(entries))
                r, g, b_ = (round(a[c] + (b[c] - a[c]) * t) for c in range(3))
                entries.append((r, g, b_))
            ramp.append(self.index[fore])
            self.ramps[(back, fore)] = tuple(ramp)
        if len(entries) > 256:
            raise ValueError(f"the palette needs {len(entries)} entries, more than 256")
        self.size = len(entries)
        flat = [c for rgb in entries for c in rgb]
        self.flat = flat + [0] * (768 - len(flat))
        self.raw = bytes(self.flat)  # what a canvas takes: Pillow converts a list to these bytes on every picture
        image = Image.new("P", (1, 1))
        image.putpalette(self.flat)
        self.image = image  # for Image.quantize(palette=...)

    def ramp(self, back: str, fore: str) -> tuple[int, ...]:
        return self.ramps[(back, fore)]

    def paint(self, mask: Image.Image, back: str, fore: str) -> Image.Image:
        """An antialiased mask ("L") as a palette picture in `fore` over `back`: pasted without conversion."""
        image = mask.point(self.lut(back, fore))
        image.putpalette(self.flat)
        return image

    def lut(self, back: str, fore: str) -> list[int]:
        """Coverage 0..255 of `fore` over `back` -> palette index: maps an antialiased mask to colours."""
        ramp = self.ramps[(back, fore)]
        steps = len(ramp) - 1
        return [ramp[(v * steps + 127) // 255] for v in range(256)]


@cache
def _palette(colors: Colors, kind: str) -> Palette:
    return Palette(colors, RAMPS[kind], KIND_STEPS.get(kind, RAMP_STEPS))


DEFAULT_STYLE = Style()
