"""Players' names in the picture: every script drawn in a font that has it (Latin, Greek, Cyrillic, Hangul,
kana and CJK ideographs, Arabic and Hebrew shaped right to left, Thai, Devanagari, emoji), never as boxes;
shortened with an ellipsis to fit; the seat's label only for a name with nothing that can be drawn."""

from __future__ import annotations

import io
import logging
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from engine import Match
from render import DEFAULT_STYLE, table_description, table_png
from render.name_fonts import BUNDLED, FACES, FontChain
from render.name_runs import visual_runs
from render.names import ELLIPSIS, can_draw, chain, clean, fit, runs, shown_name, text_length, word_sprite
from render.settlement import DEFAULT_LABELS
from render.table import name_room

COLORS = DEFAULT_STYLE.colors
SIZE = 26
# each name, and the one font file known to draw it whole (shaped as its script wants)
SCRIPTS = {
    "Дмитрий": "NotoSans-Bold-subset.ttf",
    "Ελένη": "NotoSans-Bold-subset.ttf",
    "ᴀʟɪᴄᴇ": "NotoSans-Bold-subset.ttf",
    "Nguyễn Văn An": "NotoSans-Bold-subset.ttf",
    "김민준": "NotoSansKR-Bold-subset.otf",
    "山田太郎": "NotoSansCJK-Bold.ttc",
    "さくら カタカナ": "NotoSansCJK-Bold.ttc",
    "王小明": "NotoSansCJK-Bold.ttc",
    "محمد": "NotoSansArabic-Bold-subset.ttf",
    "שרה": "NotoSansHebrew-Bold-subset.ttf",
    "สมชาย": "NotoSansThai-Bold-subset.ttf",
    "देव": "NotoSansDevanagari-Bold-subset.ttf",
    "नमस्ते": "NotoSansDevanagari-Bold-subset.ttf",
    "🐉🎲": "Symbola_hint.ttf",
}
RTL = {"محمد", "שרה"}


def mask_of(sprite: Image.Image, back: str = "strip") -> Image.Image:
    """Where a word sprite has ink (anything but its background), as a 0/255 mask."""
    index = DEFAULT_STYLE.palette("table").index[back]
    return Image.frombytes("L", sprite.size, bytes(0 if v == index else 255 for v in sprite.tobytes()))


def reference(name: str, file: str) -> Image.Image:
    """`name` drawn by the font known to draw it, on a canvas like the sprite's, as a 0/255 mask."""
    face = next(f for f in FACES if any(p.name == file for p in f.paths))
    assert face.path is not None, f"{file} is missing: scripts/setup.sh installs it"
    font = ImageFont.truetype(str(face.path), SIZE, index=face.index)
    sprite = word_sprite(DEFAULT_STYLE, "table", name, SIZE, "strip", "text")
    ascent = chain().font(1, SIZE).getmetrics()[0]
    image = Image.new("L", sprite.size, 0)
    direction = "rtl" if name in RTL else "ltr"
    ImageDraw.Draw(image).text((1, ascent), name, fill=255, font=font, anchor="ls", direction=direction)
    return mask_of(DEFAULT_STYLE.palette("table").paint(image, "strip", "text"))  # in the picture's shades


def test_every_font_of_the_chain_is_at_hand_here() -> None:
    """The machine that runs the tests has them all: bundled ones in render/fonts, Debian's installed by
    scripts/setup.sh."""
    assert chain().missing == () and len(chain().faces) == len(FACES)
    assert chain().shaping  # Pillow with libraqm: Arabic, Hebrew, Thai and Devanagari shaped


@pytest.mark.parametrize("name", list(SCRIPTS))
def test_every_script_is_drawn_in_a_font_that_has_it(name: str) -> None:
    assert can_draw(name) and shown_name(name, 0, DEFAULT_LABELS) == (name, True)
    assert clean(name) == name and sorted("".join(r.text for r in runs(name))) == sorted(name)  # nothing left out
    for run in runs(name):
        assert chain().faces[run.face].path.name == SCRIPTS[name] or run.text == " "  # type: ignore[union-attr]
    drawn = mask_of(word_sprite(DEFAULT_STYLE, "table", name, SIZE, "strip", "text"))
    want = reference(name, SCRIPTS[name])
    differ = sum(1 for a, b in zip(drawn.tobytes(), want.tobytes(), strict=True) if a != b)
    assert differ <= 0.01 * sum(1 for v in want.tobytes() if v), name  # the same letters, shaped the same way


