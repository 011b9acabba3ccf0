"""A partner choice that would move a person, or part them from a person they partnered, asks them first,
through the real discord.py: the lobby shows the choice with Accept and Decline, only the people asked
can answer, nothing moves until all of them accept, one Decline ends it; a choice that moves only
computers is made at once; a choice left from before a join, a leave, another choice or the start is
refused as stale; the buttons keep their meaning across a restart; in English, Korean and Spanish."""

from __future__ import annotations

from pathlib import Path

from support.discord_fake import FakeMessage, FakeUser
from support.world import World, world

from bot.model.table_state import Table, TableStatus
from bot.texts.i18n import t


def seats(table: Table) -> list[str]:
    return [s.name for s in table.seats]


async def lobby_of(w: World, players: list[FakeUser], **options: object) -> tuple[Table, FakeMessage]:
    """The first player opens a table (with `options`), the others press Join in order."""
    await w.fake.slash(players[0], w.channel, "five-up start", **options)
    table = w.table
    lobby = w.fake.last_message(w.channel)
    for user in players[1:]:
        record = await w.fake.click(user, lobby, f"5up:lobby:{table.id}:join")
        assert record.ok
    return table, lobby


async def choose(w: World, user: FakeUser, lobby: FakeMessage, table: Table, partner: FakeUser) -> str:
    """`user` picks `partner` in the "Sit with…" menu; returns the private answer."""
    record = await w.fake.select(user, lobby, f"5up:sit:{table.id}", [str(partner.id)])
    assert record.ok, record.rule_problems()
    assert record.last_reply is not None and record.last_reply.ephemeral
    return record.last_reply.content


def answer_ids(w: World, lobby: FakeMessage) -> dict[str, str]:
    """The Accept and Decline buttons on the lobby now: {"yes": id, "no": id} (empty when none)."""
    found = [c for c in w.fake._message(lobby).custom_ids() if c.startswith("5up:pair:")]
    return {c.rsplit(":", 1)[1].split("_")[0]: c for c in found}


async def answer(w: World, user: FakeUser, lobby: FakeMessage, custom_id: str, *, stale: bool = False) -> str:
    """`user` presses the answer button `custom_id` (on an earlier version of the lobby: `stale`)."""
    record = await w.fake.click(user, lobby, custom_id, stale=stale)
    assert record.ok, record.rule_problems()
    assert record.last_reply is not None and record.last_reply.ephemeral
    return record.last_reply.content


def shown(w: World, lobby: FakeMessage) -> str:
    return w.fake._message(lobby).content


