"""The bot's texts as HTML: its Markdown (bold, escapes) turned into markup, everything else escaped."""

from __future__ import annotations

import html
import re

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ESCAPED = re.compile(r"\\([\\*_~`|>#\-\[\]()])")
_MENTION = re.compile(r"<@!?\d+>")


def text_html(text: str) -> str:
    """One line of a bot text as HTML: **bold** as <strong>, Markdown escapes undone, the rest escaped;
    a Discord mention (meaningless on the web) is left out."""
    plain = _MENTION.sub("", text)
    escaped = html.escape(plain, quote=False)
    bolded = _BOLD.sub(r"<strong>\1</strong>", escaped)
    return _ESCAPED.sub(r"\1", bolded)


def name_text(name: str) -> str:
    """A player's name as typed (the table keeps it with Markdown escaped), escaped for HTML."""
    return html.escape(_ESCAPED.sub(r"\1", name))
