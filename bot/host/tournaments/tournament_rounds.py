"""A tournament's rounds: pairing one, opening its matches, taking each result, and moving on.

A round is written before any of it is shown: its games go to the database first (a bye decided at
once), then each match is opened in a thread of the event's channel (the edge's `MatchOpener`
makes the thread), paced by `ThreadPace` (bot/host/tournaments/thread_pace.py): the message the thread hangs
from noted on the game as soon as Discord returns it, then the thread, then its table opened and
noted too. A restart (or an answer Discord made but the bot never got) between any two of those
steps finds the games without a table and opens those only, each on the message and in the thread it
has if they were noted (taking over a table already opened there), and a match that ended while the
bot was down is read from its finished row (`reconcile`).
When every game of the round is decided, the standings are posted and the next round paired, or the
event ends with its winner announced.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from ... import texts
from ...model.pace import OnTimeout
from ...model.posts import Picture, Post, PostKind
from ...model.standings import Standing, standings
from ...model.table_state import Seat, Table, TableStatus
from ...model.tournament import Entrant, Event, EventStatus, Format, Game, ahead
from ...storage import Storage
from ..pictures import Renderer
from ..refusal import Refusal
from ..tables.correspondence_turns import CorrespondenceTurns
from ..tables.live_table import LiveTable
from ..tables.row_conversion import finished_table
from ..tables.table_opener import TableOpener
from .pairings import round_robin, swiss_round
from .thread_pace import ThreadPace

log = logging.getLogger(__name__)

ROUND_MOVES = 150  # a round's deadline: this many moves at the event's pace (a whole match is ~75-140 a player)


class MatchOpener(Protocol):
    async def __call__(
        self, event: Event, game: Game, names: tuple[str, str], note: Callable[[int], Awaitable[None]]
    ) -> int | None:
        """The thread of this game's match in the event's channel, on a message mentioning both players:
        `game.opening_id` if one was noted (its thread found if already made), else a new message, given to
        `note` before its thread is asked for; None if none can be made now (tried again at the next opening)."""
        ...


def deadline_of(event: Event, now: float, live_turn: float) -> float:
    """When a round begun `now` must be over: `ROUND_MOVES` turns at the event's pace."""
    seconds = event.pace.seconds
    turn = seconds if event.pace.is_correspondence and seconds is not None else live_turn
    return now + turn * ROUND_MOVES


def schedule(event: Event, entrants: Sequence[Entrant]) -> list[list[tuple[int, int | None]]]:
    """A round robin's every round (Berger tables), in entrants' join order."""
    return round_robin(list(entrants), event.format is Format.DOUBLE_ROUND_ROBIN)


