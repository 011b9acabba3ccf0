"""The lines under every table message (hands, boneyard, scores, whose turn) and the table's notices."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import TableSnapshot

from ..host.seating import Seating
from .i18n import t
from .words import SEPARATOR, seat_tag, shown


def status(
    lang: str,
    seating: Seating,
    snapshot: TableSnapshot,
    *,
    turn_started: float,
    clock: Callable[[float], str],
    computer_seats: frozenset[int] = frozenset(),
    away_seats: frozenset[int] = frozenset(),
    turn_timeout: float = 300.0,
    mention: int | None = None,
) -> list[str]:
    """Tiles left per player (each with the seat chip the pictures use), the boneyard, the scores, and
    whose turn it is: a person's line says when the reminder comes and when a computer takes over, and
    names them by `mention` (a user id) when they are to be pinged."""
    lines = []
    if snapshot.winner is None:
        hands = SEPARATOR.join(
            t(lang, "status-hand", player=f"{seat_tag(s)} {seating.names[s]}", count=n)
            for s, n in enumerate(snapshot.hand_sizes)
        )
        lines.append(t(lang, "status-hands", hands=hands, boneyard=snapshot.boneyard))
    lines.append(scores_line(lang, seating, snapshot.scores))
    turn = snapshot.turn
    if turn is not None:
        who = f"{seat_tag(turn)} {seating.called(lang, turn)}"
        if turn in computer_seats:
            lines.append(t(lang, "status-turn-computer", player=who))
        elif turn in away_seats:
            lines.append(t(lang, "status-turn-away", player=who))
        else:
            shown_as = (
                f"{seat_tag(turn)} <@{mention}>"
                if mention is not None
                else f"{seat_tag(turn)} **{seating.names[turn]}**"
            )
            reminder_at, takeover_at = turn_started + turn_timeout, turn_started + 2 * turn_timeout
            lines.append(
                t(lang, "status-turn-clock", player=shown_as, reminder=clock(reminder_at), takeover=clock(takeover_at))
            )
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
