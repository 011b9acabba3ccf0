"""A turn message in one glance: what just happened on one line, who moves next on the other.

The play-by-play of `narration` tells every event in full (the demo, the review); a table's
thread gets this short form instead: the placement with its ends and points, the forced draws
and passes folded into it, a round's settlement as its net; then the next player, the new
round's score, or the winner. Nothing here decides a rule: every number comes from an event.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Award, Blocked, Domino, Drew, Event, GameOver, Passed, Placed, Result, RoundStarted

from ..model.seating import Seating
from .i18n import t
from .seat_names import called, side_name
from .status import scores_line
from .words import SEPARATOR, seat_tag, shown, signed


def who(lang: str, seating: Seating, seat: int) -> str:
    """A seat as a turn line names it: the picture's chip and number, then the name."""
    return f"{seat_tag(seat)} {called(lang, seating, seat)}"


def happened(lang: str, seating: Seating, events: Sequence[Event], *, drew: int = 0) -> str:
    """The first line: the batch's placement (after `drew` forced draws of its player), its ends and
    points, the passes and draws of the players it skipped, and the round's settlement if it ended."""
    parts: list[str] = []
    pending: dict[int, int] = {}  # draws of a seat not yet followed by its placement or pass
    for event in events:
        if isinstance(event, Placed):
            parts.append(_placed(lang, seating, event, drew))
        elif isinstance(event, Drew):
            pending[event.seat] = pending.get(event.seat, 0) + 1
        elif isinstance(event, Passed):
            count = pending.pop(event.seat, 0)
            key = "turn-drew-passed" if count else "turn-passed"
            parts.append(t(lang, key, player=who(lang, seating, event.seat), count=count))
        elif isinstance(event, Domino):
            parts.append(_domino(lang, seating, event))
        elif isinstance(event, Blocked):
            parts.append(_blocked(lang, seating, event))
    return SEPARATOR.join(parts)


def _placed(lang: str, seating: Seating, event: Placed, drew: int) -> str:
    player = who(lang, seating, event.seat)
    if event.on is None:
        head = t(lang, "turn-opened", player=player, tile=str(event.tile))
    elif drew:
        head = t(lang, "turn-drew-placed", player=player, count=drew, tile=str(event.tile), on=str(event.on))
    else:
        head = t(lang, "turn-placed", player=player, tile=str(event.tile), on=str(event.on))
    parts = [head, t(lang, "turn-ends", total=event.total)]
    side = side_name(lang, seating, seating.side_of(event.seat))
    if event.result is Result.SCORED:
        parts.append(t(lang, "turn-points", points=shown(event.points)))
    elif event.result is Result.OVER:
        parts.append(t(lang, "turn-points-over", points=shown(event.points), side=side))
    return SEPARATOR.join(parts)


def _domino(lang: str, seating: Seating, event: Domino) -> str:
    side = side_name(lang, seating, event.side)
    key = {Result.SCORED: "turn-out-scored", Result.OVER: "turn-out-over"}.get(event.result, "turn-out-none")
    return t(lang, key, net=signed(shown(event.net)), side=side)  # its placement, just before, names who


def _award(lang: str, seating: Seating, award: Award) -> str:
    key = {Result.SCORED: "turn-award", Result.OVER: "turn-award-over"}.get(award.result, "turn-award-skipped")
    return t(lang, key, points=shown(award.points), side=side_name(lang, seating, award.side))


def _blocked(lang: str, seating: Seating, event: Blocked) -> str:
    if not event.awards:
        return t(lang, "turn-blocked-none")
    return t(lang, "turn-blocked", awards=", ".join(_award(lang, seating, a) for a in event.awards))


def next_up(
    lang: str,
    seating: Seating,
    events: Sequence[Event],
    scores: Sequence[int],
    turn: str,
) -> str:
    """The second line: the winner and the final score; or a new round, its score and who leads
    (`turn`, the status's own turn text); or just `turn`."""
    for event in events:
        if isinstance(event, GameOver):
            won = t(
                lang, "game-over", side=side_name(lang, seating, event.winner), count=seating.side_size(event.winner)
            )
            return f"{won} {scores_line(lang, seating, event.scores)}"
    started = next((e for e in events if isinstance(e, RoundStarted)), None)
    if started is None:
        return turn
    key = "turn-round-lot" if started.lot else "turn-round"
    return SEPARATOR.join([t(lang, key, round=started.round + 1), scores_line(lang, seating, scores), turn])


def forced_draws(events: Sequence[Event], seat: int) -> int:
    """How many tiles `seat` drew since the last placement or deal: told with its next placement."""
    count = 0
    for event in reversed(events):
        if isinstance(event, Drew) and event.seat == seat:
            count += 1
        elif isinstance(event, (Placed, RoundStarted, Passed)):
            break
    return count


def follow_up_line(lang: str, user_id: int) -> str:
    """A live turn that began quietly (a computer placed last) and is still idle: its mover mentioned, briefly."""
    return t(lang, "turn-follow-up", mention=f"<@{user_id}>")


def clock_rules(lang: str, turn_timeout: float) -> str:
    """Said once, when the match starts: when a reminder comes and when a computer takes a turn over."""
    return t(lang, "match-clock", reminder=duration(lang, turn_timeout), takeover=duration(lang, 2 * turn_timeout))


def duration(lang: str, seconds: float) -> str:
    """A wait as players read it: whole minutes, or seconds under a minute."""
    if seconds >= 60:
        return t(lang, "duration-minutes", count=round(seconds / 60))
    return t(lang, "duration-seconds", count=max(1, round(seconds)))
