"""Tournaments a server runs with the bot: sign-up, rounds that pair and open themselves, results, standings.

The desk answers `/five-up tournament …` and the sign-up buttons; the rounds themselves are
`TournamentRounds`' (bot/host/tournaments/tournament_rounds.py). One task watches the clock of every event of
the process: a sign-up that closes at a set time starts its event, and a round whose deadline
passed ends its stalled matches by the event's timeout rule. A match's end reaches the desk from
the manager (`table_ended`). Everything is written before it is said, so a restart between any
two steps finds the event where it was (`restore`). No Discord import here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Sequence

from ... import texts
from ...model.pace import HOUR, OnTimeout, Pace
from ...model.standings import Standing, standings
from ...model.table_state import Table, TableStatus
from ...model.tournament import Entrant, Event, EventStatus, Format, Game
from ...storage import Storage
from ..refusal import Refusal
from ..timer import Timer
from ..watch import Watch
from .thread_pace import ThreadPace
from .tournament_rounds import TournamentRounds, deadline_of, schedule

log = logging.getLogger(__name__)

MIN_PLAYERS = 2
MAX_ROUNDS = 20


Shards = tuple[int | None, Sequence[int] | None]  # a shard count and the shards of this process (None: all)


class TournamentDesk:
    def __init__(self, storage: Storage, rounds: TournamentRounds, timer: Timer, shards: Shards = (None, None)) -> None:
        self.storage = storage
        self.shards = shards  # (shard count, this process's shards): the servers whose events are this process's
        self.rounds = rounds
        rounds.pace = ThreadPace(timer)  # a round's threads opened at Discord's pace
        self.timer = timer
        self.clock = Watch(timer, self._look, "tournament-watch")  # sign-ups closing, rounds' deadlines
        self._ended: set[asyncio.Task[None]] = set()  # results being taken, events being restored

    # -- sign-up ----------------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        name: str,
        fmt: Format,
        rounds: int,
        pace: Pace,
        on_timeout: OnTimeout,
        rated: bool,
        close_in_hours: float | None,
        lang: str,
    ) -> Event:
        if not name.strip():  # Discord lets a name of spaces through: it would be posted as "?"
            raise Refusal("event-name-blank")
        if fmt is Format.SWISS and not 1 <= rounds <= MAX_ROUNDS:
            raise Refusal("event-rounds", max=MAX_ROUNDS)
        close_at = None if close_in_hours is None else self.timer.now() + close_in_hours * HOUR
        name = texts.plain(name)[:80]
        event = Event(0, guild_id, channel_id, organiser_id, name, fmt, rounds, pace, on_timeout, rated, close_at)
        event.lang = lang
        event.id = await self.storage.create_event(event)
        self.nudge()
        return event

    async def set_message(self, event: Event, message_id: int) -> None:
        async with self.rounds.lock(event.id):
            event = await self._event(event.id, event.guild_id)
            event.message_id = message_id
            await self.storage.save_event(event)

    async def join(self, event_id: int, guild_id: int | None, user_id: int, name: str) -> tuple[Event, list[Entrant]]:
        async with self.rounds.lock(event_id):
            event = await self._event(event_id, guild_id)
            if event.status is not EventStatus.SIGNUP:
                raise Refusal("event-closed", name=event.name)
            rating = await self.storage.rating(event.guild_id, f"user:{user_id}")
            entrant = Entrant(user_id, texts.plain(name), 0.0 if rating is None else rating.mu)
            if not await self.storage.add_entrant(event_id, entrant):
                raise Refusal("event-already-in", name=event.name)
            return event, await self.storage.entrants(event_id)

    async def leave(self, event_id: int, guild_id: int | None, user_id: int) -> tuple[Event, list[Entrant]]:
        async with self.rounds.lock(event_id):
            event = await self._event(event_id, guild_id)
            if event.status is not EventStatus.SIGNUP:
                raise Refusal("event-closed", name=event.name)
            if not await self.storage.remove_entrant(event_id, user_id):
                raise Refusal("event-not-in", name=event.name)
            return event, await self.storage.entrants(event_id)

    # -- the organiser ----------------------------------------------------------------------------

    async def start(self, event_id: int, guild_id: int | None, user_id: int, can_manage: bool) -> Event:
        async with self.rounds.lock(event_id):
            event = await self._event(event_id, guild_id)
            self._check_organiser(event, user_id, can_manage)
            if event.status is EventStatus.RUNNING:
                raise Refusal("event-running", name=event.name)
            if event.status is EventStatus.OVER:
                raise Refusal("event-over", name=event.name)
            await self._begin(event, strict=True)
            return event

    async def end(self, event_id: int, guild_id: int | None, user_id: int, can_manage: bool, name: str) -> Event:
        """The organiser ends the event early: matches still going are stopped and settled by their score so
        far. Nobody is crowned: the standings as they stood are posted, if a game was played at all."""
        async with self.rounds.lock(event_id):
            event = await self._event(event_id, guild_id)
            self._check_organiser(event, user_id, can_manage)
            if event.status is EventStatus.OVER:
                raise Refusal("event-over", name=event.name)
            was_running = event.status is EventStatus.RUNNING
            event.status = EventStatus.OVER
            await self.storage.save_event(event)
            await self.rounds.edit_signup(event)
            entrants, games = await self._state(event)
            for game in games:
                if game.round == event.round and not game.decided:
                    await self.rounds.stop_game(game, loser=None)
            self.rounds.post(event, texts.event_ended(event, texts.plain(name)))
            if was_running and any(played(g) for g in games):
                await self.rounds.post_standings(event, entrants, games, early=True)
            return event

    async def withdraw(self, event_id: int, guild_id: int | None, user_id: int) -> Event:
        """A player leaves a running event: their game now is lost, and they are paired no more (a round
        robin's later games against them are won by their opponents)."""
        async with self.rounds.lock(event_id):
            event = await self._event(event_id, guild_id)
            if event.status is EventStatus.SIGNUP:
                if not await self.storage.remove_entrant(event_id, user_id):
                    raise Refusal("event-not-in", name=event.name)
                return event
            if event.status is EventStatus.OVER:
                raise Refusal("event-over", name=event.name)
            entrants, games = await self._state(event)
            me = next((e for e in entrants if e.user_id == user_id and e.withdrawn_round is None), None)
            if me is None:
                raise Refusal("event-not-in", name=event.name)
            await self.storage.withdraw_entrant(event_id, user_id, event.round + 1)
            self.rounds.post(event, texts.event_withdrew(event, me.name))
            for game in games:
                if game.round != event.round or game.decided or user_id not in (game.first, game.second):
                    continue
                if game.table_id is not None:
                    await self.rounds.stop_game(game, loser=user_id, withdrew_from=event.name)  # -> table_ended
                else:
                    winner = game.second if game.first == user_id else game.first
                    await self.storage.set_game_result(event_id, game.round, game.first, winner, 0, 0, "withdrawn")
            await self._advance(event)
            return event

    # -- reading ----------------------------------------------------------------------------------

    async def events(self, guild_id: int) -> list[Event]:
        return await self.storage.events(guild_id)

    async def standings_of(self, event_id: int, guild_id: int | None) -> tuple[Event, list[Standing]]:
        event = await self._event(event_id, guild_id)
        entrants, games = await self._state(event)
        return event, standings(entrants, games)

    async def pairings_of(self, event_id: int, guild_id: int | None) -> tuple[Event, list[Entrant], list[Game]]:
        event = await self._event(event_id, guild_id)
        entrants, games = await self._state(event)
        return event, entrants, games

    # -- matches ending ---------------------------------------------------------------------------

    def table_ended(self, table: Table) -> None:
        """A table is over or closed (the manager says so as it lets go of it): its game's result, later."""
        if table.status not in (TableStatus.OVER, TableStatus.CLOSED):
            return
        self._spawn(self._table_ended(table), f"event-result-{table.id}")

    async def _table_ended(self, table: Table) -> None:
        try:
            found = await self.storage.game_of_table(table.id)
            if found is None:
                return
            event_id, _ = found
            async with self.rounds.lock(event_id):
                event = await self.storage.event(event_id)
                found = await self.storage.game_of_table(table.id)
                if event is None or found is None or found[1].decided:
                    return
                await self.rounds.decide(event_id, found[1], table)
                if event.status is EventStatus.RUNNING:
                    await self._advance(event)
        except Exception:
            log.exception("the result of table %s not taken into its tournament; a restart reads it again", table.id)

    # -- rounds -----------------------------------------------------------------------------------

    async def _begin(self, event: Event, *, strict: bool) -> None:
        """Sign-up over: round 1 paired and opened (`strict`: too few players is a refusal, else the event ends)."""
        entrants = await self.storage.entrants(event.id)
        if len(entrants) < MIN_PLAYERS:
            if strict:
                raise Refusal("event-too-few", name=event.name, min=MIN_PLAYERS, count=len(entrants))
            event.status = EventStatus.OVER
            await self.storage.save_event(event)
            await self.rounds.edit_signup(event)
            self.rounds.post(event, texts.event_too_few(event, MIN_PLAYERS, len(entrants)))
            return
        if event.format is not Format.SWISS:
            event.rounds = len(schedule(event, entrants))
        event.status, event.round = EventStatus.RUNNING, 1
        event.round_deadline = deadline_of(event, self.timer.now(), self.rounds.live_turn)
        await self.storage.save_event(event)
        await self.rounds.edit_signup(event)
        self.rounds.post(event, texts.event_started(event, entrants), mentions=texts.started_mentions(entrants))
        self._spawn(self._next_round(event.id), f"event-round-{event.id}")  # the organiser's answer does not wait

    async def _play_round(self, event: Event) -> None:
        entrants, games = await self._state(event)
        if not any(g.round == event.round for g in games):
            games = [*games, *await self.rounds.pair(event, entrants, games)]
        threads = await self.rounds.open_matches(event, entrants, games)
        self.rounds.post(event, texts.event_round(event, entrants, games, threads, self.rounds.clock))
        self.nudge()
        await self._advance(event)

    async def _advance(self, event: Event) -> None:
        """Every game of the round decided: the standings, then the next round or the end."""
        entrants, games = await self._state(event)
        current = [g for g in games if g.round == event.round]
        if event.status is not EventStatus.RUNNING or not current or not all(g.decided for g in current):
            return
        if event.round >= event.rounds:
            event.status = EventStatus.OVER
            await self.storage.save_event(event)
            await self.rounds.post_final(event, entrants, games)
            return
        await self.rounds.post_standings(event, entrants, games)
        event.round += 1
        event.round_deadline = deadline_of(event, self.timer.now(), self.rounds.live_turn)
        await self.storage.save_event(event)
        self._spawn(self._next_round(event.id), f"event-round-{event.id}")

    async def _next_round(self, event_id: int) -> None:
        """The current round paired and opened, in a task of its own: opening a big round takes minutes at
        Discord's pace (bot/host/tournaments/thread_pace.py), and whoever moved the event on is not kept waiting."""
        try:
            async with self.rounds.lock(event_id):
                event = await self.storage.event(event_id)
                if event is not None and event.status is EventStatus.RUNNING:
                    await self._play_round(event)
        except Exception:
            log.exception("tournament %s: the round not opened; the next start opens it", event_id)

    # -- the clock ------------------------------------------------------------------------------

    def nudge(self) -> None:
        self.clock.nudge()

    async def restore(self) -> None:
        """After a start: every running event picks up where it was, each in a task of its own (a round
        still to open waits for the connection: the start goes on meanwhile); then the watch begins."""
        for event in await self.storage.events_due(*self.shards):
            if event.status is EventStatus.RUNNING:
                self._spawn(self._resume(event), f"event-resume-{event.id}")
        self.clock.start()

    async def _resume(self, event: Event) -> None:
        try:
            async with self.rounds.lock(event.id):
                await self.rounds.reconcile(event, await self.storage.games(event.id))
                current = [g for g in await self.storage.games(event.id) if g.round == event.round]
                if not current or any(g.table_id is None and not g.decided for g in current):
                    await self._play_round(event)  # a round not paired yet, or stopped mid-opening
                else:
                    await self._advance(event)
        except Exception:
            log.exception("tournament %s not restored; the next start tries again", event.id)

    def _spawn(self, work: Coroutine[object, object, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._ended.add(task)
        task.add_done_callback(self._ended.discard)

    async def _look(self) -> float:
        """Act on every sign-up that closed and every round deadline that passed; when to look next."""
        now = self.timer.now()
        target = now + self.clock.longest_wait
        for event in await self.storage.events_due(*self.shards):
            moment = event.close_at if event.status is EventStatus.SIGNUP else event.round_deadline
            if moment is None:
                continue
            if moment > now:
                target = min(target, moment)
                continue
            async with self.rounds.lock(event.id):
                fresh = await self.storage.event(event.id)
                if fresh is None or fresh.status is not event.status:
                    continue
                if fresh.status is EventStatus.SIGNUP:
                    await self._begin(fresh, strict=False)
                else:
                    await self.rounds.end_stalled(fresh)
        return target

    async def close(self) -> None:
        if self.rounds.pace is not None:
            self.rounds.pace.close()  # a round still opening stops; the next start opens the rest
        await self.clock.close()
        for pending in list(self._ended):
            pending.cancel()

    # -- helpers ----------------------------------------------------------------------------------

    async def _event(self, event_id: int, guild_id: int | None) -> Event:
        event = await self.storage.event(event_id)
        if event is None or event.guild_id != guild_id:
            raise Refusal("event-gone")
        return event

    async def _state(self, event: Event) -> tuple[list[Entrant], list[Game]]:
        return await self.storage.entrants(event.id), await self.storage.games(event.id)

    @staticmethod
    def _check_organiser(event: Event, user_id: int, can_manage: bool) -> None:
        if user_id != event.organiser_id and not can_manage:
            raise Refusal("event-not-organiser")


def played(game: Game) -> bool:
    """A game two players had a result in: played out, lost on time, or settled by its score when stopped."""
    if game.second is None:
        return False
    return game.how in ("played", "forfeit") or (game.how == "ended" and game.winner is not None)
