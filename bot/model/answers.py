"""What the host answers a player's action with: the lobby message, a private hand and its choices,
an accepted placement. Plain results: the edge turns them into messages and buttons."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Placement, Tile

from .posts import Picture, Post
from .table_state import Table


@dataclass(frozen=True, slots=True)
class PartnerChoice:
    """A person seated in a 4-seat lobby, offered as a partner ("Sit with…")."""

    user_id: int
    name: str  # as a menu shows it (no Markdown)
    seat: str  # "Seat 2", in the table's language


@dataclass(frozen=True, slots=True)
class PartnerProposal:
    """A partner choice waiting for the people it would move or part from their partner: the lobby
    shows it with Accept and Decline (bot/host/tables/partner_proposals.py keeps it while it is open)."""

    chooser: int  # seats: while the table is unchanged since the proposal was made, they name the same people
    chosen: int
    stamp: int  # the table's version when it was made: any write since (a join, a leave, a start) ends it
    asked: tuple[int, ...]  # the user ids whose Accept it waits for, in seat order
    accepted: frozenset[int] = frozenset()

    @property
    def waiting(self) -> tuple[int, ...]:
        return tuple(user_id for user_id in self.asked if user_id not in self.accepted)


@dataclass(frozen=True, slots=True)
class Lobby:
    """The lobby message: its text, and whether its buttons still do anything."""

    table_id: int
    lang: str
    text: str
    open: bool
    note: str = ""  # a private line for the person who acted ("You sat down at seat 2.")
    message_id: int | None = None  # the lobby message, to edit when someone joins by command
    partners: tuple[PartnerChoice, ...] = ()  # whom a player may choose to sit with (a 4-seat lobby)
    proposal: PartnerProposal | None = None  # a partner choice waiting for Accept / Decline


@dataclass(frozen=True, slots=True)
class TargetChoice:
    placement: Placement
    label: str


@dataclass(frozen=True, slots=True)
class TileChoice:
    tile: Tile
    label: str
    targets: tuple[TargetChoice, ...]


@dataclass(frozen=True, slots=True)
class Hand:
    """One player's private view: text, the hand picture, and a choice per playable tile."""

    table_id: int
    move_no: int
    text: str
    picture: Picture | None
    choices: tuple[TileChoice, ...]


@dataclass(frozen=True, slots=True)
class Played:
    """An accepted placement: the private line for the player, and the public post already published."""

    text: str
    post: Post


@dataclass(frozen=True, slots=True)
class MyTurn:
    """A table waiting for the asker of `/five-up turns`: the table, the seconds left in the turn (None:
    no deadline), and when the asker's away ends (their clock stands still until then)."""

    table: Table
    left: float | None
    away_until: float | None = None
