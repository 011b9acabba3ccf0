"""Reading what people see, as a demanding player would: every message in its reader's language, no raw
key or placeholder, no English left in Korean or Spanish, within Discord's limits, pictures that decode,
and (for public messages) no tile named that is still in a hand. Set FIVE_UP_REVIEW_DIR to also save
the pictures there for a human to look at."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image
from support.bot_host import PNG, named_tiles, public_tiles
from support.discord_fake import FakeDiscord, FakeMessage, FakeUser
from support.discord_fake.records import InteractionRecord
from support.i18n_checks import leftover_english

import render
from bot import texts
from bot.model.table_state import Table, TableStatus
from bot.texts import SEAT_CHIPS, seat_tag, side_name
from bot.texts.i18n import pick_locale, t
from bot.texts.seat_names import called
from bot.texts.words import signed
from engine import Blocked, Domino, Event, GameOver, Placed, Record, Result

if TYPE_CHECKING:
    from support.world import World

PUBLIC_PICTURES = {"table.png", "settlement.png", "scoresheet.png"}  # a placement's picture (a crowded round end: its
# settlement apart); /five-up score: the scoresheet alone
TURN_CLOCK = re.compile(r"<t:\d+:R>")
RAW_KEY = re.compile(
    r"\b(?:error|lobby|status|hand|button|option|domino|block|round|outcome|stats)-[a-z]+(?:-[a-z]+)*\b"
)
REVIEW_DIR = os.environ.get("FIVE_UP_REVIEW_DIR")


class Reader:
    """Reads what people see: every check a demanding player would make on a message."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.fake: FakeDiscord  # the Discord the club plays on now
        self.names = names
        self.read_count = 0
        self.pictures = 0
        self.seen: set[tuple[int, str]] = set()
        self.cursor: dict[int, int] = {}  # table id -> engine events already made public

    def read(self, message: FakeMessage, lang: str) -> str:
        """Check one message as `lang` reads it; returns its text."""
        text = message.text
        key = (message.id, text)
        if key in self.seen:
            return text
        self.seen.add(key)
        self.read_count += 1
        assert message.content.strip() or message.embeds, f"an empty message: {message!r}"
        assert len(message.content) <= 2000
        assert "Traceback" not in text and "{$" not in text and "{ $" not in text, text
        assert not RAW_KEY.search(text), f"a raw message key: {text}"
        leftovers = leftover_english(lang, text, self.names)
        assert not leftovers, f"English left in a {lang} message: {leftovers}\n{text}"
        assert len(message.buttons) <= 25
        for button in message.buttons:
            assert 0 < len(button.get("label") or "") <= 80, button
        for attachment in message.attachments:
            if attachment.filename == "record.json":  # the match-end message carries the record
                assert Record.loads(attachment.data.decode("utf-8")).rounds
                continue
            assert attachment.data.startswith(PNG)
            with Image.open(io.BytesIO(attachment.data)) as image:
                image.load()
                assert image.format == "PNG" and min(image.size) > 0
            self.pictures += 1
            if REVIEW_DIR:
                Path(REVIEW_DIR).mkdir(parents=True, exist_ok=True)
                (Path(REVIEW_DIR) / f"{message.id}_{attachment.filename}").write_bytes(attachment.data)
        return text

    def reply(self, record: InteractionRecord, user: FakeUser, table_lang: str = "en") -> FakeMessage:
        """The answer a user got: never "This interaction failed", in their language if private."""
        assert record.ok, record.rule_problems()
        reply = record.last_reply
        assert reply is not None, f"{record!r} left no message"
        self.read(reply, pick_locale(user.locale) if reply.ephemeral else table_lang)
        return reply

    def public(self, channel: object, table: Table | None = None) -> list[FakeMessage]:
        """New public messages in `channel`, read in the table's language and checked for privacy."""
        lang = table.lang if table is not None else "en"
        allowed = set()
        if table is not None and table.match is not None:
            start = self.cursor.get(table.id, 0)
            allowed = public_tiles(table.match.events[start:])
            self.cursor[table.id] = len(table.match.events)
        fresh = []
        for message in self.fake.messages(channel):
            if (message.id, message.text) in self.seen:
                continue
            fresh.append(message)
            text = self.read(message, lang)
            leaked = named_tiles(text) - allowed
            assert not leaked, f"a public message names {sorted(map(str, leaked))} still in a hand:\n{text}"
            for attachment in message.attachments:
                # the record is public once the match is over: the match-end message carries it
                over = table is not None and table.status is TableStatus.OVER
                assert attachment.filename in PUBLIC_PICTURES | ({"record.json"} if over else set())
        return fresh

    def placement(self, table: Table, events: list[Event]) -> None:
        """The public messages one placement brought (its `events`): read, private, saying what happened
        (`check_batch`); and a round's last picture is its settlement."""
        fresh = self.public(table.room, table)
        assert fresh, "a placement without a public message"
        check_batch(table, fresh, events)
        if ended_by_first_placement(events) and table.status is TableStatus.PLAYING:
            settled = next(m for m in fresh if any(a.filename == "table.png" for a in m.attachments))
            assert shows_the_settlement(settled, table), "a round's last picture is its settlement (issue 16)"


