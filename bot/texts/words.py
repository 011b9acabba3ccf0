"""The small pieces every message is made of: names made plain, displayed and signed points, tile lists, clocks."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine import Tile, rules

_MARKDOWN = re.compile(r"([\\*_~|`>\[\]#])")
_ESCAPED = re.compile(r"\\([\\*_~|`>\[\]#])")
SEPARATOR = " · "
# The seat chips of the pictures (render/style.py: seat0 red, seat1 blue, seat2 purple, seat3 teal),
# as the nearest coloured emoji, so a name in a message reads against its chip in the picture.
SEAT_CHIPS = ("🔴", "🔵", "🟣", "🟡")


def plain(name: str) -> str:
    """A user's name with Markdown neutralised, so "*_x_*" reads as typed and cannot restyle a message."""
    return _MARKDOWN.sub(r"\\\1", name.strip() or "?")


def unescaped(name: str) -> str:
    """A name made plain, as typed again: where Markdown is not read (a thread's name)."""
    return _ESCAPED.sub(r"\1", name)


def seat_tag(seat: int) -> str:
    """A seat as the pictures show it: its colour chip and its number (seat + 1)."""
    return f"{SEAT_CHIPS[seat % len(SEAT_CHIPS)]}{seat + 1}"


def shown(raw: int) -> int:
    """Displayed points: one point per 5 raw."""
    return rules.displayed(raw)


def signed(points: int) -> str:
    """A gain or a loss as players read it: "+6", "−5" (a true minus sign), "0"."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"\N{MINUS SIGN}{-points}"
    return "0"


def tile_list(tiles: Sequence[Tile]) -> str:
    return SEPARATOR.join(str(x) for x in tiles)


def discord_clock(timestamp: float) -> str:
    """A Discord relative timestamp ("5 minutes ago"), shown in each reader's own time zone."""
    return f"<t:{int(timestamp)}:R>"


def discord_date(timestamp: float) -> str:
    """A Discord date and time ("5 December 2026 09:00"), in each reader's own time zone and language:
    how long someone is away reads better as a day than as "in 2 days"."""
    return f"<t:{int(timestamp)}:f>"


def clip(text: str, limit: int = 2000) -> str:
    """Discord refuses a message over 2000 characters: keep the start, mark the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
