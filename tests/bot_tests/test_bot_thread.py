"""A table a server keeps, end to end through the real discord.py (tests/support/discord_fake): the match in
its own thread while the channel sees only the lobby and its edits, the fallbacks to the channel,
the turn message's mention (and ping:off, and never a computer), the seat chips and the relative
clocks, the record attached to the match-end message, and a 429 in a burst of computer moves."""

from __future__ import annotations

import random
import re
from itertools import permutations
from pathlib import Path

import pytest
from discord import Permissions
from support.colour_vision import NORMAL
from support.colour_vision import distance as colour_distance
from support.discord_fake import Overwrite
from support.i18n_checks import leftover_english
from support.reader import check_turn_lines
from support.world import SEND, picker, world

from bot.model.table_state import TableStatus
from bot.texts import SEAT_CHIPS, seat_tag, side_name
from bot.texts.i18n import t
from engine import Record
from render.style import DEFAULT_COLORS

THREAD_FROM_MESSAGE = ("POST", "/channels/{channel_id}/messages/{message_id}/threads")
PLACED = re.compile(r"(?:placed|opened with) ([0-6]-[0-6])")


async def test_a_whole_match_in_its_own_thread(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="thread-match-2") as s:
        ana, bo = s.users
        await s.fake.slash(bo, s.games, "five-up settings", ping="off")  # bo asked not to be pinged
        table, lobby = await s.open(s.games, [ana, bo], bots=1)
        thread = s.fake.channel(table.thread_id)
        assert table.thread_id == lobby.id and thread.parent_id == s.games.id  # a thread on the lobby message
        assert thread.name == "Five Up · player0, player1, Computer 1"
        assert table.room == table.thread_id and s.bot.manager.table_in(table.thread_id) is table
        assert lobby.content.startswith(t("en", "lobby-playing-thread", thread=f"<#{table.thread_id}>"))
        assert f"{seat_tag(0)} player0" in lobby.content and not lobby.custom_ids()

        made = await s.play_out(table, picker(random.Random(2)))
        assert table.status is TableStatus.OVER and made > 5
        # the channel received the lobby only, edited: where the match is, the score after each round, the result
        (channel_message,) = s.fake.messages(s.games)
        assert channel_message.id == lobby.id and s.posts_to(s.games.id) == []
        rounds = len(table.match.record.rounds)
        versions = [v.get("content", "") for v in channel_message.history] + [channel_message.content]
        for number in range(1, rounds):
            assert any(t("en", "lobby-after-round", round=number) in v for v in versions), number
        winner = side_name("en", table.seating, table.match.winner)
        assert channel_message.content.startswith(t("en", "lobby-over-thread", thread=f"<#{table.thread_id}>"))
        assert winner in channel_message.content and "61" in channel_message.content

        # the match itself is in the thread: one message per placement, in order
        placed = [m for m in s.fake.messages(thread) if PLACED.search(m.content)]
        plays = [p.tile for r in table.match.record.rounds for p in r.plays]
        assert [str(x) for x in plays] == [next(g for g in PLACED.search(m.content).groups() if g) for m in placed]
        mentions = check_turn_lines(s, table, s.posts_to(thread.id), quiet=frozenset({bo.id}))
        assert mentions > 0  # ana was pinged on her turns; bo and the computer never were

        # the match-end message: the record (exactly what storage holds) and Rematch
        final = s.fake.last_message(thread)
        record = next(a for a in final.attachments if a.filename == "record.json")
        assert record.data.decode("utf-8") == await s.bot.manager.storage.table_record(table.id)
        assert Record.loads(record.data.decode("utf-8")).rounds == table.match.record.rounds
        assert final.custom_ids() == [f"5up:rematch:{table.id}", f"5up:replay:{table.id}:0", f"5up:review:{table.id}"]
        s.fake.assert_clean()


async def test_commands_find_the_table_from_its_thread_and_its_channel_after_a_restart(tmp_path: Path) -> None:
    async with world(tmp_path, 2) as s:
        ana, bo = s.users
        table, lobby = await s.open(s.games, [ana, bo])
        thread_id = table.thread_id
        await s.restart()
        again = s.bot.manager.table_in(thread_id)
        assert again is not None and again is s.bot.manager.table_in(s.games.id) and again.thread_id == thread_id
        restored = s.fake.last_message(thread_id)
        assert "The bot restarted" in restored.content  # said where the match is, not in the channel
        mover = s.user(again.seats[again.match.turn].user_id)
        for where in (thread_id, s.games.id):
            board = await s.fake.slash(mover, where, "five-up board")
            assert [a.filename for a in board.last_reply.attachments] == ["table.png"]
            hint = await s.fake.autocomplete(mover, where, "five-up play", focused="tile", value="")
            assert {c["value"] for c in hint.choices} == {str(o.tile) for o in again.match.options(again.match.turn)}
        # the turn message from before the restart still answers in the thread
        shown = await s.fake.click(mover, restored, f"5up:hand:{again.id}")
        assert shown.last_reply.ephemeral and shown.last_reply.channel_id == thread_id
        ended = await s.fake.slash(ana, thread_id, "five-up end")
        assert not ended.last_reply.ephemeral and s.bot.manager.table_in(s.games.id) is None
        await s.fake.wait_idle()
        assert s.fake._message(lobby).content == t("en", "lobby-closed")  # the channel's lobby says so too
        s.fake.assert_clean()


