"""The complete rules, in the reader's language, cut into pages that fit an embed.

The text lives in `bot/texts/locales/<lang>/rules.ftl` (one title and one body per
section, the same sections in every language); this module only lays it out.
A page stays under PAGE_TARGET characters so it reads on a phone without
endless scrolling, and never reaches Discord's embed description limit.
"""

from __future__ import annotations

from typing import NamedTuple

from .i18n import t

# Sections in reading order; each has `rulebook-<id>-title` and `rulebook-<id>` in every catalog.
# How to play comes first (your turn, how you score, how you win); raw and displayed points after.
SECTIONS = (
    "howto",
    "goal",
    "setup",
    "placing",
    "ends",
    "examples",
    "drawing",
    "events",
    "domino",
    "blocked",
    "winning",
    "scoresheet",
    "review",  # bot/texts/locales/<lang>/replay.ftl: what the review after a match measures
    "source",
)

EMBED_DESCRIPTION_LIMIT = 4096
PAGE_TARGET = 1800


class Block(NamedTuple):
    """A paragraph of one section; `resume` heads a page that starts with it mid-section."""

    section: int
    text: str
    resume: str


def section_blocks(locale: object, number: int, target: int) -> list[Block]:
    """One section as Markdown paragraphs: a bold title on the first, a "continued" title for the rest."""
    section = SECTIONS[number]
    title = t(locale, f"rulebook-{section}-title")
    resume = f"**{t(locale, 'rulebook-continued', title=title)}**\n"
    # Every piece must fit on a page even when it opens one under the "continued" title.
    pieces = _blocks(f"**{title}**\n{t(locale, f'rulebook-{section}')}", target - len(resume))
    return [Block(number, piece, "" if i == 0 else resume) for i, piece in enumerate(pieces)]


def _blocks(text: str, limit: int) -> list[str]:
    """Cut `text` at paragraph breaks, then at line breaks, so no piece exceeds `limit`."""
    pieces: list[str] = []
    for paragraph in text.split("\n\n"):
        if len(paragraph) <= limit:
            pieces.append(paragraph)
            continue
        current = ""
        for line in paragraph.split("\n"):
            while len(line) > limit:  # a single endless line: cut at the last space that fits
                cut = line.rfind(" ", 0, limit)
                cut = cut if cut > 0 else limit
                pieces.append(line[:cut])
                line = line[cut:].lstrip()
            if current and len(current) + 1 + len(line) > limit:
                pieces.append(current)
                current = line
            else:
                current = f"{current}\n{line}" if current else line
        if current:
            pieces.append(current)
    return pieces


def _pack(blocks: list[Block], limit: int) -> list[str]:
    """Group consecutive blocks into pages within `limit`.

    Best first: the fewest pages, then the fewest sections cut across two pages, then the
    shortest longest page (even pages; greedy filling would leave a stub at the end).
    A small dynamic programme over the cut points finds it.
    """
    n = len(blocks)
    best: list[tuple[int, int, int, int]] = [(0, 0, 0, n)] * (n + 1)  # from block i: cost..., next cut
    for i in range(n - 1, -1, -1):
        options = []
        length = len(blocks[i].resume) - 2
        for j in range(i + 1, n + 1):
            length += 2 + len(blocks[j - 1].text)
            if length > limit and j > i + 1:
                break
            cuts_section = j < n and blocks[j].section == blocks[j - 1].section
            count, cuts, longest, _ = best[j]
            options.append((count + 1, cuts + cuts_section, max(length, longest), j))
        best[i] = min(options)
    pages: list[str] = []
    i = 0
    while i < n:
        j = best[i][3]
        pages.append(blocks[i].resume + "\n\n".join(block.text for block in blocks[i:j]))
        i = j
    return pages


def rules_pages(locale: object, target: int = PAGE_TARGET) -> list[str]:
    """The complete rules for `locale` (any Discord locale; unknown ones read English), paged.

    Pages break between paragraphs, preferably between sections, never mid-sentence; a page
    that starts inside a section repeats its title, marked as continued.
    """
    target = min(target, EMBED_DESCRIPTION_LIMIT)
    blocks = [block for number in range(len(SECTIONS)) for block in section_blocks(locale, number, target)]
    return _pack(blocks, target)