class TournamentRounds:
    """The rounds of every event of a process: one lock per event, so a round is paired and opened once."""

    def __init__(
        self,
        storage: Storage,
        publish: Callable[[Post], None],
        renderer: Renderer,
        tables: TableOpener,
        start_match: Callable[[int, int, str], Awaitable[object]],
        live_of: Callable[[int], Awaitable[LiveTable | None]],
        now: Callable[[], float],
        live_turn: float,
        seeds: Callable[[], str],
        clock: Callable[[float], str],
    ) -> None:
        self.storage = storage
        self.publish = publish
        self.renderer = renderer
        self.tables = tables
        self.start_match = start_match  # (table id, host user id, locale): the match dealt and its first turn posted
        self.live_of = live_of  # the live table of an id (read if it sleeps), None when it is over
        self.now = now
        self.live_turn = live_turn
        self.seeds = seeds
        self.clock = clock  # a moment as players read it (a Discord timestamp)
        self.opener: MatchOpener | None = None  # the edge sets it; without one no match can open
        self.pace: ThreadPace | None = None  # the desk sets it (its timer): threads opened at Discord's pace
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, event_id: int) -> asyncio.Lock:
        return self._locks.setdefault(event_id, asyncio.Lock())

    # -- a new round ----------------------------------------------------------------------------

    async def pair(self, event: Event, entrants: Sequence[Entrant], games: Sequence[Game]) -> list[Game]:
        """The games of `event.round`, written (byes and games against a withdrawn player decided)."""
        round_no = event.round
        if event.format is Format.SWISS:  # the library's Dutch pairing takes seconds for a big field: off the loop
            pairs = await asyncio.to_thread(
                swiss_round, list(entrants), list(games), round_no, total_rounds=event.rounds
            )
        else:
            pairs = schedule(event, entrants)[round_no - 1]
        gone = {e.user_id for e in entrants if e.withdrawn_round is not None and e.withdrawn_round <= round_no}
        new: list[Game] = []
        for first, second in pairs:
            game = Game(round_no, first, second)
            if second is None:
                game.winner, game.how = first, "bye"
            elif first in gone or second in gone:
                if first in gone and second in gone:
                    game.how = "ended"
                else:
                    game.winner, game.how = (second if first in gone else first), "withdrawn"
            new.append(game)
        await self.storage.add_games(event.id, new)
        return new

    async def open_matches(self, event: Event, entrants: Sequence[Entrant], games: Sequence[Game]) -> dict[int, int]:
        """A match for every undecided game of the current round that has none yet (again after a restart),
        each in one thread: made now on the game's noted opening message (or a new one, noted first) and
        noted on the game before its table opens, or, for a game noted with a thread and no table, that
        thread, where a table already opened for the game is taken over rather than a second one opened;
        the thread of each game opened now."""
        names = {e.user_id: e.name for e in entrants}
        threads: dict[int, int] = {}
        for game in games:
            if game.round != event.round or game.decided or game.table_id is not None or game.second is None:
                continue
            if self.opener is None:
                log.warning("event %s: no match opener; round %s waits", event.id, event.round)
                break
            pair = (names.get(game.first, "?"), names.get(game.second, "?"))
            table_id: int | None = None
            if game.thread_id is None:
                thread_id = await self._thread(event, game, pair, self.opener)
                if thread_id is None:
                    log.warning("event %s: no thread for %s – %s; opened again at the next look", event.id, *pair)
                    continue
                game.thread_id = thread_id
            else:
                try:
                    table_id = await self._adopt(event, game)
                except Refusal as refusal:
                    log.warning("event %s: the match of %s – %s not started (%s)", event.id, *pair, refusal.code)
                    continue
            adopted = table_id is not None
            if table_id is None:
                table_id = await self._open_table(event, game, pair, game.thread_id)
            if table_id is not None:
                game.table_id = table_id
                threads[game.first] = game.thread_id
                await self.storage.set_game_table(event.id, game.round, game.first, table_id)
                if adopted:
                    await self.reconcile(event, [game])  # a match that ended before it was noted: its result
        return threads

    async def _thread(self, event: Event, game: Game, pair: tuple[str, str], opener: MatchOpener) -> int | None:
        """The game's thread, made and noted (None: not now). Its message is noted before the thread is asked
        for, so an answer lost or a stop between the steps leaves nothing the next try makes a second time."""

        async def note(message_id: int) -> None:
            game.opening_id = message_id
            await self.storage.set_game_opening(event.id, game.round, game.first, message_id)

        if self.pace is not None:
            await self.pace.turn(event.channel_id)
        thread_id = await opener(event, game, pair, note)
        if thread_id is not None:
            await self.storage.set_game_thread(event.id, game.round, game.first, thread_id)
        return thread_id

    async def _adopt(self, event: Event, game: Game) -> int | None:
        """The table already opened for `game` in its noted thread (a restart after a crash before the table
        was noted on the game), started if it is still a lobby; None when there is none, and one opens."""
        assert game.thread_id is not None
        players = [game.first, game.second]
        for table_id in await self.storage.tables_opened_in(game.thread_id, game.first):
            live = await self.live_of(table_id)
            if live is not None and [s.user_id for s in live.table.seats] == players:
                if live.table.status is TableStatus.LOBBY:
                    await self.start_match(table_id, game.first, event.lang)
                return table_id
            finished = await self.storage.finished_match(table_id)
            if finished is not None and [s.user_id for s in finished.seats] == players:
                return table_id
        return None

    async def _open_table(self, event: Event, game: Game, names: tuple[str, str], thread_id: int) -> int | None:
        assert game.second is not None
        seats = [Seat(game.first, texts.plain(names[0])), Seat(game.second, texts.plain(names[1]))]
        table = Table(
            0, event.guild_id, thread_id, game.first, event.lang, "normal", self.seeds(), TableStatus.LOBBY, seats
        )
        table.use_thread, table.pace, table.on_timeout, table.rated = False, event.pace, event.on_timeout, event.rated
        try:
            live = await self.tables.open(table, game.first, capped=False)
            await self.start_match(live.table.id, game.first, event.lang)
        except Refusal as refusal:
            log.warning("event %s: the match of %s – %s not opened (%s)", event.id, *names, refusal.code)
            return None
        return table.id

    # -- results ------------------------------------------------------------------------------

    async def decide(self, event_id: int, game: Game, table: Table) -> None:
        """A match of `game` ended (its table over or closed): its result, written."""
        match = table.match
        scores = (0, 0) if match is None else tuple(texts.shown(s) for s in match.scores[:2])
        winner_side = table.winning_side if table.status is TableStatus.OVER else None
        winner: int | None
        if winner_side is not None:
            winner = table.seats[winner_side].user_id
            how = "played" if table.forfeit_seat is None else await self._forfeit_how(event_id, table)
        else:  # stopped (the organiser, a deadline, /five-up end): the score so far decides, a tie nobody
            side = ahead(scores)
            winner, how = (None if side is None else table.seats[side].user_id), "ended"
        await self.storage.set_game_result(event_id, game.round, game.first, winner, scores[0], scores[1], how)
        game.winner, game.first_points, game.second_points, game.how = winner, scores[0], scores[1], how

    async def _forfeit_how(self, event_id: int, table: Table) -> str:
        """A match lost by a forfeit: "withdrawn" when the loser withdrew from the event, else "forfeit" (time)."""
        assert table.forfeit_seat is not None
        loser = table.seats[table.forfeit_seat].user_id
        gone = any(e.user_id == loser and e.withdrawn_round is not None for e in await self.storage.entrants(event_id))
        return "withdrawn" if gone else "forfeit"

    async def reconcile(self, event: Event, games: Sequence[Game]) -> None:
        """Games of the current round whose match ended while nobody listened (a restart): decided now."""
        for game in games:
            if game.round != event.round or game.decided or game.table_id is None:
                continue
            row = await self.storage.finished_match(game.table_id)
            if row is not None:
                live = await self.live_of(game.table_id)
                if live is None:
                    table = await self._finished_table(game.table_id)
                    if table is not None:
                        await self.decide(event.id, game, table)
            elif (await self.storage.open_table(game.table_id)) is None:
                await self.storage.set_game_result(event.id, game.round, game.first, None, 0, 0, "ended")
                game.how = "ended"

    async def _finished_table(self, table_id: int) -> Table | None:
        row = await self.storage.finished_match(table_id)
        return None if row is None else finished_table(row)

    # -- ending matches early ---------------------------------------------------------------------

    async def stop_game(self, game: Game, *, loser: int | None, withdrew_from: str | None = None) -> None:
        """The match of `game` ends now: `loser`'s side loses it (a deadline at a forfeit event, or, with
        `withdrew_from` (the event's name), their withdrawal from it), or (None) it is closed and settled by
        the score so far (the organiser, a deadline)."""
        if game.table_id is None:
            return
        live = await self.live_of(game.table_id)
        if live is None or live.table.status is not TableStatus.PLAYING:
            return
        seat = None if loser is None else live.table.seat_of(loser)
        if seat is not None:
            await CorrespondenceTurns(live).forfeit(seat, withdrew_from=withdrew_from)
        else:
            async with live.lock:
                await live.close("ended for the tournament")

    async def end_stalled(self, event: Event) -> None:
        """A round's deadline passed: its matches still going end by the event's timeout rule (the player
        to move loses at a forfeit event; otherwise the score so far decides)."""
        games = await self.storage.games(event.id)
        event.round_deadline = None
        await self.storage.save_event(event)
        for game in games:
            if game.round != event.round or game.decided:
                continue
            loser = await self.to_move(game) if event.on_timeout is OnTimeout.FORFEIT else None
            await self.stop_game(game, loser=loser)

    async def to_move(self, game: Game) -> int | None:
        """Who is to move in the match of `game` now (None: nobody, or no match)."""
        if game.table_id is None:
            return None
        live = await self.live_of(game.table_id)
        match = None if live is None else live.table.match
        if live is None or match is None or match.turn is None:
            return None
        return live.table.seats[match.turn].user_id

    # -- what is said ---------------------------------------------------------------------------

    async def edit_signup(self, event: Event) -> None:
        """The sign-up message once sign-ups are over: its buttons gone, who is in and the event's state said."""
        if event.message_id is None:
            return
        text = texts.event_signup(event, await self.storage.entrants(event.id), self.clock)
        self.publish(Post(0, event.channel_id, PostKind.EVENT, text, lang=event.lang, edit_message_id=event.message_id))

    def post(self, event: Event, text: str, pictures: tuple[Picture, ...] = (), mentions: tuple[int, ...] = ()) -> None:
        self.publish(
            Post(0, event.channel_id, PostKind.EVENT, texts.clip(text), pictures, mentions=mentions, lang=event.lang)
        )

    async def post_standings(
        self, event: Event, entrants: Sequence[Entrant], games: Sequence[Game], *, early: bool = False
    ) -> list[Standing]:
        """The standings posted: after a round, final, or (`early`) as they stood when the organiser ended it."""
        table = standings(entrants, games)
        final = event.status is EventStatus.OVER
        self.post(
            event,
            texts.event_standings(event, table, final=final, early=early),
            (await self.standings_picture(event, table, final=final, early=early),),
        )
        return table

    async def post_final(self, event: Event, entrants: Sequence[Entrant], games: Sequence[Game]) -> None:
        """The final standings, then the winner (or winners, sharing the first rank) announced."""
        table = await self.post_standings(event, entrants, games)
        winners = [s for s in table if s.rank == 1]
        if winners:
            self.post(event, texts.event_over(event, winners), mentions=tuple(s.user_id for s in winners))

    async def standings_picture(
        self, event: Event, table: Sequence[Standing], *, final: bool, lang: str | None = None, early: bool = False
    ) -> Picture:
        """The standings drawn, in the event's language or a reader's (`lang`), described for screen readers."""
        words = texts.standings_words(event, table, final=final, lang=lang, early=early)
        crowned = final and not early  # the winner's row highlighted only at a true end
        picture = await asyncio.to_thread(lambda: self.renderer.standings(words, table, final=crowned))
        shown = texts.event_standings(event, table, final=final, lang=lang, early=early).replace("**", "")
        said = "\n".join(line.removeprefix("-# ") for line in shown.splitlines())  # read aloud: no Markdown
        return picture.described(texts.clip(said, 1024))
