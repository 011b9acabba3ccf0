"""A match ended with `/five-up end` once something was placed: kept as ended early, not thrown away.

Its record so far (with who played and when it ended, like a finished match's) is stored as over
and marked ended early in the database; the record says so too, in its `ending`: by which seat (none
when whoever ended it is not seated) and the score then (docs/record-format.md). It has no winner,
no results (the stats count matches played to the end) and is noted as not rated. Its room gets the
score so far, the picture, the record and the match-end buttons, then closes like a finished
match's; the channel's lobby says it ended early. A match ended before its first placement is
closed as before: nothing was played.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from engine import Match

from ...model.posts import Picture, PostKind
from ...model.table_state import TableStatus
from ...texts.lobby import ended_early_lines
from .board_lines import BoardLines, last_board
from .event_games import offered
from .row_conversion import kept_record
from .table_core import TableCore

log = logging.getLogger(__name__)


def played_any(match: Match | None) -> bool:
    """Whether the match has a placement to keep."""
    return match is not None and any(r.plays for r in match.record.rounds)


async def keep_ended_match(
    core: TableCore,
    draw: Callable[[], Awaitable[tuple[Picture, ...]]],
    board: BoardLines | None = None,
    *,
    by: int | None,
    event_game: bool,
) -> None:
    """Under the table's lock: store the match as ended early (by the seat `by`; None: by someone not
    seated) with its last message (`draw`: the table's pictures as they stand; no Rematch at an
    `event_game`; into the outbox in the same transaction), then hand that message over (a quiet table's
    `board` first gets its last edit: the position as it stands, no button). A write the database refuses
    raises, and nothing changed."""
    table = core.table
    match = table.match
    assert match is not None
    record = kept_record(table, core.services.now(), ("ended_early", by))
    storage = core.services.storage
    lines, pictures = ended_early_lines(table), await draw()
    post = core.publish(PostKind.CLOSED, lines, pictures=pictures, record=record, send=False)
    post = offered(post, event_game=event_game)
    kept = core.kept(post)
    await core.write(
        lambda version: storage.finish_match(table.id, table.guild_id, record, [], version, ended_early=True, post=kept)
    )
    core.saved_record = record
    table.status = TableStatus.OVER
    core.services.forget(core)
    if table.guild_id is not None:
        try:  # a rebuild leaves it out anyway (it has no winner); the note says so at once
            await storage.skip_rating(table.id, table.guild_id)
        except Exception:
            log.exception("noting ended table %s as not rated failed", table.id)
    if board is not None and table.quiet:
        last_board(core, board.closing(lines), pictures)
    core.hand_over(core.written(post))
    if table.thread_id is not None:
        core.show_in_lobby()