@pytest.mark.parametrize("name", list(SCRIPTS))
def test_no_name_is_drawn_with_a_box(name: str) -> None:
    """Each character's glyph differs from its font's .notdef (what a missing glyph draws)."""
    fonts = chain()
    for ch in name.replace(" ", ""):
        face = fonts.face_of(ch)
        assert face is not None and fonts.maps(ch, face), (name, ch)
    notdef = word_sprite(DEFAULT_STYLE, "table", "\ue000", SIZE, "strip", "text")
    assert notdef.width <= 3  # a character no font has is left out, not drawn


def test_arabic_is_joined_and_right_to_left() -> None:
    font = chain().font(next(i for i, f in enumerate(chain().faces) if f.rtl), SIZE)
    basic = ImageFont.truetype(str(font.path), SIZE, layout_engine=ImageFont.Layout.BASIC)
    assert bytes(font.getmask("محمد", direction="rtl")) != bytes(basic.getmask("محمد"))  # its letters joined
    hebrew = chain().font(next(i for i, f in enumerate(chain().faces) if f.scripts == "Hebrew"), SIZE)
    shaped = bytes(hebrew.getmask("שרה", direction="rtl"))
    lro = "\u202d"  # left-to-right override: the letters in the order given
    assert shaped == bytes(hebrew.getmask(lro + "הרש")) != bytes(hebrew.getmask(lro + "שרה"))  # first letter rightmost
    # a name with both directions: the paragraph goes the way of its first letter
    assert [r.text for r in visual_runs(chain(), "محمد Ali")] == ["Ali", " ", "محمد"]
    assert [r.text for r in visual_runs(chain(), "Ali محمد")] == ["Ali ", "محمد"]
    assert [r.text for r in visual_runs(chain(), "A محمد علي B")] == ["A ", "علي", " ", "محمد", " B"]
    assert [r.rtl for r in visual_runs(chain(), "A محمد علي B")] == [False, True, True, True, False]
    assert [(r.text, r.rtl) for r in visual_runs(chain(), "שרה 12")] == [(" 12", True), ("שרה", True)]  # "12 שרה"


def test_a_mixed_name_takes_each_character_from_its_own_font() -> None:
    assert [(chain().faces[r.face].scripts, r.text) for r in runs("🐉Drake")] == [
        ("emoji", "🐉"),
        ("Latin, Greek and Cyrillic", "Drake"),
    ]
    assert shown_name("🐉Drake", 0, DEFAULT_LABELS) == ("🐉Drake", True)
    assert shown_name("❤️ 민준", 0, DEFAULT_LABELS) == ("❤️ 민준", True)  # the selector goes with its heart
    assert shown_name("Zoe\u0308\n  Smith ", 0, DEFAULT_LABELS) == ("Zoë Smith", True)  # NFC: the mark joins


@pytest.mark.parametrize("name", ["\ue000", "\u200d\ufe0f", "   ", "", "\U000e0041\U000e0042", "\x07"])
def test_only_a_name_with_nothing_drawable_falls_back_to_the_seat_label(name: str) -> None:
    assert not can_draw(name)
    assert shown_name(name, 2, DEFAULT_LABELS) == ("Seat 3", False)
    assert shown_name(name, 2, {**DEFAULT_LABELS, "seat": "{seat}번 자리"}) == ("3번 자리", False)


def test_characters_no_font_has_are_left_out_of_a_name_that_has_others() -> None:
    assert shown_name("ab\ue000c", 0, DEFAULT_LABELS) == ("abc", True)
    assert shown_name("\ue000 Bo \ue001", 0, DEFAULT_LABELS) == ("Bo", True)


