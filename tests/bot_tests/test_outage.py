"""Discord out, through the real discord.py: turn clocks stand still and go on with the time they had left,
the log names the outage once, and an interaction answer refused with a 5xx is sent again, once delivered.

Every clock is the test's `ManualTimer` (the manager's, the outage watch's, the answers' retries), so
"ten minutes of outage" is a line of the test, and nothing depends on how fast the machine is.
"""

from __future__ import annotations

import random
from pathlib import Path

import discord
import pytest
from support.bot_host import single_place_tiles
from support.manual_timer import ManualTimer
from support.world import World, picker, world

from bot.model.table_state import Table, TableStatus

TURN = 60.0  # the live turn's timeout: the reminder one in, the take-over two
REMINDER = "it's your turn at Five Up"
TIMED_OUT = "time ran out, so a computer player made this one move"
CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
EDIT = "/webhooks/*/messages/@original"


def outage_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "Discord outage" in r.getMessage()]


async def test_a_turn_clock_does_not_run_out_during_an_outage(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, timeout=TURN, timer=timer) as w:
        table = await w.start_table(w.users)
        assert table.match is not None and table.match.turn is not None
        mover = table.match.turn
        remind, take_over = table.remind_at, table.take_over_at
        assert remind is not None and take_over is not None
        timer.advance(TURN / 2)  # half the time to the reminder is used
        await w.fake.wait_idle()
        w.fake.faults.server_error(503)
        w.fake.close_gateway(resumable=True)
        await w.fake.wait_idle()  # the bot hears of it
        down_at = timer.now()
        timer.advance(5.0)  # the outage watch's grace
        await w.fake.wait_idle()
        assert w.bot.health.down
        timer.advance(10 * TURN)  # far beyond the reminder and the take-over
        await w.fake.wait_idle()
        assert table.status is TableStatus.PLAYING and mover not in table.away
        assert table.remind_at == remind and not any(REMINDER in m.text for m in w.public())
        w.fake.faults.clear()
        await w.fake.resume_gateway()
        await w.bot.health.settled()
        still = timer.now() - down_at
        assert (table.remind_at, table.take_over_at) == (remind + still, take_over + still)
        timer.advance(TURN / 2 - 1)  # the half it had left, but a second
        await w.fake.wait_idle()
        assert not any(REMINDER in m.text for m in w.public())
        timer.advance(2)
        await w.fake.wait_idle()
        assert any(REMINDER in m.text for m in w.public())
        assert mover not in table.away
        timer.advance(TURN)  # the take-over, a whole turn timeout after the reminder
        await w.fake.wait_idle()
        assert mover in table.away or table.match.turn != mover
        began, over = outage_lines(caplog)
        assert "began" in began and "gateway closed" in began and "over after 605 s" in over
        w.fake.assert_clean()


async def test_an_http_outage_is_probed_and_logged_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, timer=timer) as w:
        lounge = w.fake.channel("lounge")
        w.fake.faults.server_error(503)
        for _ in range(3):
            with pytest.raises(discord.DiscordServerError):
                await lounge.send("lost")
        first = len(w.fake.requests)
        for _ in range(4):
            timer.advance(5.0)  # the grace, then three probes
            await w.fake.wait_idle()
        assert w.bot.health.down
        probes = [r for r in w.fake.requests[first:] if r.path == "/users/@me"]
        assert [r.outcome for r in probes] == ["503"] * 3
        w.bot.gate.timer = timer  # a command meanwhile: its answer is tried until Discord's 3 s are up
        asked = await w.fake.slash(w.users[0], w.channel, "five-up rules")
        for _ in range(4):
            timer.advance(1.0)
            await w.fake.wait_idle()
        assert asked.failed  # nobody could have answered it; the log says so as a warning, not an error
        w.fake.faults.clear()
        timer.advance(5.0)
        await w.fake.wait_idle()
        await w.bot.health.settled()
        assert not w.bot.health.down
        assert len(outage_lines(caplog)) == 2  # begun, over: not a line per failed request
        assert "requests failing" in outage_lines(caplog)[0] and "request(s) failed" in outage_lines(caplog)[1]
        await lounge.send("back")
        assert w.fake.last_message(lounge).content == "back"
        (problem,) = w.fake.problems()  # the command nobody could answer, and no error logged
        assert "never answered" in problem
        assert "connection to Discord failed" in caplog.text


