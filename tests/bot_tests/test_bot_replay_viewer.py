"""The replay viewer and the review through the real discord.py (tests/support/discord_fake): Replay from the
match-end message and from /five-up history, every button (⏮ ◀ ▶ ⏭, the select of rounds), a restart
between two clicks, a match still being played (no hands, no drawn tiles), the animated round, and
the review of a hand-worked record (engine figures in tests/engine_tests/test_missed_points.py)."""

from __future__ import annotations

import asyncio
import io
import random
import re
from dataclasses import replace
from pathlib import Path

from discord import SelectOption
from discord.ui import Select
from PIL import Image
from support.discord_fake import FakeMessage
from support.engine_text import short_record
from support.world import World, finished_match, picker, world

import render
from bot import texts
from bot.edge.replay.replay_buttons import (
    REPLAY_ITEMS,
    ReplayOpenButton,
    ReplayRoundSelect,
    ReplayStepButton,
    ReviewButton,
    viewer_view,
)
from bot.host.replay.book_builder import build_book
from bot.host.replay.replay_animation import round_gif
from bot.host.replay.replay_desk import ReplayPage
from bot.model.posts import Picture
from bot.model.seating import Seating
from bot.model.table_state import TableStatus
from bot.storage import ResultRow, SeatRow
from bot.texts.i18n import t
from engine import Blocked, Domino, Match, Phase, Placed, Record, TableSnapshot, review


def snapshots(record: Record, lang: str) -> list[bytes]:
    """The table picture after each placement, replayed here step by step (independently of the viewer):
    the players' names, a round's settlement at its last placement, the words in the reader's language."""
    match = Match(record.players)
    out = []
    for events in match.replay_steps(record):
        if any(isinstance(e, Placed) for e in events):
            settled = next((e for e in events if isinstance(e, Domino | Blocked)), None)
            labels = texts.picture_labels(lang)
            out.append(render.table_png(match.snapshot(), names=record.names, settlement=settled, labels=labels))
    return out


def where(message: FakeMessage) -> tuple[int, int]:
    """(placement shown, placements in all) from the viewer's first line."""
    numbers = [int(n) for n in re.findall(r"\d+", message.content.splitlines()[0])]
    assert len(numbers) == 4, message.content  # match, round, placement, placements
    return numbers[2], numbers[3]


def picture(message: FakeMessage) -> bytes:
    (attached,) = message.attachments
    assert attached.filename == "table.png"
    return attached.data


def nav_ids(table_id: int, step: int, last: int) -> list[str]:
    targets = {"first": 0, "prev": max(step - 1, 0), "next": min(step + 1, last), "last": last}
    return [f"5up:rp:{table_id}:{n}:{a}" for a, n in targets.items()] + [f"5up:rpround:{table_id}"]


async def stored_record(s: World, table_id: int) -> Record:
    text = await s.bot.manager.storage.table_record(table_id)
    assert text is not None
    return Record.loads(text)


