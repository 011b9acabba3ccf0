"""The game manager without Discord: lobbies, whole matches, refusals, restarts, computers, idle players."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path

import pytest
from support.bot_host import CHANNEL, GUILD, PNG, assert_private, open_table, pick, play_out, running
from support.manual_timer import ManualTimer
from support.storage_raw import table_status
from support.waiting import settling

from bot.edge.commands import _placement as placement_asked
from bot.host.refusal import Refusal
from bot.model.posts import PostKind
from bot.model.table_state import TableStatus
from bot.storage import SeatRow, TurnDeadlines, open_storage
from bot.texts import forced_draws, lobby_message, seat_tag
from engine import GameOver, Match, Phase, Placement, Record, Result


async def refused(code: str, action) -> Refusal:
    with pytest.raises(Refusal) as caught:
        await action
    assert caught.value.code == code
    assert caught.value.text("en") and not caught.value.text("en").startswith("error-")
    return caught.value


async def test_lobby_seats_and_its_refusals(tmp_path: Path) -> None:
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, storage):
        table = await open_table(manager, recorder, [1])
        other = await manager.open_table(guild_id=GUILD, channel_id=CHANNEL, host_id=9, host_name="i", lang="en")
        assert other.open and other.table_id != table.id  # a channel holds any number of lobbies
        await manager.cancel(table_id=other.table_id, user_id=9, locale="en")
        await refused("need-players", manager.start(channel_id=CHANNEL, user_id=1, locale="en"))
        lobby = await manager.join(channel_id=CHANNEL, user_id=2, name="Bo *bold*", locale="en")
        assert "Bo \\*bold\\*" in lobby.text and lobby.note == "You sat down at seat 2." and lobby.open
        await refused("already-seated", manager.join(channel_id=CHANNEL, user_id=2, name="Bo", locale="en"))
        await refused("not-host", manager.start(channel_id=CHANNEL, user_id=2, locale="en"))
        await refused("not-seated", manager.leave(channel_id=CHANNEL, user_id=9, locale="en"))
        await manager.leave(channel_id=CHANNEL, user_id=2, locale="en")
        for user in (2, 3, 4):
            await manager.join(table_id=table.id, user_id=user, name=f"u{user}", locale="en")
        await refused("table-full", manager.join(channel_id=CHANNEL, user_id=5, name="e", locale="en"))
        assert "Partners sit opposite: **user1 & u3** vs **u2 & u4**" in lobby_message(table).text
        (row,), _ = await storage.open_tables()
        assert [s.user_id for s in row.seats] == [1, 2, 3, 4]
        started = await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        assert not started.open and table.status is TableStatus.PLAYING
        await refused("already-started", manager.join(channel_id=CHANNEL, user_id=5, name="e", locale="en"))
        await refused("cannot-leave-now", manager.leave(channel_id=CHANNEL, user_id=2, locale="en"))
        (first,) = recorder.posts
        assert first.kind is PostKind.TURN and first.hand_button
        assert "**Round 1.** Each player drew a tile to see who leads:" in first.text
        assert_private(recorder)


async def test_computer_seats_sit_after_the_people(tmp_path: Path) -> None:
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, _):
        await refused(
            "too-many-bots",
            manager.open_table(guild_id=GUILD, channel_id=CHANNEL, host_id=1, host_name="a", lang="en", bots=4),
        )
        table = await open_table(manager, recorder, [1, 2], bots=2, level="hard")
        assert [(s.user_id, s.level) for s in table.seats] == [(1, None), (2, None), (None, "hard"), (None, "hard")]
        assert "3. 🤖 Computer 1 (hard)" in lobby_message(table).text


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_a_whole_match_of_people(tmp_path: Path, players: int) -> None:
    users = list(range(1, players + 1))
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, storage):
        table = await open_table(manager, recorder, users, seed=f"whole-{players}")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        rng = random.Random(players)
        checked_hand = False
        while table.status is TableStatus.PLAYING:
            match = table.match
            assert match is not None and match.turn is not None
            seat = match.turn
            hand = await manager.hand(channel_id=CHANNEL, user_id=users[seat], locale="en", picture=not checked_hand)
            offered = {x.placement for c in hand.choices for x in c.targets}
            assert offered == {o.placement for o in match.options(seat)}
            assert all(x.placement.tile == c.tile for c in hand.choices for x in c.targets)
            if not checked_hand:
                assert hand.picture is not None and hand.picture.data.startswith(PNG)
                checked_hand = True
            option = pick(match.options(seat), rng)
            played = await manager.play(
                channel_id=CHANNEL,
                user_id=users[seat],
                placement=option.placement,
                move_no=hand.move_no,
                locale="en",
            )
            assert played.post is recorder.posts[-1]
        record = await storage.table_record(table.id)
        assert await table_status(tmp_path / "db.sqlite3", table.id) == "over"
        assert manager.table_in(CHANNEL) is None  # the channel is free again
    assert record is not None
    replayed = Match.replay(json.loads(record))
    assert replayed.phase is Phase.OVER and replayed.scores == table.match.scores
    assert isinstance(replayed.events[-1], GameOver)
    placements = sum(len(r.plays) for r in replayed.record.rounds)
    assert len(recorder.posts) == placements + 1  # the start, then one message per placement
    last = recorder.posts[-1].text
    assert "exactly 61" in last and not recorder.posts[-1].hand_button
    assert_private(recorder)
    with sqlite3.connect(tmp_path / "db.sqlite3") as db:
        results = db.execute("SELECT user_id, won, points FROM results ORDER BY seat").fetchall()
    winners = {u for u, won, _ in results if won}
    assert len(results) == players and len(winners) == (2 if players == 4 else 1)
    assert all(points == 61 for u, won, points in results if won)


async def test_a_restart_restores_exactly_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    async with running(path) as (manager, recorder, _):
        table = await open_table(manager, recorder, [1, 2, 3], bots=1, level="easy", seed="restart")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        await play_out(manager, table, random.Random(5), limit=12)
        match = table.match
        assert match is not None
        before = (match.record.dumps(), match.snapshot(), [match.seat_view(s) for s in range(4)], table.move_no)
        lobby_seed = table.seed
    async with running(path) as (manager, recorder, _):
        (again,) = await manager.restore()
        match = again.match
        assert match is not None
        after = (match.record.dumps(), match.snapshot(), [match.seat_view(s) for s in range(4)], again.move_no)
        assert after == before and again.seed == lobby_seed and again.status is TableStatus.PLAYING
        (restored,) = recorder.posts
        assert restored.kind is PostKind.RESTORED and restored.hand_button
        recorder.watch(again)
        recorder.slices[0] = []
        # the old buttons still work: the move number in them is the same
        seat = match.turn
        user = again.seats[seat].user_id
        option = match.options(seat)[0]
        await manager.play(table_id=again.id, user_id=user, placement=option.placement, move_no=before[3], locale="en")
        assert again.move_no == before[3] + 1
        await play_out(manager, again, random.Random(6))
        assert again.status is TableStatus.OVER
        assert_private(recorder)


async def test_two_clicks_at_once_place_once(tmp_path: Path) -> None:
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, storage):
        table = await open_table(manager, recorder, [1, 2], seed="twice")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        match = table.match
        assert match is not None
        seat = match.turn
        user = table.seats[seat].user_id
        first, second = match.options(seat)[:2]
        move = table.move_no
        outcomes = await asyncio.gather(
            manager.play(table_id=table.id, user_id=user, placement=first.placement, move_no=move, locale="en"),
            manager.play(table_id=table.id, user_id=user, placement=second.placement, move_no=move, locale="en"),
            manager.play(table_id=table.id, user_id=user, placement=first.placement, move_no=move, locale="en"),
            return_exceptions=True,
        )
        refusals = [o for o in outcomes if isinstance(o, Refusal)]
        assert len(refusals) == 2 and {r.code for r in refusals} == {"stale"}
        assert table.move_no == move + 1 and len(recorder.posts) == 2
        saved = Record.loads(await storage.table_record(table.id) or "")
        assert sum(len(r.plays) for r in saved.rounds) == 1


async def test_refusals_change_nothing(tmp_path: Path) -> None:
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, storage):
        table = await open_table(manager, recorder, [1, 2], seed="refusals")
        await refused("not-started", manager.hand(channel_id=CHANNEL, user_id=1, locale="en"))
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        match = table.match
        assert match is not None
        # play one tile so that there is a layout to aim at
        seat = match.turn
        opening = pick(match.options(seat), random.Random(1))
        await manager.play(
            channel_id=CHANNEL, user_id=table.seats[seat].user_id, placement=opening.placement, locale="en"
        )
        seat = match.turn
        mover, other = table.seats[seat].user_id, table.seats[1 - seat].user_id
        saved = await storage.table_record(table.id)
        posts = len(recorder.posts)
        mine = match.hand(seat)
        theirs = match.hand(1 - seat)[0]
        option = match.options(seat)[0]
        wrong = await refused(
            "not-your-turn",
            manager.play(channel_id=CHANNEL, user_id=other, placement=Placement(match.hand(1 - seat)[0]), locale="en"),
        )
        assert wrong.params["player"] == table.seats[seat].name
        await refused(
            "stale",
            manager.play(
                channel_id=CHANNEL,
                user_id=mover,
                placement=option.placement,
                move_no=table.move_no - 1,
                locale="en",
            ),
        )
        await refused(
            "tile-not-in-hand",
            manager.play(channel_id=CHANNEL, user_id=mover, placement=Placement(theirs), locale="en"),
        )
        for tile, on, named in (("7-9", None, "7-9"), ("3-5", "x", "x")):  # /five-up play reads its words first
            with pytest.raises(Refusal) as bad:
                placement_asked(tile, on)
            assert bad.value.code == "bad-tile" and bad.value.params == {"text": named}
        await refused(
            "not-seated", manager.play(channel_id=CHANNEL, user_id=99, placement=Placement(option.tile), locale="en")
        )
        await refused(
            "no-table",
            manager.play(channel_id=CHANNEL + 1, user_id=mover, placement=Placement(option.tile), locale="en"),
        )
        await refused("table-gone", manager.hand(table_id=table.id + 1, user_id=mover, locale="en"))
        unplayable = [x for x in mine if all(o.tile != x for o in match.options(seat))]
        if unplayable:
            expected = "bad-target-nowhere" if match.must_play is None else "must-play-drawn"
            await refused(
                expected,
                manager.play(channel_id=CHANNEL, user_id=mover, placement=Placement(unplayable[0]), locale="en"),
            )
        await refused(
            "bad-target",
            manager.play(channel_id=CHANNEL, user_id=mover, placement=Placement(option.tile, theirs), locale="en"),
        )
        assert await storage.table_record(table.id) == saved and len(recorder.posts) == posts
        assert match.hand(seat) == mine


async def test_a_tile_with_two_places_needs_a_target(tmp_path: Path) -> None:
    match = Match.new(2, "where")
    plays = []
    while True:  # play on until the mover holds a tile that fits in two places
        by_tile: dict = {}
        for o in match.options(match.turn):
            by_tile.setdefault(o.tile, []).append(o)
        twice = [t for t, opts in by_tile.items() if len(opts) > 1]
        if twice:
            break
        option = match.options(match.turn)[0]
        plays.append((match.turn, option))
        match.place(match.turn, option.placement)
        if match.phase is Phase.ROUND_OVER:
            match.next_round()
        assert len(plays) < 300, "no tile with two places in this whole match"
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, _):
        table = await open_table(manager, recorder, [1, 2], seed="where")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        for seat, option in plays:
            await manager.play(channel_id=CHANNEL, user_id=seat + 1, placement=option.placement, locale="en")
        user = match.turn + 1
        refusal = await refused(
            "say-where", manager.play(channel_id=CHANNEL, user_id=user, placement=Placement(twice[0]), locale="en")
        )
        assert refusal.params["tile"] == str(twice[0])
        hand = await manager.hand(channel_id=CHANNEL, user_id=user, locale="en", picture=False)
        (choice,) = [c for c in hand.choices if c.tile == twice[0]]
        scored = [o.points // 5 for o in by_tile[twice[0]] if o.result is Result.SCORED]
        label = f"{twice[0]} · best +{max(scored)} ▸" if scored else f"{twice[0]} ▸"  # the best of its places
        assert choice.label == label and len(choice.targets) == len(by_tile[twice[0]])
        assert all(x.label.startswith(f"on {x.placement.on} · ends ") for x in choice.targets)
        target = choice.targets[-1].placement.on
        await manager.play(channel_id=CHANNEL, user_id=user, placement=choice.targets[-1].placement, locale="en")
        assert table.match.layout.nodes[twice[0]].parent == target


async def test_an_unreadable_table_is_closed_and_the_others_come_back(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    storage = await open_storage(path)
    ids = []
    for channel in (1, 2, 3):
        ids.append(
            await storage.create_table(
                guild_id=GUILD,
                channel_id=channel,
                host_id=1,
                lang="en",
                level="normal",
                seed="s",
                seats=[SeatRow(1, "a"), SeatRow(2, "b")],
            )
        )
    good = Match.new(2, "s")
    await storage.start_match(ids[0], [SeatRow(1, "a"), SeatRow(2, "b")], good.record.dumps())
    await storage.start_match(ids[1], [SeatRow(1, "a"), SeatRow(2, "b")], '{"format": "exact61-record/1", "pl')
    await storage.close()
    async with running(path) as (manager, recorder, storage):
        restored = await manager.restore()
        assert sorted(x.id for x in restored) == [ids[0], ids[2]]  # the match and the lobby
        assert await table_status(path, ids[1]) == "closed"
        closed = [p for p in recorder.posts if p.kind is PostKind.CLOSED]
        assert [p.channel_id for p in closed] == [2] and "could not be read" in closed[0].text
        assert [p.channel_id for p in recorder.posts if p.kind is PostKind.RESTORED] == [1]
        assert manager.table_in(2) is None


async def test_computers_fill_seats_and_finish_the_match(tmp_path: Path) -> None:
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, _storage):
        table = await open_table(manager, recorder, [1], bots=3, level="easy", seed="bots")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        await play_out(manager, table, random.Random(2))
        assert table.status is TableStatus.OVER
        movers = {p.seat for r in table.match.record.rounds for p in r.plays}
        assert movers == {0, 1, 2, 3}
        assert any("is thinking…" in p.text for p in recorder.posts)
        assert_private(recorder)
        with sqlite3.connect(tmp_path / "db.sqlite3") as db:  # only people have stats
            assert [r[0] for r in db.execute("SELECT user_id FROM results")] == [1]
        text = await manager.archive.stats(guild_id=GUILD, user_id=1, locale="en")
        assert "Your record: 1 played" in text and "You are number 1 on this server's leaderboard" in text


async def test_an_idle_player_is_reminded_then_replaced_until_back(tmp_path: Path) -> None:
    timer = ManualTimer()
    timeout = 20.0  # the reminder, then the take-over, come before a quiet turn's 30 s follow-up would
    async with (
        settling() as settle,
        running(tmp_path / "db.sqlite3", turn_timeout=timeout, timer=timer) as (manager, recorder, _),
    ):
        table = await open_table(manager, recorder, [1, 2], seed="idle")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        match = table.match
        assert match is not None
        idle_seat = match.turn
        idle_user = table.seats[idle_seat].user_id
        timer.advance(timeout)  # the reminder is due
        await settle()
        timer.advance(timeout)  # and the take-over
        await settle()
        kinds = [p.kind for p in recorder.posts]
        assert kinds[:3] == [PostKind.TURN, PostKind.REMINDER, PostKind.TURN]
        reminder = recorder.posts[1]
        assert f"<@{idle_user}>" in reminder.text and reminder.mentions == (idle_user,)
        assert recorder.posts[2].text.startswith(f"{table.seats[idle_seat].name} is away")
        assert idle_seat in table.away and table.move_no >= 1
        hand = await manager.hand(channel_id=CHANNEL, user_id=idle_user, locale="en", picture=False)
        assert hand.text.startswith("Welcome back") and idle_seat not in table.away
        await manager.close()  # stop the timers before the other player's turn runs out too
        assert_private(recorder)


async def test_the_host_or_a_moderator_ends_the_table(tmp_path: Path) -> None:
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, _):
        table = await open_table(manager, recorder, [1, 2], seed="end")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        await refused("end-not-allowed", manager.end(channel_id=CHANNEL, user_id=2, name="b", can_manage=False))
        post = await manager.end(channel_id=CHANNEL, user_id=3, name="Mod", can_manage=True)
        assert post.kind is PostKind.CLOSED and post.text == "**Mod** closed the table."
        assert await table_status(tmp_path / "db.sqlite3", table.id) == "closed" and manager.table_in(CHANNEL) is None
        await refused("table-gone", manager.hand(table_id=table.id, user_id=1, locale="en"))
        await open_table(manager, recorder, [2])  # the channel is free for a new table


async def test_a_failed_write_forgets_the_placement(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, storage):
        table = await open_table(manager, recorder, [1, 2], seed="rollback")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        match = table.match
        assert match is not None
        seat = match.turn
        option = match.options(seat)[0]
        user = table.seats[seat].user_id

        async def broken(*_: object, **__: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(storage, "save_record", broken)
        with pytest.raises(OSError):
            await manager.play(channel_id=CHANNEL, user_id=user, placement=option.placement, locale="en")
        assert table.move_no == 0 and len(recorder.posts) == 1
        assert option in table.match.options(seat)
        monkeypatch.undo()
        await manager.play(channel_id=CHANNEL, user_id=user, placement=option.placement, locale="en")
        assert table.move_no == 1 and len(recorder.posts) == 2


async def test_the_drawer_alone_sees_the_tiles_drawn(tmp_path: Path) -> None:
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, _):
        table = await open_table(manager, recorder, [1, 2], seed="draws")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        rng = random.Random(3)
        for _ in range(300):
            match = table.match
            seat = match.turn
            user = table.seats[seat].user_id
            if forced_draws(match.events, seat):  # the player to move has just drawn
                break
            option = pick(match.options(seat), rng)
            await manager.play(channel_id=CHANNEL, user_id=user, placement=option.placement, locale="en")
        else:
            pytest.fail("nobody drew")
        public = recorder.posts[-1].text
        match = table.match
        drawer = match.turn
        hand = await manager.hand(channel_id=CHANNEL, user_id=table.seats[drawer].user_id, locale="en", picture=False)
        drawn_line = next(line for line in hand.text.splitlines() if line.startswith("You drew "))
        drawn = drawn_line.removeprefix("You drew ").rstrip(".").split(" · ")
        assert all(x not in public for x in drawn)
        assert f"You must place {drawn[-1]}, the tile you drew." in hand.text
        assert [c.tile for c in hand.choices] == [match.must_play]
        assert_private(recorder)
        # placed: the public line tells how many were drawn with the placement, never which
        (choice,) = hand.choices
        user = table.seats[drawer].user_id
        await manager.play(channel_id=CHANNEL, user_id=user, placement=choice.targets[0].placement, locale="en")
        told = recorder.posts[-1].text.splitlines()[0]
        count = "a tile" if len(drawn) == 1 else f"{len(drawn)} tiles"
        assert told.startswith(f"{seat_tag(drawer)} {table.seats[drawer].name} drew {count} and placed {drawn[-1]}")
        assert all(x not in told for x in drawn[:-1])


async def test_a_drawing_failure_costs_the_pictures_not_the_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, storage):
        table = await open_table(manager, recorder, [1, 2], seed="drawing")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        seat = table.match.turn
        option = table.match.options(seat)[0]

        def broken(_: object) -> tuple:
            raise MemoryError("no room for pixels")

        monkeypatch.setattr(manager.services.renderer, "table", broken)
        played = await manager.play(
            channel_id=CHANNEL, user_id=table.seats[seat].user_id, placement=option.placement, locale="en"
        )
        assert played.post.pictures == () and "opened with" in played.post.text and recorder.posts[-1] is played.post
        assert table.move_no == 1 and Record.loads(await storage.table_record(table.id) or "").rounds[0].plays
        assert "drawing table" in caplog.text


async def test_tables_take_their_seeds_from_the_injected_source(tmp_path: Path) -> None:
    """The seed source sits beside the clock: a test or a replay deals a known match without patching."""
    seeds = iter(["first", "second"])
    async with running(tmp_path / "db.sqlite3", seeds=lambda: next(seeds)) as (manager, recorder, _):
        table = await open_table(manager, recorder, [1, 2])
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        assert table.seed == "first" and table.match.record.dumps() == Match.new(2, "first").record.dumps()
        await manager.end(channel_id=CHANNEL, user_id=1, name="a", can_manage=False)
        again = await open_table(manager, recorder, [1, 2], seed="given")  # a given seed wins
        assert again.seed == "given" and next(seeds) == "second"


async def test_a_player_back_on_their_own_turn_has_their_fresh_clock_written(tmp_path: Path) -> None:
    """Asking for the hand while away, on one's own turn, restarts the turn's clock: written at once, so a
    restart before the next placement keeps it (the stored take-over was 'at once', for the computer)."""
    async with running(tmp_path / "db.sqlite3") as (manager, recorder, storage):
        table = await open_table(manager, recorder, [1, 2], seed="back")
        await manager.start(channel_id=CHANNEL, user_id=1, locale="en")
        assert table.match is not None and table.match.turn is not None
        mover = table.match.turn
        table.away.add(mover)  # as after a take-over: the computer plays for them, its clock is "at once"
        (row,) = (await storage.open_tables())[0]
        before = row.deadlines
        user_id = table.seats[mover].user_id
        assert user_id is not None
        hand = await manager.hand(channel_id=CHANNEL, user_id=user_id, locale="en", picture=False)
        assert hand.text.startswith("Welcome back") and mover not in table.away
        (row,) = (await storage.open_tables())[0]
        assert row.deadlines == TurnDeadlines(table.remind_at, table.take_over_at) != before