async def test_a_choice_that_would_seat_alice_beside_the_computer_asks_her(tmp_path: Path) -> None:
    """Issue 30: 민준 chose José, and Alice found herself partnered with the computer unasked."""
    names, locales = ("민준", "José", "Alice"), ("ko", "es-ES", "en-US")
    async with world(tmp_path, names=names, locales=locales, guild_locale="ko") as w:
        minjun, jose, alice = w.users
        table, lobby = await lobby_of(w, w.users, bots=1)
        computer = t("ko", "computer-name", number=1)
        assert seats(table) == ["민준", "José", "Alice", computer]
        assert table.lang == "ko"
        versions = len(w.fake._message(lobby).history)

        # 민준 chooses José: the computer would take 민준's seat, beside Alice: Alice is asked, nothing moves yet
        note = await choose(w, minjun, lobby, table, jose)
        assert note == t("ko", "lobby-asked", names="Alice 님") and note.startswith("Alice 님에게 물어봤습니다")
        assert seats(table) == ["민준", "José", "Alice", computer]
        text = shown(w, lobby)
        assert "🤝 민준 님이 José 님과 같이 앉고 싶어 합니다" in text
        assert f"**{computer} & Alice** 대 **José & 민준**(으)로" not in text  # the particle is resolved
        assert f"**{computer} & Alice** 대 **José & 민준**으로 팀이 나뉩니다" in text
        assert t("ko", "lobby-proposal-waiting", names="Alice 님") in text
        assert "**민준 & Alice** 대 **José & 컴퓨터 1**" in text  # the teams as they are, until she answers
        buttons = answer_ids(w, lobby)
        assert set(buttons) == {"yes", "no"} and len(w.fake._message(lobby).history) == versions + 1
        message = w.fake._message(lobby)
        assert message.component(buttons["yes"])["label"] == "수락"
        assert message.component(buttons["no"])["label"] == "거절"

        # only Alice's answer counts: José (Spanish) and 민준 himself are told so, privately
        for user, lang in ((jose, "es"), (minjun, "ko")):
            refused = await answer(w, user, lobby, buttons["yes"])
            assert refused == t(lang, "error-proposal-not-asked", names=t(lang, "player-called", name="Alice"))
        assert seats(table) == ["민준", "José", "Alice", computer]

        # Alice declines: nobody moves, and the lobby says so
        assert await answer(w, alice, lobby, buttons["no"]) == t("en", "lobby-you-declined")
        assert seats(table) == ["민준", "José", "Alice", computer]
        text = shown(w, lobby)
        assert "Alice 님이 민준 님의 파트너 선택을 거절했습니다" in text and "🤝" not in text
        assert answer_ids(w, lobby) == {}
        # her answer again, on the lobby as it was: the choice is over
        late = await answer(w, alice, lobby, buttons["yes"], stale=True)
        assert late == t("en", "error-proposal-stale")

        # 민준 asks again and Alice accepts: the seats change as the lobby promised
        await choose(w, minjun, lobby, table, jose)
        done = await answer(w, alice, lobby, answer_ids(w, lobby)["yes"])
        assert done == t("en", "lobby-you-accepted-done", chooser="민준", partner="José")
        assert seats(table) == [computer, "José", "Alice", "민준"]
        text = shown(w, lobby)
        assert f"**{computer} & Alice** 대 **José & 민준**" in text
        assert (
            t(
                "ko",
                "lobby-changed",
                chooser="민준 님",
                partner="José 님",
                moved=computer,
                left="Alice 님",
                to=4,
                back=1,
            )
            in text
        )
        assert "민준 님은 4번 자리로, 컴퓨터 1은 1번 자리로 옮겼고, 컴퓨터 1은 이제 Alice 님과 파트너입니다" in text
        assert answer_ids(w, lobby) == {}

        # the seats are stored: after a restart they are the same, and the host starts in that order
        await w.restart()
        table = w.table
        assert seats(table) == [computer, "José", "Alice", "민준"]
        record = await w.fake.click(minjun, lobby, f"5up:lobby:{table.id}:start")
        assert record.ok and table.status is TableStatus.PLAYING
        w.fake.assert_clean()


async def test_a_choice_that_moves_only_computers_is_made_at_once(tmp_path: Path) -> None:
    async with world(tmp_path, 2, locales=("es-ES", "en-US")) as w:
        ana, bo = w.users
        table, lobby = await lobby_of(w, w.users, bots=2)
        assert table.lang == "es"  # the host's language on an English server
        one, two = (t("es", "computer-name", number=n) for n in (1, 2))
        assert seats(table) == ["player0", "player1", one, two]
        note = await choose(w, ana, lobby, table, bo)
        assert note == t("es", "lobby-partnered", player="player1")
        assert seats(table) == [two, "player1", one, "player0"]
        text = shown(w, lobby)
        assert answer_ids(w, lobby) == {} and "🤝" not in text
        changed = t("es", "lobby-changed", chooser="player0", partner="player1", moved=two, left=one, to=4, back=1)
        assert changed in text and f"{two} al asiento 1, así que {two} ahora se sienta con {one}" in text
        assert t("es", "lobby-teams", first=f"{two} y {one}", second="player1 y player0") in text
        w.fake.assert_clean()


