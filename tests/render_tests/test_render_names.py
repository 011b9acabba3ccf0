"""Players' names in the picture: Latin with accents and Hangul from the fonts the project brings,
shortened with an ellipsis to fit, and the seat's label for a name the fonts cannot draw, never boxes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from engine import Match
from render import DEFAULT_STYLE, table_description, table_png
from render.names import ELLIPSIS, FONT_FILES, can_draw, fit, shown_name, text_length, word_sprite
from render.settlement import DEFAULT_LABELS
from render.table import name_room

COLORS = DEFAULT_STYLE.colors


@pytest.mark.parametrize(
    "name", ["alice", "Zoë Ñúñez", "Łukasz Żółć", "Nguyễn Văn An", "김민준", "이서연 Kim", "Renée-Élodie", "ÅSA"]
)
def test_latin_with_accents_and_hangul_are_drawn(name: str) -> None:
    assert can_draw(name)
    assert shown_name(name, 0, DEFAULT_LABELS) == (name, True)


@pytest.mark.parametrize("name", ["😀", "😀🎲", "abc😀", "Ωmega", "中文", "a\u200db", "   ", ""])
def test_a_name_the_fonts_cannot_draw_falls_back_to_the_seat_label(name: str) -> None:
    assert not can_draw(name)
    assert shown_name(name, 2, DEFAULT_LABELS) == ("Seat 3", False)
    assert shown_name(name, 2, {**DEFAULT_LABELS, "seat": "{seat}번 자리"}) == ("3번 자리", False)


def test_the_glyph_check_asks_the_fonts_not_a_list() -> None:
    """A character drawn as .notdef (a box) is one the check refuses: the masks of a drawable name differ
    from those of private-use characters, which no font here maps."""
    hangul = word_sprite(DEFAULT_STYLE, "table", "김민준", 26, "strip", "text")
    boxes = word_sprite(DEFAULT_STYLE, "table", "\ue000\ue001\ue002", 26, "strip", "text")
    assert hangul.tobytes() != boxes.tobytes()
    assert not can_draw("\ue000")
    for path in FONT_FILES:
        assert path.is_file() and path.stat().st_size < 2_000_000
    assert "SIL OPEN FONT LICENSE Version 1.1" in (FONT_FILES[0].parent / "OFL.txt").read_text(encoding="utf-8")


def test_names_are_composed_and_kept_on_one_line() -> None:
    assert shown_name("Zoe\u0308\n  Smith ", 0, DEFAULT_LABELS) == ("Zoë Smith", True)  # NFC: the combining mark joins


@pytest.mark.parametrize("name", ["Bartholomew Montgomery-Smythe", "최수아최수아최수아최수아", "Zoë Ñúñez"])
@pytest.mark.parametrize("width", [60, 104, 225])
def test_fit_shortens_with_an_ellipsis_to_the_width(name: str, width: int) -> None:
    short = fit(name, 26, width)
    assert text_length(short, 26) <= width
    if text_length(name, 26) <= width:
        assert short == name
    else:
        assert short.endswith(ELLIPSIS) and name.startswith(short[:-1].rstrip())
        kept = len(short) - 1
        while name[kept] == " ":
            kept += 1
        assert text_length(name[: kept + 1] + ELLIPSIS, 26) > width  # one more character would not fit


def test_the_picture_carries_each_name_beside_its_chip() -> None:
    match = Match.new(4, "names")
    snap = match.snapshot()
    names = ["Zoë", "김민준", "😀", "Bartholomew Montgomery"]
    d = table_description(snap, names=names)
    assert [(n["seat"], n["name"], n["shown"], n["own"]) for n in d["names"]] == [
        (0, "Zoë", "Zoë", True),
        (1, "김민준", "김민준", True),
        (2, "😀", "Seat 3", False),
        (3, "Bartholomew Montgomery", fit("Bartholomew Montgomery", 26, name_room(4)), True),
    ]
    assert d["names"][3]["shown"].endswith(ELLIPSIS)
    assert d["size"][0] <= 800  # the names keep to the picture's width
    image = Image.open(io.BytesIO(table_png(snap, names=names))).convert("RGB")
    for side in d["sides"]:
        row = image.crop(tuple(side["rect"]))
        light = sum(n for n, c in row.getcolors(1 << 20) or [] if isinstance(c, tuple) and min(c) > 200)
        assert light > 300  # the names' letters, in the chalk of the scoreboard
    unnamed = table_png(snap)
    assert table_png(snap, names=["Zoë", "김민준", "😀", "Bo"]) != unnamed


def test_an_emoji_only_name_draws_exactly_the_seat_label_never_boxes() -> None:
    snap = Match.new(2, "emoji").snapshot()
    assert table_png(snap, names=["😀", "🎲🎲"]) == table_png(snap, names=None)
    assert table_png(snap, names=["😀", "🎲🎲"]) == table_png(snap, names=["\ue000", "\U0001f600x"])


def test_the_width_left_for_a_name_is_the_same_all_match_long() -> None:
    assert name_room(2) == name_room(3) > name_room(4) >= 3 * DEFAULT_STYLE.sizes.table_name_font
    assert Path(FONT_FILES[1]).suffix == ".otf"