DENIED = {
    "no permission": Permissions(create_public_threads=True),
    "no posting in threads": Permissions(send_messages_in_threads=True),
}


@pytest.mark.parametrize(
    "why", ["no permission", "no posting in threads", "thread:False", "in a thread", "Discord refuses"]
)
async def test_the_match_plays_in_the_channel_where_no_thread_can_be_made(tmp_path: Path, why: str) -> None:
    deny = (Overwrite("everyone", deny=DENIED[why]),) if why in DENIED else ()
    async with world(tmp_path, 2, overwrites=deny) as s:
        ana, bo = s.users
        where = s.fake.channel("side-game") if why == "in a thread" else s.games
        options = {"thread": False} if why == "thread:False" else {}
        if why == "Discord refuses":
            s.fake.fail_next(*THREAD_FROM_MESSAGE)
        table, lobby = await s.open(where, [ana, bo], **options)
        assert table.thread_id is None and table.room == where.id
        asked = s.fake.requests_to(*THREAD_FROM_MESSAGE)
        assert len(asked) == (1 if why == "Discord refuses" else 0)  # app_permissions said no beforehand
        turn = s.fake.last_message(where)
        assert turn.id != lobby.id and turn.custom_ids() == [f"5up:hand:{table.id}"]
        assert lobby.content.startswith(t("en", "lobby-started"))
        check_turn_lines(s, table, s.posts_to(where.id))
        made = await s.play_out(table, picker(random.Random(5)), limit=4)
        assert made == 4 and len(s.posts_to(where.id)) >= 5
        s.fake.assert_clean()


async def test_ping_on_and_off_take_effect_at_a_match_in_play(tmp_path: Path) -> None:
    async with world(tmp_path, 2, locales=("ko", "es-ES")) as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo], lang="en")  # the host is Korean; the table speaks English
        off = await s.fake.slash(ana, table.thread_id, "five-up settings", ping="off")
        assert off.last_reply.ephemeral and off.last_reply.content == t("ko", "settings-ping-off")
        assert await s.bot.manager.storage.ping_off([ana.id, bo.id]) == {ana.id}
        before = len(s.posts_to(table.thread_id))
        await s.play_out(table, picker(random.Random(3)), limit=4)
        check_turn_lines(s, table, s.posts_to(table.thread_id)[before:], quiet=frozenset({ana.id}))
        on = await s.fake.slash(ana, s.games, "five-up settings", ping="on")
        assert on.last_reply.content == t("ko", "settings-ping-on")
        before = len(s.posts_to(table.thread_id))
        await s.play_out(table, picker(random.Random(4)), limit=4)
        assert check_turn_lines(s, table, s.posts_to(table.thread_id)[before:]) == 4  # each human turn
        s.fake.assert_clean()


async def test_a_429_in_a_burst_of_computer_moves_loses_and_reorders_nothing(tmp_path: Path) -> None:
    async with world(tmp_path, 1, seed="burst-4") as s:
        (ana,) = s.users
        limiter = s.fake.limit_rate(*SEND, limit=2, per=0.25)  # three computer moves in a row exceed it
        table, _ = await s.open(s.games, [ana], bots=3)
        await s.play_out(table, picker(random.Random(8)), limit=4)
        await s.fake.wait_idle()
        assert limiter.refused > 0
        limited = [r for r in s.fake.requests_to(*SEND) if r.status == 429]
        assert limited and all(r.params["channel_id"] == str(table.thread_id) for r in limited)
        plays = [p.tile for r in table.match.record.rounds for p in r.plays]
        assert len(plays) >= 12
        # every placement's line once, in the order they were made (a thread behind merges them into fewer messages)
        placed = [line for m in s.fake.messages(table.thread_id) for line in PLACED.findall(m.content)]
        assert placed == [str(x) for x in plays]
        s.fake.assert_clean()