async def test_replay_from_the_match_end_message_every_button_and_a_restart(tmp_path: Path) -> None:
    async with world(tmp_path, 3, locales=("en-US", "es-ES", "ko")) as s:
        ana, bo, _ = s.users
        table_id, thread_id = await finished_match(s, 31)
        record = await stored_record(s, table_id)
        tables = snapshots(record, "en")
        last = len(tables) - 1
        final = s.fake.last_message(thread_id)
        assert final.custom_ids() == [f"5up:rematch:{table_id}", f"5up:replay:{table_id}:0", f"5up:review:{table_id}"]
        assert [b["label"] for b in final.buttons] == ["Rematch", "Replay", "Review"]

        opened = await s.fake.click(ana, final, f"5up:replay:{table_id}:0")
        viewer = opened.last_reply
        assert opened.ok and viewer.ephemeral and viewer.visible_to == ana.id
        assert where(viewer) == (1, len(tables))
        assert picture(viewer) == tables[0]
        assert viewer.custom_ids() == nav_ids(table_id, 0, last)
        disabled = {c["custom_id"] for c in viewer.buttons if c.get("disabled")}
        assert disabled == {f"5up:rp:{table_id}:0:first", f"5up:rp:{table_id}:0:prev"}
        assert "Hands after this placement:" in viewer.content  # a finished match shows every hand
        leader, opening = record.rounds[0].leader, record.rounds[0].plays[0].tile
        left = " · ".join(str(x) for x in record.rounds[0].hands[leader] if x != opening)
        assert (
            f"{'🔴🔵'[leader]}{leader + 1} player{leader}: {left}" in viewer.content
        )  # the dealt hand, less the opening

        step = await s.fake.click(ana, viewer, f"5up:rp:{table_id}:1:next")
        viewer = s.fake._message(viewer)
        assert step.ok and step.deferred and where(viewer) == (2, len(tables))
        assert picture(viewer) == tables[1]
        assert viewer.custom_ids() == nav_ids(table_id, 1, last)
        twice = await s.fake.click(ana, viewer, f"5up:rp:{table_id}:1:next", stale=True)  # a double click: answered
        assert twice.ok and where(s.fake._message(viewer)) == (2, len(tables))

        await s.fake.click(ana, viewer, f"5up:rp:{table_id}:{last}:last")
        viewer = s.fake._message(viewer)
        assert where(viewer) == (len(tables), len(tables))
        shown = {a.filename: a.data for a in final.attachments}
        assert picture(viewer) == shown["table.png"]  # the match as it ended, as the thread showed it
        ended = {c["custom_id"] for c in viewer.buttons if c.get("disabled")}
        assert ended == {f"5up:rp:{table_id}:{last}:next", f"5up:rp:{table_id}:{last}:last"}

        await s.restart()  # a new bot process over the same SQLite file: the viewer's buttons still work
        back = await s.fake.click(ana, viewer, f"5up:rp:{table_id}:{last - 1}:prev")
        viewer = s.fake._message(viewer)
        assert back.ok and where(viewer) == (len(tables) - 1, len(tables))
        assert picture(viewer) == tables[last - 1]

        rounds = len(record.rounds)
        options = [o["value"] for o in viewer.component(f"5up:rpround:{table_id}")["options"]]
        assert options == [str(r) for r in range(min(rounds, 25))]
        pick = min(1, rounds - 1)
        await s.fake.select(ana, viewer, f"5up:rpround:{table_id}", [str(pick)])
        viewer = s.fake._message(viewer)
        start = sum(len(r.plays) for r in record.rounds[:pick])
        assert where(viewer) == (start + 1, len(tables))
        assert f"round {pick + 1} · placement {start + 1} of {len(tables)}" in viewer.content  # one counter
        assert picture(viewer) == tables[start]

        await s.fake.click(ana, viewer, f"5up:rp:{table_id}:0:first")
        viewer = s.fake._message(viewer)
        assert where(viewer) == (1, len(tables)) and picture(viewer) == tables[0]

        # another reader, in Spanish, opens their own viewer after the restart
        theirs = await s.fake.click(bo, final, f"5up:replay:{table_id}:0")
        assert theirs.last_reply.visible_to == bo.id and theirs.last_reply.content.startswith(
            f"**Partida #{table_id}**"
        )
        s.fake.assert_clean()


