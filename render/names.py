"""Players' names and the few words of the table picture, each character in a font that draws it.

The fonts form a chain (render/name_fonts.py: bundled Noto cuts for Latin, Greek, Cyrillic, Hangul,
Arabic, Hebrew, Thai and Devanagari; Debian's Noto Sans CJK, DejaVu Sans and Symbola for ideographs,
kana, symbols and emoji); a name is cut into runs, one font and one direction each, drawn left to right
in visual order (render/name_runs.py). A character no font at hand draws is left out, never drawn as a
box; only a name with no drawable character at all gives way to the seat's label ("Seat 3").
"""

from __future__ import annotations

import math
import unicodedata
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from .name_fonts import FontChain
from .name_runs import Run, logical_runs, visual_runs
from .style import Style

ELLIPSIS = "…"
HANGUL = 1  # the face whose height every name's sprite keeps at least: names share one baseline


@cache
def chain() -> FontChain:
    """The fonts at hand, looked for once; the first use says in the log which scripts are missing."""
    fonts = FontChain()
    fonts.warn_once()
    return fonts


def name_font(size: int, face: int = 0) -> ImageFont.FreeTypeFont:
    """The font of `face` (an index in the chain) at `size` pixels."""
    return chain().font(face, size)


def face_of(ch: str) -> int | None:
    """The first font with a glyph of its own for the character `ch`, or None."""
    return chain().face_of(ch)


def drawable(ch: str) -> bool:
    """Whether a font at hand has a glyph of its own for the character `ch`."""
    return face_of(ch) is not None


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[Run, ...]:
    """`text` cut into runs drawn from one font in one direction, left to right as drawn."""
    return tuple(visual_runs(chain(), text))


def _length(run: Run, size: int) -> float:
    f = name_font(size, run.face)
    if chain().shaping:
        return f.getlength(run.text, direction="rtl" if run.rtl else "ltr")
    return f.getlength(run.text)


def _bbox(run: Run, size: int) -> tuple[float, float, float, float]:
    f = name_font(size, run.face)
    if chain().shaping:
        return f.getbbox(run.text, anchor="ls", direction="rtl" if run.rtl else "ltr")
    return f.getbbox(run.text, anchor="ls")


def text_length(text: str, size: int) -> float:
    """The width of `text` in pixels at `size`, each run in its own font."""
    return sum(_length(run, size) for run in runs(text))


@lru_cache(maxsize=1024)
def clean(name: str, fonts: FontChain | None = None) -> str:
    """The name as it should be drawn: composed (NFC), on one line, without surrounding spaces, and
    without the characters no font at hand (`fonts`, else the chain) draws."""
    text = " ".join(unicodedata.normalize("NFC", name).split())
    return " ".join("".join(part for _, part, _ in logical_runs(fonts or chain(), text)).split())


@lru_cache(maxsize=1024)
def can_draw(name: str, fonts: FontChain | None = None) -> bool:
    """Whether the name has a character a font at hand draws (a space or a joiner does not count)."""
    fonts = fonts or chain()
    return any(ch != " " and fonts.face_of(ch) is not None for ch in clean(name, fonts))


def seat_label(seat: int, labels: dict[str, str]) -> str:
    """The seat's label ("Seat 3"): what stands in for a name with nothing that can be drawn."""
    return labels["seat"].replace("{seat}", str(seat + 1))


def shown_name(name: str | None, seat: int, labels: dict[str, str], fonts: FontChain | None = None) -> tuple[str, bool]:
    """The text drawn for a seat and whether it is the player's own name (else the seat's label)."""
    if name is not None and can_draw(name, fonts):
        return clean(name, fonts), True
    return seat_label(seat, labels), False


@lru_cache(maxsize=1024)
def fit(text: str, size: int, width: int) -> str:
    """`text`, shortened with an ellipsis so that it is at most `width` pixels wide at `size`."""
    if text_length(text, size) <= width:
        return text
    lo, hi = 0, len(text)  # the longest prefix that fits with the ellipsis after it
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_length(text[:mid].rstrip() + ELLIPSIS, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


@lru_cache(maxsize=1024)
def word_sprite(style: Style, kind: str, text: str, size: int, back: str, fore: str) -> Image.Image:
    """`text` in the chain's fonts, colour `fore` on `back`, as tall as its fonts: like `text_sprite`."""
    parts = runs(text)
    ascent, descent = name_font(size, HANGUL).getmetrics()
    for run in parts:  # a taller letter (Thai, Devanagari, an emoji) makes room for its own ink only
        _, top, _, bottom = _bbox(run, size)
        ascent, descent = max(ascent, math.ceil(-top)), max(descent, math.ceil(bottom))
    lengths = [_length(run, size) for run in parts]
    width = max(1, round(sum(lengths)) + 2)
    mask = Image.new("L", (width, ascent + descent), 0)
    draw = ImageDraw.Draw(mask)
    x = 1.0
    for run, length in zip(parts, lengths, strict=True):
        f = name_font(size, run.face)
        if chain().shaping:
            draw.text((x, ascent), run.text, fill=255, font=f, anchor="ls", direction="rtl" if run.rtl else "ltr")
        else:
            draw.text((x, ascent), run.text, fill=255, font=f, anchor="ls")
        x += length
    return style.palette(kind).paint(mask, back, fore)
