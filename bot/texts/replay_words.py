"""The replay viewer's and the review's words: what happened at a step, and the points a player missed.

Every number comes from the engine (the record replayed, `engine.review`); raw points are shown
as displayed points. A match still being played is described from public events only: its book
holds no hands and no review, and the narration names no drawn tile.
"""

from __future__ import annotations

from engine import Placement, RoundStarted, SeatReview

from ..model.replay_book import ReplayBook, ReplayStep
from ..model.seating import Seating
from .i18n import t
from .narration import narrate
from .seat_names import called
from .status import scores_line
from .words import SEPARATOR, clip, seat_tag, shown


def step_text(lang: str, book: ReplayBook, step: ReplayStep) -> str:
    """The viewer's message at one step: where it is, what happened, the scores; a finished match
    also every hand and, when the placement missed points, what would have scored more."""
    seating = book.seating
    lines = [
        t(
            lang,
            "replay-header",
            id=book.table_id,
            round=step.round + 1,
            step=step.index + 1,
            steps=len(book.steps),
        )
    ]
    started = [e for e in step.events if isinstance(e, RoundStarted)]
    if started:
        lines.append(
            t(lang, "replay-round-leads", round=step.round + 1, player=called(lang, seating, started[0].leader))
        )
    rest = [e for e in step.events if not isinstance(e, RoundStarted)]
    lines += narrate(lang, seating, rest, round_number=step.round, ends=step.snapshot.contributions)
    lines.append(scores_line(lang, seating, step.snapshot.scores))
    if step.hands is not None:
        lines.append(t(lang, "replay-hands"))
        lines += [hand_line(lang, seating, seat, hand) for seat, hand in enumerate(step.hands)]
    judged = step.judged
    if judged is not None and judged.missed > 0:
        lines.append(
            t(
                lang,
                "replay-missed",
                player=called(lang, seating, judged.seat),
                better=placements_text(lang, judged.better),
                best=shown(judged.best),
                scored=shown(judged.scored),
            )
        )
    if not book.finished:
        lines.append(t(lang, "replay-live"))
    return clip("\n".join(lines))


def hand_line(lang: str, seating: Seating, seat: int, hand: tuple[object, ...]) -> str:
    tiles = SEPARATOR.join(str(x) for x in hand) if hand else t(lang, "replay-hand-empty")
    return t(lang, "replay-hand", seat=seat_tag(seat), player=seating.names[seat], tiles=tiles)


def placement_text(lang: str, placement: Placement) -> str:
    """A placement in words: "3-5 on 1-3", or "3-5 to open"."""
    if placement.on is None:
        return t(lang, "replay-placement-opening", tile=str(placement.tile))
    return t(lang, "replay-placement-on", tile=str(placement.tile), on=str(placement.on))


def placements_text(lang: str, placements: tuple[Placement, ...]) -> str:
    return t(lang, "replay-or").join(placement_text(lang, p) for p in placements[:3])


def round_option(lang: str, book: ReplayBook, round_number: int) -> str:
    """A line of the select of rounds (at most 100 characters)."""
    return t(lang, "replay-round-option", round=round_number + 1, moves=book.round_lengths[round_number])[:100]


def animated_text(lang: str, book: ReplayBook, round_number: int, frames: int) -> str:
    return t(lang, "replay-animated", id=book.table_id, round=round_number + 1, frames=frames)


def review_text(lang: str, book: ReplayBook, figures: SeatReview) -> str:
    """One seat's review: what it scored and could have scored in all, its costliest placements,
    and what the measure is (greedy: points now, not the best plan)."""
    seating = book.seating
    lines = [
        t(lang, "review-title", id=book.table_id, seat=seat_tag(figures.seat), player=seating.names[figures.seat]),
        t(
            lang,
            "review-summary",
            placements=figures.placements,
            scored=shown(figures.scored),
            best=shown(figures.best),
            missed=shown(figures.missed),
        ),
    ]
    if figures.costliest:
        lines.append(t(lang, "review-costliest"))
        for rank, judged in enumerate(figures.costliest, start=1):
            lines.append(
                t(
                    lang,
                    "review-costly",
                    rank=rank,
                    round=judged.round + 1,
                    move=judged.move + 1,
                    made=placement_text(lang, judged.made),
                    scored=shown(judged.scored),
                    better=placements_text(lang, judged.better),
                    best=shown(judged.best),
                )
            )
    else:
        lines.append(t(lang, "review-none"))
    lines.append(t(lang, "review-greedy"))
    return clip("\n".join(lines))


def review_button(lang: str, rank: int, round_number: int, move: int) -> str:
    return t(lang, "review-open-step", rank=rank, round=round_number + 1, move=move + 1)[:80]
