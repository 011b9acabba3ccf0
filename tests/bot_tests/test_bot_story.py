"""The thread reads as a match (issue 16, its bot and text side), end to end through the real
discord.py (tests/support/discord_fake): a turn message is two short lines (what just happened, who moves
next) above the picture, the mover alone mentioned; the reminder's and take-over's times said once;
/five-up board and score private unless asked public; Rematch opens where people are and the old
thread links to it; the record says who played and when; the words players read in Korean and
Spanish."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from support.discord_fake import FakeMessage
from support.i18n_checks import leftover_english
from support.reader import check_turn_lines
from support.world import World, picker, short_picker, world

from bot.model.seating import Seating
from bot.model.table_state import Table, TableStatus
from bot.texts import forced_draws, happened, next_up, side_name
from bot.texts.i18n import t
from bot.texts.rules_pages import SECTIONS, rules_pages
from engine import Drew, Passed, Placed, Record, RecordError, Result, placement, tile
from engine.replay import main as replay_main

ROOT = Path(__file__).parents[2]
LOCALES = {"en": "en-US", "ko": "ko", "es": "es-ES"}
CLOCK = re.compile(r"<t:\d+:[a-zA-Z]>")
JUMP = re.compile(r"https://discord\.com/channels/(\d+)/(\d+)/(\d+)")
# What a turn's first line says a placement was, in every language: the tile and what it went on.
PLACEMENT = {
    "en": re.compile(r"(?:placed|opened with) ([0-6]-[0-6])"),
    "ko": re.compile(r"(?:에 ([0-6]-[0-6])[을를] 놓음|([0-6]-[0-6])\(?으?\)?로 시작)"),
    "es": re.compile(r"(?:colocó|abrió con) ([0-6]-[0-6])"),
}
JARGON_KO = ("점수 주체", "점수 사건", "순효과", "기여값", "양의 5의 배수를 5로 나눈 값")


async def whole_match(s: World, lang: str, *, bots: int = 0, seed: int = 2) -> tuple[Table, list[str]]:
    """A match opened in #games in `lang` and played out through the buttons: the table, and the
    contents of every message the bot posted in its thread, in order. Two people play the short deal `seed`
    (support/short_deals.py)."""
    options: dict[str, object] = {"lang": lang}
    if bots:
        options["bots"] = bots
    choose = short_picker(s, seed) if not bots and len(s.users) == 2 else picker(random.Random(seed))
    table, _ = await s.open(s.games, s.users, **options)
    await s.play_out(table, choose)
    assert table.status is TableStatus.OVER and table.thread_id is not None
    return table, [m.content for m in public(s, table.thread_id)]


def public(s: World, channel: int) -> list[FakeMessage]:
    """What everyone sees in a channel or thread (not the replies only their asker sees)."""
    return [m for m in s.fake.messages(channel) if not m.ephemeral]


def check_the_story(s: World, table: Table, lang: str, contents: list[str]) -> None:
    """Every turn message in at most two lines (the last one's ratings line aside); the clock rules
    said once, in the first message only; no clock on any turn line; every placement told once, in
    order; the mover alone mentioned, never a computer (check_turn_lines)."""
    first, *turns = contents
    clock = t(lang, "match-clock", reminder=_minutes(lang, 60), takeover=_minutes(lang, 120))
    assert clock in first.splitlines()
    assert sum(clock in c for c in contents) == 1  # the reminder line is never repeated
    assert turns
    ratings = t(lang, "ratings-changes", changes="")
    for content in turns:
        lines = content.splitlines()
        if content is turns[-1]:  # the match's end: then each person's rating change (docs/ratings.md)
            assert lines[-1].startswith(ratings), content
            lines = lines[:-1]
        assert 1 <= len(lines) <= 2, content
        assert not CLOCK.search(content), content
    told = []
    for content in turns:
        line = content.splitlines()[0]
        found = PLACEMENT[lang].search(line)
        assert found is not None, line  # a draw or pass never gets a message of its own
        told.append(next(g for g in found.groups() if g))
    plays = [str(p.tile) for r in table.match.record.rounds for p in r.plays]
    assert told == plays
    posts = s.posts_to(table.thread_id)
    mentioned = check_turn_lines(s, table, posts)
    humans = sum(1 for seat in table.seats if not seat.is_computer)
    assert mentioned > 0 or humans == 0


def _minutes(lang: str, count: int) -> str:
    return t(lang, "duration-minutes", count=count)


async def test_a_two_player_match_reads_in_two_lines_and_board_and_score_are_private(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="story-2") as s:
        ana, bo = s.users
        table, _ = await s.open(s.games, [ana, bo])
        thread = table.thread_id
        assert thread is not None
        await s.play_out(table, picker(random.Random(7)), limit=3)
        for command in ("five-up board", "five-up score"):
            before = len(public(s, thread))
            private = await s.fake.slash(bo, thread, command)
            assert private.last_reply.ephemeral and private.last_reply.attachments  # the asker alone sees it
            assert len(public(s, thread)) == before  # the thread keeps only the match
            shown = await s.fake.slash(bo, thread, command, public=True)
            assert not shown.last_reply.ephemeral and shown.last_reply.attachments
            assert shown.last_reply.attachments[0].data == private.last_reply.attachments[0].data
            assert len(public(s, thread)) == before + 1
        await s.play_out(table, picker(random.Random(8)))
        assert table.status is TableStatus.OVER
        # the match's own messages (not the answers to commands)
        contents = [m.content for m in s.fake.messages(thread) if m.interaction_id is None and not m.ephemeral]
        check_the_story(s, table, "en", contents)
        last = contents[-1].splitlines()
        assert last[1].startswith("🏆") and "61" in last[1]
        s.fake.assert_clean()


@pytest.mark.parametrize("lang", ["ko", "es"])
async def test_a_four_player_match_of_partners_reads_in_two_lines(tmp_path: Path, lang: str) -> None:
    async with world(tmp_path, 4, locales=(LOCALES[lang],) * 4, seed=f"story-4-{lang}") as s:
        table, contents = await whole_match(s, lang)
        check_the_story(s, table, lang, contents)
        names = tuple(seat.name for seat in table.seats)
        for content in contents:
            assert not leftover_english(lang, content, names), content
            if lang == "ko":
                assert not any(word in content for word in JARGON_KO), content
        winner = side_name(lang, table.seating, table.match.winner)
        assert winner in contents[-1].splitlines()[1]
        s.fake.assert_clean()


async def test_computers_are_never_mentioned_and_a_round_end_is_one_line(tmp_path: Path) -> None:
    async with world(tmp_path, 1, seed="story-bots") as s:
        table, contents = await whole_match(s, "en", bots=3, seed=3)
        check_the_story(s, table, "en", contents)
        rounds = len(table.match.record.rounds)
        assert sum(t("en", "turn-round", round=n + 1) in c for c in contents for n in range(1, rounds)) == rounds - 1
        s.fake.assert_clean()


def test_forced_draws_and_passes_fold_into_the_placement_line() -> None:
    seating = Seating(("ana", "bo", "cy"))
    before = [Placed(2, placement(tile(1, 2), tile(2, 2)), 9, 0, Result.NONE, (0, 0, 0))]
    before += [Drew(0, tile(0, 0)), Drew(0, tile(3, 4))]
    assert forced_draws(before, 0) == 2 and forced_draws(before, 1) == 0
    placed = Placed(0, placement(tile(3, 4), tile(1, 4)), 20, 20, Result.SCORED, (20, 0, 0))
    line = happened("en", seating, [placed, Passed(1), Drew(2, tile(5, 5)), Passed(2)], drew=2)
    assert line == (
        "🔴1 ana drew 2 tiles and placed 3-4 on 1-4 · ends 20 · **+4** · 🔵2 bo passed · 🟣3 cy drew a tile and passed"
    )
    assert next_up("en", seating, [placed], (20, 0, 0), "🔵2 <@5> to play.") == "🔵2 <@5> to play."
    over = Placed(1, placement(tile(5, 6), tile(6, 6)), 25, 25, Result.OVER, (290, 0, 0))
    assert happened("es", seating, [over]) == "🔵2 bo colocó 5-6 en 6-6 · extremos 25 · +5 descartados: bo superaría 61"


async def test_rematch_opens_in_the_channel_and_the_old_thread_links_to_it(tmp_path: Path) -> None:
    async with world(tmp_path, 2, locales=("en-US", "ko"), seed="story-rematch") as s:
        ana, bo = s.users
        old, lobby = await s.open(s.games, [ana, bo])
        old_thread = old.thread_id
        await s.play_out(old, picker(random.Random(4)))
        final = s.fake.last_message(old_thread)
        asked = await s.fake.click(bo, final, f"5up:rematch:{old.id}")
        await s.fake.wait_idle()
        assert asked.ok
        # the new lobby is the channel's last message, and the old lobby no longer says the match is on
        new_lobby = s.fake.last_message(s.games)
        table = s.bot.manager.table_in(s.games.id)
        assert table is not None and table.id != old.id and table.status is TableStatus.LOBBY
        assert new_lobby.id != lobby.id and t("en", "lobby-rematch") in new_lobby.content
        assert new_lobby.custom_ids()[0] == f"5up:lobby:{table.id}:join"
        old_lobby = s.fake._message(lobby).content
        assert old_lobby.startswith(t("en", "lobby-over-thread", thread=f"<#{old_thread}>"))
        assert t("en", "lobby-playing-thread", thread=f"<#{old_thread}>") not in old_lobby
        # the old thread's last message links to it
        link = s.fake.last_message(old_thread)
        guild, channel, message = (int(x) for x in JUMP.search(link.content).groups())
        assert (channel, message) == (s.games.id, new_lobby.id) and guild == s.fake.guild().id
        assert link.content == t("en", "rematch-link", link=JUMP.search(link.content).group(0))
        note = next(m for m in asked.messages if m.ephemeral)
        assert note.content == t("ko", "rematch-opened", host="player0", channel=f"<#{s.games.id}>")
        assert s.bot.manager.table_in(old_thread) is None  # nothing hosted in the old thread
        # the rematch starts in a thread of its own, on its lobby in the channel
        await s.fake.click(ana, new_lobby, f"5up:lobby:{table.id}:start")
        await s.fake.wait_idle()
        assert table.status is TableStatus.PLAYING and table.thread_id == new_lobby.id != old_thread
        assert s.fake.last_message(table.thread_id).custom_ids() == [f"5up:hand:{table.id}"]
        s.fake.assert_clean()


async def test_the_record_says_who_played_and_when_it_ended(tmp_path: Path) -> None:
    async with world(tmp_path, 2, seed="story-record") as s:
        table, _ = await whole_match(s, "en", bots=1)
        final = s.fake.last_message(table.thread_id)
        data = next(a for a in final.attachments if a.filename == "record.json").data.decode("utf-8")
        assert data == await s.bot.manager.storage.table_record(table.id)
        kept = json.loads(data)
        assert kept["names"] == ["player0", "player1", "Computer 1"]  # as shown at the table, one per seat
        ended = datetime.strptime(kept["ended_at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
        assert abs((datetime.now(UTC) - ended).total_seconds()) < 300
        record = Record.loads(data)
        assert record.names == kept["names"] and record.ended_at == kept["ended_at"]
        assert record.rounds == table.match.record.rounds
        s.fake.assert_clean()


def test_names_and_ended_at_round_trip_and_old_records_still_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old_text = (ROOT / "tests/data/records/seed-walkthrough.record.json").read_text(encoding="utf-8")
    old = Record.loads(old_text)
    assert old.names is None and old.ended_at is None and "names" not in old.to_json()
    new = old.copy()
    new.names, new.ended_at = ["alice", "민준"], "2026-12-01T16:00:00Z"
    again = Record.loads(new.dumps())
    assert again == new and again.names == ["alice", "민준"] and again.ended_at == "2026-12-01T16:00:00Z"
    assert json.loads(new.dumps())["names"] == ["alice", "민준"]  # written as typed (no \u escapes needed)
    # a reader that knows only the old fields reads the new record the same
    assert again.rounds == old.rounds and again.players == old.players
    # the replay prints the same events with or without them
    outputs = []
    for n, text in enumerate((old_text, new.dumps())):
        path = tmp_path / f"r{n}.json"
        path.write_text(text, encoding="utf-8")
        assert replay_main([str(path)]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] and outputs[0]
    for bad, why in (
        ({"names": ["one"]}, "names must be a list of 2 strings"),
        ({"names": ["a", 3]}, "names must be a list of 2 strings"),
        ({"ended_at": "yesterday"}, "ended_at must be a UTC time"),
        ({"ended_at": "2026-12-01 16:00:00"}, "ended_at must be a UTC time"),
    ):
        with pytest.raises(RecordError, match=why):
            Record.loads(json.dumps(json.loads(old_text) | bad))
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(json.loads(old_text) | bad), encoding="utf-8")
        run = subprocess.run(
            [sys.executable, "-m", "engine.replay", str(path)], cwd=ROOT, capture_output=True, text=True
        )
        assert run.returncode == 1 and run.stdout == "" and why in run.stderr


def _catalog_text(lang: str, *, skip: tuple[str, ...] = ("legend.ftl",)) -> str:
    folder = ROOT / "bot" / "texts" / "locales" / lang
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.ftl")) if p.name not in skip)


def test_korean_reads_without_specification_jargon() -> None:
    text = _catalog_text("ko")
    messages = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    assert [word for word in JARGON_KO if word in messages] == []
    assert "/five-up hand 에서" not in text and "/five-up hand에서" in text
    # one form for a name with 님: "name 님", the particle after it
    assert re.findall(r"\}님|\} {2,}님|\*\*님", messages) == []  # always "{ $name } 님"
    assert len(re.findall(r"\} 님", messages)) >= 3
    called = t("ko", "player-called", name="<@5>")
    assert t("ko", "status-turn-play", player=f"🔵2 {called}") == "🔵2 <@5> 님 차례입니다."


def test_spanish_has_one_word_for_the_computer_and_the_agreed_terms() -> None:
    text = _catalog_text("es", skip=())
    for word in ("computadora", "ordenador", "enfrentad"):
        assert word not in text.lower(), word
    assert "máquina" in t("es", "takeover", player="x") and t("es", "computer-name", number=1) == "Máquina 1"
    assert t("es", "rulebook-setup-title") == "Reparto y quién abre"
    assert "frente a frente" in t("es", "lobby-teams", first="a", second="b")


@pytest.mark.parametrize("lang", ["en", "ko", "es"])
def test_the_rules_open_with_how_to_play(lang: str) -> None:
    assert SECTIONS[0] == "howto"
    first = rules_pages(lang)[0]
    assert first.startswith(f"**{t(lang, 'rulebook-howto-title')}**")
    howto = t(lang, "rulebook-howto")
    assert "61" in howto and "5" in howto and "/five-up hand" in howto
    # your turn, how you score, how you win: before the section on raw and displayed points
    pages = "\n\n".join(rules_pages(lang))
    assert pages.index(howto) < pages.index(f"**{t(lang, 'rulebook-goal-title')}**")
    assert t(lang, "button-show-hand") in howto


@pytest.mark.parametrize("lang", ["en", "ko", "es"])
async def test_the_history_answer_offers_the_record_and_no_command_line(tmp_path: Path, lang: str) -> None:
    async with world(tmp_path, 2, locales=(LOCALES[lang],) * 2, seed="story-history") as s:
        table, _ = await whole_match(s, lang, bots=0, seed=5)
        got = await s.fake.slash(s.users[0], s.games, "five-up history", match=table.id)
        reply = got.last_reply
        assert reply.ephemeral and "python" not in reply.content and "-m " not in reply.content
        assert {a.filename for a in reply.attachments} == {"record.json", "table.png"}
        assert t(lang, "history-replay") in reply.content
        assert not leftover_english(lang, reply.content, ("player0", "player1"))
        s.fake.assert_clean()
