"""Every picture carries a description (issue 30, alt text), end to end through the real discord.py
(tests/support/discord_fake): a screen-reader user follows a whole match from the descriptions alone.

What each description must name is computed from the engine's events, not from the bot's texts: every
placement (who, the tile, what it went on, its points when it scored), every score change (a
placement's points, a settlement's net or awards, the scores after them), and at a round's end the
settlement (the pips that made it). The same match in Korean and Spanish leaves no English behind, and
each player's hand is described in that player's own language.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from support.discord_fake import FakeMessage
from support.i18n_checks import leftover_english
from support.world import World, club, picker, short_picker

from bot.host.pictures import pictured
from bot.model.seating import Seating
from bot.model.table_state import Table, TableStatus
from bot.texts import shown
from bot.texts.alt_text import fit, table_alt
from bot.texts.i18n import t
from bot.texts.words import plain, signed, unescaped
from engine import Blocked, Domino, Event, GameOver, Match, Phase, Placed, Result

LIMIT = 1024
LOCALES = {"en": "en-US", "ko": "ko", "es": "es-ES"}
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def described(s: World, channel: int | None = None) -> list[tuple[FakeMessage, str, str]]:
    """(message, filename, description) of every picture uploaded (in `channel`), public or private, in order."""
    return [
        (m, a["filename"], a.get("description") or "") for m, a in s.fake.uploads(channel) if picture(a["filename"])
    ]


def picture(filename: str) -> bool:
    return filename.endswith((".png", ".gif"))


def batches(events: list[Event]) -> list[list[Event]]:
    """The match's events cut at each placement: a placement and what followed it until the next."""
    cut: list[list[Event]] = []
    for event in events:
        if isinstance(event, Placed):
            cut.append([])
        if cut:
            cut[-1].append(event)
    return cut


def scores_after(batch: list[Event]) -> tuple[int, ...]:
    """The scores once a placement's batch is over: its last event that carries them."""
    carriers = [e for e in batch if isinstance(e, Placed | Domino | Blocked | GameOver)]
    return carriers[-1].scores


def must_name(table: Table, batch: list[Event]) -> list[str]:
    """What the description of this placement's picture must name, read from the engine's events."""
    names = [unescaped(n) for n in table.seating.names]
    placed = batch[0]
    assert isinstance(placed, Placed)
    wanted = [names[placed.seat], str(placed.tile)]
    if placed.on is not None:
        wanted.append(str(placed.on))
    if placed.result is Result.SCORED:
        wanted.append(f"+{shown(placed.points)}")
    for event in batch:
        if isinstance(event, Domino):  # the settlement: the opponents' pips and the net
            wanted += [str(event.opponents_pips), signed(shown(event.net))]
        elif isinstance(event, Blocked):  # every hand's pips, and each award that scored
            wanted += [f"{total}" for total in event.totals]
            wanted += [f"+{shown(a.points)}" for a in event.awards if a.result is Result.SCORED]
        elif isinstance(event, GameOver):
            wanted.append(names[event.winner])
    wanted += [str(shown(raw)) for raw in scores_after(batch)]
    return wanted


async def whole_match(s: World, lang: str, seed: int) -> Table:
    """The short deal `seed` (support/short_deals.py) played out by its people in `lang`."""
    choose = short_picker(s, seed)
    table, _ = await s.open(s.games, s.users, lang=lang)
    await s.play_out(table, choose)
    assert table.status is TableStatus.OVER and table.thread_id is not None
    return table


