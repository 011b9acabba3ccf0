"""How large the pictures' smallest things are in a phone's preview: tiles, pips and text.

A phone shows a picture about 400 px wide (and at most about 500 px tall) before it is tapped
(`Sizes.preview`). Each function here reads a picture's geometry, never its pixels: the sizes it
draws things at and the scale the preview shrinks it by, so that tests and the CLI can hold every
picture to `Sizes.legible_tile`, `legible_pip` and `legible_text`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .sprites import BADGE_TWO_DIGITS, CHIP_DIGIT, PIP_DIAMETER
from .style import DEFAULT_STYLE, Style
from .table import TableGeometry


@dataclass(frozen=True, slots=True)
class Legibility:
    """The smallest tile (short side), pip (across) and text (its font's size) in the preview, in px."""

    scale: float
    tile: float | None  # None: no tile in the picture
    pip: float | None
    text: float
    smallest_text: str  # what the smallest text is

    def fine(self, style: Style = DEFAULT_STYLE) -> bool:
        s = style.sizes
        tiles = self.tile is None or (self.tile >= s.legible_tile and (self.pip or 0) >= s.legible_pip)
        return tiles and self.text >= s.legible_text

    def as_json(self) -> dict[str, object]:
        return {
            "scale": round(self.scale, 4),
            "tile": None if self.tile is None else round(self.tile, 2),
            "pip": None if self.pip is None else round(self.pip, 2),
            "text": round(self.text, 2),
            "smallest_text": self.smallest_text,
        }


def preview_scale(size: tuple[int, int], style: Style = DEFAULT_STYLE) -> float:
    """How much the phone's preview shrinks a picture of `size`."""
    pw, ph = style.sizes.preview
    return min(1.0, pw / size[0], ph / size[1])


def judged(scale: float, half: int | None, texts: dict[str, float]) -> Legibility:
    """The smallest things of a picture drawn at `half` px a half-tile with these texts (what: px), shrunk by
    `scale`."""
    what = min(texts, key=lambda k: texts[k])
    tile = None if half is None else half * scale
    pip = None if half is None else PIP_DIAMETER * half * scale
    return Legibility(scale, tile, pip, texts[what] * scale, what)


def chip_digit(chip: int) -> float:
    return CHIP_DIGIT * chip


def table_legibility(g: TableGeometry, style: Style = DEFAULT_STYLE) -> Legibility:
    """The one picture's (table.png's) smallest tile, pip and text in the preview."""
    s = style.sizes
    texts = {
        "glance": float(s.table_glance_font),
        "chip number": chip_digit(s.table_chip),
        "score": float(s.table_score_font),
        "needed": float(s.table_small_font),
        "name": float(s.table_name_font),
    }
    if g.band is not None:
        texts["equation"] = float(s.table_equation_font)
        texts["equation chip number"] = chip_digit(round(s.table_equation_font * 1.25))
    if g.layout.badges:
        two = any(m.value is not None and m.value >= 10 for m in g.layout.badges)
        texts["badge"] = s.badge_font * (BADGE_TWO_DIGITS if two else 1.0)
    if g.panel_rows:
        texts["settlement"] = float(s.table_panel_font)
    return judged(g.preview_scale, s.half if g.layout.tiles else None, texts)


def scoresheet_legibility(size: tuple[int, int], style: Style = DEFAULT_STYLE) -> Legibility:
    """The scoresheet picture's (`/five-up score`'s) smallest text in the preview: it has no tiles."""
    s = style.sizes
    texts = {"score": float(s.score_font), "needed and names": float(s.small_font), "chip number": chip_digit(s.chip)}
    return judged(preview_scale(size, style), None, texts)


def legend_legibility(size: tuple[int, int], style: Style = DEFAULT_STYLE) -> Legibility:
    """The legend's (`/five-up help`'s picture's) smallest tile, pip and text in the preview."""
    s = style.sizes
    texts = {
        "item number": float(s.table_small_font),
        "sample": float(s.table_glance_font),
        "chip number": chip_digit(s.table_chip),
        "badge": s.badge_font * BADGE_TWO_DIGITS,
    }
    return judged(preview_scale(size, style), s.half, texts)


def hand_legibility(size: tuple[int, int], style: Style = DEFAULT_STYLE) -> Legibility:
    """A hand's (`Show my hand`'s) smallest tile, pip and label in the preview."""
    s = style.sizes
    return judged(preview_scale(size, style), s.hand_half, {"label": float(s.hand_label_font)})