async def test_replay_from_history_and_by_command(tmp_path: Path) -> None:
    async with world(tmp_path, 2, locales=("en-US", "ko")) as s:
        ana, bo = s.users
        first, _ = await finished_match(s, 41)
        second, thread_id = await finished_match(s, 42)

        listed = await s.fake.slash(bo, s.games, "five-up history")
        assert listed.last_reply.custom_ids() == [f"5up:replay:{second}:0", f"5up:replay:{first}:0"]
        assert [b["label"] for b in listed.last_reply.buttons] == [
            t("ko", "button-replay-match", id=second),
            t("ko", "button-replay-match", id=first),
        ]
        opened = await s.fake.click(bo, listed.last_reply, f"5up:replay:{first}:0")
        assert opened.ok and opened.last_reply.ephemeral
        assert opened.last_reply.content.startswith(f"**경기 #{first}**")
        assert picture(opened.last_reply) == snapshots(await stored_record(s, first), "ko")[0]

        fetched = await s.fake.slash(ana, thread_id, "five-up history", match=second)
        assert fetched.last_reply.custom_ids() == [f"5up:replay:{second}:0"]

        hint = await s.fake.autocomplete(ana, s.games, "five-up replay", focused="match", value="")
        assert [c["value"] for c in hint.choices] == [second, first]  # newest first

        record = await stored_record(s, second)
        rounds = len(record.rounds)
        at = await s.fake.slash(ana, s.games, "five-up replay", match=second, round=rounds)
        start = sum(len(r.plays) for r in record.rounds[:-1])
        assert at.ok and where(at.last_reply) == (start + 1, record.placements)

        missing = await s.fake.slash(ana, s.games, "five-up replay", match=second + 100)
        assert missing.last_reply.ephemeral
        assert missing.last_reply.content == t("en", "error-no-such-match", id=second + 100)
        too_far = await s.fake.slash(ana, s.games, "five-up replay", match=second, round=rounds + 1)
        assert too_far.last_reply.content == t("en", "error-replay-no-round", round=rounds + 1, rounds=rounds)
        s.fake.assert_clean()


async def test_a_match_being_played_is_replayed_by_anyone_without_hands(tmp_path: Path) -> None:
    async with world(tmp_path, 3, locales=("en-US", "en-US", "es-ES")) as s:
        ana, bo, cy = s.users
        table, _ = await s.open(s.games, [ana, bo])
        await s.play_out(table, picker(random.Random(5)), limit=8)
        assert table.status is TableStatus.PLAYING and table.match is not None
        match = table.match
        made = match.move_no

        hint = await s.fake.autocomplete(cy, s.games, "five-up replay", focused="match", value="")
        assert hint.choices[0]["value"] == table.id and hint.choices[0]["name"].endswith("(en curso)")

        opened = await s.fake.slash(cy, s.games, "five-up replay", match=table.id)  # cy is not seated
        viewer = opened.last_reply
        assert opened.ok and viewer.ephemeral and where(viewer) == (1, made)
        held = {str(x) for hand in match.hands for x in hand} | {str(x) for x in match.boneyard[match.drawn :]}
        drawn_by_hand = {str(x) for x in match.boneyard[: match.drawn]}  # drawn: private until placed
        placed = {str(x.tile) for x in match.layout.view()}
        secret = (held | drawn_by_hand) - placed
        for n in range(made):
            if n:
                await s.fake.click(cy, viewer, f"5up:rp:{table.id}:{n}:next")
                viewer = s.fake._message(viewer)
            assert where(viewer) == (n + 1, made)
            assert t("es", "replay-live") in viewer.content
            assert t("es", "replay-hands") not in viewer.content
            named = set(re.findall(r"\b[0-6]-[0-6]\b", viewer.content))
            assert not named & secret, (n, named & secret, viewer.content)

        # the match goes on: ⏭ shows the latest, later than the button was made
        await s.play_out(table, picker(random.Random(6)), limit=2)
        if table.status is TableStatus.PLAYING:
            await s.fake.click(cy, viewer, f"5up:rp:{table.id}:{made - 1}:last")
            assert where(s.fake._message(viewer)) == (match.move_no, match.move_no)

        refused = await s.fake.slash(ana, s.games, "five-up review", match=table.id)
        assert refused.last_reply.content == t("en", "error-review-running", id=table.id)
        s.fake.assert_clean()


