"""Players' names and the few words of the table picture, in the fonts the project brings along.

Two fonts under the SIL OFL (see fonts/FONTS.md), never a font of the host: Noto Sans for Latin with
its accents, and a Hangul cut of Noto Sans CJK KR for what the first lacks. A name with a character
neither can draw (an emoji, another script) is not drawn as boxes: the seat's label stands in for
it. Whether a font draws a character is asked of the font itself: its mask is compared with the
mask of a character no such font maps (the private-use U+E000), which FreeType draws as `.notdef`.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .style import Style

FONTS = Path(__file__).resolve().parent / "fonts"
FONT_FILES = (FONTS / "NotoSans-Bold-subset.ttf", FONTS / "NotoSansKR-Bold-subset.otf")  # in order of preference
ELLIPSIS = "…"
PROBE_SIZE = 24  # the size the glyph check draws at
_UNMAPPED = "\ue000"  # private use: drawn as .notdef by a font that does not map it


@cache
def name_font(size: int, face: int = 0) -> ImageFont.FreeTypeFont:
    """A bundled font (`face` indexes FONT_FILES) at `size` pixels."""
    return ImageFont.truetype(str(FONT_FILES[face]), size)


@cache
def _notdef(face: int) -> tuple[tuple[int, int], bytes]:
    return _mask(_UNMAPPED, face)


@lru_cache(maxsize=8192)
def _mask(ch: str, face: int) -> tuple[tuple[int, int], bytes]:
    mask = name_font(PROBE_SIZE, face).getmask(ch)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def face_of(ch: str) -> int | None:
    """The first bundled font with a glyph of its own for the character `ch`, or None."""
    if ch == " ":
        return 0
    if unicodedata.category(ch)[0] in "CZ":  # controls, formats (joiners), unassigned, odd spaces
        return None
    for face in range(len(FONT_FILES)):
        if _mask(ch, face) != _notdef(face):
            return face
    return None


def drawable(ch: str) -> bool:
    """Whether a bundled font has a glyph of its own for the character `ch`."""
    return face_of(ch) is not None


def runs(text: str) -> list[tuple[int, str]]:
    """`text` cut into runs of characters drawn from one font: (face, characters)."""
    out: list[tuple[int, str]] = []
    for ch in text:
        face = face_of(ch)
        face = 0 if face is None else face
        if out and out[-1][0] == face:
            out[-1] = (face, out[-1][1] + ch)
        else:
            out.append((face, ch))
    return out


def text_length(text: str, size: int) -> float:
    """The width of `text` in pixels at `size`, each run in its own font."""
    return sum(name_font(size, face).getlength(part) for face, part in runs(text))


def clean(name: str) -> str:
    """The name as it should be drawn: composed (NFC), on one line, without surrounding spaces."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def can_draw(name: str) -> bool:
    """Whether the whole name can be drawn, every character with its own glyph."""
    text = clean(name)
    return bool(text) and all(drawable(ch) for ch in text)


def seat_label(seat: int, labels: dict[str, str]) -> str:
    """The seat's label ("Seat 3"): what stands in for a name that cannot be drawn."""
    return labels["seat"].replace("{seat}", str(seat + 1))


def shown_name(name: str | None, seat: int, labels: dict[str, str]) -> tuple[str, bool]:
    """The text drawn for a seat and whether it is the player's own name (else the seat's label)."""
    if name is not None and can_draw(name):
        return clean(name), True
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
    """`text` in the bundled font, colour `fore` on `back`, as tall as the font: like `text_sprite`."""
    ascent, descent = name_font(size, 1).getmetrics()  # the taller of the two: every name on one baseline
    width = max(1, round(text_length(text, size)) + 2)
    mask = Image.new("L", (width, ascent + descent), 0)
    draw = ImageDraw.Draw(mask)
    x = 1.0
    for face, part in runs(text):
        f = name_font(size, face)
        draw.text((x, ascent), part, fill=255, font=f, anchor="ls")
        x += f.getlength(part)
    return style.palette(kind).paint(mask, back, fore)
