"""A tournament's sign-up buttons (Join / Leave, the count following at once) and the threads its matches are
played in. Kept apart from the commands, which read the catalogs as they are declared: this module is
imported with the bot (its button is registered at start-up) and reads no catalog until a click."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable

import aiohttp
import discord

from ... import texts
from ...host.refusal import Refusal
from ...host.tournaments.tournament_rounds import MatchOpener
from ...model.tournament import Event, Game
from ...texts.i18n import t
from ..base.client import Interaction
from ..base.game_items import GameButton
from ..base.replies import locale_of

log = logging.getLogger(__name__)

ACTIONS = ("join", "leave")
THREAD_ALREADY_MADE = 160004  # Discord's code: "A thread has already been created for this message"
UNKNOWN_MESSAGE = 10008


class EventButton(GameButton, layout="event:{event_id}:{action}", what="tournament button"):
    """Join or Leave on an event's sign-up message: the message's count follows at once."""

    def __init__(self, *, event_id: int, action: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if action == "join" else discord.ButtonStyle.secondary
        super().__init__(label=label or action.title(), style=style, event_id=event_id, action=action)
        self.event_id = event_id
        self.action = action

    async def clicked(self, interaction: Interaction) -> None:
        if self.action not in ACTIONS:
            raise Refusal("stale-button")
        desk = interaction.client.manager.tournaments
        user = interaction.user
        if self.action == "join":
            event, entrants = await desk.join(self.event_id, interaction.guild_id, user.id, user.display_name)
            note = texts.event_joined(locale_of(interaction), event)
        else:
            event, entrants = await desk.leave(self.event_id, interaction.guild_id, user.id)
            note = texts.event_left(locale_of(interaction), event)
        clock = interaction.client.manager.services.clock
        await interaction.response.edit_message(
            content=texts.event_signup(event, entrants, clock), view=signup_view(event)
        )
        await interaction.followup.send(note, ephemeral=True)


def signup_view(event: Event) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ACTIONS:
        view.add_item(EventButton(event_id=event.id, action=action, label=t(event.lang, f"button-event-{action}")))
    return view


def match_thread_opener(client: discord.Client) -> MatchOpener:
    """A match's thread: a message in the event's channel mentioning both players, and a thread on it. Asked
    again (an answer lost, a restart), it makes neither twice: the message carries its game's nonce (Discord
    keeps one message per nonce for a few minutes) and is noted before its thread is asked for, and a thread
    asked for again on that message is the one already made (a thread on a message has the message's id)."""

    async def open_thread(
        event: Event, game: Game, names: tuple[str, str], note: Callable[[int], Awaitable[None]]
    ) -> int | None:
        await client.wait_until_ready()  # a round resumed at start-up opens once the bot is connected
        channel = client.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
        name = texts.event_thread_name(event, game, names)
        try:
            if game.opening_id is not None:
                try:
                    return await _thread_on(channel.get_partial_message(game.opening_id), name)
                except discord.NotFound as e:
                    if e.code != UNKNOWN_MESSAGE:
                        raise
                    log.info("tournament %s: the opening %s was deleted; a new one", event.id, game.opening_id)
            mentions = discord.AllowedMentions(users=[discord.Object(u) for u in (game.first, game.second) if u])
            text = texts.match_opening(event, game)
            message = await channel.send(text, allowed_mentions=mentions, nonce=opening_nonce(event, game))
            await note(message.id)
            return await _thread_on(message, name)
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError) as e:
            log.warning("tournament %s: no thread for round %s's match yet (%r)", event.id, game.round, e)
            return None

    return open_thread


async def _thread_on(message: discord.Message | discord.PartialMessage, name: str) -> int:
    """The thread on `message`: made now, or the one an earlier try made (its answer lost)."""
    try:
        return (await message.create_thread(name=name)).id
    except discord.HTTPException as e:
        if e.code != THREAD_ALREADY_MADE:
            raise
        return message.id


def opening_nonce(event: Event, game: Game) -> str:
    """The nonce of a game's opening message (at most 25 characters): the same for every try at one message,
    another for a message that replaces a deleted one (`game.opening_id`)."""
    key = f"{event.id}:{game.round}:{game.first}:{game.opening_id or 0}"
    return "5upm" + hashlib.sha256(key.encode()).hexdigest()[:21]
