"""The descriptions (alt text) of every picture the bot sends, so a screen reader can follow a match.

A table picture says who placed what where and what it scored, the open ends and their sum, a
round's settlement and the match's result, the hands' sizes, the scores and who is to play; a hand
says its tiles and which can be played. The sentences that the turn messages already say come from
their own modules (`narration`, `status`, `turn`, `private`): nothing here decides a rule. Discord
takes at most 1024 characters: `fit` drops the least important parts first (the revealed hands,
then the tile counts), never the placement, the settlement's points or the scores.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from engine import Blocked, Domino, GameOver, Option, SeatView, TableSnapshot

from ..model.replay_book import ReplayStep
from ..model.seating import Seating
from .i18n import t
from .narration import narrate
from .private import outcome
from .replay_words import placement_text
from .seat_names import called, side_name
from .status import scores_line, status, turn_text
from .turn import happened
from .words import SEPARATOR, shown, tile_list, unescaped

LIMIT = 1024  # Discord's longest attachment description
GAP = "…"  # where `fit` left parts out
_BOLD = re.compile(r"(?<!\\)\*\*")

# How much each part matters when the whole is too long: the lowest go first.
KEEP = 5  # the placement, the settlement's points, the result, the picture's title
SCORES = 4  # the scores and who is to play
ENDS = 3  # the open ends one by one
COUNTS = 2  # the tiles in each hand and the boneyard
HANDS = 1  # the hands revealed at a round's end


def spoken(text: str) -> str:
    """A message's words as a description reads them: no Markdown stars, names as typed."""
    return unescaped(_BOLD.sub("", text))


def fit(parts: Sequence[tuple[int, str]], limit: int = LIMIT) -> str:
    """The parts, a line each, within `limit`: the least important parts are left out first (the
    oldest first among equals, so the newest stays), a run of them marked once by "…"; a single
    part still too long is cut at the end."""
    kept = [bool(text) for _, text in parts]

    def joined() -> str:
        lines: list[str] = []
        for (_, text), keep in zip(parts, kept, strict=True):
            if keep:
                lines.append(text)
            elif text and (not lines or lines[-1] != GAP):
                lines.append(GAP)
        return "\n".join(lines)

    text = joined()
    while len(text) > limit:
        droppable = [i for i, keep in enumerate(kept) if keep and parts[i][0] < KEEP]
        if not droppable:
            break
        lowest = min(parts[i][0] for i in droppable)
        kept[next(i for i in droppable if parts[i][0] == lowest)] = False
        text = joined()
    return text if len(text) <= limit else text[: limit - 1] + GAP


# -- the table picture -------------------------------------------------------------------------


def table_alt(
    lang: str,
    seating: Seating,
    snapshot: TableSnapshot,
    settlement: Domino | Blocked | None = None,
    *,
    computer_seats: frozenset[int] = frozenset(),
    away_seats: frozenset[int] = frozenset(),
) -> str:
    """The table picture in words: the round, the last placement and its points, the open ends and
    their sum, the round's settlement (when the picture shows one) and the match's result, the tiles
    in each hand, the scores and who is to play."""
    number = snapshot.round
    title = "alt-table-ended" if settlement is not None or snapshot.winner is not None else "alt-table"
    parts: list[tuple[int, str]] = [(KEEP, t(lang, title, round=number + 1))]
    if snapshot.last is not None:
        parts += [(KEEP, line) for line in narrate(lang, seating, [snapshot.last], round_number=number)]
    if snapshot.contributions:
        ends = SEPARATOR.join(t(lang, "alt-end", tile=str(x), value=v) for x, v in snapshot.contributions)
        parts.append((ENDS, t(lang, "alt-ends", ends=ends, total=snapshot.end_total)))
    if settlement is not None:
        main = narrate(lang, seating, [replace(settlement, hands=())], round_number=number)
        revealed = [x for x in narrate(lang, seating, [settlement], round_number=number) if x not in main]
        parts += [(KEEP, main[0]), *((HANDS, x) for x in revealed), *((KEEP, x) for x in main[1:])]
    if snapshot.winner is not None:
        won = GameOver(snapshot.winner, snapshot.scores)
        parts += [(KEEP, x) for x in narrate(lang, seating, [won], round_number=number)]
    lines = status(lang, seating, snapshot, computer_seats=computer_seats, away_seats=away_seats)
    if snapshot.winner is None and snapshot.turn is not None:
        parts.append((COUNTS, lines[0]))  # the tiles in hand and the boneyard, while a round is played
    parts.append((SCORES, scores_line(lang, seating, snapshot.scores)))
    turn = turn_text(lang, seating, snapshot, computer_seats=computer_seats, away_seats=away_seats)
    if turn:
        parts.append((SCORES, turn))
    return fit([(rank, spoken(text)) for rank, text in parts])