def test_the_seat_chips_match_the_pictures_seat_colours() -> None:
    """Each seat's emoji is the nearest coloured circle to the seat colour the pictures draw."""
    circles = {  # Discord's (Twemoji) circle colours
        "🔴": (221, 46, 68),
        "🟠": (244, 144, 12),
        "🟡": (253, 203, 88),
        "🟢": (120, 177, 89),
        "🔵": (85, 172, 238),
        "🟣": (170, 142, 214),
        "🟤": (193, 105, 79),
    }

    def distance(chip: str, seat: int) -> float:  # as the eye sees it (CIELAB), not as RGB numbers differ
        return colour_distance(circles[chip], DEFAULT_COLORS.seat(seat), NORMAL)

    # four different circles, the closest overall
    best = min(permutations(circles, 4), key=lambda chips: sum(distance(c, n) for n, c in enumerate(chips)))
    assert best == SEAT_CHIPS
    assert [seat_tag(n) for n in range(4)] == ["🔴1", "🔵2", "🟣3", "🟡4"]


@pytest.mark.parametrize("lang", ["en", "ko", "es"])
async def test_the_new_texts_in_each_language(tmp_path: Path, lang: str) -> None:
    locale = {"en": "en-US", "ko": "ko", "es": "es-ES"}[lang]
    async with world(tmp_path, 2, locales=(locale, locale)) as s:
        ana, bo = s.users
        table, lobby = await s.open(s.games, [ana, bo], lang=lang)
        thread = s.fake.channel(table.thread_id)
        assert thread.name == t(lang, "thread-name", players="player0, player1")
        assert lobby.content.startswith(t(lang, "lobby-playing-thread", thread=f"<#{table.thread_id}>"))
        turn = s.fake.last_message(thread)
        line = turn.content.splitlines()[-1]
        mover = table.seats[table.match.turn]
        called = t(lang, "player-called", name=f"<@{mover.user_id}>")
        assert line == t(lang, "status-turn-play", player=f"{seat_tag(table.match.turn)} {called}")
        clock = turn.content.splitlines()[-2]
        assert clock == t(
            lang,
            "match-clock",
            reminder=t(lang, "duration-minutes", count=60),
            takeover=t(lang, "duration-minutes", count=120),
        )
        for text in (
            lobby.content,
            line,
            clock,
            (await s.fake.slash(ana, thread, "five-up settings", ping="off")).last_reply.content,
            (await s.fake.slash(ana, thread, "five-up history")).last_reply.content,
            t(lang, "rematch-opened", host="player0", channel="<#1>"),
            t(lang, "rematch-link", link="https://discord.com/channels/1/2/3"),
            t(lang, "lobby-rematch"),
            t(lang, "history-replay"),
            t(lang, "error-no-such-match", id=3),
            t(lang, "cmd-history"),
            t(lang, "cmd-settings-ping"),
            t(lang, "cmd-start-thread"),
            t(lang, "cmd-public"),
        ):
            assert not leftover_english(lang, text, ("player0", "player1")), text
        if lang != "en":
            assert line != t("en", "status-turn-play", player=f"{seat_tag(table.match.turn)} <@{mover.user_id}>")
        s.fake.assert_clean()


async def test_the_invite_link_asks_for_create_public_threads() -> None:
    """The README's invite link: the permissions the bot uses, Create Public Threads among them."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    (value,) = re.findall(r"permissions=(\d+)", readme)
    wanted = Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        create_public_threads=True,
        attach_files=True,
    )
    assert int(value) == wanted.value == 309237681152


async def test_a_start_whose_save_failed_reuses_its_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, 2) as s:
        ana, bo = s.users
        await s.fake.slash(ana, s.games, "five-up start")
        lobby = s.fake.last_message(s.games)
        table = s.bot.manager.table_in(s.games.id)
        await s.fake.click(bo, lobby, f"5up:lobby:{table.id}:join")
        storage = s.bot.manager.storage
        real = storage.start_match

        async def lost(*args: object, **kwargs: object) -> int:
            monkeypatch.setattr(storage, "start_match", real)
            raise OSError("the disk went away")

        monkeypatch.setattr(storage, "start_match", lost)
        failed = await s.fake.click(ana, lobby, f"5up:lobby:{table.id}:start")
        assert failed.last_reply.ephemeral and failed.last_reply.content == t("en", "error-unexpected")
        assert table.status is TableStatus.LOBBY
        await s.fake.click(ana, lobby, f"5up:lobby:{table.id}:start")
        assert table.status is TableStatus.PLAYING and table.thread_id == lobby.id
        assert len(s.fake.requests_to(*THREAD_FROM_MESSAGE)) == 1  # the thread made the first time
        assert s.fake.last_message(table.thread_id).custom_ids() == [f"5up:hand:{table.id}"]
        problems = s.fake.problems()
        assert len(problems) == 1 and "the disk went away" in problems[0], problems