async def test_the_animated_round_plays_every_placement_under_2_mb(tmp_path: Path) -> None:
    async with world(tmp_path, 2) as s:
        ana, _ = s.users
        table_id, _ = await finished_match(s, 51)
        record = await stored_record(s, table_id)
        got = await s.fake.slash(ana, s.games, "five-up replay", match=table_id, animated=True, round=1)
        reply = got.last_reply
        assert got.ok and reply.ephemeral
        (gif,) = reply.attachments
        assert gif.filename == "round.gif" and gif.content_type == "image/gif" and gif.size < 2_000_000
        image = Image.open(io.BytesIO(gif.data))
        assert image.n_frames == len(record.rounds[0].plays)
        durations = []
        for frame in range(image.n_frames):
            image.seek(frame)
            durations.append(image.info["duration"])
        assert min(durations) >= 1000 and durations[-1] > durations[0]  # a pace a person can follow
        assert reply.custom_ids() == [f"5up:replay:{table_id}:0"]  # and step through it

        latest = await s.fake.slash(ana, s.games, "five-up replay", match=table_id, animated=True)
        frames = Image.open(io.BytesIO(latest.last_reply.attachments[0].data)).n_frames
        assert frames == len(record.rounds[-1].plays)
        s.fake.assert_clean()


def test_a_long_four_player_round_animates_under_2_mb() -> None:
    """The longest round of 40 random 4-player rounds (up to 28 tiles on the table)."""
    longest: list[TableSnapshot] = []
    for seed in range(40):
        rng = random.Random(seed)
        match = Match.new(4, f"long-{seed}")
        steps = []
        while match.phase is Phase.PLAYING:
            seat = match.turn
            assert seat is not None
            match.place(seat, rng.choice(match.options(seat)).placement)
            steps.append(match.snapshot())
        longest = max(longest, steps, key=len)
    data = round_gif(longest)
    assert len(longest) >= 20 and len(data) < 2_000_000
    assert Image.open(io.BytesIO(data)).n_frames == len(longest)


async def hand_worked_match(s: World) -> int:
    """The short record of tests/engine_tests/test_missed_points.py, stored as a finished match: seat 1
    (player0) and a computer."""
    storage = s.bot.manager.storage
    ana = s.users[0]
    seats = [SeatRow(ana.id, "player0"), SeatRow(None, "Computer 1", "easy")]
    channel = s.fake.channel("lounge").id
    table_id = await storage.create_table(
        guild_id=s.guild.id, channel_id=channel, host_id=ana.id, lang="en", level="easy", seed="x", seats=seats
    )
    text = short_record().dumps()
    await storage.start_match(table_id, seats, text)
    results = [ResultRow(0, ana.id, "player0", True, 1)]
    await storage.finish_match(table_id, s.guild.id, text, results)
    return table_id


async def test_the_review_of_a_hand_worked_record(tmp_path: Path) -> None:
    async with world(tmp_path, 2, locales=("en-US", "es-ES")) as s:
        ana, bo = s.users
        table_id = await hand_worked_match(s)

        mine = await s.fake.slash(ana, s.games, "five-up review", match=table_id)
        reply = mine.last_reply
        assert mine.ok and reply.ephemeral
        # worked by hand: 2 placements, scored 5 raw (1), best 20 raw (4), missed 15 raw (3)
        assert reply.content.splitlines() == [
            f"**Review of match #{table_id}: 🔴1 player0**",
            "2 placements: scored 1, the most each could have scored adds up to 4. **Missed: 3.**",
            "The costliest placements:",
            "1. Round 1, move 3: 3-5 on 2-5 scored 0; 3-5 on 2-3 would have scored 2.",
            "2. Round 1, move 1: 2-3 to open scored 1; 4-6 to open would have scored 2.",
            t("en", "review-greedy"),
        ]
        assert reply.custom_ids() == [f"5up:replay:{table_id}:2", f"5up:replay:{table_id}:0"]
        opened = await s.fake.click(ana, reply, f"5up:replay:{table_id}:2")
        assert where(opened.last_reply) == (3, 4)
        assert "player0 could have scored 2 points here with 3-5 on 2-3 (this placement: 0)." in (
            opened.last_reply.content
        )

        computer = await s.fake.slash(bo, s.games, "five-up review", match=table_id, seat=2)
        assert computer.last_reply.content.splitlines()[1:3] == [
            "2 colocaciones: sumaron 0; lo máximo que cada una podía sumar da 0. **Perdidos: 0.**",
            t("es", "review-none"),
        ]
        stranger = await s.fake.slash(bo, s.games, "five-up review", match=table_id)
        assert stranger.last_reply.content == t("es", "error-review-not-seated", id=table_id)
        no_seat = await s.fake.slash(bo, s.games, "five-up review", match=table_id, seat=3)
        assert no_seat.last_reply.content == t("es", "error-review-no-seat", seat=3, seats=2)
        s.fake.assert_clean()