@pytest.mark.parametrize("lang", ["en", "ko", "es"])
async def test_a_whole_match_can_be_followed_from_the_descriptions(lang: str, tmp_path: Path) -> None:
    other = {"en": "ko", "ko": "es-ES", "es": "en-US"}[lang]
    async with club(tmp_path, [LOCALES[lang], other], guild_locale=LOCALES[lang], seed=f"alt-{lang}") as s:
        table = await whole_match(s, lang, seed=3)
        assert table.match is not None and table.thread_id is not None
        names = tuple(unescaped(n) for n in table.seating.names)
        uploads = described(s, table.thread_id)
        assert uploads, "the match sent no picture"
        for message, filename, text in uploads:
            assert text.strip(), f"{filename} in {message!r} has no description"
            assert len(text) <= LIMIT, f"{filename}: {len(text)} characters"
        # the public pictures, one per placement, each naming its placement and every score change
        public = [text for message, filename, text in uploads if not message.ephemeral and filename == "table.png"]
        cut = batches(table.match.events)
        assert len(public) == len(cut)
        for n, (text, batch) in enumerate(zip(public, cut, strict=True)):
            missing = [word for word in must_name(table, batch) if word not in text]
            assert missing == [], f"placement {n + 1}: {missing} not in {text!r}"
            assert leftover_english(lang, text, names) == [], text
            if lang == "ko":
                assert _HANGUL.search(text), text
        # a round's end says its settlement in words, in the table's language
        ends = [text for text, batch in zip(public, cut, strict=True) if any(isinstance(e, Domino) for e in batch)]
        assert ends, "no round ended by a player going out"
        assert all(t(lang, "domino-placement", points=0).split(":")[0] in text for text in ends)
        # the hands: every one in its reader's language, none of them English for a Korean or Spanish reader
        hands = [(message, text) for message, filename, text in uploads if filename == "hand.png"]
        assert hands and all(message.ephemeral for message, _ in hands)
        by_user = {u.id: u.locale for u in s.users}
        for message, text in hands:
            reader = by_user[message.visible_to or 0].split("-")[0]
            assert leftover_english(reader, text, names) == [], text
            if reader == "ko":
                assert _HANGUL.search(text), text


async def test_a_hand_names_its_tiles_and_which_can_be_played(tmp_path: Path) -> None:
    async with club(tmp_path, ["es-ES", "ko"], guild_locale="en-US", seed="alt-hand") as s:
        table, _ = await s.open(s.games, s.users)
        match = table.match
        assert match is not None and match.turn is not None
        for seat, user in enumerate(s.user_at(table, n) for n in range(2)):
            reply = await s.click(user, s.public()[-1], f"5up:hand:{table.id}", table.lang)
            assert reply is not None and reply.ephemeral
            (picture,) = reply.attachments
            text = picture.description or ""
            view = match.seat_view(seat)
            assert all(str(x) in text for x in view.hand), text
            lang = "es" if user.locale == "es-ES" else "ko"
            if seat == match.turn:
                playable = text.split(t(lang, "alt-hand-playable", choices="").rstrip(". "))[-1]
                assert all(str(o.tile) in playable for o in view.options), text
                outcomes = [f"+{shown(o.points)}" for o in view.options if o.result is Result.SCORED]
                assert all(x in playable for x in outcomes), text
            else:
                assert t(lang, "alt-hand-wait", player="").split(":")[0] in text, text
            assert leftover_english(lang, text, tuple(u.name for u in s.users)) == [], text


