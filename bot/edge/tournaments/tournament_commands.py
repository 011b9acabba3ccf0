"""`/five-up tournament …`, the sign-up buttons, and the threads a tournament's matches are played in.

Creating, starting and ending an event is for its organiser (creating: members with Manage Server;
starting and ending: the organiser or Manage Server, checked again by the host). The sign-up
message carries Join / Leave and a live count; every answer about an event names it. The host
opens each round's matches itself and asks `match_thread_opener` for a thread to play each in.
"""

from __future__ import annotations

import logging

from discord import app_commands

from ... import texts
from ...host.refusal import Refusal
from ...model.pace import OnTimeout, Pace
from ...model.tournament import Format
from ..base.client import Interaction
from ..base.command_words import PACE_CHOICES, TIMEOUT_CHOICES, described, table_language
from ..base.replies import files, locale_of
from .event_buttons import signup_view

log = logging.getLogger(__name__)

FORMAT_CHOICES = [app_commands.Choice(name=described(f"choice-format-{f.value}"), value=f.value) for f in Format]


class TournamentCommands(app_commands.Group):
    """`/five-up tournament create | start | standings | pairings | withdraw | end`."""

    def __init__(self) -> None:
        super().__init__(name="tournament", description=described("cmd-tournament"), guild_only=True)

    @app_commands.command(name="create", description=described("cmd-tournament-create"))
    @app_commands.describe(
        name=described("cmd-tournament-name"),
        format=described("cmd-tournament-format"),
        rounds=described("cmd-tournament-rounds"),
        pace=described("cmd-tournament-pace"),
        timeout=described("cmd-tournament-timeout"),
        rated=described("cmd-tournament-rated"),
        close=described("cmd-tournament-close"),
    )
    @app_commands.choices(format=FORMAT_CHOICES, pace=PACE_CHOICES, timeout=TIMEOUT_CHOICES)
    async def create(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 80],
        format: str = Format.SWISS.value,
        rounds: app_commands.Range[int, 1, 20] = 4,
        pace: str | None = None,
        timeout: str = OnTimeout.COMPUTER.value,
        rated: bool | None = None,
        close: app_commands.Range[int, 1, 720] | None = None,
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal("guild-only")
        if not interaction.permissions.manage_guild:
            raise Refusal("event-create-not-allowed")
        manager = interaction.client.manager
        settings = await manager.servers.settings(interaction.guild_id)
        event = await manager.tournaments.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            organiser_id=interaction.user.id,
            name=name,
            fmt=Format(format),
            rounds=rounds,
            pace=settings.pace if pace is None else Pace(pace),
            on_timeout=OnTimeout(timeout),
            rated=settings.rated if rated is None else rated,
            close_in_hours=close,
            lang=settings.lang or table_language(interaction.guild_locale, interaction.locale),
        )
        text = texts.event_signup(event, [], manager.services.clock)
        await interaction.response.send_message(text, view=signup_view(event))
        message = await interaction.original_response()
        await manager.tournaments.set_message(event, message.id)

    @app_commands.command(name="start", description=described("cmd-tournament-start"))
    @app_commands.describe(event=described("cmd-tournament-event"))
    async def start(self, interaction: Interaction, event: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # a round is paired and opened
        desk = interaction.client.manager.tournaments
        can_manage = interaction.permissions.manage_guild
        started = await desk.start(event, interaction.guild_id, interaction.user.id, can_manage)
        await interaction.followup.send(texts.event_started_note(locale_of(interaction), started), ephemeral=True)

    @app_commands.command(name="standings", description=described("cmd-tournament-standings"))
    @app_commands.describe(event=described("cmd-tournament-event"))
    async def standings(self, interaction: Interaction, event: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # a picture to draw
        manager = interaction.client.manager
        found, table = await manager.tournaments.standings_of(event, interaction.guild_id)
        if found.round == 0:  # nothing paired yet (or it ended before it began): as `pairings` answers
            raise Refusal("event-over" if found.status.value == "over" else "event-not-begun", name=found.name)
        final = found.status.value == "over"
        early = final and found.round < found.rounds  # ended by its organiser before its last round
        lang = locale_of(interaction)
        text = texts.event_standings(found, table, final=final, lang=lang, early=early)
        rounds = manager.tournaments.rounds
        picture = await rounds.standings_picture(found, table, final=final, lang=lang, early=early)
        await interaction.followup.send(texts.clip(text), files=files([picture]), ephemeral=True)

    @app_commands.command(name="pairings", description=described("cmd-tournament-pairings"))
    @app_commands.describe(event=described("cmd-tournament-event"))
    async def pairings(self, interaction: Interaction, event: int) -> None:
        found, entrants, games = await interaction.client.manager.tournaments.pairings_of(event, interaction.guild_id)
        text = texts.event_pairings(found, entrants, games, locale_of(interaction))
        await interaction.response.send_message(texts.clip(text), ephemeral=True)

    @app_commands.command(name="withdraw", description=described("cmd-tournament-withdraw"))
    @app_commands.describe(event=described("cmd-tournament-event"))
    async def withdraw(self, interaction: Interaction, event: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await interaction.client.manager.tournaments.withdraw(event, interaction.guild_id, interaction.user.id)
        await interaction.followup.send(texts.event_left(locale_of(interaction), found), ephemeral=True)

    @app_commands.command(name="end", description=described("cmd-tournament-end"))
    @app_commands.describe(event=described("cmd-tournament-event"))
    async def end(self, interaction: Interaction, event: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        desk = interaction.client.manager.tournaments
        ended = await desk.end(
            event, interaction.guild_id, user.id, interaction.permissions.manage_guild, user.display_name
        )
        await interaction.followup.send(texts.event_ended(ended, user.display_name), ephemeral=True)

    @start.autocomplete("event")
    @standings.autocomplete("event")
    @pairings.autocomplete("event")
    @withdraw.autocomplete("event")
    @end.autocomplete("event")
    async def event_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[int]]:
        if interaction.guild_id is None:
            return []
        events = await interaction.client.manager.tournaments.events(interaction.guild_id)
        words = current.casefold()
        found = [e for e in events if words in e.name.casefold() or words == str(e.id)]
        return [app_commands.Choice(name=f"#{e.id} {e.name}"[:100], value=e.id) for e in found[:25]]
