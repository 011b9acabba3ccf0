"""`/five-up turns` and `/five-up settings`: what a person asks about themselves across tables.

Both answer privately. `turns` lists every table of the server waiting for the asker (sleeping
correspondence matches are read to list them, so it defers first); `settings` stores whichever
of its options were given: mentions on the turn message, away days, reminders by direct message.
"""

from __future__ import annotations

import discord
from discord import app_commands

from ... import texts
from ...host.refusal import Refusal
from ...model.pace import MAX_AWAY_DAYS
from ..base.client import Interaction
from ..base.command_words import described
from ..base.replies import locale_of

ON_OFF = ("on", "off")
PING_CHOICES = [app_commands.Choice(name=described(f"choice-ping-{x}"), value=x) for x in ON_OFF]
DM_CHOICES = [app_commands.Choice(name=described(f"choice-ping-{x}"), value=x) for x in ON_OFF]


@app_commands.command(name="turns", description=described("cmd-turns"))
async def turns(interaction: Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    manager = interaction.client.manager
    waiting = await manager.players.turns(interaction.guild_id, interaction.user.id)
    text = texts.my_turns(locale_of(interaction), interaction.user.id, waiting)
    await interaction.followup.send(texts.clip(text), ephemeral=True, suppress_embeds=True)


@app_commands.command(name="settings", description=described("cmd-settings"))
@app_commands.describe(
    ping=described("cmd-settings-ping"), away=described("cmd-settings-away"), dm=described("cmd-settings-dm")
)
@app_commands.choices(ping=PING_CHOICES, dm=DM_CHOICES)
async def settings(
    interaction: Interaction,
    ping: str | None = None,
    away: app_commands.Range[int, 0, MAX_AWAY_DAYS] | None = None,
    dm: str | None = None,
) -> None:
    if ping is None and away is None and dm is None:
        raise Refusal("settings-nothing")
    await interaction.response.defer(ephemeral=True, thinking=True)
    manager = interaction.client.manager
    locale = locale_of(interaction)
    user_id = interaction.user.id
    lines = []
    if ping is not None:
        await manager.set_ping(user_id=user_id, on=ping == "on")
        lines.append(texts.ping_set(locale, ping == "on"))
    if dm is not None:
        await manager.players.set_dm(user_id, dm == "on")
        lines.append(texts.dm_set(locale, dm == "on"))
    if away is not None:
        until, stopped = await manager.players.set_away(user_id, away)
        shown = None if until is None else texts.discord_date(until)
        lines.append(texts.away_set(locale, shown, stopped))
    await interaction.followup.send("\n".join(lines), ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


def player_commands() -> list[app_commands.Command[app_commands.Group, ..., None]]:
    return [turns, settings]