async def test_answers_refused_with_503_are_sent_again_and_the_click_acts_once(tmp_path: Path) -> None:
    """The tile button defers (the callback), places, then edits its answer into the receipt: the callback
    is refused once and the edit twice; each is sent again, and the placement is made once."""
    timer = ManualTimer()
    async with world(tmp_path, 2, timer=timer) as w:
        w.bot.gate.timer = timer  # the answers' retries wait on the test's clock
        table = await w.start_table(w.users)
        await w.play_out(table, picker(random.Random(2)), limit=1)
        assert table.match is not None and table.match.turn is not None
        human = w.user_at(table, table.match.turn)
        hand = await w.fake.click(human, w.public()[-1], f"5up:hand:{table.id}")
        assert hand.last_reply is not None
        option = single_place_tiles(table)[0]
        moves, posts = table.move_no, len(w.public())
        callback = w.fake.faults.server_error(503, path=CALLBACK, times=1)
        edit = w.fake.faults.server_error(503, method="PATCH", path=EDIT, times=2)
        first = len(w.fake.requests)
        click = await w.fake.click(human, hand.last_reply, f"5up:tile:{table.id}:{moves}:{option.tile}")
        assert click.failed and table.move_no == moves  # the deferral waits to be sent again
        for wait in (0.25, 0.25, 0.5):  # the callback's one retry, then the edit's two
            timer.advance(wait)
            await w.fake.wait_idle()
        sent = w.fake.requests[first:]
        assert [r.outcome for r in sent if r.path == CALLBACK] == ["503", "ok"]
        assert [r.outcome for r in sent if r.method == "PATCH" and r.path.endswith("@original")] == ["503", "503", "ok"]
        assert (callback.hits, edit.hits, w.bot.gate.retried) == (1, 2, 3)
        assert click.ok and click.last_reply is not None and str(option.tile) in click.last_reply.content
        assert table.move_no == moves + 1 and len(w.public()) == posts + 1  # one placement, one post
        assert not w.bot.health.down
        w.fake.assert_clean()


async def test_a_correspondence_deadline_inside_an_outage_waits_as_long_again(tmp_path: Path) -> None:
    timer = ManualTimer()
    async with world(tmp_path, 2, seed="outage-1h", timer=timer) as w:
        table = await w.start_table(w.users, pace="1h")
        move = table.move_no
        timer.advance(40 * 60)
        await w.bot.manager.sweeper.rested()
        await w.fake.wait_idle()
        w.fake.faults.server_error(503)
        w.fake.close_gateway(resumable=True)
        await w.fake.wait_idle()
        down_at = timer.now()
        timer.advance(30 * 60)  # the deadline (an hour into the turn) passes while Discord is out
        await w.fake.wait_idle()
        assert w.bot.health.down and table.move_no == move and not timed_out(w, table)
        w.fake.faults.clear()
        await w.fake.resume_gateway()
        await w.bot.health.settled()
        still = timer.now() - down_at
        for seconds in (0.0, still - 1):
            timer.advance(seconds)
            await w.bot.manager.sweeper.rested()
            await w.fake.wait_idle()
            assert table.move_no == move and not timed_out(w, table)
        timer.advance(2)
        await w.bot.manager.sweeper.rested()
        await w.fake.wait_idle()
        table = await w.woken(w.games)
        assert table.move_no == move + 1 and len(timed_out(w, table)) == 1
        w.fake.assert_clean()


def timed_out(w: World, table: Table) -> list[str]:
    return [m.content for m in w.fake.messages(table.room) if TIMED_OUT in m.content]