async def test_four_people_all_accept_before_the_teams_change(tmp_path: Path) -> None:
    """At a table of four people a choice changes every partnership: the other three are asked, and
    their answers outlive a restart (the buttons carry the choice; a lost Accept is asked again)."""
    async with world(tmp_path, 4, locales=("en-US", "ko", "es-ES", "en-GB")) as w:
        ana, bo, cy, di = w.users
        table, lobby = await lobby_of(w, w.users)
        before = ["player0", "player1", "player2", "player3"]
        note = await choose(w, di, lobby, table, ana)
        assert note == t("en", "lobby-asked", names="player0, player1, player2")
        assert "**player0 & player3** vs **player1 & player2**" in shown(w, lobby)  # the teams it would make
        # the same choice again is not a new one
        assert await choose(w, di, lobby, table, ana) == t(
            "en", "lobby-still-waiting", names="player0, player1, player2"
        )

        buttons = answer_ids(w, lobby)
        assert await answer(w, ana, lobby, buttons["yes"]) == t("en", "lobby-you-accepted", names="player1, player2")
        again = await answer(w, ana, lobby, buttons["yes"])  # pressed twice: still waiting for the same two
        assert again == t("en", "lobby-you-accepted", names="player1, player2")
        assert await answer(w, bo, lobby, buttons["yes"]) == t("ko", "lobby-you-accepted", names="player2 님")
        assert seats(table) == before
        assert t("en", "lobby-proposal-waiting", names="player2") in shown(w, lobby)

        # a restart forgets the answers given, not the choice: the same buttons still mean it
        await w.restart()
        table = w.table
        assert await answer(w, cy, lobby, buttons["yes"]) == t("es", "lobby-you-accepted", names="player0, player1")
        await answer(w, ana, lobby, buttons["yes"])
        assert seats(table) == before
        done = await answer(w, bo, lobby, buttons["yes"])
        assert done == t("ko", "lobby-you-accepted-done", chooser="player3 님", partner="player0 님")
        assert seats(table) == ["player0", "player1", "player3", "player2"]
        assert "**player0 & player3** vs **player1 & player2**" in shown(w, lobby)
        # the buttons of that choice are spent: pressed again (an older screen), they are stale
        assert await answer(w, cy, lobby, buttons["yes"], stale=True) == t("es", "error-proposal-stale")
        w.fake.assert_clean()


async def test_a_choice_ends_when_anyone_joins_leaves_chooses_again_or_the_match_starts(tmp_path: Path) -> None:
    async with world(tmp_path, 4, locales=("en-US", "ko", "es-ES", "en-GB")) as w:
        ana, bo, cy, di = w.users
        table, lobby = await lobby_of(w, [ana, bo, cy], bots=1)
        computer = t("en", "computer-name", number=1)
        before = ["player0", "player1", "player2", computer]

        async def refused_as_stale(old: dict[str, str]) -> None:
            for user, lang in ((ana, "en"), (cy, "es")):
                assert await answer(w, user, lobby, old["yes"], stale=True) == t(lang, "error-proposal-stale")

        # bo would move cy beside the computer: cy and ana (her partner) are asked; cy leaves: the choice is over
        await choose(w, bo, lobby, table, ana)
        old = answer_ids(w, lobby)
        assert set(old) == {"yes", "no"} and seats(table) == before
        left = await w.fake.click(cy, lobby, f"5up:lobby:{table.id}:leave")
        assert left.ok and answer_ids(w, lobby) == {}
        await refused_as_stale(old)
        assert seats(table) == ["player0", "player1", computer]

        # di joins, and bo's choice would move di: someone not seated who tries to leave changes nothing,
        # but a leave and a join (by command) end the choice too
        await w.fake.click(di, lobby, f"5up:lobby:{table.id}:join")
        assert seats(table) == ["player0", "player1", "player3", computer]
        await choose(w, bo, lobby, table, ana)
        old = answer_ids(w, lobby)
        not_seated = await w.fake.slash(cy, w.channel, "five-up leave")
        assert not_seated.ok and answer_ids(w, lobby) == old
        await w.fake.slash(di, w.channel, "five-up leave")
        await w.fake.slash(cy, w.channel, "five-up join")
        assert answer_ids(w, lobby) == {}
        await refused_as_stale(old)

        # another choice replaces the one waiting: its buttons are stale
        assert seats(table) == ["player0", "player1", "player2", computer]
        await choose(w, bo, lobby, table, ana)
        old = answer_ids(w, lobby)
        await choose(w, cy, lobby, table, bo)  # cy would leave ana beside the computer: ana is asked
        assert t("en", "lobby-proposal-waiting", names="player0") in shown(w, lobby)
        await refused_as_stale(old)

        # the host starts with the choice still waiting: the seats stay as they were, and its buttons are refused
        old = answer_ids(w, lobby)
        started = await w.fake.click(ana, lobby, f"5up:lobby:{table.id}:start")
        assert started.ok and table.status is TableStatus.PLAYING
        assert seats(table) == ["player0", "player1", "player2", computer]
        assert await answer(w, ana, lobby, old["yes"], stale=True) == t("en", "error-already-started")
        problems = w.fake.problems()
        assert problems == [], problems