def check_batch(table: Table, messages: list[FakeMessage], events: list[Event]) -> None:
    """The public messages of a placement say, in at most two lines each, what happened: who placed
    what where, the ends, the points or why they were cancelled, a round's settlement as its net or
    its awards in the order they apply; then who moves next, with no clock (said once, at the start)."""
    text = "\n".join(m.content for m in messages)
    lang, names, seating = table.lang, table.seating.names, table.seating
    for message in messages:
        assert not TURN_CLOCK.search(message.content), message.content
        if not message.content.startswith(t(lang, "table-restored")):  # after a restart: the whole status
            lines = message.content.splitlines()
            if lines[-1].startswith(t(lang, "ratings-changes", changes="")):
                lines = lines[:-1]  # the match's end adds each person's rating change (docs/ratings.md)
            assert 1 <= len(lines) <= 2, message.content
    for event in events:
        if isinstance(event, Placed):
            assert names[event.seat] in text and str(event.tile) in text
            assert event.on is None or str(event.on) in text
            assert t(lang, "turn-ends", total=event.total) in text
            side = side_name(lang, seating, seating.side_of(event.seat))
            if event.result is Result.SCORED:
                assert t(lang, "turn-points", points=event.points // 5) in text
            elif event.result is Result.OVER:
                assert t(lang, "turn-points-over", points=event.points // 5, side=side) in text
        elif isinstance(event, Domino):
            key = {Result.SCORED: "turn-out-scored", Result.OVER: "turn-out-over"}.get(event.result, "turn-out-none")
            assert t(lang, key, net=signed(event.net // 5), side=side_name(lang, seating, event.side)) in text
        elif isinstance(event, Blocked):
            positions = []
            for award in event.awards:
                key = {Result.SCORED: "turn-award", Result.OVER: "turn-award-over"}.get(
                    award.result, "turn-award-skipped"
                )
                said = t(lang, key, points=award.points // 5, side=side_name(lang, seating, award.side))
                assert said in text
                positions.append(text.index(said))
            assert positions == sorted(positions)  # in the order they apply
            if not event.awards:
                assert t(lang, "turn-blocked-none") in text
    last = messages[-1]
    if table.status is TableStatus.PLAYING and table.match is not None:
        turn = table.match.snapshot().turn
        assert turn is not None and seat_tag(turn) in last.content.splitlines()[-1]
        assert last.buttons and last.buttons[0]["custom_id"] == f"5up:hand:{table.id}"
    for message in messages:
        if any(isinstance(e, Placed) for e in events):
            names_attached = [a.filename for a in message.attachments]
            if "record.json" in names_attached:  # only the match-end message carries the record
                assert any(isinstance(e, GameOver) for e in events) and message is messages[-1]
            pictures = [n for n in names_attached if n != "record.json"]
            ended = any(isinstance(e, Domino | Blocked) for e in events)  # a crowded round end: its settlement apart
            assert pictures in (["table.png"], ["table.png", "settlement.png"] if ended else ["table.png"])


def shows_the_settlement(message: FakeMessage, table: Table) -> bool:
    """Whether the picture attached to `message` is the round that just ended, drawn with its settlement,
    the players' names and the table's words, and nobody of the next round marked to move."""
    match = table.match
    assert match is not None and match.finished_round is not None
    finished = match.finished_round
    settled = next(e for e in reversed(finished.events) if isinstance(e, (Domino, Blocked)))
    assert finished.snapshot().turn is None
    expected = render.table_pngs(
        finished.snapshot(), names=table.seating.names, settlement=settled, labels=texts.picture_labels(table.lang)
    )  # the one picture, or a crowded round end's table and its settlement apart
    return tuple(a.data for a in message.attachments if a.filename in ("table.png", "settlement.png")) == expected


def ended_by_first_placement(events: list[Event]) -> bool:
    """Whether the first placement among `events` ended its round (the computers may have placed after it)."""
    placed = 0
    for event in events:
        placed += isinstance(event, Placed)
        if placed > 1:
            return False
        if isinstance(event, (Domino, Blocked)):
            return True
    return False


def check_turn_lines(s: World, table: Table, posts: list[dict], *, quiet: frozenset[int] = frozenset()) -> int:
    """Every turn line (a message's last) names the person to move by the picture's chip, and mentions them,
    and only them, exactly when the rule says (bot/host/tables/table_core.py `_turn_line_mentions`): at a
    correspondence table at every turn; at a live table at a round's first turn and after another person's
    placement, never after a computer's or their own. A follow-up line mentions a person whose turn line did
    not, at most once per turn; a reminder mentions its person. A computer, a quiet player, a match that is
    over, a restart's status: nobody is pinged. No seat is away in `posts`. Returns the mentions seen."""
    lang = table.lang
    live = table.turn_length is None
    seats = {seat.user_id: n for n, seat in enumerate(table.seats) if seat.user_id is not None}
    reminders = [_before(t(lang, "reminder", mention="\0", since="\0", deadline="\0"))]
    reminders.append(_before(t(lang, "reminder-correspondence", mention="\0", left="\0")))
    rounds = [t(lang, key, round=n) for key in ("turn-round", "turn-round-lot") for n in range(2, 100)]
    mentioned = 0
    waiting: tuple[int, bool] | None = None  # the last turn line's person to move, and whether it was followed up
    for body in posts:
        content = body.get("content") or ""
        allowed = body["allowed_mentions"]
        assert allowed["parse"] == [] and "roles" not in allowed  # never @everyone or a role
        users = [int(u) for u in allowed.get("users", [])]
        first, last = (content.splitlines() or [""])[0], (content.splitlines() or [""])[-1]
        if content.startswith(t(lang, "table-restored")):  # the status as it stands: it names, it pings nobody
            assert users == [], content
            continue
        if any(content.startswith(f"<@{user}>" + prefix) for user in seats for prefix in reminders):
            (user,) = users
            assert content.startswith(f"<@{user}>") and not table.seats[seats[user]].is_computer, content
            mentioned += 1
            continue
        follow_up = [user for user in seats if content == t(lang, "turn-follow-up", mention=f"<@{user}>")]
        if follow_up:
            assert users == follow_up and users[0] not in quiet, content
            assert waiting == (seats[users[0]], False), f"a follow-up of a turn line that mentioned them: {content}"
            waiting = (seats[users[0]], True)
            mentioned += 1
            continue
        mover = _mover(lang, table, last)
        waiting = None
        if mover is None:  # a computer thinking, or the match over: nobody pinged
            assert users == [] and "<@" not in last, content
            continue
        placed = re.match(r"(?:🔴|🔵|🟣|🟡)(\d) ", first)  # a placement's line starts with its seat's chip
        placer = int(placed.group(1)) - 1 if placed else None
        first_turn = placer is None or any(label in last for label in rounds)
        user_id = table.seats[mover].user_id
        due = not live or first_turn or (placer != mover and not table.seats[placer].is_computer)
        expected = user_id is not None and user_id not in quiet and due
        shown = re.findall(r"(🔴|🔵|🟣|🟡)(\d) <@(\d+)>", last)
        if not expected:
            assert users == [] and shown == [], content
            waiting = (mover, False) if user_id is not None and user_id not in quiet else None
            continue
        (user,) = users
        ((chip, number, shown_id),) = shown
        assert chip == SEAT_CHIPS[mover] and int(number) - 1 == mover and int(shown_id) == user == user_id, content
        waiting = (mover, True)
        mentioned += 1
    return mentioned


def _before(text: str) -> str:
    """A message's words between its leading mention and its first other value."""
    return text.split("\0")[1]


def _mover(lang: str, table: Table, line: str) -> int | None:
    """The seat a turn line says is to play (named, or mentioned), or None (a computer, nobody)."""
    for seat, person in enumerate(table.seats):
        tag = seat_tag(seat)
        named = t(lang, "status-turn-play", player=f"{tag} **{called(lang, table.seating, seat)}**")
        pinged = t(lang, "status-turn-play", player=f"{tag} {t(lang, 'player-called', name=f'<@{person.user_id}>')}")
        if person.user_id is not None and (named in line or pinged in line):
            return seat
    return None
