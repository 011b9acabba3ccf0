"""Complete matches told in each language: no missing key, no formatting error, no English left.

The public play-by-play comes from the offline demo (`bot.demo.play_demo`), which runs the bot's
own game manager; the private hand texts come from `bot.texts` fed by the engine's seat views.
Seeds are searched, in English, until the matches between them show every kind of event the
texts must tell (a player going out, a blocked round, a drawn blocked round, a draw from the
boneyard, a pass, a cancelled score); the same matches are then told in Korean and Spanish.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import pytest
from support.i18n_checks import leftover_english

from bot import texts
from bot.demo import play_demo
from bot.model.posts import Picture
from bot.model.seating import Seating
from bot.texts import i18n
from engine import Blocked, Domino, Drew, Match, Option, Passed, Phase, Record, Result, SeatView, TableSnapshot, Tile

KINDS = {"went out", "blocked", "blocked draw", "drew", "passed", "cancelled"}
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


class NoPictures:
    """The renderer the demo is given: the words are under test here, not the pictures."""

    def table(
        self,
        snapshot: TableSnapshot,
        *,
        names: Sequence[str] | None = None,
        settlement: Domino | Blocked | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> tuple[Picture, ...]:
        return ()

    def scoresheet(self, snapshot: TableSnapshot, *, names: object = None, labels: object = None) -> Picture:
        return Picture("scoresheet.png", b"")

    def hand(self, view: SeatView) -> Picture:
        return Picture("hand.png", b"")


def kinds(match: Match) -> set[str]:
    """What happened in a match, in the words of KINDS, read from the engine's events."""
    found: set[str] = set()
    for event in match.events:
        if isinstance(event, Domino):
            found.add("went out")
        elif isinstance(event, Blocked):
            found.add("blocked" if event.winner is not None else "blocked draw")
        elif isinstance(event, Drew):
            found.add("drew")
        elif isinstance(event, Passed):
            found.add("passed")
        if getattr(event, "result", None) is Result.OVER:
            found.add("cancelled")
    return found


async def tell(lang: str, players: int, seed: str, out: Path) -> tuple[list[str], Match]:
    printer, record = await play_demo(
        players=players, seed=seed, level="easy", lang=lang, out=out, renderer=NoPictures(), echo=False
    )
    return [post.text for post in printer.posts], Match.replay(Record.loads(record.read_text(encoding="utf-8")))


# Matches that showed every kind when this was written; searched afresh if the computer players change.
FIRST_CHOICE = [(2, "14"), (3, "5"), (4, "7")]
_CHOSEN: list[tuple[int, str]] = []  # the pairs in use, found once per test run


async def covering_seeds(tmp_path: Path) -> list[tuple[int, str]]:
    """(players, seed) pairs whose matches together show every kind in KINDS."""
    if _CHOSEN:
        return _CHOSEN
    seen: set[str] = set()
    for players, seed in FIRST_CHOICE:
        seen |= kinds((await tell("en", players, seed, tmp_path / f"first-{players}-{seed}"))[1])
    if seen >= KINDS:
        _CHOSEN.extend(FIRST_CHOICE)
        return _CHOSEN
    seen = set()
    for number in range(1, 40):
        for players in (2, 3, 4):
            _, match = await tell("en", players, str(number), tmp_path / f"search-{players}-{number}")
            if kinds(match) - seen or (players == 4 and not any(p == 4 for p, _ in _CHOSEN)):
                _CHOSEN.append((players, str(number)))
                seen |= kinds(match)
        if seen >= KINDS:
            return _CHOSEN
    pytest.fail(f"no seed in 1..39 shows {sorted(KINDS - seen)}")


@pytest.fixture
def i18n_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Everything bot.i18n logs: a missing key or a formatting error is a warning there."""
    with caplog.at_level(logging.WARNING, logger="bot.texts.i18n"):
        yield caplog


@pytest.mark.parametrize("lang", i18n.SUPPORTED)
async def test_a_complete_match_is_told_in_each_language(
    lang: str, tmp_path: Path, i18n_log: pytest.LogCaptureFixture
) -> None:
    seen: set[str] = set()
    for players, seed in await covering_seeds(tmp_path):
        i18n_log.clear()
        told, match = await tell(lang, players, seed, tmp_path / f"{lang}-{players}-{seed}")
        seen |= kinds(match)
        assert told, "the match posted nothing"
        assert [r.getMessage() for r in i18n_log.records] == [], f"{players} players, seed {seed}"
        for text in told:
            assert leftover_english(lang, text) == [], text
            if lang == "ko":
                assert _HANGUL.search(text), text
    assert seen >= KINDS


def _hand_texts(lang: str, players: int, seed: str) -> Iterator[str]:
    """Every private text a player can read in one match: hands, draws, choices, placements."""
    match = Match.new(players, seed)
    seating = Seating(tuple(i18n.t(lang, "computer-name", number=s + 1) for s in range(players)))
    drawn: dict[int, list[Tile]] = {}
    while match.turn is not None:
        seat = match.turn
        view = match.seat_view(seat)
        for other in range(players):
            yield texts.hand_text(lang, seating, match.seat_view(other), drawn=drawn.get(other, []), turn=seat)
        by_tile: dict[Tile, list[Option]] = {}
        for option in view.options:
            by_tile.setdefault(option.tile, []).append(option)
            yield texts.target_label(lang, option)
        for options in by_tile.values():
            yield texts.tile_label(lang, options)
        option = view.options[-1]
        yield texts.played_text(lang, option.placement)
        events = match.place(seat, option.placement)
        if match.phase is Phase.ROUND_OVER:
            events += match.next_round()
        drawn = {}
        for event in events:
            if isinstance(event, Drew):
                drawn.setdefault(event.seat, []).append(event.tile)
    for seat in range(players):
        yield texts.hand_text(lang, seating, match.seat_view(seat), drawn=[], turn=None)


@pytest.mark.parametrize("lang", i18n.SUPPORTED)
@pytest.mark.parametrize("players", [2, 4])
def test_every_private_text_of_a_match_is_in_the_reader_language(
    lang: str, players: int, i18n_log: pytest.LogCaptureFixture
) -> None:
    told = list(_hand_texts(lang, players, "5"))
    assert len(told) > 50
    assert [r.getMessage() for r in i18n_log.records] == []
    for text in told:
        assert leftover_english(lang, text) == [], text
        if lang == "ko" and re.search(r"[^\W\d_]{2,}", text):
            assert _HANGUL.search(text), text