async def test_the_review_button_at_match_end(tmp_path: Path) -> None:
    async with world(tmp_path, 3) as s:
        ana, bo, cy = s.users
        table_id, thread_id = await finished_match(s, 61)
        final = s.fake.last_message(thread_id)
        figures = review(await stored_record(s, table_id))
        for seat, user in enumerate((ana, bo)):
            got = await s.fake.click(user, final, f"5up:review:{table_id}")
            mine = figures.of_seat(seat)
            assert got.ok and got.last_reply.ephemeral and got.last_reply.visible_to == user.id
            assert f"**Missed: {mine.missed // 5}.**" in got.last_reply.content
            assert got.last_reply.custom_ids() == [f"5up:replay:{table_id}:{j.step}" for j in mine.costliest] or (
                not mine.costliest and got.last_reply.custom_ids() == [f"5up:replay:{table_id}:0"]
            )
        stranger = await s.fake.click(cy, final, f"5up:review:{table_id}")
        assert stranger.last_reply.content == t("en", "error-review-not-seated", id=table_id)
        s.fake.assert_clean()


def test_every_replay_item_reads_back_from_its_own_custom_id() -> None:
    made = [
        ReplayStepButton(table_id=7, step=149, action="last"),
        ReplayRoundSelect(table_id=7, options=[SelectOption(label="Round 1", value="0")], placeholder="Go to"),
        ReplayOpenButton(table_id=7, step=0, label="Replay"),
        ReviewButton(table_id=7, label="Review"),
    ]
    assert {type(b) for b in made} == set(REPLAY_ITEMS)
    for item in made:
        assert len(item.custom_id) <= 100
        match = item.template.fullmatch(item.custom_id)
        assert match is not None, item.custom_id
        again = asyncio.run(type(item).from_custom_id(None, item.item, match))  # type: ignore[arg-type]
        assert type(again) is type(item) and again.custom_id == item.custom_id


async def test_the_select_of_rounds_holds_the_25_rounds_around_the_one_shown() -> None:
    book = build_book(7, 1, Seating(("a", "b")), (1, None), short_record(), finished=True)
    steps = tuple(replace(book.steps[0], index=n, round=n, move=0) for n in range(40))
    long = replace(book, steps=steps, round_starts=tuple(range(40)), round_lengths=(1,) * 40)
    for shown, first in ((30, 15), (3, 0), (20, 8)):
        view = viewer_view(ReplayPage(long, long.steps[shown], "", Picture("table.png", b"")), "en")
        (menu,) = [c for c in view.children if isinstance(c, ReplayRoundSelect)]
        select = menu.item
        assert isinstance(select, Select)
        assert [o.value for o in select.options] == [str(r) for r in range(first, first + 25)]
        assert [o.value for o in select.options if o.default] == [str(shown)]
        assert len(select.custom_id) <= 100
