"""The chain of fonts players' names are drawn from, and which of them draws a given character.

Two kinds of font, never one fetched at run time (see fonts/FONTS.md):
- bundled in render/fonts under the SIL OFL, cut to their scripts: Noto Sans (Latin, Greek, Cyrillic,
  phonetic small capitals), a Hangul cut of Noto Sans CJK KR, Noto Sans Arabic, Hebrew, Thai and
  Devanagari: small, so every machine draws these;
- Debian's packages, too large to bundle: Noto Sans CJK (fonts-noto-cjk: every CJK ideograph and kana),
  DejaVu Sans (fonts-dejavu-core: symbols) and Symbola (fonts-symbola: monochrome emoji), which
  scripts/setup.sh installs where it can. A name's characters that no font at hand draws are left out
  (never drawn as boxes); a warning says once which scripts are missing and which package brings them.

Emoji are monochrome on purpose: every picture is a palette picture of at most 256 colours made of ramps
between the colours that meet (render/style.py), so a name is a coverage mask painted in the ink of its
row, like every other word; a colour emoji (Noto Color Emoji's 109 px bitmaps) would need colours of its
own in every palette and would blur when shrunk to a name's 26 px.

Whether a font draws a character is asked of the font itself, unshaped (a shaper would put a lone mark on
a dotted circle): its mask is compared with the mask of a character no font here maps (the private-use
U+E000), which FreeType draws as `.notdef`.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont, features

log = logging.getLogger(__name__)

BUNDLED = Path(__file__).resolve().parent / "fonts"
NOTO_CJK = Path("/usr/share/fonts/opentype/noto")
PROBE_SIZE = 24  # the size the glyph check draws at
_UNMAPPED = "\ue000"  # private use: drawn as .notdef by a font that does not map it


@dataclass(frozen=True, slots=True)
class Face:
    """One font of the chain: the first of `paths` that exists, and what it is there for."""

    scripts: str  # what it draws, for the warning when it is missing
    paths: tuple[Path, ...]
    index: int = 0  # the face in a font collection (.ttc)
    package: str = ""  # the Debian package that brings it (empty: bundled)
    shaped: bool = False  # needs shaping (libraqm): joined, reordered or stacked letters
    rtl: bool = False  # written right to left

    @property
    def path(self) -> Path | None:
        return next((p for p in self.paths if p.is_file()), None)


FACES: tuple[Face, ...] = (  # in order of preference: a character is drawn from the first that has it
    Face("Latin, Greek and Cyrillic", (BUNDLED / "NotoSans-Bold-subset.ttf",)),
    Face("Korean (Hangul)", (BUNDLED / "NotoSansKR-Bold-subset.otf",)),
    Face("Arabic", (BUNDLED / "NotoSansArabic-Bold-subset.ttf",), shaped=True, rtl=True),
    Face("Hebrew", (BUNDLED / "NotoSansHebrew-Bold-subset.ttf",), shaped=True, rtl=True),
    Face("Thai", (BUNDLED / "NotoSansThai-Bold-subset.ttf",), shaped=True),
    Face("Devanagari", (BUNDLED / "NotoSansDevanagari-Bold-subset.ttf",), shaped=True),
    Face(
        "Chinese and Japanese (CJK ideographs, kana)",
        (NOTO_CJK / "NotoSansCJK-Bold.ttc", Path("/usr/share/fonts/opentype/noto-cjk/NotoSansCJK-Bold.ttc")),
        package="fonts-noto-cjk",
    ),
    Face("emoji", (Path("/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"),), package="fonts-symbola"),
    Face("symbols", (Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),), package="fonts-dejavu-core"),
)


def ignorable(ch: str) -> bool:
    """A character drawn as nothing that changes its neighbours: joiners, direction marks, variation
    selectors (the shaper hides them, and keeps the joins they ask for)."""
    return unicodedata.category(ch) == "Cf" or "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


class FontChain:
    """The faces of a chain that can be used here, their fonts by size, and the glyph check."""

    def __init__(self, faces: Sequence[Face] = FACES) -> None:
        self.shaping = features.check("raqm") is True
        usable = [f for f in faces if f.path is not None and (self.shaping or not f.shaped)]
        self.faces = tuple(usable)
        self.missing = tuple(f for f in faces if f not in usable)
        self._warned = False
        self.font = lru_cache(maxsize=64)(self._font)
        self.face_of = lru_cache(maxsize=16384)(self._face_of)
        self._probe = lru_cache(maxsize=64)(self._probe_font)
        self._notdef = [self._mask(_UNMAPPED, k) for k in range(len(self.faces))]

    def warn_once(self) -> None:
        """Say once, in the log, which scripts cannot be drawn here and what would bring them."""
        if self._warned or not self.missing:
            return
        self._warned = True
        for face in self.missing:
            if face.path is not None:  # found, but it needs shaping
                why = "Pillow has no libraqm to shape it"
            else:
                why = f"no font ({', '.join(p.name for p in face.paths)}; Debian package {face.package or '?'})"
            log.warning("names in %s cannot be drawn: %s; those characters are left out", face.scripts, why)

    def _font(self, face: int, size: int) -> ImageFont.FreeTypeFont:
        f = self.faces[face]
        return ImageFont.truetype(str(f.path), size, index=f.index)

    def _probe_font(self, face: int) -> ImageFont.FreeTypeFont:
        f = self.faces[face]
        return ImageFont.truetype(str(f.path), PROBE_SIZE, index=f.index, layout_engine=ImageFont.Layout.BASIC)

    def _mask(self, ch: str, face: int) -> tuple[tuple[int, int], bytes]:
        mask = self._probe(face).getmask(ch)
        return mask.size, bytes(mask)

    def maps(self, ch: str, face: int) -> bool:
        """Whether the font of `face` has a glyph of its own for `ch`."""
        return self._mask(ch, face) != self._notdef[face]

    def _face_of(self, ch: str) -> int | None:
        """The first face with a glyph of its own for `ch`; None for a character none draws (or an
        ignorable one, which goes with its neighbours)."""
        if ch == " ":
            return 0
        if unicodedata.category(ch)[0] in "CZ" or ignorable(ch):  # controls, formats, unassigned, odd spaces
            return None
        return next((face for face in range(len(self.faces)) if self.maps(ch, face)), None)
