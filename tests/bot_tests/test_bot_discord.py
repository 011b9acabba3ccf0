"""The bot end to end: real discord.py interactions (slash commands, buttons, autocomplete) against
the fake Discord of `tests/support/discord_fake`, with the real manager, SQLite file and renderer."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from discord import SelectOption
from support.bot_host import pick
from support.world import picker, world

from bot.edge.dynamic_items import DYNAMIC_ITEMS
from bot.edge.tables.hand_buttons import BackButton, ShowHandButton, TargetButton, TileButton
from bot.edge.tables.help_and_rules import HelpRulesButton, RulesPageButton
from bot.edge.tables.lobby_buttons import LobbyButton, PartnerSelect, ProposalButton
from bot.edge.tables.match_end import RematchButton
from bot.edge.tournaments.event_buttons import EventButton
from bot.model.table_state import TableStatus
from bot.texts.i18n import t


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_whole_matches_through_discord(tmp_path: Path, players: int) -> None:
    async with world(tmp_path, players) as w:
        table = await w.start_table(w.users)
        steps = await w.play_out(
            table, picker(random.Random(players)), buttons=lambda n: n % 7 != 3, check=lambda t, _: w.check_privacy(t)
        )
        assert table.status is TableStatus.OVER and steps > 10
        final = w.public()[-1]
        assert "exactly 61" in final.content and final.custom_ids() == [
            f"5up:rematch:{table.id}",
            f"5up:replay:{table.id}:0",
            f"5up:review:{table.id}",
        ]
        assert [a.filename for a in final.attachments] == ["table.png", "record.json"]
        # one message per placement, each with both pictures and (until the end) "Show my hand"
        placed = [m for m in w.public() if " placed " in m.content or " opened with " in m.content]
        assert len(placed) == sum(len(r.plays) for r in table.match.record.rounds)
        assert all(m.buttons for m in placed[:-1])
        stats = await w.fake.slash(w.users[0], w.channel, "five-up stats")
        assert "Your record: 1 played" in stats.last_reply.content
        w.fake.assert_clean()


async def test_a_restart_keeps_the_match_and_its_buttons(tmp_path: Path) -> None:
    async with world(tmp_path, 2) as w:
        table = await w.start_table(w.users)
        rng = random.Random(9)
        for _ in range(3):
            seat = table.match.turn
            await w.place(table, pick(table.match.options(seat), rng))
        seat = table.match.turn
        mover = w.user_at(table, seat)
        old_post = w.public()[-1]
        await w.fake.click(mover, old_post, f"5up:hand:{table.id}")
        old_hand = w.fake.ephemeral_messages(mover, w.room)[-1]
        record_before = table.match.record.dumps()
        move = table.move_no
        w.check_privacy(table)  # the replayed match has the same events, so the cursor carries over

        await w.restart()
        again = w.table
        assert again is not table and again.match.record.dumps() == record_before
        restored = w.public()[-1]
        assert "The bot restarted" in restored.content and restored.buttons

        # the hand message from before the restart still plays
        option = again.match.options(seat)[0]
        await w.fake.click(mover, old_hand, f"5up:tile:{again.id}:{move}:{option.tile}")
        if again.move_no == move:
            await w.fake.click(mover, w.fake._message(old_hand), f"5up:place:{again.id}:{move}:{option.placement}")
        assert again.move_no == move + 1
        board = await w.fake.slash(mover, w.channel, "five-up board")
        assert [a.filename for a in board.last_reply.attachments] == ["table.png"]
        assert board.last_reply.ephemeral and "Tiles in hand:" in board.last_reply.content  # the asker's alone
        score = await w.fake.slash(mover, w.channel, "five-up score")
        assert [a.filename for a in score.last_reply.attachments] == ["scoresheet.png"]
        w.check_privacy(again)
        # and now that message is stale: the old "Show my hand" still answers, privately
        record = await w.fake.click(w.user_at(again, again.match.turn), old_post, f"5up:hand:{again.id}")
        assert record.last_reply is not None and record.last_reply.ephemeral
        w.fake.assert_clean()


async def test_refusals_are_private_and_change_nothing(tmp_path: Path) -> None:
    async with world(tmp_path, 3) as w:
        ana, bo, cy = w.users
        table = await w.start_table([ana, bo])
        second = await w.fake.slash(cy, w.channel, "five-up start")  # a second table beside the match
        assert not second.last_reply.ephemeral and w.table_in(w.channel).host_id == cy.id
        cancelled = await w.fake.slash(cy, w.channel, "five-up end")  # her own table there: the lobby
        assert "closed the table" in cancelled.last_reply.content and table.status is TableStatus.PLAYING

        match = table.match
        seat = match.turn
        mover, other = w.user_at(table, seat), w.user_at(table, 1 - seat)
        saved = match.record.dumps()
        public = len(w.public())

        wrong = await w.fake.slash(other, w.channel, "five-up play", tile=str(match.hand(1 - seat)[0]))
        assert wrong.last_reply.ephemeral and "It's not your turn" in wrong.last_reply.content
        stranger = await w.fake.click(cy, w.public()[-1], f"5up:hand:{table.id}")
        assert "You are not sitting at this table." in stranger.last_reply.content
        illegal = await w.fake.slash(mover, w.channel, "five-up play", tile=str(match.hand(1 - seat)[0]))
        assert "You don't hold" in illegal.last_reply.content and illegal.last_reply.ephemeral
        nonsense = await w.fake.slash(mover, w.channel, "five-up play", tile="nine")
        assert "is not a tile" in nonsense.last_reply.content
        assert match.record.dumps() == saved and len(w.public()) == public

        # two clicks at once: one placement only; then an older hand message is stale
        by_command = await w.fake.slash(mover, w.channel, "five-up hand")
        older = by_command.last_reply
        assert older.ephemeral and older.attachments[0].filename == "hand.png" and older.buttons
        await w.fake.click(mover, w.public()[-1], f"5up:hand:{table.id}")
        hand = w.fake.ephemeral_messages(mover, w.room)[-1]
        assert hand.id != older.id and hand.attachments[0].filename == "hand.png"
        single = {}
        for option in match.options(seat):
            single.setdefault(option.tile, []).append(option)
        tiles = [tile for tile, options in single.items() if len(options) == 1]
        assert tiles, "the opening fits in one place"
        ids = [b["custom_id"] for b in hand.buttons if b["custom_id"].endswith(str(tiles[0]))]
        first = w.fake.click(mover, hand, ids[0], settle=False)
        second_click = w.fake.click(mover, hand, ids[0], settle=False)
        records = await asyncio.gather(first, second_click)
        await w.fake.wait_idle()
        assert table.move_no == 1 and len(w.public()) == public + 1
        replies = [r.last_reply.content for r in records if r.followups]
        assert any("out of date" in text for text in replies)
        stale = await w.fake.click(mover, older, ids[0])
        assert "out of date" in stale.last_reply.content
        w.check_privacy(table)
        w.fake.assert_clean()


async def test_lobby_commands_rules_and_ending(tmp_path: Path) -> None:
    async with world(tmp_path, 3, locales=("en-US", "ko", "es-ES")) as w:
        ana, bo, cy = w.users
        await w.fake.slash(ana, w.channel, "five-up start", bots=1, level="easy", lang="en")
        lobby = w.fake.last_message(w.channel)
        assert "🤖 Computer 1 (easy)" in lobby.content
        joined = await w.fake.slash(bo, w.channel, "five-up join")
        assert joined.last_reply.ephemeral
        assert "player1" in w.fake._message(lobby).content  # the lobby message was edited
        await w.fake.slash(bo, w.channel, "five-up leave")
        assert "player1" not in w.fake._message(lobby).content
        refused = await w.fake.click(bo, lobby, f"5up:lobby:{w.table.id}:start")
        assert refused.last_reply.ephemeral and refused.last_reply.content != ""

        rules = await w.fake.slash(cy, w.channel, "five-up rules")
        page = rules.last_reply
        assert page.ephemeral and page.embeds and page.embeds[0].description
        first_page = page.embeds[0].description
        await w.fake.click(cy, page, "5up:rules:1:next")
        assert w.fake._message(page).embeds[0].description != first_page

        thread = w.guild.threads[0]
        in_thread = await w.fake.slash(cy, thread, "five-up start")  # a thread is a channel of its own
        assert not in_thread.last_reply.ephemeral and w.bot.manager.table_in(thread.id) is not None

        denied = await w.fake.slash(bo, w.channel, "five-up end")
        assert denied.last_reply.ephemeral and w.bot.manager.table_in(w.channel.id) is not None
        ended = await w.fake.slash(w.mod, w.channel, "five-up end")  # Manage Messages, not the host
        assert "closed the table" in ended.last_reply.content and not ended.last_reply.ephemeral
        assert w.bot.manager.table_in(w.channel.id) is None
        closed = next(m for m in w.fake.messages(w.channel) if m.id == lobby.id)
        assert closed.custom_ids() == []  # the ended lobby keeps no Join / Start buttons
        w.fake.assert_clean()


async def test_a_match_against_the_computer(tmp_path: Path) -> None:
    async with world(tmp_path, 1) as w:
        (ana,) = w.users
        await w.fake.slash(ana, w.channel, "five-up start", bots=1, level="normal")
        lobby = w.fake.last_message(w.channel)
        table = w.table
        await w.fake.click(ana, lobby, f"5up:lobby:{table.id}:start")
        w.room = table.room
        rng = random.Random(4)
        while table.status is TableStatus.PLAYING:
            await w.fake.wait_idle()
            seat = table.match.turn
            assert seat == 0, "the computer seat should have played"
            options = table.match.options(0)
            tiles = await w.fake.autocomplete(ana, w.channel, "five-up play", focused="tile", value="")
            assert {c["value"] for c in tiles.choices} == {str(o.tile) for o in options}
            option = pick(options, rng)
            targets = await w.fake.autocomplete(
                ana, w.channel, "five-up play", focused="on", value="", tile=str(option.tile)
            )
            expected = {str(o.on) for o in options if o.tile == option.tile and o.on is not None}
            assert {c["value"] for c in targets.choices} == expected
            await w.place(table, option)
            w.check_privacy(table)
        assert any("Computer 1" in m.content and " placed " in m.content for m in w.public())
        w.fake.assert_clean()


def test_every_button_reads_back_from_its_own_custom_id() -> None:
    """The one custom_id scheme: each button's id matches its template and rebuilds the same button."""
    made = [
        LobbyButton(table_id=7, action="join", label="Join"),
        ShowHandButton(table_id=7, label="Show my hand"),
        RematchButton(table_id=7, label="Rematch"),
        TileButton(table_id=7, move_no=12, tile="3-5", label="3-5 · +2"),
        TargetButton(table_id=7, move_no=12, placement="3-5@5-5", label="on 5-5"),
        TargetButton(table_id=7, move_no=12, placement="3-5", label="first"),  # an opening's notation
        BackButton(table_id=7, move_no=12, label="Back"),
        RulesPageButton(page=2, direction="next", label="Next"),
        PartnerSelect(table_id=7, options=[SelectOption(label="ana", value="11")], placeholder="Sit with…"),
        ProposalButton(table_id=7, move_no=12, action="yes_0_3", label="Accept"),
        HelpRulesButton(label="Full rules"),
        EventButton(event_id=3, action="join", label="Join"),
    ]
    assert {type(b) for b in made} == set(DYNAMIC_ITEMS)
    for button in made:
        match = button.template.fullmatch(button.custom_id)
        assert match is not None, button.custom_id
        again = asyncio.run(type(button).from_custom_id(None, button.item, match))  # type: ignore[arg-type]
        assert type(again) is type(button) and again.custom_id == button.custom_id
        assert getattr(again.item, "label", None) == getattr(button.item, "label", None)
        assert getattr(again.item, "options", None) == getattr(button.item, "options", None)
        assert not any(other.template.fullmatch(button.custom_id) for other in made if type(other) is not type(button))
    assert not any(b.template.fullmatch("5up:tile:7:12:3-9") for b in made)  # not a tile: no button answers it
    assert not any(b.template.fullmatch("5up:place:7:12:3-5@") for b in made)  # not a placement either
    # a partner answer's id fits Discord's 100 characters with the largest table id and version
    largest = ProposalButton(table_id=2**63 - 1, move_no=2**63 - 1, action="yes_3_2", label="Accept")
    assert len(largest.custom_id) <= 100, largest.custom_id


async def test_an_unexpected_failure_is_answered_and_logged_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Commands and buttons share one error path: the user gets an apology, the log one entry."""
    async with world(tmp_path, 2) as w:
        table = await w.start_table(w.users)

        async def broken(**_: object) -> None:
            raise RuntimeError("the database went away")

        monkeypatch.setattr(w.bot.manager.archive, "stats", broken)
        monkeypatch.setattr(w.bot.manager, "hand", broken)
        by_command = await w.fake.slash(w.users[0], w.channel, "five-up stats")
        by_button = await w.fake.click(w.users[1], w.public()[-1], f"5up:hand:{table.id}")
        for record in (by_command, by_button):
            assert record.ok and record.last_reply is not None and record.last_reply.ephemeral
            assert record.last_reply.content == t("en", "error-unexpected")
        problems = w.fake.problems()
        assert len(problems) == 2 and all("the database went away" in p for p in problems), problems
        assert "/five-up stats failed" in problems[0] and "show hand failed" in problems[1]
