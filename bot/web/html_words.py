"""The bot's texts as HTML: its Markdown (bold, escapes) turned into markup, everything else escaped."""

from __future__ import annotations

import html
import re

from ..texts.words import SEAT_CHIPS

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ESCAPED = re.compile(r"\\([\\*_~`|>#\-\[\]()])")
_MENTION = re.compile(r"<@!?\d+>")
_CHIP = re.compile("(" + "|".join(SEAT_CHIPS) + r")(\d)")
_TILE = re.compile(r"(?<!\d)(\d\\?-\d)(?!\d)")  # "5-5": a line may not break at its hyphen
_SUBTEXT = "-# "  # Discord's small grey line (a legend, a note)


def text_html(text: str) -> str:
    """One line of a bot text as HTML: **bold** as <strong>, a seat's emoji chip as the page's coloured chip
    (no emoji font needed), a tile's name kept on one line ("5-" and "5에" apart read as nothing), a `-# ` subtext
    line as <small>, Markdown escapes undone, the rest escaped; a Discord mention is left out."""
    if text.startswith(_SUBTEXT):
        return f'<small class="note">{text_html(text[len(_SUBTEXT) :])}</small>'
    plain = _MENTION.sub("", text)
    escaped = html.escape(plain, quote=False)
    tiled = _TILE.sub(r'<span class="tile">\1</span>', escaped)
    bolded = _BOLD.sub(r"<strong>\1</strong>", tiled)
    chipped = _CHIP.sub(lambda m: f'<span class="seat s{SEAT_CHIPS.index(m[1])}">{m[2]}</span>', bolded)
    return _ESCAPED.sub(r"\1", chipped)


def name_text(name: str) -> str:
    """A player's name as typed (the table keeps it with Markdown escaped), escaped for HTML."""
    return html.escape(_ESCAPED.sub(r"\1", name))
