"""The lobby message and the private lines of the people who sit down, leave, hand the table over or start;
when a lobby closes itself; the list of a channel's tables when a command cannot tell which one it is for;
the name of the thread a match opens, and a rematch's words (a rematch opens a new lobby)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..model.answers import Lobby, PartnerChoice, PartnerProposal
from ..model.table_state import MAX_SEATS, Table, TableStatus
from ..storage import TableRef
from .i18n import t
from .pace_words import pace_line, quiet_line
from .partner_words import proposal_lines
from .seat_names import side_name
from .status import scores_line
from .words import SEPARATOR, clip, discord_clock, seat_tag, unescaped

_ESCAPE = re.compile(r"\\(.)")
THREAD_NAME_LIMIT = 100  # Discord's limit on a thread's name
LISTED_TABLES = 10  # a channel's tables listed when a command cannot tell which one it is for


def computer_name(lang: str, number: int) -> str:
    """The name of the `number`-th computer seat (1-based)."""
    return t(lang, "computer-name", number=number)


def lobby_message(table: Table, note: str = "", *, proposal: PartnerProposal | None = None, news: str = "") -> Lobby:
    """The lobby message as it should read now: seats and teams while open, who plays once started.
    While open it also says the last partner change (`news`) and the partner choice waiting for answers."""
    lang = table.lang
    if table.status is TableStatus.LOBBY:
        host = t(lang, "player-called", name=table.host_name()) if table.seat_of(table.host_id) is not None else "—"
        lines = [t(lang, "lobby-title", host=host)]
        for number, seat in enumerate(table.seats, start=1):
            if seat.is_computer:
                level = t(lang, f"level-{seat.level}")
                lines.append(t(lang, "lobby-seat-computer", number=number, player=seat.name, level=level))
            else:
                lines.append(t(lang, "lobby-seat-player", number=number, player=seat.name))
        asking = None  # the proposal shown, when the seats still allow it
        if len(table.seats) == MAX_SEATS:
            seating = table.seating
            lines.append(t(lang, "lobby-teams", first=side_name(lang, seating, 0), second=side_name(lang, seating, 1)))
            if news:
                lines.append(news)
            asked = proposal_lines(table, proposal) if proposal is not None else []
            asking = proposal if asked else None
            lines += asked
            if partner_choices(table):
                lines.append(t(lang, "lobby-choose"))
            lines.append(t(lang, "lobby-full"))
        else:
            lines.append(t(lang, "lobby-count", count=len(table.seats)))
        if table.pace.is_correspondence:
            lines.append(pace_line(table))
        if table.quiet:
            lines.append(quiet_line(table))
        if table.take_over_at is not None:  # a lobby's take_over_at: when it closes itself (bot/storage/rows.py)
            lines.append(t(lang, "lobby-closes", when=discord_clock(table.take_over_at)))
        choices = partner_choices(table)
        return Lobby(table.id, lang, "\n".join(lines), True, note, table.lobby_message_id, choices, asking)
    if table.status is TableStatus.CLOSED:
        return Lobby(table.id, lang, t(lang, "lobby-closed"), False, note, table.lobby_message_id)
    if table.thread_id is not None:
        return Lobby(table.id, lang, "\n".join(_match_in_thread(table)), False, note, table.lobby_message_id)
    names = ", ".join(s.name for s in table.seats)
    return Lobby(table.id, lang, f"{t(lang, 'lobby-started')}\n{names}", False, note, table.lobby_message_id)


def _match_in_thread(table: Table) -> list[str]:
    """The lobby message once the match plays in its thread: where, who sits where, the score after
    each round, and at the end the result."""
    lang, match = table.lang, table.match
    thread = f"<#{table.thread_id}>"
    seats = SEPARATOR.join(f"{seat_tag(n)} {seat.name}" for n, seat in enumerate(table.seats))
    if match is None:
        return [t(lang, "lobby-playing-thread", thread=thread), seats]
    seating = table.seating
    winner = table.winning_side
    if winner is None and table.status is TableStatus.OVER:  # ended with /five-up end: the score so far
        return [t(lang, "lobby-ended-early-thread", thread=thread), seats, scores_line(lang, seating, match.scores)]
    if winner is not None:
        side, count = side_name(lang, seating, winner), seating.side_size(winner)
        won = t(lang, "forfeit-won" if table.forfeit_seat is not None else "game-over", side=side, count=count)
        return [t(lang, "lobby-over-thread", thread=thread), seats, won, scores_line(lang, seating, match.scores)]
    lines = [t(lang, "lobby-playing-thread", thread=thread), seats]
    if match.round > 0:  # the next round is dealt as one ends: its index counts the rounds played
        lines += [t(lang, "lobby-after-round", round=match.round), scores_line(lang, seating, match.scores)]
    return lines


def ended_early_lines(table: Table) -> list[str]:
    """The message where a match ended with `/five-up end` was played: kept, not rated, and its score so far."""
    assert table.match is not None
    return [t(table.lang, "match-ended-early"), scores_line(table.lang, table.seating, table.match.scores)]


def ended_early_kept(lang: str, room: int) -> str:
    """The answer to `/five-up end` for a match kept as ended early: where its score and record are."""
    return t(lang, "table-ended-kept", room=f"<#{room}>")


def lobby_cancelled(table: Table) -> Lobby:
    """The lobby once its host cancelled it: who did, and no buttons."""
    text = t(table.lang, "lobby-cancelled", player=t(table.lang, "player-called", name=table.host_name()))
    return Lobby(table.id, table.lang, text, False, "", table.lobby_message_id)


def lobby_expired(lang: str) -> str:
    """The lobby message once the lobby closed itself, nobody having started it."""
    return t(lang, "lobby-expired")


def host_left(lang: str, old: str, new: str) -> str:
    """Said in the lobby: its host left and the next person seated hosts it now."""
    return t(lang, "lobby-host-left", old=old, new=new)


def host_handed(lang: str, old: str, new: str) -> str:
    """Said in the lobby: its host handed it to another person seated there."""
    return t(lang, "lobby-host-handed", old=old, new=new)


def host_now(locale: str, name: str) -> str:
    """The former host's private line after handing the table over."""
    return t(locale, "lobby-host-now", player=name)


