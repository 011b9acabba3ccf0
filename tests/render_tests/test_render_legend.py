"""The legend: one small picture of the one picture's marks, numbered, whose text is in the three
catalogs under the same keys and placeholders."""

from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image

from render import DEFAULT_STYLE, LEGEND_ITEMS, LEGEND_VALUES, legend_png
from render.legibility import legend_legibility

COLORS = DEFAULT_STYLE.colors
LOCALES = Path(__file__).resolve().parents[2] / "bot" / "texts" / "locales"


def catalog(lang: str) -> dict[str, str]:
    """The messages of one language's legend.ftl (each on one line)."""
    out = {}
    for line in (LOCALES / lang / "legend.ftl").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            key, _, value = line.partition(" = ")
            out[key] = value
    return out


def test_the_legend_is_one_small_palette_picture_with_every_mark() -> None:
    data = legend_png()
    image = Image.open(io.BytesIO(data))
    assert (image.format, image.mode) == ("PNG", "P")
    assert image.width <= 800 and image.height <= 1000 and len(data) < 60_000
    seen = legend_legibility(image.size)  # at 400 px wide: tiles >= 24 px, pips >= 4 px, every text >= 11 px
    assert seen.fine() and seen.tile is not None and seen.tile >= 24 and seen.text >= 11, seen
    colours = {c for _, c in image.convert("RGB").getcolors(1 << 16)}
    for name in (
        "spinner",
        "badge",
        "dot",
        "dot_closed",
        "tile",
        "tile_last",
        "strip",
        "seat0",
        "seat1",
        "seat3",
        "over",
    ):
        assert getattr(COLORS, name) in colours, name
    assert legend_png() == data  # drawn once


def test_every_numbered_item_has_its_text_in_three_languages_with_the_same_placeholders() -> None:
    keys = ["legend-title", *(f"legend-{item}" for item in LEGEND_ITEMS)]
    english = catalog("en")
    assert list(english) == keys  # in the order the picture numbers them
    placeholders = {k: set(re.findall(r"\{ \$(\w+) \}", v)) for k, v in english.items()}
    assert set().union(*placeholders.values()) == set(LEGEND_VALUES)
    for lang in ("ko", "es"):
        other = catalog(lang)
        assert list(other) == keys, lang
        for key, value in other.items():
            assert set(re.findall(r"\{ \$(\w+) \}", value)) == placeholders[key], (lang, key)
            assert value != english[key], (lang, key)
