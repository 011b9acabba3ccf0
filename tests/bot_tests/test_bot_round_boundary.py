"""A restart at a round boundary: `/five-up board` shows the same picture before and after it.

Regression (issue: a board after a restart between rounds showed an empty layout): the picture
of the round that just ended is drawn from the match itself (`Match.finished_round`), not from
memory the restart loses.
"""

from __future__ import annotations

import random
from pathlib import Path

from support.bot_host import pick
from support.world import World, world

from bot.model.table_state import Table
from engine import Phase


async def play_until_a_round_ends(w: World, table: Table, rng: random.Random) -> None:
    """Placements by buttons until the table shows a finished round and nobody has placed since."""
    while True:
        match = table.match
        assert match is not None and match.phase is Phase.PLAYING
        seat = match.turn
        assert seat is not None
        round_before = match.round
        await w.place(table, pick(match.options(seat), rng))
        if table.match.round != round_before:
            return


async def board_picture(w: World, table: Table) -> bytes:
    user = w.user_at(table, 0)
    board = await w.fake.slash(user, w.channel, "five-up board")
    reply = board.last_reply
    assert board.ok and reply is not None and reply.ephemeral  # /five-up board answers the asker alone
    (picture,) = reply.attachments
    assert picture.filename == "table.png"
    return picture.data


async def test_the_board_after_a_restart_at_a_round_boundary_is_the_same_picture(tmp_path: Path) -> None:
    async with world(tmp_path, 2) as w:
        table = await w.start_table(w.users)
        await play_until_a_round_ends(w, table, random.Random(4))
        assert table.match is not None and table.match.snapshot().tiles == ()  # the next round is dealt
        before = await board_picture(w, table)

        await w.restart()
        again = w.table
        assert again is not table and again.match is not None and again.match.snapshot().tiles == ()
        restored = w.public()[-1]
        assert "The bot restarted" in restored.content
        assert [a.filename for a in restored.attachments] == ["table.png"] and restored.attachments[0].data == before
        assert await board_picture(w, again) == before
        w.fake.assert_clean()