def which_table(lang: str, tables: Sequence[Table], asleep: Sequence[TableRef]) -> str:
    """A command in a channel with several tables that cannot tell which one it means: each table, with
    a link to its lobby message or its thread (the newest first, at most LISTED_TABLES)."""
    lines = [t(lang, "error-which-table")]
    lines += [_table_line(lang, table) for table in tables[:LISTED_TABLES]]
    for ref in asleep[: max(0, LISTED_TABLES - len(tables))]:
        lines.append(t(lang, "which-table-asleep", id=ref.id, room=f"<#{ref.thread_id or ref.channel_id}>"))
    more = len(tables) + len(asleep) - LISTED_TABLES
    if more > 0:
        lines.append(t(lang, "which-table-more", count=more))
    return clip("\n".join(lines))


def _table_line(lang: str, table: Table) -> str:
    if table.status is TableStatus.LOBBY:
        guild = "@me" if table.guild_id is None else table.guild_id
        link = (
            f"https://discord.com/channels/{guild}/{table.channel_id}/{table.lobby_message_id}"
            if table.lobby_message_id is not None
            else f"<#{table.channel_id}>"
        )
        return t(lang, "which-table-lobby", id=table.id, host=table.host_name(), count=len(table.seats), link=link)
    players = ", ".join(s.name for s in table.seats)
    if table.thread_id is not None:
        return t(lang, "which-table-thread", id=table.id, players=players, thread=f"<#{table.thread_id}>")
    return t(lang, "which-table-here", id=table.id, players=players)


def joined(locale: str, number: int) -> str:
    return t(locale, "lobby-joined", number=number)


def left(locale: str) -> str:
    return t(locale, "lobby-left")


def started_privately(locale: str) -> str:
    return t(locale, "lobby-started-private")


def partner_choices(table: Table) -> tuple[PartnerChoice, ...]:
    """The people a player of a full 4-seat lobby may choose to sit with (none at a smaller table,
    nor with fewer than two people: computers take whatever seats the people leave)."""
    if table.status is not TableStatus.LOBBY or len(table.seats) != MAX_SEATS:
        return ()
    people = [(i, s) for i, s in enumerate(table.seats) if s.user_id is not None]
    if len(people) < 2:
        return ()
    lang = table.lang
    return tuple(
        PartnerChoice(seat.user_id, _ESCAPE.sub(r"\1", seat.name)[:100], t(lang, "lobby-sit-seat", number=i + 1))
        for i, seat in people
        if seat.user_id is not None
    )


def partnered(locale: str, name: str) -> str:
    return t(locale, "lobby-partnered", player=name)


def thread_name(lang: str, names: Sequence[str]) -> str:
    """ "Five Up · alice, minjun": the names as typed (a thread's name reads no Markdown), cut to fit."""
    name = t(lang, "thread-name", players=", ".join(unescaped(n) for n in names))
    return name if len(name) <= THREAD_NAME_LIMIT else name[: THREAD_NAME_LIMIT - 1] + "…"


def rematch_opened(lang: str, host: str, channel_id: int) -> str:
    """The asker's private word: where the new lobby is and who starts it."""
    return t(lang, "rematch-opened", host=host, channel=f"<#{channel_id}>")


def rematch_link(lang: str, link: str) -> str:
    """The old match's last message: where its rematch is (a jump link to the new lobby)."""
    return t(lang, "rematch-link", link=link)


def rematch_note(lang: str) -> str:
    return t(lang, "lobby-rematch")
