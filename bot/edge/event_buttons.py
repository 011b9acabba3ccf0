"""A tournament's sign-up buttons (Join / Leave, the count following at once) and the threads its matches are
played in. Kept apart from the commands, which read the catalogs as they are declared: this module is
imported with the bot (its button is registered at start-up) and reads no catalog until a click."""

from __future__ import annotations

import logging

import discord

from .. import texts
from ..host.refusal import Refusal
from ..host.tournament_rounds import MatchOpener
from ..model.tournament import Event, Game
from ..texts.i18n import t
from .client import Interaction
from .game_items import GameButton
from .replies import locale_of

log = logging.getLogger(__name__)

ACTIONS = ("join", "leave")


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
    """A match's thread: a message in the event's channel mentioning both players, and a thread on it."""

    async def open_thread(event: Event, game: Game, names: tuple[str, str]) -> int | None:
        await client.wait_until_ready()  # a round resumed at start-up opens once the bot is connected
        channel = client.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
        mentions = discord.AllowedMentions(users=[discord.Object(u) for u in (game.first, game.second) if u])
        try:
            message = await channel.send(texts.match_opening(event, game), allowed_mentions=mentions)
            thread = await message.create_thread(name=texts.event_thread_name(event, game, names))
        except discord.HTTPException as e:
            log.warning("tournament %s: no thread for round %s's match (%s)", event.id, game.round, e)
            return None
        return thread.id

    return open_thread