def scoresheet_alt(lang: str, seating: Seating, snapshot: TableSnapshot) -> str:
    """`/five-up score`'s picture: the round, each side's score and what it still needs for exactly 61."""
    needs = SEPARATOR.join(
        t(lang, "alt-needs", side=side_name(lang, seating, side), points=shown(snapshot.target - raw))
        for side, raw in enumerate(snapshot.scores)
    )
    parts = [
        (KEEP, t(lang, "alt-scoresheet", round=snapshot.round + 1)),
        (KEEP, scores_line(lang, seating, snapshot.scores)),
        (SCORES, t(lang, "alt-needed", needs=needs)),
    ]
    return fit([(rank, spoken(text)) for rank, text in parts])


# -- a player's hand ------------------------------------------------------------------------


def hand_alt(locale: str, seating: Seating, view: SeatView, *, turn: int | None) -> str:
    """A player's hand picture, for their eyes only: its tiles, and which can be played where for
    how many points (or whose turn it is)."""
    parts: list[tuple[int, str]] = [(KEEP, t(locale, "alt-hand", count=len(view.hand)))]
    if view.hand:
        pips = sum(x.pips for x in view.hand)
        parts.append((KEEP, t(locale, "hand-tiles", tiles=tile_list(view.hand), pips=pips)))
    if view.options:
        parts.append((KEEP, t(locale, "alt-hand-playable", choices=_choices(locale, view.options))))
    elif turn is None:
        parts.append((KEEP, t(locale, "hand-over")))
    elif turn == view.seat:
        parts.append((KEEP, t(locale, "alt-hand-none")))
    else:
        parts.append((KEEP, t(locale, "alt-hand-wait", player=called(locale, seating, turn))))
    return fit([(rank, spoken(text)) for rank, text in parts])


def _choices(locale: str, options: Sequence[Option]) -> str:
    """Each playable tile with its places and what each would score: "5-5 on 5-0, +2"."""
    return "; ".join(
        t(locale, "alt-hand-option", placement=placement_text(locale, o.placement), outcome=outcome(locale, o))
        for o in options
    )


# -- help and the replay ----------------------------------------------------------------------


def legend_alt(locale: str, lines: Sequence[str]) -> str:
    """The legend picture: every mark it numbers, with its meaning (`lines`, `help.legend_lines`'s)."""
    parts = [(KEEP, t(locale, "alt-legend")), *((SCORES, line) for line in lines)]
    return fit([(rank, spoken(text)) for rank, text in parts])


def animation_alt(lang: str, seating: Seating, steps: Sequence[ReplayStep], round_number: int) -> str:
    """An animated round: one frame per placement, each said in the turn message's short form; the
    last frame (and the settlement with it) is kept whatever the length, the oldest frames go first."""
    parts: list[tuple[int, str]] = [(KEEP, t(lang, "alt-animation", round=round_number + 1, frames=len(steps)))]
    for n, step in enumerate(steps):
        said = happened(lang, seating, step.events)
        parts.append((KEEP if n == len(steps) - 1 else SCORES, t(lang, "alt-frame", frame=n + 1, said=said)))
    if steps and steps[-1].snapshot.winner is None:
        parts.append((KEEP, scores_line(lang, seating, steps[-1].snapshot.scores)))
    return fit([(rank, spoken(text)) for rank, text in parts])
