"""The glance bar of the one picture, right under the layout: what a player looks for first.

Left, the round's number and whose turn it is, as a pill in the seat's colour with a ▶ and the
player's name (at a round's end: who went out, or that the round was blocked; at the match's end:
the winners). Right, the tiles in every hand, each by its seat's chip, and the boneyard's tiles
(a four-player table has none). Its words come from the caller's labels (`settlement.DEFAULT_LABELS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine import Phase, TableSnapshot

from .names import fit, word_sprite
from .png import row_width
from .settlement import Ending
from .sprites import reduce_supersampled, seat_chip, symbol_sprite, text_sprite
from .style import SEATS, Style

KIND = "table"
BACK = "strip"
Parts = list[tuple[Image.Image, int]]


@dataclass(frozen=True, slots=True)
class Glance:
    """What the bar says, and its two groups of sprites (left-aligned, right-aligned)."""

    round: int  # as players count it: the first round is 1 (the snapshot's is 0)
    turn: int | None  # the seat to move; None between rounds and at the match's end
    outcome: str | None  # at a round's or the match's end: "out", "blocked" or "wins"
    outcome_seats: tuple[int, ...]  # who went out, or the winners
    hands: tuple[int, ...]  # tiles in each hand, by seat
    boneyard: int | None  # tiles left to draw; None where the deal leaves none (four players)
    names: tuple[str, ...]  # the names the bar draws, by seat (shortened to fit; "" where it draws none)
    left: Parts
    right: Parts
    left_width: int  # the widths of the two groups, measured once for the picture's width and its drawing
    right_width: int


def glance_of(
    snapshot: TableSnapshot,
    ending: Ending | None,
    names: Sequence[str],
    labels: dict[str, str],
    style: Style,
    width: int,
) -> Glance:
    """The bar for a picture at most `width` pixels wide: names are shortened to what the rest leaves."""
    s = style.sizes
    size, space = s.table_glance_font, s.table_glance_font // 4
    turn = snapshot.turn if snapshot.phase is Phase.PLAYING else None
    outcome, seats = _outcome(ending)
    right = _hands(snapshot, turn, style)
    right_width = row_width(right)
    boneyard = None if snapshot.players == 4 else snapshot.boneyard
    head: Parts = [
        (
            word_sprite(style, KIND, labels["round"].replace("{round}", str(snapshot.round + 1)), size, BACK, "text"),
            space * 3,
        )
    ]
    tail: Parts = []
    if outcome == "wins":
        head.append((symbol_sprite(style, KIND, "star", size, BACK, "badge"), space))
    if outcome in ("out", "wins"):
        tail.append((word_sprite(style, KIND, labels[outcome], size, BACK, "text"), 0))
    elif outcome == "blocked":
        tail.append((word_sprite(style, KIND, labels["blocked"], size, BACK, "text"), 0))
    pilled = seats if outcome in ("out", "wins") else ((turn,) if turn is not None else ())
    empty = [(turn_pill(style, seat, "", size, turn is not None), space) for seat in pilled]
    fixed = row_width([*head, *empty, *tail]) + space
    room = width - 2 * s.table_margin - s.table_glance_font - fixed - right_width
    each = max(3 * size, room // max(1, len(pilled)) - 4)
    drawn = [""] * snapshot.players
    left = list(head)
    for seat in pilled:
        drawn[seat] = fit(names[seat], size, each)
        left.append((turn_pill(style, seat, drawn[seat], size, turn is not None), space))
    left += tail
    if not tail and left:
        left[-1] = (left[-1][0], 0)
    return Glance(
        snapshot.round + 1,
        turn,
        outcome,
        seats,
        snapshot.hand_sizes,
        boneyard,
        tuple(drawn),
        left,
        right,
        row_width(left),
        right_width,
    )


def _outcome(ending: Ending | None) -> tuple[str | None, tuple[int, ...]]:
    if ending is None:
        return None, ()
    if ending.winner is not None:
        return "wins", ending.winner_seats
    if ending.kind == "domino" and ending.seat is not None:
        return "out", (ending.seat,)
    return ("blocked", ()) if ending.kind == "block" else (None, ())


def _hands(snapshot: TableSnapshot, turn: int | None, style: Style) -> Parts:
    """A tile's outline, then each seat's chip with the tiles in its hand; then the boneyard's stack."""
    s = style.sizes
    size, space = s.table_glance_font, s.table_glance_font // 4
    parts: Parts = [(tile_icon(style, size, False), space)]
    for seat, count in enumerate(snapshot.hand_sizes):
        parts.append((seat_chip(style, KIND, seat, s.table_chip, BACK, ring=seat == turn), space // 2))
        parts.append((text_sprite(style, KIND, str(count), size, BACK, "text"), space * 2))
    if snapshot.players < 4:
        parts.append((tile_icon(style, size, True), space))
        parts.append((text_sprite(style, KIND, str(snapshot.boneyard), size, BACK, "text"), 0))
    else:
        parts[-1] = (parts[-1][0], 0)
    return parts


@lru_cache(maxsize=64)
def turn_pill(style: Style, seat: int, text: str, size: int, turn: bool) -> Image.Image:
    """The seat's name in a pill of the seat's colour (its number's ink on it), after a ▶ when it is
    that seat's turn: the highlight a player finds first."""
    c = style.colors
    seat_name = SEATS[seat % 4]
    ink = c.seat_number(seat)
    word = word_sprite(style, KIND, text, size, seat_name, ink) if text else None
    arrow = symbol_sprite(style, KIND, "turn", size, seat_name, ink) if turn else None
    h = style.sizes.table_glance - 10
    pad = size // 2
    inner = (arrow.width + size // 4 if arrow is not None else 0) + (word.width if word is not None else 0)
    w = inner + 2 * pad
    ss = style.sizes.supersample
    mask = Image.new("L", (w * ss, h * ss), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w * ss - 1, h * ss - 1), radius=h * ss // 2, fill=255)
    pill = style.palette(KIND).paint(reduce_supersampled(mask, ss), BACK, seat_name)
    x = pad
    for sprite in (arrow, word):
        if sprite is not None:
            pill.paste(sprite, (x, (h - sprite.height) // 2))
            x += sprite.width + size // 4
    return pill


@lru_cache(maxsize=8)
def tile_icon(style: Style, size: int, stack: bool) -> Image.Image:
    """A tile standing up, in outline (the tiles in a hand), or two of them stacked (the boneyard)."""
    ss = style.sizes.supersample
    h = round(size * 1.15) * ss
    w = h // 2 + (h // 4 if stack else 0)
    mask = Image.new("L", (w + ss, h), 0)
    draw = ImageDraw.Draw(mask)
    line = max(ss, round(0.08 * h))
    boxes = [(h // 4, 0, w, h - h // 5), (0, h // 5, h // 2, h - 1)] if stack else [(0, 0, h // 2, h - 1)]
    for k, box in enumerate(boxes):
        if k:  # the front tile hides the back one
            draw.rounded_rectangle(box, radius=h // 10, fill=0)
        draw.rounded_rectangle(box, radius=h // 10, outline=255, width=line)
        x0, y0, x1, y1 = box
        mid = (y0 + y1) // 2
        draw.line((x0 + line * 2, mid, x1 - line * 2, mid), fill=255, width=line)
    return style.palette(KIND).paint(reduce_supersampled(mask, ss), BACK, "text")
