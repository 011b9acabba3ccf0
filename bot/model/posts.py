"""A public message of a table, as the host hands it to the edge: what to show, never how.

Turning a post into a Discord message, an embed or buttons is the edge's job; the demo prints it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True, slots=True)
class Picture:
    filename: str
    data: bytes
    description: str = ""  # its alt text, read by screen readers (bot/texts/alt_text.py; at most 1024 characters)

    def described(self, description: str) -> Picture:
        """The same picture with its description."""
        return Picture(self.filename, self.data, description)


@dataclass(frozen=True, slots=True)
class StandingsWords:
    """The words of a tournament's standings picture, in the event's language (the numbers come apart)."""

    title: str
    subtitle: str
    headers: dict[str, str]  # render.standings_picture.StandingsHeaders' fields: rank, name, points, buchholz, …


class PostKind(StrEnum):
    TURN = "turn"  # after a placement (and the start of the match)
    REMINDER = "reminder"  # an idle player is reminded
    CLOSED = "closed"  # the table was ended or could not be restored
    RESTORED = "restored"  # the bot restarted and the match carries on
    BOARD = "board"  # /five-up board or score
    LOBBY = "lobby"  # the lobby message in the channel, edited: where the match is, its score, its result
    AWAY = "away"  # a player of a correspondence match is away, or back: their clock stops or goes again
    EVENT = "event"  # a tournament's: its start, a round's pairings, standings, its end (table_id 0)


@dataclass(frozen=True, slots=True)
class Post:
    """A public message for the table's channel, in the table's language."""

    table_id: int
    channel_id: int
    kind: PostKind
    text: str
    pictures: tuple[Picture, ...] = ()
    hand_button: bool = False  # attach "Show my hand"
    mentions: tuple[int, ...] = ()  # users this message may ping
    move_no: int = 0
    lang: str = "en"
    record: str | None = None  # the game record to attach as record.json (the match-end message)
    rematch: bool = False  # the match-end message (one with a `record`) offers Rematch: not at a tournament's game
    edit_message_id: int | None = None  # edit this message of the channel instead of posting (the lobby)
    direct_to: int | None = None  # send to this person's direct messages instead (a reminder they asked for)
    outbox: int | None = None  # kept in the outbox under (table_id, this version), written with the move
    # that caused it, so it survives a restart (bot/storage/outbox_queries.py)
    quiet: bool = False  # a quiet table's placement: it edits the table's board (`edit_message_id` once known),
    # and whoever it mentions is pinged by a short message of its own (bot/edge/posts/board_message.py)


@dataclass(frozen=True, slots=True)
class Pending:
    """A post of the outbox not yet delivered, as a restart reads it: `batch` is the version of the first post
    of the merged message it was last tried in (that message's nonce), None if it was never merged."""

    post: Post
    batch: int | None = None
