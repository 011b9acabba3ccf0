"""The replay viewer's and the review's source: books of this server's matches, their pictures, and caches.

A finished match is read from storage and replayed once (its book never changes, so it is kept);
a match still being played is read from its live table and shown up to its latest placement,
public parts only. The step pictures are drawn off the event loop and kept, and the steps next to
the one shown are drawn ahead, so a click on ◀ or ▶ is answered from memory. The desk belongs to
one game manager (`replay_desk_of`): a new process starts with empty caches and rebuilds from the
database, which is all a button's custom id needs. No Discord here.
"""

from __future__ import annotations

import asyncio
import functools
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine import Blocked, Domino, MatchReview, Record

from ... import texts
from ...model.posts import Picture
from ...model.replay_book import ReplayBook, ReplayStep
from ...model.seating import Seating
from ...model.table_state import Table, TableStatus
from ...texts.history import history_choice
from ...texts.i18n import pick_locale, t
from ...texts.replay_words import animated_text, review_text, step_text
from ..manager import Manager
from ..refusal import Refusal
from .book_builder import build_book
from .replay_animation import ANIMATION_PICTURE, round_gif

K = TypeVar("K")
V = TypeVar("V")
BOOKS_KEPT = 32
PICTURES_KEPT = 512  # ~100 KB each at most
ANIMATIONS_KEPT = 8
AHEAD = (1, -1, 2)  # the steps drawn ahead of a click, nearest first


