"""The words of paces: a table's pace and time left, correspondence reminders and deadlines, a player
away, `/five-up turns`, and which table a private hand belongs to."""

from __future__ import annotations

from collections.abc import Sequence

from ..model.answers import MyTurn
from ..model.pace import DAY, HOUR, OnTimeout, Pace
from ..model.seating import Seating
from ..model.table_state import Table
from .i18n import t
from .seat_names import side_name
from .status import scores_line
from .words import discord_date

DISCORD = "https://discord.com/channels"


def pace_label(lang: str, pace: Pace) -> str:
    return t(lang, f"pace-{pace.value}")


def time_left(lang: str, seconds: float) -> str:
    """What is left of a turn, as a glance reads it: days and hours, hours, or minutes."""
    if seconds >= DAY:
        days, rest = divmod(round(seconds / HOUR), 24)
        return t(lang, "time-left-days", days=days, hours=rest)
    if seconds >= HOUR:
        return t(lang, "time-left-hours", hours=round(seconds / HOUR))
    return t(lang, "time-left-minutes", minutes=max(1, round(seconds / 60)))


def clock_stopped(lang: str, until: str) -> str:
    return t(lang, "clock-stopped", until=until)


def pace_line(table: Table) -> str:
    """The lobby's line about a correspondence table's pace ("" for a live table)."""
    if not table.pace.is_correspondence:
        return ""
    key = "lobby-pace-forfeit" if table.on_timeout is OnTimeout.FORFEIT else "lobby-pace"
    return t(table.lang, key, pace=pace_label(table.lang, table.pace))


def quiet_line(table: Table) -> str:
    """The lobby's line about a quiet table ("" for one that posts a message per placement)."""
    return t(table.lang, "lobby-quiet") if table.quiet else ""


def quiet_rules(lang: str) -> str:
    """Said once, in a quiet match's first message: the board is one message, updated in place."""
    return t(lang, "match-quiet")


def correspondence_rules(lang: str, pace: Pace, on_timeout: OnTimeout) -> str:
    """Said once, in the match's first message: the pace, the reminders and what a deadline does."""
    key = "match-clock-forfeit" if on_timeout is OnTimeout.FORFEIT else "match-clock-correspondence"
    return t(lang, key, pace=pace_label(lang, pace))


def correspondence_reminder(lang: str, user_id: int, left: str) -> str:
    return t(lang, "reminder-correspondence", mention=f"<@{user_id}>", left=left)


def direct_reminder(lang: str, left: str, room: int) -> str:
    return t(lang, "reminder-direct", left=left, where=f"<#{room}>")


def timed_out(lang: str, name: str) -> str:
    return t(lang, "timed-out", player=t(lang, "player-called", name=name))


def forfeited(lang: str, seating: Seating, seat: int, winner: int) -> str:
    """The forfeit and the side that wins by it."""
    player = t(lang, "player-called", name=seating.names[seat])
    won = t(lang, "forfeit-won", side=side_name(lang, seating, winner), count=seating.side_size(winner))
    return f"{t(lang, 'forfeited', player=player)}\n{won}"


def player_away(lang: str, name: str, until: str) -> str:
    return t(lang, "player-away", player=t(lang, "player-called", name=name), until=until)


def player_back(lang: str, name: str) -> str:
    return t(lang, "player-back", player=t(lang, "player-called", name=name))


def away_set(lang: str, until: str | None, waiting: int) -> str:
    """The answer to `/five-up settings away:`: until when, or back; and how many clocks stopped."""
    if until is None:
        return t(lang, "settings-away-off")
    return t(lang, "settings-away-on", until=until, count=waiting)


def dm_set(lang: str, on: bool) -> str:
    return t(lang, "settings-dm-on" if on else "settings-dm-off")


def jump_url(table: Table) -> str:
    """A link to the match's latest message (its thread or channel when none is known yet)."""
    guild = table.guild_id if table.guild_id is not None else "@me"
    room = f"{DISCORD}/{guild}/{table.room}"
    return room if table.last_post_id is None else f"{room}/{table.last_post_id}"


def my_turns(lang: str, user_id: int, turns: Sequence[MyTurn]) -> str:
    """`/five-up turns`: every table waiting for the asker, nearest deadline first, or that none is."""
    if not turns:
        return t(lang, "turns-none")
    lines = [t(lang, "turns-title", count=len(turns))]
    for turn in turns:
        table = turn.table
        assert table.match is not None
        others = ", ".join(s.name for s in table.seats if s.user_id != user_id)
        if turn.away_until is not None:
            when = clock_stopped(lang, discord_date(turn.away_until))
        elif turn.left is not None:
            when = time_left(lang, turn.left)
        else:
            when = t(lang, "turns-no-deadline")
        score = scores_line(lang, table.seating, table.match.scores)
        lines.append(
            t(
                lang,
                "turns-line",
                table=table.id,
                opponents=others,
                when=when,
                link=jump_url(table),
                pace=pace_label(lang, table.pace),
            )
        )
        lines.append(f"   {score}")
    return "\n".join(lines)


def hand_table_line(lang: str, table: Table, user_id: int) -> str:
    """Which table a private hand belongs to: its number, where it is played and the others at it."""
    others = ", ".join(s.name for s in table.seats if s.user_id != user_id)
    return t(lang, "hand-table", table=table.id, room=f"<#{table.room}>", opponents=others)
