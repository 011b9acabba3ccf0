"""A demanding players' and admin's session: whole matches through the fake Discord, every word read.

Each test plays the way people do (buttons mostly, `/five-up play` sometimes, wrong moves, double
clicks, stale buttons, restarts) in a guild whose language is Korean, Spanish or English, with
players of mixed locales, and reads every public message and every ephemeral reply with
`Reader`: in the reader's language, no raw key or placeholder, no leftover English in Korean or
Spanish, within Discord's limits, and (for public messages) naming no tile still in a hand.
Pictures are decoded; set FIVE_UP_REVIEW_DIR to also save them there for a human to look at.
Seeds are pinned, so each match is the same every run and reaches the situations it is about
(a blocked round, a cancelled settlement, ...).
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import pytest
from support.manual_timer import ManualTimer
from support.reader import RAW_KEY, TURN_CLOCK
from support.world import club

from bot.edge.posts.publisher import ChannelPublisher
from bot.model.posts import Post, PostKind
from bot.model.table_state import TableStatus
from bot.texts import seat_tag, side_name
from bot.texts.i18n import pick_locale, t
from engine.selfplay import first_option


async def test_korean_guild_four_players_of_mixed_locales(tmp_path: Path) -> None:
    # round 1 is blocked; partners' deductions and a cancelled placement follow
    async with club(tmp_path, ["ko", "es-ES", "en-US", "ko"], guild_locale="ko", seed="review-4-165") as c:
        games = c.guild.channel("games")
        dee = c.users[3]
        table, _ = await c.open(games, c.users, thread=False)
        assert table.lang == "ko"
        first_post = c.fake.messages(games)[-1]
        assert "**" in first_post.content and "dee" in first_post.content  # the teams and the lot are shown
        match = table.match
        assert match is not None
        saved, posts = match.record.dumps(), len(c.fake.messages(games))

        # wrong moves: each refused privately, in the reader's language, changing nothing
        mover = c.user_at(table, match.turn)
        waiting = next(u for u in c.users if u is not mover and pick_locale(u.locale) == "es")
        theirs = str(match.hand(table.seat_of(waiting.id))[0])
        refused = await c.slash(waiting, games, "five-up play", tile=theirs)  # a tile they hold, out of turn
        assert refused.ephemeral and refused.content == t("es", "error-not-your-turn", player=mover.name)
        not_held = await c.slash(mover, games, "five-up play", tile=theirs)
        assert not_held.content == t(mover.locale, "error-tile-not-in-hand", tile=theirs)
        for nonsense in ("nine", "7-7", "3 5", "🎲", "x" * 200):
            junk = await c.slash(mover, games, "five-up play", tile=nonsense)
            assert junk.ephemeral and junk.content == t(mover.locale, "error-bad-tile", text=nonsense[:20])
        stranger = await c.click(c.mod, c.fake.messages(games)[-1], f"5up:hand:{table.id}")
        assert stranger.content == t("es", "error-not-seated")
        full = await c.slash(c.mod, games, "five-up join")
        assert full.content == t("es", "error-already-started")
        assert match.record.dumps() == saved and len(c.fake.messages(games)) == posts

        # a double click on the same tile places once; the other click is told it is out of date
        hand = await c.click(mover, first_post, f"5up:hand:{table.id}")
        option = next(o for o in match.options(match.turn) if sum(p.tile == o.tile for p in match.options()) == 1)
        button = f"5up:tile:{table.id}:0:{option.tile}"
        clicks = await asyncio.gather(
            c.fake.click(mover, hand, button, settle=False), c.fake.click(mover, hand, button, settle=False)
        )
        await c.fake.wait_idle()
        answers = [c.reader.reply(r, mover).content for r in clicks]
        assert table.move_no == 1 and t(mover.locale, "error-stale") in answers
        c.reader.public(games, table)

        # a bad target, typed: a tile of the table it does not match, and a tile that is not on the table
        seat = match.turn
        player = c.user_at(table, seat)
        (opening,) = [x.tile for x in match.snapshot().tiles]
        held = match.hand(seat)
        misfit = next(x for x in held if not any(o.tile == x for o in match.options(seat)))
        bad = await c.slash(player, games, "five-up play", tile=str(misfit), on=str(opening))
        assert bad.content == t(player.locale, "error-bad-target", tile=str(misfit), on=str(opening))
        nowhere = await c.slash(player, games, "five-up play", tile=str(held[0]), on=str(held[-1]))
        assert nowhere.content == t(player.locale, "error-bad-target", tile=str(held[0]), on=str(held[-1]))
        assert table.move_no == 1 and len(c.reader.public(games, table)) == 0

        made = 1 + await c.play_out(table, first_option, buttons=lambda n: n % 2 == 0, check=c.reader.placement)
        assert table.status is TableStatus.OVER and made > 100
        final = c.fake.messages(games)[-1]
        winner = side_name("ko", table.seating, table.match.winner)
        assert (
            winner in final.content
            and "61" in final.content
            and final.custom_ids() == [f"5up:rematch:{table.id}", f"5up:replay:{table.id}:0", f"5up:review:{table.id}"]
        )

        # the "Show my hand" of the first round now answers that the table is over, privately
        late = await c.click(dee, first_post, f"5up:hand:{table.id}")
        assert late.ephemeral and late.content == t("ko", "error-table-gone")
        for user in c.users:
            stats = await c.slash(user, games, "five-up stats")
            lang = pick_locale(user.locale)
            assert stats.ephemeral and t(lang, "stats-title") in stats.content
            assert stats.content.count("\n") >= 4  # a line for each of the four players, then yours
        c.fake.assert_clean()
        assert c.reader.read_count > 300 and c.reader.pictures > 300


async def test_spanish_guild_three_players_block_and_cancelled_events(
    tmp_path: Path,
) -> None:
    # a block in round 1; later a settlement and a placement cancelled past 61
    async with club(tmp_path, ["es-ES", "ko", "en-US"], guild_locale="es-ES", seed="review-3-85") as c:
        games = c.guild.channel("games")
        table, _ = await c.open(games, c.users, thread=False)
        assert table.lang == "es"
        made = await c.play_out(table, first_option, buttons=lambda n: n % 3 == 0, check=c.reader.placement)
        assert table.status is TableStatus.OVER and made > 100
        texts = "\n".join(m.content for m in c.fake.messages(games))
        assert "cierre: " in texts and "descartados" in texts  # a block, and points cancelled past 61
        c.fake.assert_clean()


async def test_english_guild_two_players_and_a_stale_hand_from_an_earlier_round(
    tmp_path: Path,
) -> None:
    async with club(tmp_path, ["en-US", "es-419"], guild_locale="en-US", seed="review-2-1") as c:
        games = c.guild.channel("games")
        ana = c.users[0]
        table, _ = await c.open(games, c.users, thread=False)
        round_one_post = c.fake.messages(games)[-1]
        match = table.match
        assert match is not None
        while match.round == 0:
            await c.place(table, match.options(match.turn)[0], by_buttons=False)
            c.reader.public(games, table)
        # a "Show my hand" from round 1, pressed in round 2, shows the hand of now, with buttons of now
        player = c.user_at(table, match.turn)
        hand = await c.click(player, round_one_post, f"5up:hand:{table.id}")
        shown = set(re.findall(r"5up:tile:\d+:(\d+):", " ".join(b["custom_id"] for b in hand.buttons)))
        assert shown == {str(table.move_no)}
        other = c.user_at(table, 1 - match.turn)
        waiting = await c.click(other, round_one_post, f"5up:hand:{table.id}")
        assert not waiting.buttons and player.name in waiting.content
        board = await c.slash(other, games, "five-up board")
        assert board.ephemeral and [a.filename for a in board.attachments] == ["table.png"]  # the asker's alone
        score = await c.slash(other, games, "five-up score")
        assert [a.filename for a in score.attachments] == ["scoresheet.png"]
        c.reader.public(games, table)
        await c.play_out(table, first_option, buttons=lambda n: n % 4 == 0, check=c.reader.placement)
        stats = await c.slash(ana, games, "five-up stats")
        assert "Your record: 1 played" in stats.content
        c.fake.assert_clean()


async def test_lobby_life_and_who_may_end_a_table(tmp_path: Path) -> None:
    async with club(tmp_path, ["ko", "es-ES", "en-US", "ko", "es-419"], guild_locale="ko") as c:
        games, lounge = c.guild.channel("games"), c.guild.channel("lounge")
        ana, bora, carmen, dee, eva = c.users
        await c.slash(ana, games, "five-up start")
        table = c.table_in(games)
        lobby = c.fake.last_message(games)
        c.reader.public(games, table)
        await c.slash(bora, games, "five-up start")  # a second lobby in the same channel
        second = c.table_in(games)
        assert second.id != table.id and second.host_id == bora.id
        await c.click(bora, c.fake.last_message(games), f"5up:lobby:{second.id}:cancel", "es")
        alone = await c.click(ana, lobby, f"5up:lobby:{table.id}:start")
        assert alone.content == t("ko", "error-need-players")
        for user in (bora, carmen, dee):
            await c.click(user, lobby, f"5up:lobby:{table.id}:join", "ko")
        again = await c.click(dee, lobby, f"5up:lobby:{table.id}:join")
        assert again.content == t("ko", "error-already-seated")
        full = await c.click(eva, lobby, f"5up:lobby:{table.id}:join")
        assert full.ephemeral and full.content == t("es", "error-table-full")
        not_host = await c.click(carmen, lobby, f"5up:lobby:{table.id}:start")
        assert not_host.content == t("en", "error-not-host", host="ana")
        teams = c.fake._message(lobby).content
        assert "ana & Carmen" in teams and "보라 & dee" in teams  # partners sit opposite

        ended = await c.slash(dee, games, "five-up end")  # neither host nor Manage Messages
        assert ended.ephemeral and ended.content == t("ko", "error-end-not-allowed")
        # the host cancels: the lobby says who cancelled, and its buttons go (regression)
        await c.click(ana, lobby, f"5up:lobby:{table.id}:cancel", "ko")
        cancelled = c.fake._message(lobby)
        assert cancelled.content == t("ko", "lobby-cancelled", player=t("ko", "player-called", name="ana"))
        assert cancelled.content == "ana 님이 테이블을 취소했습니다." and not cancelled.buttons
        assert c.bot.manager.table_in(games.id) is None

        # a table in a thread of the same channel is a table of its own; the moderator ends one
        thread = c.guild.threads[0]
        await c.slash(eva, thread, "five-up start", bots=3, level="easy", lang="es")
        in_thread = c.table_in(thread)
        assert in_thread.lang == "es" and len(in_thread.seats) == 4
        c.reader.public(thread, in_thread)
        await c.slash(carmen, lounge, "five-up start", lang="en")
        lounge_table = c.table_in(lounge)
        lounge_lobby = c.fake.last_message(lounge)
        by_mod = await c.slash(c.mod, lounge, "five-up end")
        assert not by_mod.ephemeral and by_mod.content == t("en", "table-ended", player="mod")
        assert c.bot.manager.table_in(lounge.id) is None and lounge_table.status is TableStatus.CLOSED
        # the ended lobby loses its buttons, so nobody can try to join it
        assert not c.fake._message(lounge_lobby).buttons
        by_host = await c.slash(eva, thread, "five-up end")
        assert by_host.content == t("es", "table-ended", player="Éva")
        c.fake.assert_clean()


async def test_a_restart_with_a_corrupt_row_closes_it_in_its_language(tmp_path: Path) -> None:
    async with club(tmp_path, ["ko", "es-ES", "en-US"], guild_locale="ko") as c:
        games, lounge = c.guild.channel("games"), c.guild.channel("lounge")
        ana, bora, carmen = c.users
        broken, _ = await c.open(games, [ana, bora], thread=False)  # Korean
        kept, _ = await c.open(lounge, [bora, carmen], lang="es", thread=False)
        for table, channel in ((broken, games), (kept, lounge)):
            for _ in range(3):
                await c.place(table, table.match.options(table.match.turn)[0], by_buttons=False)
            c.reader.public(channel, table)
        thread = c.guild.threads[0]
        await c.slash(carmen, thread, "five-up start", lang="en")
        waiting_lobby = c.fake.last_message(thread)
        backroom = c.guild.channel("backroom")
        await c.slash(bora, backroom, "five-up start", lang="es")  # a lobby whose seat row will be garbage
        unreadable_lobby = c.table_in(backroom)
        rules = await c.slash(bora, games, "five-up rules")
        old_hand_post = c.fake.messages(games)[-1]
        kept_move, kept_record = kept.move_no, kept.match.record.dumps()
        mover = c.user_at(kept, kept.match.turn)
        kept_hand = await c.click(mover, c.fake.messages(lounge)[-1], f"5up:hand:{kept.id}")

        await c.stop()
        db = sqlite3.connect(c.path)
        with db:
            db.execute("UPDATE tables SET record = ? WHERE id = ?", ("{not a record", broken.id))
            db.execute("UPDATE seats SET user_id = 'garbage' WHERE table_id = ?", (unreadable_lobby.id,))
        db.close()
        await c.restart()

        # the corrupt table is closed, and its channel is told so in Korean (regression: was English)
        notice = c.fake.messages(games)[-1]
        assert notice.content == t("ko", "table-closed-unreadable") and not notice.buttons
        c.reader.read(notice, "ko")
        assert c.bot.manager.table_in(games.id) is None
        seat_notice = c.fake.messages(backroom)[-1]  # a broken seat row: told in the table's Spanish too
        assert seat_notice.content == t("es", "table-closed-unreadable")
        assert c.bot.manager.table_in(backroom.id) is None
        old = await c.click(ana, old_hand_post, f"5up:hand:{broken.id}")
        assert old.content == t("ko", "error-table-gone")
        # the other match carries on where it was, and its buttons from before the restart still work
        again = c.table_in(lounge)
        assert again.match.record.dumps() == kept_record
        restored = c.fake.messages(lounge)[-1]
        assert t("es", "table-restored") in restored.content and restored.buttons
        option = again.match.options(again.match.turn)[0]
        receipt = await c.click(mover, kept_hand, f"5up:tile:{again.id}:{kept_move}:{option.tile}")
        if again.move_no == kept_move:
            receipt = await c.click(mover, receipt, f"5up:place:{again.id}:{kept_move}:{option.placement}")
        assert again.move_no == kept_move + 1 and not receipt.buttons
        # a lobby survives too: its Join button seats someone after the restart
        await c.click(ana, waiting_lobby, f"5up:lobby:{c.table_in(thread).id}:join", "en")
        assert c.table_in(thread).seat_of(ana.id) == 1
        # and the rules' page buttons, which carry their page
        await c.click(bora, rules, "5up:rules:1:next")
        assert t("es", "rulebook-page", page=2, pages=len_rules("es")) in c.fake._message(rules).text
        # the new table in the closed channel opens as usual
        fresh = await c.slash(ana, games, "five-up start")
        assert not fresh.ephemeral
        problems = c.fake.problems()  # the two unreadable rows are reported in the log, nothing else
        assert len(problems) == 2, problems
        assert any("cannot be restored" in x for x in problems) and any("cannot be read" in x for x in problems)


def len_rules(lang: str) -> int:
    from bot.texts.rules_pages import rules_pages

    return len(rules_pages(lang))


async def test_idle_reminder_then_the_computer_takes_over_once_announced(
    tmp_path: Path,
) -> None:
    timeout = 20.0  # the reminder, then the take-over, come before a quiet turn's 30 s follow-up would
    timer = ManualTimer()
    async with club(
        tmp_path, ["es-ES", "ko"], guild_locale="es-ES", timeout=timeout, timer=timer, seed="review-idle"
    ) as c:
        games = c.guild.channel("games")
        table, _ = await c.open(games, c.users, thread=False)
        idle = c.user_at(table, table.match.turn)
        other = next(u for u in c.users if u is not idle)
        timer.advance(timeout)
        await c.fake.wait_idle()
        (reminder,) = c.reader.public(games, table)
        assert reminder.content.startswith(f"<@{idle.id}>") and len(TURN_CLOCK.findall(reminder.content)) == 2
        assert reminder.payload["mentions"][0]["id"] == str(idle.id) and reminder.buttons
        timer.advance(timeout)
        await c.fake.wait_idle()
        takeover = t("es", "takeover", player=idle.name)
        moves = 0
        for _ in range(40):
            if table.status is not TableStatus.PLAYING or moves >= 6:
                break
            seat = table.match.turn
            if seat is not None and table.seats[seat].user_id == other.id:
                await c.place(table, table.match.options(seat)[0], by_buttons=moves % 2 == 0)
                moves += 1
            await c.fake.wait_idle()
            c.reader.public(games, table)
        said = [m for m in c.fake.messages(games) if takeover in m.content]
        assert len(said) == 1, "the take-over is announced once, not at every move (regression)"
        away = t("es", "status-turn-away", player=f"{seat_tag(table.seat_of(idle.id))} {idle.name}")
        assert any(away in m.content for m in c.fake.messages(games))
        back = await c.click(idle, c.fake.messages(games)[-1], f"5up:hand:{table.id}")
        assert back.content.startswith(t(idle.locale, "hand-back")) and not table.away
        c.fake.assert_clean()


@pytest.mark.parametrize(("level", "bots", "lang"), [("easy", 1, "en"), ("normal", 2, "es"), ("hard", 3, "ko")])
async def test_a_match_against_the_computer_at_each_level(tmp_path: Path, level: str, bots: int, lang: str) -> None:
    async with club(tmp_path, ["ko"], guild_locale="es-ES", budget=0.005, seed=f"review-bots-{level}") as c:
        games = c.guild.channel("games")
        (ana,) = c.users
        await c.slash(ana, games, "five-up start", bots=bots, level=level, lang=lang, thread=False)
        table = c.table_in(games)
        lobby = c.fake.last_message(games)
        computer = t(lang, "computer-name", number=1)
        assert t(lang, "lobby-seat-computer", number=2, player=computer, level=t(lang, f"level-{level}")) in (
            lobby.content
        )
        await c.click(ana, lobby, f"5up:lobby:{table.id}:start", lang)
        await c.fake.wait_idle()
        c.reader.public(games, table)  # the deal, and the computers' moves if one of them leads
        made = await c.play_out(table, first_option, buttons=lambda n: n % 3 == 0, check=c.reader.placement)
        assert table.status is TableStatus.OVER and made > 5
        posts = c.fake.messages(games)
        assert any(m.content.startswith(f"{seat_tag(1)} {computer}") for m in posts)  # the computer placed, said so
        assert any(t(lang, "status-turn-computer", player=f"{seat_tag(1)} {computer}") in m.content for m in posts)
        stats = await c.slash(ana, games, "five-up stats")
        assert t("ko", "stats-yours", matches=1, wins=int(table.match.side_of(0) == table.match.winner),
                 average=float(table.match.scores[table.match.side_of(0)] // 5)) in stats.content  # fmt: skip
        c.fake.assert_clean()


async def test_rules_page_through_in_three_languages(tmp_path: Path) -> None:
    async with club(tmp_path, ["ko", "es-419", "en-GB", "fr"], guild_locale="ko") as c:
        games = c.guild.channel("games")
        for user in c.users:
            lang = pick_locale(user.locale)
            page = await c.slash(user, games, "five-up rules")
            pages = len_rules(lang)
            assert page.ephemeral and 2 <= pages <= 10
            seen = []
            for number in range(1, pages + 1):
                embed = c.fake._message(page).embeds[0]
                assert embed.footer.text == t(lang, "rulebook-page", page=number, pages=pages)
                assert len(embed.description or "") <= 4096 and len(embed.title or "") <= 256
                seen.append(embed.description)
                buttons = {b["custom_id"].rsplit(":", 1)[1]: b for b in c.fake._message(page).buttons}
                assert bool(buttons["prev"].get("disabled")) == (number == 1)
                assert bool(buttons["next"].get("disabled")) == (number == pages)
                if number < pages:
                    await c.click(user, page, buttons["next"]["custom_id"])
            assert len(set(seen)) == pages and "61" in "".join(seen)
            await c.click(user, page, buttons["prev"]["custom_id"])
            assert c.fake._message(page).embeds[0].footer.text == t(lang, "rulebook-page", page=pages - 1, pages=pages)
        c.fake.assert_clean()


class _Channel:
    def __init__(self, sent: list[str]) -> None:
        self.sent = sent

    async def send(self, text: str, **_: object) -> None:
        if text == "boom":
            raise RuntimeError("an unexpected failure while sending")
        self.sent.append(text)


class _Client:
    def __init__(self) -> None:
        self.sent: list[str] = []

    def is_ready(self) -> bool:
        return True

    def get_partial_messageable(self, channel_id: int) -> _Channel:
        return _Channel(self.sent)


async def test_one_failed_post_does_not_swallow_the_posts_behind_it(caplog: pytest.LogCaptureFixture) -> None:
    client = _Client()
    publisher = ChannelPublisher()
    publisher.attach(client)  # type: ignore[arg-type]
    for text in ("first", "boom", "third"):
        publisher.publish(Post(1, 7, PostKind.TURN, text))
    await publisher.flush()
    assert client.sent == ["first", "third"]
    assert any("posting to channel 7 failed" in r.getMessage() for r in caplog.records)


async def test_the_publisher_waits_for_the_client_to_be_ready() -> None:
    ready = asyncio.Event()
    asked = asyncio.Event()  # the publisher waits for the client: whatever it would send early, it has sent
    sent: list[str] = []

    class Starting(_Client):
        def is_ready(self) -> bool:
            return ready.is_set()

        async def wait_until_ready(self) -> None:
            asked.set()
            await ready.wait()

        def get_partial_messageable(self, channel_id: int) -> _Channel:
            return _Channel(sent)

    publisher = ChannelPublisher()
    publisher.attach(Starting())  # type: ignore[arg-type]
    publisher.publish(Post(1, 7, PostKind.RESTORED, "restored"))
    for _ in range(1000):  # loop steps, not time: the way to the client is all on the loop, no thread
        if asked.is_set() or sent:
            break
        await asyncio.sleep(0)
    assert asked.is_set() and sent == []
    ready.set()
    await publisher.flush()
    assert sent == ["restored"]


def test_the_reader_spots_a_raw_catalog_key() -> None:
    """What `t` returns for a key no catalog has is caught; real sentences and commands are not."""
    assert RAW_KEY.search(t("ko", "error-no-such-message")) and RAW_KEY.search("status-turn-away")
    assert not RAW_KEY.search("**ana** placed 3-5 on 5-5. Ends 3 + 10 = **13** → no points.")
    assert not RAW_KEY.search("/five-up start")
