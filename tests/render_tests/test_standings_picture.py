"""The tournament standings picture: a palette PNG as wide as the table picture's limit, its rows drawn in the
order given where its layout says (pixel for pixel), every text at least 11 px tall on a 400 px wide phone,
the winner's row highlighted, withdrawn players faint and struck through, and 200 players cut to a readable
picture with a count of the rest."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from render import DEFAULT_STYLE
from render.names import ELLIPSIS, word_sprite
from render.sprites import text_sprite
from render.standings_picture import (
    KIND,
    MAX_ROWS,
    Cell,
    StandingRow,
    StandingsHeaders,
    StandingsLayout,
    number,
    standings_layout,
    standings_png,
)

COLORS = DEFAULT_STYLE.colors
HEADERS = StandingsHeaders("#", "Player", "Pts", "Bh", "SB", "GP")
KOREAN = StandingsHeaders("순위", "선수", "승점", "부크홀츠", "SB", "점수", more="… 외 {count}명")
# name, points, Buchholz, Sonneborn-Berger, game points
PLAYERS = [
    ("김민준", 4, 10, 9, 244),
    ("José Ramón Núñez", 3, 11, 7.5, 230),
    ("Łukasz Żółć", 3, 9.5, 6.25, 210),
    ("Renée-Élodie Bartholomew Montgomery-Smythe", 2.5, 8, 5, 199),
    ("박서연", 2, 12, 4, 180),
    ("Iñaki Etxeberria", 2, 7, 3, 170),
    ("Zoë Ñúñez", 1.5, 6, 2, 150),
    ("이서연 Kim", 1, 5.5, 1, 120),
    ("\U000f0001\U000f0002", 0, 4, 0, 61),  # private-use characters: no font draws them
]
ROWS = [
    StandingRow(k + 1, name, pts, bh, sb, gp, withdrawn=k == 6) for k, (name, pts, bh, sb, gp) in enumerate(PLAYERS)
]
TITLE, SUBTITLE = "Noche de dominó 🎲", "Ronda 4 de 4"


def layout(rows: list[StandingRow] = ROWS, *, winner: bool = True, **kw: int) -> StandingsLayout:
    return standings_layout(TITLE, SUBTITLE, HEADERS, rows, highlight_winner=winner, **kw)


def picture(rows: list[StandingRow] = ROWS, *, winner: bool = True, **kw: int) -> Image.Image:
    image = Image.open(io.BytesIO(standings_png(TITLE, SUBTITLE, HEADERS, rows, highlight_winner=winner, **kw)))
    image.load()
    return image


def sprite(cell: Cell) -> Image.Image:
    if cell.face == "words":
        return word_sprite(DEFAULT_STYLE, KIND, cell.text, cell.size, cell.back, cell.fore)
    return text_sprite(DEFAULT_STYLE, KIND, cell.text, cell.size, cell.back, cell.fore)


def test_the_png_decodes_at_the_size_its_layout_says() -> None:
    image, g = picture(), layout()
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == g.size
    assert image.width == 800  # twice a phone's 400 px, like the table picture
    assert 9 * 52 < image.height < 800  # nine rows, a title and a header: about as tall as it is wide


def test_the_rows_are_drawn_in_the_order_given_each_cell_where_the_layout_says() -> None:
    image, g = picture(), layout()
    assert [line.index for line in g.lines] == list(range(9))
    tops = [line.box[1] for line in g.lines]
    assert tops == sorted(tops) and len(set(tops)) == 9
    assert tops[0] > max(c.box[3] for c in g.header)
    texts = [[c.text for c in line.cells] for line in g.lines]
    assert [t[0] for t in texts] == [str(k) for k in range(1, 10)]
    assert texts[1][1] == "José Ramón Núñez" and texts[0][1] == "김민준" and texts[7][1] == "이서연 Kim"
    assert texts[2][2:] == ["3", "9.5", "6.25", "210"]
    assert texts[3][2] == "2.5"
    for cell in g.cells():  # every text is in the picture exactly as its sprite
        if any(cell is line.cells[1] and line.strike is not None for line in g.lines):
            continue  # the withdrawn name: a line is drawn across it
        assert image.crop(cell.box).tobytes() == sprite(cell).tobytes(), cell.text
        x0, y0, x1, y1 = cell.box
        assert 0 <= x0 < x1 <= image.width and 0 <= y0 < y1 <= image.height


def test_cells_keep_to_their_columns_and_long_names_are_shortened() -> None:
    g = layout()
    for line in g.lines:
        boxes = [c.box for c in line.cells]
        for left, right in itertools.pairwise(boxes):
            assert left[2] <= right[0], (line.index, left, right)
        assert line.box[1] <= min(b[1] for b in boxes) and max(b[3] for b in boxes) <= line.box[3]
    long = g.lines[3].cells[1].text
    assert long.endswith(ELLIPSIS) and PLAYERS[3][0].startswith(long[:-1].rstrip())


def test_every_text_is_at_least_11_px_tall_on_a_400_px_phone() -> None:
    for g in (layout(), standings_layout("여름 토너먼트", "7라운드", KOREAN, ROWS, highlight_winner=False)):
        sizes = [g.shown_size(c, 400) for c in g.cells()]
        assert len(sizes) == 2 + 6 + 9 * 6
        assert min(sizes) >= 11, min(sizes)
    # and the letters themselves: a Hangul name's ink is over 11 px tall once the picture is 400 px wide
    image, g = picture().convert("RGB"), layout()
    x0, y0, x1, y1 = g.lines[0].cells[1].box
    back = COLORS.sheet_turn
    ink = [y for y in range(y0, y1) if any(image.getpixel((x, y)) != back for x in range(x0, x1))]
    assert (ink[-1] - ink[0] + 1) * 400 / image.width >= 11


def test_the_winners_row_is_highlighted_only_when_asked() -> None:
    on, off = layout(winner=True), layout(winner=False)
    assert [line.winner for line in on.lines] == [True] + [False] * 8
    assert on.lines[0].back == "sheet_turn" and on.lines[0].star is not None
    assert not any(line.winner or line.star for line in off.lines)
    image = picture().convert("RGB")
    x0, y0, x1, y1 = on.lines[0].box
    row = image.crop((x0, y0, x1, y1 - 2))
    assert max(row.getcolors(1 << 16) or [])[1] == COLORS.sheet_turn  # the row's ground
    star = image.crop(on.lines[0].star or (0, 0, 1, 1))
    assert any(c == COLORS.badge for _, c in star.getcolors(1 << 16) or [])
    plain = picture(winner=False).convert("RGB").crop((x0, y0, x1, y1 - 2))
    assert max(plain.getcolors(1 << 16) or [])[1] == COLORS.strip
    assert {c for _, c in plain.getcolors(1 << 16) or []}.isdisjoint({COLORS.badge})


def test_a_withdrawn_player_is_faint_and_struck_through() -> None:
    g = layout()
    line = g.lines[6]
    assert line.withdrawn and line.strike is not None
    assert {c.fore for c in line.cells} == {"chalk_faint"}
    assert all(c.fore == "text" for c in g.lines[5].cells) and g.lines[5].strike is None
    image = picture().convert("RGB")
    x0, y0, x1, y1 = line.strike
    name = line.cells[1].box
    assert (x0, x1) == (name[0], name[2]) and name[1] < y0 < y1 < name[3]
    assert {image.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)} == {COLORS.chalk_faint}


def test_a_name_the_fonts_cannot_draw_gets_a_label_never_boxes() -> None:
    g = layout()
    last = g.lines[8]
    assert last.cells[1].text == "Player 9" and not last.own_name and last.cells[1].fore == "muted"
    assert all(line.own_name for line in g.lines[:8])
    assert g.title is not None and g.title.text == "Noche de dominó 🎲"  # an emoji the fonts draw stays
    assert g.subtitle is not None and g.subtitle.text == "Ronda 4 de 4"
    assert standings_layout("", "", HEADERS, ROWS, highlight_winner=True).title is None


@pytest.mark.parametrize(
    ("value", "shown"), [(3, "3"), (3.0, "3"), (2.5, "2.5"), (6.25, "6.25"), (0, "0"), (-0.0, "0"), (10.5, "10.5")]
)
def test_scores_are_written_without_trailing_zeros(value: float, shown: str) -> None:
    assert number(value) == shown


def test_two_hundred_players_are_cut_to_the_first_forty_and_a_count_of_the_rest() -> None:
    rows = [
        StandingRow(k + 1, f"선수 {k + 1} Ñúñez", 7 - k // 30, 30 - k / 10, 20 - k / 8, 400 - k) for k in range(200)
    ]
    png = standings_png("여름 토너먼트", "", KOREAN, rows, highlight_winner=True)
    g = standings_layout("여름 토너먼트", "", KOREAN, rows, highlight_winner=True)
    image = Image.open(io.BytesIO(png))
    assert image.size == g.size and image.width == 800
    assert len(g.lines) == MAX_ROWS and g.hidden == 160
    assert g.more is not None and g.more.text == "… 외 160명"
    assert g.more.box[1] >= g.lines[-1].box[3] and g.size[1] < 2600
    assert [line.cells[1].text for line in g.lines] == [f"선수 {k + 1} Ñúñez" for k in range(MAX_ROWS)]
    every = standings_layout("", "", KOREAN, rows, highlight_winner=False, max_rows=200)
    assert len(every.lines) == 200 and every.hidden == 0 and every.more is None
    assert Image.open(io.BytesIO(standings_png("", "", KOREAN, rows, highlight_winner=False, max_rows=200))).size == (
        every.size
    )
    assert min(every.shown_size(c) for c in every.cells()) >= 11
