"""The lines under every table message (hands, boneyard, scores, whose turn) and the table's notices."""

from __future__ import annotations

from collections.abc import Sequence

from engine import TableSnapshot

from ..model.seating import Seating
from .i18n import t
from .seat_names import called, side_name
from .words import SEPARATOR, seat_tag, shown


def status(
    lang: str,
    seating: Seating,
    snapshot: TableSnapshot,
    *,
    computer_seats: frozenset[int] = frozenset(),
    away_seats: frozenset[int] = frozenset(),
    mention: int | None = None,
) -> list[str]:
    """Tiles left per player (each with the seat chip the pictures use), the boneyard, the scores, and
    whose turn it is (`turn_text`): what /five-up board and a restart say."""
    lines = []
    if snapshot.winner is None:
        hands = SEPARATOR.join(
            t(lang, "status-hand", player=f"{seat_tag(s)} {seating.names[s]}", count=n)
            for s, n in enumerate(snapshot.hand_sizes)
        )
        lines.append(t(lang, "status-hands", hands=hands, boneyard=snapshot.boneyard))
    lines.append(scores_line(lang, seating, snapshot.scores))
    turn = turn_text(lang, seating, snapshot, computer_seats=computer_seats, away_seats=away_seats, mention=mention)
    if turn:
        lines.append(turn)
    return lines


def turn_text(
    lang: str,
    seating: Seating,
    snapshot: TableSnapshot,
    *,
    computer_seats: frozenset[int] = frozenset(),
    away_seats: frozenset[int] = frozenset(),
    mention: int | None = None,
) -> str:
    """Whose turn it is, by the picture's chip: a computer thinking, a computer placing for someone
    away, or a person to play, named by `mention` (a user id) when they are to be pinged. Empty
    when nobody is to move. The reminder's and the take-over's times are not repeated here: the
    match's first message says them once, and the reminder itself."""
    turn = snapshot.turn
    if turn is None:
        return ""
    tag = seat_tag(turn)
    if turn in computer_seats:
        return t(lang, "status-turn-computer", player=f"{tag} {called(lang, seating, turn)}")
    if turn in away_seats:
        return t(lang, "status-turn-away", player=f"{tag} {called(lang, seating, turn)}")
    # named with the language's courtesy (Korean "님") like every sentence that names a person
    named = (
        t(lang, "player-called", name=f"<@{mention}>") if mention is not None else f"**{called(lang, seating, turn)}**"
    )
    return t(lang, "status-turn-play", player=f"{tag} {named}")


def scores_line(lang: str, seating: Seating, scores: Sequence[int]) -> str:
    entries = SEPARATOR.join(
        t(lang, "status-score", side=side_name(lang, seating, side), points=shown(raw))
        for side, raw in enumerate(scores)
    )
    return t(lang, "status-scores", scores=entries)


def reminder(lang: str, user_id: int | None, *, since: str, deadline: str) -> str:
    """An idle player's nudge: whose turn since when, and when a computer takes over."""
    return t(lang, "reminder", mention=f"<@{user_id}>", since=since, deadline=deadline)


def takeover(lang: str, name: str) -> str:
    return t(lang, "takeover", player=t(lang, "player-called", name=name))


def restored(lang: str) -> str:
    return t(lang, "table-restored")


def closed_unreadable(lang: str) -> str:
    return t(lang, "table-closed-unreadable")


def table_ended(lang: str, name: str, *, match_kept: bool = False) -> str:
    """Who ended the table: a lobby or a match with no placement closes; a match played is ended early."""
    return t(lang, "match-ended-by" if match_kept else "table-ended", player=t(lang, "player-called", name=name))
