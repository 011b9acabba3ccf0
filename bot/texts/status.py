"""The lines under every table message (hands, boneyard, scores, whose turn) and the table's notices."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import TableSnapshot

from ..i18n import t
from ..seating import Seating
from .words import SEPARATOR, shown


def status(
    lang: str,
    seating: Seating,
    snapshot: TableSnapshot,
    *,
    turn_started: float,
    clock: Callable[[float], str],
    computer_seats: frozenset[int] = frozenset(),
    away_seats: frozenset[int] = frozenset(),
) -> list[str]:
    """Tiles left per player, the boneyard, the scores, and whose turn it is (with the turn clock)."""
    lines = []
    if snapshot.winner is None:
        hands = SEPARATOR.join(
            t(lang, "status-hand", player=seating.names[s], count=n) for s, n in enumerate(snapshot.hand_sizes)
        )
        lines.append(t(lang, "status-hands", hands=hands, boneyard=snapshot.boneyard))
    lines.append(scores_line(lang, seating, snapshot.scores))
    turn = snapshot.turn
    if turn is not None:
        who = seating.called(lang, turn)
        if turn in computer_seats:
            lines.append(t(lang, "status-turn-computer", player=who))
        elif turn in away_seats:
            lines.append(t(lang, "status-turn-away", player=who))
        else:
            lines.append(t(lang, "status-turn", player=who, clock=clock(turn_started)))
    return lines


def scores_line(lang: str, seating: Seating, scores: Sequence[int]) -> str:
    entries = SEPARATOR.join(
        t(lang, "status-score", side=seating.side_name(lang, side), points=shown(raw))
        for side, raw in enumerate(scores)
    )
    return t(lang, "status-scores", scores=entries)


def match_over(lang: str, seating: Seating, scores: Sequence[int]) -> list[str]:
    """The last lines of a match: the final scores, and where its record is kept."""
    return [scores_line(lang, seating, scores), t(lang, "match-record")]


def reminder(lang: str, user_id: int | None, *, since: str, deadline: str) -> str:
    """An idle player's nudge: whose turn since when, and when a computer takes over."""
    return t(lang, "reminder", mention=f"<@{user_id}>", since=since, deadline=deadline)


def takeover(lang: str, name: str) -> str:
    return t(lang, "takeover", player=t(lang, "player-called", name=name))


def restored(lang: str) -> str:
    return t(lang, "table-restored")


def closed_unreadable(lang: str) -> str:
    return t(lang, "table-closed-unreadable")


def table_ended(lang: str, name: str) -> str:
    return t(lang, "table-ended", player=t(lang, "player-called", name=name))
