"""What a table does differently when its match is a tournament's game (docs/tournaments.md).

The table does not know it: the event's games name their tables (storage `game_of_table`), so the few
places that differ ask when they need to: who may end the match early, what the closing message says it
counts for, and the match-end message's buttons (no Rematch: the event pairs the next match).
"""

from __future__ import annotations

from dataclasses import replace

from ... import texts
from ...model.posts import Post
from ...model.table_state import Table
from ...model.tournament import Event, ahead
from ...storage import Storage
from ..refusal import Refusal


async def event_of(storage: Storage, table_id: int) -> Event | None:
    """The tournament whose game the table's match is, if any."""
    found = await storage.game_of_table(table_id)
    return None if found is None else await storage.event(found[0])


def check_may_end(table: Table, event: Event | None, user_id: int, can_manage: bool) -> None:
    """The host or a moderator ends a table; at an event's game, its organiser or a moderator (its first
    seat is no host there: a player ahead could stop the match and take the game)."""
    if event is not None:
        if user_id != event.organiser_id and not can_manage:
            raise Refusal("end-event-game", name=event.name)
    elif user_id != table.host_id and not can_manage:
        raise Refusal("end-not-allowed")


def counts_for(table: Table, event: Event | None) -> list[str]:
    """What an event's match ended early counts for (nothing to say at a table of no event): the game to the
    side ahead by the score as it stands, else nobody."""
    if event is None or table.match is None:
        return []
    side = ahead([texts.shown(s) for s in table.match.scores[:2]])
    return [texts.event_game_stopped(table.lang, event.name, None if side is None else table.seats[side].name)]


async def end_buttons(storage: Storage, table_id: int, post: Post) -> Post:
    """A match-end post offers Rematch, but not at a tournament's game."""
    return offered(post, event_game=await storage.game_of_table(table_id) is not None)


def offered(post: Post, *, event_game: bool) -> Post:
    """`end_buttons` for a caller that knows already whether the table's match is an event's game."""
    return replace(post, rematch=False) if event_game and post.rematch else post