def test_a_missing_font_leaves_its_script_out_and_says_so_once(caplog: pytest.LogCaptureFixture) -> None:
    """Without Noto Sans CJK (no fonts-noto-cjk), an all-CJK name is the seat's label, a mixed one keeps
    the rest, nothing is drawn as boxes, and the log says once what is missing and what brings it."""
    gone = Path("/nonexistent/NotoSansCJK-Bold.ttc")
    faces = tuple(replace(f, paths=(gone,)) if f.package == "fonts-noto-cjk" else f for f in FACES)
    with caplog.at_level(logging.WARNING, logger="render.name_fonts"):
        fonts = FontChain(faces)
        fonts.warn_once()
        fonts.warn_once()
    warned = [r.getMessage() for r in caplog.records if r.name == "render.name_fonts"]
    assert len(warned) == 1 and "Chinese and Japanese" in warned[0] and "fonts-noto-cjk" in warned[0]
    assert shown_name("山田太郎", 1, DEFAULT_LABELS, fonts) == ("Seat 2", False)
    assert shown_name("山田 Ken", 1, DEFAULT_LABELS, fonts) == ("Ken", True)
    assert shown_name("김민준", 1, DEFAULT_LABELS, fonts) == ("김민준", True)  # bundled: always there
    assert clean("山田太郎") == "山田太郎"  # the chain at hand has it


def test_the_bundled_fonts_are_small_and_licensed() -> None:
    bundled = [f.paths[0] for f in FACES if not f.package]
    assert len(bundled) == 6 and all(p.parent == BUNDLED for p in bundled)
    notes = (BUNDLED / "FONTS.md").read_text(encoding="utf-8")
    for path in bundled:
        assert path.is_file() and path.stat().st_size < 1_500_000 and path.name in notes
    assert sum(p.stat().st_size for p in bundled) < 2_100_000
    assert "SIL OPEN FONT LICENSE Version 1.1" in (BUNDLED / "OFL.txt").read_text(encoding="utf-8")


LONG = ["Bartholomew Montgomery-Smythe", "최수아최수아최수아최수아", "Zoë Ñúñez", "山田太郎山田太郎山田"]


@pytest.mark.parametrize("name", LONG)
@pytest.mark.parametrize("width", [60, 104, 225])
def test_fit_shortens_with_an_ellipsis_to_the_width(name: str, width: int) -> None:
    short = fit(name, SIZE, width)
    assert text_length(short, SIZE) <= width
    if text_length(name, SIZE) <= width:
        assert short == name
    else:
        assert short.endswith(ELLIPSIS) and name.startswith(short[:-1].rstrip())
        kept = len(short) - 1
        while name[kept] == " ":
            kept += 1
        assert text_length(name[: kept + 1] + ELLIPSIS, SIZE) > width  # one more character would not fit


def test_a_names_sprite_keeps_the_rows_height_whatever_its_script() -> None:
    heights = {word_sprite(DEFAULT_STYLE, "table", n, SIZE, "strip", "text").height for n in [*SCRIPTS, "Zoë"]}
    assert heights == {word_sprite(DEFAULT_STYLE, "table", "Zoë", SIZE, "strip", "text").height}
    assert max(heights) < DEFAULT_STYLE.sizes.table_row


def test_the_picture_carries_each_name_beside_its_chip() -> None:
    match = Match.new(4, "names")
    snap = match.snapshot()
    names = ["Zoë", "محمد", "\ue000", "Bartholomew Montgomery"]
    d = table_description(snap, names=names)
    assert [(n["seat"], n["name"], n["shown"], n["own"]) for n in d["names"]] == [
        (0, "Zoë", "Zoë", True),
        (1, "محمد", "محمد", True),
        (2, "\ue000", "Seat 3", False),
        (3, "Bartholomew Montgomery", fit("Bartholomew Montgomery", SIZE, name_room(4)), True),
    ]
    assert d["names"][3]["shown"].endswith(ELLIPSIS)
    assert d["size"][0] <= 800  # the names keep to the picture's width
    image = Image.open(io.BytesIO(table_png(snap, names=names))).convert("RGB")
    for side in d["sides"]:
        row = image.crop(tuple(side["rect"]))
        light = sum(n for n, c in row.getcolors(1 << 20) or [] if isinstance(c, tuple) and min(c) > 200)
        assert light > 300  # the names' letters, in the chalk of the scoreboard
    assert table_png(snap, names=["Zoë", "山田太郎", "🐉", "Bo"]) != table_png(snap)


def test_a_name_with_nothing_drawable_draws_exactly_the_seat_label() -> None:
    snap = Match.new(2, "nothing").snapshot()
    assert table_png(snap, names=["\ue000", "\u200d"]) == table_png(snap, names=None)
    assert table_png(snap, names=["🐉", "\u200d"]) != table_png(snap, names=None)


def test_the_width_left_for_a_name_is_the_same_all_match_long() -> None:
    assert name_room(2) == name_room(3) > name_room(4) >= 3 * DEFAULT_STYLE.sizes.table_name_font
