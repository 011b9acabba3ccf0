"""`/five-up help`: the quick start a new player reads on one phone screen, before the full rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .i18n import t

# In reading order: how to open, sit, see one's tiles, play, score; then where to look further.
QUICK_START = ("help-start", "help-join", "help-hand", "help-play", "help-score", "help-more")


def help_text(locale: str, legend: Sequence[str] = ()) -> tuple[str, str]:
    """The help's title and body in `locale`; `legend` (what the picture's symbols mean, a line each)
    follows the quick start when given."""
    body = "\n".join(t(locale, key) for key in QUICK_START)
    if legend:
        body += "\n\n" + "\n".join(legend)
    return t(locale, "help-title"), body


def legend_lines(locale: str, items: Sequence[str], values: Mapping[str, int]) -> list[str]:
    """The legend's title, then one numbered line per mark, numbered as the legend picture numbers them."""
    lines = [f"**{t(locale, 'legend-title')}**"]
    lines += [f"{number}. " + t(locale, f"legend-{item}", **values) for number, item in enumerate(items, start=1)]
    return lines