async def test_the_other_pictures_are_described_in_their_readers_language(tmp_path: Path) -> None:
    """/five-up score, /five-up help's legend, the history's final picture, the replay viewer and its
    animated round: each described, in the language of whoever reads it."""
    async with club(tmp_path, ["ko", "es-ES"], guild_locale="ko", seed="alt-other") as s:
        ana, bora = s.users
        table, _ = await s.open(s.games, s.users, lang="ko")
        await s.play_out(table, picker(random.Random(5)), limit=6)
        room = table.room
        score = await s.fake.slash(ana, room, "five-up score")
        assert score.last_reply is not None
        (sheet,) = score.last_reply.attachments
        for side, raw in enumerate(table.match.scores if table.match else ()):
            assert unescaped(table.seating.names[side]) in (sheet.description or "")
            assert str(shown(raw)) in (sheet.description or "")
        helped = await s.fake.slash(bora, s.games, "five-up help")
        assert helped.last_reply is not None
        (legend,) = helped.last_reply.attachments
        assert legend.description and leftover_english("es", legend.description) == []
        await s.play_out(table, picker(random.Random(5)))
        final = await s.fake.slash(bora, s.games, "five-up history", match=table.id)
        assert final.last_reply is not None
        pictures = [f for f in final.last_reply.attachments if f.filename.endswith(".png")]
        assert pictures and all(p.description for p in pictures)
        assert leftover_english("es", pictures[0].description or "", ("ana", "보라")) == []
        viewer = await s.fake.click(bora, final.last_reply, f"5up:replay:{table.id}:0")
        assert viewer.last_reply is not None
        (step,) = viewer.last_reply.attachments
        assert step.description and leftover_english("es", step.description, ("ana", "보라")) == []
        korean = await s.fake.slash(ana, s.games, "five-up replay", match=table.id)
        assert korean.last_reply is not None
        (step,) = korean.last_reply.attachments
        assert step.description and _HANGUL.search(step.description)
        animated = await s.fake.slash(bora, s.games, "five-up replay", match=table.id, animated=True, round=1)
        assert animated.last_reply is not None
        (gif,) = animated.last_reply.attachments
        assert gif.filename.endswith(".gif") and gif.description
        assert len(gif.description) <= LIMIT
        assert leftover_english("es", gif.description, ("ana", "보라")) == [], gif.description
        # every upload of the whole session, wherever it went, carries a description within Discord's limit
        everything = described(s)
        assert {filename for _, filename, _ in everything} >= {"table.png", "hand.png", "scoresheet.png", "legend.png"}
        for message, filename, text in everything:
            assert 0 < len(text) <= LIMIT, (message, filename)


@pytest.mark.parametrize("lang", ["en", "ko", "es"])
def test_long_names_at_four_seats_stay_within_discords_limit(lang: str) -> None:
    """Four long names (60 characters, longer than Discord's 32) and every hand revealed: the description
    keeps the placement, the settlement's net and the scores, and leaves out the least needed (the
    revealed hands, then the tiles in hand) first."""
    names = tuple(plain(f"{n}" * 60) for n in "ÆØÅÐ")
    seating = Seating(names)
    rng = random.Random(7)
    match = Match.new(4, f"alt-long-{lang}")
    longest = clipped = 0
    while match.phase is not Phase.OVER:
        seat = match.turn
        assert seat is not None
        options = match.options(seat)
        events = match.place(seat, max(options, key=lambda o: (o.points, rng.random())).placement)
        if match.phase is Phase.ROUND_OVER:
            events += match.next_round()
        shown_now = pictured(match)
        text = table_alt(lang, seating, *shown_now)
        longest = max(longest, len(text))
        clipped += "\n…\n" in text
        assert len(text) <= LIMIT
        placed = next(e for e in events if isinstance(e, Placed))
        assert str(placed.tile) in text and names[placed.seat] in text
        assert all(str(shown(raw)) in text for raw in shown_now.snapshot.scores)
        settled = shown_now.settlement
        if isinstance(settled, Domino):
            assert signed(shown(settled.net)) in text, text
    assert longest > 900 and clipped  # the long names did make descriptions too long to keep whole


def test_fit_leaves_out_the_least_important_parts_first() -> None:
    parts = [(5, "title"), (1, "a" * 50), (1, "b" * 50), (3, "c" * 50), (5, "end")]
    assert fit(parts, 200) == "\n".join(["title", "a" * 50, "b" * 50, "c" * 50, "end"])
    assert fit(parts, 150) == "\n".join(["title", "…", "b" * 50, "c" * 50, "end"])
    assert fit(parts, 100) == "\n".join(["title", "…", "c" * 50, "end"])
    assert fit(parts, 20) == "title\n…\nend"
    assert fit([(5, "x" * 30)], 10) == "x" * 9 + "…"
