"""What a live table does while its player to move is idle: the reminder, the 30 s follow-up mention, and
the take-over (a computer plays for them until they are back). The turn clock (bot/host/clocks/turn_clock.py)
calls these at their moments; each does nothing if somebody has moved since."""

from __future__ import annotations

from ... import texts
from ...model.posts import PostKind
from ...model.table_state import TableStatus
from ...storage import TurnDeadlines
from ...texts.turn import follow_up_line
from ..refusal import Refusal
from .table_core import TableCore


class IdleTurn(TableCore):
    def waiting_for(self, move_no: int) -> bool:
        """The match is on and nobody has moved since `move_no`."""
        return self.table.move_no == move_no and self.table.status is TableStatus.PLAYING

    async def remind(self, move_no: int, seat: int) -> bool:
        """Nudge the player to move, if nobody has moved since `move_no` (False: somebody has). The
        reminder, once given, is written down: a restart does not give it again."""
        table = self.table
        async with self.lock:
            if not self.waiting_for(move_no):
                return False
            user_id = table.seats[seat].user_id
            clock = self.services.clock
            deadline = table.take_over_at if table.take_over_at is not None else self.services.now()
            text = texts.reminder(table.lang, user_id, since=clock(table.turn_started), deadline=clock(deadline))
            post = self.publish(PostKind.REMINDER, [text], hand_button=True, mentions=(user_id or 0,), send=False)
            kept = self.kept(post)  # written with the reminder's mark: a restart posts it
            table.remind_at = None
            given = TurnDeadlines(None, table.take_over_at)
            try:
                await self.write(
                    lambda version: self.services.storage.save_deadlines(table.id, given, version, post=kept)
                )
            except Refusal:  # not saved (logged by write): said all the same; a restart may remind once more
                self.hand_over(post)
                return True
            self.hand_over(self.written(post))
            return True

    async def follow_up(self, move_no: int, seat: int) -> bool:
        """A quiet turn (its line mentioned nobody: a computer or the mover placed last) still idle: one
        short line mentions the mover, with Show my hand, once. False: somebody has moved."""
        table = self.table
        async with self.lock:
            if not self.waiting_for(move_no):
                return False
            if self.needs_follow_up(move_no, seat):  # unless they opened their hand, or turned mentions off
                user_id = table.seats[seat].user_id or 0
                self.publish(
                    PostKind.REMINDER, [follow_up_line(table.lang, user_id)], hand_button=True, mentions=(user_id,)
                )
                self.heard()
            return True

    async def mark_away(self, move_no: int, seat: int) -> bool:
        """The player let their time run out: a computer plays for them until they are back."""
        async with self.lock:
            if not self.waiting_for(move_no):
                return False
            self.table.away.add(seat)
            return True