class Kept(Generic[K, V]):
    """A small least-recently-used cache."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        return key in self._items


@dataclass(frozen=True, slots=True)
class ReplayPage:
    """What the viewer shows at one step: its words and its picture, and the book for the buttons."""

    book: ReplayBook
    step: ReplayStep
    text: str
    picture: Picture


@dataclass(frozen=True, slots=True)
class ReviewPage:
    book: ReplayBook
    seat: int
    text: str
    steps: tuple[tuple[int, int, int], ...]  # (step, round, move) of each costliest placement, costliest first


class ReplayDesk:
    def __init__(self, manager: Manager) -> None:
        self.manager = manager
        self._books: Kept[tuple[int, int | None], ReplayBook] = Kept(BOOKS_KEPT)  # (table, None: finished)
        self._pictures: Kept[tuple[int, int, str], Picture] = Kept(PICTURES_KEPT)  # table, step, language
        self._animations: Kept[tuple[int, int, int, str], Picture] = Kept(ANIMATIONS_KEPT)
        self._drawing: dict[tuple[int, int, str], asyncio.Task[Picture]] = {}

    # -- books ---------------------------------------------------------------

    async def book(self, *, guild_id: int | None, table_id: int) -> ReplayBook:
        """The match `table_id` of this server: finished (everything) or being played (public, up to now)."""
        book = self._books.get((table_id, None))
        if book is None:
            book = self._running(guild_id, table_id) or await self._finished(table_id)
        if book is None or book.guild_id != guild_id:
            raise Refusal("no-such-match", id=table_id)
        if not book.steps:
            raise Refusal("replay-empty", id=table_id)
        return book

    def _running(self, guild_id: int | None, table_id: int) -> ReplayBook | None:
        table = next((x for x in hosted_tables(self.manager) if x.id == table_id), None)
        if table is None or table.status is not TableStatus.PLAYING or table.match is None:
            return None
        if table.guild_id != guild_id:
            return None
        key = (table_id, table.match.move_no)
        book = self._books.get(key)
        if book is None:  # a copy now, on the event loop: the live match moves on meanwhile
            people = tuple(s.user_id for s in table.seats)
            record = table.match.record.copy()
            book = build_book(table_id, table.guild_id, table.seating, people, record, finished=False)
            self._books.put(key, book)
        return book

    async def _finished(self, table_id: int) -> ReplayBook | None:
        row = await self.manager.storage.finished_match(table_id)
        if row is None:
            return None
        seating = Seating(
            tuple(s.name for s in row.seats), frozenset(i for i, s in enumerate(row.seats) if s.user_id is None)
        )
        record, people = row.record, tuple(s.user_id for s in row.seats)
        book = await asyncio.to_thread(
            lambda: build_book(row.id, row.guild_id, seating, people, Record.loads(record), finished=True)
        )
        self._books.put((table_id, None), book)
        return book

    # -- the viewer ------------------------------------------------------------

    async def page(self, *, guild_id: int | None, table_id: int, step: int | None, locale: str) -> ReplayPage:
        """The viewer at `step` (None: the latest), its picture drawn or taken from memory; the
        steps beside it are drawn ahead in the background."""
        book = await self.book(guild_id=guild_id, table_id=table_id)
        shown = book.at(book.last if step is None else step)
        lang = pick_locale(locale)
        picture = await self.picture(book, shown.index, lang)
        for offset in AHEAD:
            near = shown.index + offset
            if 0 <= near <= book.last and (book.table_id, near, lang) not in self._pictures:
                self._draw(book, near, lang)
        return ReplayPage(book, shown, step_text(locale, book, shown), picture)

    async def picture(self, book: ReplayBook, index: int, lang: str) -> Picture:
        kept = self._pictures.get((book.table_id, index, lang))
        return kept if kept is not None else await self._draw(book, index, lang)

    def _draw(self, book: ReplayBook, index: int, lang: str) -> asyncio.Task[Picture]:
        """The picture of a step, drawn once on a worker thread however many ask for it at once: the
        table picture the match showed then, names, settlement and all, in the reader's language."""
        key = (book.table_id, index, lang)
        task = self._drawing.get(key)
        if task is None:
            step = book.steps[index]
            settled = next((e for e in step.events if isinstance(e, Domino | Blocked)), None)
            draw = functools.partial(
                self.manager.services.renderer.table,
                step.snapshot,
                names=book.seating.names,
                settlement=settled,
                labels=texts.picture_labels(lang),
            )
            said = texts.table_alt(lang, book.seating, step.snapshot, settled)  # in the reader's language
            task = self._drawing[key] = asyncio.create_task(self._render(key, draw, said))
        return task

    async def _render(
        self, key: tuple[int, int, str], draw: functools.partial[tuple[Picture, ...]], said: str
    ) -> Picture:
        try:
            (picture, *_) = await asyncio.to_thread(draw)
            picture = picture.described(said)
            self._pictures.put(key, picture)
            return picture
        finally:
            self._drawing.pop(key, None)

    async def animation(
        self, *, guild_id: int | None, table_id: int, round_number: int | None, locale: str
    ) -> tuple[str, Picture, ReplayBook]:
        """One round as an animated picture (None: the latest round), drawn off the event loop."""
        book = await self.book(guild_id=guild_id, table_id=table_id)
        rounds = len(book.round_starts)
        number = rounds - 1 if round_number is None else round_number
        if not 0 <= number < rounds:
            raise Refusal("replay-no-round", round=number + 1, rounds=rounds)
        steps = book.steps_of(number)
        lang = pick_locale(locale)
        key = (table_id, number, len(steps), lang)  # the frames carry the names and the reader's words
        picture = self._animations.get(key)
        if picture is None:
            snapshots = [s.snapshot for s in steps]
            settled = next((e for e in steps[-1].events if isinstance(e, Domino | Blocked)), None)
            draw = functools.partial(
                round_gif, snapshots, names=book.seating.names, labels=texts.picture_labels(lang), settlement=settled
            )
            picture = Picture(ANIMATION_PICTURE, await asyncio.to_thread(draw))
            self._animations.put(key, picture)
        said = texts.animation_alt(lang, book.seating, steps, number)
        return animated_text(locale, book, number, len(steps)), picture.described(said), book

    # -- the review ---------------------------------------------------------------

    async def review(
        self, *, guild_id: int | None, table_id: int, user_id: int, seat: int | None, locale: str
    ) -> ReviewPage:
        """The review of a seat of a finished match: the asker's own, or the seat asked about (any
        seat, computers' too)."""
        book = await self.book(guild_id=guild_id, table_id=table_id)
        if not book.finished:
            raise Refusal("review-running", id=table_id)
        players = book.seating.players
        if seat is None:
            if user_id not in book.people:
                raise Refusal("review-not-seated", id=table_id)
            seat = book.people.index(user_id)
        elif not 0 <= seat < players:
            raise Refusal("review-no-seat", seat=seat + 1, seats=players)
        figures = MatchReview(players, tuple(s.judged for s in book.steps if s.judged is not None)).of_seat(seat)
        costliest = tuple((j.step, j.round, j.move) for j in figures.costliest)
        return ReviewPage(book, seat, review_text(locale, book, figures), costliest)

    # -- choosing a match -----------------------------------------------------------

    async def choices(self, *, guild_id: int | None, locale: str) -> list[tuple[int, str]]:
        """(match number, label): this server's matches being played here (newest first), then its
        finished ones, newest first."""
        live = [x for x in hosted_tables(self.manager) if x.guild_id == guild_id and x.status is TableStatus.PLAYING]
        running = [
            (table.id, t(locale, "replay-choice-live", match=history_choice(locale, table.id, table.seating.names)))
            for table in sorted(live, key=lambda x: -x.id)
        ]
        return running + await self.manager.archive.history_choices(guild_id=guild_id, locale=locale)


def hosted_tables(manager: Manager) -> list[Table]:
    """Every table this process hosts now, as the manager's registry holds them."""
    return manager.registry.tables()


_replay_desk_by_manager: weakref.WeakKeyDictionary[Manager, ReplayDesk] = weakref.WeakKeyDictionary()


def replay_desk_of(manager: Manager) -> ReplayDesk:
    """The replay desk of this game manager (made on first use; it goes with the manager)."""
    desk = _replay_desk_by_manager.get(manager)
    if desk is None:
        desk = _replay_desk_by_manager[manager] = ReplayDesk(manager)
    return desk
